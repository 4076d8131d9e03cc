// Dates, times and numbers in the chosen language's format: the one place both the phone and
// the console turn a stored value (an ISO timestamp, a calendar day, an integer) into text.
// Every function takes the language last (default: the one chosen with setLanguage), so a
// test can ask for each language without touching the page.

import { language } from "./i18n.js";

// The region each language is formatted for (English as in Britain: 24-hour clock, day first).
const LOCALES = { nl: "nl-NL", de: "de-DE", en: "en-GB" };

export function locale(lang = language()) {
  return LOCALES[lang] || LOCALES.en;
}

function moment(value) {
  const when = value instanceof Date ? value : new Date(value);
  return Number.isNaN(when.getTime()) ? null : when;
}

// "2026-05-12" (a calendar day, no time zone) → "12 mei 2026" / "12. Mai 2026" / "12 May 2026";
// with weekday: "di 12 mei 2026"; numeric (a table's column): "12-05-2026" / "12.05.2026" /
// "12/05/2026". A full timestamp gives its local day.
export function formatDay(value, lang = language(), { weekday = false, numeric = false } = {}) {
  if (value === null || value === undefined || value === "") return "–";
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
  const when = plain ? new Date(Date.UTC(+plain[1], +plain[2] - 1, +plain[3])) : moment(value);
  if (!when) return String(value);
  const parts = numeric ? { day: "2-digit", month: "2-digit", year: "numeric" }
    : { weekday: weekday ? "short" : undefined, day: "numeric", month: "long", year: "numeric" };
  return new Intl.DateTimeFormat(locale(lang), { ...parts, timeZone: plain ? "UTC" : undefined }).format(when);
}

// A timestamp's local time: "21:04" (seconds: "21:04:05").
export function formatTime(value, lang = language(), { seconds = false } = {}) {
  if (value === null || value === undefined || value === "") return "–";
  const when = moment(value);
  if (!when) return String(value);
  return new Intl.DateTimeFormat(locale(lang), {
    hour: "2-digit", minute: "2-digit", second: seconds ? "2-digit" : undefined, hourCycle: "h23",
  }).format(when);
}

// A timestamp's local date and time: "12-05-2026 21:04" / "12.05.2026, 21:04" / "12/05/2026, 21:04".
export function formatDateTime(value, lang = language(), { seconds = false } = {}) {
  if (value === null || value === undefined || value === "") return "–";
  const when = moment(value);
  if (!when) return String(value);
  return new Intl.DateTimeFormat(locale(lang), {
    day: "2-digit", month: "2-digit", year: "numeric",
    hour: "2-digit", minute: "2-digit", second: seconds ? "2-digit" : undefined, hourCycle: "h23",
  }).format(when);
}

// The time today, else the date and the time: what a clock on a busy evening shows.
export function formatWhen(value, lang = language(), now = new Date()) {
  const when = moment(value);
  if (!when) return value ? String(value) : "–";
  return when.toDateString() === now.toDateString() ? formatTime(when, lang) : formatDateTime(when, lang);
}

// An integer or a decimal in the language's digits: 1234.5 → "1.234,5" / "1.234,5" / "1,234.5";
// `decimals` fixes the number of places.
export function formatNumber(value, lang = language(), { decimals = null } = {}) {
  if (value === null || value === undefined || value === "") return "–";
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const places = decimals === null ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(locale(lang), places).format(number);
}
