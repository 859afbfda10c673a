"""Macro analysis: what a script, automation or template entity's script does.

A sequence is walked through every branch, whether or not it would run today
(`choose` and its default, `if`/`else`, `repeat`, `parallel`, nested
`sequence`; disabled actions too); what comes after a delay, a wait or in
a loop runs later, so it is judged on any state of the house, not today's
(`Judge.later`); a step right after a condition that found an entity in some
states is judged with it in them (`held_by`, `Judge.holds`). Every action it contains is handed
to the judge (`judge.Judge`) as what it is: a service call, a scene
activation, a device action, an event. What the sequence reads on the way
(conditions, `wait_template`, `wait_for_trigger`, variables, templated
data and targets) is collected as its inputs when the judge asks for them
(`Judge.reads`), for the perimeter.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
import re
from typing import Any, Final

from homeassistant.const import (
    ATTR_ENTITY_ID,
    CONF_ACTION,
    CONF_CHOOSE,
    CONF_CONDITION,
    CONF_CONDITIONS,
    CONF_CONTINUE_ON_TIMEOUT,
    CONF_COUNT,
    CONF_DEFAULT,
    CONF_DELAY,
    CONF_ELSE,
    CONF_PARALLEL,
    CONF_REPEAT,
    CONF_SCENE,
    CONF_SEQUENCE,
    CONF_SERVICE,
    CONF_SERVICE_DATA,
    CONF_SERVICE_DATA_TEMPLATE,
    CONF_SERVICE_TEMPLATE,
    CONF_TARGET,
    CONF_THEN,
    CONF_TIMEOUT,
    CONF_UNTIL,
    CONF_VALUE_TEMPLATE,
    CONF_WAIT_FOR_TRIGGER,
    CONF_WAIT_TEMPLATE,
    CONF_WHILE,
)
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.template import Template

from .bindings import (
    MAX_ALTERNATIVES,
    OPTIONS_DOMAINS,
    Assumption,
    Partial,
    Unbounded,
    enabled,
    has_template,
    is_template,
    names_set,
    rendering_states,
    renders_assuming,
    states_known,
    static_prefix,
    static_suffix,
    template_verdict,
    values_set,
)
from .handlers import Ending, Judging
from .model import TARGET_KEYS
from .raising import reads_house
from .rules import MESSAGE_DOMAINS
from .targets import is_dynamic, static

ANY_SERVICE: Final = "*"
"""A service of the domain that cannot be told before it runs: judged as each of them
(`say_*`: each whose name starts with `say_`)."""

INLINE_DEPTH: Final = 24
"""How deep one walk follows what it runs and drives step by step: a script, an
automation or a template entity met deeper is judged as the house's index judges
it on its own (`Judge.on_its_own`)."""
MAX_DEPTH: Final = 48
"""How deep steps may nest at all (a `choose` in an `if` in a `repeat`, in what
runs them) before the gate calls the action `unknown`."""
MAX_STEPS: Final = 5_000
"""How many steps one judgement walks step by step: past them, each item it runs
or drives is judged on its own, as deeper than `INLINE_DEPTH`."""
HARD_STEPS: Final = 2 * MAX_STEPS
"""How many steps one judgement may walk at all (`TooLarge` beyond)."""
DATA_RUNS: Final = INLINE_DEPTH
"""How many script runs given their caller's data, one inside another, one walk
follows past `INLINE_DEPTH` (`Judge.run_macro`): judged on its own, such a script
would be run with any data."""
DATA_STEPS: Final = MAX_STEPS + MAX_STEPS // 2
"""How many steps one judgement walks before a script run with its caller's data too
is judged on its own (`Judge.run_macro`): what it runs or drives past `MAX_STEPS` is
cut, so each such run costs its own steps, well within `HARD_STEPS`."""
ASKED_STEPS: Final = MAX_STEPS
"""How many steps, in all, the checks one judgement runs to tell whether an entity is
guarded may walk (`Gate.async_is_guarded_entity`: a template light joining a group is
guarded when an action on it is, each of its verbs judged in full); past them, each
entity asked about next is guarded, the cautious answer."""
_WAIT_KINDS: Final = frozenset(
    {
        cv.SCRIPT_ACTION_DELAY,
        cv.SCRIPT_ACTION_WAIT_TEMPLATE,
        cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER,
    }
)
"""After one of these, the rest of a run happens later: on the house as it is then."""
_WAITS_SET: Final = frozenset({cv.SCRIPT_ACTION_WAIT_TEMPLATE, cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER})
"""Waits after which the run's `wait` says what they saw (`wait.completed`, `wait.trigger`)."""
_WAIT: Final = "wait"
_CALLS_WALKED: Final = frozenset({"script", "automation", "scene"})
"""Domains whose calls run what the walk judges step by step."""


