"""How big a template operation's result would be, before it is computed.

The estimates and checks `template_limits.py` applies to the templates
`render_template` renders: an integer of more than `MAX_INTEGER_BITS` bits,
and text or a sequence of more than `MAX_LENGTH` characters or items, are
refused (`TemplateLimitError`) before Python computes them, from the
operands of `**`, `*`, `+` and `%` and the arguments of the methods,
filters and functions that take a size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
import math
from operator import index
import re
import struct
from typing import Any, Final

from jinja2.exceptions import SecurityError
from markupsafe import soft_str

MAX_INTEGER_BITS: Final = 10_000
"""About 3,010 decimal digits: computed in microseconds, and printable
(Python refuses to turn an integer of more than 4,300 digits into text)."""
MAX_LENGTH: Final = 1_000_000
"""Items or characters: at most a few megabytes and a millisecond. Home
Assistant's output limit (256 KiB) is far below it, so only intermediate
values (`('x' * 500000) | length`) get this long."""
MAX_JSON_INDENT: Final = 16
"""Characters `tojson` may indent a level by: its text then stays within a
small multiple of the compact JSON."""
_MAX_DIGITS: Final = math.floor(MAX_INTEGER_BITS * math.log10(2))
_UNITS: Final[tuple[tuple[type, str], ...]] = (
    (str, "characters"),
    (bytes, "bytes"),
    (bytearray, "bytes"),
    (list, "items"),
    (tuple, "items"),
)
"""What is checked, and what its length counts."""
TEXT_TYPES: Final = (str, bytes, bytearray)
DIGITS: Final = re.compile(r"\d+")
_PRINTF: Final = re.compile(
    r"[-#0 +]*(?P<width>\*|\d*)(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<conversion>.?)", re.DOTALL
)
"""A printf-style (`%`) conversion specifier after its `%` and mapping key."""


class TemplateLimitError(SecurityError):
    """An operation in a template whose result would be too big to compute."""


def check_length(operation: str, length: int, unit: str = "characters") -> None:
    """Refuse a result of `length` items or characters over `MAX_LENGTH`."""
    if length > MAX_LENGTH:
        raise TemplateLimitError(
            f"{operation} would give {length:,} {unit}; "
            f"render_template allows at most {MAX_LENGTH:,}"
        )


def unit_of(value: Any) -> str | None:
    """Return what the length of a str, bytes, list or tuple counts."""
    return next((unit for kind, unit in _UNITS if isinstance(value, kind)), None)


def checked_size(operation: str, result: Any) -> Any:
    """Return a computed result, refused when it is longer than `MAX_LENGTH`."""
    if (unit := unit_of(result)) is not None:
        check_length(operation, len(result), unit)
    return result


def parse_number(digits: str) -> int:
    """Return a run of digits as a number, at most 10**15 (far over any limit)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 15 else 10**15


def check_power(base: Any, exponent: Any) -> None:
    """Refuse `base ** exponent` when the integer it gives is too big.

    The result has `floor(exponent * log2(|base|)) + 1` bits. Floats need no
    check: they overflow at once (refused in `call_binop`), and a negative
    exponent gives a float.
    """
    if not (isinstance(base, int) and isinstance(exponent, int)) or exponent <= 0:
        return
    if abs(base) <= 1:  # 0, 1 and -1 stay that small.
        return
    # |base| >= 2 gives at least one bit per unit of exponent: checking that
    # first keeps a huge exponent out of the float arithmetic.
    if exponent > MAX_INTEGER_BITS or exponent * math.log2(abs(base)) >= MAX_INTEGER_BITS:
        raise TemplateLimitError(
            f"'**' would give a number of more than {MAX_INTEGER_BITS:,} bits "
            f"(about {_MAX_DIGITS:,} digits), the limit in render_template"
        )


