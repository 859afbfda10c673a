"""The gate's tables as data, without a house: fast, and exact about each line.

The rule table's lines are proven decisive in a real Home Assistant in
`tests/test_gate_rules.py`; here each table is read as the plain function
of its inputs it is (`entity_rule`, `more_open`, `alarm_level`,
`HOLD_RULES`, `HELPER_WRITE_RULES`), with Home Assistant's own states.
"""

from __future__ import annotations

from dataclasses import dataclass
import itertools
from typing import Final

import pytest

from custom_components.home_mcp.gate.model import Risk
from custom_components.home_mcp.gate.rules import (
    ALARM_LEVELS,
    ANY,
    ENTITY_RULES,
    HELPER_WRITE_RULES,
    HOLD_RULES,
    HOLDS,
    PLAIN_RULE,
    EntityClass,
    HelperWrite,
    Hold,
    Rule,
    When,
    alarm_level,
    entity_rule,
    keeps_from_securing,
    more_open,
)
from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverState
from homeassistant.components.lock import LockState
from homeassistant.components.valve import ValveState


@dataclass(frozen=True)
class _Facts:
    """Facts of which exactly `true` hold."""

    true: frozenset[When]

    def holds(self, when: When) -> bool:
        return when in self.true


def _cases(rule: Rule) -> list[tuple[EntityClass, str, _Facts]]:
    """Return the (class, verb, facts) of the rule's own reach, its condition holding."""
    verbs = sorted(rule.verbs) or ["some_verb_no_line_names"]
    facts = _Facts(frozenset({rule.when}) - {When.ALWAYS})
    return [(cls, verb, facts) for cls, verb in itertools.product(sorted(rule.classes), verbs)]


@pytest.mark.parametrize("rule", ENTITY_RULES, ids=lambda rule: rule.reason[:50])
def test_no_line_of_the_rule_table_is_hidden_by_the_lines_above_it(rule: Rule) -> None:
    """Each line decides somewhere: for one of its classes and verbs, its condition holding."""
    decided = [case for case in _cases(rule) if entity_rule(*case) is rule]
    assert decided, f"every case of this line is decided by a line above it: {rule}"


CONDITIONED: Final = tuple(rule for rule in ENTITY_RULES if rule.when is not When.ALWAYS)


@pytest.mark.parametrize("rule", CONDITIONED, ids=lambda rule: rule.reason[:50])
def test_a_line_with_a_condition_does_not_decide_when_it_does_not_hold(rule: Rule) -> None:
    for entity_class, verb, _ in _cases(rule):
        assert entity_rule(entity_class, verb, _Facts(frozenset())) is not rule


@pytest.mark.parametrize("entity_class", list(EntityClass))
def test_every_class_has_a_last_word_on_a_verb_no_line_names(entity_class: EntityClass) -> None:
    """An action the table does not know on a lock, door or alarm is unknown, never free."""
    rule = entity_rule(entity_class, "some_verb_no_line_names", _Facts(frozenset()))
    assert rule.verbs == ANY
    if entity_class in (
        EntityClass.LOCK,
        EntityClass.ENTRANCE,
        EntityClass.VALVE,
        EntityClass.ALARM,
    ):
        assert rule.risk is Risk.UNKNOWN
    assert entity_rule(EntityClass.OTHER, "turn_on", _Facts(frozenset())) is PLAIN_RULE


