"""What keeps an automation that locks, closes or arms from doing so waits for a person.

Turning off the helper an auto-lock's condition checks, or cancelling or
pausing the timer an auto-close waits for (that timer, or any timer), keeps
it from securing the house: guarded, and listed as guarded. What keeps it
ready (turning the helper on, starting the timer) runs.

So does what a securing automation reads besides its conditions (a
trigger's `for:`, a delay, a time trigger's helper, a sensor computed from a
helper), what it starts first or acts on (what starts its timer, a script it
runs by its own action, renamed or not, the options it selects, a dynamic
scene, a group), a run of it the client starts, ending its wait or starting
its delay over while it waits, turning off or renaming the automation whose
run event it waits for, and turning off what turns it on. Watering that only
undoes its own opening secures only while it runs.

A client's change is not what the same change made by a chain does: ending
guest mode at noon is not ending it at dusk, when the lock-up's own night
condition holds. An earlier option whose condition compares a toggle with a
helper's state can take the lock's turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from custom_components.home_mcp.gate.rules import HOLD_RULES, HOLDS, Hold
from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    LINGERING_TIMERS,
    LOCK_FRONT,
    LOCK_UP_BUTTON,
    LOCK_UP_TAG,
    LOCKED,
    ORCHARD_OPEN,
    WHEN_UNLOCKED,
    Clock,
    Owner,
    Phone,
    asks_to_lock_up,
    assert_house,
    assert_ran,
    assert_refused,
    auto_lock_timer,
    call_service,
    guest_mode_ending_at,
    helper_runs,
    locks_below_threshold,
    locks_when,
    note,
    on_event,
    pass_time,
    save_auto_lock,
    save_config as _save,
    timer_runs,
)

# -- the helper an auto-lock checks, the timer an auto-close waits for -----------------


@pytest.mark.redteam(round=3)
@pytest.mark.parametrize("any_timer", [False, True], ids=["this_timer", "any_timer"])
async def test_turning_off_the_auto_lock_s_helper_or_stopping_the_auto_close_s_timer_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, any_timer: bool
) -> None:
    """Auto-lock checks a helper; auto-close waits for a timer: both are its off switch."""
    auto_lock = await owner.create_helper("input_boolean", "Auto lock")
    timer = await owner.create_helper("timer", "Garage auto close", duration="00:10:00")
    await owner.act("input_boolean.turn_on", entity_id=auto_lock)
    await owner.act("timer.start", entity_id=timer)
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked", "for": "00:01:00"},
        alias="Auto-lock front door",
        automation_id="auto_lock",
        conditions=[{"condition": "state", "entity_id": auto_lock, "state": "on"}],
    )
    await owner.save_automation(
        "auto_close",
        {
            "alias": "Garage auto-close",
            "triggers": [{"trigger": "event", "event_type": "timer.finished",
                          "event_data": {} if any_timer else {"entity_id": timer}}],
            "actions": [{"action": "cover.close_cover",
                         "target": {"entity_id": "cover.garage_door"}}],
        },
    )  # fmt: skip
    for entity_id in (auto_lock, timer):
        assert (await mcp.data("get_entity", {"entity_id": entity_id}))["entity"]["guarded"]
    for action, entity_id in (
        ("input_boolean.turn_off", auto_lock),
        ("input_boolean.toggle", auto_lock),
        ("timer.cancel", timer),
        ("timer.pause", timer),
    ):
        result = await call_service(mcp, action, target={"entity_id": entity_id})
        assert_refused(result)
    await assert_house(hass, {auto_lock: "on", timer: "active"})
    # What keeps the safety net on still runs: turning the helper on, the idle timer
    # started. Running, a start begins its ten minutes again: that waits (round 42).
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": auto_lock}))
    assert_refused(await call_service(mcp, "timer.start", target={"entity_id": timer}))
    await owner.act("timer.cancel", entity_id=timer)
    assert_ran(await call_service(mcp, "timer.start", target={"entity_id": timer}))
    await owner.act("timer.cancel", entity_id=timer)


# -- moved from red-team round 13: what stops, starves or slows an auto-lock -----------


@pytest.fixture
async def auto_lock(owner: Owner) -> str:
    """Return the owner's auto-lock timer: the door unlocked starts it; when it ends, lock."""
    hass = owner.hass
    assert await async_setup_component(hass, "scene", {})
    timer = await timer_runs(
        owner,
        "Autolock",
        "00:00:30",
        LOCK_FRONT,
        alias="Auto-lock: lock",
        automation_id="autolock_lock",
    )
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Auto-lock: start the timer",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
        },
    )
    return timer


@pytest.mark.redteam(round=13)
@LINGERING_TIMERS
async def test_what_stops_or_starves_the_auto_lock_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, auto_lock: str
) -> None:
    timer = auto_lock
    for state in ("idle", "paused", {"state": "active", "duration": "10:00:00"}):
        scene = {"name": "Timer scene", "entities": {timer: state}}
        assert_refused(await _save(mcp, "scene", scene), risk=None)
    every_10_s = [{"trigger": "time_pattern", "seconds": "/10"}]
    restart = {
        "alias": "Keep the timer going",
        "triggers": every_10_s,
        "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
    }
    assert_refused(await _save(mcp, "automation", restart))
    # The first half of the chain: what starts the timer is securing too.
    assert_refused(
        await call_service(
            mcp, "automation.turn_off", target={"entity_id": "automation.auto_lock_start_the_timer"}
        )
    )
    await assert_house(hass, {"automation.auto_lock_start_the_timer": "on"})


@pytest.mark.redteam(round=13)
@LINGERING_TIMERS
async def test_retriggering_a_securing_automation_forever_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_automation(
        "autolock_delay",
        {
            "alias": "Auto-lock after 30 s",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "unlocked"}],
            "actions": [
                {"delay": 30},
                {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}},
            ],
        },
    )
    loop = {
        "alias": "Retrigger",
        "mode": "parallel",
        "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
        "actions": [
            {
                "action": "automation.trigger",
                "target": {"entity_id": "automation.auto_lock_after_30_s"},
            }
        ],
    }
    assert_refused(await _save(mcp, "automation", loop))


@pytest.mark.redteam(round=13)
@LINGERING_TIMERS
async def test_a_script_a_securing_automation_runs_first_is_part_of_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script(
        "bedtime_lights",
        {
            "alias": "Bedtime lights",
            "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime",
            "triggers": [{"trigger": "time", "at": "23:30:00"}],
            "actions": [{"action": "script.bedtime_lights"}, LOCK_FRONT],
        },
    )
    slower = {"alias": "Bedtime lights", "sequence": [{"delay": "12:00:00"}]}
    assert_refused(await _save(mcp, "script", slower, id="bedtime_lights"), risk="system")


# -- moved from red-team round 14: what an auto-lock reads beyond its conditions -------


@pytest.mark.redteam(round=14)
@LINGERING_TIMERS
async def test_lengthening_the_delay_an_auto_lock_s_trigger_reads_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    delay = await owner.create_helper(
        "input_number", "Auto-lock delay", min=1, max=60, step=1, initial=5, mode="slider"
    )
    await locks_when(
        owner,
        {
            "trigger": "state",
            "entity_id": "lock.front_door",
            "to": "unlocked",
            "for": {"minutes": f"{{{{ states('{delay}') | int(5) }}}}"},
        },
        alias="Auto-lock front door",
        automation_id="autolock",
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


@pytest.mark.redteam(round=14)
@LINGERING_TIMERS
async def test_moving_or_deleting_the_time_a_bedtime_lock_up_waits_for_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    bedtime = await owner.create_helper(
        "input_datetime", "Bedtime", has_time=True, has_date=False, initial="23:00:00"
    )
    await locks_when(
        owner, {"trigger": "time", "at": bedtime}, alias="Lock up at bedtime", automation_id="bed"
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


# -- moved from red-team round 17: the helper an auto-lock's delay reads ---------------


@pytest.mark.redteam(round=17)
@LINGERING_TIMERS
async def test_setting_the_helper_an_auto_lock_s_delay_reads_to_its_maximum_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
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


# -- moved from red-team round 18: what a securing macro acts on; its one run ----------


AT_NIGHT = [{"trigger": "time", "at": "23:15:00"}]


def _auto_lock(mode: str, target: str = "lock.front_door") -> dict[str, Any]:
    return {
        "alias": "Auto-lock",
        "mode": mode,
        "triggers": WHEN_UNLOCKED,
        "actions": [
            {"delay": {"seconds": 20}},
            {"action": "lock.lock", "target": {"entity_id": target}},
        ],
    }


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("mode", "target"),
    [
        ("single", "{{ trigger.entity_id }}"),
        ("single", "lock.front_door"),
        ("restart", "lock.front_door"),
    ],
)
async def test_triggering_the_auto_lock_from_the_client_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mode: str, target: str
) -> None:
    automation = await owner.save_automation("auto_lock", _auto_lock(mode, target))

    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": automation})

    assert_refused(triggered, reaching=automation)
    assert hass.states.get(automation).attributes.get("current", 0) == 0  # type: ignore[union-attr]


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
async def test_triggering_a_parallel_auto_lock_from_the_client_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    automation = await owner.save_automation("auto_lock", _auto_lock("parallel"))
    assert_ran(await call_service(mcp, "automation.trigger", target={"entity_id": automation}))


LOCK_LATER = {
    "alias": "Lock later",
    "mode": "single",
    "fields": {"door": {"description": "The lock to lock"}},
    "sequence": [
        {"delay": {"seconds": 20}},
        {"action": "lock.lock", "target": {"entity_id": "{{ door }}"}},
    ],
}


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
async def test_starting_the_lock_script_an_auto_lock_gives_its_door_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    script = await owner.save_script("lock_later", LOCK_LATER)
    automation = await owner.save_automation(
        "auto_lock",
        {
            "alias": "Auto-lock via script",
            "triggers": WHEN_UNLOCKED,
            "actions": [{"action": script, "data": {"door": "{{ trigger.entity_id }}"}}],
        },
    )

    started = await call_service(mcp, "script.turn_on", target={"entity_id": script})

    assert_refused(started, reaching=automation)
    assert hass.states.get(script).state == "off"  # type: ignore[union-attr]


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
async def test_starting_the_script_a_securing_automation_runs_as_it_is_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Without data of the automation's, the client's run is the automation's run."""
    script = await owner.save_script(
        "goodnight", {"alias": "Goodnight", "mode": "single", "sequence": [LOCK_FRONT]}
    )
    await owner.save_automation(
        "bedtime", {"alias": "Bedtime", "triggers": AT_NIGHT, "actions": [{"action": script}]}
    )
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": script}))


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
async def test_changing_the_options_a_bedtime_script_selects_from_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    mode = await owner.create_helper(
        "input_select", "House mode", options=["Home", "Away", "Night"]
    )
    other = await owner.create_helper("input_select", "Fan mode", options=["Low", "High"])
    script = await owner.save_script(
        "bedtime",
        {
            "alias": "Bedtime",
            "sequence": [
                {
                    "action": "input_select.select_option",
                    "target": {"entity_id": mode},
                    "data": {"option": "Night"},
                },
                LOCK_FRONT,
            ],
        },
    )
    await owner.save_automation(
        "bedtime",
        {"alias": "Bedtime at night", "triggers": AT_NIGHT, "actions": [{"action": script}]},
    )

    fewer = await call_service(
        mcp,
        "input_select.set_options",
        target={"entity_id": mode},
        data={"options": ["Home", "Away"]},
    )

    assert_refused(fewer, reaching=script)
    written = await mcp.data(
        "save_config",
        {
            "kind": "input_select",
            "id": mode.split(".", 1)[1],
            "config": {"name": "House mode", "options": ["Home", "Away"]},
        },
    )
    assert_refused(written, risk="system")
    assert hass.states.get(mode).attributes["options"] == ["Home", "Away", "Night"]  # type: ignore[union-attr]
    # Choosing among its options is what the script does too: free.
    assert_ran(
        await call_service(
            mcp, "input_select.select_option", target={"entity_id": mode}, data={"option": "Away"}
        )
    )
    assert_ran(
        await call_service(
            mcp, "input_select.set_options", target={"entity_id": other}, data={"options": ["Off"]}
        )
    )


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
async def test_changing_the_dynamic_scene_a_night_automation_activates_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "scene", {})
    await owner.act(
        "scene.create",
        scene_id="night_lock",
        entities={"lock.front_door": "locked", "light.bed_light": "off"},
    )
    automation = await owner.save_automation(
        "night_lock",
        {
            "alias": "Night lock scene",
            "triggers": AT_NIGHT,
            "actions": [{"action": "scene.turn_on", "target": {"entity_id": "scene.night_lock"}}],
        },
    )

    redefined = await call_service(
        mcp, "scene.create", data={"scene_id": "night_lock", "entities": {"light.bed_light": "off"}}
    )
    deleted = await call_service(mcp, "scene.delete", target={"entity_id": "scene.night_lock"})

    assert_refused(redefined, reaching=automation)
    assert_refused(deleted, reaching=automation)
    assert hass.states.get("scene.night_lock").attributes["entity_id"] == [  # type: ignore[union-attr]
        "lock.front_door",
        "light.bed_light",
    ]
    # Another dynamic scene stays free.
    assert_ran(
        await call_service(
            mcp, "scene.create", data={"scene_id": "cosy", "entities": {"light.bed_light": "on"}}
        )
    )


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("service", "data"),
    [
        ("group.set", {"object_id": "outside_doors", "remove_entities": ["lock.front_door"]}),
        ("group.set", {"object_id": "outside_doors", "entities": ["light.bed_light"]}),
        ("group.remove", {"object_id": "outside_doors"}),
    ],
)
async def test_changing_the_group_a_nightly_automation_locks_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, service: str, data: dict[str, Any]
) -> None:
    await owner.act(
        "group.set",
        object_id="outside_doors",
        name="Outside doors",
        entities=["lock.front_door", "lock.kitchen_door"],
    )
    automation = await owner.save_automation(
        "lock_group",
        {
            "alias": "Lock outside doors at night",
            "triggers": AT_NIGHT,
            "actions": [{"action": "lock.lock", "target": {"entity_id": "group.outside_doors"}}],
        },
    )

    changed = await call_service(mcp, service, data=data)

    assert_refused(changed, reaching=automation)
    assert hass.states.get("group.outside_doors").attributes["entity_id"] == (  # type: ignore[union-attr]
        "lock.front_door",
        "lock.kitchen_door",
    )