ENDS: Final[Mapping[Ending, str]] = {
    Ending.SEQUENCE: "the sequence it stands in (`_ConditionFail`): a `choose` option's, an "
    "`if`'s or a `sequence`'s, whose steps after the block run, or the run",
    Ending.RUN: "the run, through its branches (`_StopScript`, `_AbortScript`); a script's "
    "run, not its caller's, which goes on",
    Ending.CALLERS: "the run, and each caller waiting for it (an exception)",
}
"""What each `Ending` ends."""
ENDINGS: Final[Mapping[str, Ending]] = {
    cv.SCRIPT_ACTION_CHECK_CONDITION: Ending.SEQUENCE,
    cv.SCRIPT_ACTION_STOP: Ending.RUN,
}
"""Steps that can end the run, and how much: what their branch reads decides whether
what follows runs. A wait with `continue_on_timeout: false` ends it as a `stop` does
(`WAIT_GIVES_UP`); a call a client can make fail (`_can_fail`), and a template the run
renders that can raise (`Judge.renders`: a message's text, a `variables` step), as an
exception does (`CALL_FAILS`)."""
WAIT_GIVES_UP: Final = Ending.RUN
CALL_FAILS: Final = Ending.CALLERS
_LOOP_KEYS: Final = (CONF_COUNT, "for_each", CONF_WHILE, CONF_UNTIL)
"""A `repeat`'s keys that say how many times its sequence runs, and with what."""
_READ_KINDS: Final = frozenset(
    {
        cv.SCRIPT_ACTION_CHECK_CONDITION,
        cv.SCRIPT_ACTION_DELAY,  # A templated delay reads: "after lock_delay seconds".
        cv.SCRIPT_ACTION_WAIT_TEMPLATE,
        cv.SCRIPT_ACTION_WAIT_FOR_TRIGGER,
        cv.SCRIPT_ACTION_VARIABLES,
    }
)


class TooLarge(Exception):
    """What an action runs is more than `HARD_STEPS` steps: the gate stops reading it."""

    def __init__(self) -> None:
        """Say how far the gate read."""
        super().__init__(
            f"what it runs, with every script and template entity it drives, is more than "
            f"{HARD_STEPS} steps"
        )


def trigger_ids(conditions: Any) -> frozenset[str] | None:
    """Return the trigger ids a branch's conditions require (`condition: trigger`), or None.

    Conditions are all required, so one `condition: trigger` at the top
    level ties the branch to its ids; inside `or` or `not` it does not.
    """
    items = conditions if isinstance(conditions, list) else [conditions]
    for item in items:
        if isinstance(item, Mapping) and item.get("condition") == "trigger" and enabled(item):
            ids = item.get("id")
            values = [ids] if isinstance(ids, (str, int)) else ids
            if isinstance(values, list) and values:
                return frozenset(str(value) for value in values)
    return None


def _exactly_trigger(conditions: Any, negated: bool = False) -> frozenset[str] | None:
    """Return the ids when the conditions are one `condition: trigger` (or its `not`)."""
    items = conditions if isinstance(conditions, list) else [conditions]
    if len(items) != 1 or not isinstance(items[0], Mapping) or not enabled(items[0]):
        return None
    if negated:
        if items[0].get("condition") != "not":
            return None
        return _exactly_trigger(items[0].get(CONF_CONDITIONS))
    return trigger_ids(items)


