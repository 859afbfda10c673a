"""Every record Home MCP stores is written, whatever text the request carried.

Each stored record type (audit entries for tool calls, decisions and
escapes; confirmations; client keys) is produced through its real path with
hostile text: lone surrogates, control and bidirectional characters, huge
names. Then Home Assistant's final write before a restart runs, and every
record must be there, encodable as UTF-8 JSON, with no repair needed (the
text was made safe where it entered).
"""

from __future__ import annotations

from collections.abc import Callable
import json
from typing import Any

import httpx2
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from homeassistant.const import EVENT_HOMEASSISTANT_FINAL_WRITE
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from tests.conftest import DOMAIN, McpHarness
from tests.hostile.test_faults import HEADERS
from tests.test_confirmations import _decide, frontend_token  # noqa: F401

HOSTILE = "\x00\x1b[31m\u202eevil\u200b\n\udcff" + "x" * 5000


def hostile_call(name: str, arguments: dict[str, Any], *, modern: bool) -> bytes:
    """Return a `tools/call` whose arguments (and on 2026-07-28, clientInfo) hold hostile text."""
    params: dict[str, Any] = {"name": name, "arguments": arguments}
    if modern:
        params["_meta"] = {
            "io.modelcontextprotocol/clientInfo": {"name": HOSTILE, "version": "\udfff"},
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
        }
    # json.dumps escapes lone surrogates as \udcff: what a client can send.
    return json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
    ).encode()


async def send(mcp: McpHarness, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Send a hostile call; return its structured result.

    A tool name that cannot be an HTTP header (`Mcp-Name`) goes as a
    handshake-era stateless request instead.
    """
    modern = name.isascii() and name.isprintable()
    headers = {"Authorization": f"Bearer {mcp.token}", **HEADERS}
    if modern:
        headers |= {
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": name,
        }
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(
            mcp.url, content=hostile_call(name, arguments, modern=modern), headers=headers
        )
    assert response.status_code == 200, response.text
    return dict(response.json()["result"]["structuredContent"])


async def test_every_stored_record_type_survives_hostile_text(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    frontend_token: str,  # noqa: F811
    hass_admin_user: MockUser,
    hass_storage: dict[str, Any],
) -> None:
    """Tool calls, a confirmation, a person's decision, an escape and a key: all saved."""
    await hass.auth.async_update_user(hass_admin_user, name="Ad\u202emin\x07")
    read = await send(mcp, "list_areas", {})
    assert read["ok"] is True
    unknown = await send(mcp, "no_such_tool\udcff\x00", {})
    assert unknown["error"] == "unknown_tool"
    refused = await send(
        mcp,
        "call_service",
        {
            "domain": "script",
            "service": "turn_on",
            "target": {"entity_id": "script.unlock_front"},
            "data": {
                "variables": {
                    "code\udcff": HOSTILE[:100],
                    "note": ["\ud800", {"\x00": "\u202e"}],
                }
            },
        },
    )
    assert refused["error"] == "needs_confirmation"
    answer = await _decide(hass_ws_client, frontend_token, refused["confirmation_id"], "deny")
    assert answer["success"], answer
    client = await hass_ws_client()
    await client.send_json_auto_id(
        {"type": "home_mcp/keys/create", "name": "\u202eKitchen\x00 tablet", "scope": "read"}
    )
    created = await client.receive_json()
    assert created["success"], created
    home_mcp.runtime_data.audit.async_record_escape(
        {
            "user": "Ad\u202emin\x07",
            "credential": "token",
            "client": HOSTILE[:12],  # Controls; the Caller it comes from has no surrogates.
            "action": "script.turn_on",
            "entity_id": "lock.front_door",
            "from": "locked",
            "to": "unlocked",
            "chain": ["script.x"],
        }
    )

    hass.bus.async_fire(EVENT_HOMEASSISTANT_FINAL_WRITE)
    await hass.async_block_till_done()

    for key in ("audit", "confirmations", "keys"):
        stored = hass_storage[f"{DOMAIN}.{key}"]["data"]
        json.dumps(stored, ensure_ascii=False).encode("utf-8")  # Encodable as written.
    entries = hass_storage[f"{DOMAIN}.audit"]["data"]["entries"]
    assert [e["kind"] for e in entries[-5:]] == ["tool", "tool", "tool", "decision", "escape"]
    client_names = {e.get("client") for e in entries if e["kind"] == "tool"}
    for name in client_names - {None}:
        assert "\x00" not in name and "\u202e" not in name and len(name) <= 120
    assert "no_such_tool" in entries[-4]["tool"] and "\x00" not in entries[-4]["tool"]
    [confirmation] = hass_storage[f"{DOMAIN}.confirmations"]["data"]["confirmations"]
    assert confirmation["state"] == "denied"
    assert confirmation["action"]["data"]["variables"]["code\ufffd"] == HOSTILE[:100].replace(
        "\udcff", "\ufffd"
    )
    [key] = hass_storage[f"{DOMAIN}.keys"]["data"]["keys"]
    assert key["name"] == "Kitchen tablet"
    # Nothing needed the safety net: the text was made safe where it entered.
    assert not [i for i in ir.async_get(hass).issues.values() if i.domain == DOMAIN]
