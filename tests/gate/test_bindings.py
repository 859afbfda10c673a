"""What a template's variables can be, where the house's groups decide (`bindings`)."""

from __future__ import annotations

from typing import Final

from custom_components.home_mcp.gate.bindings import Bindings, Expansion, Record

GROUPS: Final[dict[str, Expansion]] = {
    "group.speakers": ("media_player.kitchen", "group.upstairs"),
    "group.upstairs": ("media_player.bedroom", "group.speakers"),  # A loop of groups.
    "media_player.kitchen": None,
    "media_player.bedroom": None,
}
PICKED: Final = (
    "{{ expand('group.speakers') | selectattr('name', 'eq', states('input_select.wake'))"
    " | map(attribute='entity_id') | join }}"
)


def _knowing_groups() -> Bindings:
    return Bindings([(None, {})], Record(expanding=lambda entity_id: GROUPS.get(entity_id, ())))


def _values(bindings: Bindings, template: str) -> list[object]:
    after = bindings.with_variables({"picked": template})
    return sorted((str(variables["picked"]) for _, variables in after.alternatives), key=lambda text: (len(text), text))


def test_a_group_expands_to_its_members_each_once_where_the_run_knows_the_house_s_groups() -> None:
    listed = "{{ expand('group.speakers') | map(attribute='entity_id') | list }}"
    assert _knowing_groups().expand(listed) == [["media_player.bedroom", "media_player.kitchen"]]


def test_a_group_expands_to_what_the_gate_cannot_bound_where_the_run_does_not_know_them() -> None:
    listed = "{{ expand('group.speakers') | map(attribute='entity_id') | list }}"
    assert Bindings.open().expand(listed) == [listed]


def test_one_of_a_group_s_members_picked_and_joined_is_none_one_or_several_run_together() -> None:
    assert _values(_knowing_groups(), PICKED) == [
        "",
        "media_player.bedroom",
        "media_player.kitchen",
        "media_player.bedroommedia_player.kitchen",
    ]


def test_a_variable_picked_from_a_group_names_its_members_and_no_other_entity() -> None:
    after = _knowing_groups().with_variables({"player": PICKED})
    assert after.entity_names() == {"player": ("media_player.bedroom", "media_player.kitchen")}


def test_a_variable_picked_from_a_group_the_run_does_not_know_names_nothing_known() -> None:
    assert Bindings.open().with_variables({"player": PICKED}).entity_names() == {}


def test_a_group_the_house_does_not_hold_expands_to_nothing() -> None:
    listed = "{{ expand('group.gone') | map(attribute='entity_id') | list }}"
    assert _knowing_groups().expand(listed) == [[]]
