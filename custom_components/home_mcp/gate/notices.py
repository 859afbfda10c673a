"""A persistent notification an action raises, and the automations it can set off.

An automation with a `persistent_notification` trigger runs on any
notification, but only as far as the trigger's own filters
(`notification_id`, `update_type`) and its conditions let it: the owner's
"failed login" automation wants a message about a login. What
`persistent_notification.create` (or a notify action, which passes its message on)
raises is known where its data is (`Raised`): the trigger sees it as
`trigger.notification`, and the automation's conditions are judged on it
(`NoticeWatch.sets_off`). A message, title or id the gate cannot bound (a
template over a caller's field, a state a client can write) is `ANY`: it
may be whatever the conditions want. Home Assistant's own `async_create`
and `async_dismiss` (`components/persistent_notification`) say which update
each action makes; what an integration raises of its own after any action
is another notification, read as any (`reads.ANY_CAUSE`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from homeassistant.components.persistent_notification import (
    ATTR_MESSAGE,
    ATTR_NOTIFICATION_ID,
    ATTR_TITLE,
    DOMAIN as NOTIFICATION_DOMAIN,
    UpdateType,
)
from homeassistant.const import CONF_CONDITION, CONF_CONDITIONS, CONF_VALUE_TEMPLATE

from .bindings import ANY, Bindings, Partial, has_template, template_verdict

_TRIGGER: Final = "persistent_notification"
_CREATED: Final = frozenset({UpdateType.ADDED, UpdateType.UPDATED})
_REMOVED: Final = frozenset({UpdateType.REMOVED})
_NOTIFY_DOMAIN: Final = "notify"


@dataclass(frozen=True, slots=True)
class Raised:
    """A notification an action raises: the updates it makes, and the notification.

    notification: what a trigger sees as `trigger.notification` (a key not
    known, or a value not bounded, is `ANY`).
    """

    updates: frozenset[str]
    notification: Partial


def _text(value: Any) -> Any:
    """Return a value as the service's `cv.string` keeps it (`ANY`: not bounded)."""
    if value is None or isinstance(value, (Mapping, list, tuple)) or has_template(value):
        return ANY
    return value if isinstance(value, str) else str(value)


def raised(domain: str, service: str, data: Mapping[str, Any]) -> Raised | None:
    """Return the notification a call raises (None: not one it says, or not known).

    `persistent_notification.create` makes an `added` update, or an
    `updated` one when a notification of its id is already there; without
    an id Home Assistant gives it a random one. `dismiss` removes the
    notification of its id (whatever its text was), `dismiss_all` every one.
    `notify.persistent_notification` creates one with the `data`'s id; any
    other notify action passes its message on as it is (a notify group's
    member), or raises none.
    """
    if domain == NOTIFICATION_DOMAIN and service == "create":
        notification_id = data.get(ATTR_NOTIFICATION_ID)
        title = data.get(ATTR_TITLE)
        return Raised(
            _CREATED,
            Partial(
                message=_text(data.get(ATTR_MESSAGE)),
                title=None if title is None and ATTR_TITLE not in data else _text(title),
                notification_id=ANY if notification_id is None else _text(notification_id),
            ),
        )
    if domain == NOTIFICATION_DOMAIN and service == "dismiss":
        return Raised(_REMOVED, Partial(notification_id=_text(data.get(ATTR_NOTIFICATION_ID))))
    if domain == NOTIFICATION_DOMAIN and service == "dismiss_all":
        return Raised(_REMOVED, Partial())
    if domain == _NOTIFY_DOMAIN:
        extra = data.get("data")
        notification_id = extra.get(ATTR_NOTIFICATION_ID) if isinstance(extra, Mapping) else None
        title = data.get(ATTR_TITLE)
        return Raised(
            _CREATED,
            Partial(
                message=_text(data.get(ATTR_MESSAGE)),
                title=None if title is None and ATTR_TITLE not in data else _text(title),
                notification_id=ANY if notification_id is None else _text(notification_id),
            ),
        )
    return None


