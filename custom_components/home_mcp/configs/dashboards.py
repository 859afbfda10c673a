"""Dashboards written the way Settings → Dashboards and the dashboard editor write them.

Home Assistant's `lovelace` integration keeps each storage-mode dashboard's
configuration in its own `Store` (`LovelaceStorage`), and the list of
dashboards in a storage collection (`DashboardsCollection`). Both are
reached only through the websocket commands the frontend sends:
`lovelace/config/save` and `lovelace/config/delete` for a configuration,
`lovelace/dashboards/create` and `/delete` for a dashboard. `DashboardWrites`
sends exactly those, as the user who asked (`helpers.HelperEditor`), and
reads what `hass.data[LOVELACE_DATA].dashboards` holds, as the frontend's
`lovelace/config` does. YAML-mode dashboards are read, never written: Home
Assistant's editor cannot write them either.

A dashboard write changes nothing in the house: a card is a person's tap,
with that person's own permissions. Only what the write fires (its
`lovelace_updated`, its panel's `panels_updated`) can set something off,
judged as any write's (`Gate.async_judge_footprint`); its record lists
the cards whose tap, hold or double tap would open the house
(`opening_cards`, asked of the gate's own rules), so the owner sees them in
the panel. Small edits are JSON Patches (RFC 6902: add, remove, replace,
test) against the digest of what the caller read (`changed` when it moved).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from copy import deepcopy
from enum import StrEnum
from typing import Any, Final

import probatio as vol

from homeassistant.auth.models import User
from homeassistant.components.lovelace.const import (
    DOMAIN as LOVELACE_DOMAIN,
    LOVELACE_DATA,
    MODE_YAML,
    STORAGE_DASHBOARD_CREATE_FIELDS,
    ConfigNotFound,
)
from homeassistant.components.lovelace.dashboard import LovelaceConfig
from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError

from ..gate import Action, Finding, Gate, Risk
from .editors import ConfigError, Written, error_path
from .helpers import HelperEditor
from .ids import WrongItem
from .plans import Plan, WriteRecord, digest, new_record


class DashboardKind(StrEnum):
    """Dashboards, as the configuration tools and the history name them."""

    DASHBOARD = "dashboard"


DEFAULT_ID: Final = LOVELACE_DOMAIN
"""The default dashboard's id (`lovelace`), whether Home Assistant migrated it or not."""
META_FIELDS: Final = ("url_path", "title", "icon", "require_admin", "show_in_sidebar")
"""What Settings → Dashboards stores of a dashboard; the rest of a new one's config is its views."""
CARD_ACTIONS: Final = (
    "tap_action", "hold_action", "double_tap_action",
    "icon_tap_action", "icon_hold_action", "icon_double_tap_action",
)  # fmt: skip
"""What a tap on a card (or on a tile's icon) does, as the card says it."""
DEFAULT_TAP: Final = {("button", "tap_action"): "toggle", ("light", "tap_action"): "toggle"}
"""Cards whose tap toggles their entity when no action says otherwise."""
TILE_ICON_TOGGLES: Final = frozenset(
    {"automation", "fan", "group", "humidifier", "input_boolean", "light", "switch", "valve"}
)
"""The domains whose tile card's icon toggles them when no `icon_tap_action` says otherwise
(the frontend's tile card, 2026.10)."""
FEATURE_ACTIONS: Final[Mapping[str, tuple[tuple[str, Mapping[str, Any]], ...]]] = {
    "lock-commands": (("lock.unlock", {}), ("lock.lock", {})),
    "lock-open-door": (("lock.open", {}),),
    "cover-open-close": (("cover.open_cover", {}), ("cover.close_cover", {})),
    "cover-position": (("cover.set_cover_position", {"position": 100}),),
    "cover-position-favorite": (("cover.set_cover_position", {"position": 100}),),
    "valve-open-close": (("valve.open_valve", {}), ("valve.close_valve", {})),
    "valve-position": (("valve.set_valve_position", {"position": 100}),),
    "valve-position-favorite": (("valve.set_valve_position", {"position": 100}),),
    "alarm-modes": (("alarm_control_panel.alarm_disarm", {}),),
    "toggle": (("homeassistant.turn_on", {}), ("homeassistant.turn_off", {})),
}
"""A card feature's buttons (a tile's lock commands, its open and close), as the actions
they call on the card's entity."""
ROW_ACTIONS: Final[Mapping[str, tuple[str, ...]]] = {
    "lock": ("lock.unlock",),
    "cover": ("cover.open_cover",),
    "valve": ("valve.open_valve",),
}
"""An entities card's row shows a button that calls these on its entity (Unlock, Open)."""
PERFORM: Final = frozenset({"perform-action", "call-service"})
PATCH_OPS: Final = frozenset({"add", "remove", "replace", "test"})


