"""The players no grade was tuned on (goals/outsiders.py): each plays its habit, seeded."""

from pyramid_solitaire.engine.deal import START, Deal, MoveKind
from pyramid_solitaire.goals import outsiders
from pyramid_solitaire.goals.measures import decide

DEAL = Deal.from_number("pyramid", 6)  # its first position: Ks, 9h+4h, Qc+Ad, draw
MOVES = DEAL.legal_moves(START)


def of_kind(kind):
    return [m for m in MOVES if m.kind == kind]


def test_the_first_position_offers_a_king_pairs_and_a_draw():
    assert of_kind(MoveKind.KING) and len(of_kind(MoveKind.PAIR)) >= 2 and of_kind(MoveKind.DRAW)


def test_the_lowest_card_player_takes_the_pair_with_the_lowest_card_and_a_king_last():
    def score(move):
        return outsiders.lowest_score(DEAL, START, move)

    lowest = min(card % 13 + 1 for m in of_kind(MoveKind.PAIR) for card in m.cards)
    assert min(card % 13 + 1 for card in max(MOVES, key=score).cards) == lowest
    king, draw = score(of_kind(MoveKind.KING)[0]), score(of_kind(MoveKind.DRAW)[0])
    assert all(score(pair) > king > draw for pair in of_kind(MoveKind.PAIR))


def test_the_king_first_player_takes_a_king_then_any_pair_alike_then_draws():
    def score(move):
        return outsiders.kingfirst_score(DEAL, START, move)

    pairs = {score(m) for m in of_kind(MoveKind.PAIR)}
    assert len(pairs) == 1  # a tie: the seeded draw picks among them
    assert score(of_kind(MoveKind.KING)[0]) > pairs.pop() > score(of_kind(MoveKind.DRAW)[0])


def test_the_two_move_player_sees_a_win_one_and_two_moves_ahead():
    """Along the solver's winning line: its last move wins at once, the one before wins next."""
    line = decide(DEAL).line
    state = START
    for move in line[:-2]:
        state = DEAL.apply(state, move)
    assert outsiders.lookahead2_score(DEAL, state, line[-2]) == 5_000
    before_last = DEAL.apply(state, line[-2])
    assert outsiders.lookahead2_score(DEAL, before_last, line[-1]) == 10_000


def test_each_player_wins_the_same_games_every_time():
    """Pyramid deal 1 (the greedy player wins 12 of 16): each wins some of 6 games, not all."""
    deal = Deal.from_number("pyramid", 1)
    for player in outsiders.OUTSIDERS:
        won = outsiders.outsider_wins(deal, player, 6)
        assert won == outsiders.outsider_wins(deal, player, 6), player
        assert 0 < won < 6, player
