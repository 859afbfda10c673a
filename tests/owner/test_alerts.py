"""The owner's alerts (`alert:` in YAML): their notifications are the owner's prompts.

Home Assistant's Alert integration notifies while what it watches is in
the alert's state, its `data` (buttons, tag, channel) passed on as written.
The gate reads each alert as an automation that sends that notification
when the watched entity takes the state (`gate/wiring.py`,
`alert_runnable`): a client setting it off sends the owner's prompt when it
likes, and a client's notification in its place takes it off the phone, as
for an automation's prompt (`tests/owner/test_footprint.py`). What else an
alert does is decided here: acknowledging it, its `done_message`,
`skip_first`, `can_acknowledge: false`, a notify group among its notifiers.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_homeassistant_custom_component.test_util.aiohttp import AiohttpClientMocker

from homeassistant.components.notify.legacy import async_setup_legacy
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    LOCK_FRONT,
    LOCK_UP_BUTTON,
    LOCK_UP_TAG,
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    Phone,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    save_config,
)

pytestmark = LINGERING_TIMERS

UNLOCK_BUTTON = {"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}
PAUSE_BUTTON = {"action": "PAUSE_DOORS_ALERT", "title": "Pause"}


def _tapped(action: str) -> dict[str, Any]:
    return {
        "trigger": "event",
        "event_type": "mobile_app_notification_action",
        "event_data": {"action": action},
    }


async def _alert(hass: HomeAssistant, phone: Phone, watched: str, **config: Any) -> str:
    """Set up the owner's one alert on `watched`, notifying Alice's phone; return its entity."""
    alert = {
        "name": "Doors",
        "entity_id": watched,
        "state": "on",
        "repeat": 30,
        "notifiers": [phone.notify.partition(".")[2]],
        **config,
    }
    assert await async_setup_component(hass, "alert", {"alert": {"doors": alert}})
    await hass.async_block_till_done()
    return "alert.doors"


async def _answers(owner: Owner, button: dict[str, str], action: dict[str, Any]) -> None:
    """Save the owner's automation that does `action` when `button` is tapped."""
    await owner.save_automation(
        f"answer_{button['action'].lower()}",
        {"alias": f"Answer {button['title']}", "triggers": [_tapped(button["action"])],
         "actions": [action]},
    )  # fmt: skip


async def _lock_up_alert(
    hass: HomeAssistant, phone: Phone, owner: Owner, **config: Any
) -> tuple[str, str]:
    """Set up "The doors are unlocked": the alert asks Alice, tagged, with a Lock button.

    Return (the alert, the "Doors unlocked" helper it watches), firing.
    """
    unlocked = await owner.create_helper("input_boolean", "Doors unlocked")
    data = {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON], **config.pop("data", {})}
    alert = await _alert(
        hass, phone, unlocked, message="The doors are unlocked", data=data, **config
    )
    await _answers(owner, LOCK_UP_BUTTON, LOCK_FRONT)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("input_boolean.turn_on", entity_id=unlocked)
    return alert, unlocked


# -- acknowledging an alert ------------------------------------------------------------------


@pytest.mark.parametrize("service", ["turn_off", "toggle"])
async def test_acknowledging_the_owner_s_lock_up_alert_waits_for_a_person(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, service: str
) -> None:
    """Acknowledged, "The doors are unlocked" is not sent again: swiped away, it is gone.

    Its Lock button is the way the owner locks up from the phone: a client
    acknowledging the alert keeps the reminder, and its button, away, as
    taking the notification off the phone would.
    """
    alert, _ = await _lock_up_alert(hass, phone, owner)
    assert hass.states.get(alert).state == "on", "the alert is firing"

    result = await call_service(mcp, f"alert.{service}", target={"entity_id": alert})

    assert_refused(result, reaching="automation.answer_lock")
    assert hass.states.get(alert).state == "on", "still firing, not acknowledged"


