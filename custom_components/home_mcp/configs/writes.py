"""One configuration write, from the request to the file: planned, judged, then written.

`ConfigWriter.async_plan_save` / `async_plan_delete` decide which item a
write is about (`ids.resolve_key`), validate it with Home Assistant's own
validator, list what it names that the house lacks (`references`), and ask
the gate what the change does (`Gate.async_judge_write`): a `Plan`, nothing
written. Helpers take the same steps through `helper_writes`. `async_apply`
writes a plan's `WriteRecord`, the exact configuration that was judged and
shown, after checking that the stored item is still the one it replaces; it
keeps what it replaced (`history`) and fires `home_mcp_config_written`. A
guarded plan's record waits in a confirmation; on approval `async_rejudge`
judges it again against the house as it is then.
"""

from __future__ import annotations

import time
from typing import Any, Final

from homeassistant.auth.models import User
from homeassistant.core import Context, HomeAssistant, callback, split_entity_id
from homeassistant.helpers import entity_registry as er
from homeassistant.util import slugify

from ..const import EVENT_CONFIG_WRITTEN
from ..gate import Finding, Gate
from ..gate.proposals import Proposed
from .blueprints import BlueprintKind, BlueprintWrites
from .dashboards import DashboardKind, DashboardWrites
from .editors import ConfigEditors, ConfigError, ConfigKind, Written
from .helper_writes import HelperWrites
from .helpers import HelperKind
from .history import ConfigHistory
from .ids import WrongItem, resolve_key
from .plans import Plan, WriteRecord, describe_triggers, digest, entity_id_to_be, new_record
from .references import async_unknown

WARNED_FOR: Final = 600.0
"""Seconds a write warned about (unknown references) may be repeated to make it."""
WARNED_KEPT: Final = 100
HELPER_KINDS: Final = frozenset(kind.value for kind in HelperKind)
DASHBOARD: Final = DashboardKind.DASHBOARD.value
BLUEPRINT: Final = BlueprintKind.BLUEPRINT.value
UI_CANNOT_EDIT: Final = {
    ConfigKind.AUTOMATION: (
        "This automation cannot be edited from the UI, because it is not stored in "
        "the automations.yaml file, or doesn't have an ID."
    ),
    ConfigKind.SCRIPT: (
        "This script cannot be edited from the UI, because it is not stored in the "
        "scripts.yaml file."
    ),
    ConfigKind.SCENE: (
        "This scene cannot be edited from the UI, because it is not stored in the "
        "scenes.yaml file, or doesn't have an ID."
    ),
}
"""What Home Assistant's editors say of an item they cannot edit (their read-only notice)."""


