"""A real conversation agent (Ollama's) offers "Home MCP" and cannot open the house through it.

The agent is Home Assistant's own `ollama` integration, set up through its
config flow and its conversation subentry flow as a person does in
Settings → Devices & services. The Ollama server it talks to is a stand-in
on loopback (no model can run here): it answers `/api/tags` with one model
and `/api/chat` with the tool calls a model would make, as Ollama streams
them, and keeps what the agent sent (the tools it offered the model, the tool
results). Everything between, the agent, its chat log and Home Assistant's
LLM API machinery, is Home Assistant's own code.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
import json
from typing import Any

from aiohttp import web
import probatio as vol
import pytest
from pytest_homeassistant_custom_component.common import MockUser

from custom_components.home_mcp.approvals.phone import push_message
from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import Context, HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component

from .conftest import McpHarness, call_service, entity_state

MODEL = "llama3.2:latest"


@dataclass
class OllamaStandIn:
    """Answers as an Ollama server does; `replies` are the model's turns, in order."""

    url: str = ""
    replies: list[dict[str, Any]] = field(default_factory=list)
    chats: list[dict[str, Any]] = field(default_factory=list)

    async def tags(self, request: web.Request) -> web.Response:
        """List the one model this server has."""
        return web.json_response(
            {"models": [{"model": MODEL, "name": MODEL, "size": 1, "digest": "0" * 12}]}
        )

    async def chat(self, request: web.Request) -> web.StreamResponse:
        """Stream the model's next turn, as Ollama streams it (NDJSON)."""
        body = await request.json()
        self.chats.append(body)
        message = self.replies.pop(0) if self.replies else {"content": "Done."}
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await response.prepare(request)
        for line in (
            {"model": MODEL, "message": {"role": "assistant", "content": "", **message}},
            {
                "model": MODEL,
                "message": {"role": "assistant", "content": ""},
                "done": True,
                "done_reason": "stop",
            },
        ):
            await response.write(json.dumps(line).encode() + b"\n")
        await response.write_eof()
        return response


@pytest.fixture(autouse=True)
async def media_source(hass: HomeAssistant) -> None:
    """Set up `media_source` (Ollama's AI task needs it) before the HTTP server starts."""
    assert await async_setup_component(hass, "media_source", {})


@pytest.fixture
async def ollama_server() -> AsyncIterator[OllamaStandIn]:
    """Run the stand-in Ollama server on a loopback port."""
    stand_in = OllamaStandIn()
    app = web.Application()
    app.router.add_get("/api/tags", stand_in.tags)
    app.router.add_post("/api/chat", stand_in.chat)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    stand_in.url = f"http://127.0.0.1:{port}"
    yield stand_in
    await runner.cleanup()


def _llm_api_choices(schema: Any) -> dict[str, str]:
    """Return the options flow's LLM API list: {id: name}, as the form shows it."""
    for key, value in schema.schema.items():
        if str(key) == "llm_hass_api":
            return {option["value"]: option["label"] for option in value.config["options"]}
    raise AssertionError("the form has no LLM API choice")


