"""axe-core (npm, pinned in package.json; `make axe` installs it) run inside a page of the browser tests."""

import re
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


# axe-core cannot tell what lies behind a modal dialog (the browser's top layer): it leaves the
# dialog's texts undecided, "overlapped by another element". With the game behind hidden for the
# moment of the check, the dialog's own background decides, and its texts are held to the rule.
DIALOG_CONTRAST = """async () => {
  const app = document.getElementById('app');
  app.style.visibility = 'hidden';
  try {
    const { violations, incomplete } = await axe.run(document, { runOnly: ['color-contrast'] });
    const line = (v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.any.map((a) => a.message).join(' '));
    return { violations: violations.flatMap(line), undecided: incomplete.flatMap(line) };
  } finally {
    app.style.visibility = '';
  }
}"""


def dialog_contrast_failures(page: Page) -> list[str]:
    """The contrast failures of the open modal dialog (after axe_violations, which loads axe):
    violations, and texts left undecided other than those too short to judge (a "0", a "-") or
    with no text (the star of a favourite)."""
    found = page.evaluate(DIALOG_CONTRAST)
    undecided = [n for n in found["undecided"] if not re.search("too short|only non-text", n)]
    return found["violations"] + undecided