class ConfigWriter:
    """Plans, judges and writes automations, scripts, scenes and helpers."""

    def __init__(self, hass: HomeAssistant, gate: Gate, history: ConfigHistory) -> None:
        """Write in `hass`, judged by `gate`, keeping replaced versions in `history`."""
        self._hass = hass
        self._gate = gate
        self.history = history
        self.editors = ConfigEditors(hass)
        self.helpers = HelperWrites(hass, gate)
        self.dashboards = DashboardWrites(hass, gate)
        self.blueprints = BlueprintWrites(hass, gate, self.editors)
        self._warned: dict[str, float] = {}

    @callback
    def async_repeated(self, credential_id: str, arguments: Any) -> bool:
        """Return True if this credential was warned about exactly this write before.

        The first time, the write is remembered and False returned: the
        caller warns, and only the same call repeated (within `WARNED_FOR`)
        is made.
        """
        token = digest([credential_id, arguments])
        assert token is not None
        now = time.monotonic()
        self._warned = {t: at for t, at in self._warned.items() if now - at < WARNED_FOR}
        if self._warned.pop(token, None) is not None:
            return True
        self._warned[token] = now
        while len(self._warned) > WARNED_KEPT:
            del self._warned[next(iter(self._warned))]
        return False

    async def _async_existing(self, kind: ConfigKind, *, minting: bool) -> set[str]:
        """Return the ids of the stored items of `kind`.

        minting: for a new script's key, also the object ids script entities
        already use (a YAML script's), which a new key must not take.
        """
        items = await self.editors.async_items(kind)
        if isinstance(items, dict):
            ids = {str(key) for key in items}
            if minting:
                ids |= {split_entity_id(e)[1] for e in self._hass.states.async_entity_ids("script")}
            return ids
        return {str(item.get("id")) for item in items if isinstance(item, dict) and "id" in item}

    async def async_plan_save(
        self,
        kind_name: str,
        key: str | None,
        config: dict[str, Any],
        user: User,
        *,
        restoring: bool = False,
    ) -> Plan:
        """Return the plan of saving `config` as item `key` (None: a new item).

        `kind_name`: a `ConfigKind` or a `HelperKind`; `user`: who asks (a
        helper's commands run as them); `restoring`: a version the history
        kept, which may bring back a deleted item under its own id. Raises
        `ConfigError` (`ids.WrongItem` for the wrong item, with the call to
        make) when nothing can be written.
        """
        if kind_name in HELPER_KINDS:
            return await self.helpers.async_plan_save(HelperKind(kind_name), key, config, user)
        if kind_name == DASHBOARD:
            return await self.dashboards.async_plan_save(key, config, restoring=restoring)
        if kind_name == BLUEPRINT:
            return await self.blueprints.async_plan_save(key, config, restoring=restoring)
        kind = ConfigKind(kind_name)
        existing = await self._async_existing(kind, minting=key is None)
        if key is not None:
            key = self._key_of(kind, key)
        if restoring and key is not None and key not in existing:
            creating = True  # Deleted since: it comes back with its id.
        else:
            if key is not None and key not in existing:
                self._raise_if_not_editable(kind, key)
            key, creating = resolve_key(kind, key, config, existing)
        body = {k: v for k, v in config.items() if k != "id"}
        validated = await self.editors.async_validate(kind, key, body)
        before = None if creating else await self.editors.async_get(kind, key)
        entity_id = self._entity_id(kind, key, body)
        after = {"id": key, **body} if kind is not ConfigKind.SCRIPT else body
        findings = self._gate.async_judge_write(entity_id, Proposed.of(entity_id, after, validated))
        alias = body.get("alias") or body.get("name")
        record = new_record(kind.value, key, entity_id, before, after, config=body)
        if kind is ConfigKind.AUTOMATION:
            # As Home Assistant reads it: a blueprint's triggers, its inputs filled in.
            record["when"] = describe_triggers(validated)
        return Plan(record, findings, async_unknown(self._hass, kind, validated), _text(alias))

    async def async_plan_delete(self, kind_name: str, key: str, user: User) -> Plan:
        """Return the plan of deleting item `key`; raises `ConfigError` if there is none."""
        if kind_name in HELPER_KINDS:
            return await self.helpers.async_plan_delete(HelperKind(kind_name), key, user)
        if kind_name == DASHBOARD:
            return await self.dashboards.async_plan_delete(key)
        if kind_name == BLUEPRINT:
            return await self.blueprints.async_plan_delete(key)
        kind = ConfigKind(kind_name)
        key = self._key_of(kind, key)
        if await self.editors.async_get(kind, key) is None:
            self._raise_if_not_editable(kind, key)
        before = await self.editors.async_get(kind, key)
        if before is None:
            raise ConfigError(f"There is no {kind} with the id {key!r}; nothing was deleted")
        entity_id = self._entity_id(kind, key, before)
        record = new_record(kind.value, key, entity_id, before, None)
        findings = self._gate.async_judge_write(entity_id, None)
        return Plan(record, findings, [], _text(before.get("alias") or before.get("name")))

    async def async_plan_restore(self, kind_name: str, key: str, index: int, user: User) -> Plan:
        """Return the plan of putting back version `index` (newest first) of an item.

        A version recorded by a creation is "nothing": restoring it deletes
        the item. Raises `ConfigError` when there is no such version.
        """
        versions = self.history.async_versions(kind_name, key)
        if not 0 <= index < len(versions):
            raise ConfigError(f"The {kind_name} {key!r} has no version {index} to restore")
        config = versions[index]["config"]
        if config is None:
            return await self.async_plan_delete(kind_name, key, user)
        if kind_name in HELPER_KINDS:
            found = await self.helpers.async_get(HelperKind(kind_name), key, user)
            body = {k: v for k, v in config.items() if k != "id"}
            return await self.helpers.async_plan_save(
                HelperKind(kind_name), key if found is not None else None, body, user
            )
        return await self.async_plan_save(kind_name, key, config, user, restoring=True)

    async def async_rejudge(self, record: WriteRecord) -> tuple[Finding, ...]:
        """Return what the gate finds in `record` against the house as it is now."""
        if record["kind"] in HELPER_KINDS:
            return self.helpers.async_rejudge(record)
        if record["kind"] == DASHBOARD:
            return self.dashboards.async_rejudge(record)
        if record["kind"] == BLUEPRINT:
            return await self.blueprints.async_rejudge(record)
        kind = ConfigKind(record["kind"])
        config = record["config"]
        if record["operation"] == "delete" or config is None:
            return self._gate.async_judge_write(record["entity_id"], None)
        validated = await self.editors.async_validate(kind, record["key"], config)
        after = {"id": record["key"], **config} if kind is not ConfigKind.SCRIPT else config
        return self._gate.async_judge_write(
            record["entity_id"], Proposed.of(record["entity_id"], after, validated)
        )

    async def async_apply(
        self,
        record: WriteRecord,
        context: Context,
        *,
        user: User,
        requested_by: str,
        approved_by: str | None = None,
    ) -> Written:
        """Write `record` exactly; raises `ConfigError` if its item changed meanwhile.

        user: who writes (a helper's command runs as them: who asked, or
        who approved); requested_by: the user id of who asked; approved_by:
        of who approved it, for a guarded write.
        """
        if record["kind"] in HELPER_KINDS:
            written = await self.helpers.async_apply(record, user)
        elif record["kind"] == DASHBOARD:
            written = await self.dashboards.async_apply(record, user)
        elif record["kind"] == BLUEPRINT:
            written = await self.blueprints.async_apply(record, user)
        else:
            written = await self._async_write(record, context)
        self.history.async_record(written, requested_by)
        self._hass.bus.async_fire(
            EVENT_CONFIG_WRITTEN,
            {
                "kind": written.kind.value,
                "id": written.key,
                "entity_id": written.entity_id,
                "action": written.action,
                "user_id": requested_by,
                "approved_by": approved_by,
            },
            context=context,
        )
        return written

    def _key_of(self, kind: ConfigKind, key: str) -> str:
        """Return the item id `key` means: itself, or the id behind an entity id."""
        if not key.startswith(f"{kind.value}."):
            return key
        entry = er.async_get(self._hass).async_get(key)
        if kind is ConfigKind.SCRIPT:
            return entry.unique_id if entry is not None else split_entity_id(key)[1]
        return entry.unique_id if entry is not None else key

    def _raise_if_not_editable(self, kind: ConfigKind, key: str) -> None:
        """Refuse an item that exists but that Home Assistant's UI cannot edit either."""
        entity_id = (
            f"script.{key}" if kind is ConfigKind.SCRIPT else self.editors.entity_id(kind, key)
        )
        if entity_id is not None and self._hass.states.get(entity_id) is not None:
            raise WrongItem(
                "not_editable",
                UI_CANNOT_EDIT[kind],
                "Change it in its YAML file in Home Assistant's configuration",
            )

    def entity_id(self, kind_name: str, key: str) -> str | None:
        """Return the entity id of item `key` of `kind_name`, if it has one now."""
        if kind_name in HELPER_KINDS:
            kind = HelperKind(kind_name)
            return er.async_get(self._hass).async_get_entity_id(kind.value, kind.value, key)
        if kind_name in (DASHBOARD, BLUEPRINT):
            return None
        return self.editors.entity_id(ConfigKind(kind_name), key)

    async def _async_write(self, record: WriteRecord, context: Context) -> Written:
        kind = ConfigKind(record["kind"])
        stored = await self.editors.async_get(kind, record["key"])
        if digest(stored) != record["replaces"]:
            raise ConfigError(
                f"The {kind} {record['key']!r} changed since this write was asked; "
                "nothing was written. Ask again to write it over the new version"
            )
        if record["operation"] == "delete":
            return await self.editors.async_delete(kind, record["key"])
        assert record["config"] is not None
        return await self.editors.async_save(kind, record["key"], record["config"], context)

    def _entity_id(self, kind: ConfigKind, key: str, config: dict[str, Any]) -> str:
        """Return the item's entity id: its registry entry's, or the one it would get."""
        title = config.get("alias") or config.get("name")
        suggested = key if kind is ConfigKind.SCRIPT else slugify(str(title)) if title else key
        platform = self.editors.platform(kind)
        return entity_id_to_be(self._hass, kind.value, platform, key, suggested)


def _text(value: Any) -> str | None:
    return str(value) if value is not None else None
