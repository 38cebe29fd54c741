"""Export all saves, statistics and settings as one file; import it in another browser profile."""

import json
import re

import pytest
from browser_helpers import moves_made, open_deal, play
from playwright.sync_api import Page, expect

from pyramid_solitaire.cli.records import export_file
from pyramid_solitaire.engine.game import Game

pytestmark = pytest.mark.browser

KEY = "pyramid-solitaire.save.pyramid"
STATS = "pyramid-solitaire.stats.pyramid"


def storage(page: Page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def kept(page: Page) -> dict:
    """What an import replaces or leaves: storage but the grades of deals seen, which the solver's
    worker writes whenever a grade arrives (one arrived between two looks at load 20)."""
    return {k: v for k, v in storage(page).items() if k != "pyramid-solitaire.grades-seen"}


def export(page: Page, tmp_path):
    page.click("#btn-more")
    with page.expect_download() as download:
        page.click("#btn-export")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    return path


def import_file(page: Page, path):
    page.click("#btn-more")
    page.set_input_files("#import-file", path)


def test_export_then_import_in_a_fresh_profile_restores_games_and_statistics(new_page, tmp_path):
    page = new_page()
    open_deal(page, "pyramid", 1)
    play(page, "Kc")
    page.click("#btn-new")
    page.click("#giveup-yes")  # one game lost
    page.click("#btn-more")
    page.fill("#deal-input", "1")
    page.press("#deal-input", "Enter")
    play(page, "Kc Kh draw")
    page.click("#btn-pause")  # the time stands: the save holds it
    before = storage(page)
    path = export(page, tmp_path)
    data = json.loads(path.read_text())
    assert data["saves"]["pyramid"]["record"]["moves"] == ["Kc", "Kh", "draw"]

    fresh = new_page()
    fresh.goto("/")
    expect(fresh.locator("body")).to_have_attribute("data-ready", "1")
    import_file(fresh, path)
    expect(fresh.locator("#import-text")).to_contain_text("Saved games in the file: 1. Statistics of 1 game.")
    fresh.click("#import-yes")
    expect(fresh.locator("#status-game")).to_contain_text("Deal 1")  # after the reload
    moves_made(fresh, 3)
    after = storage(fresh)
    assert json.loads(after[STATS]) == json.loads(before[STATS])
    saved, restored = json.loads(before[KEY]), json.loads(after[KEY])
    for field in ("record", "game", "lastMove"):
        assert restored[field] == saved[field], field
    assert restored["elapsed"] >= saved["elapsed"]  # the clock goes on from the imported time
    assert json.loads(after["pyramid-solitaire.settings"]) == json.loads(before["pyramid-solitaire.settings"])


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda data: "{not json", "it is not a JSON file"),
        (lambda data: {**data, "app": "other"}, "it is not an export of Pyramid solitaire"),
        (lambda data: {**data, "extra": 1}, "unknown field “extra”"),
        (lambda data: {**data, "statistics": {"pyramid": {"played": -1}}}, "“statistics.pyramid.played”"),
        (
            lambda data: {
                **data,
                "saves": {"pyramid": {**data["saves"]["pyramid"], "record": {"moves": ["Qs+Ah"]}}},
            },
            "“saves.pyramid.record”",
        ),
        (
            lambda data: {
                **data,
                "saves": {
                    "pyramid": {
                        **data["saves"]["pyramid"],
                        "record": {**data["saves"]["pyramid"]["record"], "variant": "giza"},
                    }
                },
            },
            "the game in “saves.pyramid” is one of “giza”, not of “pyramid”",
        ),
        (
            lambda data: {**data, "saves": {**data["saves"], "spider": data["saves"]["pyramid"]}},
            "“saves.spider” holds a game of “spider”, a variant this page does not play",
        ),
        (  # 200,000 levels: a recursion over them overflowed the stack, with no message
            lambda data: json.dumps(data).replace(
                '"settings": {', '"settings": {"deep": ' + '{"a": ' * 200_000 + "1" + "}" * 200_000 + ", ", 1
            ),
            "the field “settings.deep.a.a.a.a.a.a.a.a” nests more than 10 levels deep",
        ),
        (
            lambda data: {
                **data,
                "statistics": {"pyramid": {**data["statistics"]["pyramid"], "played": 1e308}},
            },
            "“statistics.pyramid.played” is 1e+308, not a whole number from 0 to 1,000,000,000",
        ),
        (
            lambda data: {**data, "saves": {"pyramid": {**data["saves"]["pyramid"], "elapsed": -5}}},
            "“saves.pyramid.elapsed” is -5, not a time from 0 to 1,000,000,000,000 ms",
        ),
    ],
)
def test_a_bad_file_is_refused_with_the_reason_and_changes_nothing(new_page, tmp_path, change, reason):
    page = new_page()
    open_deal(page, "pyramid", 1)
    play(page, "Kc")
    data = json.loads(export(page, tmp_path).read_text())
    page.keyboard.press("Escape")
    changed = change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(changed if isinstance(changed, str) else json.dumps(changed))
    before = kept(page)
    import_file(page, bad)
    expect(page.locator("#toast")).to_contain_text("cannot be imported")
    expect(page.locator("#toast")).to_contain_text(reason)
    expect(page.locator("#import-dialog")).to_be_hidden()
    assert kept(page) == before


