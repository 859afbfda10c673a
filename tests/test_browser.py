"""The Home MCP panel in a real browser, as a new user meets it.

The test starts its own `script/demo` (a real Home Assistant 2026.11 with Home
MCP and the demo's devices) on a free port with its state in a temporary
directory, so a demo a person runs on port 8123 with `.demo/` is left alone.
Then, as a new user would:

1. an MCP client (the official SDK over Streamable HTTP, with the demo's
   token) asks to unlock the front door and gets `needs_confirmation`;
2. in Chromium (Playwright), the person logs in to Home Assistant, opens the
   notifications, follows "Home MCP asks to unlock Front Door" to the panel's
   approval page and approves;
3. Home Assistant's REST API shows the lock unlocked, and `get_confirmation`
   over MCP says `approved`, with the outcome; then `save_config` of an
   automation that would unlock the front door at 03:00 waits too: its
   approval page shows the YAML it adds, and approving it writes exactly
   that (the automation loads, `get_config` reads it back); one whose
   1,140-character alias claims it locks everything is headed, and its
   Approve button labelled, "unlock Front Door" first, and is denied;
4. a second request (open the garage door, renamed with markup in its name,
   which the panel must show as text) waits in the main panel (dark theme),
   where the person also copies a client configuration and makes, uses and
   revokes a client key; on a phone-sized screen the person denies the
   garage door and it stays closed.

Screenshots go to `artifacts/browser/` (gitignored): the approval page before
and after approving, a configuration write's approval page, the panel in a
dark theme and on a 360x740 screen. With `HOME_MCP_DOCS_SCREENSHOTS` set to a
directory (`docs/assets/screenshots`), a passing run also copies the ones the
documentation site shows there.
Timings go to `artifacts/browser/timings.json`, script/demo's and Home
Assistant's logs beside them.

Needs Debian's Chromium at /usr/bin/chromium (script/setup installs it) and
Playwright (the `browser` dependency group); otherwise the test is skipped
with the reason. Playwright never downloads a browser here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
import json
import os
from pathlib import Path
import re
import shutil
import time
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
import pytest

from .chromium import CHROMIUM, CHROMIUM_ARGS
from .demo import DEMO_START_SECONDS, ROOT, demo_home_assistant, entity, entity_state

playwright_api = pytest.importorskip(
    "playwright.async_api",
    reason="Playwright is not installed (script/setup installs the `browser` group)",
)

ARTIFACTS = ROOT / "artifacts" / "browser"
DOCS_SCREENSHOTS_ENV = "HOME_MCP_DOCS_SCREENSHOTS"
"""A directory to copy `DOCS_SCREENSHOTS` into after a passing run (the site's)."""
DOCS_SCREENSHOTS = (
    "1-confirmation-pending.png",
    "2-confirmation-approved.png",
    "2b-config-write-pending.png",
    "3-panel-dark.png",
    "4-panel-phone.png",
)

UI_TIMEOUT_MS = 90_000
STATE_TIMEOUT_SECONDS = 60

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
NIGHT_UNLOCK = {
    "alias": "Let the cleaner in",
    "description": "",
    "triggers": [{"trigger": "time", "at": "03:00:00"}],
    "conditions": [],
    "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
    "mode": "single",
}
DECEIVING = {
    **NIGHT_UNLOCK,
    # A client's alias that says the opposite of what the automation does (issue 32).
    "alias": (
        "Lock every door, close the garage and arm the alarm… (securing routine, "
        "no opening action, nothing to review) " * 12
    )[:1140],
}
OPEN_GARAGE = {
    "domain": "cover",
    "service": "open_cover",
    "target": {"entity_id": "cover.garage_door"},
}
NOTIFICATION_TITLE = "Home MCP asks to unlock Front Door"
HOSTILE_NAME = '<img src=x onerror="window.__injected=1"> gate'
"""Markup in a name from the house: the panel must show it as text."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"No Chromium at {CHROMIUM}: script/setup installs it with "
    "`apt-get install -y chromium` when it runs as root",
)


class Timings:
    """Seconds each step took, printed and saved beside the screenshots."""

    def __init__(self) -> None:
        """Start the clock."""
        self.start = time.monotonic()
        self.last = self.start
        self.steps: dict[str, float] = {}

    def mark(self, step: str) -> None:
        """Record how long `step` took since the previous mark."""
        now = time.monotonic()
        self.steps[step] = round(now - self.last, 2)
        self.last = now

    def save(self) -> None:
        """Write the timings (and the total) to the artifacts and stdout."""
        self.steps["total"] = round(time.monotonic() - self.start, 2)
        (ARTIFACTS / "timings.json").write_text(json.dumps(self.steps, indent=2) + "\n")
        print("browser test timings (s):", json.dumps(self.steps))  # noqa: T201


async def mcp_tool(demo: dict[str, str], tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call one tool with the official MCP SDK client; return its structured content."""
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {demo['token']}"}, timeout=60)
    async with (
        http,
        Client(streamable_http_client(demo["mcp_url"], http_client=http), mode="legacy") as client,
    ):
        result = await client.call_tool(tool, arguments)
    assert result.structured_content is not None, result
    return result.structured_content


async def initialize_status(demo: dict[str, str], token: str) -> int:
    """Return the HTTP status of a bare MCP `initialize` with `token`."""
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(
            demo["mcp_url"],
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "browser-test", "version": "1"},
                },
            },
            headers={
                "Authorization": f"Bearer {token}",
                "Accept": "application/json, text/event-stream",
            },
        )
    return response.status_code


