"""Resources: entities, rooms and confirmations to read, and to follow live.

Real Home Assistant with the demo's devices, real HTTP, the MCP SDK's own
client in both eras. Updates are caused in Home Assistant's state machine
(service calls), never by poking the hub; the debouncer's cooldown is
travelled with `async_fire_time_changed`, never slept.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
import json
from typing import Any
from unittest.mock import patch

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_fire_time_changed,
)

from custom_components.home_mcp.exposure import async_own_entities
from custom_components.home_mcp.resources import MAX_SUBSCRIPTIONS_PER_SESSION, ResourceHub
from homeassistant.core import HomeAssistant
from homeassistant.helpers import area_registry as ar
from homeassistant.util import dt as dt_util

from .conftest import McpHarness, long_lived_token, set_options

CEILING = "ha://entity/light.ceiling_lights"
UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}
HANDSHAKE_API = pytest.mark.filterwarnings(
    "ignore:resources/(un)?subscribe is removed as of 2026-07-28"
)
"""The handshake era's own API, deprecated by the SDK for 2026-07-28 clients."""


def _hub(entry: MockConfigEntry) -> ResourceHub:
    hub: ResourceHub = entry.runtime_data.resources
    return hub


def _area_id(hass: HomeAssistant, name: str) -> str:
    area = ar.async_get(hass).async_get_area_by_name(name)
    assert area is not None
    return area.id


def _json(result: types.ReadResourceResult, uri: str) -> dict[str, Any]:
    [content] = result.contents
    assert isinstance(content, types.TextResourceContents)
    assert content.uri == uri
    assert content.mime_type == "application/json"
    data: dict[str, Any] = json.loads(content.text)
    return data


async def _read(mcp: McpHarness, uri: str, *, mode: str = "legacy") -> dict[str, Any]:
    async with mcp.client(mode) as client:
        return _json(await client.read_resource(uri), uri)


async def _light(hass: HomeAssistant, service: str, **data: Any) -> None:
    """Change a light the way a person would: a service call in Home Assistant."""
    await hass.services.async_call(
        "light", service, {"entity_id": "light.ceiling_lights", **data}, blocking=True
    )


async def _cooldown(hass: HomeAssistant) -> None:
    """Travel past the debouncer's one-second cooldown."""
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=1))
    await hass.async_block_till_done()


async def _until(condition: Callable[[], bool]) -> None:
    """Let the event loop run (never sleeping) until `condition` holds, for 2 s at most.

    The server learns that a client hung up from the socket, so it needs the
    loop's I/O polling, which `async_block_till_done` does not wait for.
    """
    async with asyncio.timeout(2):
        while not condition():  # noqa: ASYNC110 - nothing to await: the server reacts to a socket.
            await asyncio.sleep(0)


# --- Listing and reading ------------------------------------------------------


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_templates_and_rooms_listed(mcp: McpHarness, hass: HomeAssistant, mode: str) -> None:
    async with mcp.client(mode) as client:
        templates = (await client.list_resource_templates()).resource_templates
        resources = (await client.list_resources()).resources
    assert [t.uri_template for t in templates] == [
        "ha://entity/{entity_id}",
        "ha://area/{area_id}",
        "ha://confirmation/{confirmation_id}",
    ]
    assert {t.mime_type for t in templates} == {"application/json"}
    rooms = {resource.name: resource for resource in resources}
    assert {"Büro", "Garage", "Garden", "リビング", "Salle à manger"} <= set(rooms)
    assert str(rooms["Büro"].uri) == f"ha://area/{_area_id(hass, 'Büro')}"
    assert "First floor" in (rooms["Büro"].description or "")


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_read_entity_is_what_get_entity_returns(mcp: McpHarness, mode: str) -> None:
    async with mcp.client(mode) as client:
        result = await client.read_resource(CEILING)
        tool = await client.call_tool("get_entity", {"entity_id": "light.ceiling_lights"})
    data = _json(result, CEILING)
    assert data == tool.structured_content
    assert data["entity"]["entity_id"] == "light.ceiling_lights"
    assert data["entity"]["state"] == "on"