CLOSE_GARAGE = {"action": "cover.close_cover", "target": {"entity_id": "cover.garage_door"}}


@pytest.mark.redteam(round=18)
@LINGERING_TIMERS
@pytest.mark.parametrize("where", ["delay", "wait timeout", "trigger for"])
async def test_setting_the_helper_a_securing_wait_s_sensor_reads_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, where: str
) -> None:
    seconds = await owner.create_helper(
        "input_number", "Autolock seconds", min=5, max=36000, step=5, initial=20, mode="box"
    )
    sensor = await owner.add_template(
        "sensor", {"name": "Autolock delay", "state": f"{{{{ states('{seconds}') | int(20) }}}}"}
    )
    wait = f"{{{{ states('{sensor}') | int(20) }}}}"
    triggers: list[dict[str, Any]] = WHEN_UNLOCKED
    actions: list[dict[str, Any]] = [LOCK_FRONT]
    if where == "delay":
        actions = [{"delay": {"seconds": wait}}, LOCK_FRONT]
    elif where == "wait timeout":
        actions = [
            {
                "wait_template": "{{ is_state('binary_sensor.movement_backyard', 'off') }}",
                "timeout": {"seconds": wait},
                "continue_on_timeout": True,
            },
            CLOSE_GARAGE,
        ]
    else:
        triggers = [{**WHEN_UNLOCKED[0], "for": {"seconds": wait}}]
    automation = await owner.save_automation(
        "auto_lock",
        {"alias": "Auto-lock", "mode": "restart", "triggers": triggers, "actions": actions},
    )

    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": seconds}, data={"value": 36000}
    )

    assert_refused(longer, reaching=automation)
    assert hass.states.get(seconds).state == "20.0"  # type: ignore[union-attr]


# -- moved from red-team round 19: what a securing automation is doing now -------------


@pytest.mark.redteam(round=19)
@LINGERING_TIMERS
async def test_turning_guest_mode_on_while_an_auto_lock_waits_for_it_off_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    guests = await owner.create_helper("input_boolean", "Guest mode", initial=True)
    automation = await locks_when(
        owner,
        {"trigger": "state", "entity_id": guests, "to": "off", "for": {"seconds": 15}},
        alias="Lock when guests leave",
        automation_id="guests_left",
    )
    # Free while nothing waits: guest mode is on.
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("input_boolean.turn_off", entity_id=guests)  # The guests leave.
    pass_time(hass, freezer, timedelta(seconds=4))
    await hass.async_block_till_done()

    back_on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})

    assert_refused(back_on, reaching=automation)
    pass_time(hass, freezer, timedelta(seconds=15))
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]
    # Once it has fired, guest mode is the client's again.
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))


@pytest.mark.redteam(round=19)
@LINGERING_TIMERS
async def test_starting_a_restart_auto_lock_s_delay_over_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    light = "light.ceiling_lights"
    automation = await owner.save_automation(
        "last_light",
        {
            "alias": "Lock after the last light goes off",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": light, "to": "off"}],
            "actions": [{"delay": {"seconds": 15}}, LOCK_FRONT],
        },
    )
    await owner.act("light.turn_on", entity_id=light)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    # Free while it does not run: it starts its 15 s.
    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": light}))
    assert hass.states.get(automation).attributes["current"] == 1  # type: ignore[union-attr]

    # Turning the light on fires nothing; turning it off again starts the delay over.
    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": light}))
    again = await call_service(mcp, "light.turn_off", target={"entity_id": light})

    assert_refused(again, reaching=automation)
    assert hass.states.get(light).state == "on"  # type: ignore[union-attr]


@pytest.mark.redteam(round=19)
@LINGERING_TIMERS
@pytest.mark.parametrize("how", ["set_value", "scene.apply"])
async def test_ending_an_auto_lock_s_wait_for_nobody_home_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, how: str
) -> None:
    """A `numeric_state` wait, ended by a service call or by a scene's states."""
    people = await owner.create_helper(
        "input_number", "People home", min=0, max=10, step=1, initial=2, mode="box"
    )
    automation = await locks_when(
        owner,
        {
            "trigger": "numeric_state",
            "entity_id": people,
            "below": 1,
            "for": {"seconds": 15},
        },
        alias="Lock when nobody is home",
        automation_id="nobody_home",
    )
    await owner.act("input_number.set_value", entity_id=people, value=0)  # Everyone left.

    if how == "set_value":
        back = await call_service(
            mcp, "input_number.set_value", target={"entity_id": people}, data={"value": 1}
        )
    else:
        back = await call_service(mcp, "scene.apply", data={"entities": {people: "1"}})

    assert_refused(back, reaching=automation)
    assert hass.states.get(people).state == "0.0"  # type: ignore[union-attr]


@pytest.mark.redteam(round=19)
@LINGERING_TIMERS
async def test_writing_an_automation_that_ends_an_auto_lock_s_wait_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    guests = await owner.create_helper("input_boolean", "Guest mode", initial=True)
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": guests, "to": "off", "for": {"seconds": 15}},
        alias="Lock when guests leave",
        automation_id="guests_left",
    )
    keep_on: dict[str, Any] = {
        "alias": "Keep guest mode while guests stay",
        "triggers": [{"trigger": "state", "entity_id": guests, "to": "off"}],
        "actions": [
            {"delay": {"seconds": 3}},
            {"action": "input_boolean.turn_on", "target": {"entity_id": guests}},
        ],
    }

    written = await mcp.data("save_config", {"kind": "automation", "config": keep_on})

    assert_refused(written)
    assert hass.states.get("automation.keep_guest_mode_while_guests_stay") is None


@pytest.mark.redteam(round=48)
@LINGERING_TIMERS
async def test_writing_an_automation_that_sets_a_restart_auto_lock_off_again_and_again_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Every 10 s the light goes on and off: the 15 s delay before the lock starts over for ever."""
    light = "light.ceiling_lights"
    await owner.save_automation(
        "last_light",
        {
            "alias": "Lock after the last light goes off",
            "mode": "restart",
            "triggers": [{"trigger": "state", "entity_id": light, "to": "off"}],
            "actions": [{"delay": {"seconds": 15}}, LOCK_FRONT],
        },
    )
    blink: dict[str, Any] = {
        "alias": "Blink the ceiling lights",
        "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
        "actions": [
            {"action": "light.turn_on", "target": {"entity_id": light}},
            {"action": "light.turn_off", "target": {"entity_id": light}},
        ],
    }

    written = await mcp.data("save_config", {"kind": "automation", "config": blink})

    assert_refused(written)
    assert hass.states.get("automation.blink_the_ceiling_lights") is None
    await assert_house(hass, LOCKED)


# -- moved from red-team round 24: what turns the auto-lock on -------------------------


AUTO_LOCK = {
    "alias": "Auto-lock the front door",
    "triggers": [
        {
            "trigger": "state",
            "entity_id": "lock.front_door",
            "to": "unlocked",
            "for": {"minutes": 5},
        }
    ],
    "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
}
AUTO_LOCK_ID = "automation.auto_lock_the_front_door"


def _switching(alias: str, at: str, service: str) -> dict[str, Any]:
    return {
        "alias": alias,
        "triggers": [{"trigger": "time", "at": at}],
        "actions": [{"action": service, "target": {"entity_id": AUTO_LOCK_ID}}],
    }


@pytest.mark.redteam(round=24)
@LINGERING_TIMERS
async def test_turning_off_editing_or_deleting_what_turns_the_auto_lock_on_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    auto_lock = await owner.save_automation("auto_lock", AUTO_LOCK)
    assert auto_lock == AUTO_LOCK_ID
    await owner.act("automation.turn_off", entity_id=auto_lock)  # Off by day.
    night = _switching("Enable the auto-lock at night", "22:00:00", "automation.turn_on")
    enabler = await owner.save_automation("auto_lock_on", night)
    morning = _switching("Disable the auto-lock in the morning", "07:00:00", "automation.turn_off")
    disabler = await owner.save_automation("auto_lock_off", morning)
    silenced = {**night, "actions": [{**night["actions"][0], "enabled": False}]}

    turned_off = await call_service(mcp, "automation.turn_off", target={"entity_id": enabler})
    edited = await mcp.data(
        "save_config", {"kind": "automation", "id": "auto_lock_on", "config": silenced}
    )
    deleted = await mcp.data("delete_config", {"kind": "automation", "id": "auto_lock_on"})

    assert_refused(turned_off, reaching=enabler)
    assert_refused(edited, risk=None)
    assert_refused(deleted, risk=None)
    await assert_house(hass, {enabler: "on", auto_lock: "off"})
    assert hass.states.get(enabler).attributes["friendly_name"] == night["alias"]  # type: ignore[union-attr]
    # What only turns it off is the client's to turn off: the auto-lock stays on longer.
    assert_ran(await call_service(mcp, "automation.turn_off", target={"entity_id": disabler}))


# -- moved from red-team round 24: what only undoes its own opening --------------------


ORCHARD_CLOSE = {"action": "valve.close_valve", "target": {"entity_id": "valve.orchard"}}


def _watering(*actions: dict[str, Any]) -> dict[str, Any]:
    return {
        "alias": "Morning watering",
        "triggers": [{"trigger": "time", "at": "06:00:00"}],
        "actions": list(actions),
    }


@pytest.mark.redteam(round=24)
@LINGERING_TIMERS
async def test_turning_off_watering_that_is_not_running_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Open the orchard, wait, close it: between runs, turning it off closes nothing.

    Unless the orchard is open (the next run would close it), or it runs.
    """
    watering = await owner.save_automation(
        "watering", _watering(ORCHARD_OPEN, {"delay": {"minutes": 10}}, ORCHARD_CLOSE)
    )
    # Its morning run, which waits its ten minutes (not blocking on it).
    await hass.services.async_call("automation", "trigger", {"entity_id": watering})
    for _ in range(50):
        if hass.states.get("valve.orchard").state == "open":  # type: ignore[union-attr]
            break
        await asyncio.sleep(0)
    assert hass.states.get("valve.orchard").state == "open"  # type: ignore[union-attr]
    assert hass.states.get(watering).attributes["current"] == 1  # type: ignore[union-attr]

    # While it runs, turning it off would leave the orchard open.
    assert_refused(
        await call_service(mcp, "automation.turn_off", target={"entity_id": watering}),
        reaching=watering,
    )
    await owner.act("automation.turn_off", entity_id=watering)  # The owner stops it.
    await owner.act("valve.close_valve", entity_id="valve.orchard")
    await owner.act("automation.turn_on", entity_id=watering)
    assert hass.states.get(watering).attributes["current"] == 0  # type: ignore[union-attr]
    # The owner leaves the orchard open for the evening: the next run closes it.
    await owner.act("valve.open_valve", entity_id="valve.orchard")
    assert_refused(
        await call_service(mcp, "automation.turn_off", target={"entity_id": watering}),
        reaching=watering,
    )
    await owner.act("valve.close_valve", entity_id="valve.orchard")

    assert_ran(await call_service(mcp, "automation.turn_off", target={"entity_id": watering}))
    assert_ran(await mcp.data("delete_config", {"kind": "automation", "id": "watering"}))

    await hass.async_block_till_done()
    assert hass.states.get(watering) is None
    await assert_house(hass, {"valve.orchard": "closed"})