async def wait_for_value[T](
    what: str, probe: Callable[[], Awaitable[T]], wanted: T, seconds: float = STATE_TIMEOUT_SECONDS
) -> None:
    """Poll `probe` until it returns `wanted`; fail with the last value after `seconds`."""
    deadline = time.monotonic() + seconds
    value = await probe()
    while value != wanted:
        if time.monotonic() > deadline:
            pytest.fail(f"{what} is {value!r}, not {wanted!r}, after {seconds} s")
        await asyncio.sleep(0.5)
        value = await probe()


async def settle(page: Any) -> None:
    """Wait until Home Assistant's launch screen is gone (it covers the page at first)."""
    await page.locator("#ha-launch-screen").wait_for(state="detached")


async def open_panel(page: Any, demo: dict[str, str], path: str = "") -> Any:
    """Open the Home MCP panel (at `path` inside it); return the panel's element."""
    await page.goto(f"{demo['url']}/home-mcp{path}")
    await settle(page)
    panel = page.locator("home-mcp-panel")
    await panel.get_by_text("Connect a client" if not path else "All of Home MCP").wait_for()
    return panel


def copy_docs_screenshots(docs_dir: Path) -> None:
    """Copy the screenshots the documentation site shows into `docs_dir`."""
    docs_dir.mkdir(parents=True, exist_ok=True)
    for name in DOCS_SCREENSHOTS:
        shutil.copyfile(ARTIFACTS / name, docs_dir / name)


def brightness(css_color: str) -> float:
    """Return the mean of an `rgb(...)`/`rgba(...)` colour's channels (0-255)."""
    channels = css_color[css_color.index("(") + 1 : css_color.index(")")].split(",")
    return sum(float(c) for c in channels[:3]) / 3


