"""Sessions (option `enable_sessions`): opening, using, limits, ending, status.

Real Home Assistant, real HTTP: the SDK's client where it shows the behaviour,
raw requests where the SDK client hides what is asserted (headers, statuses).
Time is travelled with Home Assistant's test utilities, never slept.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from http import HTTPStatus
import json
from typing import Any
from unittest.mock import patch

from freezegun.api import FrozenDateTimeFactory
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_fire_time_changed,
)

from custom_components.home_mcp.transport import McpSession, SessionRegistry
from custom_components.home_mcp.transport.spec import SESSIONS_BUSY
from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import HomeAssistant

from .conftest import McpHarness, long_lived_token, set_options

VERSION = "2025-11-25"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": VERSION,
        "capabilities": {},
        "clientInfo": {"name": "raw-client", "version": "2"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
TOOLS_LIST = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
ACCEPT = "application/json, text/event-stream"


async def _set_sessions(hass: HomeAssistant, entry: MockConfigEntry, enabled: bool) -> None:
    """Set the option through the options flow (the entry reloads)."""
    await set_options(hass, entry, enable_sessions=enabled)
    assert entry.options["enable_sessions"] is enabled


def _registry(entry: MockConfigEntry) -> SessionRegistry:
    registry: SessionRegistry = entry.runtime_data.sessions
    return registry


def _closing(entry: MockConfigEntry) -> tuple[SessionRegistry, list[str]]:
    """Return the registry and the ids of the sessions it closes, in order, as it closes them."""
    registry = _registry(entry)
    closed: list[str] = []
    registry.async_on_close(lambda session: closed.append(session.session_id))
    return registry, closed


@pytest.fixture
async def sessions(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> MockConfigEntry:
    """Turn sessions on; return the (reloaded) entry."""
    await _set_sessions(hass, home_mcp, True)
    return home_mcp


async def _token(hass: HomeAssistant, user: MockUser) -> str:
    """Return an access token of a new long-lived token of `user`, named `token N`."""
    return await long_lived_token(hass, user, f"token {len(user.refresh_tokens)}")


def _sse_messages(text: str) -> list[dict[str, Any]]:
    """Return the JSON-RPC messages of an SSE body."""
    return [
        json.loads(line.removeprefix("data:"))
        for line in text.splitlines()
        if line.startswith("data:") and line.removeprefix("data:").strip()
    ]


class Raw:
    """Raw HTTP requests to the MCP endpoint, with any token."""

    def __init__(self, client: Any, token: str) -> None:
        """Send requests through the aiohttp test `client`, with `token` by default."""
        self.client = client
        self.token = token

    def headers(self, session_id: str | None, token: str | None) -> dict[str, str]:
        """Return the headers of a handshake-era request."""
        headers = {
            "Accept": ACCEPT,
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token or self.token}",
            "MCP-Protocol-Version": VERSION,
        }
        if session_id is not None:
            headers["Mcp-Session-Id"] = session_id
        return headers

    async def post(
        self, message: dict[str, Any], session_id: str | None = None, token: str | None = None
    ) -> Any:
        """POST one JSON-RPC message."""
        return await self.client.post(
            "/api/mcp", json=message, headers=self.headers(session_id, token)
        )

    async def request(self, method: str, session_id: str | None, token: str | None = None) -> Any:
        """Send a bodiless request (GET, DELETE)."""
        return await self.client.request(
            method, "/api/mcp", headers=self.headers(session_id, token)
        )

    async def initialize(self, token: str | None = None) -> str:
        """Open a session; return its id."""
        headers = self.headers(None, token)
        del headers["MCP-Protocol-Version"]
        response = await self.client.post("/api/mcp", json=INITIALIZE, headers=headers)
        assert response.status == HTTPStatus.OK, await response.text()
        assert response.content_type == "text/event-stream"
        [answer] = _sse_messages(await response.text())
        assert answer["result"]["serverInfo"]["name"] == "Home MCP"
        session_id: str = response.headers["Mcp-Session-Id"]
        response = await self.post(INITIALIZED, session_id, token)
        assert response.status == HTTPStatus.ACCEPTED
        return session_id

    async def tools_list(self, session_id: str, token: str | None = None) -> int:
        """Return the HTTP status of `tools/list` on the session (checking a 200's body)."""
        response = await self.post(TOOLS_LIST, session_id, token)
        if response.status == HTTPStatus.OK:
            [answer] = _sse_messages(await response.text())
            assert any(tool["name"] == "home_overview" for tool in answer["result"]["tools"])
        return int(response.status)


async def _served(registry: SessionRegistry, session_id: str, *, listening: bool = False) -> None:
    """Wait until the server has finished every request on the session.

    listening: but its GET stream, which stays open.

    The server learns that a response is out, or that a client hung up, from
    its socket: let the loop poll it (the clock may be frozen: no timed sleep).
    """
    for _ in range(10_000):
        session = registry.async_get(session_id)
        if session is None or session.in_flight == (session.streams if listening else 0):
            return
        await asyncio.sleep(0)
    raise AssertionError(f"requests on {session_id[:8]}… never ended")


@pytest.fixture
async def raw(
    mcp: McpHarness, hass_client_no_auth: Callable[..., Any], hass_access_token: str
) -> Raw:
    """Return raw HTTP access with the administrator's token."""
    return Raw(await hass_client_no_auth(), hass_access_token)


class Recorder:
    """What the SDK client's HTTP traffic carried."""

    def __init__(self) -> None:
        """Record nothing yet."""
        self.issued: list[str] = []
        self.sent: list[tuple[str, str | None]] = []

    async def request(self, request: httpx2.Request) -> None:
        """Note the method and session id of a request."""
        self.sent.append((request.method, request.headers.get("mcp-session-id")))

    async def response(self, response: httpx2.Response) -> None:
        """Note a session id the server issued."""
        if session_id := response.headers.get("mcp-session-id"):
            self.issued.append(session_id)


def _sdk_client(mcp: McpHarness, recorder: Recorder) -> tuple[httpx2.AsyncClient, Client]:
    http = httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {mcp.token}"},
        timeout=30,
        event_hooks={"request": [recorder.request], "response": [recorder.response]},
    )
    client = Client(
        streamable_http_client(mcp.url, http_client=http),
        mode="legacy",
        cache=None,
        client_info=types.Implementation(name="pytest-client", version="1.0"),
    )
    return http, client