def redefines_trigger(sequences: Any) -> bool:
    """Return True if a step anywhere in `sequences` sets `trigger`.

    A `variables` step, or an action's `response_variable: trigger`.

    What runs after it sees that `trigger`, not the one that fired: no
    branch can then be tied to a trigger id.
    """
    if isinstance(sequences, Mapping):
        variables = sequences.get("variables")
        # Validated configuration holds `ScriptVariables`, their mapping inside.
        variables = getattr(variables, "variables", variables)
        if isinstance(variables, Mapping) and "trigger" in variables:
            return True
        if sequences.get("response_variable") == "trigger":
            return True
        return any(redefines_trigger(value) for value in sequences.values())
    if isinstance(sequences, (list, tuple)):
        return any(redefines_trigger(item) for item in sequences)
    return False


def named_states(value: Any) -> frozenset[str] | None:
    """Return the states a `state:`, `to:` or `not_to:` names (None: not known as written).

    A `state` condition's `state` may name an `input_*` helper: the entity
    must then be in that helper's state, whatever it is.
    """
    if value is None:
        return None
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        return None
    states = frozenset(str(item) for item in items)
    if any(state.startswith("input_") and cv.valid_entity_id(state) for state in states):
        return None
    return states


type Held = Mapping[str, frozenset[str]]
"""Entity -> the states it is in while a step runs, as the conditions before it say."""


def held_by(conditions: Any, ways: Sequence[Mapping[str, Any]] = ()) -> dict[str, frozenset[str]]:
    """Return entity -> the states `conditions` (all of them) require it to be in.

    What certainly holds when they all do: a plain `state` condition (on no
    attribute, not `match: any`, its states written out), each one inside an
    `and`, and a template condition every way to `true` of which takes the
    entity to be in one of some states (`{{ is_state('alarm_control_panel.x',
    'disarmed') }}`), rendered for each of the run's `ways` (`bindings`).
    An `or`, a `not`, a condition that may be skipped (`enabled` templated)
    say nothing.
    """
    held: dict[str, frozenset[str]] = {}
    for condition in conditions if isinstance(conditions, list) else [conditions]:
        for entity_id, accepted in _condition_held(condition, ways):
            key = entity_id.strip().lower()
            held[key] = held.get(key, accepted) & accepted
    return held


def _condition_held(
    condition: Any, ways: Sequence[Mapping[str, Any]]
) -> Iterator[tuple[str, frozenset[str]]]:
    """Yield (entity, states) one condition requires (`held_by`)."""
    if not isinstance(condition, Mapping) or condition.get("enabled", True) is not True:
        return
    kind = condition.get(CONF_CONDITION)
    if kind == "and":
        yield from held_by(condition.get(CONF_CONDITIONS), ways).items()
    elif kind == "template":
        yield from _template_held(condition.get(CONF_VALUE_TEMPLATE), ways)
    elif kind == "state" and "attribute" not in condition:
        accepted = named_states(condition.get("state"))
        if (
            accepted is None
            or any(is_template(state) for state in accepted)
            or condition.get("match", "all") != "all"
        ):
            return
        entity_ids = condition.get(ATTR_ENTITY_ID)
        entity_ids = [entity_ids] if isinstance(entity_ids, str) else entity_ids
        for entity_id in entity_ids if isinstance(entity_ids, list) else ():
            if isinstance(entity_id, str) and not is_template(entity_id):
                yield entity_id, accepted


_BARE_EXPRESSION: Final = re.compile(
    r"\s*\{\{(?P<expression>(?:(?!\{[{%#]|\}\}).)*)\}\}\s*", re.DOTALL
)
"""A template that is one expression (`{{ is_state('x', 'on') and y }}`)."""


