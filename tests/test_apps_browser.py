"""The MCP Apps in a real browser, fed real tool results from `script/demo`'s house.

The house is `script/demo`'s own (`script_demo_house`, `tests/demo_house.py`):
the `demo` integration, `script/demo_config/` and `script/demo_setup.py`'s
floors, rooms, labels and aliases, built in the test's Home Assistant from
those very sources; what the apps show here is what a person sees against
`script/demo`.

Chromium (Debian's, through Playwright) opens a minimal host page that
follows the MCP Apps bridge (`ui/initialize`, `ui/notifications/initialized`,
`ui/notifications/tool-result`, `tools/call`, `ui/open-link`,
`ui/notifications/size-changed`) and shows the app, read with
`resources/read`, in a sandboxed frame. The host forwards the app's
`tools/call` to Home MCP as a real MCP client that negotiated the extension,
so what the app asks goes through the gate like the model's calls.

Every test checks that the app rendered without a console error and that no
request left the page. Screenshots (light, dark, phone width) go to
`artifacts/apps/`; with `HOME_MCP_DOCS_SCREENSHOTS` set to a directory, they
are copied there too.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
import json
import os
from pathlib import Path
import shutil
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.components.recorder.common import (
    async_wait_recording_done,
)
from pytest_homeassistant_custom_component.typing import RecorderInstanceGenerator

from custom_components.home_mcp.apps import APP_MIME_TYPE
from homeassistant.components.recorder import Recorder
from homeassistant.core import HomeAssistant

from .chromium import CHROMIUM, CHROMIUM_ARGS
from .conftest import McpHarness, entity_state
from .demo_house import demo_setup
from .test_apps import apps_client

playwright_api = pytest.importorskip(
    "playwright.async_api",
    reason="Playwright is not installed (script/setup installs the `browser` group)",
)

ROOT = Path(__file__).parent.parent
ARTIFACTS = ROOT / "artifacts" / "apps"
DOCS_SCREENSHOTS_ENV = "HOME_MCP_DOCS_SCREENSHOTS"
UI_TIMEOUT_MS = 20_000
PHONE = {"width": 360, "height": 740}

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"No Chromium at {CHROMIUM}: script/setup installs it",
)

HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Minimal MCP Apps host</title>
<style>body{margin:0;background:#888}iframe{display:block;width:100%;border:0;height:120px}</style>
</head><body><script>
window.__opened = []; window.__calls = []; window.__seen = [];
window.__start = (html, result, input, hostContext) => {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  document.body.append(frame);
  const send = (m) => frame.contentWindow.postMessage({ jsonrpc: "2.0", ...m }, "*");
  window.__context = (update) => send({ method: "ui/notifications/host-context-changed", params: update });
  window.addEventListener("message", async (event) => {
    if (event.source !== frame.contentWindow) return;
    const m = event.data;
    if (!m || m.jsonrpc !== "2.0") return;
    window.__seen.push(m.method || "response");
    if (m.method === "ui/initialize") {
      send({ id: m.id, result: {
        protocolVersion: "2026-01-26",
        hostInfo: { name: "home-mcp-test-host", version: "1" },
        hostCapabilities: { openLinks: {}, serverTools: {}, logging: {} },
        hostContext } });
    } else if (m.method === "ui/notifications/initialized") {
      send({ method: "ui/notifications/tool-input", params: { arguments: input } });
      send({ method: "ui/notifications/tool-result", params: result });
    } else if (m.method === "ui/notifications/size-changed") {
      frame.style.height = `${m.params.height}px`;
    } else if (m.method === "tools/call") {
      window.__calls.push(m.params);
      try {
        send({ id: m.id, result: await window.mcpCall(m.params.name, m.params.arguments || {}) });
      } catch (err) {
        send({ id: m.id, error: { code: -32603, message: String(err) } });
      }
    } else if (m.method === "ui/open-link") {
      window.__opened.push(m.params.url);
      send({ id: m.id, result: {} });
    } else if (m.id !== undefined && m.method) {
      send({ id: m.id, error: { code: -32601, message: "Method not found" } });
    }
  });
  frame.srcdoc = html;
};
</script></body></html>"""


@pytest.fixture
def mock_recorder_before_hass(async_setup_recorder_instance: RecorderInstanceGenerator) -> None:
    """Prepare the recorder's database before `hass` exists (HA-NOTES, trap 2)."""


