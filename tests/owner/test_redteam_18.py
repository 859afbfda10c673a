"""Red team, round 18: what a securing macro acts on, and its one run at a time.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 17's fixes.
Nothing opened; seven weakenings (in nine forms), each keeping a lock from happening:

- the client's run of an auto-lock (`automation.trigger`, no variables) in
  `single` mode took the place of the run the real unlock would start, and
  failed on `trigger.entity_id`; in `restart` mode every call started its
  delay again;
- the client's run of a lock script a securing automation gives its door to
  (a field) dropped the automation's run (`single`) and failed itself;
- redefining what a securing macro acts on: the options of the
  `input_select` a bedtime script selects (`set_options` without "Night":
  the script stops before it locks), the states of the dynamic scene a
  night automation activates (`scene.create`, `scene.delete`), the members
  of the group a nightly automation locks (`group.set`, `group.remove`);
- the helper a UI template sensor computes an auto-lock's delay from (the
  delay, a wait's timeout or a trigger's `for:` read the sensor, not the
  helper);
- `save_config` of that `input_select` with the same fewer options.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import LINGERING_TIMERS, Owner, assert_ran, assert_refused, call_service

LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
WHEN_UNLOCKED = [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}]
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


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("mode", "target"),
    [
        ("single", "{{ trigger.entity_id }}"),
        ("single", "lock.front_door"),
        ("restart", "lock.front_door"),
    ],
)
async def test_the_auto_lock_triggered_by_the_client_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mode: str, target: str
) -> None:
    automation = await owner.save_automation("auto_lock", _auto_lock(mode, target))

    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": automation})

    assert_refused(triggered, reaching=automation)
    assert hass.states.get(automation).attributes.get("current", 0) == 0  # type: ignore[union-attr]


@LINGERING_TIMERS
async def test_a_parallel_auto_lock_triggered_by_the_client_runs(
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


@LINGERING_TIMERS
async def test_a_lock_script_the_auto_lock_gives_its_door_needs_approval(
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


@LINGERING_TIMERS
async def test_a_goodnight_script_a_securing_automation_runs_as_it_is_runs(
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


@LINGERING_TIMERS
async def test_the_options_of_the_mode_a_bedtime_script_selects_need_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "input_select", {})
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


@LINGERING_TIMERS
async def test_the_dynamic_scene_a_night_automation_activates_needs_approval(
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


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("service", "data"),
    [
        ("group.set", {"object_id": "outside_doors", "remove_entities": ["lock.front_door"]}),
        ("group.set", {"object_id": "outside_doors", "entities": ["light.bed_light"]}),
        ("group.remove", {"object_id": "outside_doors"}),
    ],
)
async def test_the_group_a_nightly_automation_locks_needs_approval(
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


@LINGERING_TIMERS
@pytest.mark.parametrize("where", ["delay", "wait timeout", "trigger for"])
async def test_the_helper_a_securing_wait_sensor_is_computed_from_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, where: str
) -> None:
    assert await async_setup_component(hass, "input_number", {})
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
