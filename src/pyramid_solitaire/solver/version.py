"""The solver's version, as stored rows of win rates carry it.

A verdict never depends on the version (the golden verdicts hold every version to that), but the
positions a search expands and its time do, so rows of different versions are not summed up
silently. Raise SOLVER_VERSION with every change to the search that changes the positions it
expands. Its history: 1, the first compiled search; 2, the rewrite of issue 16; 3, the blocker
rule of the quick loss proof (docs/research.md dates the stored rows by it); 4, the partner
count for goals outside the pyramid with one outside card available at a time (win=all in the
pyramid family), and with three wastes and a recycle to come no king taken first and no lost
position read from an earlier time (both had made won positions lost); the decision states of
the six variants are those of 3, so the grades' key keeps its version (goals/grades.py's
DECISION_STATES); and the shortest search's forced pairs (a card that must go with its one
possible partner, both available); 5, the pairing proof for goals outside the pyramid (per pair of
partner values, the cards that must go can each have a partner that can ever be available with
them: not one over or under it in the pyramid, nor in its own Giza or waste pile): the six
variants' searches are those of 4; 6, with unlimited passes a loss found with no recycle made
since the last removal read at every time a pass from the start reaches (the six variants, none
of them unlimited, search as before); 7, the shortest search's tighter estimate for one waste and
a closed stock (a line ends in this pass or recycles) and its probes (a decision search of at
most 2,000 positions, past a million positions searched), and pyramid kings the goal does not
need tried as moves (a challenge's shortest line could miss them): decisions search as in 6;
8, with three wastes and a recycle to come a loss read at a later pass's time that whole draws
reach in the earlier pass (fewer states, the same verdicts; the six variants search as in 7), and
the shortest search's probes only at positions with 20 steps or more to spare (8 before); 9, the
shortest search's estimate counts the goal's cards outside the pyramid (win=all: a king a step,
the others two a step; it said 0 with only those left) and takes no win past its limit (issue 48:
it answered a line one step too long, forever): the six variants and decisions search as in 8;
10, the rules as data (issue 51: any cover relation, pairing and one waste drawn three at a time):
the family's games but Apophis searched by the kernel, not the plain search, with the cone proof
and, for sums of 13 with kings alone, the partner proof (the six variants search as in 9); 11, two
loss proofs for any pairing (rules as data: the values left must split into pairs when all 52
cards must go, and in the last pass the cards of one waste need partners off it, a different one
each), the relaxed game on any cover relation with sums of 13, kings alone and a stock (Tut's
Tomb, Triangle) and, with an open stock and one waste (Cheops, Triangle), the decision search's
moves in a new order: the family's games search fewer positions (the six variants search as in 10);
12, Apophis on the kernel (c/gather.c: its gathering recycle's stock order as a second word of the
position, two-word table slots), not the plain search: its answers exact where they were `unknown`
past the plain search's budget (the six variants and the other family games search as in 11);
13, Cheops's decision search restarts (c/search.c: runs of 1,000 positions times the Luby
sequence, each in a move order shuffled by the run, the table's lost positions kept, the last of
1,000 runs to the end): its wins found within fewer positions (the six variants and the other
family games search as in 12).
"""

SOLVER_VERSION = "13"
