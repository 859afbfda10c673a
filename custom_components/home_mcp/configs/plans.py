"""A configuration write as it is judged, shown and kept: its record, its plan, its diff.

`WriteRecord` is a write as a confirmation keeps it (the exact
configuration that runs on approval, the digest of what it replaces, the
diff the person reads); `Plan` is a record with the gate's findings and the
references the house lacks, before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
import difflib
import hashlib
import json
from typing import Any, Final, NotRequired, TypedDict

from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.util.yaml import dump as yaml_dump

from ..gate import Action, Decision, Finding
from ..shaping import clean_text
from ..wording import CLIENT_TEXT_MAX_CHARS, Namer, Write, quoted, summarize
from .references import Unknown

DIFF_MAX_LINES: Final = 400
"""A diff longer than this is cut (with a line saying so)."""


class WriteRecord(TypedDict):
    """A write as a confirmation keeps it: exactly what runs on approval."""

    kind: str
    key: str
    operation: str
    """`save` or `delete`."""
    creating: bool
    config: dict[str, Any] | None
    entity_id: str
    replaces: str | None
    """The digest of the stored item this write replaces (None: nothing)."""
    diff: str
    when: NotRequired[list[str]]
    """An automation's triggers in words ("at 03:00:00 every day")."""
    opens: NotRequired[list[str]]
    """A dashboard's cards whose tap would open the house (`dashboards.opening_cards`)."""
    users: NotRequired[list[str]]
    """A blueprint's automations and scripts, each judged as it would be with the write."""


@dataclass(frozen=True, slots=True)
class Plan:
    """A write, validated and judged, not done."""

    record: WriteRecord
    findings: tuple[Finding, ...]
    unknown: list[Unknown]
    alias: str | None

    @property
    def guarded(self) -> bool:
        """Return True if a person must approve the write."""
        return any(finding.blocks for finding in self.findings)

    def decision(self) -> Decision:
        """Return the write as the gate's decision: `automation.save` on its entity."""
        record = self.record
        # What makes two requests "the same write asked again": the item (not
        # the id a creation is given afresh each time) and its configuration.
        data = {"config": digest(record["config"])}
        if not record["creating"]:
            data["id"] = record["key"]
        entity_ids = [record["entity_id"]] if record["entity_id"] else []  # A dashboard: none.
        target = {ATTR_ENTITY_ID: entity_ids} if entity_ids else {}
        action = Action(record["kind"], record["operation"], target, data)
        return Decision(action, tuple(entity_ids), self.findings)

    def question(self, name: Namer, *, restoring: bool = False) -> str:
        """Return what a person is asked: the effect first (`wording.summarize`).

        "unlock Front Door — by saving automation “Night”, which runs at
        03:00:00 every day": what the write's findings stop, then the
        write, its alias quoted and capped, and when it runs.
        """
        record = self.record
        write = Write(
            kind=record["kind"],
            operation=record["operation"],
            entity_id=record["entity_id"],
            name=self.alias,
            when=record.get("when", ()),
            restoring=restoring,
        )
        return summarize(self.findings, name, write)


def new_record(
    kind: str,
    key: str,
    entity_id: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    *,
    config: dict[str, Any] | None = None,
) -> WriteRecord:
    """Return the record of writing `config` (None: deleting) over `before`.

    `after`: the item as it will be stored (None when deleted), for the diff.
    """
    return WriteRecord(
        kind=kind,
        key=key,
        operation="save" if after is not None else "delete",
        creating=before is None,
        config=config,
        entity_id=entity_id,
        replaces=digest(before),
        diff=yaml_diff(before, after),
    )


def digest(config: Any) -> str | None:
    """Return a stable digest of a stored configuration (None for nothing)."""
    if config is None:
        return None
    text = json.dumps(config, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def yaml_diff(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """Return a unified diff of the YAML the editor writes, before and after."""
    old = yaml_dump(before).splitlines() if before is not None else []
    new = yaml_dump(after).splitlines() if after is not None else []
    lines = list(difflib.unified_diff(old, new, "before", "after", lineterm="", n=3))
    if len(lines) > DIFF_MAX_LINES:
        lines = [*lines[:DIFF_MAX_LINES], f"… {len(lines) - DIFF_MAX_LINES} more lines"]
    return "\n".join(lines)


def describe_triggers(config: Mapping[str, Any]) -> list[str]:
    """Return an automation's triggers as a person reads them ("when Open sesame turns on").

    `config` as Home Assistant validates it (a blueprint's inputs filled
    in). What the configuration names (entity ids, an event type) is its
    writer's text: capped, and an event type quoted (`wording.quoted`).
    """
    triggers = config.get("triggers", config.get("trigger")) or []
    words = []
    for trigger in triggers if isinstance(triggers, list) else [triggers]:
        if not isinstance(trigger, Mapping):
            continue
        kind = _named(trigger.get("trigger", trigger.get("platform", "")))
        entities = trigger.get("entity_id")
        named = _named(entities)
        if kind == "time":
            at = trigger.get("at")
            words.append(f"at {_named(at)} every day")
        elif kind == "state" and named:
            to = trigger.get("to")
            words.append(f"when {named} changes" + (f" to {_named(to)}" if to is not None else ""))
        elif kind == "numeric_state" and named:
            words.append(f"when {named} crosses a threshold")
        elif kind == "event":
            words.append(f"on the event {quoted(_named(trigger.get('event_type')))}")
        elif kind == "sun":
            words.append(f"at {_named(trigger.get('event', 'sunrise or sunset'))}")
        elif kind == "homeassistant":
            words.append(f"when Home Assistant {_named(trigger.get('event', 'start'))}s")
        else:
            words.append(f"on a {kind or 'custom'} trigger")
    return words[:5] + ([f"and {len(words) - 5} more triggers"] if len(words) > 5 else [])


def _named(value: Any) -> str:
    """Return what a configuration names, as text: cleaned, capped.

    Validated values may be lists, and templates (an event trigger's
    `event_type`) are shown as written.
    """
    if isinstance(value, (list, tuple)):
        return _named(", ".join(_named(item) for item in value))
    value = getattr(value, "template", value)
    return clean_text(str(value) if value is not None else "", CLIENT_TEXT_MAX_CHARS)


def entity_id_to_be(
    hass: HomeAssistant, domain: str, platform: str, unique_id: str, suggested: str
) -> str:
    """Return the entity id a new item will get, as the entity registry gives it.

    The id an entity of this unique id had before it was deleted, when that
    is free (the registry gives it back, with its old settings), else the
    first free one from `suggested`.
    """
    registry = er.async_get(hass)
    if (entity_id := registry.async_get_entity_id(domain, platform, unique_id)) is not None:
        return entity_id
    deleted = registry.deleted_entities.get((domain, platform, unique_id))
    if (
        deleted is not None
        and registry.async_get(deleted.entity_id) is None
        and hass.states.get(deleted.entity_id) is None
    ):
        return deleted.entity_id
    return registry.async_get_available_entity_id(domain, suggested or unique_id)