@pytest.mark.redteam(round=24)
@LINGERING_TIMERS
async def test_turning_off_watering_that_closes_more_than_it_opened_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Closing the front garden it never opened, or after a disabled opening, secures."""
    front_garden = {"action": "valve.close_valve", "target": {"entity_id": "valve.front_garden"}}
    disabled_open = {**ORCHARD_OPEN, "enabled": False}
    for automation_id, actions in (
        ("other_valve", (ORCHARD_OPEN, {"delay": {"minutes": 10}}, ORCHARD_CLOSE, front_garden)),
        ("disabled_open", (disabled_open, {"delay": {"minutes": 10}}, ORCHARD_CLOSE)),
        ("in_a_branch", (ORCHARD_OPEN, {"if": [], "then": [ORCHARD_CLOSE]})),
    ):
        watering = await owner.save_automation(automation_id, _watering(*actions))

        refused = await call_service(mcp, "automation.turn_off", target={"entity_id": watering})

        assert_refused(refused, reaching=watering)
        assert hass.states.get(watering).state == "on"  # type: ignore[union-attr]
        await owner.delete_automation(automation_id)


# -- moved from red-team round 26: a securing automation running a renamed script ------

LOCK_KITCHEN = {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}


async def _bedtime_runs_lock_up(owner: Owner, **script: Any) -> str:
    """Save "Lock up" (the kitchen door), renamed `script.bedtime_lock` in its settings.

    `script` changes its configuration. The bedtime automation runs it by its
    own action, `script.lock_up`; return the automation.
    """
    await owner.save_script("lock_up", {"alias": "Lock up", "sequence": [LOCK_KITCHEN], **script})
    await owner.rename_entity("script.lock_up", "script.bedtime_lock")
    return await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime lock-up",
            "triggers": [{"trigger": "time", "at": "23:45:00"}],
            "actions": [{"action": "script.lock_up"}],
        },
    )


@pytest.mark.redteam(round=26)
@LINGERING_TIMERS
async def test_an_automation_running_a_renamed_script_that_locks_secures(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    bedtime = await _bedtime_runs_lock_up(owner)

    turned_off = await call_service(mcp, "automation.turn_off", target={"entity_id": bedtime})

    assert_refused(turned_off, reaching=bedtime)
    assert hass.states.get(bedtime).state == "on"  # type: ignore[union-attr]


@pytest.mark.redteam(round=26)
@LINGERING_TIMERS
async def test_restarting_a_renamed_script_a_securing_automation_runs_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """In `restart` mode the caller's run cancels the automation's going on: renamed or not."""
    bedtime = await _bedtime_runs_lock_up(
        owner, mode="restart", sequence=[{"delay": {"minutes": 1}}, LOCK_KITCHEN]
    )
    renamed = "script.bedtime_lock"

    await hass.services.async_call("automation", "trigger", {"entity_id": bedtime})
    for _ in range(20):  # Its run starts, and waits its minute.
        await asyncio.sleep(0)
    running = hass.states.get(renamed)
    assert running is not None and running.state == "on"

    restarted = await call_service(mcp, "script.turn_on", target={"entity_id": renamed})

    assert_refused(restarted, reaching=bedtime)
    after = hass.states.get(renamed)
    assert after is not None and after.state == "on"
    assert after.attributes["last_triggered"] == running.attributes["last_triggered"]


# -- moved from red-team round 28: what a securing automation's run event names ---------


@pytest.mark.redteam(round=28)
@LINGERING_TIMERS
async def test_renaming_or_turning_off_the_run_a_securing_automation_waits_for_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "close the garden valve" waits for `automation_triggered` named "Leaving"."""
    leaving = {
        "alias": "Leaving",
        "triggers": [{"trigger": "time", "at": "08:00:00"}],
        "actions": [BED_LIGHT_ON],
    }
    await owner.save_automation("leaving", leaving)
    close = {"action": "valve.close_valve", "target": {"entity_id": "valve.front_garden"}}
    await owner.save_automation(
        "close_when_leaving",
        on_event("Close the garden valve", "automation_triggered", {"name": "Leaving"}, close),
    )

    renamed = await _save(mcp, "automation", {**leaving, "alias": "Leaving home"}, id="leaving")
    turned_off = await call_service(
        mcp, "automation.turn_off", target={"entity_id": "automation.leaving"}
    )

    assert_refused(renamed, risk=None)
    assert_refused(turned_off, reaching="automation.leaving")
    assert hass.states.get("automation.leaving").attributes["friendly_name"] == "Leaving"  # type: ignore[union-attr]


# -- moved from red-team round 34: a chained securing, a helper named as a state --------

DUSK = {"trigger": "time", "at": "21:00:00"}


@pytest.mark.redteam(round=34)
@LINGERING_TIMERS
async def test_ending_guest_mode_at_noon_is_not_what_ending_it_at_dusk_does(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At dusk guest mode ends; guest mode ending at night locks the front door.

    The lock-up has a condition of its own (night) that the dusk automation's
    change meets and a client's change at 09:00 does not. The gate reads the
    client's change as doing what the dusk automation would
    (`securing.does_as_chained`): at noon nothing locks, at dusk the dusk
    automation finds guest mode already off, and the door stays unlocked all
    night.
    """
    guest = await guest_mode_ending_at(owner, DUSK)
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": guest, "to": "off"},
        alias="Lock up at night once the guests are gone",
        automation_id="lock_up",
        conditions=[{"condition": "time", "after": "20:00:00", "before": "06:00:00"}],
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest})

    assert_refused(called, reaching="automation.guest_mode_ends_at_dusk")
    morning.move_to(21, 1)
    await hass.async_block_till_done()
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=51)
@LINGERING_TIMERS
@pytest.mark.xfail(
    strict=True,
    reason="red team 51, a known limit (docs/gate.md): a change that sets off a lock-up now, "
    "as the owner's scheduled change would at night, secures the house now and runs; the "
    "night's change then changes nothing and the lock-up does not run again",
)
async def test_turning_night_mode_on_in_the_morning_does_not_use_up_the_night_s_lock_up(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At 23:00 night mode turns on; night mode turning on locks the front door.

    The lock-up has no condition: a client turning night mode on at 09:00
    sets it off at once (the door, locked, stays so), and looks like what
    the 23:00 automation does. But night mode stays on: at 23:00 turning it
    on changes nothing, the lock-up does not run, and the door someone
    unlocked in the evening stays unlocked all night.
    """
    night = await owner.create_helper("input_boolean", "Night mode")
    await owner.save_automation(
        "night_mode_at_23",
        {
            "alias": "Night mode at 23:00",
            "triggers": [{"trigger": "time", "at": "23:00:00"}],
            "actions": [{"action": "input_boolean.turn_on", "target": {"entity_id": night}}],
        },
    )
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": night, "to": "on"},
        alias="Lock up for the night",
        automation_id="lock_up",
    )

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": night})

    assert_refused(called)
    morning.move_to(18)
    await owner.act("lock.unlock", entity_id="lock.front_door")  # Back from work.
    morning.move_to(23, 1)
    await hass.async_block_till_done()
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=34)
@LINGERING_TIMERS
async def test_an_earlier_option_comparing_a_toggle_with_a_helper_can_take_the_lock_s_turn(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At dusk: porch light if the porch toggle matches "party", else lock.

    The earlier option's condition names a helper as its state; negated, the
    gate read it as failing in every state (`securing.negated`), so no
    change of the porch toggle keeps the lock from its turn. Turning it on
    (party is on) takes the lock's turn: the door stays unlocked all night.
    """
    party = await owner.create_helper("input_boolean", "Party")
    porch = await owner.create_helper("input_boolean", "Porch at night")
    await owner.act("input_boolean.turn_on", entity_id=party)
    await owner.save_automation(
        "evening",
        {
            "alias": "Evening",
            "triggers": [DUSK],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [
                                {"condition": "state", "entity_id": porch, "state": party}
                            ],
                            "sequence": [BED_LIGHT_ON],
                        }
                    ],
                    "default": [LOCK_FRONT],
                }
            ],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    assert_refused(called, reaching="automation.evening")
    morning.move_to(21, 1)
    await assert_house(hass, LOCKED)


# -- red-team round 42: what a script a locking automation waits for reads --------------


@pytest.mark.redteam(round=42)
@LINGERING_TIMERS
async def test_lengthening_the_pause_a_script_a_locking_automation_waits_for_reads_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Goodnight fades the lights for as long as a helper says, then locks.

    The fade is a script goodnight runs and waits for (`action:
    script.fade_out`); its pause reads the owner's "fade minutes" helper.
    Set to its most (ten hours), the lock waits that long: written in the
    automation itself, the same pause is refused (above, round 14).
    """
    minutes = await owner.create_helper(
        "input_number", "Fade minutes", min=0, max=600, step=1, initial=1, mode="box"
    )
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "sequence": [
                {"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}},
                {"delay": {"minutes": f"{{{{ states('{minutes}') | int(1) }}}}"}},
            ],
        },
    )
    goodnight = await helper_runs(owner, "Goodnight", {"action": "script.fade_out"}, LOCK_FRONT)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    # Bedtime (not waited for to the end: goodnight may be pausing for hours).
    await hass.services.async_call("input_boolean", "turn_on", {"entity_id": goodnight})
    for _ in range(3):
        pass_time(hass, freezer, timedelta(minutes=2))
        for _ in range(20):
            await asyncio.sleep(0)
    assert hass.states.get("lock.front_door").state == "locked", longer  # type: ignore[union-attr]
    assert_refused(longer)


