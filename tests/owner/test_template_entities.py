"""What a template entity the owner writes in YAML is computed from.

Owners keep many template entities in one `template:` block (an alarm
package's alerts, a room's sensors). Each is computed from its own templates
(its block's `variables` merged in), never from its neighbours': Home
Assistant hands every entity of a block the block's whole raw configuration
too, which is not what that entity reads. A trigger-based block's entities
show what its `actions:` leave (a `variables` step, a script's response): what
those read, they are computed from. An action that changes what one of them
reads is judged by what that one sets off.

Acting on a template entity runs its scripts: a thermostat's
`set_temperature` given an `hvac_mode` runs its `set_hvac_mode` too, as Home
Assistant's template climate does, wherever the call comes from.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    BED_LIGHT_ON,
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    helper_runs,
    house_state,
    pass_time,
    save_blink,
    turns_on,
)


async def test_a_template_entity_reads_only_its_own_templates_not_its_neighbours_in_the_block(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A light read by one sensor of a block runs; the helper its neighbour reads waits."""
    arrival = await owner.create_helper("input_boolean", "Arrival")
    await owner.save_templates(
        [
            {
                "binary_sensor": [
                    {
                        "name": "Reading lamp on",
                        "state": "{{ is_state('light.bed_light', 'on') }}",
                    },
                    {"name": "Someone arriving", "state": f"{{{{ is_state('{arrival}', 'on') }}}}"},
                ]
            }
        ]
    )
    assert hass.states.get("binary_sensor.someone_arriving") is not None
    await owner.save_unlock_when(turns_on("binary_sensor.someone_arriving"))
    before = house_state(hass)

    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": arrival})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, {**before, "light.bed_light": "on", **LOCKED})


