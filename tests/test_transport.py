"""The MCP endpoint's HTTP behaviour: statuses the specification names, with bodies."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from http import HTTPStatus
import json
import logging
from typing import Any
from unittest.mock import patch

import aiohttp
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant

from .conftest import McpHarness

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "raw-test", "version": "0"},
    },
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture
async def http(mcp: McpHarness, hass_client: Callable[..., Any]) -> Any:
    """Return an authenticated aiohttp test client for Home Assistant."""
    return await hass_client()


async def _still_serving(http: Any) -> None:
    """Home Assistant and the endpoint still answer a well-formed request."""
    response = await http.post("/api/mcp", json=INITIALIZE, headers=HEADERS)
    assert response.status == HTTPStatus.OK
    body = await response.json()
    assert body["result"]["serverInfo"]["name"] == "Home MCP"


async def test_initialize_and_both_urls(http: Any) -> None:
    """A valid initialize answers 200 JSON at both URLs."""
    for url in ("/api/mcp", "/api/home_mcp"):
        response = await http.post(url, json=INITIALIZE, headers=HEADERS)
        assert response.status == HTTPStatus.OK, url
        assert response.content_type == "application/json"
        body = await response.json()
        assert body["id"] == 1
        assert "call `home_overview` first" in body["result"]["instructions"].lower()


async def test_missing_accept_is_406_with_what_to_send(http: Any) -> None:
    response = await http.post(
        "/api/mcp",
        data=json.dumps(INITIALIZE),
        headers={"Content-Type": "application/json", "Accept": "text/html"},
    )
    assert response.status == HTTPStatus.NOT_ACCEPTABLE
    body = await response.json()
    assert "Accept: application/json, text/event-stream" in body["error"]["message"]
    await _still_serving(http)


async def test_wrong_content_type_is_415(http: Any) -> None:
    response = await http.post(
        "/api/mcp",
        data=json.dumps(INITIALIZE),
        headers={"Content-Type": "text/plain", "Accept": "application/json"},
    )
    assert response.status == HTTPStatus.UNSUPPORTED_MEDIA_TYPE
    body = await response.json()
    assert "application/json" in body["error"]["message"]


def _discover(request_id: int | str, version: str) -> dict[str, Any]:
    """Return a 2026-07-28 `server/discover` request for protocol `version`."""
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "server/discover",
        "params": {
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": version,
                "io.modelcontextprotocol/clientInfo": {"name": "raw-test", "version": "0"},
                "io.modelcontextprotocol/clientCapabilities": {},
            }
        },
    }


async def test_unsupported_protocol_version_names_the_versions_discover_lists(http: Any) -> None:
    """-32022 answers the request's id and offers what server/discover offers."""
    response = await http.post(
        "/api/mcp",
        json=_discover(300, "2026-07-28"),
        headers={**HEADERS, "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"},
    )
    discovered = (await response.json())["result"]["supportedVersions"]
    assert discovered == ["2026-07-28"]
    response = await http.post(
        "/api/mcp",
        json=_discover(301, "v999.0.0"),
        headers={**HEADERS, "MCP-Protocol-Version": "v999.0.0", "Mcp-Method": "server/discover"},
    )
    assert response.status == HTTPStatus.BAD_REQUEST
    body = await response.json()
    assert body["id"] == 301
    assert body["error"]["code"] == -32022
    assert body["error"]["data"] == {"supported": discovered, "requested": "v999.0.0"}
    assert "initialize" in body["error"]["message"]  # How earlier clients get in.


