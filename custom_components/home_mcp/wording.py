"""What a person is asked to approve, in words: the effect first.

Every approval text (the notification's title and message, the panel's
heading and buttons, the `home_mcp_confirmation` event) starts with a
confirmation's summary, worded here from the gate's findings:

    unlock Front Door through Welcome home → Unlock the front door; also turn on Entrance light
    — by saving automation “Let the cleaner in”, which runs at 03:00:00 every day

1. What needs the person's approval, in Home Assistant's words: the verb an
   entity's own domain uses and the names the house gives its entities
   (the effects that stop the action, the most severe first); a change that
   keeps an automation that locks, closes or arms from securing is that
   change, why, then the automation it holds ("turn on Party mode: makes a
   condition of an automation that locks, closes or arms fail (Night
   lock-up)"), never the automation as what the verb acts on;
2. how it comes about, when not directly ("through" the house's scripts,
   scenes and automations on the way, as a chain: the one the action runs
   first, each → the one it runs, as the panel shows a finding's path);
3. everything else it does, where the gate knows it ("also turn on …"): a
   script or a scene asks for all it would do, not only its guarded part;
4. for a configuration write, which write: the names a client chose (an
   alias, a name, an event type) are quoted and capped (`quoted`), and come
   last, so no name, however long or however worded, can push the effect
   out of a title or pass for it.

`Namer` decides how entities are named: the house's names for the person
(`house_names`), or, for what an MCP caller reads, only those it may see
(`exposure.Sight.name`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
import re
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util

from .const import TEXT_MAX_CHARS
from .gate import Decision, Finding
from .gate.model import SEVERITY
from .gate.rules import hold_of
from .gate.targets import is_dynamic, static
from .gate.verbs import SETTING_FIELDS, verb_words
from .shaping import clean_text

CLIENT_TEXT_MAX_CHARS: Final = 80
"""A name a client chose is cut at this length ("…") wherever a person reads it."""
ENTITY_NAME_MAX_CHARS: Final = 60
"""An entity's name in a summary is cut at this length."""
PARTS_SHOWN: Final = 3
"""Kinds of effect a summary words before "…"; as many names of each."""
ENTITY_ID: Final = re.compile(r"\b[a-z0-9_]+\.[a-z0-9_]+\b")
"""What looks like an entity id inside a text."""
_OWN_VERBS: Final = {"set_state": "set", "state": "change"}
"""Verbs whose words are not the gate's (`verbs.VERB_WORDS`) in a summary."""

_REASON_VERBS: Final = frozenset(
    {"Changes", "Disables", "Keeps", "Makes", "Removes", "Stops", "Turns"}
)
"""First words of the gate's reasons that say what a write does (`_reason`)."""
_WRITE_VERBS: Final = {"save": "change", "delete": "delete"}

_QUOTES: Final = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"'})

type Namer = Callable[[str], str]
"""Entity id -> how a text names that entity."""


def quoted(text: str, max_chars: int = CLIENT_TEXT_MAX_CHARS) -> str:
    """Return a name a client chose as a person reads it: “cleaned, capped…”.

    Its own curly quotes become straight ones, so it cannot close the quote
    and go on as if Home MCP were speaking.
    """
    return f"“{clean_text(text, max_chars).translate(_QUOTES)}”"


def house_names(hass: HomeAssistant) -> Namer:
    """Return the namer of the house's own names: each entity's name, else its id."""

    def name(entity_id: str) -> str:
        state = hass.states.get(entity_id)
        return clean_text(state.name, ENTITY_NAME_MAX_CHARS) if state else entity_id

    return name


@dataclass(frozen=True, slots=True, kw_only=True)
class Write:
    """A configuration write, as its summary names it.

    kind: `automation`, `script`, `scene` or a helper's domain.
    operation: `save` or `delete`.
    entity_id: the item's entity (its own findings are its effects, not a path).
    name: the alias or name its configuration gives (a client's text).
    when: an automation's triggers in words (`plans.describe_triggers`).
    restoring: a version the history kept, put back from the panel.
    """

    kind: str
    operation: str
    entity_id: str
    name: str | None = None
    when: Sequence[str] = ()
    restoring: bool = False

    def words(self) -> str:
        """Return "saving automation “Night”, which runs at 03:00:00 every day"."""
        doing = "restoring" if self.restoring else f"{self.operation.removesuffix('e')}ing"
        text = f"{doing} {self.kind} {quoted(self.name or self.entity_id)}"
        if self.when:
            text += ", which runs " + " or ".join(self.when)
        return text


