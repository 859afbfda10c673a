"""`script/demo`'s house, built inside the test Home Assistant from `script/demo`'s own sources.

No second copy of the data: the `demo` integration with all its platforms,
`script/demo_config/` (its configuration.yaml with the helpers and template
entities, automations.yaml, scripts.yaml, scenes.yaml), read with Home
Assistant's own YAML loader, and `script/demo_setup.py`'s furnishing
(`furnish_house`: floors, areas, labels, rooms of devices, aliases, the
hostile name, the location), applied through Home Assistant's registries with
the very websocket commands `script/demo` sends, handled in process. Conftest's
`script_demo_house` fixture builds it.

Left out, as a test has no use for them: configuration.yaml's `recorder`
(a test that needs history brings its own: `recorder_mock`), the UI's
`frontend`, `history` and `logbook` panels, `mobile_app`, and the Home
dashboard (a Lovelace dashboard; nothing in it is part of the house).
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import json
import logging
from pathlib import Path
import sys
from types import ModuleType
from typing import Any, Final

from homeassistant.auth.models import User
from homeassistant.components import demo
from homeassistant.components.onboarding.const import DEFAULT_AREAS
from homeassistant.components.websocket_api.connection import ActiveConnection
from homeassistant.components.websocket_api.http import WebSocketAdapter
from homeassistant.config import load_yaml_config_file
from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers import area_registry as ar
from homeassistant.helpers.entity_platform import async_get_platforms
from homeassistant.helpers.translation import async_get_translations
from homeassistant.setup import async_setup_component

ROOT: Final = Path(__file__).parent.parent
DEMO_CONFIG: Final = ROOT / "script" / "demo_config"
DEMO_SETUP: Final = ROOT / "script" / "demo_setup.py"

NOT_SET_UP: Final = frozenset({"recorder", "frontend", "history", "logbook", "mobile_app"})
"""configuration.yaml's domains the test Home Assistant leaves out (see the module's docstring)."""

TIMERS: Final = ("automation", "demo", "sun")
"""The integrations whose entities keep timers: automations' time and sun triggers, polling."""


def demo_setup() -> ModuleType:
    """Return `script/demo_setup.py` as a module (it is a script, not a package)."""
    if (module := sys.modules.get("demo_setup")) is not None:
        return module
    spec = importlib.util.spec_from_file_location("demo_setup", DEMO_SETUP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["demo_setup"] = module
    spec.loader.exec_module(module)
    return module


async def onboard_areas(hass: HomeAssistant, language: str = "en") -> None:
    """Create the areas onboarding creates for its first user, as its `user` step does.

    `script/demo` onboards Home Assistant; `furnish_house` then adopts these
    areas (renaming "Kitchen" to "キッチン" keeps its id `kitchen`).
    """
    translations = await async_get_translations(hass, language, "area", {"onboarding"})
    areas = ar.async_get(hass)
    for area in DEFAULT_AREAS:
        name = translations[f"component.onboarding.area.{area.key}"]
        if not areas.async_get_area_by_name(name):
            areas.async_create(name, icon=area.icon)


async def set_up_demo_config(hass: HomeAssistant) -> dict[str, Any]:
    """Set up configuration.yaml's integrations (but `NOT_SET_UP`); return the configuration.

    `demo` comes last: its own setup adds helpers of its own (an
    `input_boolean`, `input_select`s, ...) for the domains that are not set up
    yet. When Home Assistant starts, the configuration's own setups begin
    before `demo`'s (which waits for its dependencies), so configuration.yaml's
    `input_boolean` wins there too.
    """
    config: dict[str, Any] = await hass.async_add_executor_job(
        load_yaml_config_file, str(DEMO_CONFIG / "configuration.yaml")
    )
    assert await async_setup_component(hass, "homeassistant", config)
    domains = [domain for domain in config if domain not in NOT_SET_UP]
    for domain in sorted(domains, key=lambda domain: domain == "demo"):
        assert await async_setup_component(hass, domain, config), domain
    await hass.async_block_till_done()
    return config


def expected_warnings() -> set[str]:
    """Return what `furnish_house` may not find in this Home Assistant's demo.

    The tests run the Home Assistant that pytest-homeassistant-custom-component
    pins, which can be older than `script/demo`'s: a demo platform that came
    later (the lawn mower, 2026.11) has no device here to put in a room.
    """
    if Platform.LAWN_MOWER in demo.COMPONENTS_WITH_CONFIG_ENTRY_DEMO_PLATFORM:
        return set()
    return {"warning: no demo device named 'My Lawn Mower'; left without a room"}


def websocket_caller(hass: HomeAssistant, user: User) -> Any:
    """Return `furnish_house`'s `call`: a websocket command of `user`, handled in process.

    The same handlers, schemas and permission checks as over the websocket
    (`ActiveConnection`), without an HTTP server: starting the test's server
    would freeze its routes before Home MCP registers its own.
    """
    setup = demo_setup()
    answers: dict[int, asyncio.Future[dict[str, Any]]] = {}

    def receive(message: Any) -> None:
        if callable(message):
            message = message()
        if isinstance(message, (bytes, str)):
            message = json.loads(message)
        if (answer := answers.pop(message.get("id"), None)) is not None:
            answer.set_result(message)

    connection = ActiveConnection(
        WebSocketAdapter(logging.getLogger(__name__), {"connid": "script_demo"}),
        hass,
        receive,
        user,
        None,
        None,
    )
    ids = itertools.count(1)

    async def call(command: str, **data: Any) -> Any:
        message_id = next(ids)
        answers[message_id] = answer = hass.loop.create_future()
        # Through JSON, as over the wire.
        connection.async_handle(json.loads(json.dumps({"id": message_id, "type": command, **data})))
        reply = await answer
        if not reply.get("success"):
            raise setup.DemoError(f"{command} failed: {reply.get('error')}")
        return reply.get("result")

    return call


async def build_script_demo_house(hass: HomeAssistant, owner: User) -> None:
    """Build `script/demo`'s house in `hass`, furnished by `owner` (an administrator).

    Anything `furnish_house` cannot apply (a device or entity its tables name
    that is missing) fails the build: the tables and the demo have drifted.
    """
    await onboard_areas(hass)
    await set_up_demo_config(hass)
    warnings: list[str] = []
    await demo_setup().furnish_house(websocket_caller(hass, owner), warnings.append)
    await hass.async_block_till_done()
    assert set(warnings) <= expected_warnings(), warnings


async def stop_timers(hass: HomeAssistant) -> None:
    """Reset the entity platforms of `TIMERS`, so no timer of theirs outlives the test.

    A platform stops polling, and an automation lets go of its triggers, only
    when it is reset (unloaded), which the test's Home Assistant does not do
    when it stops.
    """
    for integration in TIMERS:
        for platform in async_get_platforms(hass, integration):
            await platform.async_reset()
