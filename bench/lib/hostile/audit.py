"""The audit as the hostile-input benchmark reads it (the panel's command, the file) and guarded states."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

import aiohttp

if TYPE_CHECKING:
    from pathlib import Path

    from lib.hostile.demo import Demo

AUDIT_LIMIT: Final = 2000
WATCHED_DOMAINS: Final = ("lock", "cover", "valve", "alarm_control_panel")


async def read_audit(demo: Demo) -> list[dict[str, Any]]:
    """Return the audit's newest entries (newest first) through the panel's websocket command."""
    ws_url = demo.url.replace("http", "ws", 1) + "/api/websocket"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(ws_url, max_msg_size=0) as ws,
    ):
        first = await ws.receive_json()
        if first.get("type") != "auth_required":
            raise RuntimeError(f"unexpected websocket greeting: {first}")
        await ws.send_json({"type": "auth", "access_token": demo.token})
        if (answer := await ws.receive_json()).get("type") != "auth_ok":
            raise RuntimeError(f"websocket authentication failed: {answer}")
        await ws.send_json({"id": 1, "type": "home_mcp/audit", "limit": AUDIT_LIMIT})
        result = await ws.receive_json()
    if not result.get("success"):
        raise RuntimeError(f"home_mcp/audit failed: {result.get('error')}")
    return [entry for entry in result["result"] if isinstance(entry, dict)]


def audit_key(entry: dict[str, Any]) -> str:
    """Return `entry` as text that tells entries apart (keys sorted)."""
    return json.dumps(entry, sort_keys=True, ensure_ascii=True)


def read_audit_file(config_dir: Path) -> list[dict[str, Any]]:
    """Return the entries of `.storage/home_mcp.audit` (raises OSError, ValueError)."""
    data = json.loads((config_dir / ".storage" / "home_mcp.audit").read_bytes())
    return [e for e in data.get("data", {}).get("entries", []) if isinstance(e, dict)]


async def watched_states(demo: Demo) -> dict[str, str]:
    """Return the state of every lock, cover, valve and alarm panel (REST `/api/states`)."""
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bearer {demo.token}"}) as session,
        session.get(demo.url + "/api/states") as response,
    ):
        states = await response.json()
    return {
        s["entity_id"]: s["state"]
        for s in states
        if s["entity_id"].split(".", 1)[0] in WATCHED_DOMAINS
    }
