"""A person approves guarded actions in Home Assistant; nothing else can."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
import json
import re
from typing import Any
from unittest.mock import patch

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_fire_time_changed,
)

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util

from .conftest import (
    GATE_RELAYS,
    RELOADS,
    McpHarness,
    long_lived_token,
    panel_sender,
    reload_at_once,
    set_options,
)

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
MESSAGE_LIMIT = 64 * 1024
"""No message Home MCP sends may be larger: an ordinary client closes on more."""
SHOWN = 5
"""Findings an answer shows in full; the rest are counted."""


def _size(message: Any) -> int:
    """Return the size in bytes of `message` as JSON."""
    return len(json.dumps(message, ensure_ascii=False, default=str).encode())


def _trigger(automation: str) -> dict[str, Any]:
    return {"domain": "automation", "service": "trigger", "target": {"entity_id": automation}}


async def _token(hass: HomeAssistant, user: MockUser, client_id: str | None) -> str:
    """Return an access token for `user` from a new login-style refresh token."""
    refresh = await hass.auth.async_create_refresh_token(user, client_id)
    return hass.auth.async_create_access_token(refresh)


def _frontend_client_id(hass: HomeAssistant) -> str:
    """Return the OAuth client id Home Assistant's frontend uses: its own origin."""
    api = hass.config.api
    assert api is not None
    return f"http://127.0.0.1:{api.port}/"


@pytest.fixture
async def frontend_token(hass: HomeAssistant, hass_admin_user: MockUser) -> str:
    """Return a token of an administrator logged in to Home Assistant's frontend."""
    return await _token(hass, hass_admin_user, _frontend_client_id(hass))


async def _decide(
    hass_ws_client: Callable[..., Any], token: str, confirmation_id: str, decision: str
) -> dict[str, Any]:
    client = await hass_ws_client(access_token=token)
    await client.send_json_auto_id(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": confirmation_id,
            "decision": decision,
        }
    )
    return await client.receive_json()


def _notifications(hass: HomeAssistant) -> dict[str, Any]:
    return {
        key: value
        for key, value in persistent_notification._async_get_or_create_notifications(hass).items()
        if key.startswith("home_mcp_confirmation_")
    }


