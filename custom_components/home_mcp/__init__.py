"""Home MCP: the Model Context Protocol inside Home Assistant, with a gate.

Setting up the config entry builds the gate from the entry's options, the
confirmations, the audit log, the client keys, the MCP server and the
transport endpoint, starts the MCP SDK's session manager and adds the
administrators' sidebar panel. The HTTP views (`/api/home_mcp`, and
`/api/mcp` unless core's `mcp_server` holds it), the panel's static files and
the websocket commands are registered once per Home Assistant run.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
import logging
from pathlib import Path
from typing import Any

from homeassistant.components import frontend, panel_custom
from homeassistant.components.http import StaticPathConfig
from homeassistant.config_entries import ConfigEntry
from homeassistant.const import EVENT_CORE_CONFIG_UPDATE, Platform
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.helpers import config_validation as cv, llm
from homeassistant.helpers.dispatcher import async_dispatcher_send
from homeassistant.helpers.typing import ConfigType
from homeassistant.loader import async_get_integration

from .approvals import ConfirmationManager
from .approvals.phone import PhoneApprovals
from .apps import AppsDeclarations, async_load_apps
from .audit import AuditLog
from .configs.history import ConfigHistory
from .configs.writes import ConfigWriter
from .const import (
    CONF_ALLOWED_ENTITIES,
    CONF_APPROVAL_DEVICES,
    CONF_CONFIRMATION_EXPIRY,
    CONF_ENABLE_SESSIONS,
    CONF_EXPOSED_ONLY,
    CONF_GUARDED_ENTITIES,
    CONF_OPENING_ACTIONS,
    CONF_RESPONSE_BUDGET,
    DEFAULT_CONFIRMATION_EXPIRY,
    DEFAULT_ENABLE_SESSIONS,
    DEFAULT_EXPOSED_ONLY,
    DEFAULT_RESPONSE_BUDGET,
    DOMAIN,
    PANEL_COMPONENT,
    PANEL_URL_PATH,
    SIGNAL_ESCAPE,
    STATIC_URL,
    URL_MCP,
)
from .gate import Gate, HouseIndex, Tripwire
from .keys import KeyStore
from .llm_api import HomeMcpLlmApi
from .models import DATA_LOADED, DATA_URLS, HomeMcpConfigEntry, HomeMcpData
from .renames import async_follow_entities
from .repairs import async_clear_house_issues, async_follow_house, async_update_issues
from .resources import ResourceHub
from .runner import ToolRunner
from .server import create_server
from .tools.entity_index import DATA_ENTITY_INDEX, EntityIndex
from .transport import McpEndpoint, SessionRegistry, async_register_views
from .websocket import async_register_commands

_LOGGER = logging.getLogger(__name__)

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)
PLATFORMS = [Platform.EVENT, Platform.SENSOR]
"""Home MCP's own entities, for the person's automations (never for MCP callers)."""
FRONTEND_DIR = Path(__file__).parent / "frontend"


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the endpoint's views, the panel's files and websocket commands."""
    hass.data[DATA_URLS] = async_register_views(hass)
    await hass.http.async_register_static_paths(
        [StaticPathConfig(STATIC_URL, str(FRONTEND_DIR), cache_headers=False)]
    )
    async_register_commands(hass)
    return True


def _options(entry: ConfigEntry) -> dict[str, Any]:
    return {
        CONF_ALLOWED_ENTITIES: list(entry.options.get(CONF_ALLOWED_ENTITIES, [])),
        CONF_GUARDED_ENTITIES: list(entry.options.get(CONF_GUARDED_ENTITIES, [])),
        CONF_OPENING_ACTIONS: list(entry.options.get(CONF_OPENING_ACTIONS, [])),
        CONF_CONFIRMATION_EXPIRY: entry.options.get(
            CONF_CONFIRMATION_EXPIRY, DEFAULT_CONFIRMATION_EXPIRY
        ),
        CONF_RESPONSE_BUDGET: entry.options.get(CONF_RESPONSE_BUDGET, DEFAULT_RESPONSE_BUDGET),
        CONF_EXPOSED_ONLY: bool(entry.options.get(CONF_EXPOSED_ONLY, DEFAULT_EXPOSED_ONLY)),
        CONF_ENABLE_SESSIONS: bool(
            entry.options.get(CONF_ENABLE_SESSIONS, DEFAULT_ENABLE_SESSIONS)
        ),
        CONF_APPROVAL_DEVICES: list(entry.options.get(CONF_APPROVAL_DEVICES, [])),
    }


