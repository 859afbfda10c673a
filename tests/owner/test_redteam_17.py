"""Red team, round 17: round 16's held-up script, in the modes and forms it did not cover.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 16's fixes.
Two weakenings, no opening: the auto-lock's script in `restart` mode,
started by the client with `wait_s: 600` while the automation's own run
waited its 5 s, cancelled that run (the rule covered `single` and `queued`
only); and `automation.trigger` with `variables` on the auto-lock itself
kept it busy for 600 s, so the real unlock's trigger was dropped. A run
with the caller's variables of a script a securing macro runs, or of the
securing automation itself, now keeps it from securing in every mode but
`parallel`.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, Owner, assert_ran, assert_refused, call_service

LOCK_LATER = [
    {"delay": {"seconds": "{{ wait_s | default(5) | int }}"}},
    {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
]
WHEN_UNLOCKED = [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}]


@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["restart", "queued", "single"])
async def test_the_auto_lock_script_restarted_with_a_long_delay_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mode: str
) -> None:
    script = await owner.save_script(
        "lock_up", {"alias": "Lock up", "mode": mode, "sequence": LOCK_LATER}
    )
    await owner.save_automation(
        "auto_lock",
        {"alias": "Auto-lock", "triggers": WHEN_UNLOCKED, "actions": [{"action": script}]},
    )

    started = await call_service(
        mcp, "script.turn_on", target={"entity_id": script}, data={"variables": {"wait_s": 600}}
    )

    assert_refused(started, reaching="automation.auto_lock")
    assert hass.states.get(script).state == "off"  # type: ignore[union-attr]


@LINGERING_TIMERS
async def test_a_parallel_script_runs_with_the_callers_variables(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """In `parallel` mode the automation's own run goes on beside the caller's."""
    script = await owner.save_script(
        "lock_up", {"alias": "Lock up", "mode": "parallel", "sequence": LOCK_LATER}
    )
    await owner.save_automation(
        "auto_lock",
        {"alias": "Auto-lock", "triggers": WHEN_UNLOCKED, "actions": [{"action": script}]},
    )
    assert_ran(
        await call_service(
            mcp, "script.turn_on", target={"entity_id": script}, data={"variables": {"wait_s": 1}}
        )
    )


@LINGERING_TIMERS
async def test_the_auto_lock_triggered_with_a_long_delay_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    automation = await owner.save_automation(
        "auto_lock",
        {"alias": "Auto-lock", "triggers": WHEN_UNLOCKED, "actions": LOCK_LATER},
    )

    triggered = await call_service(
        mcp,
        "automation.trigger",
        target={"entity_id": automation},
        data={"variables": {"wait_s": 600}},
    )

    assert_refused(triggered, reaching=automation)
    assert hass.states.get(automation).attributes.get("current", 0) == 0  # type: ignore[union-attr]
