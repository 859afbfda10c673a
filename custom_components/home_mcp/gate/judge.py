"""One analysis: an action walked down to its effects, each judged by the rules.

`Judge.call` takes a service call (from a client, or inside a macro) and
reduces it to effects on entities: targets expanded (`targets.py`), each
entity's own verb (`expansion.entity_verbs`), scene states as verbs, device
actions, `group.set` newcomers, presence. `Judge.effect` then follows what
the effect reaches beyond its entity (a Switch as X relay's lock, a
template entity's own scripts, a script's or scene's contents), judges the
effect with the rule table (`rules.entity_rule`), and adds what the house's
own automations would do in reaction (`Knowledge.reactions`, the
perimeter). Nothing here knows how the action was asked for.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Final

from homeassistant.components.notify import DOMAIN as NOTIFY_DOMAIN
from homeassistant.const import ATTR_ENTITY_ID, SERVICE_TOGGLE, SERVICE_TURN_ON
from homeassistant.core import split_entity_id, valid_entity_id
from homeassistant.helpers.script import SCRIPT_MODE_QUEUED
from homeassistant.helpers.template import Template

from . import live
from .bindings import Bindings, from_house_key, given_from_house, names_read, run_bindings
from .expansion import HouseMap, entity_verbs
from .facts import (
    SCRIPT_CONTROLS,
    Facts,
    code_spared,
    entity_object,
    is_unavailable,
    script_entity_id,
)
from .footprint import (
    Footprint,
    channel_taken_off,
    clears,
    judge_footprint,
    notification_channel,
    notification_footprint,
    notification_tag,
    push_categories,
)
from .handlers import (
    DEVICE_ACTION,
    DRIVE,
    EVENT,
    EXTERNAL,
    OWN_EFFECTS,
    SCENE,
    START_SCRIPT,
    Ending,
    Reach,
)
from .internals import AUTOMATION_VARIABLES, private_or
from .knowledge import Knowledge
from .macros import (
    ANY_SERVICE,
    DATA_RUNS,
    DATA_STEPS,
    HARD_STEPS,
    INLINE_DEPTH,
    MAX_DEPTH,
    MAX_STEPS,
    Held,
    TooLarge,
    held_by,
    walk,
)
from .messages import names_own_notification, speaks_as_home_mcp
from .model import GUARDED_RISKS, Effect, Finding, Risk
from .notices import Raised, raised
from .perimeter_keys import ANY_CALL, EVERYTHING, Key, KeyKind, domain_key, kind_of
from .proposals import proposed
from .raising import raising_reads
from .reads import ANY_CAUSE, Reads
from .rules import (
    DATA_RULES,
    HOLDS,
    MESSAGE_DOMAINS,
    OPENING_DEVICE_CLASSES,
    OPTIONS_BOUND,
    OPTIONS_VERBS,
    PLAIN_RULE,
    EntityClass,
    Hold,
    entity_rule,
    service_rule,
)
from .targets import (
    acts_on_own_entities_only,
    data_entities,
    expand,
    group_problem,
    is_dynamic,
    is_entity_domain,
    may_gain_members,
    merge_targets,
    own_all,
    static,
    unresolved_target_reach,
)
from .verbs import VALUE_FIELDS, resulting_states, stays_as_it_is, timer_verb, verb_states
from .wiring import ON_ITS_OWN, Scope, Touched

NESTS_TOO_DEEPLY: Final = "Macros nest too deeply to analyse"
INVALID_MACRO: Final = (
    "Home Assistant could not validate its configuration: it is unavailable and runs nothing"
)
_PROMPT: Final = "prompt"
"""Marks a prompt's taps judged in a walk (`Judge._prompted`), beside its reactions."""
RUN_WITH_DATA: Final = "run_with_data"
"""How the perimeter records a run given its caller's data (judged inline, with it)."""
_RUNS = {
    (EntityClass.SCRIPT, SERVICE_TURN_ON),
    (EntityClass.SCRIPT, SERVICE_TOGGLE),
    (EntityClass.SCENE, SERVICE_TURN_ON),
    (EntityClass.AUTOMATION, "trigger"),
}
"""Verbs that run a script, scene or automation: judged by what it does."""


@dataclass(slots=True)
class _Walked:
    """What one walk found and changed in its judge (`Judge.once`), paths relative."""

    findings: list[Finding]
    ranges: list[tuple[int, int, Scope]]
    reads: set[str]
    touched: set[str]
    acted: set[str]
    now: bool
    held: Held
    lapsed: bool
    caller_decided: int
    consulted: dict[str, bool]
    halting: list[tuple[set[str], Ending, bool]]  # (reads, ending, ended inside)
    deciding: set[str]  # What it added to the scope's `deciding` (`Judge.decides`).
    present: tuple[live.Read, ...]  # The present states it read (`live`).
    guards: list[tuple[Any, bool]]  # The `guards` it added.


Options = tuple[tuple[int, int], ...]
"""(block, option) of each `choose` or `if` option a step stands in, outermost first."""


@dataclass(slots=True)
class _Halting:
    """What a scope that can end the run reads (`Judge.halts`), and the findings it decides.

    at: the findings before the scope's end; until: the end of the run it
    ends (a script's or template entity's own run, `Judge.own_run`), None:
    every caller's too, or the outermost run; options: the options of a
    `choose` or an `if` it stands in (`Judge.block`).
    """

    at: int
    keys: set[str]
    ending: Ending
    until: int | None = None
    options: Options = ()


ANY_VERB: Final = "*"
"""A change (`Judge.decided_before`) replayed from a walk made before: by any verb."""


def secures_house(house: HouseMap, finding: Finding) -> bool:
    """Return True for a finding that locks, closes or arms what opening is judged on.

    A lock, an entrance cover, a valve or an alarm panel: an automation that
    closes the blinds at sunset closes a cover (that always runs), but
    keeping it from running opens nothing, as opening the blinds does not.
    """
    return finding.risk is Risk.SECURING and (
        house.entity_class(finding.entity_id or "") in OPENING_DEVICE_CLASSES
    )


def _unique(path: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(path))


_ALL_COUNTED: Final = "all_counted"
"""`Judge.react`: marks a key whose every reaction counts already in the walk."""
_KEEP: Final[Any] = object()
"""`_effect_of`: the finding's own `spared`."""


def _effect_of(finding: Finding, spared: Any = _KEEP) -> tuple[Any, ...]:
    """Return what the finding does, whatever the path (`spared`: as if it were that)."""
    return (
        finding.risk,
        finding.entity_id,
        finding.service,
        finding.reason,
        finding.allowed,
        finding.spared if spared is _KEEP else spared,
    )


