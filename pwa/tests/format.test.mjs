// The one formatting helper: dates, times and numbers in each language's own format.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDateTime, formatDay, formatNumber, formatTime, formatWhen, locale } from "../js/format.js";
import { setLanguage } from "../js/i18n.js";

process.env.TZ = "UTC"; // the tests read local times; fix the zone before any Date is formatted
const STAMP = "2026-05-12T21:04:05Z";

test("each language has its region; an unknown one is formatted as English", () => {
  assert.equal(locale("nl"), "nl-NL");
  assert.equal(locale("de"), "de-DE");
  assert.equal(locale("en"), "en-GB");
  assert.equal(locale("fr"), "en-GB");
});

test("a calendar day in each language's words, without a time-zone shift", () => {
  assert.equal(formatDay("2026-05-12", "nl"), "12 mei 2026");
  assert.equal(formatDay("2026-05-12", "de"), "12. Mai 2026");
  assert.equal(formatDay("2026-05-12", "en"), "12 May 2026");
  assert.match(formatDay("2026-05-12", "de", { weekday: true }), /^Di\.?, 12\. Mai 2026$/);
  assert.equal(formatDay("2026-05-12", "nl", { numeric: true }), "12-05-2026");
  assert.equal(formatDay("2026-05-12", "de", { numeric: true }), "12.05.2026");
  assert.equal(formatDay("2026-05-12", "en", { numeric: true }), "12/05/2026");
  assert.equal(formatDay("", "nl"), "–");
  assert.equal(formatDay("someday", "nl"), "someday");
});

test("a time on the 24-hour clock in every language", () => {
  for (const lang of ["nl", "de", "en"]) {
    assert.equal(formatTime(STAMP, lang), "21:04");
    assert.equal(formatTime(STAMP, lang, { seconds: true }), "21:04:05");
  }
  assert.equal(formatTime(null, "en"), "–");
});

test("a date and time: day first, with the language's separators", () => {
  assert.equal(formatDateTime(STAMP, "nl"), "12-05-2026, 21:04");
  assert.equal(formatDateTime(STAMP, "de"), "12.05.2026, 21:04");
  assert.equal(formatDateTime(STAMP, "en"), "12/05/2026, 21:04");
  assert.ok(!formatDateTime(STAMP, "de").includes("T"), "never the raw ISO stamp");
});

test("a clock shows only the time today, the date too on another day", () => {
  const now = new Date("2026-05-12T23:00:00Z");
  assert.equal(formatWhen(STAMP, "de", now), "21:04");
  assert.equal(formatWhen("2026-05-11T08:30:00Z", "de", now), "11.05.2026, 08:30");
});

test("numbers with the language's decimal comma or point and grouping", () => {
  assert.equal(formatNumber(1234.5, "nl", { decimals: 2 }), "1.234,50");
  assert.equal(formatNumber(1234.5, "de", { decimals: 2 }), "1.234,50");
  assert.equal(formatNumber(1234.5, "en", { decimals: 2 }), "1,234.50");
  assert.equal(formatNumber(-12, "de"), "-12");
  assert.equal(formatNumber(null, "nl"), "–");
});

test("without a language the chosen one is used", () => {
  setLanguage("nl");
  assert.equal(formatNumber(66.67, undefined, { decimals: 2 }), "66,67");
  setLanguage("en");
  assert.equal(formatNumber(66.67, undefined, { decimals: 2 }), "66.67");
});
