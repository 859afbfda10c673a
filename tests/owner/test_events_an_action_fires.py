"""What an action fires besides the change it makes sets off what waits for it.

An integration fires its own event when its button is pressed
(`demo_button_pressed`); a run fires `automation_triggered` or
`script_started` with its name (a script's alias, an automation's own name,
never the name its settings give it); a timer fires `timer.finished`; every
call fires `call_service` and every change `state_changed`. An owner's
automation waiting for such an event (in a trigger or a `wait_for_trigger`)
is set off by the action that fires it, and an event type that is a
template, or `*`, may be any event: whatever the action, it waits.

A run's events are Home Assistant's own: a written script firing one is a
system action, and a write is judged with the names its items would carry.
An integration's event (`demo_button_pressed`) changes its event entities.
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    ORCHARD_OPEN,
    POLLING,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    on_event,
    save_config,
    unlocks_when,
)

# -- an integration's event, a run's event ---------------------------------------------


@pytest.mark.redteam(round=1)
async def test_pressing_a_button_that_fires_an_event_an_unlock_waits_for_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S1/S7: the demo fires `demo_button_pressed` when its button is pressed."""
    await unlocks_when(
        owner,
        {"trigger": "event", "event_type": "demo_button_pressed"},
        alias="Let in on the demo event",
        automation_id="on_press",
    )
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, LOCKED)