async def test_session_issued_and_tools_work_in_it(
    mcp: McpHarness, hass: HomeAssistant, sessions: MockConfigEntry, raw: Raw
) -> None:
    """The SDK client keeps the session it is given; tools run in it; leaving ends it."""
    recorder = Recorder()
    http, client = _sdk_client(mcp, recorder)
    async with http, client:
        [session_id] = set(recorder.issued)
        result = await client.call_tool("home_overview", {})
        assert result.is_error is False
        assert ("POST", session_id) in recorder.sent  # The tool call went in the session.
        [session] = _registry(sessions).async_sessions()
        assert session.session_id == session_id
        assert session.client_name == "pytest-client 1.0"
        assert session.user_name == "Mock User"
    # Leaving the client sends DELETE: the session is over.
    assert ("DELETE", session_id) in recorder.sent
    assert len(_registry(sessions)) == 0
    assert await raw.tools_list(session_id) == HTTPStatus.NOT_FOUND


async def test_audit_names_the_sessions_client(
    mcp: McpHarness, sessions: MockConfigEntry, raw: Raw
) -> None:
    """Requests in a session carry the client name `initialize` gave."""
    session_id = await raw.initialize()
    response = await raw.post(
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "list_entities", "arguments": {"domain": "lock"}},
        },
        session_id,
    )
    assert response.status == HTTPStatus.OK
    # The session's task records the call as it ends, which may be after the
    # answer is read (on a busy machine, a parallel run).
    audit = sessions.runtime_data.audit
    for _ in range(200):
        if audit.async_tail(1):
            break
        await asyncio.sleep(0.01)
    [entry] = audit.async_tail(1)
    assert entry["client"] == "raw-client 2"


