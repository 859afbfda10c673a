"""The confirmation manager: the state machine of one entry's confirmations.

`async_request` records a guarded decision as a pending `Confirmation` and
raises its notification; `async_decide` approves (runs the recorded action,
exactly, as the approver) or denies it; a timer expires it. Every change is
kept in a `Store` (checked by `records.storable`) and signalled
(`SIGNAL_CONFIRMATIONS_UPDATED`); every end is signalled for the audit
(`SIGNAL_CONFIRMATION_DECIDED`) and, when a person decided, fired as the
event `home_mcp_confirmation`. An end (approved, denied, expired) is written
before the call that made it returns; a new request within `SAVE_DELAY`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
import logging
import secrets
from typing import Any, Final

from homeassistant.auth.models import RefreshToken, User
from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import CALLBACK_TYPE, Context, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_send
from homeassistant.helpers.event import async_track_point_in_utc_time
from homeassistant.util import dt as dt_util

from ..actions import async_execute
from ..caller import Caller
from ..configs.plans import WriteRecord
from ..configs.writes import ConfigWriter
from ..const import DOMAIN
from ..gate import Action, Decision, Gate
from ..records import storable
from ..store import EntryStore
from .model import (
    Confirmation,
    ConfirmationState,
    Requester,
    action_key,
    recorded_action,
    recorded_findings,
)
from .notification import async_dismiss, async_notify, summarize
from .policy import DecisionRefused, async_check_approver, refuse_new
from .writes import async_check_write, async_write

_LOGGER = logging.getLogger(__name__)

STORAGE_KEY: Final = f"{DOMAIN}.confirmations"
STORAGE_VERSION: Final = 1
SAVE_DELAY: Final = 1
"""Seconds a new request may wait to be written (an end is written at once)."""
MAX_DECIDED_KEPT: Final = 200
"""Decided, expired and failed confirmations kept for the panel's history."""
MAX_PENDING_PER_CREDENTIAL: Final = 10
"""A credential may keep this many requests waiting; more are refused."""
EVENT_CONFIRMATION: Final = f"{DOMAIN}_confirmation"
SIGNAL_CONFIRMATIONS_UPDATED: Final = f"{DOMAIN}_confirmations_updated"
SIGNAL_CONFIRMATION_DECIDED: Final = f"{DOMAIN}_confirmation_decided"
"""Every end of a confirmation (approved, denied, expired), for the audit."""


class TooManyPending(Exception):
    """A credential already has `MAX_PENDING_PER_CREDENTIAL` requests waiting."""


