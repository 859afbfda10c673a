"""The stateful SDK manager's sessions: the only reader of the SDK's session table.

The registry (`sessions.py`) knows nothing of the SDK's internals; the
endpoint attaches this `SessionBackend` to it.
"""

from __future__ import annotations

from collections.abc import Collection

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager


class SdkSessions:
    """The stateful SDK manager's sessions, as `SessionRegistry` sees them.

    The SDK has no public list of its sessions nor a way to end one from
    outside; its transports' `terminate()` is public, the table holding them
    and `_discard_session` (what a DELETE ends with) are not
    (docs/sdk-sessions.md). This is the only place that uses them.
    """

    def __init__(self, manager: StreamableHTTPSessionManager) -> None:
        """Wrap the stateful `manager`."""
        self._manager = manager

    def session_ids(self) -> Collection[str]:
        """Return the ids of the sessions the SDK holds and has not terminated."""
        instances = self._manager._server_instances  # noqa: SLF001
        return {sid for sid, transport in instances.items() if not transport.is_terminated}

    async def async_terminate(self, session_id: str) -> None:
        """End the session as the SDK ends it on DELETE: forget its id, terminate its transport.

        The id leaves the SDK's table at once (not when the session's server
        task winds down), so its place under the SDK's `max_sessions` is free
        for the next `initialize`.
        """
        transport = self._manager._server_instances.get(session_id)  # noqa: SLF001
        if transport is not None:
            await self._manager._discard_session(session_id, transport)  # noqa: SLF001
