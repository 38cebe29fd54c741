"""What a game costs by keyboard: the solver's line of each deal played by keys alone, as a seeing
keyboard player would (tests/support/browser_helpers.py walk_to: D draws, W to the waste, else
the arrow key towards the card wanted; Enter picks it), counting every key pressed.

    .venv/bin/python benchmarks/keys_per_move.py                    # desktop, 1280 x 800
    .venv/bin/python benchmarks/keys_per_move.py --phone            # 390 x 844
    .venv/bin/python benchmarks/keys_per_move.py --deals giza:18 pyramid:1

Prints, per deal and per variant: moves, keys, keys per move and keys per card picked (a pair is
two picks, a king one; a draw or recycle is one key and no pick), and the most keys one move took.
The line is `pyramid-solitaire solve DEAL --variant V --json`'s (a shortest win).
"""

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "support")]
from app_server import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from browser_helpers import PHONE, animations_done, moves_made, open_link, walk_to  # noqa: E402

# Winnable deals of Giza and of two variants with a stock (the first winnable numbers of each).
DEALS = ["giza:1", "giza:2", "giza:5", "giza:18", "pyramid:1", "pyramid:2", "open-stock:2", "open-stock:5"]


def solver_line(variant: str, deal: int) -> list[str]:
    command = [sys.executable, "-m", "pyramid_solitaire", "solve", str(deal), "--variant", variant, "--json"]
    answer = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    return answer["line"]


def play_by_keys(page, variant: str, deal: int, line: list[str]) -> list[tuple[int, int]]:
    """Each move's (keys, picks)."""
    open_link(page, variant, deal)
    page.locator("body").focus()
    costs = []
    for n, move in enumerate(line, 1):
        if move in ("draw", "recycle"):
            page.keyboard.press("d")
            costs.append((1, 0))
        else:
            keys = 0
            for text in move.split("+"):
                keys += walk_to(page, text) + 1
                page.keyboard.press("Enter")
            costs.append((keys, len(move.split("+"))))
        moves_made(page, n)
        animations_done(page)  # the cards at rest, as a player sees them before the next key
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", nargs="+", default=DEALS, help="VARIANT:DEAL ...")
    parser.add_argument("--phone", action="store_true", help="390 x 844 with touch, not 1280 x 800")
    args = parser.parse_args()
    screen = PHONE if args.phone else {"viewport": {"width": 1280, "height": 800}}
    server, thread, url = start_server()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(base_url=url, locale="en-US", **screen)
            page = context.new_page()
            print(f"{'deal':<14} {'moves':>5} {'keys':>5} {'per move':>8} {'per pick':>8} {'most':>4}")
            for item in args.deals:
                variant, deal = item.split(":")
                line = solver_line(variant, int(deal))
                try:
                    costs = play_by_keys(page, variant, int(deal), line)
                except AssertionError as stuck:  # the arrow keys went round without reaching the card
                    print(f"{item:<14} {len(line):>5} not won by keys: {stuck}")
                    continue
                keys, picks = sum(k for k, _ in costs), sum(p for _, p in costs)
                pick_keys = sum(k for k, p in costs if p)
                total = totals[variant]
                for i, value in enumerate([len(line), keys, picks, pick_keys]):
                    total[i] += value
                per_move, per_pick, most = keys / len(line), pick_keys / picks, max(k for k, _ in costs)
                print(f"{item:<14} {len(line):>5} {keys:>5} {per_move:>8.2f} {per_pick:>8.2f} {most:>4}")
            browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=5)
    print("by variant:")
    for variant, (moves, keys, picks, pick_keys) in totals.items():
        print(
            f"  {variant:<12} {moves:>4} moves, {keys:>4} keys: {keys / moves:.2f} a move, "
            f"{pick_keys / picks:.2f} a card picked"
        )


if __name__ == "__main__":
    main()
