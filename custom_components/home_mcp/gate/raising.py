"""Templates that can raise as Home Assistant renders them, whatever the house holds.

A run renders a step's templates before the step runs: its action's name,
target and data (a message's text too), a `variables` step, a called
script's own `variables:`. A render that raises (`TemplateError`) ends the
run and every caller waiting for it, `continue_on_error` or not
(`helpers/script.py`: `CONFIGURATION_ERRORS`). Whether a template can raise
is read from its syntax: `states('input_text.x') | int` raises once the
text is no number, `state_attr('light.x', 'brightness') / 255` once the
light is off (no brightness); `states('x')`, `| int(0)`, `| default('')`
or `'playing ' ~ state_attr(...)` never do. What is not known to be safe
(an unknown filter, a macro imported from a file) can raise.

Only what a client can make fail counts: what reads no state of the house
(`_reads_house`: the run's variables, constants, the time, the registries)
renders or fails the same whatever a client changes, be it an expression,
a loop or a branch: `message + '('` fails only if the caller gives no
text, `{% for k, v in data.items() %}` only if the caller gives no mapping.
No action changes the device, area, floor or label registries
(`REGISTRY_READERS`): `device_attr(entity, 'model')` is what the owner set
up. A name set from a state (`{% set x = states('sensor.x') %}`, a loop over
`states.light`) reads the house where it is used (`_tainted`), and so does
one an earlier step of the run set from one (`guests: "{{
states('input_text.guests') }}"` in a `variables` step, then `{{ guests |
int }}`: `Bindings.from_house`). Home Assistant parses what such a step
renders (`"2"` is the number 2, `"two"` stays text, `"[1]"` is a list): the
name is of any type, unless what it is set from always renders a whole
number (`states('x') | int(0)`, `integer`), which a later step may compute
with. A float is not one: a large one renders as `1e+30`, which stays text.

A number read from what a client can set may be nan or infinite: a text
takes "nan", and `input_number.set_value` compares "nan" with its range,
which it passes. `| float(0)` is a number then, but `int` of it raises on
both (a default covers nan, not infinity), and so do `round` to a whole,
`as_datetime`, `timestamp_local` and `'%d' %`; what a client cannot make
nan (`BOUNDS`: a light's brightness, a speaker's volume, `on`) stays
safe. `| int(0)` of the text itself gives its default on "inf", not of an
attribute that is a number (a water heater's temperature takes "inf"). It
may be 0 too, which nothing divides by (`/`, `//`, `%`): a default does
not help (`| float(1)` of "0" is 0), `x or 1` and `max(x, 1)` do, and so
does a read no client makes 0 (a word: `| float(1)` of `on` is 1), or a
branch taken only when it is not 0 (`{% if total > 0 %}`, the `else` of
`x <= 0.1`: nan fails both, and is no 0).

A lookup (`.x`, `['x']`) that finds nothing is Jinja's undefined, which
prints as nothing, but fails when it is looked into again, computed with
or called: a chain of lookups is safe from what is always there (`states`,
the run's `trigger`, `this`, `repeat`), not from a value read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Flag, auto
import functools
import math
import re
from typing import Any, Final

from jinja2 import Environment, TemplateSyntaxError, nodes

from homeassistant.helpers.template import Template

SAFE_FILTERS: Final = frozenset(
    {
        "default", "d", "string", "lower", "upper", "title", "capitalize", "trim",
        "e", "escape", "forceescape", "safe", "replace", "striptags", "truncate",
        "wordcount", "center", "indent", "urlencode", "pprint", "iif", "is_number",
        "has_value", "state_attr", "state_translated", "state_attr_translated",
        "regex_match", "regex_search", "regex_replace", "regex_findall",
        "relative_time", "time_since", "time_until", "area_name", "area_id",
        "device_id", "device_attr", "entity_name", "floor_name", "floor_id",
        "label_name", "label_id", "expand", "area_entities", "device_entities",
        "label_entities", "floor_entities", "integration_entities",
    }
)  # fmt: skip
"""Filters that render any value they are given (what they cannot read, as text, or
nothing): `str()` of it, a lookup by it."""
FORGIVING: Final[Mapping[str, int]] = {
    "int": 0, "float": 0, "bool": 0, "as_datetime": 0, "as_timestamp": 0,
    "from_json": 0, "timestamp_local": 0, "timestamp_utc": 0, "sin": 0, "cos": 0,
    "tan": 0, "asin": 0, "acos": 0, "atan": 0, "sqrt": 0, "log": 1, "multiply": 1,
    "add": 1, "round": 2, "timestamp_custom": 2, "strptime": 1, "average": -1,
    "median": -1, "atan2": -1,
}  # fmt: skip
"""Home Assistant's forgiving filters: they raise on a value they cannot convert unless
given a `default` (the position of the argument after the value; -1: by name only)."""
SAFE_FUNCTIONS: Final = frozenset(
    {
        "states", "is_state", "state_attr", "is_state_attr", "has_value", "now",
        "utcnow", "relative_time", "time_since", "time_until", "iif", "is_number",
        "area_name", "area_id", "device_id", "device_attr", "is_device_attr",
        "entity_name", "floor_name", "floor_id", "label_name", "label_id",
        "expand", "area_entities", "device_entities", "label_entities",
        "floor_entities", "integration_entities", "state_translated",
        "state_attr_translated", "namespace", "dict", "floor_areas", "area_devices",
        "label_areas", "label_devices", "distance",
    }
)  # fmt: skip
"""Functions that return for any argument (a lookup that finds nothing returns None);
`device_attr` for any text (`_ON_TEXT`); `distance` None for what has no location."""
_NUMBERS: Final = frozenset({"int", "float", "round", "multiply", "add", "log", "sqrt", "sin"})
"""Forgiving filters that give a number when given a `default` that is one."""
_CONVERSIONS: Final = frozenset({"int", "float", "round"})
"""Forgiving filters that never raise on a finite number (`_converts`)."""
_ON_FINITE: Final = frozenset(
    {"as_datetime", "timestamp_custom", "timestamp_local", "timestamp_utc"}
)
"""Forgiving filters that raise on an infinite or huge number, given a default or not
(`OverflowError`: "timestamp out of range")."""


class Bound(Flag):
    """What no client can make a read of the house, as a number (`BOUNDS`)."""

    NO_NAN = auto()
    NO_INFINITY = auto()
    NO_ZERO = auto()
    """Nor any number below 1 either way: made whole or rounded, it stays no 0."""


FINITE: Final = Bound.NO_NAN | Bound.NO_INFINITY
WORD: Final = FINITE | Bound.NO_ZERO
"""A few words or a time, no number: `float` and `int` give their default."""
BOUNDS: Final[Mapping[str, Mapping[str, Bound]]] = {
    "light": {
        "state": WORD, "brightness": FINITE, "color_temp": FINITE, "color_temp_kelvin": FINITE,
    },
    "switch": {"state": WORD},
    "input_boolean": {"state": WORD},
    "binary_sensor": {"state": WORD},
    "lock": {"state": WORD},
    "cover": {"state": WORD, "current_position": FINITE, "current_tilt_position": FINITE},
    "valve": {"state": WORD, "current_position": FINITE},
    "fan": {"state": WORD, "percentage": FINITE, "percentage_step": FINITE | Bound.NO_ZERO},
    "media_player": {"state": WORD, "volume_level": FINITE, "is_volume_muted": FINITE},
    "alarm_control_panel": {"state": WORD},
    "climate": {
        "state": WORD, "humidity": FINITE, "temperature": Bound.NO_INFINITY,
        "target_temp_high": Bound.NO_INFINITY, "target_temp_low": Bound.NO_INFINITY,
    },
    "water_heater": {"state": WORD},
    "humidifier": {"state": WORD, "humidity": FINITE},
    "vacuum": {"state": WORD},
    "lawn_mower": {"state": WORD},
    "siren": {"state": WORD},
    "remote": {"state": WORD},
    "automation": {"state": WORD},
    "script": {"state": WORD},
    "scene": {"state": WORD},
    "button": {"state": WORD},
    "input_button": {"state": WORD},
    "counter": {"state": FINITE},
    "timer": {"state": WORD},
    "input_datetime": {"state": WORD, "timestamp": FINITE},
}  # fmt: skip
"""What a client can make a domain's state (`state`) and attributes: what it cannot, as
a number. A few words or a time (`WORD`), whole numbers an action holds in a range (a
light's brightness, a counter's 0 included), a speaker's `volume_level` ("nan" is in
no range of `volume_set`), a colour temperature (whole, but 0 too: `light.turn_on`
takes `color_temp_kelvin: 0`, and a light may keep it). A thermostat's
`set_temperature` compares "nan" with its range, which it passes, not "inf"; a water
heater's takes any number, an input_number's "nan" (its range), a number's and a
text's anything, a select's any option (`set_options`), a sensor's and a person's what
a template or `device_tracker.see` gives: none of these is bounded."""
_FORMATS: Final = re.compile(r"%[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[hlL]?([a-zA-Z%])")
"""A conversion of `'%d' % x` (printf-style formatting, Jinja's `%` of text)."""
_TEXTS: Final = frozenset(
    {"states", "string", "lower", "upper", "title", "capitalize", "trim", "join"}
)
"""Functions and filters that always give text."""
SAFE_TESTS: Final = frozenset(
    {
        "defined", "undefined", "none", "number", "string", "mapping", "sequence",
        "iterable", "boolean", "true", "false", "integer", "float", "callable",
        "eq", "equalto", "==", "ne", "!=", "sameas", "lower", "upper", "escaped",
        "list", "set", "tuple", "datetime", "match", "search", "is_state",
        "is_state_attr", "has_value",
    }
)  # fmt: skip
"""Jinja and Home Assistant tests that hold or fail for any value, never raise."""
_SEQUENCES: Final = frozenset({"join", "first", "last", "length", "count", "list"})
"""Filters safe on what a `for` can loop over (`_iterable`): `states.light | map(attribute=
'name') | join(', ')`."""
_ROOTS: Final = frozenset({"states", "trigger", "this", "repeat", "loop", "wait"})
"""What a chain of lookups may start from and not fail: always there as the run has it."""
_NUMERIC_LOOKUPS: Final = frozenset({"index", "index0", "revindex", "revindex0", "length"})
"""`repeat.index`, `loop.index`: numbers."""
_LISTS: Final = frozenset(
    {"expand", "area_entities", "device_entities", "label_entities", "floor_entities",
     "integration_entities", "floor_areas", "area_devices", "label_areas", "label_devices"}
)  # fmt: skip
"""Functions that return a list (of entity ids, or of states)."""
HOUSE_READERS: Final = frozenset(
    {
        "states", "is_state", "state_attr", "is_state_attr", "has_value", "expand",
        "state_translated", "state_attr_translated", "closest", "distance",
    }
)  # fmt: skip
"""Functions, filters and tests that read the house's states (what a client may change)."""
REGISTRY_READERS: Final = frozenset(
    {
        "device_attr", "is_device_attr", "device_id", "device_name", "area_name",
        "area_id", "area_entities", "area_devices", "floor_name", "floor_id",
        "floor_areas", "floor_entities", "label_name", "label_id", "label_areas",
        "label_devices", "label_entities", "integration_entities",
    }
)  # fmt: skip
"""Functions, filters and tests that read the device, area, floor and label registries
and the entities they hold: what the owner set up, which no action changes."""
_PURE: Final = frozenset({"now", "utcnow", "range", "dict", "namespace", "iif", "is_number"})
"""Functions whose result no state of the house decides (the time, a range)."""
_ON_TEXT: Final = frozenset({"device_attr", "is_device_attr"})
"""Safe functions and filters that raise unless given text (`Must provide a device or
entity ID`): `device_attr(state_attr('sensor.x', 'source'), 'model')` can."""
_EXTREMES: Final = frozenset({"max", "min"})
"""Functions and filters that give the largest or smallest of what they are given: of
numbers, a number (`max(x, 1)`); of a number and text, they raise."""
_KNOWN: Final = SAFE_FUNCTIONS | _PURE | REGISTRY_READERS | FORGIVING.keys() | _EXTREMES
"""Functions Home MCP knows: a call to any other (a macro) may read anything."""
_ENVIRONMENT: Final = Environment(extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"])
_TAINTED: ContextVar[frozenset[str]] = ContextVar("_TAINTED", default=frozenset())
"""The names the template read sets from a state of the house (`_tainted`), or an
earlier step of the run did."""
_INTEGERS: ContextVar[frozenset[str]] = ContextVar("_INTEGERS", default=frozenset())
"""The names an earlier step of the run set from the house that are whole numbers."""
_NUMBERED: ContextVar[tuple[frozenset[str], frozenset[str]]] = ContextVar(
    "_NUMBERED", default=(frozenset(), frozenset())
)
"""The names the template read sets only to numbers, and its namespaces whose every
value is one (`_numbered`)."""
_LISTED: ContextVar[tuple[frozenset[str], frozenset[str]]] = ContextVar(
    "_LISTED", default=(frozenset(), frozenset())
)
"""The names the template read sets only to lists, and those of them only to lists of text
(`_listed`)."""
_STORED: ContextVar[frozenset[str]] = ContextVar("_STORED", default=frozenset())
"""The names the template read sets itself: `states` set or looped over is no longer the
house's states."""
_RENDERED: ContextVar[frozenset[str]] = ContextVar("_RENDERED", default=frozenset())
"""The names an earlier step of the run set that the template read does not set again:
what Home Assistant parsed from what it rendered (`_state`)."""
_NONZERO: ContextVar[frozenset[str]] = ContextVar("_NONZERO", default=frozenset())
"""What the branch judged is taken only when it is no 0 (`_when`), as written (`_written`):
`{% if total > 0 %}{{ used / total }}{% endif %}`."""
_DIVIDING: ContextVar[bool] = ContextVar("_DIVIDING", default=True)
"""Whether a division is judged by its divisor (`_nonzero`), or only by what it gives."""
_COMPARED: Final = {
    "eq": "==", "ne": "!=", "gt": ">", "gteq": ">=", "lt": "<", "lteq": "<=", "in": "in",
    "notin": "not in",
}  # fmt: skip


def can_raise(
    text: str, tainted: frozenset[str] = frozenset(), integers: frozenset[str] = frozenset()
) -> bool:
    """Return True if rendering `text` can raise on some state of the house (`module`).

    `tainted`: the names an earlier step of the run set from the house's
    states; `integers`: those of them that are whole numbers.
    """
    if "{{" not in text and "{%" not in text:
        return False
    # Only the names the text may read: the same text is judged once whatever the run set.
    tainted = frozenset(name for name in tainted if name in text)
    return _can_raise(text, tainted, integers & tainted)


@functools.lru_cache(maxsize=2048)
def _can_raise(text: str, tainted: frozenset[str], integers: frozenset[str]) -> bool:
    body = _parsed(text)
    if body is None:
        return True
    with _given(tainted, integers):
        try:
            _judging(body, tainted)
            return not all(_safe(node) for node in body.body)
        except RecursionError:  # Nested past what Python follows: not known to be safe.
            return True


def _judging(body: nodes.Template, tainted: frozenset[str]) -> None:
    """Set what `body` sets from the house (`_tainted`), and to what kind only.

    To numbers only (`_numbered`), to lists only (`_listed`). And which of `tainted` (set by an earlier step) it does not set again (`_RENDERED`).
    """
    _TAINTED.set(_tainted(body, tainted))
    _NUMBERED.set(_numbered(body, tainted))
    _LISTED.set(_listed(body, tainted))
    stored = {name.name for name in body.find_all(nodes.Name) if name.ctx in ("store", "param")}
    _RENDERED.set(tainted - stored)
    _STORED.set(frozenset(stored))


@functools.lru_cache(maxsize=2048)
def _parsed(text: str) -> nodes.Template | None:
    try:
        return _ENVIRONMENT.parse(text)
    except TemplateSyntaxError:
        return None


@contextmanager
def _given(tainted: frozenset[str], integers: frozenset[str]) -> Iterator[None]:
    """Judge with `tainted` set from the house (`integers` of them whole numbers)."""
    tokens = _TAINTED.set(tainted), _INTEGERS.set(integers), _RENDERED.set(frozenset())
    numbered = _NUMBERED.set((frozenset(), frozenset()))
    own = _STORED.set(frozenset())
    listed = _LISTED.set((frozenset(), frozenset()))
    try:
        yield
    finally:
        _LISTED.reset(listed)
        _TAINTED.reset(tokens[0])
        _INTEGERS.reset(tokens[1])
        _RENDERED.reset(tokens[2])
        _NUMBERED.reset(numbered)
        _STORED.reset(own)


def reads_house(config: Any, tainted: frozenset[str] = frozenset()) -> bool:
    """Return True if what a template in `config` gives may depend on the house's states.

    `tainted`: the names an earlier step set from them. A literal, the
    caller's data, the time or the registries: no client makes it differ.
    """
    for text in _templates(config):
        body = _parsed(text)
        if body is None or body.find(nodes.Import) is not None:
            return True  # A module's macros (`{% import 'x.jinja' as m %}`) may read anything.
        names = frozenset(name for name in tainted if name in text)
        with _given(names, frozenset()):
            _TAINTED.set(_tainted(body, names))
            if any(_reads_house(node) for node in body.body):
                return True
    return False


def integer(config: Any, integers: frozenset[str] = frozenset()) -> bool:
    """Return True if `config` is one template that always renders a whole number.

    `{{ states('x') | int(0) }}`, `{{ (state_attr('x', 'volume') | float(0)
    * 100) | int }}`, `{{ n * 60 }}` of a whole number `n` (of `integers`):
    Home Assistant parses it back as one.
    """
    texts = list(_templates(config))
    if not isinstance(config, (str, Template)) or len(texts) != 1:
        return False
    body = _parsed(texts[0])
    if body is None:
        return False
    shown = [
        child
        for node in body.body
        if isinstance(node, nodes.Output)
        for child in node.nodes
        if not (isinstance(child, nodes.TemplateData) and not child.data.strip())
    ]
    if len(shown) != 1 or len(body.body) != 1:
        return False
    with _given(integers, integers):
        return _integer(shown[0])


def _templates(config: Any) -> Iterator[str]:
    """Yield the text of each template in `config` (any configuration value)."""
    if isinstance(config, Template):
        if not config.is_static:
            yield config.template
    elif isinstance(config, str):
        if "{{" in config or "{%" in config:
            yield config
    elif isinstance(config, Mapping):
        for value in config.values():
            yield from _templates(value)
    elif isinstance(config, (list, tuple)):
        for item in config:
            yield from _templates(item)
    elif isinstance(variables := getattr(config, "variables", None), Mapping):
        yield from _templates(variables)  # `ScriptVariables`, as validated `variables:` are kept.


def _tainted(body: nodes.Template, given: frozenset[str] = frozenset()) -> frozenset[str]:
    """Return the names `body` sets, anywhere, from what reads the house's states.

    `{% set x = states('sensor.x') %}`, `{% for light in states.light %}`,
    `{% set ns.total = ns.total + state_attr(...) %}` (the namespace), and
    what is set from those in turn, or from `given` (set by an earlier step).
    """
    tainted: set[str] = set(given)
    while True:
        _TAINTED.set(frozenset(tainted))
        found = {
            name
            for target, sources in _bindings(body)
            if any(_reads_house(source) for source in sources)
            for name in _stored(target)
        }
        if found <= tainted:
            return frozenset(tainted)
        tainted |= found


def _bindings(body: nodes.Template) -> Iterator[tuple[nodes.Node, list[nodes.Node]]]:
    """Yield each target `body` sets, with what it is set from.

    And with the test of each `if` a `set` stands in: a branch not taken
    leaves the name as it was, so that test decides the name too.
    """
    for branch in body.find_all(nodes.If):
        for node in branch.find_all((nodes.Assign, nodes.AssignBlock)):
            if isinstance(node, (nodes.Assign, nodes.AssignBlock)):
                yield node.target, [branch.test]
    for node in body.find_all((nodes.Assign, nodes.AssignBlock, nodes.For, nodes.With)):
        if isinstance(node, nodes.Assign):
            yield node.target, [node.node]
        elif isinstance(node, nodes.AssignBlock):
            yield node.target, [*node.body, *((node.filter,) if node.filter else ())]
        elif isinstance(node, nodes.For):
            yield node.target, [node.iter]
        elif isinstance(node, nodes.With):
            for target, value in zip(node.targets, node.values, strict=True):
                yield target, [value]


def _stored(target: nodes.Node) -> Iterator[str]:
    """Yield the names a target sets: `x`, `a, b`, a namespace's `ns` for `ns.x`."""
    if isinstance(target, (nodes.Name, nodes.NSRef)):
        yield target.name
    elif isinstance(target, nodes.Tuple):
        for item in target.items:
            yield from _stored(item)


def _set_once(
    body: nodes.Template, given: frozenset[str]
) -> tuple[dict[str, list[nodes.Node]], dict[str, list[nodes.Node]]]:
    """Return the names `body` sets only by `set`, with what each is set to; and its namespaces'.

    Not a name set any other way too (a loop, a macro's parameter, an
    import), nor one an earlier step of the run set (`given`): a `set` in a
    loop leaves the name outside it as it was.
    """
    plain: dict[str, list[nodes.Node]] = {}
    spaces: dict[str, list[nodes.Node]] = {}
    for node in body.find_all(nodes.Assign):
        if isinstance(node.target, nodes.Name):
            plain.setdefault(node.target.name, []).append(node.node)
        elif isinstance(node.target, nodes.NSRef):
            spaces.setdefault(node.target.name, []).append(node.node)
    stored: dict[str, int] = {}
    for name in body.find_all(nodes.Name):
        if name.ctx in ("store", "param"):
            stored[name.name] = stored.get(name.name, 0) + 1
    only = {
        name: values
        for name, values in plain.items()
        if stored.get(name) == len(values) and name not in given
    }
    return only, spaces


def _in_branches(body: nodes.Template) -> frozenset[str]:
    """Return the names `body` may read undefined: set only in a block the read is outside of.

    A `set` in an `if`'s branch leaves the name undefined when the branch is
    not taken, and one in a loop's body (or a macro's, a `with`'s) is not
    seen after it: `{% if guests %}{% set n = 2 %}{% endif %}{{ n + 1 }}`
    fails then, whatever `n` is set to. Read in the block that sets it (the
    same branch, the same loop round), it is what it was set to.
    """
    sets: dict[str, set[int | None]] = {}
    reads: dict[str, list[tuple[int, ...]]] = {}

    def walk(node: nodes.Node, blocks: tuple[int, ...]) -> None:
        if isinstance(node, (nodes.Assign, nodes.AssignBlock)) and isinstance(
            node.target, nodes.Name
        ):
            sets.setdefault(node.target.name, set()).add(blocks[-1] if blocks else None)
        elif isinstance(node, nodes.Name) and node.ctx == "load":
            reads.setdefault(node.name, []).append(blocks)
        for field in node.fields:
            value = getattr(node, field, None)
            if field in ("body", "else_") and isinstance(value, list):
                for child in value:
                    walk(child, (*blocks, id(value)))
            elif isinstance(value, nodes.Node):
                walk(value, blocks)
            elif isinstance(value, list):
                for child in value:
                    if isinstance(child, nodes.Node):
                        walk(child, blocks)

    for node in body.body:
        walk(node, ())
    return frozenset(
        name
        for name, where in sets.items()
        if None not in where
        and any(not where.intersection(within) for within in reads.get(name, ()))
    )


def _numbered(
    body: nodes.Template, given: frozenset[str] = frozenset()
) -> tuple[frozenset[str], frozenset[str]]:
    """Return the names `body` sets only ever to numbers, and its namespaces likewise.

    `{% set d = (distance(p, z) | round(3, default=0)) * 1000 %}`: `d` is a
    number wherever it is read; so is `best.value` of `{% set best =
    namespace(value=21000000) %}` where each `{% set best.value = d %}` sets
    a number. Only names set by `set` alone (`_set_once`).
    """
    plain, spaces = _set_once(body, given)
    branched = _in_branches(body)
    plain = {name: values for name, values in plain.items() if name not in branched}
    numbers: frozenset[str] = frozenset()
    namespaces: frozenset[str] = frozenset()
    # What a name is set to is a number if it renders: whether a division in it can
    # raise is judged where it is set (`_safe`), in its branch (`{% if total > 0 %}`).
    dividing = _DIVIDING.set(False)
    try:
        while True:  # The least: a name set from itself (`x = x + 1`) is no number known.
            _NUMBERED.set((numbers, namespaces))
            found = frozenset(
                name for name, values in plain.items() if all(_number(v) for v in values)
            )
            spaced = frozenset(
                name
                for name, values in plain.items()
                if all(_numbers_namespace(value) for value in values)
                and all(_number(value) for value in spaces.get(name, ()))
            )
            if found == numbers and spaced == namespaces:
                return numbers, namespaces
            numbers, namespaces = found, spaced
    finally:
        _DIVIDING.reset(dividing)


def _listed(
    body: nodes.Template, given: frozenset[str] = frozenset()
) -> tuple[frozenset[str], frozenset[str]]:
    """Return the names `body` sets only ever to lists (`_listing`), and to lists of text.

    `{% set sensors = expand(group) | map(attribute='name') | sort %}`:
    `sensors` is a list of text wherever it is read (`{% for s in sensors
    %}`, `sensors | count`). Only names set by `set` alone (`_set_once`).
    """
    plain, _ = _set_once(body, given)
    lists: frozenset[str] = frozenset()
    texts: frozenset[str] = frozenset()
    while True:  # The least, as `_numbered`'s.
        _LISTED.set((lists, texts))
        found = frozenset(
            name for name, values in plain.items() if all(_listing(v) for v in values)
        )
        found_texts = frozenset(
            name for name, values in plain.items() if all(_text_listing(v) for v in values)
        )
        if found == lists and found_texts == texts:
            return lists, texts
        lists, texts = found, found_texts


def _numbers_namespace(node: nodes.Node) -> bool:
    """Return True for `namespace(value=0)`: each value given a number, by name."""
    return (
        isinstance(node, nodes.Call)
        and isinstance(node.node, nodes.Name)
        and node.node.name == "namespace"
        and not node.args
        and node.dyn_args is None
        and node.dyn_kwargs is None
        and all(_number(kw.value) for kw in node.kwargs)
    )


def raising_reads(
    config: Any, tainted: frozenset[str] = frozenset(), integers: frozenset[str] = frozenset()
) -> list[str]:
    """Return templates reading what can make those in `config` raise (`raising_templates`).

    Not every read of a template that can raise: what its parts that can
    raise are given (`_feeding`), with what the names those read are set
    from in the template (a loop's list, a `set`'s value). `{% for p in
    expand(states.person) %}{% if distance(p) | float(0) <= state_attr(
    'zone.home', 'radius') %}` raises only on the zone's radius: the
    distance is a number. A template whose parts cannot be told apart is
    read whole.
    """
    found: list[str] = []
    for text in raising_templates(config, tainted, integers):
        found += _raising_reads(text, *_names_in(text, tainted, integers))
    return list(dict.fromkeys(found))


def _names_in(
    text: str, tainted: frozenset[str], integers: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    names = frozenset(name for name in tainted if name in text)
    return names, integers & names


@functools.lru_cache(maxsize=2048)
def _raising_reads(text: str, tainted: frozenset[str], integers: frozenset[str]) -> tuple[str, ...]:
    body = _parsed(text)
    if body is None:
        return (text,)
    with _given(tainted, integers):
        try:
            _judging(body, tainted)
            feeding: list[nodes.Node] = []
            for node in body.body:
                if (fed := _feeding(node)) is None:
                    return (text,)
                feeding += fed
            return tuple(_read_texts(body, feeding)) if feeding else (text,)
        except RecursionError, _Unwritten:
            return (text,)


class _Unwritten(Exception):
    """A node `_written` cannot write back as Jinja."""


def _feeding(node: nodes.Node) -> list[nodes.Node] | None:
    """Return the expressions whose values can make `node` raise (None: not told apart).

    Through what only passes a value on (output, a branch, a list), to the
    operation that can raise: what it is given that reads the house, not a
    number given to arithmetic or a comparison.
    """
    if _safe(node):
        return []
    parts: list[nodes.Node | None]
    if isinstance(node, (nodes.Output, nodes.Concat)):
        parts = list(node.nodes)
    elif isinstance(node, (nodes.List, nodes.Tuple)):
        parts = list(node.items)
    elif isinstance(node, nodes.Dict):
        parts = [part for pair in node.items for part in (pair.key, pair.value)]
    elif isinstance(node, (nodes.And, nodes.Or)):
        parts = [node.left, node.right]
    elif isinstance(node, nodes.Not):
        parts = [node.node]
    elif isinstance(node, (nodes.CondExpr, nodes.If)):
        return _branches_feeding(node)
    elif isinstance(node, nodes.Assign):
        parts = [node.node]
    elif isinstance(node, nodes.AssignBlock):
        parts = list(node.body)
    elif isinstance(node, nodes.ExprStmt):
        parts = [node.node]
    elif isinstance(node, nodes.For):
        looped: list[nodes.Node] = [] if _iterable(node.iter) else [node.iter]
        inner = [_feeding(child) for child in (node.test, *node.body, *node.else_) if child]
        if any(fed is None for fed in inner):
            return None
        return looped + [part for fed in inner if fed is not None for part in fed]
    else:
        return _given_to(node)
    found: list[nodes.Node] = []
    for part in parts:
        if part is None:
            continue
        if (fed := _feeding(part)) is None:
            return None
        found += fed
    return found


def _branches_feeding(node: nodes.CondExpr | nodes.If) -> list[nodes.Node] | None:
    """Return what can make a branch raise, each part judged where it is taken (`_branches`)."""
    found: list[nodes.Node] = []
    for parts, known in _branches(node):
        for part in parts:
            with _knowing(known):
                fed = _feeding(part)
            if fed is None:
                return None
            found += fed
    return found


def _given_to(node: nodes.Node) -> list[nodes.Node] | None:
    """Return what an operation that can raise is given that reads the house."""
    numeric = isinstance(node, (nodes.Compare, nodes.BinExpr, nodes.UnaryExpr))
    operands: list[nodes.Node]
    if isinstance(node, nodes.Compare):
        operands = [node.expr, *(op.expr for op in node.ops)]
    elif isinstance(node, nodes.BinExpr):
        operands = [node.left, node.right]
    elif isinstance(node, nodes.UnaryExpr):
        operands = [node.node]
    elif isinstance(node, (nodes.Filter, nodes.Test, nodes.Call)):
        operands = [
            *([node.node] if node.node is not None else []),
            *node.args,
            *(kw.value for kw in node.kwargs),
            *(x for x in (node.dyn_args, node.dyn_kwargs) if x is not None),
        ]
    elif isinstance(node, nodes.Getattr):
        operands = [node.node]
    elif isinstance(node, nodes.Getitem):
        operands = [node.node, node.arg]
    else:
        return None  # A macro, an import, a block.
    divisor = _divisor(node)
    return [
        operand
        for operand in operands
        if _reads_house(operand)
        and not (numeric and _number(operand) and (operand is not divisor or _nonzero(operand)))
    ]


def _read_texts(body: nodes.Template, feeding: list[nodes.Node]) -> Iterator[str]:
    """Yield a template for each of `feeding`, in the loops it stands in, and each name's value.

    A name the template sets (`{% set d = ... %}`) is read where it is set;
    a loop's name, inside that loop (`{% for z in zones %}{{ state_attr(z,
    'radius') }}{% endfor %}`), which `reads.Reads` reads as the list says.
    """
    loops: dict[str, list[nodes.For]] = {}
    for loop in body.find_all(nodes.For):
        for name in _stored(loop.target):
            loops.setdefault(name, []).append(loop)
    values: dict[str, list[nodes.Node]] = {}
    for target, sources in _bindings(body):
        if not any(target is loop.target for each in loops.values() for loop in each):
            for name in _stored(target):
                values.setdefault(name, []).extend(sources)
    pending, seen = list(feeding), set[int]()
    while pending:
        node = pending.pop(0)
        if id(node) in seen:
            continue
        seen.add(id(node))
        text = "{{ " + _written(node) + " }}"
        names = {name.name for name in node.find_all(nodes.Name) if name.ctx == "load"}
        if isinstance(node, nodes.Name):
            names.add(node.name)
        for name in sorted(names):
            wrapped = {
                f"{{% for {_written(loop.target)} in {_written(loop.iter)} %}}": loop.iter
                for loop in loops.get(name, ())
            }
            for opening, iterated in wrapped.items():
                text = opening + text + "{% endfor %}"
                pending.append(iterated)
            pending += [value for value in values.get(name, ()) if value not in pending]
        yield text


def _written(node: nodes.Node) -> str:  # noqa: PLR0911, PLR0912  # One case per kind of node.
    """Return an expression written back as Jinja reads it (`_Unwritten`: not one)."""
    if isinstance(node, nodes.Const):
        return repr(node.value)
    if isinstance(node, (nodes.Name, nodes.NSRef)):
        return node.name
    if isinstance(node, nodes.Getattr):
        return f"{_written(node.node)}.{node.attr}"
    if isinstance(node, nodes.Getitem):
        return f"{_written(node.node)}[{_written(node.arg)}]"
    if isinstance(node, nodes.Slice):
        parts = (node.start, node.stop, node.step)
        return ":".join("" if part is None else _written(part) for part in parts)
    if isinstance(node, (nodes.Call, nodes.Filter, nodes.Test)):
        arguments = [
            *(_written(arg) for arg in node.args),
            *(f"{kw.key}={_written(kw.value)}" for kw in node.kwargs),
            *([f"*{_written(node.dyn_args)}"] if node.dyn_args is not None else []),
            *([f"**{_written(node.dyn_kwargs)}"] if node.dyn_kwargs is not None else []),
        ]
        given = "(" + ", ".join(arguments) + ")"
        if isinstance(node, nodes.Call):
            return f"{_written(node.node)}{given}"
        if node.node is None:
            raise _Unwritten  # A `{% filter %}` block's.
        verb = "|" if isinstance(node, nodes.Filter) else "is"
        return f"({_written(node.node)} {verb} {node.name}{given})"
    if isinstance(node, nodes.BinExpr):
        return f"({_written(node.left)} {node.operator} {_written(node.right)})"
    if isinstance(node, nodes.UnaryExpr):
        return f"({node.operator} {_written(node.node)})"
    if isinstance(node, nodes.Compare):
        ops = "".join(f" {_COMPARED[op.op]} {_written(op.expr)}" for op in node.ops)
        return f"({_written(node.expr)}{ops})"
    if isinstance(node, nodes.CondExpr):
        otherwise = f" else {_written(node.expr2)}" if node.expr2 is not None else ""
        return f"({_written(node.expr1)} if {_written(node.test)}{otherwise})"
    if isinstance(node, nodes.List):
        return "[" + ", ".join(_written(item) for item in node.items) + "]"
    if isinstance(node, nodes.Tuple):
        return "(" + "".join(_written(item) + ", " for item in node.items) + ")"
    if isinstance(node, nodes.Dict):
        pairs = (f"{_written(pair.key)}: {_written(pair.value)}" for pair in node.items)
        return "{" + ", ".join(pairs) + "}"
    if isinstance(node, nodes.Concat):
        return "(" + " ~ ".join(_written(item) for item in node.nodes) + ")"
    raise _Unwritten


def raising_templates(
    config: Any, tainted: frozenset[str] = frozenset(), integers: frozenset[str] = frozenset()
) -> list[str]:
    """Return the templates in `config` (any configuration value) that can raise.

    `tainted`: the names an earlier step of the run set from the house's
    states; `integers`: those of them that are whole numbers.
    """
    return [text for text in _templates(config) if can_raise(text, tainted, integers)]


def _reads_house(node: nodes.Node) -> bool:
    """Return True if what `node` gives, or does, may depend on the house's states.

    A reader (`HOUSE_READERS`), `states.light`, a name set from one
    (`_tainted`), or a function Home MCP does not know (a macro, which may
    read anything).
    """
    tainted = _TAINTED.get()
    for found in (node, *node.find_all((nodes.Name, nodes.Call, nodes.Filter, nodes.Test))):
        if isinstance(found, nodes.Name) and (found.name == "states" or found.name in tainted):
            return True
        if isinstance(found, (nodes.Filter, nodes.Test)) and (
            found.name in HOUSE_READERS or _applies_a_reader(found)
        ):
            return True
        if isinstance(found, nodes.Call) and isinstance(found.node, nodes.Name):
            name = found.node.name
            if name in HOUSE_READERS or name not in _KNOWN:
                return True
    return False


_APPLIED_AT: Final = {"select": 0, "reject": 0, "map": 0, "selectattr": 1, "rejectattr": 1}
"""Where the filters that apply a test or filter to each item take its name."""


def _applies_a_reader(node: nodes.Filter | nodes.Test) -> bool:
    """Return True for a filter that applies a reader named as text to each item.

    `select('is_state', 'on')`, `map('states')`, `selectattr('entity_id',
    'is_state', 'on')`: Home Assistant runs the test or filter the text
    names (`map(lower)`, a name, is a variable: read as one).
    """
    position = _APPLIED_AT.get(node.name)
    if position is None or len(node.args) <= position:
        return False
    named = node.args[position]
    # A name given by a variable set from the house is that variable's read (`_TAINTED`).
    return isinstance(named, nodes.Const) and named.value in HOUSE_READERS


def _safe(node: nodes.Node) -> bool:  # noqa: PLR0911, PLR0912  # One case per kind of node.
    """Return True if no state of the house makes `node` raise as it renders."""
    if isinstance(node, (nodes.TemplateData, nodes.Const, nodes.Name)):
        return True
    if not _reads_house(node):
        return True  # It renders, or fails, the same whatever the house holds.
    if isinstance(node, (nodes.Output, nodes.Concat)):
        return all(_safe(child) for child in node.nodes)
    if isinstance(node, (nodes.List, nodes.Tuple)):
        return all(_safe(child) for child in node.items)
    if isinstance(node, nodes.Dict):
        return all(_safe(pair.key) and _safe(pair.value) for pair in node.items)
    if isinstance(node, (nodes.And, nodes.Or)):
        return _safe(node.left) and _safe(node.right)
    if isinstance(node, nodes.Not):
        return _safe(node.node)
    if isinstance(node, (nodes.CondExpr, nodes.If)):
        for parts, known in _branches(node):
            with _knowing(known):
                if not all(_safe(part) for part in parts):
                    return False
        return True
    if isinstance(node, nodes.Assign):
        return _safe(node.node)
    if isinstance(node, nodes.AssignBlock):
        return all(_safe(child) for child in node.body)
    if isinstance(node, nodes.For):
        return (
            _iterable(node.iter)
            and (node.test is None or _safe(node.test))
            and all(_safe(child) for child in (*node.body, *node.else_))
        )
    if isinstance(node, (nodes.Getattr, nodes.Getitem)):
        return _lookup(node)
    if isinstance(node, nodes.Compare):
        return _compare(node)
    if isinstance(node, nodes.Test):
        return (
            node.name in SAFE_TESTS
            and _safe(node.node)
            and _args_safe(node)
            and (node.name not in REGEX_TESTS or _pattern_fixed(node.args, node.kwargs))
        )
    if isinstance(node, nodes.Filter):
        return _filter(node)
    if isinstance(node, nodes.Call):
        return _call(node)
    if isinstance(node, (nodes.BinExpr, nodes.UnaryExpr)):
        return _arithmetic(node)
    if isinstance(node, (nodes.Continue, nodes.Break)):
        return True
    if isinstance(node, nodes.ExprStmt):
        return _safe(node.node)
    return False  # A macro, an import, a block: not known to be safe.


def _args_safe(node: nodes.Filter | nodes.Test | nodes.Call) -> bool:
    return all(_safe(arg) for arg in node.args) and all(_safe(kw.value) for kw in node.kwargs)


def _defaulted(node: nodes.Filter | nodes.Call, name: str, offset: int) -> bool:
    """Return True if a forgiving filter or function is given its `default`."""
    position = FORGIVING[name]
    return any(kw.key == "default" for kw in node.kwargs) or (
        position >= 0 and len(node.args) > position + offset
    )


def _filter(node: nodes.Filter) -> bool:
    if _listing(node):  # `selectattr`, `map(attribute=...)` on a list.
        return True
    if not _args_safe(node):
        return False
    if node.name in _SEQUENCES and node.node is not None:
        return _iterable(node.node) or (node.name in ("length", "count") and _text(node.node))
    if node.node is not None and not _safe(node.node):
        return False
    if node.name in _ON_TEXT and node.node is not None and not _given_text(node.node):
        return False
    if node.name in REGEX_FILTERS and not _pattern_fixed(node.args, node.kwargs):
        return False
    if node.name in SAFE_FILTERS:
        return True
    if node.name == "abs":  # Of a number, a number.
        return node.node is not None and _number(node.node)
    if node.name in _EXTREMES:
        return _extremes(node) is not None
    if node.name in FORGIVING and node.node is not None:
        return _converts(node, node.name, node.node, _defaulted(node, node.name, 0))
    return False


def _converts(
    node: nodes.Filter | nodes.Call, name: str, value: nodes.Node, defaulted: bool
) -> bool:
    """Return True if forgiving `name` never raises on `value` (`defaulted`: given a default).

    A number converted, or rounded, is a number: `(x | float(0) * 2) |
    round(1)`. Made whole, or a time, it must be a finite one (`_finite`):
    `int` raises on infinity, default or not, and on nan without one (but
    gives its default for a text's "inf": a state is text, an attribute
    need not be: a water heater's temperature may be infinite); `round` to
    a whole raises on infinity, text or number, and on nan without a
    default; `as_datetime` on what is too large.
    """
    if name == "int":
        return _finite(value) or (
            defaulted
            and not _number(value)
            and (_state(value) or _finite_value(value, Bound.NO_INFINITY))
        )
    if name == "round" and _whole_round(node, 0 if isinstance(node, nodes.Filter) else 1):
        return _finite(value) or (defaulted and _finite_value(value, Bound.NO_INFINITY))
    if name in _ON_FINITE:
        return defaulted and _finite_value(value)
    return defaulted or (name in _CONVERSIONS and _number(value))


def _whole_round(node: nodes.Filter | nodes.Call, offset: int) -> bool:
    """Return True for a `round` that makes its value a whole number on the way (`int`, `ceil`).

    To no decimal (`round`, `round(0)`), or by `floor`, `ceil`, `half`, or
    by what is not written out.
    """
    given: dict[str, nodes.Node] = dict(
        zip(("precision", "method"), node.args[offset:], strict=False)
    )
    given |= {str(kw.key): kw.value for kw in node.kwargs}
    precision, method = given.get("precision"), given.get("method")
    return not (
        isinstance(precision, nodes.Const)
        and precision.value != 0
        and (method is None or (isinstance(method, nodes.Const) and method.value == "common"))
    )


def _given_text(node: nodes.Node) -> bool:
    """Return True if `node` is text, or what it is no state of the house decides."""
    return _text(node) or not _reads_house(node)


def _call(node: nodes.Call) -> bool:
    if not _args_safe(node):
        return False
    if isinstance(node.node, nodes.Name):
        name = node.node.name
        if name in _ON_TEXT and node.args and not _given_text(node.args[0]):
            return False
        if name in SAFE_FUNCTIONS:
            return True
        if name in _EXTREMES:
            return _extremes(node) is not None
        if name in FORGIVING:  # Its first argument is the value.
            defaulted = _defaulted(node, name, 1)
            return defaulted if not node.args else _converts(node, name, node.args[0], defaulted)
        return False
    if isinstance(node.node, nodes.Getattr):
        # A method of text (`states('x').split(',')`), or of the time (`now().strftime`).
        owner = node.node.node
        return _text(owner) or (
            isinstance(owner, nodes.Call)
            and isinstance(owner.node, nodes.Name)
            and owner.node.name in ("now", "utcnow")
        )
    return False


def _lookup(node: nodes.Getattr | nodes.Getitem) -> bool:
    """Return True for a lookup that cannot fail: one level into anything, or a chain from a root."""
    inner = node.node
    if isinstance(node, nodes.Getitem) and not _safe(node.arg):
        return False
    if not isinstance(inner, (nodes.Getattr, nodes.Getitem)):
        return _safe(inner)  # Looking into a value once: what is not there is undefined.
    root: nodes.Node = inner
    while isinstance(root, (nodes.Getattr, nodes.Getitem)):
        if isinstance(root, nodes.Getitem) and not _safe(root.arg):
            return False
        root = root.node
    return isinstance(root, nodes.Name) and root.name in _ROOTS


def _compare(node: nodes.Compare) -> bool:
    """Return True for a comparison that cannot raise: equality, or like with like."""
    operands = [node.expr, *(op.expr for op in node.ops)]
    if not all(_safe(operand) for operand in operands):
        return False
    left = node.expr
    for op in node.ops:
        if op.op in ("eq", "ne"):
            pass
        elif op.op in ("in", "notin"):
            if not (isinstance(op.expr, (nodes.List, nodes.Tuple)) or _text(op.expr)):
                return False
            if _text(op.expr) and not _text(left):
                return False  # `x in 'text'` raises unless `x` is text.
        elif not ((_number(left) and _number(op.expr)) or (_text(left) and _text(op.expr))):
            return False  # `<`, `>`: text and a number, or None, raise.
        left = op.expr
    return True


def _arithmetic(node: nodes.BinExpr | nodes.UnaryExpr) -> bool:
    """Return True for arithmetic no state of the house makes raise.

    What reads the house is a number (or, joined with `+`, text), and what
    it divides by is no 0 (`_nonzero`): what does not read it is what it is
    on each run, and fails then whatever the house holds.
    """
    if isinstance(node, nodes.UnaryExpr):
        return _number(node.node) or not _reads_house(node.node)
    if isinstance(node, nodes.Pow) or not (_safe(node.left) and _safe(node.right)):
        return False
    read = [operand for operand in (node.left, node.right) if _reads_house(operand)]
    if isinstance(node, nodes.Mod) and not _number(node.left):
        return _formats(node.left, node.right)
    divisor = _divisor(node)
    if _DIVIDING.get() and divisor is not None and not _nonzero(divisor):
        return False
    if isinstance(node, nodes.Mul) and read and any(_text(x) for x in (node.left, node.right)):
        return False  # Text repeated as often as the house says: 1e20 times raises.
    return all(_number(operand) for operand in read) or (
        isinstance(node, nodes.Add) and all(_text(operand) for operand in read)
    )


def _divisor(node: nodes.Node) -> nodes.Node | None:
    """Return what `node` divides by: `/`, `//`, `%` of a number (not `'%d' % x`)."""
    if isinstance(node, (nodes.Div, nodes.FloorDiv)) or (
        isinstance(node, nodes.Mod) and _number(node.left)
    ):
        return node.right
    return None


def _nonzero(node: nodes.Node) -> bool:
    """Return True for a number no client makes 0 (`ZeroDivisionError` as a divisor).

    What no state of the house decides, a read no client makes a number
    below 1 (`Bound.NO_ZERO`: a word, a fan's step) converted with
    a default that is no 0 (`| float(1)` of a helper's "0" is 0), `x or 1`,
    a product of those.
    """
    if isinstance(node, nodes.Const):  # A default of 0 is what a word gives.
        return bool(node.value != 0)
    if not _reads_house(node) or _key(node) in _NONZERO.get():
        return True
    if isinstance(node, (nodes.Call, nodes.Filter)) and (items := _extremes(node)) is not None:
        return all(_nonzero(item) for item in items) or (
            _named(node) == "max"
            and any(
                isinstance(item, nodes.Const) and _number(item) and item.value > 0 for item in items
            )
        )
    if isinstance(node, nodes.Or):  # `x or 1`: x when x is no 0, else 1.
        return _nonzero(node.right)
    if isinstance(node, nodes.And):
        return _nonzero(node.left) and _nonzero(node.right)
    if isinstance(node, nodes.Mul):  # 5e-324 is no 0, but halved it is.
        return (
            _nonzero(node.left)
            and _nonzero(node.right)
            and (_at_least_one(node.left) or _at_least_one(node.right))
        )
    if isinstance(node, (nodes.Neg, nodes.Pos)):
        return _nonzero(node.node)
    if (converted := _converted(node)) is None:
        return False
    value, defaults = converted
    return Bound.NO_ZERO in _bound(value) and all(_nonzero(default) for default in defaults)


def _at_least_one(node: nodes.Node) -> bool:
    """Return True for a number never between -1 and 1 (0 excepted): no division by it overflows.

    A number written out so, a whole number that is no 0 (`_nonzero`), the
    larger of such a number and anything, a read no client makes a number
    below 1 (`Bound.NO_ZERO`), a product of those. Not what only a test or
    `x or 1` keeps from 0: a client may set a helper to 5e-324, and 8
    divided by it is infinite.
    """
    if isinstance(node, nodes.Const):
        return _number(node) and abs(node.value) >= 1
    if isinstance(node, (nodes.Neg, nodes.Pos)):
        return _at_least_one(node.node)
    if isinstance(node, nodes.Mul):
        return _at_least_one(node.left) and _at_least_one(node.right)
    if isinstance(node, (nodes.Call, nodes.Filter)) and (items := _extremes(node)) is not None:
        if _named(node) == "max":
            return any(isinstance(item, nodes.Const) and _at_least_one(item) for item in items)
        return all(_at_least_one(item) for item in items)
    if _integer(node):
        return _nonzero(node)
    if not isinstance(node, (nodes.Filter, nodes.Call)) or not _reads_house(node):
        return False
    if (converted := _converted(node)) is None:
        return False
    value, defaults = converted
    return Bound.NO_ZERO in _bound(value) and all(_at_least_one(d) for d in defaults)


def _converted(node: nodes.Node) -> tuple[nodes.Node, list[nodes.Node]] | None:
    """Return what a conversion (`x | float(1)`, `int(x, 1)`) converts and its defaults."""
    if isinstance(node, nodes.Filter) and node.name in _CONVERSIONS and node.node is not None:
        return node.node, _defaults(node, node.name, 0)
    if (
        isinstance(node, nodes.Call)
        and isinstance(node.node, nodes.Name)
        and node.node.name in _CONVERSIONS
        and node.args
    ):
        return node.args[0], _defaults(node, node.node.name, 1)
    return None


def _extremes(node: nodes.Call | nodes.Filter) -> list[nodes.Node] | None:
    """Return the numbers `max` or `min` is given (None: not numbers only, or not those).

    `max(x, 1)`, `max([x, 1])`, `[x, 1] | max`: the largest, a number.
    """
    if _named(node) not in _EXTREMES or node.kwargs or node.dyn_args or node.dyn_kwargs:
        return None
    items: list[nodes.Node]
    if isinstance(node, nodes.Filter):
        items = [] if node.args or node.node is None else [node.node]
    else:
        items = list(node.args)
    if len(items) == 1 and isinstance(items[0], (nodes.List, nodes.Tuple)):
        items = list(items[0].items)
    elif isinstance(node, nodes.Filter) or len(items) < 2:
        return None
    if items and all(_safe(item) and _number(item) for item in items):
        return items
    return None


def _named(node: nodes.Call | nodes.Filter) -> str | None:
    """Return the name of the filter, or of the function called (None: a method, a macro's)."""
    if isinstance(node, nodes.Filter):
        return node.name
    return node.node.name if isinstance(node.node, nodes.Name) else None


def _branches(node: nodes.If | nodes.CondExpr) -> list[tuple[list[nodes.Node], frozenset[str]]]:
    """Return each part of a branch, with what is no 0 where it is taken (`_when`).

    A test, then its body where it holds; an `elif`'s, and the `else`,
    where every test before fails.
    """
    if isinstance(node, nodes.CondExpr):
        return [
            ([node.test], frozenset()),
            ([node.expr1], _when(node.test, holds=True)),
            ([node.expr2] if node.expr2 is not None else [], _when(node.test, holds=False)),
        ]
    found: list[tuple[list[nodes.Node], frozenset[str]]] = []
    known: frozenset[str] = frozenset()
    for branch in (node, *node.elif_):
        found.append(([branch.test], known))
        found.append(
            (list(branch.body), _kept(known | _when(branch.test, holds=True), branch.body))
        )
        known |= _when(branch.test, holds=False)
    found.append((list(node.else_), _kept(known, node.else_)))
    return found


def _kept(known: frozenset[str], body: list[nodes.Node]) -> frozenset[str]:
    """Return what of `known` `body` sets no name of (`{% set total = 0 %}` undoes it)."""
    stored = {
        name.name
        for child in body
        for name in child.find_all(nodes.Name)
        if name.ctx in ("store", "param")
    } | {space.name for child in body for space in child.find_all(nodes.NSRef)}
    return frozenset(
        key for key in known if not any(re.search(rf"\b{re.escape(n)}\b", key) for n in stored)
    )


_EXCLUDING_0: Final = {
    (True, "gt"): lambda c: c >= 0, (True, "gteq"): lambda c: c > 0,
    (True, "lt"): lambda c: c <= 0, (True, "lteq"): lambda c: c < 0,
    (True, "ne"): lambda c: c == 0, (True, "eq"): lambda c: c != 0,
    (False, "lteq"): lambda c: c >= 0, (False, "lt"): lambda c: c > 0,
    (False, "gteq"): lambda c: c <= 0, (False, "gt"): lambda c: c < 0,
    (False, "eq"): lambda c: c == 0,
}  # fmt: skip
"""A comparison with a number `c` that, holding or failing, leaves no 0: `x > 0` holding,
`x <= 0.1` failing (nan too fails it, and is no 0)."""
_MIRRORED: Final = {"gt": "lt", "lt": "gt", "gteq": "lteq", "lteq": "gteq"}


@contextmanager
def _knowing(known: frozenset[str]) -> Iterator[None]:
    """Judge a branch taken only when what `known` writes is no 0, as well as what was."""
    token = _NONZERO.set(_NONZERO.get() | known)
    try:
        yield
    finally:
        _NONZERO.reset(token)


def _when(test: nodes.Node, *, holds: bool) -> frozenset[str]:
    """Return what is no 0 where `test` holds (or fails): `total > 0`, `not x <= 0.1`, `x`."""
    if isinstance(test, nodes.Not):
        return _when(test.node, holds=not holds)
    if (isinstance(test, nodes.And) and holds) or (isinstance(test, nodes.Or) and not holds):
        return _when(test.left, holds=holds) | _when(test.right, holds=holds)
    if isinstance(test, nodes.Compare) and len(test.ops) == 1:
        value, op, bound = test.expr, test.ops[0].op, test.ops[0].expr
        if isinstance(value, nodes.Const):
            value, bound, op = bound, value, _MIRRORED.get(op, op)
        excludes = _EXCLUDING_0.get((holds, op))
        if excludes is not None and _number(bound) and isinstance(bound, nodes.Const):
            return _key_set(value) if excludes(bound.value) else frozenset()
        return frozenset()
    if holds and isinstance(test, (nodes.Name, nodes.Getattr, nodes.Filter, nodes.Call)):
        return _key_set(test)  # `{% if total %}`: a number that holds is no 0.
    return frozenset()


def _key_set(node: nodes.Node) -> frozenset[str]:
    return frozenset({key}) if (key := _key(node)) is not None else frozenset()


def _key(node: nodes.Node) -> str | None:
    """Return `node` as written (`_written`), to know it again (None: it cannot be)."""
    try:
        return _written(node)
    except _Unwritten:
        return None


def _defaults(node: nodes.Filter | nodes.Call, name: str, offset: int) -> list[nodes.Node]:
    """Return the `default` a forgiving filter or function is given, if any (`_defaulted`)."""
    position = FORGIVING[name] + offset
    given: list[nodes.Node] = [kw.value for kw in node.kwargs if kw.key == "default"]
    if FORGIVING[name] >= 0 and len(node.args) > position:
        given.append(node.args[position])
    return given


def _formats(text: nodes.Node, value: nodes.Node) -> bool:
    """Return True for `text % value` (printf-style) that no state of the house makes raise.

    `'%.1f' % x` raises on text, `'%d' % x` on nan or infinity too, `'%x' %
    x` on any float: written text, given a number, a finite one, a whole one.
    """
    if not _reads_house(value):
        return not _reads_house(text)
    if not (isinstance(text, nodes.Const) and isinstance(text.value, str)):
        return False
    conversions = {match.group(1) for match in _FORMATS.finditer(text.value)} - {"%"}
    if conversions <= set("eEfFgGsr"):
        return _number(value)
    if conversions <= set("diueEfFgGsr"):
        return _finite(value)
    return conversions <= set("xXocdiueEfFgGsr") and _integer(value)


def _number(node: nodes.Node) -> bool:
    """Return True for what is always a number (a safe one)."""
    if isinstance(node, nodes.Const):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, nodes.Filter):
        if node.name in ("length", "count"):
            return _filter(node)
        return (node.name in _NUMBERS or node.name in _EXTREMES or node.name == "abs") and _filter(
            node
        )
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        if node.node.name in _EXTREMES:
            return _call(node)
        return node.node.name in ("int", "float") and _call(node) and len(node.args) > 1
    if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
        if node.node.name in _NUMBERED.get()[1]:
            return True  # A namespace whose every value is a number (`_numbered`).
        return node.node.name in ("repeat", "loop") and node.attr in _NUMERIC_LOOKUPS
    if isinstance(node, nodes.Name):
        # Set by an earlier step as a whole number, or only to numbers in the template.
        return node.name in _INTEGERS.get() or node.name in _NUMBERED.get()[0]
    if isinstance(node, (nodes.BinExpr, nodes.UnaryExpr)):
        operands = [node.node] if isinstance(node, nodes.UnaryExpr) else [node.left, node.right]
        return _arithmetic(node) and all(_number(x) or not _reads_house(x) for x in operands)
    return False


def _finite(node: nodes.Node, bound: Bound = FINITE) -> bool:
    """Return True for what is always a finite number: no client makes it nan or infinite.

    A whole number (`_integer`), a number written out, one converted or
    computed from a finite value (`_finite_value`): `state_attr(speaker,
    'volume_level') | float(0) * 100`, not `states('input_text.x') | float(0)`.
    `bound`: only what no client makes infinite (`Bound.NO_INFINITY`), or nan too.
    """
    if not _number(node):
        return False
    if isinstance(node, nodes.Const):
        return math.isfinite(node.value)
    if _integer(node) or isinstance(node, (nodes.Getattr, nodes.Name)):
        return True  # `loop.index`, a whole number noted by an earlier step.
    if isinstance(node, (nodes.Filter, nodes.Call)):  # `| float(0)`, `| multiply(2)`: and what.
        given = [*node.args, *(kw.value for kw in node.kwargs)]
        if isinstance(node, nodes.Filter) and node.node is not None:
            given.append(node.node)
        return all(_finite_value(value, bound) for value in given)
    if isinstance(node, nodes.UnaryExpr):
        return _finite_value(node.node, bound)
    if isinstance(node, (nodes.Div, nodes.FloorDiv)):  # By 5e-324: infinite.
        return (
            _finite_value(node.left, bound)
            and _finite_value(node.right, bound)
            and (_at_least_one(node.right) or not _reads_house(node.right))
        )
    if isinstance(node, nodes.BinExpr):
        return _finite_value(node.left, bound) and _finite_value(node.right, bound)
    return False


def _finite_value(node: nodes.Node, bound: Bound = FINITE) -> bool:
    """Return True for a value no client makes nan or infinite (`bound`: either, or both).

    What no state of the house decides, a finite number (`_finite`), a
    read of a state or attribute so bounded (`BOUNDS`), a time's timestamp
    (`as_timestamp`: of a date, or its default), or either of two such
    (`x | default(y)`).
    """
    if not _reads_house(node) or _finite(node, bound) or bound in _bound(node):
        return True
    if isinstance(node, nodes.Filter) and node.name in ("as_timestamp", "default", "d"):
        given = [*node.args, *(kw.value for kw in node.kwargs)]
        if node.name != "as_timestamp" and node.node is not None:
            given.append(node.node)  # `x | default(y)`: either.
    elif isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        if node.node.name != "as_timestamp":
            return False
        given = [*node.args[1:], *(kw.value for kw in node.kwargs)]
    else:
        return False
    return all(_finite_value(default, bound) for default in given)


def _read(node: nodes.Node) -> tuple[str, str] | None:
    """Return the entity and the state or attribute a read written out reads.

    `states('light.x')`, `state_attr('media_player.x', 'volume_level')`,
    `'light.x' | state_attr('brightness')`, `states.light.x.state`,
    `states.light.x.attributes.brightness`: of an entity written out.
    """
    entity: nodes.Node | None = None
    read: nodes.Node | None = None
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        if node.node.name == "states" and len(node.args) == 1:
            entity, read = node.args[0], nodes.Const("state")
        elif node.node.name == "state_attr" and len(node.args) == 2:
            entity, read = node.args
    elif isinstance(node, nodes.Filter) and node.name == "state_attr" and len(node.args) == 1:
        entity, read = node.node, node.args[0]
    elif isinstance(node, nodes.Getattr):
        path: list[str] = []
        root: nodes.Node = node
        while isinstance(root, nodes.Getattr):
            path.insert(0, root.attr)
            root = root.node
        if isinstance(root, nodes.Name) and root.name == "states":
            if len(path) == 3 and path[2] == "state":
                entity, read = nodes.Const(f"{path[0]}.{path[1]}"), nodes.Const("state")
            elif len(path) == 4 and path[2] == "attributes":
                entity, read = nodes.Const(f"{path[0]}.{path[1]}"), nodes.Const(path[3])
    if not (isinstance(entity, nodes.Const) and isinstance(read, nodes.Const)):
        return None
    if not (isinstance(entity.value, str) and isinstance(read.value, str)):
        return None
    return entity.value, read.value


def _bound(node: nodes.Node) -> Bound:
    """Return what no client makes a read written out (`BOUNDS`; none for what is not one)."""
    if (read := _read(node)) is None:
        return Bound(0)
    return BOUNDS.get(read[0].partition(".")[0], {}).get(read[1], Bound(0))


def _state(node: nodes.Node) -> bool:
    """Return True for a state, which is text, or what Home Assistant parsed from text.

    `states('x')`, `.state` of a state object (a name: a loop over
    `states.light`; or one looked up by its entity id: `states.x.y.state`),
    a name an earlier step of the run set (`_RENDERED`): what it rendered
    stays text ("inf", "1e999") unless it is digits, which a state's 255
    characters at most keep finite.
    """
    if _text(node) or (isinstance(node, nodes.Name) and node.name in _RENDERED.get()):
        return True
    if not (isinstance(node, nodes.Getattr) and node.attr == "state"):
        return False
    owner = node.node
    return isinstance(owner, nodes.Name) or (
        isinstance(owner, nodes.Getattr)
        and isinstance(owner.node, nodes.Getattr)
        and isinstance(owner.node.node, nodes.Name)
        and owner.node.node.name == "states"
    )


def _integer(node: nodes.Node) -> bool:
    """Return True for what is always a whole number, rendered as one (`integer`).

    `int` given a default, `round` to no decimal, a length, and sums and
    products of those; `/`, `float` and most other filters give a float.
    """
    if isinstance(node, nodes.Const):
        return isinstance(node.value, int) and not isinstance(node.value, bool)
    if isinstance(node, nodes.Filter):
        precision = [*node.args[:1], *(kw.value for kw in node.kwargs if kw.key == "precision")]
        whole = node.name in ("int", "length", "count") or (
            node.name == "round"
            and all(isinstance(given, nodes.Const) and given.value == 0 for given in precision)
        )
        return whole and _number(node)
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        return node.node.name == "int" and _number(node)
    if isinstance(node, nodes.Name):
        return node.name in _INTEGERS.get()
    if isinstance(node, (nodes.Add, nodes.Sub, nodes.Mul, nodes.FloorDiv, nodes.Mod)):
        return _integer(node.left) and _integer(node.right)
    if isinstance(node, (nodes.Neg, nodes.Pos)):
        return _integer(node.node)
    return False


def _text(node: nodes.Node) -> bool:
    """Return True for what is always text (a safe one)."""
    if isinstance(node, nodes.Const):
        return isinstance(node.value, str)
    if isinstance(node, nodes.Concat):
        return _safe(node)
    if isinstance(node, nodes.Add):  # Text joined to text, or a failure the house does not decide.
        return _arithmetic(node) and all(
            _text(x) or not _reads_house(x) for x in (node.left, node.right)
        )
    if isinstance(node, nodes.Filter):
        return node.name in _TEXTS and _filter(node)
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        return node.node.name == "states" and _call(node)
    return False


def _iterable(node: nodes.Node) -> bool:
    """Return True for what a `for` can always loop over: a list (`_listing`), or text."""
    return _listing(node) or _text(node)


def _listing(node: nodes.Node) -> bool:
    """Return True for what is always a list: literal, the house's states, a selection of them."""
    if isinstance(node, (nodes.List, nodes.Tuple)):
        return _safe(node)
    if _states_listing(node) or _text_listing(node):
        return True
    if isinstance(node, nodes.Name):
        return node.name in _LISTED.get()[0]  # Set only to lists (`_listed`).
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        return node.node.name in _LISTS and _call(node)
    if isinstance(node, nodes.Filter) and node.node is not None and _iterable(node.node):
        if node.name in ("select", "reject", "selectattr", "rejectattr"):
            return _selects(node)
        if node.name == "map":  # `map(attribute='name')`, not a filter applied to each.
            return not node.args and all(kw.key == "attribute" for kw in node.kwargs)
        return node.name in ("list", "unique", "reverse") and _args_safe(node)
    return False


STATE_TEXTS: Final = frozenset({"entity_id", "domain", "object_id", "name", "state"})
"""What every state of the house has as text: a list of them sorts (`_text_listing`). The
name is the entity's, or its object id's words."""


def _states_listing(node: nodes.Node) -> bool:
    """Return True for what is always a list of the house's states.

    `states`, `states.light`, `expand(...)`, and what selects from them or
    sorts them by what each has as text (`STATE_TEXTS`).
    """
    if isinstance(node, nodes.Name):
        return _house_states(node)
    if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
        return _house_states(node.node)  # `states.light`
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name):
        return node.node.name == "expand" and _call(node)
    if not isinstance(node, nodes.Filter) or node.node is None:
        return False
    if node.name == "expand":
        return _filter_args_safe(node)
    if not _states_listing(node.node):
        return False
    if node.name in ("select", "reject", "selectattr", "rejectattr"):
        return _selects(node)
    if node.name == "sort":
        return _sorts(node, by_attribute=True)
    return node.name in ("list", "reverse") and _args_safe(node)


def _house_states(node: nodes.Name) -> bool:
    """Return True for `states` as Home Assistant gives it: not a name the template sets."""
    return node.name == "states" and "states" not in _STORED.get()


def _text_listing(node: nodes.Node) -> bool:
    """Return True for what is always a list of text: it sorts, and each item is text.

    What each of a list of states has as text (`map(attribute='name')` of
    `expand(...)`, `STATE_TEXTS`), a literal list of text, and what selects
    from, sorts or keeps apart those.
    """
    if isinstance(node, (nodes.List, nodes.Tuple)):
        return all(isinstance(i, nodes.Const) and isinstance(i.value, str) for i in node.items)
    if isinstance(node, nodes.Name):
        return node.name in _LISTED.get()[1]  # Set only to lists of text (`_listed`).
    if not isinstance(node, nodes.Filter) or node.node is None:
        return False
    if node.name == "map":
        return (
            _states_listing(node.node)
            and not node.args
            and len(node.kwargs) == 1
            and node.kwargs[0].key == "attribute"
            and isinstance(node.kwargs[0].value, nodes.Const)
            and node.kwargs[0].value.value in STATE_TEXTS
        )
    if not _text_listing(node.node):
        return False
    if node.name in ("select", "reject"):
        return _selects(node)
    if node.name == "sort":
        return _sorts(node, by_attribute=False)
    return node.name in ("list", "unique", "reverse") and _args_safe(node)


def _filter_args_safe(node: nodes.Filter) -> bool:
    """Return True for a filter whose value and arguments render whatever the house holds."""
    return node.node is not None and _safe(node.node) and _args_safe(node)


def _selects(node: nodes.Filter) -> bool:
    """Return True for a `select` or `selectattr` applying a test that never raises."""
    at = 1 if node.name.endswith("attr") else 0
    test = node.args[at] if len(node.args) > at else None
    return (
        _args_safe(node)
        and (test is None or (isinstance(test, nodes.Const) and test.value in SAFE_TESTS))
        and (
            test is None
            or test.value not in REGEX_TESTS
            or _pattern_fixed(node.args[at + 1 :], node.kwargs)
        )
    )


REGEX_TESTS: Final = frozenset({"match", "search"})
"""Tests that compile their argument as a regular expression."""
REGEX_FILTERS: Final = frozenset(
    {"regex_match", "regex_search", "regex_replace", "regex_findall", "regex_findall_index"}
)
"""Filters that compile their first argument as a regular expression."""


def _pattern_fixed(
    args: Sequence[nodes.Node], kwargs: Sequence[nodes.Keyword | nodes.Pair] = ()
) -> bool:
    """Return True for a regular expression no state of the house writes: it compiles or not.

    Given first, or by its name (`find`, as Home Assistant's regular
    expression filters and tests call it). One read from a helper may be any
    text (`Hall (`), which does not compile.
    """
    found = [*args[:1], *(kw.value for kw in kwargs if kw.key == "find")]
    return not any(_reads_house(pattern) for pattern in found)


def _sorts(node: nodes.Filter, *, by_attribute: bool) -> bool:
    """Return True for a `sort` that compares only text: by what each state has as text.

    Of states, by `attribute=` one of `STATE_TEXTS` (`by_attribute`); of
    text, by nothing. `reverse` and `case_sensitive` are given constants.
    """
    given = {str(kw.key): kw.value for kw in node.kwargs}
    if node.args or node.dyn_args is not None or node.dyn_kwargs is not None:
        return False
    attribute = given.pop("attribute", None)
    if not all(isinstance(value, nodes.Const) for value in given.values()):
        return False
    if not set(given) <= {"reverse", "case_sensitive"}:
        return False
    if by_attribute:
        return isinstance(attribute, nodes.Const) and attribute.value in STATE_TEXTS
    return attribute is None
