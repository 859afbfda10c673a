"""`list_addons`: the add-ons Supervisor runs, on Home Assistant OS and Supervised only.

The real Supervisor cannot run here (it manages Docker containers on Home
Assistant OS); `tests/supervisor.py` stands in for its API on loopback,
answering as Supervisor does, and Home Assistant's own `hassio` integration
is set up against it (`SUPERVISOR` and `SUPERVISOR_TOKEN`, as Supervisor
gives them to Home Assistant's container). The tool reads through that
integration's client; the stand-in records what was asked.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web
import pytest

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .conftest import McpHarness, call_service, long_lived_token
from .supervisor import SECRET, SupervisorStandIn


@pytest.fixture
async def supervisor(
    hass: HomeAssistant, socket_enabled: None, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[SupervisorStandIn]:
    """Run the Supervisor stand-in and set up `hassio` against it (before Home MCP)."""
    stand_in = SupervisorStandIn()
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", stand_in.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    stand_in.url = f"http://127.0.0.1:{port}"
    monkeypatch.setenv("SUPERVISOR", f"127.0.0.1:{port}")
    monkeypatch.setenv("SUPERVISOR_TOKEN", "stand-in-token")
    assert await async_setup_component(hass, "hassio", {})
    await hass.async_block_till_done()
    yield stand_in
    await hass.config_entries.async_unload(hass.config_entries.async_entries("hassio")[0].entry_id)
    await runner.cleanup()


async def test_an_administrator_lists_and_reads_add_ons_without_their_options(
    supervisor: SupervisorStandIn, mcp: McpHarness
) -> None:
    async with mcp.client() as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert "list_addons" in names
        listed = await client.call_tool("list_addons", {})
        one = await client.call_tool("list_addons", {"slug": "core_configurator"})
        missing = await client.call_tool("list_addons", {"slug": "core_nothing"})

    page = listed.structured_content
    assert page is not None and page["total"] == 2
    assert [row["name"] for row in page["items"]] == ["File editor", "Mosquitto broker"]
    broker = page["items"][1]
    assert broker == {
        "slug": "core_mosquitto",
        "name": "Mosquitto broker",
        "state": "started",
        "version": "6.4.1",
        "version_latest": "6.5.0",
        "update_available": True,
    }
    assert one.structured_content is not None
    (editor,) = one.structured_content["items"]
    assert editor["state"] == "stopped" and editor["update_available"] is False
    assert editor["ingress_url"] == "/api/hassio_ingress/core_configurator-token/"
    assert editor["description"] == "File editor for Home Assistant"
    for result in (listed, one):
        text = result.content[0].text  # type: ignore[union-attr]
        assert SECRET not in text and "options" not in text and "password" not in text
    assert missing.is_error and missing.structured_content is not None
    assert missing.structured_content["error"] == "not_found"
    assert "GET /addons" in supervisor.requests
    assert "GET /addons/core_configurator/info" in supervisor.requests


async def test_only_an_administrators_own_credential_sees_add_ons(
    supervisor: SupervisorStandIn, mcp: McpHarness, hass: HomeAssistant
) -> None:
    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    token = await long_lived_token(hass, member)
    asked_before = len(supervisor.requests)
    async with mcp.client(token=token) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        refused = await client.call_tool("list_addons", {})
    assert "list_addons" not in names
    assert refused.is_error and refused.structured_content is not None
    assert refused.structured_content["error"] == "admin_only"
    assert len(supervisor.requests) == asked_before


async def test_stopping_an_add_on_waits_for_a_person(
    supervisor: SupervisorStandIn, mcp: McpHarness
) -> None:
    """Managing add-ons is a `system` action: it never reaches Supervisor unapproved."""
    result = await call_service(mcp, "hassio", "addon_stop", data={"addon": "core_mosquitto"})
    assert result["error"] == "needs_confirmation" and result["risk"] == "system"
    assert not [r for r in supervisor.requests if r.startswith("POST")]


async def test_without_supervisor_there_is_no_add_on_tool(mcp: McpHarness) -> None:
    async with mcp.client() as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        result = await client.call_tool("list_addons", {})
    assert "list_addons" not in names and "list_entities" in names
    assert result.is_error and result.structured_content is not None
    assert result.structured_content["error"] == "unknown_tool"