async def test_without_the_option_no_session_is_issued(
    mcp: McpHarness, home_mcp: MockConfigEntry, raw: Raw
) -> None:
    """Default: every request stands alone, as before sessions existed."""
    recorder = Recorder()
    http, client = _sdk_client(mcp, recorder)
    async with http, client:
        result = await client.call_tool("home_overview", {})
        assert result.is_error is False
    assert recorder.issued == []
    assert all(session_id is None for _, session_id in recorder.sent)
    assert {method for method, _ in recorder.sent} == {"POST"}
    response = await raw.client.post(
        "/api/mcp", json=INITIALIZE, headers={**raw.headers(None, None), "Accept": ACCEPT}
    )
    assert response.status == HTTPStatus.OK
    assert response.content_type == "application/json"
    assert "Mcp-Session-Id" not in response.headers
    # A session id is ignored: the request is served on its own.
    response = await raw.post(TOOLS_LIST, "made-up-session")
    assert response.status == HTTPStatus.OK
    assert home_mcp.runtime_data.async_status()["sessions"] == {
        "enabled": False,
        "open": 0,
        "limit": 16,
        "items": [],
    }


async def test_delete_ends_the_session_then_404(
    mcp: McpHarness, sessions: MockConfigEntry, raw: Raw
) -> None:
    registry = _registry(sessions)
    closed: list[McpSession] = []
    registry.async_on_close(closed.append)
    session_id = await raw.initialize()
    assert await raw.tools_list(session_id) == HTTPStatus.OK
    response = await raw.request("DELETE", session_id)
    assert response.status == HTTPStatus.OK
    assert [s.session_id for s in closed] == [session_id]
    assert len(registry) == 0
    assert await raw.tools_list(session_id) == HTTPStatus.NOT_FOUND
    response = await raw.request("GET", session_id)
    assert response.status == HTTPStatus.NOT_FOUND
    response = await raw.request("DELETE", session_id)
    assert response.status == HTTPStatus.NOT_FOUND
    assert len(closed) == 1  # Released once.
    # Never issued: 404 too, so the client initializes again.
    response = await raw.post(TOOLS_LIST, "0" * 32)
    assert response.status == HTTPStatus.NOT_FOUND
    assert (await response.json())["error"]["message"] == "Session not found"


async def test_get_and_delete_need_a_session_id(
    mcp: McpHarness, sessions: MockConfigEntry, raw: Raw
) -> None:
    for method in ("GET", "DELETE"):
        response = await raw.request(method, None)
        assert response.status == HTTPStatus.BAD_REQUEST
        assert "Mcp-Session-Id" in (await response.json())["error"]["message"]


async def test_get_stream_ends_when_the_session_closes(
    mcp: McpHarness, sessions: MockConfigEntry, raw: Raw
) -> None:
    """The server-to-client stream opens, and ends when Home MCP closes the session."""
    registry = _registry(sessions)
    session_id = await raw.initialize()
    stream = await raw.request("GET", session_id)
    assert stream.status == HTTPStatus.OK
    assert stream.content_type == "text/event-stream"
    assert await registry.async_close(session_id) is True
    await stream.read()  # Ends instead of hanging.
    assert await raw.tools_list(session_id) == HTTPStatus.NOT_FOUND
    assert await registry.async_close(session_id) is False


