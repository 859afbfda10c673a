"""Targets as Home Assistant reads them: selectors, `all`, groups.

Target keys from `target` and `data` are merged (both count, as in Home
Assistant); Home Assistant's own `async_extract_referenced_entity_ids`
expands devices, areas, floors, labels and old-style groups; platform groups
(a cover group, a lock group) pass an action on to their members. Before
anything is expanded, the group membership graph is walked once: a loop or
a path explosion is a problem to refuse, not something to follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
import re
from typing import Any, Final

from homeassistant.const import (
    ATTR_ENTITY_ID,
    ENTITY_MATCH_ALL,
    SERVICE_TOGGLE,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
)
from homeassistant.core import HomeAssistant, valid_entity_id
from homeassistant.helpers import entity_registry as er, service as service_helper
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.target import TargetSelection, async_extract_referenced_entity_ids
from homeassistant.helpers.template import Template

from .model import TARGET_KEYS

MAX_GROUP_PATHS: Final = 10_000
"""More member paths than this through nested groups is refused: Home
Assistant expands nested groups path by path, so a few dozen `group.set`
calls can make one action take hours of its event loop."""
MAX_NEW_GROUP_DEPTH: Final = 10
"""`group.set` may not nest groups deeper than this."""


def is_dynamic(value: Any) -> bool:
    """Return True for a template that renders differently at run time."""
    if isinstance(value, Template):
        return not value.is_static
    if isinstance(value, str):  # Home Assistant's `is_template_string`: a comment too.
        return "{{" in value or "{%" in value or "{#" in value
    if isinstance(value, Mapping):
        return any(is_dynamic(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(is_dynamic(v) for v in value)
    return False


def static(value: Any) -> Any:
    """Return a static template's text, anything else unchanged."""
    if isinstance(value, Template):
        return value.template
    return value


def merge_targets(
    target: Mapping[str, Any], data: Mapping[str, Any]
) -> tuple[dict[str, list[str]], bool]:
    """Merge target keys from `target` and `data` into one selector.

    Returns the selector and whether any part of it is a template. Values are
    normalised to lists of strings (comma-separated strings split); a value
    of another type makes the target dynamic (the gate cannot say what it
    reaches).
    """
    selector: dict[str, list[str]] = {}
    dynamic = "__template__" in data
    for source in (data, target):
        for key in TARGET_KEYS:
            if key not in source:
                continue
            value = source[key]
            if is_dynamic(value):
                dynamic = True
                continue
            value = static(value)
            if value is None:
                continue
            values: Sequence[Any] = [value] if isinstance(value, str) else value
            if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, (str, Template)) for v in values
            ):
                dynamic = True
                continue
            items = [str(static(v)).strip() for v in values]
            expanded = [part.strip() for item in items for part in item.split(",") if part.strip()]
            selector.setdefault(key, []).extend(expanded)
    return selector, dynamic


def is_entity_domain(hass: HomeAssistant, domain: str) -> bool:
    """Return True if `domain` is an entity component (light, lock, ...)."""
    return domain in hass.data.get(DATA_INSTANCES, {})


_REGISTRY_ID: Final = re.compile(r"[0-9a-f]{32}")
"""An entity registry id (what `entity_registry` gives each entity: a uuid4's hex)."""
_ENTITY_SERVICE_CALLS: Final = frozenset(
    {service_helper.entity_service_call, service_helper.batched_entity_service_call}
)
_OWN_ENTITIES_ONLY: Final = frozenset(
    {("script", SERVICE_TURN_ON), ("script", SERVICE_TURN_OFF), ("script", SERVICE_TOGGLE)}
)
"""Services of an entity component, not registered as entity services, that
still pick only their own domain's entities from a target."""


def acts_on_own_entities_only(hass: HomeAssistant, domain: str, service: str) -> bool:
    """Return True if `domain.service` acts only on entities of its own domain.

    Entity services (Home Assistant's `entity_service_call`) do; another
    service registered in an entity component's domain (a legacy
    `tts.<engine>_say` given media players) acts on whatever it is given.
    """
    if (domain, service) in _OWN_ENTITIES_ONLY:
        return True
    registered = hass.services.async_services_for_domain(domain).get(service)
    if registered is None:
        return True  # Home Assistant would refuse the call.
    target = getattr(registered.job, "target", None)
    return isinstance(target, partial) and target.func in _ENTITY_SERVICE_CALLS


def own_all(selector: Mapping[str, list[str]], own: Iterable[str]) -> list[str]:
    """Return a selector's entity ids with `all` read as the entities in `own`."""
    items = selector.get(ATTR_ENTITY_ID, [])
    if not any(item.lower() == ENTITY_MATCH_ALL for item in items):
        return list(items)
    return [*(item for item in items if item.lower() != ENTITY_MATCH_ALL), *own]


