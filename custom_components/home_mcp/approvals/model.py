"""The confirmation model: one guarded action waiting for a person, and its data.

A `Confirmation` holds the exact action that runs on approval (its targets
frozen as the request expanded them, `recorded_action`), who asked
(`Requester`), the risk, the findings shown to the person (a few, in full:
`findings.shown_findings`) with a key for every one of them (what an approval
compares), and where it stands (`ConfirmationState`). `as_dict` and
`from_dict` are its stored form; `public` is what the requesting MCP client
may see of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from homeassistant.const import ATTR_ENTITY_ID

from ..findings import FindingLike, entity_ids, finding_key, shown, shown_findings
from ..gate import TARGET_KEYS, Action, Decision, Risk


class ConfirmationState(StrEnum):
    """Where a confirmation stands."""

    PENDING = "pending"
    APPROVED = "approved"
    DENIED = "denied"
    EXPIRED = "expired"
    FAILED = "failed"


@dataclass(slots=True, kw_only=True)
class Requester:
    """Who asked for a confirmation (see `caller.Caller`)."""

    user_id: str
    user_name: str | None
    credential_id: str
    credential_name: str
    client_name: str | None
    refresh_token_id: str | None

    def shown(self) -> dict[str, str]:
        """Return who asked as the requesting client may be told: its client and key names."""
        return {
            **({"client": self.client_name} if self.client_name else {}),
            "key": self.credential_name,
        }


@dataclass(slots=True, kw_only=True)
class Confirmation:
    """One guarded action waiting for, or decided by, a person.

    action: the exact action that runs on approval; entity targets are the
        entity ids the request expanded to when it was asked.
    summary: "unlock Front Door": what the person is asked, names cleaned.
    findings: the gate's blocking findings shown to the person: at most
        `FINDINGS_SHOWN`, each capped (`findings.shown_findings`).
    findings_omitted: how many blocking findings `findings` leaves out.
    finding_keys: one `findings.finding_key` per blocking finding, every
        one: what an approval compares with the action judged again
        (`policy.refuse_new`).
    targets: every entity the blocking findings name, each once.
    context_id: the id of the request's `Context`, the parent of the
        approval's.
    outcome: what Home Assistant reported when the approved action ran
        (`actions.async_execute`'s result), or None.
    write: for a configuration write, the exact write that runs on
        approval (`configs.writes.WriteRecord`: the configuration, its
        diff); `action` then only names it (`automation.save`).
    caller_summary: the summary as the requesting caller was told it,
        naming only the entities it may see (`exposure.Sight`); None when
        it is `summary`.
    """

    confirmation_id: str
    action: Action
    summary: str
    risk: Risk
    findings: list[dict[str, Any]]
    findings_omitted: int = 0
    finding_keys: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    requester: Requester
    context_id: str
    created_at: datetime
    expires_at: datetime
    state: ConfirmationState = ConfirmationState.PENDING
    decided_at: datetime | None = None
    decided_by: dict[str, str | None] | None = None
    outcome: dict[str, Any] | None = None
    write: dict[str, Any] | None = None
    caller_summary: str | None = None
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
            **shown("findings", self.findings, omitted=self.findings_omitted),
            "finding_keys": self.finding_keys,
            "targets": self.targets,
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
            "write": self.write,
            "caller_summary": self.caller_summary,
            "key": self.key,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Confirmation:
        """Return a confirmation from `as_dict` data, including data stored by older versions.

        A record stored before findings were bounded kept every blocking
        finding whole, and nothing else about them: they are shown, keyed
        and named here as `recorded_findings` does for a new request.
        """
        action = data["action"]
        decided_at = data.get("decided_at")
        if "finding_keys" in data:
            findings: dict[str, Any] = {
                "findings": list(data["findings"]),
                "findings_omitted": int(data.get("findings_omitted", 0)),
                "finding_keys": list(data["finding_keys"]),
                "targets": list(data.get("targets", [])),
            }
        else:
            findings = recorded_findings(list(data["findings"]))
        return cls(
            confirmation_id=data["confirmation_id"],
            action=Action(action["domain"], action["service"], action["target"], action["data"]),
            summary=data["summary"],
            risk=Risk(data["risk"]),
            **findings,
            requester=Requester(**data["requester"]),
            context_id=data["context_id"],
            created_at=datetime.fromisoformat(data["created_at"]),
            expires_at=datetime.fromisoformat(data["expires_at"]),
            state=ConfirmationState(data["state"]),
            decided_at=datetime.fromisoformat(decided_at) if decided_at else None,
            decided_by=data.get("decided_by"),
            outcome=data.get("outcome"),
            write=data.get("write"),
            caller_summary=data.get("caller_summary"),
            key=data.get("key", ""),
        )

    def public(self) -> dict[str, Any]:
        """Return what the requesting MCP client may see of it (its summary as it was told)."""
        data: dict[str, Any] = {
            "confirmation_id": self.confirmation_id,
            "state": self.state.value,
            "summary": self.caller_summary or self.summary,
            "action": self.action.name,
            "risk": self.risk.value,
            **shown("targets", self.targets),
            "requested_at": self.created_at.isoformat(),
            "requested_by": self.requester.shown(),
            "expires_at": self.expires_at.isoformat(),
        }
        if self.decided_at is not None:
            data["decided_at"] = self.decided_at.isoformat()
        if self.outcome is not None:
            data["outcome"] = self.outcome
        if self.write is not None:
            data["write"] = {
                k: self.write.get(k)
                for k in ("kind", "key", "operation", "entity_id", "diff", "when")
            }
        return data


def recorded_findings(blocking: Sequence[FindingLike]) -> dict[str, Any]:
    """Return what a confirmation keeps of the findings that stop its action.

    `findings` and `findings_omitted`: the few shown; `finding_keys` and
    `targets`: every one, compactly (a key each; the entities they name).
    """
    shown_rows = shown_findings(blocking)
    return {
        "findings": shown_rows["findings"],
        "findings_omitted": shown_rows.get("findings_omitted", 0),
        "finding_keys": [finding_key(finding) for finding in blocking],
        "targets": entity_ids(blocking),
    }


def action_key(credential_id: str, action: Action) -> str:
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
