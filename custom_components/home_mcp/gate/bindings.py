"""What a template's variables can be, and the template evaluated over each.

Owners write `target: {entity_id: "{{ trigger.entity_id }}"}`,
`action: "script.{{ trigger.to_state.state }}"` or a blueprint's
`variables: {door: !input door}`. Read as "any entity", such a template
would make the gate guard everything; its values are in fact fixed by what
the automation is: the entities its triggers name, its trigger ids, the
options of the `input_select` a trigger watches, the event data a trigger
asks for, its variables, a `repeat` over a literal list, the data a caller
gives a script.

`Bindings` holds those possibilities as *alternatives*: one set of variables
per way a run can start (per trigger and per entity or state it fires on),
each tagged with the trigger id it comes from. `Bindings.expand` renders a
templated piece of configuration once per alternative, with Jinja itself
(Home Assistant's own template environment, without the functions that read
the house or the clock), and returns every distinct result.

A value the gate cannot bound (a sensor's state, a caller's free text, an
attribute) is `ANY`: touching it in any way (printing it, comparing it,
looking into it, testing its type) makes the render fail, and the template
stays unbounded, judged as before ("could be anything"). So does a template
that reads the house (`states(...)`) or the time, whose functions are simply
not there. Nothing here knows what is guarded.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
import functools
import itertools
import os
import re
from typing import Any, Final
import weakref

import jinja2
import jinja2.meta
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverState
from homeassistant.components.lock import LockState
from homeassistant.components.valve import ValveState
from homeassistant.const import CONF_CONDITION, CONF_VALUE_TEMPLATE, STATE_OFF, STATE_ON
from homeassistant.core import HomeAssistant
from homeassistant.helpers.template import Template, TemplateEnvironment

from .live import present_name
from .raising import integer, reads_house

_ENTITY_ID: Final = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")
_DOMAIN: Final = re.compile(r"[a-z0-9_]+")
MAX_ALTERNATIVES: Final = 64
"""Beyond this many distinct ways to render, a template is judged as unbounded."""
MAX_RENDERS: Final = 16
"""At most this many ways one template is rendered, where what it cannot bound decides."""
MAX_LOOP_RENDERS: Final = 128
"""At most this many ways a template that loops over the house's entities is rendered
(each turn may be the last: `_looping`)."""
MAX_DECISIONS: Final = 12
"""At most this many choices one render takes where a value the gate cannot bound decides."""
_PROBES: Final = ("_", "jinja_", "unsafe_callable", "alters_data")
"""Attributes Jinja and Python look for on any value: `ANY` has none of them."""
_READERS: Final = frozenset({"states", "is_state", "state_attr", "is_state_attr", "has_value"})
"""Home Assistant's functions that read an entity's state: their result is `ANY`."""
_IMPURE: Final = frozenset({"random", "shuffle", "lipsum"})
"""Functions of Home Assistant's environment whose result is not fixed by their input."""
_ON_OFF: Final = (STATE_ON, STATE_OFF)
_FINITE_STATES: Final[Mapping[str, tuple[str, ...]]] = {
    "input_boolean": _ON_OFF,
    "binary_sensor": _ON_OFF,
    "switch": _ON_OFF,
    "light": _ON_OFF,
    "fan": _ON_OFF,
    "automation": _ON_OFF,
    "script": _ON_OFF,
    "siren": _ON_OFF,
    "remote": _ON_OFF,
    "humidifier": _ON_OFF,
    "schedule": _ON_OFF,
    "update": _ON_OFF,
    "lock": tuple(LockState),
    "cover": tuple(CoverState),
    "valve": tuple(ValveState),
    "alarm_control_panel": tuple(AlarmControlPanelState),
    # A timer's states have no name every supported Home Assistant exports
    # (2026.11 moved `STATUS_*` into `timer.const`): written as they are.
    "timer": ("idle", "active", "paused"),
    "sun": ("above_horizon", "below_horizon"),
}  # fmt: skip
"""The states an entity of these domains can be in (besides unavailable and unknown)."""
OPTIONS_DOMAINS: Final = ("input_select", "select")
"""Domains whose states are their `options`."""
_ABSENT_STATES: Final = ("unavailable", "unknown")


class Unbounded(Exception):
    """A template touched a value the gate cannot bound."""


class Stopped(Unbounded):
    """A template looks into a field its caller did not give, whatever else it reads.

    Home Assistant's render fails (`_NotGivenField`): a `variables:` step
    stops the run there (`_variable_values`). Anywhere else it is
    `Unbounded` (a condition that fails is false, and the run goes on).
    """


@dataclass(slots=True)
class _Oracle:
    """The choices one render takes where a value the gate cannot bound decides.

    path: the choices to take first (the rest: the first way); taken:
    (choice, ways) of each decision the render met, in order; missing: a
    mapping was looked up by a key it does not have; assumed: what the
    choices taken say of entities' states (`_Assumed`); loops: the template
    may loop over the house's entities (`_looping`), looped: it did;
    spaces: the namespaces it made (`_Namespace`), what a loop leaves.
    """

    path: list[int]
    taken: list[tuple[int, int]] = field(default_factory=list)
    missing: bool = False
    assumed: list[Assumption] = field(default_factory=list)
    loops: bool = False
    looped: bool = False
    spaces: list[Namespace] = field(default_factory=list)
    stopped: bool = False

    def choose(self, ways: int) -> int:
        index = len(self.taken)
        if index >= MAX_DECISIONS:
            raise Unbounded
        choice = self.path[index] if index < len(self.path) else 0
        self.taken.append((choice, ways))
        return choice


_ORACLE: ContextVar[_Oracle | None] = ContextVar("home_mcp_oracle", default=None)


def _decide(ways: int) -> int:
    """Return which of `ways` the render takes here (outside a render: `Unbounded`)."""
    oracle = _ORACLE.get()
    if oracle is None:
        raise Unbounded
    return oracle.choose(ways)


class _Any:
    """A value that may be anything.

    Printing it, iterating it, hashing it or asking its length makes the
    render fail; what is computed from it (an attribute, an item, a call,
    arithmetic, a comparison, a filter or a test given it: `states('x') |
    int > 5`) is `ANY` too, and a condition on it is taken both ways
    (`renders`).
    """

    __slots__ = ()

    def _unbounded(self, *_: Any, **__: Any) -> Any:
        raise Unbounded

    def _either(self, *_: Any, **__: Any) -> Any:
        return ANY  # Not `self`: a `_Prefixed`'s item or sum no longer starts so.

    def __bool__(self) -> bool:
        return _decide(2) == 0

    def __repr__(self) -> str:
        return "ANY"  # What tells alternatives apart (`_distinct`), never a render's text.

    def _holds(self, _: Any) -> bool:
        return _decide(2) == 0  # Whether it holds an item: either way.

    __str__ = __format__ = __len__ = __iter__ = _unbounded
    __hash__ = __int__ = __float__ = __index__ = _unbounded
    __contains__ = _holds
    __call__ = __getitem__ = _either
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _either
    __mod__ = __rmod__ = __truediv__ = __rtruediv__ = __neg__ = _either
    __floordiv__ = __rfloordiv__ = __pow__ = __rpow__ = _either
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _either

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        return self  # An attribute of anything may be anything.


type Assumption = tuple[str, str, bool]
"""(entity id, state, whether it is in that state): what a render's choice took as so."""


class _StateOf(_Any):
    """An entity's state as a template reads it (`states('x.y')`, `states.x.y.state`).

    Anything it is, but compared with a state it says which entity's state
    a choice depends on (`_Assumed`).
    """

    __slots__ = ("entity_id",)

    def __init__(self, entity_id: str) -> None:
        self.entity_id = entity_id

    def __eq__(self, other: object) -> Any:
        return _Assumed(self.entity_id, other, True) if isinstance(other, str) else ANY

    def __ne__(self, other: object) -> Any:
        return _Assumed(self.entity_id, other, False) if isinstance(other, str) else ANY

    __hash__ = _Any.__hash__

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        return ANY


class _Assumed(_Any):
    """Whether an entity is in a state (`is_state('x.y', 'on')`): a choice either way.

    The way a render takes is recorded with what it takes as so (`_Oracle.assumed`).
    """

    __slots__ = ("entity_id", "equal", "state")

    def __init__(self, entity_id: str, state: str, equal: bool) -> None:
        self.entity_id, self.state, self.equal = entity_id, state, equal

    def __bool__(self) -> bool:
        holds = _decide(2) == 0
        if (oracle := _ORACLE.get()) is not None:
            oracle.assumed.append((self.entity_id, self.state, holds == self.equal))
        return holds


class _Entity(_Any):
    """`states.x` (a domain) or `states.x.y` (an entity's state object) as a template reads it."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        if "." not in self.name:
            return _Entity(f"{self.name}.{name}")
        return _state_of(self.name) if name == "state" else ANY


@dataclass(slots=True)
class _Given:
    """The state every entity is taken to be in for one render (`given_state`); who was read."""

    state: str
    asked: set[str] = field(default_factory=set)


_GIVEN: ContextVar[_Given | None] = ContextVar("home_mcp_given", default=None)


_STATES: ContextVar[Mapping[str, tuple[str, ...]] | None] = ContextVar(
    "home_mcp_states", default=None
)
"""Entity -> every state the house says it can be in, for the renders inside `states_known`."""


def _state_of(entity_id: str) -> Any:
    """Return an entity's state as a template reads it: given (`given_state`), each it can be, or any."""
    if (given := _GIVEN.get()) is not None:
        given.asked.add(entity_id)
        return given.state
    if (known := _STATES.get()) is not None and (states := known.get(entity_id)) is not None:
        return _StateIn(entity_id, states)
    return _StateOf(entity_id)


class _StateIn(_StateOf):
    """An entity's state the house says is one of `states` (`states_known`).

    Compared, it is any state (`_StateOf`: a choice either way); written as
    text (printed, joined), each of `states` in turn, one way each.
    """

    __slots__ = ("states",)

    def __init__(self, entity_id: str, states: tuple[str, ...]) -> None:
        super().__init__(entity_id)
        self.states = states

    def _text(self) -> str:
        return self.states[_decide(len(self.states))]

    def __str__(self) -> str:
        return self._text()

    def __format__(self, spec: str) -> str:
        return format(self._text(), spec)

    def __add__(self, other: Any) -> Any:
        return self._text() + other if isinstance(other, str) else ANY

    def __radd__(self, other: Any) -> Any:
        return other + self._text() if isinstance(other, str) else ANY

    __hash__ = _Any.__hash__