@pytest.mark.parametrize("request_id", [301, "req-301"])
@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Accept": "text/html"}, HTTPStatus.NOT_ACCEPTABLE),
        ({"Content-Type": "text/plain"}, HTTPStatus.UNSUPPORTED_MEDIA_TYPE),
        ({"MCP-Protocol-Version": "1999-01-01"}, HTTPStatus.BAD_REQUEST),
        ({"Origin": "https://evil.example"}, HTTPStatus.FORBIDDEN),
    ],
    ids=["accept", "content_type", "version", "origin"],
)
async def test_errors_answer_the_request_id(
    http: Any, headers: dict[str, str], status: HTTPStatus, request_id: int | str
) -> None:
    """Whatever check fails, a body that parses gets its own id back."""
    message = {"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}
    response = await http.post("/api/mcp", data=json.dumps(message), headers={**HEADERS, **headers})
    assert response.status == status
    body = await response.json()
    assert body["id"] == request_id
    assert body["error"]["code"] < 0


@pytest.mark.parametrize(
    ("payload", "code", "words", "request_id"),
    [
        ("{not json", -32700, "not JSON", None),
        ('{"hello": "world"}', -32600, "jsonrpc", None),
        ('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', -32600, "batches", None),
        ('{"jsonrpc": "2.0", "id": 1, "method": 5}', -32600, "method", 1),
        ('"just a string"', -32600, "object", None),
    ],
)
async def test_malformed_json_rpc_is_400(
    http: Any, payload: str, code: int, words: str, request_id: int | None
) -> None:
    response = await http.post("/api/mcp", data=payload, headers=HEADERS)
    assert response.status == HTTPStatus.BAD_REQUEST
    body = await response.json()
    assert body["jsonrpc"] == "2.0"
    assert body["id"] == request_id  # Null when no id can be read from the body.
    assert body["error"]["code"] == code
    assert words in body["error"]["message"]
    await _still_serving(http)


async def test_large_body_within_the_limit_is_read_whole(http: Any) -> None:
    """A body of several network chunks is read to its end."""
    big = json.dumps({**INITIALIZE, "params": {**INITIALIZE["params"], "pad": "x" * 700_000}})
    response = await http.post("/api/mcp", data=big, headers=HEADERS)
    assert response.status == HTTPStatus.OK
    assert (await response.json())["result"]["serverInfo"]["name"] == "Home MCP"


async def test_oversized_body_is_413(http: Any) -> None:
    big = json.dumps({**INITIALIZE, "padding": "x" * (1024 * 1024 + 10)})
    response = await http.post("/api/mcp", data=big, headers=HEADERS)
    assert response.status == HTTPStatus.REQUEST_ENTITY_TOO_LARGE
    body = await response.json()
    assert "too large" in body["error"]["message"]
    await _still_serving(http)


@pytest.mark.parametrize("method", ["GET", "DELETE"])
async def test_get_and_delete_without_sessions_are_405(http: Any, method: str) -> None:
    """Clients configured for the old SSE transport learn how to switch."""
    response = await http.request(method, "/api/mcp", headers={"Accept": "text/event-stream"})
    assert response.status == HTTPStatus.METHOD_NOT_ALLOWED
    assert response.headers["Allow"] == "POST"
    body = await response.json()
    assert "Streamable HTTP" in body["error"]["data"]["hint"]
    assert "--transport http" in body["error"]["data"]["hint"]


async def test_notification_is_202(http: Any) -> None:
    response = await http.post(
        "/api/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=HEADERS
    )
    assert response.status == HTTPStatus.ACCEPTED


async def test_unknown_method_is_a_json_rpc_error(http: Any) -> None:
    response = await http.post(
        "/api/mcp",
        json={"jsonrpc": "2.0", "id": 9, "method": "no/such"},
        headers={**HEADERS, "MCP-Protocol-Version": "2025-11-25"},
    )
    body = await response.json()
    assert body["error"]["code"] == -32601


async def test_foreign_origin_is_403(http: Any) -> None:
    response = await http.post(
        "/api/mcp", json=INITIALIZE, headers={**HEADERS, "Origin": "https://evil.example"}
    )
    assert response.status == HTTPStatus.FORBIDDEN
    assert "Origin" in (await response.json())["error"]["message"]
    response = await http.post(
        "/api/mcp", json=INITIALIZE, headers={**HEADERS, "Origin": "http://localhost:6274"}
    )
    assert response.status == HTTPStatus.OK


async def test_no_token_is_401_with_resource_metadata(
    mcp: McpHarness, hass_client_no_auth: Callable[..., Any]
) -> None:
    client = await hass_client_no_auth()
    response = await client.post("/api/mcp", json=INITIALIZE, headers=HEADERS)
    assert response.status == HTTPStatus.UNAUTHORIZED
    response = await client.post(
        "/api/mcp", json=INITIALIZE, headers={**HEADERS, "Authorization": "Bearer nope"}
    )
    assert response.status == HTTPStatus.UNAUTHORIZED


async def test_client_hang_up_does_not_cancel_the_action(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A client that hangs up mid-call: the action finishes, nothing crashes."""
    call = {
        "jsonrpc": "2.0",
        "id": 3,
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
    door = "lock.kitchen_door"
    with patch("homeassistant.components.demo.lock.LOCK_UNLOCK_DELAY", 0.5):
        async with aiohttp.ClientSession(
            headers={**HEADERS, "Authorization": f"Bearer {mcp.token}"}
        ) as session:
            request = asyncio.ensure_future(session.post(mcp.url, json=call))
            # Hang up once the action is under way, however long the call took to get there.
            async with asyncio.timeout(10):
                while hass.states.get(door).state != "locking":  # noqa: ASYNC110
                    await asyncio.sleep(0.01)
            request.cancel()
            with pytest.raises(asyncio.CancelledError):
                await request
        await asyncio.sleep(0.6)
        await hass.async_block_till_done()
    assert hass.states.get(door).state == "locked"


async def test_core_mcp_server_keeps_api_mcp(
    hass: HomeAssistant,
    hass_client: Callable[..., Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """With core's mcp_server set up, Home MCP answers at /api/home_mcp only."""
    MockConfigEntry(domain="mcp_server", data={}).add_to_hass(hass)
    entry = MockConfigEntry(domain="home_mcp", data={})
    entry.add_to_hass(hass)
    with caplog.at_level(logging.WARNING):
        assert await hass.config_entries.async_setup(entry.entry_id)
    assert "Home MCP answers at /api/home_mcp only" in caplog.text
    client = await hass_client()
    response = await client.post("/api/home_mcp", json=INITIALIZE, headers=HEADERS)
    assert response.status == HTTPStatus.OK
    response = await client.post("/api/mcp", json=INITIALIZE, headers=HEADERS)
    assert response.status == HTTPStatus.NOT_FOUND
