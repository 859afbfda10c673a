"""The sessions benchmark's followers: SDK sessions, the listen stream, reading back."""

from __future__ import annotations

import asyncio
from datetime import datetime
import json
import time
from typing import TYPE_CHECKING

from lib.clients import authorized_client, sdk_client

if TYPE_CHECKING:
    from contextlib import AsyncExitStack

    from mcp import Client

    from lib.sessions.layout import Follower
    from lib.sessions.rule import Delivery


async def open_session(stack: AsyncExitStack, url: str, follower: Follower) -> Client:
    """Open a handshake-era SDK client in a session, its notifications going to `follower`."""
    import mcp_types as types  # noqa: PLC0415

    async def handler(message: object) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            follower.note(str(message.params.uri))
        elif isinstance(message, Exception):
            follower.errors.append(repr(message)[:300])

    http = await stack.enter_async_context(authorized_client(follower.token))
    client: Client = await stack.enter_async_context(
        sdk_client(url, http, name=f"home-mcp-bench {follower.name}", message_handler=handler)
    )
    return client


async def subscribe(client: Client, uris: list[str]) -> list[float]:
    """Subscribe to each of `uris` in turn; return how long each took (ms)."""
    times = []
    for uri in uris:
        start = time.perf_counter()
        await client.subscribe_resource(uri)
        times.append((time.perf_counter() - start) * 1000)
    return times


async def listen(url: str, follower: Follower, listening: asyncio.Event) -> None:
    """Follow `follower.uris` with a 2026-07-28 client through `subscriptions/listen`."""
    from mcp.client.subscriptions import ResourceUpdated  # noqa: PLC0415

    async with (
        authorized_client(follower.token) as http,
        sdk_client(url, http, name="home-mcp-bench listen", mode="auto") as client,
        client.listen(resource_subscriptions=follower.uris) as subscription,
    ):
        listening.set()
        async for event in subscription:
            if isinstance(event, ResourceUpdated):
                follower.note(event.uri)


async def read_back(
    client: Client, uris: list[str], last_updated: dict[str, float], delivery: Delivery
) -> None:
    """Read each entity resource; count those showing the storm's last change."""
    for uri in uris:
        entity_id = uri.removeprefix("ha://entity/")
        if entity_id == uri or entity_id not in last_updated:
            continue
        result = await client.read_resource(uri)
        text = getattr(result.contents[0], "text", "{}")
        entity = json.loads(text).get("entity") or {}
        shown = entity.get("last_updated")
        delivery.read_back += 1
        if (
            shown
            and abs(datetime.fromisoformat(shown).timestamp() - last_updated[entity_id]) < 1e-3
        ):
            delivery.read_back_ok += 1