def summarize(
    findings: Sequence[Finding],
    name: Namer,
    write: Write | None = None,
    decision: Decision | None = None,
) -> str:
    """Return what a person is asked to approve, the effect first (see the module).

    findings: the gate's findings on the action (all of them: those that
    stop it come first, the others after "also"); name: how entities are
    named; write: the configuration write the findings are about, if any;
    decision: the decision they are of, whose action's value is said where
    it sets one ("set value Guests to 0": `SETTING_FIELDS`).
    """
    own = f"{write.kind}.{write.operation}" if write is not None else None
    given = _given(decision)
    item = write.entity_id if write is not None else None
    # The most severe first; an entity's effect before what is worded by a
    # reason (which may carry a client's text: an event type).
    blocking = sorted(
        (f for f in findings if f.blocks),
        key=lambda f: (SEVERITY.index(f.risk), f.entity_id is None or f.service == own),
    )
    others: list[Finding] = []
    if blocking:
        # What it does besides: not the scripts and scenes it passes through
        # (their effects are listed), nor the item a write is about.
        passed = {entity_id for finding in findings for entity_id in finding.via}
        others = [
            f
            for f in findings
            if not f.blocks
            and f.entity_id is not None
            and f.entity_id not in passed
            and f.entity_id != item
            and f.service != own
        ]
    else:
        blocking = list(findings)
    text = _joined(_worded(blocking, name, own, given))
    through = next((via for f in blocking if (via := [e for e in _path(f) if e != item])), [])
    if through:
        chain = [name(entity_id) for entity_id in through[:PARTS_SHOWN]]
        text += " through " + " → ".join(chain + ["…"] * (len(through) > PARTS_SHOWN))
    if others:
        text += "; also " + _joined(_worded(others, name, own, given))
    if write is not None:
        text += " — by " + write.words()
    return clean_text(text, TEXT_MAX_CHARS)


def _joined(parts: list[str]) -> str:
    return "; ".join(parts[:PARTS_SHOWN]) + ("; …" if len(parts) > PARTS_SHOWN else "")


def _given(decision: Decision | None) -> tuple[str, str] | None:
    """Return (the action's name, the value it sets in words), for an action that sets one.

    `input_number.set_value` with `value: 0`: what it sets Guests to is what
    the person approves, as the service's schema reads it (`Decision.data`:
    a counter's 0.5 is set as 0). None for another action, or a value a
    template gives.
    """
    if decision is None:
        return None
    action, data = decision.action, decision.data
    field = SETTING_FIELDS.get(action.domain, {}).get(action.service)
    value: Any = static(data.get(field)) if field is not None else None
    if value is None and (action.domain, action.service) == SET_DATETIME:
        value = _date_and_time(data)
    if value is None or is_dynamic(value) or isinstance(value, (Mapping, list, bool)):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 0.0 is said as 0.
    # A number as it is; text (an option, a helper's text) is the client's: quoted,
    # with what would not show shown.
    words = str(value) if isinstance(value, (int, float)) else quoted(_visible(str(value)))
    return f"{action.domain}.{action.service}", words


SET_DATETIME: Final = ("input_datetime", "set_datetime")
"""It sets its helper from `datetime` (`SETTING_FIELDS`), `timestamp`, or `date` and `time`."""


def _date_and_time(data: Mapping[str, Any]) -> str | None:
    """Return what `input_datetime.set_datetime` sets from `timestamp`, or `date` and `time`.

    A timestamp is read in the house's time zone, as Home Assistant reads it
    (04:00 there, not the seconds since 1970). None where a template gives
    one, or none is given.
    """
    stamp = static(data.get("timestamp"))
    if stamp is not None:
        if is_dynamic(stamp) or isinstance(stamp, bool):
            return None
        try:
            moment = dt_util.as_local(dt_util.utc_from_timestamp(float(stamp)))
        except TypeError, ValueError, OverflowError, OSError:
            return None
        return moment.strftime("%Y-%m-%d %H:%M:%S")
    parts = [static(data.get(key)) for key in ("date", "time")]
    if any(is_dynamic(part) for part in parts):
        return None
    return " ".join(str(part) for part in parts if part is not None) or None


