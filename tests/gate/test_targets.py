"""What an action's target names, read as Home Assistant reads it (`targets.py`'s pure part).

Without a house: the selector the gate reads from an action's `target` and
`data` is checked against Home Assistant's own validators
(`config_validation.comp_entity_ids`, which splits `light.a, light.b` and
reads `ALL` as `all`), `ServiceRegistry.async_call` (which puts `target`'s
keys into the data: an `area_id` in one and an `entity_id` in the other
both count), and its template helper (`is_template_string`: text with
`{{`, `{%` or `{#` is rendered when the action runs).
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from custom_components.home_mcp.gate.targets import (
    is_dynamic,
    may_gain_members,
    merge_targets,
    own_all,
    static,
)
from homeassistant.const import ENTITY_MATCH_ALL
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.template import Template, is_template_string

FRONT_DOOR: Final = "lock.front_door"
BACK_DOOR: Final = "lock.back_door"


# -- is_dynamic / static: what is known only when the action runs -----------------------


@pytest.mark.parametrize(
    "value",
    [
        "{{ 'lock.' ~ 'front_door' }}",
        "{% if is_state('input_boolean.away', 'on') %}lock.front_door{% endif %}",
        Template("{{ states('input_text.door') }}", None),
        ["light.hall", "{{ 'lock.front_door' }}"],
        {"entity_id": "{{ door }}"},
        ("cover.garage", ["{{ door }}"]),
    ],
    ids=["expression", "statement", "template-object", "in-a-list", "in-a-mapping", "nested"],
)
def test_a_template_anywhere_in_a_value_is_decided_when_the_action_runs(value: Any) -> None:
    """Home Assistant renders each template in a target or data when the step runs."""
    assert is_dynamic(value)


@pytest.mark.parametrize(
    "value",
    [FRONT_DOOR, "light.hall, light.kitchen", Template(FRONT_DOOR, None), [FRONT_DOOR], 42, None],
    ids=["entity-id", "comma-list", "static-template", "list", "number", "none"],
)
def test_plain_text_and_static_templates_are_known_before_the_action_runs(value: Any) -> None:
    """Text without a template delimiter is what Home Assistant acts on, as it is."""
    assert not is_dynamic(value)


def test_text_with_a_template_comment_is_a_template_home_assistant_renders() -> None:
    """`{# the hall #}lock.front_door` is a template; rendered, it is `lock.front_door`.

    `cv.dynamic_template` takes it as one (`is_template_string` finds `{#`).
    """
    value = "{# the front door #}lock.front_door"
    assert is_template_string(value)
    assert is_dynamic(value)


def test_a_static_template_is_its_text() -> None:
    """A `Template` without delimiters renders to its own text; anything else is itself."""
    assert static(Template(FRONT_DOOR, None)) == FRONT_DOOR
    assert static(FRONT_DOOR) == FRONT_DOOR
    assert static([FRONT_DOOR]) == [FRONT_DOOR]


# -- merge_targets: one selector from `target` and `data` ------------------------------------


def test_an_entity_in_the_data_and_an_area_in_the_target_both_count() -> None:
    """`ServiceRegistry.async_call` puts `target`'s keys into the data: both are targets."""
    selector, dynamic = merge_targets({"area_id": "kitchen"}, {"entity_id": FRONT_DOOR})
    assert selector == {"entity_id": [FRONT_DOOR], "area_id": ["kitchen"]}
    assert not dynamic


def test_the_same_key_in_target_and_data_reaches_at_least_the_target_s() -> None:
    """Home Assistant acts on `target`'s `entity_id` (it replaces the data's): it is read."""
    selector, _ = merge_targets({"entity_id": BACK_DOOR}, {"entity_id": FRONT_DOOR})
    assert BACK_DOOR in selector["entity_id"]


@pytest.mark.parametrize(
    "value",
    [
        "lock.front_door, lock.back_door",
        "lock.front_door,lock.back_door",
        [FRONT_DOOR, BACK_DOOR],
        [FRONT_DOOR, Template(BACK_DOOR, None)],
        " lock.front_door ,  lock.back_door ",
    ],
    ids=["comma-space", "comma", "list", "static-template-item", "padded"],
)
def test_entity_ids_are_read_as_home_assistant_splits_them(value: Any) -> None:
    """`cv.comp_entity_ids` splits a comma-separated text and strips each id."""
    selector, dynamic = merge_targets({"entity_id": value}, {})
    expected = cv.comp_entity_ids([static(v) for v in value] if isinstance(value, list) else value)
    assert selector["entity_id"] == expected
    assert not dynamic