@pytest.mark.parametrize(
    ("entity_class", "old", "new", "opens"),
    [
        (EntityClass.LOCK, LockState.LOCKED, LockState.UNLOCKED, True),
        (EntityClass.LOCK, LockState.LOCKED, LockState.OPEN, True),
        (EntityClass.LOCK, LockState.UNLOCKED, LockState.LOCKED, False),
        (EntityClass.LOCK, LockState.UNLOCKED, LockState.OPEN, False),
        (EntityClass.ENTRANCE, CoverState.CLOSED, CoverState.OPENING, True),
        (EntityClass.ENTRANCE, CoverState.OPEN, CoverState.CLOSING, False),
        (EntityClass.VALVE, ValveState.CLOSED, ValveState.OPEN, True),
        (
            EntityClass.ALARM,
            AlarmControlPanelState.ARMED_AWAY,
            AlarmControlPanelState.ARMED_HOME,
            True,
        ),
        (
            EntityClass.ALARM,
            AlarmControlPanelState.ARMED_HOME,
            AlarmControlPanelState.ARMED_AWAY,
            False,
        ),
        (
            EntityClass.ALARM,
            AlarmControlPanelState.ARMED_NIGHT,
            AlarmControlPanelState.DISARMED,
            True,
        ),
        (EntityClass.COVER, CoverState.CLOSED, CoverState.OPEN, False),
    ],
)
def test_the_tripwire_sees_a_change_that_opens_and_no_other(
    entity_class: EntityClass, old: str, new: str, opens: bool
) -> None:
    assert more_open(entity_class, old, new, {}, {}) is opens


def test_a_door_moved_further_open_opens_and_one_moved_shut_does_not() -> None:
    assert more_open(
        EntityClass.ENTRANCE, "open", "open", {"current_position": 20}, {"current_position": 60}
    )
    assert not more_open(
        EntityClass.ENTRANCE, "open", "open", {"current_position": 60}, {"current_position": 20}
    )


def test_an_alarm_arming_or_pending_watches_as_much_as_the_mode_around_it() -> None:
    assert (
        alarm_level(AlarmControlPanelState.ARMING, {"next_state": "armed_home"})
        == ALARM_LEVELS[AlarmControlPanelState.ARMED_HOME]
    )
    assert (
        alarm_level(AlarmControlPanelState.PENDING, {})
        == ALARM_LEVELS[AlarmControlPanelState.ARMED_AWAY]
    )  # Unknown: away, the most watchful.
    assert (
        alarm_level("triggered", {"previous_state": "armed_night"})
        == ALARM_LEVELS[AlarmControlPanelState.ARMED_NIGHT]
    )


def test_each_way_of_keeping_the_house_from_being_secured_says_its_own_reason() -> None:
    reasons = [rule.reason for rule in HOLD_RULES]
    assert len(set(reasons)) == len(reasons) == len(Hold)
    assert set(HOLDS) == set(Hold)
    assert all(keeps_from_securing(reason) for reason in reasons)
    assert not keeps_from_securing(PLAIN_RULE.reason)
    assert all(rule.risk is Risk.OPENS_HOUSE for rule in HOLD_RULES)


@pytest.mark.parametrize(
    ("hold", "verb", "applies"),
    [
        (Hold.TIMER, "cancel", True),
        (Hold.TIMER, "start", False),
        (Hold.CHECK, "turn_off", True),
        (Hold.DECIDES, "set_value", True),
        (Hold.RUN, "turn_on", True),
        (Hold.RUN, "turn_off", False),
        (Hold.AGAIN, "trigger", True),
        (Hold.REDEFINED, "set_options", True),
        (Hold.REDEFINED, "select_option", False),
        (Hold.AWAY, "increment", True),
        (Hold.AWAY, "reset", True),
        (Hold.AWAY, "turn_on", False),
        (Hold.ANSWER, "fire", True),
    ],
)
def test_a_way_applies_to_its_own_verbs(hold: Hold, verb: str, applies: bool) -> None:
    assert HOLDS[hold].applies(verb) is applies


def test_a_helper_nothing_reads_is_the_helper_write_table_s_last_word() -> None:
    assert [rule.when for rule in HELPER_WRITE_RULES][-1] is HelperWrite.PLAIN
    assert HELPER_WRITE_RULES[-1].risk is Risk.SAFE
    assert {rule.when for rule in HELPER_WRITE_RULES} == set(HelperWrite)
