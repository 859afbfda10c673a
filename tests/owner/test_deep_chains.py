"""What nests deeper than one walk follows is judged item by item, never as "anything".

Real houses' template lights and scripts drive each other along chains
longer than one walk of the gate follows step by step (`INLINE_DEPTH`,
`MAX_STEPS`). Beyond that, each script, automation or template entity met is
judged as the house's index judges it on its own, and what it can do is
handed on to what runs it: an unlock at the end of a long chain still
waits, a long chain that opens nothing runs, and the house stays readable.
The owner builds the chain in the script editor.
"""

from __future__ import annotations

from typing import Any

from custom_components.home_mcp.gate import Action
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    CHAIN_LINKS,
    LINGERING_TIMERS,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    home_mcp_gate,
)


async def _go(owner: Owner, conditions: list[dict[str, Any]] | None = None) -> str:
    """Save an automation running the chain when a helper turns on; return the helper."""
    go = await owner.create_helper("input_boolean", "Go")
    await owner.save_automation(
        "go",
        {
            "alias": "Go",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "conditions": conditions or [],
            "actions": [{"action": "script.link_0"}],
        },
    )
    return go


async def test_an_unlock_at_the_end_of_a_chain_longer_than_a_walk_still_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Running the chain, or the helper or automation that starts it, waits; nothing moves."""
    first = await owner.save_chain(CHAIN_LINKS, UNLOCK_FRONT)
    go = await _go(owner)
    assert home_mcp_gate(hass).index.async_current().unreadable_items == {}
    for action, entity_id in (
        ("script.turn_on", first),
        ("input_boolean.turn_on", go),
        ("automation.trigger", "automation.go"),
    ):
        result = await call_service(mcp, action, target={"entity_id": entity_id})
        assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_chain_longer_than_a_walk_that_opens_nothing_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """No `unknown` for the length alone: the chain and what starts it run."""
    first = await owner.save_chain(
        CHAIN_LINKS, {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    )
    go = await _go(owner)
    assert home_mcp_gate(hass).index.async_current().unreadable_items == {}
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": first}))
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go}))


@LINGERING_TIMERS
async def test_what_a_script_deep_in_a_chain_reads_decides_whether_its_caller_opens(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link unlocks only while a helper is on: that helper is an input of the chain.

    An automation runs the chain every minute: once the helper is on, it
    unlocks. Turning the helper on waits.
    """
    open_up = await owner.create_helper("input_boolean", "Open up")
    only_if = [{"condition": "state", "entity_id": open_up, "state": "on"}]
    await owner.save_chain(CHAIN_LINKS, {"if": only_if, "then": [UNLOCK_FRONT]})
    await owner.save_automation(
        "every_minute",
        {
            "alias": "Every minute",
            "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
            "actions": [{"action": "script.link_0"}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": open_up})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_keeping_a_chain_that_locks_from_running_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A chain too long to walk locks the door while no guests are in: guests in waits."""
    guests = await owner.create_helper("input_boolean", "Guests")
    await owner.save_chain(
        CHAIN_LINKS, {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
    )
    await _go(owner, [{"condition": "state", "entity_id": guests, "state": "off"}])
    decision = home_mcp_gate(hass).async_check(
        Action("input_boolean", "turn_on", {"entity_id": [guests]})
    )
    assert decision.guarded, decision.findings


async def test_a_door_handed_down_a_chain_longer_than_a_walk_is_still_unlocked_at_its_end(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Each link passes its `door` field on; the last unlocks it: the caller's door counts.

    Judged on its own, a link knows no caller's data: its field may be any
    door, never nothing.
    """
    door = {"door": "{{ door }}"}
    await owner.save_script(
        f"link_{CHAIN_LINKS}",
        {
            "alias": "Last link",
            "fields": {"door": {"example": "lock.front_door"}},
            "sequence": [{"action": "lock.unlock", "target": {"entity_id": "{{ door }}"}}],
        },
    )
    for i in reversed(range(CHAIN_LINKS)):
        link = {
            "alias": f"Link {i}",
            "fields": {"door": {"example": "lock.front_door"}},
            "sequence": [{"action": f"script.link_{i + 1}", "data": door}],
        }
        await owner.save_script(f"link_{i}", link)
    go = await owner.create_helper("input_boolean", "Go")
    await owner.save_automation(
        "go",
        {
            "alias": "Go",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": "script.link_0", "data": {"door": "lock.front_door"}}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


_BLINK: Any = {
    "alias": "Blink",
    "mode": "parallel",
    "fields": {"toggle_entity": {"example": "switch.desk"}},
    "sequence": [
        {"variables": {"domain": "{{ toggle_entity.split('.')[0] }}"}},
        {"action": "{{ domain }}.toggle", "data": {"entity_id": "{{ toggle_entity }}"}},
    ],
}
"""A script toggling what its caller names, through an action built from its field."""


async def _chain_to_blink(owner: Owner, toggle_entity: str) -> str:
    """Save the blink script at the end of a chain longer than a walk; return the helper."""
    await owner.save_script("blink", _BLINK)
    await owner.save_chain(
        CHAIN_LINKS, {"action": "script.blink", "data": {"toggle_entity": toggle_entity}}
    )
    return await _go(owner)


async def test_a_script_met_too_deep_still_unlocks_the_lock_its_caller_names(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The last link blinks the front door: toggling it unlocks it, and everything waits."""
    go = await _chain_to_blink(owner, "lock.front_door")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.blink"},
        data={"variables": {"toggle_entity": "lock.front_door"}},
    )
    assert_refused(result, risk=None)
    await assert_house(hass, LOCKED)
