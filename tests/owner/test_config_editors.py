"""Home MCP writes automations and scripts exactly as Home Assistant's editors do.

The same files, the same bytes, the same validation, only the changed item
reloaded; nothing written when Home Assistant's validator refuses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from custom_components.home_mcp.configs import (
    ConfigEditors,
    ConfigError,
    ConfigKind,
    Unknown,
    async_unknown,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.util.yaml import load_yaml

from .house import BED_LIGHT_ON, Owner

PORCH = {
    "alias": "Porch light when the doorbell rings",
    "description": "",
    "triggers": [{"trigger": "event", "event_type": "doorbell"}],
    "conditions": [],
    "actions": [BED_LIGHT_ON],
    "mode": "single",
}


def _file(hass: HomeAssistant, name: str) -> bytes:
    return Path(hass.config.path(name)).read_bytes()


async def test_an_automation_is_written_as_the_editor_writes_it(
    hass: HomeAssistant, owner: Owner
) -> None:
    await owner.save_automation("1700000000001", PORCH)
    by_the_ui = _file(hass, "automations.yaml")
    await owner.delete_automation("1700000000001")

    written = await ConfigEditors(hass).async_save(ConfigKind.AUTOMATION, "1700000000001", PORCH)
    await hass.async_block_till_done()
    assert _file(hass, "automations.yaml") == by_the_ui
    assert written.action == "created"
    assert written.before is None
    assert written.after == {"id": "1700000000001", **PORCH}
    assert written.entity_id is not None
    state = hass.states.get(written.entity_id)
    assert state is not None and state.state == "on"
    assert state.attributes["friendly_name"] == "Porch light when the doorbell rings"


async def test_an_update_changes_that_item_only(hass: HomeAssistant, owner: Owner) -> None:
    other = {**PORCH, "alias": "Another one"}
    await owner.save_automation("other", other)
    editors = ConfigEditors(hass)
    await editors.async_save(ConfigKind.AUTOMATION, "porch", PORCH)
    written = await editors.async_save(
        ConfigKind.AUTOMATION, "porch", {**PORCH, "alias": "Porch light, later"}
    )
    assert written.action == "updated"
    assert (
        written.before is not None
        and written.before["alias"] == "Porch light when the doorbell rings"
    )
    items = load_yaml(hass.config.path("automations.yaml"))
    assert isinstance(items, list)
    assert [item["id"] for item in items] == ["other", "porch"]
    assert items[0] == {"id": "other", **other}
    assert items[1]["alias"] == "Porch light, later"
    assert written.entity_id is not None
    state = hass.states.get(written.entity_id)
    assert state is not None and state.attributes["friendly_name"] == "Porch light, later"


@pytest.mark.parametrize(
    ("config", "path"),
    [
        (
            {**PORCH, "actions": [{"action": "light.turn_on", "target": {"entity_id": "no id"}}]},
            "actions[0].target.entity_id",
        ),
        ({**PORCH, "triggers": [{"trigger": "no_such_trigger"}]}, ""),
        ({key: value for key, value in PORCH.items() if key != "triggers"}, "triggers"),
    ],
    ids=["entity id", "trigger", "no trigger"],
)
async def test_a_refused_configuration_writes_nothing(
    hass: HomeAssistant, owner: Owner, config: dict[str, object], path: str
) -> None:
    await owner.save_automation("other", PORCH)
    before = _file(hass, "automations.yaml")
    with pytest.raises(ConfigError) as refused:
        await ConfigEditors(hass).async_save(ConfigKind.AUTOMATION, "porch", config)
    assert refused.value.path == path, (refused.value.path, str(refused.value))
    assert str(refused.value)
    assert _file(hass, "automations.yaml") == before


async def test_a_deletion_removes_the_item_and_its_entity(
    hass: HomeAssistant, owner: Owner
) -> None:
    editors = ConfigEditors(hass)
    created = await editors.async_save(ConfigKind.AUTOMATION, "porch", PORCH)
    assert created.entity_id is not None
    deleted = await editors.async_delete(ConfigKind.AUTOMATION, "porch")
    await hass.async_block_till_done()
    assert deleted.action == "deleted"
    assert deleted.before == {"id": "porch", **PORCH}
    assert load_yaml(hass.config.path("automations.yaml")) == []
    assert er.async_get(hass).async_get(created.entity_id) is None
    assert hass.states.get(created.entity_id) is None
    with pytest.raises(ConfigError):
        await editors.async_delete(ConfigKind.AUTOMATION, "porch")


async def test_a_script_is_written_under_its_key(hass: HomeAssistant, owner: Owner) -> None:
    editors = ConfigEditors(hass)
    script = {"alias": "Evening", "sequence": [BED_LIGHT_ON], "mode": "single"}
    written = await editors.async_save(ConfigKind.SCRIPT, "evening", script)
    assert written.entity_id == "script.evening"
    assert hass.states.get("script.evening") is not None
    stored = load_yaml(hass.config.path("scripts.yaml"))
    assert isinstance(stored, dict) and stored["evening"] == script
    with pytest.raises(ConfigError):
        await editors.async_save(ConfigKind.SCRIPT, "Not a slug", script)


async def test_what_the_house_lacks_is_found_before_writing(
    hass: HomeAssistant, owner: Owner
) -> None:
    editors = ConfigEditors(hass)
    config = {
        **PORCH,
        "triggers": [{"trigger": "state", "entity_id": "binary_sensor.frnt_door", "to": "on"}],
        "conditions": [{"condition": "state", "entity_id": "lock.front_door", "state": "locked"}],
        "actions": [
            {"action": "light.turn_on", "target": {"entity_id": "light.bed_lite"}},
            {"action": "light.turn_onn", "target": {"area_id": "attic", "device_id": "nope"}},
            {
                "if": [{"condition": "state", "entity_id": "cover.garage_door", "state": "closed"}],
                "then": [{"action": "script.no_such_script"}],
            },
        ],
    }
    validated = await editors.async_validate(ConfigKind.AUTOMATION, "porch", config)
    assert async_unknown(hass, ConfigKind.AUTOMATION, validated) == [
        Unknown("action", "light.turn_onn"),
        Unknown("action", "script.no_such_script"),
        Unknown("area", "attic"),
        Unknown("device", "nope"),
        Unknown("entity", "binary_sensor.frnt_door"),
        Unknown("entity", "light.bed_lite"),
    ]
    fine = await editors.async_validate(ConfigKind.AUTOMATION, "porch", PORCH)
    assert async_unknown(hass, ConfigKind.AUTOMATION, fine) == []
    scene = await editors.async_validate(
        ConfigKind.SCENE, "evening", {"name": "Evening", "entities": {"light.bed_lite": "on"}}
    )
    assert async_unknown(hass, ConfigKind.SCENE, scene) == [Unknown("entity", "light.bed_lite")]
