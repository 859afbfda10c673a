"""What sets off each kind of cause the perimeter knows (`perimeter_keys.KEY_RULES`).

One row of the table, one owner: an automation that unlocks the front door
when a cause of that kind happens (a light of the house changes, an event
is fired, an action is called, an integration acts, a run starts, a
sentence is handed to Assist, a topic is published on). The MCP call that
is that cause waits, reaching the front door, and the door stays locked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

import pytest

from custom_components.home_mcp.gate.perimeter_keys import KEY_RULES, KeyKind
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    LOCKED,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    unlocks_when,
)

Call = tuple[str, dict[str, Any] | None, dict[str, Any] | None]
"""An MCP `call_service`: the action, its target, its data."""
Mqtt = Callable[[], Awaitable[Any]]
"""Sets up MQTT, with a broker stand-in (the harness's `mqtt_mock_entry`)."""


async def _a_light_of_the_house(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock once six lights are on (`states.light`: the whole domain); turn one on."""
    await unlocks_when(
        owner,
        {
            "trigger": "template",
            "value_template": "{{ states.light | selectattr('state', 'eq', 'on') | list "
            "| count > 5 }}",
        },
        alias="Lights on, door open",
    )
    return "light.turn_on", {"entity_id": "light.bed_light"}, None


async def _an_event_a_script_fires(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock on `doorbell_rang`, which the owner's chime script fires; run the chime."""
    chime = await owner.save_script(
        "chime", {"alias": "Chime", "sequence": [{"event": "doorbell_rang"}]}
    )
    await unlocks_when(
        owner, {"trigger": "event", "event_type": "doorbell_rang"}, alias="Let the guest in"
    )
    return "script.turn_on", {"entity_id": chime}, None


async def _an_action_called(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock when `light.turn_on` is called (a `call_service` event trigger); call it."""
    await unlocks_when(
        owner,
        {
            "trigger": "event",
            "event_type": "call_service",
            "event_data": {"domain": "light", "service": "turn_on"},
        },
        alias="Any light on, door open",
    )
    return "light.turn_on", {"entity_id": "light.bed_light"}, None


async def _an_integrations_own_event(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock on `demo_button_pressed`, the demo's event when its button is pressed; press it."""
    await unlocks_when(
        owner, {"trigger": "event", "event_type": "demo_button_pressed"}, alias="Demo button"
    )
    return "button.press", {"entity_id": "button.push"}, None


async def _a_run(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock once the Porch light script starts (`script_started`); run it."""
    porch = await owner.save_script(
        "porch_light",
        {
            "alias": "Porch light",
            "sequence": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await unlocks_when(
        owner,
        {"trigger": "event", "event_type": "script_started", "event_data": {"entity_id": porch}},
        alias="After the porch light",
    )
    return "script.turn_on", {"entity_id": porch}, None


async def _a_sentence(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock on the sentence "open sesame"; hand that text to Assist."""
    assert await async_setup_component(owner.hass, "conversation", {})
    await unlocks_when(
        owner, {"trigger": "conversation", "command": ["open sesame"]}, alias="Open sesame"
    )
    for entity_id in ("cover.garage_door", "scene.open_house"):  # Only the sentence opens.
        async_expose_entity(owner.hass, "conversation", entity_id, False)
    return "conversation.process", None, {"text": "open sesame"}


async def _a_topic_published_on(owner: Owner, mqtt: Mqtt) -> Call:
    """Unlock on `ON` at `home/porch/set`, as a keypad's automation does; publish it."""
    await mqtt()
    await unlocks_when(
        owner,
        {"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"},
        alias="Porch keypad",
    )
    return "mqtt.publish", None, {"topic": "home/porch/set", "payload": "ON"}


_SCENARIOS: Final[dict[KeyKind, Callable[[Owner, Mqtt], Awaitable[Call]]]] = {
    KeyKind.DOMAIN: _a_light_of_the_house,
    KeyKind.EVENT: _an_event_a_script_fires,
    KeyKind.SERVICE: _an_action_called,
    KeyKind.SOURCE: _an_integrations_own_event,
    KeyKind.RUN: _a_run,
    KeyKind.SENTENCE: _a_sentence,
    KeyKind.MQTT: _a_topic_published_on,
}


def test_every_kind_of_cause_has_a_scenario() -> None:
    """A new row of `KEY_RULES` comes with an owner who is set off by it."""
    assert set(_SCENARIOS) == set(KEY_RULES) == set(KeyKind)


@LINGERING_TIMERS
@pytest.mark.parametrize("kind", list(KEY_RULES))
async def test_the_call_that_is_a_cause_an_unlock_waits_for_waits(
    kind: KeyKind,
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    mqtt_mock_entry: Mqtt,
) -> None:
    """Each kind of cause, made by a client's call, reaches the front door: it waits."""
    action, target, data = await _SCENARIOS[kind](owner, mqtt_mock_entry)

    result = await call_service(mcp, action, target=target, data=data)

    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)
