"""The house's own wiring, as the perimeter reads it.

- `runnables`: every automation, script, template entity script,
  trigger-based template entity's actions and alert (`alert:`, read as an
  automation that notifies: `alert_runnable`), with what it reads: each trigger
  (by its id, so a `choose` on `condition: trigger` ties a branch to the
  triggers that can reach it), and what every run reads (conditions,
  variables; what the actions read is added by the walk);
- `triggers_on`: entity -> the triggers that fire when it changes, with
  their `to` / `not_to` filters (a state trigger's, or the states an entity
  trigger such as `lock.unlocked` fires on: `entity_triggers`), what a
  securing change can still set off;
- `derivations`: entity -> what its state derives from (a template entity's
  templates, a group's members, a person's trackers, a zone's people, the
  entities a UI helper's options name, an `event` entity's device), and
  `derived_closure`, the same followed through every step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from homeassistant.const import ATTR_ENTITY_ID, CONF_ACTIONS, CONF_OPTIONS, CONF_TARGET, STATE_ON
from homeassistant.core import HomeAssistant, SupportsResponse, split_entity_id
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES

from ..const import DOMAIN
from .bindings import Bindings, automation_bindings, run_bindings, template_run_bindings
from .entity_triggers import entity_trigger, fires_on
from .expansion import (
    HouseMap,
    entry_entities,
    moved_actions,
    template_entities,
    template_parts,
    trigger_config,
)
from .facts import is_unavailable
from .internals import (
    ALERT_CAN_ACK,
    ALERT_DATA,
    ALERT_DONE_MESSAGE,
    ALERT_MESSAGE,
    ALERT_NOTIFIERS,
    ALERT_STATE,
    ALERT_TITLE,
    ALERT_WATCHED,
    AUTOMATION_CONDITIONS,
    AUTOMATION_TRIGGERS,
    AUTOMATION_VARIABLES,
    Unreadable,
    private,
)
from .macros import held_by, named_states
from .notices import NoticeWatch, notice_watch
from .perimeter_keys import ANY_TIMER, EVERYTHING, is_entity_key, is_state_key
from .proposals import Proposed, macro_entities
from .reads import Reads, integrations_named, own_entities
from .verbs import EVENT_LEFT_IN, OWN_EVENTS, TEMPLATE_RUN_VARIABLES, negated_states

type Scope = frozenset[str] | None
"""The trigger ids under which something happens; None: whichever fires."""
type Touched = dict[str, dict[str, tuple[tuple[str, ...], Scope]]]
"""Key -> verb -> (the path inside the macro, the triggers it happens under)."""

_COMMON_KEYS: Final = ("conditions", "condition", "variables", "trigger_variables")


ON_ITS_OWN: Final = "run_on_its_own"
"""The verb `Touched` records for an item a walk met too deep to follow: the
fixpoint hands the item's own findings on to what runs it (`Judge.on_its_own`)."""