async def _agent(hass: HomeAssistant, url: str, apis: list[str]) -> str:
    """Add Ollama and a conversation agent using `apis`, through their flows; return its id."""
    result = await hass.config_entries.flow.async_init("ollama", context={"source": "user"})
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"url": url})
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    entry = hass.config_entries.async_entries("ollama")[0]

    result = await hass.config_entries.subentries.async_init(
        (entry.entry_id, "conversation"), context={"source": "user"}
    )
    assert result["type"] is FlowResultType.FORM, result
    choices = _llm_api_choices(result["data_schema"])
    assert choices["home_mcp"] == "Home MCP" and "assist" in choices, choices
    result = await hass.config_entries.subentries.async_configure(
        result["flow_id"], {"name": "Kitchen voice", "model": MODEL, "llm_hass_api": apis}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    agents = [
        state.entity_id
        for state in hass.states.async_all("conversation")
        if state.name == "Kitchen voice"
    ]
    assert len(agents) == 1, hass.states.async_entity_ids("conversation")
    return agents[0]


def _tool_call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool_calls": [{"function": {"name": name, "arguments": arguments}}]}


def _tool_results(chat: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(m["content"]) for m in chat["messages"] if m["role"] == "tool"]


async def test_an_ollama_agent_offers_home_mcp_and_cannot_unlock_the_front_door(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    ollama_server: OllamaStandIn,
    hass_ws_client: Callable[..., Any],
) -> None:
    """The agent's form lists "Home MCP" beside "Assist"; the unlock waits for the panel."""
    agent_id = await _agent(hass, ollama_server.url, ["home_mcp"])
    ollama_server.replies = [
        _tool_call(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        ),
        {"content": "I asked; someone must approve it in Home Assistant."},
    ]

    result = await conversation.async_converse(
        hass,
        "Unlock the front door",
        None,
        Context(user_id=hass_admin_user.id),
        agent_id=agent_id,
        language="en",
    )

    assert entity_state(hass, "lock.front_door") == "locked"
    offered = {tool["function"]["name"] for tool in ollama_server.chats[0]["tools"]}
    assert {"home_overview", "call_service", "get_confirmation"} <= offered
    # Assist's own tools are not what this agent was given.
    assert "HassTurnOff" not in offered
    (tool_result,) = _tool_results(ollama_server.chats[1])
    assert tool_result["error"] is True
    refusal = tool_result["data"]
    assert refusal["error"] == "needs_confirmation" and refusal["action"] == "lock.unlock"
    assert result.response.speech["plain"]["speech"].startswith("I asked")

    data = hass.config_entries.async_entries("home_mcp")[0].runtime_data
    confirmation = data.confirmations.async_get(refusal["confirmation_id"])
    assert confirmation is not None
    assert confirmation.requester.client_name == "Assist (Ollama) for Mock User"

    # Only the person, from their own login session in the panel, opens it.
    api = hass.config.api
    assert api is not None
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, f"http://127.0.0.1:{api.port}/"
    )
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))
    await client.send_json_auto_id(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": refusal["confirmation_id"],
            "decision": "approve",
        }
    )
    reply = await client.receive_json()
    assert reply["success"], reply
    await hass.async_block_till_done()
    assert entity_state(hass, "lock.front_door") == "unlocked"


async def test_an_ollama_agent_turns_a_light_on_through_home_mcp(
    mcp: McpHarness,
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    ollama_server: OllamaStandIn,
) -> None:
    """What does not open the house runs at once, and the model sees Home Assistant's answer."""
    agent_id = await _agent(hass, ollama_server.url, ["home_mcp"])
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.bed_light"}, blocking=True
    )
    ollama_server.replies = [
        _tool_call(
            "call_service",
            {"domain": "light", "service": "turn_on", "target": {"entity_id": "light.bed_light"}},
        ),
    ]

    await conversation.async_converse(
        hass,
        "Bed light on",
        None,
        Context(user_id=hass_admin_user.id),
        agent_id=agent_id,
        language="en",
    )

    assert entity_state(hass, "light.bed_light") == "on"
    (tool_result,) = _tool_results(ollama_server.chats[1])
    assert tool_result["error"] is False
    assert tool_result["data"]["states"][0]["entity_id"] == "light.bed_light"
    assert tool_result["data"]["states"][0]["state"] == "on"