def boards(hass: HomeAssistant) -> dict[str, LovelaceConfig]:
    """Return the dashboards by id: their url path, `lovelace` for the default one."""
    data = hass.data.get(LOVELACE_DATA)
    if data is None:
        return {}
    found: dict[str, LovelaceConfig] = {}
    for url_path, board in data.dashboards.items():
        if url_path is None and DEFAULT_ID in data.dashboards:
            continue  # Migrated: the default one is a dashboard of its own.
        found[url_path or DEFAULT_ID] = board
    return found


def meta(board: LovelaceConfig) -> dict[str, Any] | None:
    """Return what Settings → Dashboards stores of `board` (None: the unmigrated default)."""
    if not board.config:
        return None
    return {key: board.config[key] for key in META_FIELDS if key in board.config}


async def async_config(board: LovelaceConfig) -> dict[str, Any] | None:
    """Return `board`'s configuration, None when it is generated automatically."""
    try:
        return deepcopy(await board.async_load(False))
    except ConfigNotFound:
        return None
    except HomeAssistantError:  # A YAML dashboard whose file does not load.
        return None


def views(config: Mapping[str, Any] | None) -> list[Any]:
    """Return the views of a dashboard's configuration."""
    found = (config or {}).get("views")
    return found if isinstance(found, list) else []


def view_cards(view: Any) -> int:
    """Return how many cards a view shows (a sections view's, section by section)."""
    if not isinstance(view, Mapping):
        return 0
    cards = view.get("cards")
    count = len(cards) if isinstance(cards, list) else 0
    for section in view.get("sections") or []:
        if isinstance(section, Mapping) and isinstance(section.get("cards"), list):
            count += len(section["cards"])
    return count


def find_view(config: Mapping[str, Any] | None, wanted: str, key: str) -> int:
    """Return the index of the view `wanted` names (its path, else its index)."""
    found = views(config)
    for index, view in enumerate(found):
        if isinstance(view, Mapping) and str(view.get("path", "")) == wanted:
            return index
    if wanted.isdigit() and int(wanted) < len(found):
        return int(wanted)
    raise WrongItem(
        "not_found",
        f"The dashboard {key!r} has no view {wanted!r}",
        f"get_config with id {key!r} lists its views (index and path)",
    )


def split_id(value: str) -> tuple[str, str | None]:
    """Return `(dashboard id, view)` of `home-dash/2` or `home-dash/garage`."""
    key, _, view = value.strip().partition("/")
    return key or DEFAULT_ID, view or None


# -- JSON Patch (RFC 6902), the operations a model needs ---------------------------


def _pointer(path: Any) -> list[str]:
    if not isinstance(path, str) or (path and not path.startswith("/")):
        raise ConfigError(f"{path!r} is not a JSON Pointer (it starts with /)", "patch")
    return [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]


def _index(container: list[Any], part: str, *, adding: bool) -> int:
    if adding and part == "-":
        return len(container)
    if not part.isdigit() or (len(part) > 1 and part.startswith("0")):
        raise ConfigError(f"{part!r} is not an index of a list", "patch")
    index = int(part)
    if index > len(container) or (index == len(container) and not adding):
        raise ConfigError(f"index {index} is past the end of a list of {len(container)}", "patch")
    return index


def apply_patch(document: Any, operations: Any) -> Any:
    """Return `document` with the JSON Patch `operations` applied; `document` is untouched.

    Only `add`, `remove`, `replace` and `test`. Raises `ConfigError` (the
    failing operation in its path) when an operation cannot apply: nothing
    is applied then.
    """
    if not isinstance(operations, list):
        raise ConfigError("patch is a list of operations (RFC 6902)", "patch")
    result = deepcopy(document)
    for number, operation in enumerate(operations):
        where = f"patch[{number}]"
        if not isinstance(operation, Mapping) or operation.get("op") not in PATCH_OPS:
            raise ConfigError(f"each operation is one of {', '.join(sorted(PATCH_OPS))}", where)
        op = operation["op"]
        if op != "remove" and "value" not in operation:
            raise ConfigError(f"{op} needs a value", where)
        parts = _pointer(operation.get("path"))
        try:
            result = _apply_one(result, op, parts, operation.get("value"))
        except ConfigError as err:
            raise ConfigError(f"{op} {operation.get('path')!r}: {err}", where) from err
    return result


