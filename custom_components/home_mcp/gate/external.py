"""What leaves Home Assistant: actions whose effect the gate cannot see.

`mqtt.publish`, `rest_command.*`, `shell_command.*` and an integration's
action that addresses its devices by its own means reach something Home
Assistant does not show. Each is judged for what is known of it:

- an `mqtt.publish` on the command topic of an MQTT entity Home Assistant
  knows is that entity's own action (`mqtt_commands`): the payload it would
  send to open it opens it;
- one the owner marked as opening in Home MCP's options, or whose name says
  it opens (`names_opening`: garage, gate, door, unlock, open, disarm, or
  a lock or an alarm turned off, in the languages of `OPENING_WORDS`),
  opens the house;
- any other is *external*: a client's own call waits, as for anything the
  gate cannot judge; the same step inside the owner's own automation or
  script is the owner's, and does not make that item, or what sets it off,
  guarded.

`external_key` names one such action for the options and the repair that
lists them (`mqtt.publish home/led_clock/set`, `rest_command.panel_wake`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
import re
from typing import Any, Final
import unicodedata

from homeassistant.const import (
    SERVICE_ALARM_ARM_AWAY,
    SERVICE_ALARM_ARM_CUSTOM_BYPASS,
    SERVICE_ALARM_ARM_HOME,
    SERVICE_ALARM_ARM_NIGHT,
    SERVICE_ALARM_ARM_VACATION,
    SERVICE_ALARM_DISARM,
    SERVICE_ALARM_TRIGGER,
    SERVICE_CLOSE_COVER,
    SERVICE_CLOSE_VALVE,
    SERVICE_LOCK,
    SERVICE_OPEN,
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_VALVE,
    SERVICE_STOP_COVER,
    SERVICE_STOP_VALVE,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
    SERVICE_UNLOCK,
)
from homeassistant.core import HomeAssistant, split_entity_id
from homeassistant.helpers.entity_component import DATA_INSTANCES

from .internals import MQTT_CONFIG, private_or
from .targets import is_dynamic, static

OPENING_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "en": ("garage", "gate", "door", "unlock", "open", "disarm"),
    "fr": ("portail", "porte", "deverrouill*", "ouvr*", "desarm*"),
    "de": ("tor", "tur", "tuer", "entriegel*", "aufschliess*", "offn*", "oeffn*", "unscharf*"),
    "es": ("garaje", "porton", "puerta", "desbloque*", "abrir", "abre", "desarm*"),
    "it": ("cancello", "porta", "sblocc*", "apri", "aprire"),
    "nl": ("poort", "deur", "ontgrendel*", "openen"),
    "pt": ("garagem", "portao", "porta", "destranc*", "abrir"),
}  # fmt: skip
"""Words a name says it opens with, per language (folded: no accents). A word
ending in `*` is a stem (`ouvr*`: ouvrir, ouvre, ouverture); any other matches
as a word, plural or verb forms included (`gates`, `opener`, `unlocked`)."""
SECURED_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "en": ("lock", "alarm"),
    "fr": ("serrure", "verrou", "alarme"),
    "de": ("schloss", "alarm", "alarmanlage"),
    "es": ("cerradura", "alarma"),
    "it": ("serratura", "allarme"),
    "nl": ("alarm",),
    "pt": ("fechadura", "alarme"),
}  # fmt: skip
"""What is locked or armed: a name with one says it opens only with a word
that turns it off (`alarm_off`, `lock_toggle`), since it may as well secure
(`arm_alarm`, `lock_all`) or do something else (`alarm_snapshots_purge`)."""
TURNING_OFF_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    "en": ("off", "toggle", "disable", "deactivat*", "release"),
    "fr": ("desactiv*", "eteind*", "arret*", "bascul*"),
    "de": ("aus", "ausschalt*", "deaktiv*", "umschalt*"),
    "es": ("apag*", "desactiv*", "altern*"),
    "it": ("spegn*", "disattiv*", "commuta*"),
    "nl": ("uit", "uitschakel*", "deactiv*", "wissel*"),
    "pt": ("deslig*", "desativ*", "alterna*"),
}  # fmt: skip
"""Words that turn what is locked or armed off (or either way)."""
_SUFFIXES: Final = ("", "s", "es", "ed", "er", "ers", "ing", "en", "e")


def _vocabulary(table: Mapping[str, tuple[str, ...]]) -> tuple[tuple[str, ...], frozenset[str]]:
    """Return a table's stems (`ouvr*`, without the star) and whole words."""
    every = [word for words in table.values() for word in words]
    stems = tuple(word[:-1] for word in every if word.endswith("*"))
    return stems, frozenset(word for word in every if not word.endswith("*"))


