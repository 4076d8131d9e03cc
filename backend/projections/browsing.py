"""The read models as a club browses them in Datasette: foreign keys and views with units.

The tables keep what the projections write: amounts as integers in the competition's own
unit (bridge matchpoint percentages and cross-IMPs in hundredths), several facts as JSON
text. The views below read them for people: every amount in a column whose name says its
unit (``total_points``, ``total_percent``, ``total_imps``: whole game points, percent, IMPs,
as decimals where the unit has them), and every JSON field split into rows (a deal's points
per seat, a list's totals, a standings line's results). The foreign keys let Datasette link a
row to its competition, list or deal. ``datasette.json`` beside this module describes them.

SQLite does not enforce foreign keys unless a connection asks (``PRAGMA foreign_keys``), and
the projections never ask: the keys describe, they do not slow or refuse a write. A later
migration that rebuilds a table (``table.transform``) must drop these views first and create
them again after, since SQLite refuses to rename a table while a view names a missing one.
"""

from __future__ import annotations

from sqlite_utils import Database

PLAYER = ("competition_id", "player_id")
FOREIGN_KEYS: tuple[tuple[str, str | tuple[str, ...], str, str | tuple[str, ...]], ...] = (
    ("players", "competition_id", "competitions", "competition_id"),
    ("evenings", "competition_id", "competitions", "competition_id"),
    ("attendance", "competition_id", "competitions", "competition_id"),
    ("attendance", PLAYER, "players", PLAYER),
    ("lists", "competition_id", "competitions", "competition_id"),
    ("lists", ("competition_id", "evening"), "evenings", ("competition_id", "evening")),
    ("list_seats", "list_id", "lists", "list_id"),
    ("deal_rows", "list_id", "lists", "list_id"),
    ("adjustments", "list_id", "lists", "list_id"),
    ("disputes", "list_id", "lists", "list_id"),
    ("evening_results", "competition_id", "competitions", "competition_id"),
    ("evening_results", PLAYER, "players", PLAYER),
    ("standings", "competition_id", "competitions", "competition_id"),
    ("standings", PLAYER, "players", PLAYER),
    ("travellers", "competition_id", "competitions", "competition_id"),
    ("travellers", "list_id", "lists", "list_id"),
    ("travellers", ("list_id", "deal_no"), "deal_rows", ("list_id", "deal_no")),
    ("standing_adjustments", "competition_id", "competitions", "competition_id"),
)  # fmt: skip

# How each competition's amounts are kept: the unit, and 100 where they are in hundredths.
_UNITS = """
SELECT competition_id, name AS competition, game,
  CASE WHEN game != 'bridge' THEN NULL
       ELSE coalesce(json_extract(counting, '$.method'), 'matchpoints') END AS bridge_method,
  CASE WHEN game != 'bridge' THEN 'points'
       WHEN coalesce(json_extract(counting, '$.method'), 'matchpoints') = 'matchpoints'
       THEN 'percent' ELSE 'IMPs' END AS unit,
  CASE WHEN game = 'bridge'
        AND coalesce(json_extract(counting, '$.method'), 'matchpoints') != 'butler'
       THEN 100 ELSE 1 END AS stored_per_unit
FROM competitions
"""


def _in(unit: str, column: str) -> str:
    """An amount of the table as a number of ``unit``, NULL in another unit's competition."""
    return (
        f"CASE WHEN u.unit = '{unit}' THEN "
        f"CASE u.stored_per_unit WHEN 1 THEN {column} ELSE round({column} / 100.0, 2) END END"
    )


def _amounts(column: str, prefix: str) -> str:
    return ", ".join(
        f"{_in(unit, column)} AS {prefix}_{name}"
        for unit, name in (("points", "points"), ("percent", "percent"), ("IMPs", "imps"))
    )


