"""Which item a write is about: fresh ids for creations, checked ids for updates.

What goes wrong elsewhere when a model writes configuration: an edit whose
configuration carried another automation's inner `id` overwrote that one; an
update without an id created a silent duplicate; a placeholder id (`new`)
was reused, so each creation replaced the last. `async_resolve_key` decides
once, before anything is read or written:

- no `key` given: a creation. A fresh id is minted (an automation's or a
  scene's like the editor's, a script's from its alias, made unique); a
  configuration that carries an `id` of its own is refused, with the exact
  update to make when that id exists;
- `key` given: an update of that item, which must exist; a configuration
  whose inner `id` names another item is refused, saying which item each id
  belongs to.

Reserved words (`new`, `none`, ...) are never ids, given or minted.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Final
import uuid

from homeassistant.const import CONF_ALIAS, CONF_ID, CONF_NAME
from homeassistant.util import slugify

from .editors import ConfigError, ConfigKind

RESERVED: Final = frozenset(
    {"", "new", "none", "null", "undefined", "true", "false", "id", "default", "create"}
)
"""Placeholders a model reaches for; never the id of an item."""


class WrongItem(ConfigError):
    """A write that names the wrong item; `code` says how (`id_mismatch`, ...)."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        """Say what is wrong (`code`, `message`) and the call to make instead (`hint`)."""
        super().__init__(message)
        self.code = code
        self.hint = hint


def _mint(kind: ConfigKind, config: Mapping[str, Any], existing: Collection[str]) -> str:
    if kind is not ConfigKind.SCRIPT:
        return uuid.uuid4().hex
    title = config.get(CONF_ALIAS) or config.get(CONF_NAME)
    base = slugify(str(title)) if title else "script"
    if base in RESERVED or base == "unknown":
        base = "script"
    key, number = base, 1
    while key in existing:
        number += 1
        key = f"{base}_{number}"
    return key


def resolve_key(
    kind: ConfigKind,
    key: str | None,
    config: Mapping[str, Any],
    existing: Collection[str],
) -> tuple[str, bool]:
    """Return `(key, creating)` for a write of `config`, or raise `WrongItem`.

    `existing`: the ids (keys) of the items of `kind` already stored, and for
    scripts the object ids `script.<key>` entities already use.
    """
    inner = config.get(CONF_ID)
    if key is not None and key.strip().lower() in RESERVED:
        raise WrongItem(
            "reserved_id",
            f"{key!r} is a placeholder, not the id of a {kind}",
            f"Leave out id to create a {kind} (a fresh id is made), or pass the id of an existing one",
        )
    if key is None:
        if inner is not None:
            if str(inner) in existing:
                raise WrongItem(
                    "exists",
                    f"This configuration carries the id {inner!r} of an existing {kind}; "
                    "nothing was created",
                    f"To change that {kind}, call again with id={str(inner)!r}; to create a "
                    "new one, leave out the configuration's id",
                )
            raise WrongItem(
                "inner_id",
                f"A new {kind} gets a fresh id; this configuration carries its own ({inner!r})",
                "Leave out the configuration's id (the response gives the new one)",
            )
        return _mint(kind, config, existing), True
    if key not in existing:
        raise WrongItem(
            "not_found",
            f"There is no {kind} with the id {key!r}; nothing was written",
            f"Leave out id to create a {kind}, or list the {kind}s for their ids",
        )
    if inner is not None and str(inner) != key:
        other = "another existing" if str(inner) in existing else "no existing"
        raise WrongItem(
            "id_mismatch",
            f"id {key!r} names one {kind}, but the configuration's own id {inner!r} names "
            f"{other} {kind}; nothing was written",
            f"Call again with the configuration's id equal to {key!r}, or without it",
        )
    return key, False
