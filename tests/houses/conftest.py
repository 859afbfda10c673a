"""Fixtures: a real house (`loader.py`) in a real Home Assistant, with Home MCP."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
import traceback
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .loader import HOUSES, House, house_names, load_house, prepare_config_dir

HOUSE_NAMES = house_names()
every_house = pytest.mark.parametrize(
    "house_name",
    HOUSE_NAMES or [pytest.param("", marks=pytest.mark.skip(reason=f"no real houses at {HOUSES}"))],
)
"""Run a test once per real house (skipped, saying why, when there is none)."""


@pytest.fixture
def expected_lingering_timers() -> bool:
    """Let a house's polling automations and templates keep their timers after a test."""
    return True


@pytest.fixture
def expected_lingering_tasks() -> bool:
    """Let a house's runs that wait (a delay in a template's action) outlive a test."""
    return True


@pytest.fixture
def house_name() -> str:
    """Return the house a test loads (parametrized by `every_house`)."""
    return ""


@pytest.fixture
def hass_config_dir(hass_tmp_config_dir: str, house_name: str) -> str:
    """Return a configuration folder holding the house."""
    if house_name:
        prepare_config_dir(house_name, Path(hass_tmp_config_dir))
    return hass_tmp_config_dir


@pytest.fixture
async def house(hass: HomeAssistant, house_name: str, mqtt_mock_entry: Any) -> House:
    """Return the real house, loaded.

    What the house's own automations and templates raise on stand-ins (a
    `float` of `unknown`, a calendar action on a calendar that is only a
    state) is the house's, as Home Assistant logs it; an exception raised
    through Home MCP's code still fails the test.
    """
    loop = asyncio.get_running_loop()
    harness = loop.get_exception_handler()
    errors: list[BaseException] = []

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if error is not None and not _through_home_mcp(error):
            errors.append(error)
            return
        if harness is not None:
            harness(loop, context)

    loop.set_exception_handler(handle)
    loaded = await load_house(hass, house_name, mqtt_mock_entry)
    loaded.errors = errors
    return loaded


def _through_home_mcp(error: BaseException) -> bool:
    """Return True if `error` was raised through Home MCP's own code."""
    return any(
        "custom_components/home_mcp" in frame.f_code.co_filename
        for frame, _ in traceback.walk_tb(error.__traceback__)
    )


@pytest.fixture
async def house_mcp(
    house: House,
    home_mcp: MockConfigEntry,
    hass_client: Callable[..., Any],
    hass_access_token: str,
) -> McpHarness:
    """Return a real MCP client on the house, with Home MCP set up after it (as installed)."""
    client = await hass_client()
    base_url = str(client.make_url("")).rstrip("/")
    return McpHarness(hass=house.hass, base_url=base_url, token=hass_access_token)


@pytest.fixture
async def deny(
    house_mcp: McpHarness,
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    hass_ws_client: Callable[..., Any],
) -> Callable[[str], Awaitable[None]]:
    """Return what denies a request at once, as the owner does in the panel.

    Each credential may have ten requests waiting; a test that refuses more
    calls denies each as it goes.
    """
    api = hass.config.api
    assert api is not None
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://127.0.0.1:{api.port}/"
    )
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))

    async def decide(confirmation_id: str) -> None:
        await client.send_json_auto_id(
            {
                "type": "home_mcp/confirmation/decide",
                "confirmation_id": confirmation_id,
                "decision": "deny",
            }
        )
        reply = await client.receive_json()
        assert reply["success"], reply

    return decide
