"""MCP Apps (`io.modelcontextprotocol/ui`) on the wire, with and without the extension negotiated.

A client that lists `text/html;profile=mcp-app` under the extension sees each
app named in its tools' `_meta.ui.resourceUri` and the apps in
`resources/list`; any other client sees exactly what it saw before. Tool
results are the same text either way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
import json

import httpx2
from mcp import Client
from mcp.client.extension import advertise
from mcp.client.streamable_http import streamable_http_client
import mcp_types as types
import pytest

from custom_components.home_mcp.apps import APP_MIME_TYPE, APPS, CSP, EXTENSION_ID

from .conftest import McpHarness

APPS_SETTINGS = {"mimeTypes": [APP_MIME_TYPE]}
APP_SIZE_LIMIT = 64 * 1024
"""An app is one message: it stays under what an ordinary client accepts."""
MODES = ["legacy", "auto"]
"""Both eras negotiate the apps: 2026-07-28 on every request; the handshake era
(2025-11-25 and before) in `initialize`, which Home MCP remembers for the
credential when no session keeps it (tests/test_apps_handshake.py)."""


@asynccontextmanager
async def apps_client(mcp: McpHarness, mode: str) -> AsyncIterator[Client]:
    """Open the SDK client in `mode`, declaring MCP Apps as Claude or VS Code do."""
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {mcp.token}"}, timeout=30)
    async with (
        http,
        Client(
            streamable_http_client(mcp.url, http_client=http),
            mode=mode,
            cache=None,
            client_info=types.Implementation(name="apps-host", version="1.0"),
            extensions=[advertise(EXTENSION_ID, APPS_SETTINGS)],
        ) as client,
    ):
        yield client


def _dump(items: list[types.Tool] | list[types.Resource]) -> list[dict[str, object]]:
    return [item.model_dump(by_alias=True, exclude_none=True) for item in items]


@pytest.mark.parametrize("mode", MODES)
async def test_tools_name_their_app_only_when_the_client_negotiated_apps(
    mcp: McpHarness, mode: str
) -> None:
    async with mcp.client(mode) as plain:
        without = _dump((await plain.list_tools()).tools)
    async with apps_client(mcp, mode) as client:
        with_apps = _dump((await client.list_tools()).tools)

    assert not any("_meta" in tool for tool in without)
    named = {
        tool["name"]: tool["_meta"]["ui"]["resourceUri"] for tool in with_apps if "_meta" in tool
    }
    assert named == {tool: app.uri for app in APPS for tool in app.tools}
    # Nothing else differs: the apps cost tools/list their references only.
    assert [{k: v for k, v in tool.items() if k != "_meta"} for tool in with_apps] == without
    extra = len(json.dumps(with_apps, separators=(",", ":"))) - len(
        json.dumps(without, separators=(",", ":"))
    )
    assert extra < 60 * len(named), extra


@pytest.mark.parametrize("mode", MODES)
async def test_apps_are_listed_only_to_a_client_that_negotiated_them(
    mcp: McpHarness, mode: str
) -> None:
    async with mcp.client(mode) as plain:
        without = _dump((await plain.list_resources()).resources)
    async with apps_client(mcp, mode) as client:
        listed = _dump((await client.list_resources()).resources)

    assert not any(str(item["uri"]).startswith("ui://") for item in without)
    rooms = [item for item in listed if not str(item["uri"]).startswith("ui://")]
    apps = {item["uri"]: item for item in listed if str(item["uri"]).startswith("ui://")}
    assert rooms == without
    assert set(apps) == {app.uri for app in APPS}
    assert all(item["mimeType"] == APP_MIME_TYPE for item in apps.values())


async def test_each_app_reads_as_one_self_contained_html_document(mcp: McpHarness) -> None:
    mode = "auto"
    async with apps_client(mcp, mode) as client:
        listed = {r.uri: r for r in (await client.list_resources()).resources}
        for app in APPS:
            read = await client.read_resource(app.uri)
            (content,) = read.contents
            assert isinstance(content, types.TextResourceContents)
            assert content.mime_type == APP_MIME_TYPE
            assert content.meta == {"ui": {"csp": {}, "prefersBorder": True}}
            html = content.text
            assert html.startswith("<!doctype html>")
            assert listed[app.uri].size == len(html.encode()) < APP_SIZE_LIMIT
            assert CSP in html and "connect-src 'none'" in html
            # Nothing to fetch: no external script, style, image or address.
            assert "<script src" not in html and "<link" not in html
            assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")
            assert "https://" not in html


@pytest.mark.parametrize("mode", MODES)
async def test_the_extension_is_advertised_and_tool_results_keep_their_text(
    mcp: McpHarness, mode: str
) -> None:
    arguments = {
        "domain": "light",
        "service": "turn_on",
        "target": {"entity_id": "light.bed_light"},
    }
    async with mcp.client(mode) as plain:
        text_without = (await plain.call_tool("home_overview", {})).content
    async with apps_client(mcp, mode) as client:
        text_with = (await client.call_tool("home_overview", {})).content
        result = await client.call_tool("call_service", arguments)
        # The SDK's 2025-11-25 `ServerCapabilities` has no `extensions`: only
        # 2026-07-28 hears the server's side; hosts go by the tools' `_meta`.
        advertised = {EXTENSION_ID: {}} if mode == "auto" else None
        assert client.server_capabilities.extensions == advertised
    assert text_with == text_without
    assert result.structured_content is not None
    assert result.structured_content["ok"] is True


@pytest.mark.parametrize("mode", MODES)
async def test_a_client_that_does_not_declare_apps_sees_what_it_saw_before(
    mcp: McpHarness, mode: str
) -> None:
    """No `_meta`, no `ui://` in the lists; an app still reads for any caller."""
    async with mcp.client(mode) as plain:
        tools = _dump((await plain.list_tools()).tools)
        resources = _dump((await plain.list_resources()).resources)
        assert not any("_meta" in tool for tool in tools)
        assert not any(str(item["uri"]).startswith("ui://") for item in resources)
        # An app still reads (a host may fetch it apart from the conversation).
        read = await plain.read_resource(APPS[0].uri)
        assert read.contents[0].mime_type == APP_MIME_TYPE
