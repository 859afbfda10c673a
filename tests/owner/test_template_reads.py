r"""What a template reads, as Jinja reads it, not as text.

An escape in a string literal (`'input_boolean\x2ehall'` is
`input_boolean.hall`), literals written side by side, a domain written out
and joined to a name (`format`, `join`, `%`), an id built on a literal that
starts with its domain (`~`, `.replace`, a slice): each reads the entity it
names, or the whole domain when the name cannot be known. A template in an
action's `variables:` step is read too. What such a template reads is guarded
when the automation opens; a literal that is no domain, or a plain id, reads
no more than it says.

An entity computed as the template runs (named by a text helper's state,
read through a test or a filter such as `select('is_state')` or
`map('state_attr')`) reads every entity; a written id, or the trigger's own
entity, reads only itself.
"""

from __future__ import annotations

from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    BED_LIGHT_ON,
    DISARM,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
)

# -- a template in an action's variables step ------------------------------------------


@pytest.mark.redteam(round=1)
@LINGERING_TIMERS
async def test_a_helper_read_in_an_action_s_variables_step_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S10: a polling automation reads the helper in a `variables:` step of its actions."""
    helper = await owner.create_helper("input_boolean", "Guest here")
    await owner.save_automation(
        "polling",
        {
            "alias": "Let the guest in (polling)",
            "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
            "actions": [
                {"variables": {"guest_here": f"{{{{ is_state('{helper}', 'on') }}}}"}},
                {"if": [{"condition": "template", "value_template": "{{ guest_here }}"}],
                 "then": [UNLOCK_FRONT]},
            ],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {**LOCKED, helper: "off"})
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True


# -- escapes and literals side by side -------------------------------------------------


SPELLINGS = {
    "hex_escaped_dot": r"{{ is_state('input_boolean\x2e%s','on') }}",
    "unicode_escaped_dot": r"{{ is_state('input_boolean\u002e%s','on') }}",
    "named_escape": r"{{ is_state('input_boolean\N{FULL STOP}%s','on') }}",
    "literals_side_by_side": "{{ is_state('input_boolean.' '%s','on') }}",
    "escaped_in_states_call": r"{{ states('input\x5fboolean.%s') == 'on' }}",
}


@pytest.mark.redteam(round=5)
@pytest.mark.parametrize("spelling", SPELLINGS.values(), ids=SPELLINGS.keys())
async def test_a_template_trigger_watching_a_helper_in_any_spelling_guards_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, spelling: str
) -> None:
    """Whatever escapes the template's literals use, the helper it watches is guarded."""
    helper = await owner.create_helper("input_boolean", "porch fairy lights")
    object_id = helper.split(".", 1)[1]
    template = spelling % object_id
    await owner.save_automation(
        "porch",
        {
            "alias": "Porch ambience",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT, OPEN_GARAGE, DISARM],
        },
    )
    before = house_state(hass)
    entity = await mcp.data("get_entity", {"entity_id": helper})
    assert entity["entity"]["guarded"] is True, entity
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


