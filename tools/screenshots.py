"""Take the README's screenshots: the desktop game (1280 x 800, English) with an exact hint, and
the phone game (390 x 844, touch, German) in play. Run from the repository root:

    .venv/bin/python tools/screenshots.py        (writes docs/screenshot.png, docs/screenshot-phone.png)
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
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desk = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-US")
        desk.goto(f"{url}/?variant=pyramid&deal=1")
        expect(desk.locator("body")).to_have_attribute("data-ready", "1")
        play(desk, "Kc Kh 5h+8s")
        desk.click("#btn-hint")
        expect(desk.locator("#toast")).to_contain_text("winning line")
        desk.wait_for_function("() => !document.querySelector('#board .card.gone')")
        desk.screenshot(path=str(DOCS / "screenshot.png"))

        phone = browser.new_page(**PHONE, locale="de-DE", device_scale_factor=2)
        phone.goto(f"{url}/?variant=pyramid&deal=2")
        expect(phone.locator("body")).to_have_attribute("data-ready", "1")
        play(phone, "5s+8h Ad+Qd Jd+2s draw draw 4h+9d")
        phone.wait_for_function("() => !document.querySelector('#board .card.gone')")
        phone.screenshot(path=str(DOCS / "screenshot-phone.png"))
        browser.close()
    server.should_exit = True
    print(f"wrote {DOCS / 'screenshot.png'} and {DOCS / 'screenshot-phone.png'}")


if __name__ == "__main__":
    main()