def test_an_import_asks_and_cancel_changes_nothing(new_page, tmp_path):
    page = new_page()
    open_deal(page, "pyramid", 1)
    path = export(page, tmp_path)
    page.keyboard.press("Escape")
    play(page, "Kc")
    before = kept(page)
    import_file(page, path)
    page.click("#import-no")
    moves_made(page, 1)
    assert kept(page) == before


# How often the page read a file's text (Blob.text: the dialog reads the chosen file with it).
COUNT_READS = """window.reads = 0; const text = Blob.prototype.text;
Blob.prototype.text = function () { window.reads += 1; return text.call(this); };"""


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "it is 20 MB, larger than any export of this page (at most 15.7 MB"),
        ("de-DE", "sie ist 20 MB groß, größer als jeder Export dieser Seite (höchstens 15,7 MB"),
    ],
    ids=["en", "de"],
)
def test_a_file_too_large_for_any_export_is_refused_unread_saying_its_size(new_page, tmp_path, locale, said):
    page = new_page(locale=locale)
    page.add_init_script(COUNT_READS)
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    data = json.loads(export(page, tmp_path).read_text())
    page.keyboard.press("Escape")
    data["backups"] = {"pyramid.broken": "x" * 19_999_000}  # an export in form: only its size is wrong
    large = tmp_path / "large.json"
    large.write_text(json.dumps(data))
    assert 19_999_000 < large.stat().st_size <= 20_049_999  # 20.0 MB
    before = kept(page)
    import_file(page, large)
    expect(page.locator("#toast")).to_contain_text(said)
    assert page.evaluate("window.reads") == 0, "the file was read before it was refused"
    expect(page.locator("#import-dialog")).to_be_hidden()
    assert kept(page) == before


FILL_BESIDE = """(size) => { // another page of the site keeps `size` characters, in pieces of 100,000
  for (let n = 0; n * 100_000 < size; n += 1) localStorage.setItem(`other.${n}`, "x".repeat(100_000));
}"""


def test_an_import_that_does_not_fit_says_what_fills_the_storage_and_changes_nothing(new_page, tmp_path):
    page = new_page()
    open_deal(page, "pyramid", 1)
    data = json.loads(export(page, tmp_path).read_text())
    page.keyboard.press("Escape")
    data["backups"] = {"pyramid.broken": "x" * 3_000_000}  # fits alone, not beside the other page's 3 million
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    page.evaluate(FILL_BESIDE, 3_000_000)
    before = kept(page)
    import_file(page, path)
    page.click("#import-yes")
    expect(page.locator("#toast")).to_contain_text(
        re.compile(r"could not be written into this browser: its storage for this site is full \(\d+%")
    )
    expect(page.locator("#toast")).to_contain_text("Nothing was changed.")
    assert kept(page) == before


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        (
            "en-US",
            "saved game is one of “Pyramid, open stock”, not of “Pyramid”: choose it under “Games”.",
        ),
        (
            "de-DE",
            "Partie der Datei ist eine von „Pyramide mit offenem Vorrat“, nicht von „Pyramiden-Solitär“",
        ),
    ],
    ids=["en", "de"],
)
def test_an_import_whose_games_are_of_other_variants_says_where_they_are(new_page, tmp_path, locale, said):
    game = Game("open-stock", number=12)
    game.play(game.legal_moves()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_file(game)))  # as play --save writes it: one game, no variant to open
    page = new_page(locale=locale)
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    import_file(page, path)
    page.click("#import-yes")
    expect(page.locator("#toast")).to_contain_text(said)  # after the reload, on a Pyramid deal
    page.click("#btn-games")
    page.click('#variant-list li[data-variant="open-stock"] .pick')
    moves_made(page, 1)  # the file's game, where the message said
