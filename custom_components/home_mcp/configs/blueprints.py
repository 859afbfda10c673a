"""Blueprints written the way Home Assistant's blueprint editor and importer write them.

Home Assistant's `blueprint` integration keeps each installed blueprint as a
YAML file under `blueprints/<domain>/` (`DomainBlueprints`, one per domain:
automation and script), reached by the websocket commands the frontend
sends: `blueprint/save` (validated by `Blueprint` with `BLUEPRINT_SCHEMA`,
written by `async_add_blueprint`, which reloads the automations or scripts
using it) and `blueprint/delete` (refused while one uses it).
`BlueprintWrites` sends exactly those, as the user who asked
(`helpers.HelperEditor`), from YAML text the client provides: nothing is
fetched from a URL inside Home Assistant.

A blueprint does nothing by itself; its users do. So a write is judged as
the edit of every automation and script that uses it: each user's stored
configuration (its `use_blueprint` and inputs, as the editor keeps it) is
filled in with the new blueprint (`BlueprintInputs.async_substitute`),
validated as Home Assistant validates it, and the house is read again with
all of them at once (`Gate.async_judge_writes`). A user whose inputs the
new blueprint no longer takes, or can no longer fill, refuses the write
(`UsedBy`); a user whose configuration Home MCP cannot read is guarded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
import difflib
from enum import StrEnum
from pathlib import Path
import posixpath
from typing import Any, Final

import probatio as vol
import yaml

from homeassistant.auth.models import User
from homeassistant.components.automation import automations_with_blueprint
from homeassistant.components.blueprint import (
    BLUEPRINT_SCHEMA,
    DOMAIN as BLUEPRINT_DOMAIN,
    Blueprint,
    BlueprintException,
    BlueprintInputs,
    DomainBlueprints,
)
from homeassistant.components.blueprint.schemas import BLUEPRINT_INSTANCE_FIELDS
from homeassistant.components.script import scripts_with_blueprint
from homeassistant.core import HomeAssistant, callback, split_entity_id
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import config_validation as cv, entity_registry as er
from homeassistant.util import slugify, yaml as yaml_util

from ..gate import Finding, Gate, Risk
from ..gate.proposals import Proposed
from .editors import ConfigEditors, ConfigError, ConfigKind, Written
from .helpers import HelperEditor
from .ids import WrongItem
from .plans import DIFF_MAX_LINES, Plan, WriteRecord, digest, new_record

DOMAINS: Final = (ConfigKind.AUTOMATION, ConfigKind.SCRIPT)
"""The domains whose blueprints Home Assistant installs."""
USERS: Final = {ConfigKind.AUTOMATION: automations_with_blueprint,
                ConfigKind.SCRIPT: scripts_with_blueprint}  # fmt: skip
"""Home Assistant's own answer to "which automations (scripts) use this blueprint"."""
MAY_USE: Final = (
    "Home Assistant has not loaded it (disabled or unavailable) and Home MCP cannot read it "
    "(it is not in the editor's file): it may use this blueprint, and would be reloaded with it"
)
UNREAD_USER: Final = (
    "Uses this blueprint, and Home MCP cannot read its inputs (it is not in the "
    "editor's file), so what it would do is not known"
)


class BlueprintKind(StrEnum):
    """Blueprints, as the configuration tools and the history name them."""

    BLUEPRINT = "blueprint"


class UsedBy(WrongItem):
    """A blueprint write its users refuse: each user's entity id and why."""

    def __init__(self, code: str, message: str, hint: str, users: Mapping[str, str]) -> None:
        """Say what is wrong, the call to make instead, and which users (`users`)."""
        super().__init__(code, message, hint)
        self.users = dict(users)


@dataclass(frozen=True, slots=True)
class Installed:
    """One installed blueprint: its domain, its path, and what Home Assistant reads of it."""

    domain: ConfigKind
    path: str
    blueprint: Blueprint | None
    error: str | None = None

    @property
    def key(self) -> str:
        """Return its id: `automation/homeassistant/motion_light.yaml`."""
        return f"{self.domain.value}/{self.path}"


def domain_blueprints(hass: HomeAssistant, domain: ConfigKind) -> DomainBlueprints | None:
    """Return Home Assistant's blueprints of `domain` (None: that integration is not loaded)."""
    found = hass.data.get(BLUEPRINT_DOMAIN, {}).get(domain.value)
    return found if isinstance(found, DomainBlueprints) else None