class Judge:
    """Findings for one action, or for one macro the perimeter reads.

    now: True when the action runs now, so the house's present state counts
        (a toggle of an open garage closes it), for each entity until a step
        acts on it (a second toggle reopens it); False for what runs later
        (an automation), judged on any state (a toggle may open).
    reads: collects what the walked sequences read (for the perimeter).
    touched: collects, for the perimeter, every key an effect that is not
        securing reaches: key -> {verb: (via, scope)}.
    repeats: what is judged may run again and again (a configuration being
        written: its triggers are anyone's): starting the timer a securing
        automation waits for, or triggering a securing automation, keeps it
        from securing.
    scope: the trigger ids the walk is under (a `choose` on `condition:
        trigger`), for the perimeter; None: whichever trigger fired.
    owners: what is walked is the owner's own automation, script or template
        entity (not a client's call, nor what a client writes): what leaves
        Home Assistant there is the owner's (`handlers.EXTERNAL`).
    externals: the actions leaving Home Assistant met on the way
        (`external.external_key`).
    guards: (conditions, whether they must fail) of each branch that
        secures (`branch`); securing_reads: what its securing steps and
        branches read. For what keeps a macro from securing.
    deciding_reads: key a step changes -> what decides whether and when the
        run gets to that change (`decided_before`): the data of the step
        that makes it, the conditions of the branches around it, and the
        conditions, waits and delays before it in those; with what the
        variables they read are computed from (`sets_variables`). Not every
        read of a script the step runs: the message its notification
        renders shapes no change.
    """

    def __init__(
        self,
        knowledge: Knowledge,
        *,
        now: bool = True,
        reads: Reads | None = None,
        touched: Touched | None = None,
        repeats: bool = False,
        memo: dict[tuple[Any, ...], _Walked] | None = None,
    ) -> None:
        """Start an analysis with nothing found.

        `memo`: walks already made by judges of the same house in the same
        moment (`Gate.async_check_all`), replayed as this judge's own.
        """
        self.knowledge = knowledge
        self.hass = knowledge.hass
        self.house = knowledge.house
        self.now = now
        self.repeats = repeats
        self.reads = reads
        self.touched = touched
        # For the perimeter: what its securing effects reach (`Runnable.secured`).
        self.secured: Touched | None = None
        self.findings: list[Finding] = []
        self.path: tuple[str, ...] = ()
        self.scope: Scope = None
        self.all_trigger_ids: frozenset[str] | None = None
        self.trigger_ids_known = True
        self.bindings: Bindings | None = None
        self.keyed_reads: dict[str, set[str]] = {}
        self.owners = False
        self.externals: dict[str, None] = {}
        self.prompts: list[Footprint] = []
        # Where each is on the phone: its tag and channel (`notification_tag`, `_channel`).
        self.prompts_placed: list[tuple[str | None, str, Footprint]] = []
        self.held: Held = {}
        self._lapses = 0  # How many times what `held` said stopped holding (`later`).
        # How many steps what the caller's run holds decided (`effect`): the
        # states `held` says, or a field it did not give, which stops the run.
        self._caller_decided = 0
        self._parallel = False  # Walking a `parallel`'s branch: conditions narrow nothing.
        self.guards: list[tuple[Any, bool]] = []
        self.securing_reads: set[str] = set()
        self.pause_reads: set[str] = set()
        self.deciding_reads: dict[str, set[str]] = {}
        # Key -> verb -> the findings before each change, and the options it is made in
        # (`ANY_VERB`: replayed, any verb).
        self._touched_at: dict[str, dict[str, list[tuple[int, Options]]]] = {}
        self._options: Options = ()  # The options walked now (`block`).
        self._block, self._next_option, self._blocks = 0, 0, 0
        self._rounds = 0  # How many loops the walk is in: each option may run in turn.
        self._deciding: set[str] | None = None  # The scope's own (`decides`), while building.
        self._given_by: dict[str, set[str]] = {}  # Variable -> what its value is computed from.
        self.halting_reads: list[_Halting] = []
        self.answers: set[str] = set()  # What the responses it asked for are computed from.
        self._halts: Ending | None = None  # What the scope walked can end, right there (`halts`).
        self._steps = 0
        self._memo: dict[tuple[Any, ...], _Walked] = {} if memo is None else memo
        self._consulting: list[set[str]] = []
        self._step_touched: set[str] | None = None
        self._ranges: list[tuple[int, int, Scope]] = []
        self._acted: set[str] = set()  # What an earlier step changed: its state is not known.
        # Judging an action: what the house's automations would do, each once per walk.
        self._reacted: list[set[tuple[Any, ...]]] | None = [set()] if touched is None else None
        self.on_their_own: set[str] = set()  # Items met too deep, judged on their own.
        # For the perimeter: entity -> what its writes set it to (`Runnable.writes`).
        self.writes: dict[str, tuple[Any, ...] | None] | None = None
        self._stopped: dict[tuple[str, bool], list[tuple[str, str, Hold]]] = {}  # `on_its_own`'s.
        self._data_runs = 0  # Runs met too deep walked as their caller starts them (`_as_called`).

    def add(self, risk: Risk, entity_id: str | None, service: str, reason: str) -> None:
        """Record a finding reached through the current path."""
        self.findings.append(Finding(risk, entity_id, service, reason, self.path))

    def holds_up(self, macro_id: str, service: str, hold: Hold) -> None:
        """Record that `service` keeps `macro_id`, which secures, from securing, as `hold` says.

        With the risk and reason of that row of the second-order table (`rules.HOLD_RULES`).
        """
        rule = HOLDS[hold]
        self.add(rule.risk, macro_id, service, rule.reason)

    def read_response(self, name: Any, target: Mapping[str, Any]) -> list[Any]:
        """Add what an action's response is computed from; return it (what sets the response).

        The entities it targets (a calendar's events, a forecast), read where
        the run reads the variable (`from_house`), and kept in `answers` (a
        trigger-based template entity shows them); for a script's own
        action, everything its configuration reads (a trigger-based template
        entity shows what a script of the owner's returns), read here and
        wherever the run reads the response after this step.
        """
        targeted = any(value not in (None, [], "") for value in target.values())
        sources: list[Any] = [dict(target)] if targeted else []
        domain, _, service = str(static(name)).partition(".")
        sequence: Any = None
        if not is_dynamic(name) and domain == "script" and service not in SCRIPT_CONTROLS:
            entity = entity_object(self.hass, script_entity_id(self.hass, service))
            sequence = getattr(getattr(entity, "script", None), "sequence", None)
            if isinstance(sequence, list):
                sources.append(sequence)
        if self.reads is None:
            return sources
        if self.bindings is None:
            self.reads.add(target)
        else:  # Read where the run reads the response (`Bindings.with_response`).
            self.answers |= Reads(self.hass).add(target, self._known()).keys
        if is_dynamic(name) or domain != "script" or service in SCRIPT_CONTROLS:
            return sources
        if isinstance(sequence, list):
            self.reads.add(sequence)
        else:  # No such script now, or one Home MCP cannot read: anything.
            self.reads.keys.add(EVERYTHING)
        return sources

    def set_from(self, config: Any) -> list[Any]:
        """Return what the variables `config` reads that the run set from the house were set from.

        `{{ items['todo.shopping_list']['items'] | count }}` after
        `todo.get_items` answered `items`: the list (`Bindings.from_house`).
        """
        noted = self.bindings.from_house if self.bindings is not None else {}
        if not noted:
            return []
        return [
            source
            for name in sorted(names_read(config) & noted.keys())
            for source in noted[name].sources
        ]

    def unknown(self, service: str, reason: str) -> None:
        """Record something that cannot be judged before it runs."""
        self.add(Risk.UNKNOWN, None, service, reason)

    def on_path(self, entity_id: str, *, loop: bool = False) -> bool:
        """Return True if `entity_id` is on the current path.

        What a walk decides from it is what the walk depends on (`once`),
        except a loop cut (`loop`): what the entity does is already being
        judged, in this judgement, by the walk that put it on the path.
        """
        if not loop:
            for consulted in self._consulting:
                consulted.add(entity_id)
        return entity_id in self.path

    def walk_key(self, kind: str, entity_id: str, verb: Any, data: Any) -> tuple[Any, ...] | None:
        """Return what a walk of `entity_id` depends on besides the path (None: walk it anew)."""
        try:
            given = repr(data)
        except Exception:  # noqa: BLE001  # A value that may be anything (`bindings.ANY`).
            return None
        acted = frozenset(self._acted) if self.now or self.held else None
        # Not the caller's bindings: a run or a template entity's script has its own.
        held = frozenset(self.held.items())
        return (kind, entity_id, verb, given, self.scope, self.now, held, self._parallel, acted)

    def once(self, key: tuple[Any, ...] | None, walk_it: Callable[[], None]) -> None:
        """Walk what `key` names once per judgement; after that, replay what it found.

        Real houses' template entities and scripts call each other along many
        paths: walked afresh each time, a house of 160 template entities took
        minutes. `key` holds what the walk depends on besides the path (the
        entity, its verb and data, the scope, what is known of the state);
        what it depends on in the path (`on_path`: a loop cut, a state
        followed) must be as it was, or it is walked again.
        """
        if key is None:
            walk_it()
            return
        walked = self._memo.get(key)
        if walked is not None and all(
            (entity_id in self.path) == was for entity_id, was in walked.consulted.items()
        ):
            self._replay(walked)
            return
        start, ranges, path = len(self.findings), len(self._ranges), _unique(self.path)
        reads_before = set(self.reads.keys) if self.reads is not None else set()
        touched_before = set(self._step_touched) if self._step_touched is not None else set()
        deciding_before = set(self._deciding) if self._deciding is not None else set()
        acted_before, bindings_before = set(self._acted), self.bindings
        halting_before, present_before = len(self.halting_reads), live.mark()
        guards_before = len(self.guards)
        lapses_before, caller_decided_before = self._lapses, self._caller_decided
        consulted: set[str] = set()
        self._consulting.append(consulted)
        if self._reacted is not None:
            self._reacted.append(set())  # Its memo holds each of its reactions at least once.
        try:
            walk_it()
        finally:
            self._consulting.pop()
            if self._reacted is not None:
                inner_reacted = self._reacted.pop()
                self._reacted[-1] |= inner_reacted
        found = self.findings[start:]
        if self.bindings is not bindings_before or any(
            finding.via[: len(path)] != path for finding in found
        ):
            return  # Its caller's variables changed, or not reached through this path alone.
        inner = [(s - start, e - start, scope) for s, e, scope in self._ranges[ranges:]]
        if not inner:  # Each effect once, by its first path: what it reaches, not every way.
            found = list({_effect_of(finding): finding for finding in reversed(found)}.values())
            found.reverse()
        self._memo[key] = _Walked(
            findings=[replace(finding, via=finding.via[len(path) :]) for finding in found],
            ranges=inner,
            reads=(self.reads.keys - reads_before) if self.reads is not None else set(),
            touched=(self._step_touched or set()) - touched_before,
            acted=self._acted - acted_before,
            now=self.now,
            held=self.held,
            lapsed=self._lapses != lapses_before,
            caller_decided=self._caller_decided - caller_decided_before,
            consulted={entity_id: entity_id in self.path for entity_id in consulted},
            halting=[
                (h.keys, h.ending, h.until is not None) for h in self.halting_reads[halting_before:]
            ],
            deciding=(self._deciding or set()) - deciding_before,
            present=live.since(present_before),
            guards=self.guards[guards_before:],
        )

    def _replay(self, walked: _Walked) -> None:
        self.spend(len(walked.findings))
        start = len(self.findings)
        self.findings.extend(
            replace(finding, via=_unique((*self.path, *finding.via))) for finding in walked.findings
        )
        self._ranges.extend((s + start, e + start, scope) for s, e, scope in walked.ranges)
        if self.reads is not None:
            self.reads.keys |= walked.reads
        if self._step_touched is not None:
            self._step_touched |= walked.touched
        if self._deciding is not None:
            self._deciding |= walked.deciding
        if self.touched is not None:
            for key in walked.touched:  # Made in the walk: after what came before it.
                at = self._touched_at.setdefault(key, {}).setdefault(ANY_VERB, [])
                at.append((start, self._options))
        self._acted |= walked.acted
        # Each at the walk's start, and what ended inside it at its end: as wide as it was.
        end = len(self.findings)
        self.halting_reads += [
            _Halting(start, keys, ending, end if inside else None, self._options)
            for keys, ending, inside in walked.halting
        ]
        live.replay(walked.present)
        self.guards += walked.guards
        self.now, self.held = walked.now, walked.held
        self._lapses += walked.lapsed
        self._caller_decided += walked.caller_decided
        for consulted in self._consulting:
            consulted.update(walked.consulted)

    @property
    def steps(self) -> int:
        """Return how many steps this judgement walked (or replayed) so far."""
        return self._steps

    def spend(self, steps: int = 1) -> None:
        """Count steps walked (or replayed); raise `TooLarge` past `HARD_STEPS`."""
        self._steps += steps
        if self._steps > HARD_STEPS:
            raise TooLarge

    def too_deep(self, depth: int) -> bool:
        """Return True when what a step runs or drives is no longer walked step by step.

        Deeper than `INLINE_DEPTH`, or past `MAX_STEPS` steps: real houses'
        template lights drive each other, and each other's scripts, along
        more paths than one walk can follow (`on_its_own`).
        """
        return depth > INLINE_DEPTH or self._steps > MAX_STEPS

    def on_its_own(self, entity_id: str, service: str) -> None:
        """Judge what item `entity_id` runs or drives as the index judges it on its own.

        The index reads every automation, script and template entity's
        scripts on its own, and its fixpoint hands what each can do on to
        what runs it (`ON_ITS_OWN`): read with the house, the walk records
        that edge; judging an action, it adds the item's findings, and what
        its changes keep from locking, closing or arming. An item that is
        not read on its own, or that secures (what runs it would then secure,
        which only the walk can tell), is `unknown`.
        """
        if not self.knowledge.stands_alone(entity_id, building=self.touched is not None):
            self.unknown(service, NESTS_TOO_DEEPLY)
            return
        if self.touched is not None:
            self.on_their_own.add(entity_id)
            self.touched.setdefault(entity_id, {}).setdefault(ON_ITS_OWN, (self.path, self.scope))
            return
        alone = self.knowledge.alone(entity_id)
        # As the walk would: a change made now ends a `for:` wait running now.
        if (stopped := self._stopped.get((entity_id, self.now))) is None:  # Met again and again.
            stopped = self._stopped[entity_id, self.now] = [
                (key, automation_id, hold)
                for key, verbs in alone.touches.items()
                for verb in sorted(verbs)
                for automation_id, hold in self.knowledge.keeps_from_securing(
                    key, verb, now=self.now, repeats=self.repeats
                )
            ]
        with self.through(entity_id):
            self.findings.extend(finding.through(*self.path) for finding in alone.findings)
            for key, automation_id, hold in stopped:
                with self.through(key):
                    self.holds_up(automation_id, service, hold)
            for sent in alone.prompts:  # Sent now, at the client's call: its buttons' taps.
                judge_footprint(self, sent)

    def knows_state(self, entity_id: str) -> bool:
        """Return True while the entity's present state is the one the action finds."""
        return self.now and entity_id not in self._acted

    def held_states(self, entity_id: str) -> frozenset[str] | None:
        """Return the states the entity is in as the step runs, as its conditions say.

        An automation runs its first steps only when its conditions hold
        (`held`: `alarm_control_panel.alarm` is `disarmed`), and a step after
        a `condition` step, or in the `then` of an `if` or a `choose` option,
        only when those hold (`holds`, `nested`), into a script it runs:
        until a delay, a wait or a step acting on the entity, it is in one of
        those states.
        """
        return None if entity_id in self._acted else self.held.get(entity_id)

    def holds(self, conditions: Any) -> None:
        """Judge what follows as run only when `conditions` held just before (`held_by`).

        Not in a `parallel`'s branch: another branch's steps may come
        between the condition and the step.
        """
        if self._parallel:
            return
        ways = (
            self.bindings.scoped(self.scope if self.trigger_ids_known else None)
            if self.bindings is not None
            else ()
        )
        if found := held_by(conditions, ways):
            held = dict(self.held)
            for entity_id, states in found.items():
                held[entity_id] = held.get(entity_id, states) & states
            self.held = held

    @contextmanager
    def nested(self, holds: Any = None, *, parallel: bool = False) -> Iterator[None]:
        """Judge a nested sequence (a branch, a loop's round, a script's run) under `holds`.

        What its conditions say holds in it only: one failing ends that
        sequence, and its caller goes on. After it, the caller's `held`
        holds again, unless the sequence waited (`later`): then nothing does.
        """
        held, lapses, in_parallel = self.held, self._lapses, self._parallel
        self._parallel = in_parallel or parallel
        if holds is not None:
            self.holds(holds)
        try:
            yield
        finally:
            self._parallel = in_parallel
            self.held = held if self._lapses == lapses else {}

    def lapse(self) -> None:
        """Judge what comes next with no condition known to hold (a queued run starts later)."""
        self.held = {}
        self._lapses += 1

    def later(self) -> None:
        """Judge what comes next as running later (after a delay or a wait)."""
        self.now = False
        self.lapse()

    def _data_rule(self, key: str, service: str) -> None:
        rule = DATA_RULES[key]
        self.add(rule.risk, None, service, rule.reason)

    @contextmanager
    def scoped(self, trigger_ids: frozenset[str] | None) -> Iterator[None]:
        """Judge what runs inside as reached only when one of `trigger_ids` fired.

        Not when the macro sets `trigger` itself (`trigger_ids_known`): then
        every branch may run on any trigger.
        """
        if trigger_ids is None or not self.trigger_ids_known:
            yield
            return
        saved, start = self.scope, len(self.findings)
        self.scope = trigger_ids if saved is None else saved & trigger_ids
        try:
            yield
        finally:
            self._ranges.append((start, len(self.findings), self.scope))
            self.scope = saved

    @contextmanager
    def step(self, data: Any) -> Iterator[None]:
        """Judge one action step, whose reads matter only as far as what it changes does.

        For the perimeter (`reads`): what the step reads (its templated
        `data`, and all a script it runs reads: its conditions, variables,
        data) is an input of the macro when the step can do something
        guarded; else it is kept by what the step changes (`keyed_reads`),
        and becomes an input only once that joins the perimeter
        (`fixpoint`). A notification script's templates reading every light
        do not make the lights part of an automation that also opens a valve.
        """
        if self.reads is None:
            yield
            return
        reads = Reads(self.hass).add_templated(data, self._known())
        reads.add(self.set_from(data), self._known())
        with self._reading(reads, self._decided_by(reads, data)):
            yield

    @contextmanager
    def branch(self, holds: Any, fails: Sequence[Any] = ()) -> Iterator[None]:
        """Judge a branch that runs when `holds` holds and each of `fails` fails.

        A `choose` option runs when its conditions hold and no earlier
        option's did; an `else`, when the `if` failed. The branch's
        conditions are read as a step's data is (`step`): inputs of the
        macro only when the branch can do something guarded. When it locks,
        closes or arms what opening is judged on (`secures_house`), they are
        kept in `guards`: what makes them fail keeps the macro from
        securing. A branch that only turns on the lights does neither.
        """
        start = len(self.findings)
        outer_options = self._options
        if not self._rounds:  # In a loop, one round takes this option, the next another.
            self._options = (*outer_options, (self._block, self._next_option))
        self._next_option += 1
        try:
            if self.reads is None:
                yield
            else:
                reads = Reads(self.hass).add([holds, *fails], self._known())
                reads.add(self.set_from([holds, *fails]), self._known())
                with self._reading(reads, self._decided_by(reads, [holds, *fails])):
                    yield
        finally:
            self._options = outer_options
            if any(secures_house(self.house, finding) for finding in self.findings[start:]):
                self.guards += [(holds, False), *((failed, True) for failed in fails)]

    @contextmanager
    def rounds(self) -> Iterator[None]:
        """Judge a loop's sequence: each round may take another option of a `block` in it."""
        self._rounds += 1
        try:
            yield
        finally:
            self._rounds -= 1

    @contextmanager
    def block(self) -> Iterator[None]:
        """Judge a `choose` or an `if`, whose options (`branch`) a run takes one of."""
        outer = self._block, self._next_option
        self._blocks += 1
        self._block, self._next_option = self._blocks, 0
        try:
            yield
        finally:
            self._block, self._next_option = outer

    def condition_steps(self, steps: Sequence[tuple[Any, int]]) -> None:
        """Keep in `guards` each `condition` step the steps after which secure.

        `steps`: each with the findings before what follows it in its
        sequence, in a script the macro runs too: failing, it ends that
        sequence before the lock (a "nobody home" script's "only while
        guest mode is off"), as a branch's conditions do (`branch`).
        """
        for condition, at in steps:
            if any(secures_house(self.house, finding) for finding in self.findings[at:]):
                self.guards.append((condition, False))

    def halting_before(self, found: Callable[[Finding], bool]) -> set[str]:
        """Return what decides whether the run gets to each finding for which `found` holds.

        The reads of each scope before one that can end the run it is part
        of (`halts`): a `stop` in a script it runs ends that script's run,
        and decides only what is found in it (its own lock, not the
        caller's after it).
        """
        found_at = [i for i, finding in enumerate(self.findings) if found(finding)]
        return {
            key
            for halting in self.halting_reads
            if (after := bisect_left(found_at, halting.at)) < len(found_at)
            and (halting.until is None or found_at[after] < halting.until)
            for key in halting.keys
        }

    def halts(self, ending: Ending) -> None:
        """Note that the step walked can end `ending`: a `stop`, a failing call.

        What the scope it stands in reads (the `if` around a `stop`, the
        templated data of a call a client can make fail) decides whether
        what comes after runs (`halting_reads`). A failing `condition`
        (`Ending.SEQUENCE`) ends only the branch it stands in, whose reads
        already decide what the branch finds (`branch`): what follows runs.
        """
        if self._halts is None or ending > self._halts:
            self._halts = ending

    def renders(self, config: Any, ending: Ending = Ending.CALLERS) -> None:
        """Note that the run renders `config` here: a template in it that can raise ends `ending`.

        A message's text, a `variables` step, a called script's own
        `variables:` (`raising.can_raise`: `states('input_text.x') | int`).
        What can make those templates raise (`raising.raising_reads`: what
        their parts that can raise are given) decides whether the run gets
        to what follows, the step itself included (`halting_reads`); what
        they read that cannot make them raise is no concern of the run's
        end. A name an earlier step set from the house (`Bindings.from_house`:
        `{{ guests | int }}` after `guests: "{{ states('input_text.guests')
        }}"`, or a `response_variable`) reads what it was set from.
        """
        if self.reads is None:
            return
        noted = self.bindings.from_house if self.bindings is not None else {}
        tainted = frozenset(noted)
        integers = frozenset(name for name, each in noted.items() if each.integer)
        if not (raising := raising_reads(config, tainted, integers)):
            return
        sources = [
            source
            for name in sorted(names_read(raising) & tainted)
            for source in noted[name].sources
        ]
        if keys := Reads(self.hass).add([*raising, *sources], self._known()).keys:
            self.halting_reads.append(
                _Halting(len(self.findings), keys, ending, options=self._options)
            )

    def decides(self, config: Any) -> None:
        """Note a step whose reads decide whether, or when, what follows it in its scope runs.

        A `condition` step (failing, it ends the sequence), a wait or a
        delay (what comes after waits for it), a loop's `while` or `until`
        (it may go round for ever): each change made after it in the same
        scope, or in a script the scope's step runs, is decided by them
        too (`deciding_reads`).
        """
        if self._deciding is not None and config is not None:
            self._deciding |= self._decided_by(Reads(self.hass).add(config, self._known()), config)

    def pauses(self, config: Any) -> None:
        """Note what says how long a delay, a wait or a loop of the walked item's own steps lasts.

        A delay's length; a wait's timeout, or, without one, what it waits
        for; a loop's count, items and conditions: with the entities its
        variables name, and what those set from the house were set from
        (`pause: "{{ states('input_number.fade_minutes') | int * 60 }}"`,
        then `delay: "{{ pause }}"`: the helper). For the perimeter
        (`pause_reads`: `securing.paused_by`); what a script it runs lasts
        is that script's own.
        """
        if self.reads is not None and not self.path and config is not None:
            reads = Reads(self.hass).add([config, *self.set_from(config)], self._known())
            self.pause_reads |= reads.keys

    def sets_variables(self, config: Any) -> None:
        """Note what each variable a `variables` step (or a run's own `variables:`) sets reads.

        A condition or data reading the variable decides with what its value
        is computed from (`_decided_by`): `minutes: "{{ states('input_number.x') }}"`,
        then `duration: "{{ minutes }}"`. Every value a name is given counts.
        """
        if self.touched is None:
            return
        variables = getattr(config, "variables", config)
        if isinstance(variables, Mapping):
            for name, value in variables.items():
                reads = Reads(self.hass).add(value, self._known())
                self._given_by.setdefault(str(name), set()).update(self._decided_by(reads, value))

    def _decided_by(self, reads: Reads, config: Any) -> set[str]:
        """Return `reads`, with what the variables `config` reads are computed from."""
        if self.touched is None:
            return set()
        found = set(reads.keys)
        for name in names_read(config) & self._given_by.keys():
            found |= self._given_by[name]
        return found

    def decided_before(self, key: str) -> dict[str, set[str]]:
        """Return, per verb, what decides whether and when the run gets to that change of `key`.

        Its scopes' own (`deciding_reads`), and what can end the run before
        it (`halting_reads`: a `stop`, a wait that gives up, a call a client
        can make fail, a template that can raise as it renders: a message's,
        a `variables` step's, by what can make it raise only, so that a
        notification worked out from every person does not tie the change
        to every change of the house: `raising.raising_reads`). A variable
        it sets that the change's data or conditions read counts
        (`sets_variables`). `ANY_VERB`: a change replayed from a walk made
        before, by any verb.
        """
        return {
            verb: self._halted_before(at) | self.deciding_reads.get(key, set())
            for verb, at in self._touched_at.get(key, {}).items()
        }

    def _halted_before(self, changes: list[tuple[int, Options]]) -> set[str]:
        """Return what can end the run before any of `changes` (the findings before each).

        Not what stands in another option of a `choose` or `if` the change
        stands in (`block`): a run takes one of them, though the walk meets
        each in turn.
        """
        found: set[str] = set()
        # Each scope is asked until it counts, or adds nothing new: a walk
        # touches the same entity at the same place many times over, and a
        # long run has thousands of scopes that can end it.
        pending = self.halting_reads
        for at, options in set(changes):
            taken = dict(options)
            left: list[_Halting] = []
            for halting in pending:
                if halting.keys <= found:
                    continue
                if (
                    halting.at <= at
                    and (halting.until is None or at < halting.until)
                    and all(taken.get(block, option) == option for block, option in halting.options)
                ):
                    found |= halting.keys
                else:
                    left.append(halting)
            if not (pending := left):
                break
        return found

    def _swap_halts(self, halts: Ending | None) -> Ending | None:
        """Set what the scope now walked can end; return what the one around it could."""
        outer, self._halts = self._halts, halts
        return outer

    @contextmanager
    def as_run(self, bindings: Bindings, *, owners: bool) -> Iterator[None]:
        """Walk what runs inside as the run it starts sees itself: its variables, not its caller's.

        A script or automation it runs, a template entity's action, an
        `intent_script`'s: `bindings` are the run's own variables, `owners`
        says whether it is the owner's own item (a written one is not), and
        it sees its own `trigger` (a script: what it is given), never its
        caller's: no branch in it is tied to the caller's trigger. After it,
        the caller's come back. How a `stop` or a condition in it ends it
        is `own_run`'s.
        """
        saved = self.owners, self.bindings, self.trigger_ids_known
        self.owners, self.bindings, self.trigger_ids_known = owners, bindings, False
        try:
            yield
        finally:
            self.owners, self.bindings, self.trigger_ids_known = saved

    @contextmanager
    def own_run(self) -> Iterator[None]:
        """Walk a run of its own: a script's, an automation's, a template entity's action.

        Home Assistant runs it as a top-level script: a `condition` or a
        `stop` in it (`Ending.RUN`) ends it, not its caller, which goes on;
        only a call that raises (`Ending.CALLERS`) ends the caller too.
        """
        halts = self._swap_halts(None)
        first = len(self.halting_reads)
        try:
            yield
        finally:
            self._halts = halts
            end = len(self.findings)
            for halting in self.halting_reads[first:]:
                if halting.ending is Ending.RUN and halting.until is None:
                    halting.until = end

    def _known(self) -> Mapping[str, tuple[str, ...]] | None:
        return self.bindings.entity_names() if self.bindings is not None else None

    @contextmanager
    def _reading(self, reads: Reads, deciding: set[str]) -> Iterator[None]:
        """Collect what runs inside reads in `reads`; then hand it on as `step` says.

        `deciding`: what the scope's own data or conditions decide with
        (`_decided_by`); with what `decides` adds as it is walked, it goes
        to each key changed in it (`deciding_reads`).
        """
        outer_reads, self.reads = self.reads, reads
        outer, self._step_touched = self._step_touched, set()
        outer_deciding = self._deciding
        if self.touched is not None:
            self._deciding = set(deciding)
        outer_halts = self._swap_halts(None)
        start = len(self.findings)
        try:
            yield
        finally:
            if self._halts is not None and self._halts > Ending.SEQUENCE and reads.keys:
                # They decide whether what follows runs: what is found after this scope.
                self.halting_reads.append(
                    _Halting(len(self.findings), reads.keys, self._halts, options=self._options)
                )
            self._halts = outer_halts
            self.reads = outer_reads
            touched, self._step_touched = self._step_touched, outer
            decided, self._deciding = self._deciding, outer_deciding
            if decided is not None:
                for key in touched:
                    self.deciding_reads.setdefault(key, set()).update(decided)
            if outer is not None:
                outer |= touched
            found = self.findings[start:]
            if outer_reads is not None and any(f.risk in GUARDED_RISKS for f in found):
                outer_reads.keys |= reads.keys
            elif reads.keys:
                for key in touched:
                    self.keyed_reads.setdefault(key, set()).update(reads.keys)
            if any(secures_house(self.house, finding) for finding in found):
                self.securing_reads |= reads.keys

    def scopes(self) -> list[Scope]:
        """Return, for each finding, the triggers it is reached under (None: any)."""
        found: list[Scope] = [None] * len(self.findings)
        for start, end, scope in reversed(self._ranges):  # Outer ranges first.
            for index in range(start, end):
                found[index] = scope
        return found

    @contextmanager
    def through(self, *entity_ids: str) -> Iterator[None]:
        """Judge what runs inside as reached through `entity_ids`."""
        saved = self.path
        self.path = (*self.path, *entity_ids)
        try:
            yield
        finally:
            self.path = saved

    # -- service calls -------------------------------------------------------

    def call(
        self,
        domain: Any,
        service: Any,
        target: Mapping[str, Any],
        data: Mapping[str, Any],
        depth: int,
        *,
        already: Mapping[str, str] | None = None,
    ) -> list[str]:
        """Judge one service call; return the entities it targets directly.

        `service` `*` (`macros.ANY_SERVICE`, a templated name whose domain
        is fixed) is judged as each of the domain's actions; `say_*`, as each
        whose name starts with `say_`; `*_led`, each whose name ends so.
        None: Home Assistant would refuse the call (the index is rebuilt when
        an action is registered).

        `already`: the states entities are in whenever this call is made (a
        template chose it by reading them): one the call would leave in that
        very state does not change (`verbs.stays_as_it_is`), and sets nothing
        off. keymaster's generated "copy" automations turn a flag on only
        when it is on.
        """
        if isinstance(service, str) and ANY_SERVICE in service and isinstance(domain, str):
            start, _, end = service.partition(ANY_SERVICE)
            services = sorted(
                name
                for name in self.hass.services.async_services_for_domain(domain)
                if name.startswith(start)
                and name.endswith(end)
                and len(name) >= len(start) + len(end)
            )
            found: list[str] = []
            for each in services:
                found += self.call(domain, each, target, data, depth)
            return list(dict.fromkeys(found))
        if is_dynamic(domain) or is_dynamic(service):
            self._data_rule("templated_action", "templated action")
            return []
        domain, service = str(static(domain)), str(static(service))
        name = f"{domain}.{service}"
        if domain == "homeassistant" and not self.hass.services.has_service(domain, service):
            # Home Assistant's own actions are all there from its start; another
            # (Spook's `homeassistant.disable_entity`, not installed) is refused.
            return []
        if depth > MAX_DEPTH:
            self.unknown(name, NESTS_TOO_DEEPLY)
            return []
        data = data if isinstance(data, Mapping) else {}
        target = target if isinstance(target, Mapping) else {}
        rule = service_rule(domain, service)
        ruled, moves = rule is not None, rule is None or rule.effects
        if rule is not None and rule.external:
            EXTERNAL.handler(self, domain, service, data, rule)
        elif rule is not None and rule.risk is Risk.SYSTEM and self.owners:
            self._data_rule("system_owners", name)  # The owner's own restart, backup, purge.
        elif rule is not None and rule.risk is not Risk.SAFE:
            self.add(rule.risk, None, name, rule.reason)
        if names_own_notification(data):
            self._data_rule("own_notification", name)
        elif speaks_as_home_mcp(data):
            self._data_rule("speaks_as_home_mcp", name)
        self.react_to_call(domain, service, notice=raised(domain, service, data))
        if domain == NOTIFY_DOMAIN:
            self._notification(name, data)
        if not moves:
            return []
        entities = self._targets(domain, name, target, data)
        if entities is None:
            return []
        own = OWN_EFFECTS.get(name)
        reach = own(self, name, data, depth) if own is not None else None
        known = is_entity_domain(self.hass, domain) or domain == "homeassistant"
        if not known and not entities and not ruled and reach is not Reach.INSIDE:
            if domain not in MESSAGE_DOMAINS:
                EXTERNAL.handler(self, domain, service, data, DATA_RULES["own_means"])
        elif not known and str(data.get("broadcast", "")).lower() in ("true", "1", "yes", "on"):
            self._data_rule("broadcast", name)
        if not known and not entities and reach is None:
            # An integration's action with no target acts on what it keeps
            # (`shopping_list.add_item` on its to-do list).
            entities = dict.fromkeys(self.house.platform_entities(domain), ())
        if domain not in ("scene", "group"):  # Their data's entities are judged above.
            # Entities named in the data are reached too (`media_player:` of
            # `camera.play_stream`), by the action's own means.
            for named in data_entities(self.hass, data):
                entities.setdefault(named, ())
        if domain == "homeassistant":  # It calls each entity's own domain's action.
            for entity_domain in sorted({e.partition(".")[0] for e in entities}):
                self.react_to_call(entity_domain, service, inner=True)
        own_only = (
            known
            and domain != "homeassistant"
            and acts_on_own_entities_only(self.hass, domain, service)
        )
        for entity_id, via in entities.items():
            self._call_effects(domain, service, entity_id, via, data, depth, own_only, already)
        return [entity_id for entity_id, via in entities.items() if not via]

    def _call_effects(
        self,
        domain: str,
        service: str,
        entity_id: str,
        via: tuple[str, ...],
        data: Mapping[str, Any],
        depth: int,
        own_only: bool,
        already: Mapping[str, str] | None,
    ) -> None:
        """Judge a call's effect on one entity it reaches, as each verb it may be there.

        One verb mostly; Alarmo's `arm` with a templated mode is each of its
        modes (`verbs.CLOSED_FIELDS`), each judged from the state the entity
        is in before it (one of them happens, not one after the other); a
        verb not known, the action as named.
        """
        verbs = entity_verbs(domain, service, entity_id, data)
        if not verbs and own_only:
            return  # An entity service acts only on its own domain's entities.
        before, after = frozenset(self._acted), set(self._acted)
        for verb in verbs or (f"{domain}.{service}",):
            if already and stays_as_it_is(entity_id, verb, data, already.get(entity_id)):
                continue
            self._acted = set(before)
            with self.through(*via):
                self.effect(Effect(entity_id, verb, data), depth)
            after |= self._acted
        self._acted = after

    def _notification(self, name: str, data: Mapping[str, Any]) -> None:
        """Judge what a person's gesture on a notification sent with `data` fires.

        For a notification this action sends, or a macro it runs, or that
        what it changes sets off directly (`react`): its buttons are the
        client's choice, or its prompt comes when the client likes. In the
        perimeter, a macro's prompt is only noted (`prompts`): a prompt set
        off further on, along the house's own chains, is answered by a
        person who sees why it came.
        """
        sent = notification_footprint(data, push_categories(self.hass))
        tag = notification_tag(data)
        if self.touched is None:
            judge_footprint(self, sent)
            # Sent with the tag of the owner's prompt, it takes that one's place;
            # removing or silencing its channel takes it off or hides it.
            for macro_id in self.knowledge.prompts_taken_off(
                tag, None if clears(data) else sent, channel_taken_off(data)
            ):
                self.holds_up(macro_id, name, Hold.PROMPT)
        else:
            self.prompts.append(sent)
            self.prompts_placed.append((tag, notification_channel(data), sent))

    def event_keys(self) -> Iterable[str]:
        """Return the event keys something waits for."""
        return self.knowledge.event_keys()

    def react_to_call(
        self, domain: str, service: str, *, inner: bool = False, notice: Raised | None = None
    ) -> None:
        """Add what waits for `domain.service` being called (inner: called by another).

        `notice`: the persistent notification the call raises, when its data
        says (`notices.raised`): waiting for the call, an automation's
        notification trigger and conditions see it. Not so for what any
        call may come before (an integration's own notification).
        """
        for key in (Key(KeyKind.SERVICE, f"{domain}.{service}"), Key(KeyKind.SERVICE, domain)):
            self.react(key, "call", notice=notice)
        if not inner:
            for cause in (ANY_CALL, Key(KeyKind.SOURCE, domain), EVERYTHING):
                self.react(cause, "call")

    def _targets(
        self, domain: str, name: str, target: Mapping[str, Any], data: Mapping[str, Any]
    ) -> dict[str, tuple[str, ...]] | None:
        """Return the entities a call reaches (None: judged unknown, nothing more to do)."""
        selector, dynamic = merge_targets(target, data)
        if dynamic:
            if domain != "homeassistant" and not is_entity_domain(self.hass, domain):
                if acts_on_own_entities_only(self.hass, domain, name.partition(".")[2]):
                    # An integration's entity service reaches its own entities
                    # only, whatever its templates render to (none, where Home
                    # Assistant lacks the action: it would refuse the call).
                    return dict.fromkeys(self.house.platform_entities(domain), ())
                self._data_rule("templated_target", name)
                return None
            # An entity component's service reaches only its own entities
            # (`homeassistant.*`, any): judged on every one that is not plain,
            # and on what sets something off (`targets.unresolved_target_reach`); for the
            # perimeter, it may change any entity of those domains.
            if self.touched is not None:
                every = {e.partition(".")[0] for e in self.hass.states.async_entity_ids()}
                for each in sorted(every) if domain == "homeassistant" else [domain]:
                    self.touched.setdefault(domain_key(each), {}).setdefault(
                        name, (self.path, self.scope)
                    )
            return dict.fromkeys(self._unresolved_target_reach(domain), ())
        if (problem := group_problem(self.hass, selector.get(ATTR_ENTITY_ID, []))) is not None:
            self.unknown(name, problem)
            return None
        service = name.partition(".")[2]
        if not is_entity_domain(self.hass, domain) and acts_on_own_entities_only(
            self.hass, domain, service
        ):
            # An integration's entity service given `all` acts on all of its own
            # entities (`sonos.snapshot`), not on every entity of the house.
            selector = {
                **selector,
                ATTR_ENTITY_ID: own_all(selector, self.house.platform_entities(domain)),
            }
        try:
            found = expand(self.hass, domain, selector)
        except ValueError as err:  # An entity id Home Assistant would refuse.
            self.unknown(name, f"A target Home MCP cannot read: {err}")
            return None
        if self.repeats and may_gain_members(selector):  # A written item lives on.
            found = {**dict.fromkeys(self._unresolved_target_reach(domain), ()), **found}
        return found

    def house_named(self, value: Any, verb: str) -> list[str] | None:
        """Return what a template naming the house's own entities reaches (None: not so).

        `{{ area_entities(area) | select('match', 'light.') | list }}`
        (`bindings.HouseEntities`): of the entities it may name, those that
        are not plain or whose change sets something off (`targets.unresolved_target_reach`);
        for the perimeter, `verb` may change any entity of their domains.
        """
        if self.bindings is None or not is_dynamic(value):
            return None
        scope = self.scope if self.trigger_ids_known else None
        if (named := self.bindings.house_entities_of(value, scope)) is None:
            return None
        ids = self.hass.states.async_entity_ids()
        domains = sorted({e.partition(".")[0] for e in ids if any(n.matches(e) for n in named)})
        if self.touched is not None:
            for each in domains:
                self.touched.setdefault(domain_key(each), {}).setdefault(
                    verb, (self.path, self.scope)
                )
        return [
            e
            for d in domains
            for e in self._unresolved_target_reach(d)
            if any(n.matches(e) for n in named)
        ]

    def _unresolved_target_reach(self, domain: str) -> list[str]:
        """Return `targets.unresolved_target_reach` in this house."""
        return unresolved_target_reach(
            self.hass, self.house.is_plain, self.knowledge.perimeter_entities, domain
        )

    # -- effects -------------------------------------------------------------

    def effect(self, effect: Effect, depth: int) -> None:
        """Judge one effect, what it reaches, and what it sets off.

        What is no entity id (a template rendered to `abc`, a group member
        written wrong) Home Assistant refuses when it runs: it reaches nothing.
        """
        entity_id, verb = effect.entity_id, effect.verb
        if not valid_entity_id(entity_id):
            return
        verb = timer_verb(entity_id, verb, effect.data, repeats=self.repeats)
        if depth > MAX_DEPTH:
            self.unknown(effect.service, NESTS_TOO_DEEPLY)
            return
        if entity_id in self.knowledge.unreadable_items:
            self.add(Risk.UNKNOWN, entity_id, effect.service, DATA_RULES["unreadable_item"].reason)
        options = (
            self.knowledge.options_bound if verb in OPTIONS_VERBS else self.knowledge.options_fed
        )
        if bound := options.get(entity_id):  # New options, or what a template select's are from.
            with self.through(bound[0]):
                self.add(
                    Risk.UNKNOWN, entity_id, effect.service, OPTIONS_BOUND.format(macro=bound[0])
                )
        if (
            verb != "join_group"
            and (wrapper := self.house.wrappers.get(entity_id)) is not None
            and not self.on_path(wrapper.entity_id, loop=True)  # Not back where it came from.
        ):
            before = len(self.findings)
            with self.through(entity_id):
                mapped = wrapper.verbs.get(verb, verb)
                self.effect(Effect(wrapper.entity_id, mapped, effect.data, effect.state), depth)
            found = self.findings[before:]
            securing = bool(found) and found[0].risk is Risk.SECURING
            DRIVE.handler(self, entity_id, verb, effect.data, depth)  # Its own scripts run too.
            self.react(entity_id, verb, securing=securing, data=effect.data)
            return
        if (
            verb != "join_group"
            and self.house.is_plain(entity_id)
            and not self.knowledge.waits_on(entity_id)  # Its start may delay a lock.
        ):
            self.add(PLAIN_RULE.risk, entity_id, effect.service, PLAIN_RULE.reason)
            self.react(entity_id, verb, data=effect.data)
            return
        entity_class = self.house.entity_class(entity_id)
        now = self.knows_state(entity_id)
        held = None if now else self.held_states(entity_id)
        self._acted.add(entity_id)
        facts = Facts(self.knowledge, effect, now=now, held=held)
        rule = entity_rule(entity_class, verb, facts)
        if held is not None and rule != entity_rule(
            entity_class, verb, Facts(self.knowledge, effect, now=now)
        ):
            self._caller_decided += 1
        reason = f"{rule.reason} (sets it to {effect.state})" if effect.state else rule.reason
        if entity_class is EntityClass.OPENER and rule.risk is Risk.OPENS_HOUSE:
            with self.through(entity_id):
                for sibling in self.house.siblings.get(entity_id, ()):
                    self.add(Risk.OPENS_HOUSE, sibling, effect.service, rule.reason)
        else:
            self.add(rule.risk, entity_id, effect.service, reason)
            if self.touched is not None and rule.risk in GUARDED_RISKS:
                if (spared := code_spared(effect)) is not None:  # For the perimeter.
                    self.findings[-1] = replace(self.findings[-1], spared=spared)
        if verb == "join_group":
            return
        securing = rule.risk is Risk.SECURING
        again = HOLDS[Hold.AGAIN]
        if self.repeats and self.path and again.applies(verb) and self.knowledge.secures(entity_id):
            # Set off again and again by what is judged (not the item itself), a securing
            # automation never finishes (restart) or drops the trigger that secures (single).
            self.holds_up(entity_id, effect.service, Hold.AGAIN)
        given = effect.data.get("variables")
        if given is None and "__template__" not in effect.data:
            given = {}  # Nothing given: the run has only what it defines.
        caller_decided = self._caller_decided
        if not securing and (entity_class, verb) in _RUNS:
            if HOLDS[Hold.RUN].applies(verb):  # A script's or an automation's run.
                START_SCRIPT.handler(self, entity_id, given, effect.service)
            self.run_macro(entity_id, depth, own_state=False, variables=given)
        DRIVE.handler(self, entity_id, verb, effect.data, depth)
        # A run with its caller's data, or one in which what the caller's
        # conditions hold (`held`), or a field it did not give, decided a
        # step, was judged with them: what it does without them (its own
        # findings, with any data) does not pass to the caller.
        with_data = (entity_class, verb) in _RUNS and (
            (isinstance(given, Mapping) and bool(given)) or self._caller_decided != caller_decided
        )
        touched_as = RUN_WITH_DATA if with_data else None
        self.react(entity_id, verb, securing=securing, touched_as=touched_as, data=effect.data)

    def react(
        self,
        key: str,
        verb: str | None,
        *,
        securing: bool = False,
        touched_as: str | None = None,
        data: Mapping[str, Any] | None = None,
        notice: Raised | None = None,
    ) -> None:
        """Add what the house's automations would do when `key` changes.

        `notice`: the notification a call of key `key` raises: only the
        automations it can run are set off (`Knowledge.sets_off`).

        `touched_as`: the verb the perimeter records for it, when not `verb`.
        `data`: the verb's, which may leave the entity in another state than
        the verb says (`verbs.LEVEL_DATA`); it is then recorded as `set_state`
        too, a change to any state.

        A securing effect sets off only the automations a trigger of which
        fires on the state it leaves the entity in (`Knowledge.triggered`):
        a lock that locks runs the "when it is locked" automation, never the
        "when it is unlocked" one. For the perimeter, it is noted apart
        (`secured`): the fixpoint passes on what those automations do.
        """
        is_entity = "." in key and ":" not in key
        if securing:
            states = resulting_states(key.partition(".")[0], verb or "")
            for finding in self.knowledge.triggered(key, states):
                self.findings.append(finding.through(*self.path))
            if self.secured is not None and is_entity and verb is not None:
                self.secured.setdefault(key, {}).setdefault(verb, (self.path, self.scope))
            return
        if verb is not None and (is_entity or kind_of(key) is KeyKind.EVENT):
            when = {"now": self.now, "repeats": self.repeats}
            service = "event" if not is_entity else verb
            if "." not in service and is_entity:
                service = f"{key.partition('.')[0]}.{verb}"
            with self.through(key):
                for automation_id, hold in self.knowledge.keeps_from_securing(
                    key, verb, data=data, **when
                ):
                    self.holds_up(automation_id, service, hold)
        keys = self.house.change_keys(key) if is_entity else [key]
        domain = key.partition(".")[0]
        states = verb_states(domain, verb or "", data) if is_entity else frozenset()
        if verb is not None and self.touched is not None:
            verbs = [touched_as or verb]
            if not states and verb_states(domain, verb):
                verbs.append("set_state")  # Its data may leave it in any state.
            for name in keys:
                if name != EVERYTHING and kind_of(name) is not KeyKind.DOMAIN:
                    for recorded in verbs:
                        self.touched.setdefault(name, {}).setdefault(
                            recorded, (self.path, self.scope)
                        )
                        at = self._touched_at.setdefault(name, {}).setdefault(recorded, [])
                        at.append((len(self.findings), self._options))
        if self._step_touched is not None:
            self._step_touched.update(keys)
        if self.writes is not None and is_entity and verb is not None:
            self._written(key, verb, data)
        prefix = (*self.path, key) if is_entity else self.path
        reacted = self._reacted[-1] if self._reacted is not None else None
        # Judging an action, each effect counts once per walk (below), so only the
        # first way of each in a key's reactions can count (`distinct_reactions`), and
        # a key whose every reaction already counts in this walk adds nothing again
        # (`_ALL_COUNTED`): but for a notification's, which tells apart the automations
        # they start with (`_refuses`).
        distinct = reacted if notice is None else None
        reactions = (
            self.knowledge.reactions if distinct is None else self.knowledge.distinct_reactions
        )
        for name in keys:
            asked = states if name == key else frozenset()
            counted = (_ALL_COUNTED, name, asked)
            if distinct is not None and counted in distinct:
                continue
            every = True  # Every one of them counts in this walk.
            for found in reactions(name, asked):
                if self._refuses(notice, found.via[:1], name):
                    continue  # Its notification trigger or its conditions refuse it.
                # Judging an action, what it sets off counts once per walk, by its
                # first path (as `Gate` answers): the same reaction along every later
                # path (a house's catch-all templates) adds nothing. What spared it
                # is the perimeter's (`Finding.spared`): the reaction is the same.
                effect = _effect_of(found, spared=None) if reacted is not None else None
                if reacted is not None and effect in reacted:
                    continue
                if found.service.endswith(".state") and self.on_path(found.entity_id or ""):
                    every = False
                    continue  # A state that follows this one, changed by its own action.
                if reacted is not None and effect is not None:
                    reacted.add(effect)
                    found = replace(found, spared=None) if found.spared is not None else found
                self.findings.append(found.through(*prefix))
            if distinct is not None and every:
                distinct.add(counted)
        if is_entity:
            for finding in self.knowledge.while_running(key):
                self.findings.append(finding.through(*self.path))
        if self.touched is None:  # The prompts it sets off directly (`Judge.call`).
            self._prompted(key, keys, states, notice, is_entity=is_entity)

    def _prompted(
        self,
        key: str,
        keys: Iterable[str],
        states: frozenset[str],
        notice: Raised | None,
        *,
        is_entity: bool,
    ) -> None:
        """Judge the taps on the prompts changing `key` (its `keys`) sets off directly.

        Judging an action, each prompt's taps count once per walk, by its first
        path, as its reactions do (`react`): a tap that sends another prompt,
        whose tap sends the first, is judged once, not once per order.
        """
        reacted = self._reacted[-1] if self._reacted is not None else None
        for name in keys:
            if name in ANY_CAUSE:
                continue  # A prompt any action may come before: not set off by this one.
            for automation_id, sent in self.knowledge.prompts(
                name, states if name == key else frozenset()
            ):
                if self._refuses(notice, (automation_id,), name):
                    continue
                if self.on_path(automation_id):
                    continue
                if reacted is not None:
                    if (_PROMPT, automation_id, sent) in reacted:
                        continue
                    reacted.add((_PROMPT, automation_id, sent))
                with self.through(*((key,) if is_entity else ()), automation_id):
                    judge_footprint(self, sent)

    def _refuses(self, notice: Raised | None, via: tuple[str, ...], key: str) -> bool:
        """Return True if the automation `via` starts with cannot be run by `notice`."""
        return notice is not None and not self.knowledge.sets_off(
            via[0] if via else "", key, notice
        )

    def _written(self, entity_id: str, verb: str, data: Mapping[str, Any] | None) -> None:
        """Note what a write of the entity sets it to (`VALUE_FIELDS`); None: not said."""
        assert self.writes is not None
        field = VALUE_FIELDS.get(entity_id.partition(".")[0], {}).get(verb)
        value = data.get(field) if field is not None and data else None
        if isinstance(value, Template) and value.is_static:
            value = value.template  # Plain text, as Home Assistant renders it.
        before = self.writes.get(entity_id, ())
        if value is None or before is None:
            self.writes[entity_id] = None
        elif value not in before:
            self.writes[entity_id] = (*before, value)

    # -- macros and scene states ---------------------------------------------

    def run_macro(
        self, entity_id: str, depth: int, *, own_state: bool = True, variables: Any = None
    ) -> None:
        """Judge a macro's run, and its own entity's change unless `own_state` is False.

        `variables`: what its caller gives it (a script's fields), which its
        templates are rendered with (`bindings.run_bindings`).
        """
        if self.on_path(entity_id, loop=True):
            return  # A loop: its actions are already being judged.
        domain = split_entity_id(entity_id)[0]
        # What it is given from the house (`given_from_house`) decides what can end its run.
        given = given_from_house(variables, self.bindings.from_house if self.bindings else None)
        key = self.walk_key("run", entity_id, own_state, (variables, from_house_key(given)))
        if domain != "scene" and self.too_deep(depth):  # A scene's states are flat.
            if self._as_called(domain, variables):
                # From where one walk is cut: what it runs or drives is met too deep again.
                depth = min(depth, INLINE_DEPTH)
                self._data_runs += 1
                try:
                    self.once(key, lambda: self._run_macro(entity_id, depth, own_state, variables))
                finally:
                    self._data_runs -= 1
                return
            if domain == "automation":  # Run by hand: on its own, it is judged as triggered.
                self.unknown(f"{domain}.run", NESTS_TOO_DEEPLY)
                return
            if own_state:
                self.react(entity_id, "trigger" if domain == "automation" else SERVICE_TURN_ON)
            self.on_its_own(entity_id, f"{domain}.run")
            for run_key in (Key(KeyKind.RUN, entity_id), Key(KeyKind.RUN, domain)):
                self.react(run_key, "fire")
            return
        self.once(key, lambda: self._run_macro(entity_id, depth, own_state, variables))

    def _as_called(self, domain: str, variables: Any) -> bool:
        """Return True for a run met too deep still walked as its caller starts it.

        Judged on its own, a script runs with any data: a blink script
        toggling `{{ domain }}.toggle` of its caller's entity toggles
        anything, a lock too; and an automation runs as its triggers and
        conditions start it, never as `automation.trigger` does (no trigger,
        its conditions skipped). A script given a mapping (each value what
        its caller's templates render; none for a bare run, which its
        fields may stop), or an automation run by hand, is walked so where
        one walk is cut (`INLINE_DEPTH`, `MAX_STEPS`), and what it runs or
        drives there is met too deep again: items on their own, such a run
        walked so in turn. A loop is cut by the path, as anywhere;
        `DATA_RUNS` such runs one inside another and `DATA_STEPS` steps
        bound the walk (then an automation run by hand is `unknown`).
        """
        if self._data_runs >= DATA_RUNS or self._steps > DATA_STEPS:
            return False
        return domain == "automation" or (domain == "script" and isinstance(variables, Mapping))

    def _run_macro(self, entity_id: str, depth: int, own_state: bool, variables: Any) -> None:
        domain = split_entity_id(entity_id)[0]
        if own_state:
            self.react(entity_id, "trigger" if domain == "automation" else SERVICE_TURN_ON)
        with self.through(entity_id):
            entity = entity_object(self.hass, entity_id)
            if domain == "scene":
                SCENE.handler(self, entity_id, entity, depth)
                return
            if entity is None:
                self.add(Risk.SAFE, entity_id, f"{domain}.run", "No such macro: nothing would run")
                return
            if is_unavailable(entity):
                self.add(Risk.SAFE, entity_id, f"{domain}.run", INVALID_MACRO)
                return
            script = getattr(entity, "script" if domain == "script" else "action_script", None)
            sequence = getattr(script, "sequence", None)
            if not isinstance(sequence, list):
                reason = "Home MCP cannot read this macro's actions"
                self.add(Risk.UNKNOWN, entity_id, f"{domain}.run", reason)
                return
            bindings = run_bindings(
                entity_id,
                variables,
                triggered=domain == "automation",
                script=script,
                fields=getattr(entity, "fields", None) if domain == "script" else None,
                caller=self.bindings.from_house if self.bindings is not None else None,
            )
            if domain == "automation":
                # Its `variables:`, rendered as Home Assistant runs it: beneath
                # `trigger` and `this`. Unknown (another Home Assistant): any.
                own = private_or(entity, AUTOMATION_VARIABLES, None)
                bindings = bindings.with_variables(own, defaults=True)
            # A written item is not the owner's.
            with self.as_run(bindings, owners=not proposed(entity_id)[0]):
                with self.own_run(), self.nested():
                    # Its own `variables:`, rendered as it starts: an error a script's
                    # raises to its caller; an automation's, logged, ends only its run.
                    ending = Ending.RUN if domain == "automation" else Ending.CALLERS
                    self.renders(getattr(script, "variables", None), ending)
                    self.sets_variables(getattr(script, "variables", None))
                    if domain == "automation":
                        self.renders(own, Ending.RUN)
                        self.sets_variables(own)
                    if getattr(script, "script_mode", None) == SCRIPT_MODE_QUEUED:
                        self.lapse()  # It starts once the runs before it end.
                    walk(self, sequence, depth + 1)
                stopped = self.bindings is not None and self.bindings.record.stopped
                if stopped:  # A field it was not given stopped it.
                    self._caller_decided += 1
        for key in (Key(KeyKind.RUN, entity_id), Key(KeyKind.RUN, domain)):  # Their run events.
            self.react(key, "fire")

    def device_action(self, action: Mapping[str, Any], depth: int) -> None:
        """Judge a device action (`device_id`, `domain`, `type`, maybe `entity_id`)."""
        DEVICE_ACTION.handler(self, action, depth)

    def event(self, event_type: Any, depth: int, data: Any = None) -> None:
        """Judge firing an event (with `data`, as written): the automations it triggers."""
        EVENT.handler(self, event_type, data)
