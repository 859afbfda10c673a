"""Red team, round 14: what a securing automation reads besides its conditions.

Same rules as the earlier rounds (`test_redteam_1.py`). Nothing opened; what
weakened the house: the helper an auto-lock's `for:` template reads (its
delay), set to 60 days or given a larger maximum, and the `input_datetime`
a bedtime lock-up's time trigger is `at:`, moved to 2099 or deleted. What a
securing automation reads, wherever it reads it (triggers, templated data),
is now what it depends on, as its conditions were.
"""

from __future__ import annotations

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, Owner, assert_ran, assert_refused, call_service

LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}


@LINGERING_TIMERS
async def test_an_auto_lock_delay_read_by_a_trigger_is_what_it_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "input_number", {})
    delay = await owner.create_helper(
        "input_number", "Auto-lock delay", min=1, max=60, step=1, initial=5, mode="slider"
    )
    await owner.save_automation(
        "autolock",
        {
            "alias": "Auto-lock front door",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "lock.front_door",
                    "to": "unlocked",
                    "for": {"minutes": f"{{{{ states('{delay}') | int(5) }}}}"},
                }
            ],
            "actions": [LOCK_FRONT],
        },
    )
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": delay}, data={"value": 60}
    )
    assert_refused(longer)
    wider = {"name": "Auto-lock delay", "min": 1, "max": 100000, "step": 1, "mode": "box"}
    item = delay.split(".", 1)[1]
    assert_refused(
        await mcp.data("save_config", {"kind": "input_number", "id": item, "config": wider}),
        risk="system",
    )
    assert hass.states.get(delay).state == "5.0"  # type: ignore[union-attr]


@LINGERING_TIMERS
async def test_a_bedtime_lock_up_at_a_helper_depends_on_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    bedtime = await owner.create_helper(
        "input_datetime", "Bedtime", has_time=True, has_date=False, initial="23:00:00"
    )
    await owner.save_automation(
        "bed",
        {
            "alias": "Lock up at bedtime",
            "triggers": [{"trigger": "time", "at": bedtime}],
            "actions": [LOCK_FRONT],
        },
    )
    later = await call_service(
        mcp, "input_datetime.set_datetime", target={"entity_id": bedtime}, data={"time": "23:59:58"}
    )
    assert_refused(later)
    item = bedtime.split(".", 1)[1]
    assert_refused(
        await mcp.data("delete_config", {"kind": "input_datetime", "id": item}), risk="system"
    )
    # What it does not read stays free: another helper.
    other = await owner.create_helper("input_datetime", "Wake up", has_time=True, has_date=False)
    assert_ran(
        await call_service(
            mcp,
            "input_datetime.set_datetime",
            target={"entity_id": other},
            data={"time": "07:00:00"},
        )
    )
