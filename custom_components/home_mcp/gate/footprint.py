"""What an action puts on Home Assistant's bus besides the state changes it makes.

A write through Home Assistant's editors reloads its domain (a
`call_service` event, the domain's own "reloaded" event, every scene's
state set again), registers or removes a script's action, updates the
entity registry, and fires Home MCP's `home_mcp_config_written`. An owner's
automation waiting for any of these runs because of the write: what it can
do is the write's own effect. `WRITES` says, for each kind of write, what
it fires, as measured on Home Assistant (`tests/owner/test_footprint.py`
records every event each write fires and fails on one its row lacks).

A notification sent with actions comes back as an event when a person taps
one (`TAPPED`: the companion apps' events, each naming the action tapped):
the owner's automation answering "UNLOCK_FRONT_DOOR" unlocks, whatever the
button's title says; any notification, swiped away, comes back as
`CLEARED` with the data it was sent with. Sending it is judged as those
events (`notification_footprint`): a person's tap on a button a client
chose is not a person's approval of what it does. An iOS notification's
`push: {category}` adds the buttons the phone holds for that category:
those the house's configuration gives it (`ios: push: categories:`,
`push_categories`), or any for another name (the app's own settings
define categories too); none for an empty one (`category_buttons`).

`judge_footprint` sets off what waits for each item of a footprint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NamedTuple, Protocol

from homeassistant.components.ios import (
    CONF_PUSH,
    CONF_PUSH_ACTIONS_IDENTIFIER,
    CONF_PUSH_CATEGORIES,
    CONF_PUSH_CATEGORIES_ACTIONS,
    CONF_PUSH_CATEGORIES_IDENTIFIER,
    CONF_USER,
)
from homeassistant.components.ios.const import IOS_DATA
from homeassistant.const import (
    EVENT_LOVELACE_UPDATED,
    EVENT_PANELS_UPDATED,
    EVENT_SERVICE_REGISTERED,
    EVENT_SERVICE_REMOVED,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_registry import EVENT_ENTITY_REGISTRY_UPDATED

from ..const import EVENT_CONFIG_WRITTEN
from .bindings import has_template
from .perimeter_keys import ANY_EVENT, Key, KeyKind
from .targets import is_dynamic, static


class Reacting(Protocol):
    """What a footprint is judged by (`judge.Judge`)."""

    hass: HomeAssistant

    def react(self, key: str, verb: str | None) -> None:
        """Add what the house's automations do when `key` changes."""

    def react_to_call(self, domain: str, service: str) -> None:
        """Add what waits for `domain.service` being called."""

    def event_keys(self) -> Iterable[str]:
        """Return the event keys something waits for."""


EVENT_AUTOMATION_RELOADED: Final = "automation_reloaded"  # automation.EVENT_AUTOMATION_RELOADED
EVENT_SCENE_RELOADED: Final = "scene_reloaded"  # homeassistant.scene.EVENT_SCENE_RELOADED


class Footprint(NamedTuple):
    """What one kind of action fires.

    events: the event types it fires; calls: the actions it calls
    (`call_service` events: `domain.service`); reloads: a domain each of
    whose entities has its state set again (a scene reload re-creates
    every scene); taps: (event type, action id) a person's tap on the
    notification it sends fires (None: any action).
    """

    events: tuple[str, ...]
    calls: tuple[str, ...] = ()
    reloads: str | None = None
    taps: tuple[tuple[str, str | None], ...] = ()


TAPPED: Final[Mapping[str, str]] = {
    "mobile_app_notification_action": "action",
    "ios.action_fired": "actionName",
    "ios.notification_action_fired": "actionName",
    "html5_notification.clicked": "action",
}
"""The events a phone or a browser fires when a person taps a notification's action ->
the field of their data that names the action."""
CLEARED: Final = ("mobile_app_notification_cleared", "html5_notification.closed")
"""The events fired when a person swipes any notification away (or clears them all),
carrying the data it was sent with: a notification without buttons fires them too."""


def tap_key(event_type: str, action: str) -> str:
    """Return the key of `event_type` fired for the action `action` (a trigger asking for it)."""
    return Key(KeyKind.EVENT, f"{event_type}:{action}")


type Categories = Mapping[str, tuple[str, ...]]
"""An iOS category's identifier (folded) -> the ids of the actions it holds."""


