"""Fixtures: a real Home Assistant with the demo's devices, and a real MCP client.

The house is Home Assistant's own `demo` integration (real locks, covers,
valves, an alarm panel, lights) plus scripts and scenes a household would
have. MCP calls go through the official SDK client over real HTTP to Home
MCP's view on Home Assistant's aiohttp server, authenticated with a real
access token; outcomes are read from Home Assistant's state machine.

`script_demo_house` is `script/demo`'s own house instead, built from its own
sources (`tests/demo_house.py`); `script_demo_mcp` is the harness on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from copy import deepcopy
from dataclasses import dataclass
from datetime import timedelta
import json
import logging
from typing import Any
from unittest.mock import patch

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

import custom_components  # noqa: F401  # Our package, before the plugin's.
from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN, User
from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
)
from homeassistant.setup import async_setup_component

from .demo_house import build_script_demo_house, stop_timers

# pytest-homeassistant-custom-component's plugin turns SQLAlchemy's SQL log
# on (INFO) when it is imported; the recorder's thread then writes every
# statement between tests, straight into the run's output. Warnings stay.
logging.getLogger("sqlalchemy.engine").setLevel(logging.WARNING)

DOMAIN = "home_mcp"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Escape lone surrogates in a report's captured output, so a parallel worker can send it.

    The hostile tests send headers and bodies that are not UTF-8; aiohttp's
    and Home Assistant's logs write them as they came, with lone surrogates
    that the workers' channel (execnet) refuses, which crashes the worker.
    """
    outcome = yield
    report = outcome.get_result()
    report.sections = [
        (title, text.encode("utf-8", "backslashreplace").decode("utf-8"))
        for title, text in report.sections
    ]


DEMO_PLATFORMS = [
    Platform.ALARM_CONTROL_PANEL,
    Platform.BUTTON,
    Platform.CLIMATE,
    Platform.COVER,
    Platform.LIGHT,
    Platform.LOCK,
    Platform.MEDIA_PLAYER,
    Platform.SWITCH,
    Platform.VALVE,
]

SCRIPTS: dict[str, Any] = {
    "unlock_front": {
        "alias": "Unlock the front door",
        "sequence": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
    },
    "welcome_home": {
        "alias": "Welcome home",
        "description": "Lights on and let them in",
        "sequence": [
            {
                "action": "light.turn_on",
                "target": {"entity_id": "light.entrance_color_white_lights"},
            },
            {"action": "script.unlock_front"},
        ],
    },
    "good_night": {
        "alias": "Good night",
        "sequence": [
            {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}},
            {"action": "light.turn_off", "target": {"entity_id": "light.ceiling_lights"}},
        ],
    },
    "bedtime": {
        "alias": "Bedtime",
        "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}],
    },
    "dynamic": {
        "alias": "Whatever the template says",
        "sequence": [
            {
                "action": "{{ states('input_text.next_action') }}",
                "target": {"entity_id": "lock.front_door"},
            }
        ],
    },
    "ring": {"alias": "Ring", "sequence": [{"event": "let_them_in"}]},
    "slow_lights": {
        "alias": "Slow lights",
        "sequence": [
            {"delay": {"seconds": 1}},
            {"action": "light.turn_off", "target": {"entity_id": "light.kitchen_lights"}},
        ],
    },
    "choose_branch": {
        "alias": "Branchy",
        "sequence": [
            {
                "choose": [
                    {
                        "conditions": [
                            {"condition": "state", "entity_id": "light.bed_light", "state": "on"}
                        ],
                        "sequence": [
                            {"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}
                        ],
                    }
                ],
                "default": [
                    {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_door"}}
                ],
            }
        ],
    },
}

SCENES: list[dict[str, Any]] = [
    {
        "id": "romantic",
        "name": "Romantic",
        "entities": {"light.bed_light": {"state": "on", "brightness": 50}},
    },
    {"id": "open_house", "name": "Open house", "entities": {"lock.front_door": "unlocked"}},
    {"id": "bedtime_scene", "name": "Bedtime", "entities": {"light.ceiling_lights": "off"}},
    {
        "id": "lock_up",
        "name": "Lock up",
        "entities": {"lock.front_door": "locked", "cover.garage_door": "closed"},
    },
]


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load the repository's custom integration."""


@pytest.fixture(autouse=True)
async def stop_sse_shutdown_watcher() -> AsyncIterator[None]:
    """Stop the task `sse_starlette` leaves behind after the first SSE answer.

    The SDK answers SSE (sessions, subscriptions/listen) through
    `sse_starlette`, which starts one task per event loop that polls for a
    uvicorn shutdown every 0.5 s, forever; the harness would report it as a
    lingering task.
    """
    yield
    watchers = [
        task
        for task in asyncio.all_tasks()
        if getattr(task.get_coro(), "__qualname__", "") == "_shutdown_watcher"
    ]
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)


