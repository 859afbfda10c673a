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

Two weakenings: an auto-lock whose condition read the lights a text helper
lists ("unless a party light is on") was held up by turning one on, since
what a securing automation checks was followed only as entity ids (now its
domain and the whole house count too); and starting the nightly lock script
with `minutes: 600` before its automation ran dropped that run (single
mode): starting a script a securing automation runs, with the caller's
variables, now keeps it from securing.
"""

from __future__ import annotations

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    DISARM,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
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


async def test_the_alarm_disarmed_by_the_light_a_text_helper_names_needs_approval(
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


async def test_a_light_an_auto_lock_condition_reads_through_select_cannot_hold_it_up(
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


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("script.turn_on", {"variables": {"minutes": 600}}),
        ("script.lock_front_door_later", {"minutes": 600}),
    ],
    ids=["turn_on", "by-name"],
)
async def test_the_nightly_lock_script_started_with_a_long_delay_needs_approval(
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
