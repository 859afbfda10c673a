"""The notification that tells a person a request waits, and its text.

`summarize` words what a guarded decision asks ("unlock Front Door"), names
cleaned. `async_notify` raises the persistent notification that leads to the
approval page in the Home MCP panel, unless a new notification would itself
set off something guarded; `async_dismiss` takes it down once the
confirmation ends.
"""

from __future__ import annotations

import logging
from typing import Final

from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant, callback
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, NAME_MAX_CHARS, PANEL_URL_PATH, TEXT_MAX_CHARS
from ..gate import Action, Decision, Gate
from ..gate.verbs import verb_words
from ..shaping import clean_text, escape_markdown
from .model import Confirmation

_LOGGER = logging.getLogger(__name__)

NOTIFICATION_PREFIX: Final = f"{DOMAIN}_confirmation_"


def summarize(hass: HomeAssistant, decision: Decision) -> str:
    """Return "unlock Front Door"-style words for what a decision asks, names cleaned."""

    def name(entity_id: str) -> str:
        state = hass.states.get(entity_id)
        return clean_text(state.name if state else entity_id, 60)

    return clean_text(decision.summary(name, verb_words), TEXT_MAX_CHARS)


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
    local = dt_util.as_local
    requester = confirmation.requester
    who = escape_markdown(requester.user_name or requester.user_id)
    credential = escape_markdown(requester.credential_name)
    # What a client calls itself is its own text: quoted, never a statement.
    client = (
        f"an MCP client calling itself “{escape_markdown(requester.client_name, 80)}”"
        if requester.client_name
        else "an MCP client"
    )
    lines = [
        f"**{escape_markdown(confirmation.summary, TEXT_MAX_CHARS)}**",
        "",
        f"- Action: `{confirmation.action.name}`",
        f"- Asked by: {who} (credential {credential}, via {client})",
        f"- Asked at: {local(confirmation.created_at).strftime('%H:%M:%S')}",
        f"- Expires at: {local(confirmation.expires_at).strftime('%H:%M:%S')}",
        "",
        f"[Review it in Home MCP](/{PANEL_URL_PATH}/confirmation/{confirmation.confirmation_id})",
    ]
    persistent_notification.async_create(
        hass,
        "\n".join(lines),
        title=f"Home MCP asks to {clean_text(confirmation.summary, NAME_MAX_CHARS)}",
        notification_id=NOTIFICATION_PREFIX + confirmation.confirmation_id,
    )


@callback
def async_dismiss(hass: HomeAssistant, confirmation_id: str) -> None:
    """Take down a confirmation's notification, if it is up."""
    persistent_notification.async_dismiss(hass, NOTIFICATION_PREFIX + confirmation_id)