@pytest.fixture
async def demo_house(hass: HomeAssistant) -> AsyncIterator[HomeAssistant]:
    """Set up the demo's devices, rooms, scripts and scenes.

    The demo's locks and valves take 2 s per move; the delays stay at 0 for
    the whole test, not only its setup.
    """
    with (
        patch(
            "homeassistant.components.demo.COMPONENTS_WITH_CONFIG_ENTRY_DEMO_PLATFORM",
            DEMO_PLATFORMS,
        ),
        patch("homeassistant.components.demo.lock.LOCK_UNLOCK_DELAY", 0),
        patch("homeassistant.components.demo.valve.OPEN_CLOSE_DELAY", 0),
    ):
        assert await async_setup_component(hass, "homeassistant", {})
        assert await async_setup_component(hass, "demo", {})
        await hass.async_block_till_done()
        yield await _furnish(hass)


@pytest.fixture
async def script_demo_house(
    hass: HomeAssistant, hass_admin_user: User
) -> AsyncIterator[HomeAssistant]:
    """Set up `script/demo`'s own house, from its own sources (`tests/demo_house.py`).

    The demo's locks and valves take 2 s per move; the delays stay at 0 for
    the whole test, not only its setup.
    """
    with (
        patch("homeassistant.components.demo.lock.LOCK_UNLOCK_DELAY", 0),
        patch("homeassistant.components.demo.valve.OPEN_CLOSE_DELAY", 0),
    ):
        try:
            await build_script_demo_house(hass, hass_admin_user)
            yield hass
        finally:
            await stop_timers(hass)


async def _furnish(hass: HomeAssistant) -> HomeAssistant:
    """Add the household's scripts, scenes, floors, rooms and aliases."""
    assert await async_setup_component(hass, "script", {"script": SCRIPTS})
    assert await async_setup_component(hass, "scene", {"scene": SCENES})
    await hass.async_block_till_done()

    floors = fr.async_get(hass)
    ground = floors.async_create("Ground floor", aliases={"downstairs", "rez-de-chaussée"}, level=0)
    upstairs = floors.async_create("First floor", aliases={"upstairs", "2階"}, level=1)
    areas = ar.async_get(hass)
    garage = areas.async_create("Garage", floor_id=ground.floor_id)
    living = areas.async_create("リビング", aliases={"Living room"}, floor_id=ground.floor_id)
    office = areas.async_create("Büro", aliases={"Office"}, floor_id=upstairs.floor_id)
    dining = areas.async_create("Salle à manger", floor_id=ground.floor_id)
    areas.async_create("Garden")  # On no floor.
    entities = er.async_get(hass)
    devices = dr.async_get(hass)
    for entity_id, area in (
        ("cover.garage_door", garage),
        ("cover.hall_window", garage),
        ("cover.living_room_window", living),
        ("light.living_room_rgbww_lights", living),
        ("light.office_rgbw_lights", office),
        ("light.kitchen_lights", dining),
    ):
        # Entities without a name of their own take the area of their device.
        entry = entities.async_get(entity_id)
        assert entry is not None and entry.device_id is not None
        devices.async_update_device(entry.device_id, area_id=area.id)
    entities.async_update_entity("light.office_rgbw_lights", aliases=["Büro Decke"])
    await hass.async_block_till_done()
    return hass