def check_product(left: Any, right: Any) -> None:
    """Refuse `left * right` when the integer or the repetition it gives is too big."""
    if isinstance(left, int) and isinstance(right, int):
        # The product has the sum of their bit lengths, or one bit less.
        if left and right and left.bit_length() + right.bit_length() - 1 > MAX_INTEGER_BITS:
            raise TemplateLimitError(
                f"'*' would give a number of more than {MAX_INTEGER_BITS:,} bits "
                f"(about {_MAX_DIGITS:,} digits), the limit in render_template"
            )
        return
    if isinstance(right, int):
        sequence, times = left, right
    elif isinstance(left, int):
        sequence, times = right, left
    else:
        return
    unit = unit_of(sequence)
    if unit is not None and (length := len(sequence) * times) > MAX_LENGTH:
        raise TemplateLimitError(
            f"'*' would repeat a {type(sequence).__name__} to {length:,} {unit}; "
            f"render_template allows at most {MAX_LENGTH:,}"
        )


def printf_length(template: str | bytes | bytearray, values: Any) -> int:
    """Return at most about how long `template % values` would be.

    Each conversion counts its width (`*` takes it from the values, as
    Python does) or the length of what it converts, whichever is larger.
    """
    if not isinstance(template, str):
        template = bytes(template).decode("latin-1")
    taken = iter(values if isinstance(values, tuple) else (values,))
    length, position = len(template), 0
    while (position := template.find("%", position) + 1) > 0:
        start, key = position - 1, None
        if template.startswith("(", position):  # A mapping key, which may nest.
            depth, end = 1, position + 1
            while depth and end < len(template):
                depth += {"(": 1, ")": -1}.get(template[end], 0)
                end += 1
            key, position = template[position + 1 : end - 1], end
        spec = _PRINTF.match(template, position)
        assert spec is not None  # It matches the empty text too.
        length -= (position := spec.end()) - start  # Counted below instead.
        width, precision = (
            abs(index(next(taken, 0))) if field == "*" else parse_number(field)
            for field in (spec["width"], spec["precision"] or "")
        )
        if spec["conversion"] == "%":
            length += 1
            continue
        if key is None:
            value = next(taken, None)
        else:
            value = values.get(key) if isinstance(values, Mapping) else None
        length += max(width, _converted_length(value, precision))
    return length


def _converted_length(value: Any, precision: int) -> int:
    """Return at most how long a printf-style conversion of `value` is, but for its width."""
    if isinstance(value, TEXT_TYPES):
        return len(value)  # Precision only shortens text.
    if isinstance(value, int):  # An octal digit holds 3 bits; and a sign, or "False".
        return value.bit_length() // 3 + 5 + precision
    if isinstance(value, float):  # The digits before the point; 6 after, or an exponent.
        return len(f"{value:.0f}") + 14 + precision
    return precision  # None, or an object: short, or (a container) text of its own.


def _replaced_length(text: Any, old: Any, new: Any, count: Any = -1) -> int:
    """Return the length of `text.replace(old, new, count)`."""
    found = len(text) + 1 if not old else text.count(old)
    if (most := index(count)) >= 0:
        found = min(found, most)
    return int(len(text) + found * (len(new) - len(old)))


def _translated_length(text: Any, table: Any, *_: Any) -> int:
    """Return at most how long `text.translate(table)` would be."""
    if not isinstance(text, str) or not isinstance(table, (Mapping, list, tuple)):
        return len(text)  # bytes.translate maps a byte to a byte.
    values = table.values() if isinstance(table, Mapping) else table
    return len(text) * max([len(value) for value in values if isinstance(value, str)] + [1])


def _padded_length(text: Any, width: Any, *_: Any) -> int:
    """Return the length of `text` padded to `width`."""
    return max(len(text), index(width))


def _indented_length(s: Any, width: Any = 4, *_: Any, **__: Any) -> int:
    """Return at most how long `s | indent(width)` would be."""
    text = soft_str(s)
    indention = len(width) if isinstance(width, str) else max(index(width), 0)
    return len(text) + (text.count("\n") + 2) * indention


