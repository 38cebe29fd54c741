"""What the browser tests share: pinned winning and losing lines, and playing them like a person."""

import re

from playwright.sync_api import Page, expect

# Found with a small exhaustive search (and checked against the engine below):
# Giza deal 18 is won by this line; Giza deal 3 is lost, and this line ends with no move left.
WIN_GIZA_18 = (
    "Kc 2s+Jh 3h+Th 4d+9c 4s+9s 3d+Td Ts+3s 6s+7s Qc+As Kh 8h+5d 8s+5h 2d+Jd 8c+5s "
    "Qd+Ah 4c+9h Kd 5c+8d 7d+6h 2h+Js 6c+7h 3c+Tc Ad+Qh"
)
STUCK_GIZA_3 = "Kc 4c+9d 2h+Js Kh 6h+7h 3s+Th 8h+5h Qc+As Ks 9c+4d"
# Pyramid deal 2 is won with draws and two recycles along the way.
WIN_PYRAMID_2 = (
    "5s+8h Ad+Qd Jd+2s draw draw 4h+9d Tc+3h draw draw draw draw draw draw draw Kc draw Jh+2h "
    "7s+6s 9s+4d Qc+Ah draw draw draw draw 3c+Th Kh draw 8c+5d 7d+6h draw draw Ac+Qs draw Ks "
    "draw draw Kd draw Td+3d 5h+8s 7h+6c 3s+Ts draw draw draw recycle draw draw 2d+Js draw draw "
    "draw draw draw draw 4c+9c draw draw draw recycle draw draw Qh+As"
)


def card(page: Page, text: str):
    return page.locator(f'#board .card[data-card="{text}"]:not(.gone)')


def moves_made(page: Page, n: int):
    expect(page.locator("#board")).to_have_attribute("data-moves", str(n))


def open_deal(page: Page, variant: str, deal: int):
    """Open the page, pick the variant in the game menu and type the deal number under More."""
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    if page.locator("#board").get_attribute("data-variant") != variant:
        page.click("#btn-games")
        page.click(f'#variant-list li[data-variant="{variant}"] .pick')
        expect(page.locator("#board")).to_have_attribute("data-variant", variant)
    page.click("#btn-more")
    page.fill("#deal-input", str(deal))
    page.press("#deal-input", "Enter")
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"Deal {deal}$"))
    moves_made(page, 0)


def play(page: Page, line: str, start: int = 0):
    """Play a line by clicking: the stock for draw/recycle, a king once, a pair's two cards."""
    for n, move in enumerate(line.split(), start + 1):
        if move in ("draw", "recycle"):
            page.click("#stock")
        elif "+" in move:
            a, b = move.split("+")
            card(page, a).click()
            expect(card(page, a)).to_have_class(re.compile(r"\bselected\b"))
            card(page, b).click()
        else:
            card(page, move).click()
        moves_made(page, n)


def center(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def slow_network(page: Page, latency_ms: int) -> None:
    """Chromium's own network emulation: every request of the page waits `latency_ms` more."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": latency_ms, "downloadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", {**conditions, "uploadThroughput": -1})
