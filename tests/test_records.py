"""hint, review and play --load read what the page writes: a bare record, its save, its Export
file; play --save writes an Export file that the page's own import check accepts."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.cli.records import export_file, read_game
from pyramid_solitaire.engine.game import Game

STATE_JS = Path(__file__).parents[1] / "src" / "pyramid_solitaire" / "static" / "js"
RECORD = {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Kc", "Kh"], "redo": []}
GIZA = {"version": 1, "variant": "giza", "deal": 7, "moves": [], "redo": []}


def save(record: dict, fmt: int | None = 3) -> dict:
    """A save as the page's store.js writes it (format 1 had no format field)."""
    if fmt is None:
        return {"record": record, "elapsed": 1200}
    extra = {"revision": 4, "lastMove": "2026-12-01T09:00:00.000Z", "game": "pyramid:1:x"} if fmt == 3 else {}
    return {"format": fmt, "record": record, "elapsed": 1200, "saved": "2026-12-01T09:00:01.000Z", **extra}


def export(*saves: tuple[str, dict]) -> dict:
    game = Game("pyramid", number=1)
    data = export_file(game)
    data["saves"] = dict(saves)
    return data


@pytest.mark.parametrize(
    "data",
    [
        RECORD,
        save(RECORD),
        save(RECORD, 2),
        save(RECORD, None),
        export(("pyramid", save(RECORD))),
        export(("pyramid", save({k: v for k, v in RECORD.items() if k != "variant"}))),  # the key names it
    ],
    ids=["record", "save", "save-format-2", "save-format-1", "export", "export-record-without-variant"],
)
def test_every_form_of_a_saved_game_reads_as_the_same_game(data):
    game = read_game(json.dumps(data))
    assert (game.variant.id, game.deal.number, [str(m) for m in game.moves]) == ("pyramid", 1, ["Kc", "Kh"])


def test_a_save_without_a_variant_is_read_as_the_variant_its_export_key_names():
    """The page may write a save's record without a variant (its key names it): not Pyramid."""
    bare = {k: v for k, v in GIZA.items() if k != "variant"}
    assert read_game(json.dumps(export(("giza", save(bare))))).variant.id == "giza"
    data = json.dumps(export(("pyramid", save(RECORD)), ("giza", save(bare))))
    assert read_game(data, "giza").variant.id == "giza"
    assert read_game(json.dumps(save(bare)), "giza").variant.id == "giza"  # a save with --variant


def test_the_variant_picks_the_save_inside_an_export_of_several():
    data = json.dumps(export(("pyramid", save(RECORD)), ("giza", save(GIZA))))
    assert read_game(data, "giza").variant.id == "giza"
    assert read_game(data, "pyramid").moves[0].cards  # Kc
    with pytest.raises(ValueError, match="holds saves of giza and pyramid: pick one with --variant"):
        read_game(data)
    with pytest.raises(ValueError, match=r"holds no save of classic \(it holds: giza and pyramid\)"):
        read_game(data, "classic")


def test_what_is_no_game_is_refused_saying_why():
    with pytest.raises(ValueError, match="not valid JSON"):
        read_game("{")
    with pytest.raises(ValueError, match="saved game format 9 is not one this version reads"):
        read_game(json.dumps(save(RECORD, 9)))
    with pytest.raises(ValueError, match="holds no saved game"):
        read_game(json.dumps(export()))
    with pytest.raises(ValueError, match="unknown field"):
        read_game(json.dumps({**RECORD, "cheat": 1}))


def test_hint_and_review_read_the_pages_export(tmp_path, capsys):
    path = tmp_path / "pyramid-solitaire-2026-12-01.json"
    path.write_text(json.dumps(export(("pyramid", save(RECORD)), ("giza", save(GIZA)))))
    assert main(["hint", str(path), "--variant", "pyramid", "--time-limit", "10"]) == 0
    assert capsys.readouterr().out.startswith("winnable: play 5h+8s")
    assert main(["review", str(path), "-v", "pyramid", "--time-limit", "20"]) == 0
    assert "  1. Kc  winnable\n  2. Kh  winnable" in capsys.readouterr().out
    assert main(["hint", str(path)]) == 2
    assert "pick one with --variant" in capsys.readouterr().err


def test_play_saves_an_export_and_loads_it_again(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", _lines("Kc", "hint", "save", "quit"))
    assert main(["play", "1", "--save", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "winnable: play Kh" in shown and f"saved to {path}" in shown
    data = json.loads(path.read_text())
    assert data["app"] == "pyramid-solitaire" and data["saves"]["pyramid"]["record"]["moves"] == ["Kc"]
    monkeypatch.setattr("sys.stdin", _lines("moves", "quit"))
    assert main(["play", "--load", str(path), "--save", str(path)]) == 0
    assert "Kh" in capsys.readouterr().out.split("> ")[1]  # the loaded game goes on after Kc
    assert main(["play", "1", "--load", str(path)]) == 2  # a deal and a saved game: which one?


def test_a_stuck_game_ends_with_the_solvers_review(monkeypatch, capsys):
    game = Game("classic", number=1)
    while not game.is_stuck:
        game.play("draw" if game.deal.can_draw(game.state) else game.legal_moves()[0])
    line = [str(m) for m in game.moves]
    monkeypatch.setattr("sys.stdin", _lines(*line))
    assert main(["play", "--variant", "classic", "1"]) == 1
    shown = capsys.readouterr().out
    assert "Review by the solver:" in shown and "the deal cannot be won from the start" in shown


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's import check")
def test_the_pages_import_accepts_what_play_saves(tmp_path):
    game = Game("open-stock", number=12)
    game.play(game.legal_moves()[0])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export_file(game)))
    check = f"""
        import {{ readFileSync }} from "node:fs";
        import {{ checkFile }} from "{STATE_JS / "state" / "transfer.js"}";
        import {{ Game }} from "{STATE_JS / "rules" / "game.js"}";
        const known = ["pyramid", "classic", "classic-redeal", "three-wastes", "giza", "open-stock"];
        const data = await checkFile(readFileSync("{path}", "utf8"), known, async (r) => Game.fromRecord(r));
        console.log(JSON.stringify(data.saves["open-stock"].record));
    """
    done = subprocess.run(
        ["node", "--input-type=module", "-e", check], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == game.to_record()


def _lines(*lines: str):
    import io

    return io.StringIO("".join(line + "\n" for line in lines))