@dataclass
class McpHarness:
    """A real MCP client against Home MCP on a real HTTP server."""

    hass: HomeAssistant
    base_url: str
    token: str

    @property
    def url(self) -> str:
        """Return the MCP endpoint URL."""
        return f"{self.base_url}/api/mcp"

    @asynccontextmanager
    async def client(
        self, mode: str = "legacy", token: str | None = None, url: str | None = None
    ) -> AsyncIterator[Client]:
        """Open the SDK client in `mode` (`legacy`: initialize; `auto`: 2026-07-28)."""
        http = httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {token or self.token}"}, timeout=30
        )
        async with (
            http,
            Client(
                streamable_http_client(url or self.url, http_client=http),
                mode=mode,
                cache=None,
                client_info=types.Implementation(name="pytest-client", version="1.0"),
            ) as client,
        ):
            yield client

    async def call(
        self, tool: str, arguments: dict[str, Any] | None = None, *, mode: str = "legacy"
    ) -> types.CallToolResult:
        """Call one tool and return the raw result."""
        async with self.client(mode) as client:
            return await client.call_tool(tool, arguments or {})

    async def data(
        self, tool: str, arguments: dict[str, Any] | None = None, *, mode: str = "legacy"
    ) -> dict[str, Any]:
        """Call one tool and return its structured content (checked against the text)."""
        result = await self.call(tool, arguments, mode=mode)
        assert result.structured_content is not None
        text = result.content[0]
        assert isinstance(text, types.TextContent)
        assert json.loads(text.text) == result.structured_content
        assert result.is_error == (result.structured_content.get("ok") is False)
        return result.structured_content


async def set_options(hass: HomeAssistant, entry: MockConfigEntry, **options: Any) -> None:
    """Save Home MCP's options through the options flow, as a person would (the entry reloads).

    Unnamed options keep the flow's defaults: nothing pre-approved, nothing
    extra guarded, 10 minutes to approve.
    """
    result = await hass.config_entries.options.async_init(entry.entry_id)
    assert result["type"] is FlowResultType.FORM
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "allowed_entities": [],
            "guarded_entities": [],
            "confirmation_expiry": 10,
            **options,
        },
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()


RELOADS = ["reload", "options", "restart"]
"""The ways Home MCP's entry loads again: `reload_at_once`'s `how`."""


async def reload_at_once(
    hass: HomeAssistant, entry: MockConfigEntry, how: str, hass_storage: dict[str, Any]
) -> None:
    """Load Home MCP's entry again at once, `how` a person or Home Assistant would.

    reload: Settings > Devices & services > Reload. options: saving a changed
    option (the entry reloads). restart: Home Assistant starts again from what
    Home MCP's stores hold on disk now, as after a power cut: nothing the
    entry would write later (a delayed save, its unload's) counts, and
    pending confirmations are expired.
    """
    before = entry.runtime_data
    if how == "reload":
        assert await hass.config_entries.async_reload(entry.entry_id)
    elif how == "options":
        expiry = entry.options.get("confirmation_expiry", 10) + 1
        await set_options(hass, entry, confirmation_expiry=expiry)
    else:
        on_disk = {key: deepcopy(value) for key, value in hass_storage.items()}
        assert await hass.config_entries.async_unload(entry.entry_id)
        for key in [key for key in hass_storage if key.startswith(f"{DOMAIN}.")]:
            del hass_storage[key]
        hass_storage.update({k: v for k, v in on_disk.items() if k.startswith(f"{DOMAIN}.")})
        hass.data.pop(f"{DOMAIN}_loaded")  # A new run of Home Assistant.
        assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert entry.runtime_data is not before


async def long_lived_token(
    hass: HomeAssistant, user: User, client_name: str = "My assistant", days: int = 10
) -> str:
    """Return an access token of a new long-lived token of `user` (as from the profile page)."""
    refresh = await hass.auth.async_create_refresh_token(
        user,
        client_name=client_name,
        token_type=TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN,
        access_token_expiration=timedelta(days=days),
    )
    return hass.auth.async_create_access_token(refresh)


@pytest.fixture
async def home_mcp(hass: HomeAssistant) -> MockConfigEntry:
    """Set up Home MCP's config entry."""
    entry = MockConfigEntry(domain=DOMAIN, title="Home MCP", data={})
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry


