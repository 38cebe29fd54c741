"""What the browser tests share: pinned winning and losing lines, and playing them like a person."""

import re

from helpers import LOSE_GIZA_26, STUCK_GIZA_3, WIN_GIZA_18, WIN_PYRAMID_2  # noqa: F401 (shared lines)
from playwright.sync_api import Page, expect

# A phone held upright, with touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def card(page: Page, text: str):
    return page.locator(f'#board .card[data-card="{text}"]:not(.gone)')


def moves_made(page: Page, n: int):
    expect(page.locator("#board")).to_have_attribute("data-moves", str(n))


def open_link(page: Page, variant: str, deal: int):
    """Open a share link to a deal and wait until the page shows it, with no move made."""
    page.goto(f"/?variant={variant}&deal={deal}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#board")).to_have_attribute("data-variant", variant)
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"{deal}$"))
    moves_made(page, 0)


def open_deal(page: Page, variant: str, deal: int):
    """Open the page, pick the variant in the game menu and type the deal number under More."""
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    type_deal(page, variant, deal)
    expect(page.locator("#status-game")).to_have_text(re.compile(rf"Deal {deal}$"))
    moves_made(page, 0)


def type_deal(page: Page, variant: str, deal: int | str):
    """Pick the variant in the game menu (if it is not on the table) and type `deal` under More."""
    if page.locator("#board").get_attribute("data-variant") != variant:
        page.click("#btn-games")
        page.click(f'#variant-list li[data-variant="{variant}"] .pick')
        expect(page.locator("#board")).to_have_attribute("data-variant", variant)
    page.click("#btn-more")
    page.fill("#deal-input", str(deal))
    page.press("#deal-input", "Enter")


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


def stop_time(page: Page):
    """Stop the page's fake clock (installed with page.clock.install()): from here on time moves
    only by page.clock.run_for, so a slow machine's real seconds do not count as playing time."""
    page.clock.pause_at(page.evaluate("() => Date.now()") + 1000)


# The service worker has its cache once it controls the page (it claims the page on activation).
# A promise, not wait_for_function: the page's CSP forbids the eval that polling would need.
WORKER_IN_CONTROL = """() => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("no service worker took control in 60 s")), 60000);
  if (navigator.serviceWorker.controller) resolve();
  navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
})"""


def reload_offline(page: Page) -> None:
    """Once the service worker holds the release: cut the network and open the page again."""
    page.evaluate(WORKER_IN_CONTROL)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=20_000)


def follow_hint(page: Page, n: int):
    """Ask for a hint and play the move it marks, as a player would; `n` moves made after it."""
    page.click("#btn-hint")
    marked = page.locator("#board .card.hint:not(.gone), #stock.hint")
    expect(marked.first).to_be_visible()
    # a checked hint: a winning line, or the last move of one
    expect(page.locator("#toast")).to_contain_text(re.compile(r"winning line|wins the game"))
    cards = [el.get_attribute("data-card") for el in marked.all()]
    if cards == [None]:
        page.click("#stock")
    else:
        for text in cards:
            card(page, text).click()
    moves_made(page, n)


def giza_26_loss_explained_and_undone(page: Page) -> None:
    """After LOSE_GIZA_26: the end panel says since when the game is lost, and its Undo N moves
    goes back to the last position that could still be won."""
    expect(page.locator("#end-explain")).to_have_text(
        "It was last winnable after move 3 (9\u2666 + 4\u2666); then 4\u2663 + 9\u2665 lost it."
    )
    button = page.locator("#end-undo-to")
    expect(button).to_have_text("Undo 4 moves")
    button.click()
    moves_made(page, 3)


def api_calls(page: Page) -> list[str]:
    """The paths of the page's requests to /api/, as they are sent (offline ones too: sent, then failed)."""
    calls: list[str] = []
    page.on("request", lambda r: calls.append(r.url.split("/api/", 1)[1]) if "/api/" in r.url else None)
    return calls


# Resolves once every finite animation and transition running now (or starting in the next two
# frames) has finished: an event to wait for, not a guess at how long a slide takes. A paused one
# (the pause cover holds them) would never finish, so it is not waited for.
ANIMATIONS_DONE = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const finite = document.getAnimations().filter((a) => a.playState !== "paused"
    && a.effect?.getTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
}"""


def animations_done(page: Page) -> None:
    """Wait until the page's slides and fades have ended."""
    page.evaluate(ANIMATIONS_DONE)


def focus_state(page: Page) -> dict:
    return page.evaluate(
        """() => { const el = document.activeElement;
          const r = el.getBoundingClientRect();
          return { card: el.dataset.card || (el.id === "stock" ? "stock" : null),
            board: Boolean(el.closest("#board")),
            gone: el.classList.contains("gone"), panel: Boolean(el.closest("#end-panel")),
            x: r.x + r.width / 2, y: r.y + r.height / 2, id: el.id, tag: el.tagName }; }"""
    )


def walk_to(page: Page, target: str) -> int:
    """Move the focus to card `target` as a seeing keyboard player would: a pile's number (Giza)
    or a waste's (three wastes), W for the only waste's top card, else the arrow key towards it;
    returns the keys pressed."""
    keys = 0
    aim = card(page, target)
    heap = aim.get_attribute("data-heap")  # a pile or one of several wastes: its number key
    if (heap or aim.get_attribute("data-where") == "waste") and focus_state(page)["card"] != target:
        page.keyboard.press(heap or "w")
        keys += 1
    tried: set[tuple[str, str]] = set()
    while (here := focus_state(page))["card"] != target:
        box = aim.bounding_box()
        dx, dy = box["x"] + box["width"] / 2 - here["x"], box["y"] + box["height"] / 2 - here["y"]
        by_axis = [
            ("ArrowRight" if dx > 0 else "ArrowLeft", abs(dx)),
            ("ArrowDown" if dy > 0 else "ArrowUp", abs(dy)),
        ]
        by_axis.sort(key=lambda a: -a[1])
        key = next((k for k, _ in by_axis if (str(here["card"]), k) not in tried), None)
        assert key is not None and keys < 20, f"the arrow keys do not reach {target} from {here['card']}"
        tried.add((str(here["card"]), key))
        page.keyboard.press(key)
        keys += 1
    return keys
