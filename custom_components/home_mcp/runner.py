"""The one way a tool is run, for every caller: an MCP client or a conversation agent.

`ToolRunner.async_run` finds nothing itself: given the `Caller` and the
`Tool`, it checks the caller may use it (`Tool.usable_by`), validates the
arguments against the tool's input model (unknown arguments refused), runs
the handler, turns a `ToolError` or any unexpected exception into a
structured error result, records the call in the audit and shapes the
result (`shaping.finalize`). The MCP server (`server.py`) and the LLM API
(`llm_api.py`) both call it, so the gate, the checks and the shaping are the
same whichever way a model reaches the house.
"""

from __future__ import annotations

from dataclasses import dataclass
import logging
from typing import Any

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError, Unauthorized

from .actions import ProgressCallback
from .approvals import ConfirmationManager
from .audit import AuditLog
from .caller import Caller, CallerContexts
from .configs.writes import ConfigWriter
from .gate import Gate
from .shaping import finalize
from .tools import (
    Refusal,
    Tool,
    ToolContext,
    ToolError,
    addons,
    call_service,
    config_writes,
    entities,
    get_config,
    get_confirmation,
    get_entity,
    get_error_log,
    get_trace,
    list_areas,
    list_devices,
    list_floors,
    list_labels,
    list_services,
    macros,
    overview,
    recorder,
    render_template,
)
from .tools.arguments import validate_arguments

_LOGGER = logging.getLogger(__name__)

TOOL_MODULES = (
    overview,
    entities,
    get_entity,
    list_areas,
    list_floors,
    list_labels,
    list_devices,
    recorder,
    macros,
    list_services,
    call_service,
    get_confirmation,
    render_template,
    get_error_log,
    get_config,
    get_trace,
    config_writes,
    addons,
)


def all_tools() -> list[Tool]:
    """Return every tool, in the order `tools/list` shows them."""
    return [tool for module in TOOL_MODULES for tool in module.TOOLS]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A tool call's result: its shaped answer and, for a guarded action, its refusal."""

    payload: dict[str, Any]
    refusal: Refusal | None = None


class ToolRunner:
    """Runs the tools of one config entry for any caller."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        gate: Gate,
        confirmations: ConfirmationManager,
        audit: AuditLog,
        budget: int,
        writer: ConfigWriter | None = None,
    ) -> None:
        """Run tools in `hass` through `gate`, recorded in `audit`, within `budget` bytes."""
        self.hass = hass
        # A tool needing an integration (the add-ons' `hassio`) exists only where it is loaded.
        self.tools = {
            tool.name: tool
            for tool in all_tools()
            if tool.needs is None or tool.needs in hass.config.components
        }
        self._gate = gate
        self._confirmations = confirmations
        self._audit = audit
        self._budget = budget
        self._writer = writer
        self.contexts = CallerContexts()

    async def async_run(
        self,
        caller: Caller,
        tool: Tool,
        arguments: dict[str, Any],
        progress: ProgressCallback | None = None,
    ) -> Outcome:
        """Run `tool` for `caller`; return the shaped result (`{ok: false, ...}` on failure).

        A guarded action's refusal comes with it, as itself (`Outcome.refusal`).
        """
        if not tool.usable_by(caller):
            payload = tool.refusal_for(caller).as_result()
            self._audit.async_record_call(caller, tool.name, tool.write, payload)
            return Outcome(payload)
        refused: Refusal | None = None
        context = ToolContext(
            hass=self.hass,
            caller=caller,
            gate=self._gate,
            confirmations=self._confirmations,
            progress=progress,
            budget=self._budget,
            writer=self._writer,
            contexts=self.contexts,
        )
        try:
            validated = validate_arguments(tool, arguments)
            await self._gate.async_ready()
            output = await tool.handler(context, validated)
            payload = output.model_dump(mode="json")
        except ToolError as err:
            payload = err.as_result()
            refused = err if isinstance(err, Refusal) else None
        except Unauthorized as err:
            payload = ToolError(
                "unauthorized",
                f"Home Assistant refused: the user {caller.user.name!r} may not do this",
                "Ask an administrator, or use a credential of a user with the right",
                entity_id=err.entity_id,
            ).as_result()
        except HomeAssistantError as err:
            payload = ToolError(
                "home_assistant_error", f"Home Assistant reported: {err}"
            ).as_result()
        except Exception as err:
            _LOGGER.exception("Tool %s failed", tool.name)
            payload = ToolError(
                "internal_error",
                f"{tool.name} failed inside Home MCP ({type(err).__name__}); "
                "Home Assistant's log has the details",
            ).as_result()
        self._audit.async_record_call(caller, tool.name, tool.write, payload)
        return Outcome(finalize(payload, self._budget, tool.narrow_hint, tool.text_fields), refused)