@dataclass(slots=True)
class Runnable:
    """An automation, script, template entity script or alert: what it reads and does.

    inputs: what every run reads (conditions, variables, and what its
        actions read); triggers: (trigger id, what it reads) of each trigger.
    runs_itself: automations run on their triggers, so what they read is in
        the perimeter; scripts and template scripts run when something runs
        them, and count through that.
    polls: it has a `time_pattern` trigger: it runs again soon whatever
        happens, so its conditions act like triggers.
    touched: what its effects reach that is not securing (`Judge.touched`).
    secured: what its securing effects reach, the same way (`Judge.secured`): the
        automations a trigger of which fires on the state one leaves its entity
        in run too (`fixpoint.Fixpoint`).
    checks: (entity, the states its condition accepts; None: unknown) of
        each entity its own conditions check: what can keep it from running.
    held: entity -> the states its top-level conditions require (a plain
        `state` condition, or one in an `and`: `macros.held_by`): what the
        entity is in when its first steps run.
    timers: the timers (or `ANY_TIMER`) a `timer.finished` trigger waits
        for: cancelling or pausing one keeps it from running.
    acted: the entities its actions target by name (what it secures, when it
        secures).
    fired_by: the entities a state or numeric state trigger of it names:
        changing one runs it, rather than keeping it from running.
    unreadable: why the gate could not read it (None: read): it is then
        `unknown` for itself (`perimeter.build_snapshot`).
    keyed_reads: key a step changes -> what that step's data reads: inputs
        only once the key joins the perimeter (`Judge.step`).
    securing_reads: what its steps and branches that secure read
        (`Judge.branch`): what decides whether it secures.
    pause_reads: what says how long its own delays, waits and loops last
        (`Judge.pauses`); None: not walked (`securing.paused_by` reads it as written).
    deciding_reads: key a step changes -> verb -> what decides whether and
        when its run gets to that change (`Judge.decided_before`), for the
        keys a chained macro secures with (`perimeter._securing_perimeter`).
    run_reads: what its actions read, and what can end its run: read as
        it runs, any change of it counts while it may be running.
    conditional: it has conditions, at its top or in its actions (a
        `condition` step, a `choose`, an `if`, a loop's `while`/`until`),
        that may hold at one time and not at another.
    bindings: what its variables can be when it runs (`bindings.py`).
    shows_its_run: a trigger-based template entity: its state is computed, each
        time its actions run, from what they leave (a `variables` step, an
        action's response): what they read, its state derives from.
    writes: entity -> what each of its writes sets it to, where the data
        says (`verbs.VALUE_FIELDS`: plain text, or a template); None: one
        of them leaves it in a state the data does not say.
    notices: an automation's `persistent_notification` triggers, with its
        conditions: which notifications can run it (`notices.NoticeWatch`).
    acknowledgeable: an alert that can be acknowledged (`alert.turn_off`):
        then it sends no more of its notifications (`alert_runnable`).
    watches: an alert's watched entity and the state it notifies in: left,
        the alert ends, and sends no more of them.
    """

    entity_id: str
    sequences: list[Any]
    inputs: set[str] = field(default_factory=set)
    triggers: list[tuple[str, set[str]]] = field(default_factory=list)
    runs_itself: bool = True
    polls: bool = False
    touched: Touched = field(default_factory=dict)
    secured: Touched = field(default_factory=dict)
    checks: list[tuple[str, frozenset[str] | None]] = field(default_factory=list)
    held: dict[str, frozenset[str]] = field(default_factory=dict)
    timers: set[str] = field(default_factory=set)
    acted: set[str] = field(default_factory=set)
    fired_by: set[str] = field(default_factory=set)
    unreadable: str | None = None
    keyed_reads: dict[str, set[str]] = field(default_factory=dict)
    securing_reads: set[str] = field(default_factory=set)
    pause_reads: set[str] | None = None
    deciding_reads: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    run_reads: set[str] = field(default_factory=set)
    conditional: bool = True
    bindings: Bindings | None = None
    shows_its_run: bool = False
    writes: dict[str, tuple[Any, ...] | None] = field(default_factory=dict)
    notices: NoticeWatch | None = None
    acknowledgeable: bool = False
    watches: tuple[str, str] | None = None

    def reads(self, scope: Scope) -> set[str]:
        """Return what a run under `scope` reads: every run's inputs and its triggers'."""
        keys = set(self.inputs)
        for trigger_id, trigger_keys in self.triggers:
            if scope is None or trigger_id in scope:
                keys |= trigger_keys
        return keys


@dataclass(frozen=True, slots=True)
class Threshold:
    """The range of a `numeric_state` trigger on an entity's state: it fires on entering it.

    below, above: a number, an entity whose state is the bound (`below:
        input_number.x`), or None (no bound).
    shaped: the trigger compares a `value_template` of the state, not the state.
    """

    below: float | str | None
    above: float | str | None
    shaped: bool = False