@dataclass(frozen=True, slots=True)
class NoticeWatch:
    """An automation's `persistent_notification` triggers, with what decides its run.

    triggers: (trigger id, index, its validated configuration) of each;
    other_keys: what its other triggers read (a key read there too is set
    off as before); conditions: its top-level conditions as written;
    variables: its `variables:` (rendered beneath `trigger`, as it runs).
    """

    automation_id: str
    triggers: tuple[tuple[str, int, Mapping[str, Any]], ...]
    other_keys: frozenset[str]
    conditions: Any
    variables: Any

    def sets_off(self, key: str, notice: Raised) -> bool:
        """Return True if `notice`, raised by a call whose key is `key`, can run the automation.

        True when another of its triggers reads `key`; else when one of its
        notification triggers fires on it and its conditions can then hold.
        """
        if key in self.other_keys:
            return True
        return any(
            self._fires(trigger_id, index, config, notice)
            for trigger_id, index, config in self.triggers
        )

    def _fires(
        self, trigger_id: str, index: int, config: Mapping[str, Any], notice: Raised
    ) -> bool:
        wanted = config.get("update_type")
        updates = notice.updates if not wanted else notice.updates & {str(u) for u in wanted}
        if not updates:
            return False
        named = config.get(ATTR_NOTIFICATION_ID)
        given = notice.notification.get(ATTR_NOTIFICATION_ID, ANY)
        if isinstance(named, str) and isinstance(given, str) and named != given:
            return False
        trigger = Partial(
            id=trigger_id,
            idx=str(index),
            platform=_TRIGGER,
            alias=config.get("alias"),
            update_type=next(iter(updates)) if len(updates) == 1 else ANY,
            notification=notice.notification,
        )
        this = Partial(entity_id=self.automation_id)
        bindings = Bindings([(trigger_id, {"this": this, "trigger": trigger})])
        ways = bindings.with_variables(self.variables).scoped(None)
        return not _never_hold(self.conditions, ways)


def _never_hold(conditions: Any, ways: list[Mapping[str, Any]]) -> bool:
    """Return True if one of `conditions` (all required) is false in every one of `ways`."""
    for condition in conditions if isinstance(conditions, list) else [conditions]:
        if isinstance(condition, str):  # The shorthand: a template is a template condition.
            condition = {CONF_CONDITION: "template", CONF_VALUE_TEMPLATE: condition}
        if isinstance(condition, Mapping) and condition.get(CONF_CONDITION) == "and":
            if condition.get("enabled", True) is True and _never_hold(
                condition.get(CONF_CONDITIONS), ways
            ):
                return True
            continue
        if template_verdict(condition, ways) is False:
            return True
    return False


def notice_watch(
    automation_id: str,
    triggers: Sequence[Any],
    reads: Sequence[tuple[str, set[str]]],
    conditions: Any,
    variables: Any,
) -> NoticeWatch | None:
    """Return an automation's `NoticeWatch` (None: no notification trigger).

    `triggers`: its validated triggers; `reads`: (trigger id, what it reads)
    of each it attaches (`Runnable.triggers`). A key read under an id a
    notification trigger shares with another trigger counts as the other's.
    """
    watched: list[tuple[str, int, Mapping[str, Any]]] = []
    for index, trigger in enumerate(triggers):
        if not isinstance(trigger, Mapping) or trigger.get("enabled", True) is False:
            continue
        if trigger.get("trigger", trigger.get("platform")) == _TRIGGER:
            watched.append((str(trigger.get("id", index)), index, trigger))
    if not watched:
        return None
    others = {
        str(trigger.get("id", index))
        for index, trigger in enumerate(triggers)
        if isinstance(trigger, Mapping)
        and trigger.get("enabled", True) is not False
        and trigger.get("trigger", trigger.get("platform")) != _TRIGGER
    }
    other = frozenset(key for trigger_id, keys in reads if trigger_id in others for key in keys)
    return NoticeWatch(automation_id, tuple(watched), other, conditions, variables)
