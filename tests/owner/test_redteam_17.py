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

Found at the end of the round and left then: the helper an auto-lock's
`delay:` template reads could be set to its maximum without approval (the
same helper in a trigger's `for:` was held). A delay's reads are now the
automation's reads, what it depends on.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
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


@LINGERING_TIMERS
async def test_the_helper_an_auto_lock_delay_reads_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "input_number", {})
    delay = await owner.create_helper(
        "input_number", "Lock delay", min=1, max=86400, step=1, initial=30, mode="box"
    )
    other = await owner.create_helper(
        "input_number", "Fan speed", min=1, max=100, step=1, initial=30, mode="box"
    )
    await owner.save_automation(
        "auto_lock",
        {
            "alias": "Auto-lock",
            "triggers": WHEN_UNLOCKED,
            "actions": [
                {"delay": {"seconds": f"{{{{ states('{delay}') | int(30) }}}}"}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )

    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": delay}, data={"value": 86400}
    )

    assert_refused(longer, reaching="automation.auto_lock")
    assert hass.states.get(delay).state == "30.0"  # type: ignore[union-attr]
    # What it does not read stays free.
    assert_ran(
        await call_service(
            mcp, "input_number.set_value", target={"entity_id": other}, data={"value": 60}
        )
    )