def states_known(hass: HomeAssistant, value: Any) -> dict[str, tuple[str, ...]]:
    """Return, for each entity `value`'s templates name, every state it can be in, where known.

    An `input_select`'s or `select`'s options, an `input_boolean`'s on and
    off (`entity_states`), each with unavailable and unknown. One of those
    domains the house does not hold is `unknown` (Home Assistant's `states`
    of it): no run's action creates such an entity (a `group.set` or a
    `scene.create` makes a group or a scene, whose states stay any), and its
    creation rebuilds the index. Any other entity's state may be anything:
    it is left out.
    """
    found: dict[str, tuple[str, ...]] = {}
    for text in _texts(value):
        for entity_id in _ENTITY_ID.findall(text):
            if entity_id in found:
                continue
            domain = entity_id.partition(".")[0]
            if domain not in OPTIONS_DOMAINS and domain not in _FINITE_STATES:
                continue
            if hass.states.get(entity_id) is None:
                found[entity_id] = ("unknown",)
            elif (states := entity_states(hass, entity_id)[0]) is not None:
                found[entity_id] = tuple(dict.fromkeys(states))
    return found


def _texts(value: Any) -> Iterator[str]:
    """Yield the text of each template in `value` (any configuration)."""
    if is_template(value):
        yield value.template if isinstance(value, Template) else value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


@contextmanager
def rendering_states(states: Mapping[str, tuple[str, ...]]) -> Iterator[None]:
    """Render inside with `states('x')` each state `states` gives `x` (`states_known`)."""
    token = _STATES.set(states or None)
    try:
        yield
    finally:
        _STATES.reset(token)


class _Reader:
    """A function of Home Assistant's that reads the house: whatever it returns is `ANY`.

    But for which entity's state it reads (`states('x.y')`, `is_state('x.y',
    'on')`, `states.x.y.state`): what a choice on it takes as so is recorded.
    """

    unsafe_callable = alters_data = False  # What Jinja's sandbox asks of a callable.

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs or not args or not isinstance(args[0], str):
            return ANY
        if _ENTITY_ID.fullmatch(args[0]) is None:
            return ANY
        if self.name == "states" and len(args) == 1:
            return _state_of(args[0])
        if self.name == "is_state" and len(args) == 2 and isinstance(args[1], str):
            return _Assumed(args[0], args[1], True)
        return ANY

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        return _Entity(name) if self.name == "states" else ANY


ANY: Final = _Any()
"""A value the gate cannot bound."""


class _NotGivenField(jinja2.Undefined):
    """A script's field its caller does not give: Home Assistant renders it empty.

    Looked into (`toggle_entity.split('.')`, an item, a sum), it fails the
    render, as Home Assistant's own undefined does: the step stops the run
    there, even with `continue_on_error` (`helpers/script.py`'s
    `CONFIGURATION_ERRORS`). The render notes it (`_Oracle.stopped`).
    """

    __slots__ = ()

    def __repr__(self) -> str:
        """Return it apart from any other undefined value (`_RENDERED`'s keys)."""
        return "Undefined(field not given)"

    def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> Any:
        if (oracle := _ORACLE.get()) is not None:
            oracle.stopped = True
        return super()._fail_with_undefined_error(*args, **kwargs)


_UNDEFINED: Final = _NotGivenField(name="field not given")
"""A script's field its caller does not give (`_NotGivenField`)."""

_HOLE: Final = "\x00"
_SPELLING: ContextVar[bool] = ContextVar("home_mcp_spelling", default=False)


class _Prefixed(_Any):
    """A value the gate cannot bound but whose text starts with `prefix` (`notify.{{ to }}`).

    Anything it is, but the domain of an action named by it is known
    (`Bindings.action_domain`).
    """

    __slots__ = ("prefix",)

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def __str__(self) -> str:
        if _SPELLING.get():
            return self.prefix + _HOLE
        raise Unbounded

    def __repr__(self) -> str:
        return f"ANY({self.prefix!r})"

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        return ANY


type Pattern = tuple[str, str, bool]
"""(`match` or `search`, a regular expression, whether case is ignored): a test an id passes."""


class HouseEntities(_Any):
    """Entity ids the house decides (`area_entities(area)`), narrowed by what selects them.

    Which entities an area, a label, a device, an integration or a floor
    holds is the house's: unbounded. But `select('match', 'light.')` keeps
    lights of them, whatever they are: each of `patterns` holds of every id
    it is (`matches`). Anything else asked of it is `ANY`'s.
    """

    __slots__ = ("patterns",)

    def __init__(self, patterns: tuple[Pattern, ...] = ()) -> None:
        """Return the house's entity ids that pass each of `patterns`."""
        self.patterns = patterns

    def __repr__(self) -> str:
        """Return it apart from `ANY` and from other tests (`_distinct`)."""
        return f"ANY(entities {self.patterns!r})"

    def narrowed(self, test: Any, args: Sequence[Any], kwargs: Mapping[str, Any]) -> HouseEntities:
        """Return the ids `select(test, *args, **kwargs)` keeps (another filter: a subset).

        Case is ignored unless the test is told plainly not to
        (`ignorecase`, by position or by name, `False` or not given).
        """
        if test not in ("match", "search") or not args or not isinstance(args[0], str):
            return self
        try:
            re.compile(args[0])
        except re.error:
            return self
        told = [*args[1:], *kwargs.values()]
        ignore = any(item is not False for item in told)
        return HouseEntities((*self.patterns, (test, args[0], ignore)))

    @classmethod
    def among(cls, entity_ids: Sequence[str]) -> HouseEntities:
        """Return some of `entity_ids` (`select('is_state', 'on')` of a list of them)."""
        alternatives = "|".join(re.escape(entity_id) for entity_id in sorted(set(entity_ids)))
        return cls((("match", f"(?:{alternatives})\\Z", False),))

    def matches(self, entity_id: str) -> bool:
        """Return True if `entity_id` may be one of them."""
        for test, pattern, ignore in self.patterns:
            search = re.match if test == "match" else re.search
            if search(pattern, entity_id, re.IGNORECASE if ignore else 0) is None:
                return False
        return True


class _Turns:
    """What a `{% for %}` iterates over the house's entities: each of them in turn (`_looping`).

    Only a loop: `set(area_entities(area))`, a filter or a function given
    them still cannot tell how many they are.
    """

    __slots__ = ("entities",)

    def __init__(self, entities: HouseEntities) -> None:
        self.entities = entities

    def __iter__(self) -> Iterator[Any]:
        return _looping(self.entities)


_TURNS: Final = "_home_mcp_turns"
"""The function each `{% for %}`'s iterable is handed to (`_compiled`)."""


def _turns(value: Any) -> Any:
    """Return what a `{% for %}` iterates: the house's entities in turns, anything else as it is."""
    return _Turns(value) if isinstance(value, HouseEntities) else value


class _Member(_Any):
    """One of `HouseEntities`, as a loop over them meets it: an id the house decides.

    Anything asked of it is `ANY`'s; it prints as they do, so a list of them
    printed and read back is some of them (`_with_any`).
    """

    __slots__ = ("entities",)

    def __init__(self, entities: HouseEntities) -> None:
        self.entities = entities

    def __repr__(self) -> str:
        return repr(self.entities)


class _Members(list[Any]):
    """A list a loop over the house's entities added to (`ns.lights + [light]`): some of them.

    Which of them, and how many, is the house's: its length, its items in
    turn and its truth are not bounded (the render fails there); whether it
    holds an item is either way, and an item of it may be anything. Adding
    to it again adds nothing new (`_plus`): one of the house's entities
    stands for each of them.
    """

    __slots__ = ()

    def _unbounded(self, *_: Any, **__: Any) -> Any:
        raise Unbounded

    def __contains__(self, item: object) -> bool:
        return _decide(2) == 0

    def __getitem__(self, index: Any) -> Any:
        return ANY

    __len__ = __iter__ = __reversed__ = __bool__ = _unbounded


def _plus(left: Any, right: Any) -> Any:
    """Return `left + right`; lists holding the house's entities as one list of them (`_Members`).

    Each item once: whichever of the house's entities a loop met, the same one stands for all.
    """
    if isinstance(left, _Subset) and isinstance(right, (list, _Subset)):
        return _Subset([*left.items, *(right.items if isinstance(right, _Subset) else right)])
    if isinstance(left, list) and isinstance(right, _Subset):
        return _Subset([*left, *right.items])  # Some of both: one more, at most all of them.
    if not isinstance(left, list) or not isinstance(right, list):
        return left + right
    items = [*list.__iter__(left), *list.__iter__(right)]
    if not isinstance(left, _Members) and not isinstance(right, _Members):
        if not any(isinstance(item, _Member) for item in items):
            return left + right
    found: dict[str, Any] = {}
    for item in items:
        found.setdefault(repr(item), item)
    return _Members(found.values())


class _Namespace(Namespace):
    """Jinja's `namespace()`, known to the render that makes it: what a loop leaves (`_looping`)."""

    def __init__(*args: Any, **kwargs: Any) -> None:  # noqa: N805  # As `Namespace`'s.
        Namespace.__init__(*args, **kwargs)
        if (oracle := _ORACLE.get()) is not None:
            oracle.spaces.append(args[0])


def _left(spaces: Sequence[Namespace]) -> list[dict[str, Any]]:
    """Return what each namespace holds now."""
    return [dict(object.__getattribute__(space, "_Namespace__attrs")) for space in spaces]


def _holds_all(now: Any, before: Any) -> bool:
    """Return True if `now` stands for `before` too: the same, or some of the house's entities more.

    A list of the house's entities is some of them (`_Members`): a loop
    that stopped sooner left fewer of them, which it stands for too.
    """
    if repr(now) == repr(before):
        return True
    if isinstance(now, _Members) and isinstance(before, list):
        held = {repr(item) for item in list.__iter__(now)}
        return all(repr(item) in held for item in list.__iter__(before))
    if isinstance(now, dict) and isinstance(before, dict) and now.keys() == before.keys():
        return all(_holds_all(now[key], before[key]) for key in now)
    return False


MAX_LOOPS: Final = 4
"""At most this many turns of a loop over the house's entities, before what it leaves settles."""


