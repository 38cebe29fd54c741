"""The rule variants of RULES.md as data: one frozen record per variant, one registry, and the
options any stock variant takes (OPTIONS.md): passes, overlap discards and what wins.

One text names a variant with options everywhere: `VARIANT:option=value,...`, printed in one
canonical order, the options equal to the variant's own left out.

>>> VARIANTS["giza"].has_stock
False
>>> [field for field in PUBLIC_FIELDS if field not in RULE_FIELDS][:3]
['id', 'name_en', 'name_de']
>>> get_variant("pyramid:win=all,passes=unlimited").text
'pyramid:passes=unlimited,win=all'
>>> get_variant("classic:passes=3,overlap=no").text
'classic:passes=3'
>>> get_variant("original").passes, get_variant("original").win
(1, 'all')
"""

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from .errors import Refusal, cut
from .pairing import CHEOPS, DOZEN, ELEVEN, THIRTEEN, Pairing

# The most passes a variant may have: the solver's kernel packs the recycles of a position in a
# few bits of its key (solver/c/kernel.h, PK_MAX_RECYCLES = MAX_PASSES - 1). More passes than
# this never help anyway past a point (a line needs at most one recycle between two removals),
# and `unlimited` is always there.
MAX_PASSES = 32
UNLIMITED = "unlimited"
WINS = ("pyramid", "all")  # what wins: the pyramid's 28 cards, or every card of the pack
OPTIONS = ("passes", "overlap", "win")  # the canonical order of the options in a variant's text


class UnknownVariant(Refusal):
    """A variant id that is not in the registry, or options it does not take."""


@dataclass(frozen=True, kw_only=True)
class Variant:
    """One rule variant: its id, names, the rules as numbers, and a summary in each language.
    Built with keywords only (nine positional values would be easy to put in the wrong order).
    `with_options` (and `get_variant` of a text with options) makes the same variant with other
    passes, overlap discards or win."""

    id: str
    name_de: str
    name_en: str
    passes: int | None  # passes through the stock; 0 where there is no stock (Giza), None: unlimited
    wastes: int  # waste piles a draw deals onto; 0 where there is no stock
    piles: int  # face-up piles of three (Giza), 0 otherwise
    open_stock: bool  # the top card of the stock is available too
    summary_en: str
    summary_de: str
    overlap: bool = False  # a pyramid card may pair with the one card left over it, when that is free
    win: str = "pyramid"  # what wins: "pyramid" (the tableau's cards gone) or "all" (all 52)
    # The rest of the game as data (the six variants take the defaults: RULES.md's game).
    layout: str = "pyramid"  # a key of layouts.LAYOUTS: the tableau and which card covers which
    pile_size: int = 3  # cards in each face-up reserve pile (Giza's 3)
    draw: int = 1  # cards a draw deals onto each waste pile (the waste piles take turns)
    gather: str = "order"  # recycle: "order" (the original order), "piles" (pile 1, 2, 3, and deal)
    pairing: Pairing = THIRTEEN  # which cards pair, which go alone
    hidden: bool = False  # covered tableau cards lie face down until uncovered
    pysol_id: int | None = None  # the game's id in PySolFC (the family's games)

    @property
    def has_stock(self) -> bool:
        """Whether the variant has a stock to draw from (not Giza, Pyramid Dozen, Pharaohs)."""
        return self.wastes > 0

    @property
    def cards_per_draw(self) -> int:
        """Cards one draw takes from the stock."""
        return self.draw * self.wastes

    @property
    def recycles(self) -> int | None:
        """How often the waste may be turned over into a new stock; None: as often as wanted."""
        return None if self.passes is None else max(self.passes - 1, 0)

    @property
    def text(self) -> str:
        """The variant's canonical text: its id, then the options that differ from its own."""
        own = _own(self.id)
        changed = [name for name in OPTIONS if own is None or getattr(self, name) != getattr(own, name)]
        if not changed or own is None:
            return self.id
        return self.id + ":" + ",".join(f"{name}={option_text(self, name)}" for name in changed)

    def options(self) -> dict[str, Any]:
        """The options as data: passes (None: unlimited), overlap, win."""
        return {name: getattr(self, name) for name in OPTIONS}

    def rules(self) -> dict[str, Any]:
        """The rules as data (RULE_FIELDS): what the page's engine and the corpus take."""
        return {name: getattr(self, name) for name in RULE_FIELDS}

    def to_dict(self) -> dict[str, Any]:
        """Every public field (PUBLIC_FIELDS), as the API serves the variants."""
        return {name: getattr(self, name) for name in PUBLIC_FIELDS}


