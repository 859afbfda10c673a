"""Who is calling: the identity every tool call carries.

The HTTP view builds a `Caller` from Home Assistant's authentication
(`request["hass_user"]` and `request["hass_refresh_token_id"]`) and hands it to
the MCP server inside the ASGI scope; tools read it to act with the caller's
`Context`, so Home Assistant's own permission checks and the logbook's
attribution apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homeassistant.auth.models import User
from homeassistant.core import Context

SCOPE_KEY = "home_mcp.caller"
"""Key of the `Caller` in the ASGI scope of a request to the MCP endpoint."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Caller:
    """The authenticated principal behind one MCP request.

    user: the Home Assistant user the credential belongs to.
    refresh_token_id: the refresh token the access token was issued from
        (`None` only for credentials that have none).
    credential_name: the long-lived token's name, or the OAuth client id for a
        login-session token; shown in logs and, later, in the audit.
    client_name: what the MCP client says it is (`clientInfo` on 2026-07-28
        requests, otherwise the `User-Agent` header); untrusted, for display.
    """

    user: User
    refresh_token_id: str | None
    credential_name: str
    client_name: str | None

    @property
    def is_admin(self) -> bool:
        """Return True when the user is a Home Assistant administrator."""
        return self.user.is_admin

    def context(self) -> Context:
        """Return a new `Context` that attributes an action to this user."""
        return Context(user_id=self.user.id)


def caller_from_scope(scope: dict[str, Any] | None) -> Caller | None:
    """Return the `Caller` the HTTP view stored in an ASGI scope, if any."""
    if scope is None:
        return None
    caller = scope.get(SCOPE_KEY)
    return caller if isinstance(caller, Caller) else None
