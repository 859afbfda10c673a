"""Who is calling: the identity every tool call carries.

The HTTP view builds a `Caller` from Home Assistant's authentication
(`request["hass_user"]` and `request["hass_refresh_token_id"]`) and hands it to
the MCP server inside the ASGI scope; tools read it to act with the caller's
`Context`, so Home Assistant's own permission checks and the logbook's
attribution apply.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Final

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
    credential_name: the long-lived token's name, the OAuth client id of a
        login-session token, or the client key's name; shown in the audit.
    client_name: what the MCP client says it is (`clientInfo` on 2026-07-28
        requests, otherwise the `User-Agent` header, which also stands in
        for the MCP SDK's default `mcp 0.1.0`); untrusted, for display.
    key_id: the Home MCP client key used, if any (then `user` is Home MCP's
        system user and `refresh_token_id` is None).
    read_only: True for a `read` client key: no write tools.
    writes_config: True for a `config` client key: the configuration
        tools too (an administrator's own credential always has them).
    base_url: the address of Home Assistant this request came in on, when it
        is one Home Assistant is configured with (`get_url` with
        `require_current_request`), else its configured address; the base of
        approval links. Never taken from the request alone, so a client
        cannot make Home MCP show a person a link to another host.
    """

    user: User
    refresh_token_id: str | None
    credential_name: str
    client_name: str | None = None
    key_id: str | None = None
    read_only: bool = False
    writes_config: bool = False
    base_url: str | None = None

    @property
    def credential_id(self) -> str:
        """Return a stable id of the credential: what confirmations belong to."""
        if self.key_id is not None:
            return key_credential_id(self.key_id)
        if self.refresh_token_id is None:
            # No token of its own (a conversation agent's request, made for
            # the person who spoke): what that person asked stays theirs.
            return f"user:{self.user.id}"
        return f"token:{self.refresh_token_id}"

    @property
    def is_admin(self) -> bool:
        """Return True for an administrator's own credential.

        A client key never is, though Home MCP's system user belongs to the
        administrators group: a key's scope is `read` or `control`, not the
        administration of Home Assistant.
        """
        return self.key_id is None and self.user.is_admin and not self.user.system_generated

    def context(self) -> Context:
        """Return a new `Context` that attributes an action to this user."""
        return Context(user_id=self.user.id)


def key_credential_id(key_id: str) -> str:
    """Return `Caller.credential_id` of the Home MCP client key `key_id`."""
    return f"key:{key_id}"


def caller_from_scope(scope: dict[str, Any] | None) -> Caller | None:
    """Return the `Caller` the HTTP view stored in an ASGI scope, if any."""
    if scope is None:
        return None
    caller = scope.get(SCOPE_KEY)
    return caller if isinstance(caller, Caller) else None


class CallerContexts:
    """The callers of the last actions run, by their `Context`: who chose what an agent hears.

    A client's `conversation.process` hands its text to one of the owner's
    conversation agents, which may call Home MCP's own tools (`llm_api`).
    Home Assistant gives the agent the service call's `Context`; looked up
    here, the agent's requests are the client's (its credential, scope and
    name), not the voice assistant's of the person it runs for. Bounded: the
    oldest are forgotten first, and a forgotten one is the agent's own.
    """

    SIZE: Final = 256

    def __init__(self) -> None:
        """Remember no context yet."""
        self._callers: OrderedDict[str, Caller] = OrderedDict()

    def remember(self, context: Context, caller: Caller) -> None:
        """Remember that `caller` runs actions with `context`."""
        self._callers[context.id] = caller
        self._callers.move_to_end(context.id)
        while len(self._callers) > self.SIZE:
            self._callers.popitem(last=False)

    def caller_of(self, context: Context | None) -> Caller | None:
        """Return the caller whose action `context` is, or was set off by (its parent)."""
        if context is None:
            return None
        for context_id in (context.id, context.parent_id):
            if context_id is not None and (caller := self._callers.get(context_id)) is not None:
                return caller
        return None
