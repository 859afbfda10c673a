"""One-click approval: the approval page's link goes to clients that can open links.

URL-mode elicitation only carries a link. Whatever the client answers, the
door stays locked and the confirmation waits for a person in Home Assistant.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx2
from mcp import Client
from mcp.client.context import ClientRequestContext
from mcp.client.streamable_http import streamable_http_client
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant

from .conftest import McpHarness, set_options

UNLOCK = {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}}


@pytest.fixture(autouse=True)
async def configured_address(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Home Assistant knows the address the test server answers on (Settings > Network)."""
    await hass.config.async_update(internal_url=mcp.base_url)


class Person:
    """A client's user who is shown elicitations and answers them."""

    def __init__(self, action: str = "accept") -> None:
        """Answer every elicitation with `action`."""
        self.action = action
        self.asked: list[types.ElicitRequestURLParams] = []
        self.shown = asyncio.Event()

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        """Note the elicitation and answer it."""
        assert isinstance(params, types.ElicitRequestURLParams), params
        self.asked.append(params)
        self.shown.set()
        return types.ElicitResult(action=self.action)  # type: ignore[arg-type]


@asynccontextmanager
async def _client(mcp: McpHarness, mode: str, person: Person) -> AsyncIterator[Client]:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {mcp.token}"}, timeout=30)
    async with (
        http,
        Client(
            streamable_http_client(mcp.url, http_client=http),
            mode=mode,
            cache=None,
            elicitation_callback=person,
            client_info=types.Implementation(name="link-opener", version="1.0"),
        ) as client,
    ):
        yield client


def _pending(entry: MockConfigEntry) -> list[Any]:
    return [c for c in entry.runtime_data.confirmations.async_list() if c.state.value == "pending"]


@pytest.mark.parametrize("answer", ["accept", "decline"])
async def test_modern_client_is_shown_the_link_and_its_answer_approves_nothing(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry, answer: str
) -> None:
    """2026-07-28: the call asks for the link to be opened, then answers the refusal."""
    person = Person(answer)
    async with _client(mcp, "auto", person) as client:
        result = await client.call_tool("call_service", UNLOCK)
    data = result.structured_content
    assert data is not None and data["error"] == "needs_confirmation"
    [shown] = person.asked
    assert shown.url == data["approval_url"]
    assert shown.url.endswith(f"/home-mcp/confirmation/{data['confirmation_id']}")
    assert shown.url.startswith(mcp.base_url)
    assert "approve" in shown.message and "nothing answered here approves it" in shown.message
    # The answer changed nothing: still locked, still waiting for a person.
    assert hass.states.get("lock.front_door").state == "locked"
    [pending] = _pending(home_mcp)
    assert pending.confirmation_id == data["confirmation_id"]


async def test_session_client_gets_the_link_beside_the_refusal(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Handshake era in a session: the refusal comes at once, the link on the stream."""
    await set_options(hass, home_mcp, enable_sessions=True)
    person = Person("accept")
    async with _client(mcp, "legacy", person) as client:
        result = await client.call_tool("call_service", UNLOCK)
        data = result.structured_content
        assert data is not None and data["error"] == "needs_confirmation"
        async with asyncio.timeout(2):
            await person.shown.wait()
    [shown] = person.asked
    assert shown.url == data["approval_url"]
    assert shown.elicitation_id == data["confirmation_id"]
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"
    assert [c.confirmation_id for c in _pending(home_mcp)] == [data["confirmation_id"]]


async def test_stateless_client_gets_the_link_in_the_refusal_only(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Without a session there is no stream for an elicitation: the result carries the link."""
    person = Person("accept")
    async with _client(mcp, "legacy", person) as client:
        result = await client.call_tool("call_service", UNLOCK)
    data = result.structured_content
    assert data is not None and data["approval_url"].startswith(mcp.base_url)
    assert person.asked == []
    assert hass.states.get("lock.front_door").state == "locked"


async def test_link_is_never_taken_from_the_request_host(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A client naming another host gets a link to Home Assistant's own address."""
    http = httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {mcp.token}", "Host": "evil.example"}, timeout=30
    )
    async with (
        http,
        Client(streamable_http_client(mcp.url, http_client=http), mode="legacy") as client,
    ):
        result = await client.call_tool("call_service", UNLOCK)
    data = result.structured_content
    assert data is not None and data["error"] == "needs_confirmation"
    assert "evil.example" not in data.get("approval_url", "")
