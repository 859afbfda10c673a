"""What secures the house, beyond what locks, closes or arms itself.

The perimeter (`perimeter.build_snapshot`) finds the automations and scripts
whose own actions lock, close or arm; this module widens that to what they
depend on: what sets them off (`securing_chains`), what else they read
(`dependencies`), the scripts and scenes they run (`securing_runners`),
what they act on (`acting_on`, `redefines`), their one run at a time
(`blocked_by_run_mode`), the number their `numeric_state` trigger compares
(`moves_away`) and the answers their waits take (`unsecuring_answers`).
Changing any of these can keep the house from being secured.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any, Final

from homeassistant.components.cover import CoverState
from homeassistant.components.lock import LockState
from homeassistant.components.valve import ValveState
from homeassistant.const import (
    CONF_ACTION,
    CONF_CONDITIONS,
    CONF_COUNT,
    CONF_DELAY,
    CONF_ENTITY_ID,
    CONF_FOR_EACH,
    CONF_PARALLEL,
    CONF_REPEAT,
    CONF_RESPONSE_VARIABLE,
    CONF_SEQUENCE,
    CONF_SERVICE,
    CONF_SERVICE_DATA,
    CONF_SERVICE_DATA_TEMPLATE,
    CONF_TARGET,
    CONF_TIMEOUT,
    CONF_UNTIL,
    CONF_VARIABLES,
    CONF_WAIT_FOR_TRIGGER,
    CONF_WAIT_TEMPLATE,
    CONF_WHILE,
    SERVICE_TOGGLE,
    SERVICE_TURN_ON,
    STATE_ON,
)
from homeassistant.core import HomeAssistant, State
from homeassistant.helpers.template import Template, result_as_boolean

from .bindings import (
    ANY,
    Bindings,
    Unbounded,
    is_template,
    names_read,
    renders,
    run_bindings,
    values_of,
    values_set,
    variables_read,
)
from .facts import SCRIPT_CONTROLS, entity_object, script_entity_id, script_service
from .live import present
from .model import Finding, Risk
from .perimeter_keys import ANY_TIMER, EVERYTHING, KeyKind, domain_key, is_state_key, name_of
from .reads import Reads
from .rules import NUMERIC_VERBS, REDEFINING, Hold
from .verbs import SECURING_VERBS, SETTING_FIELDS, resulting_states
from .wiring import Runnable, Threshold, TriggerOn


def dependencies(runnable: Runnable) -> Iterator[tuple[str, frozenset[str] | None, Hold]]:
    """Yield (entity, the states it may take; None: none, how) a securing automation depends on.

    Its conditions' checks (`Hold.CHECK`); what its triggers compare with or
    wait for (`Hold.FIRES`: a threshold helper, a trigger's `for:` template,
    a time trigger `at:` a helper, what a template trigger reads); whatever
    else decides when or whether it secures (`Hold.DECIDES`: templated data
    such as a delay, a message it renders first that can fail). Any change
    of those counts: entities, and the whole domain or house a template
    reads (`states.light`, a bare `states`, an entity computed as it runs).
    Not what fires it (a state trigger's entity: changing it runs it), what
    it acts on, nor the timer it waits for (its verbs are judged as such).
    """
    fired = {frozenset(keys) for _, keys in runnable.triggers}
    for key, accepted in runnable.checks:
        # Fired only by changes of what it checks, it checks the state each
        # change leaves: a change cannot keep a later change from securing.
        # (A time trigger, which reads nothing, fires it on any state.)
        if fired != {frozenset({key})}:
            yield key, accepted, Hold.CHECK
    checked = {key for key, _ in runnable.checks}
    deciding = runnable.inputs | runnable.securing_reads
    read = deciding.union(*(k for _, k in runnable.triggers))
    ruled = checked | runnable.acted | runnable.fired_by | runnable.timers
    for key in sorted(read - ruled):
        if is_state_key(key):
            yield key, None, Hold.DECIDES if key in deciding else Hold.FIRES


def checks_on(
    checked_by: Mapping[str, list[tuple[str, frozenset[str] | None, Hold]]], entity_id: str
) -> list[tuple[str, frozenset[str] | None, Hold]]:
    """Return (securing automation, the states it accepts, how) of what depends on `entity_id`.

    Its conditions name the entity, its whole domain (`states.light`) or the
    whole house (a bare `states`, an entity computed as it runs).
    """
    domain = entity_id.partition(".")[0]
    return [
        *checked_by.get(entity_id, ()),
        *checked_by.get(domain_key(domain), ()),
        *checked_by.get(EVERYTHING, ()),
    ]


def stopped_by(
    checks: Iterable[tuple[str, frozenset[str] | None, Hold]], entity_id: str, verb: str
) -> Iterator[tuple[str, Hold]]:
    """Yield the automations of `checks` `verb` on `entity_id` can keep from securing, and how.

    Automations that lock, close or arm do not run when a condition they
    check fails: any change of what they check without knowing the states
    they accept, a change to a state they do not accept otherwise; nor
    secure when what decides whether or when they do changes. (The timer
    they wait for, cancelled, paused or changed, is `Snapshot.waits_on`.)
    """
    states = resulting_states(entity_id.partition(".")[0], verb)
    for automation_id, accepted, hold in checks:
        if accepted is None or not states or not states <= accepted:
            yield automation_id, hold


def blocked_by_run_mode(
    hass: HomeAssistant,
    runners: list[str],
    macro_id: str,
    *,
    variables: bool,
    secures: bool,
    repeats: bool,
    caller: str | None = None,
    computed: Collection[str] = (),
) -> list[str]:
    """Return the securing macros of `runners` a caller's run of `macro_id` blocks by their mode.

    A script or automation in any mode but `parallel` has one run at a
    time: in `single` mode a run while the caller's goes on is dropped, in
    `queued` it waits behind, in `restart` the caller's cancels it (and a
    wait starts again at every call). A `parallel` or `queued` one whose
    `max` runs the caller's run fills drops the next, as `single` does. A run of the securing automation
    itself (`automation.trigger`: without the trigger it was written for,
    `trigger.entity_id` is nothing) holds it up in those modes.

    A script that secures (`secures`), in those modes: a run with the
    caller's variables (a delay of 10 h); in `restart` mode, a run that
    replaces the securing macro's, going on now or, a written item
    (`repeats`), any; in `single` mode, a run of a script the securing
    macro gives data to (its fields: the caller's run has none, and the
    macro's is dropped). A script that secures nothing holds up, when the
    caller gives it variables (a ten-hour pause), the securing macros that
    wait for it: to end (`action: script.x`) behind a `queued` run, or for
    its state (`wait_template: is_state('script.x', 'off')`) while a `single`
    or `queued` one goes on. A dropped or restarted run ends their wait at
    once, and one as written waits no longer than theirs would; nor does
    one given only constants by the macro that runs it (`caller`, None: the
    client: `_gives_constants`) when what it is given cannot make it last
    (`_lasts_as_given`; `computed`: the entities computed from a setting):
    theirs waits for a bounded run, as it would for the house's own
    announcement.
    `runners`: the securing macros that run the script
    (`securing_runners`), or the securing automation itself.
    """
    entity = entity_object(hass, macro_id)
    script = getattr(entity, "script", None) or getattr(entity, "action_script", None)
    mode = getattr(script, "script_mode", "single")
    present(hass, macro_id)  # Its runs (`runs`, `current`) go with its state.
    if mode in ("parallel", "queued") and _takes_the_last_run(script, repeats=repeats):
        mode = "single"  # The securing macro's own run is dropped, as in `single` mode.
    if mode == "parallel":
        return []
    if macro_id in runners:
        return runners
    if not secures:
        if mode not in ("single", "queued") or not variables:
            return []
        sequence = getattr(script, "sequence", None)  # As it runs (a blueprint's too).
        if (
            isinstance(sequence, list)
            and _gives_constants(hass, caller, macro_id)
            and not _lasts_as_given(hass, sequence, computed)
        ):
            return []
        action = f"script.{script_service(hass, macro_id)}"
        return [
            runner
            for runner in runners
            if (mode == "queued" and _waits_for(_raw(hass, runner), action))
            or _waits_on_state(hass, _raw(hass, runner), macro_id)
        ]
    if variables:
        return runners
    if mode == "restart":
        state = present(hass, macro_id)
        return runners if repeats or (state is not None and state.state == STATE_ON) else []
    if mode != "single":
        return []
    return [runner for runner in runners if _gives_data(_raw(hass, runner), macro_id)]


def _takes_the_last_run(script: Any, *, repeats: bool) -> bool:
    """Return True if a caller's run fills a `parallel` or `queued` script's `max` runs.

    Home Assistant then drops any other run until one ends. Again and
    again (`repeats`), a caller fills any.
    """
    max_runs = getattr(script, "max_runs", None)
    runs = getattr(script, "runs", 0)
    if not isinstance(max_runs, int) or not isinstance(runs, int):
        return True  # Not known: as if full.
    return repeats or runs + 1 >= max_runs


SETTINGS: Final = frozenset(SETTING_FIELDS)
"""Domains a delay, a timeout or a count reads as a setting (`verbs.SETTING_FIELDS`):
one a client can set to its most (ten hours), unlike a pause a light's brightness
or a speaker's media duration gives, which the house sets."""


def computed_settings(sources: Mapping[str, Collection[str]]) -> frozenset[str]:
    """Return the entities whose state is computed from a setting, however indirectly.

    `sources`: entity -> what its state derives from (`wiring.derivations`).
    A template sensor "fade seconds" worked out from the "fade minutes"
    helper is set by whoever sets the helper, to its most as well; one
    worked out from a light's brightness is not.
    """
    found: set[str] = set()
    grown = True
    while grown:
        grown = False
        for entity_id, keys in sources.items():
            if entity_id not in found and any(is_setting(key, found) for key in keys):
                found.add(entity_id)
                grown = True
    return frozenset(found)


def _set_as_given(hass: HomeAssistant, value: Any, computed: Collection[str]) -> bool:
    """Return True if `value` reads a variable or a setting (`is_setting`)."""
    if variables_read(value):
        return True
    return any(is_setting(key, computed) for key in Reads(hass).add_templated(value).keys)


def _lasts_as_given(hass: HomeAssistant, node: Any, computed: Collection[str] = ()) -> bool:
    """Return True if what a run of a script's `node` is given can make it last long.

    A delay, a wait's timeout, a repeat's count or items reading a variable
    (a caller's, or one the run sets, maybe from them) or a setting
    (`is_setting`: "fade minutes", or a sensor `computed` from it); a wait
    without a timeout, a repeat `while` or `until` something holds, a
    script it runs and waits for (`action: script.x`, or a templated
    action): as long as anything may. Otherwise each step ends in a time
    the house sets.
    """
    if isinstance(node, list):
        return any(_lasts_as_given(hass, item, computed) for item in node)
    if not isinstance(node, Mapping):
        return False
    if CONF_DELAY in node and _set_as_given(hass, node[CONF_DELAY], computed):
        return True
    if CONF_WAIT_TEMPLATE in node or CONF_WAIT_FOR_TRIGGER in node:
        if CONF_TIMEOUT not in node or _set_as_given(hass, node[CONF_TIMEOUT], computed):
            return True
    repeat = node.get(CONF_REPEAT)
    if isinstance(repeat, Mapping) and (
        CONF_WHILE in repeat
        or CONF_UNTIL in repeat
        or _set_as_given(hass, [repeat.get(CONF_COUNT), repeat.get(CONF_FOR_EACH)], computed)
    ):
        return True
    if _waited_scripts(node) or is_template(node.get(CONF_ACTION, node.get(CONF_SERVICE))):
        return True
    return any(_lasts_as_given(hass, value, computed) for value in node.values())


def _waited_scripts(node: Mapping[str, Any]) -> list[str]:
    """Return the action of each script a step may run and wait for (`action: script.x`).

    Not `script.turn_on` (it starts the script and goes on) or another
    action of the script domain (`SCRIPT_CONTROLS`). A templated action:
    each script it renders to by itself (`"{{ 'script.fade_out' }}"`); one
    its run's variables decide (`"{{ notification_service }}"`, set to
    `notify.{{ send_to }}`) is not read here.
    """
    name = node.get(CONF_ACTION, node.get(CONF_SERVICE))
    if not isinstance(name, str):
        return []
    names = [name]
    if is_template(name):
        try:
            names = [str(each) for each in renders(name, {})]
        except Unbounded:
            return []
    found: list[str] = []
    for each in names:
        service = each.strip().lower()
        if service.startswith("script.") and service.removeprefix("script.") not in SCRIPT_CONTROLS:
            found.append(service.removeprefix("script."))
    return found


_LOOPS: Final = (CONF_COUNT, CONF_FOR_EACH, CONF_WHILE, CONF_UNTIL)
"""A `repeat`'s keys whose templates say how many times its sequence runs."""


def paused_by(
    hass: HomeAssistant,
    node: Any,
    computed: Collection[str] = (),
    pauses: Mapping[str, Collection[str]] | None = None,
) -> set[str]:
    """Return the settings that decide how long the runs a run of `node` waits for last.

    Each run it waits for to end (`_waited_runs`: a script it runs by its
    own action, a script or automation whose state a wait without a
    timeout waits on): the settings (`is_setting`; `computed`: entities
    computed from one) its delays, waits, timeouts and loops read, and so
    on through the runs it waits for in turn. (A pause the house's devices
    give, a speaker's media duration, is the house's, as for
    `_lasts_as_given`.) A securing automation that runs "fade out" before
    it locks, or starts it and waits until it is off, waits as long as the
    helper the fade's delay reads says, as it would for a delay of its own
    (which its own reads already hold).

    A script the run starts itself with data it fixes (`_runs_as_given`),
    in any mode but `queued` (a call waits behind any caller's run, with
    that caller's data), is read as each such run holds it (the data, the
    script's own `variables:` and fields, its `variables` steps): a wake-up
    routine handing "turn the lights on" its lights waits for those lights,
    not for whatever another caller could name; another caller's run drops
    the call, is ended by it or runs beside it. Any other:
    as written, every branch (its walk drops one its own `variables:` rule
    out, which a caller can give otherwise), and as walked (`pauses`,
    `Judge.pauses`: with the entities its variables name and what those
    were worked out from), as any caller may run it.
    """
    found: set[str] = set()
    seen: set[Any] = set()
    pending: list[tuple[Any, Bindings | None]] = [(node, None)]
    while pending:
        caller, bindings = pending.pop()
        known = bindings.entity_names() if bindings is not None else None
        given = _given_to(hass, caller)
        started = _started(caller)
        for macro_id in _waited_runs(hass, caller):
            raw = _raw(hass, macro_id)
            # What the caller gives it that its pauses read (`pause: "{{ states(x) }}"`).
            if data_given := given.get(macro_id):
                names = _pause_names(raw)
                for data in data_given:
                    values = [data[name] for name in sorted(names & data.keys())]
                    found |= Reads(hass).add([values, *_set_from(bindings, values)], known).keys
            runs = _runs_as_given(hass, macro_id, caller, started, bindings)
            if runs is None:  # Not started here with data it can bound: as any caller runs it.
                if macro_id not in seen:
                    seen.add(macro_id)
                    sequence = _sequence(raw)
                    found |= _pause_reads(hass, sequence)
                    if pauses is not None and macro_id in pauses:
                        found |= set(pauses[macro_id])
                    pending.append((sequence, None))
                continue
            sequence = _sequence(raw)
            configs = _pause_configs(sequence)
            for key, run in runs:
                if (macro_id, key) in seen:
                    continue
                seen.add((macro_id, key))
                found |= (
                    Reads(hass).add([configs, *_set_from(run, configs)], run.entity_names()).keys
                )
                pending.append((sequence, run))
    return {key for key in found if is_setting(key, computed)}


_MAX_RUNS: Final = 16
"""The most ways of a run a waited script is read as given (`_runs_as_given`); more: any."""


def _started(node: Any) -> dict[str, list[Any]]:
    """Return what each script a step of `node` runs by its own action is given.

    `action: script.x` with its `data` (nothing: an empty mapping); an
    action naming a script otherwise (`script.turn_on`, a templated one)
    is not read here.
    """
    started: dict[str, list[Any]] = {}
    for step in _steps(node):
        for service in _waited_scripts(step):
            data = step.get(CONF_SERVICE_DATA, step.get(CONF_SERVICE_DATA_TEMPLATE, {}))
            started.setdefault(service, []).append(data)
    return started


def _runs_as_given(
    hass: HomeAssistant,
    macro_id: str,
    node: Any,
    started: Mapping[str, list[Any]],
    caller: Bindings | None,
) -> list[tuple[str, Bindings]] | None:
    """Return each way a waited script runs, as the run waiting for it starts it; None: any.

    The run (`node`) must start it itself (`_started`: `action: script.x`),
    never otherwise (`_run_otherwise`), each time with data it can render (`caller`: its own variables, as they
    were worked out; None, the securing run itself: data reading none of
    its variables). Each way: the script's bindings (`run_bindings`), then
    its `variables` steps (`_with_steps`). A `queued` one: None (a call
    waits behind any caller's run). (key, bindings): the key says which run it is.
    """
    entity = entity_object(hass, macro_id)
    script = getattr(entity, "script", None)
    if not macro_id.startswith("script.") or script is None:
        return None
    service = script_service(hass, macro_id)
    if service not in started or _run_otherwise(hass, node, macro_id, service):
        return None
    sequence = _sequence(_raw(hass, macro_id))
    if not isinstance(sequence, list):
        return None
    # A run another caller started first: a `single` one (or one whose `max` runs are taken)
    # drops the call, a `restart` one is ended by it, a `parallel` one runs beside it; in
    # `queued` mode the call waits behind it, as long as that caller's data says.
    if getattr(script, "script_mode", None) == "queued":
        return None
    ways: list[Any] = []
    for data in started[service]:
        if not isinstance(data, Mapping):
            return None
        if caller is None:
            if variables_read(data):
                return None
            ways += values_of(data, {})
        else:
            for _, variables in caller.alternatives:
                ways += values_of(data, variables)
        if len(ways) > _MAX_RUNS:
            return None
    runs: list[tuple[str, Bindings]] = []
    for data in ways:
        if not isinstance(data, Mapping):
            return None
        try:
            key = repr(data)
        except Exception:  # noqa: BLE001  # A value that may be anything (`bindings.ANY`).
            return None
        bindings = run_bindings(
            macro_id, data, triggered=False, script=script, fields=getattr(entity, "fields", None)
        )
        runs.append((key, _with_steps(bindings, sequence)))
    return runs


def _run_otherwise(hass: HomeAssistant, node: Any, macro_id: str, service: str) -> bool:
    """Return True if a step of `node` may run `macro_id`, or wait on it, but by its own action.

    `script.turn_on` or another action naming it (its data is the started
    run's), a templated action, a templated target of an action that may
    start a script (`script.turn_on`, `homeassistant.turn_on`), a wait on its state (the run it
    waits on may be anyone's).
    """
    own = f"script.{service}"
    for step in _steps(node):
        if CONF_WAIT_TEMPLATE in step or CONF_WAIT_FOR_TRIGGER in step:
            waits = [step.get(CONF_WAIT_TEMPLATE), step.get(CONF_WAIT_FOR_TRIGGER)]
            if macro_id in Reads(hass).add(waits).keys:
                return True
        name = step.get(CONF_ACTION, step.get(CONF_SERVICE))
        if not isinstance(name, str) or (service_name := name.strip().lower()) == own:
            continue
        if is_template(name):
            return True
        domain, _, verb = service_name.partition(".")
        if domain != "homeassistant" and (domain != "script" or verb not in SCRIPT_CONTROLS):
            continue  # `switch.turn_off` of a templated switch, `script.y`'s data, run no `x`.
        data = step.get(CONF_SERVICE_DATA) or step.get(CONF_SERVICE_DATA_TEMPLATE) or {}
        targets = [step.get(CONF_ENTITY_ID), step.get(CONF_TARGET)]
        if isinstance(data, Mapping):
            targets.append(data.get(CONF_ENTITY_ID))
        text = str(targets).lower()
        if is_template(text) or "'all'" in text or macro_id in text:
            return True
    return False


def _with_steps(bindings: Bindings, sequence: Any) -> Bindings:
    """Return `bindings` after every `variables` step of `sequence`, in the order written.

    A name set before (given, the script's own, a field) or in more than
    one step may be each of its values wherever it is read; one an
    answer sets (`response_variable`), anything.
    """
    values: dict[str, list[Any]] = {}
    before = {str(name) for _, variables in bindings.alternatives for name in variables}
    again: set[str] = set()
    for step in _variables_steps(sequence):
        for name in step:
            name = str(name)
            if name in before or name in values:
                again.add(name)
                for _, variables in bindings.alternatives:
                    values.setdefault(name, []).append(variables.get(name, ANY))
        bindings = bindings.with_variables(step)
        for name in step:
            for _, variables in bindings.alternatives:
                values.setdefault(str(name), []).append(variables.get(str(name), ANY))
    for name in sorted(again):
        bindings = bindings.with_value(name, _distinct_values(values[name]))
    for name in sorted(_answers(sequence)):
        bindings = bindings.with_value(name, None)
    return bindings


def _distinct_values(values: list[Any]) -> list[Any] | None:
    """Return `values` without repeats; None (anything) where one cannot be told apart."""
    found: dict[str, Any] = {}
    for value in values:
        try:
            found.setdefault(repr(value), value)
        except Exception:  # noqa: BLE001  # A value that may be anything (`bindings.ANY`).
            return None
    return list(found.values())


def _variables_steps(node: Any) -> Iterator[Mapping[str, Any]]:
    """Yield each `variables` step of `node`, however nested, in the order written.

    Not a call's `variables` (`script.turn_on`'s data): those are the
    started script's.
    """
    if isinstance(node, list):
        for item in node:
            yield from _variables_steps(item)
    elif isinstance(node, Mapping):
        variables = node.get(CONF_VARIABLES)
        if isinstance(variables, Mapping):
            yield variables
        for key, value in node.items():
            if key not in (CONF_VARIABLES, CONF_SERVICE_DATA, CONF_SERVICE_DATA_TEMPLATE):
                yield from _variables_steps(value)


def _answers(node: Any) -> set[str]:
    """Return the names a step of `node` sets to an answer (`response_variable`)."""
    return {
        str(step[CONF_RESPONSE_VARIABLE])
        for step in _steps(node)
        if isinstance(step.get(CONF_RESPONSE_VARIABLE), str)
    }


def _set_from(bindings: Bindings | None, config: Any) -> list[Any]:
    """Return what the variables `config` reads that the run set from the house were set from."""
    noted = bindings.from_house if bindings is not None else {}
    return [
        source
        for name in sorted(names_read(config) & noted.keys())
        for source in noted[name].sources
    ]


def _given_to(hass: HomeAssistant, node: Any) -> dict[str, list[Mapping[str, Any]]]:
    """Return what the steps of `node` give each script they run.

    Its own action's `data` (or the older `data_template`), or
    `script.turn_on`'s `variables` (the script then waited on until it is off).
    """
    given: dict[str, list[Mapping[str, Any]]] = {}
    for step in _steps(node):
        data = step.get(CONF_SERVICE_DATA) or step.get(CONF_SERVICE_DATA_TEMPLATE)
        if not isinstance(data, Mapping):
            continue
        for service in _waited_scripts(step):
            given.setdefault(script_entity_id(hass, service), []).append(data)
        name = step.get(CONF_ACTION, step.get(CONF_SERVICE))
        if isinstance(name, str) and name.strip().lower() == "script.turn_on":
            variables = data.get("variables")
            if not isinstance(variables, Mapping):
                continue
            target = step.get(CONF_TARGET)
            ids = target.get(CONF_ENTITY_ID) if isinstance(target, Mapping) else None
            ids = data.get(CONF_ENTITY_ID) if ids is None else ids
            for entity_id in [ids] if isinstance(ids, str) else ids or []:
                if isinstance(entity_id, str):
                    given.setdefault(entity_id.strip().lower(), []).append(variables)
    return given


def _pause_names(raw: Any) -> frozenset[str]:
    """Return the variables a script's pauses read, and those the variables they read are set from.

    As written (every branch): its delays, waits' timeouts or what a wait
    without one waits for, loops; a variable its `variables:` steps or its
    own `variables:` set reads what those values read, in turn.
    """
    sequence = _sequence(raw)
    names = set(names_read(_pause_configs(sequence)))
    values = values_set(sequence)
    own = raw.get(CONF_VARIABLES) if isinstance(raw, Mapping) else None
    for name, value in own.items() if isinstance(own, Mapping) else ():
        values.setdefault(str(name), []).append(value)
    pending = list(names)
    while pending:
        for read in names_read(values.get(pending.pop(), [])) - names:
            names.add(read)
            pending.append(read)
    return frozenset(names)


def _waited_runs(hass: HomeAssistant, node: Any) -> Iterator[str]:
    """Yield the scripts and automations whose runs a step of `node` waits for to end.

    A script run by its own action (`_waited_script`); a script or
    automation whose state a wait without a timeout reads (`wait_template:
    is_state('script.fade_out', 'off')` after `script.turn_on`, a trigger
    on its state): the wait lasts as long as the run it waits on.
    """
    for step in _steps(node):
        for service in _waited_scripts(step):
            yield script_entity_id(hass, service)
        if CONF_TIMEOUT in step or not (
            CONF_WAIT_TEMPLATE in step or CONF_WAIT_FOR_TRIGGER in step
        ):
            continue
        waits = Reads(hass).add([step.get(CONF_WAIT_TEMPLATE), step.get(CONF_WAIT_FOR_TRIGGER)])
        yield from sorted(key for key in waits.keys if key.startswith(_RUNS))


_RUNS: Final = ("script.", "automation.")
"""The entities whose state a run sets: a wait on one waits for that run."""


def _sequence(raw: Any) -> Any:
    """Return what a script's or automation's configuration, as written, runs."""
    if not isinstance(raw, Mapping):
        return None
    return next((raw[key] for key in ("sequence", "actions", "action") if key in raw), None)


def is_setting(key: str, computed: Collection[str] = ()) -> bool:
    """Return True for a setting (`SETTINGS`), all of them, anything (`*`), or one `computed`.

    `computed`: the entities whose state is computed from a setting
    (`computed_settings`).
    """
    return (
        key == EVERYTHING
        or (name_of(key, KeyKind.DOMAIN) or key.partition(".")[0]) in SETTINGS
        or key in computed
    )


def _steps(node: Any) -> Iterator[Mapping[str, Any]]:
    """Yield every mapping in `node`, however nested (each step, branch and loop)."""
    if isinstance(node, list):
        for item in node:
            yield from _steps(item)
    elif isinstance(node, Mapping):
        yield node
        for value in node.values():
            yield from _steps(value)


def _pause_reads(hass: HomeAssistant, sequence: Any) -> set[str]:
    """Return what says how long the delays, waits and loops of `sequence` last."""
    return Reads(hass).add(_pause_configs(sequence)).keys


def _pause_configs(sequence: Any) -> list[Any]:
    """Return what says how long the delays, waits and loops of `sequence` last, as written.

    A delay's length; a wait's timeout, or, without one, what it waits for;
    a loop's count, items or conditions.
    """
    found: list[Any] = []
    for step in _steps(sequence):
        found.append(step.get(CONF_DELAY))
        if CONF_TIMEOUT in step:
            found.append(step[CONF_TIMEOUT])
        else:
            found += [step.get(CONF_WAIT_TEMPLATE), step.get(CONF_WAIT_FOR_TRIGGER)]
        repeat = step.get(CONF_REPEAT)
        if isinstance(repeat, Mapping):
            found += [repeat.get(key) for key in _LOOPS]
    return found


def _gives_constants(hass: HomeAssistant, caller: str | None, macro_id: str) -> bool:
    """Return True if each step of `caller` that runs `macro_id` gives it only constants.

    Text written in the step, or templates reading neither a variable (its
    own caller's: the client's) nor an entity (`now()`): what a client
    cannot choose. None (the client's own call), a caller whose steps are
    not read (a blueprint's), a templated action or target: not so.
    """
    if caller is None:
        return False
    names = {macro_id, f"script.{script_service(hass, macro_id)}"}
    found = list(_runs_given(hass, _raw(hass, caller), names))
    return bool(found) and all(found)


def _runs_given(hass: HomeAssistant, node: Any, names: set[str]) -> Iterator[bool]:
    """Yield, for each step of `node` that may run a script of `names`, if it gives constants.

    Its own action (`script.x`), `script.turn_on` naming it (its
    `variables`); any other action naming it (`homeassistant.turn_on`), or
    a templated action or target, gives what it may.
    """
    if isinstance(node, list):
        for item in node:
            yield from _runs_given(hass, item, names)
        return
    if not isinstance(node, Mapping):
        return
    name = node.get(CONF_ACTION, node.get(CONF_SERVICE))
    data = node.get(CONF_SERVICE_DATA) or node.get(CONF_SERVICE_DATA_TEMPLATE) or {}
    service = name.strip().lower() if isinstance(name, str) else ""
    if is_template(name):
        yield False
    elif service in names:
        yield _constant(hass, data)
    elif service:
        targets = [node.get(CONF_ENTITY_ID), node.get(CONF_TARGET)]
        if isinstance(data, Mapping):
            targets.append(data.get(CONF_ENTITY_ID))
        text = str(targets).lower()
        every = "'all'" in text and service.startswith(("script.", "homeassistant."))
        if every or is_template(text) or not names.isdisjoint(Reads(hass).add(targets).keys):
            given = data.get(CONF_VARIABLES) if isinstance(data, Mapping) else data
            yield service == "script.turn_on" and not is_template(text) and _constant(hass, given)
    for value in node.values():
        yield from _runs_given(hass, value, names)


def _constant(hass: HomeAssistant, value: Any) -> bool:
    """Return True if `value`'s templates read no variable and no entity (`now()` only)."""
    return not variables_read(value) and not Reads(hass).add_templated(value).keys


def _raw(hass: HomeAssistant, macro_id: str) -> Any:
    return getattr(entity_object(hass, macro_id), "raw_config", None)


def _waits_on_state(hass: HomeAssistant, node: Any, entity_id: str) -> bool:
    """Return True if a wait of `node` reads `entity_id` (`wait_template: is_state(…, 'off')`)."""
    if isinstance(node, list):
        return any(_waits_on_state(hass, item, entity_id) for item in node)
    if not isinstance(node, Mapping):
        return False
    for key in ("wait_template", "wait_for_trigger"):
        if key in node and entity_id in Reads(hass).add(node[key]).keys:
            return True
    return any(_waits_on_state(hass, value, entity_id) for value in node.values())


def _waits_for(node: Any, action: str) -> bool:
    """Return True if a step of `node` runs `action` (`script.x`) and waits for it to end."""
    if isinstance(node, list):
        return any(_waits_for(item, action) for item in node)
    if not isinstance(node, Mapping):
        return False
    name = node.get(CONF_ACTION, node.get(CONF_SERVICE))
    if isinstance(name, str) and name.strip().lower() == action:
        return True
    return any(_waits_for(value, action) for value in node.values())


def _gives_data(node: Any, script_id: str) -> bool:
    """Return True if a step of `node` runs `script_id` with data (or any script with variables)."""
    if isinstance(node, list):
        return any(_gives_data(item, script_id) for item in node)
    if not isinstance(node, Mapping):
        return False
    name = node.get(CONF_ACTION, node.get(CONF_SERVICE))
    data = node.get(CONF_SERVICE_DATA) or node.get(CONF_SERVICE_DATA_TEMPLATE)
    if (name == script_id and data) or (
        name == "script.turn_on" and isinstance(data, Mapping) and data.get("variables")
    ):
        return True
    return any(_gives_data(value, script_id) for value in node.values())


def ends_wait_or_restarts(
    hass: HomeAssistant, trigger: TriggerOn, entity_id: str, verb: str, *, now: bool
) -> bool:
    """Return True if `verb` on `entity_id` keeps `trigger`'s securing automation from securing.

    A trigger that waits for the entity to stay as it is (`for:`) ends its
    wait without firing when `verb` takes the entity elsewhere: judged
    `now`, while it waits (the entity is so, and the automation has not
    fired since it got there); otherwise (a written item, again and again)
    whenever it might. And an automation in `restart` mode whose trigger
    `verb` fires starts its run (its delay) over: `now`, while it runs; a
    written item, whenever it might (a light turned on and off every 10 s
    keeps "lock 15 s after the last light goes off" from ever locking).
    """
    automation, entity = present(hass, trigger.automation_id), present(hass, entity_id)
    if automation is None or entity is None or automation.state != STATE_ON:
        return False
    states = resulting_states(entity_id.partition(".")[0], verb)
    fires = not states or trigger.fires(states)
    ends_wait = trigger.lasts and not (states and fires)
    script = getattr(entity_object(hass, trigger.automation_id), "action_script", None)
    restarts = fires and getattr(script, "script_mode", None) == "restart"
    if not now:  # Again and again: every wait ended, every run started over.
        return ends_wait or restarts
    last = automation.attributes.get("last_triggered")
    waiting = trigger.fires(frozenset({entity.state})) and (
        last is None or last < entity.last_changed
    )
    if ends_wait and waiting:
        return True
    return restarts and bool(automation.attributes.get("current"))


def closes_only_what_it_opened(steps: Iterable[tuple[Any, list[Finding]]]) -> frozenset[str]:
    """Return what a run closes after opening it itself, when that is all it secures.

    `steps`: a macro's top-level steps, each with the findings walking it
    gave. "Open the orchard valve, wait ten minutes, close it" closes only
    what it opened: while it is not running and the valve is closed, it
    secures nothing (`is_secured`). Only plain actions count, directly on
    the entity, one after the other; a close in a branch, through another
    entity or after a disabled opening secures. Empty: it secures.
    """
    opened: set[str | None] = set()
    undone: set[str] = set()
    for step, findings in steps:
        plain = isinstance(step, Mapping) and step.get("enabled", True) is True
        plain = plain and any(key in step for key in (CONF_ACTION, CONF_SERVICE))
        for finding in findings:
            if finding.risk is Risk.SECURING:
                if not plain or finding.via or finding.entity_id not in opened:
                    return frozenset()
                undone.add(str(finding.entity_id))
        if plain:
            opened |= {f.entity_id for f in findings if f.risk is Risk.OPENS_HOUSE and not f.via}
    return frozenset(undone)


def is_secured(state: State | None) -> bool:
    """Return True for a lock locked, a cover or valve closed, an alarm armed."""
    return state is not None and is_secured_state(state.state)


def is_secured_state(state: str) -> bool:
    """Return True for the state of a lock locked, a cover or valve closed, an alarm armed."""
    return state in (LockState.LOCKED, CoverState.CLOSED, ValveState.CLOSED) or state.startswith(
        "armed_"
    )


_ENABLING: Final = frozenset({SERVICE_TURN_ON, SERVICE_TOGGLE})
"""What a macro does to an automation that turns it on (`automation.turn_on`, a scene's `on`)."""


def securing_chains(
    macros: list[Runnable],
    triggers_on: Mapping[str, list[TriggerOn]],
    securing: set[str],
    undoing: Collection[str] = (),
) -> dict[str, frozenset[tuple[str, str | None]]]:
    """Add to `securing` what sets off a securing automation: the first half of its chain.

    An automation that starts the timer the auto-lock waits for, turns on
    the "night mode" helper whose change runs the locking automation, or
    turns the auto-lock itself on at night, or whose run an automation that
    locks waits for (`automation_triggered` named "Leaving"), secures the
    house as much as the automation it sets off: turning it off, or editing it, keeps the house
    from being secured. Until nothing changes. Setting off what only undoes
    its own opening (`undoing`) secures nothing.

    Return each macro added -> (key, verb) of each of its changes that sets
    one off (verb None: what only it can do as it does: its run's event, a
    timer it starts, a change that sets off an automation with conditions,
    which may hold when it runs and not at another time).
    """
    chained: dict[str, frozenset[tuple[str, str | None]]] = {}
    by_id = {runnable.entity_id: runnable for runnable in macros}
    grown = True
    while grown:
        grown = False
        sets_off = securing.difference(undoing)
        timers = {
            timer for r in macros if r.entity_id in sets_off and r.runs_itself for timer in r.timers
        }
        # A run event it waits for, by name or entity (`script_started`
        # named "Leaving"): not a whole domain's, which any run fires.
        runs = {
            key
            for r in macros
            if r.entity_id in sets_off and r.runs_itself
            for _, keys in r.triggers
            for key in keys
            if "." in (name_of(key, KeyKind.RUN) or "")
        }
        for runnable in macros:
            if runnable.entity_id in securing:
                continue
            found: set[tuple[str, str | None]] = set()
            for key, verbs in runnable.touched.items():
                domain = key.partition(".")[0]
                if key in runs:
                    found.add((key, None))
                if key in sets_off:
                    found.update((key, verb) for verb in _ENABLING.intersection(verbs))
                if domain == "timer" and "start" in verbs and timers & {key, ANY_TIMER}:
                    found.add((key, None))  # It ends when its run started it: not now.
                for verb in verbs:
                    fired = {
                        trigger.automation_id
                        for trigger in triggers_on.get(key, ())
                        if trigger.automation_id in sets_off
                        and trigger.fires(resulting_states(domain, verb))
                    }
                    if fired:
                        # Done now rather than when it would, it sets them off just
                        # as well only if nothing they check can differ (the time).
                        same = all(_unconditional(by_id.get(a)) for a in fired)
                        found.add((key, verb if same else None))
            if found:
                securing.add(runnable.entity_id)
                chained[runnable.entity_id] = frozenset(found)
                grown = True
    return chained


def _unconditional(runnable: Runnable | None) -> bool:
    """Return True if an automation, set off, does what it does whenever that is."""
    return (
        runnable is not None
        and not runnable.conditional
        and next(dependencies(runnable), None) is None
    )


def does_as_chained(
    reasons: Collection[tuple[str, str | None]] | None, entity_id: str, verb: str
) -> bool:
    """Return True if `verb` on `entity_id` sets off all that a chained macro would.

    `reasons`: what the macro sets off securing automations with
    (`securing_chains`). "Guest mode on: notify, and turn it off" secures by
    turning guest mode off; turning it off keeps that automation from
    running, and sets off what it would have.
    """
    states = resulting_states(entity_id.partition(".")[0], verb)
    return (
        bool(reasons)
        and bool(states)
        and all(
            key == entity_id
            and done is not None
            and states <= resulting_states(key.partition(".")[0], done)
            for key, done in reasons or ()
        )
    )


def securing_runners(
    hass: HomeAssistant,
    securing: Iterable[str],
    macro_id: str,
    reads_of: Callable[[str], set[str]] | None = None,
) -> list[str]:
    """Return the securing automations and scripts (of `securing`) that run `macro_id`.

    Such a script or scene is part of what secures the house: a script
    edited to wait, or deleted, holds up or breaks the lock that comes after
    it; a scene given other states (`scene.create`) or deleted no longer
    locks. `reads_of`: what a macro's configuration reads (`runner_reads`).
    """
    reads_of = reads_of or (lambda macro: runner_reads(hass, macro))
    if not macro_id.startswith(("script.", "scene.")):
        return []
    names = {macro_id}
    if macro_id.startswith("script."):  # Run by its own action, which keeps its key.
        names.add(f"script.{script_service(hass, macro_id)}")
    return [
        macro
        for macro in sorted(securing)
        if macro != macro_id and not names.isdisjoint(reads_of(macro))
    ]


def runner_reads(hass: HomeAssistant, macro_id: str) -> set[str]:
    """Return what a macro's configuration, as written, reads and runs."""
    return Reads(hass).add(getattr(entity_object(hass, macro_id), "raw_config", None)).keys


def acting_on(macros: Iterable[Runnable], securing: Collection[str]) -> dict[str, list[str]]:
    """Return entity -> the securing automations and scripts whose own actions target it."""
    found: dict[str, list[str]] = {}
    for runnable in macros:
        if runnable.entity_id in securing:
            for entity_id in runnable.acted:
                found.setdefault(entity_id, []).append(runnable.entity_id)
    return found


def redefines(entity_id: str, verb: str) -> bool:
    """Return True if `verb` changes what `entity_id` is rather than its state (`REDEFINING`)."""
    return (entity_id.partition(".")[0], verb) in REDEFINING


def moves_away(
    hass: HomeAssistant,
    threshold: Threshold,
    entity_id: str,
    verb: str,
    data: Mapping[str, Any] | None,
    *,
    now: bool,
) -> bool:
    """Return True if `verb` may move `entity_id`'s number away from `threshold`'s range.

    A `numeric_state` trigger fires when the number enters its range
    (`below: 1`: the last person counted out). Counting one more than is
    home, or setting the count to 9, keeps it from ever entering: when
    everyone leaves, it stays above. A step (`increment`, `decrement`) goes
    the way its sign says; a value set (`set_value`, `reset` to the
    helper's `initial`) is compared with the present number (`now`), and a
    value in the range sets the trigger off. What is not known (the present
    number of a written item's later run, a bound from a helper not read
    now, a `value_template`, a templated value) may be away.
    """
    if verb not in NUMERIC_VERBS:
        return False
    if threshold.shaped:
        return True  # What it compares is computed from the number: either way may be away.
    state = present(hass, entity_id)
    current = _number(state.state) if now and state is not None else None
    below, above = _bound_of(hass, threshold.below, now), _bound_of(hass, threshold.above, now)
    sign: float | None = None
    new: float | None = None
    if verb in ("increment", "decrement"):
        step = _number((state.attributes if state is not None else {}).get("step", 1))
        sign = 1.0 if verb == "increment" else -1.0
        if current is not None and step is not None:
            new = current + sign * step
    else:
        value = (
            (data or {}).get("value")
            if verb == "set_value"
            else (state.attributes.get("initial") if state is not None else None)
        )
        new = _number(value)
        if new is not None and current is not None:
            sign = new - current
    if new is not None and _inside(new, below, above):
        return False  # Into the range: it sets the trigger off.
    if sign is None:
        return True  # A value set, from where is not known: it may be away.
    if threshold.below is not None and threshold.above is not None:
        if new is None or current is None or _UNKNOWN in (below, above):
            return True  # Between two bounds, a step may go either way.
        return _distance(new, below, above) > _distance(current, below, above)
    return sign > 0 if threshold.below is not None else sign < 0


_UNKNOWN: Final = object()
"""A bound read from a helper whose value is not known here."""


def _bound_of(hass: HomeAssistant, bound: float | str | None, now: bool) -> Any:
    """Return a bound as a number, None (no bound), or `_UNKNOWN` (a helper's, not known)."""
    if bound is None or isinstance(bound, float):
        return bound
    state = present(hass, bound) if now else None
    value = _number(state.state) if state is not None else None
    return _UNKNOWN if value is None else value


def _number(value: Any) -> float | None:
    """Return `value` as a number, or None (a template, text, unknown)."""
    if isinstance(value, Template) and value.is_static:
        value = value.template
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and not is_template(value):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _inside(value: float, below: Any, above: Any) -> bool:
    """Return True if `value` is in the range (`below`, `above` None: unbounded that way)."""
    if below is _UNKNOWN or above is _UNKNOWN:
        return False  # Not known to be inside.
    return (below is None or value < below) and (above is None or value > above)


def _distance(value: float, below: float, above: float) -> float:
    """Return how far `value` is from the range between `above` and `below`."""
    return max(above - value, value - below, 0.0)


_BLOCKS: Final = ("if", "choose", CONF_SEQUENCE, CONF_PARALLEL, CONF_REPEAT)
"""Steps whose own steps run inside them (`_inner_sequences`)."""
_AND_OR_NOT: Final = ("and", "or", "not")


def unsecuring_answers(
    node: Any, secures: Callable[[Mapping[str, Any]], bool]
) -> Iterator[Mapping[str, Any]]:
    """Yield each answer to a wait of `node` (a run's steps) after which the run does not secure.

    The companion app's pattern: the run sends "No one home, lock the
    doors?", waits for a tap on Lock or on Not now (`wait_for_trigger`), and
    locks only `if` the tap was Lock (`wait.trigger`). An answer is one of
    the wait's triggers (its configuration), or a `wait_template` holding
    (`{"wait_template": …}`); what follows the wait is followed with `wait`
    as that answer leaves it (`_reaches`: its conditions rendered with it,
    each branch they may take). Yielded when another answer, or the timeout
    the run goes on after, gets to a step that `secures`, and this one
    does not. `secures`: whether an action step may lock, close or arm.
    """
    for steps, after, wait in _waits(node, ()):
        answers: list[tuple[Mapping[str, Any] | None, dict[str, Any]]] = []
        if CONF_WAIT_FOR_TRIGGER in wait:
            triggers = wait[CONF_WAIT_FOR_TRIGGER]
            for index, trigger in enumerate(triggers if isinstance(triggers, list) else [triggers]):
                if isinstance(trigger, Mapping) and trigger.get("enabled", True) is not False:
                    value = {"trigger": _trigger_value(trigger, index), "remaining": 1.0}
                    answers.append((trigger, value))
        else:
            template = {CONF_WAIT_TEMPLATE: wait[CONF_WAIT_TEMPLATE]}
            answers.append((template, {"completed": True, "remaining": 1.0}))
        if CONF_TIMEOUT in wait and wait.get("continue_on_timeout", True) is not False:
            answers.append((None, {"trigger": None, "completed": False, "remaining": 0.0}))
        reached = [(answer, _reaches((steps, *after), value, secures)) for answer, value in answers]
        if any(reaches for _, reaches in reached):
            for answer, reaches in reached:
                if answer is not None and not reaches:
                    yield answer


def _waits(
    node: Any, outer: tuple[list[Any], ...]
) -> Iterator[tuple[list[Any], tuple[list[Any], ...], Mapping[str, Any]]]:
    """Yield (the steps after it, those after its block and so on, the wait) of each wait."""
    steps = node if isinstance(node, list) else [node]
    for index, step in enumerate(steps):
        if not isinstance(step, Mapping) or step.get("enabled", True) is False:
            continue
        rest = steps[index + 1 :]
        if CONF_WAIT_FOR_TRIGGER in step or CONF_WAIT_TEMPLATE in step:
            yield rest, outer, step
        for inner in _inner_sequences(step):
            yield from _waits(inner, (rest, *outer))


def _inner_sequences(step: Mapping[str, Any]) -> Iterator[Any]:
    """Yield the sequences a block step runs (an `if`'s, a `choose`'s, a loop's, …)."""
    if "if" in step:
        yield step.get("then") or []
        yield step.get("else") or []
    for option in step.get("choose") or [] if "choose" in step else []:
        if isinstance(option, Mapping):
            yield option.get(CONF_SEQUENCE) or []
    if "choose" in step:
        yield step.get("default") or []
    if isinstance(step.get(CONF_SEQUENCE), list) and CONF_ACTION not in step:
        yield step[CONF_SEQUENCE]
    for branch in step.get(CONF_PARALLEL) or [] if CONF_PARALLEL in step else []:
        yield branch.get(CONF_SEQUENCE, branch) if isinstance(branch, Mapping) else branch
    if isinstance(repeat := step.get(CONF_REPEAT), Mapping):
        yield repeat.get(CONF_SEQUENCE) or []


def _trigger_value(trigger: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Return what `wait.trigger` holds once `trigger` (the wait's `index`th) fired."""
    kind = trigger.get("trigger", trigger.get("platform"))
    value: dict[str, Any] = {
        "platform": kind,
        "trigger": kind,
        "idx": str(index),
        "id": str(trigger.get("id", index)),
        "alias": trigger.get("alias"),
    }
    if kind == "event":
        data = trigger.get("event_data")
        value["event"] = {
            "event_type": trigger.get("event_type"),
            "data": dict(data) if isinstance(data, Mapping) else {},
        }
    return value


def _reaches(
    sequences: tuple[Any, ...],
    wait: Mapping[str, Any],
    secures: Callable[[Mapping[str, Any]], bool],
) -> bool:
    """Return True if the run may get, through `sequences` in turn, to a step that `secures`.

    A `condition` step that fails with `wait` ends the sequence it stands
    in (a branch's, then what follows the branch runs; the run's own); a
    `stop` the run; an `if` or a `choose` goes each way its conditions may
    take with `wait` (`_holds`: None, either).
    """
    for position, node in enumerate(sequences):
        steps = node if isinstance(node, list) else [node]
        later = sequences[position + 1 :]
        for index, step in enumerate(steps):
            if not isinstance(step, Mapping) or step.get("enabled", True) is False:
                continue
            following = (steps[index + 1 :], *later)
            if "condition" in step and CONF_ACTION not in step:
                if _holds(step, wait) is False:
                    break  # It ends this sequence.
                continue
            if "stop" in step:
                return False
            if "if" in step or "choose" in step:
                return any(
                    _reaches((branch, *following), wait, secures) for branch in _ways(step, wait)
                )
            if any(key in step for key in _BLOCKS):
                if any(_reaches((inner,), wait, secures) for inner in _inner_sequences(step)):
                    return True
                continue
            if secures(step):
                return True
    return False


def _ways(step: Mapping[str, Any], wait: Mapping[str, Any]) -> list[Any]:
    """Return the branches of an `if` or a `choose` that may run with `wait`."""
    if "if" in step:
        holds = _holds(step["if"], wait)
        ways = [step.get("then") or []] if holds is not False else []
        return ways + ([step.get("else") or []] if holds is not True else [])
    found: list[Any] = []
    for option in step.get("choose") or []:
        if not isinstance(option, Mapping):
            continue
        holds = _holds(option.get(CONF_CONDITIONS), wait)
        if holds is not False:
            found.append(option.get(CONF_SEQUENCE) or [])
        if holds is True:
            return found
    return [*found, step.get("default") or []]


def _holds(condition: Any, wait: Mapping[str, Any]) -> bool | None:
    """Return whether `condition` holds with `wait` (None: it may or may not).

    Templates are rendered with `wait` (a template reading the house, or a
    condition of another kind: not known); `and`, `or`, `not` and lists as
    Home Assistant combines them.
    """
    if isinstance(condition, list):
        return _all([_holds(each, wait) for each in condition])
    if isinstance(condition, str):
        return _renders_true(condition, wait)
    if not isinstance(condition, Mapping) or condition.get("enabled", True) is False:
        return True if isinstance(condition, Mapping) else None
    kind = condition.get("condition")
    short = [key for key in _AND_OR_NOT if key in condition] if kind is None else []
    if kind in _AND_OR_NOT or len(short) == 1:
        inner = condition.get(CONF_CONDITIONS) if kind in _AND_OR_NOT else condition[short[0]]
        each = [_holds(one, wait) for one in (inner if isinstance(inner, list) else [inner])]
        match kind or short[0]:
            case "and":
                return _all(each)
            case "or":
                return True if True in each else (False if all(h is False for h in each) else None)
            case _:  # not: none of them holds.
                return False if True in each else (True if all(h is False for h in each) else None)
    if kind == "template":
        return _renders_true(condition.get("value_template"), wait)
    return None


def _all(each: list[bool | None]) -> bool | None:
    if False in each:
        return False
    return True if all(each) else None


def _renders_true(template: Any, wait: Mapping[str, Any]) -> bool | None:
    """Return what a template condition renders to with `wait` (None: not known)."""
    text = getattr(template, "template", template)
    if not isinstance(text, str):
        return None
    try:
        results = {result_as_boolean(str(result)) for result in renders(text, {"wait": wait})}
    except Exception:  # noqa: BLE001  # Unbounded, stopped, not Jinja: not known.
        return None
    return results.pop() if len(results) == 1 else None


def step_secures(
    hass: HomeAssistant, securing: Collection[str]
) -> Callable[[Mapping[str, Any]], bool]:
    """Return whether an action step may lock, close or arm (for `unsecuring_answers`).

    Its verb secures (`lock.lock`, `cover.close_cover`, an arming), it runs
    or names a macro of `securing`, or a template decides its action; a
    device action of a securing type (`lock`, `close`, `arm_away`).
    """
    names = set(securing) | {
        f"script.{script_service(hass, macro)}" for macro in securing if macro.startswith("script.")
    }

    def secures(step: Mapping[str, Any]) -> bool:
        name = step.get(CONF_ACTION, step.get(CONF_SERVICE))
        if name is None:
            kind = step.get("type")
            return isinstance(kind, str) and kind.startswith(("lock", "close", "arm"))
        if not isinstance(name, str) or is_template(name):
            return True
        service = name.strip().lower()
        if service.partition(".")[2] in SECURING_VERBS or service in names:
            return True
        named = [step.get(CONF_TARGET), step.get(CONF_ENTITY_ID), step.get(CONF_SERVICE_DATA)]
        return not names.isdisjoint(Reads(hass).add(named).keys)

    return secures