@dataclass
class Host:
    """The browser, the host page and the MCP client behind it."""

    mcp: McpHarness
    browser: Any
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    async def result(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call `tool` as the model would, and return the result as the host receives it."""
        async with apps_client(self.mcp, "auto") as client:
            result = await client.call_tool(tool, arguments)
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    @property
    def hass(self) -> HomeAssistant:
        """Return Home Assistant."""
        return self.mcp.hass

    async def app_html(self, tool: str) -> str:
        """Read the app `tool` names, as a host does (`_meta.ui.resourceUri`)."""
        async with apps_client(self.mcp, "auto") as client:
            listed = {tool.name: tool for tool in (await client.list_tools()).tools}
            meta = listed[tool].meta
            assert meta is not None
            (content,) = (await client.read_resource(meta["ui"]["resourceUri"])).contents
        assert content.mime_type == APP_MIME_TYPE
        return str(getattr(content, "text"))  # noqa: B009

    async def open(
        self,
        tool: str,
        arguments: dict[str, Any],
        *,
        theme: str = "light",
        locale: str = "en-US",
        viewport: dict[str, int] | None = None,
    ) -> Any:
        """Show the app of `tool` with the result of calling it; return the page."""
        html = await self.app_html(tool)
        result = await self.result(tool, arguments)
        context = await self.browser.new_context(
            viewport=viewport or {"width": 900, "height": 900},
            color_scheme=theme,
            locale=locale,
        )
        page = await context.new_page()
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda err: self.errors.append(str(err)))

        async def record(route: Any) -> None:
            self.requests.append(route.request.url)
            await route.abort()

        await page.route("**/*", record)
        await page.expose_function("mcpCall", self._forward)
        await page.set_content(HOST_PAGE)
        await page.evaluate(
            "([html, result, input, ctx]) => window.__start(html, result, input, ctx)",
            [
                html,
                result,
                arguments,
                {
                    "theme": theme,
                    "locale": locale,
                    "timeZone": "Europe/Paris",
                    "displayMode": "inline",
                    "platform": "web",
                    "containerDimensions": {"maxWidth": 900},
                },
            ],
        )
        return page

    async def _forward(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Forward the app's `tools/call` as the host does: the same MCP client, the same gate."""
        return await self.result(name, arguments)

    def check_clean(self) -> None:
        """No console error, and nothing left the page."""
        assert self.errors == []
        assert self.requests == []


async def screenshot(page: Any, name: str) -> None:
    """Keep a screenshot of the app's frame (and copy it for the docs when asked)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    await page.locator("iframe").screenshot(path=str(path))
    if docs := os.environ.get(DOCS_SCREENSHOTS_ENV):
        shutil.copy(path, Path(docs) / name)


@pytest.fixture
async def host(
    recorder_mock: Recorder, script_demo_mcp: McpHarness, socket_enabled: None
) -> AsyncIterator[Host]:
    """Return the host: Chromium, and MCP clients that negotiated MCP Apps, on script/demo's house."""
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield Host(script_demo_mcp, browser)
        finally:
            await browser.close()


def frame(page: Any) -> Any:
    """Return the app's frame."""
    return page.frame_locator("iframe")


async def test_house_app_shows_security_first_and_a_light_tap_reaches_call_service(
    host: Host,
) -> None:
    hass = host.hass
    assert entity_state(hass, "light.ceiling_lights") == "on"  # Salle à manger's.
    page = await host.open("home_overview", {})
    app = frame(page)
    await app.locator("h1").first.wait_for(timeout=UI_TIMEOUT_MS)
    assert await app.locator("h1").first.text_content() == "Security"
    assert await app.locator("li[data-entity='lock.kitchen_door'] .alert").count() == 1
    await app.locator("[data-area='salle_a_manger']").wait_for()
    # script/demo's floors and every one of its rooms, by the names demo_setup.py gives them.
    setup = demo_setup()
    headings = set(await app.locator("h3").all_text_contents())
    assert {floor["name"] for floor in setup.FLOORS} <= headings
    assert {area["name"] for area in setup.AREAS} <= headings
    assert "No floor" in headings  # The garden.
    await screenshot(page, "apps-house-light.png")

    await app.locator("button[data-lights='salle_a_manger']").click()
    await app.locator("section.done").wait_for(timeout=UI_TIMEOUT_MS)
    assert entity_state(hass, "light.ceiling_lights") == "off"
    assert {
        "name": "call_service",
        "arguments": {
            "domain": "light",
            "service": "turn_off",
            "target": {"area_id": "salle_a_manger"},
        },
    } in await page.evaluate("window.__calls")
    host.check_clean()


async def test_a_thermostat_tap_in_the_house_app_turns_it_off_through_call_service(
    host: Host,
) -> None:
    hass = host.hass
    assert entity_state(hass, "climate.hvac") == "cool"  # In the bedroom.
    page = await host.open("home_overview", {})
    app = frame(page)
    thermostat = app.locator("button[data-climate='climate.hvac']")
    await thermostat.wait_for(timeout=UI_TIMEOUT_MS)
    assert await thermostat.get_attribute("aria-pressed") == "true"
    assert "cool" in (await thermostat.text_content() or "")
    await thermostat.click()
    await app.locator("section.done").wait_for(timeout=UI_TIMEOUT_MS)
    assert entity_state(hass, "climate.hvac") == "off"
    assert {
        "name": "call_service",
        "arguments": {
            "domain": "climate",
            "service": "turn_off",
            "target": {"entity_id": "climate.hvac"},
        },
    } in await page.evaluate("window.__calls")
    await app.locator("button[data-climate='climate.hvac'][aria-pressed='false']").wait_for(
        timeout=UI_TIMEOUT_MS
    )
    host.check_clean()


async def test_an_unlock_from_the_house_app_is_refused_and_shown_as_a_request_card(
    host: Host,
) -> None:
    page = await host.open("home_overview", {}, theme="dark")
    app = frame(page)
    unlock = app.locator("button[data-service='lock.unlock'][data-entity='lock.front_door']")
    await unlock.click(timeout=UI_TIMEOUT_MS)
    card = app.locator("section.request")
    await card.wait_for(timeout=UI_TIMEOUT_MS)
    assert await card.locator("[data-state]").get_attribute("data-state") == "pending"
    await app.locator("section.request .effect", has_text="Unlock Front Door").wait_for(
        timeout=UI_TIMEOUT_MS
    )
    assert entity_state(host.hass, "lock.front_door") == "locked"
    await screenshot(page, "apps-house-unlock-dark.png")
    host.check_clean()


async def test_request_card_links_to_home_assistant_and_has_no_approve_control(
    host: Host,
) -> None:
    unlock = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
    page = await host.open("call_service", unlock, locale="fr-FR", viewport=PHONE)
    app = frame(page)
    card = app.locator("section.request")
    await card.wait_for(timeout=UI_TIMEOUT_MS)
    await card.locator(".effect", has_text="Unlock Front Door").wait_for(timeout=UI_TIMEOUT_MS)
    link = card.locator("a.link")
    assert await link.text_content() == "Approuver ou refuser dans Home Assistant"
    href = await link.get_attribute("href")
    assert href is not None and "/home-mcp/confirmation/" in href
    assert "Expire dans" in (await card.locator("[data-countdown]").text_content() or "")
    await card.locator("div.muted", has_text="Demandé par apps-host").wait_for(
        timeout=UI_TIMEOUT_MS
    )
    # The card approves nothing: no button, no form, no other link.
    assert await app.locator("button, form, input").count() == 0
    assert await app.locator("a").count() == 1
    await screenshot(page, "apps-request-phone-fr.png")
    await link.click()
    assert await page.evaluate("window.__opened") == [href]
    assert entity_state(host.hass, "lock.front_door") == "locked"
    host.check_clean()


async def test_history_app_draws_numeric_lines_and_a_state_timeline(
    host: Host, freezer: FrozenDateTimeFactory
) -> None:
    hass = host.hass
    outside = hass.states.get("sensor.outside_temperature")  # The demo's garden sensor.
    assert outside is not None
    for value in (15.6, 16.1, 17.4, 16.8, 14.9, 15.3):
        # The sensor reports a new reading, its unit and class unchanged.
        hass.states.async_set(outside.entity_id, str(value), outside.attributes)
        # The kitchen door, locked and unlocked: configuration.yaml's template
        # binary sensor "Doors secured" follows.
        await hass.services.async_call(
            "lock",
            "lock" if entity_state(hass, "lock.kitchen_door") == "unlocked" else "unlock",
            {"entity_id": "lock.kitchen_door"},
            blocking=True,
        )
        await hass.async_block_till_done()
        freezer.tick(timedelta(minutes=3))  # Within the access token's life.
    await async_wait_recording_done(hass)
    arguments = {
        "entity_ids": ["sensor.outside_temperature", "binary_sensor.doors_secured"],
        "start": "1h",
    }
    page = await host.open("get_history", arguments, locale="en-GB")
    app = frame(page)
    series = app.locator("[data-series='sensor.outside_temperature']")
    await series.wait_for(timeout=UI_TIMEOUT_MS)
    assert await series.locator("path.line").count() == 1
    assert await app.locator("[data-timeline] rect[fill]").count() >= 2
    assert await app.locator("h1").first.text_content() == "History"
    await screenshot(page, "apps-history.png")
    host.check_clean()


async def test_the_apps_tool_results_are_the_model_s_text_unchanged(host: Host) -> None:
    """What the app is fed is the same result a client without apps gets, text included."""
    result = await host.result("home_overview", {})
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