def _template_held(
    value: Any, ways: Sequence[Mapping[str, Any]]
) -> Iterator[tuple[str, frozenset[str]]]:
    """Yield (entity, states) each way a template condition is true takes as so.

    Home Assistant holds a template condition true when it renders `true`;
    a bare expression is read as what it is truthy for (more ways are true,
    so fewer states are certain). None is certain unless every true way, in
    each of `ways`, takes the entity to be in one of the states.
    """
    text = value.template if isinstance(value, Template) else value
    if not isinstance(text, str) or not ways:
        return
    if (bare := _BARE_EXPRESSION.fullmatch(text)) is not None:
        text = f"{{% if ({bare['expression']}) %}}true{{% else %}}false{{% endif %}}"
    certain: dict[str, set[str]] | None = None
    for variables in ways:
        try:
            rendered = renders_assuming(text, variables)
        except Unbounded:
            return
        for result, assumed in rendered:
            if str(result).strip().lower() != "true":
                continue
            taken: dict[str, set[str]] = {}
            for entity_id, state, holds in assumed:
                if holds:
                    taken.setdefault(entity_id, set()).add(state)
            if certain is None:
                certain = taken
            else:  # In one of the states either way.
                certain = {e: certain[e] | taken[e] for e in certain.keys() & taken.keys()}
    for entity_id, states in (certain or {}).items():
        yield entity_id, frozenset(states)


def _all_but(judge: Judging, ids: frozenset[str] | None) -> frozenset[str] | None:
    """Return every trigger id of the automation being walked but `ids` (None: unknown)."""
    known = judge.all_trigger_ids
    return None if ids is None or known is None else known - ids


def walk(judge: Judging, sequence: Any, depth: int) -> None:
    """Hand every action of a sequence, in every branch, to `judge`.

    A `condition` step that fails in every way the run can be ends it there.
    """
    if isinstance(sequence, Mapping):
        sequence = [sequence]
    if not isinstance(sequence, list):
        return
    steps: list[tuple[Any, int]] = []  # Each `condition` step, with what follows it.
    try:
        for action in sequence:
            if isinstance(action, Mapping):
                _walk_action(judge, action, depth)
                if "condition" in action:
                    if decided(judge, action) is False:
                        return
                    judge.holds(action)  # What follows runs only if it held.
                    steps.append((action, len(judge.findings)))
    finally:
        judge.condition_steps(steps)


def decided(judge: Judging, conditions: Any) -> bool | None:
    """Return whether `conditions` (all of them) hold in every way the run can be.

    Only template conditions the run's variables decide count (`{{ debug ==
    true }}` with `debug: false`, a notification script's `{{ has_actions
    }}` when its caller gave no button): rendered as Home Assistant renders
    a condition, true only where the text is `true`. None: not known (a
    condition of another kind, one that reads the house, ways that differ).
    """
    if judge.bindings is None:
        return None
    items = conditions if isinstance(conditions, list) else [conditions]
    ways = judge.bindings.scoped(judge.scope if judge.trigger_ids_known else None)
    verdicts: set[bool | None] = set()
    for condition in items:
        verdict = template_verdict(condition, ways)
        if verdict is False:
            return False  # All must hold: this one never does.
        verdicts.add(verdict)
    return True if verdicts == {True} else None


def _walk_branch(
    judge: Judging, sequence: Any, depth: int, holds: Any = None, *, parallel: bool = False
) -> None:
    """Walk a nested sequence; what it sets may or may not hold after it (either counts).

    `holds`: the conditions it runs under (`Judge.nested`); `parallel`: one
    of a `parallel`'s branches, which the others' steps may come between.
    """
    before = judge.bindings
    with judge.nested(holds, parallel=parallel):
        walk(judge, sequence, depth)
    if before is not None and judge.bindings is not None and judge.bindings is not before:
        judge.bindings = before.merged(judge.bindings)


def _alternatives(judge: Judging, value: Any) -> list[Any]:
    """Return `value` rendered for each way the run can be (`Bindings.expand`)."""
    if judge.bindings is None:
        return [value]
    scope = judge.scope if judge.trigger_ids_known else None
    return judge.bindings.expand(value, scope)


def _known(judge: Judging) -> Mapping[str, tuple[str, ...]] | None:
    """Return the variables the run holds entity ids in (`Bindings.entity_names`)."""
    return judge.bindings.entity_names() if judge.bindings is not None else None


