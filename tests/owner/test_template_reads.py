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
    LINGERING_TIMERS,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
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