_OPENING: Final = _vocabulary(OPENING_WORDS)
_SECURED: Final = _vocabulary(SECURED_WORDS)
_TURNING_OFF: Final = _vocabulary(TURNING_OFF_WORDS)
_TOKEN: Final = re.compile(r"[a-z0-9]+")
_CAMEL: Final = re.compile(r"(?<=[a-z])(?=[A-Z])")

MQTT_PAYLOAD_VERBS: Final[Mapping[str, Mapping[str, str]]] = {
    "cover": {"payload_open": SERVICE_OPEN_COVER, "payload_close": SERVICE_CLOSE_COVER,
              "payload_stop": SERVICE_STOP_COVER},
    "valve": {"payload_open": SERVICE_OPEN_VALVE, "payload_close": SERVICE_CLOSE_VALVE,
              "payload_stop": SERVICE_STOP_VALVE},
    "lock": {"payload_lock": SERVICE_LOCK, "payload_unlock": SERVICE_UNLOCK, "payload_open": SERVICE_OPEN},
    "alarm_control_panel": {
        "payload_disarm": SERVICE_ALARM_DISARM, "payload_arm_home": SERVICE_ALARM_ARM_HOME,
        "payload_arm_away": SERVICE_ALARM_ARM_AWAY, "payload_arm_night": SERVICE_ALARM_ARM_NIGHT,
        "payload_arm_vacation": SERVICE_ALARM_ARM_VACATION,
        "payload_arm_custom_bypass": SERVICE_ALARM_ARM_CUSTOM_BYPASS, "payload_trigger": SERVICE_ALARM_TRIGGER,
    },
    "button": {"payload_press": "press"},
    "*": {"payload_on": SERVICE_TURN_ON, "payload_off": SERVICE_TURN_OFF},
}  # fmt: skip
"""An MQTT entity's command payloads as the entity's own verbs, per domain."""
UNKNOWN_PAYLOAD: Final = "mqtt.publish"
"""The verb of a payload an MQTT entity's configuration does not name: no rule
for a lock, door, valve or alarm accepts it (unknown)."""


def _fold(text: str) -> str:
    """Return `text` lower-cased without accents (`Déverrouiller` -> `deverrouiller`)."""
    split = _CAMEL.sub("_", text)
    decomposed = unicodedata.normalize("NFKD", split)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def _says(token: str, vocabulary: tuple[tuple[str, ...], frozenset[str]]) -> bool:
    """Return True if `token` is one of a vocabulary's words or stems, in any form."""
    stems, words = vocabulary
    if token.startswith(stems):
        return True
    for word in words:
        if token.startswith(word):
            rest = token[len(word) :]
            if rest in _SUFFIXES or (len(word) >= 4 and _whole(rest, words)):
                return True
    return False


def _whole(rest: str, words: frozenset[str]) -> bool:
    """Return True if `rest` is itself one of `words` (`garagedoor`)."""
    return any(rest == word + suffix for word in words for suffix in _SUFFIXES)


