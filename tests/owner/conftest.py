"""The owner's house: Home Assistant set up the way its owner builds it.

Every test here builds its house through Home Assistant's own APIs (the
automation and script editors' config API, the Helpers page's websocket
commands, config flows), with `house.Owner`. These fixtures give it the
editors it needs, before the MCP harness's HTTP client exists.
"""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.test_util.aiohttp import AiohttpClientMocker
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator, WebSocketGenerator

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from tests.conftest import McpHarness

from .house import PUSH_URL, Clock, Owner, Phone, write_config_dir


@pytest.fixture
def hass_config_dir(hass_tmp_config_dir: str) -> str:
    """Return a config directory with the files the automation and script editors write."""
    write_config_dir(hass_tmp_config_dir)
    return hass_tmp_config_dir


@pytest.fixture
async def editors(demo_house: HomeAssistant) -> None:
    """Set up what the owner's UI works with.

    `config` serves the config API over HTTP, so it is set up before the
    first test client exists (HA-NOTES trap 3); the helpers register their
    websocket commands here too.
    """
    hass = demo_house
    for domain in (
        "automation",
        "config",
        "group",
        "input_boolean",
        "input_datetime",
        "input_select",
        "switch_as_x",
        "template",
    ):
        assert await async_setup_component(hass, domain, {}), domain
    await hass.async_block_till_done()


@pytest.fixture
async def mcp(editors: None, mcp: McpHarness) -> McpHarness:
    """Return conftest's MCP harness, on a house whose editors were set up first."""
    return mcp


@pytest.fixture
async def owner(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_client: ClientSessionGenerator,
    hass_ws_client: WebSocketGenerator,
) -> Owner:
    """Return the owner, signed in to Home Assistant as an administrator."""
    return Owner(hass, await hass_client(), await hass_ws_client(hass))


@pytest.fixture
async def shopping_list(hass: HomeAssistant) -> None:
    """Add the shopping list the way an owner does (before HTTP starts serving)."""
    flows = hass.config_entries.flow
    result = await flows.async_init("shopping_list", context={"source": "user"})
    await flows.async_configure(result["flow_id"], {})
    await hass.async_block_till_done()
    assert hass.states.get("todo.shopping_list") is not None


@pytest.fixture
def morning(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> Clock:
    """Tomorrow, 09:00 local, on a frozen clock.

    Requested before `owner` and `mcp`: access tokens last 30 minutes, so
    the clock is set before they are issued and then moves only hours.
    """
    day = (dt_util.now() + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    clock = Clock(hass, freezer, day)
    clock.move_to(9)
    return clock


@pytest.fixture
async def mobile_app(editors: None, hass: HomeAssistant) -> None:
    """Set up the companion apps' integration before the first HTTP client exists."""
    assert await async_setup_component(hass, "mobile_app", {})
    await hass.async_block_till_done()


@pytest.fixture
async def phone(mobile_app: None, owner: Owner, aioclient_mock: AiohttpClientMocker) -> Phone:
    """Return Alice's phone, registered through `/api/mobile_app/registrations`."""
    rate_limits = {"successful": 1, "errors": 0, "maximum": 150, "remaining": 149}
    aioclient_mock.post(
        PUSH_URL,
        status=201,
        json={"rateLimits": {**rate_limits, "resetsAt": "2026-12-06T00:00:00Z"}},
    )
    registration = {
        "app_id": "io.homeassistant.companion.android",
        "app_name": "Home Assistant",
        "app_version": "2026.11.0",
        "device_name": "Alices phone",
        "manufacturer": "Google",
        "model": "Pixel",
        "os_name": "Android",
        "os_version": "16",
        "supports_encryption": False,
        "app_data": {"push_token": "token", "push_url": PUSH_URL},
    }
    response = await owner.http.post("/api/mobile_app/registrations", json=registration)
    assert response.status == 201, await response.text()
    await owner.hass.async_block_till_done()
    notify = "notify.mobile_app_alices_phone"
    assert owner.hass.services.has_service(*notify.split(".")), notify
    return Phone(notify, (await response.json())["webhook_id"])