@dataclass(frozen=True, slots=True)
class TriggerOn:
    """A trigger that fires when an entity changes (`to` None: to any state).

    lasts: it fires once the entity has stayed in such a state a while (`for:`;
        a `numeric_state` one with `to` None: any change may end the wait).
    after: an event trigger on the entity's own event (`timer.finished` naming
        it): the states an action must leave it in to fire the event
        (`verbs.EVENT_LEFT_IN`; None: any).
    threshold: a `numeric_state` trigger's range (None: another trigger, or
        one on an attribute).
    """

    automation_id: str
    trigger_id: str
    to: frozenset[str] | None
    not_to: frozenset[str]
    lasts: bool = False
    after: frozenset[str] | None = None
    threshold: Threshold | None = None

    def fires(self, states: frozenset[str]) -> bool:
        """Return True if the entity reaching one of `states` fires it."""
        states = states - OWN_EVENTS  # What a verb fires beside the states it leaves.
        if states <= self.not_to:
            return False
        return self.to is None or bool(states & self.to)

    def needs(self) -> frozenset[str] | None:
        """Return the states an action must leave the entity in to set it off (None: any)."""
        if self.after is not None:
            return self.after
        return self.to if not self.not_to else None

    def set_off_by(self, states: frozenset[str]) -> bool:
        """Return True if an action leaving the entity in one of `states` sets it off."""
        return self.fires(states) if self.after is None else bool(states & self.after)


_REPORTING_DOMAINS: Final = frozenset(
    {"sensor", "binary_sensor", "event", "image", "select", "weather", "calendar"}
)
"""Helper entities of these domains only report what they read; they drive nothing."""


def runnables(
    hass: HomeAssistant,
    house: HouseMap,
    triggers_on: dict[str, list[TriggerOn]],
    unreadable: dict[str, str],
) -> Iterator[Runnable]:
    """Yield every automation, script, template script, driving helper and alert; fill `triggers_on`.

    Each item is read on its own: one the gate cannot read (a shape it does
    not know, an attribute Home Assistant no longer has) is yielded with
    `unreadable` set, and noted in `unreadable` (entity id -> why), so it is
    `unknown` for itself and the rest of the house is read as usual.
    """
    for domain in ("automation", "script"):
        for entity in macro_entities(hass, domain):
            if not isinstance(entity.entity_id, str) or not entity.entity_id:
                continue  # Not added to Home Assistant yet.
            if is_unavailable(entity):
                continue  # Its configuration is invalid: Home Assistant runs nothing of it.
            try:
                yield _macro(hass, entity, domain, triggers_on)
            except Exception as err:  # noqa: BLE001  # One item never fails the house.
                yield _unreadable(entity.entity_id, err, unreadable)
    for entity_id, scripts in house.scripts.items():
        sequences = [getattr(script, "sequence", None) for script in scripts.values()]
        runnable = Runnable(entity_id, sequences, runs_itself=False)
        # Whatever acts on it: each run variable of its platform may be anything.
        runnable.bindings = template_run_bindings(
            entity_id,
            house.variables.get(entity_id),
            TEMPLATE_RUN_VARIABLES.get(split_entity_id(entity_id)[0]),
            None,
        )
        yield runnable
    for entity_id, named in house.controls.items():
        # A helper that drives the entities its options name (a generic
        # thermostat's heater, a hygrostat's humidifier) acts on its own
        # when what it reads changes: as an automation would, with what
        # acting on it does (`paths.judge_drive`) as its actions. One that only
        # reports (a history stats or Bayesian sensor) switches nothing.
        if split_entity_id(entity_id)[0] in _REPORTING_DOMAINS:
            continue
        runnable = Runnable(
            entity_id,
            [[{"action": "homeassistant.turn_on", "target": {ATTR_ENTITY_ID: [entity_id]}}]],
        )
        runnable.inputs = set(named)
        for index, source in enumerate(named):
            runnable.triggers.append((str(index), {source}))
            triggers_on.setdefault(source, []).append(
                TriggerOn(entity_id, str(index), None, frozenset())
            )
        yield runnable
    for entity in alert_entities(hass):
        try:
            yield alert_runnable(hass, entity, triggers_on)
        except Exception as err:  # noqa: BLE001  # One item never fails the house.
            yield _unreadable(entity.entity_id, err, unreadable)
    for entity in template_entities(hass):
        # A trigger-based template entity runs its coordinator's actions
        # when one of its triggers fires, as an automation does, and its
        # state shows what they leave (their variables, an action's response).
        try:
            config = trigger_config(entity)
        except Unreadable as err:
            yield _unreadable(entity.entity_id, err, unreadable)
            continue
        moved = moved_actions(config) if config is not None else None
        if config is None or not (config.get(CONF_ACTIONS) or moved):
            continue
        try:
            actions = list(config.get(CONF_ACTIONS) or [])
            runnable = Runnable(entity.entity_id, [actions], shows_its_run=True)
            if moved is not None:  # Unknown for itself; what sets it off is read.
                runnable.unreadable = unreadable[entity.entity_id] = moved
            triggers = config.get("triggers") or []
            _add_triggers(hass, runnable, triggers, None, triggers_on)
            runnable.bindings = automation_bindings(
                hass, entity.entity_id, triggers, config.get("variables")
            )
            runnable.inputs = (
                Reads(hass)
                .add({k: config.get(k) for k in _COMMON_KEYS}, runnable.bindings.entity_names())
                .keys
            )
        except Exception as err:  # noqa: BLE001  # One item never fails the house.
            runnable = _unreadable(entity.entity_id, err, unreadable)
        yield runnable


