"""What an owner's automation that locks, closes or arms sets off, what sets it off does too.

Locking the front door runs the automations a trigger of which fires on
`locked` ("leaving: open the garage when the front door is locked"). A
harmless change that sets off the owner's automation that locks the door
sets them off as well, and so does one polling (`time_pattern`) whether the
door is locked: it waits. One that fires only on `unlocked` is not set off
by locking: the change runs.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    turns_on,
)


async def _lock_at_bedtime(owner: Owner, opens_on: str) -> str:
    """Save "lock the front door at bedtime" and "open the garage when it is `opens_on`"."""
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    await owner.save_automation(
        "lock_at_bedtime",
        {
            "alias": "Lock at bedtime",
            "triggers": [turns_on(bedtime)],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )
    await owner.save_automation(
        "garage",
        {
            "alias": "Open the garage",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": opens_on}],
            "actions": [OPEN_GARAGE],
        },
    )
    return bedtime


async def test_a_change_that_runs_a_locking_automation_waits_when_locking_opens_the_garage(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Bedtime locks the front door, and the door locked opens the garage: bedtime waits."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    bedtime = await _lock_at_bedtime(owner, "locked")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=46)
async def test_a_change_that_runs_a_locking_automation_waits_when_a_trigger_branch_opens_the_garage(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Open the garage opens it in the branch of its trigger `locked`: bedtime waits."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    bedtime = await _lock_at_bedtime(owner, "locked")
    # The owner edits "Open the garage": it opens it in its `locked` trigger's branch.
    await owner.save_automation(
        "garage",
        {
            "alias": "Open the garage",
            "triggers": [
                {"trigger": "state", "entity_id": "lock.front_door", "to": "locked", "id": "locked"}
            ],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [{"condition": "trigger", "id": "locked"}],
                            "sequence": [OPEN_GARAGE],
                        }
                    ]
                }
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@LINGERING_TIMERS
async def test_a_change_that_runs_a_locking_automation_waits_when_a_poll_opens_once_locked(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Every minute, "the door is locked: open the garage": bedtime, which locks it, waits."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    bedtime = await _lock_at_bedtime(owner, "unlocked")
    await owner.save_automation(
        "poll",
        {
            "alias": "Open the garage once locked",
            "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
            "conditions": [
                {"condition": "state", "entity_id": "lock.front_door", "state": "locked"}
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_change_that_runs_a_locking_automation_runs_when_only_unlocking_opens(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The garage opens when the door is unlocked: locking it at bedtime sets that off never."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    bedtime = await _lock_at_bedtime(owner, "unlocked")
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime}))
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    await assert_house(hass, CLOSED)