def _looping(entities: HouseEntities) -> Iterator[Any]:
    """Yield one of `entities` as each turn of a loop over them, however many they are.

    The house decides how many: none (a choice), or turn after turn, each
    judged with one of them (`_Member`), until a turn changes nothing of
    what the loop leaves (the render's namespaces, `_Oracle.spaces`: what
    a turn sets inside is gone after it). A turn that changes more than
    lists of the house's entities may have been the last (a choice: a
    flag set, a key added); one that never settles (a counter) is not
    bounded. Only where the template prints nothing in a loop and reads no
    `loop.*` (`_Oracle.loops`): those count the turns.
    """
    oracle = _ORACLE.get()
    if oracle is None or not oracle.loops:
        raise Unbounded
    oracle.looped = True
    spaces = list(oracle.spaces)
    before = _left(spaces)
    if _decide(2) == 1:
        return  # None of them.
    member = _Member(entities)
    for _ in range(MAX_LOOPS):
        yield member
        now = _left(spaces)
        if repr(now) == repr(before):
            return
        if not _holds_all(now, before) and _decide(2) == 1:
            return  # The last of them.
        before = now
    raise Unbounded


@functools.lru_cache(maxsize=4096)
def _may_loop(text: str) -> bool:
    """Return True if no loop of template `text` prints or reads `loop.*` (`_looping`)."""
    try:
        tree = _environment().parse(text)
    except jinja2.TemplateError:
        return False
    for loop in tree.find_all(jinja2.nodes.For):
        for output in loop.find_all(jinja2.nodes.Output):
            for node in output.nodes:
                if not isinstance(node, jinja2.nodes.TemplateData) or node.data.strip():
                    return False
    return not any(name.name == "loop" for name in tree.find_all(jinja2.nodes.Name))


def _house_entities(*_: Any, **__: Any) -> HouseEntities:
    """`area_entities`, `label_entities`, ...: the entities the house gives them."""
    return HouseEntities()


_HOUSE_ENTITIES: Final = (
    "area_entities", "device_entities", "floor_entities", "integration_entities", "label_entities",
)  # fmt: skip
"""Home Assistant's functions that return the entity ids the house holds somewhere."""


class _Subset(_Any):
    """Some of `items`, which ones decided by a value the gate cannot bound.

    `custom_commands | selectattr('command', 'eq', command)` with `command`
    a message's text: its first is one of the commands, or none
    (`_picked`); mapped, some of what its items map to (`_mapping`);
    anything else asked of it is `ANY`'s.
    """

    __slots__ = ("items",)

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def __repr__(self) -> str:
        return f"ANY(some of {self.items!r})"


_HOUSE_TESTS: Final = frozenset({"is_state", "is_state_attr", "has_value"})
"""Home Assistant's tests that read an entity's state: what they keep is the house's."""


def _selecting(
    function: Callable[..., Any], *, selects: bool, attribute: bool
) -> Callable[..., Any]:
    """Return filter `function` (`select`, `rejectattr`, ...) keeping what it may keep.

    Given `HouseEntities`, what it keeps (`HouseEntities.narrowed`, for
    `select`); given a list and a test on a value the gate cannot bound, or
    a test that reads the house (`select('is_state', 'on')`: the lights
    that are on), some of the list (`_Subset`).
    """

    @functools.wraps(function)
    def selecting(context: Context, value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, HouseEntities):
            return value.narrowed(args[0], args[1:], kwargs) if selects and args else value
        if isinstance(value, _Subset):
            return value
        if isinstance(value, _Any):
            return ANY
        test = args[1 if attribute else 0] if len(args) > attribute else None
        reads_the_house = isinstance(test, str) and test in _HOUSE_TESTS
        if reads_the_house or any(isinstance(item, _Any) for item in (*args, *kwargs.values())):
            if isinstance(value, (str, Mapping)):
                return ANY
            return _Subset(list(value))
        return function(context, value, *args, **kwargs)

    selecting.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return selecting


def _mapping(function: Callable[..., Any]) -> Callable[..., Any]:
    """Return filter `map`: of some of a list, some of what it maps each item to."""

    @functools.wraps(function)
    def mapping(context: Context, value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, _Subset) and not any(
            isinstance(item, _Any) for item in (*args, *kwargs.values())
        ):
            return _Subset(list(function(context, value.items, *args, **kwargs)))
        return function(context, value, *args, **kwargs)

    mapping.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return mapping


def _keeping(function: Callable[..., Any]) -> Callable[..., Any]:
    """Return filter `function` (`list`, `unique`, `sort`) as the same ids, or some of a list."""

    @functools.wraps(function)
    def keeping(first: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, (HouseEntities, _Subset, _Members)):
            return value
        return function(first, value, *args, **kwargs)

    keeping.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return keeping


MAX_JOINED: Final = 4
"""At most this many items of some of a list joined: beyond, which text it gives is unbounded."""


def _joining(function: Callable[..., Any]) -> Callable[..., Any]:
    """Return filter `join`: of some of a list of texts, each way they can be joined.

    None of them (empty), one, or several in their order: each of the
    `2 ** n` ways, for at most `MAX_JOINED` items (`speakers |
    selectattr('name', 'eq', states('select.x')) | map(attribute='entity_id')
    | join`: one of the speakers, none, or several run together).
    """

    @functools.wraps(function)
    def joining(context: Any, value: Any, d: Any = "", attribute: Any = None) -> Any:
        if not isinstance(value, _Subset) or attribute is not None or not isinstance(d, str):
            return function(context, value, d, attribute)
        items = value.items
        if len(items) > MAX_JOINED or not all(isinstance(item, str) for item in items):
            raise Unbounded
        ways = [
            d.join(chosen)
            for size in range(len(items) + 1)
            for chosen in itertools.combinations(items, size)
        ]
        return ways[_decide(len(ways))]

    joining.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return joining


def _picked(function: Callable[..., Any]) -> Callable[..., Any]:
    """Return filter `function` (`first`, `last`): of some of a list, each item in turn, or none."""

    @functools.wraps(function)
    def picked(environment: jinja2.Environment, value: Any) -> Any:
        if isinstance(value, _Subset):
            choice = _decide(len(value.items) + 1)
            if choice < len(value.items):
                return value.items[choice]
            if (oracle := _ORACLE.get()) is not None:
                oracle.missing = True  # Looked into, it stops the run, as a missing key does.
            return environment.undefined("No item, the sequence was empty.")
        return function(environment, value)

    picked.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return picked


GROUPED_DOMAINS: Final = frozenset(
    {
        "binary_sensor", "cover", "fan", "light", "lock", "media_player", "notify", "sensor",
        "switch", "valve",
    }
)  # fmt: skip
"""The domains of the group integration's entities (`group.PLATFORMS`), which `expand` expands."""


class _Expanded:
    """What `expand` gives for an entity id: its domain; its id unless it may be a group.

    A light group expands to its lights: which ones is the house's, but they
    are lights. Anything else it is asked (its state) may be anything.
    """

    __slots__ = ("domain", "entity_id", "object_id")

    def __init__(self, entity_id: str) -> None:
        self.domain, _, object_id = entity_id.partition(".")
        grouped = self.domain in GROUPED_DOMAINS
        self.entity_id: Any = ANY if grouped else entity_id
        self.object_id: Any = ANY if grouped else object_id

    def __getattr__(self, name: str) -> Any:
        if name.startswith(_PROBES):
            raise AttributeError(name)
        return ANY


def _expand(*args: Any) -> list[_Expanded]:
    """Return what Home Assistant's `expand` gives, as far as entity ids alone tell.

    An old-style group (`group.x`) or a zone expands to what the house
    holds: unbounded. An id that is no entity id is skipped, as Home
    Assistant skips what does not exist.
    """
    search, found = list(args), dict[str, _Expanded]()
    while search:
        item = search.pop()
        if isinstance(item, str):
            item = item.lower()  # Home Assistant finds an entity by its id in any case.
            if _ENTITY_ID.fullmatch(item) is None:
                continue
            if item.partition(".")[0] in ("group", "zone"):
                raise Unbounded
            found.setdefault(item, _Expanded(item))
        elif isinstance(item, (list, tuple)):
            search += item
        else:
            raise Unbounded  # `ANY`, a state, a mapping: what it holds is the house's.
    return list(found.values())


class Partial(dict[str, Any]):
    """A mapping of which only some keys are known: any other key is `ANY`."""

    def __missing__(self, key: str) -> Any:
        """Return `ANY`: a key not known may hold anything."""
        return ANY

    def __repr__(self) -> str:
        """Return it apart from a plain mapping: a key it lacks is `ANY`, not missing."""
        return f"Partial({dict.__repr__(self)})"


class _OpenContext(Context):
    """A render context in which a name nothing defines may be anything (`ANY`).

    A script's caller may pass any variable, and a run defines some as it
    goes (`wait`, a `response_variable`): an unknown name is not "empty".
    """

    def resolve_or_missing(self, key: str) -> Any:
        found = super().resolve_or_missing(key)
        return ANY if found is jinja2.utils.missing else found


def _guard(function: Callable[..., Any]) -> Callable[..., Any]:
    """Return `function`, giving `ANY` when it is handed `ANY` (`states('x') | int`)."""

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if any(isinstance(value, _Any) for value in (*args, *kwargs.values())):
            return ANY
        return function(*args, **kwargs)

    if hasattr(function, "jinja_pass_arg"):
        guarded.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return guarded


