"""The LLM API "Home MCP": the same tools and gate for Home Assistant's own conversation agents.

Registered per config entry (`homeassistant.helpers.llm.async_register_api`),
so every conversation agent (OpenAI, Anthropic, Google, Ollama) offers
"Home MCP" beside "Assist", and core's `mcp_server` serves it at
`/api/mcp/home_mcp`. A tool call from an agent is a call of the MCP tool of
the same name (`runner.ToolRunner`: the same argument checks, handler,
gate, confirmations, response shaping and audit), made by a `Caller` for the
person who spoke to Assist: "Assist (Ollama) for <user>", named after the
agent's integration; or, when an MCP client's own action set the agent
talking (`conversation.process` with the client's text), for that client:
its credential and scope, "Assist (Ollama), text from <client>"
(`caller.CallerContexts`). A guarded action
waits for a person exactly as one from an MCP client does; the person who
spoke may approve it from their own login session in the panel (no agent
holds that session). Tool parameters are each tool's published input schema,
read by `probatio.from_json_schema`, so the agents' own conversion to their
providers' formats applies.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

import probatio

from homeassistant.auth.models import User
from homeassistant.core import HomeAssistant
from homeassistant.helpers import llm
from homeassistant.loader import IntegrationNotLoaded, async_get_loaded_integration

from .caller import Caller
from .const import DOMAIN
from .runner import ToolRunner
from .schemas import compact_schema
from .server import INSTRUCTIONS
from .shaping import clean_text
from .tools import Tool

API_NAME: Final = "Home MCP"


class HomeMcpLlmApi(llm.API):
    """Home MCP's tools for a conversation agent, through the gate."""

    def __init__(self, hass: HomeAssistant, runner: ToolRunner, system_user: User) -> None:
        """Run tools with `runner`; act as `system_user` for a request without a user."""
        super().__init__(hass=hass, id=DOMAIN, name=API_NAME)
        self._runner = runner
        self._system_user = system_user

    async def async_get_api_instance(self, llm_context: llm.LLMContext) -> llm.APIInstance:
        """Return the tools this request's caller may use, with Home MCP's instructions.

        The caller is the person who spoke; or, when the agent was set
        talking by an MCP client's action (its `conversation.process`), that
        client: its credential, scope and name, so what the agent asks is
        asked as the client's, which chose the words.
        """
        agent = self._agent_name(llm_context.platform)
        client = self._runner.contexts.caller_of(llm_context.context)
        if client is not None:
            said_by = clean_text(client.client_name or client.credential_name, 60)
            caller = replace(client, client_name=f"Assist ({agent}), text from {said_by}")
        else:
            caller = await self._person(llm_context, agent)
        tools: list[llm.Tool] = [
            _AgentTool(tool, caller, self._runner)
            for tool in self._runner.tools.values()
            if tool.usable_by(caller)
        ]
        return llm.APIInstance(
            api=self, api_prompt=INSTRUCTIONS, llm_context=llm_context, tools=tools
        )

    async def _person(self, llm_context: llm.LLMContext, agent: str) -> Caller:
        """Return the caller for the person who spoke to the agent (or Home MCP's system user)."""
        user = None
        if llm_context.context is not None and llm_context.context.user_id:
            user = await self.hass.auth.async_get_user(llm_context.context.user_id)
        who = clean_text(user.name, 60) if user is not None and user.name else "a voice assistant"
        return Caller(
            user=user or self._system_user,
            refresh_token_id=None,
            credential_name=f"Assist ({agent})",
            client_name=f"Assist ({agent}) for {who}",
            read_only=False,
        )

    def _agent_name(self, platform: str) -> str:
        """Return the name of the agent's integration ("Ollama"), or its domain."""
        try:
            return clean_text(async_get_loaded_integration(self.hass, platform).name, 60)
        except IntegrationNotLoaded:
            return clean_text(platform, 60)


class _AgentTool(llm.Tool):
    """One Home MCP tool, as a conversation agent calls it."""

    integration = DOMAIN

    def __init__(self, tool: Tool, caller: Caller, runner: ToolRunner) -> None:
        self.name = tool.name
        self.title = tool.title
        self.description = tool.description
        self.parameters = _parameters(tool)
        self.annotations = llm.ToolAnnotations(
            read_only=not tool.write,
            destructive=tool.write,
            idempotent=tool.idempotent,
            open_world=False,
        )
        self._tool = tool
        self._caller = caller
        self._runner = runner

    async def async_call(
        self, hass: HomeAssistant, tool_input: llm.ToolInput, llm_context: llm.LLMContext
    ) -> llm.ToolResult:
        """Run the tool as the MCP endpoint would, for this request's caller."""
        outcome = await self._runner.async_run(self._caller, self._tool, tool_input.tool_args)
        payload = outcome.payload
        return llm.ToolResult(data=payload, error=payload.get("ok") is False)


def _parameters(tool: Tool) -> probatio.Schema:
    """Return the tool's published input schema as a schema the agents convert."""
    schema: dict[str, Any] = compact_schema(tool.input_model.model_json_schema())
    return probatio.from_json_schema(schema)
