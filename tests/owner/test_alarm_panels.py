"""What sounding the owner's alarm panel does.

Sounding an armed alarm is safe only where the panel goes back to its mode
once its trigger time is over: a `manual` panel set to `disarm_after_trigger`
disarms (and any other panel, Home MCP cannot tell), so sounding it waits. An
automation the owner wrote for the alarm sounding (a fire escape that unlocks)
makes sounding it wait too.
"""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory

from homeassistant.components.manual.alarm_control_panel import PLATFORM_SCHEMA
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_component import DATA_INSTANCES
from tests.conftest import McpHarness

from .house import (
    ALARM,
    LINGERING_TIMERS,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
    pass_time,
)


async def _manual_alarm(hass: HomeAssistant, **options: object) -> str:
    """Set up a `manual` alarm panel as `configuration.yaml` would (`platform: manual`)."""
    config = PLATFORM_SCHEMA({"platform": "manual", "name": "House", **options})
    component = hass.data[DATA_INSTANCES]["alarm_control_panel"]
    await component.async_setup_platform("manual", config)
    await hass.async_block_till_done()
    assert hass.states.get("alarm_control_panel.house") is not None
    return "alarm_control_panel.house"


@LINGERING_TIMERS
async def test_sounding_an_armed_alarm_that_disarms_after_its_trigger_time_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """`disarm_after_trigger: true` (the manual panel's own option): sounding it waits, still armed."""
    house = await _manual_alarm(
        hass,
        code="1234",
        arming_time=0,
        delay_time=0,
        trigger_time=5,
        disarm_after_trigger=True,
    )
    await owner.act("alarm_control_panel.alarm_arm_away", entity_id=house, code="1234")
    assert hass.states.get(house).state == "armed_away"
    result = await call_service(
        mcp, "alarm_control_panel.alarm_trigger", target={"entity_id": house}
    )
    pass_time(hass, freezer, timedelta(seconds=6))
    await hass.async_block_till_done()
    assert_refused(result, reaching=house)
    assert hass.states.get(house).state == "armed_away"


@LINGERING_TIMERS
async def test_sounding_an_armed_alarm_that_returns_to_its_mode_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """A `manual` panel left as it comes: it sounds, then is armed away again."""
    house = await _manual_alarm(hass, code="1234", arming_time=0, delay_time=0, trigger_time=5)
    await owner.act("alarm_control_panel.alarm_arm_away", entity_id=house, code="1234")
    result = await call_service(
        mcp, "alarm_control_panel.alarm_trigger", target={"entity_id": house}
    )
    assert_ran(result)
    assert hass.states.get(house).state == "triggered"
    pass_time(hass, freezer, timedelta(seconds=6))
    await hass.async_block_till_done()
    assert hass.states.get(house).state == "armed_away"


@LINGERING_TIMERS
async def test_sounding_the_alarm_when_an_automation_unlocks_on_triggered_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """A "when the alarm sounds, unlock the front door" fire escape: sounding it waits."""
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "escape",
        {
            "alias": "Fire escape",
            "triggers": [{"trigger": "state", "entity_id": ALARM, "to": "triggered"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)
    result = await call_service(
        mcp, "alarm_control_panel.alarm_trigger", target={"entity_id": ALARM}
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)
