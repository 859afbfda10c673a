"""What a notification leaves on a phone, and what a person's tap on it fires (`footprint.py`).

Without a house: each function is read against what the companion apps
and Home Assistant's push relay do with a notification's data
(home-assistant/mobile-apps-fcm-push, `functions/android.js` and
`functions/legacy.js`; companion.home-assistant.io, "Notifications"):

- Android gets `data.tag` as text (`String(tag)`) and replaces the
  notification of the same tag; the relay sends an iPhone a text `tag` as
  the APNs header `apns-collapse-id`, after copying the notification's
  `apns_headers`, or its whole `apns` payload, over the message.
- The message `clear_notification` takes the notification of that tag off.
- A notification's `data.actions` (`[{action: ID, title: ...}]`) are its
  buttons; a tap fires `mobile_app_notification_action` with `action: ID`
  (on iOS also `ios.notification_action_fired`, naming it `actionName`).
- An iOS `push: {category}` shows the buttons the phone holds for that
  category: those of the house's `ios: push: categories:` (Home Assistant
  keeps their identifiers in lower case, their actions' in upper case),
  or ones the phone's owner set up in the app.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Final, cast

import pytest

from custom_components.home_mcp.gate.footprint import (
    ANY_TAG,
    CLEARED,
    TAPPED,
    category_buttons,
    clears,
    notification_actions,
    notification_footprint,
    notification_tag,
    push_categories,
    tap_key,
    tapped_keys,
)
from custom_components.home_mcp.gate.perimeter_keys import ANY_EVENT, Key, KeyKind
from homeassistant.components.ios import CONF_USER, CONFIG_SCHEMA as IOS_CONFIG_SCHEMA
from homeassistant.components.ios.const import IOS_DATA
from homeassistant.core import HomeAssistant
from homeassistant.helpers.template import Template

LOCK_UP: Final = "lock_up"
"""The tag of the owner's "No one home, lock the doors?" prompt."""
DISHWASHER: Final = "The dishwasher is done"
ACTION_EVENT: Final = "mobile_app_notification_action"


def _sent(**data: Any) -> dict[str, Any]:
    """Return a notify action's data: the dishwasher message with `data`."""
    return {"message": DISHWASHER, "data": data}


