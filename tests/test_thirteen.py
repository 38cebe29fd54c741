"""Pyramid Thirteen (issue 51): solved by the C kernel as open-stock:passes=1,win=all on the same
cards, and hinted honestly, over the deals consistent with what the player has seen."""

import dataclasses
import json
import random

from tools.consistent_corpus import CORPUS, corpus

from pyramid_solitaire.cli import main
from pyramid_solitaire.engine.cards import card_text
from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import GAMES, get_variant
from pyramid_solitaire.engine.view import view
from pyramid_solitaire.solver.consistent import consistent_deals, judge, unseen_positions
from pyramid_solitaire.solver.hints import advice
from pyramid_solitaire.solver.reference import kernel_plays, plain_solve
from pyramid_solitaire.solver.review import review
from pyramid_solitaire.solver.search import UNKNOWN, UNWINNABLE, WINNABLE, kernel_deal, solve

WINNABLE_DEALS = (18, 21, 32, 40, 45, 48, 52, 73, 111)  # of deals 0-119, as the kernel decides
# What only names or tells a game apart, not what its moves are.
NOT_RULES = {"id", "name_en", "name_de", "summary_en", "summary_de", "pysol_id", "hidden"}


def playout(number: int, moves: int, seed: int) -> Game:
    """Thirteen's deal `number` after up to `moves` random legal moves."""
    rng = random.Random(seed)
    game = Game("thirteen", number=number)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def test_the_kernel_plays_thirteen_as_open_stock_with_one_pass_won_with_all_cards():
    """Every rule field but the face-down cards is open-stock:passes=1,win=all's, and the legal
    moves are the same at every position of random games (a covered card is never available,
    face down or not)."""
    thirteen = Deal.from_number("thirteen", 7)
    twin = kernel_deal(thirteen)
    assert twin is not None and twin.variant == get_variant("open-stock:passes=1,win=all")
    assert twin.cards == thirteen.cards and twin.goal == thirteen.goal == (1 << 52) - 1
    fields = [f.name for f in dataclasses.fields(twin.variant) if f.name not in NOT_RULES]
    assert {f: getattr(twin.variant, f) for f in fields} == {f: getattr(GAMES["thirteen"], f) for f in fields}
    assert kernel_plays(thirteen) and not kernel_plays(Deal.from_number("apophis:passes=4", 7))
    for seed in range(6):
        game = playout(seed, 60, seed)
        for state in game.states:
            assert thirteen.legal_moves(state) == twin.legal_moves(state)


def on_the_way(number: int, share: float) -> Game:
    """Thirteen's deal `number` after the first `share` of the kernel's winning line."""
    game = Game("thirteen", number=number)
    line = solve(game.deal).line
    for move in line[: int(len(line) * share)]:
        game.play(move)
    return game


def test_kernel_verdicts_equal_the_plain_search_late_in_games_and_its_lines_replay():
    """Positions late in a game, where the plain search finishes: random games (almost all lost:
    Thirteen is hard) and winning lines 60% played, and each of them turned off by a random move.
    The same verdict, and each kernel line wins the position in the Thirteen engine."""
    decided = {WINNABLE: 0, UNWINNABLE: 0}
    rng = random.Random(51)
    games = [playout(seed, 30, seed) for seed in range(12)]
    for number in WINNABLE_DEALS:
        games.append(on_the_way(number, 0.6))
        off = on_the_way(number, 0.6)
        off.play(rng.choice(off.legal_moves()))
        games.append(off)
    for game in games:
        deal, state = game.deal, game.state
        plain = plain_solve(deal, state, node_limit=20_000)
        if plain.verdict == UNKNOWN:
            continue
        found = solve(deal, state)
        assert found.verdict == plain.verdict and found.thoughtful, (game, found, plain)
        decided[found.verdict] += 1
        for move in found.line:
            state = deal.apply(state, move)
        assert deal.is_won(state) == (found.verdict == WINNABLE)
    assert min(decided.values()) >= 3, decided  # both verdicts are compared (seen: 16 and 14 of 30)


