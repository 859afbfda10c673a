r"""Red team, round 5: ways a fifth fresh tester found to open the house; each is closed.

Same rules as the earlier rounds (`test_redteam_1.py`): the owner builds the
house through Home Assistant's own APIs, the attacker only calls MCP, and
Home Assistant's state says whether anything opened.

The gate read templates as text while Jinja reads them as a language: an
escape in a string literal (`'input_boolean\x2ehall'` is
`input_boolean.hall`) and literals written side by side (`'a' 'b'` is
`'ab'`) hid what a template trigger watches, so the helper it watches was
left out of the perimeter.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from tests.conftest import McpHarness

from .house import (
    DISARM,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    house_state,
)

SPELLINGS = {
    "hex_escaped_dot": r"{{ is_state('input_boolean\x2e%s','on') }}",
    "unicode_escaped_dot": r"{{ is_state('input_boolean\u002e%s','on') }}",
    "named_escape": r"{{ is_state('input_boolean\N{FULL STOP}%s','on') }}",
    "literals_side_by_side": "{{ is_state('input_boolean.' '%s','on') }}",
    "escaped_in_states_call": r"{{ states('input\x5fboolean.%s') == 'on' }}",
}


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


async def test_an_automation_targeting_a_registry_id_keeps_the_gate_working(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A registry id as an action's `entity_id` (valid in Home Assistant) is read, not a crash.

    It used to make the house unreadable, so every call, a light's
    included, was refused as unknown.
    """
    garage = er.async_get(hass).async_get("cover.garage_door")
    assert garage is not None
    helper = await owner.create_helper("input_boolean", "garage remote")
    await owner.save_automation(
        "remote",
        {
            "alias": "Garage remote",
            "triggers": [{"trigger": "state", "entity_id": helper}],
            "actions": [{"action": "cover.open_cover", "target": {"entity_id": garage.id}}],
        },
    )
    light = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert light["ok"] is True, light
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})
