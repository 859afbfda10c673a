"""How the gate reads a template's text: as Jinja's own lexer tokenizes it.

`jinja_text` writes a template back with its string literals decoded and
joined, so `reads.Reads` can find the entities it names with plain
patterns; `reads_computed_entity` tells when a state-reading function reads
an entity that is only known when the template runs (then the template
reads everything). Nothing here knows Home Assistant's house.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
import functools
import re
from typing import Final

from jinja2 import Environment, TemplateSyntaxError, nodes
from jinja2.lexer import Token

_JOINS: Final = frozenset({"tilde", "add", "mod"})
"""Operators before or after a literal that build other text with it."""
_BUILDS: Final = _JOINS | {"lbracket", "dot"}
"""Tokens after a literal that build other text from it (a slice, a method)."""
_BUILDING_NAMES: Final = frozenset({"join", "format", "replace"})
_READERS: Final = frozenset(
    {
        "states", "is_state", "state_attr", "is_state_attr", "has_value", "expand",
        "state_translated", "state_attr_translated", "closest", "distance",
        "area_entities", "area_devices", "device_entities", "label_entities",
        "floor_entities", "floor_areas", "integration_entities",
    }
)  # fmt: skip
"""Template functions (and filters) whose first argument names what they read."""
_LOOKUPS: Final = frozenset(
    {"area_entities", "device_entities", "label_entities", "floor_entities", "integration_entities"}
)
"""Registry lookups returning entity ids, which `reads.py` reads from a literal argument."""
_EVERY_ARGUMENT: Final = frozenset({"expand"})
"""Readers every argument of which names entities (`expand('group.a', which)`); the
others name one first (`closest` and `distance` read only locations, which no
client sets)."""
_REGISTRY_ONLY: Final = _LOOKUPS | {"area_devices", "floor_areas"}
"""Readers that read the registries alone: what they return is ids, no state."""
_APPLYING: Final = frozenset({"select", "reject", "selectattr", "rejectattr", "map"})
"""Filters that apply a test or a filter named by a string to every item."""
_OWN_ENTITY: Final = (("trigger", "entity_id"), ("this", "entity_id"))
"""`trigger.entity_id`, `this.entity_id`: what the trigger or the entity itself is."""
_ENVIRONMENT: Final = Environment()
_LEXER: Final = _ENVIRONMENT.lexer
"""Jinja's lexer with Home Assistant's delimiters (the defaults)."""


def jinja_text(
    text: str, known: Mapping[str, tuple[str, ...]] | None = None
) -> tuple[str, list[str], frozenset[str], frozenset[str]]:
    """Return a template's text as Jinja reads it (`_jinja_text`), tokenized once per text."""
    named = tuple(sorted((name, tuple(ids)) for name, ids in (known or {}).items()))
    out, literals, built, exact = _jinja_text(text, named)
    return out, list(literals), built, exact


