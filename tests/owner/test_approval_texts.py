"""What a person approves is said first: every approval text starts with the effect (issue 32).

For every kind of guarded request, the notification's title and the first
100 characters of its message, the panel's heading and its Approve button
(the confirmation's summary, as the panel's websocket gives it) and the
event a decision fires name what the action does, in Home Assistant's words,
before any name a client chose. A client's 1,000-character alias ("Lock
every door, close the garage and arm the alarm…", on an automation that
unlocks) comes after the effect, quoted and cut.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockUser, async_capture_events

from custom_components.home_mcp import wording
from custom_components.home_mcp.gate import Finding, Risk
from homeassistant.components import persistent_notification
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.persistent_notification import _async_get_or_create_notifications
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    LINGERING_TIMERS,
    LOCK_FRONT,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    auto_lock_timer,
    call_service,
    locks_below_threshold,
)

DECEPTIVE = (
    "Lock every door, close the garage and arm the alarm… (securing routine, "
    "no opening action, nothing to review) "
)
LONG_ALIAS = (DECEPTIVE * 12)[:1000]
"""A client's alias that says the opposite of what its automation does, 1,000 characters."""
UNLOCKS = "unlock Front Door"
MESSAGE_HEAD = 100
"""The first characters of the notification's message, where the effect must be."""
BLUEPRINT = """
blueprint:
  name: Let someone in
  domain: automation
  input:
    door:
      selector:
        entity:
          domain: lock
    signal:
      default: doorbell
triggers:
  - trigger: event
    event_type: !input signal
actions:
  - action: lock.unlock
    target:
      entity_id: !input door
"""
SECURE = {
    "alias": "Secure the house at midnight " + "and keep it secured " * 10,
    "triggers": [{"trigger": "time", "at": "00:00:00"}],
    "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
}


@dataclass
class Request:
    """A guarded request of one kind, and the words its approval texts must start with."""

    ask: Callable[[McpHarness, Owner, Callable[[dict[str, Any]], Awaitable[Any]]], Awaitable[str]]
    effect: str


async def _call(mcp: McpHarness, tool: str, arguments: dict[str, Any]) -> str:
    refused = await mcp.data(tool, arguments)
    assert refused["error"] == "needs_confirmation", refused
    return str(refused["confirmation_id"])


def _save(kind: str, config: dict[str, Any]) -> Callable[..., Awaitable[str]]:
    async def ask(mcp: McpHarness, owner: Owner, panel: Any) -> str:
        return await _call(mcp, "save_config", {"kind": kind, "config": config})

    return ask


def _service(
    domain: str, service: str, target: dict[str, Any] | None = None
) -> Callable[..., Awaitable[str]]:
    async def ask(mcp: McpHarness, owner: Owner, panel: Any) -> str:
        arguments: dict[str, Any] = {"domain": domain, "service": service}
        if target is not None:
            arguments["target"] = target
        return await _call(mcp, "call_service", arguments)

    return ask