ALERT_DOMAIN: Final = "alert"
ALERT_SENT: Final = "alert"
"""The id of an alert's trigger: what it watches takes its state, and it notifies."""
ALERT_DONE: Final = "done"
"""The id of the trigger of an alert's `done_message`: what it watches leaves that state."""
ALERT_RESUMED: Final = "resumed"
"""The id of the trigger on an alert's own entity: acknowledged, turned on again."""


def alert_entities(hass: HomeAssistant) -> list[Any]:
    """Return the Alert integration's entities (`alert:` in YAML)."""
    component = hass.data.get(DATA_INSTANCES, {}).get(ALERT_DOMAIN)
    return [entity for entity in getattr(component, "entities", ()) if entity.entity_id]


def alert_runnable(
    hass: HomeAssistant, entity: Any, triggers_on: dict[str, list[TriggerOn]]
) -> Runnable:
    """Return an alert as an automation: what it watches takes its state, and it notifies.

    Home Assistant's Alert integration calls `notify.<notifier>` for each of
    its notifiers, with its message and title rendered and its `data` as
    written (buttons, tag, channel), when the watched entity takes the
    alert's `state` (after the first delay, with `skip_first`: the same
    notification, later), then again at each `repeat` until acknowledged;
    its `done_message`, with the same data, when the entity leaves that
    state; and, acknowledged then turned on again, at its next repeat
    while the entity is still in that state. Each is a trigger of the
    runnable, so its notifications are prompts as an automation's are
    (`perimeter`): the same tag, channel and buttons. Every attribute is
    read through `internals`: one missing (`Unreadable`) makes the alert
    `unknown` for itself.
    """
    watched = private(entity, ALERT_WATCHED)
    state = private(entity, ALERT_STATE)
    notifiers = private(entity, ALERT_NOTIFIERS)
    data = private(entity, ALERT_DATA)
    message = private(entity, ALERT_MESSAGE)
    done = private(entity, ALERT_DONE_MESSAGE)
    title = private(entity, ALERT_TITLE)
    can_ack = private(entity, ALERT_CAN_ACK)
    if not isinstance(watched, str) or not isinstance(state, str):
        raise Unreadable("this Home Assistant keeps an alert's watched entity in another shape")
    if not isinstance(notifiers, list) or not all(isinstance(n, str) for n in notifiers):
        raise Unreadable("this Home Assistant keeps an alert's notifiers in another shape")
    watched = watched.lower()

    def sent(text: Any) -> list[dict[str, Any]]:
        payload: dict[str, Any] = {"message": text}
        if title is not None:
            payload["title"] = title
        if data:
            payload["data"] = data
        return [{"action": f"notify.{notifier}", "data": payload} for notifier in notifiers]

    name = getattr(entity, "name", None)
    steps = sent(message if message is not None else str(name or entity.entity_id))
    triggers: list[dict[str, Any]] = [
        {"trigger": "state", "id": ALERT_SENT, "entity_id": [watched], "to": [state]},
        {
            "trigger": "state",
            "id": ALERT_RESUMED,
            "entity_id": [entity.entity_id],
            "to": [STATE_ON],
        },
    ]
    if done is not None:
        steps += sent(done)
        triggers.append(
            {"trigger": "state", "id": ALERT_DONE, "entity_id": [watched], "not_to": [state]}
        )
    runnable = Runnable(
        entity.entity_id,
        [steps],
        acknowledgeable=can_ack is not False,
        watches=(watched, state),
    )
    _add_triggers(hass, runnable, triggers, None, triggers_on)
    runnable.bindings = automation_bindings(hass, entity.entity_id, triggers, None)
    runnable.conditional = False
    return runnable