def _read(judge: Judging, config: Any) -> None:
    """Read `config`, and what the variables it reads were set from (`Judge.set_from`)."""
    if judge.reads is not None and config is not None:
        judge.reads.add([config, *judge.set_from(config)], _known(judge))


def _read_dynamic(judge: Judging, config: Any) -> None:
    """Read only the templated parts of `config` (static targets are outputs)."""
    if judge.reads is not None:
        judge.reads.add_templated(config, _known(judge))


def _walk_action(judge: Judging, action: Mapping[str, Any], depth: int) -> None:
    judge.spend()
    if depth > MAX_DEPTH:
        judge.unknown("macro", "Macros nest too deeply to analyse")
        return
    try:
        kind = cv.determine_script_action(dict(action))
    except ValueError:
        judge.unknown("macro", "An action of a kind Home MCP does not know")
        return
    _note_run(judge, kind, action)
    if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
        _walk_service(judge, action, depth)
    elif kind == cv.SCRIPT_ACTION_ACTIVATE_SCENE:
        _read_dynamic(judge, action.get(CONF_SCENE))
        for scene in _alternatives(judge, action.get(CONF_SCENE)):
            if is_dynamic(scene) or not isinstance(static(scene), str):
                judge.unknown("scene.turn_on", "The scene is a template")
            else:
                judge.run_macro(str(static(scene)).strip().lower(), depth + 1)
    elif kind == cv.SCRIPT_ACTION_DEVICE_AUTOMATION:
        judge.device_action(action, depth + 1)
    elif kind == cv.SCRIPT_ACTION_CHOOSE:
        with judge.block():
            _walk_choose(judge, action, depth)
    elif kind == cv.SCRIPT_ACTION_IF:
        with judge.block():
            _walk_if(judge, action, depth)
    elif kind == cv.SCRIPT_ACTION_REPEAT:
        repeat = action.get(CONF_REPEAT)
        judge.later()  # The second time round is later.
        if isinstance(repeat, Mapping):
            _read(judge, {k: v for k, v in repeat.items() if k != CONF_SEQUENCE})
            judge.pauses([repeat.get(key) for key in _LOOP_KEYS])
            # Its `while` or `until` may hold it for ever; its items are `repeat.item`.
            judge.decides([repeat.get(CONF_WHILE), repeat.get(CONF_UNTIL)])
            judge.sets_variables({"repeat": [repeat.get(key) for key in _LOOP_KEYS]})
            before = judge.bindings
            if before is not None:
                if (items := _repeat_items(judge, repeat)) == []:
                    return  # A `for_each` over nothing, every way: its steps never run.
                judge.bindings = before.with_value("repeat", items)
                # What a round sets, a later round (and what follows) sees: any round's
                # value, set from what each value it is given reads (`with_response`).
                given = values_set(repeat.get(CONF_SEQUENCE))
                for name in sorted(names_set(repeat.get(CONF_SEQUENCE))):
                    noted = frozenset(judge.bindings.from_house)
                    sources = [v for v in given.get(name, []) if reads_house(v, noted)]
                    judge.bindings = judge.bindings.with_response(name, sources)
            try:
                with judge.nested(repeat.get(CONF_WHILE)), judge.rounds():  # Checked each round.
                    walk(judge, repeat.get(CONF_SEQUENCE), depth + 1)
            finally:
                if before is not None and judge.bindings is not None:
                    judge.bindings = before.merged(judge.bindings.without("repeat"))
    elif kind == cv.SCRIPT_ACTION_PARALLEL:
        for branch in action.get(CONF_PARALLEL) or []:
            if isinstance(branch, Mapping) and CONF_SEQUENCE in branch:
                _walk_branch(judge, branch[CONF_SEQUENCE], depth + 1, parallel=True)
            else:
                _walk_branch(judge, branch, depth + 1, parallel=True)
    elif kind == cv.SCRIPT_ACTION_SEQUENCE:
        _walk_branch(judge, action.get(CONF_SEQUENCE), depth + 1)
    elif kind == cv.SCRIPT_ACTION_FIRE_EVENT:
        _read_dynamic(judge, action.get("event"))
        with judge.step([action.get("event_data"), action.get("event_data_template")]):
            data = None if action.get("event_data_template") else action.get("event_data")
            for event_type in _alternatives(judge, action.get("event")):
                judge.event(event_type, depth + 1, data)
    elif kind in _READ_KINDS:
        _walk_read(judge, kind, action)
    # stop and conversation responses move nothing.


