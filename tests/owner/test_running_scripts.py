"""Scripts over time: what a running script waits for, and what it does later.

A script the owner started that waits for a helper before opening makes the
helper guarded while it waits. What a script does after a delay is judged for
the house as it may be then (arming at home, toggling a valve), while arming
at once still runs. Toggling a running script that locks stops it, as turning
it off does.

A script run by its own action, its phrase, from another script or from an
automation changes its own state and sets off what watches it; so does a
script whose entity the owner renamed, judged by its own action, and one the
owner marked guarded waits by its own action. A run of a script a securing
automation runs, with the caller's variables (a long delay), keeps it from
securing, unless it runs in `parallel` mode; so does a long run of a script
it starts and then waits for by its state.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_mcp.gate import Action
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness, set_options

from .house import (
    ALARM,
    ALARM_CODE,
    BED_LIGHT_ON,
    DISARM,
    LINGERING_TIMERS,
    LOCK_FRONT,
    LOCKED,
    OPEN_GARAGE,
    ORCHARD_OPEN,
    UNLOCK_FRONT,
    WHEN_UNLOCKED,
    Clock,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    home_mcp_gate,
    house_state,
    pass_time,
    save_blink,
    save_config,
    state,
)

# -- toggling a running script ---------------------------------------------------------


@pytest.mark.redteam(round=1)
@pytest.mark.parametrize("action", ["script.toggle", "homeassistant.toggle"])
async def test_toggling_a_running_script_that_locks_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, action: str
) -> None:
    """Near miss: toggling a running script that locks stops it: like turning it off."""
    helper = await owner.create_helper("input_boolean", "Ready")
    script = await owner.save_script(
        "lock_later",
        {"alias": "Lock later",
         "sequence": [{"wait_template": f"{{{{ is_state('{helper}', 'on') }}}}"},
                      {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}]},
    )  # fmt: skip
    await hass.services.async_call("script", "turn_on", {"entity_id": script})
    for _ in range(20):
        await __import__("asyncio").sleep(0)
    assert state(hass, script) == "on"
    assert_refused(await call_service(mcp, action, target={"entity_id": script}))
    assert state(hass, script) == "on"
    await hass.services.async_call("script", "turn_off", {"entity_id": script}, blocking=True)


# -- a running script waiting for a helper, what a script does after a delay -----------


async def _idle(hass: HomeAssistant, turns: int = 20) -> None:
    """Let tasks run without waiting for what never ends (a script that waits)."""
    for _ in range(turns):
        await asyncio.sleep(0)


@pytest.mark.redteam(round=2)
async def test_a_helper_a_running_script_waits_for_before_opening_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """6: the owner started "courier mode", which opens the garage once a helper turns on."""
    helper = await owner.create_helper("input_boolean", "Courier at the door")
    script = await owner.save_script(
        "courier_mode",
        {
            "alias": "Courier mode",
            "sequence": [
                {"wait_template": f"{{{{ is_state('{helper}', 'on') }}}}"},
                OPEN_GARAGE,
            ],
        },
    )
    entity = await mcp.data("get_entity", {"entity_id": helper})
    assert entity["entity"]["guarded"] is False  # Nothing waits on it yet.
    await hass.services.async_call("script", "turn_on", {"entity_id": script})
    await _idle(hass)
    assert state(hass, script) == "on"
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await _idle(hass)
    assert state(hass, "cover.garage_door") == "closed"
    await hass.services.async_call("script", "turn_off", {"entity_id": script}, blocking=True)


@pytest.mark.redteam(round=2)
@pytest.mark.parametrize(
    "after_the_delay",
    [
        {"action": "alarm_control_panel.alarm_arm_home", "target": {"entity_id": ALARM},
         "data": {"code": ALARM_CODE}},
        {"action": "valve.toggle", "target": {"entity_id": "valve.front_garden"}},
    ],
)  # fmt: skip
async def test_what_a_script_does_after_a_delay_is_judged_for_later(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, after_the_delay: dict[str, Any]
) -> None:
    """7/8: arming at home, or toggling a valve, after a delay: the house may have changed."""
    light_on = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    script = await owner.save_script(
        "later",
        {"alias": "Later", "sequence": [light_on, {"delay": {"seconds": 12}}, after_the_delay]},
    )
    assert_refused(await call_service(mcp, "script.turn_on", target={"entity_id": script}))
    assert state(hass, "light.bed_light") == "off"  # Nothing of it ran.


@pytest.mark.redteam(round=2)
async def test_a_script_arming_at_once_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Control: a script that arms at once (from disarmed) is securing and runs."""
    script = await owner.save_script(
        "arm_now",
        {"alias": "Arm now", "sequence": [
            {"action": "alarm_control_panel.alarm_arm_home", "target": {"entity_id": ALARM},
             "data": {"code": ALARM_CODE}}]},
    )  # fmt: skip
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": script}))
    pass_time(hass, freezer, timedelta(seconds=10))
    await hass.async_block_till_done()
    assert state(hass, ALARM) == "armed_home"


