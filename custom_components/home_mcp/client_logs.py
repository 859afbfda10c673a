"""Log records for the client: MCP's `logging` utility.

A handshake-era client (2024-11-05 to 2025-11-25) in a session asks for log
records with `logging/setLevel`; the level is kept on its session's record
(`McpSession.log_level`) and lives as long as the session. Each `tools/call`
that ends in something a person using the client should see then sends one
`notifications/message`, on that call's own stream, when it is at or above
the level:

- `notice`: the gate refused an action and a confirmation now waits for a
  person in Home Assistant;
- `warning`: the call was refused (bad arguments, an unknown entity, a
  right the credential lacks);
- `error`: the tool failed (Home Assistant reported an error, or Home MCP
  failed inside).

A record says what the tool result already says (the tool, the stable error
code, its message), never more: no token, no approval link, no confirmation
id, nothing of the audit.

Without a session (the default) nothing outlives a request: `logging/setLevel`
is answered and changes nothing, and the JSON answers carry no notification.
The 2026-07-28 protocol deprecates logging (a request opts in with its own
`_meta` level, and records ride that request's event stream); Home MCP
answers those requests with JSON, so it does not offer `logging` there.
"""

from __future__ import annotations

from typing import Any, Final, get_args

import mcp_types as types

from .runner import Outcome

LOGGER_NAME: Final = "home_mcp"
"""The `logger` of every record Home MCP sends."""

LEVELS: Final[tuple[types.LoggingLevel, ...]] = get_args(types.LoggingLevel)
"""The specification's levels, least severe first (RFC 5424's order)."""

FAILURES: Final = frozenset({"internal_error", "home_assistant_error"})


def at_or_above(level: types.LoggingLevel, threshold: types.LoggingLevel) -> bool:
    """Return True when `level` is as severe as `threshold` or more."""
    return LEVELS.index(level) >= LEVELS.index(threshold)


def tool_record(tool: str, outcome: Outcome) -> tuple[types.LoggingLevel, dict[str, Any]] | None:
    """Return the level and data of the record a tool result calls for, or None.

    A result that succeeded calls for none: the client has it. A refusal
    waiting for a person is known by its type (`Outcome.refusal`, a
    `Refusal`), never by what the result spells.
    """
    payload = outcome.payload
    if payload.get("ok") is not False:
        return None
    error = str(payload.get("error", ""))
    if outcome.refusal is not None:
        level: types.LoggingLevel = "notice"
    elif error in FAILURES:
        level = "error"
    else:
        level = "warning"
    return level, {"tool": tool, "error": error, "message": payload.get("message")}
