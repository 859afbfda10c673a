"""Repairs: what stands between a person and a working, safe connection, in Settings → Repairs.

Each issue is raised when Home MCP sees the problem and deleted when it is
gone (`async_update_issues`, at every start of the entry and when Home
Assistant's core configuration changes; a request that shows a problem
raises it at once):

- `mcp_path_taken`: core's `mcp_server` serves `/api/mcp`, so Home MCP
  answers at `/api/home_mcp` only;
- `external_url_missing` / `external_url_port`: an MCP client connected
  from the internet while Home Assistant has no external URL, or one that is
  not https on port 443 (what remote connectors such as claude.ai and
  ChatGPT need to reach it and sign in);
- `admin_long_lived_token`: an MCP client uses an administrator's
  long-lived token (it reaches every Home Assistant API, around the gate): a
  Home MCP client key is the safer credential. One issue per token, gone
  when the token is deleted.
"""

from __future__ import annotations

from ipaddress import ip_address
from typing import Final

import yarl

from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir

from .caller import Caller
from .const import DOMAIN, URL_HOME_MCP, URL_MCP

ISSUE_PATH_TAKEN: Final = "mcp_path_taken"
ISSUE_EXTERNAL_MISSING: Final = "external_url_missing"
ISSUE_EXTERNAL_PORT: Final = "external_url_port"
ISSUE_ADMIN_TOKEN: Final = "admin_long_lived_token"
_TOKEN_ISSUE_PREFIX: Final = f"{ISSUE_ADMIN_TOKEN}_"


@callback
def async_update_issues(hass: HomeAssistant, *, path_taken: bool) -> None:
    """Raise or clear what can be checked without a request."""
    if path_taken:
        ir.async_create_issue(
            hass,
            DOMAIN,
            ISSUE_PATH_TAKEN,
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_PATH_TAKEN,
            translation_placeholders={"mcp": URL_MCP, "home_mcp": URL_HOME_MCP},
        )
    else:
        ir.async_delete_issue(hass, DOMAIN, ISSUE_PATH_TAKEN)
    if _external_problem(hass) is None:
        ir.async_delete_issue(hass, DOMAIN, ISSUE_EXTERNAL_MISSING)
        ir.async_delete_issue(hass, DOMAIN, ISSUE_EXTERNAL_PORT)
    registry = ir.async_get(hass)
    for (domain, issue_id), _ in list(registry.issues.items()):
        if domain == DOMAIN and issue_id.startswith(_TOKEN_ISSUE_PREFIX):
            token = hass.auth.async_get_refresh_token(issue_id.removeprefix(_TOKEN_ISSUE_PREFIX))
            if token is None or not token.user.is_admin:
                ir.async_delete_issue(hass, DOMAIN, issue_id)


@callback
def async_note_request(hass: HomeAssistant, caller: Caller, remote: str | None) -> None:
    """Raise what one authenticated MCP request shows (cheap: a few lookups)."""
    if remote is not None and _is_internet(remote) and (problem := _external_problem(hass)):
        other = ISSUE_EXTERNAL_PORT if problem == ISSUE_EXTERNAL_MISSING else ISSUE_EXTERNAL_MISSING
        ir.async_delete_issue(hass, DOMAIN, other)
        ir.async_create_issue(
            hass,
            DOMAIN,
            problem,
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=problem,
            translation_placeholders={"url": hass.config.external_url or ""},
        )
    token_id = caller.refresh_token_id
    if token_id is None or caller.key_id is not None or not caller.is_admin:
        return
    token = hass.auth.async_get_refresh_token(token_id)
    if token is None or token.token_type != TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN:
        return
    ir.async_create_issue(
        hass,
        DOMAIN,
        f"{_TOKEN_ISSUE_PREFIX}{token_id}",
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_ADMIN_TOKEN,
        translation_placeholders={
            "token": caller.credential_name,
            "user": caller.user.name or "",
        },
    )


def _is_internet(remote: str) -> bool:
    """Return True for an address on the internet (not loopback, private or link-local)."""
    try:
        return ip_address(remote).is_global
    except ValueError:
        return False


def _external_problem(hass: HomeAssistant) -> str | None:
    """Return what is wrong with the external URL for remote connectors, if anything."""
    if not hass.config.external_url:
        return ISSUE_EXTERNAL_MISSING
    url = yarl.URL(hass.config.external_url)
    if url.scheme != "https" or url.port != 443:
        return ISSUE_EXTERNAL_PORT
    return None
