"""Players' results (opt-in): facts the server checked, in a real database (docs/results.md).

    verify      a posted result replayed with the engine: won, moves, score, the challenge's goal
    schema      the tables (SQLAlchemy Core); migrations/ holds their versions (Alembic)
    store       the store's API: post (idempotent), delete a player, ratings, the day's stats
    glicko      Glicko-2 (Glickman 2012), one rating period
    ratings     rating periods over clean first attempts: players against deals
    grades      a deal's grade from its rating once it has enough results, from the measure before

Results are append-only rows: the engine replays every record before anything is stored, and
ratings are computed from the rows in rating periods, so several workers or hosts post at once and
nothing is lost. Help (hints, undos, the way) is self-reported by the page; results with help are
stored but rate nothing.
"""
