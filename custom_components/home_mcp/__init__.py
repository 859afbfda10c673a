"""Home MCP: the Model Context Protocol inside Home Assistant, with a gate.

Setting up the config entry builds the gate from the entry's options, the MCP
server, and the transport endpoint, and starts the MCP SDK's session manager.
The HTTP views (`/api/home_mcp`, and `/api/mcp` unless core's `mcp_server`
holds it) are registered once per Home Assistant run and answer 404 while no
entry is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
import logging

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.typing import ConfigType
from homeassistant.loader import async_get_integration

from .const import CONF_ALLOWED_ENTITIES, CONF_GUARDED_ENTITIES, DOMAIN
from .gate import Gate
from .http import McpEndpoint, async_register_views
from .server import create_server

_LOGGER = logging.getLogger(__name__)

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)


@dataclass(slots=True)
class HomeMcpData:
    """What a loaded Home MCP entry holds (`entry.runtime_data`).

    gate: the physical-action gate built from the entry's options.
    endpoint: the MCP transport serving the views.
    urls: the endpoint paths registered in this Home Assistant run.
    """

    gate: Gate
    endpoint: McpEndpoint
    urls: list[str]


type HomeMcpConfigEntry = ConfigEntry[HomeMcpData]

_VIEWS_KEY = f"{DOMAIN}_urls"


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the MCP endpoint's HTTP views."""
    hass.data[_VIEWS_KEY] = async_register_views(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: HomeMcpConfigEntry) -> bool:
    """Start serving MCP for this entry."""
    integration = await async_get_integration(hass, DOMAIN)
    gate = Gate(
        hass,
        guarded_entities=entry.options.get(CONF_GUARDED_ENTITIES, []),
        allowed_entities=entry.options.get(CONF_ALLOWED_ENTITIES, []),
    )
    server = create_server(hass, gate, str(integration.version or "0"))
    endpoint = McpEndpoint(hass, server)
    await endpoint.async_start(entry)
    entry.runtime_data = HomeMcpData(
        gate=gate, endpoint=endpoint, urls=list(hass.data.get(_VIEWS_KEY, []))
    )
    entry.async_on_unload(entry.add_update_listener(_async_options_updated))
    _LOGGER.debug("Home MCP serving at %s", ", ".join(entry.runtime_data.urls))
    return True


async def async_unload_entry(hass: HomeAssistant, entry: HomeMcpConfigEntry) -> bool:
    """Stop serving MCP for this entry."""
    await entry.runtime_data.endpoint.async_stop()
    return True


async def _async_options_updated(hass: HomeAssistant, entry: HomeMcpConfigEntry) -> None:
    """Rebuild the gate when the person changes the options."""
    await hass.config_entries.async_reload(entry.entry_id)
