"""The notification that tells a person a request waits, and its text.

`summarize` words what a guarded decision asks ("unlock Front Door"), names
cleaned. `async_notify` raises the persistent notification that leads to the
approval page in the Home MCP panel, unless a new notification would itself
set off something guarded; `async_dismiss` takes it down once the
confirmation ends.
"""

from __future__ import annotations

from datetime import timedelta
import logging
from typing import Final

from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant, callback

from .. import wording
from ..const import DOMAIN, NAME_MAX_CHARS, PANEL_URL_PATH, TEXT_MAX_CHARS
from ..gate import Action, Decision, Gate
from ..shaping import clean_text, escape_markdown
from .model import Confirmation

_LOGGER = logging.getLogger(__name__)

NOTIFICATION_PREFIX: Final = f"{DOMAIN}_confirmation_"


def summarize(hass: HomeAssistant, decision: Decision) -> str:
    """Return what a decision asks, the effect first ("unlock Front Door"), names cleaned."""
    return wording.summarize(decision.findings, wording.house_names(hass), decision=decision)


@callback
def async_notify(hass: HomeAssistant, gate: Gate, confirmation: Confirmation) -> None:
    """Raise the persistent notification that leads to the approval page.

    A notification is an action like any other: an automation triggered
    by new notifications could open the house on it, before anyone
    approves. The gate judges it first (on a neutral stand-in: Home
    MCP's own title is refused as spoofing); when it would set off
    something guarded, the request waits in the Home MCP panel only.
    """
    stand_in = Action("persistent_notification", "create", data={"message": "A request"})
    if (sets_off := gate.async_check(stand_in)).guarded:
        _LOGGER.warning(
            "Home MCP raised no notification for its request to %s: a new notification "
            "would set off %s. The request waits in the Home MCP panel",
            confirmation.summary,
            ", ".join(sets_off.affected_entities) or "an automation",
        )
        return
    requester = confirmation.requester
    who = escape_markdown(requester.user_name or requester.user_id)
    # A credential's name may be a client's (an OAuth client id), and what a
    # client calls itself is its own text: quoted and capped, after the effect.
    credential = _quoted(requester.credential_name)
    client = (
        f"an MCP client calling itself {_quoted(requester.client_name)}"
        if requester.client_name
        else "an MCP client"
    )
    lines = [
        f"**{escape_markdown(confirmation.summary, TEXT_MAX_CHARS)}**",
        "",
        f"- Action: `{confirmation.action.name}`",
        f"- Asked by: {who} (credential {credential}, via {client})",
        f"- Waits for a person: {_minutes(confirmation.expires_at - confirmation.created_at)}",
        "",
        f"[Review it in Home MCP](/{PANEL_URL_PATH}/confirmation/{confirmation.confirmation_id})",
    ]
    persistent_notification.async_create(
        hass,
        "\n".join(lines),
        title=f"Home MCP asks to {clean_text(confirmation.summary, NAME_MAX_CHARS)}",
        notification_id=NOTIFICATION_PREFIX + confirmation.confirmation_id,
    )


def _minutes(wait: timedelta) -> str:
    """Return how long a request waits, in whole minutes (Home Assistant dates the notification)."""
    minutes = max(1, round(wait.total_seconds() / 60))
    return f"{minutes} min"


def _quoted(text: str) -> str:
    """Return a client's text quoted and capped, safe inside markdown."""
    return escape_markdown(wording.quoted(text), wording.CLIENT_TEXT_MAX_CHARS + 2)


@callback
def async_dismiss(hass: HomeAssistant, confirmation_id: str) -> None:
    """Take down a confirmation's notification, if it is up."""
    persistent_notification.async_dismiss(hass, NOTIFICATION_PREFIX + confirmation_id)
