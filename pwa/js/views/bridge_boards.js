// The boards of a bridge table: this round's, those on the list, the next one. Pure and small,
// apart from the bridge form: the deal entry and the penalty form of every game read them.

/** The boards this table plays this round (a Mitchell or Howell list carries them), or null. */
export function roundBoards(list) {
  const boards = (list.sheet && list.sheet.boards) || list.boards;
  return Array.isArray(boards) && boards.length ? boards : null;
}

/** The boards already on the list: the server's live rows and the outbox's unsent deals. */
export function boardsOnList(list, pending = []) {
  const done = new Set();
  for (const row of (list.sheet && list.sheet.rows) || []) {
    if (!row.voided && row.kind !== "penalty" && row.record && row.record.board) done.add(row.record.board);
  }
  for (const entry of pending) {
    if (entry.list === list.list_id && entry.name === "record_deal" && entry.args.record) {
      const board = entry.args.record.board;
      if (board) done.add(board);
    }
  }
  return done;
}

/** The board to offer: the first of the round's boards not on the list yet (null when all
 * are); without a movement, one more than the highest board on the list. */
export function nextBoard(list, pending = []) {
  const done = boardsOnList(list, pending);
  const boards = roundBoards(list);
  if (boards) return boards.find((b) => !done.has(b)) ?? null;
  return done.size ? Math.max(...done) + 1 : 1;
}