def _apply_one(document: Any, op: str, parts: list[str], value: Any) -> Any:
    if not parts:
        if op == "test":
            if document != value:
                raise ConfigError("the test failed: the value differs")
            return document
        if op == "remove":
            raise ConfigError("the whole document cannot be removed")
        return deepcopy(value)
    parent = document
    for part in parts[:-1]:
        if isinstance(parent, list):
            parent = parent[_index(parent, part, adding=False)]
        elif isinstance(parent, dict) and part in parent:
            parent = parent[part]
        else:
            raise ConfigError(f"there is nothing at {part!r}")
    last = parts[-1]
    if isinstance(parent, list):
        index = _index(parent, last, adding=op == "add")
        if op == "add":
            parent.insert(index, deepcopy(value))
        elif op == "remove":
            del parent[index]
        elif op == "replace":
            parent[index] = deepcopy(value)
        elif parent[index] != value:
            raise ConfigError("the test failed: the value differs")
    elif isinstance(parent, dict):
        if op != "add" and last not in parent:
            raise ConfigError(f"there is nothing at {last!r}")
        if op in ("add", "replace"):
            parent[last] = deepcopy(value)
        elif op == "remove":
            del parent[last]
        elif parent[last] != value:
            raise ConfigError("the test failed: the value differs")
    else:
        raise ConfigError(f"{last!r} is inside a value that is neither a list nor an object")
    return document


# -- Cards that open the house -------------------------------------------------------


def _card_actions(node: Any, where: str) -> Iterator[tuple[str, str, Mapping[str, Any], Any]]:
    """Yield `(where, which, action, entity)` for each control of `node` that calls something.

    A tap, hold or double tap (of the card or a tile's icon) as the card
    says it, or as the card does by default; a card feature's buttons
    (`FEATURE_ACTIONS`); an entities card's row buttons (`ROW_ACTIONS`).
    """
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _card_actions(item, f"{where}[{index}]")
        return
    if not isinstance(node, Mapping):
        return
    entity = node.get("entity")
    kind = str(node.get("type"))
    for which in CARD_ACTIONS:
        if isinstance(action := node.get(which), Mapping):
            yield where, which, action, entity
        elif (default := DEFAULT_TAP.get((kind, which))) is not None:
            yield where, which, {"action": default}, entity
    if kind == "tile" and "icon_tap_action" not in node and isinstance(entity, str):
        if entity.partition(".")[0] in TILE_ICON_TOGGLES:
            yield where, "icon_tap_action", {"action": "toggle"}, entity
    if kind in ("entities", "glance"):
        for index, row in enumerate(node.get("entities") or []):
            row_entity = (
                row
                if isinstance(row, str)
                else row.get("entity")
                if isinstance(row, Mapping)
                else None
            )
            if isinstance(row_entity, str):
                for name in ROW_ACTIONS.get(row_entity.partition(".")[0], ()):
                    action = {"action": "perform-action", "perform_action": name,
                              "target": {ATTR_ENTITY_ID: row_entity}}  # fmt: skip
                    yield f"{where}.entities[{index}]", "row button", action, row_entity
    for feature in node.get("features") or [] if isinstance(node.get("features"), list) else []:
        if isinstance(feature, Mapping) and isinstance(entity, str):
            for name, data in FEATURE_ACTIONS.get(str(feature.get("type")), ()):
                action = {"action": "perform-action", "perform_action": name, "data": dict(data),
                          "target": {ATTR_ENTITY_ID: entity}}  # fmt: skip
                yield where, f"feature {feature.get('type')}", action, entity
    for key, value in node.items():
        if key not in CARD_ACTIONS and isinstance(value, (list, Mapping)):
            yield from _card_actions(value, f"{where}.{key}" if where else str(key))


def _actions_of(action: Mapping[str, Any], entity: Any) -> list[Action]:
    """Return the actions a tap calls: a performed action, or either half of a toggle."""
    kind = action.get("action")
    if kind in PERFORM:
        name = action.get("perform_action", action.get("service"))
        if not isinstance(name, str) or "." not in name:
            return []
        domain, _, service = name.partition(".")
        data = action.get("data", action.get("service_data")) or {}
        target = action.get("target") or {}
        if not isinstance(data, Mapping) or not isinstance(target, Mapping):
            return []
        return [Action(domain, service, target, data)]
    if kind == "toggle":
        entity = action.get("entity", entity)
        if isinstance(entity, str):
            # At tap time the frontend turns it on or off: either may be the one.
            target = {ATTR_ENTITY_ID: entity}
            return [Action("homeassistant", s, target) for s in ("turn_on", "turn_off")]
    return []


