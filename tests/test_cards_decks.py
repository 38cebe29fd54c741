from pathlib import Path

import pytest

from pyramid_solitaire.cards import CardError, card_text, pairs, parse_card, value
from pyramid_solitaire.decks import DeckError, deal_cards, format_deck, parse_deck

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


@pytest.mark.parametrize("bad", [-1, 2**64, "7", 1.5, True])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(DeckError):
        deal_cards(bad)


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
    with pytest.raises(DeckError, match=r"51 cards: Th is missing"):
        parse_deck(" ".join(cards[:-1]))


def test_deck_with_a_card_twice_names_it_and_the_missing_one():
    deck = format_deck(deal_cards(0)).replace("Th", "Kc")
    with pytest.raises(DeckError, match=r"Kc is repeated; Th is missing"):
        parse_deck(deck)


def test_deck_with_an_unknown_card_names_its_position():
    deck = format_deck(deal_cards(0)).replace("Th", "Tx")
    with pytest.raises(DeckError, match=r"card 52: 'Tx' is not a card"):
        parse_deck(deck)


def test_daily_deal_is_fixed_per_day_and_variant():
    from datetime import date

    from pyramid_solitaire.decks import MAX_DEAL, daily_deal

    day = date(2026, 11, 29)
    assert daily_deal("pyramid", day) == daily_deal("pyramid", date(2026, 11, 29))
    others = {daily_deal("giza", day), daily_deal("pyramid", date(2026, 11, 30)), daily_deal("pyramid", day)}
    assert len(others) == 3 and all(0 <= n < MAX_DEAL for n in others)
