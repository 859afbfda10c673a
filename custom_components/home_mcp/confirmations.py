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

This module depends on the gate's `Action` model and on `actions.py`; it
knows nothing of MCP or HTTP.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from ipaddress import ip_address
import logging
import secrets
from typing import Any, Final

import yarl

from homeassistant.auth.models import RefreshToken, User
from homeassistant.components import persistent_notification
from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import CALLBACK_TYPE, Context, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_send
from homeassistant.helpers.event import async_track_point_in_utc_time
from homeassistant.helpers.storage import Store
from homeassistant.util import dt as dt_util

from .actions import async_execute
from .caller import Caller
from .const import DOMAIN, NAME_MAX_CHARS, PANEL_URL_PATH, TEXT_MAX_CHARS
from .gate import TARGET_KEYS, Action, Decision, Gate, Risk
from .gate.verbs import verb_words
from .origins import async_home_assistant_origins
from .records import storable
from .shaping import clean_text, escape_markdown

_LOGGER = logging.getLogger(__name__)

STORAGE_KEY: Final = f"{DOMAIN}.confirmations"
STORAGE_VERSION: Final = 1
MAX_DECIDED_KEPT: Final = 200
MAX_PENDING_PER_CREDENTIAL: Final = 10
"""A credential may keep this many requests waiting; more are refused."""
"""Decided, expired and failed confirmations kept for the panel's history."""
EVENT_CONFIRMATION: Final = f"{DOMAIN}_confirmation"
SIGNAL_CONFIRMATIONS_UPDATED: Final = f"{DOMAIN}_confirmations_updated"
SIGNAL_CONFIRMATION_DECIDED: Final = f"{DOMAIN}_confirmation_decided"
"""Every end of a confirmation (approved, denied, expired), for the audit."""
NOTIFICATION_PREFIX: Final = f"{DOMAIN}_confirmation_"

# OAuth client ids of Home Assistant's official companion apps.
COMPANION_APP_CLIENT_IDS: Final = frozenset(
    {
        "https://home-assistant.io/iOS",
        "https://home-assistant.io/iOS/dev",
        "https://home-assistant.io/android",
        "https://home-assistant.io/android/debug",
    }
)


class ConfirmationState(StrEnum):
    """Where a confirmation stands."""

    PENDING = "pending"
    APPROVED = "approved"
    DENIED = "denied"
    EXPIRED = "expired"
    FAILED = "failed"


class DecisionRefused(Exception):
    """A decision that cannot be taken; nothing ran.

    error: a stable code (`not_found`, `not_pending`, `expired`,
        `not_a_login_session`, `not_admin`, `own_request`, `entity_missing`,
        `action_changed`).
    """

    def __init__(self, error: str, message: str) -> None:
        """Create the refusal."""
        super().__init__(message)
        self.error = error
        self.message = message


class TooManyPending(Exception):
    """A credential already has `MAX_PENDING_PER_CREDENTIAL` requests waiting."""


@dataclass(slots=True, kw_only=True)
class Requester:
    """Who asked for a confirmation (see `caller.Caller`)."""

    user_id: str
    user_name: str | None
    credential_id: str
    credential_name: str
    client_name: str | None
    refresh_token_id: str | None


