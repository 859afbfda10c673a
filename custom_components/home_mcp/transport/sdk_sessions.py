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
    outside; its transports' `terminate()` is public, the table holding them is
    not (docs/sdk-sessions.md). This is the only place that reads it.
    """

    def __init__(self, manager: StreamableHTTPSessionManager) -> None:
        """Wrap the stateful `manager`."""
        self._manager = manager

    def session_ids(self) -> Collection[str]:
        """Return the ids of the sessions the SDK holds and has not terminated."""
        instances = self._manager._server_instances  # noqa: SLF001
        return {sid for sid, transport in instances.items() if not transport.is_terminated}

    async def async_terminate(self, session_id: str) -> None:
        """Terminate the session's transport; the SDK then forgets the id."""
        transport = self._manager._server_instances.get(session_id)  # noqa: SLF001
        if transport is not None and not transport.is_terminated:
            await transport.terminate()
