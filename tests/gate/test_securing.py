"""What answers a securing run's wait so that it does not secure (`securing.unsecuring_answers`).

Without a house: a run's steps as written, each answer followed with
`wait` as it leaves it, and a step that locks told by its action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import pytest

from custom_components.home_mcp.gate.securing import unsecuring_answers


def _locks(step: Mapping[str, Any]) -> bool:
    return step.get("action") == "lock.lock"


def _tap(action: str) -> dict[str, Any]:
    return {
        "trigger": "event",
        "event_type": "mobile_app_notification_action",
        "event_data": {"action": action},
    }


LOCK: Final = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
NOTIFY: Final = {"action": "notify.notify", "data": {"message": "Door left unlocked"}}
ON_LOCK: Final = "{{ wait.trigger.event.data.action == 'LOCK' }}"


def _asks(*after: dict[str, Any], **wait: Any) -> list[dict[str, Any]]:
    """Return a run that waits for Lock or Not now, then does `after`."""
    return [{"wait_for_trigger": [_tap("LOCK"), _tap("NOT_NOW")], **wait}, *after]


@pytest.mark.parametrize(
    ("steps", "not_securing"),
    [
        (_asks({"if": ON_LOCK, "then": [LOCK]}), ["NOT_NOW"]),
        (_asks({"if": [{"condition": "template", "value_template": ON_LOCK}], "then": [LOCK]}),
         ["NOT_NOW"]),
        (_asks({"condition": "template", "value_template": ON_LOCK}, LOCK), ["NOT_NOW"]),
        (_asks({"if": ON_LOCK, "then": [NOTIFY], "else": [LOCK]}), ["LOCK"]),
        (_asks({"choose": [{"conditions": ON_LOCK, "sequence": [LOCK]}],
                "default": [NOTIFY]}), ["NOT_NOW"]),
        (_asks({"if": ON_LOCK, "then": [{"stop": "done"}]}, LOCK), ["LOCK"]),
        (_asks(LOCK), []),  # Every answer locks.
        (_asks({"if": ON_LOCK, "then": [NOTIFY]}), []),  # Nothing after it locks.
        (_asks({"if": "{{ is_state('input_boolean.x', 'on') }}", "then": [LOCK]}), []),
        # A wait inside a branch: what follows the branch runs after it too; a
        # condition failing there ends only the branch, a `stop` the run.
        ([{"if": "{{ true }}", "then": _asks({"condition": "template",
                                              "value_template": ON_LOCK})}, LOCK], []),
        ([{"if": "{{ true }}", "then": _asks({"if": ON_LOCK, "else": [{"stop": "no"}]})}, LOCK],
         ["NOT_NOW"]),
    ],
    ids=["if-then", "if-list", "condition-step", "else", "choose", "stop", "always",
         "never", "house-decides", "branch-condition", "branch-stop"],
)  # fmt: skip
def test_an_answer_after_which_the_run_does_not_lock_is_found(
    steps: list[dict[str, Any]], not_securing: list[str]
) -> None:
    found = [answer["event_data"]["action"] for answer in unsecuring_answers(steps, _locks)]
    assert found == not_securing


def test_the_timeout_is_an_answer_when_the_run_goes_on_after_it() -> None:
    """Lock unless someone came back within ten minutes: coming back is the answer."""
    steps = [
        {"wait_template": "{{ is_state('input_boolean.home', 'on') }}", "timeout": "00:10:00"},
        {"condition": "template", "value_template": "{{ not wait.completed }}"},
        LOCK,
    ]
    assert list(unsecuring_answers(steps, _locks)) == [
        {"wait_template": "{{ is_state('input_boolean.home', 'on') }}"}
    ]
    steps[0]["continue_on_timeout"] = False  # Timed out, the run ends: nothing locks either way.
    assert list(unsecuring_answers(steps, _locks)) == []
