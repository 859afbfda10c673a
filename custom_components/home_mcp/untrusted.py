r"""Text from outside Home MCP, made safe once, where it enters.

Everything a request carries is untrusted bytes: header values, the JSON-RPC
body and every string in it (tool names, arguments, `clientInfo`). Before any
of it is stored (audit, confirmations), logged, put in a notification or sent
to the panel, the transport passes it through here:

- a header value that is not UTF-8 is refused (aiohttp hands it over with
  the undecodable bytes as lone surrogates, which no JSON writer, log file or
  browser accepts);
- the body must be UTF-8 JSON (a leading byte order mark is ignored, as RFC
  8259 allows), at most `MAX_JSON_DEPTH` levels deep, without the numbers
  Python reads but JSON has not (`NaN`, `Infinity`, `1e400`);
- a lone surrogate written as a JSON escape (`"\ud800"` in the JSON text)
  is replaced by U+FFFD everywhere in the message, keys included, so what
  reaches the tools is text every writer can encode.

Display text (what a client calls itself, a credential's name) is further
cleaned of control and bidirectional characters and capped by
`shaping.clean_text` when the `Caller` is built.
"""

from __future__ import annotations

from collections.abc import Iterable
import json
import math
import re
from typing import Any, Final

MAX_JSON_DEPTH: Final = 64
"""Deepest nesting of arrays and objects a message may have."""

UTF8_BOM: Final = b"\xef\xbb\xbf"
REPLACEMENT: Final = "\ufffd"

_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")


class UntrustedInputError(ValueError):
    """A request body Home MCP will not read; the message says why."""


class NotUtf8Error(UntrustedInputError):
    """The body is not UTF-8 text."""


class NotJsonError(UntrustedInputError):
    """Text Python's JSON reader accepts that is not JSON (`NaN`, `Infinity`, `1e400`)."""


class TooDeepError(UntrustedInputError):
    """The message nests arrays or objects deeper than `MAX_JSON_DEPTH`."""


def has_surrogates(text: str) -> bool:
    """Return True if `text` holds a lone surrogate (not encodable as UTF-8)."""
    return _SURROGATE.search(text) is not None


def replace_surrogates(text: str) -> str:
    """Return `text` with every lone surrogate replaced by U+FFFD."""
    return _SURROGATE.sub(REPLACEMENT, text)


def undecodable_header(headers: Iterable[tuple[str, str]]) -> str | None:
    """Return the name of the first header whose value is not UTF-8, or None.

    aiohttp decodes header bytes as UTF-8 with `surrogateescape`: a byte that
    is not UTF-8 arrives as a lone surrogate.
    """
    for name, value in headers:
        if has_surrogates(value) or has_surrogates(name):
            return replace_surrogates(name)
    return None


def parse_body(body: bytes) -> tuple[Any, bytes]:
    """Return the JSON message in `body` made safe, and the bytes to pass on.

    The bytes are `body` itself (without a byte order mark) unless it
    escapes surrogates; then they are the safe message, re-encoded. Raises `NotUtf8Error`, `TooDeepError` or `ValueError`
    (not JSON).
    """
    stripped = body.removeprefix(UTF8_BOM)
    try:
        text = stripped.decode("utf-8")
    except UnicodeDecodeError as err:
        raise NotUtf8Error(
            f"the body is not UTF-8 (invalid byte at offset {err.start}); "
            "send JSON encoded as UTF-8"
        ) from err
    try:
        message = json.loads(text, parse_constant=_not_json, parse_float=_finite)
    except RecursionError as err:
        raise TooDeepError(_too_deep()) from err
    _check_depth(message)
    # Strict UTF-8 holds no surrogates: one can only come from a `\uD8xx`-
    # `\uDFxx` escape, so text without one needs no walk over its strings.
    # (A valid pair, an emoji written as two escapes, is re-encoded as is.)
    if _SURROGATE_ESCAPE.search(text) is not None:
        safe = _without_surrogates(message)
        return safe, json.dumps(safe, ensure_ascii=False).encode()
    return message, stripped


def _not_json(constant: str) -> Any:
    """Refuse `NaN` and `Infinity`, which Python reads but JSON does not have."""
    raise NotJsonError(f"{constant} is not a JSON number")


def _finite(number: str) -> float:
    """Return a JSON number as a float, refusing one too large for a float (`1e400`)."""
    value = float(number)
    if math.isinf(value):
        raise NotJsonError(f"{number[:40]} is too large a number")
    return value


def _too_deep() -> str:
    return f"the message is nested deeper than {MAX_JSON_DEPTH} levels"


def _check_depth(message: Any) -> None:
    """Raise `TooDeepError` if arrays and objects nest deeper than `MAX_JSON_DEPTH`.

    Iterative, over containers only.
    """
    level: list[Any] = [message]
    for _ in range(MAX_JSON_DEPTH):
        level = [
            child
            for item in level
            if isinstance(item, (dict, list))
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, (dict, list))
        ]
        if not level:
            return
    raise TooDeepError(_too_deep())


def _without_surrogates(value: Any) -> Any:
    """Return `value` with every lone surrogate replaced (recursive: the depth was checked)."""
    if isinstance(value, str):
        return replace_surrogates(value)
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {replace_surrogates(key): _without_surrogates(item) for key, item in value.items()}
    return value
