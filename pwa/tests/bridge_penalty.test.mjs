// The bridge revoke form starts from the recorded board, with suit symbols (#16 item 16).
import { test } from "node:test";
import assert from "node:assert/strict";
import { optionLabel, recordedBoard, replacesNote, startValues } from "../js/views/bridge_penalty.js";
import { setLanguage } from "../js/i18n.js";

const list = {
  list_id: "L", game: "bridge",
  sheet: { rows: [
    { deal_no: 1, kind: "deal", voided: null, record: { board: 4, contract: { level: 4, strain: "S" }, declarer: "N", tricks: 10 } },
    { deal_no: 2, kind: "deal", voided: "x", record: { board: 5, contract: null } },
  ] },
};

test("the form starts from the last board on the list, as recorded", () => {
  const row = recordedBoard(list);
  assert.equal(row.deal_no, 1);
  assert.deepEqual(startValues(row), { board: 4, level: 4, strain: "S", dbl: 0, declarer: "N", tricks: 10 });
  const pending = [{ id: 3, list: "L", name: "record_deal", args: { deal_no: 3, record: { board: 6, contract: { level: 3, strain: "NT", dbl: 1 }, declarer: "E", tricks: 8 } } }];
  assert.equal(recordedBoard(list, pending).record.board, 6); // the one waiting in the outbox
  assert.equal(recordedBoard(list, pending, 4).deal_no, 1);
  assert.equal(recordedBoard(list, pending, 5), null); // voided: nothing to start from
  const voiding = [{ id: 4, list: "L", name: "void_deal", args: { deal_no: 1, reason: "x" } }];
  assert.equal(recordedBoard(list, voiding), null);
  assert.deepEqual(startValues(null), {});
});

test("suits as symbols, doubling as × and ××, and the board named", () => {
  setLanguage("en");
  assert.deepEqual(["C", "D", "H", "S", "NT"].map((s) => optionLabel("strain", s)), ["♣", "♦", "♥", "♠", "NT"]);
  assert.deepEqual([0, 1, 2].map((d) => optionLabel("dbl", d)), ["–", "×", "××"]);
  assert.equal(optionLabel("level", 3), "3");
  assert.equal(replacesNote(recordedBoard(list)),
    "Board 4 is on the list as 4♠ N =: recording voids that row and writes the board again, with the penalty.");
});