def _walk_read(judge: Judging, kind: str, action: Mapping[str, Any]) -> None:
    """Walk a step that only reads: a `variables` step, a condition, a wait, a delay."""
    _read(judge, action)
    if kind == cv.SCRIPT_ACTION_DELAY:
        judge.pauses(action.get(CONF_DELAY))
    elif kind in _WAITS_SET:  # Its timeout; without one, what it waits for.
        if CONF_TIMEOUT in action:
            judge.pauses(action[CONF_TIMEOUT])
        else:
            judge.pauses([action.get(CONF_WAIT_TEMPLATE), action.get(CONF_WAIT_FOR_TRIGGER)])
    if kind == cv.SCRIPT_ACTION_VARIABLES:
        _walk_variables(judge, action.get(cv.SCRIPT_ACTION_VARIABLES))
        judge.sets_variables(action.get(cv.SCRIPT_ACTION_VARIABLES))
    else:  # A condition, a wait, a delay: what follows it runs as it says.
        judge.decides(action)
    if kind in _WAITS_SET:  # `wait` holds what the wait saw, for the steps after it.
        judge.sets_variables({_WAIT: [action]})
        if judge.bindings is not None:
            judge.bindings = judge.bindings.with_response(_WAIT, [action])


def _walk_variables(judge: Judging, block: Any) -> None:
    """Walk a `variables` step: its templates render (and may raise), then the run holds them.

    An entry reads what those before it set from the house (`Bindings.noting`),
    and the entities those before it name (`zones: [zone.near_home]`, then
    `{% for zone in zones %}{{ state_attr(zone, 'radius') }}`: that zone).
    """
    before = judge.bindings
    items = getattr(block, "variables", block)
    if before is None or not isinstance(items, Mapping):
        judge.renders(block, CALL_FAILS)
        return
    after = before.with_variables(block)
    noted, named = before.noting(block), after.entity_names()
    given = before.entity_names()
    set_here: set[str] = set()
    for name, value in items.items():
        known = {key: ids for key, ids in given.items() if key.partition(".")[0] not in set_here}
        known.update({key: ids for key, ids in named.items() if key.partition(".")[0] in set_here})
        judge.bindings = noted.knowing(known)
        judge.renders({name: value}, CALL_FAILS)
        set_here.add(str(name))
    judge.bindings = after


def _walk_choose(judge: Judging, action: Mapping[str, Any], depth: int) -> None:
    """Walk a `choose`: each option that may run, then its `default`."""
    # `default` runs only when no option matched: after options that are
    # each exactly a trigger condition, only on the other triggers.
    # An option runs when its conditions hold and no earlier option's did.
    taken: frozenset[str] | None = frozenset()
    earlier: list[Any] = []
    for option in action.get(CONF_CHOOSE) or []:
        if isinstance(option, Mapping):
            conditions = option.get(CONF_CONDITIONS)
            holds = decided(judge, conditions)
            if holds is not False:
                with judge.scoped(trigger_ids(conditions)), judge.branch(conditions, earlier):
                    _walk_branch(judge, option.get(CONF_SEQUENCE), depth + 1, conditions)
            if holds is True:
                return  # It always runs: no later option, no default.
            earlier.append(conditions)
            only = _exactly_trigger(conditions)
            taken = None if only is None or taken is None else taken | only
    with (
        judge.scoped(_all_but(judge, taken) if taken else None),
        judge.branch(None, earlier),
    ):
        _walk_branch(judge, action.get(CONF_DEFAULT), depth + 1)


