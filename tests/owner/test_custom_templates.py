"""Macros the owner keeps in `custom_templates/*.jinja`, imported by templates.

`{% from 'presence.jinja' import someone_home %}{{ someone_home() }}`: what the
macro reads, the template reads (however deep its own imports go); one that
cannot be found, or is named by an expression, may read anything. When the
owner edits the file and reloads custom templates, the gate reads it again.
"""

from __future__ import annotations

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    ALARM,
    DISARM,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
    turns_on,
)

PRESENCE_JINJA = """\
{%- macro someone_home() -%}
{{- is_state('input_boolean.guest_mode', 'on') or is_state('person.paulus', 'home') -}}
{%- endmacro -%}
"""


async def test_a_helper_a_custom_macro_reads_waits_when_a_template_sensor_on_it_unlocks(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{% from 'presence.jinja' import someone_home %}`: the macro reads the guest helper."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    assert guest == "input_boolean.guest_mode"
    await owner.save_custom_template("presence.jinja", PRESENCE_JINJA)
    await owner.save_templates(
        [
            {
                "binary_sensor": [
                    {
                        "name": "Someone home",
                        "state": "{% from 'presence.jinja' import someone_home %}{{ someone_home() }}",
                    }
                ]
            }
        ]
    )
    assert hass.states.get("binary_sensor.someone_home").state == "off"
    await owner.save_unlock_when(turns_on("binary_sensor.someone_home"))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_helper_a_custom_macro_reads_waits_when_a_trigger_on_it_disarms(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, freezer: FrozenDateTimeFactory
) -> None:
    """An alarm package's `occupancy_mode()` macro decides when the alarm disarms."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_custom_template("presence.jinja", PRESENCE_JINJA)
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "disarm_on_arrival",
        {
            "alias": "Disarm when someone is home",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": "{% from 'presence.jinja' import someone_home %}"
                    "{{ someone_home() }}",
                }
            ],
            "actions": [DISARM],
        },
    )
    before = house_state(hass)
    assert before[ALARM] == "armed_away"
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    await hass.async_block_till_done()
    assert_refused(result, reaching=ALARM)
    await assert_house(hass, before)


async def test_a_script_whose_target_a_custom_template_macro_names_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`cover.open_cover` on `{{ shed_door() }}`: the macro names the garage door."""
    await owner.save_custom_template(
        "doors.jinja",
        "{%- macro shed_door() -%}cover.garage_door{%- endmacro -%}\n",
    )
    script = await owner.save_script(
        "open_the_shed",
        {
            "alias": "Open the shed",
            "sequence": [
                {
                    "action": "cover.open_cover",
                    "target": {
                        "entity_id": "{% from 'doors.jinja' import shed_door %}{{ shed_door() }}"
                    },
                }
            ],
        },
    )
    before = house_state(hass)
    result = await call_service(mcp, "script.turn_on", target={"entity_id": script})
    await hass.async_block_till_done()
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, before)


async def test_a_macro_the_owner_edits_and_reloads_is_read_again(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The macro first reads nothing of the guest helper; edited and reloaded, it does."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_custom_template(
        "presence.jinja", "{%- macro someone_home() -%}{{ false }}{%- endmacro -%}\n"
    )
    await owner.save_unlock_when(
        {
            "trigger": "template",
            "value_template": "{% from 'presence.jinja' import someone_home %}{{ someone_home() }}",
        }
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest}))
    await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest})
    await owner.save_custom_template("presence.jinja", PRESENCE_JINJA)
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_macro_from_a_file_that_does_not_exist_may_read_anything(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """An import Home MCP cannot find (a file not yet written): any helper may set it off."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_unlock_when(
        {
            "trigger": "template",
            "value_template": "{% from 'missing.jinja' import someone_home %}{{ someone_home() }}",
        }
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


ALARM_JINJA = """\
{%- macro arm_ready(mode) -%}
{{- is_state('input_boolean.' ~ mode ~ '_ready', 'on') -}}
{%- endmacro -%}

{%- macro is_on(entity) -%}
{{- is_state(entity, 'on') -}}
{%- endmacro -%}

{%- macro tile_style(entity) -%}
{{- 'red' if is_state(entity, 'on') else states[entity].name -}}
{%- endmacro -%}
"""
"""An alarm package's macros: the one the automation calls builds its helper's id
from its argument; another, for the dashboard, reads whatever entity it is given."""


async def _unlock_when_ready(owner: Owner, call: str) -> None:
    await owner.create_helper("input_boolean", "Night ready")
    await owner.save_custom_template("alarm.jinja", ALARM_JINJA)
    await owner.save_unlock_when(
        {
            "trigger": "template",
            "value_template": "{% from 'alarm.jinja' import arm_ready %}" + call,
        }
    )


async def test_a_helper_the_called_macro_does_not_read_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`arm_ready('night')` reads the night helper only, not what the file's other macros read."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await _unlock_when_ready(owner, "{{ arm_ready('night') }}")
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest}))


async def test_the_helper_a_macro_builds_from_its_argument_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`'input_boolean.' ~ mode ~ '_ready'` with `mode` the call's `'night'` is the night helper."""
    await _unlock_when_ready(owner, "{{ arm_ready('night') }}")
    before = house_state(hass)
    result = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.night_ready"}
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_macro_given_a_value_known_only_as_it_runs_may_read_anything(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`arm_ready(states('input_text.mode'))`: the helper it reads is only known when it runs."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await _unlock_when_ready(owner, "{{ arm_ready(states('input_text.mode')) }}")
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_helper_a_macro_given_the_trigger_s_entity_does_not_read_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`is_on(trigger.entity_id)` reads the entity that fired it, as the template itself would."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    ready = await owner.create_helper("input_boolean", "Night ready")
    await owner.save_custom_template("alarm.jinja", ALARM_JINJA)
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome home",
            "triggers": [{"trigger": "state", "entity_id": ready}],
            "conditions": ["{% from 'alarm.jinja' import is_on %}{{ is_on(trigger.entity_id) }}"],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest}))
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": ready})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


async def test_a_helper_the_macro_s_file_reads_at_its_top_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{% set guest = is_state(...) %}` above the macro: what importing the file runs is read."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_custom_template(
        "presence.jinja",
        "{%- set guest = is_state('input_boolean.guest_mode', 'on') -%}\n"
        "{%- macro someone_home() -%}{{- guest -}}{%- endmacro -%}\n",
    )
    await owner.save_unlock_when(
        {
            "trigger": "template",
            "value_template": "{% from 'presence.jinja' import someone_home %}{{ someone_home() }}",
        }
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, before)


