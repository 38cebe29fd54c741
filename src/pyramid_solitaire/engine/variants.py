"""The rule variants of RULES.md as data: one frozen record per variant, one registry."""

from dataclasses import dataclass

from .errors import Refusal, cut


class UnknownVariant(Refusal):
    """A variant id that is not in the registry."""


@dataclass(frozen=True)
class Variant:
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
        return self.piles == 0

    @property
    def recycles(self) -> int:
        """How often the waste may be turned over into a new stock."""
        return max(self.passes - 1, 0)


VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant(
            "pyramid",
            "Pyramiden-Solitär",
            "Pyramid",
            3,
            1,
            0,
            False,
            "Pair cards that add up to 13, kings go alone. Draw one card at a time onto the "
            "waste; you may go through the stock three times.",
            "Bilde Paare mit der Summe 13, Könige gehen allein. Ziehe je eine Karte auf den "
            "Ablagestapel; du darfst den Vorrat dreimal durchgehen.",
        ),
        Variant(
            "classic",
            "Pyramide (klassisch)",
            "Classic Pyramid",
            1,
            1,
            0,
            False,
            "Pair cards that add up to 13, kings go alone. Draw one card at a time onto the "
            "waste; one pass through the stock only.",
            "Bilde Paare mit der Summe 13, Könige gehen allein. Ziehe je eine Karte auf den "
            "Ablagestapel; der Vorrat wird nur einmal durchgegangen.",
        ),
        Variant(
            "classic-redeal",
            "Pyramide mit einem zweiten Durchgang",
            "Pyramid, one redeal",
            2,
            1,
            0,
            False,
            "As classic Pyramid, but when the stock runs out you may turn the waste over once "
            "and go through it a second time.",
            "Wie die klassische Pyramide, doch wenn der Vorrat leer ist, darfst du den "
            "Ablagestapel einmal umdrehen und ein zweites Mal durchgehen.",
        ),
        Variant(
            "three-wastes",
            "Solitaire 13 mit drei Ablagen",
            "Solitaire 13, three wastes",
            1,
            3,
            0,
            False,
            "Each draw deals three cards, one onto each of three waste piles; the top card of "
            "every waste pile is available. One pass through the stock.",
            "Jedes Ziehen legt drei Karten aus, je eine auf drei Ablagestapel; die oberste "
            "Karte jedes Stapels ist spielbar. Der Vorrat wird einmal durchgegangen.",
        ),
        Variant(
            "giza",
            "Giza",
            "Giza",
            0,
            0,
            8,
            False,
            "All cards face up: the pyramid and eight piles of three. The top card of each pile "
            "is available. There is no stock to draw from.",
            "Alle Karten offen: die Pyramide und acht Stapel zu je drei Karten. Die oberste "
            "Karte jedes Stapels ist spielbar. Es gibt keinen Vorrat.",
        ),
        Variant(
            "open-stock",
            "Pyramide mit offenem Vorrat",
            "Pyramid, open stock",
            3,
            1,
            0,
            True,
            "As Pyramid (three passes), but the top card of the stock is available too, so it "
            "can be paired without drawing it first.",
            "Wie Pyramiden-Solitär (drei Durchgänge), doch auch die oberste Karte des Vorrats "
            "ist spielbar und kann gepaart werden, ohne sie erst zu ziehen.",
        ),
    )
}

DEFAULT_VARIANT = "pyramid"


def get_variant(variant_id: str) -> Variant:
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        raise UnknownVariant("variant_unknown", variant=cut(variant_id), known=list(VARIANTS)) from None