def _house_categories(categories: list[dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    """Return the iOS categories a house's `ios: push: categories:` gives, as Home Assistant reads them.

    The configuration goes through the `ios` integration's own schema (which
    folds the case of identifiers) into where `ios` keeps it (`IOS_DATA`).
    """
    user = IOS_CONFIG_SCHEMA({"ios": {"push": {"categories": categories}}})["ios"]
    hass = SimpleNamespace(data={IOS_DATA: {CONF_USER: user}})
    return push_categories(cast("HomeAssistant", hass))


DOOR_CATEGORY: Final = {
    "name": "Front door",
    "identifier": "door",
    "actions": [
        {"identifier": "unlock_front_door", "title": "Unlock"},
        {"identifier": "ignore", "title": "Ignore"},
    ],
}


# -- the tag: which notification on the phone another takes the place of -------------------


def test_a_notification_s_tag_is_the_tag_it_replaces_on_the_phone() -> None:
    """`data: {tag: lock_up}`: Android and the browsers replace the one tagged `lock_up`."""
    assert notification_tag(_sent(tag=LOCK_UP)) == LOCK_UP


def test_an_iphone_notification_s_collapse_id_is_its_tag() -> None:
    """The relay copies `apns_headers` onto the APNs message; `apns-collapse-id` replaces on iOS."""
    assert notification_tag(_sent(apns_headers={"apns-collapse-id": LOCK_UP})) == LOCK_UP


def test_the_collapse_id_of_a_whole_apns_payload_is_its_tag() -> None:
    """The relay sends `data.apns` as the APNs message itself: its headers' collapse id replaces."""
    apns = {
        "headers": {"apns-collapse-id": LOCK_UP},
        "payload": {"aps": {"alert": {"body": DISHWASHER}}},
    }
    assert notification_tag(_sent(apns=apns)) == LOCK_UP


def test_a_tag_and_the_same_collapse_id_are_one_tag() -> None:
    """The relay writes `tag` into `apns-collapse-id`: the same text twice replaces one notification."""
    data = _sent(tag=LOCK_UP, apns_headers={"apns-collapse-id": LOCK_UP})
    assert notification_tag(data) == LOCK_UP


@pytest.mark.parametrize(
    "data",
    [
        _sent(tag="{{ 'lock_' ~ 'up' }}"),
        _sent(tag=Template("{{ states('input_text.tag') }}", None)),
        _sent(apns_headers={"apns-collapse-id": "{{ 'lock_' ~ 'up' }}"}),
        _sent(apns_headers="{{ {'apns-collapse-id': 'lock_up'} }}"),
        _sent(apns={"headers": "{{ {'apns-collapse-id': 'lock_up'} }}"}),
        {"message": DISHWASHER, "data": "{{ {'tag': 'lock_up'} }}"},
        {"__template__": "{{ fields }}"},
    ],
    ids=[
        "tag",
        "tag-template-object",
        "collapse-id",
        "apns-headers",
        "apns-payload-headers",
        "data-block",
        "whole-data",
    ],
)
def test_a_tag_a_template_decides_may_replace_any_notification(data: dict[str, Any]) -> None:
    """What a template renders is known when the action runs: it may be the prompt's tag."""
    assert notification_tag(data) == ANY_TAG


def test_a_tag_and_a_different_collapse_id_may_replace_either() -> None:
    """Android replaces by `tag`; an iPhone by the collapse id the relay ends with: either one."""
    data = _sent(tag=LOCK_UP, apns_headers={"apns-collapse-id": "dishwasher"})
    assert notification_tag(data) == ANY_TAG


@pytest.mark.parametrize(
    "data",
    [
        {"message": DISHWASHER},
        _sent(),
        _sent(actions=[{"action": "OK", "title": "OK"}]),
        _sent(apns_headers={"apns-priority": "10"}),
        _sent(apns={"payload": {"aps": {"alert": {"body": DISHWASHER}}}}),
    ],
    ids=["no-data", "empty-data", "buttons-only", "other-header", "payload-without-headers"],
)
def test_a_notification_without_a_tag_replaces_nothing(data: dict[str, Any]) -> None:
    """Without a tag or collapse id each notification is a new one beside the others."""
    assert notification_tag(data) is None


def test_a_number_tag_replaces_the_notification_tagged_with_its_digits() -> None:
    """Android gets `String(tag)`: a tag of 42 is the tag "42" (and `tag: 42` in YAML is a number)."""
    assert notification_tag(_sent(tag=42)) == notification_tag(_sent(tag="42")) == "42"


def test_a_true_or_false_tag_replaces_the_notification_tagged_in_lower_case() -> None:
    """Android gets `String(tag)`: `tag: true` (JSON, or YAML's `true`) is the tag "true"."""
    assert notification_tag(_sent(tag=True)) == notification_tag(_sent(tag="true"))


def test_a_list_given_as_a_tag_may_replace_the_tag_it_spells() -> None:
    """Android gets `String(["lock_up"])`, which is "lock_up": it replaces the prompt."""
    assert notification_tag(_sent(tag=[LOCK_UP])) in (LOCK_UP, ANY_TAG)


# -- clear_notification: a notification that only takes another off -------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"message": "clear_notification", "data": {"tag": LOCK_UP}},
        {"message": Template("clear_notification", None), "data": {"tag": LOCK_UP}},
    ],
    ids=["text", "static-template"],
)
def test_clear_notification_takes_the_tagged_notification_off_the_phone(
    data: dict[str, Any],
) -> None:
    """The companion apps read the message `clear_notification` as a command, not a text."""
    assert clears(data)


