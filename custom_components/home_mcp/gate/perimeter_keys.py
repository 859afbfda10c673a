"""What the perimeter is keyed by: an entity, or a cause of another kind.

The perimeter (`perimeter.py`) maps what a change can set off to what that
leads to. Its keys are entity ids (`lock.front_door`: a change of that
entity sets it off), `EVERYTHING` (`*`: a change of any entity), and `Key`s:
a cause of a `KeyKind`, named. What sets off a key of each kind is the table
`KEY_RULES` (rendered into `docs/gate.md`, a scenario per row in the tests).

A `Key` is the text `kind:name`, so that it sits in the same sets and maps
as entity ids; read it back with `kind_of` and `name_of`, which also take
a key that came back from such a map as plain text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final, Self

EVERYTHING: Final = "*"
"""The key of every entity; as a `Key`'s name, any of that kind."""


class KeyKind(StrEnum):
    """The kind of a perimeter key that is not an entity."""

    DOMAIN = "domain"
    EVENT = "event"
    SERVICE = "service"
    SOURCE = "source"
    RUN = "run"
    SENTENCE = "sentence"
    MQTT = "mqtt"


@dataclass(frozen=True, slots=True)
class KeyRule:
    """What a perimeter key of a kind is named by, and what sets it off.

    name: what names one key of the kind.
    sets_off: the change, call or event that sets off what the key leads to.
    """

    name: str
    sets_off: str


KEY_RULES: Final[Mapping[KeyKind, KeyRule]] = {
    KeyKind.DOMAIN: KeyRule(
        "a domain (`states.light`, `'input_boolean.' ~ name`)",
        "a change of any entity of that domain",
    ),
    KeyKind.EVENT: KeyRule(
        "an event type (`*`: any), or `type:action`",
        "the event fired: by a script's `event:` step, or as a side effect (a phone's tap on "
        "a notification's action `action`: `footprint.TAPPED`)",
    ),
    KeyKind.SERVICE: KeyRule(
        "`domain.service`, `domain`, or `*`",
        "the action called (`call_service` event triggers, notification triggers)",
    ),
    KeyKind.SOURCE: KeyRule(
        "an integration",
        "any action of that integration, or on its entities (it may fire the event a "
        "trigger waits for: `demo_button_pressed`)",
    ),
    KeyKind.RUN: KeyRule(
        "an automation's or script's entity id, or its domain",
        "that automation or script running (`automation_triggered`, `script_started`)",
    ),
    KeyKind.SENTENCE: KeyRule(
        "a sentence, as a conversation trigger writes it",
        "text handed to Assist that matches it (`assist.py`)",
    ),
    KeyKind.MQTT: KeyRule(
        '`["<topic filter>", "<payload>"]`',
        "what Home Assistant publishes on a topic the filter matches, with that payload "
        "(`broker.py`)",
    ),
}
"""What sets off a perimeter key of each kind: the perimeter's causes as a table."""


_KINDS: Final[dict[str, KeyKind]] = {kind.value: kind for kind in KeyKind}
_SEPARATOR: Final = ":"


class Key(str):
    """A perimeter key of `kind`, named `name` (`Key(KeyKind.EVENT, "tag_scanned")`)."""

    __slots__ = ()

    def __new__(cls, kind: KeyKind, name: str = EVERYTHING) -> Self:
        """Return the key of `kind` named `name` (any of that kind by default)."""
        return str.__new__(cls, kind + _SEPARATOR + name)  # str + str: no format call.

    def __getnewargs__(self) -> tuple[KeyKind, str]:  # type: ignore[override]
        """Return what makes this key again (a copy, a pickle)."""
        kind, _, name = self.partition(_SEPARATOR)
        return KeyKind(kind), name


@lru_cache(maxsize=512)
def domain_key(domain: str) -> Key:
    """Return the key of every entity of `domain` (asked for at each key a change reaches)."""
    return Key(KeyKind.DOMAIN, domain)


ANY_TIMER: Final = domain_key("timer")
"""What a `timer.finished` trigger without a timer of its own waits for: any timer."""
ANY_EVENT: Final = Key(KeyKind.EVENT)
"""Any event: what waits for an event any change or call may fire."""
ANY_CALL: Final = Key(KeyKind.SERVICE)
"""Any action called."""


def kind_of(key: str) -> KeyKind | None:
    """Return the kind of a perimeter key; None for an entity id or `EVERYTHING`."""
    head, separator, _ = key.partition(_SEPARATOR)
    return _KINDS.get(head) if separator else None


def name_of(key: str, kind: KeyKind) -> str | None:
    """Return the name of a key of `kind`; None for a key of another kind."""
    head, separator, name = key.partition(_SEPARATOR)
    return name if separator and head == kind else None


def is_entity_key(key: str) -> bool:
    """Return True for an entity id key (not a `Key`, not `EVERYTHING`)."""
    return "." in key and _SEPARATOR not in key


def is_state_key(key: str) -> bool:
    """Return True for a key that stands for states: an entity id, a domain, `EVERYTHING`."""
    return is_entity_key(key) or key == EVERYTHING or kind_of(key) is KeyKind.DOMAIN