def _regex_replaced_length(
    value: Any = "", find: Any = "", replace: Any = "", ignorecase: Any = False
) -> int:
    r"""Return at most how long `value | regex_replace(find, replace)` would be.

    Each match becomes the replacement, whose group references (`\1`) stand
    for at most the whole match. The matches are only looked for when a
    bound without them is over the limit.
    """
    text, replace = str(value), str(replace)

    def grown(matched: int) -> int:
        return len(replace) * (max(matched, 1) if "\\" in replace else 1) - matched

    if (bound := len(text) + (len(text) + 1) * grown(len(text))) <= MAX_LENGTH:
        return bound
    matches = re.finditer(find, text, re.IGNORECASE if ignorecase else 0)
    return len(text) + sum(grown(len(match[0])) for match in matches)


def _json_indent(value: Any, indent: Any = None) -> int:
    """Refuse `tojson` indenting by more than `MAX_JSON_INDENT` characters."""
    width = 0 if indent is None else len(indent) if isinstance(indent, str) else index(indent)
    if width > MAX_JSON_INDENT:
        raise TemplateLimitError(
            f"'| tojson' would indent by {width:,} characters a level; "
            f"render_template allows at most {MAX_JSON_INDENT}"
        )
    return 0


METHOD_SIZES: Final[dict[str, Callable[..., int]]] = {
    "center": _padded_length,
    "ljust": _padded_length,
    "rjust": _padded_length,
    "zfill": _padded_length,
    "expandtabs": lambda text, tabsize=8: (
        len(text) + text.count("\t" if isinstance(text, str) else b"\t") * max(index(tabsize), 0)
    ),
    "replace": _replaced_length,
    "translate": _translated_length,
}
"""Methods of text (str, bytes, bytearray) that can lengthen it, and by how much."""
FILTER_SIZES: Final[dict[str, tuple[Callable[..., int], str]]] = {
    "center": (lambda value, width=80: _padded_length(soft_str(value), width), "characters"),
    "indent": (_indented_length, "characters"),
    "format": (
        lambda value, *args, **kwargs: printf_length(soft_str(value), kwargs or args),
        "characters",
    ),
    "replace": (
        lambda s, old, new, count=None: _replaced_length(
            soft_str(s), soft_str(old), soft_str(new), -1 if count is None else count
        ),
        "characters",
    ),
    "wordwrap": (
        lambda s, width=79, break_long_words=True, wrapstring=None, *_, **__: (
            # At most a line per character; a tab becomes up to 8 spaces.
            len(text := soft_str(s)) * (1 + len(wrapstring or "\n")) + 7 * text.count("\t")
        ),
        "characters",
    ),
    "batch": (
        lambda value, linecount, fill_with=None: 0 if fill_with is None else index(linecount),
        "items",
    ),
    "slice": (lambda value, slices, fill_with=None: index(slices), "items"),
    "regex_replace": (_regex_replaced_length, "characters"),
    "tojson": (_json_indent, "characters"),
    "pack": (lambda value, format_string: struct.calcsize(format_string), "bytes"),
}
"""Filters that take a size, how long their result would be, and in what."""
GLOBAL_SIZES: Final[dict[str, tuple[Callable[..., int], str]]] = {
    "pack": FILTER_SIZES["pack"],
    "lipsum": (lambda n=5, html=True, min=20, max=100: index(n) * index(max), "words"),
}
"""Functions that take a size, how long their result would be, and in what."""


def check_estimate(
    operation: str, size: Callable[..., int], unit: str, *args: Any, **kwargs: Any
) -> None:
    """Refuse an operation whose `size(*args, **kwargs)` is over `MAX_LENGTH`.

    Arguments the estimate cannot use are the operation's to refuse: it
    raises its own error for them.
    """
    try:
        length = size(*args, **kwargs)
    except TypeError, ValueError, AttributeError:
        return
    check_length(operation, length, unit)
