"""`list_macros` follows the house: asked again, each macro's `guarded` is as the house is now.

The gate keeps each macro's decision between two listings (a page of
macros judged afresh each time took hundreds of milliseconds in real
houses) and gives it again only while nothing it was judged on changed:
the house's configuration (a reload rebuilds the index) and each present
state the judgement read (whether the automation a script turns off is
on). The owner changes the house between two listings, as people do.
"""

from __future__ import annotations

from typing import Any

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import BED_LIGHT_ON, UNLOCK_FRONT, Owner

LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}


async def _guarded(mcp: McpHarness) -> dict[str, bool]:
    """Return each macro's `guarded`, as `list_macros` lists it."""
    data = await mcp.data("list_macros", {"limit": 200})
    return {row["entity_id"]: row["guarded"] for row in data["items"]}


async def _lock_at_night(owner: Owner) -> str:
    """Save the owner's automation that locks the front door at bedtime; return it."""
    return await owner.save_automation(
        "lock_at_night",
        {
            "alias": "Lock at night",
            "triggers": [{"trigger": "event", "event_type": "bedtime"}],
            "actions": [LOCK_FRONT],
        },
    )


async def _switch(hass: HomeAssistant, service: str, entity_id: str) -> None:
    await hass.services.async_call("automation", service, {"entity_id": entity_id}, blocking=True)
    await hass.async_block_till_done()


async def test_a_script_that_turns_off_the_night_lock_is_guarded_again_once_it_is_back_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Off, turning it off disables nothing; turned on again, the next listing guards the script."""
    night = await _lock_at_night(owner)
    quiet = await owner.save_script(
        "quiet",
        {
            "alias": "Quiet",
            "sequence": [{"action": "automation.turn_off", "target": {"entity_id": night}}],
        },
    )
    assert (await _guarded(mcp))[quiet] is True
    await _switch(hass, "turn_off", night)
    assert (await _guarded(mcp))[quiet] is False
    await _switch(hass, "turn_on", night)
    assert (await _guarded(mcp))[quiet] is True


async def test_scripts_sharing_a_later_step_that_holds_up_the_lock_are_both_guarded_again(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The second script's judgement replays the shared step's: it depends on the automation too.

    After their delay, both run the same step, which turns off what the
    locking automation checks: off, the automation locks nothing anyway.
    """
    away = await owner.create_helper("input_boolean", "Away")
    night = await owner.save_automation(
        "lock_when_away",
        {
            "alias": "Lock when away",
            "triggers": [{"trigger": "event", "event_type": "bedtime"}],
            "conditions": [{"condition": "state", "entity_id": away, "state": "on"}],
            "actions": [LOCK_FRONT],
        },
    )
    off: dict[str, Any] = {"action": "input_boolean.turn_off", "target": {"entity_id": away}}
    await owner.save_script("home_again", {"alias": "Home again", "sequence": [off]})
    later: list[dict[str, Any]] = [{"delay": "00:00:01"}, {"action": "script.home_again"}]
    scripts = [
        await owner.save_script(key, {"alias": key, "sequence": later})
        for key in ("back_from_work", "back_from_school")
    ]
    await _switch(hass, "turn_off", night)
    listed = await _guarded(mcp)
    assert [listed[script] for script in scripts] == [False, False]
    await _switch(hass, "turn_on", night)
    listed = await _guarded(mcp)
    assert [listed[script] for script in scripts] == [True, True]


async def test_an_automation_rewritten_to_unlock_is_guarded_in_the_next_listing(
    owner: Owner, mcp: McpHarness
) -> None:
    """Saved again (the editor reloads automations), its new actions are what is judged."""
    config: dict[str, Any] = {
        "alias": "Evening",
        "triggers": [{"trigger": "event", "event_type": "sunset"}],
        "actions": [BED_LIGHT_ON],
    }
    evening = await owner.save_automation("evening", config)
    assert (await _guarded(mcp))[evening] is False
    await owner.save_automation("evening", {**config, "actions": [BED_LIGHT_ON, UNLOCK_FRONT]})
    assert (await _guarded(mcp))[evening] is True
    await owner.save_automation("evening", config)
    assert (await _guarded(mcp))[evening] is False


async def test_a_script_whose_change_sets_off_an_automation_rewritten_to_unlock_is_guarded(
    owner: Owner, mcp: McpHarness
) -> None:
    """The automation is saved again (the editor reloads automations): what the script sets off is new."""
    guest = await owner.create_helper("input_boolean", "Guest")
    on: dict[str, Any] = {"action": "input_boolean.turn_on", "target": {"entity_id": guest}}
    evening = await owner.save_script("evening", {"alias": "Evening", "sequence": [on]})
    config: dict[str, Any] = {
        "alias": "Welcome the guest",
        "triggers": [{"trigger": "state", "entity_id": guest, "to": "on"}],
        "actions": [BED_LIGHT_ON],
    }
    await owner.save_automation("welcome_guest", config)
    assert (await _guarded(mcp))[evening] is False
    await owner.save_automation("welcome_guest", {**config, "actions": [UNLOCK_FRONT]})
    assert (await _guarded(mcp))[evening] is True
