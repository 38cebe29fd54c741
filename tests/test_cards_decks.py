from pathlib import Path

import pytest

from pyramid_solitaire.engine.cards import CardError, card_text, pairs, parse_card, value
from pyramid_solitaire.engine.decks import (
    MAX_DEAL,
    RANDOM_DEALS,
    DeckError,
    deal_cards,
    format_deck,
    parse_deal_number,
    parse_deck,
    random_deal,
)

GOLDEN = Path(__file__).parent / "golden" / "deals.txt"


def golden_deals():
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            number, deck = line.split(":", 1)
            yield int(number), deck.strip()


@pytest.mark.parametrize("number,deck", list(golden_deals()))
def test_deal_numbers_match_golden_decks(number, deck):
    assert format_deck(deal_cards(number)) == deck


def test_deal_one_is_the_issue_string():
    assert format_deck(deal_cards(1)).startswith("7d 9c 4d 8h 8d 5s Jd 6d 9s Jc")
    assert format_deck(deal_cards(1)).endswith("Tc 3h 2s 9h 7s")


@pytest.mark.parametrize(
    "given,number",
    [(0, 0), (7, 7), ("7", 7), ("007", 7), (2**64 - 1, 2**64 - 1), (str(2**64 - 1), 2**64 - 1)],
)
def test_deal_numbers_are_whole_numbers_or_their_digits(given, number):
    assert parse_deal_number(given) == number


@pytest.mark.parametrize(
    "bad,code",
    [
        (True, "deal_number_invalid"),
        (1.0, "deal_number_invalid"),
        (1.5, "deal_number_invalid"),
        ("1e2", "deal_number_invalid"),
        ("1.0", "deal_number_invalid"),
        (" 7", "deal_number_invalid"),
        ("+7", "deal_number_invalid"),
        ("", "deal_number_invalid"),
        ("²", "deal_number_invalid"),
        (None, "deal_number_invalid"),
        ([7], "deal_number_invalid"),
        (-1, "deal_number_range"),
        ("-5", "deal_number_range"),
        (2**64, "deal_number_range"),
        (str(2**64), "deal_number_range"),
        ("9" * 5000, "deal_number_range"),
    ],
)
def test_bad_deal_numbers_are_refused_with_a_code(bad, code):
    with pytest.raises(DeckError) as refused:
        deal_cards(bad)
    assert refused.value.code == code and len(str(refused.value)) < 120


def test_random_deals_are_below_the_random_range():
    assert RANDOM_DEALS == 2**31
    assert all(0 <= random_deal() < RANDOM_DEALS for _ in range(200))


def test_card_values_and_text():
    assert [value(parse_card(t)) for t in "Ah 2c Td Jc Qs Kh".split()] == [1, 2, 10, 11, 12, 13]
    assert card_text(0) == "Ac" and card_text(51) == "Ks"
    assert [card_text(parse_card(t)) for t in ("10h", "TD", "qS", "as")] == ["Th", "Td", "Qs", "As"]


@pytest.mark.parametrize("bad", ["", "A", "1h", "Ax", "11c", "Joker", "h7"])
def test_bad_card_texts_name_the_text(bad):
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)


def test_pairs_add_up_to_13_and_equal_values_never_pair():
    c = parse_card
    assert pairs(c("Ah"), c("Qs")) and pairs(c("6c"), c("7d")) and pairs(c("3h"), c("Tc"))
    assert pairs(c("8h"), c("5h")) and not pairs(c("8h"), c("8d")) and not pairs(c("Kh"), c("Kd"))
    assert not pairs(c("Kh"), c("Ad"))


def test_deck_string_round_trips_and_accepts_tens_and_upper_case():
    deck = format_deck(deal_cards(5))
    assert format_deck(parse_deck(deck)) == deck
    loose = deck.replace("T", "10").upper()
    assert format_deck(parse_deck("  \n" + loose + "\t")) == deck


def test_deck_with_51_cards_names_the_missing_card():
    cards = format_deck(deal_cards(0)).split()
    with pytest.raises(DeckError, match=r"51 cards; missing: Th$") as refused:
        parse_deck(" ".join(cards[:-1]))
    assert refused.value.code == "deck_missing" and refused.value.params == {"count": 51, "missing": ["Th"]}


def test_deck_with_a_card_twice_names_it_and_the_missing_one():
    deck = format_deck(deal_cards(0)).replace("Th", "Kc")
    with pytest.raises(DeckError, match=r"repeated: Kc; missing: Th$") as refused:
        parse_deck(deck)
    assert refused.value.code == "deck_repeated_missing"
    cards = format_deck(deal_cards(0)).split()
    with pytest.raises(DeckError, match=r"has 54 cards; repeated: Ac and Kc$"):
        parse_deck(" ".join(cards + ["Ac", "Kc"]))


def test_deck_with_an_unknown_card_names_its_position():
    deck = format_deck(deal_cards(0)).replace("Th", "Tx")
    with pytest.raises(DeckError, match=r"card 52: 'Tx' is not a card"):
        parse_deck(deck)


def test_daily_deal_is_fixed_per_day_and_variant():
    from datetime import date

    from pyramid_solitaire.engine.decks import daily_deal

    day = date(2026, 11, 29)
    # Pinned: everyone, on every server version, gets the same daily deal for a day and variant.
    assert daily_deal("pyramid", day) == 2109691077223751140
    assert daily_deal("giza", day) == 1209235614199521550
    others = {daily_deal("giza", day), daily_deal("pyramid", date(2026, 11, 30)), daily_deal("pyramid", day)}
    assert len(others) == 3 and all(0 <= n < MAX_DEAL for n in others)