@functools.lru_cache(maxsize=8192)
def _jinja_text(
    text: str, known_items: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[str, tuple[str, ...], frozenset[str], frozenset[str]]:
    r"""Return a template's text as Jinja reads it, for the patterns of `reads.py`.

    Jinja decodes escapes in string literals (`'input_boolean\\x2ehall'` is
    `input_boolean.hall`) and joins literals written side by side (`'lock.fr'
    'ont_door'`); its comments never run. So the template is tokenized with
    Jinja's own lexer and written back with each run of literals as one
    plainly quoted string, tokens apart; the literals are returned too, and
    those the template builds text from (a literal next to `~`, `+`, `%`,
    followed by `[` or a method, or piped to `join`, `format` or `replace`;
    a literal handed to a reader whose argument is built is read as every
    entity anyway: `reads_computed_entity`). Text
    Jinja cannot tokenize is returned as it is (it does not render either).

    `known_items`: variables the run holds entity ids in (`bindings.Bindings.
    entity_names`), as (name, ids) pairs; one the template does not set
    itself names those entities, which are written out as literals.
    """
    try:
        tokens = _tokens(text)
    except TemplateSyntaxError:
        return text, (), frozenset(), frozenset()
    named = _unshadowed(text, tokens, dict(known_items))
    looped = _literal_loops(text, tokens) | _named_loops(text, tokens, frozenset(named))
    if reads_computed_entity(tokens, frozenset(named) | looped) and not reads_named_entities(
        text, frozenset(named), looped
    ):
        # What it reads is only known when it runs: a bare `states` says so.
        text += " {{ states }}"
        tokens = _tokens(text)
    if entity_ids := sorted({entity_id for ids in named.values() for entity_id in ids}):
        text += " {{ " + " ".join(f"'{entity_id}'," for entity_id in entity_ids) + " }}"
        tokens = _tokens(text)
    out: list[str] = []
    literals: list[str] = []
    built: set[str] = set()
    literal: list[str] = []
    joined = False
    previous = ""
    start = 0
    for index, token in enumerate(tokens):
        if token.type == "string":
            joined = joined or (not literal and previous in _JOINS)
            start = index if not literal else start
            literal.append(str(token.value))
            continue
        if literal and not joined and _left_out(tokens, start, index):
            out.append(_quoted(""))  # Named only to be left out: never read.
            literal = []
        if literal:
            literals.append("".join(literal))
            if joined or token.type in _BUILDS or _builds_with(tokens, index):
                built.add(literals[-1])
            out.append(_quoted(literals[-1]))
            literal, joined = [], False
        previous = token.type
        out.append(str(token.value) if token.type == "data" else f" {token.value} ")
    if literal:
        literals.append("".join(literal))
        if joined:
            built.add(literals[-1])
        out.append(_quoted(literals[-1]))
    exact, elsewhere = _read_whole(tokens)
    return "".join(out), tuple(literals), frozenset(built), frozenset(exact - elsewhere)


_LEAVING_OUT: Final = {"rejectattr": {"eq", "==", "equalto"}, "selectattr": {"ne", "!="}}
"""Entity filters and the tests by which they drop the entity a literal names."""


def _left_out(tokens: list[Token], start: int, end: int) -> bool:
    """Return True if the literal `tokens[start:end]` names an entity only to leave it out.

    `rejectattr('entity_id', 'eq', 'binary_sensor.alert')` keeps every item
    but that entity: what it iterates is read, the entity it drops is not
    (nothing of it reaches the result). `selectattr('entity_id', 'eq', ...)`
    keeps it, and reads it.
    """
    if start < 7 or end >= len(tokens) or tokens[end].type != "rparen":
        return False
    name, lparen, attribute, comma, test, comma_2 = tokens[start - 6 : start]
    return (
        name.type == "name"
        and tokens[start - 7].type == "pipe"
        and lparen.type == "lparen"
        and (attribute.type, attribute.value) == ("string", "entity_id")
        and comma.type == comma_2.type == "comma"
        and test.type == "string"
        and test.value in _LEAVING_OUT.get(str(name.value), ())
    )


_ENTITY_READERS: Final = frozenset(
    {"states", "is_state", "state_attr", "is_state_attr", "has_value", "state_translated",
     "state_attr_translated", "expand"}
)  # fmt: skip
"""Template functions whose first argument is one entity's id, read as that entity alone
(`expand`: with its members, whatever they become: a group's members changing rebuilds the index)."""


def _read_whole(tokens: list[Token]) -> tuple[set[str], set[str]]:
    """Return the literals given whole as the entity a state reader reads, and the others."""
    exact: set[str] = set()
    elsewhere: set[str] = set()
    index = 0
    while index < len(tokens):
        if tokens[index].type != "string":
            index += 1
            continue
        start = index
        while index < len(tokens) and tokens[index].type == "string":
            index += 1
        value = "".join(str(token.value) for token in tokens[start:index])
        reader = tokens[start - 2] if start >= 2 else None
        whole = (
            reader is not None
            and tokens[start - 1].type == "lparen"
            and reader.type == "name"
            and reader.value in _ENTITY_READERS
            and (start < 3 or tokens[start - 3].type != "dot")
            and index < len(tokens)
            and tokens[index].type in ("comma", "rparen")
        )
        (exact if whole else elsewhere).add(value)
    return exact, elsewhere


_TIGHTER_BEFORE: Final = frozenset({"add", "sub", "mul", "div", "floordiv", "mod", "pow"})
_TIGHTER_AFTER: Final = _TIGHTER_BEFORE | {"pipe", "dot", "lbracket", "lparen"}
"""Tokens beside an operand that bind it tighter than `~` does (Jinja's `parse_concat`)."""
_CALLED: Final = frozenset({"name", "rparen", "rbracket", "string"})
"""Tokens after which `(` opens a call's arguments, not a parenthesized expression."""


def _tokens(text: str) -> list[Token]:
    """Return the template's tokens, each text Jinja computes from literals alone folded."""
    return list(_lexed(text))


@functools.lru_cache(maxsize=1024)
def _lexed(text: str) -> tuple[Token, ...]:
    """Return `_tokens`, read once per text: a custom macro's file is read at each call of it."""
    return tuple(_folded(list(_LEXER.tokenize(text))))


def _folded(tokens: list[Token]) -> list[Token]:
    """Return `tokens` with literals joined by `~` written as one, and needless parentheses gone.

    `'binary_sensor.arm_' ~ 'night' ~ '_ready'` is the text
    `'binary_sensor.arm_night_ready'` whenever it renders, as `('night')` is
    `'night'` and `(this.entity_id)` is `this.entity_id` (a macro's
    parameter given them, `with_macros`): what reads it reads that entity.
    Only where `~` takes the literals themselves: in `'a' ~ 'b' | upper` and
    `x * 'a' ~ 'b'` something else applies to one of them first (Jinja's
    precedence).
    """
    index = 0
    while index + 2 < len(tokens):
        first, middle, last = tokens[index : index + 3]
        before = tokens[index - 1].type if index else ""
        after = tokens[index + 3] if index + 3 < len(tokens) else None
        if (
            first.type == "lparen"
            and before not in _CALLED
            and (end := _operand_end(tokens, index + 1))
        ):
            tokens[index : end + 1] = tokens[index + 1 : end]
        elif (
            first.type == "string"
            and middle.type == "tilde"
            and last.type == "string"
            and before not in _TIGHTER_BEFORE
            and (after is None or after.type not in _TIGHTER_AFTER)
            and not (after is not None and after.type == "name" and after.value == "is")
        ):
            tokens[index : index + 3] = [
                Token(first.lineno, "string", f"{first.value}{last.value}")
            ]
        else:
            index += 1
            continue
        index = max(index - 2, 0)  # What was folded may fold again with its neighbours.
    return tokens


def _operand_end(tokens: list[Token], start: int) -> int | None:
    """Return where `)` closes a literal or a dotted name starting at `start` (None: other)."""
    if tokens[start].type == "string":
        end = start + 1
    else:
        end = start
        while (
            end + 1 < len(tokens) and tokens[end].type == "name" and tokens[end + 1].type == "dot"
        ):
            end += 2
        if tokens[end].type != "name":
            return None
        end += 1
    return end if end < len(tokens) and tokens[end].type == "rparen" else None


def _builds_with(tokens: list[Token], index: int) -> bool:
    """Return True if the token at `index` pipes what is before it to `join`, `format`, `replace`."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return (
        tokens[index].type == "pipe"
        and following is not None
        and following.type == "name"
        and following.value in _BUILDING_NAMES
    )


@functools.lru_cache(maxsize=1024)
def _parsed(text: str) -> nodes.Template | None:
    """Return the template's syntax tree, parsed once (None: Jinja cannot parse it)."""
    try:
        return _ENVIRONMENT.parse(text)
    except TemplateSyntaxError:
        return None


_INLINED_AT_MOST: Final = 64
"""Macro calls read in one template before each imported file is read whole instead."""
_UNBOUND: Final = "home_mcp_unbound_"
"""Prefix renaming a macro's parameter whose value the call does not say as text."""
_OWN_MACRO_NAMES: Final = frozenset({"caller", "varargs", "kwargs"})


@dataclass(frozen=True, slots=True)
class _Macro:
    """A macro of a custom template: its parameters and its body's tokens.

    defaults: parameter -> the tokens of its default, when a literal.
    stored: the names its body sets (`set`, `for`, a nested macro's).
    odd: it takes more than its parameters (`caller()`, `varargs`, `kwargs`).
    """

    params: tuple[str, ...]
    defaults: Mapping[str, tuple[Token, ...]]
    body: tuple[Token, ...]
    stored: frozenset[str]
    odd: bool


@dataclass(frozen=True, slots=True)
class _File:
    """A custom template file's top-level macros and the text around them."""

    macros: Mapping[str, _Macro]
    rest: str


def with_macros(text: str, sources: Mapping[str, str] | None) -> tuple[str, bool]:
    """Return `text` followed by what each custom template macro it calls renders from.

    `{% from 'alarm.jinja' import ready %}{{ ready('night') }}`: Home
    Assistant renders the body of `ready` with `mode` being `'night'`, so
    that body is written after the text with each parameter replaced by the
    call's argument (`'binary_sensor.arm_' ~ ('night')` names one entity),
    however deep the calls go (the macro's own imports, the other macros of
    its file), with the text of each imported file outside any macro (what
    importing it runs, what it sets at the top). A parameter the call leaves to a default that is not a
    literal, or that the body sets again, is renamed to a value the gate does
    not know (what reads it reads everything). A file imported as a whole
    (`import 'x.jinja' as x`, `include`), or a macro used otherwise than
    called, or called more often than `_INLINED_AT_MOST`, is written whole,
    every macro of it. True: an import names a file that cannot be found, or
    is named by an expression (it may read anything).
    """
    if "import" not in text and "include" not in text:
        return text, False
    parts, anything = [text], False
    whole: set[str] = set()
    rests: set[str] = set()
    pending: list[tuple[str, str | None]] = [(text, None)]
    budget = _INLINED_AT_MOST
    while pending:
        part, own = pending.pop()
        callable_, files, unnamed = _imports(part)
        anything = anything or unnamed
        if own is not None and sources is not None and (mine := _file(sources.get(own, ""))):
            for name in mine.macros:
                callable_.setdefault(name, (own, name))
        try:
            tokens = _tokens(part)
        except TemplateSyntaxError:
            continue  # It does not render.
        for alias, (name, macro_name) in sorted(callable_.items()):
            found = _file(sources.get(name, "")) if sources is not None else None
            if sources is None or name not in sources:
                anything = True
                continue
            macro = found.macros.get(macro_name) if found is not None else None
            calls = _calls(tokens, alias)
            if found is None or macro is None or macro.odd or calls is None or len(calls) > budget:
                files.add(name)
                continue
            budget -= len(calls)
            if name not in rests:  # Importing it runs its top level.
                rests.add(name)
                parts.append(found.rest)
                pending.append((found.rest, None))
            for arguments in calls:
                if (body := _inlined(macro, arguments)) is None:
                    files.add(name)
                    break
                parts.append(body)
                pending.append((body, name))
        for name in sorted(files - whole):
            whole.add(name)
            if sources is None or (source := sources.get(name)) is None:
                anything = True
                continue
            parts.append(source)
            pending.append((source, None))
    return "\n".join(parts), anything


def _imports(text: str) -> tuple[dict[str, tuple[str, str]], set[str], bool]:
    """Return what `text` imports: macro alias -> (file, macro); files imported whole; unnamed."""
    names: dict[str, tuple[str, str]] = {}
    files: set[str] = set()
    if "import" not in text and "include" not in text:
        return names, files, False
    if (body := _parsed(text)) is None:
        return names, files, False
    unnamed = False
    for node in body.find_all((nodes.FromImport, nodes.Import, nodes.Include)):
        named = getattr(node, "template", None)
        if not (isinstance(named, nodes.Const) and isinstance(named.value, str)):
            unnamed = True
        elif isinstance(node, nodes.FromImport):
            for item in node.names:
                macro, alias = item if isinstance(item, tuple) else (item, item)
                if alias in names and names[alias] != (named.value, macro):
                    files.update((named.value, names[alias][0]))  # Two of one name: read both.
                names[alias] = (named.value, macro)
        else:
            files.add(named.value)
    return names, files, unnamed


@functools.lru_cache(maxsize=256)
def _file(source: str) -> _File | None:
    """Return a custom template's top-level macros (None: Jinja cannot read it)."""
    if not source or (body := _parsed(source)) is None:
        return None
    try:
        tokens = _tokens(source)
    except TemplateSyntaxError:
        return None
    defined = [node for node in body.body if isinstance(node, nodes.Macro)]
    bodies, rest = _macro_bodies(tokens)
    if len(bodies) != len(defined) or len({node.name for node in defined}) != len(defined):
        return None  # Macros nested in blocks, or one name twice: read the file whole.
    macros: dict[str, _Macro] = {}
    for node, (name, tokens_of) in zip(defined, bodies, strict=True):
        if node.name != name:
            return None
        params = tuple(arg.name for arg in node.args)
        defaults: dict[str, tuple[Token, ...]] = {}
        for param, default in zip(
            params[len(params) - len(node.defaults) :], node.defaults, strict=True
        ):
            if isinstance(default, nodes.Const) and (literal := _literal(default.value)):
                defaults[param] = literal
        inner = [child for statement in node.body for child in statement.find_all(nodes.Name)]
        macros[name] = _Macro(
            params,
            defaults,
            tokens_of,
            frozenset(child.name for child in inner if child.ctx in ("store", "param")),
            any(child.name in _OWN_MACRO_NAMES for child in inner),
        )
    return _File(macros, _written(rest))


def _literal(value: object) -> tuple[Token, ...] | None:
    """Return the tokens of a literal default (text, a number, true, false, none)."""
    if isinstance(value, str):
        return (Token(0, "string", value),)
    if value is None or isinstance(value, bool):
        return (Token(0, "name", str(value).lower()),)
    if isinstance(value, int | float):
        return (Token(0, "integer" if isinstance(value, int) else "float", str(value)),)
    return None


def _macro_bodies(tokens: list[Token]) -> tuple[list[tuple[str, tuple[Token, ...]]], list[Token]]:
    """Return each top-level macro's name and body tokens, and the tokens outside them."""
    bodies: list[tuple[str, tuple[Token, ...]]] = []
    rest: list[Token] = []
    index = 0
    while index < len(tokens):
        if not _opens(tokens, index, "macro"):
            rest.append(tokens[index])
            index += 1
            continue
        name = str(tokens[index + 2].value)
        start = next(
            (at + 1 for at in range(index, len(tokens)) if tokens[at].type == "block_end"),
            len(tokens),
        )
        depth, end = 1, start
        while end < len(tokens):
            if _opens(tokens, end, "macro"):
                depth += 1
            elif _opens(tokens, end, "endmacro"):
                depth -= 1
                if depth == 0:
                    break
            end += 1
        bodies.append((name, tuple(tokens[start:end])))
        index = next(
            (at + 1 for at in range(end, len(tokens)) if tokens[at].type == "block_end"),
            len(tokens),
        )
    return bodies, rest


def _opens(tokens: list[Token], index: int, keyword: str) -> bool:
    """Return True if a `{% keyword` statement starts at `index`."""
    return (
        tokens[index].type == "block_begin"
        and index + 1 < len(tokens)
        and tokens[index + 1].type == "name"
        and tokens[index + 1].value == keyword
    )


def _calls(tokens: list[Token], alias: str) -> list[list[list[Token]]] | None:
    """Return the arguments of each call of `alias` (None: it is used otherwise than called)."""
    calls: list[list[list[Token]]] = []
    statement = ""
    for index, token in enumerate(tokens):
        if token.type == "block_begin" and index + 1 < len(tokens):
            statement = str(tokens[index + 1].value)
        elif token.type == "block_end":
            statement = ""
        if token.type != "name" or token.value != alias or statement in ("from", "import"):
            continue
        if index and tokens[index - 1].type == "dot":
            continue  # An attribute of something else (`x.alias`).
        if index + 1 >= len(tokens) or tokens[index + 1].type != "lparen":
            return None  # The macro as a value: what it is given is not known.
        arguments: list[list[Token]] = [[]]
        depth = 0
        for inner in tokens[index + 2 :]:
            if inner.type in ("lparen", "lbracket", "lbrace"):
                depth += 1
            elif inner.type in ("rparen", "rbracket", "rbrace"):
                if depth == 0:
                    break
                depth -= 1
            elif inner.type == "comma" and depth == 0:
                arguments.append([])
                continue
            arguments[-1].append(inner)
        if arguments[-1] == []:
            arguments.pop()  # `m()`, or a trailing comma.
        if any(not argument or argument[0].type in ("mul", "pow") for argument in arguments):
            return None
        calls.append(arguments)
    return calls


def _inlined(macro: _Macro, arguments: list[list[Token]]) -> str | None:
    """Return the macro's body as this call renders it (None: the call does not fit)."""
    given: dict[str, list[Token]] = {}
    named = False
    for position, argument in enumerate(arguments):
        if len(argument) > 2 and argument[0].type == "name" and argument[1].type == "assign":
            given[str(argument[0].value)] = argument[2:]
            named = True
        elif named or position >= len(macro.params):
            return None  # A positional argument after a named one, or one too many.
        else:
            given[macro.params[position]] = argument
    if not set(given) <= set(macro.params):
        return None
    values: dict[str, list[Token]] = {}
    for param in macro.params:
        if param in macro.stored:
            continue
        if param in given:
            values[param] = [Token(0, "lparen", "("), *given[param], Token(0, "rparen", ")")]
        elif param in macro.defaults:
            values[param] = list(macro.defaults[param])
    out: list[Token] = []
    depth = 0
    for index, token in enumerate(macro.body):
        if token.type in ("lparen", "lbracket", "lbrace"):
            depth += 1
        elif token.type in ("rparen", "rbracket", "rbrace"):
            depth -= 1
        following = macro.body[index + 1] if index + 1 < len(macro.body) else None
        if (
            token.type != "name"
            or token.value not in macro.params
            or (index and _names_no_variable(macro.body[:index]))
            or (depth > 0 and following is not None and following.type == "assign")
        ):
            out.append(token)
        elif token.value in values:
            out.extend(values[str(token.value)])
        else:
            out.append(Token(token.lineno, "name", f"{_UNBOUND}{token.value}"))
    return _written(out)


def _names_no_variable(before: list[Token] | tuple[Token, ...]) -> bool:
    """Return True if the name after `before` is an attribute, a filter or a test, no variable.

    `x.title`, `text | title`, `x is title` (a macro's `title` parameter is
    none of them).
    """
    last = before[-1]
    if last.type in ("dot", "pipe"):
        return True
    if last.type == "name" and last.value == "not" and len(before) > 1:
        last = before[-2]
    return last.type == "name" and last.value == "is"


def _written(tokens: list[Token] | tuple[Token, ...]) -> str:
    """Return template text from its tokens (literals quoted, as `jinja_text` writes them)."""
    return "".join(
        _quoted(str(token.value))
        if token.type == "string"
        else str(token.value)
        if token.type == "data"
        else f" {token.value} "
        for token in tokens
    )


def _texts(node: nodes.Node) -> bool:
    """Return True for a literal text, or a list or tuple of literal texts only."""
    if isinstance(node, nodes.Const):
        return isinstance(node.value, str)
    return isinstance(node, (nodes.List, nodes.Tuple)) and all(
        isinstance(item, nodes.Const) and isinstance(item.value, str) for item in node.items
    )


def _literal_loops(text: str, tokens: list[Token]) -> frozenset[str]:
    """Return the names only ever given literals: by a `{% for %}` over them, or a `{% set %}`.

    `{% for e in ['sensor.a', 'sensor.b'] %}{{ state_attr(e, 'x') }}`
    reads those two sensors: the literals are in the text, read as such. So
    does `{% if a %}{% set e = 'sensor.a' %}{% else %}{% set e =
    ['sensor.b'] %}{% endif %}{{ expand(e) }}`, each `set` of it a literal
    text or a list of them. A name set anywhere from anything else (a
    state, an attribute, a sum) is not.
    """
    if not any(token.type == "name" and token.value in ("for", "set") for token in tokens):
        return frozenset()
    if (body := _parsed(text)) is None:
        return frozenset()
    looped: dict[str, int] = {}  # Name -> the loops over literals, or sets of them, that bind it.
    for loop in body.find_all(nodes.For):
        if loop.recursive:
            continue  # Its items are also what `loop(…)` gives it: anything.
        if isinstance(loop.target, nodes.Name) and isinstance(loop.iter, (nodes.List, nodes.Tuple)):
            if _texts(loop.iter) and not isinstance(loop.iter, nodes.Const):
                looped[loop.target.name] = looped.get(loop.target.name, 0) + 1
    for assign in body.find_all(nodes.Assign):
        if isinstance(assign.target, nodes.Name) and _texts(assign.node):
            looped[assign.target.name] = looped.get(assign.target.name, 0) + 1
    stored: dict[str, int] = {}  # Name -> every place it is set (a loop, `set`, `with`).
    for name in body.find_all(nodes.Name):
        if name.ctx in ("store", "param"):
            stored[name.name] = stored.get(name.name, 0) + 1
    return frozenset(name for name, loops in looped.items() if stored.get(name) == loops) - _params(
        body
    )


def _named_loops(text: str, tokens: list[Token], named: frozenset[str]) -> frozenset[str]:
    """Return the names only ever given the items of a variable the run holds entity ids in.

    `{% for zone in zones %}{{ state_attr(zone, 'radius') }}` where the run's
    `zones` is `['zone.near_home']`: that zone, written out as `named`'s are.
    """
    if not named or not any(token.type == "name" and token.value == "for" for token in tokens):
        return frozenset()
    if (body := _parsed(text)) is None:
        return frozenset()
    looped: dict[str, int] = {}
    for loop in body.find_all(nodes.For):
        if (
            isinstance(loop.target, nodes.Name)
            and isinstance(loop.iter, nodes.Name)
            and loop.iter.name in named
            and not loop.recursive  # `loop(…)` gives its items too: anything.
        ):
            looped[loop.target.name] = looped.get(loop.target.name, 0) + 1
    stored: dict[str, int] = {}
    for name in body.find_all(nodes.Name):
        if name.ctx in ("store", "param"):
            stored[name.name] = stored.get(name.name, 0) + 1
    return frozenset(name for name, loops in looped.items() if stored.get(name) == loops)


def _params(body: nodes.Template) -> set[str]:
    """Return the names macros take as parameters."""
    return {name.name for macro in body.find_all(nodes.Macro) for name in macro.args}


def _unshadowed(
    text: str, tokens: list[Token], known: Mapping[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    """Return the `known` variables the template uses and never sets (`set`, `for`, a macro)."""
    names = {str(token.value) for token in tokens if token.type == "name"}
    used = {key for key in known if key.partition(".")[0] in names}
    if not used:
        return {}
    if (body := _parsed(text)) is None:
        return {}
    stored = {node.name for node in body.find_all(nodes.Name) if node.ctx in ("store", "param")}
    return {key: known[key] for key in sorted(used) if key.partition(".")[0] not in stored}


def reads_computed_entity(tokens: list[Token], named: frozenset[str] = frozenset()) -> bool:
    """Return True if a state-reading function reads an entity computed as it runs.

    `states(states('input_text.which'))`, `state_attr(names[0], 'x')`,
    `expand(group_name)`, `states[which]`, `which | states`, `which is
    is_state('on')`: the entity is a value, not text the gate can read. So
    is every item a reader is applied to by name (`names |
    select('is_state', 'on')`, `map('states')`) and whatever a reader used
    as a value is given to (`{% set check = is_state %}`, `apply(is_state,
    …)`). A string literal (what the patterns of `reads.py` read) and the
    trigger's or the entity's own id are not computed, nor a variable in
    `named` (one the run holds entity ids in). A registry lookup of a
    computed name (`area_entities(room)`) reads no state: its ids are read
    only by a reader given them (`expand(area_entities(room))`, `select('is_state')`,
    a loop's `is_state(e, 'on')`), itself computed.
    """
    for index, token in enumerate(tokens):
        if token.type == "string" and token.value in _READERS:
            if _argument_of(tokens, index) in _APPLYING and not _applied_to_lookup(tokens, index):
                return True
            continue
        if token.type != "name" or token.value not in _READERS:
            continue
        before = tokens[index - 1].type if index else ""
        after = tokens[index + 1].type if index + 1 < len(tokens) else ""
        if before == "dot":
            continue  # An attribute (`states.lock.x.state`), not the function.
        if (test := _tested(tokens, index)) is not None:
            argument = _subject(tokens, test)
        elif before == "pipe":  # A filter's subject is its first argument.
            argument = _subject(tokens, index - 1)
        elif after == "lparen" and token.value in _EVERY_ARGUMENT:
            arguments = _arguments(tokens, index + 2)
            if not all(_static(argument, named) for argument in arguments):
                return True
            continue
        elif after == "lparen" or (after == "lbracket" and token.value == "states"):
            argument = _first_argument(tokens, index + 2)
        elif token.value == "states":
            continue  # `states.lock.x`, or the bare `states` that reads everything.
        else:
            return True  # The function as a value: what it is given is not known.
        if not _static(argument, named) and token.value not in _REGISTRY_ONLY:
            return True  # A lookup's ids are read only by a reader they are given to.
    return False


_PARSER: Final = Environment(extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"])
"""Jinja's parser with the statements Home Assistant's templates may use (`break`, `do`)."""
_KEEPING: Final = frozenset(
    {"list", "sort", "unique", "select", "reject", "selectattr", "rejectattr", "first", "last"}
)
"""Filters whose result holds only items of what they are given: entity ids stay those ids."""
_LISTS: Final = _KEEPING - {"first", "last"} | {"map", "expand"}
"""Filters whose result is a list (`+` on it joins lists, never texts)."""
_WHOLE_ID: Final = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")
_DOMAIN_START: Final = re.compile(r"[a-z0-9_]+\.")
_AREAS: Final = frozenset({"area_devices", "floor_areas"})
"""Registry lookups returning devices or areas."""
_MEMBERLESS: Final = frozenset({"scene", "script", "automation"})
"""Domains whose `entity_id` attribute the house's derivations leave out (`wiring.derivations`)."""


@functools.lru_cache(maxsize=1024)
def reads_named_entities(text: str, named: frozenset[str], looped: frozenset[str]) -> bool:
    """Return True if every state-reading function of `text` reads what the text itself names.

    Read on Jinja's syntax tree, where `reads_computed_entity` saw an entity
    computed as it runs: `expand(device_entities('a05c…')) | rejectattr(…) |
    map(attribute='entity_id') | select('has_value')` reads the device's
    entities (`reads.py` reads them from the lookup's literal); `{% set
    active = expand('group.scene') | selectattr('state', 'eq', 'on') |
    map(attribute='entity_id') | join %}{{ states[active] }}` one of the
    group's members or none (`_Bounds.ids`); `state_attr('scene.' ~ name,
    'icon')` a scene (the domain its literal starts). `named`: variables the
    run holds entity ids in; `looped`: names only ever given literals.
    False wherever a reader is given anything else (a state, an attribute
    but a group's `entity_id`, a macro's parameter, text built on an id), a
    reader is used as a value, or Jinja cannot parse the text.
    """
    try:
        tree = _PARSER.parse(text)
    except TemplateSyntaxError:
        return False
    return _Bounds(tree, named, looped).readers_bounded(tree)


class _Bounds:
    """What a template's expressions can be, as far as the entities they name go."""

    def __init__(self, tree: nodes.Template, named: frozenset[str], looped: frozenset[str]) -> None:
        self.named, self.looped = named, looped
        # Name -> each value the template sets it to: (the value, or what a loop
        # iterates, True; None: anything, a macro's parameter, a tuple unpacked).
        self.stores: dict[str, list[tuple[nodes.Node, bool] | None]] = {}
        handled: set[int] = set()
        for assign in tree.find_all(nodes.Assign):
            if isinstance(assign.target, nodes.Name):
                self.stores.setdefault(assign.target.name, []).append((assign.node, False))
                handled.add(id(assign.target))
        for loop in tree.find_all(nodes.For):
            if isinstance(loop.target, nodes.Name) and not loop.recursive:
                # A recursive loop's items are also what `loop(…)` gives it: anything.
                self.stores.setdefault(loop.target.name, []).append((loop.iter, True))
                handled.add(id(loop.target))
        for name in tree.find_all(nodes.Name):
            if name.ctx in ("store", "param") and id(name) not in handled:
                self.stores.setdefault(name.name, []).append(None)
        self._pending: set[tuple[str, bool]] = set()

    def _function(self, node: nodes.Node, names: frozenset[str]) -> str | None:
        """Return the function a name stands for, unless the template sets that name itself."""
        if isinstance(node, nodes.Name) and node.name in names and node.name not in self.stores:
            return node.name
        return None

    def _name(self, name: str, strict: bool) -> bool:
        """Return True if every value the template sets `name` to is `ids` (`reads`: not `strict`).

        An item of a loop over entity ids is one of them.
        """
        if name in self.named or (not strict and name in self.looped):
            return True
        values = self.stores.get(name)
        if not values or (name, strict) in self._pending:
            return False
        self._pending.add((name, strict))
        try:
            return all(
                value is not None
                and (self.ids(value[0]) if strict or value[1] else self.reads(value[0]))
                for value in values
            )
        finally:
            self._pending.discard((name, strict))

    def ids(self, node: nodes.Node) -> bool:
        """Return True if `node` is entity ids the text names, or their states: none, one, or a list.

        Each a whole id (its domain, a dot, its name) read from a literal, a
        registry lookup of literals, `states.x`, the trigger's or the entity's
        own id, or an entity's (a group's) members: joined, two of them are
        no entity id; one is itself.
        """
        if isinstance(node, nodes.Const):
            value = node.value
            return isinstance(value, str) and _WHOLE_ID.fullmatch(value.lower()) is not None
        if isinstance(node, (nodes.List, nodes.Tuple)):
            return all(self.ids(item) for item in node.items)
        if isinstance(node, nodes.Name):
            return self._name(node.name, strict=True)
        if isinstance(node, nodes.Getattr):
            return self._getattr(node)
        if isinstance(node, nodes.Getitem):
            if self._function(node.node, frozenset({"states"})):
                return self.reads(node.arg)
            if not isinstance(node.arg, nodes.Const):
                return False  # A slice, or an item or a field chosen as it runs.
            if node.arg.value == "entity_id":
                return self.ids(node.node)  # A state's id: `states['lock.x']['entity_id']`.
            # An item of a list of ids is one of them; any other field of a
            # state (`['state']`, `['attributes']`) is no id the text names.
            return isinstance(node.arg.value, int) and self.ids(node.node)
        if isinstance(node, nodes.Filter):
            return self._filter(node)
        if isinstance(node, nodes.Call):
            return self._call(node)
        if isinstance(node, nodes.CondExpr):
            return self.ids(node.expr1) and node.expr2 is not None and self.ids(node.expr2)
        if isinstance(node, nodes.Add):
            return (
                self.ids(node.left)
                and self.ids(node.right)
                and (self._list(node.left) or self._list(node.right))
            )
        return False

    def _getattr(self, node: nodes.Getattr) -> bool:
        inner = node.node
        if isinstance(inner, nodes.Name) and f"{inner.name}.{node.attr}" in self.named:
            return True
        if self._function(inner, frozenset({"states"})):
            return True  # `states.lock`: every lock (`reads.py` reads the domain).
        if isinstance(inner, nodes.Getattr) and self._function(inner.node, frozenset({"states"})):
            return True  # `states.lock.front`: that lock's state.
        if node.attr != "entity_id":
            return False
        if isinstance(inner, nodes.Name) and inner.name in ("this", "trigger"):
            return inner.name not in self.stores
        return self.ids(inner)

    def _filter(self, node: nodes.Filter) -> bool:
        if node.node is None or not self.ids(node.node):
            return False
        if node.name in _KEEPING or node.name == "expand":
            return not node.dyn_args and not node.dyn_kwargs
        if node.name == "join":  # Two ids joined have two dots: no entity's id.
            return not node.kwargs and not node.dyn_args and not node.dyn_kwargs
        if node.name == "map":  # Only `map(attribute='entity_id')`: the ids of states.
            return (
                not node.args
                and len(node.kwargs) == 1
                and node.kwargs[0].key == "attribute"
                and isinstance(node.kwargs[0].value, nodes.Const)
                and node.kwargs[0].value.value == "entity_id"
            )
        if node.name == "default":
            return all(self.ids(argument) for argument in node.args)
        return False

    def _call(self, node: nodes.Call) -> bool:
        if node.dyn_args or node.dyn_kwargs or node.kwargs:
            return False
        if self._function(node.node, _LOOKUPS):
            return bool(node.args) and all(
                isinstance(argument, nodes.Const) and isinstance(argument.value, str)
                for argument in node.args
            )
        if self._function(node.node, frozenset({"expand"})):
            return all(self.ids(argument) for argument in node.args)
        if self._function(node.node, frozenset({"state_attr"})) and len(node.args) == 2:
            entity, attribute = node.args
            return (
                isinstance(attribute, nodes.Const)
                and attribute.value == "entity_id"
                and self._has_members(entity)
            )
        return False

    def _has_members(self, node: nodes.Node) -> bool:
        """Return True for a written entity (or the entity itself) whose members the house derives."""
        if isinstance(node, nodes.Const) and isinstance(node.value, str):
            entity_id = node.value.lower()
            return (
                _WHOLE_ID.fullmatch(entity_id) is not None
                and entity_id.partition(".")[0] not in _MEMBERLESS
            )
        return (
            isinstance(node, nodes.Getattr)
            and node.attr == "entity_id"
            and isinstance(node.node, nodes.Name)
            and node.node.name == "this"
            and "this" not in self.stores
        )

    def _list(self, node: nodes.Node) -> bool:
        """Return True if `node` is certainly a list (`+` on it joins lists)."""
        if isinstance(node, (nodes.List, nodes.Tuple)):
            return True
        if isinstance(node, nodes.Filter):
            return node.name in _LISTS
        if isinstance(node, nodes.Call):
            return self._function(node.node, _LOOKUPS | {"expand"}) is not None
        return False

    def reads(self, node: nodes.Node) -> bool:
        """Return True if a reader given `node` reads what the text names.

        Entity ids (`ids`), any literal, a name only ever given literals,
        or text that starts with a domain and a dot (`'scene.' ~ name`:
        an entity of that domain, `reads.py` reading the domain).
        """
        if isinstance(node, nodes.Const) or self.ids(node):
            return True
        if isinstance(node, nodes.Name):
            return self._name(node.name, strict=False)
        if isinstance(node, nodes.CondExpr):
            return self.reads(node.expr1) and (node.expr2 is None or self.reads(node.expr2))
        first: nodes.Node = node
        while isinstance(first, (nodes.Concat, nodes.Add)):
            first = first.nodes[0] if isinstance(first, nodes.Concat) else first.left
        return (
            first is not node
            and isinstance(first, nodes.Const)
            and isinstance(first.value, str)
            and _DOMAIN_START.match(first.value.lower()) is not None
        )

    def readers_bounded(self, tree: nodes.Node) -> bool:
        """Return True if each reader in `tree` is given what `reads` accepts."""
        for node in tree.iter_child_nodes():
            if not self._reader_bounded(node) or not self.readers_bounded(node):
                return False
        return True

    def _reader_bounded(self, node: nodes.Node) -> bool:
        """Return True unless `node` hands a reader what the text does not name."""
        for child in node.iter_child_nodes():
            if self._function(child, _READERS) and not self._called_or_looked_into(node, child):
                return False  # The function as a value: what it is given is not known.
        return self._given_bounded(node)

    def _given_bounded(self, node: nodes.Node) -> bool:
        """Return True unless `node` is a reader (called, a filter, a test, applied) given more."""
        if isinstance(node, nodes.Call) and (reader := self._function(node.node, _READERS)):
            if node.dyn_args or node.dyn_kwargs or (node.kwargs and not node.args):
                return False
            if reader in _LOOKUPS or reader in _AREAS:
                return True  # It reads the registries, no state: where its ids are read, `ids`.
            if reader == "expand":
                return all(self.ids(argument) for argument in node.args)
            return not node.args or self.reads(node.args[0])
        if isinstance(node, (nodes.Filter, nodes.Test)) and node.name in _READERS:
            # A filter's or a test's name is never a variable's.
            if node.name in _LOOKUPS or node.name in _AREAS:
                return True  # As called: its ids are read where a reader is given them.
            if node.node is None:
                return False
            return self.ids(node.node) if node.name == "expand" else self.reads(node.node)
        if isinstance(node, nodes.Filter) and node.name in _APPLYING:
            applied = [a for a in node.args if isinstance(a, nodes.Const) and a.value in _READERS]
            if any(a.value in _LOOKUPS or a.value in _AREAS for a in applied):
                return False
            if applied:
                if node.name.endswith("attr"):
                    entity = node.args[0] if node.args else None
                    if not (isinstance(entity, nodes.Const) and entity.value == "entity_id"):
                        return False
                return node.node is not None and self.ids(node.node)
            return True
        if isinstance(node, nodes.Getitem) and self._function(node.node, frozenset({"states"})):
            return self.reads(node.arg)
        return True

    @staticmethod
    def _called_or_looked_into(parent: nodes.Node, child: nodes.Node) -> bool:
        """Return True if `child` (a reader's name) is the function `parent` calls, or `states.x`."""
        if isinstance(parent, nodes.Call):
            return parent.node is child
        if isinstance(parent, (nodes.Getattr, nodes.Getitem)):
            return parent.node is child and getattr(child, "name", "") == "states"
        return False


def _applied_to_lookup(tokens: list[Token], index: int) -> bool:
    """Return True if the reader named at `index` is applied to a registry lookup's entities.

    `integration_entities('nest_protect') | select('has_value')` reads the
    entities the lookup returns, which `reads.py` reads from its literal.
    """
    depth = 0
    for at in range(index - 1, 1, -1):
        kind = tokens[at].type
        if kind in ("rparen", "rbracket", "rbrace"):
            depth += 1
        elif kind in ("lparen", "lbracket", "lbrace"):
            if depth == 0:
                return tokens[at - 2].type == "pipe" and _is_lookup(tokens, at - 3)
            depth -= 1
    return False


def _is_lookup(tokens: list[Token], close: int) -> bool:
    """Return True if the `)` at `close` ends a registry lookup with literal arguments."""
    if close < 3 or tokens[close].type != "rparen":
        return False
    at = close - 1
    while at >= 0 and tokens[at].type == "string":
        at -= 1
    return (
        at < close - 1
        and tokens[at].type == "lparen"
        and at > 0
        and tokens[at - 1].type == "name"
        and tokens[at - 1].value in _LOOKUPS
        and (at < 2 or tokens[at - 2].type != "dot")
    )


def _tested(tokens: list[Token], index: int) -> int | None:
    """Return where `is` stands if the name at `index` is a test (`x is [not] is_state(…)`)."""
    at = index - 1
    if at >= 0 and tokens[at].type == "name" and tokens[at].value == "not":
        at -= 1
    if at >= 0 and tokens[at].type == "name" and tokens[at].value == "is":
        return at
    return None


def _argument_of(tokens: list[Token], index: int) -> str | None:
    """Return the name of the call whose argument (at its own depth) the token at `index` is."""
    depth = 0
    for at in range(index - 1, -1, -1):
        kind = tokens[at].type
        if kind in ("rparen", "rbracket", "rbrace"):
            depth += 1
        elif kind in ("lparen", "lbracket", "lbrace"):
            if depth == 0:
                name = tokens[at - 1] if at and kind == "lparen" else None
                return str(name.value) if name is not None and name.type == "name" else None
            depth -= 1
    return None


def _arguments(tokens: list[Token], start: int) -> list[list[Token]]:
    """Return the tokens of each argument of the call whose `(` is just before `start`."""
    arguments = [_first_argument(tokens, start)]
    index = start + len(arguments[0])
    while index < len(tokens) and tokens[index].type == "comma":
        arguments.append(_first_argument(tokens, index + 1))
        index += 1 + len(arguments[-1])
    return arguments


def _first_argument(tokens: list[Token], start: int) -> list[Token]:
    """Return the tokens of the argument starting at `start`, up to `,` `)` `]` at its depth."""
    depth = 0
    argument: list[Token] = []
    for token in tokens[start:]:
        if token.type in ("lparen", "lbracket", "lbrace"):
            depth += 1
        elif token.type in ("rparen", "rbracket", "rbrace"):
            if depth == 0:
                break
            depth -= 1
        elif token.type == "comma" and depth == 0:
            break
        argument.append(token)
    return argument


def _subject(tokens: list[Token], before: int) -> list[Token]:
    """Return the simple operand ending before `before` (a `|` or an `is`).

    Literals side by side, or a dotted name (`trigger.entity_id`); a call's
    or a subscript's result is its closing bracket alone (never static).
    """
    index = before - 1
    if index < 0:
        return []
    if tokens[index].type in ("rparen", "rbracket"):
        return [tokens[index]]
    subject: list[Token] = []
    if tokens[index].type == "string":
        while index >= 0 and tokens[index].type == "string":
            subject.insert(0, tokens[index])
            index -= 1
        return subject
    while index >= 0 and tokens[index].type == "name":
        subject.insert(0, tokens[index])
        if index == 0 or tokens[index - 1].type != "dot":
            break
        subject.insert(0, tokens[index - 1])
        index -= 2
    return subject


def _static(argument: list[Token], named: frozenset[str] = frozenset()) -> bool:
    """Return True for what names its entities as text the patterns of `reads.py` read.

    A string literal (or literals side by side), the own entity's id, or a
    domain or entity of `states` written out (`expand(states.person)` reads
    the people, `state_attr(states.sun.sun, ...)` the sun).
    """
    if argument and all(token.type == "string" for token in argument):
        return True
    names = tuple(str(token.value) for token in argument if token.type != "dot")
    dotted = all(
        token.type == ("name" if index % 2 == 0 else "dot") for index, token in enumerate(argument)
    )
    if argument and dotted and ".".join(names) in named:
        return True  # A variable (or its key) the run holds entity ids in.
    if dotted and len(names) in (2, 3) and names[0] == "states":
        return True
    if _narrowed_domain(argument):
        return True
    return len(argument) == 3 and argument[1].type == "dot" and names in _OWN_ENTITY


_NARROWING: Final = frozenset(
    {"selectattr", "rejectattr", "select", "reject", "sort", "unique", "list"}
)
"""Filters whose result holds some of what they are given, as it is."""


def _narrowed_domain(argument: list[Token]) -> bool:
    """Return True for a domain's states narrowed by filters (`states.lock | selectattr(…)`).

    What such filters keep is some of the domain's states, each as it is:
    reading them reads that domain (`expand(states.binary_sensor |
    selectattr('state', 'eq', 'on'))`), as `states.binary_sensor` alone
    does. A filter that makes other values of them (`map`) is not one.
    """
    if len(argument) < 3 or [token.type for token in argument[:3]] != ["name", "dot", "name"]:
        return False
    if argument[0].value != "states":
        return False
    index = 3
    while index < len(argument):
        if argument[index].type != "pipe" or index + 1 >= len(argument):
            return False
        name = argument[index + 1]
        if name.type != "name" or name.value not in _NARROWING:
            return False
        index += 2
        if index < len(argument) and argument[index].type == "lparen":
            depth = 0
            for at in range(index, len(argument)):
                kind = argument[at].type
                depth += kind in ("lparen", "lbracket", "lbrace")
                depth -= kind in ("rparen", "rbracket", "rbrace")
                if depth == 0:
                    index = at + 1
                    break
            else:
                return False
    return index > 3


def _quoted(value: str) -> str:
    quote = "'" if "'" not in value else '"'
    return f" {quote}{value.replace(quote, ' ')}{quote} "
