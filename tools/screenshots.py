"""Take the README's screenshots: the desktop game (1280 x 800, English) with an exact hint, and
the phone game (390 x 844, touch, German) in play. Run from the repository root:

    .venv/bin/python tools/screenshots.py        (writes docs/screenshot.png, docs/screenshot-phone.png)
"""

import socket
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from pyramid_solitaire.web import app

DOCS = Path(__file__).resolve().parent.parent / "docs"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def serve() -> tuple[uvicorn.Server, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def tap(page: Page, line: str):
    for move in line.split():
        if move in ("draw", "recycle"):  # the stock, or its empty place, turns the waste over
            page.locator("#stock").click()
        else:
            for card in move.split("+"):
                page.locator(f'#board .card[data-card="{card}"]:not(.gone)').click()


def main() -> None:
    server, url = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        desk = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-US")
        desk.goto(f"{url}/?variant=pyramid&deal=1")
        expect(desk.locator("body")).to_have_attribute("data-ready", "1")
        tap(desk, "Kc Kh 5h+8s")
        desk.click("#btn-hint")
        expect(desk.locator("#toast")).to_contain_text("winning line")
        desk.wait_for_function("() => !document.querySelector('#board .card.gone')")
        desk.screenshot(path=str(DOCS / "screenshot.png"))

        phone = browser.new_page(
            viewport={"width": 390, "height": 844},
            locale="de-DE",
            has_touch=True,
            is_mobile=True,
            device_scale_factor=2,
        )
        phone.goto(f"{url}/?variant=pyramid&deal=2")
        expect(phone.locator("body")).to_have_attribute("data-ready", "1")
        tap(phone, "5s+8h Ad+Qd Jd+2s draw draw 4h+9d")
        phone.wait_for_function("() => !document.querySelector('#board .card.gone')")
        phone.screenshot(path=str(DOCS / "screenshot-phone.png"))
        browser.close()
    server.should_exit = True
    print(f"wrote {DOCS / 'screenshot.png'} and {DOCS / 'screenshot-phone.png'}")


if __name__ == "__main__":
    main()
