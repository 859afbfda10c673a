"""`docs/gate.md`'s rule tables, written from the tables the gate runs on.

`rules_markdown()` renders `rules.py` and `verbs.py` as Markdown; the part of
`docs/gate.md` between `BEGIN` and `END` is exactly that text (a test checks
it, `script/gate_docs` rewrites it), so the documentation cannot drift from
the code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from .footprint import CLEARED, HELPER_WRITE, TAPPED, WRITES
from .macros import CALL_FAILS, ENDINGS, ENDS, WAIT_GIVES_UP
from .perimeter_keys import EVERYTHING, KEY_RULES
from .rules import (
    ALARM_LEVELS,
    CATALOGUE_DATA,
    CATALOGUE_NOTES,
    CLASS_NOTES,
    CODE_FIELDS,
    DATA_RULE_WHEN,
    DATA_RULES,
    ENTITY_RULES,
    HELPER_WRITE_RULES,
    HOLD_RULES,
    PERIMETER_REASON,
    SERVICE_RULES,
    EntityClass,
)
from .verbs import (
    CLOSED_FIELDS,
    DEVICE_ACTION_VERBS,
    EVENT_LEFT_IN,
    GENERIC_VERBS,
    INTEGRATION_VERBS,
    LEFT_IN,
    SETTING_FIELDS,
    STATE_VERBS,
    TEMPLATE_RUN_VARIABLES,
    VALUE_FIELDS,
)

BEGIN: Final = "<!-- BEGIN generated from gate/rules.py: script/gate_docs -->"
END: Final = "<!-- END generated -->"


def _code(items: Iterable[str]) -> str:
    return ", ".join(f"`{item}`" for item in items)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _classes(classes: frozenset[EntityClass]) -> str:
    if classes == frozenset(EntityClass):
        return "any entity"
    return ", ".join(entity_class.value for entity_class in EntityClass if entity_class in classes)


def _mapping(title: str, table: Mapping[str, Mapping[str, str]], left: str) -> list[str]:
    lines = [f"**{title}**", "", f"| {left} | as | verb |", "|---|---|---|"]
    for domain, verbs in table.items():
        for value, verb in verbs.items():
            lines.append(f"| `{domain}` | `{value}` | `{verb}` |")
    return [*lines, ""]


def _fields(table: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Return a table of each domain's actions and the field each is given its value in."""
    return [
        "| domain | action | field |",
        "|---|---|---|",
        *(
            f"| `{domain}` | `{action}` | `{field}` |"
            for domain, actions in table.items()
            for action, field in actions.items()
        ),
    ]