@pytest.mark.parametrize(
    "data",
    [
        {"message": "{{ 'clear_' ~ 'notification' }}", "data": {"tag": LOCK_UP}},
        {"message": Template("{{ states('input_text.message') }}", None)},
        {"__template__": "{{ fields }}"},
    ],
    ids=["message-template", "template-object", "whole-data"],
)
def test_a_message_a_template_decides_may_be_clear_notification(data: dict[str, Any]) -> None:
    """What the template renders is known only when the action runs."""
    assert clears(data)


@pytest.mark.parametrize(
    "message",
    [DISHWASHER, "clear_notifications now", "request_location_update", "clear_badge", None],
)
def test_any_other_message_is_shown_and_takes_nothing_off(message: str | None) -> None:
    """Only the exact command clears; other text (and other commands) leave the phone's list."""
    assert not clears({"message": message, "data": {"tag": LOCK_UP}})


# -- buttons: what a person's tap on the notification fires -----------------------------------


def test_a_notification_s_buttons_are_the_actions_its_data_lists() -> None:
    """`data: {actions: [{action: UNLOCK_FRONT_DOOR, title: OK}]}`: the tap fires that action.

    Whatever a button's title says, the event names its `action`.
    """
    data = _sent(
        actions=[
            {"action": "UNLOCK_FRONT_DOOR", "title": "Dishwasher: OK"},
            {"action": "IGNORE", "title": "Ignore"},
        ]
    )
    assert notification_actions(data, {}) == ["UNLOCK_FRONT_DOOR", "IGNORE"]


@pytest.mark.parametrize(
    "data",
    [{"message": DISHWASHER}, _sent(), _sent(tag=LOCK_UP), _sent(actions=[])],
    ids=["no-data", "empty-data", "tag-only", "no-actions"],
)
def test_a_notification_without_buttons_fires_no_tap(data: dict[str, Any]) -> None:
    """Nothing to tap: only a swipe comes back (`CLEARED`)."""
    assert notification_actions(data, {}) == []
    assert notification_footprint(data, {}).taps == ()


@pytest.mark.parametrize(
    "data",
    [
        _sent(actions="{{ [{'action': 'UNLOCK_FRONT_DOOR'}] }}"),
        _sent(actions=[{"action": "{{ 'UNLOCK_' ~ 'FRONT_DOOR' }}", "title": "OK"}]),
        {"message": DISHWASHER, "data": "{{ {'actions': []} }}"},
        {"__template__": "{{ fields }}"},
    ],
    ids=["actions", "action-id", "data-block", "whole-data"],
)
def test_buttons_a_template_decides_may_fire_any_tap(data: dict[str, Any]) -> None:
    """The action a template renders may be the one the owner's automation answers."""
    assert notification_actions(data, {}) is None


def test_buttons_written_into_an_apns_payload_may_fire_any_tap() -> None:
    """The relay copies `data.apns` over the message Apple gets: its category and buttons."""
    apns = {"payload": {"aps": {"category": "DOOR"}, "actions": [{"action": "X"}]}}
    assert notification_actions(_sent(apns=apns), {}) is None


def test_a_house_s_ios_category_is_found_in_any_case_with_its_actions_upper_case() -> None:
    """Home Assistant keeps `identifier: door` as `door` and `unlock_front_door` as `UNLOCK_FRONT_DOOR`.

    The relay upper-cases the category a notification names: `DOOR`,
    `door` and `Door` are the one category, and a tap on Unlock fires
    `UNLOCK_FRONT_DOOR`.
    """
    categories = _house_categories([DOOR_CATEGORY])
    for name in ("door", "DOOR", " Door "):
        assert category_buttons({"category": name}, categories) == ["UNLOCK_FRONT_DOOR", "IGNORE"]


def test_a_category_the_house_does_not_define_may_hold_any_buttons() -> None:
    """The phone's owner may have set the category's buttons up in the companion app."""
    categories = _house_categories([DOOR_CATEGORY])
    assert category_buttons({"category": "garage"}, categories) is None
    assert notification_actions(_sent(push={"category": "garage"}), categories) is None


