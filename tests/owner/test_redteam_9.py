"""Red team, round 9: templates that build an id from a literal, and `trigger` overwritten.

Same rules as the earlier rounds (`test_redteam_1.py`).

- A literal that starts with a domain and is built on (`'input_boolean.rt_' ~
  'h18'`, `.replace`, a slice, `%`, `join`) reads that whole domain.
- `response_variable: trigger` overwrites `trigger` like a `variables` step;
  and a script run from an automation has its own `trigger` (what it is
  given), so its branches are tied to none of the automation's triggers.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
)

BUILT = {
    "replace": "{{ is_state('input_boolean.garden_xx'.replace('xx', 'mode'), 'on') }}",
    "slice": "{{ is_state('input_boolean.garden_modexyz'[:-3], 'on') }}",
    "tilde": "{{ is_state('input_boolean.garden_' ~ 'mode', 'on') }}",
    "percent": "{{ is_state('input_boolean.garden_%s' % 'mode', 'on') }}",
    "join": "{{ is_state(['input_boolean.garden_', 'mode'] | join, 'on') }}",
}


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


RETURNS_OPEN = {
    "sequence": [{"variables": {"r": {"id": "open"}}}, {"stop": "done", "response_variable": "r"}]
}
OPEN_BRANCH = {"condition": "trigger", "id": "open"}


async def _two_triggers(owner: Owner) -> tuple[str, str]:
    helper = await owner.create_helper("input_boolean", "close button")
    decoy = await owner.create_helper("input_boolean", "open button")
    return helper, decoy


def _triggers(helper: str, decoy: str) -> list[dict[str, Any]]:
    return [
        {"trigger": "state", "entity_id": helper, "to": "on", "id": "close"},
        {"trigger": "state", "entity_id": decoy, "to": "on", "id": "open"},
    ]


async def test_response_variable_trigger_overwrites_the_trigger(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`response_variable: trigger` then `if condition: trigger open`: the close button opens."""
    await owner.save_script("returns_open", {"alias": "Returns open", **RETURNS_OPEN})
    helper, decoy = await _two_triggers(owner)
    await owner.save_automation(
        "buttons",
        {
            "alias": "Buttons",
            "triggers": _triggers(helper, decoy),
            "actions": [
                {"action": "script.returns_open", "response_variable": "trigger"},
                {"if": [OPEN_BRANCH], "then": [OPEN_GARAGE]},
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


async def test_a_script_s_trigger_branches_are_not_the_automation_s(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A script given `trigger: {id: open}` as data runs its "open" branch, whatever fired."""
    await owner.save_script(
        "on_open",
        {
            "alias": "On open",
            "sequence": [{"choose": [{"conditions": [OPEN_BRANCH], "sequence": [UNLOCK_FRONT]}]}],
        },
    )
    helper, decoy = await _two_triggers(owner)
    await owner.save_automation(
        "buttons",
        {
            "alias": "Buttons",
            "triggers": _triggers(helper, decoy),
            "actions": [{"action": "script.on_open", "data": {"trigger": {"id": "open"}}}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


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
