"""`get_confirmation`: what became of a guarded action this credential asked for."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..approvals import ConfirmationState
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier


class GetConfirmationInput(ToolInput):
    """Which confirmation."""

    confirmation_id: Identifier = Field(
        min_length=1, max_length=64, description="From the refused call"
    )


class GetConfirmationOutput(ToolOutput):
    """A confirmation's state and, once approved and run, its outcome."""

    confirmation_id: str
    state: ConfirmationState = Field(
        description="pending, approved (and ran), denied, expired, or failed (approved, but Home Assistant raised)"
    )
    summary: str
    action: str
    risk: str
    targets: list[str]
    targets_omitted: int | None = None
    requested_at: str
    requested_by: dict[str, str] = Field(
        description="Who asked: the MCP client's name (client) and the key's (key)"
    )
    expires_at: str
    decided_at: str | None = None
    outcome: dict[str, Any] | None = Field(
        None, description="What Home Assistant reported when the approved action ran"
    )


async def get_confirmation(ctx: ToolContext, args: GetConfirmationInput) -> GetConfirmationOutput:
    """Return a confirmation the calling credential asked for.

    Another credential's confirmation is answered exactly like one that does
    not exist, so ids cannot be probed. It names only the entities the
    caller may see (`exposure.Sight`).
    """
    confirmation = ctx.confirmations.async_get(args.confirmation_id)
    if confirmation is None or confirmation.requester.credential_id != ctx.caller.credential_id:
        raise ToolError(
            "not_found",
            "No confirmation with this id was asked for with this credential",
            "Use the confirmation_id that call_service or run_macro returned",
        )
    data = confirmation.public()
    sight = ctx.sight
    if not sight.everything and isinstance(outcome := data.get("outcome"), dict):
        # What the approved action left, of what the caller may see (a copy:
        # the confirmation keeps its whole outcome).
        states = outcome.get("states") or []
        data["outcome"] = {
            **outcome,
            "states": [row for row in states if sight.sees(str(row.get("entity_id")))],
        }
    return GetConfirmationOutput(**sight.tree(data))


TOOLS = [
    Tool(
        name="get_confirmation",
        title="Get a confirmation",
        description=(
            "A guarded action this credential asked for: pending, approved (with "
            "outcome), denied, expired or failed. Only a person in Home Assistant "
            "decides."
        ),
        input_model=GetConfirmationInput,
        output_model=GetConfirmationOutput,
        handler=get_confirmation,
    )
]
