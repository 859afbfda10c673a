"""The MCP endpoint's views and their registration.

`HomeMcpView` is a `HomeAssistantView` at `/api/home_mcp`, and at `/api/mcp`
unless core's `mcp_server` serves it. It answers 503 while Home MCP's entry
is starting, authenticates the request (`auth.py`) and hands it to the loaded
entry's `McpEndpoint`.
"""

from __future__ import annotations

from http import HTTPStatus
import logging
from typing import Final

from aiohttp import hdrs, web
from mcp_types import INVALID_REQUEST

from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.http import KEY_HASS, HomeAssistantView

from ..const import CORE_MCP_SERVER_DOMAIN, DOMAIN, URL_HOME_MCP, URL_MCP
from ..models import HomeMcpConfigEntry
from ..repairs import async_note_request
from .auth import async_authenticate
from .spec import STARTING, async_read_post, rpc_error

_LOGGER = logging.getLogger(__name__)

STARTING_STATES: Final = frozenset(
    {
        ConfigEntryState.NOT_LOADED,
        ConfigEntryState.SETUP_IN_PROGRESS,
        ConfigEntryState.SETUP_RETRY,
        ConfigEntryState.UNLOAD_IN_PROGRESS,
    }
)
"""States of an enabled entry that is about to serve (again)."""
STARTING_RETRY_AFTER: Final = 5


@callback
def async_core_mcp_server_active(hass: HomeAssistant) -> bool:
    """Return True if core's `mcp_server` has an enabled config entry."""
    return any(
        entry.disabled_by is None
        for entry in hass.config_entries.async_entries(CORE_MCP_SERVER_DOMAIN)
    )


def _starting_answer(hass: HomeAssistant) -> web.Response | None:
    """Return the 503 for an entry that is set up but not serving yet, or None.

    Home MCP's views exist from the integration's setup on; its config entry
    starts a moment later (and again after a reload). Meanwhile, and while
    Home Assistant retries a failed setup, clients are told to come back:
    `STARTING`, with `Retry-After`. Its id is null: it answers before
    authentication, so it does not read the body of a caller not yet known.
    """
    states = {
        entry.state
        for entry in hass.config_entries.async_entries(DOMAIN)
        if entry.disabled_by is None
    }
    if not states & STARTING_STATES:
        return None
    return rpc_error(
        HTTPStatus.SERVICE_UNAVAILABLE,
        STARTING,
        "Home MCP is starting; try again in a few seconds",
        {"retry_after": STARTING_RETRY_AFTER},
        headers={hdrs.RETRY_AFTER: str(STARTING_RETRY_AFTER)},
    )


async def _async_request_id(request: web.Request) -> str | int | None:
    """Return the JSON-RPC id of an authenticated POST about to be refused, or None."""
    if request.method != "POST":
        return None
    return (await async_read_post(request)).request_id


class HomeMcpView(HomeAssistantView):
    """The MCP endpoint: `/api/home_mcp` always, `/api/mcp` when it is free."""

    url = URL_HOME_MCP
    name = "api:home_mcp"
    # Client keys are checked here (`async_authenticate`), so Home Assistant
    # lets unauthenticated requests through to this view.
    requires_auth = False

    def __init__(self, url: str = URL_HOME_MCP) -> None:
        """Serve the endpoint at `url`."""
        self.url = url
        self.name = f"api:home_mcp:{url.rsplit('/', 1)[-1]}"

    async def _async_dispatch(self, request: web.Request) -> web.StreamResponse:
        hass = request.app[KEY_HASS]
        entries: list[HomeMcpConfigEntry] = hass.config_entries.async_loaded_entries(DOMAIN)
        if not entries and (starting := _starting_answer(hass)) is not None:
            # Before authentication: a client key cannot be checked yet, and a
            # 401 would count as a failed login.
            return starting
        caller = await async_authenticate(
            request, entries[0].runtime_data.keys if entries else None
        )
        if not entries:
            return rpc_error(
                HTTPStatus.NOT_FOUND,
                INVALID_REQUEST,
                "Home MCP is not set up: add it in Settings > Devices & services",
                request_id=await _async_request_id(request),
            )
        async_note_request(hass, caller, request.remote)
        if self.url == URL_MCP and async_core_mcp_server_active(hass):
            return rpc_error(
                HTTPStatus.NOT_FOUND,
                INVALID_REQUEST,
                f"{URL_MCP} belongs to Home Assistant's own MCP server; "
                f"Home MCP answers at {URL_HOME_MCP}",
                request_id=await _async_request_id(request),
            )
        return await entries[0].runtime_data.endpoint.async_handle(request, caller)

    async def post(self, request: web.Request) -> web.StreamResponse:
        """Serve a JSON-RPC message."""
        return await self._async_dispatch(request)

    async def get(self, request: web.Request) -> web.StreamResponse:
        """Answer a GET (a server-to-client stream, or the old SSE transport)."""
        return await self._async_dispatch(request)

    async def delete(self, request: web.Request) -> web.StreamResponse:
        """Answer a DELETE (ending a session)."""
        return await self._async_dispatch(request)


@callback
def async_register_views(hass: HomeAssistant) -> list[str]:
    """Register the MCP endpoint's views; return the URLs served.

    `/api/mcp` is left to core's `mcp_server` when it has an enabled config
    entry (registering the same route twice would break whichever integration
    comes second).
    """
    urls = [URL_HOME_MCP]
    if async_core_mcp_server_active(hass):
        _LOGGER.warning(
            "Home Assistant's own MCP server integration is set up and serves %s; "
            "Home MCP answers at %s only",
            URL_MCP,
            URL_HOME_MCP,
        )
    else:
        urls.append(URL_MCP)
    for url in urls:
        hass.http.register_view(HomeMcpView(url))
    return urls