def rules_markdown() -> str:
    """Return the rule tables as Markdown."""
    lines = [
        "### Entity classes",
        "",
        "| class | what |",
        "|---|---|",
        *(
            f"| {entity_class.value} | {CLASS_NOTES[entity_class]} |"
            for entity_class in EntityClass
        ),
        "",
        "### Effects: (entity class, verb) → risk",
        "",
        "The first line that matches decides. An effect *judged for later* is one an",
        "automation would have when it runs, on any state its own conditions allow",
        "(an automation that arms only while `state: disarmed` arms from disarmed, until",
        "a delay, a wait or a step acting on the alarm). So do the conditions checked",
        "just before a step: a `condition` step, an `if` or a `choose` option (a `state`",
        "condition, each one in an `and`, a template every true way of which takes the",
        "entity to be in a state, `is_state(...)`), for the steps after it or in its",
        "branch and in the script they run, until something waits (a delay, a wait, a",
        "`queued` script's turn); not in the `else`, not through an `or` or a `not`, not",
        "in a `parallel` branch, not after the sequence or script the condition ends.",
        "",
        "| entity | verb | when | risk | why |",
        "|---|---|---|---|---|",
    ]
    for rule in ENTITY_RULES:
        verbs = _code(sorted(rule.verbs)) if rule.verbs else "any"
        when = rule.when.value or "—"
        lines.append(
            f"| {_classes(rule.classes)} | {verbs} | {when} | {rule.risk.value} | {rule.reason} |"
        )
    lines += [
        "",
        "An effect that is not securing, on an entity in the perimeter, is also judged as",
        f"what it sets off: *{PERIMETER_REASON.format(automation='the automation')}*.",
        "",
        "### Whole actions",
        "",
        "| action | risk | why |",
        "|---|---|---|",
    ]
    for service_rule in SERVICE_RULES:
        lines.append(
            f"| {_code(sorted(service_rule.services))} | {service_rule.risk.value} "
            f"| {service_rule.reason}{'' if service_rule.effects else ' (its targets are not judged)'} |"
        )
    for key, data_rule in DATA_RULES.items():
        lines.append(f"| {DATA_RULE_WHEN[key]} | {data_rule.risk.value} | {data_rule.reason} |")
    lines += [
        "",
        "### What keeps the house from being secured",
        "",
        "The second order: a change that keeps an automation that locks, closes or arms",
        "from securing the house is judged as the opening it allows, and what sets that",
        "change off is judged as such in turn (the perimeter). Not a change of the lock,",
        "entrance, valve or alarm panel itself (judged by the rules above), nor what a",
        "securing change sets off (the house has just been secured).",
        "",
        "| change of | verbs | when | risk | why |",
        "|---|---|---|---|---|",
        *(
            f"| {rule.changes} | {_code(sorted(rule.verbs)) if rule.verbs else 'any'} "
            f"| {rule.when} | {rule.risk.value} | {rule.reason} |"
            for rule in HOLD_RULES
        ),
        "",
        "### A helper written",
        "",
        "Creating, changing or deleting a helper: the first line whose condition holds",
        "decides, and what the write itself fires is judged besides (*What a write fires*).",
        "",
        "| the helper is | risk | why |",
        "|---|---|---|",
        *(
            f"| {rule.described} | {rule.risk.value} "
            f"| {_sentence(rule.reason.format(macro='an automation'))} |"
            for rule in HELPER_WRITE_RULES
        ),
        "",
        "### What the catalogue adds",
        "",
        "`list_services` gives each action the worst risk it has on the house's entities",
        "as they are; where that depends on the data, it says so:",
        "",
        "| action | risk | why |",
        "|---|---|---|",
        *(
            f"| `{action}` | {risk.value} | {reason} |"
            for action, (risk, reason) in CATALOGUE_NOTES.items()
        ),
        "",
        "Where what an action sets off depends on its data, the catalogue judges it as",
        "some call could give it, in this house:",
        "",
        "| actions | judged as |",
        "|---|---|",
        *(f"| `{domain}.*` | {said} |" for domain, (_, said) in CATALOGUE_DATA.items()),
    ]
    lines += [
        "",
        "### What sets off a cause",
        "",
        "The perimeter maps what a change can set off to what that leads to. An entity",
        f"id is set off by a change of that entity, `{EVERYTHING}` by a change of any entity;",
        "every other cause is a kind and a name (`kind:name`):",
        "",
        "| kind | named by | set off by |",
        "|---|---|---|",
        *(f"| `{kind}` | {rule.name} | {rule.sets_off} |" for kind, rule in KEY_RULES.items()),
    ]
    lines += [
        "",
        "### What a write fires",
        "",
        "Besides the item it writes: an automation waiting for any of these runs because",
        "of the write, and what it can do is the write's own effect.",
        "",
        "| write | events | calls | states set again |",
        "|---|---|---|---|",
        *(
            f"| {domain} {action} | {_code(footprint.events)} | {_code(footprint.calls) or '—'} "
            f"| {f'every `{footprint.reloads}`' if footprint.reloads else '—'} |"
            for (domain, action), footprint in WRITES.items()
        ),
        f"| a helper, any | {_code(HELPER_WRITE.events)} | — | — |",
        "",
        "### A notification's buttons",
        "",
        "A notification sent with `actions` (or a templated set of them: any) is judged",
        "as a person's tap on each: the event the companion app fires, naming the",
        "action. An iOS `push: {category}` adds the buttons the phone holds for it:",
        "those of a category the house's `ios: push: categories:` defines (in any case);",
        "any, for another name (the companion app's own settings define categories",
        "too) or one a template decides; none, for an empty one. A notification with an",
        "`apns` payload (which the push relay copies over what Apple gets: a category,",
        "buttons) may carry any button.",
        "",
        "| event | names the action in |",
        "|---|---|",
        *(f"| `{event}` | `{field}` |" for event, field in TAPPED.items()),
        "",
        f"Any notification, swiped away, fires {_code(CLEARED)} with the data it was sent",
        "with: an automation waiting for one is set off by every notification.",
    ]
    lines += [
        "",
        "### What a step ends",
        "",
        "A step that can end the run before a later step opens or secures, and how much",
        "of it ends, as Home Assistant runs it. A script, an automation or a template",
        "entity's action run by another is a run of its own.",
        "",
        "| step | ends |",
        "|---|---|",
        *(f"| `{kind}` | {ENDS[ending]} |" for kind, ending in ENDINGS.items()),
        f"| a wait with `continue_on_timeout: false` | {ENDS[WAIT_GIVES_UP]} |",
        f"| a call a client can make fail | {ENDS[CALL_FAILS]} |",
    ]
    lines += ["", "### Verbs", ""]
    lines += _mapping("`homeassistant.*` on each domain", GENERIC_VERBS, "domain")
    lines += _mapping("A state set by a scene", STATE_VERBS, "domain")
    lines += _mapping("A device action's `type`", DEVICE_ACTION_VERBS, "domain")
    lines += [
        "**Another integration's action**, by the entity's domain and the action's data",
        "(a value not listed, or a template: the action as named, unknown; a template of a",
        "field whose every value its schema accepts is listed: each of those rows' verbs)",
        "",
        "| domain | action | data | verb |",
        "|---|---|---|---|",
        *(
            f"| `{domain}` | `{action}` | {case} | `{verb}` |"
            for domain, actions in INTEGRATION_VERBS.items()
            for action, cases in actions.items()
            for case, verb in cases.items()
        ),
        "",
        "| action | field whose every accepted value is listed |",
        "|---|---|",
        *(f"| `{action}` | `{field}` |" for action, field in CLOSED_FIELDS.items()),
        "",
    ]
    lines += [
        "**The code a lock is given**, in the action's data (when it is the text of one",
        "helper, an empty helper gives an empty code: see *A PIN emptied* above)",
        "",
        "| action | field |",
        "|---|---|",
        *(f"| `{action}` | `{field}` |" for action, field in CODE_FIELDS.items()),
        "",
        "**A helper's state, given in the data**: what the action leaves it in, which",
        "what reacts to it reads (plain text only; a template: any state)",
        "",
        *_fields(VALUE_FIELDS),
        "",
        "**Settings**: what an action sets to a value of the caller's choosing; a pause",
        "(a delay, a wait's timeout, a loop's count) read from one, or from an entity",
        "computed from one, lasts as long as a client says",
        "",
        *_fields(SETTING_FIELDS),
        "",
    ]
    lines += [
        "**What a verb leaves an entity in**, then or later: the states, and the entity's",
        "own events it fires (another verb: any); what reacts to the entity's state, or to",
        "its own event, reads them",
        "",
        "| domain | verb | states |",
        "|---|---|---|",
        *(
            f"| `{domain}` | `{verb}` | {_code(sorted(states))} |"
            for domain, verbs in LEFT_IN.items()
            for verb, states in verbs.items()
        ),
        "",
        "**An entity's own event**, naming it in `entity_id` (set off only by what acts on",
        "that entity), and what an action must leave behind to fire it",
        "",
        "| event | left behind |",
        "|---|---|",
        *(f"| `{event}` | {_code(sorted(states))} |" for event, states in EVENT_LEFT_IN.items()),
        "",
    ]
    lines += [
        "**A template entity's run variables**: what its actions give its scripts, over its",
        "own `variables:` (a call's data sets these, nothing else)",
        "",
        "| domain | run variables |",
        "|---|---|",
        *(
            f"| `{domain}` | {_code(sorted(names)) or '—'} |"
            for domain, names in TEMPLATE_RUN_VARIABLES.items()
        ),
        "",
    ]
    lines += [
        "**Alarm modes**, from the one that watches most:",
        "",
        "| mode | watches |",
        "|---|---|",
        *(f"| `{mode}` | {level} |" for mode, level in ALARM_LEVELS.items()),
    ]
    return "\n".join(lines) + "\n"


def render(document: str) -> str:
    """Return `document` with its generated part replaced by `rules_markdown()`."""
    head, _, rest = document.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n\n{rules_markdown()}\n{END}{tail}"
