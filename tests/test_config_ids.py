"""A write names exactly one item: fresh ids for creations, checked ids for updates."""

from __future__ import annotations

import pytest

from custom_components.home_mcp.configs import ConfigKind
from custom_components.home_mcp.configs.ids import RESERVED, WrongItem, resolve_key

EXISTING = {"1700000000001", "porch"}


def test_a_creation_mints_a_fresh_id_every_time() -> None:
    first, creating = resolve_key(ConfigKind.AUTOMATION, None, {"alias": "A"}, EXISTING)
    second, _ = resolve_key(ConfigKind.AUTOMATION, None, {"alias": "A"}, EXISTING)
    assert creating is True
    assert first != second
    assert first not in EXISTING and first not in RESERVED


def test_a_script_key_comes_from_its_alias_and_never_clashes() -> None:
    assert resolve_key(ConfigKind.SCRIPT, None, {"alias": "Porch"}, EXISTING) == ("porch_2", True)
    assert resolve_key(ConfigKind.SCRIPT, None, {"alias": "Good night"}, EXISTING) == (
        "good_night",
        True,
    )
    assert resolve_key(ConfigKind.SCRIPT, None, {"alias": "New"}, set()) == ("script", True)
    assert resolve_key(ConfigKind.SCRIPT, None, {}, {"script"}) == ("script_2", True)


def test_a_configuration_carrying_an_existing_id_is_refused_with_the_update_to_make() -> None:
    with pytest.raises(WrongItem) as refused:
        resolve_key(ConfigKind.AUTOMATION, None, {"id": "porch", "alias": "x"}, EXISTING)
    assert refused.value.code == "exists"
    assert "id='porch'" in refused.value.hint


def test_a_new_item_never_takes_the_id_its_configuration_brings() -> None:
    with pytest.raises(WrongItem) as refused:
        resolve_key(ConfigKind.AUTOMATION, None, {"id": "mine"}, EXISTING)
    assert refused.value.code == "inner_id"


def test_an_update_whose_inner_id_names_another_item_is_refused() -> None:
    with pytest.raises(WrongItem) as refused:
        resolve_key(ConfigKind.AUTOMATION, "porch", {"id": "1700000000001"}, EXISTING)
    assert refused.value.code == "id_mismatch"
    assert "'porch'" in str(refused.value) and "'1700000000001'" in str(refused.value)
    assert resolve_key(ConfigKind.AUTOMATION, "porch", {"id": "porch"}, EXISTING) == (
        "porch",
        False,
    )
    assert resolve_key(ConfigKind.AUTOMATION, "porch", {}, EXISTING) == ("porch", False)


@pytest.mark.parametrize("key", ["new", "NEW ", "none", "", "null"])
def test_placeholders_are_never_ids(key: str) -> None:
    with pytest.raises(WrongItem) as refused:
        resolve_key(ConfigKind.AUTOMATION, key, {}, EXISTING | {"new"})
    assert refused.value.code == "reserved_id"


def test_an_update_of_nothing_creates_nothing() -> None:
    with pytest.raises(WrongItem) as refused:
        resolve_key(ConfigKind.SCENE, "gone", {}, EXISTING)
    assert refused.value.code == "not_found"
