"""What the MQTT broker hands back: an owner's `mqtt` triggers as inputs of the gate.

The broker delivers every message to every subscriber, Home Assistant's own
MQTT triggers too: what Home Assistant publishes on a topic an automation
listens to sets it off, as a wall keypad on the same Tasmota `cmnd/` topic,
or a zigbee2mqtt `/set` topic, would. So an automation's `mqtt` trigger
(its topic filter, `+` and `#` wildcards included, and its `payload:`) is an
input, read as an MQTT key (`trigger_key`), which these set off:

- a `mqtt.publish` on a topic the filter matches, with the trigger's payload
  (a topic or a payload given by a template may be any: `published`);
- an MQTT entity's own commands, on each command topic of its configuration
  the filter matches (`external.mqtt_commands`): with the payload the entity
  sends for an action when the configuration names it (`ON` for
  `switch.turn_on`), only the actions that send the trigger's payload do
  (`publishers`: the states they leave the entity in); a payload the
  configuration does not name, or a trigger whose `value_template` reads
  the message, may match any command.

A trigger whose topic is a template listens to any topic under the text it
starts with (`zigbee2mqtt/{{ name }}/action`: `zigbee2mqtt/#`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import json
from typing import Any, Final

from homeassistant.core import HomeAssistant, split_entity_id

from .bindings import Bindings, is_template, static_prefix, static_suffix
from .external import mqtt_commands
from .perimeter_keys import Key, KeyKind, kind_of, name_of
from .targets import static
from .verbs import verb_states

ANY_TOPIC: Final = "#"

type Fires = frozenset[str] | None
"""The states an entity's action must leave it in to publish what a trigger hears
(None: any action on it may)."""


def trigger_key(config: Mapping[str, Any]) -> str | None:
    """Return the key of an `mqtt` trigger's configuration (None: no topic read).

    A `Key` of kind `mqtt` named `["<topic filter>", "<payload>"]` (payload null: any).

    Its topic filter (`#` under a templated topic's plain start), and its
    payload (null when a template decides it, or a `value_template` reads
    the message: any message may match).
    """
    topic = static(config.get("topic"))
    if not isinstance(topic, str):
        return None
    if is_template(topic):
        start = static_prefix(topic)
        topic = start[: start.rfind("/") + 1] + ANY_TOPIC
    payload = static(config.get("payload"))
    if isinstance(payload, (bool, int, float)):
        payload = str(payload)
    if not isinstance(payload, str) or is_template(payload) or "value_template" in config:
        payload = None
    return Key(KeyKind.MQTT, json.dumps([topic.strip(), payload]))


def _parsed(key: str) -> tuple[str, str | None] | None:
    """Return (topic filter, payload or None) of an MQTT key; None for any other key."""
    if (name := name_of(key, KeyKind.MQTT)) is None:
        return None
    try:
        topic, payload = json.loads(name)
    except ValueError, TypeError:
        return None
    return str(topic), payload if isinstance(payload, str) else None


def topic_matches(topic_filter: str, topic: str) -> bool:
    """Return True if a message on `topic` reaches a subscription to `topic_filter`.

    `+` matches one level, a last `#` any number of them (none too:
    `home/#` hears `home`).
    """
    wanted, levels = topic_filter.split("/"), topic.split("/")
    for index, part in enumerate(wanted):
        if part == ANY_TOPIC:
            return True
        if index >= len(levels) or part not in ("+", levels[index]):
            return False
    return len(wanted) == len(levels)


def may_match_under(topic_filter: str, start: str) -> bool:
    """Return True if `topic_filter` may hear some topic that starts with `start`."""
    *levels, partial = start.split("/")
    wanted = topic_filter.split("/")
    for index, level in enumerate(levels):
        if index >= len(wanted):
            return False
        if wanted[index] == ANY_TOPIC:
            return True
        if wanted[index] not in ("+", level):
            return False
    if len(wanted) <= len(levels):
        return False
    last = wanted[len(levels)]
    return last in ("+", ANY_TOPIC) or last.startswith(partial)


def may_match_ending(topic_filter: str, end: str) -> bool:
    """Return True if `topic_filter` may hear some topic that ends with `end` (any case)."""
    partial, *levels = end.lower().split("/")
    wanted = topic_filter.lower().split("/")
    if ANY_TOPIC in wanted:
        return True
    for index, level in enumerate(reversed(levels), start=1):
        if index > len(wanted) or wanted[-index] not in ("+", level):
            return False
    if len(wanted) <= len(levels):
        return False  # The level the text ends in starts in what the template renders.
    last = wanted[-len(levels) - 1]
    return last == "+" or last.endswith(partial)


def published(keys: Iterable[str], topic: Any, payload: Any, start: str = "") -> list[str]:
    """Return the MQTT keys among `keys` a `mqtt.publish` of `payload` on `topic` sets off.

    A topic or payload that is a template (or not text) may be any: a
    topic, any that starts and ends as every render of it does
    (`zigbee2mqtt/{{ name }}/set`; `start`: what a variable it is starts with).
    """
    topic, payload = static(topic), static(payload)
    any_topic = not isinstance(topic, str) or is_template(topic)
    end = ""
    if any_topic and isinstance(topic, str):
        start, end = static_prefix(topic) or start, static_suffix(topic)
    if isinstance(payload, (bool, int, float)):
        payload = str(payload)
    any_payload = not isinstance(payload, str) or is_template(payload)
    found = []
    for key in keys:
        if (parsed := _parsed(key)) is None:
            continue
        topic_filter, wanted = parsed
        if any_topic and not (
            may_match_under(topic_filter, start) and may_match_ending(topic_filter, end)
        ):
            continue
        if not any_topic and not topic_matches(topic_filter, str(topic).strip()):
            continue
        if wanted is not None and not any_payload and wanted != payload:
            continue
        found.append(key)
    return found


def heard(
    keys: Iterable[str],
    topic: Any,
    payload: Any,
    bindings: Bindings | None,
    scope: frozenset[str] | None,
    *,
    owners: bool,
) -> list[str]:
    """Return the MQTT keys among `keys` a `mqtt.publish` step of `payload` on `topic` reaches.

    A templated topic may be any that starts as every render of it does
    (`Bindings.action_prefix` under `scope`: `{{ base }}/set` with `base:
    zigbee2mqtt`). In the owner's own automation or script (`owners`), one
    of which nothing is known (a blueprint's `{{ command_path }}` built in a
    loop) is the owner's, as any action leaving Home Assistant is there
    (`paths.judge_external`): it reaches none; a client's may be any topic.
    """
    start = ""
    if is_template(topic) and bindings is not None:
        start = static_prefix(topic) or bindings.action_prefix(topic, scope)
    if is_template(topic) and not start and owners:
        return []
    return published(keys, topic, payload, start)


def publishers(hass: HomeAssistant, keys: Iterable[str]) -> dict[str, dict[str, Fires]]:
    """Return, per MQTT key, the MQTT entities whose commands set it off, and how.

    Each entity's command topics the trigger's filter matches
    (`external.mqtt_commands`): with its payload named in the entity's
    configuration, only the actions that send it (the states they leave the
    entity in, None when the action does not say); one the configuration
    does not name, or a trigger that takes any payload: any action.
    """
    commands = mqtt_commands(hass)
    found: dict[str, dict[str, Fires]] = {}
    for key in keys:
        if (parsed := _parsed(key)) is None:
            continue
        topic_filter, wanted = parsed
        for topic, takers in commands.items():
            if not topic_matches(topic_filter, topic):
                continue
            for command in takers:
                if wanted is not None and command.verbs and wanted not in command.verbs:
                    continue  # The entity never sends that payload on this topic.
                fires: Fires = None
                if wanted is not None and command.verbs:
                    domain = split_entity_id(command.entity_id)[0]
                    fires = verb_states(domain, command.verbs[wanted]) or None
                entities = found.setdefault(key, {})
                if command.entity_id in entities:
                    before = entities[command.entity_id]
                    fires = None if before is None or fires is None else before | fires
                entities[command.entity_id] = fires
    return found


def is_mqtt_key(key: str) -> bool:
    """Return True for the key of an `mqtt` trigger."""
    return kind_of(key) is KeyKind.MQTT
