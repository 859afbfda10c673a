"""Red team, round 30: a scene snapshot taken later keeps whatever state it finds.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 29's fix
(which it confirmed). One opening: an automation written over MCP, with no
setup by the owner, "when the front door is unlocked, remember it
(`scene.create` with `snapshot_entities`); once it is locked, turn the
scene on". It was saved at once (the scene did not exist yet, so turning
it on changed nothing; the snapshot was judged with the door's present
state, locked). After the owner unlocked and locked the door, the
automation unlocked it again; the same with the garage. A snapshot taken
in an automation or after a wait now counts with any state the entity may
be in by then (`scenes.judge_scene_create`, `expansion.any_state`); one
taken now keeps its present state, as before.
"""

from __future__ import annotations

from typing import Any

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import Owner, assert_house, assert_ran, assert_refused, call_service, save_config


def _remember_and_restore(entity_id: str, opened: str, secured: str) -> dict[str, Any]:
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


async def test_a_snapshot_taken_later_keeps_any_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
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
            {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}},
            {"delay": {"seconds": 2}},
            {"action": "scene.turn_on", "target": {"entity_id": "scene.before_flash"}},
        ],
    }

    written = await save_config(mcp, "automation", flash, anyway=True)

    assert written.get("written") is True, written