def _unreadable(entity_id: str, err: Exception, unreadable: dict[str, str]) -> Runnable:
    """Return the runnable of an item that could not be read, noted in `unreadable`."""
    reason = err.reason if isinstance(err, Unreadable) else f"{type(err).__name__}: {err}"
    unreadable[entity_id] = reason[:300]
    return Runnable(entity_id, [], unreadable=unreadable[entity_id])


def _macro(
    hass: HomeAssistant, entity: Any, domain: str, triggers_on: dict[str, list[TriggerOn]]
) -> Runnable:
    """Return an automation's or a script's runnable (`Unreadable`, or any error: unread)."""
    if isinstance(entity, Proposed):
        script: Any = entity.action_script if domain == "automation" else entity.script
    else:
        script = getattr(entity, "action_script" if domain == "automation" else "script")
    sequence = script.sequence
    if not isinstance(sequence, list):
        raise Unreadable(f"its actions are a {type(sequence).__name__}, not a list")
    runnable = Runnable(entity.entity_id, [sequence], runs_itself=domain != "script")
    raw = getattr(entity, "raw_config", None)
    raw = raw if isinstance(raw, Mapping) else {}
    if domain == "automation":
        raw_triggers = raw.get("triggers", raw.get("trigger"))
        triggers = private(entity, AUTOMATION_TRIGGERS)
        if not _configs(triggers):
            # Another Home Assistant keeps them otherwise: read them as written.
            if not _configs(raw_triggers):
                raise Unreadable(
                    f"this Home Assistant keeps an automation's triggers as "
                    f"{type(triggers).__name__}, which Home MCP does not read"
                )
            triggers = raw_triggers
        _add_triggers(hass, runnable, triggers, raw_triggers, triggers_on)
        runnable.bindings = automation_bindings(
            hass, entity.entity_id, triggers, private(entity, AUTOMATION_VARIABLES)
        )
        runnable.notices = notice_watch(
            entity.entity_id,
            triggers if isinstance(triggers, list) else [triggers],
            runnable.triggers,
            raw.get("conditions", raw.get("condition")) if raw else None,
            private(entity, AUTOMATION_VARIABLES),
        )
    else:
        runnable.bindings = run_bindings(entity.entity_id, None, triggered=False, script=script)
    known = (
        runnable.bindings.entity_names()
    )  # `alarm: alarm_control_panel.x`, then `states(alarm)`.
    reads = Reads(hass).add({key: raw.get(key) for key in _COMMON_KEYS}, known)
    if domain == "automation":
        reads.add(getattr(private(entity, AUTOMATION_CONDITIONS), "config", None), known)
        reads.add(private(entity, AUTOMATION_VARIABLES), known)
    runnable.inputs = reads.keys
    runnable.checks = list(condition_checks(hass, raw.get("conditions", raw.get("condition"))))
    if domain == "automation":
        runnable.held = held_by(raw.get("conditions", raw.get("condition")))
    # Conditions inside its actions (`choose`, `if`, a `condition:`
    # step) stop what follows them just as well.
    # Not those on what it acts on itself ("if the garage is open,
    # close it"): changing that is what the branch is there for.
    actions = raw.get("actions", raw.get("sequence"))
    acted = runnable.acted = _acted_on(hass, actions)
    runnable.conditional = (
        not isinstance(actions, list)  # A blueprint's, or a shape not read: it may have some.
        or bool(raw.get("conditions", raw.get("condition")))
        or _has_conditions(actions)
    )
    runnable.checks += [
        check
        for check in condition_checks(hass, list(_inner_conditions(actions)))
        if check[0] not in acted
    ]
    return runnable