@pytest.mark.redteam(round=42)
@LINGERING_TIMERS
async def test_turning_on_party_mode_whose_automation_turns_the_auto_lock_off_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """The owner's "party mode" automation turns the auto-lock's switch off.

    Turning that switch off directly is refused (it is the auto-lock's
    condition); turning party mode on does the same through the owner's
    automation: the door, left unlocked, stays unlocked.
    """
    enabled = await owner.create_helper("input_boolean", "Auto-lock enabled")
    await owner.act("input_boolean.turn_on", entity_id=enabled)
    await save_auto_lock(owner, enabled)
    party = await helper_runs(
        owner,
        "Party mode",
        {"action": "input_boolean.turn_off", "target": {"entity_id": enabled}},
        alias="Party mode keeps the door open",
        automation_id="party",
    )
    assert_refused(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": enabled}))
    await owner.act("lock.unlock", entity_id="lock.front_door")
    on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": party})
    pass_time(hass, freezer, timedelta(minutes=6))
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked", on  # type: ignore[union-attr]
    assert_refused(on)


@LINGERING_TIMERS
async def test_lengthening_the_pause_a_script_only_a_lighting_automation_waits_for_reads_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same fade, waited for by an automation that then only turns a light on: free."""
    minutes = await owner.create_helper(
        "input_number", "Fade minutes", min=0, max=600, step=1, initial=1, mode="box"
    )
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "sequence": [{"delay": {"minutes": f"{{{{ states('{minutes}') | int(1) }}}}"}}],
        },
    )
    await helper_runs(owner, "Evening", {"action": "script.fade_out"}, BED_LIGHT_ON)
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    assert_ran(longer)


# -- red-team round 43: a pause a client can set, however the lock waits for it --------

STARTS_AND_WAITS: dict[str, list[dict[str, Any]]] = {
    "action": [{"action": "script.fade_out"}],
    "wait_template": [
        {"action": "script.turn_on", "target": {"entity_id": "script.fade_out"}},
        {"wait_template": "{{ is_state('script.fade_out', 'off') }}"},
    ],
    "wait_for_trigger": [
        {"action": "script.turn_on", "target": {"entity_id": "script.fade_out"}},
        {"wait_for_trigger": [{"trigger": "state", "entity_id": "script.fade_out", "to": "off"}]},
    ],
}
"""How goodnight runs "fade out" and waits for its end before it locks: by the
script's own action, or started (`script.turn_on`, which does not wait) and then
waited for until the script is off."""


async def _goodnight_fades_then_locks(owner: Owner, pause: str, runs: str) -> str:
    """Save "fade out" (a pause of `pause`, a template) and goodnight, which runs it so, then locks.

    Return goodnight's helper: turning it on is bedtime.
    """
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "sequence": [
                {"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}},
                {"delay": {"seconds": pause}},
            ],
        },
    )
    return await helper_runs(owner, "Goodnight", *STARTS_AND_WAITS[runs], LOCK_FRONT)


async def _bedtime(hass: HomeAssistant, freezer: FrozenDateTimeFactory, goodnight: str) -> None:
    """Turn goodnight on and let six minutes pass (its fade may pause for hours)."""
    await hass.services.async_call("input_boolean", "turn_on", {"entity_id": goodnight})
    for _ in range(3):
        pass_time(hass, freezer, timedelta(minutes=2))
        for _ in range(20):
            await asyncio.sleep(0)


@pytest.mark.redteam(round=43)
@LINGERING_TIMERS
@pytest.mark.parametrize("runs", ["wait_template", "wait_for_trigger"])
async def test_lengthening_the_pause_of_a_script_a_locking_automation_starts_then_waits_for_is_refused(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    freezer: FrozenDateTimeFactory,
    runs: str,
) -> None:
    """Goodnight starts "fade out" (`script.turn_on`), waits until it is off, then locks.

    The wait lasts as long as the fade's run, whose pause reads the owner's
    "fade minutes" helper: set to its most (ten hours), the door stays
    unlocked all night, as when goodnight runs the fade by its own action.
    """
    minutes = await owner.create_helper(
        "input_number", "Fade minutes", min=0, max=600, step=1, initial=1, mode="box"
    )
    goodnight = await _goodnight_fades_then_locks(
        owner, f"{{{{ states('{minutes}') | int(1) * 60 }}}}", runs
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    await _bedtime(hass, freezer, goodnight)
    assert hass.states.get("lock.front_door").state == "locked", longer  # type: ignore[union-attr]
    assert_refused(longer)


@pytest.mark.redteam(round=43)
@LINGERING_TIMERS
@pytest.mark.parametrize("source", ["number", "template sensor of a helper"])
async def test_lengthening_a_locking_automation_s_pause_through_a_number_or_a_sensor_of_a_helper_is_refused(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    freezer: FrozenDateTimeFactory,
    source: str,
) -> None:
    """The fade's pause reads a `number` (a device's setting) or a sensor computed from a helper.

    Either is set by a client as the "fade minutes" helper is
    (`number.set_value`, or `input_number.set_value` on the helper the
    sensor multiplies): set to its most, the lock waits for hours.
    """
    if source == "number":
        await owner.save_templates(
            [
                {
                    "number": [
                        {
                            "name": "Fade seconds",
                            "optimistic": True,
                            "min": 0,
                            "max": 36000,
                            "step": 1,
                            "set_value": [],
                        }
                    ]
                }
            ]
        )
        setting, action, value = "number.fade_seconds", "number.set_value", 36000
        await owner.act(action, entity_id=setting, value=60)
        seconds = "number.fade_seconds"
    else:
        assert await async_setup_component(hass, "input_number", {})
        setting = await owner.create_helper(
            "input_number", "Fade", min=0, max=600, step=1, initial=1, mode="box"
        )
        action, value = "input_number.set_value", 600
        seconds = await owner.add_template(
            "sensor",
            {"name": "Fade seconds", "state": f"{{{{ states('{setting}') | int(1) * 60 }}}}"},
        )
    goodnight = await _goodnight_fades_then_locks(
        owner, f"{{{{ states('{seconds}') | int(60) }}}}", "action"
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    longer = await call_service(mcp, action, target={"entity_id": setting}, data={"value": value})
    await _bedtime(hass, freezer, goodnight)
    assert hass.states.get("lock.front_door").state == "locked", longer  # type: ignore[union-attr]
    assert_refused(longer)


@LINGERING_TIMERS
@pytest.mark.parametrize("runs", ["action", "wait_template"])
async def test_brightening_the_light_a_locking_automation_s_fade_lasts_by_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, runs: str
) -> None:
    """The fade's pause is read from a light's brightness, through a sensor: the house's pause.

    A client cannot choose how long such a pause is as it can a setting's
    (the brightness is at most 255 seconds): turning the light up runs.
    """
    level = await owner.add_template(
        "sensor",
        {
            "name": "Ceiling level",
            "state": "{{ state_attr('light.ceiling_lights', 'brightness') | int(0) }}",
        },
    )
    await _goodnight_fades_then_locks(owner, f"{{{{ states('{level}') | int(0) }}}}", runs)
    brighter = await call_service(
        mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"}, data={"brightness": 255}
    )
    assert_ran(brighter)


@LINGERING_TIMERS
async def test_lengthening_a_pause_a_waited_script_works_out_into_its_own_variable_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """The fade works its pause out into a variable of its own, then waits that long.

    `pause: "{{ states('input_number.fade_minutes') | int(1) * 60 }}"`, then
    `delay: {seconds: "{{ pause }}"}`: the delay reads the helper through the
    variable, as when it reads it itself (above). Set to its most, the door
    would stay unlocked all night.
    """
    minutes, pause = await _fade_minutes(owner)
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "sequence": [
                {"variables": {"pause": pause}},
                {"delay": {"seconds": "{{ pause }}"}},
            ],
        },
    )
    goodnight = await helper_runs(owner, "Goodnight", {"action": "script.fade_out"}, LOCK_FRONT)
    await _lengthening_fade_minutes_keeps_the_door_unlocked(
        hass, mcp, freezer, owner, minutes, goodnight
    )


@LINGERING_TIMERS
async def test_turning_on_party_mode_whose_automation_turns_off_what_no_lock_checks_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Party mode turns off a helper the auto-lock does not check (the hall's night light)."""
    enabled = await owner.create_helper("input_boolean", "Auto-lock enabled")
    night_light = await owner.create_helper("input_boolean", "Night light")
    await save_auto_lock(owner, enabled)
    party = await helper_runs(
        owner,
        "Party mode",
        {"action": "input_boolean.turn_off", "target": {"entity_id": night_light}},
        alias="Party mode: no night light",
        automation_id="party",
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": party}))


async def _welcome_starts_the_auto_lock(owner: Owner, *before: dict[str, Any]) -> None:
    """Save an auto-lock whose timer a welcome script starts, after notifying who is home.

    Unlocking the door runs the welcome script (`script.turn_on`); it works
    out who is home from every person (a loop over what `expand` returns:
    an entity computed as it runs, read as every entity), tells them, runs
    `before`, then starts the timer whose end locks the door.
    """
    autolock = await auto_lock_timer(owner)
    home = (
        "{% for p in expand(states.person) | map(attribute='entity_id') %}"
        "{% if distance(p, 'zone.home') | float(0) * 1000 <= state_attr('zone.home', 'radius') %}"
        "{{ p }} {% endif %}{% endfor %}"
    )
    await owner.save_script(
        "welcome",
        {
            "alias": "Welcome",
            "sequence": [
                {"variables": {"home": home}},
                note("Welcome {{ home }}: the door locks in five minutes"),
                *before,
                {"action": "timer.start", "target": {"entity_id": autolock}},
            ],
        },
    )
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome when the door is unlocked",
            "triggers": WHEN_UNLOCKED,
            "actions": [{"action": "script.turn_on", "target": {"entity_id": "script.welcome"}}],
        },
    )


@LINGERING_TIMERS
async def test_turning_on_a_light_runs_when_the_auto_lock_s_start_first_notifies_everyone_home(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """What the welcome's message is worked out from (every entity) does not start the lock.

    Only what decides whether the script gets to the timer's start does:
    the bed light is no part of it (jlpouffier's notification blueprint).
    """
    await _welcome_starts_the_auto_lock(owner)
    light = {"entity_id": "light.bed_light"}
    assert_ran(await call_service(mcp, "light.turn_on", target=light))
    assert_ran(await call_service(mcp, "light.turn_off", target=light))


@LINGERING_TIMERS
async def test_turning_off_what_the_welcome_checks_before_starting_the_auto_lock_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The welcome starts the auto-lock's timer only while "auto-lock enabled" is on.

    Its condition, after the message and before the timer's start, keeps the
    door from locking once the helper is off.
    """
    enabled = await owner.create_helper("input_boolean", "Auto-lock enabled")
    await owner.act("input_boolean.turn_on", entity_id=enabled)
    await _welcome_starts_the_auto_lock(
        owner, {"condition": "state", "entity_id": enabled, "state": "on"}
    )
    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"}))
    assert_refused(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": enabled}))


async def _bedside_button(owner: Owner, *, alarm_first: bool) -> str:
    """Save a bedside button toggling sleep mode, whose turning on locks the door; return the hour.

    Pressed while awake, it turns sleep mode on and sets the alarm clock one
    hour after the wake-up hour (`alarm_first`: before turning it on), a
    call that fails past the helper's most; pressed asleep, it turns sleep
    mode off. The lock-up runs on any change of sleep mode, and locks when
    it is on.
    """
    hour = await owner.create_helper(
        "input_number", "Wake-up hour", min=0, max=23, step=1, initial=7, mode="box"
    )
    alarm = await owner.create_helper(
        "input_number", "Alarm hour", min=0, max=23, step=1, initial=8, mode="box"
    )
    sleep = await owner.create_helper("input_boolean", "Sleep mode")
    await owner.save_automation(
        "lock_up",
        {
            "alias": "Lock up when sleep mode changes",
            "triggers": [{"trigger": "state", "entity_id": sleep}],
            "actions": [
                {
                    "if": [{"condition": "state", "entity_id": sleep, "state": "on"}],
                    "then": [LOCK_FRONT],
                }
            ],
        },
    )
    set_alarm = {
        "action": "input_number.set_value",
        "target": {"entity_id": alarm},
        "data": {"value": f"{{{{ states('{hour}') | int(7) + 1 }}}}"},
    }
    sleeping = {"action": "input_boolean.turn_on", "target": {"entity_id": sleep}}
    awake = [set_alarm, sleeping] if alarm_first else [sleeping, set_alarm]
    await helper_runs(
        owner,
        "Bedside button",
        {
            "choose": [
                {
                    "conditions": [{"condition": "state", "entity_id": sleep, "state": "off"}],
                    "sequence": awake,
                },
                {
                    "conditions": [{"condition": "state", "entity_id": sleep, "state": "on"}],
                    "sequence": [
                        {"action": "input_boolean.turn_off", "target": {"entity_id": sleep}}
                    ],
                },
            ]
        },
        to=None,
        automation_id="bedside",
    )
    return hour


async def test_setting_the_wake_up_hour_an_alarm_is_set_from_after_the_lock_up_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The alarm is set after sleep mode is on: failing, it no longer keeps the door unlocked.

    Nor does it come before the button's other option, which turns sleep
    mode off: a press takes one option, though the gate reads both in turn.
    """
    hour = await _bedside_button(owner, alarm_first=False)
    target = {"entity_id": hour}
    assert_ran(await call_service(mcp, "input_number.set_value", target=target, data={"value": 23}))


async def test_setting_the_wake_up_hour_an_alarm_is_set_from_before_the_lock_up_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Set first, the alarm past 23 fails the press's run: sleep mode stays off, the door open."""
    hour = await _bedside_button(owner, alarm_first=True)
    target = {"entity_id": hour}
    await owner.act("lock.unlock", entity_id="lock.front_door")
    refused = await call_service(mcp, "input_number.set_value", target=target, data={"value": 23})
    assert_refused(refused)


async def _guests_leave(owner: Owner, goodbye: str) -> tuple[str, str]:
    """Save "Guests leave", whose goodbye script ends guest mode, which locks the door.

    The script first says `goodbye` (with `{guests}`: the text helper of how
    many stayed), then turns guest mode off; the lock-up locks the front
    door when guest mode ends. Return the text helper and the button.
    """
    guests = await owner.create_helper("input_text", "Guests", initial="2")
    guest_mode = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest_mode)
    await owner.save_script(
        "goodbye",
        {
            "alias": "Goodbye",
            "sequence": [
                note(goodbye.format(guests=guests)),
                {"action": "input_boolean.turn_off", "target": {"entity_id": guest_mode}},
            ],
        },
    )
    leave = await helper_runs(owner, "Guests leave", {"action": "script.goodbye"})
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": guest_mode, "to": "off"},
        alias="Lock up once the guests are gone",
        automation_id="lock_up",
    )
    return guests, leave


