"""Argument types of the tools' input models: every string bounded, ids checked.

Every string a tool takes has a maximum length, and identifiers cannot hold
control characters; an argument that breaks either fails the input model
before the tool does any work, and the client gets `invalid_arguments`
naming the field and the limit (`server.py`). Input models are strict
(`ToolInput`): `"false"` or `0` is not a boolean, `"5"` not an integer.
"""

from __future__ import annotations

from typing import Annotated, Any, Final
import unicodedata

from pydantic import AfterValidator, StringConstraints

from homeassistant.helpers.json import json_bytes

from ..untrusted import REPLACEMENT

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


def _bounded_data(value: dict[str, Any] | None) -> dict[str, Any] | None:
    if value is not None and len(json_bytes(value)) > MAX_DATA_BYTES:
        raise ValueError(f"at most {MAX_DATA_BYTES // 1024} KB of JSON")
    return value


Data = Annotated[dict[str, Any], AfterValidator(_bounded_data)]
"""Free-form JSON data (service data, template variables), at most `MAX_DATA_BYTES`."""
