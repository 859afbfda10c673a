"""What sounding and arming the owner's alarm panel does.

Sounding an armed alarm is safe only where the panel goes back to its mode
once its trigger time is over: a `manual` panel set to `disarm_after_trigger`
disarms (and any other panel, Home MCP cannot tell), so sounding it waits. An
automation the owner wrote for the alarm sounding (a fire escape that unlocks)
makes sounding it wait too.

Arming in a mode that watches less than the one the panel is in opens the
house a little; an owner's automation that arms only right after finding the
panel disarmed (an `if`, a `condition` step, in the script it runs) arms it
more, never less.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.components.manual.alarm_control_panel import PLATFORM_SCHEMA
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.helpers.entity_component import DATA_INSTANCES
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    ARMING_TIME,
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


_ARM_NIGHT: dict[str, Any] = {
    "action": "alarm_control_panel.alarm_arm_night",
    "target": {"entity_id": ALARM},
    "data": {"code": ALARM_CODE},
}
_ARM_AWAY: dict[str, Any] = {**_ARM_NIGHT, "action": "alarm_control_panel.alarm_arm_away"}
_DISARMED: dict[str, Any] = {"condition": "state", "entity_id": ALARM, "state": "disarmed"}
_BEDTIME = "input_boolean.bedtime"
_AT_BEDTIME: dict[str, Any] = {"condition": "state", "entity_id": _BEDTIME, "state": "on"}
_RUN_STEP: dict[str, Any] = {"action": "script.step"}


@pytest.mark.parametrize(
    ("actions", "script", "refused"),
    [
        pytest.param([{"if": [_DISARMED], "then": [_ARM_NIGHT]}], None, False, id="if"),
        pytest.param([_DISARMED, _ARM_NIGHT], None, False, id="condition-step"),
        pytest.param(
            [{"choose": [{"conditions": [_DISARMED], "sequence": [_ARM_NIGHT]}]}],
            None,
            False,
            id="choose",
        ),
        pytest.param(
            [{"if": f"{{{{ is_state('{ALARM}', 'disarmed') }}}}", "then": [_ARM_NIGHT]}],
            None,
            False,
            id="template-condition",
        ),
        pytest.param(
            [
                {
                    "if": [{"condition": "and", "conditions": [_AT_BEDTIME, _DISARMED]}],
                    "then": [_ARM_NIGHT],
                }
            ],
            None,
            False,
            id="and-condition",
        ),  # fmt: skip
        pytest.param(
            [{"if": [_DISARMED], "then": [_RUN_STEP]}],
            {"sequence": [{"variables": {"mode": "night"}}, _ARM_NIGHT]},
            False,
            id="in-the-script-it-runs",
        ),
        pytest.param(
            [{"delay": 1}, {"if": [_DISARMED], "then": [_ARM_NIGHT]}],
            None,
            False,
            id="checked-after-a-wait",
        ),
        pytest.param([_ARM_NIGHT], None, True, id="no-check"),
        pytest.param(
            [{"if": [_AT_BEDTIME], "then": [_ARM_NIGHT]}], None, True, id="check-of-another-entity"
        ),
        pytest.param(
            [{"if": [_DISARMED], "then": [{"delay": 1}, _ARM_NIGHT]}],
            None,
            True,
            id="wait-between",
        ),
        pytest.param(
            [{"if": [_DISARMED], "then": [_RUN_STEP]}],
            {"sequence": [{"wait_template": "{{ true }}", "timeout": 5}, _ARM_NIGHT]},
            True,
            id="script-that-waits-first",
        ),
        pytest.param(
            [{"if": [_DISARMED], "then": [_RUN_STEP]}],
            {"mode": "queued", "sequence": [_ARM_NIGHT]},
            True,
            id="queued-script",
        ),
        pytest.param(
            [
                {
                    "if": [{"condition": "or", "conditions": [_DISARMED, _AT_BEDTIME]}],
                    "then": [_ARM_NIGHT],
                }
            ],
            None,
            True,
            id="or-condition",
        ),  # fmt: skip
        pytest.param(
            [{"if": [_DISARMED], "then": [{"event": "checked"}], "else": [_ARM_NIGHT]}],
            None,
            True,
            id="else-branch",
        ),
        pytest.param(
            [{"sequence": [_DISARMED]}, _ARM_NIGHT], None, True, id="check-ending-only-a-sequence"
        ),
        pytest.param(
            [_RUN_STEP, _ARM_NIGHT],
            {"sequence": [_DISARMED]},
            True,
            id="check-ending-only-a-script",
        ),
        pytest.param(
            [{"if": [_DISARMED], "then": [_ARM_AWAY, _ARM_NIGHT]}],
            None,
            True,
            id="armed-in-between",
        ),
        pytest.param(
            [{"parallel": [{"sequence": [_DISARMED, _ARM_NIGHT]}, {"sequence": [_ARM_AWAY]}]}],
            None,
            True,
            id="parallel-branches",
        ),
    ],
)
@LINGERING_TIMERS
async def test_arming_right_after_finding_the_alarm_disarmed_is_judged_from_disarmed(
    mcp: McpHarness,
    hass: HomeAssistant,
    owner: Owner,
    actions: list[dict[str, Any]],
    script: dict[str, Any] | None,
    refused: bool,
) -> None:
    """A real house's "if the alarm is still disarmed, arm it" after an open-sensor alert.

    Arming night from disarmed watches more: bedtime is free. Where the panel
    may be in another mode when it arms (no check, a check of something
    else, a wait or a queue after the check, an `or`, the `else` branch, a
    check that ends only the sequence or script it is in, a step arming it
    in between, another branch running beside it), armed away could become
    armed night: bedtime waits.
    """
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    assert bedtime == _BEDTIME
    if script is not None:
        await owner.save_script("step", {"alias": "Step", **script})
    await owner.save_automation(
        "arm_night",
        {
            "alias": "Arm night at bedtime",
            "triggers": [{"trigger": "state", "entity_id": bedtime, "to": "on"}],
            "actions": actions,
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime})
    if refused:
        assert_refused(result, reaching=ALARM)
    else:
        assert_ran(result)


async def _alarmo(hass: HomeAssistant) -> None:
    """Register Alarmo's `arm` as the panel's own arming, by its mode (a stand-in for Alarmo)."""

    async def arm_by_mode(call: ServiceCall) -> None:
        mode = str(call.data.get("mode", "away")).removeprefix("armed_")
        await hass.services.async_call(
            "alarm_control_panel",
            f"alarm_arm_{mode}",
            {"entity_id": call.data["entity_id"], "code": ALARM_CODE},
            blocking=True,
        )

    hass.services.async_register("alarmo", "arm", arm_by_mode)


_ARM_IN_CHOSEN_MODE: dict[str, Any] = {
    "action": "alarmo.arm",
    "data": {
        "entity_id": ALARM,
        "mode": "{{ states('input_select.arm_mode') }}",
        "code": ALARM_CODE,
    },
}


@pytest.mark.parametrize(
    ("armed", "actions", "reacts_to", "refused"),
    [
        pytest.param(
            None, [{"if": [_DISARMED], "then": [_ARM_IN_CHOSEN_MODE]}], "disarmed", False,
            id="checked-disarmed",
        ),
        pytest.param(
            "alarm_arm_away", [_ARM_IN_CHOSEN_MODE], "disarmed", True, id="unchecked-may-arm-home"
        ),
        pytest.param(
            None, [{"if": [_DISARMED], "then": [_ARM_IN_CHOSEN_MODE]}], "armed_night", True,
            id="a-mode-it-may-arm-sets-off-an-unlock",
        ),
        pytest.param(
            None, [{"if": [_DISARMED], "then": [_ARM_NIGHT]}], "armed_night", True,
            id="plain-night-sets-off-an-unlock",
        ),
    ],
)  # fmt: skip
@LINGERING_TIMERS
async def test_a_templated_alarmo_mode_arms_in_one_of_its_modes(
    mcp: McpHarness,
    hass: HomeAssistant,
    owner: Owner,
    freezer: FrozenDateTimeFactory,
    armed: str | None,
    actions: list[dict[str, Any]],
    reacts_to: str,
    refused: bool,
) -> None:
    """A real house's "re-arm in the mode kept in a select" after an open-sensor alert.

    Alarmo's `arm` takes only its five modes (its schema refuses any other):
    with the mode a template, it arms the panel in one of them, never
    disarms it. An automation unlocking the front door when the panel is
    disarmed is not set off by it; one unlocking when it is armed night is,
    and so is arming home from armed away (it watches less).
    """
    await _alarmo(hass)
    if armed is not None:
        await arm(hass, freezer, armed)
    alert = await owner.create_helper("input_boolean", "Open sensor alert")
    arm_mode = await owner.create_helper(
        "input_select", "Arm mode", options=["night", "home", "away"]
    )
    assert arm_mode == "input_select.arm_mode"
    await owner.save_automation(
        "rearm",
        {
            "alias": "Re-arm after an open sensor",
            "triggers": [{"trigger": "state", "entity_id": alert, "to": "on"}],
            "actions": actions,
        },
    )
    await owner.save_automation(
        "welcome",
        {
            "alias": "Unlock when the alarm changes so",
            "triggers": [{"trigger": "state", "entity_id": ALARM, "to": reacts_to}],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": alert})
    if refused:
        assert_refused(result)
        await assert_house(hass, before)
        return
    assert_ran(result)
    pass_time(hass, freezer, ARMING_TIME)
    await hass.async_block_till_done()
    assert hass.states.get(ALARM).state == "armed_night"
    assert hass.states.get("lock.front_door").state == "locked"
