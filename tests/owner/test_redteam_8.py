"""Red team, round 8: trigger ids read wrong opened the house; each way is closed.

Same rules as the earlier rounds (`test_redteam_1.py`). The gate ties a
`choose` option or an `if` branch to the triggers its `condition: trigger`
names, so a helper that only fires the other triggers stays free. Two ways
made that tie wrong:

- a `condition: trigger` with `enabled: false`, which Home Assistant skips:
  the branch then runs on any trigger;
- a `variables` step that sets `trigger` itself, so what follows sees that
  trigger, not the one that fired.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
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

pytestmark = LINGERING_TIMERS  # The 03:00 time triggers.

NIGHT: dict[str, Any] = {"condition": "trigger", "id": "night"}
GUEST: dict[str, Any] = {"condition": "trigger", "id": "guest"}


def triggers(helper: str) -> list[dict[str, Any]]:
    """At 03:00 ("night"), or when the helper turns on ("guest")."""
    return [
        {"trigger": "time", "at": "03:00:00", "id": "night"},
        {"trigger": "state", "entity_id": helper, "to": "on", "id": "guest"},
    ]


ACTIONS = {
    "choose_disabled": [
        {
            "choose": [
                {"conditions": [{**NIGHT, "enabled": False}], "sequence": [UNLOCK_FRONT]},
                {"conditions": [GUEST], "sequence": [BED_LIGHT_ON]},
            ]
        }
    ],
    "choose_disabled_garage_alarm": [
        {
            "choose": [
                {
                    "conditions": [{**NIGHT, "enabled": False}],
                    "sequence": [OPEN_GARAGE, DISARM],
                },
                {"conditions": [GUEST], "sequence": [BED_LIGHT_ON]},
            ]
        }
    ],
    "if_disabled": [
        {"if": [{**NIGHT, "enabled": False}], "then": [DISARM], "else": [BED_LIGHT_ON]}
    ],
    "variables_set_trigger": [
        {"variables": {"trigger": {"id": "night"}}},
        {
            "choose": [{"conditions": [NIGHT], "sequence": [OPEN_GARAGE]}],
            "default": [BED_LIGHT_ON],
        },
    ],
}


@pytest.mark.parametrize("actions", ACTIONS.values(), ids=ACTIONS.keys())
async def test_a_branch_the_trigger_id_cannot_keep_from_running_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, actions: list[dict[str, Any]]
) -> None:
    """The helper that fires the "guest" trigger may run the opening branch: refused."""
    helper = await owner.create_helper("input_boolean", "guest arrives")
    await owner.save_automation(
        "guest", {"alias": "Guest arrives", "triggers": triggers(helper), "actions": actions}
    )
    before = house_state(hass)
    entity = await mcp.data("get_entity", {"entity_id": helper})
    assert entity["entity"]["guarded"] is True, entity
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result)
    await assert_house(hass, before)


async def test_an_enabled_trigger_condition_still_frees_the_other_trigger(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: with the condition enabled, the guest helper only turns a light on."""
    helper = await owner.create_helper("input_boolean", "guest arrives")
    actions = [
        {
            "choose": [
                {"conditions": [{**NIGHT, "enabled": True}], "sequence": [UNLOCK_FRONT]},
                {"conditions": [GUEST], "sequence": [BED_LIGHT_ON]},
            ]
        }
    ]
    await owner.save_automation(
        "guest", {"alias": "Guest arrives", "triggers": triggers(helper), "actions": actions}
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {"lock.front_door": "locked"})