@functools.cache
def _environment() -> ImmutableSandboxedEnvironment:
    """Return Home Assistant's template environment with only what is fixed by its input.

    Without Home Assistant, its functions that read the house's entities
    return `ANY` (`_READERS`), and `expand` what entity ids alone tell
    (`_expand`: their domains); the others that read the house
    (`area_entities`, ...) or the clock (`now`) are not there: a template
    calling one fails to render, and stays unbounded. A mapping or a list
    looked up by `ANY` is each of its values in turn, or none
    (`days[repeat.index - 1]`: each day).
    """
    environment = TemplateEnvironment(None)
    environment.undefined = jinja2.Undefined  # Home Assistant renders a missing key empty.
    environment.context_class = _OpenContext
    for table in (environment.filters, environment.globals, environment.tests):
        for name in _IMPURE & set(table):
            del table[name]
    for table in (environment.filters, environment.tests):
        for name, function in list(table.items()):
            if callable(function):
                table[name] = _guard(function)
    environment.globals.update({name: _Reader(name) for name in _READERS})
    environment.globals["namespace"] = _Namespace
    environment.globals[_TURNS] = _turns
    environment.intercepted_binops = frozenset({"+"})

    def call_binop(context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "+":  # Lists of the house's entities stay some of them (`_plus`).
            return _plus(left, right)
        return environment.binop_table[operator](left, right)

    environment.call_binop = call_binop  # type: ignore[method-assign]
    environment.globals["expand"] = environment.filters["expand"] = _expand
    for name in _HOUSE_ENTITIES:
        environment.globals[name] = environment.filters[name] = _house_entities
    filters = environment.filters
    for name in ("select", "reject", "selectattr", "rejectattr"):
        filters[name] = _selecting(
            filters[name], selects=name == "select", attribute=name.endswith("attr")
        )
    filters["map"] = _mapping(filters["map"])
    for name in ("list", "unique", "sort"):
        filters[name] = _keeping(filters[name])
    for name in ("first", "last"):
        filters[name] = _picked(filters[name])
    filters["join"] = _joining(filters["join"])
    looked_up = environment.getitem

    def getitem(obj: Any, argument: Any) -> Any:
        if isinstance(argument, _Any) and (
            (isinstance(obj, Mapping) and not isinstance(obj, Partial))
            or isinstance(obj, (list, tuple))
        ):
            keys = list(obj) if isinstance(obj, Mapping) else list(range(len(obj)))
            choice = _decide(len(keys) + 1)
            if choice < len(keys):
                return obj[keys[choice]]
            if (oracle := _ORACLE.get()) is not None:
                oracle.missing = True
            return environment.undefined(obj=obj, name="?")
        return looked_up(obj, argument)

    environment.getitem = getitem  # type: ignore[method-assign]
    return environment


@functools.lru_cache(maxsize=4096)
def _compiled(text: str) -> jinja2.Template | None:
    """Return template `text` compiled, each `{% for %}` over what it iterates in turns (`_turns`)."""
    try:
        environment = _environment()
        tree = environment.parse(text)
        for loop in tree.find_all(jinja2.nodes.For):
            loop.iter = jinja2.nodes.Call(
                jinja2.nodes.Name(_TURNS, "load"), [loop.iter], [], None, None
            )
        return environment.from_string(tree)
    except jinja2.TemplateError:
        return None


def is_template(value: Any) -> bool:
    """Return True for text Home Assistant renders as a template."""
    if isinstance(value, Template):
        return not value.is_static
    return isinstance(value, str) and ("{{" in value or "{%" in value)


_NUMERIC: Final = re.compile(r"^[+-]?(?!0\d)\d*(?:\.\d*)?$")
"""What Home Assistant reads as a number (its template module's `_IS_NUMERIC`)."""


_ANY_TEXT: Final = "\x00any\x00"
_ENTITIES_TEXT: Final = "\x00entities\x00"


class _AnyNames(ast.NodeTransformer):
    """Read `ANY` (how a mapping holding an unbounded value prints it) as a placeholder.

    So is `ANY(...)`: how what is known of one prints (`HouseEntities`,
    `_Subset`, `_Prefixed`), which in a printed mapping is just unbounded.
    """

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.Constant(_ANY_TEXT) if node.id == "ANY" else node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Name) and node.func.id == "ANY":
            inner = node.args[0] if len(node.args) == 1 else None
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id == "entities"
                and not inner.keywords
            ):  # `HouseEntities` (`entities (pattern, ...)`): which they are, read back.
                patterns = tuple(ast.literal_eval(pattern) for pattern in inner.args)
                return ast.Constant(_ENTITIES_TEXT + repr(patterns))
            return ast.Constant(_ANY_TEXT)
        return self.generic_visit(node)


def _literal(rendered: str) -> Any:
    """Return the Python value `rendered` spells; a mapping's unbounded values `ANY`.

    `{'tag': ANY, 'group': 'Security'}` (a notification's data, its tag
    read from a sensor) is that mapping: what it holds besides the tag is
    known. Raises what `ast.literal_eval` raises when it spells no value.
    """
    try:
        return ast.literal_eval(rendered)
    except ValueError:
        if "ANY" not in rendered:
            raise
    tree = _AnyNames().visit(ast.parse(rendered, mode="eval"))
    return _with_any(ast.literal_eval(tree))