@LINGERING_TIMERS
async def test_a_helper_a_trigger_template_s_actions_read_waits_when_its_state_unlocks(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """A trigger-based template's `actions:` compute what its state shows."""
    cleaning = await owner.create_helper("input_boolean", "Cleaning day")
    await owner.save_templates(
        [
            {
                "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
                "actions": [{"variables": {"due": f"{{{{ is_state('{cleaning}', 'on') }}}}"}}],
                "binary_sensor": [{"name": "Cleaner due", "state": "{{ due }}"}],
            }
        ]
    )
    pass_time(hass, freezer, timedelta(seconds=61))
    await hass.async_block_till_done()
    assert hass.states.get("binary_sensor.cleaner_due").state == "off"
    await owner.save_unlock_when(turns_on("binary_sensor.cleaner_due"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": cleaning})
    pass_time(hass, freezer, timedelta(seconds=61))
    await hass.async_block_till_done()
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


@LINGERING_TIMERS
async def test_a_helper_behind_a_script_s_response_a_trigger_template_shows_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """A trigger-based template shows what a script of the owner's returns."""
    mode = await owner.create_helper(
        "input_select", "House mode", options=["Home", "Away", "Cleaning"]
    )
    await owner.save_script(
        "house_schedule",
        {
            "alias": "House schedule",
            "sequence": [
                {
                    "variables": {
                        "result": {"cleaner_due": f"{{{{ is_state('{mode}', 'Cleaning') }}}}"}
                    }
                },
                {"stop": "done", "response_variable": "result"},
            ],
        },
    )
    await owner.save_templates(
        [
            {
                "triggers": [{"trigger": "time_pattern", "minutes": "/5"}],
                "actions": [{"action": "script.house_schedule", "response_variable": "schedule"}],
                "binary_sensor": [{"name": "Cleaner due", "state": "{{ schedule.cleaner_due }}"}],
            }
        ]
    )
    pass_time(hass, freezer, timedelta(minutes=5))
    await hass.async_block_till_done()
    assert hass.states.get("binary_sensor.cleaner_due").state == "off"
    await owner.save_unlock_when(turns_on("binary_sensor.cleaner_due"))
    before = house_state(hass)
    result = await call_service(
        mcp, "input_select.select_option", target={"entity_id": mode}, data={"option": "Cleaning"}
    )
    pass_time(hass, freezer, timedelta(minutes=5))
    await hass.async_block_till_done()
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_section_variables_of_a_state_based_block_are_read_and_wait(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Block-level `variables:` naming a helper, read by one entity's state."""
    arrival = await owner.create_helper("input_boolean", "Arrival")
    await owner.save_templates(
        [
            {
                "variables": {"arriving": arrival, "lamp": "light.bed_light"},
                "binary_sensor": [
                    {"name": "Reading lamp on", "state": "{{ is_state(lamp, 'on') }}"},
                    {"name": "Cleaner due", "state": "{{ is_state(arriving, 'on') }}"},
                ],
            }
        ]
    )
    await owner.save_unlock_when(turns_on("binary_sensor.cleaner_due"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": arrival})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_section_variables_of_a_trigger_based_block_are_read_and_wait(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A trigger-based block's own `variables:` (kept on its coordinator) read a helper."""
    arrival = await owner.create_helper("input_boolean", "Arrival")
    await owner.save_templates(
        [
            {
                "triggers": [{"trigger": "state", "entity_id": "light.bed_light"}],
                "variables": {"due": f"{{{{ is_state('{arrival}', 'on') }}}}"},
                "binary_sensor": [{"name": "Cleaner due", "state": "{{ due }}"}],
            }
        ]
    )
    await owner.save_unlock_when(turns_on("binary_sensor.cleaner_due"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": arrival})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_template_blueprints_input_is_read_and_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Home Assistant's own `inverted_binary_sensor` blueprint, its input a template sensor."""
    away = await owner.create_helper("input_boolean", "Away")
    await owner.act("input_boolean.turn_on", entity_id=away)
    await owner.save_templates(
        [
            {
                "binary_sensor": [
                    {"name": "Away mode", "state": f"{{{{ is_state('{away}', 'on') }}}}"}
                ]
            },
            {
                "use_blueprint": {
                    "path": "homeassistant/inverted_binary_sensor.yaml",
                    "input": {"reference_entity": "binary_sensor.away_mode"},
                },
                "name": "Someone home",
            },
        ]
    )
    assert hass.states.get("binary_sensor.someone_home").state == "off"
    await owner.save_unlock_when(turns_on("binary_sensor.someone_home"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": away})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_an_attribute_template_and_a_neighbour_in_the_block_are_read_and_wait(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """An automation on a template sensor's attribute, that attribute built on its neighbour."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_templates(
        [
            {
                "binary_sensor": [
                    {"name": "Guest here", "state": f"{{{{ is_state('{guest}', 'on') }}}}"},
                    {
                        "name": "House status",
                        "state": "{{ 'ok' }}",
                        "availability": "{{ true }}",
                        "icon": "{{ 'mdi:home' }}",
                        "attributes": {
                            "welcome": "{{ is_state('binary_sensor.guest_here', 'on') }}"
                        },
                    },
                ]
            }
        ]
    )
    await owner.save_unlock_when(
        {
            "trigger": "state",
            "entity_id": "binary_sensor.house_status",
            "attribute": "welcome",
            "to": True,
        }
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_helper_a_trigger_template_block_s_own_unlock_fires_on_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Control for the upgrade test: as Home Assistant keeps it today, the block's unlock waits."""
    porch = await owner.create_helper("input_boolean", "Porch")
    await owner.save_templates(
        [
            {
                "triggers": [{"trigger": "state", "entity_id": porch, "to": "on"}],
                "actions": [UNLOCK_FRONT],
                "sensor": [{"name": "Porch opened", "state": "{{ now().isoformat() }}"}],
            }
        ]
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_template_light_s_actions_are_given_its_block_s_variables(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A switch-to-light blueprint: the light's effect script toggles `{{ relay }}`.

    Home Assistant runs a template entity's actions with its own variables
    (its block's, a blueprint's inputs): the script it calls is given that
    relay, and builds its action from the relay's domain. A light whose
    relay is a helper turns on; one whose "relay" is the front door waits.
    """
    relay = await owner.create_helper("input_boolean", "Mirror relay")
    await save_blink(owner)
    blink = {
        "action": "script.turn_on",
        "target": {"entity_id": "script.blink"},
        "data": {"variables": {"toggle_entity": "{{ relay }}"}},
    }
    await owner.save_templates(
        [
            {
                "variables": {"relay": relay},
                "light": [
                    {
                        "name": "Mirror",
                        "state": "{{ is_state(relay, 'on') }}",
                        "turn_on": [blink],
                        "turn_off": [],
                    }
                ],
            },
            {
                "variables": {"relay": "lock.front_door"},
                "light": [
                    {"name": "Door light", "state": "off", "turn_on": [blink], "turn_off": []}
                ],
            },
        ]
    )
    ran = await call_service(mcp, "light.turn_on", target={"entity_id": "light.mirror"})
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "light.turn_on", target={"entity_id": "light.door_light"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_stop_in_a_template_entity_action_does_not_keep_its_caller_from_securing(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Owner's "Bedtime": turn the template switch "Chime" on, then lock the front door.

    The chime's `turn_on` stops when quiet mode is on: Home Assistant runs a
    template entity's action as a script of its own, whose `stop` ends it,
    not the automation. Turning quiet mode on over MCP runs, and at bedtime
    the door locks.
    """
    quiet = await owner.create_helper("input_boolean", "Quiet")
    await owner.save_templates(
        [
            {
                "switch": [
                    {
                        "name": "Chime",
                        "state": "off",
                        "turn_on": [
                            {
                                "if": [{"condition": "state", "entity_id": quiet, "state": "on"}],
                                "then": [{"stop": "Quiet"}],
                            },
                            {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}},
                        ],
                        "turn_off": [],
                    }
                ]
            }
        ]
    )
    bedtime = await helper_runs(
        owner,
        "Bedtime",
        {"action": "switch.turn_on", "target": {"entity_id": "switch.chime"}},
        {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": quiet}))

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


async def _lights_on_a_party(owner: Owner, relays: dict[str, str]) -> str:
    """Save switch-to-light lights (name -> relay) blinking through a script, and a party helper.

    An automation turns every light on, with an effect, when the party
    helper turns on: what the client switches on sets the lights' scripts off.
    """
    await save_blink(owner)
    blink = {
        "action": "script.turn_on",
        "target": {"entity_id": "script.blink"},
        "data": {"variables": {"toggle_entity": "{{ relay }}", "effect": "{{ effect }}"}},
    }
    await owner.save_templates(
        [
            {
                "variables": {"relay": relay},
                "light": [
                    {
                        "name": name,
                        "state": "off",
                        "turn_on": [],
                        "turn_off": [],
                        "effect_list": "{{ ['Fast Pulse', 'None'] }}",
                        "effect": "None",
                        "set_effect": [blink],
                    }
                ],
            }
            for name, relay in relays.items()
        ]
    )
    lights = [f"light.{name.lower().replace(' ', '_')}" for name in relays]
    return await helper_runs(
        owner,
        "Party",
        {
            "action": "light.turn_on",
            "target": {"entity_id": lights},
            "data": {"effect": "Fast Pulse"},
        },
        alias="Party lights",
        automation_id="party",
    )


async def test_a_template_light_an_automation_acts_on_runs_its_scripts_with_its_own_variables(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """What acts on a template light runs its scripts with the light's own variables.

    Home Assistant gives them the light's `variables:` (a blueprint's relay)
    beneath what the light's platform passes from the call (`effect`,
    `brightness`, ...): nothing else of a call reaches them. The blink
    script toggles the relay's domain: a helper, harmless.
    """
    relay = await owner.create_helper("input_boolean", "Mirror relay")
    party = await _lights_on_a_party(owner, {"Mirror": relay})
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": party}))
    await assert_house(hass, LOCKED)


async def test_a_template_light_whose_own_relay_is_the_door_waits_when_acted_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same light whose own `variables:` name the front door: the party waits."""
    party = await _lights_on_a_party(owner, {"Door light": "lock.front_door"})
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": party})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_template_light_s_run_variable_a_call_gives_is_not_its_own_variable(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A light's own `effect` variable is not what its script gets: a call's effect is.

    Its platform passes the call's `effect` over the light's own variable:
    a script acting on `{{ effect }}` may act on whatever a call names
    (the front door), whatever the light's own `variables:` say.
    """
    relay = await owner.create_helper("input_boolean", "Fx relay")
    await owner.save_templates(
        [
            {
                "variables": {"effect": relay},
                "light": [
                    {
                        "name": "Fx",
                        "state": "off",
                        "turn_on": [],
                        "turn_off": [],
                        "effect_list": "{{ ['Fast Pulse'] }}",
                        "effect": "Fast Pulse",
                        "set_effect": [
                            {
                                "action": "homeassistant.toggle",
                                "target": {"entity_id": "{{ effect }}"},
                            }
                        ],
                    }
                ],
            }
        ]
    )
    party = await helper_runs(
        owner,
        "Party",
        {"action": "light.turn_on", "target": {"entity_id": "light.fx"}},
        alias="Party lights",
        automation_id="party",
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": party})
    assert_refused(result, reaching="lock.front_door")
    direct = await call_service(
        mcp, "light.turn_on", target={"entity_id": "light.fx"}, data={"effect": "lock.front_door"}
    )
    assert_refused(direct, reaching="lock.front_door")
    await assert_house(hass, before)


# -- moved from red-team round 1: what a template entity's verb runs -------------------


@pytest.mark.redteam(round=1)
@pytest.mark.parametrize(
    ("action", "data"),
    [("cover.close_cover", None), ("cover.set_cover_position", {"position": 0})],
)
async def test_closing_a_template_garage_whose_close_toggles_the_real_door_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, action: str, data: dict[str, Any] | None
) -> None:
    """S6/S6b: the single-button opener recipe: "close" toggles the real garage door."""
    toggle = [{"action": "cover.toggle", "target": {"entity_id": "cover.garage_door"}}]
    cover = await owner.add_template(
        "cover",
        {"name": "Garage opener", "state": "{{ states('cover.garage_door') }}",
         "open_cover": toggle, "close_cover": toggle, "set_cover_position": toggle,
         "device_class": "garage"},
    )  # fmt: skip
    assert_refused(await call_service(mcp, action, target={"entity_id": cover}, data=data))
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=1)
async def test_arming_away_a_template_panel_whose_away_arms_the_real_panel_at_home_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """S6c: a template panel's "away" arms the real panel at home: it watches less."""
    panel = await owner.add_template(
        "alarm_control_panel",
        {"name": "Pet friendly away", "value_template": "{{ states('alarm_control_panel.security') }}",
         "arm_away": [{"action": "alarm_control_panel.alarm_arm_home",
                       "target": {"entity_id": ALARM}, "data": {"code": ALARM_CODE}}],
         "code_arm_required": False, "code_format": "no_code"},
    )  # fmt: skip
    await arm(hass, freezer, "alarm_arm_away")
    assert_refused(
        await call_service(mcp, "alarm_control_panel.alarm_arm_away", target={"entity_id": panel})
    )
    pass_time(hass, freezer, __import__("datetime").timedelta(seconds=10))
    await assert_house(hass, {ALARM: "armed_away"})


# -- moved from red-team round 3: a template alarm panel, gate or lock that shows a helper ---


def _select(option: str) -> list[dict[str, Any]]:
    return [
        {
            "action": "input_select.select_option",
            "target": {"entity_id": "input_select.alarm_mode"},
            "data": {"option": option},
        }
    ]


@pytest.mark.redteam(round=3)
async def test_selecting_a_lower_mode_in_the_helper_a_template_alarm_panel_shows_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A DIY alarm: the mode in an `input_select`, a template panel showing it."""
    assert await async_setup_component(hass, "input_select", {})
    modes = ["disarmed", "armed_home", "armed_away", "armed_night"]
    helper = await owner.create_helper("input_select", "Alarm mode", options=modes)
    await owner.act("input_select.select_option", entity_id=helper, option="armed_away")
    panel = await owner.add_template(
        "alarm_control_panel",
        {
            "name": "House alarm",
            "value_template": "{{ states('input_select.alarm_mode') }}",
            "disarm": _select("disarmed"),
            "arm_away": _select("armed_away"),
            "arm_home": _select("armed_home"),
            "code_arm_required": False,
        },
    )
    await assert_house(hass, {panel: "armed_away"})
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    for option in ("disarmed", "armed_home"):
        result = await call_service(
            mcp, "input_select.select_option", target={"entity_id": helper}, data={"option": option}
        )
        assert_refused(result, reaching=panel)
    for action in ("input_select.select_first", "input_select.select_previous"):
        assert_refused(await call_service(mcp, action, target={"entity_id": helper}))
    await assert_house(hass, {panel: "armed_away", helper: "armed_away"})


@pytest.mark.redteam(round=3)
async def test_opening_through_the_helper_a_template_gate_or_lock_shows_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The same for a template gate and a template lock whose state reads a helper."""
    gate_open = await owner.create_helper("input_boolean", "Side gate open")
    shed_unlocked = await owner.create_helper("input_boolean", "Shed unlocked")
    gate = await owner.add_template(
        "cover",
        {
            "name": "Side gate",
            "state": f"{{{{ 'open' if is_state('{gate_open}', 'on') else 'closed' }}}}",
            "open_cover": [{"action": "input_boolean.turn_on", "target": {"entity_id": gate_open}}],
            "close_cover": [
                {"action": "input_boolean.turn_off", "target": {"entity_id": gate_open}}
            ],
            "device_class": "gate",
        },
    )
    shed = await owner.add_template(
        "lock",
        {
            "name": "Shed lock",
            "state": f"{{{{ 'unlocked' if is_state('{shed_unlocked}', 'on') else 'locked' }}}}",
            "lock": [{"action": "input_boolean.turn_off", "target": {"entity_id": shed_unlocked}}],
            "unlock": [{"action": "input_boolean.turn_on", "target": {"entity_id": shed_unlocked}}],
        },
    )
    await assert_house(hass, {gate: "closed", shed: "locked"})
    for helper, shown in ((gate_open, gate), (shed_unlocked, shed)):
        assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
        result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
        assert_refused(result, reaching=shown)
    await assert_house(hass, {gate: "closed", shed: "locked"})
    # Closing and locking through them still run.
    assert_ran(await call_service(mcp, "cover.close_cover", target={"entity_id": gate}))
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": shed}))


# -- moved from red-team round 29: a template thermostat's `set_temperature` with a mode -

ORCHARD = "valve.orchard"
HEAT = {"temperature": 21, "hvac_mode": "heat"}


def _thermostat(name: str, on_heat: dict[str, Any], on_off: dict[str, Any]) -> dict[str, Any]:
    """Return a UI template thermostat whose hvac mode drives something else."""
    return {
        "name": name,
        "hvac_modes": "{{ ['off', 'heat'] }}",
        "set_hvac_mode": [
            {
                "if": [{"condition": "template", "value_template": "{{ hvac_mode == 'heat' }}"}],
                "then": [on_heat],
                "else": [on_off],
            }
        ],
        "set_temperature": [BED_LIGHT_ON],
    }


async def _radiator(owner: Owner) -> str:
    """Save "Radiator", whose `heat` mode opens the orchard valve (and `off` closes it)."""
    return await owner.add_template(
        "climate",
        _thermostat(
            "Radiator",
            {"action": "valve.open_valve", "target": {"entity_id": ORCHARD}},
            {"action": "valve.close_valve", "target": {"entity_id": ORCHARD}},
        ),
    )


@pytest.mark.redteam(round=29)
async def test_set_temperature_with_an_hvac_mode_runs_the_mode_script(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Home Assistant's template climate runs `set_hvac_mode` first when the call has a mode."""
    radiator = await _radiator(owner)
    heater = await owner.add_template(
        "climate",
        _thermostat(
            "Porch heater",
            {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
            {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
        ),
    )
    await owner.act("valve.close_valve", entity_id=ORCHARD)
    await owner.act("lock.lock", entity_id="lock.front_door")
    target = {"entity_id": radiator}

    heat = await call_service(mcp, "climate.set_temperature", target=target, data=HEAT)
    ranged = await call_service(
        mcp,
        "climate.set_temperature",
        target=target,
        data={"target_temp_low": 18, "target_temp_high": 22, "hvac_mode": "heat"},
    )
    porch = await call_service(
        mcp, "climate.set_temperature", target={"entity_id": heater}, data=HEAT
    )
    # The temperature alone runs only `set_temperature`, which turns a light on.
    temperature = await call_service(
        mcp, "climate.set_temperature", target=target, data={"temperature": 20}
    )

    assert_refused(heat, reaching=ORCHARD)
    assert_refused(ranged, reaching=ORCHARD)
    assert_refused(porch, reaching="lock.front_door")
    assert_ran(temperature)
    await assert_house(hass, {ORCHARD: "closed", "lock.front_door": "locked"})
    entity = await mcp.data("get_entity", {"entity_id": radiator})
    assert entity["entity"]["guarded"] is True, entity


@pytest.mark.redteam(round=29)
async def test_writes_that_set_the_mode_through_set_temperature_wait(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A script or automation written over MCP, and the helper the owner's own one waits on."""
    radiator = await _radiator(owner)
    plumber = await owner.create_helper("input_boolean", "Plumber arrived")
    await owner.act("valve.close_valve", entity_id=ORCHARD)
    warm_up = {
        "action": "climate.set_temperature",
        "target": {"entity_id": radiator},
        "data": HEAT,
    }
    templated = {
        "action": "climate.set_temperature",
        "target": {"entity_id": radiator},
        "data": "{{ {'temperature': 21, 'hvac_mode': states('input_text.mode')} }}",
    }

    script = await mcp.data(
        "save_config",
        {"kind": "script", "config": {"alias": "Warm up the cabin", "sequence": [warm_up]}},
    )
    automation = await mcp.data(
        "save_config",
        {
            "kind": "automation",
            "config": {
                "alias": "Cabin heat with guests",
                "triggers": [{"trigger": "state", "entity_id": plumber, "to": "on"}],
                "actions": [warm_up],
            },
        },
    )
    by_template = await mcp.data(
        "save_config",
        {"kind": "script", "config": {"alias": "Cabin by mode", "sequence": [templated]}},
    )

    assert_refused(script, reaching=ORCHARD)
    assert_refused(automation, reaching=ORCHARD)
    assert_refused(by_template, reaching=ORCHARD)
    assert hass.states.get("script.warm_up_the_cabin") is None
    assert hass.states.get("automation.cabin_heat_with_guests") is None

    # The owner writes the same automation in Home Assistant: the helper it
    # waits on now opens the valve, and waits for a person.
    await owner.save_automation(
        "cabin_heat",
        {
            "alias": "Cabin heat with guests",
            "triggers": [{"trigger": "state", "entity_id": plumber, "to": "on"}],
            "actions": [warm_up],
        },
    )
    arrived = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": plumber})

    assert_refused(arrived, reaching=ORCHARD)
    await assert_house(hass, {ORCHARD: "closed", plumber: "off"})


# -- what a template entity's readers are given ----------------------------------------

_PORCH_ON = "is_state('input_boolean.porch_motion', 'on')"


@pytest.mark.parametrize(
    ("state", "guest_guarded"),
    [
        (
            (
                "{{ expand('group.watched') | map(attribute='entity_id')"
                " | select('is_state', 'on') | list | count > 0 }}"
            ),
            False,
        ),
        (
            (
                "{% set active = expand('group.watched') | selectattr('state', 'eq', 'on')"
                " | map(attribute='entity_id') | join %}"
                "{{ active != '' and states[active].state == 'on' }}"
            ),
            False,
        ),
        (
            (
                "{% for item in state_attr('group.watched', 'entity_id') %}"
                "{% if is_state(item, 'on') %}on{% endif %}{% endfor %}"
            ),
            False,
        ),
        (
            (
                "{{ expand(device_entities('0123456789abcdef')) | rejectattr('domain', 'eq', 'update')"
                f" | map(attribute='entity_id') | select('has_value') | list | count > 0 or {_PORCH_ON} }}}}"
            ),
            False,
        ),
        (f"{{% set distance = 5 %}}{{{{ distance < 10 and {_PORCH_ON} }}}}", False),
        (
            (
                "{% set skip = device_entities(states('input_text.which')) %}"
                "{{ expand('group.watched') | rejectattr('entity_id', 'in', skip)"
                " | selectattr('state', 'eq', 'on') | list | count > 0 }}"
            ),
            False,
        ),
        (
            (
                "{{ device_entities(states('input_text.which')) | select('is_state', 'on')"
                f" | list | count > 0 or {_PORCH_ON} }}}}"
            ),
            True,
        ),
        (
            (
                "{% set which = states('input_text.which') %}"
                f"{{{{ expand(which) | select('is_state', 'on') | list | count > 0 or {_PORCH_ON} }}}}"
            ),
            True,
        ),
        (f"{{{{ is_state(['input_boolean.gue', 'st_mode'] | join, 'on') or {_PORCH_ON} }}}}", True),
        (
            (
                "{{ expand('group.watched') | map(attribute='name')"
                f" | select('is_state', 'on') | list | count > 0 or {_PORCH_ON} }}}}"
            ),
            True,
        ),
        (
            (
                "{{ is_state('input_boolean.' ~ states('input_text.which'), 'on')"
                f" or {_PORCH_ON} }}}}"
            ),
            True,
        ),
    ],
    ids=[
        "group-members-filtered",
        "state-of-a-joined-member",
        "loop-over-members",
        "device-entities-expanded",
        "a-name-set-over-a-function",
        "a-computed-lookup-only-leaving-out",
        "a-computed-lookup-read",
        "entities-named-by-a-state",
        "text-joined-into-an-id",
        "members-mapped-to-names",
        "an-id-built-on-a-domain",
    ],
)
async def test_a_template_sensor_reading_only_entities_its_text_names_leaves_others_free(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, state: str, guest_guarded: bool
) -> None:
    """Readers given a group's members, a device's entities or one of them read those alone.

    Given an entity named by a state, text joined into an id, or what members
    map to but their ids, they may read any entity (an id built on a domain:
    any of that domain).
    """
    guest = await owner.create_helper("input_boolean", "Guest mode")
    porch = await owner.create_helper("input_boolean", "Porch motion")
    await hass.services.async_call(
        "group", "set", {"object_id": "watched", "entities": [porch]}, blocking=True
    )
    await owner.save_templates([{"binary_sensor": [{"name": "Porch alert", "state": state}]}])
    assert hass.states.get("binary_sensor.porch_alert") is not None
    await owner.save_unlock_when(turns_on("binary_sensor.porch_alert"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    if guest_guarded:
        assert_refused(result, reaching="lock.front_door")
        await assert_house(hass, before)
    else:
        assert_ran(result)
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_the_one_entity_another_sensor_s_entity_id_attribute_names_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`state_attr('sensor.watch_list', 'entity_id')` rendered as one id reads that entity."""
    porch = await owner.create_helper("input_boolean", "Porch motion")
    assert await async_setup_component(
        hass, "input_text", {"input_text": {"watch": {"initial": porch}}}
    )
    watch = "input_text.watch"
    await owner.save_templates(
        [
            {
                "sensor": [
                    {
                        "name": "Watch list",
                        "state": "1",
                        "attributes": {"entity_id": f"{{{{ states('{watch}') }}}}"},
                    }
                ],
                "binary_sensor": [
                    {
                        "name": "Porch alert",
                        "state": "{{ is_state(state_attr('sensor.watch_list', 'entity_id'), 'on') }}",
                    }
                ],
            }
        ]
    )
    assert hass.states.get("sensor.watch_list").attributes["entity_id"] == porch
    await owner.save_unlock_when(turns_on("binary_sensor.porch_alert"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


@pytest.mark.redteam(round=47)
async def test_the_helper_a_template_switch_s_block_variable_reads_for_its_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`guests: "{{ [helper] | select('is_state', 'on') | list | count > 0 }}"` on the block."""
    guests = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_templates(
        [
            {
                "variables": {
                    "guests_home": f"{{{{ ['{guests}'] | select('is_state', 'on') | list "
                    "| count > 0 }}"
                },
                "switch": [
                    {
                        "name": "Guest access",
                        "state": "{{ false }}",
                        "turn_on": [{"if": "{{ guests_home }}", "then": [UNLOCK_FRONT]}],
                        "turn_off": [],
                    }
                ],
            }
        ]
    )
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [{"trigger": "event", "event_type": "keypad_pressed"}],
            "actions": [
                {"action": "switch.turn_on", "target": {"entity_id": "switch.guest_access"}}
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})
    hass.bus.async_fire("keypad_pressed", {})
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")
