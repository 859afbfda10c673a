"""The benchmarks' HTTP and MCP clients: a credential's httpx2 client, the official SDK client."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Final, Literal

import httpx2

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from mcp import Client
    from mcp.client.session import MessageHandlerFnT

CALL_TIMEOUT: Final = 300.0


def authorized_client(token: str, timeout: float = CALL_TIMEOUT) -> httpx2.AsyncClient:
    """Return an httpx2 client that sends `token` as a bearer credential."""
    return httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=timeout)


@asynccontextmanager
async def sdk_client(
    url: str,
    http: httpx2.AsyncClient,
    *,
    name: str = "home-mcp-bench",
    version: str = "1.0",
    mode: Literal["legacy", "auto"] = "legacy",
    message_handler: MessageHandlerFnT | None = None,
) -> AsyncIterator[Client]:
    """Open the SDK client the way tests/conftest.py does (handshake era unless `mode`).

    url: the MCP endpoint; http: the httpx2 client it goes through (it
    carries the credential); name, version: the client's `clientInfo`.
    """
    from mcp import Client  # noqa: PLC0415
    from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415
    import mcp_types as types  # noqa: PLC0415

    async with Client(
        streamable_http_client(url, http_client=http),
        mode=mode,
        cache=None,
        message_handler=message_handler,
        client_info=types.Implementation(name=name, version=version),
    ) as client:
        yield client
