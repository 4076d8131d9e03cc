// A bridge revoke (or an inspected trick) is usually found after the board is on the list:
// the penalty form starts from the board as recorded (its contract, declarer and tricks),
// names the board, writes suits as ♣ ♦ ♥ ♠ and doubling as × / ××, and recording it voids
// the board's row and writes the board again with its penalty. Pure, for node.

import { extend, t } from "../i18n.js";
import { contractWord, strainWord } from "./bridge_rows.js";

extend({
  nl: { bp_replaces: "Spel {board} staat op de lijst als {contract}: opschrijven schrapt die regel en schrijft het spel opnieuw, met de straf.",
    bp_void_reason: "opnieuw opgeschreven met de straf", bp_undoubled: "–" },
  de: { bp_replaces: "Board {board} steht auf der Liste als {contract}: Eintragen streicht diese Zeile und trägt das Board neu ein, mit der Strafe.",
    bp_void_reason: "mit der Strafe neu eingetragen", bp_undoubled: "–" },
  en: { bp_replaces: "Board {board} is on the list as {contract}: recording voids that row and writes the board again, with the penalty.",
    bp_void_reason: "recorded again with the penalty", bp_undoubled: "–" },
});

/** The rows of the list that stand (not voided), with the deals waiting in the outbox. */
function standingRows(list, pending = []) {
  const rows = ((list.sheet && list.sheet.rows) || []).filter((r) => !r.voided && r.kind !== "penalty" && r.record);
  const voided = new Set(pending.filter((e) => e.list === list.list_id && e.name === "void_deal").map((e) => e.args.deal_no));
  const out = rows.filter((r) => !voided.has(r.deal_no)).map((r) => ({ deal_no: r.deal_no, record: r.record }));
  for (const e of pending) {
    if (e.list === list.list_id && e.name === "record_deal" && e.args.record) out.push({ deal_no: e.args.deal_no, record: e.args.record });
  }
  return out;
}

/** The row of `board` on the list, or (without a board) the last board recorded; null if none. */
export function recordedBoard(list, pending = [], board = null) {
  const rows = standingRows(list, pending).filter((r) => Number.isInteger(r.record.board));
  if (board !== null) return rows.find((r) => r.record.board === board) || null;
  return rows.length ? rows[rows.length - 1] : null;
}

/** The form's starting values from a recorded row: the board and its contract as written. */
export function startValues(row) {
  if (!row) return {};
  const r = row.record;
  const c = r.contract || {};
  const values = { board: r.board };
  if (Number.isInteger(c.level)) Object.assign(values, { level: c.level, strain: c.strain, dbl: c.dbl || 0 });
  if (r.declarer) values.declarer = r.declarer;
  if (Number.isInteger(r.tricks)) values.tricks = r.tricks;
  return values;
}

/** A choice as the players write it: suits as symbols, doubling as × and ××. */
export function optionLabel(name, value) {
  if (name === "strain") return strainWord(value);
  if (name === "dbl") return value ? ["", "×", "××"][value] : t("bp_undoubled");
  return String(value);
}

/** The note above the form when recording replaces a board's row. */
export function replacesNote(row) {
  return t("bp_replaces").replace("{board}", row.record.board).replace("{contract}", contractWord(row.record) || "–");
}
