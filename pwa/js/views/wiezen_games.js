// The wiezen contracts by name, for the form and for the list's rows (the app shell reads them
// without the form).

// The contract buttons, in bidding order (W-D10); game words stay as the club writes them.
// game → [label, declarers (0: miserie players), default tricks]
export const GAMES = {
  VRAAG: ["vraag/mee", 2, null],
  ALLEEN: ["alleen", 1, null],
  TROEL: ["troel", 2, null],
  AB: ["abondance", 1, null],
  MIS: ["miserie", 0, null],
  OMIS: ["open miserie", 0, null],
  SOLO: ["solo", 1, 13],
  SOLOSLIM: ["solo slim", 1, 13],
  PAS_ROND: ["pas rond", null, null],
};
