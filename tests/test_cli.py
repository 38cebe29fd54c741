import io
import subprocess
import sys

import pytest

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.decks import deal_cards, format_deck
from pyramid_solitaire.engine.game import Game

DEAL_1 = (
    "7d 9c 4d 8h 8d 5s Jd 6d 9s Jc 5d Kd 3c 2d Jh 5h 7h 4h 2c Ad 6s Kc Kh Th Ts Js Td 8s Qc 4s "
    "6c 7c As 5c Ah Ks 6h Qs Qh Qd 9d 3d 3s Ac 4c 2h 8c Tc 3h 2s 9h 7s"
)


def run(capsys, *argv, stdin=""):
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(argv))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_the_deck_string(capsys):
    assert run(capsys, "deal", "1", "--format", "deck") == (0, DEAL_1 + "\n", "")


def test_deal_draws_a_triangle_and_the_stock(capsys):
    code, out, _ = run(capsys, "deal", "1")
    lines = out.splitlines()
    assert code == 0 and lines[1].strip() == "7d" and lines[7].split() == "Kc Kh Th Ts Js Td 8s".split()
    assert "stock: 24 cards; passes left: 3" in out


def test_giza_deal_shows_eight_piles_of_three(capsys):
    code, out, _ = run(capsys, "deal", "--variant", "giza", "1")
    piles = out.splitlines()[-1]
    assert code == 0 and "1:[Qc 4s 6c]" in piles and "8:[2s 9h 7s]" in piles and "stock" not in out


def test_deal_from_a_deck_string(capsys):
    deck = format_deck(deal_cards(77))
    assert run(capsys, "deal", "--deck", deck, "--format", "deck")[1].strip() == deck


@pytest.mark.parametrize(
    "argv,message",
    [
        (["deal", "--deck", " ".join(DEAL_1.split()[:51])], "51 cards; missing: 7s"),
        (["deal", "--deck", DEAL_1.replace("7s", "9h")], "repeated: 9h; missing: 7s"),
        (["deal", "--variant", "spider", "1"], "unknown variant 'spider'"),
        (
            ["deal", "--variant", "classic:passes=0", "1"],
            "passes=0 is not allowed (passes: 1 to 32 or unlimited)",
        ),
        (["solve", "--variant", "giza:passes=2", "1"], "option passes does not fit Giza: it has no stock"),
        (["stats", "--variant", "pyramid:x=1", "--deals", "0..1"], "unknown option 'x'"),
        (["deal", "-5"], "deal number -5 is out of range"),
        (["deal", "1e2"], "'1e2' is not a deal number"),
        (["deal", str(2**64)], "out of range"),
        (["deal", "1", "--random"], "give one deal source only, not a deal number and --random"),
        (["deal"], "needs a deal number"),
        (["deal", "1", "--colour"], "unrecognized arguments: --colour"),
        (["solve", "1", "--time-limit", "soon"], "'soon' is not a time limit"),
        (["hint", "/no/such/record.json"], "cannot read /no/such/record.json"),
        (["dance"], "invalid choice: 'dance'"),
        ([], "required: command"),
    ],
)
def test_bad_input_exits_2_with_a_one_line_error(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("pyramid-solitaire") and err.endswith("\n"), err


def test_a_hostile_deck_string_gives_one_short_line(capsys):
    code, _, err = run(capsys, "deal", "--deck", "\n".join(["Zz\u2028" * 20_000] * 3))
    assert code == 2 and len(err.splitlines()) == 1 and len(err) < 200, err


def test_random_deals_are_below_2_to_the_31(capsys):
    for _ in range(20):
        code, out, _ = run(capsys, "deal", "--random")
        number = int(out.splitlines()[0].split("deal ")[1])
        assert code == 0 and 0 <= number < 2**31


def test_help_still_prints_and_exits_0(capsys):
    code, out, err = run(capsys, "deal", "--help")
    assert code == 0 and "--deck" in out and err == ""


def test_variants_lists_every_id(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0 and all(v in out for v in ("pyramid", "three-wastes", "giza", "open-stock"))


def test_play_reads_moves_and_reports_illegal_ones(capsys):
    script = "Kc\nmoves\nQs+Ah\nundo\nredo\nfoo\nquit\n"
    code, out, _ = run(capsys, "play", "1", stdin=script)
    assert code == 0
    assert "Kh draw" in out  # the legal moves after Kc
    assert "not possible: Ah is still in the stock" in out
    assert "undid Kc" in out and "redid Kc" in out and "not possible: 'foo' is not a move" in out


def test_play_redraws_the_board_after_a_move_undo_and_redo_only(capsys):
    from pyramid_solitaire.engine.board import draw_board

    code, out, _ = run(capsys, "play", "1", stdin="Kc\nmoves\nundo\nredo\nfoo\nquit\n")
    game = Game("pyramid", number=1)
    start = draw_board(game.deal, game.state, mark=True)
    game.play("Kc")
    after = draw_board(game.deal, game.state, mark=True)
    assert code == 0 and start != after
    # the board at the start, after Kc, after undo and after redo; a list or a refused move shows none
    assert (out.count(start), out.count(after)) == (2, 2)
    assert out.index(start) < out.index(after) < out.index("undid Kc") < out.rindex(start) < out.rindex(after)


def test_play_wins_a_deal_to_the_end(capsys):
    game = Game("pyramid", number=1)
    while game.legal_moves():  # always the first legal move happens to win deal 1
        game.play(game.legal_moves()[0])
    assert game.is_won
    script = "\n".join(str(m) for m in game.moves) + "\n"
    code, out, _ = run(capsys, "play", "1", stdin=script)
    assert code == 0 and f"You won in {len(game.moves)} moves!" in out


def test_play_reports_stuck(capsys):
    game = Game("classic", number=0)
    while game.legal_moves():  # always the last legal move: draws through the one pass
        game.play(game.legal_moves()[-1])
    assert game.is_stuck
    script = "\n".join(str(m) for m in game.moves) + "\n"
    code, out, _ = run(capsys, "play", "--variant", "classic", "0", stdin=script)
    assert "the game is stuck" in out and code == 1


def test_console_script_runs_as_a_program():
    result = subprocess.run(
        [sys.executable, "-m", "pyramid_solitaire.cli", "deal", "1", "--format", "deck"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == DEAL_1
