"""Helper writes, planned and judged like the other configuration writes.

A helper (`input_boolean`, `timer`, ...) does nothing by itself: what it can
do is what the house's automations and scripts do when it changes. So the
gate's question about a helper write is the `guarded` one, asked of the
helper's entity (`Gate.async_judge_helper_write`): a helper whose value can
open the house (in the perimeter), or that what secures the house reads or
waits for, is changed, created or deleted only with a person's approval.
The write itself is the Helpers page's own command (`HelperEditor`), sent as
the user who asked, or who approved.
"""

from __future__ import annotations

from typing import Any

import probatio as vol

from homeassistant.auth.models import User
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.loader import async_get_integration
from homeassistant.util import slugify

from ..gate import Gate
from .editors import ConfigError, Written, error_path
from .helpers import HelperEditor, HelperKind
from .plans import Plan, WriteRecord, digest, entity_id_to_be, new_record


class HelperWrites:
    """Plans and makes helper writes through the Helpers page's commands."""

    def __init__(self, hass: HomeAssistant, gate: Gate) -> None:
        """Write helpers in `hass`, judged by `gate`."""
        self._hass = hass
        self._gate = gate

    async def async_list(self, kind: HelperKind, user: User) -> list[dict[str, Any]]:
        """Return the helpers of `kind` the Helpers page made."""
        return await HelperEditor(self._hass, user).async_list(kind)

    async def async_get(self, kind: HelperKind, item_id: str, user: User) -> dict[str, Any] | None:
        """Return the stored helper `item_id` (its id, or its entity id), or None."""
        wanted = item_id.removeprefix(f"{kind}.")
        if (registered := er.async_get(self._hass).async_get(f"{kind}.{wanted}")) is not None:
            wanted = registered.unique_id
        for item in await HelperEditor(self._hass, user).async_list(kind):
            if item.get("id") == wanted:
                return item
        return None

    async def async_plan_save(
        self, kind: HelperKind, item_id: str | None, config: dict[str, Any], user: User
    ) -> Plan:
        """Return the plan of creating (`item_id` None) or updating a helper."""
        body = {k: v for k, v in config.items() if k != "id"}
        before = None
        if item_id is None:
            if "id" in config:
                raise ConfigError(
                    f"A new {kind} gets its id from its name; leave out the configuration's id"
                )
            await self._async_validate(kind, body)
            # The collection's id: the name's slug, made unique among its items.
            base = slugify(str(body.get("name", ""))) or kind.value
            taken = {str(item.get("id")) for item in await self.async_list(kind, user)}
            item_key, number = base, 1
            while item_key in taken:
                number += 1
                item_key = f"{base}_{number}"
            entity_id = entity_id_to_be(self._hass, kind.value, kind.value, item_key, base)
            key = ""
        else:
            before = await self.async_get(kind, item_id, user)
            if before is None:
                raise ConfigError(f"There is no {kind} helper with the id {item_id!r}")
            key = str(before["id"])
            # The Helpers page sends the whole item: so does an update here.
            body = {**{k: v for k, v in before.items() if k != "id"}, **body}
            await self._async_validate(kind, body)
            entity_id = self._entity_id(kind, key)
        after = {**(before or {}), **body}
        findings = self._gate.async_judge_helper_write(entity_id, f"{kind}.save")
        record = new_record(kind.value, key, entity_id, before, after, config=body)
        return Plan(record, findings, [], str(after.get("name") or key) or None)

    async def async_plan_delete(self, kind: HelperKind, item_id: str, user: User) -> Plan:
        """Return the plan of deleting a helper; raises `ConfigError` if there is none."""
        before = await self.async_get(kind, item_id, user)
        if before is None:
            raise ConfigError(f"There is no {kind} helper with the id {item_id!r}; nothing deleted")
        key = str(before["id"])
        entity_id = self._entity_id(kind, key)
        record = new_record(kind.value, key, entity_id, before, None)
        findings = self._gate.async_judge_helper_write(entity_id, f"{kind}.delete")
        return Plan(record, findings, [], str(before.get("name") or key))

    def async_rejudge(self, record: WriteRecord) -> tuple[Any, ...]:
        """Return what the gate finds in `record` against the house as it is now."""
        service = f"{record['kind']}.{record['operation']}"
        return self._gate.async_judge_helper_write(record["entity_id"], service)

    async def async_apply(self, record: WriteRecord, user: User) -> Written:
        """Make `record` with the Helpers page's command, as `user`."""
        kind = HelperKind(record["kind"])
        editor = HelperEditor(self._hass, user)
        before = await self.async_get(kind, record["key"], user) if record["key"] else None
        if digest(before) != record["replaces"]:
            raise ConfigError(
                f"The {kind} {record['key']!r} changed since this write was asked; "
                "nothing was written. Ask again to write it over the new version"
            )
        if record["operation"] == "delete":
            await editor.async_delete(kind, record["key"])
            return Written(kind, record["key"], "deleted", record["entity_id"], before, None)
        config = dict(record["config"] or {})
        if before is None:
            after = await editor.async_create(kind, config)
        else:
            after = await editor.async_update(kind, record["key"], config)
        key = str(after.get("id", record["key"]))
        action = "created" if before is None else "updated"
        return Written(kind, key, action, self._entity_id(kind, key), before, after)

    def _entity_id(self, kind: HelperKind, key: str) -> str:
        registry = er.async_get(self._hass)
        return registry.async_get_entity_id(kind.value, kind.value, key) or f"{kind}.{key}"

    async def _async_validate(self, kind: HelperKind, config: dict[str, Any]) -> None:
        """Check `config` against the helper's own storage fields (the command checks again)."""
        integration = await async_get_integration(self._hass, kind.value)
        module = await integration.async_get_component()
        fields = getattr(module, "STORAGE_FIELDS", None)
        schema = (
            vol.Schema(fields) if fields is not None else getattr(module, "STORAGE_SCHEMA", None)
        )
        if schema is None:
            return
        data = {k: v for k, v in config.items() if k != "id" and v is not None}
        if fields is None:
            data["id"] = "proposed"  # A whole stored item's schema (a schedule's) asks for one.
        try:
            schema(data)
        except vol.Invalid as err:
            raise ConfigError(str(err), error_path(err)) from err
