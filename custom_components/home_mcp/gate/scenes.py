"""Scenes and scene states: what setting entities to states does.

A scene (its stored states), `scene.apply` and `scene.create` set entities to
states; each state becomes the verb Home Assistant uses to reach it
(`expansion.state_verbs`) and is judged as an effect. A state set on a group
is set on every entity under it, as Home Assistant reproduces it member by
member. Scenes kept by an integration (Hue, deCONZ) cannot be read: they are
judged by what else that integration controls. The handlers of a scene's
run, `scene.apply` and `scene.create` are registered here (`handlers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from homeassistant.core import State, valid_entity_id
from homeassistant.helpers import entity_registry as er

from .expansion import any_state, state_verbs
from .handlers import OWN_EFFECTS, SCENE, Judging
from .live import present
from .model import Effect, Risk
from .targets import group_leaves, group_members, group_problem, is_dynamic, static


@SCENE.register()
def judge_scene(judge: Judging, entity_id: str, entity: Any, depth: int) -> None:
    """Judge the states a scene would set."""
    states = getattr(getattr(entity, "scene_config", None), "states", None)
    if isinstance(states, Mapping):
        for target_id, state in states.items():
            if isinstance(state, State):
                judge_state(judge, target_id, state.state, state.attributes, depth)
        return
    if entity is None and judge.hass.states.get(entity_id) is None:
        judge.add(Risk.SAFE, entity_id, "scene.turn_on", "No such scene: nothing would change")
        return
    # A scene kept by an integration (Hue, deCONZ, ...) reaches only that
    # integration's devices.
    registry = er.async_get(judge.hass)
    entry = registry.async_get(entity_id)
    if entry is None or entry.config_entry_id is None:
        judge.add(
            Risk.UNKNOWN, entity_id, "scene.turn_on", "Home MCP cannot read what this scene sets"
        )
        return
    siblings = er.async_entries_for_config_entry(registry, entry.config_entry_id)
    if sensitive := sorted(
        e.entity_id for e in siblings if judge.knowledge.is_guarded(e.entity_id)
    ):
        reason = (
            f"This {entry.platform} scene cannot be read, and its integration "
            f"also controls {', '.join(sensitive[:5])}"
        )
        judge.add(Risk.UNKNOWN, entity_id, "scene.turn_on", reason)
    else:
        reason = f"A {entry.platform} scene; that integration controls nothing guarded"
        judge.add(Risk.SAFE, entity_id, "scene.turn_on", reason)


def judge_scene_states(judge: Judging, entities: Any, depth: int) -> None:
    """Judge `scene.apply`'s or `scene.create`'s `entities` (entity_id -> state)."""
    if not isinstance(entities, Mapping):
        if entities is not None:
            judge.unknown("scene.apply", "The scene's states cannot be read")
        return
    for target_id, value in entities.items():
        if isinstance(value, State):
            judge_state(judge, str(target_id), value.state, value.attributes, depth)
        elif isinstance(value, Mapping):
            judge_state(judge, str(target_id), value.get("state"), value, depth)
        else:
            judge_state(judge, str(target_id), value, {}, depth)


@OWN_EFFECTS.register("scene.apply")
def judge_scene_apply(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> None:
    """Judge `scene.apply`: the states it sets."""
    judge_scene_states(judge, data.get("entities"), depth)


@OWN_EFFECTS.register("scene.create")
def judge_scene_create_action(
    judge: Judging, name: str, data: Mapping[str, Any], depth: int
) -> None:
    """Judge `scene.create`: the scene it makes (`judge_scene_create`), and its entity."""
    judge_scene_create(judge, data, depth)
    if isinstance(scene_id := data.get("scene_id"), str):  # The scene entity changes.
        judge.effect(Effect(f"scene.{scene_id.strip().lower()}", "create"), depth)


def judge_scene_create(judge: Judging, data: Mapping[str, Any], depth: int) -> None:
    """Judge a scene `scene.create` makes as if applied now.

    A scene is read when it is turned on, a moment after Home MCP judged
    that call: one redefined meanwhile would set what was never judged.
    Snapshotted entities count with their present state when the scene is
    made now; made later (in an automation, after a wait, after a step that
    acted on them), with any state they may be in by then, which the scene keeps and gives back when it is
    turned on ("remember the door when it is unlocked, restore it after it
    is locked" unlocks it).
    """
    judge_scene_states(judge, data.get("entities"), depth)
    snapshot = static(data.get("snapshot_entities"))
    if (named := judge.house_named(snapshot, "set_state")) is not None:
        # The house's own entities of a kind (`area_entities(area)`'s lights).
        for entity_id in named:
            for state in any_state(entity_id):
                judge_state(judge, entity_id, state, {}, depth)
        return
    if is_dynamic(snapshot) or not isinstance(snapshot, (str, list, tuple, type(None))):
        judge.unknown("scene.create", "What it remembers is a template: it could be anything")
        return
    for raw in [snapshot] if isinstance(snapshot, str) else snapshot or []:
        if is_dynamic(raw):
            judge.unknown("scene.create", "What it remembers is a template: it could be anything")
            continue
        entity_id = str(static(raw)).strip().lower()
        if not judge.knows_state(entity_id):
            for state in any_state(entity_id):
                judge_state(judge, entity_id, state, {}, depth)
        elif (now := present(judge.hass, entity_id)) is not None:
            judge_state(judge, now.entity_id, now.state, now.attributes, depth)


def judge_state(
    judge: Judging, entity_id: str, state: Any, attributes: Mapping[str, Any], depth: int
) -> None:
    """Judge setting an entity to `state`; a group passes it to every member.

    A key that is no entity id Home Assistant refuses when the scene is
    made or applied: it sets nothing.
    """
    entity_id = entity_id.strip().lower()
    if not valid_entity_id(entity_id):
        return
    if group_members(judge.hass, entity_id) is not None and not judge.on_path(entity_id, loop=True):
        if (problem := group_problem(judge.hass, [entity_id])) is not None:
            judge.add(Risk.UNKNOWN, entity_id, "scene.apply", problem)
            return
        with judge.through(entity_id):
            for member in group_leaves(judge.hass, entity_id):
                _state_one(judge, member, state, attributes, depth)
    _state_one(judge, entity_id, state, attributes, depth)


def _state_one(
    judge: Judging, entity_id: str, state: Any, attributes: Mapping[str, Any], depth: int
) -> None:
    text = str(static(state)).lower() if state is not None else None
    for verb, data in state_verbs(entity_id, static(state), attributes):
        judge.effect(Effect(entity_id, verb, data, text), depth)
