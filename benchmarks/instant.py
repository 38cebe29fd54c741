"""Click to cards: how long a move takes to show with network latency, and how many requests a game costs.

    .venv/bin/python benchmarks/instant.py                 # a server from this tree, 300 ms latency
    .venv/bin/python benchmarks/instant.py --url URL       # a server already running (another version)

Headless Chromium (Debian's) with the latency emulated by the DevTools protocol on every request.
Prints: the time from pressing the stock (pointer down) to the board showing the draw (the frame
after the board changed), median and 90th percentile over the draws of a game; the requests to
/api/ while the page opens and while a known deal is won by clicks; the size of the page's code.
"""

import argparse
import gzip
import re
import statistics
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "support")]
from app_server import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from browser_helpers import WIN_PYRAMID_2, play, slow_network  # noqa: E402

# Stamps the pointer press on the stock and the frame after the board's move count changed.
PROBE = """() => {
  const board = document.getElementById("board");
  window.__probe = { pressed: null, shown: [] };
  const press = () => { window.__probe.pressed = performance.now(); };
  document.addEventListener("pointerdown", press, { capture: true });
  new MutationObserver((changes) => {
    const pressed = window.__probe.pressed;
    if (pressed === null || changes.every((c) => c.oldValue === board.dataset.moves)) return;
    window.__probe.pressed = null;
    requestAnimationFrame(() => window.__probe.shown.push(performance.now() - pressed));
  }).observe(board, { attributes: true, attributeOldValue: true, attributeFilter: ["data-moves"] });
}"""


def page_code_size(static: Path) -> tuple[int, int]:
    code = [*sorted((static / "js").rglob("*.js")), *sorted((static / "css").glob("*.css"))]
    files = [static / "index.html", *code]
    raw = b"".join(f.read_bytes() for f in files)
    return len(raw), len(gzip.compress(raw, 9))


def measure(url: str, latency_ms: int, static: Path) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        page = context.new_page()
        api_requests: list[str] = []
        page.on("request", lambda r: api_requests.append(r.url) if "/api/" in r.url else None)
        slow_network(page, latency_ms)
        page.goto(f"{url}/?variant=pyramid&deal=2", timeout=60_000)
        expect(page.locator("#status-game")).to_have_text(re.compile(r"Deal 2$"), timeout=30_000)
        expect(page.locator("#board")).to_have_attribute("data-moves", "0")
        opening = len(api_requests)
        page.evaluate(PROBE)
        play(page, WIN_PYRAMID_2)
        shown = page.evaluate("window.__probe.shown")
        game = len(api_requests) - opening
        browser.close()
    draws = len(shown)
    cut = statistics.quantiles(shown, n=10)[-1] if draws > 1 else shown[0]
    print(f"server {url}, {latency_ms} ms of latency emulated on every request")
    print(f"click to cards: median {statistics.median(shown):.0f} ms, p90 {cut:.0f} ms over {draws} moves")
    moves = len(WIN_PYRAMID_2.split())
    print(f"requests to /api/: {opening} to open the page, {game} to win pyramid deal 2 ({moves} moves)")
    raw, packed = page_code_size(static)
    print(
        f"page code (index.html, js, css) in {static}: {raw / 1024:.1f} KiB, {packed / 1024:.1f} KiB gzipped"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one from this tree)")
    parser.add_argument("--latency", type=int, default=300, help="emulated latency in ms (default 300)")
    parser.add_argument(
        "--static",
        type=Path,
        default=ROOT / "src" / "pyramid_solitaire" / "static",
        help="the page whose code to size (default: this tree's)",
    )
    args = parser.parse_args()
    measure(args.url or start_server(seconds=30)[2], args.latency, args.static)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