def test_solve_answers_a_thirteen_deal_from_the_kernel_marked_thoughtful(capsys):
    found = solve(Deal.from_number("thirteen", 18))
    game = Game("thirteen", number=18)
    for move in found.line:
        game.play(str(move))
    assert found.verdict == WINNABLE and game.is_won and found.searched < 50_000
    assert main(["solve", "--variant", "thirteen", "18", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["thoughtful"] is True and "search" not in answer  # the kernel's, not the plain search's
    assert main(["solve", "--variant", "thirteen", "0"]) == 0
    out, err = capsys.readouterr()
    assert out == "unwinnable\n" and "thoughtful" in err and "plain" not in err
    assert "thoughtful" not in solve(Deal.from_number("open-stock:passes=1,win=all", 18)).to_dict(game.deal)


def seen_cards(game: Game) -> set[str]:
    """The cards the page's view names, and the cards gone: what the player has seen."""
    shown = view(game)
    named = [c["card"] for c in shown["pyramid"]] + [shown["stock"]["top"]]
    named += [card for pile in shown["wastes"] for card in pile]
    gone = [card_text(c) for p, c in enumerate(game.deal.cards) if game.state.removed >> p & 1]
    return {card for card in named + gone if card is not None}


def test_the_unseen_cards_are_exactly_those_the_view_does_not_show():
    for seed in range(5):
        game = playout(seed, 40, seed)
        for at in range(len(game.states)):
            probe = Game("thirteen", number=seed)
            for move in game.moves[:at]:
                probe.play(move)
            unseen = {card_text(game.deal.cards[p]) for p in unseen_positions(probe.deal, probe.state)}
            everything = {card_text(c) for c in game.deal.cards}
            assert unseen == everything - seen_cards(probe), (seed, at)


def test_consistent_deals_keep_every_seen_card_and_shuffle_only_the_unseen():
    game = playout(3, 8, 3)
    deal, state = game.deal, game.state
    unseen = set(unseen_positions(deal, state))
    samples = consistent_deals(deal, state, 10)
    assert len({s.cards for s in samples}) == 10  # shuffled, not ten times one order
    for sample in samples:
        assert sorted(sample.cards) == sorted(deal.cards)
        assert all(sample.cards[p] == deal.cards[p] for p in range(52) if p not in unseen)
        assert sample.legal_moves(state) == deal.legal_moves(state)


def hidden_swapped(game: Game) -> Game:
    """The same game played on a deal whose unseen cards lie in reverse order."""
    unseen = unseen_positions(game.deal, game.state)
    cards = list(game.deal.cards)
    for p, q in zip(unseen, reversed(unseen), strict=True):
        cards[p] = game.deal.cards[q]
    other = Game("thirteen", deck=Deal("thirteen", cards).deck_string())
    for move in game.moves:
        other.play(move)
    return other


def test_two_deals_that_differ_only_in_hidden_cards_get_the_same_hint():
    """Broken on purpose and seen to fail: the shuffle started from the unseen cards in their
    real order, and the seed made of every card."""
    for game in (on_the_way(18, 0.1), on_the_way(21, 0.3), playout(5, 3, 5)):
        other = hidden_swapped(game)
        assert other.deal.cards != game.deal.cards
        mine, theirs = advice(game, time_limit=60), advice(other, time_limit=60)  # every sample
        mine.pop("seconds"), theirs.pop("seconds")
        assert mine == theirs and "consistent" in mine


def test_the_hint_is_the_move_winnable_in_most_consistent_deals_counted_move_by_move(capsys, tmp_path):
    """The judge's shortcuts (a lost sample skips its moves, a won one counts its line's first
    move) count what solving every sampled position after every move counts."""
    game = Game("thirteen", number=18)
    for move in solve(game.deal).line[:4]:  # where the moves differ: Ts+3s, Qc+As, draw
        game.play(move)
    judged = judge(game.deal, game.state, samples=12)
    for j in judged:
        wins = sum(
            solve(s, s.apply(game.state, j.move), node_limit=20_000).verdict == WINNABLE
            for s in consistent_deals(game.deal, game.state, 12)
        )
        assert j.winnable == wins, j
    assert any(j.winnable for j in judged) and any(j.winnable < j.samples for j in judged)
    given = advice(game, time_limit=60)
    share = given["consistent"]
    top = max(judge(game.deal, game.state), key=lambda j: j.winnable)
    assert given["move"] == str(top.move) and share["winnable"] == top.winnable and share["samples"] == 40
    assert given["verdict"] == "unknown" and given["checked"] is False  # the real deal is not asked
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.to_record()))
    assert main(["hint", str(record), "--json", "--time-limit", "60"]) == 0
    assert json.loads(capsys.readouterr().out)["consistent"] == share
    assert main(["hint", str(record), "--time-limit", "60"]) == 0
    assert f"winnable in {top.winnable} of 40 deals consistent" in capsys.readouterr().out


def test_the_consistent_corpus_is_what_consistent_py_answers():
    """The page's solver/consistent.js is held to tests/golden/consistent_corpus.json
    (tests/js/consistent.test.mjs): it must still be what consistent.py answers (`python
    tools/consistent_corpus.py` after a change on purpose)."""
    assert json.loads(CORPUS.read_text(encoding="utf-8")) == corpus()


def test_a_spent_time_limit_stops_the_sampling_after_one_sample():
    game = on_the_way(18, 0.1)
    assert advice(game, time_limit=0)["consistent"]["samples"] == 1


def test_a_thirteen_review_says_it_is_thoughtful(capsys, tmp_path):
    game = playout(18, 5, 1)
    assert review(game, time_limit=5).to_dict()["thoughtful"] is True
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.to_record()))
    assert main(["review", str(record), "--time-limit", "5"]) == 0
    assert "\nthoughtful: the marks know the face-down cards" in capsys.readouterr().out
    assert "thoughtful" not in review(Game("pyramid", number=1), time_limit=5).to_dict()


def test_the_servers_hint_carries_the_share_and_its_review_says_thoughtful():
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import app

    client = TestClient(app)
    record = on_the_way(18, 0.1).to_record()
    hint = client.post("/api/hint", json={"record": record}).json()["hint"]
    assert hint["verdict"] == "unknown" and 1 <= hint["consistent"]["samples"] <= 40
    stuck = playout(18, 200, 1)
    assert stuck.is_stuck
    said = client.post("/api/review", json={"record": stuck.to_record()}).json()
    assert said["review"]["thoughtful"] is True


def test_the_server_gives_no_review_or_way_of_thirteen_during_play():
    """Their marks and lines know the face-down cards: refused (409) until the game is over."""
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import app

    client = TestClient(app)
    record = on_the_way(18, 0.1).to_record()
    for route in ("/api/review", "/api/way"):
        refused = client.post(route, json={"record": record})
        assert refused.status_code == 409, route
        assert refused.json()["code"] == "face_down_unseen"
        assert refused.json()["error"].startswith("Pyramid Thirteen keeps cards face down")
    done = playout(18, 200, 1).to_record()
    assert client.post("/api/way", json={"record": done}).status_code == 200
    pyramid = {"version": 1, "variant": "pyramid", "deal": 18, "moves": ["draw"]}
    assert client.post("/api/review", json={"record": pyramid}).status_code == 200