async def test_refused_unlock_creates_one_confirmation_and_notification(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    first = await mcp.data("call_service", UNLOCK)
    assert first["error"] == "needs_confirmation"
    assert first["confirmation_id"]
    assert dt_util.parse_datetime(first["expires_at"]) > dt_util.utcnow() + timedelta(minutes=9)
    assert "/home-mcp/confirmation/" in first["where"]
    again = await mcp.data("call_service", UNLOCK)
    assert again["confirmation_id"] == first["confirmation_id"]

    [notification] = _notifications(hass).values()
    assert notification["title"] == "Home MCP asks to unlock Front Door"
    assert f"(/home-mcp/confirmation/{first['confirmation_id']})" in notification["message"]
    assert "lock.unlock" in notification["message"]
    assert hass.states.get("lock.front_door").state == "locked"


async def test_a_refusal_and_its_confirmation_say_which_client_and_key_asked(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """What the request card shows as "who asked": the client and key the person is told of."""
    refused = await mcp.data("call_service", UNLOCK)
    who = refused["requested_by"]
    assert who["client"] and who["key"]
    [notification] = _notifications(hass).values()
    message = notification["message"].replace("\\", "")
    assert who["client"] in message and who["key"] in message
    found = await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})
    assert found["requested_by"] == who


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_client_that_keeps_the_sdk_s_default_name_is_shown_by_its_user_agent(
    mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """A program on the MCP SDK that names itself nowhere reads as its User-Agent, not `mcp 0.1.0`."""
    headers = {"Authorization": f"Bearer {mcp.token}", "User-Agent": "front-door-bot/2.1"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        Client(streamable_http_client(mcp.url, http_client=http), mode=mode, cache=None) as client,
    ):
        refused = (await client.call_tool("call_service", UNLOCK)).structured_content
    assert refused is not None and refused["error"] == "needs_confirmation", refused
    [notification] = _notifications(hass).values()
    message = notification["message"].replace("\\", "")  # As a person reads the markdown.
    assert "via an MCP client calling itself “front-door-bot/2.1”" in message
    assert "mcp 0.1.0" not in message
    assert hass.states.get("lock.front_door").state == "locked"


async def test_a_client_s_own_name_is_shown_whatever_its_user_agent(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A name the client chose (`client_info`, on every 2026-07-28 request) wins over its User-Agent."""
    await mcp.data("call_service", UNLOCK, mode="auto")
    [notification] = _notifications(hass).values()
    message = notification["message"].replace("\\", "")  # As a person reads the markdown.
    assert "via an MCP client calling itself “pytest-client 1.0”" in message


async def test_frontend_admin_approves_and_the_door_unlocks(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
    hass_admin_user: MockUser,
) -> None:
    events = async_capture_events(hass, "home_mcp_confirmation")
    refused = await mcp.data("call_service", UNLOCK)
    confirmation_id = refused["confirmation_id"]
    status = await mcp.data("get_confirmation", {"confirmation_id": confirmation_id})
    assert status["state"] == "pending"

    answer = await _decide(hass_ws_client, frontend_token, confirmation_id, "approve")
    assert answer["success"], answer
    assert answer["result"]["state"] == "approved"
    await hass.async_block_till_done()
    state = hass.states.get("lock.front_door")
    assert state.state == "unlocked"
    assert state.context.user_id == hass_admin_user.id  # the approver
    assert state.context.parent_id is not None  # the request

    status = await mcp.data("get_confirmation", {"confirmation_id": confirmation_id})
    assert status["state"] == "approved"
    assert status["outcome"]["ok"] is True
    assert status["outcome"]["states"][0]["state"] == "unlocked"
    [event] = events
    assert event.data["decision"] == "approved"
    assert event.data["approver"] == hass_admin_user.id
    assert event.data["action"] == "lock.unlock"
    assert event.data["confirmation_id"] == confirmation_id
    assert _notifications(hass) == {}


@pytest.mark.parametrize("kind", ["long_lived", "other_oauth_client", "mcp_oauth_client"])
async def test_tokens_that_are_not_a_login_session_cannot_approve(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
    kind: str,
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    token = {
        "long_lived": lambda: long_lived_token(hass, hass_admin_user),
        "other_oauth_client": lambda: _token(hass, hass_admin_user, "https://claude.ai"),
        "mcp_oauth_client": lambda: _token(
            hass, hass_admin_user, "http://127.0.0.1:6274/oauth/callback"
        ),
    }[kind]
    answer = await _decide(hass_ws_client, await token(), refused["confirmation_id"], "approve")
    assert answer["success"] is False
    assert answer["error"]["code"] == "not_a_login_session"
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    status = await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})
    assert status["state"] == "pending"


async def test_non_admin_cannot_approve(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any]
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    group = await hass.auth.async_get_group(GROUP_ID_USER)
    user = MockUser(groups=[group]).add_to_hass(hass)
    token = await _token(hass, user, _frontend_client_id(hass))
    answer = await _decide(hass_ws_client, token, refused["confirmation_id"], "approve")
    assert answer["success"] is False
    assert answer["error"]["code"] == "unauthorized"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_the_session_that_asked_cannot_approve(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any], frontend_token: str
) -> None:
    """A frontend session that asked over MCP cannot approve its own request."""
    async with mcp.client(token=frontend_token) as client:
        result = await client.call_tool("call_service", UNLOCK)
    confirmation_id = result.structured_content["confirmation_id"]
    answer = await _decide(hass_ws_client, frontend_token, confirmation_id, "approve")
    assert answer["error"]["code"] == "own_request"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_expired_confirmation_cannot_be_approved(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
    hass_storage: dict[str, Any],
) -> None:
    events = async_capture_events(hass, "home_mcp_confirmation")
    refused = await mcp.data("call_service", UNLOCK)
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(minutes=11))
    await hass.async_block_till_done()
    [stored] = hass_storage["home_mcp.confirmations"]["data"]["confirmations"]
    assert stored["state"] == "expired"  # On disk as it expires.
    status = await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})
    assert status["state"] == "expired"
    assert _notifications(hass) == {}
    # An expiry follows from the request alone: no event the house's
    # automations could act on (red team round 2); the audit still has it.
    assert events == []
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "not_pending"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_double_decision_refused_and_deny_recorded(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
    home_mcp: MockConfigEntry,
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "deny")
    assert answer["result"]["state"] == "denied"
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "not_pending"
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    status = await mcp.data("get_confirmation", {"confirmation_id": refused["confirmation_id"]})
    assert status["state"] == "denied"
    decisions = [e for e in home_mcp.runtime_data.audit.async_tail() if e["kind"] == "decision"]
    assert decisions[0]["decision"] == "denied"
    assert decisions[0]["confirmation_id"] == refused["confirmation_id"]


async def test_entity_gone_cannot_be_approved(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any], frontend_token: str
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    hass.states.async_remove("lock.front_door")
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "entity_missing"


async def test_another_credential_cannot_read_a_confirmation(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    other = await long_lived_token(hass, hass_admin_user)
    async with mcp.client(token=other) as client:
        result = await client.call_tool(
            "get_confirmation", {"confirmation_id": refused["confirmation_id"]}
        )
    assert result.structured_content["error"] == "not_found"
    async with mcp.client() as client:
        result = await client.call_tool("get_confirmation", {"confirmation_id": "nope"})
    assert result.structured_content["error"] == "not_found"


async def test_approval_runs_exactly_what_was_asked(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any], frontend_token: str
) -> None:
    """Targets are frozen when asked: the approval reaches nothing more."""
    refused = await mcp.data(
        "call_service",
        {"domain": "cover", "service": "open_cover", "target": {"floor_id": "ground_floor"}},
    )
    assert {t["entity_id"] for t in refused["targets"]} == {"cover.garage_door"}
    entry = home_entry(hass)
    confirmation = entry.runtime_data.confirmations.async_get(refused["confirmation_id"])
    assert confirmation.action.target == {
        "entity_id": ["cover.garage_door", "cover.hall_window", "cover.living_room_window"]
    }


def home_entry(hass: HomeAssistant) -> MockConfigEntry:
    """Return the loaded Home MCP entry."""
    [entry] = hass.config_entries.async_loaded_entries("home_mcp")
    return entry  # type: ignore[return-value]


async def test_pending_confirmations_expire_across_a_restart(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """After Home Assistant restarts, a pending confirmation is expired, never approvable."""
    refused = await mcp.data("call_service", UNLOCK)
    entry = home_entry(hass)
    await entry.runtime_data.confirmations.async_flush()
    # An options reload in the same run keeps it pending.
    assert await hass.config_entries.async_reload(entry.entry_id)
    entry = home_entry(hass)
    assert entry.runtime_data.confirmations.async_get(refused["confirmation_id"]).state == "pending"
    # A new run of Home Assistant loads it as expired.
    hass.data.pop("home_mcp_loaded")
    assert await hass.config_entries.async_reload(entry.entry_id)
    entry = home_entry(hass)
    assert entry.runtime_data.confirmations.async_get(refused["confirmation_id"]).state == "expired"


@pytest.mark.parametrize(
    "client_id",
    [
        "http://127.0.0.1:{port}/evil",
        "http://127.0.0.1:{port}/?x=1",
        "http://127.0.0.1:{port}",
        "http://127.0.0.1:1/",
        "https://home-assistant.io/iOS/",
        "http://evil.example:{port}/",
    ],
)
async def test_only_the_frontends_exact_client_id_can_approve(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
    client_id: str,
) -> None:
    """A login session whose client id merely starts like the frontend's is another app."""
    refused = await mcp.data("call_service", UNLOCK)
    port = hass.config.api.port
    token = await _token(hass, hass_admin_user, client_id.format(port=port))
    answer = await _decide(hass_ws_client, token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "not_a_login_session"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_localhost_counts_only_from_home_assistants_own_machine(
    hass: HomeAssistant, mcp: McpHarness, hass_admin_user: MockUser
) -> None:
    """A program listening on localhost elsewhere cannot pass for the frontend."""
    from custom_components.home_mcp.approvals import DecisionRefused, async_check_approver  # noqa: PLC0415

    port = hass.config.api.port
    localhost = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://localhost:{port}/"
    )
    async_check_approver(hass, hass_admin_user, localhost, "127.0.0.1")
    with pytest.raises(DecisionRefused):
        async_check_approver(hass, hass_admin_user, localhost, "192.168.1.20")
    with pytest.raises(DecisionRefused):
        async_check_approver(hass, hass_admin_user, localhost, None)
    await hass.config.async_update(internal_url="http://192.168.1.5:8123")
    configured = await hass.auth.async_create_refresh_token(
        hass_admin_user, "http://192.168.1.5:8123/"
    )
    async_check_approver(hass, hass_admin_user, configured, "192.168.1.20")
    companion = await hass.auth.async_create_refresh_token(
        hass_admin_user, "https://home-assistant.io/android"
    )
    async_check_approver(hass, hass_admin_user, companion, "192.168.1.30")


LOGIN_HOSTS = ("127.0.0.1", "[::1]", "localhost", "192.168.1.5", "{local_ip}")
"""Hosts a browser login's client id may name: `http://<host>:<Home Assistant's port>/`."""
LISTENING = {
    # `http: server_host` -> the hosts whose logins are Home Assistant's frontend.
    "every address (the default)": (None, {"127.0.0.1", "[::1]", "localhost", "{local_ip}"}),
    "127.0.0.1 only (script/demo)": (["127.0.0.1"], {"127.0.0.1"}),
    "::1 only": (["::1"], {"[::1]"}),
    "IPv4 only": (["0.0.0.0"], {"127.0.0.1", "{local_ip}"}),
    "one LAN address": (["192.168.1.5"], {"192.168.1.5"}),
}


@pytest.mark.parametrize(("server_host", "approving"), LISTENING.values(), ids=list(LISTENING))
async def test_a_login_approves_only_where_home_assistant_listens(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
    monkeypatch: pytest.MonkeyPatch,
    server_host: list[str] | None,
    approving: set[str],
) -> None:
    """A login under `http://[::1]:8123/` is the frontend's only if Home Assistant answers there (issue 32).

    Where it does not listen, another program on the machine can: an MCP
    client that signs in with Home Assistant's login under that client id
    receives the login's code itself. `localhost` counts only when Home
    Assistant answers on both loopback addresses, since a browser may reach
    either. Real refresh tokens, decided from a loopback connection.
    """
    monkeypatch.setattr(hass.http, "server_host", server_host)
    api = hass.config.api
    assert api is not None
    approved = set()
    for pattern in LOGIN_HOSTS:
        host = pattern.format(local_ip=api.local_ip)
        refused = await mcp.data("call_service", UNLOCK)
        token = await _token(hass, hass_admin_user, f"http://{host}:{api.port}/")
        answer = await _decide(hass_ws_client, token, refused["confirmation_id"], "approve")
        await hass.async_block_till_done()
        if answer["success"]:
            approved.add(pattern)
            assert hass.states.get("lock.front_door").state == "unlocked"
            await hass.services.async_call(
                "lock", "lock", {"entity_id": "lock.front_door"}, blocking=True
            )
        else:
            assert answer["error"]["code"] == "not_a_login_session", answer
            assert hass.states.get("lock.front_door").state == "locked"
    assert approved == approving


@pytest.mark.parametrize("supervised", [True, False], ids=["supervisor", "container"])
async def test_a_host_name_counts_only_when_it_is_home_assistants_host(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
    supervised: bool,
) -> None:
    """`homeassistant.local` is Home Assistant's address only where the Supervisor names its host so.

    Elsewhere any machine on the network may answer to that name, as Home
    Assistant's own `get_url` reads it (issue 32).
    """
    port = hass.config.api.port
    refused = await mcp.data("call_service", UNLOCK)
    token = await _token(hass, hass_admin_user, f"http://homeassistant.local:{port}/")
    with (
        patch("custom_components.home_mcp.origins.is_hassio", return_value=supervised),
        patch(
            "homeassistant.components.hassio.get_host_info",
            return_value={"hostname": "homeassistant"},
        ),
    ):
        answer = await _decide(hass_ws_client, token, refused["confirmation_id"], "deny")
    if supervised:
        assert answer["success"], answer
    else:
        assert answer["error"]["code"] == "not_a_login_session"


async def test_a_macro_changed_after_asking_cannot_be_approved(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any], frontend_token: str
) -> None:
    """The same entity with a worse state than shown voids the request."""

    async def create(state: str) -> None:
        # Made in Home Assistant (from MCP, such a scene would itself need approval).
        await hass.services.async_call(
            "scene",
            "create",
            {"scene_id": "swap", "entities": {"lock.openable_lock": state}},
            blocking=True,
        )
        await hass.async_block_till_done()

    await create("unlocked")
    refused = await mcp.data(
        "call_service",
        {"domain": "scene", "service": "turn_on", "target": {"entity_id": "scene.swap"}},
    )
    assert refused["error"] == "needs_confirmation"
    assert "Openable Lock" in refused["where"]
    await create("open")
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "action_changed", answer
    assert "open" in answer["error"]["message"]
    assert hass.states.get("lock.openable_lock").state == "locked"


async def test_a_credential_cannot_flood_the_person(mcp: McpHarness, hass: HomeAssistant) -> None:
    for position in range(1, 11):
        result = await mcp.data(
            "call_service",
            {
                "domain": "cover",
                "service": "set_cover_position",
                "target": {"entity_id": "cover.garage_door"},
                "data": {"position": position},
            },
        )
        assert result["error"] == "needs_confirmation", result
    result = await mcp.data(
        "call_service",
        {
            "domain": "cover",
            "service": "set_cover_position",
            "target": {"entity_id": "cover.garage_door"},
            "data": {"position": 50},
        },
    )
    assert result["error"] == "too_many_pending"
    assert len(_notifications(hass)) == 10


async def test_answers_about_many_findings_stay_small_and_count_the_rest(
    crowded_house: str,
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
) -> None:
    """More than 250 findings, long chains: every answer shows 5 and counts the rest (issue 30)."""
    refused = await mcp.data("call_service", _trigger(crowded_house))
    assert refused["error"] == "needs_confirmation", refused
    confirmation_id = refused["confirmation_id"]

    status = await mcp.call("get_confirmation", {"confirmation_id": confirmation_id})
    assert _size(status.model_dump(mode="json", by_alias=True)) < MESSAGE_LIMIT
    data = status.structured_content
    assert data is not None and data["state"] == "pending"
    assert len(data["targets"]) == SHOWN
    assert data["targets_omitted"] > GATE_RELAYS - SHOWN
    # What a person approves is said first, in Home Assistant's words.
    assert data["summary"].startswith("turn on Gate relay 0, Gate relay 1, Gate relay 2 and")

    client = await hass_ws_client(access_token=frontend_token)
    await client.send_json_auto_id({"type": "home_mcp/confirmations"})
    listed = await client.receive_json()
    await client.send_json_auto_id({"type": "home_mcp/confirmations/subscribe"})
    assert (await client.receive_json())["success"]
    pushed = await client.receive_json()
    [row] = listed["result"]
    assert pushed["event"]["confirmations"] == [row]
    for message in (listed, pushed):
        assert _size(message) < MESSAGE_LIMIT
    assert len(row["findings"]) == SHOWN
    assert row["findings_omitted"] > GATE_RELAYS - SHOWN
    assert "finding_keys" not in row
    assert "targets" not in row
    # Each kind of effect first; a long chain keeps its ends and counts its middle.
    [door] = [f for f in row["findings"] if f["entity_id"] == "lock.front_door"]
    assert door["via"] == [
        "automation.let_everyone_in",
        "automation.relay_chain_1",
        "script.welcome_home",
        "script.unlock_front",
    ]
    assert door["via_omitted"] == 2
    assert {f["service"] for f in row["findings"]} >= {
        "input_boolean.turn_on",
        "lock.unlock",
        "cover.open_cover",
        "valve.open_valve",
    }

    [notification] = _notifications(hass).values()
    assert _size(notification) < MESSAGE_LIMIT
    assert notification["title"].startswith("Home MCP asks to turn on Gate relay 0")

    answer = await _decide(hass_ws_client, frontend_token, confirmation_id, "deny")
    assert answer["success"], answer
    assert _size(answer) < MESSAGE_LIMIT
    assert len(answer["result"]["findings"]) == SHOWN
    assert answer["result"]["findings_omitted"] == row["findings_omitted"]


async def test_approval_compares_every_finding_not_only_those_shown(
    crowded_house: str,
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
) -> None:
    """The findings left out of the answers are still what the approval was asked for."""
    refused = await mcp.data("call_service", _trigger(crowded_house))
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["success"], answer
    assert answer["result"]["state"] == "approved"
    assert _size(answer) < MESSAGE_LIMIT
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "unlocked"
    assert hass.states.get(f"input_boolean.gate_relay_{GATE_RELAYS - 1:03}").state == "on"


async def test_a_new_finding_beyond_those_shown_voids_the_approval(
    crowded_house: str,
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
) -> None:
    """One more guarded effect among hundreds is something the person was not asked."""
    refused = await mcp.data("call_service", _trigger(crowded_house))
    assert refused["targets_omitted"] > GATE_RELAYS - SHOWN
    # The automation also turns on the ceiling lights, which the owner now guards.
    guarded = [*home_mcp.options["guarded_entities"], "light.ceiling_lights"]
    await set_options(hass, home_mcp, guarded_entities=guarded)
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "approve")
    assert answer["error"]["code"] == "action_changed", answer
    assert "light.ceiling_lights" in answer["error"]["message"]
    assert hass.states.get("lock.front_door").state == "locked"


