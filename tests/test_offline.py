"""The service worker route (/sw.js): the whole page in its file list, a release that changes with
any file of the page, never cached by the browser; and the web app manifest."""

import json
import re
import shutil

import pytest
from fastapi.testclient import TestClient

from pyramid_solitaire.web import create_app
from pyramid_solitaire.web.offline import service_worker_source
from pyramid_solitaire.web.settings import STATIC

client = TestClient(create_app())


def worker_constants(text: str) -> tuple[str, list[str]]:
    release = re.search(r"^const RELEASE = (.*);$", text, re.M)
    assets = re.search(r"^const FILES = (.*);$", text, re.M)
    assert release and assets, "the worker's RELEASE and FILES lines"
    return json.loads(release.group(1)), json.loads(assets.group(1))


@pytest.mark.slow  # 11 s at load 26 (pytest --durations, 1 Dec 2026)
def test_worker_lists_every_file_of_the_page_and_each_one_loads():
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"  # how a new release reaches the player
    release, assets = worker_constants(answer.text)
    assert release != "dev" and release.startswith(("0", "1", "2"))
    for needed in ("/", "/static/js/rules/game.js", "/static/css/style.css", "/static/cards/Kh.svg"):
        assert needed in assets
    modules = {f"/static/{p.relative_to(STATIC).as_posix()}" for p in (STATIC / "js").rglob("*.js")}
    assert modules - set(assets) == set(), "modules in folders of static/js/ are kept for offline play"
    assert "/static/cards/back.svg" in assets and "/static/manifest.webmanifest" in assets
    assert "/static/sw.js" not in assets
    for url, digest in assets.items():  # the worker's hash of each file is the file's ETag
        served = client.get(url)
        assert served.status_code == 200 and served.headers["etag"] == f'"{digest}"', url


def test_release_changes_with_any_file_of_the_page(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    before, old = worker_constants(service_worker_source(static))
    card = static / "cards" / "Kh.svg"
    card.write_bytes(card.read_bytes() + b"\n")
    after, assets = worker_constants(service_worker_source(static))
    assert before != after
    changed = {url for url in assets if assets[url] != old[url]}
    assert changed == {"/static/cards/Kh.svg"}  # the worker fetches this one file again


def test_manifest_names_the_page_and_its_icons():
    answer = client.get("/static/manifest.webmanifest")
    assert answer.status_code == 200
    manifest = answer.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]


def test_the_service_worker_has_a_content_etag_and_an_unchanged_one_is_a_304():
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web.application import create_app

    client = TestClient(create_app())
    first = client.get("/sw.js")
    assert first.headers["cache-control"] == "no-cache" and first.headers["etag"].startswith('"')
    again = client.get("/sw.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