async def test_writing_an_automation_that_acknowledges_the_lock_up_alert_waits(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A client's automation "every five minutes, acknowledge the doors alert": it waits."""
    alert, _ = await _lock_up_alert(hass, phone, owner)
    config = {
        "alias": "Quiet",
        "triggers": [{"trigger": "time_pattern", "minutes": "/5"}],
        "actions": [{"action": "alert.turn_off", "target": {"entity_id": alert}}],
    }

    result = await save_config(mcp, "automation", config)

    assert_refused(result, reaching="automation.answer_lock")


async def test_acknowledging_an_alert_whose_buttons_lock_nothing_runs(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The washing machine's alert, or one whose buttons nothing answers: acknowledged at once."""
    done = await owner.create_helper("input_boolean", "Washer done")
    alert = await _alert(hass, phone, done, message="The washer is done",
                         data={"tag": "washer", "actions": [{"action": "OK", "title": "OK"}]})  # fmt: skip
    await owner.act("input_boolean.turn_on", entity_id=done)

    assert_ran(await call_service(mcp, "alert.turn_off", target={"entity_id": alert}))
    assert hass.states.get(alert).state == "off", "acknowledged"


async def test_an_alert_that_cannot_be_acknowledged_is_not_kept_from_the_phone_by_turning_it_off(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """`can_acknowledge: false`: Home Assistant refuses `alert.turn_off`; the gate lets it try."""
    alert, _ = await _lock_up_alert(hass, phone, owner, can_acknowledge=False)

    result = await call_service(mcp, "alert.turn_off", target={"entity_id": alert})

    assert result.get("error") != "needs_confirmation", result
    assert hass.states.get(alert).state == "on", "Home Assistant refused to acknowledge it"


async def test_the_owner_s_own_pause_button_on_a_lock_up_alert_is_a_person_s_choice(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    aioclient_mock: AiohttpClientMocker,
) -> None:
    """The alert carries Lock and Pause; the owner's automation acknowledges it on Pause.

    A person who taps Pause has read the alert: the owner's own acknowledging
    automation keeps nothing from anyone, so the alert (its Pause button
    among its buttons) is sent when a client sets it off. A client running
    that automation itself acknowledges the alert with no one asked: it waits.
    """
    unlocked = await owner.create_helper("input_boolean", "Doors unlocked")
    data = {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON, PAUSE_BUTTON]}
    alert = await _alert(hass, phone, unlocked, message="The doors are unlocked", data=data)
    await _answers(owner, LOCK_UP_BUTTON, LOCK_FRONT)
    await _answers(
        owner, PAUSE_BUTTON, {"action": "alert.turn_off", "target": {"entity_id": alert}}
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")

    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": unlocked}))
    await hass.async_block_till_done()
    [*_, (_, _, pushed, _)] = aioclient_mock.mock_calls
    assert pushed["data"]["actions"] == [LOCK_UP_BUTTON, PAUSE_BUTTON], pushed
    refused = await call_service(
        mcp, "automation.trigger", target={"entity_id": "automation.answer_pause"}
    )
    assert_refused(refused, reaching="automation.answer_lock")

    await phone.tap(owner, "mobile_app_notification_action", action=PAUSE_BUTTON["action"])
    assert hass.states.get(alert).state == "off", "Alice paused it"


@pytest.mark.parametrize(
    ("prompt", "waits"), [(UNLOCK_BUTTON, True), (PAUSE_BUTTON, False)], ids=["unlock", "pause"]
)
async def test_turning_an_acknowledged_alert_on_again_sends_it_again(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    prompt: dict[str, str],
    waits: bool,
) -> None:
    """`alert.turn_on` after Alice acknowledged the doorbell alert: it is sent at its next repeat.

    With an Unlock button, at a moment the client chose: it waits, as
    setting the alert off does. With a button that opens nothing, it runs.
    """
    await _answers(owner, UNLOCK_BUTTON, UNLOCK_FRONT)
    rang = await owner.create_helper("input_boolean", "Doorbell rang")
    alert = await _alert(
        hass, phone, rang, message="Someone is at the door", data={"actions": [prompt]}
    )
    await owner.act("input_boolean.turn_on", entity_id=rang)
    await owner.act("alert.turn_off", entity_id=alert)

    result = await call_service(mcp, "alert.turn_on", target={"entity_id": alert})

    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)


@pytest.mark.parametrize(
    "config", [{}, {"done_message": "clear_notification"}], ids=["reminders", "cleared"]
)
async def test_ending_the_lock_up_alert_by_what_it_watches_waits(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, config: dict[str, Any]
) -> None:
    """A client turning "Doors unlocked" off, the door still unlocked, ends the alert.

    It is not sent again (and its `done_message`, `clear_notification` with
    its tag, takes it off the phone): as acknowledging it, it waits.
    Turning the helper on, which the alert is about, runs.
    """
    _, unlocked = await _lock_up_alert(hass, phone, owner, **config)

    result = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": unlocked})

    assert_refused(result, reaching="automation.answer_lock")
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": unlocked}))


async def test_locking_the_door_a_lock_up_alert_watches_runs(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The alert watches the front door itself: locking it ends the alert, and runs."""
    await _alert(hass, phone, "lock.front_door", state="unlocked", message="Unlocked",
                 data={"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON]},
                 done_message="clear_notification")  # fmt: skip
    await _answers(owner, LOCK_UP_BUTTON, LOCK_FRONT)
    await owner.act("lock.unlock", entity_id="lock.front_door")

    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.front_door"}))
    await assert_house(hass, LOCKED)


# -- what sets an alert off ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "waits"),
    [({"done_message": "The door is answered"}, True), ({}, False)],
    ids=["done-message", "none"],
)
async def test_an_alert_s_done_message_carries_its_buttons_when_what_it_watches_is_over(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    config: dict[str, Any],
    waits: bool,
) -> None:
    """The doorbell alert's `done_message` is sent with the alert's data: its Unlock button too.

    Turning "Doorbell rang" off while it alerts sends it at the client's
    moment: it waits. Without a done message, turning it off sends nothing.
    """
    await _answers(owner, UNLOCK_BUTTON, UNLOCK_FRONT)
    rang = await owner.create_helper("input_boolean", "Doorbell rang")
    await _alert(hass, phone, rang, message="Someone is at the door: unlock?",
                 data={"actions": [UNLOCK_BUTTON]}, **config)  # fmt: skip
    await owner.act("input_boolean.turn_on", entity_id=rang)

    result = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": rang})

    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


async def test_an_alert_that_skips_its_first_notification_still_sends_it_later(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """`skip_first`: the doorbell's Unlock prompt comes at the first repeat: it still waits.

    Set up after the gate has read the house: Home Assistant has no reload
    for alerts, so the index learns of them as their entities are added.
    """
    await _answers(owner, UNLOCK_BUTTON, UNLOCK_FRONT)
    rang = await owner.create_helper("input_boolean", "Doorbell rang")
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": rang}))
    await owner.act("input_boolean.turn_off", entity_id=rang)
    await _alert(hass, phone, rang, skip_first=True, message="Someone is at the door: unlock?",
                 data={"actions": [UNLOCK_BUTTON]})  # fmt: skip

    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": rang})

    assert_refused(refused, reaching="lock.front_door")


async def test_an_alert_sent_through_a_notify_group_is_the_owner_s_prompt_too(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """`notifiers: [family]`, a notify group holding Alice's phone: the same Unlock prompt."""
    member = phone.notify.partition(".")[2]
    # As the `notify:` section of configuration.yaml sets it up (the phone set `notify` up).
    family = {"platform": "group", "name": "family", "services": [{"action": member}]}
    for setup in async_setup_legacy(hass, {"notify": [family]}):
        await setup
    assert hass.services.has_service("notify", "family")
    await _answers(owner, UNLOCK_BUTTON, UNLOCK_FRONT)
    rang = await owner.create_helper("input_boolean", "Doorbell rang")
    alert = {"name": "Doorbell", "entity_id": rang, "repeat": 5, "notifiers": ["family"],
             "message": "Someone is at the door: unlock?", "data": {"actions": [UNLOCK_BUTTON]}}  # fmt: skip
    assert await async_setup_component(hass, "alert", {"alert": {"doorbell": alert}})
    await hass.async_block_till_done()

    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": rang})

    assert_refused(refused, reaching="lock.front_door")


# -- a notification in the place of the owner's alert ----------------------------------------


@pytest.mark.parametrize(
    ("data", "waits"),
    [
        ({"message": "remove_channel", "data": {"channel": "Door locks"}}, True),
        ({"message": "The dishwasher is done", "data": {"channel": "Door locks",
                                                         "importance": "low"}}, True),
        ({"message": "remove_channel", "data": {"channel": "Kitchen"}}, False),
    ],
    ids=["removes-its-channel", "quiets-its-channel", "another-channel"],
)  # fmt: skip
async def test_taking_the_lock_up_alert_s_channel_off_the_phone_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    data: dict[str, Any],
    waits: bool,
) -> None:
    """The alert posts on Alice's "Door locks" channel: removing or quieting it hides Lock."""
    await _lock_up_alert(hass, phone, owner, data={"channel": "Door locks"})

    result = await call_service(mcp, phone.notify, data=data)

    if waits:
        assert_refused(result, reaching="automation.answer_lock")
    else:
        assert_ran(result)