@dataclass(slots=True, kw_only=True)
class Confirmation:
    """One guarded action waiting for, or decided by, a person.

    action: the exact action that runs on approval; entity targets are the
        entity ids the request expanded to when it was asked.
    summary: "unlock Front Door": what the person is asked, names cleaned.
    findings: the gate's blocking findings (as dicts) shown to the person.
    context_id: the id of the request's `Context`, the parent of the
        approval's.
    outcome: what Home Assistant reported when the approved action ran
        (`actions.async_execute`'s result), or None.
    """

    confirmation_id: str
    action: Action
    summary: str
    risk: Risk
    findings: list[dict[str, Any]]
    requester: Requester
    context_id: str
    created_at: datetime
    expires_at: datetime
    state: ConfirmationState = ConfirmationState.PENDING
    decided_at: datetime | None = None
    decided_by: dict[str, str | None] | None = None
    outcome: dict[str, Any] | None = None
    key: str = field(default="", repr=False)

    @property
    def is_pending(self) -> bool:
        """Return True while the confirmation waits for a person."""
        return self.state is ConfirmationState.PENDING

    def as_dict(self) -> dict[str, Any]:
        """Return the confirmation as JSON-ready data (for storage and the panel)."""
        return {
            "confirmation_id": self.confirmation_id,
            "action": {
                "domain": self.action.domain,
                "service": self.action.service,
                "target": dict(self.action.target),
                "data": dict(self.action.data),
            },
            "summary": self.summary,
            "risk": self.risk.value,
            "findings": self.findings,
            "requester": {
                "user_id": self.requester.user_id,
                "user_name": self.requester.user_name,
                "credential_id": self.requester.credential_id,
                "credential_name": self.requester.credential_name,
                "client_name": self.requester.client_name,
                "refresh_token_id": self.requester.refresh_token_id,
            },
            "context_id": self.context_id,
            "created_at": self.created_at.isoformat(),
            "expires_at": self.expires_at.isoformat(),
            "state": self.state.value,
            "decided_at": self.decided_at.isoformat() if self.decided_at else None,
            "decided_by": self.decided_by,
            "outcome": self.outcome,
            "key": self.key,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Confirmation:
        """Return a confirmation from `as_dict` data."""
        action = data["action"]
        decided_at = data.get("decided_at")
        return cls(
            confirmation_id=data["confirmation_id"],
            action=Action(action["domain"], action["service"], action["target"], action["data"]),
            summary=data["summary"],
            risk=Risk(data["risk"]),
            findings=list(data["findings"]),
            requester=Requester(**data["requester"]),
            context_id=data["context_id"],
            created_at=datetime.fromisoformat(data["created_at"]),
            expires_at=datetime.fromisoformat(data["expires_at"]),
            state=ConfirmationState(data["state"]),
            decided_at=datetime.fromisoformat(decided_at) if decided_at else None,
            decided_by=data.get("decided_by"),
            outcome=data.get("outcome"),
            key=data.get("key", ""),
        )

    def public(self) -> dict[str, Any]:
        """Return what the requesting MCP client may see of it."""
        data: dict[str, Any] = {
            "confirmation_id": self.confirmation_id,
            "state": self.state.value,
            "summary": self.summary,
            "action": self.action.name,
            "risk": self.risk.value,
            "targets": [f.get("entity_id") for f in self.findings if f.get("entity_id")],
            "requested_at": self.created_at.isoformat(),
            "expires_at": self.expires_at.isoformat(),
        }
        if self.decided_at is not None:
            data["decided_at"] = self.decided_at.isoformat()
        if self.outcome is not None:
            data["outcome"] = self.outcome
        return data


def _action_key(credential_id: str, action: Action) -> str:
    """Return what makes two requests "the same action asked again"."""
    parts = [
        credential_id,
        action.domain,
        action.service,
        repr(sorted((k, repr(v)) for k, v in action.target.items())),
        repr(sorted((k, repr(v)) for k, v in action.data.items())),
    ]
    return "\x1f".join(parts)


def recorded_action(decision: Decision) -> Action:
    """Return the action that runs on approval: targets frozen as expanded.

    Entity targets become the entity ids the request reached when it was
    asked, so an area that gains a door meanwhile is not opened too; target
    keys inside data move to the target.
    """
    action = decision.action
    data = {k: v for k, v in action.data.items() if k not in TARGET_KEYS}
    target: dict[str, Any] = {}
    entity_ids = list(decision.targets)
    # A domain's own service only acts on that domain's entities.
    if own := [e for e in entity_ids if e.startswith(f"{action.domain}.")]:
        entity_ids = own
    if entity_ids:
        target[ATTR_ENTITY_ID] = entity_ids
    return Action(action.domain, action.service, target, data)


def summarize(hass: HomeAssistant, decision: Decision) -> str:
    """Return "unlock Front Door"-style words for what a decision asks, names cleaned."""

    def name(entity_id: str) -> str:
        state = hass.states.get(entity_id)
        return clean_text(state.name if state else entity_id, 60)

    return clean_text(decision.summary(name, verb_words), TEXT_MAX_CHARS)


def async_check_approver(
    hass: HomeAssistant,
    user: User,
    refresh_token: RefreshToken | None,
    peer: str | None,
) -> None:
    """Raise `DecisionRefused` unless `user` on `refresh_token` may decide.

    Only an administrator on a Home Assistant login session decides: a
    `normal` refresh token issued to an official companion app, or to Home
    Assistant's own frontend, whose OAuth client id is exactly one of its
    origins (`async_home_assistant_origins`) followed by "/". A localhost
    origin counts only when the connection itself comes from Home Assistant's
    own machine (`peer`, the remote address of the websocket connection), so
    a program listening on localhost elsewhere cannot pass for the frontend.
    Refused: long-lived access tokens, whoever owns them; normal tokens issued
    to any other OAuth client (what an MCP client that signed in with Home
    Assistant holds); system users.
    """
    if not user.is_admin or user.system_generated:
        raise DecisionRefused("not_admin", "Only an administrator can approve or deny")
    if refresh_token is None or refresh_token.token_type != "normal":
        raise DecisionRefused(
            "not_a_login_session",
            "Decisions are taken in Home Assistant's own app or web page, "
            "not with a long-lived access token",
        )
    client_id = refresh_token.client_id or ""
    if client_id in COMPANION_APP_CLIENT_IDS:
        return
    try:
        url = yarl.URL(client_id)
        origin = str(url.origin()).lower()
    except ValueError:
        url, origin = None, ""
    if url is not None and client_id == f"{url.scheme}://{url.raw_authority}/":
        origins, loopback = async_home_assistant_origins(hass)
        if origin in origins:
            return
        if origin in loopback and peer is not None and _is_loopback(peer):
            return
    raise DecisionRefused(
        "not_a_login_session",
        "Decisions are taken in Home Assistant's own app or web page; this "
        "session belongs to another application",
    )


def _is_loopback(address: str) -> bool:
    try:
        return ip_address(address).is_loopback
    except ValueError:
        return False


class ConfirmationManager:
    """Keeps the confirmations of one config entry.

    expiry: how long a confirmation stays approvable (option, default 10
        minutes).
    """

    def __init__(self, hass: HomeAssistant, gate: Gate, expiry: timedelta) -> None:
        """Create the manager; call `async_load` before use."""
        self._hass = hass
        self._gate = gate
        self._expiry = expiry
        self._store: Store[dict[str, Any]] = Store(hass, STORAGE_VERSION, STORAGE_KEY)
        self._confirmations: dict[str, Confirmation] = {}
        self._timers: dict[str, CALLBACK_TYPE] = {}

    async def async_load(self, *, expire_pending: bool) -> None:
        """Load kept confirmations.

        expire_pending: True on the first load after Home Assistant started:
            whatever was pending is expired, never approvable. False on a
            reload of the entry in the same run: pending ones stay pending
            until their expiry.
        """
        data = await self._store.async_load() or {}
        changed = False
        for item in data.get("confirmations", []):
            try:
                confirmation = Confirmation.from_dict(item)
            except KeyError, TypeError, ValueError:
                _LOGGER.warning("Dropping an unreadable stored confirmation")
                continue
            if confirmation.state is ConfirmationState.PENDING and not expire_pending:
                self._confirmations[confirmation.confirmation_id] = confirmation
                self._timers[confirmation.confirmation_id] = async_track_point_in_utc_time(
                    self._hass,
                    self._async_expire_callback(confirmation.confirmation_id),
                    max(confirmation.expires_at, dt_util.utcnow()),
                )
                continue
            if confirmation.state is ConfirmationState.PENDING:
                confirmation.state = ConfirmationState.EXPIRED
                confirmation.decided_at = dt_util.utcnow()
                persistent_notification.async_dismiss(
                    self._hass, NOTIFICATION_PREFIX + confirmation.confirmation_id
                )
                changed = True
            self._confirmations[confirmation.confirmation_id] = confirmation
        if changed:
            self._async_save()

    async def async_flush(self) -> None:
        """Write the confirmations now (on unload)."""
        await self._store.async_save(
            {"confirmations": [c.as_dict() for c in self._confirmations.values()]}
        )

    @callback
    def async_unload(self) -> None:
        """Cancel expiry timers (pending confirmations expire on next load)."""
        for cancel in self._timers.values():
            cancel()
        self._timers.clear()

    @callback
    def async_get(self, confirmation_id: str) -> Confirmation | None:
        """Return a confirmation by id."""
        return self._confirmations.get(confirmation_id)

    @callback
    def async_list(self) -> list[Confirmation]:
        """Return every kept confirmation, newest first."""
        return sorted(self._confirmations.values(), key=lambda c: c.created_at, reverse=True)

    @callback
    def async_request(self, decision: Decision, caller: Caller) -> tuple[Confirmation, bool]:
        """Record a confirmation for a guarded `decision` asked by `caller`.

        Returns the confirmation and whether it is new: the same action asked
        again by the same credential while one is pending returns that one.
        Raises `TooManyPending` when the credential already has
        `MAX_PENDING_PER_CREDENTIAL` other requests waiting (no notification
        flood).
        """
        action = recorded_action(decision)
        key = _action_key(caller.credential_id, action)
        pending = [
            c
            for c in self._confirmations.values()
            if c.state is ConfirmationState.PENDING
            and c.requester.credential_id == caller.credential_id
        ]
        for existing in pending:
            if existing.key == key:
                return existing, False
        if len(pending) >= MAX_PENDING_PER_CREDENTIAL:
            raise TooManyPending(
                f"{len(pending)} requests from this credential already wait for a person"
            )
        now = dt_util.utcnow()
        context = caller.context()
        confirmation = Confirmation(
            confirmation_id=secrets.token_hex(8),
            action=action,
            summary=summarize(self._hass, decision),
            risk=decision.risk,
            findings=[finding.as_dict() for finding in decision.blocking],
            requester=Requester(
                user_id=caller.user.id,
                user_name=caller.user.name,
                credential_id=caller.credential_id,
                credential_name=caller.credential_name,
                client_name=caller.client_name,
                refresh_token_id=caller.refresh_token_id,
            ),
            context_id=context.id,
            created_at=now,
            expires_at=now + self._expiry,
            key=key,
        )
        confirmation = self._storable(confirmation)
        self._confirmations[confirmation.confirmation_id] = confirmation
        self._timers[confirmation.confirmation_id] = async_track_point_in_utc_time(
            self._hass,
            self._async_expire_callback(confirmation.confirmation_id),
            confirmation.expires_at,
        )
        self._async_notify(confirmation)
        self._async_changed(confirmation)
        return confirmation, True

    def _async_expire_callback(self, confirmation_id: str) -> Callable[[datetime], None]:
        @callback
        def expire(_now: datetime) -> None:
            self._timers.pop(confirmation_id, None)
            confirmation = self._confirmations.get(confirmation_id)
            if confirmation is None or confirmation.state is not ConfirmationState.PENDING:
                return
            confirmation.state = ConfirmationState.EXPIRED
            confirmation.decided_at = dt_util.utcnow()
            self._async_finish(confirmation, None)

        return expire

    async def async_decide(
        self,
        confirmation_id: str,
        approve: bool,
        user: User,
        refresh_token: RefreshToken | None,
        peer: str | None = None,
    ) -> Confirmation:
        """Approve or deny a pending confirmation as `user`.

        Raises `DecisionRefused` when the decider is not an administrator on
        a Home Assistant login session, when it is the session that asked,
        when the confirmation is unknown, expired or already decided, when an
        entity it targets no longer exists, or when the action would now do
        more than what was asked. On approval runs the recorded action and
        records its outcome (`failed` if Home Assistant raised).
        """
        async_check_approver(self._hass, user, refresh_token, peer)
        confirmation = self._confirmations.get(confirmation_id)
        if confirmation is None:
            raise DecisionRefused("not_found", "No such confirmation")
        if confirmation.state is not ConfirmationState.PENDING:
            raise DecisionRefused(
                "not_pending", f"This confirmation is already {confirmation.state.value}"
            )
        if dt_util.utcnow() >= confirmation.expires_at:
            self._async_expire_callback(confirmation_id)(dt_util.utcnow())
            raise DecisionRefused("expired", "This confirmation has expired")
        if (
            refresh_token is not None
            and refresh_token.id == confirmation.requester.refresh_token_id
        ):
            raise DecisionRefused(
                "own_request", "The session that asked for an action cannot approve it"
            )
        decider = {"user_id": user.id, "name": user.name}
        if not approve:
            confirmation.state = ConfirmationState.DENIED
            confirmation.decided_at = dt_util.utcnow()
            confirmation.decided_by = decider
            self._async_finish(confirmation, user)
            return confirmation

        missing = [
            entity_id
            for entity_id in _target_ids(confirmation.action)
            if self._hass.states.get(entity_id) is None
        ]
        if missing:
            raise DecisionRefused(
                "entity_missing", f"No longer in Home Assistant: {', '.join(missing)}"
            )
        now_decision = self._gate.async_check(confirmation.action)
        # Anything the action would now do that the person was not shown
        # (another entity, or another state for the same one: "open" where it
        # said "unlocked") voids the request.
        asked = [dict(finding) for finding in confirmation.findings]
        new = [finding for finding in now_decision.blocking if finding.as_dict() not in asked]
        if new:
            raise DecisionRefused(
                "action_changed",
                "The action would now do something it did not when it was asked "
                f"({new[0].service} on {new[0].entity_id or 'Home Assistant'}: "
                f"{new[0].reason}); deny it and let it be asked again",
            )

        confirmation.state = ConfirmationState.APPROVED
        confirmation.decided_at = dt_util.utcnow()
        confirmation.decided_by = decider
        self._async_cancel_timer(confirmation_id)
        context = Context(user_id=user.id, parent_id=confirmation.context_id)
        outcome = await async_execute(
            self._hass, context, confirmation.action, now_decision.affected_entities
        )
        if not outcome["ok"]:
            confirmation.state = ConfirmationState.FAILED
        confirmation.outcome = outcome
        self._async_finish(confirmation, user)
        return confirmation

    @callback
    def _async_cancel_timer(self, confirmation_id: str) -> None:
        if (cancel := self._timers.pop(confirmation_id, None)) is not None:
            cancel()

    @callback
    def _async_finish(self, confirmation: Confirmation, user: User | None) -> None:
        """Record a decided confirmation: notification, event, storage, listeners."""
        self._async_cancel_timer(confirmation.confirmation_id)
        persistent_notification.async_dismiss(
            self._hass, NOTIFICATION_PREFIX + confirmation.confirmation_id
        )
        decision = {
            ConfirmationState.APPROVED: "approved",
            ConfirmationState.FAILED: "approved",
            ConfirmationState.DENIED: "denied",
            ConfirmationState.EXPIRED: "expired",
        }[confirmation.state]
        payload = {
            "confirmation_id": confirmation.confirmation_id,
            "action": confirmation.action.name,
            "targets": [f.get("entity_id") for f in confirmation.findings if f.get("entity_id")],
            "decision": decision,
            "state": confirmation.state.value,
            "approver": user.id if user is not None else None,
            "approver_name": user.name if user is not None else None,
            "requester": confirmation.requester.user_id,
            "credential": confirmation.requester.credential_name,
        }
        async_dispatcher_send(self._hass, SIGNAL_CONFIRMATION_DECIDED, payload)
        if user is not None:
            # Only a person's decision is an event the house's automations see:
            # an expiry follows from an MCP request alone, and must not be
            # able to set anything off.
            self._hass.bus.async_fire(
                EVENT_CONFIRMATION,
                payload,
                context=Context(user_id=user.id, parent_id=confirmation.context_id),
            )
        self._async_changed(confirmation)

    @callback
    def _storable(self, confirmation: Confirmation) -> Confirmation:
        """Return `confirmation`, or its repaired copy if the store could not write it."""
        data = confirmation.as_dict()
        if (kept := storable(self._hass, "confirmations", data)) is data:
            return confirmation
        return Confirmation.from_dict(kept)

    @callback
    def _async_changed(self, confirmation: Confirmation) -> None:
        if (kept := self._storable(confirmation)) is not confirmation:
            self._confirmations[confirmation.confirmation_id] = kept
        self._async_prune()
        self._async_save()
        async_dispatcher_send(self._hass, SIGNAL_CONFIRMATIONS_UPDATED, confirmation)

    @callback
    def _async_prune(self) -> None:
        decided = [c for c in self.async_list() if c.state is not ConfirmationState.PENDING]
        for old in decided[MAX_DECIDED_KEPT:]:
            self._confirmations.pop(old.confirmation_id, None)

    @callback
    def _async_save(self) -> None:
        self._store.async_delay_save(
            lambda: {"confirmations": [c.as_dict() for c in self._confirmations.values()]},
            1,
        )

    @callback
    def _async_notify(self, confirmation: Confirmation) -> None:
        """Raise the persistent notification that leads to the approval page.

        A notification is an action like any other: an automation triggered
        by new notifications could open the house on it, before anyone
        approves. The gate judges it first (on a neutral stand-in: Home
        MCP's own title is refused as spoofing); when it would set off
        something guarded, the request waits in the Home MCP panel only.
        """
        stand_in = Action("persistent_notification", "create", data={"message": "A request"})
        if (sets_off := self._gate.async_check(stand_in)).guarded:
            _LOGGER.warning(
                "Home MCP raised no notification for its request to %s: a new notification "
                "would set off %s. The request waits in the Home MCP panel",
                confirmation.summary,
                ", ".join(sets_off.affected_entities) or "an automation",
            )
            return
        local = dt_util.as_local
        requester = confirmation.requester
        who = escape_markdown(requester.user_name or requester.user_id)
        credential = escape_markdown(requester.credential_name)
        # What a client calls itself is its own text: quoted, never a statement.
        client = (
            f"an MCP client calling itself “{escape_markdown(requester.client_name, 80)}”"
            if requester.client_name
            else "an MCP client"
        )
        lines = [
            f"**{escape_markdown(confirmation.summary, TEXT_MAX_CHARS)}**",
            "",
            f"- Action: `{confirmation.action.name}`",
            f"- Asked by: {who} (credential {credential}, via {client})",
            f"- Asked at: {local(confirmation.created_at).strftime('%H:%M:%S')}",
            f"- Expires at: {local(confirmation.expires_at).strftime('%H:%M:%S')}",
            "",
            f"[Review it in Home MCP](/{PANEL_URL_PATH}/confirmation/{confirmation.confirmation_id})",
        ]
        persistent_notification.async_create(
            self._hass,
            "\n".join(lines),
            title=f"Home MCP asks to {clean_text(confirmation.summary, NAME_MAX_CHARS)}",
            notification_id=NOTIFICATION_PREFIX + confirmation.confirmation_id,
        )


def _target_ids(action: Action) -> list[str]:
    value = action.target.get(ATTR_ENTITY_ID, [])
    return [value] if isinstance(value, str) else list(value)
