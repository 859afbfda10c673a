"""MCP Apps for handshake-era clients (2025-11-25 and before), sessions on and off.

Claude Desktop, claude.ai, ChatGPT, VS Code and Goose declare the extension
once, in `initialize` (`capabilities.extensions`). With sessions on, the
session keeps what its `initialize` declared. Without sessions (the
default), each request stands alone: Home MCP remembers, per credential,
whether its latest `initialize` declared the apps. Raw JSON-RPC over HTTP,
as such a client sends it.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
import json
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_mcp.apps import (
    APP_MIME_TYPE,
    APPS,
    EXTENSION_ID,
    AppsDeclarations,
    declares_apps,
)
from homeassistant.core import HomeAssistant

from .conftest import McpHarness, long_lived_token, set_options

VERSION = "2025-11-25"
ACCEPT = "application/json, text/event-stream"
APPS_CAPABILITIES = {"extensions": {EXTENSION_ID: {"mimeTypes": [APP_MIME_TYPE]}}}
APP_TOOLS = {tool: app.uri for app in APPS for tool in app.tools}
APP_URIS = {app.uri for app in APPS}


def _initialize(capabilities: dict[str, Any]) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": VERSION,
            "capabilities": capabilities,
            "clientInfo": {"name": "handshake-host", "version": "1"},
        },
    }


def _messages(text: str) -> list[dict[str, Any]]:
    """Return the JSON-RPC messages of a JSON or SSE body."""
    if text.lstrip().startswith("{"):
        return [json.loads(text)]
    return [
        json.loads(line.removeprefix("data:"))
        for line in text.splitlines()
        if line.startswith("data:") and line.removeprefix("data:").strip()
    ]


class Host:
    """A handshake-era client speaking raw JSON-RPC with one credential."""

    def __init__(self, client: Any, token: str) -> None:
        """Send through the aiohttp test `client` with `token`."""
        self.client = client
        self.token = token
        self.session_id: str | None = None

    def headers(self, *, initialize: bool = False) -> dict[str, str]:
        """Return the headers of a request (`initialize`: none of a session's)."""
        headers = {
            "Accept": ACCEPT,
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.token}",
        }
        if not initialize:
            headers["MCP-Protocol-Version"] = VERSION
            if self.session_id is not None:
                headers["Mcp-Session-Id"] = self.session_id
        return headers

    async def initialize(self, capabilities: dict[str, Any]) -> None:
        """Send `initialize` (and `notifications/initialized` in a session)."""
        response = await self.client.post(
            "/api/mcp", json=_initialize(capabilities), headers=self.headers(initialize=True)
        )
        assert response.status == HTTPStatus.OK, await response.text()
        [answer] = _messages(await response.text())
        assert answer["result"]["protocolVersion"] == VERSION
        self.session_id = response.headers.get("Mcp-Session-Id")
        if self.session_id is not None:
            response = await self.client.post(
                "/api/mcp",
                json={"jsonrpc": "2.0", "method": "notifications/initialized"},
                headers=self.headers(),
            )
            assert response.status == HTTPStatus.ACCEPTED

    async def result(self, method: str) -> dict[str, Any]:
        """Return the result of `method` (no params)."""
        response = await self.client.post(
            "/api/mcp",
            json={"jsonrpc": "2.0", "id": 2, "method": method},
            headers=self.headers(),
        )
        assert response.status == HTTPStatus.OK, await response.text()
        [answer] = _messages(await response.text())
        result: dict[str, Any] = answer["result"]
        return result

    async def lists(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Return the results of `tools/list` and `resources/list`."""
        return await self.result("tools/list"), await self.result("resources/list")


def _apps_seen(tools: dict[str, Any], resources: dict[str, Any]) -> bool:
    """Return True if the lists name every app, False if they name none (else fail)."""
    named = {
        tool["name"]: tool["_meta"]["ui"]["resourceUri"]
        for tool in tools["tools"]
        if "_meta" in tool
    }
    listed = {item["uri"] for item in resources["resources"] if item["uri"].startswith("ui://")}
    assert (named, listed) in ((APP_TOOLS, APP_URIS), ({}, set())), (named, listed)
    return bool(named)


def _without_apps(
    tools: dict[str, Any], resources: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return the lists with the apps' references taken out."""
    return (
        {"tools": [{k: v for k, v in tool.items() if k != "_meta"} for tool in tools["tools"]]},
        {
            **resources,
            "resources": [r for r in resources["resources"] if not r["uri"].startswith("ui://")],
        },
    )


@pytest.fixture(params=["sessions", "stateless"])
async def sessions_on(
    request: pytest.FixtureRequest, mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> bool:
    """Run with the option `enable_sessions` on, then off (the default)."""
    enabled: bool = request.param == "sessions"
    if enabled:
        await set_options(hass, home_mcp, enable_sessions=True)
    return enabled


@pytest.fixture
async def http(hass_client_no_auth: Callable[..., Any]) -> Any:
    """Return the aiohttp test client, no credential of its own."""
    return await hass_client_no_auth()


async def test_a_handshake_client_declaring_apps_in_initialize_sees_them(
    mcp: McpHarness, sessions_on: bool, http: Any, hass_access_token: str
) -> None:
    """Its tools name their apps and the apps are listed, in a session or without one."""
    host = Host(http, hass_access_token)
    await host.initialize(APPS_CAPABILITIES)
    assert (host.session_id is not None) is sessions_on
    assert _apps_seen(*await host.lists())
    # The apps read as they always did.
    read = await host.client.post(
        "/api/mcp",
        json={
            "jsonrpc": "2.0",
            "id": 3,
            "method": "resources/read",
            "params": {"uri": APPS[0].uri},
        },
        headers=host.headers(),
    )
    [answer] = _messages(await read.text())
    assert answer["result"]["contents"][0]["mimeType"] == APP_MIME_TYPE


async def test_a_handshake_client_that_does_not_declare_apps_sees_todays_lists(
    mcp: McpHarness,
    hass: HomeAssistant,
    sessions_on: bool,
    http: Any,
    hass_access_token: str,
    hass_admin_user: MockUser,
) -> None:
    """The lists a credential that never initialized sees.

    Another credential's declaration changes nothing for it; the apps add
    their references and nothing else.
    """
    never = Host(http, await long_lived_token(hass, hass_admin_user, "never initialized"))
    todays = await never.lists()
    declaring = Host(http, hass_access_token)
    await declaring.initialize(APPS_CAPABILITIES)
    plain = Host(http, await long_lived_token(hass, hass_admin_user, "plain host"))
    # Other capabilities, the extension without the apps' MIME type, or
    # under `experimental`: not a declaration of the apps.
    for capabilities in (
        {},
        {"roots": {"listChanged": True}, "elicitation": {}},
        {"extensions": {EXTENSION_ID: {}}},
        {"extensions": {EXTENSION_ID: {"mimeTypes": ["text/html"]}}},
        {"experimental": {EXTENSION_ID: {"mimeTypes": [APP_MIME_TYPE]}}},
    ):
        await plain.initialize(capabilities)
        assert await plain.lists() == todays
    assert not _apps_seen(*todays)
    # The apps add their references, nothing else.
    with_apps = await declaring.lists()
    assert _apps_seen(*with_apps)
    assert _without_apps(*with_apps) == todays


async def test_after_an_initialize_without_apps_the_credential_sees_todays_lists_again(
    mcp: McpHarness, sessions_on: bool, http: Any, hass_access_token: str
) -> None:
    """Stateless: the credential's latest `initialize` decides; sessions: each session its own."""
    before = await Host(http, hass_access_token).lists()
    first = Host(http, hass_access_token)
    await first.initialize(APPS_CAPABILITIES)
    assert _apps_seen(*await first.lists())
    second = Host(http, hass_access_token)
    await second.initialize({})
    assert await second.lists() == before
    # Without sessions both are the same credential's stateless requests: the
    # latest initialize decided. In a session, the session's own did.
    assert _apps_seen(*await first.lists()) is sessions_on
    assert await Host(http, hass_access_token).lists() == before


async def test_the_raw_bytes_without_apps_are_todays_bytes(
    mcp: McpHarness, http: Any, hass_access_token: str
) -> None:
    """Stateless: the same request answers the same bytes before and after the apps came and went."""
    request = {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
    host = Host(http, hass_access_token)

    async def body(method: str) -> bytes:
        response = await http.post(
            "/api/mcp",
            json={**request, "method": method},
            headers=host.headers(),
        )
        data: bytes = await response.read()
        return data

    before = [await body("tools/list"), await body("resources/list")]
    await host.initialize(APPS_CAPABILITIES)
    during = [await body("tools/list"), await body("resources/list")]
    await host.initialize({})
    after = [await body("tools/list"), await body("resources/list")]
    assert after == before
    assert all(b"ui://" not in item for item in before)
    assert all(b"ui://" in item for item in during)


async def test_a_2026_request_is_judged_by_its_own_capabilities(
    mcp: McpHarness, http: Any, hass_access_token: str
) -> None:
    """What a credential's handshake declared never reaches a 2026-07-28 request."""
    host = Host(http, hass_access_token)
    await host.initialize(APPS_CAPABILITIES)
    assert _apps_seen(*await host.lists())
    async with mcp.client("auto") as modern:
        tools = (await modern.list_tools()).tools
        resources = (await modern.list_resources()).resources
    assert all(tool.meta is None for tool in tools)
    assert not any(str(item.uri).startswith("ui://") for item in resources)


async def test_a_session_opened_without_apps_keeps_today_lists_whatever_came_after(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    http: Any,
    hass_access_token: str,
) -> None:
    """In a session, the session's own `initialize` decides, not the credential's latest."""
    await set_options(hass, home_mcp, enable_sessions=True)
    plain = Host(http, hass_access_token)
    await plain.initialize({})
    declaring = Host(http, hass_access_token)
    await declaring.initialize(APPS_CAPABILITIES)
    assert plain.session_id is not None
    assert declaring.session_id is not None
    assert not _apps_seen(*await plain.lists())
    assert _apps_seen(*await declaring.lists())


def test_the_declaration_is_read_as_the_sdk_reads_it() -> None:
    assert declares_apps(APPS_CAPABILITIES)
    assert declares_apps({"extensions": {EXTENSION_ID: {"mimeTypes": ["x", APP_MIME_TYPE]}}})
    for capabilities in (
        None,
        [],
        {},
        {"extensions": None},
        {"extensions": {EXTENSION_ID: None}},
        {"extensions": {EXTENSION_ID: {"mimeTypes": APP_MIME_TYPE}}},
        {"extensions": {"com.example/ui": {"mimeTypes": [APP_MIME_TYPE]}}},
        {"experimental": {EXTENSION_ID: {"mimeTypes": [APP_MIME_TYPE]}}},
    ):
        assert not declares_apps(capabilities), capabilities


def test_declarations_are_kept_for_a_bounded_number_of_credentials() -> None:
    """The credential unheard of longest is forgotten first; a plain initialize forgets at once."""
    declarations = AppsDeclarations(limit=3)
    for credential in ("a", "b", "c"):
        declarations.async_note_initialize(credential, True)
    declarations.async_note_initialize("a", True)  # Heard again: the newest.
    declarations.async_note_initialize("d", True)
    assert len(declarations) == 3
    assert not declarations.async_declared("b")
    assert all(declarations.async_declared(c) for c in ("a", "c", "d"))
    declarations.async_note_initialize("c", False)
    assert not declarations.async_declared("c")
    assert len(declarations) == 2
    declarations.async_note_initialize("never", False)
    assert len(declarations) == 2