@pytest.fixture
async def mcp(
    demo_house: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_client: Callable[..., Any],
    hass_access_token: str,
) -> McpHarness:
    """Return the MCP harness for the demo house."""
    client = await hass_client()
    base_url = str(client.make_url("")).rstrip("/")
    return McpHarness(hass=demo_house, base_url=base_url, token=hass_access_token)


@pytest.fixture
async def script_demo_mcp(
    script_demo_house: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_client: Callable[..., Any],
    hass_access_token: str,
) -> McpHarness:
    """Return the MCP harness for `script/demo`'s house."""
    client = await hass_client()
    base_url = str(client.make_url("")).rstrip("/")
    return McpHarness(hass=script_demo_house, base_url=base_url, token=hass_access_token)


GATE_RELAYS = 250
"""The gate relays of `crowded_house`, each marked guarded by the owner."""
CROWD_CHAIN = 4
"""The automations `crowded_house`'s opening passes through, one triggering the next."""


@pytest.fixture
async def crowded_house(mcp: McpHarness, home_mcp: MockConfigEntry) -> str:
    """Return the entity id of an automation that opens the house some 250 ways, through a chain.

    The owner has `GATE_RELAYS` gate relays (input_boolean helpers) and
    marked each guarded in Home MCP's options. "Let everyone in" triggers
    "Relay chain 1", which triggers the next, and so on; the last turns on
    every relay and the ceiling lights, runs Welcome home (which unlocks the
    front door through another script), and opens the garage and the
    orchard's valve: one action, more than 250 findings, the front door's
    through six entities.
    """
    hass = mcp.hass
    relays = [f"input_boolean.gate_relay_{number:03}" for number in range(GATE_RELAYS)]
    helpers = {
        relay.partition(".")[2]: {"name": f"Gate relay {number}"}
        for number, relay in enumerate(relays)
    }
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": helpers})
    names = ["Let everyone in", *(f"Relay chain {step}" for step in range(1, CROWD_CHAIN))]
    ids = [f"automation.{name.lower().replace(' ', '_')}" for name in names]
    automations: list[dict[str, Any]] = [
        {
            "id": entity_id.partition(".")[2],
            "alias": name,
            "triggers": [{"trigger": "event", "event_type": f"never_{step}"}],
            "actions": [{"action": "automation.trigger", "target": {"entity_id": following}}],
        }
        for step, (name, entity_id, following) in enumerate(zip(names, ids, ids[1:], strict=False))
    ]
    automations.append(
        {
            "id": ids[-1].partition(".")[2],
            "alias": names[-1],
            "triggers": [{"trigger": "event", "event_type": "never_last"}],
            "actions": [
                {"action": "input_boolean.turn_on", "target": {"entity_id": relays}},
                {"action": "light.turn_on", "target": {"entity_id": "light.ceiling_lights"}},
                {"action": "script.welcome_home"},
                {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_door"}},
                {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}},
            ],
        }
    )
    assert await async_setup_component(hass, "automation", {"automation": automations})
    await hass.async_block_till_done()
    await set_options(hass, home_mcp, guarded_entities=relays)
    return ids[0]


async def call_service(
    mcp: McpHarness,
    domain: str,
    service: str,
    target: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
    mode: str = "legacy",
) -> dict[str, Any]:
    """Call the `call_service` tool for `domain.service`; return its structured result."""
    arguments: dict[str, Any] = {"domain": domain, "service": service}
    if target is not None:
        arguments["target"] = target
    if data is not None:
        arguments["data"] = data
    return await mcp.data("call_service", arguments, mode=mode)


def entity_state(hass: HomeAssistant, entity_id: str) -> str:
    """Return an entity's state from Home Assistant's state machine."""
    current = hass.states.get(entity_id)
    assert current is not None, entity_id
    return current.state


async def panel_sender(
    hass: HomeAssistant, hass_ws_client: Callable[..., Any], user: User
) -> Callable[[dict[str, Any]], Any]:
    """Return a sender of websocket commands from the panel, on an admin's login session."""
    api = hass.config.api
    assert api is not None
    refresh = await hass.auth.async_create_refresh_token(user, f"http://127.0.0.1:{api.port}/")
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))

    async def send(command: dict[str, Any]) -> Any:
        await client.send_json_auto_id(command)
        reply = await client.receive_json()
        await hass.async_block_till_done()
        return reply

    return send
