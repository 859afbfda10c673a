"""bench_house's and Home Assistant's HTTP API as the sessions benchmark uses it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
import time
from typing import Any, Final

import httpx2

WAIT_TIMEOUT: Final = 60.0


class House:
    """bench_house's and Home Assistant's HTTP API, with the administrator's token."""

    def __init__(self, http: httpx2.AsyncClient, base_url: str) -> None:
        """Use `http` (it carries the token) against `base_url`."""
        self.http = http
        self.base_url = base_url

    async def get(self, path: str, **params: str) -> Any:
        """GET a JSON answer."""
        response = await self.http.get(f"{self.base_url}{path}", params=params or None)
        response.raise_for_status()
        return response.json()

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST JSON; return the JSON answer."""
        response = await self.http.post(f"{self.base_url}{path}", json=body)
        if response.status_code >= 400:
            raise RuntimeError(f"POST {path}: HTTP {response.status_code}: {response.text[:500]}")
        return response.json()

    async def sessions(self, *, objects: bool = False) -> dict[str, Any]:
        """Return Home MCP's entry, sessions and followed resources (live objects too)."""
        result: dict[str, Any] = await (
            self.get("/api/bench_house/sessions", objects="1")
            if objects
            else self.get("/api/bench_house/sessions")
        )
        return result

    async def until(
        self, what: str, check: Callable[[dict[str, Any]], bool], within: float = WAIT_TIMEOUT
    ) -> dict[str, Any]:
        """Poll the sessions view until `check` holds; raise after `within` seconds."""
        deadline = time.monotonic() + within
        while True:
            status = await self.sessions()
            if check(status):
                return status
            if time.monotonic() > deadline:
                raise RuntimeError(f"Waited {within:.0f} s for {what}; last status: {status}")
            await asyncio.sleep(0.2)

    async def enable_sessions(self) -> None:
        """Turn `enable_sessions` on through the options flow, as the UI does."""
        status = await self.sessions()
        flow = await self.post(
            "/api/config/config_entries/options/flow", {"handler": status["entry_id"]}
        )
        if flow.get("type") != "form":
            raise RuntimeError(f"Options flow did not show its form: {flow}")
        result = await self.post(
            f"/api/config/config_entries/options/flow/{flow['flow_id']}",
            {"confirmation_expiry": 10, "enable_sessions": True},
        )
        if result.get("type") != "create_entry":
            raise RuntimeError(f"Options flow did not save: {result}")
        await self.until(
            "Home MCP to reload with sessions on",
            lambda s: s["state"] == "loaded" and s.get("sessions", {}).get("enabled") is True,
        )

    async def storm(self, schedule: list[str], rate: float) -> dict[str, Any]:
        """Start a storm; return `{start, changes}`."""
        started: dict[str, Any] = await self.post(
            "/api/bench_house/storm", {"entity_ids": schedule, "rate": rate, "delay": 0.5}
        )
        return started

    async def storm_result(self, within: float) -> dict[str, Any]:
        """Wait (at most `within` seconds) for the storm to end; return what happened."""
        deadline = time.monotonic() + within
        while True:
            result: dict[str, Any] = await self.get("/api/bench_house/storm")
            if result["done"]:
                if result["error"]:
                    raise RuntimeError(f"The storm failed: {result['error']}")
                return result
            if time.monotonic() > deadline:
                raise RuntimeError(f"The storm did not end within {within:.0f} s")
            await asyncio.sleep(0.5)