def names_opening(key: str, data: Any = None) -> bool:
    """Return True if an external action's name (`external_key`) says it opens the house.

    An opening word (`open_gate`); or what is locked or armed, turned off
    by a word of its name or of the data it is given (`alarm_off`, a
    payload `DISARM` on `home/alarm/set`, `rest_command.front_lock` with
    `command: unlock`), or given data a template decides. Not what is
    locked or armed alone (`alarm_snapshots_purge_old`, `arm_alarm`).
    """
    _, _, name = key.partition(".")
    tokens = _TOKEN.findall(_fold(name))
    if any(_says(token, _OPENING) for token in tokens):
        return True
    if not any(_says(token, _SECURED) for token in tokens):
        return False
    texts = list(_texts(data))
    if any(is_dynamic(text) for text in texts):
        return True
    given = [
        token
        for text in texts
        for token in _TOKEN.findall(_fold(str(getattr(text, "template", text))))
    ]
    return any(_says(t, _TURNING_OFF) or _says(t, _OPENING) for t in (*tokens, *given))


def _texts(value: Any) -> Iterator[Any]:
    """Yield each value a step's data holds, however nested (templates as they are)."""
    if isinstance(value, Mapping):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)
    elif value is not None:
        yield value


def external_key(domain: str, service: str, data: Mapping[str, Any]) -> str:
    """Return how an external action is named for the owner: the action, and an MQTT topic."""
    if (domain, service) == ("mqtt", "publish"):
        topic = static(data.get("topic"))
        if isinstance(topic, str) and not is_dynamic(topic):
            return f"mqtt.publish {topic.strip()}"
    return f"{domain}.{service}"


@dataclass(frozen=True, slots=True)
class MqttCommand:
    """A topic an MQTT entity takes commands on.

    verbs: payload -> the entity's verb (`OPEN` -> `open_cover`); another
        payload is `UNKNOWN_PAYLOAD` (what it does to the entity is not known).
    """

    entity_id: str
    verbs: Mapping[str, str]

    def verb(self, payload: Any) -> str:
        """Return what publishing `payload` does to the entity."""
        payload = static(payload)
        if isinstance(payload, (str, int, float)) and not is_dynamic(payload):
            return self.verbs.get(str(payload), UNKNOWN_PAYLOAD)
        return UNKNOWN_PAYLOAD


def mqtt_commands(hass: HomeAssistant) -> dict[str, list[MqttCommand]]:
    """Return topic -> the MQTT entities that take commands on it, with their payloads.

    Read from each MQTT entity's configuration (`internals.MQTT_CONFIG`):
    its `command_topic` (with the payloads it names, unless a
    `command_template` makes them something else) and every other topic it
    publishes commands on (`set_position_topic`, `*_command_topic`).
    """
    found: dict[str, list[MqttCommand]] = {}
    for entity in _mqtt_entities(hass):
        config = private_or(entity, MQTT_CONFIG, None)
        if not isinstance(config, Mapping):
            continue
        domain = split_entity_id(entity.entity_id)[0]
        table = {**MQTT_PAYLOAD_VERBS["*"], **MQTT_PAYLOAD_VERBS.get(domain, {})}
        for key, topic in config.items():
            if not isinstance(topic, str) or not _is_command_topic(str(key)):
                continue
            verbs: dict[str, str] = {}
            if key == "command_topic" and config.get("command_template") is None:
                verbs = {
                    str(payload): verb
                    for name, verb in table.items()
                    if isinstance(payload := config.get(name), (str, int, float))
                }
            found.setdefault(topic, []).append(MqttCommand(entity.entity_id, verbs))
    return found


def _is_command_topic(key: str) -> bool:
    return key.endswith("command_topic") or key in ("set_position_topic", "set_fan_speed_topic")


def _mqtt_entities(hass: HomeAssistant) -> Iterator[Any]:
    for component in hass.data.get(DATA_INSTANCES, {}).values():
        for entity in component.entities:
            platform = getattr(entity, "platform", None)
            if entity.entity_id and getattr(platform, "platform_name", None) == "mqtt":
                yield entity