@pytest.mark.redteam(round=5)
async def test_an_escape_in_the_entity_s_own_name_is_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    r"""`input_boolean.hallway\x5fnightlight`: the domain is plain, the name escaped."""
    helper = await owner.create_helper("input_boolean", "hallway nightlight")
    assert helper == "input_boolean.hallway_nightlight"
    await owner.save_automation(
        "hall",
        {
            "alias": "Hallway",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": r"{{ is_state('input_boolean.hallway\x5fnightlight','on') }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=5)
async def test_a_plain_template_on_another_helper_stays_free(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: a helper no opening automation watches still switches freely."""
    watched = await owner.create_helper("input_boolean", "porch fairy lights")
    free = await owner.create_helper("input_boolean", "reading lamp mode")
    await owner.save_automation(
        "porch",
        {
            "alias": "Porch ambience",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": r"{{ is_state('input_boolean\x2eporch_fairy_lights','on') }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert watched == "input_boolean.porch_fairy_lights"
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": free})
    assert result["ok"] is True, result


# -- a domain written out and joined to a name -----------------------------------------


JOINED = {
    "format": "{{ is_state('{}.{}'.format('input_boolean', '%s'), 'on') }}",
    "join": "{{ is_state(['input_boolean', '%s'] | join('.'), 'on') }}",
    "percent": "{{ is_state('%%s.%%s' %% ('input_boolean', '%s'), 'on') }}",
}


@pytest.mark.redteam(round=7)
@pytest.mark.parametrize("template", JOINED.values(), ids=JOINED.keys())
async def test_a_domain_written_out_and_joined_to_a_name_is_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """A literal domain joined by `format`, `join` or `%` reads that whole domain."""
    helper = await owner.create_helper("input_boolean", "garden mode")
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [
                {"trigger": "template", "value_template": template % helper.split(".", 1)[1]}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


@pytest.mark.redteam(round=7)
@LINGERING_TIMERS
async def test_a_polling_automation_whose_condition_joins_the_id_is_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Every 5 s, "if the bed light is on, disarm": turning the bed light on is refused."""
    await owner.save_automation(
        "bedtime",
        {
            "alias": "Bedtime check",
            "triggers": [{"trigger": "time_pattern", "seconds": "/5"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ is_state(['light', 'bed_light'] | join('.'), 'on') }}",
                }
            ],
            "actions": [DISARM],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert_refused(result, reaching=ALARM)
    await assert_house(hass, before)


@pytest.mark.redteam(round=7)
async def test_a_literal_that_is_not_a_domain_reads_nothing_more(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: a template comparing with 'on' keeps other helpers free."""
    watched = await owner.create_helper("input_boolean", "garden mode")
    free = await owner.create_helper("input_boolean", "reading mode")
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [
                {"trigger": "template", "value_template": "{{ is_state('" + watched + "', 'on') }}"}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    result: dict[str, Any] = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": free}
    )
    assert_ran(result)


# -- an id built on a literal that starts with its domain ------------------------------


BUILT = {
    "replace": "{{ is_state('input_boolean.garden_xx'.replace('xx', 'mode'), 'on') }}",
    "slice": "{{ is_state('input_boolean.garden_modexyz'[:-3], 'on') }}",
    "tilde": "{{ is_state('input_boolean.garden_' ~ 'mode', 'on') }}",
    "percent": "{{ is_state('input_boolean.garden_%s' % 'mode', 'on') }}",
    "join": "{{ is_state(['input_boolean.garden_', 'mode'] | join, 'on') }}",
}


@pytest.mark.redteam(round=9)
@pytest.mark.parametrize("template", BUILT.values(), ids=BUILT.keys())
async def test_an_id_built_from_a_literal_with_its_domain_is_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """The helper the built id names is guarded: its automation unlocks."""
    helper = await owner.create_helper("input_boolean", "garden mode")
    assert helper == "input_boolean.garden_mode"
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=9)
@LINGERING_TIMERS
async def test_a_polling_condition_built_from_a_literal_is_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Every 3 s, if the built id is on, unlock: a silent opening without this."""
    helper = await owner.create_helper("input_boolean", "garden mode")
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [{"trigger": "time_pattern", "seconds": "/3"}],
            "conditions": [{"condition": "template", "value_template": BUILT["tilde"]}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")


@pytest.mark.redteam(round=9)
async def test_an_existing_id_in_a_plain_template_reads_only_that_entity(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: `is_state('input_boolean.garden_mode', 'on')` leaves other helpers free."""
    watched = await owner.create_helper("input_boolean", "garden mode")
    free = await owner.create_helper("input_boolean", "reading mode")
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [
                {"trigger": "template", "value_template": f"{{{{ is_state('{watched}', 'on') }}}}"}
            ],
            "actions": [UNLOCK_FRONT, BED_LIGHT_ON],
        },
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": free}))


# -- moved from red-team round 15: an entity id read from another entity's state -------


@pytest.mark.redteam(round=15)
async def test_turning_on_the_toggle_a_text_helper_names_to_an_unlock_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "input_text", {})
    assert await async_setup_component(hass, "input_boolean", {})
    guest_mode = await owner.create_helper("input_boolean", "Guest mode")
    helper = await owner.create_helper("input_text", "Guest helper", max=100)
    await owner.act("input_text.set_value", entity_id=helper, value=guest_mode)
    await owner.save_automation(
        "guest_arrival",
        {
            "alias": "Guest arrival",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": f"{{{{ is_state(states('{helper}'), 'on') }}}}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )

    turned_on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest_mode})

    assert_refused(turned_on)
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]
    assert hass.states.get(guest_mode).state == "off"  # type: ignore[union-attr]


@pytest.mark.redteam(round=15)
@pytest.mark.parametrize(
    "template",
    [
        "{{ states(states('input_text.which')) == 'on' }}",
        "{{ state_attr(names[0], 'battery') | int(0) < 10 }}",
        "{{ expand(group_name) | selectattr('state', 'eq', 'on') | list | count > 0 }}",
        "{{ states[which].state == 'on' }}",
        "{{ which | has_value }}",
    ],
)
async def test_any_change_waits_when_an_unlock_reads_an_entity_computed_as_it_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, template: str
) -> None:
    await owner.save_automation(
        "computed",
        {
            "alias": "Computed unlock",
            "variables": {"which": "light.bed_light", "names": [], "group_name": ""},
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


@pytest.mark.redteam(round=15)
async def test_other_changes_run_when_an_unlock_reads_its_trigger_s_own_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`is_state(trigger.entity_id, …)` reads what the trigger names, nothing more."""
    await owner.save_automation(
        "own",
        {
            "alias": "Unlock when the doorbell rings twice",
            "triggers": [{"trigger": "state", "entity_id": "input_boolean.doorbell"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ is_state(trigger.entity_id, 'on') }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_ran(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


_SET_IN_BRANCHES = (
    "{{% if is_state('input_boolean.away', 'on') %}}{{% set lights = 'light.bed_light' %}}"
    "{{% else %}}{{% set lights = {other} %}}{{% endif %}}"
    "{{{{ expand(lights) | selectattr('state', 'eq', 'on') | list | count > 0 }}}}"
)


@pytest.mark.parametrize(
    ("other", "ceiling_guarded"),
    [
        ("['light.bed_light', 'light.kitchen_lights']", False),
        ("'light.kitchen_lights'", False),
        ("states('input_text.watch')", True),
        ("['light.bed_light', states('input_text.watch')]", True),
    ],
    ids=["list", "text", "state", "list-with-a-state"],
)
async def test_an_unlock_reading_a_name_set_only_to_written_ids_reads_those_alone(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, other: str, ceiling_guarded: bool
) -> None:
    """`{% set lights = 'light.a' %}` in one branch, a list of ids in the other: those are read.

    Turning on a light it names waits; another light is free. A branch that
    sets the name from a state (`states('input_text.watch')`) reads every
    entity, so the other light waits too.
    """
    await owner.save_automation(
        "set_lights",
        {
            "alias": "Unlock when a listed light is on",
            "triggers": [
                {"trigger": "template", "value_template": _SET_IN_BRANCHES.format(other=other)}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.kitchen_lights"}),
        reaching="lock.front_door",
    )
    ceiling = await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    if ceiling_guarded:
        assert_refused(ceiling)
    else:
        assert_ran(ceiling)


# -- moved from red-team round 16: a computed entity read by a test or a filter --------


WATCHED = "states('input_text.watch')"


async def _watch(hass: HomeAssistant, owner: Owner, entity_id: str) -> None:
    """Make the owner's text helper `input_text.watch`, naming `entity_id`."""
    assert await async_setup_component(hass, "input_text", {})
    helper = await owner.create_helper("input_text", "Watch", max=255)
    assert helper == "input_text.watch"
    await owner.act("input_text.set_value", entity_id=helper, value=entity_id)


@pytest.mark.redteam(round=16)
@pytest.mark.parametrize(
    "template",
    [
        f"{{{{ [{WATCHED}] | select('is_state', 'on') | list | count > 0 }}}}",
        f"{{{{ [{WATCHED}] | reject('is_state', 'off') | list | count > 0 }}}}",
        f"{{{{ {WATCHED} is is_state('on') }}}}",
        f"{{{{ not ({WATCHED} is not is_state('on')) }}}}",
        f"{{{{ {WATCHED}.split(',') | select('is_state', 'on') | list | count > 0 }}}}",
        f"{{{{ [{WATCHED}] | map('state_attr', 'brightness') | select('number') | list | count > 0 }}}}",
        f"{{{{ [{WATCHED}] | map('expand') | first | selectattr('state', 'eq', 'on') | list | count > 0 }}}}",
        f"{{% set e = {WATCHED} %}}{{{{ (e | state_attr('brightness') | int(0)) > 0 }}}}",
        f"{{% set check = is_state %}}{{{{ check({WATCHED}, 'on') }}}}",
        f"{{{{ ({WATCHED} | state_attr('brightness') | int(0)) > 0 }}}}",
    ],
    ids=[
        "select",
        "reject",
        "is-test",
        "is-not-test",
        "split-select",
        "map-state_attr",
        "map-expand",
        "filter-subject",
        "reader-as-value",
        "call-result-filtered",
    ],
)
async def test_turning_on_the_light_an_opening_reads_through_a_test_or_filter_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, template: str
) -> None:
    await _watch(hass, owner, "light.bed_light")
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.bed_light"}, blocking=True
    )
    await owner.save_automation(
        "watched_light",
        {
            "alias": "Open the garage when the watched light turns on",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [OPEN_GARAGE],
        },
    )

    turned_on = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})

    assert_refused(turned_on)
    await hass.async_block_till_done()
    assert hass.states.get("light.bed_light").state == "off"  # type: ignore[union-attr]
    assert hass.states.get("cover.garage_door").state == "closed"  # type: ignore[union-attr]


@pytest.mark.redteam(round=16)
@LINGERING_TIMERS
async def test_turning_on_the_flag_a_timed_unlock_reads_through_select_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The unlock would come at the walk time, where no tripwire sees the MCP call behind it."""
    assert await async_setup_component(hass, "input_boolean", {})
    walker = await owner.create_helper("input_boolean", "Dog walker")
    await _watch(hass, owner, walker)
    await owner.save_automation(
        "dog_walker",
        {
            "alias": "Let the dog walker in",
            "triggers": [{"trigger": "time", "at": "11:00:00"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": (
                        f"{{{{ {WATCHED}.split(',') | select('is_state', 'on') | list | count > 0 }}}}"
                    ),
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )

    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": walker}))
    assert hass.states.get(walker).state == "off"  # type: ignore[union-attr]


@pytest.mark.redteam(round=16)
async def test_turning_on_the_light_a_template_helper_reads_through_select_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same reading in a template helper made in the UI: its state unlocks the front door."""
    await _watch(hass, owner, "light.bed_light")
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.bed_light"}, blocking=True
    )
    arriving = await owner.add_template(
        "binary_sensor",
        {
            "name": "Someone arriving",
            "state": f"{{{{ {WATCHED}.split(',') | select('is_state', 'on') | list | count > 0 }}}}",
        },
    )
    await owner.save_automation(
        "arrival",
        {
            "alias": "Unlock when someone is arriving",
            "triggers": [{"trigger": "state", "entity_id": arriving, "to": "on"}],
            "actions": [UNLOCK_FRONT],
        },
    )

    turned_on = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})

    assert_refused(turned_on)
    await hass.async_block_till_done()
    assert hass.states.get(arriving).state == "off"  # type: ignore[union-attr]
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]


@pytest.mark.redteam(round=16)
async def test_turning_on_the_light_a_disarm_reads_through_select_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    await _watch(hass, owner, "light.bed_light")
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.bed_light"}, blocking=True
    )
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "disarm_on_arrival",
        {
            "alias": "Disarm when the arrival light turns on",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": (
                        f"{{{{ [{WATCHED}] | select('is_state', 'on') | list | count > 0 }}}}"
                    ),
                }
            ],
            "actions": [DISARM],
        },
    )

    turned_on = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})

    assert_refused(turned_on)
    await assert_house(hass, {ALARM: "armed_away", "light.bed_light": "off"})


