"""The `guarded` flag of the read tools is the judgement of the actions on the entity.

`get_entity` and `list_entities` say an entity is guarded when some action
on it, or some change of it, waits for a person: the very decisions
`call_service` gets from the gate, asked of the same code, never a list of
conditions of its own. Each action is judged with whatever data it may
carry: a template fan's `set_percentage` is judged for the speeds it can be
given, not refused for the speed a listing did not give.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from custom_components.home_mcp.gate import Action, Gate
from custom_components.home_mcp.gate.targets import acts_on_own_entities_only
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import BED_LIGHT_ON, UNLOCK_FRONT, Owner, home_mcp_gate, turns_on

DATA: Final[dict[str, dict[str, Any]]] = {
    "set_cover_position": {"position": 40},
    "set_cover_tilt_position": {"tilt_position": 40},
    "set_valve_position": {"position": 40},
    "set_percentage": {"percentage": 40},
    "set_preset_mode": {"preset_mode": "auto"},
    "set_direction": {"direction": "forward"},
    "oscillate": {"oscillating": True},
    "set_value": {"value": 1},
    "select_option": {"option": "a"},
    "set_datetime": {"time": "07:30:00"},
}
"""A value for each field an action of the house needs (Home Assistant refuses it without)."""
DOMAINS: Final = (
    "lock", "cover", "valve", "alarm_control_panel", "fan", "input_boolean", "automation",
    "script", "scene", "light", "switch", "binary_sensor", "sensor",
)  # fmt: skip
"""The demo's locks, covers, valves and alarm panel; the owner's perimeter and macros."""
STATES: Final = ("on", "off", "open", "closed", "unlocked", "locked", "disarmed", "active", "x")
"""States a scene can set an entity to (`x`: one no verb names)."""


def _every_action(hass: HomeAssistant, gate: Gate, entity_id: str) -> Iterator[Action]:
    """Yield every action a client can call on `entity_id`, with data Home Assistant takes."""
    domain = entity_id.partition(".")[0]
    target = {"entity_id": [entity_id]}
    for state in STATES:
        yield Action("scene", "apply", {}, {"entities": {entity_id: state}})
    if domain in ("script", "scene", "automation"):
        yield gate.macro_action(entity_id)
    for service in hass.services.async_services_for_domain(domain):
        if acts_on_own_entities_only(hass, domain, service):
            yield Action(domain, service, target, DATA.get(service, {}))
    for service in ("turn_on", "turn_off", "toggle"):
        yield Action("homeassistant", service, target)


def _judged_guarded(hass: HomeAssistant, gate: Gate, entity_id: str) -> bool:
    """Return True if `call_service` would find something guarded in an action on it."""
    guarded = False
    for action in _every_action(hass, gate, entity_id):
        decision = gate.async_check(action)
        rejected = [f.reason for f in decision.findings if "rejects this data" in f.reason]
        assert not rejected, (action, rejected)  # `DATA` lacks a field: say it.
        guarded = guarded or decision.guards
    return guarded


def _fan(name: str, speed: dict[str, Any]) -> dict[str, Any]:
    """Return a template fan whose speed runs `speed`."""
    return {
        "name": name,
        "state": "{{ is_state('light.bed_light', 'on') }}",
        "turn_on": [BED_LIGHT_ON],
        "turn_off": [BED_LIGHT_ON],
        "set_percentage": [speed],
    }


async def _house(owner: Owner) -> tuple[str, str, str]:
    """Build the owner's house: an arrival helper that unlocks, and two template fans."""
    arrival = await owner.create_helper("input_boolean", "Arrival")
    await owner.save_unlock_when(turns_on(arrival))
    fans = [_fan("Ceiling fan", BED_LIGHT_ON), _fan("Door fan", UNLOCK_FRONT)]
    await owner.save_templates([{"fan": fans}])
    return arrival, "fan.ceiling_fan", "fan.door_fan"


async def test_every_entity_s_guarded_flag_is_what_its_actions_are_judged(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The demo's locks, covers, valves and alarm panel, and the owner's perimeter, agree."""
    arrival, ceiling, door = await _house(owner)
    gate = home_mcp_gate(hass)
    entities = sorted(hass.states.async_entity_ids(DOMAINS))
    for domain in DOMAINS[:7]:
        assert any(e.startswith(f"{domain}.") for e in entities), domain
    flags = {e: gate.async_is_guarded_entity(e) for e in entities}
    judged = {e: _judged_guarded(hass, gate, e) for e in entities}
    assert {e for e, guarded in flags.items() if guarded != judged[e]} == set()
    assert flags["lock.front_door"] and flags["cover.garage_door"] and flags[arrival]
    assert flags[door] and not flags[ceiling] and not flags["light.bed_light"]
    # What Home MCP's own sensors show sets nothing guarded off (`HomeMcpEntity.async_may_show`).
    assert not flags["sensor.home_mcp_pending_approvals"]
    for entity_id in ("lock.front_door", arrival, door, ceiling, "light.bed_light"):
        data = await mcp.data("get_entity", {"entity_id": entity_id})
        assert data["entity"]["guarded"] is flags[entity_id], entity_id


async def test_a_template_fan_whose_speed_only_turns_on_a_light_is_not_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Its speed is judged for a speed it is given; the fan whose speed unlocks stays guarded."""
    _, ceiling, door = await _house(owner)
    ceiling_row = (await mcp.data("get_entity", {"entity_id": ceiling}))["entity"]
    door_row = (await mcp.data("get_entity", {"entity_id": door}))["entity"]
    assert ceiling_row["guarded"] is False
    assert door_row["guarded"] is True
