"""Locking, closing and arming run at once, unless what they set off opens the house.

An automation triggered by a lock locking that opens the garage; a template
sensor ("all shut", "nobody home") computed from what is secured, watched by
an automation that opens; a polling automation whose condition is the lock
locked; a lock that can jam, watched by a "when it jams" automation that
opens. When only the opposite change (unlocking) sets something off, or
nothing watches the jam, locking runs.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CLOSED,
    DISARM,
    OPEN_GARAGE,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
)

# -- what locking sets off -------------------------------------------------------------


@pytest.mark.redteam(1)
async def test_locking_that_opens_the_garage_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S8: "leaving: open the garage when the front door is locked"."""
    await owner.save_automation(
        "leaving",
        {
            "alias": "Leaving",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door",
                          "from": "locking", "to": "locked"}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    result = await call_service(mcp, "lock.lock", target={"entity_id": "lock.front_door"})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(1)
async def test_locking_runs_when_only_unlocking_sets_something_off(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Securing still always runs: "disarm when the door is unlocked" is not set off by locking."""
    await owner.save_automation(
        "keypad",
        {
            "alias": "Disarm when unlocked",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "unlocked"}],
            "actions": [DISARM],
        },
    )
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}))
    await assert_house(hass, {"lock.kitchen_door": "locked"})
