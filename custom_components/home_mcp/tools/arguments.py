"""Argument types of the tools' input models: every string bounded, ids checked.

Every string a tool takes has a maximum length, and identifiers cannot hold
control characters; an argument that breaks either fails the input model
before the tool does any work, and the client gets `invalid_arguments`
naming the field and the limit (`validate_arguments`). Input models are strict
(`ToolInput`): `"false"` or `0` is not a boolean, `"5"` not an integer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Final, get_args
import unicodedata

from pydantic import AfterValidator, BaseModel, BeforeValidator, StringConstraints, ValidationError

from homeassistant.helpers.json import json_bytes

from ..const import NAME_MAX_CHARS
from ..shaping import clean_text
from ..untrusted import REPLACEMENT
from . import Tool, ToolError, ToolInput

MAX_ID_CHARS: Final = 255
"""An entity id, a registry id, a statistic id, a configuration id."""
MAX_TEXT_CHARS: Final = 200
"""A name, an alias, a phrase, a search: what a person would type."""
MAX_DOMAIN_CHARS: Final = 64
MAX_IDS: Final = 200
"""Entries in a list of ids (targets, history)."""
MAX_DATA_BYTES: Final = 64 * 1024
"""JSON size of free-form data (service data, template variables)."""

DOMAIN_PATTERN: Final = r"^[a-z0-9_]+$"


def _no_controls(value: str) -> str:
    """Refuse control, format (zero-width, bidirectional) and replaced characters in an id.

    No id Home Assistant makes holds one, and fuzzy name matching would
    otherwise read `lock.front_door` + U+200B as the front door.
    """
    if not value.isascii() or not value.isprintable():
        for char in value:
            if char == REPLACEMENT or unicodedata.category(char) in ("Cc", "Cf", "Cs"):
                raise ValueError("control or invisible characters are not allowed")
    return value


# The checks on content are validators, not schema patterns: they guard what
# arrives, and tools/list stays what a model needs to write a call.
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT_CHARS)]
"""A name, alias, phrase or search text."""
Identifier = Annotated[
    str, StringConstraints(max_length=MAX_ID_CHARS), AfterValidator(_no_controls)
]
"""An id from Home Assistant's registries, or an id or entity id the tool resolves."""
DomainName = Annotated[str, StringConstraints(max_length=MAX_DOMAIN_CHARS, pattern=DOMAIN_PATTERN)]
"""An integration domain or an action's name (`light`, `turn_on`)."""


def _few_ids(value: list[str]) -> list[str]:
    if len(value) > MAX_IDS:
        raise ValueError(f"at most {MAX_IDS} ids")
    return value


Identifiers = Annotated[list[Identifier], AfterValidator(_few_ids)]
"""A list of at most `MAX_IDS` identifiers."""


def _listed(value: Any) -> Any:
    """Return a string of ids as the list Home Assistant reads it as (`"a, b"` is `["a", "b"]`).

    The schema says a list, one type per field; a client that sends one id
    as a string, as Home Assistant's own targets allow, is not refused for it.
    """
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


TargetIds = Annotated[Identifiers, BeforeValidator(_listed)]
"""A target's ids: a list, or (leniently) one string of comma-separated ids."""


def _bounded_data(value: dict[str, Any] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    try:
        size = len(json_bytes(value))
    except TypeError as err:  # Home Assistant's JSON writer: integers of 64 bits at most.
        raise ValueError("integers must fit in 64 bits") from err
    if size > MAX_DATA_BYTES:
        raise ValueError(f"at most {MAX_DATA_BYTES // 1024} KB of JSON")
    return value


Data = Annotated[dict[str, Any], AfterValidator(_bounded_data)]
"""Free-form JSON data (service data, template variables), at most `MAX_DATA_BYTES`."""


def validate_arguments(tool: Tool, arguments: dict[str, Any]) -> ToolInput:
    """Return `arguments` read by `tool`'s input model, or raise `invalid_arguments`.

    Unknown names are refused first, then the input model (strict types,
    the limits above) reads the rest; the error names each field and, for a
    value too long or too large, the limit.
    """
    _check_argument_names(tool, arguments)
    try:
        return tool.input_model.model_validate(arguments)
    except ValidationError as err:
        raise _invalid_arguments(tool, err) from None


def _invalid_arguments(tool: Tool, err: ValidationError) -> ToolError:
    """Return the structured error for arguments that fail the input model."""
    problems: list[dict[str, Any]] = []
    for error in err.errors(include_url=False, include_input=False)[:10]:
        where = ".".join(str(part) for part in error["loc"]) or "arguments"
        message = error["msg"].removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = "unknown argument"
        problem: dict[str, Any] = {"field": clean_text(where, NAME_MAX_CHARS), "problem": message}
        limits = error.get("ctx") or {}
        for key in ("max_length", "le", "lt"):
            if isinstance(limits.get(key), (int, float)):
                problem["limit"] = limits[key]
        problems.append(problem)
    return _invalid(tool, problems, err.error_count())


def _invalid(tool: Tool, problems: list[dict[str, Any]], count: int) -> ToolError:
    """Return `invalid_arguments` listing `problems` (of `count` in all).

    `message` lists each problem as `field: what is wrong`; `problems` has
    the same as data, with the `limit` a too-long or too-large value broke.
    """
    more = f"; and {count - len(problems)} more" if count > len(problems) else ""
    return ToolError(
        "invalid_arguments",
        f"Invalid arguments for {tool.name}: "
        + "; ".join(f"{p['field']}: {p['problem']}" for p in problems)
        + more,
        _takes(tool),
        problems=problems,
    )


def _check_argument_names(tool: Tool, arguments: dict[str, Any]) -> None:
    """Raise `invalid_arguments` for argument names `tool` does not take.

    Checked before the input model, which would build one error per unknown
    key: fifty thousand of them hold the event loop for a tenth of a second.
    Nested input models (`call_service`'s `target`) are checked the same way.
    """
    if unknown := list(_unknown_names(tool.input_model, arguments)):
        problems = [
            {"field": clean_text(name, NAME_MAX_CHARS), "problem": "unknown argument"}
            for name in unknown[:10]
        ]
        raise _invalid(tool, problems, len(unknown))


def _unknown_names(
    model: type[BaseModel], arguments: dict[str, Any], prefix: str = ""
) -> Iterator[str]:
    """Yield the dotted names in `arguments` that `model` (or a nested model) lacks."""
    fields = model.model_fields
    for name, value in arguments.items():
        if name not in fields:
            yield f"{prefix}{name}"
            continue
        if isinstance(value, dict):
            for nested in get_args(fields[name].annotation) or (fields[name].annotation,):
                if isinstance(nested, type) and issubclass(nested, BaseModel):
                    yield from _unknown_names(nested, value, f"{prefix}{name}.")


def _takes(tool: Tool) -> str:
    """Return the hint listing the arguments `tool` takes."""
    fields = sorted(tool.input_model.model_fields)
    return f"{tool.name} takes: {', '.join(fields) or 'no arguments'}"
