"""The solver corpus of the rule options and goals: what the native kernel answers for positions
under option sets (unlimited passes, overlap discards, win=all) and goals of their own (the four
cards of a rank), written down so the page's WebAssembly kernel is held to it before the page's
rules know the options: each entry gives the deck, the kernel's rules, the goal and the position
as numbers, so node (tests/js/solver_options.test.mjs) needs only the kernel and search.js.

    python tools/solver_options_corpus.py     # rewrites tests/golden/solver_options_corpus.json

Bounded by nodes, fixed seeds: regenerating gives the same file. tests/test_solver_options.py
replays it on the native kernel.
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramid_solitaire.engine.deal import Deal, State  # noqa: E402
from pyramid_solitaire.engine.variants import get_variant  # noqa: E402
from pyramid_solitaire.solver import solve  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "solver_options_corpus.json"
NODES = 60_000  # as tools/solver_corpus.py: positions a search cannot settle are left out
SETS = [
    "pyramid:passes=unlimited",
    "pyramid:overlap=yes",
    "pyramid:win=all",
    "classic:passes=unlimited,overlap=yes",
    "three-wastes:passes=unlimited,win=all",
    "three-wastes:passes=2",
    "open-stock:passes=unlimited,overlap=yes",
    "giza:overlap=yes,win=all",
    "original",
    "pyramid:passes=8",
]
PER_SET = 8


def position(deal: Deal, rng: random.Random) -> State:
    """Along a random playout that prefers removals, stopped after a random number of moves."""
    state = State()
    for _ in range(rng.randrange(0, 60)):
        moves = deal.legal_moves(state)
        if not moves:
            break
        removals = [m for m in moves if m.kind in ("king", "pair")]
        state = deal.apply(state, rng.choice(removals if removals and rng.random() < 0.8 else moves))
    return state


def entry(text: str, deal: Deal, state: State, challenge: bool) -> dict | None:
    decided = solve(deal, state, node_limit=NODES)
    best = solve(deal, state, shortest=True, node_limit=NODES)
    if decided.verdict == "unknown" or (best.verdict == "winnable" and not best.shortest):
        return None
    v = deal.variant
    return {
        "variant": text,
        "challenge": challenge,
        "cards": list(deal.cards),
        "rules": {"wastes": v.wastes, "piles": v.piles, "open_stock": v.open_stock, "recycles": v.recycles},
        "overlap": v.overlap,
        "goal": hex(deal.goal),
        "removed": hex(state.removed),
        "drawn": state.drawn,
        "recycles": state.recycles,
        "verdict": str(decided.verdict),
        "states": decided.searched,
        "line": deal.format_line(decided.line).split(),
        "shortest": best.steps,
        "shortest_states": best.searched,
    }


def build(seed: int = 36) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for text in SETS:
        variant = get_variant(text)
        found = 0
        while found < PER_SET:
            deal = Deal.from_number(variant, rng.randrange(2**32))
            challenge = rng.random() < 0.3
            if challenge:
                rank = rng.randrange(13)
                deal = deal.with_goal([c for c in deal.cards if c % 13 == rank])
            got = entry(text, deal, position(deal, rng), challenge)
            if got is not None:
                out.append(got)
                found += 1
    return out


def write_corpus(path: Path, entries: list[dict], what: str, won: int) -> None:
    """A corpus file of one JSON entry a line (tools/family_hints_corpus.py writes its own so too)."""
    path.write_text("[\n" + ",\n".join(json.dumps(e) for e in entries) + "\n]\n", encoding="utf-8")
    print(f"{path}: {len(entries)} {what}, {won} winnable")


def main() -> int:
    entries = build()
    write_corpus(CORPUS, entries, "positions", sum(e["verdict"] == "winnable" for e in entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
