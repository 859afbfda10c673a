r"""What a template reads, as Jinja reads it, not as text.

An escape in a string literal (`'input_boolean\x2ehall'` is
`input_boolean.hall`), literals written side by side, a domain written out
and joined to a name (`format`, `join`, `%`), an id built on a literal that
starts with its domain (`~`, `.replace`, a slice): each reads the entity it
names, or the whole domain when the name cannot be known. A template in an
action's `variables:` step is read too. What such a template reads is guarded
when the automation opens; a literal that is no domain, or a plain id, reads
no more than it says.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    DISARM,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    house_state,
)

# -- a template in an action's variables step ------------------------------------------


@pytest.mark.redteam(1)
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


@pytest.mark.redteam(5)
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


@pytest.mark.redteam(5)
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


@pytest.mark.redteam(5)
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