@pytest.mark.parametrize(
    "push",
    [None, {}, {"sound": "default"}, {"category": ""}, {"category": "  "}, {"badge": 1}],
    ids=["no-push", "empty", "sound", "empty-category", "blank-category", "badge"],
)
def test_no_category_adds_no_buttons(push: Any) -> None:
    """Without a category the phone shows the notification's own buttons only."""
    assert category_buttons(push, _house_categories([DOOR_CATEGORY])) == []


@pytest.mark.parametrize(
    "push",
    [
        {"category": "{{ 'do' ~ 'or' }}"},
        {"category": Template("{{ states('input_text.category') }}", None)},
        "{{ {'category': 'door'} }}",
        {"category": ["door"]},
    ],
    ids=["category-template", "template-object", "push-template", "not-text"],
)
def test_a_category_a_template_decides_may_hold_any_buttons(push: Any) -> None:
    """A template may render the name of any category the phone holds."""
    assert category_buttons(push, {}) is None


def test_a_notification_s_own_buttons_and_its_category_s_both_fire_taps() -> None:
    """A tap on either the category's Unlock or the notification's own Snooze fires its action."""
    categories = _house_categories([DOOR_CATEGORY])
    data = _sent(push={"category": "door"}, actions=[{"action": "SNOOZE", "title": "Snooze"}])
    found = notification_actions(data, categories)
    assert found is not None
    assert set(found) == {"UNLOCK_FRONT_DOOR", "IGNORE", "SNOOZE"}


def test_a_button_comes_back_as_a_tap_from_every_app_and_any_notification_as_a_swipe() -> None:
    """Android and iOS fire `mobile_app_notification_action`, iOS also its own, a browser `clicked`.

    Every notification, tapped or not, comes back when swiped away.
    """
    footprint = notification_footprint(_sent(actions=[{"action": "UNLOCK_FRONT_DOOR"}]), {})
    assert set(footprint.taps) == {(event, "UNLOCK_FRONT_DOOR") for event in TAPPED}
    assert {ACTION_EVENT, "ios.notification_action_fired"} <= set(TAPPED)
    assert footprint.events == CLEARED
    assert "mobile_app_notification_cleared" in footprint.events


# -- what a tap sets off ------------------------------------------------------------------


def test_a_tap_sets_off_what_waits_for_that_button_or_for_any_tap() -> None:
    """A tap on UNLOCK runs what waits for UNLOCK, for any such event, or for every event.

    An automation on `mobile_app_notification_action` with `action: IGNORE` does not run.
    """
    keys = tapped_keys([], ACTION_EVENT, "UNLOCK")
    assert tap_key(ACTION_EVENT, "UNLOCK") in keys
    assert Key(KeyKind.EVENT, ACTION_EVENT) in keys
    assert ANY_EVENT in keys
    assert tap_key(ACTION_EVENT, "IGNORE") not in keys


def test_a_tap_on_a_button_a_template_decides_sets_off_what_waits_for_any_of_them() -> None:
    """Any button of the event's may be the one tapped; another event's buttons are not."""
    known = [
        tap_key(ACTION_EVENT, "UNLOCK"),
        tap_key(ACTION_EVENT, "IGNORE"),
        tap_key("html5_notification.clicked", "OPEN_GARAGE"),
        "lock.front_door",
    ]
    keys = tapped_keys(known, ACTION_EVENT, None)
    assert tap_key(ACTION_EVENT, "UNLOCK") in keys
    assert tap_key(ACTION_EVENT, "IGNORE") in keys
    assert ANY_EVENT in keys
    assert tap_key("html5_notification.clicked", "OPEN_GARAGE") not in keys
    assert "lock.front_door" not in keys


def test_a_tap_on_one_button_is_not_the_tap_on_another_of_the_same_event() -> None:
    """`UNLOCK` and `UNLOCK_2`, or the same action of another event, wait for different taps."""
    unlock = tap_key(ACTION_EVENT, "UNLOCK")
    assert unlock != tap_key(ACTION_EVENT, "UNLOCK_2")
    assert unlock != tap_key("ios.action_fired", "UNLOCK")
    assert unlock == tap_key(ACTION_EVENT, "UNLOCK")
