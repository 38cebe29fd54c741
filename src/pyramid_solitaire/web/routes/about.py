"""What the page reads once: the server's version, the refusal codes, the variants."""

from typing import Any

from fastapi import APIRouter

from ... import __version__
from ...engine.errors import MESSAGES
from ...engine.variants import DEFAULT_VARIANT, GAMES, NAMED, VARIANTS
from .. import answers

router = APIRouter()


def variants_answer() -> dict[str, Any]:
    """GET /api/variants: every variant's rules and names, the named rule sets after the six, then
    the Pyramid family's games (the static site writes it as a file; the page's games menu lists
    them all, the family in a group of its own)."""
    return {
        "default": DEFAULT_VARIANT,
        "variants": [v.to_dict() for v in (*VARIANTS.values(), *NAMED.values(), *GAMES.values())],
    }


@router.get("/api/version", **answers.documented(answers.Version, *answers.ANY_ROUTE))
def api_version() -> dict[str, str]:
    """The package's version."""
    return {"version": __version__}


@router.get("/api/codes", **answers.documented(answers.Codes, *answers.ANY_ROUTE))
def codes() -> dict[str, dict[str, str]]:
    """Every refusal code with its English template, for the page's translations (errors.py)."""
    return {"codes": MESSAGES}


@router.get("/api/variants", **answers.documented(answers.Variants, *answers.ANY_ROUTE))
def variants() -> dict[str, Any]:
    """Every variant's rules and names, the six first, then the named rule sets, then the family."""
    return variants_answer()