# The public fields, listed once: the API (/api/variants) and the corpus take them from here.
RULE_FIELDS = ("passes", "wastes", "piles", "open_stock", "has_stock", "recycles")
PUBLIC_FIELDS = ("id", "name_en", "name_de", *RULE_FIELDS, "summary_en", "summary_de")

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant(
            id="pyramid",
            name_de="Pyramiden-Solitär",
            name_en="Pyramid",
            passes=3,
            wastes=1,
            piles=0,
            open_stock=False,
            summary_en=(
                "Pair cards that add up to 13, kings go alone. Draw one card at a time onto the "
                "waste; you may go through the stock three times."
            ),
            summary_de=(
                "Bilde Paare mit der Summe 13, Könige gehen allein. Ziehe je eine Karte auf den "
                "Ablagestapel; du darfst den Vorrat dreimal durchgehen."
            ),
        ),
        Variant(
            id="classic",
            name_de="Pyramide (klassisch)",
            name_en="Classic Pyramid",
            passes=1,
            wastes=1,
            piles=0,
            open_stock=False,
            summary_en=(
                "Pair cards that add up to 13, kings go alone. Draw one card at a time onto the "
                "waste; one pass through the stock only."
            ),
            summary_de=(
                "Bilde Paare mit der Summe 13, Könige gehen allein. Ziehe je eine Karte auf den "
                "Ablagestapel; der Vorrat wird nur einmal durchgegangen."
            ),
        ),
        Variant(
            id="classic-redeal",
            name_de="Pyramide mit einem zweiten Durchgang",
            name_en="Pyramid, one redeal",
            passes=2,
            wastes=1,
            piles=0,
            open_stock=False,
            summary_en=(
                "As classic Pyramid, but when the stock runs out you may turn the waste over once "
                "and go through it a second time."
            ),
            summary_de=(
                "Wie die klassische Pyramide, doch wenn der Vorrat leer ist, darfst du den "
                "Ablagestapel einmal umdrehen und ein zweites Mal durchgehen."
            ),
        ),
        Variant(
            id="three-wastes",
            name_de="Solitaire 13 mit drei Ablagen",
            name_en="Solitaire 13, three wastes",
            passes=1,
            wastes=3,
            piles=0,
            open_stock=False,
            summary_en=(
                "Each draw deals three cards, one onto each of three waste piles; the top card of "
                "every waste pile is available. One pass through the stock."
            ),
            summary_de=(
                "Jedes Ziehen legt drei Karten aus, je eine auf drei Ablagestapel; die oberste "
                "Karte jedes Stapels ist spielbar. Der Vorrat wird einmal durchgegangen."
            ),
        ),
        Variant(
            id="giza",
            name_de="Giza",
            name_en="Giza",
            passes=0,
            wastes=0,
            piles=8,
            open_stock=False,
            summary_en=(
                "All cards face up: the pyramid and eight piles of three. The top card of each pile "
                "is available. There is no stock to draw from."
            ),
            summary_de=(
                "Alle Karten offen: die Pyramide und acht Stapel zu je drei Karten. Die oberste "
                "Karte jedes Stapels ist spielbar. Es gibt keinen Vorrat."
            ),
        ),
        Variant(
            id="open-stock",
            name_de="Pyramide mit offenem Vorrat",
            name_en="Pyramid, open stock",
            passes=3,
            wastes=1,
            piles=0,
            open_stock=True,
            summary_en=(
                "As Pyramid (three passes), but the top card of the stock is available too, so it "
                "can be paired without drawing it first."
            ),
            summary_de=(
                "Wie Pyramiden-Solitär (drei Durchgänge), doch auch die oberste Karte des Vorrats "
                "ist spielbar und kann gepaart werden, ohne sie erst zu ziehen."
            ),
        ),
    )
}