async def test_read_room_is_the_overviews_room(mcp: McpHarness, hass: HomeAssistant) -> None:
    garage = _area_id(hass, "Garage")
    room = await _read(mcp, f"ha://area/{garage}")
    overview = await mcp.data("home_overview")
    [described] = [
        area for floor in overview["floors"] for area in floor["areas"] if area["area_id"] == garage
    ]
    assert room["area"] == described
    assert room["floor"] == {"floor_id": "ground_floor", "name": "Ground floor"}
    # The garage door (guarded, closed) and the hall window (open, not guarded).
    assert room["area"]["covers"] == {"open": 1, "total": 2}
    assert room["security"] == [
        {
            "entity_id": "cover.garage_door",
            "name": "Garage Door",
            "state": "closed",
            "device_class": "garage",
            "guarded": True,
        }
    ]


async def test_read_confirmation_only_by_the_credential_that_asked(
    mcp: McpHarness, hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    assert refused["error"] == "needs_confirmation"
    uri = f"ha://confirmation/{refused['confirmation_id']}"
    mine = await _read(mcp, uri, mode="auto")
    assert mine == await mcp.data(
        "get_confirmation", {"confirmation_id": refused["confirmation_id"]}
    )
    assert mine["state"] == "pending"
    assert mine["action"] == "lock.unlock"

    other = await long_lived_token(hass, hass_admin_user)  # Same person, another credential.
    async with mcp.client(token=other) as client:
        with pytest.raises(MCPError) as err:
            await client.read_resource(uri)
    assert err.value.code == types.INVALID_PARAMS
    assert err.value.data["error"] == "not_found"
    assert "No confirmation with this id was asked for with this credential" in str(err.value)
    assert hass.states.get("lock.front_door").state == "locked"


@pytest.mark.parametrize(
    ("uri", "error", "says"),
    [
        ("ha://entity/light.nowhere", "not_found", "No entity is clearly 'light.nowhere'"),
        ("ha://entity/Light.Ceiling_Lights", "invalid_uri", "is not an entity id"),
        ("ha://area/attic", "not_found", "No room (area) has the id 'attic'"),
        ("ha://confirmation/0123456789abcdef", "not_found", "No confirmation with this id"),
        ("ha://device/abc", "invalid_uri", "Unknown resource URI 'ha://device/abc'"),
        ("https://example.com/x", "invalid_uri", "Unknown resource URI"),
    ],
)
async def test_unreadable_uris_answer_a_clear_error(
    mcp: McpHarness, uri: str, error: str, says: str
) -> None:
    async with mcp.client("auto") as client:
        with pytest.raises(MCPError) as err:
            await client.read_resource(uri)
    assert err.value.code == types.INVALID_PARAMS
    assert says in err.value.message
    assert err.value.data["error"] == error
    assert err.value.data["uri"] == uri
    assert err.value.data.get("hint")


# --- Following changes: 2026-07-28 (subscriptions/listen) ---------------------


@pytest.mark.parametrize("sessions", [False, True], ids=["stateless", "sessions_on"])
async def test_listen_delivers_an_entity_update_within_two_seconds(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, sessions: bool
) -> None:
    """2026-07-28 needs no session; turning sessions on changes nothing for it."""
    if sessions:
        await set_options(hass, home_mcp, enable_sessions=True)
    hub = _hub(home_mcp)
    assert not hub.tracking  # Nothing is followed: no listener at all.
    async with (
        mcp.client("auto") as client,
        client.listen(resource_subscriptions=[CEILING]) as subscription,
    ):
        assert subscription.honored.resource_subscriptions == [CEILING]
        assert hub.followed == {CEILING}
        assert hub.tracking
        await _light(hass, "turn_off")
        async with asyncio.timeout(2):
            event = await anext(subscription)
        assert event.uri == CEILING
        data = _json(await client.read_resource(CEILING), CEILING)
        assert data["entity"]["state"] == "off"
    # The stream ended: nothing is followed, nothing listens.
    await _until(lambda: not hub.followed)
    assert hub.followed == frozenset()
    assert not hub.tracking


async def test_a_burst_gives_at_most_two_updates_and_the_last_state(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """20 changes in one second: one update at once, one at the end of the second."""
    hub = _hub(home_mcp)
    received = []
    async with (
        mcp.client("auto") as client,
        client.listen(resource_subscriptions=[CEILING]) as subscription,
    ):
        for brightness in range(101, 121):
            await _light(hass, "turn_on", brightness=brightness)
        assert hub.updates_sent == 1  # The first change, at once.
        async with asyncio.timeout(2):
            received.append(await anext(subscription))
        await _cooldown(hass)
        assert hub.updates_sent == 2  # The rest, coalesced, at the end of the cooldown.
        async with asyncio.timeout(2):
            received.append(await anext(subscription))
        await _cooldown(hass)
        await _cooldown(hass)
        assert hub.updates_sent == 2  # Nothing more: the last change was delivered.
        data = _json(await client.read_resource(CEILING), CEILING)
    assert [event.uri for event in received] == [CEILING, CEILING]
    assert data["entity"]["attributes"]["brightness"] == 120


async def test_a_room_is_updated_when_a_light_in_it_changes(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hub = _hub(home_mcp)
    dining = f"ha://area/{_area_id(hass, 'Salle à manger')}"
    async with (
        mcp.client("auto") as client,
        client.listen(resource_subscriptions=[dining]) as subscription,
    ):
        # Brightness is not in the room's summary, and the ceiling lights are
        # in no room: nothing to announce.
        await hass.services.async_call(
            "light",
            "turn_on",
            {"entity_id": "light.kitchen_lights", "brightness": 10},
            blocking=True,
        )
        await _light(hass, "turn_off")
        await hass.async_block_till_done()
        assert hub.updates_sent == 0
        # The kitchen lights going off changes the room's lights count.
        await hass.services.async_call(
            "light", "turn_off", {"entity_id": "light.kitchen_lights"}, blocking=True
        )
        async with asyncio.timeout(2):
            event = await anext(subscription)
        assert event.uri == dining
        room = _json(await client.read_resource(dining), dining)
    assert room["area"]["lights"] == {"on": 0, "total": 1}
    assert hub.updates_sent == 1


async def test_a_confirmation_is_updated_when_a_person_decides(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    uri = f"ha://confirmation/{refused['confirmation_id']}"
    api = hass.config.api
    assert api is not None
    frontend = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://127.0.0.1:{api.port}/"
    )
    async with (
        mcp.client("auto") as client,
        client.listen(resource_subscriptions=[uri]) as subscription,
    ):
        await home_mcp.runtime_data.confirmations.async_decide(
            refused["confirmation_id"], False, hass_admin_user, frontend, "127.0.0.1"
        )
        async with asyncio.timeout(2):
            event = await anext(subscription)
        assert event.uri == uri
        data = _json(await client.read_resource(uri), uri)
    assert data["state"] == "denied"
    assert hass.states.get("lock.front_door").state == "locked"


async def test_listen_refuses_what_the_credential_cannot_read(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    refused = await mcp.data("call_service", UNLOCK)
    theirs = f"ha://confirmation/{refused['confirmation_id']}"
    other = await long_lived_token(hass, hass_admin_user)
    async with mcp.client("auto", token=other) as client:
        for uri, error in ((theirs, "not_found"), ("ha://lights", "invalid_uri")):
            with pytest.raises(MCPError) as err:
                async with client.listen(resource_subscriptions=[CEILING, uri]):
                    pass
            assert err.value.code == types.INVALID_PARAMS
            assert err.value.data == {"uri": uri, "error": error, "hint": err.value.data["hint"]}
        too_many = [f"ha://entity/light.l{i}" for i in range(MAX_SUBSCRIPTIONS_PER_SESSION + 1)]
        with pytest.raises(MCPError) as err:
            async with client.listen(resource_subscriptions=too_many):
                pass
        assert f"at most {MAX_SUBSCRIPTIONS_PER_SESSION} resources" in err.value.message
    assert _hub(home_mcp).followed == frozenset()


async def test_unloading_the_entry_ends_listen_streams_and_releases_everything(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    hub = _hub(home_mcp)
    async with (
        mcp.client("auto") as client,
        client.listen(resource_subscriptions=[CEILING]) as subscription,
    ):
        await _light(hass, "turn_off")
        assert hub.updates_sent == 1
        await _light(hass, "turn_on")  # Pending until the cooldown ends.
        assert await hass.config_entries.async_unload(home_mcp.entry_id)
        assert hub.followed == frozenset()
        assert not hub.tracking
        async with asyncio.timeout(2):
            events = [event.uri async for event in subscription]  # Ends gracefully.
        assert set(events) <= {CEILING}
    await _cooldown(hass)  # The pending update died with the hub.
    assert hub.updates_sent == 1


# --- Following changes: handshake era (resources/subscribe, sessions) ---------


@HANDSHAKE_API
async def test_without_sessions_subscribe_is_neither_advertised_nor_served(
    mcp: McpHarness, home_mcp: MockConfigEntry
) -> None:
    """Sessions off: a handshake-era client is not offered what it cannot have.

    A 2026-07-28 client is: it follows resources with subscriptions/listen.
    """
    async with mcp.client("legacy") as client:
        resources = client.server_capabilities.resources
        assert resources is not None
        assert resources.subscribe is False
        for follow in (client.session.subscribe_resource, client.session.unsubscribe_resource):
            with pytest.raises(MCPError) as err:
                await follow(CEILING)
            assert err.value.code == types.METHOD_NOT_FOUND
    assert _hub(home_mcp).followed == frozenset()
    async with mcp.client("auto") as client:
        resources = client.server_capabilities.resources
        assert resources is not None
        assert resources.subscribe is True


async def test_subscribe_outside_a_session_beside_sessions(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_client_no_auth: Callable[..., Any],
) -> None:
    """Sessions on, a stateless request (no Mcp-Session-Id, or a made-up one): no subscription."""
    await set_options(hass, home_mcp, enable_sessions=True)
    http = await hass_client_no_auth()
    headers = {
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "Authorization": f"Bearer {mcp.token}",
        "MCP-Protocol-Version": "2025-11-25",
    }
    subscribe = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "resources/subscribe",
        "params": {"uri": CEILING},
    }
    response = await http.post("/api/mcp", json=subscribe, headers=headers)
    body = await response.json()
    assert body["error"]["code"] == types.INVALID_REQUEST
    message = body["error"]["message"]
    assert "this request is in none: send initialize without Mcp-Session-Id" in message
    assert _hub(home_mcp).followed == frozenset()


@asynccontextmanager
async def _session_client(
    mcp: McpHarness, on_update: Callable[[str], None]
) -> AsyncIterator[Client]:
    """Open a handshake-era SDK client in a session; call `on_update(uri)` per update."""

    async def handler(message: Any) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            on_update(str(message.params.uri))

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {mcp.token}"}, timeout=30)
    async with (
        http,
        Client(
            streamable_http_client(mcp.url, http_client=http),
            mode="legacy",
            cache=None,
            message_handler=handler,
            client_info=types.Implementation(name="pytest-client", version="1.0"),
        ) as client,
    ):
        yield client


@HANDSHAKE_API
async def test_session_subscription_delivers_updates_and_is_released(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, enable_sessions=True)
    hub = _hub(home_mcp)
    updates: asyncio.Queue[str] = asyncio.Queue()
    async with _session_client(mcp, updates.put_nowait) as client:
        resources = client.server_capabilities.resources
        assert resources is not None
        assert resources.subscribe is True
        await client.session.subscribe_resource(CEILING)
        [session] = home_mcp.runtime_data.sessions.async_sessions()
        assert hub.async_subscription_count(session.session_id) == 1
        assert home_mcp.runtime_data.async_status()["sessions"]["items"][0]["subscriptions"] == 1
        await _light(hass, "turn_off")
        async with asyncio.timeout(2):
            assert await updates.get() == CEILING
        await _cooldown(hass)
        assert updates.empty()
        # 20 changes in one second: one update at once, one when the second ends.
        for brightness in range(101, 121):
            await _light(hass, "turn_on", brightness=brightness)
        async with asyncio.timeout(2):
            assert await updates.get() == CEILING
        await _cooldown(hass)
        async with asyncio.timeout(2):
            assert await updates.get() == CEILING
        await _cooldown(hass)
        assert updates.empty()
        assert hub.updates_sent == 3
        data = _json(await client.read_resource(CEILING), CEILING)
        assert data["entity"]["attributes"]["brightness"] == 120
        await client.session.unsubscribe_resource(CEILING)
        assert hub.followed == frozenset()
        await client.session.subscribe_resource(CEILING)
    # The client left (DELETE): the session and what it followed are gone.
    await _until(lambda: not hub.followed)
    assert not hub.tracking


@HANDSHAKE_API
async def test_fifty_first_subscription_is_refused(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, enable_sessions=True)
    own = async_own_entities(hass)  # Never a resource.
    uris = [
        f"ha://entity/{entity_id}"
        for entity_id in sorted(hass.states.async_entity_ids())
        if entity_id not in own
    ]
    uris += [f"ha://area/{area.id}" for area in ar.async_get(hass).async_list_areas()]
    assert len(uris) > MAX_SUBSCRIPTIONS_PER_SESSION
    async with _session_client(mcp, lambda _uri: None) as client:
        for uri in uris[:MAX_SUBSCRIPTIONS_PER_SESSION]:
            await client.session.subscribe_resource(uri)
        await client.session.subscribe_resource(uris[0])  # Again: not one more.
        with pytest.raises(MCPError) as err:
            await client.session.subscribe_resource(uris[MAX_SUBSCRIPTIONS_PER_SESSION])
        assert err.value.code == types.INVALID_REQUEST
        assert "already follows 50 resources" in err.value.message
        assert err.value.data == {"limit": 50, "subscribed": 50}
        await client.session.unsubscribe_resource(uris[0])
        await client.session.subscribe_resource(uris[MAX_SUBSCRIPTIONS_PER_SESSION])
        assert len(_hub(home_mcp).followed) == MAX_SUBSCRIPTIONS_PER_SESSION
    await _until(lambda: not _hub(home_mcp).followed)


@HANDSHAKE_API
async def test_change_during_a_slow_send_is_announced_after_it(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """A client slow to take an update still learns of the change that came meanwhile."""
    await set_options(hass, home_mcp, enable_sessions=True)
    hub = _hub(home_mcp)
    updates: asyncio.Queue[str] = asyncio.Queue()
    async with _session_client(mcp, updates.put_nowait) as client:
        await client.session.subscribe_resource(CEILING)
        [peer] = hub._peers.values()
        release = asyncio.Event()
        sent: list[str] = []
        real_send = peer.send_resource_updated

        async def slow_send(uri: str) -> None:
            sent.append(uri)
            if len(sent) == 1:
                await release.wait()  # The client's stream is full for a while.
            await real_send(uri)

        with patch.object(peer, "send_resource_updated", slow_send):
            await _light(hass, "turn_off")
            await _until(lambda: len(sent) == 1)
            await _cooldown(hass)
            await _light(hass, "turn_on", brightness=42)
            await _cooldown(hass)  # Its turn comes while the first send waits.
            assert len(sent) == 1
            release.set()
            await _until(lambda: len(sent) == 2)
        async with asyncio.timeout(2):
            assert [await updates.get(), await updates.get()] == [CEILING, CEILING]
        data = _json(await client.read_resource(CEILING), CEILING)
        assert data["entity"]["attributes"]["brightness"] == 42
