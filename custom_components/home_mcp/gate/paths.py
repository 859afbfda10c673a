"""The other paths an action takes to an entity: what it drives, device actions, events, groups.

- an entity drives what stands behind it: a Switch as X entity its switch, a
  template entity its action scripts, a helper the entities its options
  name (a thermostat's heater), either way;
- a device action (`device_id`, `domain`, `type`) is the entity's own verb
  (`rules.DEVICE_ACTION_VERBS`), or, with no entity, judged by what else is
  on its device;
- an `event:` action sets off the automations waiting for that event;
- `group.set` brings entities into a group (each judged as joining it) and
  changes the group itself;
- `device_tracker.see` moves a tracker, and the person it belongs to;
- the caller's own run of a script or automation can hold up a securing one;
- what an action changes besides its targets: `mqtt.publish` on an MQTT
  entity's command topic, text handed to Assist, `group.remove`, a
  script's own action;
- an action whose effect leaves Home Assistant.

Each is the handler of its kind of step (`handlers`), registered here for
the judge to ask for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from homeassistant import const as ha_const
from homeassistant.const import ATTR_ENTITY_ID, SERVICE_TURN_OFF, SERVICE_TURN_ON
from homeassistant.core import split_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)

from ..const import DOMAIN
from .bindings import is_template, template_run_bindings
from .broker import heard
from .expansion import device_action_verb, template_scripts
from .external import external_key, mqtt_commands, names_opening
from .facts import SCRIPT_CONTROLS, entity_object, script_entity_id
from .footprint import TAPPED, tapped_keys
from .handlers import (
    ANY,
    DEVICE_ACTION,
    DRIVE,
    EVENT,
    EXTERNAL,
    OWN_EFFECTS,
    START_SCRIPT,
    Judging,
    Reach,
)
from .macros import walk
from .model import Effect, Risk
from .perimeter_keys import ANY_EVENT
from .reads import integrations_named
from .rules import DATA_RULES, Hold, ServiceRule
from .securing import blocked_by_run_mode
from .targets import (
    group_set,
    group_set_newcomers,
    group_set_problem,
    is_dynamic,
    static,
    unresolved_target_reach,
)
from .verbs import TEMPLATE_RUN_VARIABLES


@DRIVE.register()
def judge_drive(
    judge: Judging, entity_id: str, verb: str, data: Mapping[str, Any], depth: int
) -> None:
    """Judge what the entity itself acts on: its switch, scripts, controlled entities.

    A template entity's script is what its verb really does, securing or
    not (a template garage "close" that toggles the real door opens it); a
    helper that drives other entities (a thermostat's heater switch) may
    switch them either way. Both calls reach what any call reaches (a switch
    group's members too). `data`: the call's, which may run more of the
    template entity's scripts (`expansion.template_scripts`).
    """
    if verb == "update_entity" or judge.on_path(entity_id, loop=True):
        return  # Reading a device again drives nothing.
    house = judge.house
    drives = entity_id in house.wrapped or entity_id in house.scripts or entity_id in house.controls
    if drives and judge.too_deep(depth):
        judge.on_its_own(entity_id, f"{split_entity_id(entity_id)[0]}.{verb}")
        return
    key = judge.walk_key("drive", entity_id, verb, data)
    judge.once(key, lambda: _drive(judge, entity_id, verb, data, depth))


def _drive(judge: Judging, entity_id: str, verb: str, data: Mapping[str, Any], depth: int) -> None:
    house = judge.house
    with judge.through(entity_id):
        wrapped = house.wrapped.get(entity_id)
        if wrapped is not None and not judge.on_path(wrapped.switch_id, loop=True):
            # A Switch as X entity switches its switch, whatever that is,
            # as Switch as X does it: the switch's own action.
            for switch_verb in wrapped.switch_verbs(verb):
                judge.call(
                    "switch", switch_verb, {ATTR_ENTITY_ID: [wrapped.switch_id]}, {}, depth + 1
                )
        # A template entity's scripts are the owner's, and run with its own
        # variables and the run variables the call's data gives, never with
        # their caller's (`bindings.template_run_bindings`).
        bindings = template_run_bindings(
            entity_id,
            house.variables.get(entity_id),
            TEMPLATE_RUN_VARIABLES.get(split_entity_id(entity_id)[0]),
            data,
        )
        with judge.as_run(bindings, owners=True):
            for _name, script in template_scripts(house.scripts.get(entity_id, {}), verb, data):
                # Each a script of its own: its `stop`, or a condition failing in it, ends only it.
                with judge.own_run(), judge.nested():
                    walk(judge, getattr(script, "sequence", None), depth + 1)
        for controlled in house.controls.get(entity_id, ()):
            if not judge.on_path(controlled, loop=True):
                for driven in (SERVICE_TURN_ON, SERVICE_TURN_OFF):
                    judge.call(
                        "homeassistant", driven, {ATTR_ENTITY_ID: [controlled]}, {}, depth + 1
                    )


@DEVICE_ACTION.register()
def judge_device_action(judge: Judging, action: Mapping[str, Any], depth: int) -> None:
    """Judge a device action (`device_id`, `domain`, `type`, maybe `entity_id`)."""
    domain, kind = static(action.get("domain")), static(action.get("type"))
    raw_entity = static(action.get(ATTR_ENTITY_ID))
    registry = er.async_get(judge.hass)
    entity_id = (
        er.async_resolve_entity_id(registry, raw_entity) if isinstance(raw_entity, str) else None
    )
    if not isinstance(domain, str) or not isinstance(kind, str):
        judge.add(Risk.UNKNOWN, entity_id, "device action", "A device action Home MCP cannot read")
        return
    if entity_id is None:
        device_id = static(action.get("device_id"))
        entries = (
            er.async_entries_for_device(registry, device_id, include_disabled_entities=True)
            if isinstance(device_id, str)
            else []
        )
        if guarded := [e.entity_id for e in entries if judge.knowledge.is_guarded(e.entity_id)]:
            reason = (
                "A device action on a device with something guarded on it: what it "
                "does there cannot be read"
            )
            judge.add(Risk.UNKNOWN, guarded[0], f"{domain}.{kind}", reason)
        return
    verb = (
        device_action_verb(domain, kind)
        if domain == split_entity_id(entity_id)[0]
        else f"{domain}.{kind}"
    )
    data = {k: v for k, v in action.items() if k in ("position", "tilt_position")}
    judge.effect(Effect(entity_id, verb, data), depth)


SYSTEM_EVENTS: Final = frozenset(
    {
        *(value for name, value in vars(ha_const).items() if name.startswith("EVENT_")),
        er.EVENT_ENTITY_REGISTRY_UPDATED,
        dr.EVENT_DEVICE_REGISTRY_UPDATED,
        ar.EVENT_AREA_REGISTRY_UPDATED,
        fr.EVENT_FLOOR_REGISTRY_UPDATED,
        lr.EVENT_LABEL_REGISTRY_UPDATED,
        "category_registry_updated",
        "config_entry_discovered",
        "data_entry_flow_progressed",
        "repairs_issue_registry_updated",
        "user_added",
        "user_updated",
        "user_removed",
        "script_started",
        "automation_triggered",
        "automation_reloaded",
        "scene_reloaded",
        "persistent_notifications_updated",
        "lovelace_updated",
        "panels_updated",
        "themes_updated",
    }
)
"""Events Home Assistant itself fires (its `EVENT_*` constants, the registries', a
script's start and an automation's trigger)."""


@EVENT.register()
def judge_event(judge: Judging, event_type: Any, data: Any = None) -> None:
    """Judge firing an event: the automations it triggers, and whose event it is.

    Home Assistant's own events (a state change, a registry update, a stop)
    and Home MCP's (a person's decision) are Home Assistant's to fire: a
    forged one is a system action. An event whose type is a template could
    be any of them. An event named after an integration changes that
    integration's event entities. A phone's tap (`footprint.TAPPED`) whose
    `data` names the action in plain text is a tap on that action only;
    otherwise on any.
    """
    if is_dynamic(event_type) or not isinstance(static(event_type), str):
        judge.unknown("event", "The event's type is a template: it could be any event")
        keys = [*judge.knowledge.event_keys(), ANY_EVENT]
    else:
        name = str(static(event_type)).strip()
        if name in SYSTEM_EVENTS or name.startswith(f"{DOMAIN}_"):
            judge.add(
                Risk.SYSTEM, None, "event", f"Fires {name}, an event only Home Assistant fires"
            )
        # Its data may be any: every action a phone's tap names (`footprint.TAPPED`).
        field = TAPPED.get(name)
        action = data.get(field) if field is not None and isinstance(data, Mapping) else None
        action = action if isinstance(action, str) and not is_template(action) else None
        keys = tapped_keys(judge.knowledge.event_keys(), name, action)
        # An integration's event entities listen to its events on the bus
        # (the demo's button event to `demo_button_pressed`): they change.
        for integration in integrations_named(judge.hass, name):
            for entity_id in judge.house.platform_entities(integration):
                if entity_id.startswith("event."):
                    judge.react(entity_id, "fire")
    for key in keys:
        judge.react(key, "fire")


@OWN_EFFECTS.register("mqtt.publish")
def judge_mqtt_publish(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> Reach:
    """Judge `mqtt.publish`: on an MQTT entity's command topic, it is that entity's action.

    The payload the entity opens with opens it (`external.mqtt_commands`);
    a payload it does not name, or a topic that is a template (it may be
    any entity's), is an action on it Home MCP does not know. A topic no
    MQTT entity takes commands on reaches only what is outside. The owner's
    `mqtt` triggers on the topic hear it too (`broker.heard`).
    """
    topic, payload = static(data.get("topic")), data.get("payload")
    commands = mqtt_commands(judge.hass)
    if is_dynamic(topic) or not isinstance(topic, str):
        reached = [command for found in commands.values() for command in found]
        known = False
    else:
        reached, known = commands.get(topic.strip(), []), topic.strip() in commands
    for command in reached:
        judge.effect(Effect(command.entity_id, command.verb(payload), dict(data)), depth)
    scope = judge.scope if judge.trigger_ids_known else None
    mqtt_keys = judge.knowledge.mqtt_keys()
    for key in heard(mqtt_keys, topic, payload, judge.bindings, scope, owners=judge.owners):
        judge.react(key, "publish")  # The broker hands it to the owner's `mqtt` triggers.
    return Reach.INSIDE if known else Reach.OUTSIDE


@EXTERNAL.register()
def judge_external(
    judge: Judging, domain: str, service: str, data: Mapping[str, Any], rule: ServiceRule
) -> None:
    """Judge an action whose effect leaves Home Assistant (`external.py`).

    Marked as opening in the options, or named so: it opens the house,
    wherever it is. Inside the owner's own automation or script (`owners`):
    the owner's, not guarded. Called by a client, or in what a client
    writes: `rule`'s risk.
    """
    key = external_key(domain, service, data)
    name = f"{domain}.{service}"
    judge.externals.setdefault(key)
    if key in judge.house.opening_actions or name in judge.house.opening_actions:
        opening = DATA_RULES["external_marked"]
        judge.add(opening.risk, None, name, opening.reason)
    elif names_opening(key, data):
        opening = DATA_RULES["external_named"]
        judge.add(opening.risk, None, name, opening.reason)
    elif judge.owners:
        owners = DATA_RULES["external_owners"]
        judge.add(owners.risk, None, name, owners.reason)
    else:
        judge.add(rule.risk, None, name, rule.reason)


@OWN_EFFECTS.register("group.set")
def judge_group_set(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> None:
    """Judge `group.set`: what joins the group, and the group's own change.

    A group given by a template that could not be bounded (`bindings`)
    could be any: unknown. Members given so may be any entity: as a
    templated target does (`targets.unresolved_target_reach`), each that is not plain, or
    whose change sets something off, is judged as joining.
    """
    if is_dynamic(data.get("object_id")):
        judge.unknown(name, "The group or what joins it is a template: it could be anything")
        return
    if (found := group_set(judge.hass, data)) is None:
        return
    group_id, members = found
    if any(is_dynamic(data.get(key)) for key in ("entities", "add_entities")):
        hass, house = judge.hass, judge.house
        anyone = unresolved_target_reach(
            hass, house.is_plain, judge.knowledge.perimeter_entities, "homeassistant"
        )
        for newcomer in dict.fromkeys(anyone):
            if newcomer != group_id:
                judge.effect(Effect(newcomer, "join_group"), depth)
        judge.effect(Effect(group_id, "set"), depth)
        return
    if problem := group_set_problem(judge.hass, group_id, members):
        judge.unknown(name, problem)
        return
    for newcomer in group_set_newcomers(judge.hass, group_id, members):
        judge.effect(Effect(newcomer, "join_group"), depth)
    judge.effect(Effect(group_id, "set"), depth)


@OWN_EFFECTS.register("group.remove")
def judge_group_remove(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> None:
    """Judge `group.remove`: the group it names is removed."""
    if isinstance(data.get("object_id"), str):
        judge.effect(Effect(f"group.{data['object_id'].strip().lower()}", "remove"), depth)


@OWN_EFFECTS.register("device_tracker.see")
def judge_presence(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> None:
    """Judge `device_tracker.see`: the tracker (and its person) changes."""
    dev_id = data.get("dev_id")
    trackers = (
        [f"device_tracker.{dev_id.strip().lower()}"]
        if isinstance(dev_id, str)
        else judge.hass.states.async_entity_ids("device_tracker")
    )
    for tracker in trackers:
        judge.effect(Effect(tracker, "see"), depth)


@OWN_EFFECTS.register(f"script.{ANY}")
def judge_script_action(judge: Judging, name: str, data: Mapping[str, Any], depth: int) -> None:
    """Judge a script's own action (`script.x`): a run of its entity, as `script.turn_on` runs it."""
    domain, _, service = name.partition(".")
    if service in SCRIPT_CONTROLS:
        return
    script_id = script_entity_id(judge.hass, service)
    found = entity_object(judge.hass, script_id) is not None
    if not found and judge.hass.services.has_service(domain, service):
        judge.unknown(name, "Home MCP cannot find the script this action runs")
    judge.effect(Effect(script_id, SERVICE_TURN_ON, {"variables": dict(data)}), depth)


@START_SCRIPT.register()
def judge_start_script(judge: Judging, script_id: str, variables: Any, service: str) -> None:
    """Judge the caller's run of a script or automation (`securing.blocked_by_run_mode`)."""
    if not (judge.now or judge.repeats):
        return
    runners = judge.knowledge.securing_runners(script_id)
    if script_id.startswith("automation.") and judge.knowledge.secures(script_id):
        runners = [script_id]  # Its own run, in place of the one its trigger starts.
    caller = judge.path[-1] if judge.path else None  # The macro whose step runs it.
    with judge.through(script_id):
        held = blocked_by_run_mode(
            judge.hass,
            runners,
            script_id,
            variables=bool(variables),
            secures=judge.knowledge.secures(script_id),
            repeats=judge.repeats,
            caller=caller,
            computed=judge.knowledge.computed_settings,
        )
        for runner in held:
            if not judge.on_path(runner) or runner == script_id:
                judge.holds_up(runner, service, Hold.RUN)