# The well-known rule sets as named variants (docs/variants.md gives their sources): each is a
# stock variant with options, under its own id and names.
NAMED: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant(
            id="original",
            name_de="Pyramide (Originalregeln)",
            name_en="Pyramid, the original game",
            passes=1,
            wastes=1,
            piles=0,
            open_stock=False,
            win="all",
            summary_en=(
                "The game as first printed: pair cards that add up to 13, kings go alone, one pass "
                "through the stock, and the game is won only when all 52 cards are gone."
            ),
            summary_de=(
                "Das Spiel wie zuerst gedruckt: Paare mit der Summe 13, Könige allein, ein Durchgang "
                "durch den Vorrat, und gewonnen ist es erst, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="overlap",
            name_de="Pyramiden-Solitär mit Überlappung",
            name_en="Pyramid, overlap discards",
            passes=3,
            wastes=1,
            piles=0,
            open_stock=False,
            overlap=True,
            summary_en=(
                "As Pyramid (three passes), but a card may also pair with the one card left over "
                "it, when that card is free."
            ),
            summary_de=(
                "Wie Pyramiden-Solitär (drei Durchgänge), doch eine Karte darf auch mit der einen "
                "Karte gepaart werden, die sie noch bedeckt, wenn diese frei ist."
            ),
        ),
        Variant(
            id="unlimited",
            name_de="Pyramiden-Solitär ohne Grenze der Durchgänge",
            name_en="Pyramid, unlimited passes",
            passes=None,
            wastes=1,
            piles=0,
            open_stock=False,
            summary_en=(
                "As Pyramid, but you may turn the waste over and go through the stock as often as you like."
            ),
            summary_de=(
                "Wie Pyramiden-Solitär, doch du darfst den Ablagestapel umdrehen und den Vorrat so "
                "oft durchgehen, wie du willst."
            ),
        ),
    )
}