def users(hass: HomeAssistant, domain: ConfigKind, path: str) -> list[str]:
    """Return the loaded automations or scripts that use blueprint `path` of `domain`.

    Home Assistant's own answer: only what it has loaded, and only under that
    very spelling of the path. `BlueprintWrites.async_users` adds the rest.
    """
    return sorted(USERS[domain](hass, path)) if domain_blueprints(hass, domain) else []


def same_path(first: Any, second: str) -> bool:
    """Return True when two blueprint paths name one file (`owner/./x.yaml` is `owner/x.yaml`)."""
    if not isinstance(first, str):
        return False
    return posixpath.normpath(first.strip()) == posixpath.normpath(second.strip())


def inputs_of(blueprint: Blueprint) -> dict[str, dict[str, Any]]:
    """Return a blueprint's inputs (sections flattened): name, description, selector, default."""
    found: dict[str, dict[str, Any]] = {}
    for name, spec in blueprint.inputs.items():
        spec = spec if isinstance(spec, Mapping) else {}
        row = {
            key: spec[key] for key in ("name", "description", "selector", "default") if key in spec
        }
        found[name] = row
    return found


def split_key(value: str) -> tuple[ConfigKind | None, str]:
    """Return `(domain, path)` of `automation/homeassistant/motion_light.yaml` (None: no domain)."""
    value = value.strip()
    head, _, rest = value.partition("/")
    if rest and head in {domain.value for domain in DOMAINS}:
        return ConfigKind(head), rest
    return None, value


def _safe_path(path: Any) -> str:
    """Return a blueprint's path as `blueprint/save` takes it, or raise `ConfigError`."""
    try:
        text = cv.path(path)
    except vol.Invalid as err:
        raise ConfigError(f"{path!r} is not a blueprint path (folder/name.yaml)", "path") from err
    if not text or text.startswith("/") or ".." in Path(text).parts:
        raise ConfigError(f"{path!r} is not a blueprint path (folder/name.yaml)", "path")
    return text if text.endswith(".yaml") else f"{text}.yaml"


BLUEPRINT_TAGS: Final = frozenset({"!input"})
"""The YAML tags a client's blueprint may use. Home Assistant's loader also follows
`!include`, `!include_dir_*`, `!env_var` and `!secret`, which read the machine's files
and environment into the text: a client's blueprint never gets them."""


def _tags(text: str) -> set[str]:
    """Return the YAML tags `text` uses (`!input`, `!include`, ...); raise `ConfigError`."""
    try:
        tokens = list(yaml.scan(text))
    except yaml.YAMLError as err:
        raise ConfigError(f"The YAML cannot be read: {err}", "yaml") from err
    return {
        f"{token.value[0] or ''}{token.value[1] or ''}"
        for token in tokens
        if isinstance(token, yaml.TagToken)
    }


def parse(text: Any, domain: ConfigKind | None = None) -> Blueprint:
    """Return the blueprint `text` holds, as `blueprint/save` reads it; raise `ConfigError`.

    Only the tags of `BLUEPRINT_TAGS`: a blueprint that would read a file or
    the environment is refused before anything parses it.
    """
    if not isinstance(text, str) or not text.strip():
        raise ConfigError("config.yaml is the blueprint's YAML text", "yaml")
    if other := sorted(_tags(text) - BLUEPRINT_TAGS):
        raise ConfigError(
            f"A blueprint may use the tag !input only, not {', '.join(other)} "
            "(Home MCP does not read files or the environment into a blueprint)",
            "yaml",
        )
    try:
        data = yaml_util.parse_yaml(text)
    except HomeAssistantError as err:
        raise ConfigError(f"The YAML cannot be read: {err}", "yaml") from err
    if not isinstance(data, dict):
        raise ConfigError("The YAML is not a blueprint (a mapping with blueprint:)", "yaml")
    try:
        blueprint = Blueprint(
            data, expected_domain=domain.value if domain else None, schema=BLUEPRINT_SCHEMA
        )
    except HomeAssistantError as err:
        raise ConfigError(f"Not a blueprint Home Assistant accepts: {err}", "yaml") from err
    if blueprint.domain not in {d.value for d in DOMAINS}:
        raise ConfigError(
            f"Home MCP writes automation and script blueprints, not {blueprint.domain}"
        )
    return blueprint