def _with_any(value: Any) -> Any:
    """Return `value` read back, with `ANY` and `HouseEntities` where it printed them.

    A list of the house's entities (a loop's `_Members`, printed) is some
    of them: one `HouseEntities` (of whichever patterns, if they differ:
    any of the house's).
    """
    if isinstance(value, str):
        if value.startswith(_ENTITIES_TEXT):
            return HouseEntities(ast.literal_eval(value.removeprefix(_ENTITIES_TEXT)))
        return ANY if value == _ANY_TEXT else value
    if isinstance(value, dict):
        if _ANY_TEXT in value:
            raise ValueError("a key that may be anything")  # Any key may be there.
        return {key: _with_any(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        items = [_with_any(item) for item in value]
        entities = [item for item in items if isinstance(item, HouseEntities)]
        if not entities:
            return items
        if len(entities) < len(items):
            raise ValueError("the house's entities and others")  # Which, not known.
        same = len({repr(item) for item in entities}) == 1
        return entities[0] if same else HouseEntities()
    return value


def _parsed(rendered: str) -> Any:
    """Return the render as Home Assistant reads it: `False`, `None`, `0`, a mapping, a list.

    `"{{ trigger.id == 'leave' }}"` is `False`, not the text "False" (which
    is true): `'lock' if leaving else 'unlock'` takes the way Home
    Assistant takes. A list's items are read as text, but a mapping or a
    list stays one (a `for_each` over the owner's commands, or over pairs);
    text that spells no value (a quoted string, `1e3`) stays the text. A
    list holding a value the gate cannot bound is unbounded (`Unbounded`).
    """
    if rendered[:1].isalpha() and rendered not in ("True", "False", "None"):
        return rendered  # A name, a state, an entity id: text (most renders).
    try:
        value = _literal(rendered)
    except ValueError, SyntaxError, TypeError, MemoryError, RecursionError:
        return rendered
    if isinstance(value, (list, tuple)):
        if any(item is ANY for item in value):
            # `[ANY]` printed (`expand('Lock.Front_Door') | map(attribute='entity_id')
            # | list`: a lock or a lock group's members): not that text, anything.
            raise Unbounded
        return [item if isinstance(item, (dict, list, tuple)) else str(item) for item in value]
    if isinstance(value, (str, complex)):
        return rendered
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value if _NUMERIC.match(rendered) else rendered
    return value


def renders(text: str, variables: Mapping[str, Any]) -> list[Any]:
    """Return every result `text` can render to with `variables`, parsed as Home Assistant does.

    Where a value the gate cannot bound decides (`{{ 'script.retry' if
    is_state('binary_sensor.door', 'on') else 'script.lock' }}`, a mapping
    looked up by a person chosen as it runs), each way is rendered: the
    template may render to any of them. A way that fails the render (a key
    the mapping lacks) renders nothing, as the run would stop there.

    Raises `Unbounded` when a result depends on what the gate cannot bound
    (a value that is `ANY` printed, the house read beyond an entity's state,
    the clock, text Jinja cannot render) or has more than `MAX_RENDERS`
    ways.
    """
    return [result for result, _ in renders_assuming(text, variables)]


def renders_assuming(
    text: str, variables: Mapping[str, Any]
) -> list[tuple[Any, frozenset[Assumption]]]:
    """Return `renders`, each result with what every way to it took as so of entities' states.

    `{% if is_state('input_boolean.x', 'on') %}input_boolean.turn_on{% else
    %}input_boolean.turn_off{% endif %}` renders `input_boolean.turn_on`
    only while `input_boolean.x` is on.
    """
    names = _names(text)
    if names is None:
        raise Unbounded
    key = (text, repr([(name, variables.get(name, _NOT_GIVEN)) for name in names]))
    if (states := _STATES.get()) is not None:  # What `states('x')` renders is part of the key.
        key = (text, key[1] + repr(sorted(i for i in states.items() if i[0] in text)))
    if (known := _RENDERED.get(key, _NOT_GIVEN)) is _NOT_GIVEN:
        if len(_RENDERED) > _MAX_RENDERED:
            _RENDERED.clear()
        try:
            known = _RENDERED[key] = _renders(text, variables)
        except Stopped:
            known = _RENDERED[key] = _STOPPED
        except Unbounded:
            known = _RENDERED[key] = None
    if known is _STOPPED:
        raise Stopped
    if known is None:
        raise Unbounded
    return list(known)  # type: ignore[arg-type]


def enabled(condition: Mapping[str, Any]) -> bool:
    """Return True for a condition that certainly applies.

    Home Assistant skips a condition with `enabled: false`: it restricts
    nothing, so it ties a branch to no trigger. A templated `enabled` may be
    either, and is read the same way.
    """
    return condition.get("enabled", True) is True


def template_verdict(condition: Any, ways: list[Mapping[str, Any]]) -> bool | None:
    """Return a template condition's result in every one of `ways` (None: not one result)."""
    if not isinstance(condition, Mapping):
        return None
    if not enabled(condition):
        return True if condition.get("enabled") is False else None  # Skipped: it holds.
    text = condition.get(CONF_VALUE_TEMPLATE)
    if condition.get(CONF_CONDITION) != "template" or not ways:
        return None
    text = text.template if isinstance(text, Template) else text
    if not isinstance(text, str):
        return None
    found: set[bool] = set()
    for variables in ways:
        try:
            found.update(
                str(result).strip().lower() == "true" for result in renders(text, variables)
            )
        except Unbounded:
            return None
        if len(found) > 1:
            return None
    return found.pop() if len(found) == 1 else None


class _NotGiven:
    """A variable a render is not given (`_OpenContext`: `ANY`), told apart in `_RENDERED`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_GIVEN"


_NOT_GIVEN: Final = _NotGiven()
_STOPPED: Final[list[tuple[Any, frozenset[Assumption]]]] = []
"""Cached for a template every way of which stops the run (`Stopped`)."""
_RENDERED: dict[tuple[str, str], list[tuple[Any, frozenset[Assumption]]] | None] = {}
"""Each template's renders by the variables it names (None: unbounded; `_STOPPED`)."""
_MAX_RENDERED: Final = 20_000


@functools.lru_cache(maxsize=4096)
def _names(text: str) -> tuple[str, ...] | None:
    """Return the variables a template names (None: not a template Jinja reads)."""
    try:
        return tuple(sorted(jinja2.meta.find_undeclared_variables(_environment().parse(text))))
    except jinja2.TemplateError:
        return None


def _renders(text: str, variables: Mapping[str, Any]) -> list[tuple[Any, frozenset[Assumption]]]:
    template = _compiled(text)
    if template is None:
        raise Unbounded
    found: dict[str, tuple[Any, frozenset[Assumption]]] = {}
    path: list[int] = []
    loops, looped, rendered_ways = _may_loop(text), False, 0
    while rendered_ways < (MAX_LOOP_RENDERS if looped else MAX_RENDERS):
        rendered_ways += 1
        oracle = _Oracle(path, loops=loops)
        token = _ORACLE.set(oracle)
        try:
            rendered = template.render(dict(variables)).strip()
        except jinja2.UndefinedError as err:
            if oracle.stopped and not oracle.taken:  # Whatever it is: it looks into that field.
                raise Stopped from err
            if not oracle.missing:  # A key the mapping lacks: the run stops there.
                raise Unbounded from err
        except Unbounded:
            raise
        except Exception as err:  # noqa: BLE001  # Whatever Jinja raises: not bounded.
            raise Unbounded from err
        else:
            parsed = _parsed(rendered)
            _add_way(found, repr(parsed), parsed, frozenset(oracle.assumed))
        finally:
            _ORACLE.reset(token)
        looped = looped or oracle.looped
        taken = oracle.taken
        while taken and taken[-1][0] + 1 >= taken[-1][1]:
            taken.pop()
        if not taken:
            if not found:
                raise Unbounded
            return list(found.values())
        path = [choice for choice, _ in taken[:-1]] + [taken[-1][0] + 1]
    raise Unbounded


def given_state(value: Any, state: str) -> tuple[str, list[Any]] | None:
    """Return the one entity whose state `value` reads, and what it renders to in `state`.

    `{{ states('input_text.pin').strip() }}` given "" is `("input_text.pin",
    [""])`: the code a lock is given is that helper's text. None: not a
    template, one reading no entity's state (`states('x.y')`,
    `states.x.y.state`) or several, or one that cannot be bounded so (a
    variable, an attribute, the clock). Each way a choice on what the gate
    cannot bound takes is a result (`renders`).
    """
    if not is_template(value):
        return None
    text = value.template if isinstance(value, Template) else value
    if not isinstance(text, str):
        return None
    given = _Given(state)
    token = _GIVEN.set(given)
    try:
        found = [result for result, _ in _renders(text, {})]
    except Unbounded:
        return None
    finally:
        _GIVEN.reset(token)
    if len(given.asked) != 1:
        return None
    return next(iter(given.asked)), found


def _add_way(
    found: dict[str, tuple[Any, frozenset[Assumption]]],
    key: str,
    result: Any,
    assumed: frozenset[Assumption],
) -> None:
    """Add one way to `result`: what holds of it is what every way to it took as so."""
    if (known := found.get(key)) is not None:
        assumed &= known[1]
    found[key] = (result, assumed)


def _product(parts: list[list[Any]]) -> list[list[Any]] | None:
    """Return each way to take one of each of `parts` (None: over `MAX_ALTERNATIVES`)."""
    total = 1
    for part in parts:
        total *= len(part)
    if total > MAX_ALTERNATIVES:
        return None
    return [list(way) for way in itertools.product(*parts)]


def _results(
    value: Any, variables: Mapping[str, Any], unbounded: Callable[[Any], Any]
) -> list[Any]:
    """Return `value` (any configuration) for each way its templates can render.

    A template that cannot be bounded is `unbounded(template)`; more than
    `MAX_ALTERNATIVES` ways: `value` with each template `unbounded`.
    """
    return [result for result, _ in _results_assuming(value, variables, unbounded)]


_NOTHING_ASSUMED: Final[frozenset[Assumption]] = frozenset()


def _results_assuming(
    value: Any, variables: Mapping[str, Any], unbounded: Callable[[Any], Any]
) -> list[tuple[Any, frozenset[Assumption]]]:
    """Return `_results`, each with what its renders took as so (`renders_assuming`)."""
    if is_template(value):
        text = value.template if isinstance(value, Template) else value
        try:
            return renders_assuming(text, variables)
        except Unbounded:
            return [(unbounded(value), _NOTHING_ASSUMED)]
    if isinstance(value, Template):
        return [(value.template, _NOTHING_ASSUMED)]
    if isinstance(value, Mapping):
        # Its keys are rendered too, as Home Assistant's `render_complex` does.
        parts = [
            _results_assuming(part, variables, unbounded)
            for key, item in value.items()
            for part in (key, item)
        ]
        ways = _product(parts)
        if ways is None:
            return [(_unbounded_all(value, unbounded), _NOTHING_ASSUMED)]
        return [
            (
                {_key(key): item for (key, _), (item, _) in zip(way[::2], way[1::2], strict=True)},
                _joined(way),
            )
            for way in ways
        ]
    if isinstance(value, (list, tuple)):
        ways = _product([_results_assuming(item, variables, unbounded) for item in value])
        if ways is None:
            return [(_unbounded_all(value, unbounded), _NOTHING_ASSUMED)]
        return [([result for result, _ in way], _joined(way)) for way in ways]
    return [(value, _NOTHING_ASSUMED)]


def _key(key: Any) -> Any:
    """Return a rendered key as a mapping can hold it (a list rendered: its text)."""
    try:
        hash(key)
    except TypeError:
        return str(key)
    return key


def _joined(way: list[tuple[Any, frozenset[Assumption]]]) -> frozenset[Assumption]:
    """Return what holds of one way to render each part: what each part took as so."""
    assumed = [each for _, each in way if each]
    if not assumed:
        return _NOTHING_ASSUMED
    return assumed[0] if len(assumed) == 1 else frozenset().union(*assumed)


def _unbounded_all(value: Any, unbounded: Callable[[Any], Any]) -> Any:
    """Return `value` with every template in it `unbounded`."""
    if is_template(value):
        return unbounded(value)
    if isinstance(value, Mapping):
        return {
            _key(_unbounded_all(key, unbounded)): _unbounded_all(item, unbounded)
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_unbounded_all(item, unbounded) for item in value]
    return value.template if isinstance(value, Template) else value


def _to_any(value: Any) -> Any:
    """Return `ANY`, or `_Prefixed` for a template whose text starts with a domain's `x.`."""
    prefix = static_prefix(value)
    domain, dot, _ = prefix.partition(".")
    return _Prefixed(prefix) if dot and _DOMAIN.fullmatch(domain) else ANY


def _as_written(value: Any) -> Any:
    return value


def render_value(value: Any, variables: Mapping[str, Any]) -> Any:
    """Return `value` (any configuration) rendered; `ANY` where unbounded or not one value."""
    results = _results(value, variables, _to_any)
    return results[0] if len(results) == 1 else ANY


def values_of(value: Any, variables: Mapping[str, Any]) -> list[Any]:
    """Return each value `value` can render to; `ANY` where a template is unbounded.

    But for the entity ids the house decides (`HouseEntities`): a variable
    holding an area's lights is lights.
    """

    def unbounded(template: Any) -> Any:
        text = template.template if isinstance(template, Template) else template
        named = house_entities(text, variables) if isinstance(text, str) else None
        return named if named is not None else _to_any(template)

    return _results(value, variables, unbounded)


_EXPRESSION: Final = re.compile(
    r"\s*\{\{(?P<expression>(?:(?!\{\{|\}\}|\{%|%\}).)*)\}\}\s*", re.DOTALL
)
"""A template that is one expression, whose value (not its text) may be asked for."""


@functools.lru_cache(maxsize=4096)
def _expression(text: str) -> Callable[..., Any] | None:
    if (found := _EXPRESSION.fullmatch(text)) is None:
        return None
    try:
        return _environment().compile_expression(found["expression"], undefined_to_none=False)
    except jinja2.TemplateError:
        return None


def house_entities(text: str, variables: Mapping[str, Any]) -> HouseEntities | None:
    """Return the ids a template of one expression is, when the house decides them.

    `{{ area_entities(area) | select('match', 'light.') | list }}` is
    some lights (`HouseEntities`) whatever `area` is. None for anything
    else, and where a value the gate cannot bound decides between ways.
    """
    expression = _expression(text)
    if expression is None:
        return None
    oracle = _Oracle([])
    token = _ORACLE.set(oracle)
    try:
        value = expression(dict(variables))
    except Exception:  # noqa: BLE001  # Whatever Jinja raises: not bounded.
        return None
    finally:
        _ORACLE.reset(token)
    if isinstance(value, _Subset) and (ids := _entity_ids(value.items)) is not None:
        value = HouseEntities.among(ids)  # Some of these: which, the house decides.
    return value if isinstance(value, HouseEntities) and not oracle.taken else None


def _renders_nothing(text: str, variables: Mapping[str, Any]) -> bool:
    """Return True if template `text` names no entity, however it renders (`[]`, empty)."""
    try:
        return all(result in ([], "", None) for result in renders(text, variables))
    except Unbounded:
        return False


def has_template(value: Any) -> bool:
    """Return True if `value` holds a template anywhere."""
    if is_template(value):
        return True
    if isinstance(value, Mapping):
        return any(has_template(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_template(item) for item in value)
    return False


def _named_values(variables: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Yield each variable, and each key of one that is a mapping (`light_switch.entity_id`)."""
    for name, value in variables.items():
        yield name, value
        if isinstance(value, Mapping) and not isinstance(value, Partial):
            for key, inner in value.items():
                yield f"{name}.{key}", inner


def _entity_ids(value: Any) -> list[str] | None:
    """Return the entity ids `value` is (one, or a list of them); None for anything else.

    Empty text, or two ids run together (`media_player.amedia_player.b`: more
    than one dot, no comma), names none: Home Assistant finds no entity by it.
    """
    if isinstance(value, str) and (not value or (value.count(".") > 1 and "," not in value)):
        return []
    items = value if isinstance(value, (list, tuple)) else [value]
    if not items or not all(isinstance(item, str) and _ENTITY_ID.fullmatch(item) for item in items):
        return None
    return list(items)


type Alternative = tuple[str | None, Mapping[str, Any]]
"""(the trigger id a run started by, None: any; the variables it has)."""


@dataclass(slots=True)
class Record:
    """What a walk learned from its bindings, shared by every step of one run.

    options_of: the `input_select`s and `select`s whose options are some
        of the values (a trigger's `to_state.state`), and the helpers the
        house lacks whose state a template reads as `unknown`: making one
        (new states) changes what the run does, as new options do.
    rendered: a template was rendered with the bindings (what the run does
        depends on them: changing those options changes it).
    stopped: a `variables:` entry looked into a field the run was not given:
        the run stops there (`Stopped`).
    """

    options_of: set[str] = field(default_factory=set)
    rendered: bool = False
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class FromHouse:
    """A variable a run set from the house's states (`Bindings.from_house`).

    sources: what it was set from (a `variables:` entry's value), then what
    each name that reads was set from in turn; integer: it is always a whole
    number (`raising.integer`: `states('x') | int(0)`), else of any type.
    """

    sources: tuple[Any, ...]
    integer: bool


@dataclass(slots=True)
class Bindings:
    """The ways a run can start, each with the variables it has.

    from_house: the variables the run set from the house's states, in any
    way it can be (`noted_from_house`): a later template that reads one
    reads those states (`raising`: `{{ guests | int }}` raises once the
    text helper `guests` was set from is no number).
    """

    alternatives: list[Alternative]
    record: Record = field(default_factory=Record)
    from_house: Mapping[str, FromHouse] = field(default_factory=dict)
    _names: Mapping[str, tuple[str, ...]] | None = field(default=None, compare=False)

    @classmethod
    def open(cls, variables: Mapping[str, Any] | None = None) -> Bindings:
        """Return the bindings of a run whose variables may be anything but `variables`."""
        return cls([(None, dict(variables or {}))])

    def entity_names(self) -> Mapping[str, tuple[str, ...]]:
        """Return the variables that hold entity ids in every way the run can be, with them.

        `alarm: alarm_control_panel.alarmo` then `state_attr(alarm, 'delay')`
        reads that panel, not every entity (`reads.Reads.add`'s `known`); a
        blueprint's target input, `expand(light_switch.entity_id)`, its
        entities; an empty list, none.
        """
        if self._names is None:
            found: dict[str, set[str]] = {}
            counted: dict[str, int] = {}  # In how many ways the name holds entity ids.
            for _, variables in self.alternatives:
                for name, value in _named_values(variables):
                    # An empty list names none (a blueprint's `zones: []`).
                    empty = isinstance(value, (list, tuple)) and not value
                    if (ids := [] if empty else _entity_ids(value)) is not None:
                        found.setdefault(name, set()).update(ids)
                        counted[name] = counted.get(name, 0) + 1
            every = len(self.alternatives)
            self._names = {
                name: tuple(sorted(ids)) for name, ids in found.items() if counted[name] == every
            }
        return self._names

    def scoped(self, scope: frozenset[str] | None) -> list[Mapping[str, Any]]:
        """Return the variables of the alternatives a run under trigger ids `scope` can have."""
        return [
            variables
            for trigger_id, variables in self.alternatives
            if scope is None or trigger_id is None or trigger_id in scope
        ]

    def with_variables(self, config: Any, *, defaults: bool = False) -> Bindings:
        """Return the bindings after a `variables:` block (each rendered in order).

        `defaults`: a script's own `variables:`, rendered as each run starts,
        never override what its caller gave it (`ScriptVariables.async_render`).
        """
        items = getattr(config, "variables", config)  # Validated: `ScriptVariables`.
        if not isinstance(items, Mapping):
            return self
        given = {
            str(name)
            for name in items
            if defaults
            and self.alternatives
            and all(
                variables.get(str(name), _UNDEFINED) is not _UNDEFINED
                for _, variables in self.alternatives
            )
        }
        from_house = noted_from_house(items, self.from_house, frozenset(given))
        alternatives: list[Alternative] = []
        for trigger_id, variables in self.alternatives:
            ways: list[dict[str, Any]] = [dict(variables)]
            for name, value in items.items():
                if defaults and variables.get(str(name), _UNDEFINED) is not _UNDEFINED:
                    continue  # Given by the caller (a field it did not give is rendered).
                more: list[dict[str, Any]] = []
                for way in ways:
                    values = _variable_values(value, way)
                    self.record.stopped |= any(v is _UNDEFINED for v in values)
                    more.extend({**way, str(name): v} for v in values)
                    if len(more) > MAX_ALTERNATIVES:  # Too many ways: this one may be anything.
                        more = [{**way, str(name): ANY} for way in ways]
                        break
                ways = more
            alternatives.extend((trigger_id, way) for way in ways)
        return Bindings(_fewer(_distinct(alternatives)), self.record, from_house)

    def noting(self, config: Any) -> Bindings:
        """Return the bindings as a `variables:` block's own templates render.

        Each entry sees those before it: a name set from the house there is
        so, as is one the run set so before (either may be what an entry reads).
        """
        noted = noted_from_house(getattr(config, "variables", config), self.from_house)
        return Bindings(self.alternatives, self.record, _either_from_house(self.from_house, noted))

    def with_value(self, name: str, values: Sequence[Any] | None) -> Bindings:
        """Return the bindings with `name` set to each of `values` (None: `ANY`)."""
        each = values if values is not None else [ANY]
        ways = self.alternatives
        if len(ways) * len(each) > MAX_ALTERNATIVES:
            ways = _by_trigger(ways)  # Each value with what the ways have in common.
        alternatives: list[Alternative] = [
            (trigger_id, {**variables, name: value})
            for trigger_id, variables in ways
            for value in each
        ]
        if len(alternatives) > MAX_ALTERNATIVES:
            alternatives = [
                (trigger_id, {**variables, name: ANY})
                for trigger_id, variables in self.alternatives
            ]
        return Bindings(_distinct(alternatives), self.record, self.from_house)

    def knowing(self, names: Mapping[str, tuple[str, ...]]) -> Bindings:
        """Return the bindings with `names` as the variables holding entity ids (`entity_names`).

        A `variables` block's entry sees the entities those before it name.
        """
        return Bindings(self.alternatives, self.record, self.from_house, names)

    def with_response(self, name: str, sources: list[Any]) -> Bindings:
        """Return the bindings after a step that sets `name` to its answer (any value).

        An action's `response_variable`, or `wait` after a wait. An answer
        worked out from the house (the entities an action targets:
        `todo.get_items`' items, a calendar's events, a forecast; the steps
        of a script that answers; what a wait watched: `sources`) is set
        from the house as a `variables` step reading those is
        (`from_house`): a later `{{ items['todo.shopping']['items'][0].summary
        }}` raises once a client empties the list, and `{% if
        wait.completed %}` reads what the wait watched. One from nothing
        of the house is not.
        """
        # With what the names they read were set from (`wait_template: "{{ mood == 'on' }}"`).
        used = [
            source
            for read in sorted(names_read(sources) & self.from_house.keys())
            for source in self.from_house[read].sources
        ]
        bindings = self.with_value(name, None)
        from_house = {key: value for key, value in self.from_house.items() if key != name}
        if sources:
            from_house[name] = FromHouse(tuple(_unique([*sources, *used])), integer=False)
        return Bindings(bindings.alternatives, bindings.record, from_house)

    def merged(self, other: Bindings) -> Bindings:
        """Return the bindings of a run that may be as either `self` or `other` says."""
        alternatives = _fewer(_distinct([*self.alternatives, *other.alternatives]))
        self.record.options_of |= other.record.options_of
        self.record.rendered |= other.record.rendered
        return Bindings(
            alternatives, self.record, _either_from_house(self.from_house, other.from_house)
        )

    def without(self, name: str) -> Bindings:
        """Return the bindings without variable `name` (it may be anything)."""
        return Bindings(
            _distinct(
                [
                    (trigger_id, {k: v for k, v in variables.items() if k != name})
                    for trigger_id, variables in self.alternatives
                ]
            ),
            self.record,
            {key: value for key, value in self.from_house.items() if key != name},
        )

    def action_prefix(self, value: Any, scope: frozenset[str] | None = None) -> str:
        """Return what every action named by template `value` starts with ("" if unknown).

        `action: "{{ service }}"` after `service: notify.{{ send_to }}`: a
        `notify.` action, whoever `send_to` is (`_Prefixed`).
        """
        text = value.template if isinstance(value, Template) else value
        if not isinstance(text, str):
            return ""
        spelled: list[str] = []
        token = _SPELLING.set(True)
        try:
            for variables in self.scoped(scope):
                spelled += [
                    str(rendered).partition(_HOLE)[0] for rendered, _ in _renders(text, variables)
                ]
        except Unbounded:
            return ""
        finally:
            _SPELLING.reset(token)
        return os.path.commonprefix(spelled) if spelled else ""

    def house_entities_of(
        self, value: Any, scope: frozenset[str] | None = None
    ) -> list[HouseEntities] | None:
        """Return the ids the house decides that template `value` is, in each way a run can be.

        None where, in any way, it is anything else (`house_entities`).
        """
        text = value.template if isinstance(value, Template) else value
        if not isinstance(text, str):
            return None
        found: list[HouseEntities] = []
        for variables in self.scoped(scope):
            if (named := house_entities(text, variables)) is not None:
                found.append(named)
            elif not _renders_nothing(text, variables):
                return None
        self.record.rendered = True
        return found or None

    def expand(self, value: Any, scope: frozenset[str] | None = None) -> list[Any]:
        """Return `value` rendered for each alternative under `scope`, each distinct once.

        Templates that cannot be bounded in an alternative are kept as they
        are (judged as "could be anything"); more than `MAX_ALTERNATIVES`
        distinct results: `value` itself.
        """
        return [concrete for concrete, _ in self.expand_assuming(value, scope)]

    def expand_assuming(
        self, value: Any, scope: frozenset[str] | None = None
    ) -> list[tuple[Any, frozenset[Assumption]]]:
        """Return `expand`, each result with what every way to it took as so (`Assumption`)."""
        if not has_template(value):
            return [(value, _NOTHING_ASSUMED)]
        found: dict[str, tuple[Any, frozenset[Assumption]]] = {}
        for variables in self.scoped(scope):
            for concrete, assumed in _results_assuming(value, variables, _as_written):
                _add_way(found, repr(concrete), concrete, assumed)
            if len(found) > MAX_ALTERNATIVES:
                return [(value, _NOTHING_ASSUMED)]
        if any(item != value for item, _ in found.values()):
            self.record.rendered = True
        return list(found.values()) or [(value, _NOTHING_ASSUMED)]


def noted_from_house(
    items: Any, from_house: Mapping[str, FromHouse], given: frozenset[str] = frozenset()
) -> dict[str, FromHouse]:
    """Return `from_house` after a `variables:` block `items` (each entry in order).

    An entry whose template reads the house's states, or a name set from
    them (`raising.reads_house`), is set from them; one set otherwise (a
    literal, a client's data, the registries, the time) is not, whatever
    it was before. `given`: the entries its caller gave (a script's own
    `variables:` render only what it was not given).
    """
    found = dict(from_house)
    if not isinstance(items, Mapping):
        return found
    for key, value in items.items():
        name = str(key)
        if name in given:
            continue
        used = {read: found[read] for read in names_read(value) if read in found}
        if reads_house(value, frozenset(used)):
            integers = frozenset(read for read, noted in used.items() if noted.integer)
            sources = _unique(
                [value, *(source for noted in used.values() for source in noted.sources)]
            )
            found[name] = FromHouse(tuple(sources), integer(value, integers))
        else:
            found.pop(name, None)
    return found


def _either_from_house(
    first: Mapping[str, FromHouse], second: Mapping[str, FromHouse]
) -> Mapping[str, FromHouse]:
    """Return the variables set from the house in a run that may be as either says."""
    if not second or first == second:
        return first
    either = dict(first)
    for name, noted in second.items():
        if (before := either.get(name)) is None:
            either[name] = noted
        else:
            sources = _unique([*before.sources, *noted.sources])
            either[name] = FromHouse(tuple(sources), before.integer and noted.integer)
    return either


def _unique(values: list[Any]) -> list[Any]:
    """Return `values`, each object once (configuration values need not be hashable)."""
    found: dict[int, Any] = {}
    for value in values:
        found.setdefault(id(value), value)
    return list(found.values())


def _variable_values(value: Any, variables: Mapping[str, Any]) -> list[Any]:
    """Return each value a `variables:` entry can take (`values_of`).

    One that looks into a field its caller did not give in every way stops
    the run there (`Stopped`): it holds nothing (`_UNDEFINED`), and what
    reads it is judged as read after a run that has already ended.
    """
    if is_template(value):
        text = value.template if isinstance(value, Template) else value
        if isinstance(text, str):
            try:
                renders(text, variables)
            except Stopped:
                return [_UNDEFINED]
            except Unbounded:
                pass
    return values_of(value, variables)


def _fewer(alternatives: list[Alternative]) -> list[Alternative]:
    """Return at most `MAX_ALTERNATIVES` ways: beyond, one per trigger, `ANY` where they differ."""
    if len(alternatives) <= MAX_ALTERNATIVES:
        return alternatives
    return _by_trigger(alternatives)


def _by_trigger(alternatives: list[Alternative]) -> list[Alternative]:
    """Return one way per trigger, `ANY` where its ways differ (beyond, one way in all)."""
    by_trigger: dict[str | None, list[Mapping[str, Any]]] = {}
    for trigger_id, each in alternatives:
        by_trigger.setdefault(trigger_id, []).append(each)
    fewer: list[Alternative] = [(t, _collapsed(found)) for t, found in by_trigger.items()]
    if len(fewer) > MAX_ALTERNATIVES:
        return [(None, _collapsed([each for _, each in alternatives]))]
    return fewer


def _collapsed(ways: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Return one set of variables for `ways`: each as they all have it, else `ANY`."""
    collapsed: dict[str, Any] = {}
    for name in dict.fromkeys(key for way in ways for key in way):
        values = [way.get(name, ANY) for way in ways]
        try:
            same = len({repr(value) for value in values}) == 1
        except Unbounded:
            same = False
        collapsed[name] = values[0] if same else ANY
    return collapsed


def _distinct(alternatives: list[Alternative]) -> list[Alternative]:
    """Return `alternatives` without repeats (same trigger id and variables)."""
    found: dict[str, Alternative] = {}
    for alternative in alternatives:
        try:
            key = repr(alternative)
        except Unbounded:  # A repr that touches `ANY` inside a mapping: keep it apart.
            key = str(id(alternative))
        found.setdefault(key, alternative)
    return list(found.values())


def _state(hass: HomeAssistant, entity_id: str, value: Any) -> Partial:
    """Return what a template sees as `trigger.to_state` (a state object) of one value."""
    domain, _, object_id = entity_id.partition(".")
    known = present_name(hass, entity_id)
    return Partial(
        entity_id=entity_id,
        domain=domain,
        object_id=object_id,
        state=value,
        name=known if known is not None else ANY,
    )


def entity_states(hass: HomeAssistant, entity_id: str) -> tuple[list[str] | None, bool]:
    """Return the states `entity_id` can take (None: any), and whether they are its options."""
    domain = entity_id.partition(".")[0]
    if domain in OPTIONS_DOMAINS:
        state = hass.states.get(entity_id)
        options = state.attributes.get("options") if state is not None else None
        if isinstance(options, (list, tuple)) and all(isinstance(o, str) for o in options):
            return [*options, *_ABSENT_STATES], True
        return None, False
    if (states := _FINITE_STATES.get(domain)) is not None:
        return [*states, *_ABSENT_STATES], False
    return None, False


def _listed(value: Any) -> list[str] | None:
    """Return a trigger's `to`/`from` as a list of states (None: not given, or a template)."""
    if value is None:
        return None
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not items:
        return None
    if any(not isinstance(item, str) or is_template(item) for item in items):
        return None
    return [str(item) for item in items]


def trigger_alternatives(
    hass: HomeAssistant, triggers: Sequence[Any], bindings: Bindings
) -> Iterator[Alternative]:
    """Yield (trigger id, `trigger`) for each way the automation's `triggers` can fire."""
    for index, trigger in enumerate(triggers):
        if not isinstance(trigger, Mapping) or trigger.get("enabled", True) is False:
            continue
        kind = trigger.get("trigger", trigger.get("platform"))
        trigger_id = str(trigger.get("id", index))
        base = Partial(id=trigger_id, idx=str(index), platform=kind, alias=trigger.get("alias"))
        for found in _fired(hass, kind, trigger, base, bindings):
            yield trigger_id, found


def _fired(
    hass: HomeAssistant, kind: Any, trigger: Mapping[str, Any], base: Partial, bindings: Bindings
) -> Iterator[Partial]:
    """Yield `trigger` as a run sees it, for each entity and state it can fire on."""
    if kind in ("state", "numeric_state"):
        entity_ids = trigger.get("entity_id")
        if not isinstance(entity_ids, (list, tuple)) or not entity_ids:
            yield base
            return
        for entity_id in entity_ids:
            entity_id = str(entity_id).lower()
            if kind == "numeric_state" or "attribute" in trigger:
                states: list[Any] | None = None
                options = False
            else:
                states, options = entity_states(hass, entity_id)
            # With `attribute:`, `to:` is the attribute's value, not the state's.
            attribute = "attribute" in trigger
            to_states = _listed(trigger.get("to")) if kind == "state" and not attribute else None
            if options and to_states is None:
                bindings.record.options_of.add(entity_id)
            for to_state in to_states or states or [ANY]:
                yield Partial(
                    base,
                    entity_id=entity_id,
                    to_state=_state(hass, entity_id, to_state),
                    from_state=_state(hass, entity_id, ANY),
                )
        return
    if kind == "event":
        event_types = trigger.get("event_type")
        types = event_types if isinstance(event_types, (list, tuple)) else [event_types]
        data = trigger.get("event_data")
        known = Partial(
            {str(k): render_value(v, {}) for k, v in data.items()}
            if isinstance(data, Mapping)
            else {}
        )
        for event_type in types:
            name = (
                event_type if isinstance(event_type, str) and not is_template(event_type) else ANY
            )
            yield Partial(base, event=Partial(event_type=name, data=known))
        return
    if kind == "mqtt":
        topic = trigger.get("topic")
        payload = trigger.get("payload")
        if "value_template" in trigger:
            payload = ANY  # `payload:` matches the template's value; the run sees the message.
        yield Partial(
            base,
            topic=topic if isinstance(topic, str) and not set("+#") & set(topic) else ANY,
            payload=payload if isinstance(payload, str) and not is_template(payload) else ANY,
        )
        return
    yield base


def automation_bindings(
    hass: HomeAssistant, entity_id: str, triggers: Sequence[Any], variables: Any
) -> Bindings:
    """Return the ways an automation's run can start, with `this` and its variables."""
    bindings = Bindings([])
    this = Partial(entity_id=entity_id)
    alternatives: list[tuple[str | None, Any]] = list(
        trigger_alternatives(hass, triggers, bindings)
    )
    if not alternatives or len(alternatives) > MAX_ALTERNATIVES:
        alternatives = [(None, ANY)]
    bindings.alternatives = _distinct(
        [(trigger_id, {"this": this, "trigger": trigger}) for trigger_id, trigger in alternatives]
    )
    return bindings.with_variables(variables)


def static_prefix(value: Any) -> str:
    """Return the text every render of template `value` starts with ("" if none is certain).

    `cover.{{ modus }}_cover` always starts with `cover.`: its action is one
    of the cover's, whatever `modus` is. Only text before the first
    expression of a template whose first output is plain text counts
    (`{% set %}` before it outputs nothing; an `{% if %}` may).
    """
    text = value.template if isinstance(value, Template) else value
    return _static_prefix(text) if isinstance(text, str) else ""


@functools.lru_cache(maxsize=4096)
def _static_prefix(text: str) -> str:
    """Return `static_prefix` of a template's text (parsed once per text)."""
    try:
        body = _environment().parse(text).body
    except jinja2.TemplateError:
        return ""
    for node in body:
        if isinstance(node, (jinja2.nodes.Assign, jinja2.nodes.AssignBlock)):
            continue
        if isinstance(node, jinja2.nodes.Output) and node.nodes:
            first = node.nodes[0]
            return first.data.lstrip() if isinstance(first, jinja2.nodes.TemplateData) else ""
        return ""
    return ""


def static_suffix(value: Any) -> str:
    """Return the text every render of template `value` ends with ("" if none is certain).

    `script.{{ alert }}_led` always ends with `_led`: its action is one of
    the scripts whose name ends so. Only text after the last expression of
    a template whose last output is plain text counts (a trailing `{% set
    %}` outputs nothing; an `{% endif %}` may end with either branch).
    """
    text = value.template if isinstance(value, Template) else value
    return _static_suffix(text) if isinstance(text, str) else ""


@functools.lru_cache(maxsize=4096)
def _static_suffix(text: str) -> str:
    """Return `static_suffix` of a template's text (parsed once per text)."""
    try:
        body = _environment().parse(text).body
    except jinja2.TemplateError:
        return ""
    for node in reversed(body):
        if isinstance(node, (jinja2.nodes.Assign, jinja2.nodes.AssignBlock)):
            continue
        if isinstance(node, jinja2.nodes.Output) and node.nodes:
            last = node.nodes[-1]
            # Home Assistant reads an action's name in lower case (`cv.service`).
            if not isinstance(last, jinja2.nodes.TemplateData):
                return ""
            return str(last.data).rstrip().lower()
        return ""
    return ""


_RUN_NAMES: Final = frozenset({"this", "context", "trigger", "repeat", "wait"})
"""What Home Assistant itself defines in a run (a script's caller never gives them)."""


_PARSING: Final = jinja2.Environment(extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"])
"""Jinja's own environment, to find the names a template reads (`_read_values`)."""


@functools.lru_cache(maxsize=4096)
def _read_values(text: str) -> frozenset[str]:
    """Return the variables a template reads as values (not a function it calls: `now()`)."""
    try:
        # Parsed without Home Assistant's globals, which its own environment
        # counts as declared: a run's variable may shadow one (`max`).
        tree = _PARSING.parse(text)
        undeclared = jinja2.meta.find_undeclared_variables(tree)
    except jinja2.TemplateError:
        return frozenset()
    called = {id(call.node) for call in tree.find_all(jinja2.nodes.Call)}
    return frozenset(
        name.name
        for name in tree.find_all(jinja2.nodes.Name)
        if name.ctx == "load" and id(name) not in called and name.name in undeclared
    )


def _names_in(node: Any, read: set[str], set_here: set[str]) -> None:
    """Collect what a validated configuration's templates read, and the variables it sets."""
    if isinstance(node, Template) or (isinstance(node, str) and is_template(node)):
        read |= _read_values(node.template if isinstance(node, Template) else node)
    elif isinstance(node, Mapping):
        for key, value in node.items():
            names = getattr(value, "variables", value)
            if key == "variables" and isinstance(names, Mapping):  # Not a template's.
                set_here.update(str(name) for name in names)
            elif key == "response_variable" and isinstance(value, str):
                set_here.add(value)
            _names_in(getattr(value, "variables", value), read, set_here)
    elif isinstance(node, (list, tuple)):
        for item in node:
            _names_in(item, read, set_here)


def caller_names(script: Any) -> frozenset[str]:
    """Return the variables a script reads that only its caller can give it.

    `{{ action1 | default('') }}` in a script with no `fields:` is still
    given by its caller, or not at all, in its steps as in its own
    `variables:`: what it sets itself (`variables`,
    `response_variable`), what Home Assistant defines in a run (`repeat`,
    `wait`, ...) and the template's own functions are not among them.
    """
    if script is None:
        return frozenset()
    if (known := _CALLER_NAMES.get(script)) is not None:
        return known
    read: set[str] = set()
    own = getattr(getattr(script, "variables", None), "variables", None) or {}
    set_here: set[str] = set(own)
    # Its own `variables:` read them too (`debug: "{{ enable_debug is defined }}"`).
    _names_in(own if isinstance(own, Mapping) else {}, read, set())
    _names_in(getattr(script, "sequence", None), read, set_here)
    names = frozenset(read - set_here - _RUN_NAMES - set(_environment().globals))
    _CALLER_NAMES[script] = names
    return names


def names_read(config: Any) -> frozenset[str]:
    """Return every name a configuration's templates read as values, functions included.

    What to intersect with the names a run sets: Home Assistant renders a
    template with the run's variables over its own functions, so a
    variable named `max` or `version` is read where `max` is.
    """
    read: set[str] = set()
    _names_in(config, read, set())
    return frozenset(read)


def variables_read(config: Any) -> frozenset[str]:
    """Return every variable a configuration's templates read as values.

    A caller's, one set in the run (`variables`, `response_variable`) or
    one Home Assistant defines in it (`trigger`, `repeat`, `wait`, ...):
    not the template's own functions (`now()`, `states`). To know whether
    a name the run sets is read, ask `names_read`: a variable may shadow
    a function.
    """
    return names_read(config) - _environment().globals.keys()


_CALLER_NAMES: weakref.WeakKeyDictionary[Any, frozenset[str]] = weakref.WeakKeyDictionary()
"""Each script's `caller_names`, read once per script object (a reload makes new ones)."""


def _given(value: Any) -> Any:
    """Return a value a run is given as the run sees it.

    Home Assistant renders a step's data before the call and never what a
    call is given: a client's `"{{ 'lock' }}"` is that text. Only the
    owner's templates the gate has not rendered yet (`Template`) are.
    """
    if isinstance(value, Template):
        return render_value(value, {})
    if isinstance(value, Mapping):
        return {key: _given(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_given(item) for item in value]
    return value


def given_from_house(
    variables: Any, caller: Mapping[str, FromHouse] | None
) -> dict[str, FromHouse]:
    """Return the variables a calling run gives a run it starts from the house's states.

    Its own templates (`Template`: a client's text is never rendered) that
    read them, or a name it set from them (`caller`: its `from_house`).
    """
    if not isinstance(variables, Mapping):
        return {}
    templated = {str(name): value for name, value in variables.items() if _holds_template(value)}
    return {
        name: noted
        for name, noted in noted_from_house(templated, caller or {}).items()
        if name in templated
    }


def from_house_key(from_house: Mapping[str, FromHouse]) -> tuple[Any, ...]:
    """Return what `from_house` says, as a key (`Judge.walk_key`): names, types, templates."""
    return tuple(
        sorted(
            (name, noted.integer, repr([_written(source) for source in noted.sources]))
            for name, noted in from_house.items()
        )
    )


def _written(value: Any) -> Any:
    """Return `value` with each template as its text."""
    if isinstance(value, Template):
        return value.template
    if isinstance(value, Mapping):
        return {key: _written(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_written(item) for item in value]
    return value


def _holds_template(value: Any) -> bool:
    """Return True if `value` holds an owner's template not rendered yet (`Template`)."""
    if isinstance(value, Template):
        return not value.is_static
    if isinstance(value, Mapping):
        return any(_holds_template(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_template(item) for item in value)
    return False


def names_set(config: Any) -> frozenset[str]:
    """Return the variables a configuration sets (`variables` steps, `response_variable`)."""
    read: set[str] = set()
    set_here: set[str] = set()
    _names_in(config, read, set_here)
    return frozenset(set_here)


def values_set(config: Any) -> dict[str, list[Any]]:
    """Return each variable a configuration's `variables` steps set, with every value it is set to."""
    found: dict[str, list[Any]] = {}
    _values_in(config, found)
    return found


def _values_in(node: Any, found: dict[str, list[Any]]) -> None:
    if isinstance(node, Mapping):
        for key, value in node.items():
            names = getattr(value, "variables", value)
            if key == "variables" and isinstance(names, Mapping):
                for name, item in names.items():
                    found.setdefault(str(name), []).append(item)
            else:
                _values_in(value, found)
    elif isinstance(node, (list, tuple)):
        for item in node:
            _values_in(item, found)


def run_bindings(
    entity_id: str,
    variables: Any,
    *,
    triggered: bool,
    script: Any = None,
    fields: Any = None,
    entity_variables: Any = None,
    caller: Mapping[str, FromHouse] | None = None,
) -> Bindings:
    """Return the bindings of a script or automation run by an action, with its `variables`.

    `automation.trigger` runs an automation with `trigger` holding only its
    platform (None), as Home Assistant does; a script sees what it is given,
    then its own `variables:` (`script`'s, a `helpers.script.Script`) for
    what it was not given. Values given as templates that could not be
    bounded are `ANY`. Where what the caller gives is known (`variables` a
    mapping, empty for none), a field of the script's (`fields`) it does not
    give is undefined, as Home Assistant renders it: `{{ slot }}` is empty;
    so is any variable only a caller can give (`caller_names`).

    `entity_variables`: a template entity's own `variables:` (its block's,
    a blueprint's inputs), which Home Assistant renders with `this` alone
    and hands its action scripts beneath what the call gives
    (`AbstractTemplateEntity.async_run_script`).

    `caller`: what the calling run set from the house's states
    (`Bindings.from_house`): a value it gives as its own template that reads
    them, or one of those names, is set from them in this run too.
    """
    given = dict(variables) if isinstance(variables, Mapping) else {}
    known = {str(name): _given(value) for name, value in given.items()}
    start = Bindings.open({"this": Partial(entity_id=entity_id)})
    start = start.with_variables(entity_variables)
    own_ways: list[Alternative] = []
    for trigger_id, rendered in start.alternatives:
        own: dict[str, Any] = {**rendered, **known}
        own.pop("context", None)  # Home Assistant sets the run's own over a caller's.
        if triggered:
            own["trigger"] = {"platform": None}  # Over any `trigger` the caller gave.
        own_ways.append((trigger_id, own))
    # A template entity's own `variables:` set from the house, unless the call gives them.
    from_house = {name: noted for name, noted in start.from_house.items() if name not in known}
    bindings = Bindings(own_ways, from_house={**from_house, **given_from_house(given, caller)})
    if isinstance(variables, Mapping) and isinstance(fields, Mapping):  # A script's run.
        # Undefined as its own `variables:` render, which see only what was given.
        for name in sorted({str(name) for name in fields} | caller_names(script)):
            if not any(name in each for _, each in bindings.alternatives):
                bindings = bindings.with_value(name, [_UNDEFINED])
    return bindings.with_variables(getattr(script, "variables", None), defaults=True)


_TARGET_FIELDS: Final = frozenset({"entity_id", "device_id", "area_id", "floor_id", "label_id"})
"""A call's fields that say what it acts on, not how: no script is given them."""


def template_run_bindings(
    entity_id: str,
    entity_variables: Any,
    run_names: frozenset[str] | None,
    data: Mapping[str, Any] | None,
) -> Bindings:
    """Return the bindings of a template entity's action script, as its platform runs it.

    Home Assistant gives the script `this`, then the entity's own
    `variables:` (rendered with `this` alone), then its platform's run
    variables (`run_names`: a light's `brightness`, `effect`, ...), which a
    call's data sets; nothing else of the data reaches the script (the
    action's schema refuses other fields). `data` None: the call is not
    known (in the perimeter, whatever acts on the entity): each run variable
    may be anything. A known call's field named as a run variable gives it;
    any other field (a colour, a profile, a template) may give each run
    variable it does not name. `run_names` None (a platform Home MCP does
    not know): the call's data may set any name, over the entity's own.
    """
    if run_names is None:
        if data is None:
            return run_bindings(entity_id, None, triggered=False)
        return run_bindings(entity_id, data, triggered=False, entity_variables=entity_variables)
    bindings = run_bindings(entity_id, {}, triggered=False, entity_variables=entity_variables)
    fields = {} if data is None else {k: v for k, v in data.items() if k not in _TARGET_FIELDS}
    derived = data is None or any(name not in run_names for name in fields)
    for name in sorted(run_names):
        if name in fields:
            bindings = bindings.with_value(name, [_given(fields[name])])
        elif derived:
            bindings = bindings.with_value(name, None)
    return bindings
