"""Size limits on what the templates `render_template` renders may compute.

A worker thread cannot stop C code that holds the GIL, so one operation can
stall the event loop however the render is timed: `{{ 7 ** 10000000 }}`
computes for seconds, `{{ 'x' | center(10**9) }}` allocates a gigabyte, and
Jinja computes constant expressions while compiling, in the event loop.

`LimitedTemplateEnvironment` is Home Assistant's own `TemplateEnvironment`
(the same filters, tests, globals, extensions and loader) that refuses,
before computing it, an integer of more than `MAX_INTEGER_BITS` bits, and
text or a sequence of more than `MAX_LENGTH` characters or items: from `*`,
`+`, `%`, `~`, the methods of text that pad, replace or join, the filters
and functions that take a size, `regex_replace`, `sum`, and the rendered
text (also of a block or a macro). Other filters and calls have their
result checked, so chains of them (`| to_json | to_json ...`) cannot grow
to gigabytes either. Jinja's sandbox hooks carry the checks (`call_binop`,
`wrap_str_format`, `call`, `concat`, `code_generator_class`); every filter
takes the context, so none runs at compile time, and intercepted operators
are not folded. Not limited: nested containers that share their items
(`[[0] * 10**6] * 10**6` has a million items, its text 3 TB) and regular
expressions that backtrack for ever.

`LimitedTemplate` is Home Assistant's `Template` compiled and rendered in
that environment. Only `render_template` uses it: Home Assistant's shared
environments (in `hass.data`), their filters, its template cache and every
other template keep Home Assistant's behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from itertools import chain
import types
from typing import Any, Final, override

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, optimizeconst
from jinja2.filters import make_attrgetter
from jinja2.runtime import Context, markup_join
from jinja2.sandbox import SandboxedEscapeFormatter, SandboxedFormatter
from jinja2.utils import _PassArg, pass_context
from markupsafe import Markup, soft_str

from homeassistant.helpers.template import Template, TemplateEnvironment

from .template_sizes import (
    DIGITS,
    FILTER_SIZES,
    GLOBAL_SIZES,
    MAX_LENGTH,
    METHOD_SIZES,
    TEXT_TYPES,
    TemplateLimitError,
    check_estimate,
    check_length,
    check_power,
    check_product,
    checked_size,
    parse_number,
    printf_length,
    unit_of,
)


def _limited_method(method: Any, size: Callable[..., int] | None) -> Callable[..., Any]:
    """Return a method of text that checks the length of its result first.

    `size` is None for `join`, whose items are counted (and kept) first.
    """
    operation, owner = f"'.{method.__name__}()'", method.__self__

    @wraps(method)
    def limited(*args: Any, **kwargs: Any) -> Any:
        if size is not None:
            check_estimate(operation, size, "characters", owner, *args, **kwargs)
            return method(*args, **kwargs)
        items: list[Any] = list(*args, **kwargs)  # TypeError unless one iterable.
        length = len(owner) * max(len(items) - 1, 0)
        check_length(operation, length + sum(len(i) for i in items if isinstance(i, TEXT_TYPES)))
        return method(items)

    return limited


class _LimitedFormatter(SandboxedFormatter):
    """The sandbox's `str.format`, refusing a width or a result that is too long."""

    _length = 0

    @override
    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        """Format `format_string`, counting the length of its fields."""
        self._length = len(format_string)
        return super().vformat(format_string, args, kwargs)

    @override
    def format_field(self, value: Any, format_spec: str) -> Any:
        """Refuse a field wider (or more precise) than the limit, then format it."""
        check_length("'.format()'", max(map(parse_number, DIGITS.findall(format_spec)), default=0))
        text = super().format_field(value, format_spec)
        self._length += len(text)
        check_length("'.format()'", self._length)
        return text


class _LimitedEscapeFormatter(_LimitedFormatter, SandboxedEscapeFormatter):
    """`_LimitedFormatter` for `Markup.format`, which escapes its fields."""


