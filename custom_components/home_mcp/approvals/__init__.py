"""Pending confirmations: a guarded action waits for a person (§5).

A guarded call that is not pre-approved becomes a `Confirmation`: the exact
action (with its targets expanded when it was asked), who asked, when, the
risk, and an expiry. A persistent notification tells the person; the Home MCP
panel shows it; a person approves or denies it in Home Assistant through the
`home_mcp/confirmation/decide` websocket command, which only a Home Assistant
login session of an administrator can use (`async_check_approver`).

On approval the recorded action runs, exactly, with a `Context` whose user is
the approver and whose parent is the request's context; the outcome is
recorded and the event `home_mcp_confirmation` fires. Denial and expiry are
recorded too. Confirmations are kept in a `Store`; after a restart of Home
Assistant a confirmation that was pending is expired, never approvable.

The package depends on the gate's `Action` model and on `actions.py`; it
knows nothing of MCP or HTTP. Its modules:

- `model`: the confirmation and its stored form.
- `manager`: the state machine, storage and expiry (`ConfirmationManager`).
- `notification`: the persistent notification and its text.
- `policy`: who may approve or deny (`async_check_approver`).
- `phone`: the push to administrators' companion apps, and the tap that
  decides (`PhoneApprovals`, `ConfirmationManager.async_decide_by_device`).
"""

from __future__ import annotations

from .manager import (
    EVENT_CONFIRMATION,
    MAX_DECIDED_KEPT,
    MAX_PENDING_PER_CREDENTIAL,
    SIGNAL_CONFIRMATION_DECIDED,
    SIGNAL_CONFIRMATIONS_UPDATED,
    ConfirmationManager,
    TooManyPending,
)
from .model import Confirmation, ConfirmationState, Requester, recorded_action
from .notification import NOTIFICATION_PREFIX, summarize
from .policy import COMPANION_APP_CLIENT_IDS, DecisionRefused, async_check_approver

__all__ = [
    "COMPANION_APP_CLIENT_IDS",
    "EVENT_CONFIRMATION",
    "MAX_DECIDED_KEPT",
    "MAX_PENDING_PER_CREDENTIAL",
    "NOTIFICATION_PREFIX",
    "SIGNAL_CONFIRMATIONS_UPDATED",
    "SIGNAL_CONFIRMATION_DECIDED",
    "Confirmation",
    "ConfirmationManager",
    "ConfirmationState",
    "DecisionRefused",
    "Requester",
    "TooManyPending",
    "async_check_approver",
    "recorded_action",
    "summarize",
]