def test_all_is_read_as_home_assistant_reads_it_in_any_case() -> None:
    """`cv.comp_entity_ids` lower-cases `ALL` to `all` (every entity of the action's domain)."""
    selector, _ = merge_targets({"entity_id": "ALL"}, {})
    [item] = selector["entity_id"]
    assert item.lower() == cv.comp_entity_ids("ALL") == ENTITY_MATCH_ALL


@pytest.mark.parametrize(
    ("target", "data"),
    [
        ({"entity_id": "{{ 'lock.' ~ 'front_door' }}"}, {}),
        ({}, {"entity_id": "{{ door }}"}),
        ({"area_id": ["kitchen", "{{ area }}"]}, {}),
        ({"device_id": Template("{{ device }}", None)}, {}),
        ({}, {"__template__": "{{ fields }}"}),
        ({"entity_id": {"door": FRONT_DOOR}}, {}),
        ({"entity_id": [FRONT_DOOR, 42]}, {}),
    ],
    ids=[
        "target-entity",
        "data-entity",
        "area-in-a-list",
        "device-template",
        "whole-data",
        "a-mapping",
        "a-number",
    ],
)
def test_a_target_a_template_decides_or_the_gate_cannot_read_is_dynamic(
    target: dict[str, Any], data: dict[str, Any]
) -> None:
    """What it reaches is known only when the action runs: the selector says so."""
    _, dynamic = merge_targets(target, data)
    assert dynamic


def test_the_plain_part_of_a_partly_templated_target_is_still_read() -> None:
    """`entity_id: lock.front_door` beside a templated `area_id`: the door is a target."""
    selector, dynamic = merge_targets({"area_id": "{{ area }}"}, {"entity_id": FRONT_DOOR})
    assert dynamic
    assert selector["entity_id"] == [FRONT_DOOR]


def test_data_other_than_targets_is_no_target() -> None:
    """`brightness`, `message` and a `media_player` field name no target of the action."""
    selector, dynamic = merge_targets(
        {}, {"brightness": 10, "message": "lock.front_door", "media_player": "media_player.tv"}
    )
    assert selector == {}
    assert not dynamic


# -- may_gain_members: a target that grows without an action ----------------------------


@pytest.mark.parametrize(
    "selector",
    [
        {"area_id": ["garden"]},
        {"floor_id": ["ground_floor"]},
        {"label_id": ["outdoor"]},
        {"device_id": ["0123456789abcdef"]},
        {"entity_id": ["group.outside_doors"]},
        {"entity_id": [FRONT_DOOR, "Group.Doors"]},
    ],
    ids=["area", "floor", "label", "device", "old-style-group", "group-in-any-case"],
)
def test_a_target_a_person_can_add_entities_to_may_gain_members(selector: dict[str, Any]) -> None:
    """Today's `valve.open_valve` on a floor opens a valve put on that floor tomorrow.

    `group.set` adds members to an old-style group.
    """
    assert may_gain_members(selector)


@pytest.mark.parametrize(
    "selector",
    [{}, {"entity_id": [FRONT_DOOR, "cover.garage_door"]}, {"area_id": [], "entity_id": []}],
    ids=["nothing", "entities", "empty-keys"],
)
def test_entities_named_one_by_one_gain_no_members(selector: dict[str, Any]) -> None:
    """Named entities reach themselves only, whatever is added to the house later."""
    assert not may_gain_members(selector)


# -- own_all: `all` read as the entities of the action's own domain -----------------------


def test_all_reaches_every_entity_of_the_action_s_domain() -> None:
    """`lock.lock` with `entity_id: all` locks every lock: `all` is each of them."""
    selector, _ = merge_targets({"entity_id": "ALL"}, {})
    assert sorted(own_all(selector, [FRONT_DOOR, BACK_DOOR])) == [BACK_DOOR, FRONT_DOOR]


def test_named_entities_reach_themselves_only() -> None:
    """Without `all`, what the action's domain holds is no target."""
    selector, _ = merge_targets({"entity_id": FRONT_DOOR}, {})
    assert own_all(selector, [FRONT_DOOR, BACK_DOOR]) == [FRONT_DOOR]
    assert own_all({}, [FRONT_DOOR]) == []
