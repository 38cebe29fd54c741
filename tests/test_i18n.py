"""The page speaks every refusal: text/i18n.js has one text per code of errors.MESSAGES in each language
(none missing, none the server never sends, no placeholder the server does not fill), filled in with
cards and moves in words. (The page's rules, js/rules/, refuse with the Python engine's codes:
test_corpus.py.)"""

import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from pyramid_solitaire.engine.errors import MESSAGES

ROOT = Path(__file__).parent.parent
STATIC_JS = ROOT / "src" / "pyramid_solitaire" / "static" / "js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is installed by `make node`")

# The command line's own refusals never reach the page.
SENT_TO_THE_PAGE = {code for code in MESSAGES if not code.startswith("cli_")}


@pytest.fixture(scope="module")
def page_modules(tmp_path_factory):
    """The page's modules copied to a folder node reads as ES modules."""
    folder = tmp_path_factory.mktemp("js")
    shutil.copytree(STATIC_JS, folder, dirs_exist_ok=True)
    (folder / "package.json").write_text('{"type": "module"}')
    return folder


def run_node(folder: Path, script: str, data: object = None) -> object:
    """Run an ES module script in `folder` with `data` on standard input; its printed JSON."""
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", "globalThis.document = {documentElement: {}};\n" + script],
        cwd=folder,
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def page_texts(page_modules):
    """{language: {code: template or plural forms}} as text/i18n.js holds them."""
    script = """
import * as i18n from "./text/i18n.js";
const all = {};
for (const [lang, codes] of Object.entries(i18n.refusalCodes())) {
  i18n.setLanguage(lang);
  all[lang] = Object.fromEntries(codes.map((code) => [code, i18n.refusalTemplate(code)]));
}
console.log(JSON.stringify(all));
"""
    return run_node(page_modules, script)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_page_has_english_and_german(page_texts):
    assert set(page_texts) == {"en", "de"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_code_the_server_sends_has_a_text_and_no_other(page_texts, lang):
    codes = set(page_texts[lang])
    assert SENT_TO_THE_PAGE - codes == set(), f"{lang} lacks these codes"
    assert codes - SENT_TO_THE_PAGE == set(), f"{lang} has codes the server never sends"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_texts_use_only_the_parameters_the_server_fills_in(page_texts, lang):
    for code, text in page_texts[lang].items():
        forms = text.values() if isinstance(text, dict) else [text]
        for form in forms:
            assert placeholders(form) <= placeholders(MESSAGES[code]), (lang, code, form)
            if isinstance(text, dict):
                assert "count" in placeholders(MESSAGES[code]), (code, "plural forms need a count")


def test_a_refusal_is_explained_in_words_in_german(page_modules):
    script = """
import { readFileSync } from "node:fs";
import { setLanguage } from "./text/i18n.js";
import { explain } from "./text/refusals.js";
setLanguage("de");
console.log(JSON.stringify(JSON.parse(readFileSync(0, "utf8")).map((r) => explain(r))));
"""
    refusals = [
        {"code": "card_covered", "params": {"card": "8s", "by": ["Ks", "4s"]}},
        {"code": "not_thirteen", "params": {"a": "Th", "b": "Js"}},
        {"code": "game_won", "params": {"move": "Td+3c"}},
        {"code": "deal_number_range", "params": {"text": "18446744073709551616"}},
        {
            "code": "record_move",
            "params": {
                "field": "moves",
                "n": 3,
                "move": "7h+6x",
                "reason": {"code": "card_removed", "params": {"card": "7h"}},
            },
        },
    ]
    assert run_node(page_modules, script, refusals) == [
        "Pik-Acht ist noch von Pik-König und Pik-Vier überdeckt",
        "Herz-Zehn und Pik-Bube ergeben zusammen nicht 13",
        "Die Partie ist schon gewonnen",
        "„18446744073709551616“ ist zu groß für eine Partienummer: Die größte ist 18.446.744.073.709.551.615",
        "Im Spielstand, „moves“, Zug 3 („7h+6x“): Herz-Sieben ist schon abgelegt",
    ]