def _walk_if(judge: Judging, action: Mapping[str, Any], depth: int) -> None:
    """Walk an `if`: its `then` unless it never holds, its `else` unless it always does."""
    condition = action.get("if")
    holds = decided(judge, condition)
    negated = _exactly_trigger(condition, negated=True)
    if holds is not False:
        with (
            judge.scoped(trigger_ids(condition) or _all_but(judge, negated)),
            judge.branch(condition),
        ):
            _walk_branch(judge, action.get(CONF_THEN), depth + 1, condition)
    exactly = _exactly_trigger(condition)
    if holds is not True:
        with (
            judge.scoped(_all_but(judge, exactly) if exactly is not None else negated),
            judge.branch(None, [condition]),
        ):
            _walk_branch(judge, action.get(CONF_ELSE), depth + 1)


def _repeat_items(judge: Judging, repeat: Mapping[str, Any]) -> list[Any] | None:
    """Return what `repeat` holds in each round (None: anything): `for_each` over a list."""
    items = repeat.get("for_each")
    if items is None:
        return [Partial()]  # A count, `while` or `until` loop: its index is not bounded.
    found: list[Any] = []
    for rendered in _alternatives(judge, items):
        if is_dynamic(rendered) or not isinstance(rendered, (list, tuple)):
            return None
        found.extend(Partial(item=item) for item in rendered)
    return found


def _scope(judge: Judging) -> frozenset[str] | None:
    return judge.scope if judge.trigger_ids_known else None


def _with_targets(
    judge: Judging, ways: list[tuple[Any, frozenset[Assumption]]]
) -> list[tuple[Any, frozenset[Assumption]]]:
    """Return `ways` with each target still a template as each entity it can name.

    The entities a target's template names by a helper's state are those
    each state the house says it can be in names (`bindings.states_known`:
    `switch.alarm_{{ states('input_select.kind') }}` is each option's
    switch); new options change them, and so does making such a helper
    the house lacks (`Record.options_of`). Each such
    target goes with each way of the rest of the step, nothing taken as so
    of the house's states; too many of them: as it is (any entity).
    """
    assert judge.bindings is not None
    found: list[tuple[Any, frozenset[Assumption]]] = []
    for way, assumed in ways:
        target = way.get("target") if isinstance(way, Mapping) else None
        if not has_template(target) or not (states := states_known(judge.hass, target)):
            found.append((way, assumed))
            continue
        with rendering_states(states):
            targets = judge.bindings.expand(target, _scope(judge))
        if any(has_template(each) for each in targets):
            found.append((way, assumed))
            continue
        # A helper the house lacks is `unknown` until made: making it changes them too.
        judge.bindings.record.options_of.update(
            entity_id
            for entity_id in states
            if entity_id.partition(".")[0] in OPTIONS_DOMAINS
            or judge.hass.states.get(entity_id) is None
        )
        found += [({**way, "target": each}, frozenset()) for each in targets]
    return found if len(found) <= MAX_ALTERNATIVES else ways


def _walk_service(judge: Judging, action: Mapping[str, Any], depth: int) -> None:
    """Hand an `action:` (service call) inside a macro to the judge, once per way it can be.

    Templates in its name, target and data are rendered for each way the
    run can be (`bindings`), a target's naming entities by a helper's state
    for each state it can be in (`_with_targets`); one that cannot be
    bounded is judged as before:
    a templated name is `unknown` unless its text fixes the domain
    (`cover.{{ modus }}_cover` is one of the cover's actions), a templated
    target reaches every entity of the domain that is not plain.
    """
    name = action.get(CONF_ACTION, action.get(CONF_SERVICE, action.get(CONF_SERVICE_TEMPLATE)))
    data, target = _data_and_target(action)
    _read_dynamic(judge, target)
    with judge.step(data):
        step = {"name": name, "target": target, "data": data}
        ways = (
            _with_targets(judge, judge.bindings.expand_assuming(step, _scope(judge)))
            if judge.bindings is not None
            else [(step, frozenset())]
        )
        # `continue_on_error` does not help: the value out of range a client can give
        # fails the service's validation (`vol.Invalid`, a template's error), which Home
        # Assistant raises all the same (`script.CONFIGURATION_ERRORS`).
        if _can_fail([way for way, _ in ways]):
            judge.halts(CALL_FAILS)
        judge.renders(step, CALL_FAILS)  # A message's text, a script's data, rendered first.
        for way, assumed in ways:
            already = {entity_id: state for entity_id, state, holds in assumed if holds}
            _call(judge, way["name"], way["target"], way["data"], depth, already)
    response = action.get("response_variable")
    if isinstance(response, str):
        sources = judge.read_response(name, target)
        judge.sets_variables({response: sources})  # What a condition reading it decides with.
        if judge.bindings is not None:
            judge.bindings = judge.bindings.with_response(response, sources)