def _visible(text: str) -> str:
    """Return text a person must read exactly, with what would not show made visible.

    "night " and "night" with a zero-width space are not "night": a space at
    either end reads `␠`, and what does not print (or is cleaned away) reads
    as its code point (`⟨U+200B⟩`). Text with nothing such is returned as it is.
    """
    if text == text.strip() and clean_text(text, len(text) + 1) == text:
        return text
    shown = "".join(
        char
        if char == " " or (char.isprintable() and not char.isspace())
        else f"⟨U+{ord(char):04X}⟩"
        for char in text
    )
    stripped = shown.strip(" ")
    start = len(shown) - len(shown.lstrip(" "))
    end = len(shown) - len(shown.rstrip(" "))
    return "␠" * start + stripped + "␠" * end if stripped else "␠" * len(shown)


def _set_to(finding: Finding, given: tuple[str, str] | None, direct: bool) -> str:
    """Return " to 0" for what the action itself sets (`direct`: not set off further on)."""
    if given is None or finding.service != given[0] or not direct:
        return ""
    return f" to {given[1]}"


def _worded(
    findings: Sequence[Finding],
    name: Namer,
    own: str | None,
    given: tuple[str, str] | None = None,
) -> list[str]:
    """Return the findings in words, one part per kind of effect, in their order.

    An entity's effect is its verb and the names it acts on ("unlock Front
    Door, Back Door"); an effect on the whole action is its verb and action
    ("restart (homeassistant.restart)"); what a write does to an item
    itself ("removes Secure, which locks, closes or arms") is the gate's
    reason, entities named.
    """
    groups: dict[tuple[str, str], list[str]] = {}  # (words before, after) -> entities.
    for finding in findings:
        if (changed := _held_by(finding)) is not None:
            # What the person allows is the change, then why, then the automation it holds.
            reason = finding.reason[:1].lower() + finding.reason[1:]
            to = _set_to(finding, given, finding.via == (changed,))
            held = (f"{_verb(finding.service)} {name(changed)}{to}: {reason} (", ")")
            groups.setdefault(held, []).append(str(finding.entity_id))
        elif finding.service == own:
            groups.setdefault((_reason(finding, name, own.partition(".")[2]), ""), [])
        elif finding.entity_id is None:
            groups.setdefault((f"{_verb(finding.service)} ({finding.service})", ""), [])
        else:
            to = _set_to(finding, given, not finding.via)
            groups.setdefault((_verb(finding.service), to), []).append(finding.entity_id)
    parts = []
    for (words, after), entities in groups.items():
        if not entities:
            parts.append(words)
            continue
        unique = list(dict.fromkeys(entities))
        names = ", ".join(name(entity_id) for entity_id in unique[:PARTS_SHOWN])
        more = f" and {len(unique) - PARTS_SHOWN} more" if len(unique) > PARTS_SHOWN else ""
        if after.startswith(")"):  # The change, why, then what it holds: "… (Night lock-up)".
            parts.append(f"{words}{names}{more}{after}")
        else:  # What it sets them to, if it says: "set value Guests to 0".
            parts.append(f"{words} {names}{more}{after}")
    return parts


def _held_by(finding: Finding) -> str | None:
    """Return what a change keeping a securing automation from securing changes, if it is one.

    Such a finding names the automation it holds (`rules.HOLD_RULES`), and
    its path ends with the entity the change is made to: that is what the
    person allows ("turn on Party mode"), the automation comes after.
    """
    rule = hold_of(finding.reason)
    if rule is None or rule.on_itself or not finding.via:
        return None
    changed = finding.via[-1]
    return changed if changed != finding.entity_id else None


def _path(finding: Finding) -> tuple[str, ...]:
    """Return the scripts, scenes and automations on the way to a finding's effect."""
    return finding.via[:-1] if _held_by(finding) is not None else finding.via


def _verb(service: str) -> str:
    verb = service.partition(".")[2] or service
    return _OWN_VERBS.get(verb) or verb_words(service)


def _reason(finding: Finding, name: Namer, operation: str) -> str:
    """Return what a write does to an item itself, as a verb phrase, its entities named.

    The gate's reason when it says what the write does ("Removes
    automation.secure, which locks, closes or arms": "remove Secure, which
    …"), else the write's own verb on the item, then why ("change Open
    sesame: what it is set to can open the house").
    """
    reason = ENTITY_ID.sub(lambda found: name(found[0]), finding.reason)
    first, _, rest = reason.partition(" ")
    if first in _REASON_VERBS:
        text = f"{first.removesuffix('s').lower()} {rest}"
    else:
        doing = _WRITE_VERBS.get(operation, operation)
        named = name(finding.entity_id) if finding.entity_id is not None else "it"
        text = f"{doing} {named}: {reason[:1].lower()}{reason[1:]}"
    return clean_text(text, CLIENT_TEXT_MAX_CHARS + ENTITY_NAME_MAX_CHARS)
