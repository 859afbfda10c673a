"""MCP's logging utility: `logging/setLevel` and `notifications/message`.

A handshake-era client is offered `logging`; in a session it sets a level
and is sent a record, at or above that level, when the gate makes an action
wait for a person or a call is refused. 2026-07-28 (which deprecates logging
and would need an event stream per request) is not offered it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
import json
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_mcp.client_logs import tool_record
from custom_components.home_mcp.runner import Outcome
from custom_components.home_mcp.tools import Refusal
from homeassistant.core import HomeAssistant

from .conftest import McpHarness, entity_state, set_options

pytestmark = pytest.mark.filterwarnings("ignore:The logging capability is deprecated")

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-11-25",
}

type Records = list[types.LoggingMessageNotificationParams]


@asynccontextmanager
async def _logging_client(mcp: McpHarness, records: Records) -> AsyncIterator[Client]:
    """Open a handshake-era SDK client that collects the log records it is sent."""

    async def collect(params: types.LoggingMessageNotificationParams) -> None:
        records.append(params)

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {mcp.token}"}, timeout=30)
    async with (
        http,
        Client(
            streamable_http_client(mcp.url, http_client=http),
            mode="legacy",
            cache=None,
            logging_callback=collect,
            client_info=types.Implementation(name="pytest-client", version="1.0"),
        ) as client,
    ):
        yield client


async def _set_level(mcp: McpHarness, level: Any) -> dict[str, Any]:
    """Send a stateless `logging/setLevel` with `level`; return the JSON-RPC answer."""
    request = {"jsonrpc": "2.0", "id": 5, "method": "logging/setLevel", "params": {"level": level}}
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(
            mcp.url, json=request, headers={**HEADERS, "Authorization": f"Bearer {mcp.token}"}
        )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def test_a_handshake_client_is_offered_logging_and_a_2026_client_is_not(
    mcp: McpHarness,
) -> None:
    """`initialize` declares `logging`; `server/discover` (2026-07-28) does not.

    2026-07-28 has no `logging/setLevel`.
    """
    async with mcp.client("legacy") as client:
        assert client.server_capabilities.logging is not None
    async with mcp.client("auto") as client:
        assert client.server_capabilities.logging is None
        assert client.server_capabilities.tools is not None
        with pytest.raises(MCPError) as err:
            await client.set_logging_level("info")
        assert err.value.code == types.METHOD_NOT_FOUND


async def test_set_level_accepts_a_level_and_refuses_an_unknown_one(mcp: McpHarness) -> None:
    """A level of the specification is accepted; another is invalid params, with its id."""
    assert await _set_level(mcp, "warning") == {"jsonrpc": "2.0", "id": 5, "result": {}}
    for level in ("loud", "WARNING", 3, None):
        answer = await _set_level(mcp, level)
        assert answer["id"] == 5
        assert answer["error"]["code"] == types.INVALID_PARAMS, answer
        assert "logging/setLevel needs" in answer["error"]["message"]
        assert answer["error"]["data"]["levels"] == [
            "debug",
            "info",
            "notice",
            "warning",
            "error",
            "critical",
            "alert",
            "emergency",
        ]


async def test_in_a_session_records_arrive_at_or_above_the_level_only(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """An unlock waiting for approval is a notice; a refused call a warning; below: nothing."""
    await set_options(hass, home_mcp, enable_sessions=True)
    records: Records = []
    async with _logging_client(mcp, records) as client:
        assert client.server_capabilities.logging is not None
        # Before the client asks for a level it is sent nothing.
        await client.call_tool("call_service", UNLOCK)
        assert records == []

        await client.set_logging_level("notice")
        result = await client.call_tool("call_service", UNLOCK)
        assert result.structured_content is not None
        assert result.structured_content["error"] == "needs_confirmation"
        [waiting] = records
        assert waiting.level == "notice"
        assert waiting.logger == "home_mcp"
        assert waiting.data == {
            "tool": "call_service",
            "error": "needs_confirmation",
            "message": result.structured_content["message"],
        }
        # Nothing the result does not say: no approval link, no confirmation id.
        text = json.dumps(waiting.data)
        assert result.structured_content["confirmation_id"] not in text
        assert "/confirmation/" not in text
        assert mcp.token not in text

        records.clear()
        await client.call_tool("get_entity", {"entity_id": "light.nowhere_at_all"})
        [refused] = records
        assert refused.level == "warning"
        assert refused.data["tool"] == "get_entity"
        records.clear()
        await client.call_tool("open_every_door", {})
        [unknown] = records
        assert (unknown.level, unknown.data["error"]) == ("warning", "unknown_tool")

        records.clear()
        await client.set_logging_level("warning")
        await client.call_tool("call_service", UNLOCK)
        assert records == []  # A notice, below the level.
        await client.call_tool("get_entity", {"entity_id": "light.nowhere_at_all"})
        assert [record.level for record in records] == ["warning"]

        records.clear()
        await client.set_logging_level("error")
        await client.call_tool("get_entity", {"entity_id": "light.nowhere_at_all"})
        await client.call_tool("list_areas", {})
        assert records == []
    assert entity_state(hass, "lock.front_door") == "locked"


def test_a_waiting_action_is_known_by_its_refusal_not_by_the_code_its_result_spells() -> None:
    """A notice is for a `Refusal` the call ended in; the same words without one are a warning.

    The record says what the result says, whichever it is.
    """
    refusal = Refusal(
        {
            "ok": False,
            "refused": True,
            "error": "needs_confirmation",
            "message": "Not done: lock.unlock opens the house.",
            "action": "lock.unlock",
            "confirmation_id": "0123abcd",
        }
    )
    payload = refusal.as_result()
    said = {"tool": "call_service", "error": "needs_confirmation", "message": payload["message"]}
    assert tool_record("call_service", Outcome(payload, refusal)) == ("notice", said)
    assert tool_record("call_service", Outcome(payload)) == ("warning", said)
    assert tool_record("call_service", Outcome({"ok": True})) is None


async def test_a_session_level_is_its_own(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """One session's level does not make another session's client receive records."""
    await set_options(hass, home_mcp, enable_sessions=True)
    first: Records = []
    second: Records = []
    async with (
        _logging_client(mcp, first) as listening,
        _logging_client(mcp, second) as quiet,
    ):
        await listening.set_logging_level("debug")
        await quiet.call_tool("call_service", UNLOCK)
        await listening.call_tool("call_service", UNLOCK)
    assert [record.level for record in first] == ["notice"]
    assert second == []


async def test_without_sessions_set_level_is_answered_and_nothing_is_sent(
    mcp: McpHarness,
) -> None:
    """Sessions off: each request stands alone, so no level outlives it."""
    records: Records = []
    async with _logging_client(mcp, records) as client:
        await client.set_logging_level("debug")
        result = await client.call_tool("call_service", UNLOCK)
        assert result.is_error is True
    assert records == []