async def async_setup_entry(hass: HomeAssistant, entry: HomeMcpConfigEntry) -> bool:
    """Start serving MCP for this entry."""
    integration = await async_get_integration(hass, DOMAIN)
    version = str(integration.version or "0")
    options = _options(entry)
    audit = AuditLog(hass)
    index = HouseIndex(hass, options[CONF_GUARDED_ENTITIES], options[CONF_OPENING_ACTIONS])
    entry.async_on_unload(index.async_start())
    entry.async_on_unload(async_follow_house(hass, index))
    hass.data[DATA_ENTITY_INDEX] = EntityIndex(hass)
    stop_following = hass.data[DATA_ENTITY_INDEX].async_start()

    @callback
    def forget_entities() -> None:
        stop_following()
        hass.data.pop(DATA_ENTITY_INDEX, None)

    entry.async_on_unload(forget_entities)

    @callback
    def on_escape(escape: dict[str, Any]) -> None:
        audit.async_record_escape(escape)
        async_dispatcher_send(hass, SIGNAL_ESCAPE, escape)

    tripwire = Tripwire(hass, guarded_entities=options[CONF_GUARDED_ENTITIES], on_escape=on_escape)
    entry.async_on_unload(tripwire.async_start())
    gate = Gate(
        hass,
        allowed_entities=options[CONF_ALLOWED_ENTITIES],
        index=index,
        tripwire=tripwire,
    )
    history = ConfigHistory(hass)
    writer = ConfigWriter(hass, gate, history)
    confirmations = ConfirmationManager(
        hass, gate, timedelta(minutes=float(options[CONF_CONFIRMATION_EXPIRY])), writer
    )
    phones = PhoneApprovals(hass, gate, confirmations, options[CONF_APPROVAL_DEVICES])
    entry.async_on_unload(phones.async_start())
    keys = KeyStore(hass)
    # Pending confirmations survive an options reload; after a restart of
    # Home Assistant they are expired, never approvable.
    first_load = not hass.data.get(DATA_LOADED)
    hass.data[DATA_LOADED] = True
    await confirmations.async_load(expire_pending=first_load)
    await audit.async_load()
    await keys.async_load()
    await history.async_load()
    sessions = SessionRegistry(hass, enabled=options[CONF_ENABLE_SESSIONS])
    declarations = AppsDeclarations()
    budget = int(options[CONF_RESPONSE_BUDGET]) * 1024
    resources = ResourceHub(hass, gate=gate, confirmations=confirmations, budget=budget)
    resources.async_attach_sessions(sessions)
    entry.async_on_unload(resources.async_unload)
    runner = ToolRunner(
        hass, gate=gate, confirmations=confirmations, audit=audit, budget=budget, writer=writer
    )
    entry.async_on_unload(
        llm.async_register_api(hass, HomeMcpLlmApi(hass, runner, await keys.async_user()))
    )
    server = create_server(
        hass,
        gate=gate,
        confirmations=confirmations,
        audit=audit,
        runner=runner,
        version=version,
        budget=budget,
        resources=resources,
        sessions=sessions if sessions.enabled else None,
        apps=await async_load_apps(hass),
        declarations=declarations,
    )
    endpoint = McpEndpoint(hass, server, sessions, declarations)
    urls: list[str] = hass.data.get(DATA_URLS, [])
    await endpoint.async_start(entry)
    path_taken = URL_MCP not in hass.data.get(DATA_URLS, [])

    @callback
    def update_issues(_event: Event | None = None) -> None:
        async_update_issues(hass, path_taken=path_taken)

    update_issues()
    entry.async_on_unload(hass.bus.async_listen(EVENT_CORE_CONFIG_UPDATE, update_issues))
    entry.runtime_data = HomeMcpData(
        gate=gate,
        confirmations=confirmations,
        writer=writer,
        audit=audit,
        keys=keys,
        endpoint=endpoint,
        sessions=sessions,
        resources=resources,
        urls=list(urls),
        version=version,
        options=options,
    )
    entry.async_on_unload(audit.async_listen())
    entry.async_on_unload(async_follow_entities(hass, entry))
    entry.async_on_unload(confirmations.async_unload)
    await panel_custom.async_register_panel(
        hass,
        frontend_url_path=PANEL_URL_PATH,
        webcomponent_name=PANEL_COMPONENT,
        sidebar_title="Home MCP",
        sidebar_icon="mdi:shield-home",
        module_url=f"{STATIC_URL}/home-mcp-panel.js?v={version}",
        require_admin=True,
    )
    entry.async_on_unload(partial(frontend.async_remove_panel, hass, PANEL_URL_PATH))
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: HomeMcpConfigEntry) -> bool:
    """Stop serving MCP for this entry, then write every store it owns.

    Each store is written before this returns and writes nothing afterwards:
    the stores the entry's next load makes read what these wrote, and never
    race them. The audit goes last: the others' last changes are recorded in
    it.
    """
    if not await hass.config_entries.async_unload_platforms(entry, PLATFORMS):
        return False
    data = entry.runtime_data
    await data.endpoint.async_stop()
    await data.confirmations.async_close()
    await data.writer.history.async_close()
    await data.keys.async_close()
    await data.audit.async_close()
    return True


async def async_remove_entry(hass: HomeAssistant, entry: ConfigEntry) -> None:
    """Forget the repairs about the house: without Home MCP, nothing judges it."""
    async_clear_house_issues(hass)
