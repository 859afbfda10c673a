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

Two more follow the gate's reading of the house (`async_follow_house`: each
time the house index is built, once Home Assistant has started and at the
first use of the gate after the house changed):

- `unreadable_items`: automations, scripts or template entities the gate
  cannot read, each with why; each waits for a person, the rest of the
  house is judged as usual;
- `external_actions`: the actions leaving Home Assistant that the house's
  own automations and scripts take, to review and mark the ones that open
  the house in the options. Its id holds a digest of the list, so an owner
  who ignored it is not asked again until the list changes.
"""

from __future__ import annotations

from collections.abc import Iterable
import hashlib
from ipaddress import ip_address
from itertools import islice
import logging
from typing import Final

import yarl

from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.start import async_at_started

from .caller import Caller
from .const import DOMAIN, URL_HOME_MCP, URL_MCP
from .gate import HouseIndex
from .gate.perimeter import Snapshot
from .shaping import escape_markdown

_LOGGER = logging.getLogger(__name__)

ISSUE_PATH_TAKEN: Final = "mcp_path_taken"
ISSUE_EXTERNAL_MISSING: Final = "external_url_missing"
ISSUE_EXTERNAL_PORT: Final = "external_url_port"
ISSUE_ADMIN_TOKEN: Final = "admin_long_lived_token"
_TOKEN_ISSUE_PREFIX: Final = f"{ISSUE_ADMIN_TOKEN}_"
ISSUE_UNREADABLE: Final = "unreadable_items"
ISSUE_EXTERNAL: Final = "external_actions"
_EXTERNAL_ISSUE_PREFIX: Final = f"{ISSUE_EXTERNAL}_"
LISTED_MAX: Final = 20
"""Items a repair lists; the rest are counted (`- … (+N)`)."""
REASON_MAX_CHARS: Final = 200
"""Why the gate could not read an item, as the repair quotes it."""


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


@callback
def async_follow_house(hass: HomeAssistant, index: HouseIndex) -> CALLBACK_TYPE:
    """Raise or clear the house's repairs at each build of `index`; return what stops it.

    The index is first built once Home Assistant has started, in slices
    (later builds come with the gate's use). A failure here is logged and never reaches
    the index or the gate.
    """

    @callback
    def built(snapshot: Snapshot) -> None:
        try:
            async_update_house_issues(hass, snapshot)
        except Exception:
            _LOGGER.exception("Home MCP could not update its repairs about the house")

    @callback
    def first_build(_hass: HomeAssistant) -> None:
        index.async_build()

    stops = (index.async_on_build(built), async_at_started(hass, first_build))

    @callback
    def stop() -> None:
        for unsubscribe in stops:
            unsubscribe()

    return stop


@callback
def async_update_house_issues(hass: HomeAssistant, snapshot: Snapshot) -> None:
    """Raise or clear `unreadable_items` and `external_actions` for one reading of the house.

    A house of which nothing was read (`Snapshot.unreadable`: its whole
    configuration failed, every change waits) leaves both as they were.
    """
    if not snapshot.house.classes:
        return
    unreadable = snapshot.unreadable_items
    if unreadable:
        ir.async_create_issue(
            hass,
            DOMAIN,
            ISSUE_UNREADABLE,
            is_fixable=False,
            severity=ir.IssueSeverity.WARNING,
            translation_key=ISSUE_UNREADABLE,
            translation_placeholders={
                "count": str(len(unreadable)),
                "items": _listing(
                    (
                        f"{escape_markdown(entity_id)}: "
                        f"{escape_markdown(str(reason), REASON_MAX_CHARS)}"
                        for entity_id, reason in sorted(unreadable.items())
                    ),
                    len(unreadable),
                ),
            },
        )
    else:
        ir.async_delete_issue(hass, DOMAIN, ISSUE_UNREADABLE)

    actions = snapshot.external_actions
    issue_id = f"{_EXTERNAL_ISSUE_PREFIX}{external_digest(actions)}" if actions else None
    _delete_external_issues(hass, keep=issue_id)
    if issue_id is None:
        return
    ir.async_create_issue(  # The same list: unchanged, and still ignored if it was.
        hass,
        DOMAIN,
        issue_id,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key=ISSUE_EXTERNAL,
        translation_placeholders={
            "count": str(len(actions)),
            "actions": _listing(
                (
                    f"{escape_markdown(key)} ({len(set(taken_by))})"
                    for key, taken_by in sorted(actions.items())
                ),
                len(actions),
            ),
        },
    )


@callback
def async_clear_house_issues(hass: HomeAssistant) -> None:
    """Delete the house's repairs (Home MCP removed: nothing judges the house any more)."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_UNREADABLE)
    _delete_external_issues(hass, keep=None)


def _delete_external_issues(hass: HomeAssistant, *, keep: str | None) -> None:
    """Delete every `external_actions` issue but `keep` (an earlier list's)."""
    registry = ir.async_get(hass)
    for domain, issue_id in list(registry.issues):
        if domain == DOMAIN and issue_id.startswith(_EXTERNAL_ISSUE_PREFIX) and issue_id != keep:
            ir.async_delete_issue(hass, DOMAIN, issue_id)


def external_digest(actions: Iterable[str]) -> str:
    """Return a short digest of a set of external actions (the same set, the same digest)."""
    text = "\n".join(sorted(set(actions)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _listing(lines: Iterable[str], total: int) -> str:
    """Return a markdown list of the first `LISTED_MAX` of `total` lines, then how many more."""
    shown = [f"- {line}" for line in islice(lines, LISTED_MAX)]
    if total > LISTED_MAX:
        shown.append(f"- … (+{total - LISTED_MAX})")
    return "\n".join(shown)
