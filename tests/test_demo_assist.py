"""In `script/demo`: Home Assistant's own MCP server offers "Home MCP", and it cannot unlock through it.

The test starts its own `script/demo` (a real Home Assistant 2026.11 with
Home MCP and the demo's devices, on a free port, its state in a temporary
directory), then does what an owner does in Settings → Devices & services,
through Home Assistant's REST API as the UI does:

1. adds core's "Model Context Protocol Server" (`mcp_server`) and opens its
   options: the LLM APIs it offers to serve (`llm.async_get_apis`, the list
   every conversation agent's options show too) include "Home MCP" beside
   "Assist";
2. connects the official MCP SDK client to `/api/mcp/home_mcp`, where core's
   server serves Home MCP's LLM API, and asks it to unlock the front door:
   the answer is Home MCP's refusal with a confirmation, and Home Assistant's
   REST API shows the lock still locked; a light turns on at once.

A conversation agent's own form and a real agent's tool calls are in
`tests/test_conversation_agent.py` (Ollama's integration in the test harness).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
import pytest

from .demo import DEMO_START_SECONDS, ROOT, demo_home_assistant, entity_state

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}


async def _rest(demo: dict[str, str], path: str, body: dict[str, Any]) -> dict[str, Any]:
    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {demo['token']}"}, timeout=60
    ) as http:
        response = await http.post(f"{demo['url']}{path}", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.timeout(DEMO_START_SECONDS + 300)
async def test_core_mcp_server_offers_home_mcp_and_cannot_unlock_through_it(
    socket_enabled: None, tmp_path: Path
) -> None:
    async with demo_home_assistant(tmp_path / "demo", ROOT / "artifacts" / "demo-assist") as demo:
        flow = await _rest(demo, "/api/config/config_entries/flow", {"handler": "mcp_server"})
        created = await _rest(demo, f"/api/config/config_entries/flow/{flow['flow_id']}", {})
        assert created["type"] == "create_entry", created
        options = await _rest(
            demo,
            "/api/config/config_entries/options/flow",
            {"handler": created["result"]["entry_id"]},
        )
        (field,) = [f for f in options["data_schema"] if f["name"] == "llm_hass_api"]
        offered = {o["value"]: o["label"] for o in field["selector"]["select"]["options"]}
        assert offered.get("home_mcp") == "Home MCP" and "assist" in offered, offered

        assert await entity_state(demo, "lock.front_door") == "locked"
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {demo['token']}"}, timeout=60)
        url = f"{demo['url']}/api/mcp/home_mcp"
        async with (
            http,
            Client(streamable_http_client(url, http_client=http), mode="legacy") as client,
        ):
            names = {tool.name for tool in (await client.list_tools()).tools}
            unlock = await client.call_tool("call_service", UNLOCK)
            light = await client.call_tool(
                "call_service",
                {
                    "domain": "light",
                    "service": "turn_on",
                    "target": {"entity_id": "light.bed_light"},
                },
            )

        assert {"home_overview", "call_service", "get_confirmation"} <= names
        assert "HassTurnOff" not in names  # Assist's tools are at /api/mcp/assist.
        assert unlock.is_error
        refusal = json.loads(unlock.content[0].text)  # type: ignore[union-attr]
        assert refusal["error"] == "needs_confirmation" and refusal["action"] == "lock.unlock"
        assert await entity_state(demo, "lock.front_door") == "locked"
        assert not light.is_error
        assert await entity_state(demo, "light.bed_light") == "on"