def _configs(value: Any) -> bool:
    """Return True for a list of configurations (mappings), as Home Assistant keeps triggers."""
    return isinstance(value, list) and all(isinstance(item, Mapping) for item in value)


def _add_triggers(
    hass: HomeAssistant,
    runnable: Runnable,
    triggers: Any,
    raw_triggers: Any,
    triggers_on: dict[str, list[TriggerOn]],
) -> None:
    """Read each trigger (validated, and as written), by its id."""
    validated = triggers if isinstance(triggers, list) else [triggers]
    written = raw_triggers if isinstance(raw_triggers, list) else [raw_triggers] * len(validated)
    registry = er.async_get(hass)
    for index, trigger in enumerate(validated):
        raw = written[index] if index < len(written) else None
        if not isinstance(trigger, Mapping) or trigger.get("enabled", True) is False:
            continue  # Home Assistant does not attach a disabled trigger.
        trigger_id = str(trigger.get("id", index))
        keys = Reads(hass).add(trigger).add(raw).keys
        runnable.triggers.append((trigger_id, keys))
        kind = trigger.get("trigger", trigger.get("platform"))
        runnable.polls = runnable.polls or kind == "time_pattern"
        if kind == "event" and "timer.finished" in _texts(trigger.get("event_type")):
            data = raw.get("event_data") if isinstance(raw, Mapping) else None
            named = data.get(ATTR_ENTITY_ID) if isinstance(data, Mapping) else None
            runnable.timers.add(named.lower() if isinstance(named, str) else ANY_TIMER)
        # An entity trigger (`lock.unlocked` on a target) names its entities
        # and its states as a state trigger does.
        entity = entity_trigger(hass, kind) if isinstance(kind, str) else None
        target = trigger.get(CONF_TARGET) if entity is not None else None
        options = trigger.get(CONF_OPTIONS) if entity is not None else None
        named = trigger.get(ATTR_ENTITY_ID) if kind in ("state", "numeric_state") else None
        named = target.get(ATTR_ENTITY_ID) if isinstance(target, Mapping) else named
        if isinstance(named, list):
            runnable.fired_by |= {str(e).lower() for e in named}
        state_filter = kind == "state" and "attribute" not in trigger
        lasts = kind in ("state", "numeric_state") and "attribute" not in trigger
        lasts = lasts and trigger.get("for") is not None
        if isinstance(options, Mapping):
            lasts = options.get("for") is not None
        to = named_states(trigger.get("to")) if state_filter else None
        not_to = named_states(trigger.get("not_to")) if state_filter else None
        entity_ids = trigger.get(ATTR_ENTITY_ID) if state_filter else None
        watched = (
            {er.async_resolve_entity_id(registry, e) or e for e in entity_ids}
            if isinstance(entity_ids, list)
            else {key for key in keys if "." in key and ":" not in key}
        )
        after = _event_left_in(hass, trigger) if kind == "event" else {}
        threshold = None
        if kind == "numeric_state" and "attribute" not in trigger:
            shaped = trigger.get("value_template") is not None
            threshold = Threshold(
                _bound(trigger.get("below")), _bound(trigger.get("above")), shaped=shaped
            )
        for entity_id in watched:
            fires = fires_on(entity, split_entity_id(entity_id)[0]) if entity else (to, not_to)
            if fires is None:
                continue  # never for an entity of this domain
            triggers_on.setdefault(entity_id, []).append(
                TriggerOn(
                    runnable.entity_id,
                    trigger_id,
                    fires[0],
                    fires[1] or frozenset(),
                    lasts=lasts,
                    after=after.get(entity_id),
                    threshold=threshold,
                )
            )