def _limited_format(env: LimitedTemplateEnvironment, owner: str, name: str) -> Callable[..., str]:
    """Return `owner.format` or `owner.format_map`: the sandbox's, limited."""
    formatter = (
        _LimitedEscapeFormatter(env, escape=owner.escape)
        if isinstance(owner, Markup)
        else _LimitedFormatter(env)
    )

    def limited(*args: Any, **kwargs: Any) -> str:
        if name == "format_map":
            if kwargs or len(args) != 1:
                raise TypeError("format_map() takes exactly one argument")
            return type(owner)(formatter.vformat(owner, (), args[0]))
        return type(owner)(formatter.vformat(owner, args, kwargs))

    return limited


class _OutputBuffer(list[str]):
    """Where a `{% set %}` block, a macro or a filter block collects its text.

    It refuses text longer than `MAX_LENGTH` as it grows, before its pieces
    (each up to that long) take gigabytes together.
    """

    _length = 0

    @override
    def append(self, piece: str) -> None:
        """Add a piece of text."""
        self._length += len(piece)
        check_length("rendering", self._length)
        super().append(piece)

    @override
    def extend(self, pieces: Iterable[str]) -> None:
        """Add pieces of text."""
        for piece in pieces:
            self.append(piece)


class _LimitedCodeGenerator(CodeGenerator):
    """Jinja's code generator, with `~` and block buffers that check their length.

    Jinja compiles `~` to `jinja2.runtime.str_join` and a block's buffer to a
    list, which no environment hook reaches. Folding `~` at compile time
    stays: its constant operands come from the short source (no filter folds).
    """

    @override
    @optimizeconst
    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        """Write `~` as `environment.call_concat(context, (operands))`."""
        self.write("environment.call_concat(context, (")
        for operand in node.nodes:
            self.visit(operand, frame)
            self.write(", ")
        self.write("))")

    @override
    def buffer(self, frame: Frame) -> None:
        """Collect the text of a block or a macro in an `_OutputBuffer`."""
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.output_buffer()")


_PASSES: Final[dict[_PassArg | None, Callable[[Context], Any]]] = {
    _PassArg.context: lambda context: context,
    _PassArg.eval_context: lambda context: context.eval_ctx,
    _PassArg.environment: lambda context: context.environment,
}
"""What a filter that asks for it gets from the context."""


