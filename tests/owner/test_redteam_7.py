"""Red team, round 7: ways a seventh fresh tester found to open the house; each is closed.

Same rules as the earlier rounds (`test_redteam_1.py`).

- A Switch as X light over a switch group over a template switch: the gate
  followed the light to the group but judged the group alone, not what a
  call on it reaches (its members); a light group over such a light too.
- Switch as X inverts covers, locks and valves only; the gate inverted a
  light too, so it judged `turn_on` as the switch's `turn_off`.
- A template that joins a domain written out (`'input_boolean'`) to an
  object id with `format`, `join` or `%` was read as reading nothing; a
  string literal that is a domain's name now reads that domain.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    ALARM,
    DISARM,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
)

NOTE = {"action": "persistent_notification.create", "data": {"message": "Relay off"}}


async def garage_relay(owner: Owner, name: str) -> str:
    """Make a template switch whose `turn_on` opens the garage; `turn_off` only notifies."""
    return await owner.add_template(
        "switch", {"name": name, "turn_on": [OPEN_GARAGE], "turn_off": [NOTE]}
    )


async def test_a_switch_as_x_light_over_a_switch_group_is_judged_by_its_members(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Light -> switch group -> template switch: `light.turn_on` opens the garage."""
    relay = await garage_relay(owner, "Relay five")
    group = await owner.add_group("switch", "Relay group", [relay])
    light = await owner.add_switch_as_x(group, "light")
    before = house_state(hass)
    for action in ("light.turn_on", "light.toggle"):
        assert_refused(
            await call_service(mcp, action, target={"entity_id": light}),
            reaching="cover.garage_door",
        )
    await assert_house(hass, before)


async def test_a_light_group_over_a_switch_as_x_light_is_judged_through_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Light group -> Switch as X light -> template switch: refused, `flash` included."""
    relay = await garage_relay(owner, "Relay")
    light = await owner.add_switch_as_x(relay, "light")
    lights = await owner.add_group("light", "Porch lights", [light])
    before = house_state(hass)
    for data in (None, {"flash": "short"}):
        result = await call_service(mcp, "light.turn_on", target={"entity_id": lights}, data=data)
        assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, before)


async def test_invert_is_not_applied_to_a_light(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Home Assistant ignores `invert` for a light: `turn_on` is the switch's `turn_on`."""
    relay = await garage_relay(owner, "Relay six")
    light = await owner.add_switch_as_x(relay, "light", invert=True)
    before = house_state(hass)
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": light}),
        reaching="cover.garage_door",
    )
    await assert_house(hass, before)
    # Its `turn_off` only raises a notification: it runs.
    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": light}))


JOINED = {
    "format": "{{ is_state('{}.{}'.format('input_boolean', '%s'), 'on') }}",
    "join": "{{ is_state(['input_boolean', '%s'] | join('.'), 'on') }}",
    "percent": "{{ is_state('%%s.%%s' %% ('input_boolean', '%s'), 'on') }}",
}


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
