"""axe-core (npm, pinned in package.json; `make axe` installs it) run inside a page of the browser tests."""

from pathlib import Path

import pytest
from browser_helpers import ANIMATIONS_DONE
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# What each violation says, short enough to read in a failing test's message.
REPORT = """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) =>
  `${v.impact} ${v.id}: ` + v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")
  + (v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ""))"""


def axe_violations(page: Page) -> list[str]:
    """Every axe-core violation on the page as it is now, one line each (empty: none)."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed ({AXE}): run `make axe`")
    # Evaluated, not added as a script tag: the page's Content-Security-Policy forbids inline scripts.
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text() + "\n;0")
    # Colours are read after the fades: a dialog half faded in has half its contrast (on a busy
    # machine axe can run mid-fade; one such failure was seen in a full run at load 10).
    page.evaluate(ANIMATIONS_DONE)
    return page.evaluate(REPORT)