@callback
def opening_cards(gate: Gate, config: Any) -> list[str]:
    """Return the cards of `config` whose tap, hold or double tap would open the house.

    Each as `views[0].cards[2] tap_action: lock.unlock lock.front_door`:
    the gate's own judgement of the action the card calls, now.
    """
    found: list[str] = []
    for where, which, action, entity in _card_actions(config, ""):
        for called in _actions_of(action, entity):
            decision = gate.async_check(called)
            opening = [f for f in decision.findings if f.risk is Risk.OPENS_HOUSE]
            if opening:
                reached = ", ".join(sorted({f.entity_id or "?" for f in opening}))
                found.append(f"{where} {which}: {opening[0].service} {reached}")
                break
    return found


# -- Plans and writes ----------------------------------------------------------------


RESOURCES: Final = "resources"
"""A dashboard configuration's key that Home Assistant once read as the frontend's
resources (JavaScript modules every browser loads), and still moves there from the
default dashboard when the house has no resources of its own yet
(`ResourceStorageCollection._async_load_data`)."""


def _refuse_new_resources(before: dict[str, Any] | None, after: dict[str, Any] | None) -> None:
    """Refuse a configuration that brings `resources` its dashboard did not have.

    Code every person's browser runs is added by a person, in Settings →
    Dashboards → Resources, never by a write over MCP.
    """
    config = (after or {}).get("config")
    kept = ((before or {}).get("config") or {}).get(RESOURCES)
    if isinstance(config, Mapping) and RESOURCES in config and config[RESOURCES] != kept:
        raise ConfigError(
            "A dashboard's resources are JavaScript every browser loads: a person adds them "
            "in Settings → Dashboards → Resources, never over MCP",
            RESOURCES,
        )


def _snapshot(board_meta: dict[str, Any] | None, config: Any) -> dict[str, Any]:
    """Return what a dashboard write keeps and restores: its settings and its configuration."""
    return {"dashboard": board_meta, "config": config}