async def _macro(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    return await _call(mcp, "run_macro", {"phrase": "Welcome home"})


async def _trigger(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    entity_id = await owner.save_automation(
        "let_in",
        {
            "alias": "Let them in",
            "triggers": [{"trigger": "event", "event_type": "never"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    return await _call(
        mcp,
        "call_service",
        {"domain": "automation", "service": "trigger", "target": {"entity_id": entity_id}},
    )


async def _blueprint(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    await owner.hass.async_add_executor_job(
        _write_blueprint, Path(owner.hass.config.path("blueprints/automation/owner/let_in.yaml"))
    )
    config = {
        "alias": LONG_ALIAS,
        "use_blueprint": {"path": "owner/let_in.yaml", "input": {"door": "lock.front_door"}},
    }
    return await _call(mcp, "save_config", {"kind": "automation", "config": config})


def _write_blueprint(path: Path) -> None:
    """Put the owner's blueprint where Home Assistant's blueprint editor keeps it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BLUEPRINT, encoding="utf-8")


async def _delete(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    await owner.save_automation("secure", SECURE)
    return await _call(mcp, "delete_config", {"kind": "automation", "id": "secure"})


async def _helper(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    switch = await owner.create_helper("input_boolean", "Open sesame")
    await owner.save_automation(
        "sesame",
        {
            "alias": "Sesame",
            "triggers": [{"trigger": "state", "entity_id": switch, "to": "on"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    return await _call(
        mcp, "save_config", {"kind": "input_boolean", "id": switch, "config": {"name": LONG_ALIAS}}
    )


async def _restore(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    """Put back, from the panel's history, a version that unlocks."""
    config = {
        "alias": LONG_ALIAS,
        "triggers": [{"trigger": "time", "at": "03:00:00"}],
        "actions": [UNLOCK_FRONT],
    }
    asked = await _call(mcp, "save_config", {"kind": "automation", "config": config})
    approved = await panel(
        {"type": "home_mcp/confirmation/decide", "confirmation_id": asked, "decision": "approve"}
    )
    assert approved["success"], approved
    key = approved["result"]["outcome"]["written"]["id"]
    await mcp.data(
        "save_config",
        {"kind": "automation", "id": key, "config": {**config, "actions": [BED_LIGHT_ON]}},
    )
    restored = await panel(
        {"type": "home_mcp/config/restore", "kind": "automation", "key": key, "version": 0}
    )
    assert restored["success"], restored
    return str(restored["result"]["confirmation_id"])


async def _sentence(mcp: McpHarness, owner: Owner, panel: Any) -> str:
    """Text for Assist that the owner's sentence-triggered automation unlocks on."""
    assert await async_setup_component(owner.hass, "conversation", {})
    await owner.save_automation(
        "sesame",
        {
            "alias": "Open sesame",
            "triggers": [{"trigger": "conversation", "command": ["open sesame"]}],
            "actions": [UNLOCK_FRONT],
        },
    )
    for entity_id in ("cover.garage_door", "scene.open_house"):  # Only the sentence opens.
        async_expose_entity(owner.hass, "conversation", entity_id, False)
    arguments = {"domain": "conversation", "service": "process", "data": {"text": "open sesame"}}
    return await _call(mcp, "call_service", arguments)


NIGHT = {
    "alias": LONG_ALIAS,
    "triggers": [{"trigger": "time", "at": "03:00:00"}],
    "actions": [UNLOCK_FRONT],
}
REQUESTS = {
    "service call": Request(_service("lock", "unlock", {"entity_id": "lock.front_door"}), UNLOCKS),
    "script run": Request(
        _service("script", "turn_on", {"entity_id": "script.welcome_home"}), UNLOCKS
    ),
    "scene run": Request(_service("scene", "turn_on", {"entity_id": "scene.open_house"}), UNLOCKS),
    "run_macro": Request(_macro, UNLOCKS),
    "automation.trigger": Request(_trigger, UNLOCKS),
    "text for Assist": Request(_sentence, UNLOCKS),
    "system action": Request(_service("homeassistant", "restart"), "restart"),
    "automation save": Request(_save("automation", NIGHT), UNLOCKS),
    "blueprint automation save": Request(_blueprint, UNLOCKS),
    "script save": Request(
        _save("script", {"alias": LONG_ALIAS, "sequence": [BED_LIGHT_ON, UNLOCK_FRONT]}), UNLOCKS
    ),
    "scene save": Request(
        _save("scene", {"name": LONG_ALIAS, "entities": {"lock.front_door": "unlocked"}}),
        UNLOCKS,
    ),
    "delete": Request(_delete, "remove Secure the house at midnight"),
    "helper write": Request(_helper, "change Open sesame: what it is set to can open the house"),
    "restore": Request(_restore, UNLOCKS),
}


@pytest.fixture
async def panel(
    hass: HomeAssistant, hass_ws_client: Callable[..., Any], hass_admin_user: MockUser
) -> Callable[[dict[str, Any]], Awaitable[Any]]:
    """Return a sender of the panel's websocket commands, on an admin's login session."""
    api = hass.config.api
    assert api is not None
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://127.0.0.1:{api.port}/"
    )
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))

    async def send(command: dict[str, Any]) -> Any:
        await client.send_json_auto_id(command)
        reply = await client.receive_json()
        await hass.async_block_till_done()
        return reply

    return send


def _notification(hass: HomeAssistant, confirmation_id: str) -> dict[str, Any]:
    notifications = _async_get_or_create_notifications(hass)
    return dict(notifications[f"home_mcp_confirmation_{confirmation_id}"])


def _unescaped(markdown: str) -> str:
    """Return Home MCP's markdown as a person reads it (its escapes removed)."""
    return markdown.replace("\\", "")


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
@pytest.mark.parametrize("kind", REQUESTS.values(), ids=list(REQUESTS))
async def test_every_approval_text_starts_with_the_effect(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    panel: Callable[[dict[str, Any]], Awaitable[Any]],
    kind: Request,
) -> None:
    """The title, the message's start, the panel's heading and button, the event: effect first."""
    decided = async_capture_events(hass, "home_mcp_confirmation")
    confirmation_id = await kind.ask(mcp, owner, panel)

    notification = _notification(hass, confirmation_id)
    title, message = notification["title"], _unescaped(notification["message"])
    assert title.startswith(f"Home MCP asks to {kind.effect}"), title
    assert kind.effect in message[:MESSAGE_HEAD], message[:MESSAGE_HEAD]
    assert LONG_ALIAS[:200] not in title + message  # A client's name is cut...
    for text in (title, message):  # ... and comes after the effect, quoted.
        if DECEPTIVE[:20] in text:
            assert text.index(kind.effect) < text.index(f"“{DECEPTIVE[:20]}")

    # The panel's heading and Approve button show its summary ("Approve: …").
    rows = (await panel({"type": "home_mcp/confirmations"}))["result"]
    [row] = [r for r in rows if r["confirmation_id"] == confirmation_id]
    assert row["summary"].startswith(kind.effect), row["summary"]

    denied = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": confirmation_id,
            "decision": "deny",
        }
    )
    assert denied["success"], denied
    [event] = [e for e in decided if e.data["confirmation_id"] == confirmation_id]
    assert event.data["summary"].startswith(kind.effect), event.data
    assert hass.states.get("lock.front_door").state == "locked"


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_a_blueprint_automation_says_when_it_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, panel: Any
) -> None:
    """Its triggers come from the blueprint, inputs filled in as Home Assistant fills them."""
    confirmation_id = await _blueprint(mcp, owner, panel)
    [row] = (await panel({"type": "home_mcp/confirmations"}))["result"]
    assert row["confirmation_id"] == confirmation_id
    assert row["write"]["when"] == ["on the event “doorbell”"]  # The panel's "It runs …".
    assert row["summary"].startswith(f"{UNLOCKS}")
    assert row["summary"].endswith(", which runs on the event “doorbell”")


async def test_a_script_request_lists_all_it_would_do_through_a_chain_of_scripts(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The guarded part first, the scripts between as a chain (one runs the next), then the rest."""
    confirmation_id = await _call(mcp, "run_macro", {"phrase": "Welcome home"})
    title = _notification(hass, confirmation_id)["title"]
    assert title == (
        "Home MCP asks to unlock Front Door through Welcome home → Unlock the front door; "
        "also turn on Entrance Color + White Lights"
    )


def test_a_long_chain_of_scripts_shows_its_first_three_then_an_ellipsis() -> None:
    """Each script runs the next: the chain reads in that order, cut after three."""
    chain = tuple(f"script.step_{n}" for n in range(1, 6))
    finding = Finding(Risk.OPENS_HOUSE, "lock.front_door", "lock.unlock", "opens", chain)
    names = {"lock.front_door": "Front Door"} | {e: e.split("_")[-1] for e in chain}
    assert wording.summarize([finding], names.__getitem__) == (
        "unlock Front Door through 1 → 2 → 3 → …"
    )


async def test_names_a_client_chose_are_quoted_and_cut_in_the_notification(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The alias, and what the client calls itself and its credential: quoted, at most 80 characters."""
    confirmation_id = await _call(mcp, "save_config", {"kind": "automation", "config": NIGHT})
    notification = _notification(hass, confirmation_id)
    alias = f"“{LONG_ALIAS[:79].rstrip()}…”"
    title = notification["title"]
    assert title.startswith(f"Home MCP asks to {UNLOCKS} — by saving automation “Lock every")
    assert title.endswith("…") and len(title) <= len("Home MCP asks to ") + 120
    message = _unescaped(notification["message"])
    assert message.startswith(
        f"**{UNLOCKS} — by saving automation {alias}, which runs at 03:00:00 every day**"
    )
    assert "via an MCP client calling itself “" in message


async def test_a_client_name_cannot_close_its_quote(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """An alias carrying a closing quote stays one quoted name: “Night" — nothing to approve”."""
    config = {**NIGHT, "alias": "Night” — nothing to approve"}
    confirmation_id = await _call(mcp, "save_config", {"kind": "automation", "config": config})
    title = _notification(hass, confirmation_id)["title"]
    assert title == (
        f'Home MCP asks to {UNLOCKS} — by saving automation “Night" — nothing to approve”, '
        "which runs at 03:00:00 every day"
    )


# -- moved from red-team round 2: the client's name is its claim -----------------------


@pytest.mark.redteam(round=2)
async def test_the_client_s_name_is_quoted_as_its_claim_in_the_request(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: what a client calls itself is shown as its claim, not as a statement."""
    await call_service(mcp, "lock.unlock", target={"entity_id": "lock.front_door"})
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    [request] = [n for key, n in notifications.items() if key.startswith("home_mcp_conf")]
    assert "via an MCP client calling itself “" in request["message"]


# -- moved from red-team round 4 (found in round 5): each path once --------------------


@pytest.mark.redteam(round=5)  # in round 4's file; its docstring names round 5
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


async def _party_mode(owner: Owner) -> tuple[str, str]:
    """Save a 23:00 lock-up that locks unless Party mode is on; return turning Party mode on."""
    party = await owner.create_helper("input_boolean", "Party mode")
    await owner.save_automation(
        "night_lock_up",
        {
            "alias": "Night lock-up",
            "triggers": [{"trigger": "time", "at": "23:00:00"}],
            "conditions": [{"condition": "state", "entity_id": party, "state": "off"}],
            "actions": [LOCK_FRONT],
        },
    )
    return "input_boolean.turn_on", party


async def _auto_lock_timer(owner: Owner) -> tuple[str, str]:
    """Start the auto-lock's timer, whose end locks the front door; return cancelling it."""
    timer = await auto_lock_timer(owner)
    await owner.act("timer.start", entity_id=timer)
    return "timer.cancel", timer


HOLDING: dict[str, tuple[Callable[[Owner], Awaitable[tuple[str, str]]], str]] = {
    "a_condition_it_checks": (_party_mode, "turn on Party mode"),
    "the_timer_it_waits_for": (_auto_lock_timer, "cancel Autolock"),
}


@pytest.mark.redteam(round=48)
@LINGERING_TIMERS
@pytest.mark.parametrize(("holds", "effect"), HOLDING.values(), ids=HOLDING.keys())
async def test_an_approval_for_what_keeps_a_lock_up_from_securing_names_the_change_first(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    panel: Callable[[dict[str, Any]], Awaitable[Any]],
    holds: Callable[[Owner], Awaitable[tuple[str, str]]],
    effect: str,
) -> None:
    """The person reads the change asked for, then the lock-up it keeps from locking.

    Turning on Party mode keeps the Night lock-up from locking the front
    door: the notification must not read "turn on Night lock-up", which a
    person approves as switching a securing automation on.
    """
    action, entity_id = await holds(owner)
    before = hass.states.get(entity_id)
    assert before is not None
    refused = await call_service(mcp, action, target={"entity_id": entity_id})
    assert_refused(refused)
    notification = _notification(hass, str(refused["confirmation_id"]))
    title, message = notification["title"], _unescaped(notification["message"])
    rows = (await panel({"type": "home_mcp/confirmations"}))["result"]
    [row] = [r for r in rows if r["confirmation_id"] == refused["confirmation_id"]]
    assert (hass.states.get(entity_id) or before).state == before.state
    await assert_house(hass, {"lock.front_door": "locked"})
    assert title.startswith(f"Home MCP asks to {effect}"), title
    assert row["summary"].startswith(effect), row["summary"]
    assert "locks, closes or arms" in message[:MESSAGE_HEAD], message[:MESSAGE_HEAD]


async def _divides_the_night_among(owner: Owner, guests: str) -> None:
    """Save Good night: at bedtime, 8 hours divided among `guests`' count, then lock."""
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    message = "{{ (8 / (states('" + guests + "') | float(1))) | round(1) }} hours of sleep each"
    await owner.save_automation(
        "good_night",
        {
            "alias": "Good night",
            "triggers": [{"trigger": "state", "entity_id": bedtime, "to": "on"}],
            "actions": [
                {"action": "persistent_notification.create", "data": {"message": message}},
                LOCK_FRONT,
            ],
        },
    )


async def _guests_set_to_0_before_good_night(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, zero: Any = 0
) -> dict[str, Any]:
    """Save Good night (each guest's hours of sleep, then lock); set the guests to `zero`."""
    assert await async_setup_component(hass, "input_number", {})
    guests = await owner.create_helper(
        "input_number", "Guests", min=0, max=10, step=1, initial=2, mode="box"
    )
    await _divides_the_night_among(owner, guests)
    return await call_service(
        mcp, "input_number.set_value", target={"entity_id": guests}, data={"value": zero}
    )


@pytest.mark.redteam(round=50)
async def test_an_approval_for_what_makes_a_lock_up_s_message_fail_says_the_message_fails(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night, with no condition, says each guest's hours of sleep, then locks.

    Setting the guests to 0 makes that message fail to render, and the door
    stays unlocked: the person approving reads that the message fails, not
    that a condition the automation does not have does.
    """
    refused = await _guests_set_to_0_before_good_night(hass, owner, mcp)
    assert_refused(refused)
    notification = _notification(hass, str(refused["confirmation_id"]))
    said = [target["reason"] for target in refused["targets"]]
    said.append(_unescaped(notification["title"] + " " + notification["message"]))
    for text in said:
        assert "condition" not in text.lower(), text
        assert "message" in text.lower(), text


@pytest.mark.redteam(round=51)
async def test_an_approval_for_a_value_that_keeps_a_lock_up_from_securing_names_the_value(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night divides 8 hours among the guests, then locks: 2 guests lock, 0 do not.

    The person reading "set value Guests" cannot tell the harmless 2 from
    the 0 that keeps the door unlocked: what is approved is setting Guests
    to 0, as Home Assistant's logbook says it ("changed to 0").
    """
    refused = await _guests_set_to_0_before_good_night(hass, owner, mcp)
    assert_refused(refused)
    title = _notification(hass, str(refused["confirmation_id"]))["title"]
    effect = title.removeprefix("Home MCP asks to ").partition(":")[0]
    assert effect.endswith(" 0"), title


async def test_an_approval_for_a_number_given_as_text_says_the_number_home_assistant_sets(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A client sets Guests to the text "0.0": Home Assistant's schema sets the number 0.

    The approval says the value as Home Assistant reads it, a number, not
    the client's quoted text.
    """
    refused = await _guests_set_to_0_before_good_night(hass, owner, mcp, zero="0.0")
    assert_refused(refused)
    title = _unescaped(_notification(hass, str(refused["confirmation_id"]))["title"])
    effect = title.removeprefix("Home MCP asks to ").partition(":")[0]
    assert effect.endswith("Guests to 0"), title


@pytest.mark.redteam(round=51)
async def test_an_approval_for_what_a_garage_door_s_state_is_computed_from_says_what_it_does(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's garage door is a template cover whose state follows a helper.

    Turning the helper off moves the door the house shows (open to closed, or
    back): the person is asked, in Home Assistant's words, what happens to
    the door, not to "state Big door".
    """
    position = await owner.create_helper("input_boolean", "Garage position")
    await owner.act("input_boolean.turn_on", entity_id=position)
    pulse = [{"action": "input_boolean.toggle", "target": {"entity_id": position}}]
    state = f"{{{{ 'open' if is_state('{position}', 'on') else 'closed' }}}}"
    await owner.save_templates(
        [
            {
                "cover": [
                    {
                        "name": "Big door",
                        "device_class": "garage",
                        "state": state,
                        "open_cover": pulse,
                        "close_cover": pulse,
                    }
                ]
            }
        ]
    )
    refused = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": position})
    assert_refused(refused, reaching="cover.big_door")
    title = _notification(hass, str(refused["confirmation_id"]))["title"]
    assert title.startswith("Home MCP asks to change Big door"), title


@pytest.mark.redteam(round=51)
async def test_an_approval_for_a_lock_up_s_trigger_threshold_claims_no_message_or_pause(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The lock-up fires when the people home fall below the owner's threshold helper.

    It renders no message, pauses and waits for nothing: setting the
    threshold to 0 keeps it from ever firing. The person approving reads
    what it changes (when it fires), not a message or a pause it has not.
    """
    assert await async_setup_component(hass, "input_number", {})
    threshold = await locks_below_threshold(owner)
    refused = await call_service(
        mcp, "input_number.set_value", target={"entity_id": threshold}, data={"value": 0}
    )
    assert_refused(refused)
    notification = _notification(hass, str(refused["confirmation_id"]))
    said = [target["reason"] for target in refused["targets"]]
    said.append(_unescaped(notification["title"] + " " + notification["message"]))
    for text in said:
        assert "message" not in text.lower(), text
        assert "pause" not in text.lower(), text


@pytest.mark.redteam(round=52)
async def test_an_approval_for_a_counter_set_to_a_fraction_names_the_whole_number_it_sets(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Good night divides 8 hours among the guests, then locks: 0 guests do not lock.

    A client sets the Guests counter to 0.5. `counter.set_value` takes a whole
    number and Home Assistant's schema cuts 0.5 to 0: the person reading
    "set value Guests to 0.5" approves what looks harmless (half a guest
    still divides the night) and Guests becomes 0, which keeps the door
    unlocked. What is approved is what Home Assistant sets: 0.
    """
    assert await async_setup_component(hass, "counter", {})
    guests = await owner.create_helper("counter", "Guests", initial=2, step=1)
    await _divides_the_night_among(owner, guests)
    refused = await call_service(
        mcp, "counter.set_value", target={"entity_id": guests}, data={"value": 0.5}
    )
    assert_refused(refused)
    title = _unescaped(_notification(hass, str(refused["confirmation_id"]))["title"])
    effect = title.removeprefix("Home MCP asks to ").partition(":")[0]
    assert effect.endswith(" 0"), title


@pytest.mark.redteam(round=52)
@pytest.mark.parametrize("value", ["night ", "night\u200b"], ids=["space", "zero-width"])
async def test_an_approval_for_a_text_that_only_looks_unchanged_does_not_say_the_same_text(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, value: str
) -> None:
    """The night lock-up locks at bedtime only while the house's Mode is "night".

    A client sets Mode to "night " (or "night" and a zero-width space): the
    lock-up's condition no longer holds and the door stays unlocked, so it
    waits. The person must not read "set value Mode to “night”", which
    says Mode stays as it is: what is approved is a text that differs.
    """
    mode = await owner.create_helper("input_text", "Mode")
    await owner.act("input_text.set_value", entity_id=mode, value="night")
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    await owner.save_automation(
        "night_lock_up",
        {
            "alias": "Night lock-up",
            "triggers": [{"trigger": "state", "entity_id": bedtime, "to": "on"}],
            "conditions": [{"condition": "state", "entity_id": mode, "state": "night"}],
            "actions": [LOCK_FRONT],
        },
    )
    refused = await call_service(
        mcp, "input_text.set_value", target={"entity_id": mode}, data={"value": value}
    )
    assert_refused(refused)
    title = _unescaped(_notification(hass, str(refused["confirmation_id"]))["title"])
    effect = title.removeprefix("Home MCP asks to ").partition(":")[0]
    assert effect != "set value Mode to “night”", title
    assert effect in ("set value Mode to “night␠”", "set value Mode to “night⟨U+200B⟩”"), title


@pytest.mark.redteam(round=53)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    "given",
    ["time", "timestamp", "datetime"],
)
async def test_an_approval_for_the_lock_up_s_time_names_the_time_it_sets(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, given: str
) -> None:
    """The owner locks up at 23:00, the time a time helper holds (`at: input_datetime`).

    `input_datetime.set_datetime` sets it from `time`, `datetime` or
    `timestamp` (seconds since 1970, read in the house's time zone). A
    client moving the lock-up to 04:00 changes when the door is locked; the
    person reading "set datetime Lock time" without a time approves a change
    of when the house locks up without knowing to when. Whichever field the
    client used, the approval names the time Home Assistant sets: 04:00.
    """
    lock_time = await owner.create_helper(
        "input_datetime", "Lock time", has_date=False, has_time=True, initial="23:00:00"
    )
    await owner.save_automation(
        "lock_at_lock_time",
        {
            "alias": "Lock at lock time",
            "triggers": [{"trigger": "time", "at": lock_time}],
            "actions": [LOCK_FRONT],
        },
    )
    four = dt_util.now().replace(hour=4, minute=0, second=0, microsecond=0)
    data = {
        "time": {"time": "04:00:00"},
        "timestamp": {"timestamp": four.timestamp()},
        "datetime": {"datetime": four.strftime("%Y-%m-%d %H:%M:%S")},
    }[given]

    refused = await call_service(
        mcp, "input_datetime.set_datetime", target={"entity_id": lock_time}, data=data
    )

    assert_refused(refused)
    title = _unescaped(_notification(hass, str(refused["confirmation_id"]))["title"])
    effect = title.removeprefix("Home MCP asks to ").partition(": ")[0]
    assert "04:00" in effect, title