def push_categories(hass: HomeAssistant) -> dict[str, tuple[str, ...]]:
    """Return the iOS categories the house's configuration defines, with their actions.

    `ios: push: categories:`, which the companion app asks Home Assistant
    for and registers, each identifier and action id in upper case (Home
    Assistant keeps the identifier in lower case, the action ids in upper);
    registered so, a category of the same name the phone's owner made in
    the app is replaced by the house's.
    """
    ios = hass.data.get(IOS_DATA)
    user = ios.get(CONF_USER) if isinstance(ios, Mapping) else None
    push = user.get(CONF_PUSH) if isinstance(user, Mapping) else None
    listed = push.get(CONF_PUSH_CATEGORIES) if isinstance(push, Mapping) else None
    found: dict[str, tuple[str, ...]] = {}
    for category in listed if isinstance(listed, list) else ():
        if not isinstance(category, Mapping):
            continue
        identifier = category.get(CONF_PUSH_CATEGORIES_IDENTIFIER)
        if not isinstance(identifier, str):
            continue
        actions = category.get(CONF_PUSH_CATEGORIES_ACTIONS) or []
        found[identifier.strip().casefold()] = tuple(
            str(action[CONF_PUSH_ACTIONS_IDENTIFIER])
            for action in actions
            if isinstance(action, Mapping) and action.get(CONF_PUSH_ACTIONS_IDENTIFIER)
        )
    return found


def category_buttons(push: Any, categories: Categories) -> list[str] | None:
    """Return the ids of the actions an iOS notification's `push` adds (None: any).

    The companion app shows the actions the phone holds for the category
    named (in any case): a category the house's configuration defines
    (`categories`) holds its own; another name may be one the phone's
    owner defined in the app, with any action. No category, or an empty
    one, adds none (the notification's own `actions` are its buttons). A
    `push` or a category a template decides may be any.
    """
    if push is None:
        return []
    if not isinstance(push, Mapping):
        return None if has_template(push) or not isinstance(push, (str, int, float)) else []
    category = push.get("category")
    if category is None:
        return []
    if is_dynamic(category) or not isinstance(static(category), str):
        return None
    name = str(static(category)).strip().casefold()
    if not name:
        return []
    known = categories.get(name)
    return None if known is None else list(known)


APNS_PASSTHROUGH: Final = "apns"
"""A notification's `data.apns`, which Home Assistant's push relay copies over the message it
sends to Apple (`payload.aps.category`, `payload.actions`): buttons the gate does not read."""


def notification_actions(data: Mapping[str, Any], categories: Categories) -> list[str] | None:
    """Return the ids of the actions a notification's data carries (None: any).

    `data: {actions: [{action: UNLOCK_FRONT_DOOR, title: OK}]}`, and those of
    its iOS `push: {category: ...}` (`category_buttons`); any, where they
    are a template or the data carries an APNs payload (`APNS_PASSTHROUGH`).
    """
    if "__template__" in data:
        return None
    inner = data.get("data")
    if inner is None:
        return []
    if not isinstance(inner, Mapping):
        return None if has_template(inner) else []
    if inner.get(APNS_PASSTHROUGH) is not None:
        return None  # Copied over the message Apple gets: any category, any buttons.
    found = category_buttons(inner.get("push"), categories)
    if found is None:
        return None
    actions = inner.get("actions")
    if actions is None:
        return found
    if not isinstance(actions, (list, tuple)):
        return None
    for action in actions:
        ident = action.get("action") if isinstance(action, Mapping) else None
        if not isinstance(ident, str) or has_template(ident):
            return None
        found.append(ident)
    return list(dict.fromkeys(found))


def notification_footprint(data: Mapping[str, Any], categories: Categories) -> Footprint:
    """Return what a notification sent with `data` can fire when a person taps or clears it.

    `categories`: the iOS categories the house defines (`push_categories`).
    """
    actions = notification_actions(data, categories)
    ids: list[str | None] = [None] if actions is None else list(actions)
    return Footprint(CLEARED, taps=tuple((event, ident) for event in TAPPED for ident in ids))


ANY_TAG: Final = "*"
"""The tag of a notification sent with a tag a template decides: it may be any."""
CLEAR_NOTIFICATION: Final = "clear_notification"
"""The message that takes the notification of the same tag off the phone (companion apps)."""


APNS_HEADERS: Final = "apns_headers"
"""A notification's `data.apns_headers`, which the push relay sends Apple as the message's
headers (as `data.apns.headers` of an APNs payload)."""
COLLAPSE_ID: Final = "apns-collapse-id"
"""The APNs header the relay sends a tag as: on an iPhone, it replaces as the tag does."""


