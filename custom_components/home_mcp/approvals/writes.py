"""Approving a configuration write: judged again, then written exactly as it was shown.

A confirmation of a write (`Confirmation.write`, a `configs.writes.WriteRecord`)
holds the configuration the person read as a diff. On approval the gate
judges it again against the house as it is then (`action_changed` if it now
does more), and `ConfigWriter.async_apply` writes it, unless the stored item
changed meanwhile.
"""

from __future__ import annotations

from typing import Any, cast

from homeassistant.auth.models import User
from homeassistant.core import Context
from homeassistant.exceptions import HomeAssistantError

from ..configs.plans import WriteRecord
from ..configs.writes import ConfigWriter
from .model import Confirmation
from .policy import DecisionRefused, refuse_new


async def async_check_write(writer: ConfigWriter | None, confirmation: Confirmation) -> WriteRecord:
    """Return the write to make, or raise `DecisionRefused` if it may no longer be made."""
    if writer is None or confirmation.write is None:
        raise DecisionRefused("not_loaded", "Home MCP cannot write configuration now")
    record = cast("WriteRecord", dict(confirmation.write))
    try:
        findings = await writer.async_rejudge(record)
    except HomeAssistantError as err:
        raise DecisionRefused(
            "action_changed", f"Home Assistant no longer accepts this configuration: {err}"
        ) from err
    refuse_new(confirmation, findings)
    return record


async def async_write(
    writer: ConfigWriter, record: WriteRecord, confirmation: Confirmation, user: User
) -> dict[str, Any]:
    """Write `record` as approved by `user`; return the confirmation's outcome."""
    context = Context(user_id=user.id, parent_id=confirmation.context_id)
    try:
        written = await writer.async_apply(
            record,
            context,
            user=user,
            requested_by=confirmation.requester.user_id,
            approved_by=user.id,
        )
    except HomeAssistantError as err:
        return {"ok": False, "error": "not_written", "message": str(err)}
    return {
        "ok": True,
        "written": {
            "kind": written.kind.value,
            "id": written.key,
            "entity_id": written.entity_id,
            "action": written.action,
        },
    }
