"""The approver policy: who may approve or deny a confirmation, and what still may be.

Only an administrator on a Home Assistant login session decides: Home
Assistant's own frontend (its origins come from `origins.py`) or one of its
official companion apps. Anything else is refused with `DecisionRefused`,
as is an approval of what would now do more than the person was shown
(`refuse_new`).
"""

from __future__ import annotations

from collections.abc import Iterable
from ipaddress import ip_address
from typing import Final

import yarl

from homeassistant.auth.models import RefreshToken, User
from homeassistant.core import HomeAssistant

from ..const import TEXT_MAX_CHARS
from ..findings import finding_key
from ..gate import Finding
from ..origins import async_home_assistant_origins
from ..shaping import clean_text
from .model import Confirmation

# OAuth client ids of Home Assistant's official companion apps.
COMPANION_APP_CLIENT_IDS: Final = frozenset(
    {
        "https://home-assistant.io/iOS",
        "https://home-assistant.io/iOS/dev",
        "https://home-assistant.io/android",
        "https://home-assistant.io/android/debug",
    }
)


class DecisionRefused(Exception):
    """A decision that cannot be taken; nothing ran.

    error: a stable code (`not_found`, `not_pending`, `expired`,
        `not_a_login_session`, `not_admin`, `own_request`, `entity_missing`,
        `action_changed`).
    """

    def __init__(self, error: str, message: str) -> None:
        """Create the refusal."""
        super().__init__(message)
        self.error = error
        self.message = message


def async_check_approver(
    hass: HomeAssistant,
    user: User,
    refresh_token: RefreshToken | None,
    peer: str | None,
) -> None:
    """Raise `DecisionRefused` unless `user` on `refresh_token` may decide.

    Only an administrator on a Home Assistant login session decides: a
    `normal` refresh token issued to an official companion app, or to Home
    Assistant's own frontend, whose OAuth client id is exactly one of its
    origins (`async_home_assistant_origins`) followed by "/". A localhost
    origin counts only when the connection itself comes from Home Assistant's
    own machine (`peer`, the remote address of the websocket connection), so
    a program listening on localhost elsewhere cannot pass for the frontend.
    Refused: long-lived access tokens, whoever owns them; normal tokens issued
    to any other OAuth client (what an MCP client that signed in with Home
    Assistant holds); system users.
    """
    if not user.is_admin or user.system_generated:
        raise DecisionRefused("not_admin", "Only an administrator can approve or deny")
    if refresh_token is None or refresh_token.token_type != "normal":
        raise DecisionRefused(
            "not_a_login_session",
            "Decisions are taken in Home Assistant's own app or web page, "
            "not with a long-lived access token",
        )
    client_id = refresh_token.client_id or ""
    if client_id in COMPANION_APP_CLIENT_IDS:
        return
    try:
        url = yarl.URL(client_id)
        origin = str(url.origin()).lower()
    except ValueError:
        url, origin = None, ""
    if url is not None and client_id == f"{url.scheme}://{url.raw_authority}/":
        origins, loopback = async_home_assistant_origins(hass)
        if origin in origins:
            return
        if origin in loopback and peer is not None and _is_loopback(peer):
            return
    raise DecisionRefused(
        "not_a_login_session",
        "Decisions are taken in Home Assistant's own app or web page; this "
        "session belongs to another application",
    )


def _is_loopback(address: str) -> bool:
    try:
        return ip_address(address).is_loopback
    except ValueError:
        return False


def refuse_new(confirmation: Confirmation, findings: Iterable[Finding]) -> None:
    """Raise `action_changed` if `findings` stop something the person was not shown.

    Another entity, or another state for the same one ("open" where it said
    "unlocked"), voids the request: it is judged again when approved. Every
    finding counts, not only the few the person was shown in full: the
    confirmation keeps a key of each (`finding_keys`).
    """
    asked = set(confirmation.finding_keys)
    new = [f for f in findings if f.blocks and finding_key(f) not in asked]
    if new:
        raise DecisionRefused(
            "action_changed",
            "The action would now do something it did not when it was asked "
            f"({clean_text(new[0].service)} on {clean_text(new[0].entity_id or 'Home Assistant')}: "
            f"{clean_text(new[0].reason, TEXT_MAX_CHARS)}); deny it and let it be asked again",
        )