async def test_confirmations_stored_before_findings_were_bounded_still_load(
    crowded_house: str,
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_storage: dict[str, Any],
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
) -> None:
    """A record that kept every finding whole loads bounded, and its approval compares them all."""
    refused = await mcp.data("call_service", _trigger(crowded_house))
    confirmation_id = refused["confirmation_id"]
    entry = home_entry(hass)
    confirmation = entry.runtime_data.confirmations.async_get(confirmation_id)
    blocking = entry.runtime_data.gate.async_check(confirmation.action).blocking
    # As Home MCP stored it before: every blocking finding whole, nothing else about them.
    old = confirmation.as_dict()
    for field in ("findings_omitted", "finding_keys", "targets"):
        del old[field]
    old["findings"] = [finding.as_dict() for finding in blocking]
    assert await hass.config_entries.async_unload(entry.entry_id)
    hass_storage["home_mcp.confirmations"]["data"]["confirmations"] = [old]
    assert await hass.config_entries.async_setup(entry.entry_id)  # The same run: still pending.
    await hass.async_block_till_done()

    loaded = home_entry(hass).runtime_data.confirmations.async_get(confirmation_id)
    assert loaded.state == "pending"
    assert len(loaded.findings) == SHOWN
    assert loaded.findings_omitted == len(blocking) - SHOWN
    assert len(loaded.finding_keys) == len(blocking)
    assert "lock.front_door" in loaded.targets
    json.dumps(loaded.as_dict())  # Stored again as it is.
    status = await mcp.data("get_confirmation", {"confirmation_id": confirmation_id})
    assert len(status["targets"]) == SHOWN
    assert status["targets_omitted"] == len(loaded.targets) - SHOWN
    answer = await _decide(hass_ws_client, frontend_token, confirmation_id, "approve")
    assert answer["success"], answer
    assert answer["result"]["state"] == "approved"


