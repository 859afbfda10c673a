"""Red team, round 4: ways a fourth fresh tester found to open the house; each is closed.

Same rules as the earlier rounds (`test_redteam_1.py`): the owner builds the
house through Home Assistant's own APIs, the attacker only calls MCP, and
Home Assistant's state says whether anything opened.
"""

from __future__ import annotations

from typing import Any

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import OPEN_GARAGE, UNLOCK_FRONT, Owner, assert_house, assert_refused, call_service

JAMS = "lock.poorly_installed_door"
"""The demo's lock that jams whenever it is locked."""


@pytest.mark.parametrize(
    "recovery",
    [
        [UNLOCK_FRONT],
        [OPEN_GARAGE],
        [{"action": "lock.unlock", "target": {"entity_id": JAMS}}],
    ],
    ids=["front_door", "garage", "same_lock"],
)
async def test_a_lock_that_jams_sets_off_jam_recovery(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, recovery: list[dict[str, Any]]
) -> None:
    """`lock.lock` can leave a lock `jammed`; a "when it jams" automation opens."""
    await owner.save_automation(
        "jammed",
        {
            "alias": "Back door jammed",
            "triggers": [{"trigger": "state", "entity_id": JAMS, "to": "jammed"}],
            "actions": recovery,
        },
    )
    before = hass.states.get(JAMS)
    assert before is not None
    result = await call_service(mcp, "lock.lock", target={"entity_id": JAMS})
    assert_refused(result)
    await assert_house(
        hass, {"lock.front_door": "locked", "cover.garage_door": "closed", JAMS: before.state}
    )


async def test_locking_a_lock_no_automation_watches_jam_still_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Control: with no jam automation, locking that lock runs (it jams, nothing else)."""
    result = await call_service(mcp, "lock.lock", target={"entity_id": JAMS})
    assert result["ok"] is True, result


# -- false positives: the branch a trigger cannot take -------------------------------

_CLOSE = {"action": "cover.close_cover", "target": {"entity_id": "cover.garage_door"}}
_BY_CLOSE = {"condition": "trigger", "id": "close"}


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
async def test_the_close_button_of_garage_buttons_runs(
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


async def test_a_refusal_lists_each_path_once(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Round 5: a timer feeding an opening automation listed the same path three times."""
    assert await async_setup_component(hass, "timer", {})
    timer = await owner.create_helper("timer", "Dog walker arrival", duration="00:00:02")
    await owner.save_automation(
        "dog_walker",
        {
            "alias": "Dog walker",
            "triggers": [{"trigger": "event", "event_type": "timer.finished",
                          "event_data": {"entity_id": timer}}],
            "actions": [UNLOCK_FRONT],
        },
    )  # fmt: skip
    result = await call_service(mcp, "timer.start", target={"entity_id": timer})
    assert_refused(result, reaching="lock.front_door")
    paths = [(t["entity_id"], t["service"], tuple(t.get("via") or ())) for t in result["targets"]]
    assert len(paths) == len(set(paths)), paths
    await assert_house(hass, {"lock.front_door": "locked", timer: "idle"})