VIEWS: dict[str, str] = {
    "competition_units": _UNITS,
    "standings_points": f"""
SELECT s.competition_id, u.competition, u.game, s.rank, s.player_id, s.name,
  {_amounts("s.total", "total")},
  (SELECT count(*) FROM json_each(s.results) r WHERE json_extract(r.value, '$.counts'))
    AS results_counted,
  (SELECT count(*) FROM json_each(s.results) r
    WHERE NOT coalesce(json_extract(r.value, '$.counts'), 0)) AS results_dropped
FROM standings s JOIN competition_units u USING (competition_id)
""",
    "standing_results": f"""
SELECT s.competition_id, s.player_id, s.name, r.key + 1 AS result_no,
  json_extract(r.value, '$.key') AS result,
  {_amounts("json_extract(r.value, '$.value')", "value")},
  json_extract(r.value, '$.counts') AS counts, json_extract(r.value, '$.reason') AS reason
FROM standings s JOIN competition_units u USING (competition_id), json_each(s.results) r
""",
    "evening_scores": f"""
SELECT e.competition_id, e.evening, v.date, e.player_id, p.name, e.status,
  {_amounts("e.points", "score")}, e.provisional, e.detail
FROM evening_results e JOIN competition_units u USING (competition_id)
LEFT JOIN evenings v ON v.competition_id = e.competition_id AND v.evening = e.evening
LEFT JOIN players p ON p.competition_id = e.competition_id AND p.player_id = e.player_id
""",
    "traveller_lines": """
SELECT t.competition_id, t.evening, t.board, t.table_no, t.list_id, t.deal_no,
  t.ns AS ns_pair, pn.name AS ns_names, t.ew AS ew_pair, pe.name AS ew_names,
  t.contract, t.declarer, t.tricks, t.lead, t.score AS score_ns_points,
  json_extract(t.adjusted, '$.ns') AS adjusted_ns, json_extract(t.adjusted, '$.ew') AS adjusted_ew,
  CASE WHEN u.bridge_method = 'matchpoints' THEN round(t.ns_mp / 100.0, 2) END AS ns_matchpoints,
  CASE WHEN u.bridge_method = 'matchpoints' THEN round(t.ew_mp / 100.0, 2) END AS ew_matchpoints,
  CASE WHEN u.bridge_method = 'matchpoints' THEN round(t.top / 100.0, 2) END AS top_matchpoints,
  CASE WHEN u.bridge_method = 'matchpoints' THEN round(t.ns_pct / 100.0, 2) END AS ns_percent,
  CASE u.bridge_method WHEN 'butler' THEN t.ns_mp
    WHEN 'cross_imps' THEN round(t.ns_mp / 100.0, 2) END AS ns_imps,
  CASE u.bridge_method WHEN 'butler' THEN t.ew_mp
    WHEN 'cross_imps' THEN round(t.ew_mp / 100.0, 2) END AS ew_imps
FROM travellers t JOIN competition_units u USING (competition_id)
LEFT JOIN players pn ON pn.competition_id = t.competition_id AND pn.player_id = t.ns
LEFT JOIN players pe ON pe.competition_id = t.competition_id AND pe.player_id = t.ew
""",
    "deal_points": """
SELECT d.list_id, d.deal_no, p.key AS seat, s.player_id, p.value AS points,
  d.counts, d.voided IS NOT NULL AS voided
FROM deal_rows d, json_each(d.points) p
LEFT JOIN list_seats s ON s.list_id = d.list_id AND s.seat = p.key
""",
    "deal_facts": """
SELECT d.list_id, d.deal_no, f.key AS fact,
  CASE WHEN f.type IN ('object', 'array') THEN f.value END AS value_json,
  CASE WHEN f.type NOT IN ('object', 'array') THEN f.value END AS value
FROM deal_rows d, json_each(d.record) f
WHERE f.key NOT IN ('game', 'rules', 'seats')
""",
    "deal_markers": """
SELECT d.list_id, d.deal_no, m.value AS marker FROM deal_rows d, json_each(d.markers) m
WHERE m.type != 'null'
""",
    "list_totals": """
SELECT l.list_id, l.competition_id, l.evening, l.round, l.table_no, t.key AS seat,
  s.player_id, t.value AS total_points
FROM lists l, json_each(l.totals) t
LEFT JOIN list_seats s ON s.list_id = l.list_id AND s.seat = t.key
""",
    "list_boards": """
SELECT l.list_id, l.competition_id, l.evening, b.key + 1 AS board_no_on_list, b.value AS board
FROM lists l, json_each(l.boards) b WHERE b.type != 'null'
""",
    "adjustment_points": """
SELECT a.list_id, a.position, a.deal_no, p.key AS seat, s.player_id, p.value AS points,
  a.reason, a.article
FROM adjustments a, json_each(a.points) p
LEFT JOIN list_seats s ON s.list_id = a.list_id AND s.seat = p.key
""",
    "competition_rules": """
SELECT c.competition_id, c.rules_ref, r.key AS option, r.value
FROM competitions c, json_each(c.rules) r
""",
    "competition_counting": """
SELECT c.competition_id, r.key AS option, r.value FROM competitions c, json_each(c.counting) r
""",
}
"""The views of migration m011, by name (a later change is a new migration, never an edit)."""


def declare_foreign_keys(db: Database) -> None:
    """Declare :data:`FOREIGN_KEYS` on the tables (each table is rebuilt once to do so)."""
    db.add_foreign_keys(FOREIGN_KEYS)


def create_views(db: Database, views: dict[str, str] = VIEWS) -> None:
    """Create (or replace) the views, in order: later views may read earlier ones."""
    for name, sql in views.items():
        db.execute(f"DROP VIEW IF EXISTS [{name}]")
        db.execute(f"CREATE VIEW [{name}] AS {sql.strip()}")
