"""A branch tied to its triggers by `condition: trigger`, as Home Assistant ties it.

A `choose` option or an `if` branch runs only for the triggers its
`condition: trigger` names, so a helper that fires only the other triggers
stays free ("garage buttons": the close button runs, the open one waits,
whichever branch is the default or the `else`). The tie holds only where Home
Assistant keeps it: a `condition: trigger` with `enabled: false` is skipped; a
`variables` step or a `response_variable` named `trigger` overwrites it; a
script run from an automation has its own `trigger` (what it is given).
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    CLOSED,
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

# -- garage buttons: one automation, a branch per trigger ------------------------------


@pytest.mark.redteam(round=1)
async def test_the_close_button_of_garage_buttons_tied_by_trigger_ids_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """False positive: trigger ids tie each branch to its button; "close" is not guarded."""
    assert await async_setup_component(hass, "input_button", {})
    opener = await owner.create_helper("input_button", "Open garage")
    closer = await owner.create_helper("input_button", "Close garage")
    await owner.save_automation(
        "garage_buttons",
        {
            "alias": "Garage buttons",
            "triggers": [
                {"trigger": "state", "entity_id": opener, "id": "open"},
                {"trigger": "state", "entity_id": closer, "id": "close"},
            ],
            "actions": [
                {"choose": [
                    {"conditions": [{"condition": "trigger", "id": "open"}],
                     "sequence": [OPEN_GARAGE]},
                    {"conditions": [{"condition": "trigger", "id": "close"}],
                     "sequence": [{"action": "cover.close_cover",
                                   "target": {"entity_id": "cover.garage_door"}}]},
                ]}
            ],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, "input_button.press", target={"entity_id": opener}))
    assert_ran(await call_service(mcp, "input_button.press", target={"entity_id": closer}))
    await assert_house(hass, CLOSED)


# -- the opening branch is the one the close trigger cannot take -----------------------


_CLOSE = {"action": "cover.close_cover", "target": {"entity_id": "cover.garage_door"}}


_BY_CLOSE = {"condition": "trigger", "id": "close"}


@pytest.mark.redteam(round=4)
@pytest.mark.parametrize(
    "actions",
    [
        [{"choose": [{"conditions": [_BY_CLOSE], "sequence": [_CLOSE]}], "default": [OPEN_GARAGE]}],
        [{"if": [{"condition": "not", "conditions": [_BY_CLOSE]}], "then": [OPEN_GARAGE],
          "else": [_CLOSE]}],
        [{"if": [_BY_CLOSE], "then": [_CLOSE], "else": [OPEN_GARAGE]}],
    ],
    ids=["choose_default", "if_not", "if_else"],
)  # fmt: skip
async def test_the_close_button_runs_when_opening_is_the_branch_its_trigger_cannot_take(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, actions: list[dict[str, Any]]
) -> None:
    """The opening branch is the one the `close` trigger cannot take: close runs, open waits."""
    assert await async_setup_component(hass, "input_button", {})
    await owner.ws_command({"type": "input_button/create", "name": "Garage open button"})
    await owner.ws_command({"type": "input_button/create", "name": "Garage close button"})
    opener, closer = "input_button.garage_open_button", "input_button.garage_close_button"
    await owner.save_automation(
        "garage_buttons",
        {
            "alias": "Garage buttons",
            "triggers": [
                {"trigger": "state", "entity_id": opener, "id": "open"},
                {"trigger": "state", "entity_id": closer, "id": "close"},
            ],
            "actions": actions,
        },
    )
    result = await call_service(mcp, "input_button.press", target={"entity_id": closer})
    assert result["ok"] is True, result
    assert_refused(await call_service(mcp, "input_button.press", target={"entity_id": opener}))
    await assert_house(hass, {"cover.garage_door": "closed"})


# -- a disabled trigger condition, a variables step setting trigger --------------------


NIGHT: dict[str, Any] = {"condition": "trigger", "id": "night"}


GUEST: dict[str, Any] = {"condition": "trigger", "id": "guest"}


def _night_or_guest(helper: str) -> list[dict[str, Any]]:
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


@pytest.mark.redteam(round=8)
@LINGERING_TIMERS  # The 03:00 time triggers.
@pytest.mark.parametrize("actions", ACTIONS.values(), ids=ACTIONS.keys())
async def test_a_branch_the_trigger_id_cannot_keep_from_running_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, actions: list[dict[str, Any]]
) -> None:
    """The helper that fires the "guest" trigger may run the opening branch: refused."""
    helper = await owner.create_helper("input_boolean", "guest arrives")
    await owner.save_automation(
        "guest", {"alias": "Guest arrives", "triggers": _night_or_guest(helper), "actions": actions}
    )
    before = house_state(hass)
    entity = await mcp.data("get_entity", {"entity_id": helper})
    assert entity["entity"]["guarded"] is True, entity
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result)
    await assert_house(hass, before)


@pytest.mark.redteam(round=8)
@LINGERING_TIMERS  # The 03:00 time triggers.
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
        "guest", {"alias": "Guest arrives", "triggers": _night_or_guest(helper), "actions": actions}
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {"lock.front_door": "locked"})


# -- a response variable named trigger, a script's own trigger -------------------------


RETURNS_OPEN = {
    "sequence": [{"variables": {"r": {"id": "open"}}}, {"stop": "done", "response_variable": "r"}]
}


OPEN_BRANCH = {"condition": "trigger", "id": "open"}


async def _two_triggers(owner: Owner) -> tuple[str, str]:
    helper = await owner.create_helper("input_boolean", "close button")
    decoy = await owner.create_helper("input_boolean", "open button")
    return helper, decoy


def _close_or_open(helper: str, decoy: str) -> list[dict[str, Any]]:
    return [
        {"trigger": "state", "entity_id": helper, "to": "on", "id": "close"},
        {"trigger": "state", "entity_id": decoy, "to": "on", "id": "open"},
    ]


@pytest.mark.redteam(round=9)
async def test_a_response_variable_named_trigger_overwrites_the_trigger_its_branches_read(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`response_variable: trigger` then `if condition: trigger open`: the close button opens."""
    await owner.save_script("returns_open", {"alias": "Returns open", **RETURNS_OPEN})
    helper, decoy = await _two_triggers(owner)
    await owner.save_automation(
        "buttons",
        {
            "alias": "Buttons",
            "triggers": _close_or_open(helper, decoy),
            "actions": [
                {"action": "script.returns_open", "response_variable": "trigger"},
                {"if": [OPEN_BRANCH], "then": [OPEN_GARAGE]},
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


@pytest.mark.redteam(round=9)
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
            "triggers": _close_or_open(helper, decoy),
            "actions": [{"action": "script.on_open", "data": {"trigger": {"id": "open"}}}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=46)
async def test_a_branch_that_sets_off_its_own_automation_s_unlocking_trigger_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The "close" button's branch turns on the "open" button, whose branch unlocks."""
    helper, decoy = await _two_triggers(owner)
    branches = [
        {"conditions": [OPEN_BRANCH], "sequence": [UNLOCK_FRONT]},
        {
            "conditions": [{"condition": "trigger", "id": "close"}],
            "sequence": [{"action": "input_boolean.turn_on", "target": {"entity_id": decoy}}],
        },
    ]
    await owner.save_automation(
        "buttons",
        {
            "alias": "Buttons",
            "mode": "queued",
            "triggers": _close_or_open(helper, decoy),
            "actions": [{"choose": branches}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=46)
async def test_turning_on_what_enables_an_automation_whose_trigger_branch_unlocks_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Expect a guest enables the doorbell automation; its "ring" branch unlocks."""
    ring, away = await _two_triggers(owner)
    doorbell = await owner.save_automation(
        "doorbell_unlock",
        {
            "alias": "Doorbell unlock",
            "triggers": [{"trigger": "state", "entity_id": ring, "to": "on", "id": "ring"}],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [{"condition": "trigger", "id": "ring"}],
                            "sequence": [UNLOCK_FRONT],
                        }
                    ]
                }
            ],
        },
    )
    await owner.save_automation(
        "expect_guest",
        {
            "alias": "Expect a guest",
            "triggers": [{"trigger": "state", "entity_id": away, "to": "on"}],
            "actions": [{"action": "automation.turn_on", "target": {"entity_id": doorbell}}],
        },
    )
    await hass.services.async_call("automation", "turn_off", {"entity_id": doorbell}, blocking=True)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": away})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked", doorbell: "off"})
