"""The rule options of engine/variants.py (passes, overlap, win) and the variant text that names them."""

import pytest
from tools.options_corpus import overlap_deck

from pyramid_solitaire.engine.deal import ALL_MASK, PYRAMID_MASK, Deal, IllegalMove, State
from pyramid_solitaire.engine.game import Game, RecordError
from pyramid_solitaire.engine.variants import MAX_PASSES, NAMED, VARIANTS, UnknownVariant, get_variant


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pyramid", "pyramid"),
        ("open-stock:passes=1", "open-stock:passes=1"),
        ("classic:win=all", "classic:win=all"),
        ("pyramid:overlap=yes,passes=unlimited", "pyramid:passes=unlimited,overlap=yes"),
        ("classic:passes=1,overlap=no,win=pyramid", "classic"),  # its own values: the bare id
        ("original:win=all", "original"),  # a named variant keeps its id
        ("original:passes=2", "original:passes=2"),
        ("unlimited:passes=unlimited", "unlimited"),
    ],
)
def test_one_text_names_a_variant_with_options_in_one_order(text, canonical):
    variant = get_variant(text)
    assert variant.text == canonical and get_variant(canonical) == variant


def test_the_options_as_data():
    v = get_variant("pyramid:passes=unlimited,overlap=yes,win=all")
    assert (v.passes, v.recycles, v.overlap, v.win, v.id) == (None, None, True, "all", "pyramid")
    assert get_variant("three-wastes:passes=4").recycles == 3
    assert VARIANTS["pyramid"].options() == {"passes": 3, "overlap": False, "win": "pyramid"}
    assert "(unlimited passes, overlap discards, won with all 52 cards)" in v.name_en


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        ("pyramid:passes=0", "variant_option_value", "1 to 32 or unlimited"),
        ("pyramid:passes=x", "variant_option_value", "1 to 32 or unlimited"),
        (f"pyramid:passes={MAX_PASSES + 1}", "variant_option_value", "passes"),
        ("pyramid:overlap=1", "variant_option_value", "yes or no"),
        ("pyramid:win=stock", "variant_option_value", "pyramid or all"),
        ("pyramid:speed=2", "variant_option_unknown", "passes, overlap and win"),
        ("giza:passes=2", "variant_option_no_stock", "passes"),
        ("pyramid:passes=1,passes=1", "variant_option_twice", "passes"),
        ("pyramid:", "variant_option_syntax", "option=value"),
        ("nile:passes=1", "variant_unknown", "unlimited, pyramid-dozen, tuts-tomb"),
    ],
)
def test_bad_options_are_refused_naming_the_option_and_its_values(text, code, named):
    with pytest.raises(UnknownVariant) as refused:
        get_variant(text)
    assert refused.value.code == code and named in str(refused.value)


def test_named_variants_have_both_languages_and_their_rules():
    assert NAMED["original"].options() == {"passes": 1, "overlap": False, "win": "all"}
    assert NAMED["overlap"].overlap and NAMED["unlimited"].passes is None
    for v in NAMED.values():
        assert v.name_de and v.name_en and len(v.summary_en) > 40 and len(v.summary_de) > 40


def test_overlap_pairs_a_card_with_the_one_card_left_over_it():
    deck = overlap_deck()
    game = Game("pyramid:overlap=yes", deck=deck)
    with pytest.raises(IllegalMove, match="7c is covered by 6c and Kc"):
        game.play("7c+6c")  # two cards over it: no overlap pair
    game.play("Kc")
    assert "7c+6c" in [str(m) for m in game.legal_moves()]
    game.play("6c+7c")
    plain = Game("pyramid", deck=deck)
    plain.play("Kc")
    assert "7c+6c" not in [str(m) for m in plain.legal_moves()]
    with pytest.raises(IllegalMove, match="7c is covered by 6c"):
        plain.play("7c+6c")


def test_an_overlap_pair_needs_the_card_over_it_free():
    deal = Deal.from_deck("pyramid:overlap=yes", overlap_deck())
    gone_kc = State(removed=1 << 22)
    assert deal.overlap_partner(gone_kc, 15) == 21
    covered_6c = State(removed=1 << 22 | 1 << 15)  # 6c (slot 21) is in the bottom row: always free
    assert deal.overlap_partner(covered_6c, 15) is None  # 7c itself gone
    assert deal.overlap_partner(State(), 15) is None  # two cards over it
    assert deal.overlap_partner(State(removed=1 << 27), 20) == 26  # 26 alone over 20, and free
    assert deal.overlap_partner(State(removed=1 << 16), 10) is None  # 15 alone over 10, but covered
    assert deal.overlap_partner(State(removed=1 << 27 | 1 << 26), 20) is None  # nothing over it: free itself


def test_unlimited_passes_recycle_for_ever():
    game = Game("pyramid:passes=unlimited", number=8)
    for _ in range(5):
        while game.deal.can_draw(game.state):
            game.play("draw")
        assert game.passes_left is None and game.deal.can_recycle(game.state)
        game.play("recycle")
    assert game.state.recycles == 5


def test_three_wastes_with_more_passes_deal_each_card_back_onto_its_own_pile():
    game = Game("three-wastes:passes=2", number=4)
    for _ in range(8):
        game.play("draw")
    first = game.deal.waste_positions(game.state)
    game.play("recycle")
    for _ in range(8):
        game.play("draw")
    assert game.deal.waste_positions(game.state) == first  # nothing removed: the same three piles
    assert not game.deal.can_recycle(game.state)


def test_win_all_needs_every_card_gone():
    assert Deal.from_number("classic:win=all", 1).goal == ALL_MASK
    assert Deal.from_number("classic", 1).goal == PYRAMID_MASK
    deal = Deal.from_number("classic:win=all", 1)
    cleared = State(removed=PYRAMID_MASK)
    assert not deal.is_won(cleared) and Deal.from_number("classic", 1).is_won(cleared)
    assert deal.is_won(State(removed=ALL_MASK))
    sevens = deal.with_goal([c for c in deal.cards if c % 13 == 6])
    assert sevens.goal.bit_count() == 4 and not sevens.is_won(State())


def test_records_carry_the_variant_text_and_refuse_bad_options_with_their_code():
    game = Game("pyramid:overlap=yes,passes=unlimited", number=3)
    game.play("draw")
    record = game.to_record()
    assert record["variant"] == "pyramid:passes=unlimited,overlap=yes"
    assert Game.from_record(record).to_record() == record
    with pytest.raises(RecordError) as refused:
        Game.from_record({**record, "variant": "pyramid:passes=0"})
    assert refused.value.params["reason"]["code"] == "variant_option_value"
