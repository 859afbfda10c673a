"""What gives a lock a user code: whoever holds the code can unlock it, but an empty code opens nothing.

Lock-code managers (keymaster's generated packages) keep each slot's PIN in
a text helper; a template sensor compares it with the lock, and when they
differ an automation gives the lock `states(<the helper>)` as its code. A
slot reset empties the helper: the code that follows from it is empty, and
gives no one a way in. A PIN set to anything else, or copied from a helper
the client may have set, still waits.
"""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.home_mcp.gate import Action
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .house import Owner, home_mcp_gate

PIN = "input_text.slot_pin"
PARENT_PIN = "input_text.parent_pin"
SET_CODE = "zwave_js.set_lock_usercode"


def _sets_pin(value: str, pin: str = PIN) -> dict[str, Any]:
    return {
        "action": "input_text.set_value",
        "target": {"entity_id": pin},
        "data": {"value": value},
    }


@pytest.fixture
async def code_slot(hass: HomeAssistant, owner: Owner) -> str:
    """Make a slot's PIN helper, its synced sensor, and the automation giving the lock the PIN.

    Return the flag whose turning on resets the slot (a script emptying the PIN).
    """
    assert await async_setup_component(hass, "input_text", {})
    assert await async_setup_component(hass, "input_boolean", {})
    for name in ("Slot pin", "Parent pin"):
        await owner.create_helper("input_text", name, max=100)
    reset = await owner.create_helper("input_boolean", "Reset slot")
    await owner.save_templates(
        [{"binary_sensor": [{"name": "Slot synced", "state": f"{{{{ states('{PIN}') == '' }}}}"}]}]
    )
    await owner.save_automation(
        "sync_slot",
        {
            "alias": "Sync slot",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "binary_sensor.slot_synced",
                    "from": "on",
                    "to": "off",
                }
            ],
            "actions": [
                {
                    "action": SET_CODE,
                    "target": {"entity_id": "lock.front_door"},
                    "data": {"code_slot": 1, "usercode": f"{{{{ states('{PIN}').strip() }}}}"},
                }
            ],
        },
    )
    await owner.save_script("reset_slot", {"alias": "Reset slot", "sequence": [_sets_pin("")]})
    await owner.save_automation(
        "reset_slot",
        {
            "alias": "Reset slot",
            "triggers": [{"trigger": "state", "entity_id": reset, "to": "on"}],
            "actions": [{"action": "script.reset_slot"}],
        },
    )
    return reset


def _guarded(hass: HomeAssistant, action: Action) -> bool:
    return home_mcp_gate(hass).async_check(action).guarded


async def test_a_code_slot_reset_that_empties_the_pin_runs(
    hass: HomeAssistant, code_slot: str
) -> None:
    """Emptying the PIN gives the lock an empty code: no one holds a way in."""
    assert not _guarded(hass, Action("input_boolean", "turn_on", {"entity_id": [code_slot]}))
    assert not _guarded(hass, Action("script", "reset_slot"))


async def test_an_empty_user_code_given_to_a_lock_opens_nothing(
    hass: HomeAssistant, code_slot: str
) -> None:
    """A client's own call with an empty code runs; with a code, it waits."""
    target = {"entity_id": ["lock.front_door"]}
    empty = Action("zwave_js", "set_lock_usercode", target, {"code_slot": 1, "usercode": " "})
    assert not _guarded(hass, empty)
    code = Action("zwave_js", "set_lock_usercode", target, {"code_slot": 1, "usercode": "1234"})
    assert _guarded(hass, code)


async def test_a_pin_set_to_a_code_still_waits(
    hass: HomeAssistant, owner: Owner, code_slot: str
) -> None:
    """A client setting the PIN, or a reset that writes a code, gives the lock that code."""
    pin_set = Action("input_text", "set_value", {"entity_id": [PIN]}, {"value": "4321"})
    assert _guarded(hass, pin_set)
    await owner.save_script(
        "reset_slot", {"alias": "Reset slot", "sequence": [_sets_pin(""), _sets_pin("0000")]}
    )
    assert _guarded(hass, Action("input_boolean", "turn_on", {"entity_id": [code_slot]}))


async def test_a_pin_emptied_then_rewritten_by_the_house_still_waits(
    hass: HomeAssistant, owner: Owner, code_slot: str
) -> None:
    """Another writer of the PIN, set off by the reset, fills it from a helper a client may set."""
    await owner.save_automation(
        "refill",
        {
            "alias": "Refill",
            "triggers": [{"trigger": "state", "entity_id": PIN}],
            "actions": [_sets_pin(f"{{{{ states('{PARENT_PIN}') }}}}~")],
        },
    )
    assert _guarded(hass, Action("input_boolean", "turn_on", {"entity_id": [code_slot]}))


async def test_a_pin_copied_from_its_parent_follows_the_parent(
    hass: HomeAssistant, owner: Owner, code_slot: str
) -> None:
    """A PIN copied from a parent slot: emptying the parent runs, a code in it waits."""
    await owner.save_automation(
        "copy_parent",
        {
            "alias": "Copy parent",
            "triggers": [{"trigger": "state", "entity_id": PARENT_PIN}],
            "actions": [_sets_pin(f"{{{{ states('{PARENT_PIN}') }}}}")],
        },
    )
    emptied = Action("input_text", "set_value", {"entity_id": [PARENT_PIN]}, {"value": ""})
    assert not _guarded(hass, emptied)
    coded = Action("input_text", "set_value", {"entity_id": [PARENT_PIN]}, {"value": "4321"})
    assert _guarded(hass, coded)


async def test_a_code_read_from_another_helper_than_the_one_emptied_still_waits(
    hass: HomeAssistant, owner: Owner, code_slot: str
) -> None:
    """Emptying the PIN sets off an automation whose code is another helper's text: it waits."""
    await owner.save_automation(
        "sync_slot",
        {
            "alias": "Sync slot",
            "triggers": [{"trigger": "state", "entity_id": PIN}],
            "actions": [
                {
                    "action": SET_CODE,
                    "target": {"entity_id": "lock.front_door"},
                    "data": {"code_slot": 1, "usercode": f"{{{{ states('{PARENT_PIN}') }}}}"},
                }
            ],
        },
    )
    assert _guarded(hass, Action("input_boolean", "turn_on", {"entity_id": [code_slot]}))