def _limited_filter(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """Return filter `name`, checked before (`FILTER_SIZES`) and after it runs.

    It takes the context, so Jinja never runs it at compile time, and gives
    the original what that takes.
    """
    operation = f"'| {name}'"
    size, unit = FILTER_SIZES.get(name, (None, ""))
    passes = _PASSES.get(_PassArg.from_obj(original))

    @pass_context
    def limited(context: Context, *args: Any, **kwargs: Any) -> Any:
        if size is not None:
            check_estimate(operation, size, unit, *args, **kwargs)
        if passes is not None:
            args = (passes(context), *args)
        return checked_size(operation, original(*args, **kwargs))

    return limited


def _limited_join(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """Return the `join` filter, refusing a result that is too long before joining."""

    @pass_context
    def join(context: Context, value: Iterable[Any], d: str = "", attribute: Any = None) -> Any:
        if attribute is not None:
            value = map(make_attrgetter(context.environment, attribute), value)
        # The text of each item, as join makes it, up to the limit.
        texts: list[str] = []
        separator = len(soft_str(d))
        length = -separator
        for item in value:
            texts.append(text := soft_str(item))
            length += separator + len(text)
            check_length(f"'| {name}'", length)
        return original(context.eval_ctx, texts, d)

    return join


def _limited_sum(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """Return the `sum` filter, joining lists or tuples in one go, up to the limit.

    Python's `sum` adds them one by one, copying the growing result each
    time: a thousand lists of a thousand items hold the GIL for seconds.
    """

    @pass_context
    def limited(context: Context, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
        if attribute is not None:
            iterable = map(make_attrgetter(context.environment, attribute), iterable)
        items = list(iterable)
        kind = type(start)
        if kind not in (list, tuple) or not all(isinstance(item, kind) for item in items):
            return checked_size(f"'| {name}'", original(context.environment, items, start=start))
        check_length(f"'| {name}'", len(start) + sum(map(len, items)), "items")
        return kind(chain(start, *items))

    return limited


def _limited_global(name: str, original: Any) -> Callable[..., Any]:
    """Return global function `name`, checked before it runs (`GLOBAL_SIZES`)."""
    size, unit = GLOBAL_SIZES[name]

    @wraps(original)
    def limited(*args: Any, **kwargs: Any) -> Any:
        check_estimate(f"'{name}()'", size, unit, *args, **kwargs)
        return original(*args, **kwargs)

    return limited


class LimitedTemplateEnvironment(TemplateEnvironment):
    """Home Assistant's template environment with size limits on what a template computes."""

    intercepted_binops: frozenset[str] = frozenset({"*", "**", "+", "%"})
    code_generator_class: type[CodeGenerator] = _LimitedCodeGenerator
    output_buffer = _OutputBuffer

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build Home Assistant's environment, then limit its filters.

        `filters` is this environment's own copy: Home Assistant's shared
        environments keep theirs.
        """
        super().__init__(*args, **kwargs)
        special = {"join": _limited_join, "sum": _limited_sum}
        for name, original in self.filters.items():
            self.filters[name] = special.get(name, _limited_filter)(name, original)
        for name in GLOBAL_SIZES.keys() & self.globals.keys():  # Not all when limited.
            self.globals[name] = _limited_global(name, self.globals[name])

    @override
    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """Compute an intercepted operator, or refuse a result that is too big."""
        if operator == "**":
            check_power(left, right)
        elif operator == "*":
            check_product(left, right)
        elif operator == "+" and (unit := unit_of(left)) and unit_of(right):
            check_length("'+'", len(left) + len(right), unit)
        elif operator == "%" and isinstance(left, TEXT_TYPES):
            check_estimate("'%'", printf_length, unit_of(left) or "", left, right)
        try:
            return super().call_binop(context, operator, left, right)
        except OverflowError as err:
            raise TemplateLimitError(
                f"{operator!r} would give a number too large for a float (at most about 1.8e308)"
            ) from err

    @override
    def call(self, context: Context, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Call `obj` for the template, and refuse a result that is too long."""
        result = super().call(context, obj, *args, **kwargs)
        if (unit := unit_of(result)) is not None and len(result) > MAX_LENGTH:
            # Only a function's own name: other objects (states) may make up attributes.
            functions = (types.FunctionType, types.BuiltinFunctionType, types.MethodType)
            name = obj.__name__ if isinstance(obj, functions) else type(obj).__name__
            check_length(f"'{name}()'", len(result), unit)
        return result

    @override
    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """Return a method of text that could lengthen it, checked first.

        Jinja calls this for every attribute a template looks up, to sandbox
        `str.format`; this also wraps `format_map`, `join` and the methods
        in `METHOD_SIZES`.
        """
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)):
            return None
        owner, name = value.__self__, value.__name__
        if isinstance(owner, str) and name in ("format", "format_map"):
            return _limited_format(self, owner, name)
        if isinstance(owner, TEXT_TYPES) and (name == "join" or name in METHOD_SIZES):
            return _limited_method(value, METHOD_SIZES.get(name))
        return None

    def call_concat(self, context: Context, operands: tuple[Any, ...]) -> str:
        """Compute `~`: the operands as text, joined, or refused when too long."""
        autoescape = context.eval_ctx.autoescape
        texts = [soft_str(operand) if autoescape else str(operand) for operand in operands]
        check_length("'~'", sum(map(len, texts)))
        return markup_join(texts) if autoescape else "".join(texts)

    @override
    def concat(self, pieces: Iterable[str]) -> str:
        """Join the rendered text, refused when it grows too long."""
        buffer = _OutputBuffer()
        buffer.extend(pieces)
        return "".join(buffer)


class LimitedTemplate(Template):
    """Home Assistant's `Template`, compiled and rendered with the size limits.

    `Template` takes its environment from `_env` when it compiles
    (`ensure_valid`) and when it binds the code (`_ensure_compiled`); with a
    custom `log_fn` Home Assistant itself builds a new environment there.
    This one always builds a `LimitedTemplateEnvironment`, so the template is
    compiled with the limits and never reuses code Home Assistant compiled
    (and cached) without them. Rendering is Home Assistant's (`async_render`:
    context, output limit, result parsing).
    """

    __slots__ = ()

    @property
    @override
    def _env(self) -> TemplateEnvironment:
        """Return a new limited environment for this template's settings."""
        return LimitedTemplateEnvironment(self.hass, self._limited, self._strict, self._log_fn)