def _given_data(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Return a notification's `data.data` (empty: none given), None where a template decides it."""
    inner = data.get("data")
    if "__template__" in data or (not isinstance(inner, Mapping) and has_template(inner)):
        return None
    return inner if isinstance(inner, Mapping) else {}


def notification_tag(data: Mapping[str, Any]) -> str | None:
    """Return the tag a notification sent with `data` carries (`ANY_TAG`: any; None: none).

    A notification with the tag of one already on the phone takes its place
    (or, with the message `clear_notification`, takes it off): the companion
    apps and browsers replace by `data.tag`; an iPhone by the APNs header
    `apns-collapse-id` the relay sends the tag as, or copies from the
    notification's `apns_headers` or `apns` payload. Two that differ: any.
    """
    if (inner := _given_data(data)) is None:
        return ANY_TAG
    passed = inner.get(APNS_PASSTHROUGH)
    found = {
        _one_tag(each)
        for each in (
            inner.get("tag"),
            _collapse_id(inner.get(APNS_HEADERS)),
            _collapse_id(passed.get("headers") if isinstance(passed, Mapping) else passed),
        )
    } - {None}
    return found.pop() if len(found) == 1 else (ANY_TAG if found else None)


def _collapse_id(headers: Any) -> Any:
    """Return the `apns-collapse-id` of APNs headers a notification gives (a template: any)."""
    if isinstance(headers, Mapping):
        return headers.get(COLLAPSE_ID)
    return ANY_TAG if has_template(headers) else None


def _one_tag(tag: Any) -> str | None:
    """Return a tag as the phone compares it (`ANY_TAG`: a template decides it)."""
    if tag is None:
        return None
    if is_dynamic(tag) or not isinstance(static(tag), (str, int)):
        return ANY_TAG
    if isinstance(tag, bool):
        return str(tag).lower()  # The relay sends JavaScript's String(true): "true".
    return str(static(tag))


def clears(data: Mapping[str, Any]) -> bool:
    """Return True if a notification sent with `data` may leave nothing to tap in its place.

    Its message is `clear_notification`, or a template that may render it;
    or it takes itself off the phone (`data.timeout`, in seconds: the
    companion app removes it then).
    """
    message = data.get("message")
    if is_dynamic(message) or "__template__" in data:
        return True
    inner = data.get("data")
    if isinstance(inner, Mapping) and inner.get("timeout") is not None:
        return True
    return isinstance(static(message), str) and static(message).strip() == CLEAR_NOTIFICATION


GENERAL_CHANNEL: Final = "general"
"""The channel (its id) the Android companion app posts a notification on when it names none."""
REMOVE_CHANNEL: Final = "remove_channel"
"""The message that deletes the channel `data.channel` names: Android cancels every
notification posted on it (home-assistant/android, `MessagingManager`)."""
QUIET_IMPORTANCES: Final = frozenset({"min", "low"})
"""Importances that leave a channel's notifications silent: Android lets an app lower the
importance of its channel with each notification, never raise it again."""
SILENCING_COMMANDS: Final[Mapping[str, frozenset[str]]] = {
    "command_dnd": frozenset({"priority_only", "alarms_only", "total_silence"}),
    "command_ringer_mode": frozenset({"silent"}),
}
"""The companion app's device commands (the message) whose `data.command` silences the
whole phone (home-assistant/android, `MessagingManager.handleDeviceCommands`)."""


def notification_channel(data: Mapping[str, Any]) -> str:
    """Return the channel a notification sent with `data` is posted on (`ANY_TAG`: any).

    Its id, as the Android companion app makes it from `data.channel`: the
    name trimmed, in lower case, spaces as `_`; `general` without one.
    """
    if (inner := _given_data(data)) is None:
        return ANY_TAG
    channel = inner.get("channel")
    if channel is None:
        return GENERAL_CHANNEL
    if is_dynamic(channel) or not isinstance(static(channel), str):
        return ANY_TAG
    return str(static(channel)).strip().lower().replace(" ", "_")


def channel_taken_off(data: Mapping[str, Any]) -> str | None:
    """Return the channel whose notifications one sent with `data` removes or silences.

    `remove_channel` deletes the channel it names; a notification at a
    quiet importance (`QUIET_IMPORTANCES`) silences the channel it is
    posted on; a device command that silences the phone
    (`SILENCING_COMMANDS`) silences every channel (`ANY_TAG`). A template
    may be any of them. None: it leaves every channel as it is.
    """
    inner = data.get("data")
    if "__template__" in data:
        return ANY_TAG
    if not isinstance(inner, Mapping):
        return ANY_TAG if has_template(inner) else None
    message = data.get("message")
    said = static(message)
    text = said.strip().lower() if isinstance(said, str) and not is_dynamic(message) else None
    if text is None and ("channel" in inner or "command" in inner):
        return ANY_TAG  # A templated message may be any command.
    if text == REMOVE_CHANNEL:
        return notification_channel(data)
    if (silencing := SILENCING_COMMANDS.get(text or "")) is not None:
        command = inner.get("command")
        given = static(command)
        if is_dynamic(command) or (isinstance(given, str) and given.strip().lower() in silencing):
            return ANY_TAG
    importance = inner.get("importance")
    if importance is not None and (
        is_dynamic(importance) or str(static(importance)).strip().lower() in QUIET_IMPORTANCES
    ):
        return notification_channel(data)
    return None


_WRITTEN: Final[tuple[str, ...]] = (EVENT_CONFIG_WRITTEN, str(EVENT_ENTITY_REGISTRY_UPDATED))

WRITES: Final[Mapping[tuple[str, str], Footprint]] = {
    ("automation", "save"): Footprint(
        (*_WRITTEN, EVENT_AUTOMATION_RELOADED), ("automation.reload",)
    ),
    ("automation", "delete"): Footprint(_WRITTEN),
    ("script", "save"): Footprint(
        (*_WRITTEN, EVENT_SERVICE_REGISTERED, EVENT_SERVICE_REMOVED), ("script.reload",)
    ),
    ("script", "delete"): Footprint((*_WRITTEN, EVENT_SERVICE_REMOVED)),
    ("scene", "save"): Footprint((*_WRITTEN, EVENT_SCENE_RELOADED), ("scene.reload",), "scene"),
    ("scene", "delete"): Footprint(_WRITTEN),
    # A dashboard's configuration saved, its panel registered or removed.
    ("dashboard", "save"): Footprint((*_WRITTEN, EVENT_LOVELACE_UPDATED, EVENT_PANELS_UPDATED)),
    ("dashboard", "delete"): Footprint((*_WRITTEN, EVENT_LOVELACE_UPDATED, EVENT_PANELS_UPDATED)),
    # A blueprint saved over another reloads every automation and script (its users'
    # changes are judged as their own writes).
    ("blueprint", "save"): Footprint(
        (*_WRITTEN, EVENT_AUTOMATION_RELOADED, EVENT_SERVICE_REGISTERED, EVENT_SERVICE_REMOVED),
        ("automation.reload", "script.reload"),
    ),
    ("blueprint", "delete"): Footprint(_WRITTEN),
}
"""(domain written, `save` or `delete`) -> what the write fires. A restore is a save."""

HELPER_WRITE: Final = Footprint(_WRITTEN)
"""What writing a helper (Settings → Helpers: created, changed or deleted) fires."""


def write_footprint(domain: str, action: str) -> Footprint:
    """Return what writing an item of `domain` fires (`action`: `save` or `delete`)."""
    return WRITES.get((domain, action), HELPER_WRITE)


def judge_footprint(judge: Reacting, footprint: Footprint) -> None:
    """Set off, in `judge`, what waits for each event, call, state and tap of `footprint`."""
    for event_type in footprint.events:
        for fired in (Key(KeyKind.EVENT, event_type), ANY_EVENT):
            judge.react(fired, "fire")
    for call in footprint.calls:
        domain, _, service = call.partition(".")
        judge.react_to_call(domain, service)
    if footprint.reloads is not None:
        for entity_id in judge.hass.states.async_entity_ids(footprint.reloads):
            judge.react(entity_id, "reload")
    for event_type, action in footprint.taps:
        for key in tapped_keys(judge.event_keys(), event_type, action):
            judge.react(key, "fire")


def tapped_keys(known: Iterable[str], event_type: str, action: str | None) -> list[str]:
    """Return the keys `event_type` fired for `action` sets off (None: any action)."""
    keys = [Key(KeyKind.EVENT, event_type), ANY_EVENT]
    if action is not None:
        return [*keys, tap_key(event_type, action)]
    prefix = Key(KeyKind.EVENT, f"{event_type}:")
    return [*keys, *(key for key in known if key.startswith(prefix))]
