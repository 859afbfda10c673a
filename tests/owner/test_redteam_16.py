"""Red team, round 16: an entity computed as the template runs, read by a test or a filter by name.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 15's fix
(a state-reading function whose entity is computed reads every entity).
Openings: the owner's automations opened the garage or unlocked the front
door when a template read the entity a text helper names through a Jinja
*test* or *filter*: `[states('input_text.watch')] | select('is_state',
'on')`, `reject('is_state', 'off')`, `states('input_text.watch') is
is_state('on')`, `map('state_attr', 'brightness')`, `map('expand')`, and
`e | state_attr('brightness')` (a filter's subject is its first argument,
not what is in its parentheses). Turning on the light or the toggle the
helper names over MCP ran without approval; at a timed trigger, the unlock
came later, in a context of its own, so the tripwire never reported it;
through a template helper made in the UI (a binary sensor whose state reads
that way), an automation on it unlocked the front door. Each of these now
reads every entity, as a bare `states` does, wherever the template is.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_ran,
    assert_refused,
    call_service,
)

WATCHED = "states('input_text.watch')"


async def _watch(hass: HomeAssistant, owner: Owner, entity_id: str) -> None:
    """Make the owner's text helper `input_text.watch`, naming `entity_id`."""
    assert await async_setup_component(hass, "input_text", {})
    helper = await owner.create_helper("input_text", "Watch", max=255)
    assert helper == "input_text.watch"
    await owner.act("input_text.set_value", entity_id=helper, value=entity_id)


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
async def test_a_light_named_by_a_text_helper_opens_the_garage_only_when_approved(
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


@LINGERING_TIMERS
async def test_a_flag_a_timed_unlock_reads_through_select_needs_approval(
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


async def test_a_template_helper_reading_through_select_is_part_of_the_unlock(
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


async def test_written_entities_and_attribute_names_stay_what_they_name(
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
