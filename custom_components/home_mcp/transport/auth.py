"""Who is calling: authentication, the 401, the Origin check and the client's name.

A request carries a Home Assistant access token (checked by Home Assistant's
auth middleware) or a Home MCP client key (checked here, `keys.py`); anything
else answers 401 with Home Assistant's OAuth resource metadata, and counts as a
failed login for Home Assistant's IP ban. A browser request must come from one
of Home Assistant's origins (`origins.py`). What the MCP client says it is
joins the `Caller` for display, cleaned once.
"""

from __future__ import annotations

from dataclasses import replace
import json
from typing import Any, Final

from aiohttp import hdrs, web
from mcp_types import CLIENT_INFO_META_KEY, INVALID_REQUEST
import yarl

from homeassistant.components.http.const import KEY_HASS_REFRESH_TOKEN_ID, KEY_HASS_USER
from homeassistant.core import HomeAssistant
from homeassistant.helpers.http import KEY_AUTHENTICATED, KEY_HASS
from homeassistant.helpers.network import NoURLAvailableError, get_url

from ..caller import Caller
from ..const import NAME_MAX_CHARS
from ..keys import KeyStore
from ..origins import LOOPBACK_HOSTS, async_home_assistant_origins
from ..shaping import clean_text

SDK_DEFAULT_CLIENT_NAME: Final = "mcp 0.1.0"
"""What the MCP Python SDK's client declares when its program names none (`DEFAULT_CLIENT_INFO`)."""


def origin_allowed(hass: HomeAssistant, request: web.Request) -> bool:
    """Return True unless the request carries a foreign `Origin` header.

    Allowed: no Origin (every non-browser client), Home Assistant's own origin
    as the request reached it, Home Assistant's origins
    (`origins.async_home_assistant_origins`: its configured URLs, its remote
    UI, its host names), and loopback origins (local developer tools).
    Authentication is a bearer token, so a foreign page cannot ride on a
    cookie; this check is the DNS-rebinding defence the MCP specification
    asks for, in depth.
    """
    if (origin := request.headers.get("Origin")) is None:
        return True
    try:
        url = yarl.URL(origin)
    except ValueError:
        return False
    if not url.absolute or url.host is None:
        return False
    if url.host.strip("[]") in LOOPBACK_HOSTS:
        return True
    origins, _ = async_home_assistant_origins(hass)
    origins.add(f"{request.scheme}://{request.host}".lower())
    return str(url.origin()).lower() in origins


def _base_url(hass: HomeAssistant) -> str | None:
    """Return Home Assistant's address for links a person will open, or None.

    The address of the current request when Home Assistant is configured
    with it (internal, external or cloud URL; `get_url` checks the request's
    host against them), else the configured address; never a host only the
    request names.
    """
    for require_current_request in (True, False):
        try:
            return get_url(hass, require_current_request=require_current_request)
        except NoURLAvailableError:
            continue
    return None


async def async_authenticate(request: web.Request, keys: KeyStore | None) -> Caller:
    """Return who is calling, or raise `HTTPUnauthorized`.

    A Home Assistant access token (already validated by Home Assistant's auth
    middleware: `request[KEY_AUTHENTICATED]`) or a Home MCP client key. The
    401 carries Home Assistant's OAuth resource metadata so OAuth-capable
    clients can sign in, and Home Assistant's ban middleware counts it as a
    failed login.
    """
    hass = request.app[KEY_HASS]
    if request.get(KEY_AUTHENTICATED):
        user = request[KEY_HASS_USER]
        token_id: str | None = request.get(KEY_HASS_REFRESH_TOKEN_ID)
        credential_name = "unknown credential"
        if token_id and (refresh := hass.auth.async_get_refresh_token(token_id)):
            credential_name = refresh.client_name or refresh.client_id or "login session"
        return Caller(
            user=user,
            refresh_token_id=token_id,
            credential_name=clean_text(credential_name, NAME_MAX_CHARS),
            base_url=_base_url(hass),
        )
    header = request.headers.get(hdrs.AUTHORIZATION, "")
    scheme, _, token = header.partition(" ")
    if (
        keys is not None
        and scheme.lower() == "bearer"
        and (key := keys.async_verify(token.strip()))
    ):
        return Caller(
            user=await keys.async_user(),
            refresh_token_id=None,
            credential_name=clean_text(f"client key {key.name}", NAME_MAX_CHARS),
            key_id=key.key_id,
            read_only=key.scope == "read",
            writes_config=key.scope == "config",
            base_url=_base_url(hass),
        )
    headers = {hdrs.CONTENT_TYPE: "application/json"}
    try:
        url_prefix = get_url(hass, require_current_request=True)
    except NoURLAvailableError:
        pass
    else:
        headers[hdrs.WWW_AUTHENTICATE] = (
            f'Bearer resource_metadata="{url_prefix}/.well-known/oauth-protected-resource"'
        )
    raise web.HTTPUnauthorized(
        headers=headers,
        text=json.dumps(
            {
                "jsonrpc": "2.0",
                "id": None,
                "error": {
                    "code": INVALID_REQUEST,
                    "message": "Unauthorized: send 'Authorization: Bearer <token>' with a "
                    "Home Assistant access token or a Home MCP client key",
                },
            }
        ),
    )


def declared_client_name(message: dict[str, Any]) -> str | None:
    """Return the name the MCP client gives itself in `message`, if any.

    `clientInfo` in `initialize`, or `_meta` on a 2026-07-28 request.
    """
    params = message.get("params")
    if not isinstance(params, dict):
        return None
    meta = params.get("_meta")
    info = meta.get(CLIENT_INFO_META_KEY) if isinstance(meta, dict) else None
    if info is None:
        info = params.get("clientInfo")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        version = info.get("version")
        return f"{info['name']} {version if isinstance(version, str) else ''}".strip()
    return None


def client_name(declared: str | None, user_agent: str | None) -> str | None:
    """Return what a client calls itself: the name it declares, else its `User-Agent`.

    The MCP SDK's default `clientInfo` (`mcp 0.1.0`, sent when a program
    sets no `client_info`) names the SDK, not the program: its `User-Agent`,
    when it sends one, says more.
    """
    if declared is None or (declared == SDK_DEFAULT_CLIENT_NAME and user_agent):
        return user_agent or declared
    return declared


def with_client_name(caller: Caller, client_name: str | None) -> Caller:
    """Return `caller` with what the MCP client says it is (untrusted, for display).

    The name is cleaned here, once, before it can reach the audit, a
    confirmation, a notification or the panel.
    """
    cleaned = clean_text(client_name, NAME_MAX_CHARS) if client_name else None
    return replace(caller, client_name=cleaned or None)
