"""The private attributes of Home Assistant the gate reads (`gate/internals.py`): a contract.

Each row of `INTERNALS` is checked on a live object of the installed Home
Assistant: an automation, a template entity, the demo's cover and valve,
the entity triggers of the lock and water heater platforms. When a Home
Assistant upgrade renames one, this test fails first; and the gate, meanwhile,
makes the item that lacks it `unknown` (tested below) instead of reading nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_mqtt_message

from custom_components.home_mcp.gate import Action, Risk
from custom_components.home_mcp.gate.bindings import GROUPED_DOMAINS, renders
from custom_components.home_mcp.gate.internals import (
    AUTOMATION_CONDITIONS,
    AUTOMATION_TRIGGERS,
    AUTOMATION_VARIABLES,
    COVER_TOGGLE,
    DISARM_AFTER_TRIGGER,
    INTERNALS,
    MQTT_CONFIG,
    TEMPLATE_CONFIG,
    TEMPLATE_SCRIPTS,
    TRIGGER_FROM_STATE,
    TRIGGER_SPECS,
    TRIGGER_TEMPLATE_CONFIG,
    TRIGGER_TO_STATES,
    VALVE_TOGGLE,
    Internal,
    custom_templates,
)
from homeassistant.components.lock.trigger import TRIGGERS as LOCK_TRIGGERS
from homeassistant.components.water_heater.trigger import TRIGGERS as WATER_HEATER_TRIGGERS
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.template import Template
from homeassistant.setup import async_setup_component

AUTOMATION = {
    "id": "contract",
    "alias": "Contract",
    "triggers": [{"trigger": "state", "entity_id": "input_boolean.contract"}],
    "conditions": [{"condition": "state", "entity_id": "light.bed_light", "state": "on"}],
    "variables": {"door": "lock.front_door"},
    "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
}
TEMPLATE_SWITCH = {
    "switch": [
        {
            "name": "Contract relay",
            "state": "{{ is_state('input_boolean.contract', 'on') }}",
            "turn_on": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
            "turn_off": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        }
    ]
}
TRIGGER_TEMPLATE = {
    "triggers": [{"trigger": "state", "entity_id": "input_boolean.contract"}],
    "actions": [{"variables": {"seen": "{{ now().isoformat() }}"}}],
    "sensor": [{"name": "Contract seen", "state": "{{ seen }}"}],
}


def _entity(hass: HomeAssistant, entity_id: str) -> Any:
    domain = entity_id.partition(".")[0]
    entity = hass.data[DATA_INSTANCES][domain].get_entity(entity_id)
    assert entity is not None, entity_id
    return entity


@pytest.fixture
async def live(
    demo_house: HomeAssistant, mock_hass_config: None, mqtt_mock_entry: Any
) -> dict[Internal, Any]:
    """Return, for each row of `INTERNALS`, a live object that should hold it."""
    hass = demo_house
    await mqtt_mock_entry()
    gate = {"name": "Contract gate", "unique_id": "contract_gate", "command_topic": "gate/set"}
    async_fire_mqtt_message(hass, "homeassistant/cover/contract_gate/config", json.dumps(gate))
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"contract": {}}})
    assert await async_setup_component(hass, "automation", {"automation": [AUTOMATION]})
    assert await async_setup_component(
        hass, "template", {"template": [TEMPLATE_SWITCH, TRIGGER_TEMPLATE]}
    )
    await hass.async_block_till_done()
    automation = _entity(hass, "automation.contract")
    template = _entity(hass, "switch.contract_relay")
    return {
        AUTOMATION_TRIGGERS: automation,
        AUTOMATION_CONDITIONS: automation,
        AUTOMATION_VARIABLES: automation,
        TEMPLATE_SCRIPTS: template,
        TEMPLATE_CONFIG: template,
        TRIGGER_TEMPLATE_CONFIG: _entity(hass, "sensor.contract_seen").coordinator,
        COVER_TOGGLE: _entity(hass, "cover.garage_door"),
        VALVE_TOGGLE: _entity(hass, "valve.orchard"),
        DISARM_AFTER_TRIGGER: _entity(hass, "alarm_control_panel.security"),
        TRIGGER_SPECS: LOCK_TRIGGERS["unlocked"],
        TRIGGER_TO_STATES: LOCK_TRIGGERS["unlocked"],
        TRIGGER_FROM_STATE: WATER_HEATER_TRIGGERS["turned_on"],
        MQTT_CONFIG: _entity(hass, "cover.contract_gate"),
    }


LINGERING = pytest.mark.parametrize("expected_lingering_timers", [True], ids=["mqtt"])


@LINGERING
async def test_every_private_attribute_the_gate_reads_exists_in_this_home_assistant(
    live: dict[Internal, Any],
) -> None:
    assert set(live) == set(INTERNALS), "every row of INTERNALS has a live object here"
    missing = [
        f"{row.owner}.{row.attribute}" for row in INTERNALS if not hasattr(live[row], row.attribute)
    ]
    assert not missing, f"Home Assistant no longer has {missing}: update gate/internals.py"


@LINGERING
async def test_an_automation_missing_a_private_attribute_is_unknown_for_itself_only(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    automation = live[AUTOMATION_TRIGGERS]
    gate = home_mcp.runtime_data.gate
    saved = automation._trigger_config
    del automation._trigger_config  # As a Home Assistant that renamed it would have it.
    try:
        gate.index.async_mark_dirty()
        snapshot = gate.index.async_current()
        assert "automation.contract" in snapshot.unreadable_items
        assert "_trigger_config" in snapshot.unreadable_items["automation.contract"]
        trigger = gate.async_check(
            Action("automation", "trigger", {"entity_id": ["automation.contract"]})
        )
        assert trigger.guarded
        assert any(f.risk is Risk.UNKNOWN for f in trigger.findings)
        light = gate.async_check(
            Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
        )
        assert not light.guarded, "the rest of the house is judged as usual"
    finally:
        automation._trigger_config = saved
        gate.index.async_mark_dirty()


def test_expand_in_templates_expands_the_domains_home_assistant_s_groups_have() -> None:
    """`expand` judged from entity ids alone follows the group integration's platforms.

    A light group expands to lights: if the group integration gains a
    platform, its entities may expand too, and the gate must know it.
    """
    from homeassistant.components import group  # noqa: PLC0415

    assert {str(platform) for platform in group.PLATFORMS} == GROUPED_DOMAINS


@pytest.mark.parametrize(
    "text",
    [
        "{{ false }}",
        "{{ true }}",
        "{{ none }}",
        "{{ 0 }}",
        "{{ -2.5 }}",
        "{{ '007' }}",
        "{{ '1e3' }}",
        "{{ {'actions': none} }}",
        "{{ ['a', 'b'] }}",
        "{{ 'unlock' }}",
        "{{ 'lock.front_door' }}",
        "{{ \"'quoted'\" }}",
    ],
)
async def test_the_gate_reads_a_render_as_home_assistant_does(
    hass: HomeAssistant, text: str
) -> None:
    """A render is the value Home Assistant reads from it (`False`, not the text "False").

    The gate renders templates without Home Assistant; where it reads a
    result otherwise, `{{ 'lock' if leaving else 'unlock' }}` takes another way.
    """
    assert renders(text, {}) == [Template(text, hass).async_render()]


@LINGERING
async def test_a_trigger_template_block_missing_its_config_is_unknown_for_itself_only(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Its coordinator's `config` renamed: the block's entity is unknown, named, the rest judged."""
    coordinator = live[TRIGGER_TEMPLATE_CONFIG]
    gate = home_mcp.runtime_data.gate
    saved = coordinator.config
    del coordinator.config  # As a Home Assistant that renamed it would have it.
    try:
        gate.index.async_mark_dirty()
        snapshot = gate.index.async_current()
        assert "sensor.contract_seen" in snapshot.unreadable_items
        assert "config" in snapshot.unreadable_items["sensor.contract_seen"]
        light = gate.async_check(
            Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
        )
        assert not light.guarded, "the rest of the house is judged as usual"
    finally:
        coordinator.config = saved
        gate.index.async_mark_dirty()


async def test_the_owner_s_custom_templates_are_read_where_home_assistant_keeps_them(
    hass: HomeAssistant, tmp_path: Any
) -> None:
    """`custom_templates/*.jinja`, reloaded: the gate finds each file's text by its path."""
    hass.config.config_dir = str(tmp_path)
    (tmp_path / "custom_templates").mkdir()
    (tmp_path / "custom_templates" / "presence.jinja").write_text("{% macro m() %}1{% endmacro %}")
    assert await async_setup_component(hass, "homeassistant", {})
    await hass.services.async_call("homeassistant", "reload_custom_templates", blocking=True)
    sources = custom_templates(hass)
    assert sources is not None, "Home Assistant keeps its custom templates elsewhere now"
    assert sources.get("presence.jinja") == "{% macro m() %}1{% endmacro %}"