class DashboardWrites:
    """Plans and makes dashboard writes through the dashboard commands of the frontend."""

    def __init__(self, hass: HomeAssistant, gate: Gate) -> None:
        """Write the dashboards of `hass`; `gate` names the cards that open."""
        self._hass = hass
        self._gate = gate

    def board(self, key: str, *, writing: bool = False) -> LovelaceConfig:
        """Return dashboard `key`, or raise `WrongItem` (a YAML one when `writing`)."""
        found = boards(self._hass)
        board = found.get(key)
        if board is None:
            raise WrongItem(
                "not_found",
                f"There is no dashboard {key!r}",
                "get_config with kind dashboard and no id lists them",
            )
        if writing and board.mode == MODE_YAML:
            raise WrongItem(
                "yaml_mode",
                f"The dashboard {key!r} is a YAML-mode dashboard: Home Assistant reads it from "
                "its YAML file, and neither its editor nor Home MCP can write it",
                "Change its YAML file in Home Assistant's configuration",
            )
        return board

    async def async_plan_save(
        self, key: str | None, config: dict[str, Any], *, restoring: bool = False
    ) -> Plan:
        """Return the plan of creating a dashboard (`key` None) or writing one, or one view.

        `key`: `url_path` or `url_path/view`; `config`: the whole
        configuration (or view), or `{patch, hash}`; `restoring`: a snapshot
        the history kept.
        """
        if restoring:
            assert key is not None
            return await self._async_plan_restore(key, config)
        if key is None:
            return self._plan_create(config)
        key, view = split_id(key)
        board = self.board(key, writing=True)
        current = await async_config(board)
        if view is not None:
            index = find_view(current, view, key)
            target: Any = views(current)[index]
        else:
            index, target = -1, current
        if "patch" in config:
            if target is None:
                raise WrongItem(
                    "not_available",
                    f"The dashboard {key!r} is generated automatically: there is nothing to patch",
                    "Save a whole configuration (views) first",
                )
            if config.get("hash") != digest(target):
                raise WrongItem(
                    "changed",
                    f"The dashboard {key!r} changed since it was read (its hash is not "
                    f"{config.get('hash')!r}); nothing was written",
                    "Read it again with get_config and patch what it is now",
                )
            target = apply_patch(target, config["patch"])
        else:
            target = deepcopy(config)
        if not isinstance(target, dict):
            raise ConfigError("A dashboard's configuration and a view are objects")
        if view is not None:
            assert current is not None
            after_config = deepcopy(current)
            after_config["views"][index] = target
        else:
            after_config = target
        if not isinstance(after_config.get("views", []), list):
            raise ConfigError("views is a list", "views")
        board_meta = meta(board)
        return self._plan(key, _snapshot(board_meta, current), _snapshot(board_meta, after_config))

    def _plan_create(self, config: dict[str, Any]) -> Plan:
        board_meta = {k: v for k, v in config.items() if k in META_FIELDS}
        body = {k: v for k, v in config.items() if k not in META_FIELDS}
        try:
            vol.Schema(STORAGE_DASHBOARD_CREATE_FIELDS)(board_meta)
        except vol.Invalid as err:
            raise ConfigError(str(err), error_path(err)) from err
        url_path = str(board_meta["url_path"])
        if "-" not in url_path or "/" in url_path:
            raise ConfigError("A dashboard's url_path has a hyphen (-), as in home-garage")
        if url_path in boards(self._hass):
            raise WrongItem(
                "exists",
                f"There is already a dashboard {url_path!r}; nothing was created",
                f"To change it, call again with id={url_path!r}",
            )
        return self._plan(url_path, None, _snapshot(board_meta, body or None))

    async def _async_plan_restore(self, key: str, snapshot: dict[str, Any]) -> Plan:
        """Return the plan of putting back `snapshot`, recreating its dashboard if deleted."""
        board = boards(self._hass).get(key)
        if board is None:
            return self._plan(key, None, snapshot)
        self.board(key, writing=True)
        before = _snapshot(meta(board), await async_config(board))
        return self._plan(key, before, _snapshot(meta(board), snapshot.get("config")))

    def _plan(self, key: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> Plan:
        _refuse_new_resources(before, after)
        record = new_record(DashboardKind.DASHBOARD.value, key, "", before, after, config=after)
        if after is not None:
            record["opens"] = opening_cards(self._gate, after.get("config"))
        title = ((after or before or {}).get("dashboard") or {}).get("title")
        return Plan(record, self.async_rejudge(record), [], str(title) if title else key)

    @callback
    def async_rejudge(self, record: WriteRecord) -> tuple[Finding, ...]:
        """Return what the house's automations do on what the write fires (nothing else)."""
        return self._gate.async_judge_footprint(record["kind"], record["operation"])

    async def async_plan_delete(self, key: str) -> Plan:
        """Return the plan of deleting dashboard `key`, as Settings → Dashboards does."""
        if "/" in key:
            raise WrongItem(
                "not_deletable",
                "delete_config deletes a whole dashboard, not a view",
                "Remove a view with save_config and a patch (op remove, path /views/N)",
            )
        board = self.board(key, writing=True)
        if (board_meta := meta(board)) is None:
            raise WrongItem(
                "not_deletable",
                "The default dashboard cannot be deleted",
                "Write its configuration instead",
            )
        return self._plan(key, _snapshot(board_meta, await async_config(board)), None)

    async def async_apply(self, record: WriteRecord, user: User) -> Written:
        """Make `record` with the frontend's commands, as `user`; refuse if it moved."""
        key = record["key"]
        board = boards(self._hass).get(key)
        before = _snapshot(meta(board), await async_config(board)) if board else None
        if digest(before) != record["replaces"]:
            raise ConfigError(
                f"The dashboard {key!r} changed since this write was asked; "
                "nothing was written. Ask again to write it over the new version"
            )
        editor = HelperEditor(self._hass, user)
        opens = tuple(record.get("opens", ()))
        if record["operation"] == "delete":
            assert board is not None and board.config
            await editor.async_command(
                {"type": "lovelace/dashboards/delete", "dashboard_id": board.config["id"]}
            )
            return Written(DashboardKind.DASHBOARD, key, "deleted", None, before, None)
        after = record["config"] or {}
        if board is None:
            board_meta = dict(after.get("dashboard") or {})
            single = "-" not in str(board_meta.get("url_path", ""))
            await editor.async_command(
                {
                    "type": "lovelace/dashboards/create",
                    **board_meta,
                    **({"allow_single_word": True} if single else {}),
                }
            )
        url_path = self._url_path(key)
        if after.get("config") is not None:
            await editor.async_command(
                {"type": "lovelace/config/save", "config": after["config"], "url_path": url_path}
            )
        elif board is not None:
            await editor.async_command({"type": "lovelace/config/delete", "url_path": url_path})
        action = "created" if board is None else "updated"
        return Written(DashboardKind.DASHBOARD, key, action, None, before, after, opens)

    def _url_path(self, key: str) -> str | None:
        """Return the url path the commands take: None for the unmigrated default."""
        if key in self._hass.data[LOVELACE_DATA].dashboards:
            return key
        if key == DEFAULT_ID:
            return None
        raise ConfigError(f"The dashboard {key!r} is gone; nothing was written")
