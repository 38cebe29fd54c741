import pytest

from pyramid_solitaire.engine.variants import VARIANTS, UnknownVariant, get_variant


def test_the_six_variants_of_the_rules():
    assert list(VARIANTS) == ["pyramid", "classic", "classic-redeal", "three-wastes", "giza", "open-stock"]
    assert [v.passes for v in VARIANTS.values()] == [3, 1, 2, 1, 0, 3]
    assert get_variant("three-wastes").wastes == 3 and get_variant("giza").piles == 8
    assert get_variant("open-stock").open_stock and not get_variant("pyramid").open_stock


def test_every_variant_has_names_and_rules_in_both_languages():
    for v in VARIANTS.values():
        assert v.name_de and v.name_en and len(v.summary_en) > 40 and len(v.summary_de) > 40


def test_unknown_variant_lists_the_known_ids():
    with pytest.raises(UnknownVariant, match="unknown variant 'spider'.*pyramid, classic, classic-redeal"):
        get_variant("spider")