TWO_ARGUMENTS_JINJA = """\
{%- macro ready(mode, suffix) -%}
{{- is_state('input_boolean.' ~ mode ~ suffix, 'on') -}}
{%- endmacro -%}

{%- macro tile_style(entity) -%}
{{- 'red' if is_state(entity, 'on') else 'grey' -}}
{%- endmacro -%}
"""
"""A macro given two arguments by position, beside a dashboard macro reading any entity."""


@pytest.mark.parametrize(
    ("call", "guest_guarded"),
    [
        ("{{ ready('night', '_ready') }}", False),
        ("{{ ready(states('input_text.mode'), '_ready') }}", True),
    ],
    ids=["written", "computed"],
)
async def test_a_macro_given_several_arguments_by_position_reads_what_they_name(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, call: str, guest_guarded: bool
) -> None:
    """`ready('night', '_ready')` reads the night helper only; a state as argument, anything."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.create_helper("input_boolean", "Night ready")
    await owner.save_custom_template("alarm.jinja", TWO_ARGUMENTS_JINJA)
    await owner.save_unlock_when(
        {"trigger": "template", "value_template": "{% from 'alarm.jinja' import ready %}" + call}
    )
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    if guest_guarded:
        assert_refused(result, reaching="lock.front_door")
        await assert_house(hass, before)
    else:
        assert_ran(result)
    result = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.night_ready"}
    )
    assert_refused(result, reaching="lock.front_door")