# Time-triggered automations keep their timers.
@pytest.mark.redteam(round=1)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("event_type", "name", "action", "target"),
    [
        ("automation_triggered", "Let them in", "automation.trigger", "automation.let_them_in"),
        ("script_started", "Good night", "script.turn_on", "script.good_night"),
    ],
)
async def test_running_an_automation_or_script_whose_run_event_opens_the_garage_is_refused(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    event_type: str,
    name: str,
    action: str,
    target: str,
) -> None:
    """S7c/S7d: an automation waiting for another automation's or script's run."""
    await owner.save_automation(
        "let_them_in",
        {
            "alias": "Let them in",
            "triggers": [{"trigger": "time", "at": "03:00:00"}],
            "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await owner.save_script(
        "good_night",
        {"alias": "Good night", "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}]},
    )  # fmt: skip
    await owner.save_automation(
        "after_run",
        {
            "alias": "Open after that run",
            "triggers": [{"trigger": "event", "event_type": event_type, "event_data": {"name": name}}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, action, target={"entity_id": target}))
    await assert_house(hass, CLOSED)


# -- events any action may fire, a timer's end -----------------------------------------


@pytest.mark.redteam(round=2)
@pytest.mark.parametrize(
    "trigger",
    [
        {"trigger": "event", "event_type": "{{ 'let_' ~ 'in' }}"},
        {"trigger": "event", "event_type": ["parcel", "{{ 'let_in' }}"]},
        {"trigger": "event", "event_type": "*"},
    ],
)
async def test_an_event_trigger_of_a_templated_or_any_type_is_set_off_by_any_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, trigger: dict[str, Any]
) -> None:
    """3: a templated (or `*`) event type can be any event: any action may fire it."""
    only_notifications = {
        "condition": "template",
        "value_template": "{{ trigger.event.event_type == 'call_service' "
        "and trigger.event.data.domain == 'persistent_notification' }}",
    }
    await owner.save_automation(
        "any_event",
        {
            "alias": "Any event",
            "triggers": [trigger],
            "conditions": [only_notifications],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(
        mcp, "persistent_notification.create", data={"message": "The laundry is done"}
    )
    assert_refused(result)
    await assert_house(hass, CLOSED)


@pytest.mark.redteam(round=2)
@LINGERING_TIMERS
async def test_a_templated_event_in_a_wait_for_trigger_is_set_off_by_any_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """3: the same event type inside `wait_for_trigger` of a polling automation."""
    await owner.save_automation(
        "wait_event",
        {
            "alias": "Wait for the event",
            "triggers": POLLING,
            "actions": [
                {"wait_for_trigger": [{"trigger": "event", "event_type": "{{ 'let_in' }}"}],
                 "timeout": 20, "continue_on_timeout": False},
                OPEN_GARAGE,
            ],
        },
    )  # fmt: skip
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


@pytest.mark.redteam(round=2)
async def test_a_trigger_on_every_state_change_is_set_off_by_an_untargeted_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """4: a `state_changed` trigger with no data hears every change, whatever causes it."""
    await owner.save_automation(
        "changes",
        {
            "alias": "Any change",
            "triggers": [{"trigger": "event", "event_type": "state_changed"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.event.data.entity_id.startswith('todo.') }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


@pytest.mark.redteam(round=2)
async def test_a_timer_whose_finished_event_opens_the_garage_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: `get_entity` agrees with `timer.start` when `timer.finished` opens."""
    timer = await owner.create_helper("timer", "Courier window", duration="00:00:05")
    await owner.save_automation(
        "window",
        {
            "alias": "Open when the window ends",
            "triggers": [{"trigger": "event", "event_type": "timer.finished"}],
            "actions": [OPEN_GARAGE],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": timer}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "timer.start", target={"entity_id": timer}))


# -- moved from red-team round 27: the name a run event carries ------------------------


async def _parcels_wait_for_the_doorbell(owner: Owner) -> str:
    """Save the "Doorbell" script and "open the garage for parcels" when it starts; return it."""
    doorbell = await owner.save_script(
        "doorbell", {"alias": "Doorbell", "sequence": [BED_LIGHT_ON]}
    )
    await owner.save_automation(
        "parcel_garage",
        on_event(
            "Open the garage for parcels", "script_started", {"name": "Doorbell"}, OPEN_GARAGE
        ),
    )
    return doorbell


@pytest.mark.redteam(round=27)
async def test_a_script_started_event_names_the_scripts_alias(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Not the name its settings give it: "Doorbell chime" fires `script_started` "Doorbell"."""
    doorbell = await _parcels_wait_for_the_doorbell(owner)
    garden = await owner.save_script(
        "porch_light", {"alias": "Porch light", "sequence": [BED_LIGHT_ON]}
    )
    await owner.name_entity(doorbell, "Doorbell chime")
    await owner.name_entity(garden, "Doorbell")

    by_action = await call_service(mcp, "script.doorbell")
    by_phrase = await mcp.data("run_macro", {"phrase": "Doorbell chime"})

    assert_refused(by_action, reaching="cover.garage_door")
    assert_refused(by_phrase, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


@pytest.mark.redteam(round=27)
@LINGERING_TIMERS
async def test_an_automation_triggered_event_names_the_automations_own_name(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    arrival = await owner.save_automation(
        "arrival_lights",
        {
            "alias": "Arrival",
            "triggers": [{"trigger": "event", "event_type": "arrived_home"}],
            "actions": [BED_LIGHT_ON],
        },
    )
    await owner.save_automation(
        "arrival_unlock",
        on_event(
            "Let me in after arrival", "automation_triggered", {"name": "Arrival"}, UNLOCK_FRONT
        ),
    )
    night = await owner.save_automation(
        "night",
        {
            "alias": "Night",
            "triggers": [{"trigger": "time", "at": "22:00:00"}],
            "actions": [BED_LIGHT_ON],
        },
    )
    await owner.name_entity(arrival, "Arrival lights")
    await owner.name_entity(night, "Arrival")

    triggered = await call_service(mcp, "automation.trigger", target={"entity_id": arrival})

    assert_refused(triggered, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})
    # "Night", whatever its settings call it, fires an event named "Night".
    assert_ran(await call_service(mcp, "automation.trigger", target={"entity_id": night}))


@pytest.mark.redteam(round=27)
async def test_a_script_the_run_event_does_not_name_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The false positive: with the alias found, other scripts are not what the event names."""
    doorbell = await _parcels_wait_for_the_doorbell(owner)
    await owner.name_entity(doorbell, "Doorbell chime")

    assert_ran(await call_service(mcp, "script.bedtime"))
    assert_refused(await call_service(mcp, "script.doorbell"), reaching="cover.garage_door")


# -- moved from red-team round 28: run events forged or named into, an integration's ---

WATER_WHEN_GARDEN = on_event(
    "Water when garden starts", "script_started", {"name": "garden"}, ORCHARD_OPEN
)
"""The owner's "when the garden script starts, water the orchard"."""


@pytest.mark.redteam(round=28)
async def test_a_written_script_firing_a_run_event_is_a_system_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`script_started` and `automation_triggered` are Home Assistant's own events."""
    await owner.save_script("garden_lights", {"alias": "garden", "sequence": [BED_LIGHT_ON]})
    await owner.save_automation("water_when_garden", WATER_WHEN_GARDEN)
    arrival = {"alias": "Arrival", "triggers": [{"trigger": "event", "event_type": "home"}]}
    await owner.save_automation("arrival", {**arrival, "actions": [BED_LIGHT_ON]})
    for event, data in (
        ("script_started", {"name": "garden"}),
        ("automation_triggered", {"entity_id": "automation.arrival"}),
    ):
        forged = {"alias": "Forge", "sequence": [{"event": event, "event_data": data}]}

        assert_refused(await save_config(mcp, "script", forged), risk="system")

    assert hass.states.get("script.forge") is None
    await assert_house(hass, {"valve.orchard": "closed"})


@pytest.mark.redteam(round=28)
@LINGERING_TIMERS
async def test_a_write_is_judged_with_the_names_its_items_would_carry(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A script given the alias "garden", an automation named "Arrival", run by the house itself."""
    await owner.save_script("garden_lights", {"alias": "garden", "sequence": [BED_LIGHT_ON]})
    await owner.save_automation("water_when_garden", WATER_WHEN_GARDEN)
    await owner.save_automation(
        "after_arrival",
        on_event("Garage on arrival", "automation_triggered", {"name": "Arrival"}, OPEN_GARAGE),
    )
    tick = await owner.save_script("tick", {"alias": "Tick", "sequence": [BED_LIGHT_ON]})
    every_minute = [{"trigger": "time_pattern", "minutes": "/1"}]
    await owner.save_automation(
        "tick_every_minute",
        {"alias": "Tick every minute", "triggers": every_minute, "actions": [{"action": tick}]},
    )

    renamed = await save_config(
        mcp, "script", {"alias": "garden", "sequence": [BED_LIGHT_ON]}, id="tick"
    )
    named = await save_config(
        mcp, "automation", {"alias": "Arrival", "triggers": every_minute, "actions": [BED_LIGHT_ON]}
    )

    assert_refused(renamed, reaching="valve.orchard")
    assert_refused(named, reaching="cover.garage_door")
    assert hass.states.get(tick).attributes["friendly_name"] == "Tick"  # type: ignore[union-attr]
    assert hass.states.get("automation.arrival") is None


@pytest.mark.redteam(round=28)
async def test_an_integrations_event_changes_its_event_entities(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A written script firing `demo_button_pressed`: the garage remote's event entity moves."""
    [demo] = hass.config_entries.async_entries("demo")
    assert isinstance(demo, ConfigEntry)
    await hass.config_entries.async_forward_entry_setups(demo, [Platform.EVENT])
    await hass.async_block_till_done()
    assert hass.states.get("event.push_button_press") is not None
    await owner.save_automation(
        "remote_button_garage",
        {
            "alias": "The garage remote's button opens the garage",
            "triggers": [{"trigger": "state", "entity_id": "event.push_button_press"}],
            "actions": [OPEN_GARAGE],
        },
    )
    ping = {"alias": "Ping", "sequence": [{"event": "demo_button_pressed"}]}

    assert_refused(await save_config(mcp, "script", ping), reaching="cover.garage_door")

    await assert_house(hass, {"cover.garage_door": "closed"})
    assert hass.states.get("script.ping") is None


# -- an owner's event carrying what the house says --------------------------------------

KEYPAD = {"trigger": "event", "event_type": "keypad_pressed"}
SAY_MOOD: Final[dict[str, dict[str, Any]]] = {
    "read_in_the_data": {
        "actions": [
            {
                "event": "open_sesame",
                "event_data_template": {"who": "{{ states('input_boolean.mood') }}"},
            }
        ]
    },
    "read_by_a_variable": {
        "variables": {"mood": "{{ states('input_boolean.mood') }}"},
        "actions": [{"event": "open_sesame", "event_data_template": {"who": "{{ mood }}"}}],
    },
}


@pytest.mark.redteam(round=47)
@pytest.mark.parametrize("keypad", SAY_MOOD.values(), ids=SAY_MOOD.keys())
async def test_the_helper_an_event_s_data_template_gives_an_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, keypad: dict[str, Any]
) -> None:
    """The keypad fires `open_sesame` with the helper's state; `who: "on"` unlocks."""
    mood = await owner.create_helper("input_boolean", "Mood")
    await owner.save_automation(
        "sesame", on_event("Open sesame", "open_sesame", {"who": "on"}, UNLOCK_FRONT)
    )
    await owner.save_automation("keypad", {"alias": "Keypad", "triggers": [KEYPAD], **keypad})
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": mood})
    hass.bus.async_fire("keypad_pressed", {"key": "b"})
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")
