"""`pyramid-solitaire site DIR`: the page as plain files (web/site.py); played in
tests/browser/test_static_site.py."""

import json

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.web.routes.about import variants_answer
from pyramid_solitaire.web.site import SiteError, write_site


def test_the_site_has_the_page_its_files_the_variants_and_a_filled_in_service_worker(tmp_path):
    site = tmp_path / "site"
    files = {p.relative_to(site).as_posix() for p in write_site(site)}
    wanted = {
        "index.html",
        "sw.js",
        "api/variants",
        "api/version",
        "static/js/main.js",
        "static/js/solver/kernel.wasm",
    }
    assert wanted <= files
    assert "static/sw.js" not in files  # the template: the filled-in worker is /sw.js
    assert json.loads((site / "api" / "variants").read_text()) == variants_answer()
    assert json.loads((site / "api" / "version").read_text())["site"] is True  # no server behind it
    worker = (site / "sw.js").read_text()
    assert "/*ASSETS*/ []" not in worker and '"/static/js/solver/kernel.wasm"' in worker
    assert '"/static/js/solver/worker.js"' in worker
    assert "wasm-unsafe-eval" in (site / "_headers").read_text()


def test_the_site_is_written_only_into_a_new_or_empty_folder(tmp_path):
    (tmp_path / "kept.txt").write_text("mine")
    with pytest.raises(SiteError, match="not an empty folder"):
        write_site(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


def test_the_site_command(tmp_path, capsys):
    assert main(["site", str(tmp_path / "out")]) == 0
    assert "files" in capsys.readouterr().out and (tmp_path / "out" / "index.html").exists()
    assert main(["site", str(tmp_path / "out")]) == 2
    out, err = capsys.readouterr()  # the error on standard error, as every command's (issue 52)
    assert out == "" and err.startswith("pyramid-solitaire site: error: ") and "not an empty folder" in err


def test_the_site_writes_brotli_and_gzip_copies_beside_its_text_files_and_the_kernel(tmp_path):
    import gzip

    import brotli

    site = tmp_path / "site"
    write_site(site)
    for name in ("index.html", "sw.js", "api/variants", "static/js/solver/kernel.wasm"):
        body = (site / name).read_bytes()
        assert brotli.decompress((site / f"{name}.br").read_bytes()) == body
        assert gzip.decompress((site / f"{name}.gz").read_bytes()) == body
    assert not list(site.rglob("*.png.gz")) and not list(site.rglob("*.gz.br"))  # images, copies: not again
    again = tmp_path / "again"
    write_site(again)  # the same bytes on every run: a rerun uploads only what changed
    assert (site / "index.html.gz").read_bytes() == (again / "index.html.gz").read_bytes()
    packed = {suffix: sum(p.stat().st_size for p in site.rglob(f"*{suffix}")) for suffix in (".br", ".gz")}
    assert packed[".br"] < packed[".gz"]