def _bound(value: Any) -> float | str | None:
    """Return a `numeric_state` bound as a number, or the entity whose state it is."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return str(value).strip().lower()


def _event_left_in(hass: HomeAssistant, trigger: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """Return, for each entity an event trigger's data names, the states that fire it.

    Only for events of the entity's own (`timer.finished` naming a timer),
    each listed in `verbs.EVENT_LEFT_IN`; none for a templated or another type.
    """
    data = trigger.get("event_data")
    named = data.get(ATTR_ENTITY_ID) if isinstance(data, Mapping) else None
    states: set[str] = set()
    owners: set[str] = set()
    for text in _texts(trigger.get("event_type")):
        if (left := EVENT_LEFT_IN.get(text)) is None:
            return {}
        states |= left
        owners |= integrations_named(hass, text)
    entities = own_entities(named, owners)
    return dict.fromkeys(entities, frozenset(states)) if states else {}


def _texts(value: Any) -> set[str]:
    """Return the text of a value or list of values (templates as written)."""
    items = value if isinstance(value, list) else [value]
    return {str(getattr(item, "template", item)) for item in items}


def condition_checks(
    hass: HomeAssistant, conditions: Any, *, negated: bool = False
) -> Iterator[tuple[str, frozenset[str] | None]]:
    """Yield (entity, the states its condition accepts, None: unknown) of each check.

    An `and`, an `or` or a `not` (or their short forms, `- or: [...]`) is
    read for the checks it holds, as a list is: a change to a state one of
    them accepts cannot make the whole fail, whichever it is. Inside a `not`
    (`negated`), each check accepts the other states, when known
    (`verbs.negated_states`: an entity that is `on` or `off`).
    """
    for condition in conditions if isinstance(conditions, list) else [conditions]:
        if not isinstance(condition, Mapping):
            continue
        kind = condition.get("condition")
        short = [key for key in _COMBINING if key in condition] if kind is None else []
        if kind in _COMBINING or len(short) == 1:
            inner = condition.get("conditions") if kind in _COMBINING else condition[short[0]]
            flips = (kind or short[0]) == "not"
            yield from condition_checks(hass, inner, negated=negated != flips)
            continue
        plain = kind == "state" and "attribute" not in condition
        accepted = named_states(condition.get("state")) if plain else None
        for key in Reads(hass).add(condition).keys:
            if is_state_key(key):
                yield key, negated_states(key, accepted) if negated else accepted


_COMBINING: Final = ("and", "or", "not")
"""Conditions made of others (`condition: and`, or the short form `and: [...]`)."""


def _has_conditions(node: Any) -> bool:
    """Return True if a sequence holds a condition anywhere (a step, an option, an `if`, a loop's)."""
    if isinstance(node, list):
        return any(_has_conditions(item) for item in node)
    if not isinstance(node, Mapping):
        return False
    if any(key in node for key in ("condition", "conditions", "if", "while", "until")):
        return True
    return any(_has_conditions(value) for value in node.values())


def _inner_conditions(node: Any) -> Iterator[Any]:
    """Yield the `condition:` steps and loops' `while`/`until` inside a sequence, however nested.

    A `choose` option's or an `if`'s conditions count only for a branch
    that secures: the walk says which (`Judge.guarded_by`).
    """
    if isinstance(node, list):
        for item in node:
            yield from _inner_conditions(item)
        return
    if not isinstance(node, Mapping):
        return
    if "condition" in node and not any(k in node for k in ("action", "service", "sequence")):
        yield node  # A `condition:` step.
        return
    for key, value in node.items():
        if key in ("while", "until") and not isinstance(value, str):
            yield from value if isinstance(value, list) else [value]
        elif key not in ("conditions", "if") and isinstance(value, (list, Mapping)):
            yield from _inner_conditions(value)


def _acted_on(hass: HomeAssistant, node: Any) -> set[str]:
    """Return the entity ids the action steps of `node` name as their targets.

    Not those of an action that only answers (`todo.get_items`, a calendar's
    events, a forecast: `SupportsResponse.ONLY`): it reads them, and what
    changes them decides what the run does with the answer.
    """
    found: set[str] = set()
    if isinstance(node, list):
        for item in node:
            found |= _acted_on(hass, item)
    elif isinstance(node, Mapping):
        if ("action" in node or "service" in node) and not _only_answers(hass, node):
            for place in (node, node.get("target"), node.get("data")):
                if isinstance(place, Mapping):
                    value = place.get(ATTR_ENTITY_ID)
                    items = [value] if isinstance(value, str) else value
                    if isinstance(items, list):
                        found |= {str(item).strip().lower() for item in items}
        for value in node.values():
            if isinstance(value, (list, Mapping)):
                found |= _acted_on(hass, value)
    return found


def _only_answers(hass: HomeAssistant, step: Mapping[str, Any]) -> bool:
    """Return True for an action step whose action only returns a response."""
    name = step.get("action", step.get("service"))
    if not isinstance(name, str) or "{" in name or "." not in name:
        return False
    domain, _, service = name.strip().lower().partition(".")
    return (
        hass.services.has_service(domain, service)
        and hass.services.supports_response(domain, service) is SupportsResponse.ONLY
    )


def derivations(hass: HomeAssistant, unreadable: dict[str, str]) -> dict[str, set[str]]:
    """Return entity -> the keys its state derives from.

    A template entity the gate cannot read derives from everything (noted
    in `unreadable`): whatever changes may change it.
    """
    sources: dict[str, set[str]] = {}
    for entity in template_entities(hass):
        try:
            scripts, config = template_parts(entity)
            reads = Reads(hass)
            reads.add({k: v for k, v in config.items() if k not in scripts and k != "device_id"})
            if (block := trigger_config(entity)) is not None:
                reads.add({key: block.get(key) for key in ("triggers", *_COMMON_KEYS)})
        except Exception as err:  # noqa: BLE001  # One item never fails the house.
            _unreadable(entity.entity_id, err, unreadable)
            sources.setdefault(entity.entity_id, set()).add(EVERYTHING)
            continue
        sources.setdefault(entity.entity_id, set()).update(reads.keys)
    persons = hass.states.async_entity_ids("person")
    for state in hass.states.async_all():
        if state.domain in ("scene", "script", "automation"):
            continue
        members = state.attributes.get(ATTR_ENTITY_ID)
        if isinstance(members, str):  # One member, as a template attribute may render it.
            members = [members]
        if isinstance(members, (list, tuple)):
            sources.setdefault(state.entity_id, set()).update(
                str(m).lower() for m in members if isinstance(m, str)
            )
        trackers = state.attributes.get("device_trackers")
        if isinstance(trackers, (list, tuple)):
            sources.setdefault(state.entity_id, set()).update(str(t) for t in trackers)
        if state.domain == "zone":
            sources.setdefault(state.entity_id, set()).update(persons)
    registry = er.async_get(hass)
    for entry in hass.config_entries.async_entries():
        if entry.domain in (DOMAIN, "template"):
            continue  # Template helpers are read from their entities, without scripts.
        if keys := entry_entities(hass, entry):
            for own in er.async_entries_for_config_entry(registry, entry.entry_id):
                sources.setdefault(own.entity_id, set()).update(keys - {own.entity_id})
    # An event entity reports what its device does: an action on the device
    # (its button pressed) can fire it.
    for own in registry.entities.values():
        if own.domain == "event" and own.device_id:
            siblings = er.async_entries_for_device(registry, own.device_id, True)
            keys = {e.entity_id for e in siblings if e.entity_id != own.entity_id}
            sources.setdefault(own.entity_id, set()).update(keys)
    return sources


def derived_closure(sources: Mapping[str, set[str]]) -> dict[str, frozenset[str]]:
    """Return entity -> every entity whose state derives from it, however indirectly."""
    direct: dict[str, set[str]] = {}
    for derived, keys in sources.items():
        for key in keys:
            if is_entity_key(key):  # An entity, not a domain's key.
                direct.setdefault(key, set()).add(derived)
    closed: dict[str, frozenset[str]] = {}
    for root, first in direct.items():
        seen: set[str] = set()
        pending = list(first)
        while pending:
            entity_id = pending.pop()
            if entity_id not in seen and entity_id != root:
                seen.add(entity_id)
                pending.extend(direct.get(entity_id, ()))
        closed[root] = frozenset(seen)
    return closed
