"""What scenes set off: a scene `scene.create` makes is an entity an automation may wait for.

A snapshot (`scene.create` with `snapshot_entities`) taken now keeps each
entity's present state; one taken in an automation or after a wait keeps
whatever state the entity is in by then: restoring it may open the house.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    save_config,
)

# -- a scene created where an automation waits for it ----------------------------------


@pytest.mark.redteam(round=1)
async def test_creating_the_scene_an_unlock_watches_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S11: an automation on a scene entity that does not exist yet; `scene.create` makes it."""
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome scene",
            "triggers": [{"trigger": "state", "entity_id": "scene.welcome"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(
        mcp, "scene.create", data={"scene_id": "welcome", "entities": {"light.bed_light": "on"}}
    )
    assert_refused(result)
    await assert_house(hass, LOCKED)
    assert hass.states.get("scene.welcome") is None


# -- moved from red-team round 30: a snapshot taken later keeps whatever state it finds -


def _remember_and_restore(entity_id: str, opened: str, secured: str) -> dict[str, Any]:
    """Return "when `entity_id` is `opened`, remember it; once `secured`, turn the scene on"."""
    scene_id = f"remember_{entity_id.split('.')[1]}"
    return {
        "alias": f"Remember {entity_id}",
        "triggers": [{"trigger": "state", "entity_id": entity_id, "to": opened}],
        "actions": [
            {
                "action": "scene.create",
                "data": {"scene_id": scene_id, "snapshot_entities": [entity_id]},
            },
            {"wait_for_trigger": [{"trigger": "state", "entity_id": entity_id, "to": secured}]},
            {"delay": {"seconds": 3}},
            {"action": "scene.turn_on", "target": {"entity_id": f"scene.{scene_id}"}},
        ],
    }


@pytest.mark.redteam(round=30)
async def test_a_snapshot_taken_later_keeps_any_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Written over MCP: after the owner unlocks and locks the door, it would unlock it again."""
    await owner.act("lock.lock", entity_id="lock.front_door")
    await owner.act("cover.close_cover", entity_id="cover.garage_door")

    door = await save_config(
        mcp,
        "automation",
        _remember_and_restore("lock.front_door", "unlocked", "locked"),
        anyway=True,
    )
    garage = await save_config(
        mcp, "automation", _remember_and_restore("cover.garage_door", "open", "closed"), anyway=True
    )

    assert_refused(door, reaching="lock.front_door")
    assert_refused(garage, reaching="cover.garage_door")
    assert hass.states.get("automation.remember_lock_front_door") is None
    assert hass.states.get("automation.remember_cover_garage_door") is None
    await assert_house(hass, {"lock.front_door": "locked", "cover.garage_door": "closed"})


@pytest.mark.redteam(round=30)
async def test_a_snapshot_taken_now_keeps_the_present_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.act("lock.lock", entity_id="lock.front_door")
    snapshot = {"scene_id": "before_guests", "snapshot_entities": ["lock.front_door"]}

    made = await call_service(mcp, "scene.create", data=snapshot)
    restored = await call_service(mcp, "scene.turn_on", target={"entity_id": "scene.before_guests"})

    assert_ran(made)
    assert_ran(restored)
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=30)
async def test_remembering_lights_later_is_still_written(
    hass: HomeAssistant, mcp: McpHarness
) -> None:
    flash = {
        "alias": "Flash the lights when the doorbell rings",
        "triggers": [{"trigger": "state", "entity_id": "input_boolean.doorbell", "to": "on"}],
        "actions": [
            {
                "action": "scene.create",
                "data": {"scene_id": "before_flash", "snapshot_entities": ["light.bed_light"]},
            },
            BED_LIGHT_ON,
            {"delay": {"seconds": 2}},
            {"action": "scene.turn_on", "target": {"entity_id": "scene.before_flash"}},
        ],
    }

    written = await save_config(mcp, "automation", flash, anyway=True)

    assert written.get("written") is True, written