@pytest.mark.redteam(round=16)
async def test_turning_on_the_light_an_auto_lock_s_condition_reads_through_select_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A weakening: "unless a party light listed in the helper is on" keeps the door unlocked."""
    await _watch(hass, owner, "light.kitchen_lights")
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.kitchen_lights"}, blocking=True
    )
    await owner.save_automation(
        "auto_lock",
        {
            "alias": "Auto-lock the front door",
            "mode": "restart",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "lock.front_door",
                    "to": "unlocked",
                    "for": "00:00:20",
                }
            ],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": (
                        f"{{{{ {WATCHED}.split(',') | select('is_state', 'on') | list | count == 0 }}}}"
                    ),
                }
            ],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )

    party = await call_service(mcp, "light.turn_on", target={"entity_id": "light.kitchen_lights"})

    assert_refused(party, risk=None)
    assert hass.states.get("light.kitchen_lights").state == "off"  # type: ignore[union-attr]


@pytest.mark.redteam(round=16)
async def test_other_changes_run_when_a_test_or_filter_reads_a_written_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A test or filter on a written entity id, and an attribute called `distance`, read only that."""
    await owner.save_automation(
        "written",
        {
            "alias": "Open the garage when the porch says so",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": (
                        "{{ 'light.bed_light' is is_state('on') and "
                        "'light.bed_light' | state_attr('brightness') | int(0) > 0 and "
                        "state_attr('sensor.outside_temperature', 'distance') is none }}"
                    ),
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    )
    assert_ran(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


_PORCH_READERS = pytest.mark.parametrize(
    "template",
    [
        "{{ is_state('group.porch', 'on') }}",
        "{{ expand('group.porch') | selectattr('state', 'eq', 'on') | list | count > 0 }}",
    ],
    ids=["is_state", "expand"],
)


@_PORCH_READERS
async def test_a_group_read_by_name_before_it_exists_leaves_other_groups_free(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """`is_state('group.porch', 'on')` before a `group.set` creates it: another group is free."""
    assert hass.states.get("group.porch") is None
    await owner.save_automation(
        "porch",
        {
            "alias": "Porch",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(
        mcp, "group.set", data={"object_id": "kitchen", "entities": ["light.bed_light"]}
    )
    assert_ran(result)


@_PORCH_READERS
async def test_creating_the_group_an_unlock_reads_by_name_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """The same automation: creating `group.porch` itself sets it off."""
    await owner.save_automation(
        "porch",
        {
            "alias": "Porch",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(
        mcp, "group.set", data={"object_id": "porch", "entities": ["light.bed_light"]}
    )
    assert_refused(result, reaching="lock.front_door")
    assert hass.states.get("group.porch") is None


# -- an entity a filter names only to leave it out ------------------------------------


_LIT_LIGHTS = "states.light | {} | selectattr('state', 'eq', 'on') | list | count > 5"


@pytest.mark.parametrize(
    ("entity_filter", "guarded"),
    [
        ("rejectattr('entity_id', 'eq', 'input_boolean.guest_here')", False),
        ("rejectattr('entity_id', '==', 'input_boolean.guest_here')", False),
        ("selectattr('entity_id', 'ne', 'input_boolean.guest_here')", False),
        ("selectattr('entity_id', 'eq', 'input_boolean.guest_here')", True),
        ("rejectattr('entity_id', 'ne', 'input_boolean.guest_here')", True),
        ("rejectattr('entity_id', 'eq', 'input_boolean.' ~ 'guest_here')", False),
        ("rejectattr('entity_id', 'eq', 'input_boolean.' ~ this.name)", True),
    ],
)
@LINGERING_TIMERS
async def test_an_entity_a_filter_names_only_to_leave_it_out_sets_off_nothing(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, entity_filter: str, guarded: bool
) -> None:
    """`rejectattr('entity_id', 'eq', 'x')` drops x from what it iterates: x is not read.

    A filter that keeps x (`selectattr('entity_id', 'eq', 'x')`) reads it.
    """
    guest = await owner.create_helper("input_boolean", "Guest here")
    assert guest == "input_boolean.guest_here"
    await owner.save_automation(
        "lit",
        {
            "alias": "Unlock when the house is lit",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": "{{ " + _LIT_LIGHTS.format(entity_filter) + " }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    turned_on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    if guarded:
        assert_refused(turned_on)
    else:
        assert_ran(turned_on)
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


_NARROWED_DOMAIN = {
    "selectattr": "{{ expand(states.input_boolean | selectattr('entity_id', 'contains', 'mode')"
    " | selectattr('state', 'eq', 'on')) | count > 0 }}",
    "rejectattr-sort": "{{ expand(states.input_boolean | rejectattr('state', 'eq', 'off') | sort)"
    " | count > 0 }}",
}


@pytest.mark.parametrize("template", _NARROWED_DOMAIN.values(), ids=_NARROWED_DOMAIN.keys())
async def test_expanding_a_domain_s_states_narrowed_by_filters_reads_that_domain_alone(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """`expand(states.input_boolean | selectattr(…))`: the helpers are read, a light is not."""
    helper = await owner.create_helper("input_boolean", "garden mode")
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}),
        reaching="lock.front_door",
    )
    assert_ran(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


async def test_expanding_a_domain_s_states_mapped_to_other_names_still_reads_every_entity(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`expand(states.input_boolean | map(...) | map('regex_replace', …))` names other entities."""
    await owner.save_automation(
        "garden",
        {
            "alias": "Garden",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": "{{ expand(states.input_boolean | map(attribute='object_id')"
                    " | map('regex_replace', find='(.*)', replace='light.\\\\1')) | count > 0 }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


_ROOM = "states('input_text.room')"


@LINGERING_TIMERS
async def test_a_lookup_of_a_computed_area_that_only_filters_a_domain_reads_that_domain(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`selectattr('entity_id', 'in', area_entities(room))`: the ids filter the lights, read none.

    The lights are read (turning one on waits); a helper is not: which
    entities the area holds is the registry's, and nothing reads their states.
    """
    helper = await owner.create_helper("input_boolean", "garden mode")
    await owner.save_automation(
        "room",
        {
            "alias": "Unlock when the room's lights are on",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": "{{ states.light | selectattr('entity_id', 'in', "
                    f"area_entities({_ROOM})) | selectattr('state', 'eq', 'on') | list "
                    "| count > 0 }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"}),
        reaching="lock.front_door",
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))


@pytest.mark.parametrize(
    "template",
    [
        f"{{{{ area_entities({_ROOM}) | select('is_state', 'on') | list | count > 0 }}}}",
        (
            f"{{{{ expand(area_entities({_ROOM})) | selectattr('state', 'eq', 'on') | list "
            "| count > 0 }}"
        ),
        f"{{% for e in area_entities({_ROOM}) %}}{{{{ is_state(e, 'on') }}}}{{% endfor %}}",
    ],
    ids=["select-is_state", "expand", "loop"],
)
async def test_states_read_of_a_computed_area_s_entities_read_every_entity(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """The entities of an area named as it runs, their states read: any of them may be a helper."""
    helper = await owner.create_helper("input_boolean", "garden mode")
    await owner.save_automation(
        "room",
        {
            "alias": "Unlock when something in the room is on",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}),
        reaching="lock.front_door",
    )


_PICKED = "input_select.watched"
_STATE_ITEMS = {
    "item-of-a-state": f"{{{{ is_state(states['{_PICKED}']['state'], 'on') }}}}",
    "item-of-a-domain-s-state": (
        "{{ is_state((states.input_select | selectattr('entity_id', 'eq', "
        f"'{_PICKED}') | first)['state'], 'on') }}}}"
    ),
    "items-of-an-attribute": (
        f"{{{{ states['{_PICKED}']['attributes']['options'] | select('is_state', 'on') "
        "| list | count > 0 }}"
    ),
    "recursive-loop": (
        "{% set ns = namespace(on=false) %}"
        "{% for e in ['input_boolean.porch_motion'] recursive %}"
        "{% if is_state(e, 'on') %}{% set ns.on = true %}{% endif %}"
        f"{{% if loop.depth == 1 %}}{{{{ loop([states('{_PICKED}')]) }}}}{{% endif %}}"
        "{% endfor %}{{ ns.on }}"
    ),
}


@pytest.mark.redteam(round=45)
@pytest.mark.parametrize("template", _STATE_ITEMS.values(), ids=_STATE_ITEMS.keys())
async def test_an_entity_a_helper_s_state_names_through_a_subscript_or_a_loop_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """The owner's picker names the guest helper: the template reads it, so turning it on waits."""
    await owner.create_helper("input_boolean", "Porch motion")
    guest = await owner.create_helper("input_boolean", "Guest mode")
    picked = await owner.create_helper(
        "input_select", "Watched", options=["input_boolean.porch_motion", guest]
    )
    assert picked == _PICKED
    await hass.services.async_call(
        "input_select", "select_option", {"entity_id": picked, "option": guest}, blocking=True
    )
    await owner.save_automation(
        "watched",
        {
            "alias": "Unlock when the watched helper is on",
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    await assert_house(hass, before)
    assert_refused(result, reaching="lock.front_door")


@pytest.mark.redteam(round=45)
async def test_an_entity_a_helper_names_as_expand_s_second_argument_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`expand('group.porch', states('input_text.which'))`: the helper the text names is read."""
    porch = await owner.create_helper("input_boolean", "Porch motion")
    guest = await owner.create_helper("input_boolean", "Guest mode")
    assert await async_setup_component(
        hass, "input_text", {"input_text": {"which": {"initial": guest}}}
    )
    await hass.services.async_call(
        "group", "set", {"object_id": "porch", "entities": [porch]}, blocking=True
    )
    await owner.save_automation(
        "porch",
        {
            "alias": "Unlock when the porch or the chosen helper is on",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": "{{ expand('group.porch', states('input_text.which'))"
                    " | selectattr('state', 'eq', 'on') | list | count > 0 }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    await assert_house(hass, before)
    assert_refused(result, reaching="lock.front_door")
