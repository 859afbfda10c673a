"""Automations, scripts and scenes written the way Home Assistant's own editors write them.

Home Assistant's config editors (`homeassistant/components/config/automation.py`,
`script.py` and `scene.py`, on `view.py`) keep what the UI edits in
`automations.yaml`, `scripts.yaml` and `scenes.yaml`: read the whole file,
validate the one item, change it in place (its keys in the editor's order),
write the file back with Home Assistant's YAML dumper, atomically, then
reload that item; a deletion also removes its entity registry entry.

`ConfigEditors` does exactly that through the editors' own classes (their
`read_config`, `_write_value` and `_delete_value`), their validators, Home
Assistant's dumper and atomic write, and the same reload and clean-up. Each
kind's writes are serialised by its editor's own lock (`mutation_lock`); the
UI's registered editor has another, as two browser tabs have today.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import probatio as vol

from homeassistant.components.automation import DOMAIN as AUTOMATION_DOMAIN
from homeassistant.components.automation.config import (
    async_validate_config_item as validate_automation,
)
from homeassistant.components.config.automation import EditAutomationConfigView
from homeassistant.components.config.scene import (
    PLATFORM_SCHEMA as SCENE_SCHEMA,
    EditSceneConfigView,
)
from homeassistant.components.config.script import EditScriptConfigView
from homeassistant.components.config.view import BaseEditConfigView
from homeassistant.components.scene import DOMAIN as SCENE_DOMAIN
from homeassistant.components.script import DOMAIN as SCRIPT_DOMAIN
from homeassistant.components.script.config import async_validate_config_item as validate_script
from homeassistant.config import AUTOMATION_CONFIG_PATH, SCENE_CONFIG_PATH, SCRIPT_CONFIG_PATH
from homeassistant.const import CONF_ID, SERVICE_RELOAD
from homeassistant.core import DOMAIN as HOMEASSISTANT_DOMAIN, Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import config_validation as cv, entity_registry as er
from homeassistant.util.file import write_utf8_file_atomic
from homeassistant.util.yaml import dump


class ConfigKind(StrEnum):
    """What Home MCP writes, by the domain that runs it."""

    AUTOMATION = AUTOMATION_DOMAIN
    SCRIPT = SCRIPT_DOMAIN
    SCENE = SCENE_DOMAIN


class ConfigError(HomeAssistantError):
    """A configuration Home Assistant's validator refused; nothing was written.

    path: where in the configuration, as `actions[2].target.entity_id`
        (empty when the validator did not say).
    """

    def __init__(self, message: str, path: str = "") -> None:
        """Describe what is wrong, and where."""
        super().__init__(message)
        self.path = path


@dataclass(frozen=True, slots=True)
class Written:
    """What a write did: the item, its entity, and its configuration before and after."""

    kind: StrEnum
    """A `ConfigKind`, or a helper's `HelperKind`."""
    key: str
    action: str
    """`created`, `updated` or `deleted`."""
    entity_id: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    opens: tuple[str, ...] = ()
    """What the owner should see: a dashboard's cards whose tap would open the house."""


@dataclass(frozen=True, slots=True)
class _Editor:
    view: BaseEditConfigView[Any]
    """Home Assistant's editor: its key schema, validator or schema, reader and writer."""
    platform: str
    """The entity registry platform of the items' entities."""
    reload_one: bool
    """Whether the reload takes the item's id (automations) or reloads the domain."""


def _editors() -> dict[ConfigKind, _Editor]:
    """Return Home Assistant's editor of each kind, as `homeassistant.components.config` sets them up."""
    return {
        ConfigKind.AUTOMATION: _Editor(
            EditAutomationConfigView(
                AUTOMATION_DOMAIN,
                "config",
                AUTOMATION_CONFIG_PATH,
                cv.string,
                data_validator=validate_automation,
            ),
            AUTOMATION_DOMAIN,
            reload_one=True,
        ),
        ConfigKind.SCRIPT: _Editor(
            EditScriptConfigView(
                SCRIPT_DOMAIN,
                "config",
                SCRIPT_CONFIG_PATH,
                cv.slug,
                data_validator=validate_script,
            ),
            SCRIPT_DOMAIN,
            reload_one=False,
        ),
        ConfigKind.SCENE: _Editor(
            EditSceneConfigView(
                SCENE_DOMAIN, "config", SCENE_CONFIG_PATH, cv.string, data_schema=SCENE_SCHEMA
            ),
            HOMEASSISTANT_DOMAIN,
            reload_one=False,
        ),
    }


def error_path(err: vol.Invalid) -> str:
    """Return where `err` is in the configuration: `actions[2].target.entity_id`."""
    text = ""
    for part in err.path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