# -- moved from red-team round 16: a script a securing automation runs, started first --


@pytest.mark.redteam(round=16)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("script.turn_on", {"variables": {"minutes": 600}}),
        ("script.lock_front_door_later", {"minutes": 600}),
    ],
    ids=["turn_on", "by-name"],
)
async def test_starting_the_nightly_lock_script_with_a_long_delay_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, action: str, data: dict[str, object]
) -> None:
    """A weakening: started by the client first, the script's nightly run is dropped (single mode)."""
    script = await owner.save_script(
        "lock_front_door_later",
        {
            "alias": "Lock the front door later",
            "mode": "single",
            "fields": {"minutes": {"description": "Minutes to wait"}},
            "sequence": [
                {"delay": {"minutes": "{{ minutes | default(0) | int }}"}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    await owner.save_automation(
        "nightly_lock",
        {
            "alias": "Lock the front door every night",
            "triggers": [{"trigger": "time", "at": "23:00:00"}],
            "actions": [{"action": script}],
        },
    )
    target = {"entity_id": script} if action == "script.turn_on" else None

    started = await call_service(mcp, action, target=target, data=data)

    assert_refused(started, reaching="automation.lock_the_front_door_every_night")
    assert hass.states.get(script).state == "off"  # type: ignore[union-attr]
    # Started as the owner wrote it (its own default), it locks at once: it runs.
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": script}))


# -- moved from red-team round 17: a securing run started with the caller's variables --


LOCK_LATER = [
    {"delay": {"seconds": "{{ wait_s | default(5) | int }}"}},
    {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
]


@pytest.mark.redteam(round=17)
@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["restart", "queued", "single"])
async def test_starting_the_auto_lock_s_script_with_a_long_delay_is_refused(
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


@pytest.mark.redteam(round=17)
@LINGERING_TIMERS
async def test_starting_a_parallel_auto_lock_script_with_the_caller_s_variables_runs(
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


@pytest.mark.redteam(round=17)
@LINGERING_TIMERS
async def test_triggering_the_auto_lock_with_a_long_delay_is_refused(
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


# -- moved from red-team round 24: a script's own state, by whichever path it runs -----


ARRIVING = {
    "alias": "Arriving home",
    "description": "Entrance lights for when we arrive.",
    "mode": "single",
    "sequence": [
        {"action": "light.turn_on", "target": {"entity_id": "light.entrance_color_white_lights"}}
    ],
}


async def _let_us_in(owner: Owner, trigger: dict[str, Any]) -> str:
    """Save the arriving script, and the automation its state sets off."""
    await owner.save_script("arriving_home", ARRIVING)
    return await owner.save_automation(
        "let_us_in",
        {
            "alias": "Let us in when arriving",
            "triggers": [{"trigger": "state", "entity_id": "script.arriving_home", **trigger}],
            "actions": [DISARM, UNLOCK_FRONT, OPEN_GARAGE],
        },
    )


@pytest.mark.redteam(round=24)
async def test_running_a_script_by_its_action_or_its_phrase_sets_off_what_watches_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    await arm(hass, freezer, "alarm_arm_away")
    await _let_us_in(owner, {"to": "on"})
    before = house_state(hass)

    called = await call_service(mcp, "script.arriving_home")
    by_phrase = await mcp.data("run_macro", {"phrase": "arriving home"})
    preview = await mcp.data("run_macro", {"phrase": "arriving home", "dry_run": True})

    assert_refused(called, reaching="lock.front_door")
    assert {t["entity_id"] for t in called["targets"]} >= {"cover.garage_door", ALARM}
    assert_refused(by_phrase, reaching=ALARM)
    assert preview["ok"] is True and preview["guarded"] is True, preview
    await assert_house(hass, before)


@pytest.mark.redteam(round=24)
async def test_a_script_run_inside_another_script_changes_its_own_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`script.good_night` called from `bedtime`: "after Good night, water the orchard"."""
    await owner.save_script(
        "lights_down",
        {"alias": "Lights down", "sequence": [{"action": "script.arriving_home"}]},
    )
    await owner.save_script("arriving_home", ARRIVING)
    await owner.save_automation(
        "night_irrigation",
        {
            "alias": "Night irrigation after the arriving lights",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "script.arriving_home",
                    "from": "on",
                    "to": "off",
                }
            ],
            "actions": [ORCHARD_OPEN],
        },
    )

    for action in ("script.lights_down", "script.turn_on"):
        target = {"entity_id": "script.lights_down"} if action == "script.turn_on" else None
        assert_refused(await call_service(mcp, action, target=target), reaching="valve.orchard")

    await assert_house(hass, {"valve.orchard": "closed"})


@pytest.mark.redteam(round=24)
async def test_running_a_script_an_attribute_trigger_watches_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await _let_us_in(owner, {"attribute": "last_triggered"})

    assert_refused(await call_service(mcp, "script.arriving_home"), reaching="lock.front_door")

    await assert_house(hass, {"lock.front_door": "locked", "cover.garage_door": "closed"})


@pytest.mark.redteam(round=24)
async def test_turning_on_a_helper_whose_automation_runs_a_watched_script_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await _let_us_in(owner, {"to": "on"})
    button = await owner.create_helper("input_boolean", "We are arriving")
    await owner.save_automation(
        "arrival_button",
        {
            "alias": "Arrival button",
            "triggers": [{"trigger": "state", "entity_id": button}],
            "actions": [{"action": "script.arriving_home"}],
        },
    )

    pressed = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": button})

    assert_refused(pressed, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked", "cover.garage_door": "closed"})


@pytest.mark.redteam(round=24)
async def test_a_script_nobody_watches_still_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The control: without the automation, the same call runs."""
    await owner.save_script("arriving_home", ARRIVING)

    await owner.act("light.turn_off", entity_id="light.entrance_color_white_lights")

    assert_ran(await call_service(mcp, "script.arriving_home"))
    await hass.async_block_till_done()
    assert hass.states.get("light.entrance_color_white_lights").state == "on"  # type: ignore[union-attr]
    assert_ran(await mcp.data("run_macro", {"phrase": "arriving home"}))


# -- moved from red-team round 26: a script whose entity the owner renamed -------------

CLEANER = {"alias": "Let the cleaner in", "mode": "single", "sequence": [UNLOCK_FRONT]}


@pytest.mark.redteam(round=26)
@LINGERING_TIMERS
async def test_a_renamed_script_is_judged_by_its_own_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`script.let_the_cleaner_in` keeps its action when its entity is renamed `script.cleaner`."""
    script = await owner.save_script("let_the_cleaner_in", CLEANER)
    renamed = await owner.rename_entity(script, "script.cleaner")
    tuesday = await owner.save_automation(
        "cleaner_tuesday",
        {
            "alias": "Cleaner Tuesday",
            "triggers": [{"trigger": "time", "at": "10:00:00", "weekday": ["tue"]}],
            "actions": [{"action": "script.let_the_cleaner_in"}],
        },
    )

    called = await call_service(mcp, "script.let_the_cleaner_in")
    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": tuesday})
    listed = await mcp.data("list_services", {"domain": "script"})
    preview = await mcp.data("run_macro", {"phrase": "let the cleaner in", "dry_run": True})

    assert_refused(called, reaching="lock.front_door")
    assert renamed in called["targets"][0].get("via", []), called
    assert_refused(triggered, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})
    [row] = [s for s in listed["items"] if s["service"] == "let_the_cleaner_in"]
    assert row["guarded"] is True, row
    assert preview["guarded"] is True, preview
    assert preview["action"] == "script.let_the_cleaner_in", preview


@pytest.mark.redteam(round=26)
async def test_a_renamed_scripts_own_state_is_watched(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script("arrival_chime", {"alias": "Arrival chime", "sequence": [BED_LIGHT_ON]})
    renamed = await owner.rename_entity("script.arrival_chime", "script.arrival")
    await owner.save_automation(
        "arrival_unlock",
        {
            "alias": "Unlock when arriving",
            "triggers": [{"trigger": "state", "entity_id": renamed, "to": "on"}],
            "actions": [UNLOCK_FRONT],
        },
    )

    called = await call_service(mcp, "script.arrival_chime")

    assert_refused(called, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked", "light.bed_light": "off"})


# -- moved from red-team round 28: a script marked guarded, run by its own action ------


@pytest.mark.redteam(round=28)
async def test_a_script_marked_guarded_waits_by_its_own_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, home_mcp: MockConfigEntry
) -> None:
    """`script.back_gate_pulse` is a run of the script entity the options mark guarded."""
    pulse = await owner.save_script(
        "back_gate_pulse", {"alias": "Back gate pulse", "sequence": [BED_LIGHT_ON]}
    )
    await set_options(hass, home_mcp, guarded_entities=[pulse])
    await owner.act("light.turn_off", entity_id="light.bed_light")

    by_action = await call_service(mcp, "script.back_gate_pulse")
    preview = await mcp.data("run_macro", {"phrase": "back gate pulse", "dry_run": True})
    listed = await mcp.data("list_services", {"domain": "script", "service": "back_gate_pulse"})
    caller = {"alias": "Caller", "sequence": [{"action": "script.back_gate_pulse"}]}

    assert_refused(by_action, reaching=pulse)
    assert preview["guarded"] is True, preview
    assert listed["items"][0]["guarded"] is True, listed
    assert_refused(await save_config(mcp, "script", caller), reaching=pulse)
    await assert_house(hass, {"light.bed_light": "off"})


# -- moved from red-team round 34: a notice a locking automation waits for by its state -


@pytest.mark.redteam(round=34)
@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["single", "queued"])
async def test_a_notice_the_lock_waits_for_by_its_state_is_blocked_by_a_client_s_long_run(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Bedtime starts its notice (`script.turn_on`), waits until it is off, then locks.

    The older idiom for "run it, then wait for it" (before `action: script.x`
    took variables). The notice secures nothing, and the gate counts a
    client's run of it only when the locking automation runs it as
    `action: script.bedtime_notice` (`securing._waits_for`). A client's run
    with a ten-hour pause keeps the notice on; bedtime's own run is dropped
    (single) or queued behind (queued), and its wait lasts ten hours.
    """
    await owner.save_script(
        "bedtime_notice",
        {
            "alias": "Bedtime notice",
            "mode": mode,
            "sequence": [
                {"delay": "{{ pause | default(300) }}"},
                {"action": "persistent_notification.create", "data": {"message": "Bedtime"}},
            ],
        },
    )
    await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "actions": [
                {"action": "script.turn_on", "target": {"entity_id": "script.bedtime_notice"}},
                {"wait_template": "{{ is_state('script.bedtime_notice', 'off') }}"},
                LOCK_FRONT,
            ],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    called = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.bedtime_notice"},
        data={"variables": {"pause": 36000}},
    )

    assert_refused(called, reaching="automation.bedtime")
    morning.move_to(10, 1)
    await _idle(hass, turns=50)
    morning.move_to(10, 7)
    await _idle(hass, turns=50)
    door = state(hass, "lock.front_door")
    for domain, entity_id in (("automation", "bedtime"), ("script", "bedtime_notice")):
        await hass.services.async_call(  # End the runs still waiting.
            domain, "turn_off", {"entity_id": f"{domain}.{entity_id}"}, blocking=True
        )
    assert door == "locked", "bedtime's lock is still waiting for the client's notice"


_TOGGLER: Any = {
    "alias": "Toggler",
    "fields": {"toggle_entity": {"example": "switch.desk"}},
    "sequence": [
        {"variables": {"domain": "{{ toggle_entity.split('.')[0] }}"}},
        {"action": "{{ domain }}.toggle", "data": {"entity_id": "{{ toggle_entity }}"}},
    ],
}
"""A script toggling the entity its caller names, through an action built from the field."""

_HAND_ON: Any = {
    "alias": "Hand on",
    "fields": {"toggle_entity": {"example": "switch.desk"}},
    "sequence": [
        {"variables": {"handed": "{{ {'toggle_entity': toggle_entity} }}"}},
        {
            "action": "script.turn_on",
            "target": {"entity_id": "script.toggler"},
            "data": {"variables": "{{ handed }}"},
        },
    ],
}
"""A script handing its caller's entity on to the toggler, its variables one template."""


async def test_a_script_handing_its_data_on_as_one_template_is_read(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`variables: "{{ handed }}"` hands the front door on: the toggler unlocks it, and it waits.

    What the script sets is read from its steps: a `variables` given as one
    template names nothing it sets, and is read as any other template. The
    bed light handed on runs.
    """
    await owner.save_script("toggler", _TOGGLER)
    await owner.save_script("hand_on", _HAND_ON)
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.hand_on"},
        data={"variables": {"toggle_entity": "lock.front_door"}},
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)
    light = {"variables": {"toggle_entity": "light.bed_light"}}
    decision = home_mcp_gate(hass).async_check(
        Action("script", "turn_on", {"entity_id": ["script.hand_on"]}, light)
    )
    assert not decision.guarded, decision.findings


@pytest.mark.redteam(round=51)
async def test_an_unexposed_entity_named_in_a_script_s_variables_is_not_acted_on(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Only what is exposed: the exposed "Blink" toggles the entity its caller names.

    Named through `script.blink`'s own data, the unexposed kitchen lights are
    "not found"; named in `script.turn_on`'s variables, the same run reaches
    them. The client acts on what it may not see, by naming it.
    """
    blink = await save_blink(owner)
    for entity_id in hass.states.async_entity_ids():
        async_expose_entity(hass, "conversation", entity_id, entity_id != "light.kitchen_lights")
    await set_options(hass, home_mcp, exposed_only=True)
    named = {"toggle_entity": "light.kitchen_lights"}

    own = await call_service(mcp, "script.blink", data=named)
    run = await call_service(
        mcp, "script.turn_on", target={"entity_id": blink}, data={"variables": named}
    )
    await hass.async_block_till_done()

    assert own["error"] == "not_found", own
    assert run.get("error") == "not_found", run
    assert hass.states.get("light.kitchen_lights").state == "on"  # type: ignore[union-attr]