@pytest.mark.timeout(DEMO_START_SECONDS + 600)
async def test_approve_in_the_panel(socket_enabled: None, tmp_path: Path) -> None:
    """An unlock asked over MCP runs once a person approves it in the panel."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.iterdir():  # This run's files only.
        if old.is_file():
            old.unlink()
    timings = Timings()
    page_errors: list[str] = []

    async def new_page(context: Any) -> Any:
        context.set_default_timeout(UI_TIMEOUT_MS)
        page = await context.new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        return page

    async with demo_home_assistant(tmp_path / "demo", ARTIFACTS) as demo:
        timings.mark("script/demo ready")

        # 1. An MCP client asks to unlock the front door: refused, pending.
        assert await entity_state(demo, "lock.front_door") == "locked"
        asked = await mcp_tool(demo, "call_service", UNLOCK)
        assert asked["error"] == "needs_confirmation", asked
        confirmation_id = asked["confirmation_id"]
        assert await entity_state(demo, "lock.front_door") == "locked"
        timings.mark("MCP call_service (refused)")

        async with playwright_api.async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                # 2. Log in as the demo user; land in the normal UI.
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                page = await new_page(context)
                await page.goto(demo["url"])
                await page.locator("input[name=username]").fill(demo["username"])
                await page.locator("input[name=password]").fill(demo["password"])
                await page.get_by_role("button", name="Log in").click()
                sidebar = page.locator("ha-sidebar")
                await sidebar.get_by_text("Home MCP", exact=True).wait_for()
                assert "onboarding" not in page.url, page.url
                await settle(page)
                timings.mark("browser: log in")

                # The notification leads to the approval page.
                await sidebar.get_by_text("Notifications", exact=True).click()
                notification = page.locator("persistent-notification-item").filter(
                    has_text=NOTIFICATION_TITLE
                )
                link = notification.get_by_role("link", name="Review it in Home MCP")
                assert (
                    await link.get_attribute("href") == f"/home-mcp/confirmation/{confirmation_id}"
                )
                await link.click()
                await page.wait_for_url(f"**/home-mcp/confirmation/{confirmation_id}")
                panel = page.locator("home-mcp-panel")
                approve = panel.get_by_role("button", name="Approve: unlock Front Door")
                await approve.wait_for()
                await panel.get_by_text("Demo · credential “Home MCP demo”").wait_for()
                await page.screenshot(path=ARTIFACTS / "1-confirmation-pending.png")
                timings.mark("browser: notification to approval page")

                await approve.click()
                await panel.get_by_text("Home Assistant ran it.").wait_for()
                timings.mark("browser: approve (Home Assistant runs lock.unlock)")

                # 3. The lock is unlocked; MCP reports the approval and outcome.
                async def front_door() -> str:
                    return await entity_state(demo, "lock.front_door")

                await wait_for_value("lock.front_door", front_door, "unlocked")
                await panel.locator(".reached-true", has_text="unlocked").wait_for()
                await page.screenshot(path=ARTIFACTS / "2-confirmation-approved.png")
                confirmation = await mcp_tool(
                    demo, "get_confirmation", {"confirmation_id": confirmation_id}
                )
                assert confirmation["state"] == "approved", confirmation
                assert confirmation["outcome"]["ok"] is True, confirmation
                assert {
                    (row["entity_id"], row["state"]) for row in confirmation["outcome"]["states"]
                } == {("lock.front_door", "unlocked")}
                timings.mark("REST and MCP agree")

                # An automation that would unlock the front door at night waits
                # too: the approval page shows the YAML it adds; approving writes
                # exactly that, and the automation loads.
                written = await mcp_tool(
                    demo, "save_config", {"kind": "automation", "config": NIGHT_UNLOCK}
                )
                assert written["error"] == "needs_confirmation", written
                writes = await new_page(context)
                write_panel = await open_panel(
                    writes, demo, f"/confirmation/{written['confirmation_id']}"
                )
                diff = write_panel.locator("pre.diff")
                await diff.locator(".added", has_text="action: lock.unlock").wait_for()
                await writes.screenshot(path=ARTIFACTS / "2b-config-write-pending.png")
                await write_panel.get_by_role(
                    "heading",
                    name="Unlock Front Door — by saving automation “Let the cleaner in”, "
                    "which runs at 03:00:00 every day",
                ).wait_for()
                await write_panel.get_by_role(
                    "button",
                    name=re.compile(r"^Approve: unlock Front Door — by saving automation “Let"),
                ).click()
                await write_panel.get_by_text("Home Assistant wrote it.").wait_for()
                decided = await mcp_tool(
                    demo, "get_confirmation", {"confirmation_id": written["confirmation_id"]}
                )
                assert decided["state"] == "approved", decided
                automation_id = decided["outcome"]["written"]["entity_id"]
                assert (await entity(demo, automation_id))["attributes"]["friendly_name"] == (
                    "Let the cleaner in"
                )
                stored = await mcp_tool(
                    demo, "get_config", {"kind": "automation", "id": automation_id}
                )
                assert {k: v for k, v in stored["config"].items() if k != "id"} == NIGHT_UNLOCK
                # One whose 1,140-character alias says it locks everything: the
                # heading and the button still say first that it unlocks.
                deceiving = await mcp_tool(
                    demo, "save_config", {"kind": "automation", "config": DECEIVING}
                )
                assert deceiving["error"] == "needs_confirmation", deceiving
                write_panel = await open_panel(
                    writes, demo, f"/confirmation/{deceiving['confirmation_id']}"
                )
                heading = write_panel.get_by_role("heading", level=1)
                assert (await heading.inner_text()).startswith(
                    "Unlock Front Door — by saving automation “Lock every door"
                )
                deny = write_panel.get_by_role("button", name="Deny: nothing is written")
                approve = write_panel.get_by_role(
                    "button", name=re.compile(r"^Approve: unlock Front Door — by saving automation")
                )
                assert len(await approve.inner_text()) <= 90
                await writes.screenshot(path=ARTIFACTS / "2c-config-write-deceiving.png")
                await deny.click()
                await write_panel.get_by_text("Nothing ran.").wait_for()
                await writes.close()
                timings.mark("browser: approve a configuration write, deny a deceiving one")

                # 4. Another request waits: the main panel, dark, shows both. The
                # garage door now has a name with markup in it (the person renames
                # it, or an integration names it so): the panel shows it as text.
                await page.evaluate(
                    "name => document.querySelector('home-assistant').hass.callWS("
                    "{type: 'config/entity_registry/update', entity_id: 'cover.garage_door', name})",
                    HOSTILE_NAME,
                )

                async def renamed() -> bool:
                    state = await entity(demo, "cover.garage_door")
                    return HOSTILE_NAME in state["attributes"]["friendly_name"]

                await wait_for_value("cover.garage_door's new name", renamed, True)
                garage = await mcp_tool(demo, "call_service", OPEN_GARAGE)
                assert garage["error"] == "needs_confirmation", garage
                state = await context.storage_state()  # The login, reused below.
                dark = await browser.new_context(
                    viewport={"width": 1280, "height": 900},
                    color_scheme="dark",
                    storage_state=state,
                    permissions=["clipboard-read", "clipboard-write"],
                )
                page = await new_page(dark)
                panel = await open_panel(page, demo)
                approve = panel.get_by_role(
                    "button", name=re.compile(rf"^Approve: open .*{re.escape(HOSTILE_NAME)}$")
                )
                await approve.wait_for()
                await panel.locator(".chip.approved").first.wait_for()
                await panel.locator("#audit li").first.wait_for()
                background = await panel.evaluate("el => getComputedStyle(el).backgroundColor")
                assert brightness(background) < 80, f"not a dark background: {background}"
                assert await panel.locator("img").count() == 0
                assert await page.evaluate("window.__injected") is None
                await page.screenshot(path=ARTIFACTS / "3-panel-dark.png", full_page=True)
                timings.mark("browser: main panel, dark theme")

                # The Claude Code configuration, copied: this server, the token masked.
                configs = panel.locator("section.configs")
                await configs.get_by_role("tab", name="Claude Code").click()
                await configs.get_by_role("button", name="Copy").click()
                await configs.get_by_role("button", name="Copied").wait_for()
                assert await page.evaluate("navigator.clipboard.readText()") == (
                    f"claude mcp add --transport http home {demo['mcp_url']} "
                    '--header "Authorization: Bearer <your token>"'
                )

                # A client key made in the panel works over MCP until it is revoked.
                keys = panel.locator("section.keys")
                await keys.get_by_label("Key name").fill("Browser test")
                await keys.get_by_label("Scope").select_option("read")
                await keys.get_by_role("button", name="Create key").click()
                await keys.get_by_text("This key is shown only now").wait_for()
                secret = (await keys.locator(".secret pre").inner_text()).strip()
                assert secret.startswith("hmk_"), secret
                overview = await mcp_tool({**demo, "token": secret}, "home_overview", {})
                assert overview.get("ok") is not False, overview
                await keys.get_by_role("button", name="Revoke", exact=True).click()
                await keys.get_by_role("button", name="clients using it stop working").click()
                await keys.get_by_text("No client keys").wait_for()
                assert await initialize_status(demo, secret) == 401
                timings.mark("browser: copy a configuration; create, use, revoke a key")

                # On a phone: the menu button, no sideways scrolling; deny there.
                phone = await browser.new_context(
                    viewport={"width": 360, "height": 740},
                    is_mobile=True,
                    has_touch=True,
                    storage_state=state,
                )
                page = await new_page(phone)
                panel = await open_panel(page, demo)
                await panel.get_by_role("button", name="Show the sidebar").wait_for()
                deny = panel.get_by_role("button", name="Deny: nothing runs")
                await deny.wait_for()
                widths = await panel.evaluate(
                    "el => [el.shadowRoot.querySelector('main').scrollWidth, el.clientWidth]"
                )
                assert widths[0] <= widths[1] <= 360, f"the panel scrolls sideways: {widths}"
                background = await panel.evaluate("el => getComputedStyle(el).backgroundColor")
                assert brightness(background) > 200, f"not a light background: {background}"
                await page.screenshot(path=ARTIFACTS / "4-panel-phone.png")
                await page.screenshot(path=ARTIFACTS / "5-panel-phone-full.png", full_page=True)
                assert await panel.locator("img").count() == 0
                await deny.tap()
                await panel.get_by_text("Nothing waits for you.").wait_for()
                garage_done = await mcp_tool(
                    demo, "get_confirmation", {"confirmation_id": garage["confirmation_id"]}
                )
                assert garage_done["state"] == "denied", garage_done
                assert await entity_state(demo, "cover.garage_door") == "closed"
                assert await page.evaluate("window.__injected") is None
                timings.mark("browser: phone, deny")
            finally:
                await browser.close()
    timings.mark("script/demo stopped (one SIGTERM)")
    timings.save()
    assert not page_errors, f"the browser reported errors: {page_errors}"
    log = (tmp_path / "demo" / "home-assistant.log").read_text(errors="replace")
    ours = [line for line in log.splitlines() if "home_mcp" in line and " ERROR " in line]
    assert not ours, "Home Assistant logged errors from Home MCP:\n" + "\n".join(ours)
    if docs_dir := os.environ.get(DOCS_SCREENSHOTS_ENV):
        copy_docs_screenshots(Path(docs_dir))