class ConfigEditors:
    """Home Assistant's automation, script and scene editors, without HTTP."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the editors of `hass`."""
        self._hass = hass
        self._editors = _editors()

    async def async_items(self, kind: ConfigKind) -> Any:
        """Return the whole file of `kind` as the editor reads it (a list, or scripts' mapping)."""
        return await self._editors[kind].view.read_config(self._hass)

    async def async_get(self, kind: ConfigKind, key: str) -> dict[str, Any] | None:
        """Return the stored configuration of one item, or None."""
        editor = self._editors[kind]
        current = await editor.view.read_config(self._hass)
        value = editor.view._get_value(self._hass, current, key)  # noqa: SLF001
        return deepcopy(value) if value is not None else None

    async def async_validate(
        self, kind: ConfigKind, key: str, config: dict[str, Any]
    ) -> dict[str, Any]:
        """Return `config` as Home Assistant's validator reads it.

        Raises `ConfigError` (with the path) if the validator refuses it.
        """
        view = self._editors[kind].view
        try:
            view.key_schema(key)
        except vol.Invalid as err:
            raise ConfigError(f"{key!r} cannot be the id of a {kind}: {err}") from err
        try:
            # As the editor's save validates: its validator, else its schema.
            if view.data_validator is not None:
                validated = await view.data_validator(self._hass, key, config)
            else:
                assert view.data_schema is not None
                validated = view.data_schema(config)
        except vol.Invalid as err:
            raise ConfigError(str(err), error_path(err)) from err
        except HomeAssistantError as err:
            raise ConfigError(str(err)) from err
        except (TypeError, ValueError, KeyError, AttributeError) as err:
            # A validator that trips over a value of the wrong shape: refused too.
            raise ConfigError(f"a value has the wrong type ({err})") from err
        if not isinstance(validated, dict):
            raise ConfigError(f"Home Assistant could not read this {kind}")
        return validated

    async def async_save(
        self, kind: ConfigKind, key: str, config: dict[str, Any], context: Context | None = None
    ) -> Written:
        """Validate, write and reload one item, as the editor's save does.

        `context`: the write's, which the reload carries on (its `call_service`
        and "reloaded" events), for the tripwire to follow what they set off.
        """
        await self.async_validate(kind, key, config)
        editor = self._editors[kind]
        path = self._hass.config.path(editor.view.path)
        async with editor.view.mutation_lock:
            current = await editor.view.read_config(self._hass)
            before = editor.view._get_value(self._hass, current, key)  # noqa: SLF001
            before = deepcopy(before) if before is not None else None
            editor.view._write_value(self._hass, current, key, deepcopy(config))  # noqa: SLF001
            after = deepcopy(editor.view._get_value(self._hass, current, key))  # noqa: SLF001
            await self._hass.async_add_executor_job(_write, path, current)
        await self._async_reload(kind, key, context)
        return Written(
            kind,
            key,
            "updated" if before is not None else "created",
            self.entity_id(kind, key),
            before,
            after,
        )

    async def async_delete(self, kind: ConfigKind, key: str) -> Written:
        """Delete one item and its registry entry, as the editor's delete does.

        The editor reloads nothing after a delete: removing the registry
        entry removes the entity. Raises `ConfigError` when there is no such
        item.
        """
        editor = self._editors[kind]
        path = self._hass.config.path(editor.view.path)
        entity_id = self.entity_id(kind, key)
        async with editor.view.mutation_lock:
            current = await editor.view.read_config(self._hass)
            before = editor.view._get_value(self._hass, current, key)  # noqa: SLF001
            if before is None:
                raise ConfigError(f"There is no {kind} with the id {key!r} in {editor.view.path}")
            before = deepcopy(before)
            editor.view._delete_value(self._hass, current, key)  # noqa: SLF001
            await self._hass.async_add_executor_job(_write, path, current)
        if entity_id is not None:
            er.async_get(self._hass).async_remove(entity_id)
        return Written(kind, key, "deleted", entity_id, before, None)

    def platform(self, kind: ConfigKind) -> str:
        """Return the entity registry platform of the items of `kind`."""
        return self._editors[kind].platform

    def entity_id(self, kind: ConfigKind, key: str) -> str | None:
        """Return the entity id of the item `key` (entity registry), or None."""
        return er.async_get(self._hass).async_get_entity_id(
            kind.value, self._editors[kind].platform, key
        )

    async def _async_reload(self, kind: ConfigKind, key: str, context: Context | None) -> None:
        data = {CONF_ID: key} if self._editors[kind].reload_one else None
        await self._hass.services.async_call(
            kind.value, SERVICE_RELOAD, data, blocking=True, context=context
        )


def _write(path: str, data: dict[str, Any] | list[Any]) -> None:
    """Write `data` as the editors do: dump first (a failing dump truncates nothing)."""
    contents = dump(data)
    write_utf8_file_atomic(path, contents)
