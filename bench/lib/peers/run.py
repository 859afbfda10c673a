"""One house of the peers benchmark: each server in turn, every operation on it.

The servers are measured one after the other, not side by side in time: a
peer runs only for its turn (started, measured, stopped), so its background
work (ha-mcp keeps a WebSocket to Home Assistant) does not load the others'
turns. Within a turn each operation gets its warm-up calls, then its timed
calls, one at a time, through one SDK client session.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
import time
from typing import Any, Final

import httpx2

from lib.clients import CALL_TIMEOUT, authorized_client, sdk_client
from lib.peers.calls import Samples, describe, time_operation
from lib.peers.processes import PEERS, missing_environment, running_peer
from lib.peers.servers import CORE, OPERATIONS, Server, resolve, resolved
from lib.report import log

CORE_SERVER_NAME: Final = "home-assistant"
"""The `serverInfo.name` of core's `mcp_server` (so `/api/mcp` is known to be core's)."""


@dataclass(slots=True)
class ServerResult:
    """One server's turn on one house."""

    key: str
    title: str
    url: str = ""
    server_info: str = ""
    started_s: float | None = None
    """Peers: seconds from the start of their process to their port listening."""
    connect_s: float | None = None
    """Seconds to open the SDK client (the `initialize` handshake), its second time."""
    tools: int | None = None
    """How many tools it lists."""
    operations: dict[str, Samples | None] = field(default_factory=dict)
    """Per operation; None: the server has no tool for it."""
    missing: dict[str, list[str]] = field(default_factory=dict)
    """Operations whose tools it was expected to list, but did not."""
    failure: str | None = None
    """Why the server could not be measured at all."""
    log: Path | None = None


@dataclass(slots=True)
class SizeResult:
    """Everything measured on one house."""

    size: int
    ready: dict[str, Any]
    ready_after_s: float
    servers: list[ServerResult]


async def _measure(
    server: Server, result: ServerResult, http: httpx2.AsyncClient, calls: int, warmup: int
) -> None:
    async with sdk_client(result.url, http):
        pass  # The client's own first use (imports, pydantic schemas) is not the server's time.
    started = time.perf_counter()
    async with sdk_client(result.url, http) as client:
        result.connect_s = time.perf_counter() - started
        info = client.server_info
        result.server_info = " ".join(filter(None, (info.name, info.version))) if info else "?"
        if server.key == CORE and (info is None or info.name != CORE_SERVER_NAME):
            raise RuntimeError(f"{result.url} is not core's mcp_server: {result.server_info}")
        listed = {tool.name for tool in (await client.list_tools()).tools}
        result.tools = len(listed)
        for operation in OPERATIONS:
            wanted = server.calls.get(operation)
            if wanted is None:
                result.operations[operation] = None
                continue
            named = resolved(wanted, listed)
            if named is None:
                result.missing[operation] = [
                    tool for tool in wanted.tools if resolve(tool, listed) is None
                ]
                result.operations[operation] = Samples(tools=wanted.tools)
                continue
            log(f"  {server.title}: {operation} ({', '.join(named.tools)})")
            result.operations[operation] = await time_operation(client, named, calls, warmup)


async def bench_server(
    server: Server,
    base_url: str,
    ready: dict[str, Any],
    run_dir: Path,
    home_dir: Path,
    *,
    calls: int,
    warmup: int,
) -> ServerResult:
    """Measure one server on the running house; a failure is recorded, not raised.

    run_dir: where a peer's log goes; home_dir: a temporary directory for its
    home (`<key>/`).
    """
    result = ServerResult(server.key, server.title)
    token: str = ready["token"]
    if not server.in_home_assistant and (why := missing_environment(PEERS[server.key])):
        result.failure = why
        log(f"  {server.title}: FAILED: {why}")
        return result
    try:
        async with AsyncExitStack() as stack:
            if server.in_home_assistant:
                result.url = f"{base_url}{server.path}"
                http = await stack.enter_async_context(authorized_client(token))
            else:
                peer = PEERS[server.key]
                log(f"  {server.title}: starting (log: {run_dir / f'{peer.key}.log'})")
                running = await stack.enter_async_context(
                    running_peer(peer, base_url, token, run_dir, home_dir / peer.key)
                )
                result.url, result.started_s, result.log = (
                    running.url,
                    running.started_s,
                    running.log,
                )
                log(f"  {server.title}: listening after {running.started_s:.1f} s at {running.url}")
                # A peer has its own (loopback) credential to Home Assistant; the
                # client sends none.
                http = await stack.enter_async_context(httpx2.AsyncClient(timeout=CALL_TIMEOUT))
            await _measure(server, result, http, calls, warmup)
    except Exception as err:  # noqa: BLE001  # One server's failure must not hide the others.
        result.failure = describe(err)
        log(f"  {server.title}: FAILED: {result.failure}")
    return result