def text_diff(before: str | None, after: str | None) -> str:
    """Return a unified diff of a blueprint's YAML text, before and after."""
    old = (before or "").splitlines()
    new = (after or "").splitlines()
    lines = list(difflib.unified_diff(old, new, "before", "after", lineterm="", n=3))
    if len(lines) > DIFF_MAX_LINES:
        lines = [*lines[:DIFF_MAX_LINES], f"… {len(lines) - DIFF_MAX_LINES} more lines"]
    return "\n".join(lines)


def _snapshot(domain: ConfigKind, path: str, text: str) -> dict[str, Any]:
    """Return what a blueprint write keeps and restores: where it is, and its YAML text."""
    return {"domain": domain.value, "path": path, "yaml": text}


class BlueprintWrites:
    """Reads, plans and makes blueprint writes through the blueprint commands of the frontend."""

    def __init__(self, hass: HomeAssistant, gate: Gate, editors: ConfigEditors) -> None:
        """Write the blueprints of `hass`; `gate` judges their users, read through `editors`."""
        self._hass = hass
        self._gate = gate
        self._editors = editors

    async def async_list(self) -> list[Installed]:
        """Return every installed blueprint, automation's then script's, by path."""
        found: list[Installed] = []
        for domain in DOMAINS:
            if (blueprints := domain_blueprints(self._hass, domain)) is None:
                continue
            loaded = await blueprints.async_get_blueprints()
            for path, value in sorted(loaded.items()):
                if isinstance(value, Blueprint):
                    found.append(Installed(domain, path, value))
                else:
                    found.append(Installed(domain, path, None, str(value or "not loaded")))
        return found

    async def async_find(self, key: str) -> Installed:
        """Return blueprint `key` (`domain/path`, or a path only one domain has); `WrongItem`."""
        domain, path = split_key(key)
        path = path if path.endswith(".yaml") else f"{path}.yaml"
        matches = [
            item
            for item in await self.async_list()
            if item.path == path and (domain is None or item.domain is domain)
        ]
        if len(matches) != 1:
            raise WrongItem(
                "not_found",
                f"There is no blueprint {key!r}"
                if not matches
                else f"Both an automation and a script blueprint are at {path!r}",
                "get_config with kind blueprint and no id lists their ids (domain/path)",
            )
        return matches[0]

    async def async_text(self, domain: ConfigKind, path: str) -> str | None:
        """Return a blueprint's file as written (its `!input`s), None if there is none."""
        blueprints = domain_blueprints(self._hass, domain)
        if blueprints is None:
            return None
        file = blueprints.blueprint_folder / path

        def read() -> str | None:
            return file.read_text(encoding="utf-8") if file.is_file() else None

        return await self._hass.async_add_executor_job(read)

    async def async_plan_save(
        self, key: str | None, config: dict[str, Any], *, restoring: bool = False
    ) -> Plan:
        """Return the plan of installing (`key` None) or updating a blueprint from its YAML.

        `config`: `{yaml}` and, to install, an optional `path` (else one
        made from its name); `restoring`: a snapshot the history kept, which
        brings back a deleted blueprint at its path.
        """
        unknown = set(config) - {"yaml", "path", "domain"}
        if unknown:
            raise ConfigError(f"A blueprint's config is {{yaml, path}}, not {sorted(unknown)}")
        if key is None:
            blueprint = parse(config.get("yaml"))
            domain = ConfigKind(blueprint.domain)
            path = _safe_path(config.get("path") or slugify(blueprint.name) or "blueprint")
            if await self.async_text(domain, path) is not None:
                raise WrongItem(
                    "exists",
                    f"There is already a {domain} blueprint at {path!r}; nothing was installed",
                    f"To change it, call again with id {domain.value}/{path}",
                )
            before = None
        else:
            domain_named, path = split_key(key)
            if restoring and domain_named is not None:
                domain, path = domain_named, _safe_path(path)
            else:
                found = await self.async_find(key)
                domain, path = found.domain, found.path
            blueprint = parse(config.get("yaml"), domain)
            text = await self.async_text(domain, path)
            if text is None and not restoring:
                raise WrongItem("not_found", f"There is no blueprint {key!r}", "")
            before = _snapshot(domain, path, text) if text is not None else None
        # As `blueprint/save` writes it: the blueprint as Home Assistant read it, dumped.
        after = _snapshot(domain, path, blueprint.yaml())
        return await self._async_plan(domain, path, blueprint, before, after)

    async def async_users(self, domain: ConfigKind, path: str) -> tuple[list[str], list[str]]:
        """Return (the automations or scripts that use blueprint `path`, those that may).

        Those Home Assistant has loaded (`users`), and those of the editor's
        file naming the blueprint in any spelling of its path, loaded or not
        (disabled, unavailable: a write reloads them with the new version).
        May: an automation or script Home MCP cannot read (not in the
        editor's file) that Home Assistant has not loaded, disabled or
        unavailable, whose blueprint is not known.
        """
        used = set(users(self._hass, domain, path))
        items = await self._editors.async_items(domain)
        rows = (
            [(str(row.get("id", "")), row) for row in items if isinstance(row, Mapping)]
            if isinstance(items, list)
            else [(str(k), v) for k, v in items.items() if isinstance(v, Mapping)]
            if isinstance(items, Mapping)
            else []
        )
        known: set[str] = set()
        for key, row in rows:
            entity_id = self._editors.entity_id(domain, key) or f"{domain.value}.{key}"
            known.add(entity_id)
            blueprint = row.get("use_blueprint")
            if isinstance(blueprint, Mapping) and same_path(blueprint.get("path"), path):
                used.add(entity_id)
        maybe: set[str] = set()
        platform = self._editors.platform(domain)
        for entry in er.async_get(self._hass).entities.values():
            if entry.domain != domain.value or entry.platform != platform:
                continue
            state = self._hass.states.get(entry.entity_id)
            hidden = entry.disabled_by is not None or state is None or state.state == "unavailable"
            if hidden and entry.entity_id not in known | used:
                maybe.add(entry.entity_id)
        for state in self._hass.states.async_all(domain.value):
            if state.state == "unavailable" and state.entity_id not in known | used:
                maybe.add(state.entity_id)
        return sorted(used), sorted(maybe)

    async def async_plan_delete(self, key: str) -> Plan:
        """Return the plan of deleting blueprint `key`: refused (`UsedBy`) while one uses it."""
        found = await self.async_find(key)
        if used := (await self.async_users(found.domain, found.path))[0]:
            raise UsedBy(
                "in_use",
                f"This blueprint is used by {len(used)} {found.domain}s; nothing was deleted",
                "Delete those or move them off the blueprint first",
                dict.fromkeys(used, "uses it"),
            )
        text = await self.async_text(found.domain, found.path)
        before = _snapshot(found.domain, found.path, text or "")
        return await self._async_plan(found.domain, found.path, None, before, None)

    async def _async_plan(
        self,
        domain: ConfigKind,
        path: str,
        blueprint: Blueprint | None,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
    ) -> Plan:
        key = f"{domain.value}/{path}"
        record = new_record(BlueprintKind.BLUEPRINT.value, key, "", before, after, config=after)
        record["diff"] = text_diff((before or {}).get("yaml"), (after or {}).get("yaml"))
        used, _ = await self.async_users(domain, path)
        if used:
            record["users"] = used
        findings = await self._async_judge(domain, path, blueprint, record["operation"])
        name = blueprint.name if blueprint is not None else path
        return Plan(record, findings, [], name)

    async def async_rejudge(self, record: WriteRecord) -> tuple[Finding, ...]:
        """Return what the gate finds in `record` against the house as it is now."""
        config = record["config"]
        domain, path = split_key(record["key"])
        assert domain is not None
        blueprint = parse(config["yaml"], domain) if config is not None else None
        return await self._async_judge(domain, path, blueprint, record["operation"])

    async def _async_judge(
        self, domain: ConfigKind, path: str, blueprint: Blueprint | None, operation: str
    ) -> tuple[Finding, ...]:
        """Return the gate's findings: every user as it would be, and what the write fires."""
        proposals: dict[str, Proposed | None] = {}
        unread: list[Finding] = []
        refused: dict[str, str] = {}
        used, maybe = await self.async_users(domain, path)
        service = f"{BlueprintKind.BLUEPRINT.value}.{operation}"
        if blueprint is not None:
            unread += [Finding(Risk.UNKNOWN, entity_id, service, MAY_USE) for entity_id in maybe]
        for entity_id in used if blueprint is not None else ():
            assert blueprint is not None
            try:
                if (proposal := await self._async_user(domain, entity_id, blueprint)) is None:
                    service = f"{BlueprintKind.BLUEPRINT.value}.{operation}"
                    unread.append(Finding(Risk.UNKNOWN, entity_id, service, UNREAD_USER))
                else:
                    proposals[entity_id] = proposal
            except (ConfigError, BlueprintException, yaml_util.UndefinedSubstitution) as err:
                refused[entity_id] = str(err)
        if refused:
            raise UsedBy(
                "in_use",
                f"{len(refused)} {domain}s using this blueprint could not use this version "
                "(an input they set is gone, or one they lack is required); nothing was written",
                "Keep the inputs they set (see users), or give the new ones defaults",
                refused,
            )
        # What writing each user does is this write's own doing (`automation.save` on
        # a user is `blueprint.save`), worded as the write's own reasons.
        service = f"{BlueprintKind.BLUEPRINT.value}.{operation}"
        users_saved = {f"{d.value}.save" for d in DOMAINS}
        findings = [
            replace(finding, service=service) if finding.service in users_saved else finding
            for finding in (self._gate.async_judge_writes(proposals) if proposals else ())
        ]
        footprint = self._gate.async_judge_footprint(BlueprintKind.BLUEPRINT.value, operation)
        return tuple(dict.fromkeys([*unread, *findings, *footprint]))

    async def _async_user(
        self, domain: ConfigKind, entity_id: str, blueprint: Blueprint
    ) -> Proposed | None:
        """Return user `entity_id` as it would be with `blueprint` (None: not readable).

        Its stored configuration (as the editor keeps it) filled in as Home
        Assistant fills it (`BlueprintInputs`), then validated as the
        automation's or script's editor validates it.
        """
        entry = er.async_get(self._hass).async_get(entity_id)
        key = entry.unique_id if entry is not None else split_entity_id(entity_id)[1]
        stored = await self._editors.async_get(domain, key)
        if stored is None or "use_blueprint" not in stored:
            return None
        try:
            instance = BLUEPRINT_INSTANCE_FIELDS(stored)
        except vol.Invalid as err:
            raise ConfigError(f"its use_blueprint cannot be read: {err}") from err
        inputs = BlueprintInputs(blueprint, instance)
        if gone := sorted(set(inputs.inputs) - set(blueprint.inputs)):
            raise ConfigError(f"it sets {', '.join(gone)}, which this version does not take")
        inputs.validate()
        filled = {k: v for k, v in inputs.async_substitute().items() if k != "id"}
        validated = await self._editors.async_validate(domain, key, filled)
        body = {k: v for k, v in stored.items() if k != "id"}
        after = {"id": key, **body} if domain is not ConfigKind.SCRIPT else body
        return Proposed.of(entity_id, after, validated)

    async def async_apply(self, record: WriteRecord, user: User) -> Written:
        """Make `record` with the frontend's commands, as `user`; refuse if it moved."""
        domain, path = split_key(record["key"])
        assert domain is not None
        text = await self.async_text(domain, path)
        before = _snapshot(domain, path, text) if text is not None else None
        if digest(before) != record["replaces"]:
            raise ConfigError(
                f"The blueprint {record['key']!r} changed since this write was asked; "
                "nothing was written. Ask again to write it over the new version"
            )
        editor = HelperEditor(self._hass, user)
        if record["operation"] == "delete":
            await editor.async_command(
                {"type": "blueprint/delete", "domain": domain.value, "path": path}
            )
            return Written(BlueprintKind.BLUEPRINT, record["key"], "deleted", None, before, None)
        after = record["config"]
        assert after is not None
        await editor.async_command(
            {
                "type": "blueprint/save",
                "domain": domain.value,
                "path": path,
                "yaml": after["yaml"],
                "allow_override": before is not None,
            }
        )
        action = "created" if before is None else "updated"
        return Written(BlueprintKind.BLUEPRINT, record["key"], action, None, before, after)


@callback
def describe(hass: HomeAssistant, item: Installed) -> dict[str, Any]:
    """Return a listed blueprint: id, domain, path, name, inputs, users (or why it fails)."""
    row: dict[str, Any] = {"id": item.key, "domain": item.domain.value, "path": item.path}
    if item.blueprint is None:
        return {**row, "error": item.error}
    row["name"] = item.blueprint.name
    if description := item.blueprint.metadata.get("description"):
        row["description"] = description
    row["inputs"] = inputs_of(item.blueprint)
    row["users"] = users(hass, item.domain, item.path)
    return row