async def test_another_credential_on_the_session_is_403(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
) -> None:
    """Another user's token, or another token of the same user: 403, nothing runs."""
    session_id = await raw.initialize()
    group = await hass.auth.async_get_group(GROUP_ID_USER)
    other_user = MockUser(groups=[group]).add_to_hass(hass)
    calls = dict(sessions.runtime_data.audit.calls)
    turn_off = {
        "jsonrpc": "2.0",
        "id": 4,
        "method": "tools/call",
        "params": {
            "name": "call_service",
            "arguments": {
                "domain": "light",
                "service": "turn_off",
                "target": {"entity_id": "light.ceiling_lights"},
            },
        },
    }
    assert hass.states.get("light.ceiling_lights").state == "on"
    for token in (await _token(hass, other_user), await _token(hass, hass_admin_user)):
        response = await raw.post(turn_off, session_id, token)
        assert response.status == HTTPStatus.FORBIDDEN
        assert (
            "belongs to the credential that opened it"
            in (await response.json())["error"]["message"]
        )
        for method in ("GET", "DELETE"):
            response = await raw.request(method, session_id, token)
            assert response.status == HTTPStatus.FORBIDDEN
        assert await raw.tools_list(session_id, token) == HTTPStatus.FORBIDDEN
    await hass.async_block_till_done()
    assert hass.states.get("light.ceiling_lights").state == "on"
    assert dict(sessions.runtime_data.audit.calls) == calls
    # The owner's session is untouched.
    assert await raw.tools_list(session_id) == HTTPStatus.OK


async def test_session_refusals_answer_the_request_id(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
) -> None:
    """403 (another credential) and 404 (unknown, or ended) carry the request's id."""
    session_id = await raw.initialize()
    response = await raw.post(TOOLS_LIST, session_id, await _token(hass, hass_admin_user))
    assert response.status == HTTPStatus.FORBIDDEN
    assert (await response.json())["id"] == TOOLS_LIST["id"]
    assert (await raw.request("DELETE", session_id)).status == HTTPStatus.OK
    for ended_or_unknown in (session_id, "0" * 32):
        response = await raw.post(TOOLS_LIST, ended_or_unknown)
        assert response.status == HTTPStatus.NOT_FOUND
        body = await response.json()
        assert body["id"] == TOOLS_LIST["id"]
        assert body["error"]["message"] == "Session not found"


async def _initialize_refused(raw: Raw, token: str) -> dict[str, Any]:
    """Send an `initialize` that must be refused with 503; return the body, checked."""
    headers = raw.headers(None, token)
    del headers["MCP-Protocol-Version"]
    response = await raw.client.post("/api/mcp", json=INITIALIZE, headers=headers)
    assert response.status == HTTPStatus.SERVICE_UNAVAILABLE
    assert "Mcp-Session-Id" not in response.headers
    assert response.headers["Retry-After"] == "30"
    body: dict[str, Any] = await response.json()
    assert body["id"] == INITIALIZE["id"]
    assert body["error"]["code"] != types.INTERNAL_ERROR
    assert body["error"]["code"] == SESSIONS_BUSY
    assert "busy" in body["error"]["message"]
    assert "Stateless requests still work" in body["error"]["message"]
    return body


