"""Take the README's screenshots: the desktop game (1280 x 800, English) with an exact hint, and
the phone game (390 x 844, touch, German) in play, each in the light theme and, as the system asks
for (prefers-color-scheme), in the dark one. Run from the repository root:

    .venv/bin/python tools/screenshots.py        (writes docs/screenshot.png, docs/screenshot-phone.png,
                                                  docs/screenshot-dark.png, docs/screenshot-dark-phone.png)
"""

import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "support")]
from app_server import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from browser_helpers import PHONE, play  # noqa: E402

DOCS = ROOT / "docs"


def main() -> None:
    server, _, url = start_server()
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for scheme, suffix in (("light", ""), ("dark", "-dark")):
            desk = browser.new_page(
                viewport={"width": 1280, "height": 800}, locale="en-US", color_scheme=scheme
            )
            desk.goto(f"{url}/?variant=pyramid&deal=1")
            expect(desk.locator("body")).to_have_attribute("data-ready", "1")
            expect(desk.locator("html")).to_have_attribute("data-theme", scheme)
            play(desk, "Kc Kh 5h+8s")
            desk.click("#btn-hint")
            expect(desk.locator("#toast")).to_contain_text("winning line")
            desk.wait_for_function("() => !document.querySelector('#board .card.gone')")
            written.append(DOCS / f"screenshot{suffix}.png")
            desk.screenshot(path=str(written[-1]))

            phone = browser.new_page(**PHONE, locale="de-DE", device_scale_factor=2, color_scheme=scheme)
            phone.goto(f"{url}/?variant=pyramid&deal=2")
            expect(phone.locator("body")).to_have_attribute("data-ready", "1")
            play(phone, "5s+8h Ad+Qd Jd+2s draw draw 4h+9d")
            phone.wait_for_function("() => !document.querySelector('#board .card.gone')")
            written.append(DOCS / f"screenshot{suffix}-phone.png")
            phone.screenshot(path=str(written[-1]))
        browser.close()
    server.should_exit = True
    print("wrote", ", ".join(str(path) for path in written))


if __name__ == "__main__":
    main()