# The Pyramid family (issue 51): the games of PySolFC's pysollib/games/pyramid.py that use a
# pyramid or a triangle and one deck, under PySolFC's names and ids, each a record of the same
# kind (docs/rules-decisions.md says what was decided where PySolFC is silent).
GAMES: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant(
            id="pyramid-dozen",
            name_de="Pyramiden-Dutzend",
            name_en="Pyramid Dozen",
            passes=0,
            wastes=0,
            piles=6,
            pile_size=4,
            open_stock=False,
            win="all",
            pairing=DOZEN,
            pysol_id=846,
            summary_en=(
                "Pair cards that add up to 12, or a queen with a king; no card goes alone. All "
                "cards face up: the pyramid and six piles of four. Won when all 52 cards are gone."
            ),
            summary_de=(
                "Bilde Paare mit der Summe 12 oder eine Dame mit einem König; keine Karte geht "
                "allein. Alle Karten offen: die Pyramide und sechs Stapel zu je vier Karten. "
                "Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="tuts-tomb",
            name_de="Tuts Grab",
            name_en="Tut's Tomb",
            passes=None,
            wastes=1,
            draw=3,
            piles=0,
            open_stock=False,
            pysol_id=681,
            summary_en=(
                "Pair cards that add up to 13, kings go alone. Each draw turns three cards onto "
                "the waste, whose top card is available; go through the stock as often as you "
                "like. Won when the pyramid is cleared."
            ),
            summary_de=(
                "Bilde Paare mit der Summe 13, Könige gehen allein. Jedes Ziehen legt drei Karten "
                "auf den Ablagestapel, dessen oberste Karte spielbar ist; der Vorrat darf beliebig "
                "oft durchgegangen werden. Gewonnen, wenn die Pyramide abgeräumt ist."
            ),
        ),
        Variant(
            id="apophis",
            name_de="Apophis",
            name_en="Apophis",
            passes=3,
            wastes=3,
            gather="piles",
            piles=0,
            open_stock=False,
            win="all",
            pysol_id=658,
            summary_en=(
                "Pair cards that add up to 13, kings go alone. Each draw deals one card onto each "
                "of three waste piles; three rounds, the piles gathered back one after another. "
                "Won when all 52 cards are gone."
            ),
            summary_de=(
                "Bilde Paare mit der Summe 13, Könige gehen allein. Jedes Ziehen legt je eine "
                "Karte auf drei Ablagestapel; drei Runden, die Stapel werden nacheinander wieder "
                "eingesammelt. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="cheops",
            name_de="Cheops",
            name_en="Cheops",
            passes=1,
            wastes=1,
            piles=0,
            open_stock=True,
            win="all",
            pairing=CHEOPS,
            pysol_id=659,
            summary_en=(
                "Pair two cards of the same rank or of next ranks (an ace and a king are not "
                "next); no card goes alone. The top card of the stock is available; one pass. Won "
                "when all 52 cards are gone."
            ),
            summary_de=(
                "Bilde Paare aus zwei Karten gleichen oder benachbarten Rangs (Ass und König sind "
                "nicht benachbart); keine Karte geht allein. Die oberste Karte des Vorrats ist "
                "spielbar; ein Durchgang. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="triangle",
            name_de="Dreieck",
            name_en="Triangle",
            passes=3,
            wastes=1,
            piles=0,
            open_stock=True,
            win="all",
            layout="inverted",
            pysol_id=700,
            summary_en=(
                "An upside-down pyramid: a card is covered by the shorter row below it. Pair cards "
                "that add up to 13, kings go alone; the top card of the stock is available; three "
                "passes. Won when all 52 cards are gone."
            ),
            summary_de=(
                "Eine umgedrehte Pyramide: eine Karte wird von der kürzeren Reihe darunter "
                "bedeckt. Paare mit der Summe 13, Könige allein; die oberste Karte des Vorrats ist "
                "spielbar; drei Durchgänge. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="eleven-triangle",
            name_de="Elfer-Dreieck",
            name_en="Eleven Triangle",
            passes=1,
            wastes=3,
            piles=0,
            open_stock=False,
            win="all",
            layout="inverted",
            pairing=ELEVEN,
            pysol_id=969,
            summary_en=(
                "An upside-down pyramid. Pair cards that add up to 11, or two jacks, two queens or "
                "two kings; no card goes alone. Each draw deals one card onto each of three waste "
                "piles; one pass. Won when all 52 cards are gone."
            ),
            summary_de=(
                "Eine umgedrehte Pyramide. Paare mit der Summe 11 oder zwei Buben, zwei Damen, "
                "zwei Könige; keine Karte geht allein. Jedes Ziehen legt je eine Karte auf drei "
                "Ablagestapel; ein Durchgang. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="pharaohs",
            name_de="Pharaonen",
            name_en="Pharaohs",
            passes=0,
            wastes=0,
            piles=0,
            open_stock=False,
            win="all",
            layout="pharaohs",
            pysol_id=655,
            summary_en=(
                "All 52 cards face up in three pyramids of 2, 7 and 6 rows, no stock. Pair cards "
                "that add up to 13, kings go alone. Won when all 52 cards are gone."
            ),
            summary_de=(
                "Alle 52 Karten offen in drei Pyramiden zu 2, 7 und 6 Reihen, kein Vorrat. Paare "
                "mit der Summe 13, Könige allein. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
        Variant(
            id="thirteen",
            name_de="Pyramide Dreizehn",
            name_en="Pyramid Thirteen",
            passes=1,
            wastes=1,
            piles=0,
            open_stock=True,
            win="all",
            hidden=True,
            pysol_id=44,
            summary_en=(
                "Covered pyramid cards lie face down until uncovered. Pair cards that add up to "
                "13, kings go alone; the top card of the stock is available; one pass. Won when "
                "all 52 cards are gone."
            ),
            summary_de=(
                "Bedeckte Pyramidenkarten liegen verdeckt, bis sie frei werden. Paare mit der "
                "Summe 13, Könige allein; die oberste Karte des Vorrats ist spielbar; ein "
                "Durchgang. Gewonnen, wenn alle 52 Karten weg sind."
            ),
        ),
    )
}

DEFAULT_VARIANT = "pyramid"
OPTION_VALUES = {
    "passes": f"1 to {MAX_PASSES} or {UNLIMITED}",
    "overlap": "yes or no",
    "win": "pyramid or all",
}
# name=value; any value is the option's to refuse, naming its range (passes=-1, passes=+2).
_OPTION = re.compile(r"([a-z]+)=(.*)", re.ASCII | re.DOTALL)
_PASS_COUNT = re.compile(r"[0-9]{1,3}", re.ASCII)  # short: int() of 4,300 digits is refused by Python


def option_text(variant: Variant, name: str) -> str:
    """An option's value as the variant's text writes it."""
    value = getattr(variant, name)
    if name == "passes":
        return UNLIMITED if value is None else str(value)
    if name == "overlap":
        return "yes" if value else "no"
    return str(value)


def _own(variant_id: str) -> Variant | None:
    """The registered variant of an id: one of the six, a named rule set or a game of the family."""
    return VARIANTS.get(variant_id) or NAMED.get(variant_id) or GAMES.get(variant_id)


def get_variant(text: str) -> Variant:
    """The variant a text names: an id (VARIANTS, NAMED or GAMES), then maybe `:option=value,...`.
    UnknownVariant names the known ids (the six, the named rule sets and the family's games: the
    ids the page plays too); a bad option is refused naming it and its values."""
    known = [*VARIANTS, *NAMED, *GAMES]
    if not isinstance(text, str):
        raise UnknownVariant("variant_unknown", variant=cut(text), known=known)
    variant_id, colon, options = text.partition(":")
    variant = _own(variant_id)
    if variant is None:
        raise UnknownVariant("variant_unknown", variant=cut(variant_id), known=known)
    if not colon:
        return variant
    values: dict[str, str] = {}
    for part in options.split(","):
        found = _OPTION.fullmatch(part)
        if found is None:
            raise UnknownVariant("variant_option_syntax", text=cut(part), variant=variant.id)
        name, value = found.groups()
        if name not in OPTIONS:
            raise UnknownVariant("variant_option_unknown", option=cut(name), known=list(OPTIONS))
        if name in values:
            raise UnknownVariant("variant_option_twice", option=name)
        values[name] = value
    return with_options(variant, **values)


def with_options(variant: Variant, **values: str) -> Variant:
    """The variant with options given as their texts (passes="2", overlap="yes", win="all")."""
    changes: dict[str, Any] = {name: _option_value(variant, name, value) for name, value in values.items()}
    changed = dataclasses.replace(variant, **changes)
    own = _own(variant.id) or variant
    differ = [name for name in OPTIONS if getattr(changed, name) != getattr(own, name)]
    if not differ:
        return own
    en = ", ".join(_said(changed, name, "en") for name in differ)
    de = ", ".join(_said(changed, name, "de") for name in differ)
    return dataclasses.replace(
        changed,
        name_en=f"{own.name_en} ({en})",
        name_de=f"{own.name_de} ({de})",
        summary_en=f"{own.summary_en} Options: {en}.",
        summary_de=f"{own.summary_de} Optionen: {de}.",
    )


def _said(variant: Variant, name: str, language: str) -> str:
    """An option in words, for the names and summaries of a variant with options."""
    value = getattr(variant, name)
    if name == "passes":
        if value is None:
            return "unlimited passes" if language == "en" else "beliebig viele Durchgänge"
        if language == "en":
            return "1 pass" if value == 1 else f"{value} passes"
        return "1 Durchgang" if value == 1 else f"{value} Durchgänge"
    if name == "overlap":
        if language == "en":
            return "overlap discards" if value else "no overlap discards"
        return "mit Überlappung" if value else "ohne Überlappung"
    if language == "en":
        return "won with all 52 cards" if value == "all" else "won with the pyramid"
    return "gewonnen mit allen 52 Karten" if value == "all" else "gewonnen mit der Pyramide"


def _option_value(variant: Variant, name: str, value: str) -> Any:
    def refuse() -> UnknownVariant:
        return UnknownVariant(
            "variant_option_value", option=name, value=cut(value), allowed=OPTION_VALUES[name]
        )

    if name == "passes":
        if not variant.has_stock:
            raise UnknownVariant(
                "variant_option_no_stock", option=name, variant=variant.id, name=variant.name_en
            )
        if value == UNLIMITED:
            return None
        if not _PASS_COUNT.fullmatch(value) or not 1 <= int(value) <= MAX_PASSES:
            raise refuse()
        return int(value)
    if name == "overlap":
        if value not in ("yes", "no"):
            raise refuse()
        return value == "yes"
    if value not in WINS:
        raise refuse()
    return value