@pytest.mark.parametrize("how", RELOADS)
@pytest.mark.parametrize(
    ("decision", "state", "door"),
    [("approve", "approved", "unlocked"), ("deny", "denied", "locked")],
)
async def test_a_decision_holds_across_a_reload_at_once(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,
    hass_storage: dict[str, Any],
    how: str,
    decision: str,
    state: str,
    door: str,
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    confirmation_id = refused["confirmation_id"]
    answer = await _decide(hass_ws_client, frontend_token, confirmation_id, decision)
    assert answer["result"]["state"] == state
    [stored] = hass_storage["home_mcp.confirmations"]["data"]["confirmations"]
    assert stored["state"] == state  # On disk when the person hears.

    await reload_at_once(hass, home_mcp, how, hass_storage)
    status = await mcp.data("get_confirmation", {"confirmation_id": confirmation_id})
    assert status["state"] == state
    again = await _decide(hass_ws_client, frontend_token, confirmation_id, "approve")
    assert again["error"]["code"] == "not_pending"
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == door


async def test_a_request_just_before_an_unload_is_on_disk(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, hass_storage: dict[str, Any]
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    assert await hass.config_entries.async_unload(home_mcp.entry_id)
    [stored] = hass_storage["home_mcp.confirmations"]["data"]["confirmations"]
    assert stored["confirmation_id"] == refused["confirmation_id"]
    assert stored["state"] == "pending"


async def test_the_notification_says_how_long_a_request_waits_and_no_clock_time(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """One time, said once: Home Assistant dates the notification; it says how long it waits.

    A clock time in Home Assistant's zone beside the panel's, in the
    browser's, read as two different times.
    """
    first = await mcp.data("call_service", UNLOCK)
    waits = dt_util.parse_datetime(first["expires_at"]) - dt_util.utcnow()
    [notification] = _notifications(hass).values()
    message = notification["message"]
    assert f"Waits for a person: {round(waits.total_seconds() / 60)} min" in message
    assert not re.search(r"\d{1,2}:\d{2}", message), message


@pytest.mark.redteam(round=54)
async def test_removing_a_client_s_login_ends_the_requests_it_left_waiting(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    hass_ws_client: Callable[..., Any],
) -> None:
    """The owner deletes the MCP client's login (Profile → Security → Refresh tokens).

    Its sessions end at once, and the unlock it asked for with them: an
    approval afterwards opens nothing, and the request has expired.
    """
    asked = await mcp.data("call_service", UNLOCK)
    assert asked["error"] == "needs_confirmation", asked
    refresh = hass.auth.async_validate_access_token(mcp.token)
    assert refresh is not None
    hass.auth.async_remove_refresh_token(refresh)
    await hass.async_block_till_done()

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    reply = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": asked["confirmation_id"],
            "decision": "approve",
        }
    )
    assert hass.states.get("lock.front_door").state == "locked"
    assert not reply["success"], reply
    assert reply["error"]["code"] == "expired", reply
    again = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": asked["confirmation_id"],
            "decision": "approve",
        }
    )
    assert again["error"]["code"] == "not_pending", again