class ConfirmationManager:
    """Keeps the confirmations of one config entry.

    expiry: how long a confirmation stays approvable (option, default 10
        minutes).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        gate: Gate,
        expiry: timedelta,
        writer: ConfigWriter | None = None,
    ) -> None:
        """Create the manager; call `async_load` before use.

        writer: what writes an approved configuration write (none: such
        confirmations cannot be approved).
        """
        self._hass = hass
        self._gate = gate
        self._expiry = expiry
        self._writer = writer
        self._store = EntryStore(hass, STORAGE_VERSION, STORAGE_KEY, self._data)
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
                self._async_track_expiry(
                    confirmation.confirmation_id, max(confirmation.expires_at, dt_util.utcnow())
                )
                continue
            if confirmation.state is ConfirmationState.PENDING:
                confirmation.state = ConfirmationState.EXPIRED
                confirmation.decided_at = dt_util.utcnow()
                async_dismiss(self._hass, confirmation.confirmation_id)
                changed = True
            self._confirmations[confirmation.confirmation_id] = confirmation
        if changed:
            await self._store.async_save()

    async def async_flush(self) -> None:
        """Write the confirmations now."""
        await self._store.async_save()

    async def async_close(self) -> None:
        """Stop the expiry timers, write the confirmations now and no more (the entry unloads)."""
        self.async_unload()
        await self._store.async_close()

    @callback
    def async_unload(self) -> None:
        """Cancel expiry timers (pending ones expire on the next load, or at once after it)."""
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
    def async_request(
        self,
        decision: Decision,
        caller: Caller,
        *,
        write: WriteRecord | None = None,
        summary: str | None = None,
        caller_summary: str | None = None,
    ) -> tuple[Confirmation, bool]:
        """Record a confirmation for a guarded `decision` asked by `caller`.

        write: for a configuration write, the write itself (what runs on
        approval); summary: what the person is asked, when not the
        decision's own ("unlock Front Door — by saving automation …");
        caller_summary: the same as the caller is told it, naming only what
        it may see (kept for `get_confirmation`).

        Returns the confirmation and whether it is new: the same action asked
        again by the same credential while one is pending returns that one.
        Raises `TooManyPending` when the credential already has
        `MAX_PENDING_PER_CREDENTIAL` other requests waiting (no notification
        flood).
        """
        action = recorded_action(decision)
        key = action_key(caller.credential_id, action)
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
        summary = summary or summarize(self._hass, decision)
        confirmation = Confirmation(
            confirmation_id=secrets.token_hex(8),
            action=action,
            summary=summary,
            caller_summary=caller_summary if caller_summary != summary else None,
            risk=decision.risk,
            **recorded_findings(decision.blocking),
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
            write=dict(write) if write is not None else None,
        )
        confirmation = self._storable(confirmation)
        self._confirmations[confirmation.confirmation_id] = confirmation
        self._async_track_expiry(confirmation.confirmation_id, confirmation.expires_at)
        async_notify(self._hass, self._gate, confirmation)
        self._async_keep(confirmation)
        self._store.async_delay_save(SAVE_DELAY)
        async_dispatcher_send(self._hass, SIGNAL_CONFIRMATIONS_UPDATED, confirmation)
        return confirmation, True

    @callback
    def _async_track_expiry(self, confirmation_id: str, when: datetime) -> None:
        """Expire the confirmation at `when` unless it is decided first."""
        self._timers[confirmation_id] = async_track_point_in_utc_time(
            self._hass, self._async_expire_callback(confirmation_id), when
        )

    def _async_expire_callback(
        self, confirmation_id: str
    ) -> Callable[[datetime], Coroutine[Any, Any, None]]:
        async def expire(_now: datetime) -> None:
            self._timers.pop(confirmation_id, None)
            confirmation = self._confirmations.get(confirmation_id)
            if confirmation is None or confirmation.state is not ConfirmationState.PENDING:
                return
            confirmation.state = ConfirmationState.EXPIRED
            confirmation.decided_at = dt_util.utcnow()
            await self._async_finish(confirmation, None)

        return expire

    async def async_end_credential(self, credential_id: str) -> int:
        """Expire every request `credential_id` left waiting (a revoked key); return how many.

        Nothing it asked for can be approved afterwards: its notifications and
        pushes are taken down as at any end.
        """
        ended = 0
        for confirmation in list(self._confirmations.values()):
            if confirmation.is_pending and confirmation.requester.credential_id == credential_id:
                confirmation.state = ConfirmationState.EXPIRED
                confirmation.decided_at = dt_util.utcnow()
                await self._async_finish(confirmation, None)
                ended += 1
        return ended

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
        confirmation = await self._async_open(confirmation_id)
        if (
            refresh_token is not None
            and refresh_token.id == confirmation.requester.refresh_token_id
        ):
            raise DecisionRefused(
                "own_request", "The session that asked for an action cannot approve it"
            )
        return await self._async_decide(
            confirmation, approve, user, {"user_id": user.id, "name": user.name}
        )

    async def async_decide_by_device(
        self,
        confirmation_id: str,
        approve: bool,
        user: User,
        device: dict[str, str],
    ) -> Confirmation:
        """Approve or deny a pending confirmation from `user`'s companion app.

        Only `approvals.phone` calls this, once it has checked that the tap
        carried the secret sent to that device for this request and came
        through that device's own webhook. `user` must still be an active
        administrator; the rest is as `async_decide` (unknown, decided,
        expired, changed: refused). The decision records the device
        (`decided_by["device"]`, the audit's `device`).
        """
        if not user.is_active or not user.is_admin or user.system_generated:
            raise DecisionRefused("not_admin", "Only an administrator can approve or deny")
        confirmation = await self._async_open(confirmation_id)
        decider = {
            "user_id": user.id,
            "name": user.name,
            "device": device.get("name"),
            "device_id": device.get("device_id"),
        }
        return await self._async_decide(confirmation, approve, user, decider)

    async def _async_open(self, confirmation_id: str) -> Confirmation:
        """Return the pending, unexpired confirmation `confirmation_id`, or raise `DecisionRefused`."""
        confirmation = self._confirmations.get(confirmation_id)
        if confirmation is None:
            raise DecisionRefused("not_found", "No such confirmation")
        if confirmation.state is not ConfirmationState.PENDING:
            raise DecisionRefused(
                "not_pending", f"This confirmation is already {confirmation.state.value}"
            )
        if dt_util.utcnow() >= confirmation.expires_at:
            await self._async_expire_callback(confirmation_id)(dt_util.utcnow())
            raise DecisionRefused("expired", "This confirmation has expired")
        return confirmation

    async def _async_decide(
        self,
        confirmation: Confirmation,
        approve: bool,
        user: User,
        decider: dict[str, str | None],
    ) -> Confirmation:
        """Deny, or approve and run, a confirmation `_async_open` returned."""
        confirmation_id = confirmation.confirmation_id
        if not approve:
            confirmation.state = ConfirmationState.DENIED
            confirmation.decided_at = dt_util.utcnow()
            confirmation.decided_by = decider
            await self._async_finish(confirmation, user)
            return confirmation

        token_id = confirmation.requester.refresh_token_id
        if token_id is not None and self._hass.auth.async_get_refresh_token(token_id) is None:
            # The login that asked was removed (its client signed out, the owner
            # deleted it): what it asked for ends with it, as a revoked key's does.
            self._async_cancel_timer(confirmation_id)
            await self._async_expire_callback(confirmation_id)(dt_util.utcnow())
            raise DecisionRefused(
                "expired", "The login that asked for this was removed: the request has expired"
            )
        await self._gate.async_ready()
        if confirmation.write is not None:
            return await self._async_approve_write(confirmation, user, decider)
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
        refuse_new(confirmation, now_decision.findings)

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
        await self._async_finish(confirmation, user)
        return confirmation

    async def _async_approve_write(
        self, confirmation: Confirmation, user: User, decider: dict[str, str | None]
    ) -> Confirmation:
        """Approve a configuration write: judged again, then written exactly as recorded."""
        record = await async_check_write(self._writer, confirmation)
        assert self._writer is not None
        confirmation.state = ConfirmationState.APPROVED
        confirmation.decided_at = dt_util.utcnow()
        confirmation.decided_by = decider
        self._async_cancel_timer(confirmation.confirmation_id)
        confirmation.outcome = await async_write(self._writer, record, confirmation, user)
        if not confirmation.outcome["ok"]:
            confirmation.state = ConfirmationState.FAILED
        await self._async_finish(confirmation, user)
        return confirmation

    @callback
    def _async_cancel_timer(self, confirmation_id: str) -> None:
        if (cancel := self._timers.pop(confirmation_id, None)) is not None:
            cancel()

    async def _async_finish(self, confirmation: Confirmation, user: User | None) -> None:
        """Record a decided confirmation: notification, audit, event, storage, panel.

        Written before this returns and before the panel hears: a reload or
        a restart right after the decision keeps it.
        """
        self._async_cancel_timer(confirmation.confirmation_id)
        async_dismiss(self._hass, confirmation.confirmation_id)
        decision = {
            ConfirmationState.APPROVED: "approved",
            ConfirmationState.FAILED: "approved",
            ConfirmationState.DENIED: "denied",
            ConfirmationState.EXPIRED: "expired",
        }[confirmation.state]
        payload = {
            "confirmation_id": confirmation.confirmation_id,
            "summary": confirmation.summary,
            "action": confirmation.action.name,
            "targets": list(confirmation.targets),
            "decision": decision,
            "state": confirmation.state.value,
            "approver": user.id if user is not None else None,
            "approver_name": user.name if user is not None else None,
            "requester": confirmation.requester.user_id,
            "credential": confirmation.requester.credential_name,
            "device": (confirmation.decided_by or {}).get("device"),
        }
        if confirmation.write is not None:  # A configuration write: what it changes.
            payload["diff"] = confirmation.write.get("diff")
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
        self._async_keep(confirmation)
        await self._store.async_save()
        async_dispatcher_send(self._hass, SIGNAL_CONFIRMATIONS_UPDATED, confirmation)

    @callback
    def _storable(self, confirmation: Confirmation) -> Confirmation:
        """Return `confirmation`, or its repaired copy if the store could not write it."""
        data = confirmation.as_dict()
        if (kept := storable(self._hass, "confirmations", data)) is data:
            return confirmation
        return Confirmation.from_dict(kept)

    @callback
    def _async_keep(self, confirmation: Confirmation) -> None:
        """Keep a new or changed confirmation as the store can write it; prune old ones."""
        if (kept := self._storable(confirmation)) is not confirmation:
            self._confirmations[confirmation.confirmation_id] = kept
        self._async_prune()

    @callback
    def _async_prune(self) -> None:
        decided = [c for c in self.async_list() if c.state is not ConfirmationState.PENDING]
        for old in decided[MAX_DECIDED_KEPT:]:
            self._confirmations.pop(old.confirmation_id, None)

    @callback
    def _data(self) -> dict[str, Any]:
        """Return what the store keeps: every confirmation, as data."""
        return {"confirmations": [c.as_dict() for c in self._confirmations.values()]}


def _target_ids(action: Action) -> list[str]:
    value = action.target.get(ATTR_ENTITY_ID, [])
    return [value] if isinstance(value, str) else list(value)