def _note_run(judge: Judging, kind: str, action: Mapping[str, Any]) -> None:
    """Tell the judge what a step does to the run: makes what follows later, or can end it."""
    if kind in _WAIT_KINDS:
        judge.later()
    if (ending := ENDINGS.get(kind)) is not None:
        judge.halts(ending)
    elif kind in _WAIT_KINDS and action.get(CONF_CONTINUE_ON_TIMEOUT) is False:
        judge.halts(WAIT_GIVES_UP)


def _can_fail(ways: list[Any]) -> bool:
    """Return True for a call a client can make fail: one still given templated values.

    A temperature from a slider wider than the thermostat's range raises,
    and the run stops there. Messages take any text (`MESSAGE_DOMAINS`); a
    script's own steps say whether it fails (they are walked). Whatever the
    action, a template in it that can raise as it is rendered fails it too
    (`Judge.renders`).
    """
    for way in ways:
        name, target, data = way["name"], way["target"], way["data"]
        if not (has_template(name) or has_template(target) or has_template(data)):
            continue
        written = static_prefix(name) if has_template(name) else str(static(name))
        domain = written.partition(".")[0]
        if domain not in MESSAGE_DOMAINS | _CALLS_WALKED:
            return True
    return False


def _call(
    judge: Judging,
    name: Any,
    target: Any,
    data: Any,
    depth: int,
    already: Mapping[str, str] | None = None,
) -> None:
    """Judge one service call whose name may still be a template.

    `already`: the states entities are in whenever the call is made this
    way (`Bindings.expand_assuming`: the template that chose it read them).
    """
    if (
        not is_dynamic(name)
        and isinstance(static(name), str)
        and not cv.valid_entity_id(str(static(name)).strip().lower())
    ):
        # Rendered to no action (an `{% if %}` without `else`, `notify.{{ who }}` without
        # `who`): Home Assistant refuses a name not `<domain>.<name>` (`cv.service`).
        return
    if is_dynamic(name) or not isinstance(static(name), str):
        _read(judge, name)
        prefix = static_prefix(name)
        if "." not in prefix and judge.bindings is not None:  # `{{ service }}`: `notify.{{ to }}`.
            prefix = judge.bindings.action_prefix(
                name, judge.scope if judge.trigger_ids_known else None
            )
        domain, dot, service = prefix.partition(".")
        if dot and cv.valid_entity_id(f"{domain}.x"):
            # Each of the domain's actions whose name starts so (`script.say_{{ voice }}`).
            # ... and ends so (`script.{{ alert }}_led`).
            pattern = service + ANY_SERVICE + static_suffix(name)
            judge.call(domain, pattern, target, data, depth + 1)
            return
        judge.unknown("templated action", "The macro calls an action whose name is a template")
        return
    domain, service = str(static(name)).strip().lower().split(".", 1)
    judge.call(domain, service, target, data, depth + 1, already=already)


def _data_and_target(action: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return a service step's data and target, as Home Assistant merges them."""
    data: dict[str, Any] = {}
    for key in (CONF_SERVICE_DATA, CONF_SERVICE_DATA_TEMPLATE):
        if isinstance(value := action.get(key), Mapping):
            data.update(value)
        elif value is not None:
            data["__template__"] = value  # A templated data block.
    target: dict[str, Any] = {}
    if isinstance(value := action.get(CONF_TARGET), Mapping):
        target.update(value)
    elif value is not None:
        target["entity_id"] = value  # A templated target block.
    for key in TARGET_KEYS:
        if key in action:
            target[key] = action[key]
    return data, target
