"""The solver's version, as stored rows of win rates carry it.

A verdict never depends on the version (the golden verdicts hold every version to that), but the
positions a search expands and its time do, so rows of different versions are not summed up
silently. Raise SOLVER_VERSION with every change to the search that changes the positions it
expands. Its history: 1, the first compiled search; 2, the rewrite of issue 16; 3, the blocker
rule of the quick loss proof (docs/research.md dates the stored rows by it).
"""

SOLVER_VERSION = "3"
