"""The rule variants of RULES.md as data: one frozen record per variant, one registry.

>>> VARIANTS["giza"].has_stock
False
>>> [field for field in PUBLIC_FIELDS if field not in RULE_FIELDS][:3]
['id', 'name_en', 'name_de']
"""

from dataclasses import dataclass
from typing import Any

from .errors import Refusal, cut


class UnknownVariant(Refusal):
    """A variant id that is not in the registry."""


@dataclass(frozen=True, kw_only=True)
class Variant:
    """One rule variant: its id, names, the rules as numbers, and a summary in each language.
    Built with keywords only (nine positional values would be easy to put in the wrong order)."""

    id: str
    name_de: str
    name_en: str
    passes: int  # passes through the stock; 0 where there is no stock (Giza)
    wastes: int  # waste piles a draw deals onto; 0 where there is no stock
    piles: int  # face-up piles of three (Giza), 0 otherwise
    open_stock: bool  # the top card of the stock is available too
    summary_en: str
    summary_de: str

    @property
    def has_stock(self) -> bool:
        """Whether the variant has a stock to draw from (all but Giza)."""
        return self.piles == 0

    @property
    def recycles(self) -> int:
        """How often the waste may be turned over into a new stock."""
        return max(self.passes - 1, 0)

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

DEFAULT_VARIANT = "pyramid"


def get_variant(variant_id: str) -> Variant:
    """The variant of an id; UnknownVariant names the known ones."""
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        raise UnknownVariant("variant_unknown", variant=cut(variant_id), known=list(VARIANTS)) from None