@pytest.mark.redteam(round=43)
async def test_setting_a_text_the_goodbye_before_ending_guest_mode_reads_as_a_number_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`states(guests) | int` raises once the text is no number: guest mode stays on.

    The goodbye script's message fails, its run ends before it turns guest
    mode off, and the lock-up never runs: the door, left unlocked, stays so.
    """
    guests, leave = await _guests_leave(owner, "Goodbye, {{{{ states('{guests}') | int }}}} guests")
    await owner.act("lock.unlock", entity_id="lock.front_door")
    target = {"entity_id": guests}
    refused = await call_service(mcp, "input_text.set_value", target=target, data={"value": "two"})
    await owner.act("input_boolean.turn_on", entity_id=leave)
    await assert_house(hass, LOCKED)
    assert_refused(refused)


async def test_setting_a_text_the_goodbye_reads_with_a_default_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`states(guests) | int(0)` never raises: the text is free, and the door still locks."""
    guests, leave = await _guests_leave(
        owner, "Goodbye, {{{{ states('{guests}') | int(0) }}}} guests"
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    target = {"entity_id": guests}
    assert_ran(
        await call_service(mcp, "input_text.set_value", target=target, data={"value": "two"})
    )
    await owner.act("input_boolean.turn_on", entity_id=leave)
    await assert_house(hass, LOCKED)


# -- red-team round 43: a division by what a client can set to 0 -----------------------


async def _good_night_says(owner: Owner, message: str) -> str:
    """Save "Good night": it notifies `message`, then locks the front door.

    Return the helper that starts it (bedtime).
    """
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    await owner.save_automation(
        "good_night",
        {
            "alias": "Good night",
            "triggers": [{"trigger": "state", "entity_id": bedtime, "to": "on"}],
            "actions": [
                {"action": "persistent_notification.create", "data": {"message": message}},
                LOCK_FRONT,
            ],
        },
    )
    return bedtime


DIVIDED_BY_A_SETTING = {
    "number-helper": (
        "input_number",
        {"min": 0, "max": 10, "step": 1, "initial": 2, "mode": "box"},
        "set_value",
        {"value": 0},
        "{{ (8 / (states('HELPER') | float(1))) | round(1) }} hours of sleep each",
    ),
    "text": (
        "input_text",
        {"initial": "2"},
        "set_value",
        {"value": "0"},
        "{{ 8 // (states('HELPER') | int(1)) }} hours of sleep each",
    ),
    "option": (
        "input_select",
        {"options": ["0", "1", "2"], "initial": "2"},
        "select_option",
        {"option": "0"},
        "{{ 8 % (states('HELPER') | int(1)) }} hours left over",
    ),
    "counter": (
        "counter",
        {"initial": 2, "step": 1},
        "set_value",
        {"value": 0},
        "{{ 8 / (states('HELPER') | int(1)) }} hours of sleep each",
    ),
}
"""A bedtime message dividing by a helper a client can set to 0 (`/`, `//`, `%`): a
number helper whose range holds 0, a text, an option "0", a counter set to 0. A
default (`| float(1)`) does not help: "0" is a number."""


@pytest.mark.redteam(round=43)
@pytest.mark.parametrize("helper", list(DIVIDED_BY_A_SETTING))
async def test_setting_to_0_what_a_locking_automation_divides_by_first_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, helper: str
) -> None:
    """Good night shares the night among the guests (a helper), then locks.

    Set to 0, the division raises (`ZeroDivisionError`): the message's step
    fails, the run ends there and the door stays unlocked all night.
    Setting the helper to 0 over MCP waits for a person.
    """
    domain, fields, service, data, message = DIVIDED_BY_A_SETTING[helper]
    assert await async_setup_component(hass, domain, {})
    guests = await owner.create_helper(domain, "Guests", **fields)
    bedtime = await _good_night_says(owner, message.replace("HELPER", guests))
    await owner.act("lock.unlock", entity_id="lock.front_door")
    zero = await call_service(mcp, f"{domain}.{service}", target={"entity_id": guests}, data=data)
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(zero)


DIVIDED_BY_WHAT_IS_NEVER_0 = {
    "or-one": "{{ 8 / ((states('HELPER') | float(0)) or 1) }} hours of sleep each",
    "at-least-one": "{{ 8 / max(states('HELPER') | float(0), 1) }} hours of sleep each",
    "only-when-some": (
        "{% set guests = states('HELPER') | float(0) %}"
        "{% if guests <= 0 %}No guests{% else %}{{ 8 / guests }} hours each{% endif %}"
    ),
    "divided": "{{ (states('HELPER') | float(0)) / 8 }} guests an hour",
    "by-a-sensor": (
        "{{ (states('HELPER') | float(0)) / (states('sensor.outside_temperature') | float(1)) }}"
        " guests a degree"
    ),
}
"""A bedtime message dividing in a way no client makes divide by 0: by a helper or 1
when it is 0, by the larger of a helper and 1, by a helper only when it is more than 0,
a helper divided (not dividing), by a sensor no client sets (what it is tied to)."""


@pytest.mark.parametrize("read", list(DIVIDED_BY_WHAT_IS_NEVER_0))
async def test_setting_to_0_what_a_locking_automation_never_divides_by_0_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, read: str
) -> None:
    """Good night divides in a way no value makes raise: the helper set to 0 runs, the door locks.

    So does turning the bed light on at its warmest, or off.
    """
    hass.states.async_set("sensor.outside_temperature", "12")
    assert await async_setup_component(hass, "input_number", {})
    guests = await owner.create_helper(
        "input_number", "Guests", min=0, max=10, step=1, initial=2, mode="box"
    )
    message = DIVIDED_BY_WHAT_IS_NEVER_0[read].replace("HELPER", guests)
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    target = {"entity_id": guests}
    assert_ran(await call_service(mcp, "input_number.set_value", target=target, data={"value": 0}))
    light = {"entity_id": "light.bed_light"}
    assert_ran(
        await call_service(mcp, "light.turn_on", target=light, data={"color_temp_kelvin": 2000})
    )
    assert_ran(await call_service(mcp, "light.turn_off", target=light))
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


OPEN_ONES = "expand(state_attr('sensor.left_on', 'entities'))"
"""The lights an owner's sensor lists (an attribute: any entity, as the gate reads it)."""


async def test_a_locking_automation_listing_names_sorted_lets_the_lights_they_name_change(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night lists what is left on by name, sorted, then locks: names are always text.

    However a client changes the lights the list names, the message renders
    and the door locks: turning one off runs.
    """
    lights = ["light.ceiling_lights", "light.kitchen_lights"]  # Both on.
    hass.states.async_set("sensor.left_on", "2", {"entities": lights})
    message = (
        f"{{% set names = {OPEN_ONES} | map(attribute='name') | sort %}}"
        "Left on: {% for name in names %}{{ name | replace('Lights', '') }} {% endfor %}"
        "({{ names | count }})"
    )
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": lights[0]}))
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


async def test_turning_off_a_light_a_locking_automation_sorts_by_brightness_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night sorts the lights left on by brightness, then locks.

    A light turned off has no brightness: nothing and a number do not sort,
    the message raises and the door stays unlocked. Turning it off over MCP
    waits for a person.
    """
    lights = ["light.ceiling_lights", "light.kitchen_lights"]  # Both on.
    hass.states.async_set("sensor.left_on", "2", {"entities": lights})
    message = (
        f"Brightest last: {{{{ {OPEN_ONES} | map(attribute='attributes.brightness') | sort }}}}"
    )
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    refused = await call_service(mcp, "light.turn_off", target={"entity_id": lights[0]})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(refused)


SPEECH_JINJA = """\
{%- macro array_to_clist(arr, title=false) -%}
{%- set clist = ', and ' if arr | count > 2 else ' and ' %}
{%- set text = arr | join(', ') %}
{%- if title %}{{ clist.join((text | title).rsplit(', ', 1)) }}
{%- else %}{{ clist.join(text.rsplit(', ', 1)) }}
{%- endif %}
{%- endmacro -%}

{%- macro plural_verb(qty) -%}
{%- if is_number(qty) %}{{- iif(qty | abs == 1, 'is', 'are') }}{%- endif -%}
{%- endmacro -%}

{%- macro per_guest(hours) -%}
{{- (hours / (states('input_number.guests') | float(1))) | round(1) -}}
{%- endmacro -%}
"""
"""An owner's speech helpers (as the public `speech_helpers.jinja` many houses import):
a list said as a sentence, "is" or "are" by a count; and a night shared among guests. A
call to one is read as one that can raise, with what it is given and what its file reads."""


async def _guests(hass: HomeAssistant, owner: Owner) -> str:
    """Create the owner's number of guests (0 to 10, 2 now); return `input_number.guests`."""
    assert await async_setup_component(hass, "input_number", {})
    guests = await owner.create_helper(
        "input_number", "Guests", min=0, max=10, step=1, initial=2, mode="box"
    )
    assert guests == "input_number.guests"
    return guests


async def _guests_set_to_0_before_good_night(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, guests: str, message: str
) -> None:
    """Good night says `message`, then locks; a client sets the guests to 0 first.

    Setting them waits for a person, and the door locks at bedtime.
    """
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    target = {"entity_id": guests}
    zero = await call_service(mcp, "input_number.set_value", target=target, data={"value": 0})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(zero)


async def test_setting_to_0_what_a_custom_macro_of_a_locking_automation_divides_by_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night shares the night among the guests through a macro that reads the helper itself.

    The call gives the macro nothing of the house; its body divides by the
    guests, which a client can set to 0: the message raises, the door stays
    unlocked. Setting the helper to 0 over MCP waits for a person.
    """
    guests = await _guests(hass, owner)
    await owner.save_custom_template("speech.jinja", SPEECH_JINJA)
    message = "{% from 'speech.jinja' import per_guest %}{{ per_guest(8) }} hours of sleep each"
    await _guests_set_to_0_before_good_night(hass, owner, mcp, guests, message)


PER_GUEST_MACROS = {
    "a default": (
        (
            "{%- macro per_guest(hours, guests=states('input_number.guests') | float(1)) -%}\n"
            "{{- (hours / guests) | round(1) -}}\n"
            "{%- endmacro -%}\n"
        ),
        "{{ per_guest(8) }}",
    ),
    "a parameter set again": (
        (
            "{%- macro per_guest(hours, guests) -%}\n"
            "{%- set guests = guests | float(1) -%}\n"
            "{{- (hours / guests) | round(1) -}}\n"
            "{%- endmacro -%}\n"
        ),
        "{{ per_guest(8, states('input_number.guests')) }}",
    ),
}
"""A custom macro sharing the night among the guests, who come to it through a parameter:
its default reads the helper, or the body makes the call's reading a number again."""


@pytest.mark.redteam(round=50)
@pytest.mark.parametrize(
    "through",
    [
        pytest.param(
            "a default",
            marks=pytest.mark.xfail(
                strict=True,
                reason=(
                    "red team 50: a custom macro's parameter left to a default that reads the "
                    "house is renamed unbound, read as nothing of the house"
                ),
            ),
        ),
        "a parameter set again",
    ],
)
async def test_setting_to_0_what_a_custom_macro_s_parameter_divides_by_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, through: str
) -> None:
    """Good night shares the night among the guests through a macro's parameter, then locks.

    The guests reach the division through the parameter's default (a read of
    the helper), or through the call's reading the body converts again
    (`{% set guests = guests | float(1) %}`): a client can set the helper to 0,
    the message raises, the door stays unlocked. Setting it to 0 over MCP waits
    for a person.
    """
    source, call = PER_GUEST_MACROS[through]
    guests = await _guests(hass, owner)
    await owner.save_custom_template("nights.jinja", source)
    message = "{% from 'nights.jinja' import per_guest %}" + call + " hours of sleep each"
    await _guests_set_to_0_before_good_night(hass, owner, mcp, guests, message)