async def test_at_sixteen_sessions_a_new_one_replaces_the_longest_idle(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Its own longest-idle session first, else anyone's; 503 only when all are busy."""
    registry, closed = _closing(sessions)
    tokens = [await _token(hass, hass_admin_user) for _ in range(4)]
    opened = []
    for token in tokens:
        for _ in range(4):
            freezer.tick(timedelta(seconds=1))
            opened.append(await raw.initialize(token))
    assert len(registry) == 16
    # Stateless requests at the limit: a handshake-era request without a session id ...
    response = await raw.post(
        {
            "jsonrpc": "2.0",
            "id": 5,
            "method": "tools/call",
            "params": {"name": "home_overview", "arguments": {}},
        }
    )
    assert response.status == HTTPStatus.OK
    assert (await response.json())["result"]["structuredContent"]["floors"]
    # ... and a 2026-07-28 client.
    assert (await mcp.data("home_overview", mode="auto"))["floors"]

    newcomer = await _token(hass, hass_admin_user)
    freezer.tick(timedelta(seconds=1))
    first = await raw.initialize(newcomer)
    assert closed == [opened[0]]  # The longest idle of all, closed as DELETE closes it.
    assert await raw.tools_list(opened[0], tokens[0]) == HTTPStatus.NOT_FOUND
    freezer.tick(timedelta(seconds=1))
    second = await raw.initialize(newcomer)
    assert closed == [opened[0], first]  # Its own before anyone else's.
    assert len(registry) == 16

    streams = [
        await raw.request("GET", session_id, tokens[index // 4])
        for index, session_id in enumerate(opened)
        if session_id != opened[0]
    ]
    streams.append(await raw.request("GET", second, newcomer))
    assert all(stream.status == HTTPStatus.OK for stream in streams)
    registry.admission_wait = timedelta(0)  # The clock is frozen: refuse at once.
    body = await _initialize_refused(raw, await _token(hass, hass_admin_user))
    assert "at most 16 sessions" in body["error"]["message"]
    assert body["error"]["data"] == {"limit": 16, "stateless": True, "retry_after": 30}
    assert len(registry) == 16
    assert closed == [opened[0], first]
    # A client goes away without a DELETE: its session makes room.
    streams[0].close()
    await _served(registry, opened[1])
    assert await raw.initialize()
    assert closed == [opened[0], first, opened[1]]


async def test_a_credential_at_its_cap_replaces_its_longest_idle_session(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """A client that never ends its sessions (a bridge launched again and again) gets in."""
    registry, closed = _closing(sessions)
    other_token = await _token(hass, hass_admin_user)
    other = await raw.initialize(other_token)  # Idle longest of all, but another's.
    held = []
    for _ in range(4):
        freezer.tick(timedelta(seconds=1))
        held.append(await raw.initialize())
    freezer.tick(timedelta(seconds=1))
    assert await raw.tools_list(held[0]) == HTTPStatus.OK  # In use again.
    await _served(registry, held[0])
    freezer.tick(timedelta(seconds=1))
    fifth = await raw.initialize()
    assert closed == [held[1]]
    assert await raw.tools_list(held[1]) == HTTPStatus.NOT_FOUND
    for session_id in (held[0], held[2], held[3], fifth):
        assert await raw.tools_list(session_id) == HTTPStatus.OK
    assert await raw.tools_list(other, other_token) == HTTPStatus.OK
    assert len(registry) == 5


async def test_a_listening_session_makes_room_when_none_is_idle(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Clients left listening (a test run that never closes them): the quietest goes."""
    registry, closed = _closing(sessions)
    held = [await raw.initialize() for _ in range(4)]
    streams = []
    for session_id in held:
        freezer.tick(timedelta(seconds=1))
        streams.append(await raw.request("GET", session_id))
    freezer.tick(timedelta(seconds=1))
    assert await raw.tools_list(held[0]) == HTTPStatus.OK  # Listening, and in use.
    await _served(registry, held[0], listening=True)
    freezer.tick(timedelta(seconds=1))
    fifth = await raw.initialize()
    assert closed == [held[1]]
    await streams[1].read()  # Its stream ended with it; the client initializes again.
    assert await raw.tools_list(held[1]) == HTTPStatus.NOT_FOUND
    for session_id in (held[0], held[2], held[3], fifth):
        assert await raw.tools_list(session_id) == HTTPStatus.OK


def _lock_call(request_id: int) -> dict[str, Any]:
    """Return a `tools/call` that locks the kitchen door (it takes the demo lock's delay)."""
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {
            "name": "call_service",
            "arguments": {
                "domain": "lock",
                "service": "lock",
                "target": {"entity_id": "lock.kitchen_door"},
            },
        },
    }


async def _lock_slowly(raw: Raw, session_id: str, token: str, request_id: int) -> int:
    """Lock the kitchen door in the session; return the status once the answer is read."""
    response = await raw.post(_lock_call(request_id), session_id, token)
    await response.read()
    return int(response.status)


async def _serving(registry: SessionRegistry, session_ids: list[str]) -> None:
    """Wait until a request other than its stream is under way on each session."""
    for _ in range(1_000):
        sessions = [registry.async_get(session_id) for session_id in session_ids]
        if all(s is not None and s.in_flight > s.streams for s in sessions):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the requests never started")


async def test_a_credential_whose_sessions_all_serve_requests_gets_503_with_retry_after(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
) -> None:
    """No session ends in the middle of a request: past the wait, the answer is 503."""
    registry = _registry(sessions)
    registry.admission_wait = timedelta(seconds=0.2)
    token = await _token(hass, hass_admin_user)
    held = [await raw.initialize(token) for _ in range(4)]
    with patch("homeassistant.components.demo.lock.LOCK_UNLOCK_DELAY", 1.0):
        calls = [
            asyncio.create_task(_lock_slowly(raw, session_id, token, 10 + index))
            for index, session_id in enumerate(held)
        ]
        await _serving(registry, held)
        body = await _initialize_refused(raw, token)
        assert "one credential may hold 4" in body["error"]["message"]
        assert body["error"]["data"] == {
            "limit": 4,
            "per_credential": True,
            "stateless": True,
            "retry_after": 30,
        }
        assert await raw.initialize()  # Everyone else still gets a session.
        assert await asyncio.gather(*calls) == [HTTPStatus.OK] * 4
    for session_id in held:
        await _served(registry, session_id)
    assert await raw.initialize(token)  # Done: one of them makes room.


async def test_a_session_that_frees_up_during_the_wait_makes_room(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
) -> None:
    """An initialize while each session serves a request gets in when one is done."""
    registry = _registry(sessions)
    token = await _token(hass, hass_admin_user)
    held = [await raw.initialize(token) for _ in range(4)]
    with patch("homeassistant.components.demo.lock.LOCK_UNLOCK_DELAY", 0.5):
        calls = [
            asyncio.create_task(_lock_slowly(raw, session_id, token, 10 + index))
            for index, session_id in enumerate(held)
        ]
        await _serving(registry, held)
        opening = asyncio.create_task(raw.initialize(token))
        await asyncio.sleep(0.1)
        assert not opening.done()  # Every session is serving: it waits.
        await asyncio.gather(*calls)
        async with asyncio.timeout(5):
            assert await opening
    assert len(registry) == 4
    assert sum([await raw.tools_list(sid, token) == HTTPStatus.OK for sid in held]) == 3


async def test_idle_sessions_are_swept_on_home_assistants_clock(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """No request for 30 minutes: closed. Used, or holding its stream open: kept."""
    raw.token = await _token(hass, hass_admin_user)  # Outlives the travel (10 days).
    registry, closed = _closing(sessions)
    idle = await raw.initialize()
    used = await raw.initialize()
    listening = await raw.initialize()
    stream = await raw.request("GET", listening)  # The client follows its stream.
    assert stream.status == HTTPStatus.OK

    async def travel(minutes: int) -> None:
        freezer.tick(timedelta(minutes=minutes))
        async_fire_time_changed(hass)
        await hass.async_block_till_done()

    await travel(20)
    assert closed == []
    assert await raw.tools_list(used) == HTTPStatus.OK
    await travel(11)
    assert closed == [idle]
    assert await raw.tools_list(idle) == HTTPStatus.NOT_FOUND
    assert await raw.tools_list(used) == HTTPStatus.OK
    await travel(29)
    assert closed == [idle]  # The stream has been open for an hour: not idle.
    stream.close()  # The client goes away without a DELETE.
    await _served(registry, listening)
    await travel(31)
    assert sorted(closed) == sorted([idle, used, listening])
    assert len(registry) == 0
    for session_id in (idle, used, listening):
        assert await raw.tools_list(session_id) == HTTPStatus.NOT_FOUND


async def test_unload_closes_every_session(
    mcp: McpHarness, hass: HomeAssistant, sessions: MockConfigEntry, raw: Raw
) -> None:
    """Options changes reload the entry: sessions end, streams close, callbacks run."""
    registry, closed = _closing(sessions)
    first = await raw.initialize()
    second = await raw.initialize()
    stream = await raw.request("GET", first)
    assert stream.status == HTTPStatus.OK
    await _set_sessions(hass, sessions, False)
    await stream.read()
    assert sorted(closed) == sorted([first, second])
    assert len(registry) == 0
    # Sessions off now: GET is not served, requests stand alone.
    assert (await raw.request("GET", first)).status == HTTPStatus.METHOD_NOT_ALLOWED
    await _set_sessions(hass, sessions, True)
    assert await raw.tools_list(second) == HTTPStatus.NOT_FOUND


async def test_status_shows_the_sessions(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    ws = await hass_ws_client()
    await ws.send_json_auto_id({"type": "home_mcp/status"})
    status = (await ws.receive_json())["result"]
    assert status["sessions"] == {"enabled": True, "open": 0, "limit": 16, "items": []}
    assert status["options"]["enable_sessions"] is True

    token = await _token(hass, hass_admin_user)  # Outlives the travel (10 days).
    raw.token = token
    session_id = await raw.initialize()
    registry = _registry(sessions)
    registry.subscription_count = lambda sid: 3 if sid == session_id else 0
    freezer.tick(timedelta(minutes=5))
    assert await raw.tools_list(session_id) == HTTPStatus.OK
    await _served(registry, session_id)
    freezer.tick(timedelta(seconds=42))
    ws = await hass_ws_client(access_token=token)
    await ws.send_json_auto_id({"type": "home_mcp/status"})
    status = (await ws.receive_json())["result"]
    assert status["sessions"] == {
        "enabled": True,
        "open": 1,
        "limit": 16,
        "items": [
            {
                "client": "raw-client 2",
                "credential": registry.async_sessions()[0].credential_name,
                "user": "Mock User",
                "age_seconds": 342,
                "idle_seconds": 42,
                "subscriptions": 3,
            }
        ],
    }
    assert session_id not in json.dumps(status)


async def test_revoking_the_credential_ends_its_sessions(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions: MockConfigEntry,
    raw: Raw,
    hass_admin_user: MockUser,
    hass_ws_client: Callable[..., Any],
) -> None:
    """A revoked token or client key keeps no session (nor its stream) open."""
    registry = _registry(sessions)
    token = await _token(hass, hass_admin_user)
    by_token = await raw.initialize(token)
    ws = await hass_ws_client()
    await ws.send_json_auto_id({"type": "home_mcp/keys/create", "name": "laptop", "scope": "read"})
    key = (await ws.receive_json())["result"]
    by_key = await raw.initialize(key["key"])
    kept = await raw.initialize()
    stream = await raw.request("GET", by_token, token)
    assert stream.status == HTTPStatus.OK

    refresh = hass.auth.async_validate_access_token(token)
    assert refresh is not None
    hass.auth.async_remove_refresh_token(refresh)
    await hass.async_block_till_done()
    await stream.read()  # The stream ended with the session.
    assert registry.async_get(by_token) is None

    await ws.send_json_auto_id({"type": "home_mcp/keys/revoke", "key_id": key["key_id"]})
    assert (await ws.receive_json())["success"] is True
    await hass.async_block_till_done()
    assert registry.async_get(by_key) is None
    assert [s.session_id for s in registry.async_sessions()] == [kept]
    assert await raw.tools_list(kept) == HTTPStatus.OK


def test_the_sdk_session_table_home_mcp_reads_exists_in_this_sdk() -> None:
    """The SDK's session table and its DELETE ending are there, as `SdkSessions` reads them.

    Both are private to the MCP SDK (`transport/sdk_sessions.py` is their
    only reader): an SDK upgrade that renames either fails here first.
    """
    import inspect  # noqa: PLC0415

    from mcp.server.lowlevel.server import Server  # noqa: PLC0415
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager  # noqa: PLC0415

    manager = StreamableHTTPSessionManager(app=Server("contract"), stateless=False)
    assert manager._server_instances == {}  # noqa: SLF001
    discard = manager._discard_session  # noqa: SLF001
    assert inspect.iscoroutinefunction(discard)
    assert list(inspect.signature(discard).parameters) == ["session_id", "transport"]