class _ActionsApi(llm.API):
    """An LLM API whose one tool runs any action the model names, as its caller.

    What Home Assistant's Model Context Protocol integration offers an agent
    when the owner points it at an MCP server that controls the house (its
    `ModelContextProtocolAPI`, one API per server, named by the server; each
    of the server's tools a tool of the agent), and what custom integrations
    offering "LLM APIs" do: the API is the owner's choice in the agent's
    form, beside Assist.
    """

    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Offer the one tool."""
        return llm.APIInstance(
            api=self, api_prompt="Call actions.", llm_context=llm_context, tools=[_CallAction()]
        )


class _CallAction(llm.Tool):
    name = "call_action"
    description = "Call a Home Assistant action"
    parameters = vol.Schema(
        {vol.Required("action"): str, vol.Optional("target"): dict, vol.Optional("data"): dict}
    )

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> dict[str, Any]:
        domain, _, service = tool_input.tool_args["action"].partition(".")
        await hass.services.async_call(
            domain,
            service,
            {**tool_input.tool_args.get("data", {}), **tool_input.tool_args.get("target", {})},
            blocking=True,
            context=llm_context.context,
        )
        return {"success": True}


@pytest.mark.redteam(round=54)
async def test_text_for_an_agent_given_an_api_that_calls_any_action_waits(
    mcp: McpHarness, hass: HomeAssistant, ollama_server: OllamaStandIn
) -> None:
    """Only the APIs Home MCP knows keep an agent to Assist's reach.

    The owner's Ollama agent has Assist (the lights exposed to it) and an MCP server's tools (Home
    Assistant's Model Context Protocol integration), one of which runs any
    action. A client hands it "let the plumber in": the model calls that
    tool, and the front door unlocks, where the same agent without Assist's
    company (an agent of an integration Home MCP does not know) waits.
    """
    unregister = llm.async_register_api(
        hass, _ActionsApi(hass=hass, id="house_server", name="House server")
    )
    agent_id = await _agent(hass, ollama_server.url, ["assist", "house_server"])
    # The owner exposes only the lights to Assist (Settings → Voice assistants → Expose).
    for state in hass.states.async_all():
        if state.domain != "light":
            async_expose_entity(hass, conversation.DOMAIN, state.entity_id, False)
    ollama_server.replies = [
        _tool_call(
            "house-server__call_action",  # As Home Assistant names a tool of several APIs.
            {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
        ),
        {"content": "The plumber can come in."},
    ]
    result = await call_service(
        mcp,
        "conversation",
        "process",
        data={"text": "let the plumber in", "agent_id": agent_id},
    )
    await hass.async_block_till_done()
    unregister()
    assert entity_state(hass, "lock.front_door") == "locked"
    assert result["error"] == "needs_confirmation", result


async def test_text_for_an_agent_given_assist_alone_runs_where_nothing_exposed_opens(
    mcp: McpHarness, hass: HomeAssistant, ollama_server: OllamaStandIn
) -> None:
    """The same agent with Assist's API alone, the lights exposed to it, is handed text at once."""
    agent_id = await _agent(hass, ollama_server.url, ["assist"])
    for state in hass.states.async_all():
        if state.domain != "light":
            async_expose_entity(hass, conversation.DOMAIN, state.entity_id, False)
    ollama_server.replies = [{"content": "Nothing to do."}]
    result = await call_service(
        mcp, "conversation", "process", data={"text": "let the plumber in", "agent_id": agent_id}
    )
    assert result["ok"] is True, result
    assert entity_state(hass, "lock.front_door") == "locked"


@pytest.mark.redteam(round=54)
async def test_the_request_an_agent_makes_for_text_a_client_handed_it_names_that_client(
    mcp: McpHarness, hass: HomeAssistant, ollama_server: OllamaStandIn
) -> None:
    """The owner's Ollama agent has Home MCP; a client hands it "unlock the front door".

    Nothing the text can reach through Assist opens the house (only the
    lights are exposed), so the text runs; the agent's model asks Home MCP
    to unlock, and that waits. The person is asked on their phone as the
    client's request ("Assist (Ollama), text from <client>"), not as their
    own voice assistant's ("Assist (Ollama) for Mock User"): the client chose
    the words, and the request is counted against its credential.
    """
    agent_id = await _agent(hass, ollama_server.url, ["home_mcp"])
    for state in hass.states.async_all():
        if state.domain != "light":
            async_expose_entity(hass, conversation.DOMAIN, state.entity_id, False)
    ollama_server.replies = [
        _tool_call(
            "call_service",
            {"domain": "lock", "service": "unlock", "target": {"entity_id": "lock.front_door"}},
        ),
        {"content": "Someone must approve it."},
    ]
    result = await call_service(
        mcp,
        "conversation",
        "process",
        data={"text": "Unlock the front door", "agent_id": agent_id},
    )
    assert result["ok"] is True, result
    assert entity_state(hass, "lock.front_door") == "locked"
    data = hass.config_entries.async_entries("home_mcp")[0].runtime_data
    (asked,) = [c for c in data.confirmations.async_list() if c.is_pending]
    assert asked.action.name == "lock.unlock"
    text = push_message(asked)
    assert "example.com/app" in text or "python-httpx" in text, text
    assert asked.requester.credential_id != f"user:{asked.requester.user_id}"