def data_entities(hass: HomeAssistant, data: Mapping[str, Any]) -> list[str]:
    """Return the entities named in data other than as targets (`media_player: ...`)."""
    found: list[str] = []

    def scan(value: Any) -> None:
        if isinstance(value, str):
            text = value.strip().lower()
            if "." in text and hass.states.get(text) is not None:
                found.append(text)
        elif isinstance(value, Mapping):
            for item in value.values():
                scan(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                scan(item)

    for key, value in data.items():
        if key not in TARGET_KEYS:
            scan(value)
    return list(dict.fromkeys(found))


def _resolve_entity_id(registry: er.EntityRegistry, item: str) -> str | None:
    """Return the entity id `item` names: itself, or the entity a registry id belongs to.

    Home Assistant accepts an entity's registry id wherever a script or an
    automation takes an `entity_id` (`cv.entity_ids_or_uuids`) and resolves
    it when the action runs; one that belongs to no entity reaches nothing
    (None). Anything else is returned as it is.
    """
    if (entity_id := er.async_resolve_entity_id(registry, item)) is not None:
        return entity_id
    if _REGISTRY_ID.fullmatch(item):
        return None
    return item


_LATER_MEMBERSHIP = ("area_id", "floor_id", "label_id", "device_id")


def may_gain_members(selector: Mapping[str, Any]) -> bool:
    """Return True when what `selector` reaches may grow without an action to judge.

    An area, floor, label or device gains entities, and an old-style group
    members, when a person moves, labels or sets them: an item written today
    with `valve.open_valve` on a floor with no valve opens the valves of a
    garden put on that floor tomorrow.
    """
    if any(selector.get(key) for key in _LATER_MEMBERSHIP):
        return True
    return any(str(e).lower().startswith("group.") for e in selector.get(ATTR_ENTITY_ID, []))


def unresolved_target_reach(
    hass: HomeAssistant,
    is_plain: Callable[[str], bool],
    perimeter_entities: Callable[[str], Iterable[str]],
    domain: str,
) -> list[str]:
    """Return what an action of `domain` on targets not known yet may reach.

    Every entity of its domain (of every domain for `homeassistant.*`) that
    is not plain, and those whose change sets something off: for a templated
    target, and for one that may gain members (`may_gain_members`).
    """
    every = domain == "homeassistant"
    ids = hass.states.async_entity_ids(None if every else domain)
    domains = sorted({e.partition(".")[0] for e in ids}) if every else [domain]
    return [
        *(e for e in ids if not is_plain(e)),
        *(e for d in domains for e in perimeter_entities(d)),
    ]


def expand(
    hass: HomeAssistant, domain: str, selector: Mapping[str, list[str]]
) -> dict[str, tuple[str, ...]]:
    """Expand a target selector into entity ids, with platform group members.

    Returns `{entity_id: group path}` (empty for a direct target). `all`
    means every entity of the action's domain (every entity at all for
    `homeassistant.*` and integration services). Raises `ValueError` for an
    entity id Home Assistant would refuse.
    """
    registry = er.async_get(hass)
    raw_list = [
        entity_id
        for item in selector.get(ATTR_ENTITY_ID, [])
        if (entity_id := _resolve_entity_id(registry, item)) is not None
        # What is no entity id (a template rendered to `abc`) Home Assistant
        # refuses when the step runs: it reaches nothing.
        and (entity_id.lower() == ENTITY_MATCH_ALL or valid_entity_id(entity_id.lower()))
    ]
    selector = {**selector, ATTR_ENTITY_ID: raw_list} if ATTR_ENTITY_ID in selector else selector
    found: dict[str, tuple[str, ...]] = {}
    if any(item.lower() == ENTITY_MATCH_ALL for item in raw_list):
        every = (
            hass.states.async_entity_ids(domain)
            if is_entity_domain(hass, domain)
            else hass.states.async_entity_ids()
        )
        found.update(dict.fromkeys(every, ()))
        selector = {
            **selector,
            ATTR_ENTITY_ID: [e for e in raw_list if e.lower() != ENTITY_MATCH_ALL],
        }
    selected = async_extract_referenced_entity_ids(
        hass, TargetSelection(dict(selector)), expand_group=True
    )
    for entity_id in sorted(selected.referenced | selected.indirectly_referenced):
        found.setdefault(entity_id, ())
    # Platform groups (a cover group, a lock group) act on their members of
    # their own kind; `found` is never revisited, so this is linear.
    queue: list[tuple[str, tuple[str, ...]]] = [(entity_id, ()) for entity_id in found]
    while queue:
        entity_id, via = queue.pop()
        kind = entity_id.partition(".")[0]
        for member in group_members(hass, entity_id) or []:
            if member not in found and member.partition(".")[0] == kind:
                found[member] = (*via, entity_id)
                queue.append((member, (*via, entity_id)))
    return found


def group_members(
    hass: HomeAssistant, entity_id: str, override: Mapping[str, list[str]] | None = None
) -> list[str] | None:
    """Return a group's members (its `entity_id` attribute), or None."""
    if override is not None and entity_id in override:
        return override[entity_id]
    if entity_id.startswith("scene."):
        return None  # A scene's `entity_id` lists what it sets, judged by the scene.
    state = hass.states.get(entity_id)
    members = state.attributes.get(ATTR_ENTITY_ID) if state else None
    if isinstance(members, str):
        members = [members]
    if not isinstance(members, (list, tuple)):
        return None
    return [str(m).strip().lower() for m in members if isinstance(m, str)]


def group_leaves(
    hass: HomeAssistant, entity_id: str, override: Mapping[str, list[str]] | None = None
) -> list[str]:
    """Return every entity under a group, nested groups included (each once)."""
    seen = {entity_id}
    leaves: list[str] = []
    pending = list(group_members(hass, entity_id, override) or [])
    while pending:
        member = pending.pop()
        if member in seen:
            continue
        seen.add(member)
        leaves.append(member)
        pending.extend(group_members(hass, member, override) or [])
    return leaves


def group_problem(
    hass: HomeAssistant,
    roots: Iterable[Any],
    override: Mapping[str, list[str]] | None = None,
    max_depth: int | None = None,
) -> str | None:
    """Return why nested groups under `roots` cannot be followed safely, or None.

    Walks the membership graph once (iterative depth-first search with
    memoised path counts): a loop, more than `MAX_GROUP_PATHS` member paths,
    or (with `max_depth`) nesting deeper than that is a problem. A group
    listing itself is a loop too: Home Assistant's scene reproduction follows
    it until memory runs out.
    """
    paths: dict[str, int] = {}
    for raw in [roots] if isinstance(roots, str) else roots:
        root = str(raw).strip().lower()
        if root in paths:
            continue
        children = group_members(hass, root, override)
        if children is None:
            paths[root] = 1
            continue
        stack: list[tuple[str, list[str], int]] = [(root, children, 0)]
        on_stack = {root}
        total = {root: 0}
        while stack:
            node, members, index = stack[-1]
            if index == len(members):
                stack.pop()
                on_stack.discard(node)
                paths[node] = max(total[node], 1)
                if paths[node] > MAX_GROUP_PATHS:
                    return "Groups nested so much that Home Assistant would take too long on them"
                if stack:
                    total[stack[-1][0]] += paths[node]
                continue
            stack[-1] = (node, members, index + 1)
            child = members[index]
            if child in on_stack:
                return "A group that contains itself: Home Assistant would loop on it"
            if child in paths:
                total[node] += paths[child]
                continue
            grandchildren = group_members(hass, child, override)
            if grandchildren is None:
                paths[child] = 1
                total[node] += 1
                continue
            if max_depth is not None and len(stack) >= max_depth:
                return f"Groups nested deeper than {max_depth} levels"
            on_stack.add(child)
            total[child] = 0
            stack.append((child, grandchildren, 0))
    return None


def group_set(hass: HomeAssistant, data: Mapping[str, Any]) -> tuple[str, list[str]] | None:
    """Return the group a `group.set` call sets and its members afterwards, or None."""
    object_id = static(data.get("object_id"))
    if not isinstance(object_id, str):
        return None
    group_id = f"group.{object_id.strip().lower()}"
    members: list[str] = []
    if "entities" not in data:
        members.extend(group_members(hass, group_id) or [])
    for key in ("entities", "add_entities"):
        value = static(data.get(key))
        items = [value] if isinstance(value, str) else value or []
        if isinstance(items, (list, tuple)):
            members.extend(str(static(item)).strip().lower() for item in items)
    return group_id, members


def group_set_problem(hass: HomeAssistant, group_id: str, members: list[str]) -> str | None:
    """Return why a `group.set` call would make a dangerous group, or None."""
    return group_problem(
        hass, [group_id], override={group_id: members}, max_depth=MAX_NEW_GROUP_DEPTH
    )


def group_set_newcomers(hass: HomeAssistant, group_id: str, members: list[str]) -> list[str]:
    """Return the entities a `group.set` call brings under a group, nested ones included.

    Home Assistant reads a group's members when an action on the group runs,
    not when Home MCP judged it: what joins a group is judged as it joins.
    """
    before = set(group_leaves(hass, group_id))
    after = set(group_leaves(hass, group_id, {group_id: members}))
    return sorted(after - before)
