"""What a write reports: Home Assistant's errors, its permissions, and time limits."""

from __future__ import annotations

import asyncio
from unittest.mock import patch

from mcp.server.session import ServerSession

from homeassistant.core import HomeAssistant

from .conftest import McpHarness


async def test_home_assistant_error_is_reported(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Arming without the required code: Home Assistant's own error comes back."""
    data = await mcp.data(
        "call_service",
        {
            "domain": "alarm_control_panel",
            "service": "alarm_arm_away",
            "target": {"entity_id": "alarm_control_panel.security"},
        },
    )
    assert data["ok"] is False
    assert data["error"] in ("action_failed", "invalid_data")
    assert "code" in data["message"].lower()
    assert data["completed"] is False
    assert data["states"][0]["state"] == "disarmed"
    assert data["states"][0]["changed"] is False


async def test_read_only_user_is_refused_by_home_assistant(
    mcp: McpHarness, hass: HomeAssistant, hass_read_only_access_token: str
) -> None:
    """Actions carry the caller's user: Home Assistant's permissions hold."""
    async with mcp.client(token=hass_read_only_access_token) as client:
        result = await client.call_tool(
            "call_service",
            {
                "domain": "light",
                "service": "turn_on",
                "target": {"entity_id": "light.ceiling_lights"},
            },
        )
    data = result.structured_content
    assert data is not None
    assert data["error"] == "unauthorized", data
    await hass.async_block_till_done()
    assert hass.states.get("light.ceiling_lights").state == "on"
    # Reads still work for a read-only user.
    async with mcp.client(token=hass_read_only_access_token) as client:
        overview = await client.call_tool("home_overview", {})
    assert overview.is_error is False


async def test_context_names_the_user(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user
) -> None:  # type: ignore[no-untyped-def]
    """The logbook attributes the action to the token's user."""
    await mcp.data(
        "call_service",
        {"domain": "light", "service": "turn_off", "target": {"entity_id": "light.ceiling_lights"}},
    )
    state = hass.states.get("light.ceiling_lights")
    assert state.state == "off"
    assert state.context.user_id == hass_admin_user.id


async def test_slow_action_reports_still_running(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Past the time limit the result says so, with states as of now."""
    with patch("custom_components.home_mcp.actions.ACTION_TIMEOUT", 0.2):
        data = await mcp.data("call_service", {"domain": "script", "service": "slow_lights"})
    assert data["error"] == "timeout"
    assert data["completed"] is False
    assert "still running" in data["message"]
    assert {row["entity_id"]: row["state"] for row in data["states"]}[
        "light.kitchen_lights"
    ] == "on"
    # Home Assistant keeps running it.
    await asyncio.sleep(1.2)
    await hass.async_block_till_done()
    assert hass.states.get("light.kitchen_lights").state == "off"


async def test_progress_while_waiting_keeps_the_answer(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A tool that reports progress still answers with its own response."""
    progress: list[float] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(value)

    reported: list[float] = []
    real_report = ServerSession.report_progress

    async def report(self: ServerSession, value: float, *args: object) -> None:
        reported.append(value)
        await real_report(self, value, *args)  # type: ignore[arg-type]

    with (
        patch("custom_components.home_mcp.actions.PROGRESS_INTERVAL", 0.1),
        patch.object(ServerSession, "report_progress", report),
    ):
        async with mcp.client() as client:
            result = await client.call_tool(
                "call_service",
                {"domain": "script", "service": "slow_lights"},
                progress_callback=on_progress,
            )
    assert len(reported) >= 3  # The server did report progress on the way.
    data = result.structured_content
    assert data is not None and data["ok"] is True, data
    assert data["completed"] is True
    assert {row["entity_id"]: row["state"] for row in data["states"]}[
        "light.kitchen_lights"
    ] == "off"