@pytest.mark.redteam(round=50)
async def test_turning_off_what_a_locking_automation_s_message_adds_without_else_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night greets the guests when guest mode is on, then locks.

    `', guests' if guest mode is on`, with no `else`, is undefined once guest
    mode is off: `'Good night' + ` it raises and the door stays unlocked.
    Turning guest mode off over MCP waits for a person.
    """
    guest_mode = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest_mode)
    message = "{{ 'Good night' + (', guests' if is_state('" + guest_mode + "', 'on')) }}"
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    off = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest_mode})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(off)


@pytest.mark.redteam(round=50)
async def test_setting_the_room_a_locking_automation_searches_lights_by_to_no_pattern_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night lists the lights on in the room a helper names (a search), then locks.

    The helper's text is the search's pattern: set to "Hall (", no regular
    expression, the message raises and the door stays unlocked. Setting it over
    MCP waits for a person.
    """
    assert await async_setup_component(hass, "input_text", {})
    room = await owner.create_helper("input_text", "Bedtime room", initial="Kitchen")
    message = (
        "Still on: {{ states.light | selectattr('state', 'eq', 'on') "
        "| selectattr('name', 'search', states('" + room + "')) "
        "| map(attribute='name') | join(', ') }}"
    )
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    unmatched = await call_service(
        mcp, "input_text.set_value", target={"entity_id": room}, data={"value": "Hall ("}
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(unmatched)


@pytest.mark.redteam(round=50)
@pytest.mark.xfail(
    strict=True,
    reason=(
        "red team 50: a value a custom template sets from the house, read as "
        "`module.value` after `import 'x.jinja' as module`, is judged as reading nothing"
    ),
)
async def test_setting_to_0_what_a_lock_up_divides_by_through_an_imported_value_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's `house.jinja` sets `guests` from the helper; Good night divides by it.

    `{% import 'house.jinja' as house %}` then `house.guests`: importing
    the file renders its top level, so `house.guests` is the helper's number,
    which a client can set to 0: the message raises, the door stays unlocked.
    Setting the helper to 0 over MCP waits for a person.
    """
    guests = await _guests(hass, owner)
    await owner.save_custom_template(
        "house.jinja", "{% set guests = states('" + guests + "') | float(1) %}\n"
    )
    message = (
        "{% import 'house.jinja' as house %}{{ (8 / house.guests) | round(1) }} hours of sleep each"
    )
    await _guests_set_to_0_before_good_night(hass, owner, mcp, guests, message)


@pytest.mark.redteam(round=50)
async def test_turning_on_a_light_a_lock_up_s_macro_joins_with_its_caller_s_name_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night says the lights left on through a macro that joins them by `sep`, then locks.

    `sep` is set by the message, not by the macro, which does not see it: with
    one light on the macro never reads it; a client turning on a second makes
    `sep.join` fail, and the door stays unlocked. Turning it on over MCP waits
    for a person.
    """
    lights = ["light.ceiling_lights", "light.kitchen_lights"]
    hass.states.async_set("sensor.left_on", "2", {"entities": lights})
    await owner.act("light.turn_off", entity_id=lights[1])
    await owner.save_custom_template(
        "lists.jinja",
        "{%- macro said(names) -%}\n"
        "{%- if names | count > 1 %}{{ sep.join(names) }}{% else %}{{ names | join }}{% endif -%}\n"
        "{%- endmacro -%}\n",
    )
    message = (
        "{% from 'lists.jinja' import said %}{% set sep = ', ' %}"
        f"Still on: {{{{ said({OPEN_ONES} | selectattr('state', 'eq', 'on') "
        "| map(attribute='name') | list) }}"
    )
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    second = await call_service(mcp, "light.turn_on", target={"entity_id": lights[1]})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(second)


# -- red-team round 43: what a client's call makes infinite ----------------------------


@pytest.fixture
async def water_heater(hass: HomeAssistant) -> str:
    """Add the demo's water heaters to the house (the owner's boiler); return the Celsius one."""
    entry = hass.config_entries.async_entries("demo")[0]
    await hass.config_entries.async_forward_entry_setups(entry, [Platform.WATER_HEATER])
    await hass.async_block_till_done()
    return "water_heater.demo_water_heater_celsius"


@pytest.mark.redteam(round=43)
async def test_setting_the_water_heater_a_locking_automation_reads_as_whole_to_infinity_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, water_heater: str
) -> None:
    """Good night says how hot the water is (`| int(0)` of its temperature), then locks.

    `water_heater.set_temperature` takes any number, "inf" too, and the
    heater keeps it: `int` of an infinite number raises, its default or
    not (it gives its default only for text). Setting it over MCP waits.
    """
    message = f"Water at {{{{ state_attr('{water_heater}', 'temperature') | int(0) }}}} °C"
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    infinite = await call_service(
        mcp,
        "water_heater.set_temperature",
        target={"entity_id": water_heater},
        data={"temperature": "inf"},
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(infinite)


async def test_setting_the_thermostat_a_locking_automation_reads_as_whole_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night says the thermostat's target (`| int(0)`), then locks.

    `climate.set_temperature` compares the value with the thermostat's
    range: "inf" is out of it, "nan" passes, and `int` gives its default
    for nan. Setting the thermostat over MCP runs, and the door locks.
    """
    message = "Heating to {{ state_attr('climate.hvac', 'temperature') | int(0) }} °C"
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    target = {"entity_id": "climate.hvac"}
    assert_ran(
        await call_service(
            mcp, "climate.set_temperature", target=target, data={"temperature": "nan"}
        )
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=45)
async def test_setting_the_colour_temperature_a_locking_automation_divides_by_to_0_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night says the bed light's mireds (1000000 / its kelvin), then locks.

    `light.turn_on` takes `color_temp_kelvin: 0` (a positive int, 0 included)
    and the light shows 0: the division raises, the run ends before the lock.
    Setting it over MCP waits for a person.
    """
    message = (
        "{{ (1000000 / (state_attr('light.bed_light', 'color_temp_kelvin') | float(2700)))"
        " | round }} mireds"
    )
    bedtime = await _good_night_says(owner, message)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    zero = await call_service(
        mcp,
        "light.turn_on",
        target={"entity_id": "light.bed_light"},
        data={"color_temp_kelvin": 0},
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(zero)


DIVIDED_BY_WHAT_IS_TINY = {
    "above-0-made-whole": (
        "{% set guests = states('HELPER') | float(0) %}"
        "{% if guests > 0 %}{{ (8 / guests) | round }} hours of sleep each{% endif %}"
    ),
    "above-0-halved": (
        "{% set guests = states('HELPER') | float(0) %}"
        "{% if guests > 0 %}{{ 8 / (guests * 0.5) }} hours for each couple{% endif %}"
    ),
    "or-one-halved": "{{ 8 / (((states('HELPER') | float(0)) or 1) * 0.5) }} hours for each couple",
}
"""A bedtime message dividing by a helper that is no 0 where it divides (`guests > 0`,
`or 1`), but may be the smallest number above it: 8 divided by it is infinite (made
whole, `OverflowError`), or halved it is 0 (`ZeroDivisionError`)."""


@pytest.mark.redteam(round=45)
@pytest.mark.parametrize("read", list(DIVIDED_BY_WHAT_IS_TINY))
async def test_setting_to_the_smallest_number_what_a_locking_automation_divides_by_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, read: str
) -> None:
    """Good night divides by the guests only when they are no 0, then locks.

    `input_number.set_value` takes 5e-324 (in the helper's range): the
    message's step raises, the run ends there and the door stays unlocked.
    Setting it over MCP waits for a person.
    """
    assert await async_setup_component(hass, "input_number", {})
    guests = await owner.create_helper(
        "input_number", "Guests", min=0, max=10, step=1, initial=2, mode="box"
    )
    bedtime = await _good_night_says(owner, DIVIDED_BY_WHAT_IS_TINY[read].replace("HELPER", guests))
    await owner.act("lock.unlock", entity_id="lock.front_door")
    tiny = await call_service(
        mcp, "input_number.set_value", target={"entity_id": guests}, data={"value": 5e-324}
    )
    assert float(hass.states.get(guests).state) == 5e-324 or tiny.get("ok") is False
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(tiny)


@pytest.mark.redteam(round=45)
async def test_setting_a_huge_delay_a_locking_automation_shows_as_a_time_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night says when the alarm rings (now + a text's minutes, as a time), then locks.

    `timestamp_custom(…, default)` gives its default for text and nan, but a
    time 1e20 minutes away is out of range for the platform (`OverflowError`):
    the step raises and the run ends before the lock. Setting the text over
    MCP waits for a person.
    """
    assert await async_setup_component(hass, "input_text", {})
    minutes = await owner.create_helper("input_text", "Alarm in", initial="480")
    bedtime = await _good_night_says(
        owner,
        "Alarm at {{ (as_timestamp(now()) + (states('"
        + minutes
        + "') | float(0)) * 60) | timestamp_custom('%H:%M', true, '') }}",
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    huge = await call_service(
        mcp, "input_text.set_value", target={"entity_id": minutes}, data={"value": "1e20"}
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(huge)


@pytest.mark.redteam(round=45)
async def test_setting_a_counter_a_locking_automation_repeats_text_by_to_a_huge_number_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night draws a bed per guest (`'*' * guests`), then locks.

    `counter.set_value` takes any whole number from 0 up ("1" and 20 zeros too): text
    repeated that often cannot be made (`OverflowError`), the step raises
    and the run ends before the lock. Setting the counter over MCP waits.
    """
    assert await async_setup_component(hass, "counter", {})
    guests = await owner.create_helper("counter", "Guests", initial=2, step=1)
    bedtime = await _good_night_says(
        owner, "Beds to make: {{ '*' * (states('" + guests + "') | int(0)) }}"
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    huge = await call_service(
        mcp, "counter.set_value", target={"entity_id": guests}, data={"value": "1" + "0" * 20}
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(huge)


# -- each way of the second-order table (`rules.HOLD_RULES`), with its own reason --------


async def _fail_its_condition(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Turn off the helper the auto-lock runs only while it is on."""
    auto_lock = await owner.create_helper("input_boolean", "Auto lock")
    await owner.act("input_boolean.turn_on", entity_id=auto_lock)
    await locks_when(
        owner,
        *WHEN_UNLOCKED,
        alias="Auto-lock",
        automation_id="auto_lock",
        conditions=[{"condition": "state", "entity_id": auto_lock, "state": "on"}],
    )
    return await call_service(mcp, "input_boolean.turn_off", target={"entity_id": auto_lock})


async def _make_its_message_fail(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Set the guests Good night divides the night among, before it locks, to 0."""
    guests = await _guests(owner.hass, owner)
    await _good_night_says(
        owner, "{{ (8 / (states('" + guests + "') | float(1))) | round(1) }} hours each"
    )
    return await call_service(
        mcp, "input_number.set_value", target={"entity_id": guests}, data={"value": 0}
    )


async def _change_what_its_sensor_is_computed_from(
    owner: Owner, mcp: McpHarness, phone: Phone
) -> dict[str, Any]:
    """Change the helper a template sensor the lock-up checks is computed from."""
    away = await owner.create_helper("input_boolean", "Away")
    await owner.act("input_boolean.turn_on", entity_id=away)
    nobody_home = await owner.add_template(
        "binary_sensor", {"name": "Nobody home", "state": f"{{{{ is_state('{away}', 'on') }}}}"}
    )
    await locks_when(
        owner,
        *AT_NIGHT,
        alias="Lock up when nobody is home",
        automation_id="lock_up",
        conditions=[{"condition": "state", "entity_id": nobody_home, "state": "on"}],
    )
    return await call_service(mcp, "input_boolean.turn_off", target={"entity_id": away})


async def _stop_its_timer(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Cancel the timer the garage closes when it finishes."""
    timer = await owner.create_helper("timer", "Garage auto close", duration="00:10:00")
    await owner.act("timer.start", entity_id=timer)
    await owner.save_automation(
        "auto_close",
        {
            "alias": "Garage auto-close",
            "triggers": [{"trigger": "event", "event_type": "timer.finished",
                          "event_data": {"entity_id": timer}}],
            "actions": [CLOSE_GARAGE],
        },
    )  # fmt: skip
    return await call_service(mcp, "timer.cancel", target={"entity_id": timer})


async def _redefine_what_it_locks(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Empty the group the nightly lock-up locks of its lock."""
    await owner.act(
        "group.set", object_id="outside_doors", name="Outside doors", entities=["lock.front_door"]
    )
    await owner.save_automation(
        "lock_group",
        {
            "alias": "Lock outside doors at night",
            "triggers": AT_NIGHT,
            "actions": [{"action": "lock.lock", "target": {"entity_id": "group.outside_doors"}}],
        },
    )
    data = {"object_id": "outside_doors", "entities": ["light.bed_light"]}
    return await call_service(mcp, "group.set", data=data)


async def _end_its_wait(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Say someone is back while the lock-up waits 15 s for nobody home."""
    people = await owner.create_helper(
        "input_number", "People home", min=0, max=10, step=1, initial=2, mode="box"
    )
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": 1, "for": {"seconds": 15}},
        alias="Lock when nobody is home",
        automation_id="nobody_home",
    )
    await owner.act("input_number.set_value", entity_id=people, value=0)
    return await call_service(
        mcp, "input_number.set_value", target={"entity_id": people}, data={"value": 1}
    )


async def _hold_up_its_run(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Set off a `single` auto-lock: the run its trigger starts is then dropped."""
    automation = await owner.save_automation("auto_lock", _auto_lock("single"))
    return await call_service(mcp, "automation.trigger", target={"entity_id": automation})


async def _set_it_off_again_and_again(
    owner: Owner, mcp: McpHarness, phone: Phone
) -> dict[str, Any]:
    """Write an automation that sets off a `restart` auto-lock every 10 s."""
    await owner.save_automation("auto_lock", _auto_lock("restart"))
    loop = {
        "alias": "Retrigger",
        "mode": "parallel",
        "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
        "actions": [
            {"action": "automation.trigger", "target": {"entity_id": "automation.auto_lock"}}
        ],
    }
    return await _save(mcp, "automation", loop)


async def _move_its_trigger_s_threshold(
    owner: Owner, mcp: McpHarness, phone: Phone
) -> dict[str, Any]:
    """Set the threshold below which the people home lock up to 0: it never fires."""
    threshold = await locks_below_threshold(owner)
    return await call_service(
        mcp, "input_number.set_value", target={"entity_id": threshold}, data={"value": 0}
    )


async def _take_its_prompt_off_the_phone(
    owner: Owner, mcp: McpHarness, phone: Phone
) -> dict[str, Any]:
    """Send Alice a notification tagged as the "Lock the doors?" prompt she taps to lock up."""
    await asks_to_lock_up(owner, phone)
    data = {"message": "The dishwasher has finished", "data": {"tag": LOCK_UP_TAG}}
    return await call_service(mcp, phone.notify, data=data)


async def _count_someone_home_who_is_not(
    owner: Owner, mcp: McpHarness, phone: Phone
) -> dict[str, Any]:
    """Count one more person home than is: the lock-up below 1 never fires when she leaves."""
    assert await async_setup_component(owner.hass, "counter", {})
    people = await owner.create_helper("counter", "People home", initial=1, step=1)
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": 1},
        alias="Lock when everyone has left",
    )
    return await call_service(mcp, "counter.increment", target={"entity_id": people})


_NOT_NOW = {"action": "NOT_NOW", "title": "Not now"}
"""The second button of the owner's prompt: a tap on it ends the wait, and nothing locks."""


async def _asks_and_locks_on_lock_only(owner: Owner, phone: Phone) -> str:
    """Save "Ask and lock up": prompt, wait for Lock or Not now, lock on Lock only."""
    away = await owner.create_helper("input_boolean", "Away")
    answered = "{{ wait.trigger.event.data.action == '" + LOCK_UP_BUTTON["action"] + "' }}"
    return await owner.save_automation(
        "ask_and_lock",
        {
            "alias": "Ask and lock up",
            "triggers": [{"trigger": "state", "entity_id": away, "to": "on"}],
            "actions": [
                {"action": phone.notify, "data": {
                    "message": "No one home, lock the doors?",
                    "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON, _NOT_NOW]},
                }},
                {"wait_for_trigger": [_tap_on(LOCK_UP_BUTTON["action"]), _tap_on(_NOT_NOW["action"])],
                 "timeout": "01:00:00", "continue_on_timeout": False},
                {"if": [{"condition": "template", "value_template": answered}],
                 "then": [LOCK_FRONT]},
            ],
        },
    )  # fmt: skip


def _tap_on(action: str) -> dict[str, Any]:
    """Return a trigger on a tap on the owner's prompt's button `action`."""
    return {
        "trigger": "event",
        "event_type": "mobile_app_notification_action",
        "event_data": {"action": action},
    }


def _taps(action: str) -> dict[str, Any]:
    """Return a client's script that fires a tap on the prompt's button `action` itself."""
    return {
        "alias": "Dishwasher done",
        "sequence": [{"event": "mobile_app_notification_action", "event_data": {"action": action}}],
    }


async def _answer_its_prompt_not_now(owner: Owner, mcp: McpHarness, phone: Phone) -> dict[str, Any]:
    """Write a script that answers the lock-up's prompt "Not now" (its tap, fired)."""
    await _asks_and_locks_on_lock_only(owner, phone)
    return await _save(mcp, "script", _taps(_NOT_NOW["action"]))


_WAYS: dict[Hold, Callable[[Owner, McpHarness, Phone], Awaitable[dict[str, Any]]]] = {
    Hold.CHECK: _fail_its_condition,
    Hold.DECIDES: _make_its_message_fail,
    Hold.DERIVED: _change_what_its_sensor_is_computed_from,
    Hold.TIMER: _stop_its_timer,
    Hold.REDEFINED: _redefine_what_it_locks,
    Hold.WAIT: _end_its_wait,
    Hold.RUN: _hold_up_its_run,
    Hold.AGAIN: _set_it_off_again_and_again,
    Hold.PROMPT: _take_its_prompt_off_the_phone,
    Hold.FIRES: _move_its_trigger_s_threshold,
    Hold.AWAY: _count_someone_home_who_is_not,
    Hold.ANSWER: _answer_its_prompt_not_now,
}
"""A scenario of each row of the second-order table (the owner, the client, Alice's phone)."""


def test_each_way_of_keeping_the_house_from_being_secured_has_a_scenario() -> None:
    """A row of `HOLD_RULES` without a scenario here fails (and one scenario per row)."""
    assert set(_WAYS) == {rule.hold for rule in HOLD_RULES}
    assert len(HOLD_RULES) == len(HOLDS)


@LINGERING_TIMERS
@pytest.mark.parametrize("hold", list(Hold))
async def test_what_keeps_the_house_from_being_secured_waits_saying_how(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, hold: Hold
) -> None:
    """Each way waits, and the person asked reads that way's own reason."""
    garage = hass.states.get("cover.garage_door")
    assert garage is not None
    before = {**LOCKED, "cover.garage_door": garage.state}

    result = await _WAYS[hold](owner, mcp, phone)

    assert_refused(result)
    reasons = {target.get("reason") for target in result["targets"]}
    assert HOLDS[hold].reason in reasons, reasons
    await assert_house(hass, before)


async def _fade_minutes(owner: Owner) -> tuple[str, str]:
    """Create the owner's "fade minutes" helper; return it and a pause of that many minutes."""
    minutes = await owner.create_helper(
        "input_number", "Fade minutes", min=0, max=600, step=1, initial=1, mode="box"
    )
    return minutes, f"{{{{ states('{minutes}') | int(1) * 60 }}}}"


async def _lengthening_fade_minutes_keeps_the_door_unlocked(
    hass: HomeAssistant,
    mcp: McpHarness,
    freezer: FrozenDateTimeFactory,
    owner: Owner,
    minutes: str,
    goodnight: str,
) -> None:
    """Unlock, have a client set the fade to its most, go to bed: the door locks, or it was refused."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    await _bedtime(hass, freezer, goodnight)
    assert hass.states.get("lock.front_door").state == "locked", longer  # type: ignore[union-attr]
    assert_refused(longer)


@LINGERING_TIMERS
async def test_changing_what_a_locking_automation_gives_its_fade_that_no_pause_reads_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Goodnight gives the fade a message read from the helper; the fade's pause is fixed.

    What a caller gives counts only where the waited script's pauses read it.
    """
    minutes, pause = await _fade_minutes(owner)
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "fields": {"message": {"description": "What to say"}},
            "sequence": [{"delay": {"seconds": 30}}],
        },
    )
    await helper_runs(
        owner, "Goodnight", {"action": "script.fade_out", "data": {"message": pause}}, LOCK_FRONT
    )
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": minutes}, data={"value": 600}
    )
    assert_ran(longer)


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_lengthening_a_pause_in_a_branch_a_caller_s_data_chooses_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """The fade pauses only when slow: `variables: {mode: fast}`, `if: mode == 'slow'`.

    A script's `variables:` are defaults: goodnight gives `mode` from the
    owner's "fade mode" select, which a client sets to slow. The branch's
    pause then reads "fade minutes": set to its most, the door stays
    unlocked all night (on main the script's configuration, read as
    written, held the pause, and the change waited).
    """
    minutes, pause = await _fade_minutes(owner)
    mode = await owner.create_helper("input_select", "Fade mode", options=["fast", "slow"])
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "variables": {"mode": "fast"},
            "sequence": [{"if": "{{ mode == 'slow' }}", "then": [{"delay": {"seconds": pause}}]}],
        },
    )
    goodnight = await helper_runs(
        owner,
        "Goodnight",
        {"action": "script.fade_out", "data": {"mode": f"{{{{ states('{mode}') }}}}"}},
        LOCK_FRONT,
    )
    await call_service(
        mcp, "input_select.select_option", target={"entity_id": mode}, data={"option": "slow"}
    )
    await _lengthening_fade_minutes_keeps_the_door_unlocked(
        hass, mcp, freezer, owner, minutes, goodnight
    )


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    "runs", ["action", "action's data_template", "script.turn_on", "through another script"]
)
async def test_lengthening_a_pause_a_locking_automation_gives_its_fade_as_a_field_is_refused(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    freezer: FrozenDateTimeFactory,
    runs: str,
) -> None:
    """Goodnight gives the fade its pause: `data: {pause: "{{ states(fade minutes) | int * 60 }}"}`.

    The fade waits `delay: {seconds: "{{ pause }}"}`: the pause reads the
    helper through the field, given by its own action, by `script.turn_on`
    (then waited on until it is off), or by a script goodnight runs.
    """
    minutes, pause = await _fade_minutes(owner)
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "fields": {"pause": {"description": "Seconds"}},
            "sequence": [{"delay": {"seconds": "{{ pause }}"}}],
        },
    )
    fade = {"action": "script.fade_out", "data": {"pause": pause}}
    steps: list[dict[str, Any]] = [fade]
    if runs == "action's data_template":  # As older configurations write it.
        steps = [{"action": "script.fade_out", "data_template": {"pause": pause}}]
    elif runs == "script.turn_on":
        steps = [
            {
                "action": "script.turn_on",
                "target": {"entity_id": "script.fade_out"},
                "data": {"variables": {"pause": pause}},
            },
            {"wait_template": "{{ is_state('script.fade_out', 'off') }}"},
        ]
    elif runs == "through another script":
        await owner.save_script("wind_down", {"alias": "Wind down", "sequence": [fade]})
        steps = [{"action": "script.wind_down"}]
    goodnight = await helper_runs(owner, "Goodnight", *steps, LOCK_FRONT)
    await _lengthening_fade_minutes_keeps_the_door_unlocked(
        hass, mcp, freezer, owner, minutes, goodnight
    )


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_lengthening_the_pause_of_a_script_run_by_a_templated_action_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Goodnight runs `action: "{{ 'script.fade_out' }}"`, whose delay reads "fade minutes"."""
    minutes, pause = await _fade_minutes(owner)
    await owner.save_script(
        "fade_out", {"alias": "Fade out", "sequence": [{"delay": {"seconds": pause}}]}
    )
    goodnight = await helper_runs(
        owner, "Goodnight", {"action": "{{ 'script.fade_out' }}"}, LOCK_FRONT
    )
    await _lengthening_fade_minutes_keeps_the_door_unlocked(
        hass, mcp, freezer, owner, minutes, goodnight
    )


@pytest.mark.redteam(round=53)
@pytest.mark.parametrize(
    ("action", "data", "keeps_it_from_locking"),
    [
        ("counter.increment", {}, True),
        ("counter.set_value", {"value": 9}, True),
        ("counter.decrement", {}, False),
    ],
    ids=["one-more", "nine", "the-last-one-leaves"],
)
async def test_counting_someone_home_who_is_not_keeps_the_lock_up_from_firing_and_waits(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    action: str,
    data: dict[str, Any],
    keeps_it_from_locking: bool,
) -> None:
    """The owner counts the people home (a counter: +1 on arrival, -1 on leaving).

    "Lock when everyone has left" locks when it falls below 1 (a
    `numeric_state` trigger on the counter itself). One person is home. A
    client counting one more, or nine, keeps it from ever falling below 1:
    when she leaves it stays above, and the door is never locked. That
    waits for a person, as setting the threshold to 0 does. The last one
    counted out sets the lock-up off: it runs, and locks.
    """
    assert await async_setup_component(hass, "counter", {})
    people = await owner.create_helper("counter", "People home", initial=1, step=1)
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": 1},
        alias="Lock when everyone has left",
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(mcp, action, target={"entity_id": people}, data=data)

    if keeps_it_from_locking:
        assert_refused(result, reaching="automation.lock_when_everyone_has_left")
    else:
        assert_ran(result)
        await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("domain", "fields", "action", "data", "keeps_it_from_locking"),
    [
        ("input_number", {"min": 0, "max": 10, "step": 1, "initial": 1, "mode": "box"},
         "input_number.set_value", {"value": 4}, True),
        ("input_number", {"min": 0, "max": 10, "step": 1, "initial": 1, "mode": "box"},
         "input_number.increment", {}, True),
        ("input_number", {"min": 0, "max": 10, "step": 1, "initial": 1, "mode": "box"},
         "input_number.set_value", {"value": 0}, False),
        ("counter", {"initial": 2, "step": 1}, "counter.reset", {}, True),
    ],
    ids=["input-number-four", "input-number-one-more", "input-number-none", "counter-reset-up"],
)  # fmt: skip
async def test_moving_the_people_home_away_from_the_lock_up_s_threshold_waits(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    domain: str,
    fields: dict[str, Any],
    action: str,
    data: dict[str, Any],
    keeps_it_from_locking: bool,
) -> None:
    """The people home, below 1, lock up: a number moved up waits, one set to 0 locks.

    One person is home. Set to 4, one more, or reset to its initial 2 (the
    owner's counter was counted down to 1), the number is further from
    firing the lock-up: when she leaves, it never falls below 1. Set to 0,
    it fires it, and the door locks.
    """
    people = await owner.create_helper(domain, "People home", **fields)
    if domain == "counter":
        await owner.act("counter.decrement", entity_id=people)
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": 1},
        alias="Lock when everyone has left",
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(mcp, action, target={"entity_id": people}, data=data)

    if keeps_it_from_locking:
        assert_refused(result, reaching="automation.lock_when_everyone_has_left")
        assert HOLDS[Hold.AWAY].reason in {t.get("reason") for t in result["targets"]}
    else:
        assert_ran(result)
        await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("action", "keeps_it_from_locking"), [("increment", True), ("decrement", False)]
)
async def test_a_written_script_counting_the_people_home_is_judged_by_its_direction(
    owner: Owner, mcp: McpHarness, action: str, keeps_it_from_locking: bool
) -> None:
    """A script a client writes to count one more person home waits; one counting one out saves.

    When it will run, the count it starts from is not known: a step up
    moves the number away from the lock-up's `below: 1`, whatever it is.
    """
    assert await async_setup_component(owner.hass, "counter", {})
    people = await owner.create_helper("counter", "People home", initial=1, step=1)
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": 1},
        alias="Lock when everyone has left",
    )
    script = {
        "alias": "Count",
        "sequence": [{"action": f"counter.{action}", "target": {"entity_id": people}}],
    }

    result = await _save(mcp, "script", script)

    if keeps_it_from_locking:
        assert_refused(result, reaching="automation.lock_when_everyone_has_left")
    else:
        assert result.get("written") is True, result


async def test_tapping_lock_on_the_lock_up_prompt_from_a_script_runs_and_locks(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A client's script that fires the Lock tap itself leads the waiting lock-up on: it locks.

    "Ask and lock up" waits for Lock or Not now and locks on Lock only: the
    Lock answer is the one that secures, so writing and running it run.
    """
    await _asks_and_locks_on_lock_only(owner, phone)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await hass.services.async_call(
        "input_boolean", "turn_on", {"entity_id": "input_boolean.away"}, blocking=True
    )
    for _ in range(20):
        await asyncio.sleep(0)
    assert hass.states.get("automation.ask_and_lock_up").attributes["current"] == 1

    saved = await _save(mcp, "script", _taps(LOCK_UP_BUTTON["action"]))
    assert saved.get("written") is True, saved
    result = await call_service(mcp, "script.turn_on", target={"entity_id": saved["entity_id"]})
    await hass.async_block_till_done()

    assert_ran(result)
    await assert_house(hass, LOCKED)


async def test_coming_back_while_the_lock_up_waits_to_see_it_stays_empty_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Leaving, the lock-up waits ten minutes for someone to come back, and locks if no one did.

    The wait is a `wait_template` on the "someone home" helper; after it, a
    condition on `wait.completed` locks only when it timed out. A client
    turning the helper on while it waits answers it so that nothing locks
    (what the wait reads decides when, or whether, it secures).
    """
    home = await owner.create_helper("input_boolean", "Someone home")
    leaving = await owner.create_helper("input_boolean", "Leaving")
    await owner.save_automation(
        "lock_if_no_one_returns",
        {
            "alias": "Lock if no one returns",
            "triggers": [{"trigger": "state", "entity_id": leaving, "to": "on"}],
            "actions": [
                {"wait_template": f"{{{{ is_state('{home}', 'on') }}}}",
                 "timeout": "00:10:00", "continue_on_timeout": True},
                {"condition": "template", "value_template": "{{ not wait.completed }}"},
                LOCK_FRONT,
            ],
        },
    )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await hass.services.async_call(
        "input_boolean", "turn_on", {"entity_id": leaving}, blocking=True
    )
    for _ in range(20):
        await asyncio.sleep(0)
    assert hass.states.get("automation.lock_if_no_one_returns").attributes["current"] == 1

    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": home})
    for _ in range(20):
        await asyncio.sleep(0)

    assert_refused(result, reaching="automation.lock_if_no_one_returns")
    await hass.services.async_call(
        "automation", "turn_off", {"entity_id": "automation.lock_if_no_one_returns"}, blocking=True
    )


# -- issue 30: a waited script read with the data the lock-up gives it ----------------


async def _fades_for_two_callers(owner: Owner, mode: str) -> tuple[str, str, str, str]:
    """Save a fade pausing as long as the helper its caller names says, and two callers.

    Goodnight gives it "bedtime fade" and then locks; evening gives it
    "evening fade" and then turns the bed light on. Return both helpers and
    both callers' toggles.
    """
    bedtime = await owner.create_helper(
        "input_number", "Bedtime fade", min=0, max=600, step=1, initial=1, mode="box"
    )
    evening = await owner.create_helper(
        "input_number", "Evening fade", min=0, max=600, step=1, initial=1, mode="box"
    )
    await owner.save_script(
        "fade_out",
        {
            "alias": "Fade out",
            "mode": mode,
            "fields": {"length": {"description": "The helper saying how many minutes"}},
            "sequence": [
                {"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}},
                {"delay": {"minutes": "{{ states(length) | int(1) }}"}},
            ],
        },
    )
    goodnight = await helper_runs(
        owner, "Goodnight", {"action": "script.fade_out", "data": {"length": bedtime}}, LOCK_FRONT
    )
    evening_on = await helper_runs(
        owner, "Evening", {"action": "script.fade_out", "data": {"length": evening}}, BED_LIGHT_ON
    )
    return bedtime, evening, goodnight, evening_on


@LINGERING_TIMERS
async def test_a_lock_up_waiting_for_a_fade_it_gives_its_own_length_is_not_held_by_another_caller_s(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Goodnight waits for the fade as long as "bedtime fade" says, never "evening fade".

    The fade reads the helper its caller names (`states(length)`): goodnight
    names "bedtime fade", so only that helper holds its lock. Lengthening
    "evening fade", which only the evening lights wait for, runs; read as
    any caller could run the fade (any entity), it waited.
    """
    bedtime, evening, goodnight, _ = await _fades_for_two_callers(owner, "single")
    assert_ran(
        await call_service(
            mcp, "input_number.set_value", target={"entity_id": evening}, data={"value": 600}
        )
    )
    await _lengthening_fade_minutes_keeps_the_door_unlocked(
        hass, mcp, freezer, owner, bedtime, goodnight
    )


@LINGERING_TIMERS
async def test_a_lock_up_waiting_for_a_queued_fade_is_held_by_the_length_another_caller_gives(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """Queued, goodnight's fade waits behind the evening's, as long as "evening fade" says.

    Set to its most (ten hours) with the evening fade going on, the door
    would stay unlocked all night: refused, and the door locks.
    """
    _, evening, goodnight, evening_on = await _fades_for_two_callers(owner, "queued")
    await owner.act("lock.unlock", entity_id="lock.front_door")
    longer = await call_service(
        mcp, "input_number.set_value", target={"entity_id": evening}, data={"value": 600}
    )
    await hass.services.async_call("input_boolean", "turn_on", {"entity_id": evening_on})
    await _bedtime(hass, freezer, goodnight)
    assert hass.states.get("lock.front_door").state == "locked", longer  # type: ignore[union-attr]
    assert_refused(longer)


@LINGERING_TIMERS
@pytest.mark.parametrize(("mode", "held"), [("single", False), ("queued", True)])
async def test_a_client_running_the_fade_a_lock_up_waits_for_with_another_length(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    freezer: FrozenDateTimeFactory,
    mode: str,
    held: bool,
) -> None:
    """A client runs the fade itself, naming "evening fade" set to ten hours.

    Queued, goodnight's fade would wait behind it all night: refused. A
    single fade drops goodnight's call while the client's goes on, and
    goodnight locks at once: it runs. Either way the door locks.
    """
    _, evening, goodnight, _ = await _fades_for_two_callers(owner, mode)
    await owner.act("input_number.set_value", entity_id=evening, value=600)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    fade = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.fade_out"},
        data={"variables": {"length": evening}},
    )
    await _bedtime(hass, freezer, goodnight)
    assert hass.states.get("lock.front_door").state == "locked", fade  # type: ignore[union-attr]
    if held:
        assert_refused(fade)
    else:
        assert_ran(fade)
