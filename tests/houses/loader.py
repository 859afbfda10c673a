"""Real houses: public Home Assistant configurations, loaded into a real Home Assistant.

The houses live outside this repository (`../shared/houses/<name>/`, or the
folder `HOME_MCP_HOUSES` names): each `src/` is a configuration folder as its
owner published it (YAML, packages, blueprints, Jinja macros), and `NOTE.md`
names its repository and commit. Nothing of them is copied into the
repository: a test copies a house into its own temporary configuration
folder and loads it there with Home Assistant's own configuration loader
(includes, packages, `!secret`, customize), then sets up what Home
Assistant can run in a test: automations, scripts, scenes, blueprints,
template entities, groups, helpers, MQTT entities (against the harness's
MQTT stand-in) and YAML platforms that are pure logic (template, group,
manual alarm panels, ...).

What the house names but cannot run here (a Z-Wave lock, a Hue light, a
phone's tracker) gets a stand-in under the same entity id: a real entity of
its domain for locks, covers, valves, alarm panels, lights, switches, fans,
buttons, sensors and the like (so a lock really unlocks and a test can see
it), with the device class the house gives it (customize) or its id says
(`cover.garage_door` is a garage); a state of its own for the rest.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
import logging
import os
from pathlib import Path
import re
import shutil
from typing import Any

from pytest_homeassistant_custom_component.common import MockEntityPlatform

from homeassistant import config as conf_util, core_config
from homeassistant.components.alarm_control_panel import (
    AlarmControlPanelEntity,
    AlarmControlPanelEntityFeature,
    AlarmControlPanelState,
)
from homeassistant.components.binary_sensor import BinarySensorEntity
from homeassistant.components.button import ButtonEntity
from homeassistant.components.climate import ClimateEntity, ClimateEntityFeature, HVACMode
from homeassistant.components.cover import CoverDeviceClass, CoverEntity, CoverEntityFeature
from homeassistant.components.fan import FanEntity, FanEntityFeature
from homeassistant.components.light import ColorMode, LightEntity
from homeassistant.components.lock import LockEntity, LockEntityFeature
from homeassistant.components.media_player import (
    MediaPlayerEntity,
    MediaPlayerEntityFeature,
    MediaPlayerState,
)
from homeassistant.components.sensor import SensorEntity
from homeassistant.components.switch import SwitchEntity
from homeassistant.components.valve import ValveEntity, ValveEntityFeature
from homeassistant.const import ATTR_DEVICE_CLASS, UnitOfTemperature
from homeassistant.core import HomeAssistant, split_entity_id, valid_entity_id
from homeassistant.helpers import template as template_helper
from homeassistant.helpers.entity import Entity
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.setup import async_setup_component
from homeassistant.util.yaml import loader as yaml_loader

_LOGGER = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
_PLACES = (
    os.environ.get("HOME_MCP_HOUSES"),
    ROOT.parent / "shared" / "houses",
    "/work/shared/houses",  # These machines', for a clone elsewhere (CI's).
)
HOUSES = next(
    (Path(p) for p in _PLACES if p and Path(p).is_dir()), ROOT.parent / "shared" / "houses"
)
"""Where the real houses are: `HOME_MCP_HOUSES`, or `../shared/houses` beside this repository."""

SETTLE_SECONDS = 2
"""How long a house may keep running what a change set off before a test goes on."""
HELPER_DOMAINS = (
    "input_boolean",
    "input_button",
    "input_datetime",
    "input_number",
    "input_select",
    "input_text",
    "timer",
    "counter",
    "schedule",
)
"""Helpers a house defines in YAML, set up as Home Assistant sets them up."""
LOGIC_DOMAINS = ("template", "group", "utility_meter", "alert")
"""Top-level integrations that are pure logic over the house's own entities."""
MACRO_DOMAINS = ("script", "scene", "automation")
ENTITY_DOMAINS = (
    "alarm_control_panel",
    "binary_sensor",
    "button",
    "climate",
    "cover",
    "fan",
    "light",
    "lock",
    "media_player",
    "number",
    "select",
    "sensor",
    "switch",
    "valve",
    "vacuum",
    "water_heater",
    "humidifier",
    "siren",
    "text",
    "event",
    "notify",
)
"""Entity components set up for every house (their YAML platforms filtered)."""
LOGIC_PLATFORMS = frozenset(
    {
        "template",
        "group",
        "manual",
        "universal",
        "min_max",
        "threshold",
        "generic_thermostat",
        "trend",
        "derivative",
        "integration",
        "bayesian",
    }
)
"""YAML platforms Home Assistant runs with nothing but the house's own entities."""
STATE_ONLY_DOMAINS = frozenset(
    {
        "device_tracker",
        "person",
        "zone",
        "sun",
        "weather",
        "calendar",
        "camera",
        "image",
        "remote",
        "update",
        "proximity",
        "plant",
        "todo",
        "conversation",
        "tts",
        "stt",
        "wake_word",
        "lawn_mower",
        "date",
        "datetime",
        "time",
    }
)
"""Domains whose stand-ins are a state only (nothing acts on them here)."""
_ENTITY_ID = re.compile(r"(?<![\w.])([a-z_]+)\.([a-z0-9_]+)(?![\w(])")
_NOT_OBJECTS = frozenset(
    {
        "turn_on",
        "turn_off",
        "toggle",
        "state",
        "attributes",
        "entity_id",
        "last_changed",
        "last_updated",
        "name",
        "object_id",
        "domain",
        "context",
        "reload",
    }
)
_ACTION_KEYS = frozenset(
    {"action", "service", "service_template", "platform", "trigger", "event_type"}
)
"""Keys whose text names an action or an event (`timer.finished`), never an entity."""
_NUMERIC_SECRETS = ("latitude", "longitude", "elevation", "radius", "port")


def house_names() -> list[str]:
    """Return the houses there are (folders with a `src/`), sorted."""
    if not HOUSES.is_dir():
        return []
    return sorted(p.name for p in HOUSES.iterdir() if (p / "src").is_dir())


def house_root(name: str) -> Path:
    """Return the folder that holds the house's `configuration.yaml`."""
    src = HOUSES / name / "src"
    if (src / "configuration.yaml").is_file():
        return src
    return min(src.rglob("configuration.yaml"), key=lambda p: len(p.parts)).parent


def prepare_config_dir(name: str, config_dir: Path) -> list[str]:
    """Copy house `name` into `config_dir` so Home Assistant can load it; return what was made.

    Absolute `/config/` paths point into `config_dir`; every `!secret` gets a
    stand-in (a number where Home Assistant wants one); an `!include` of a
    file the house did not publish (dashboards, `secrets`, generated files)
    gets an empty one.
    """
    shutil.copytree(house_root(name), config_dir, dirs_exist_ok=True)
    secrets: dict[str, Any] = {}
    for path in sorted(config_dir.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "/config/" in text:
            text = text.replace("/config/", f"{config_dir}/")
            path.write_text(text, encoding="utf-8")
        for secret in re.findall(r"!secret\s+([\w.\-]+)", text):
            numeric = any(part in secret.lower() for part in _NUMERIC_SECRETS)
            secrets[secret] = 1.0 if numeric else f"http://secret.invalid/{secret}"
    (config_dir / "secrets.yaml").write_text(
        "".join(f"{key}: {value!r}\n" for key, value in sorted(secrets.items())),
        encoding="utf-8",
    )
    made: list[str] = []
    for _ in range(100):
        try:
            yaml_loader.load_yaml(
                config_dir / "configuration.yaml", yaml_loader.Secrets(config_dir)
            )
        except Exception as err:  # noqa: BLE001  # Home Assistant wraps what it cannot read.
            missing = re.search(r"Unable to read file (\S+)", str(err))
            if missing is None:
                raise
            path = Path(missing.group(1))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")
            made.append(str(path))
        else:
            return made
    raise RuntimeError(f"{name}: too many missing includes")


@dataclass
class House:
    """A real house loaded into `hass`."""

    name: str
    hass: HomeAssistant
    config: dict[str, Any]
    stand_ins: dict[str, str] = field(default_factory=dict)
    """entity id -> `entity` (a real entity), `helper` or `state` (a state only)."""
    errors: list[BaseException] = field(default_factory=list)
    """What the house's own runs raised (on stand-ins), as Home Assistant would log it."""

    def entities(self, domain: str) -> list[str]:
        """Return the house's entities of `domain`."""
        return sorted(self.hass.states.async_entity_ids(domain))

    def macros(self, domain: str) -> dict[str, Any]:
        """Return the house's automation or script entities (entity id -> entity object)."""
        component = self.hass.data.get(DATA_INSTANCES, {}).get(domain)
        return {e.entity_id: e for e in component.entities} if component is not None else {}

    def summary(self) -> dict[str, int]:
        """Return how much of the house loaded."""
        automations = self.macros("automation")
        unavailable = sum(
            1 for e in automations if (s := self.hass.states.get(e)) and s.state == "unavailable"
        )
        return {
            "automations": len(automations),
            "automations unavailable": unavailable,
            "scripts": len(self.macros("script")),
            "scenes": len(self.entities("scene")),
            "entities": len(self.hass.states.async_all()),
            "stand-ins": len(self.stand_ins),
        }


async def load_house(hass: HomeAssistant, name: str, mqtt: Any = None) -> House:
    """Load house `name` from `hass`'s configuration folder (`prepare_config_dir`) into `hass`.

    `mqtt`: the harness's `mqtt_mock_entry`, to set up the house's MQTT
    entities against the harness's MQTT stand-in.
    """
    config = await conf_util.async_hass_config_yaml(hass)
    core = config.get("homeassistant") or {}
    await core_config.async_process_ha_core_config(
        hass,
        {
            key: core[key]
            for key in ("customize", "customize_domain", "customize_glob", "packages")
            if key in core
        },
    )
    await template_helper.async_load_custom_templates(hass)
    assert await async_setup_component(hass, "homeassistant", {})
    for domain in ENTITY_DOMAINS:
        await async_setup_component(hass, domain, _platforms(config, domain))
    house = House(name, hass, config)
    named = referenced_entities(hass, config)
    for domain in HELPER_DOMAINS:
        helpers = _only(config, domain)
        defined = {
            f"{domain}.{key}"
            for items in helpers.values()
            if isinstance(items, Mapping)
            for key in items
        }
        extra = {
            split_entity_id(e)[1]: _helper_config(domain, e, config)
            for e in sorted(named - defined)
            if e.startswith(f"{domain}.")
        }
        if extra:
            own = helpers.get(domain)
            helpers[domain] = {**(own if isinstance(own, Mapping) else {}), **extra}
            house.stand_ins.update({f"{domain}.{key}": "helper" for key in extra})
        await async_setup_component(hass, domain, helpers)
    if mqtt is not None and any(_keys(config, "mqtt")):
        await mqtt()
    for domain in LOGIC_DOMAINS:
        await async_setup_component(hass, domain, _only(config, domain))
    await settle(hass)
    await _stand_ins(house, named)
    for domain in MACRO_DOMAINS:
        await async_setup_component(hass, domain, _only(config, domain))
    await settle(hass)
    return house


async def settle(hass: HomeAssistant) -> None:
    """Let what the house set off finish, except runs that wait (a delay, a wait)."""
    try:
        async with asyncio.timeout(SETTLE_SECONDS):
            await hass.async_block_till_done()
    except TimeoutError:
        _LOGGER.info("The house still runs something that waits")


def _keys(config: Mapping[str, Any], domain: str) -> Iterator[str]:
    """Yield the keys of `config` that hold `domain`'s configuration (`automation ui`)."""
    for key in config:
        if key == domain or key.startswith(f"{domain} "):
            yield key


def _only(config: Mapping[str, Any], domain: str) -> dict[str, Any]:
    return {key: config[key] for key in _keys(config, domain)}


def _platforms(config: Mapping[str, Any], domain: str) -> dict[str, Any]:
    """Return `domain`'s configuration with only the platforms that are pure logic."""
    found: dict[str, Any] = {}
    for key in _keys(config, domain):
        items = config[key]
        items = items if isinstance(items, list) else [items] if items else []
        kept = [
            item
            for item in items
            if isinstance(item, Mapping) and item.get("platform") in LOGIC_PLATFORMS
        ]
        if kept:
            found[key] = kept
    return found


_HELPER_SERVICES = frozenset(
    {
        "select_option", "select_next", "select_previous", "select_first", "select_last",
        "set_options", "set_value", "increment", "decrement", "reset", "set_datetime",
        "press", "start", "pause", "cancel", "finish", "change",
    }
)  # fmt: skip


def _helper_config(domain: str, entity_id: str, config: Any) -> dict[str, Any]:
    """Return the YAML of a helper the house names but made in the UI (not published)."""
    if domain == "input_select":
        return {"options": sorted(_compared_values(config, entity_id)) or ["unknown"]}
    if domain == "input_number":
        return {"min": 0, "max": 100000}
    if domain == "input_datetime":
        return {"has_date": True, "has_time": True}
    if domain == "counter":
        return {}
    if domain == "schedule":
        return {"name": split_entity_id(entity_id)[1]}
    return {}


def _compared_values(config: Any, entity_id: str) -> set[str]:
    """Return the literal states the house compares `entity_id` with, or selects on it."""
    found: set[str] = set()

    def scan(value: Any) -> None:
        if isinstance(value, Mapping):
            named = value.get("entity_id")
            names = [named] if isinstance(named, str) else named
            target = value.get("target")
            if isinstance(target, Mapping):
                inner = target.get("entity_id")
                names = [inner] if isinstance(inner, str) else inner or names
            if isinstance(names, list) and entity_id in [str(n).lower() for n in names]:
                for key in ("state", "to", "from", "option"):
                    item = value.get(key, (value.get("data") or {}).get(key))
                    items = item if isinstance(item, list) else [item]
                    found.update(str(i) for i in items if isinstance(i, (str, int, float)))
            for inner_value in value.values():
                scan(inner_value)
        elif isinstance(value, list):
            for item in value:
                scan(item)
        elif isinstance(value, str) and entity_id in value:
            found.update(
                re.findall(
                    rf"is_state\(\s*['\"]{re.escape(entity_id)}['\"]\s*,\s*['\"]([^'\"]+)['\"]",
                    value,
                )
            )

    scan(config)
    return {value for value in found if "{" not in value}


def referenced_entities(hass: HomeAssistant, config: Any) -> set[str]:
    """Return the entity ids the house's configuration names (not action names)."""
    domains = {*ENTITY_DOMAINS, *STATE_ONLY_DOMAINS, *HELPER_DOMAINS}
    found: set[str] = set()

    def scan(value: Any, key: str | None) -> None:
        if isinstance(value, Mapping):
            for inner_key, inner in value.items():
                scan(inner, str(inner_key))
        elif isinstance(value, (list, tuple)):
            for item in value:
                scan(item, key)
        elif isinstance(value, str) and key not in _ACTION_KEYS:
            for domain, object_id in _ENTITY_ID.findall(value.lower()):
                entity_id = f"{domain}.{object_id}"
                if (
                    domain in domains
                    and object_id not in _NOT_OBJECTS | _HELPER_SERVICES
                    and valid_entity_id(entity_id)
                    and not hass.services.has_service(domain, object_id)
                ):
                    found.add(entity_id)

    scan(config, None)
    return found


async def _stand_ins(house: House, named: set[str]) -> None:
    """Make what the house names, and cannot run here, exist under its own entity id."""
    hass = house.hass
    missing = sorted(e for e in named if hass.states.get(e) is None)
    customize = hass.data.get(core_config.DATA_CUSTOMIZE)
    by_domain: dict[str, list[Entity]] = {}
    for entity_id in missing:
        domain = split_entity_id(entity_id)[0]
        attributes = dict(customize.get(entity_id)) if customize is not None else {}
        entity = _stand_in(entity_id, attributes)
        if entity is None:
            hass.states.async_set(entity_id, _state_only(domain), attributes)
            house.stand_ins[entity_id] = "state"
        else:
            by_domain.setdefault(domain, []).append(entity)
            house.stand_ins[entity_id] = "entity"
    for domain, entities in by_domain.items():
        platform = MockEntityPlatform(hass, domain=domain, platform_name="house_stand_in")
        await platform.async_add_entities(entities)
    await settle(hass)


def _state_only(domain: str) -> str:
    return {"person": "home", "device_tracker": "home", "sun": "above_horizon"}.get(
        domain, "unknown"
    )


def _device_class(entity_id: str, attributes: Mapping[str, Any]) -> str | None:
    if isinstance(given := attributes.get(ATTR_DEVICE_CLASS), str):
        return given
    object_id = split_entity_id(entity_id)[1]
    if entity_id.startswith("cover."):
        for word, device_class in (
            ("garage", CoverDeviceClass.GARAGE),
            ("gate", CoverDeviceClass.GATE),
            ("door", CoverDeviceClass.DOOR),
        ):
            if word in object_id:
                return device_class
    return None


class _StandIn(Entity):
    """What every stand-in shares: its own entity id, no polling, a device class."""

    _attr_should_poll = False

    def __init__(self, entity_id: str, attributes: Mapping[str, Any]) -> None:
        """Stand in for `entity_id`, with the attributes the house gives it."""
        self.entity_id = entity_id
        self._attr_unique_id = f"house_stand_in_{entity_id}"
        self._attr_name = str(attributes.get("friendly_name") or split_entity_id(entity_id)[1])
        self._attr_device_class = _device_class(entity_id, attributes)


class StandInLock(_StandIn, LockEntity):
    """A lock that locks, unlocks and opens at once. Starts locked."""

    _attr_supported_features = LockEntityFeature.OPEN
    _attr_is_locked = True

    async def async_lock(self, **kwargs: Any) -> None:
        """Lock, at once."""
        self._attr_is_locked, self._attr_is_open = True, False
        self.async_write_ha_state()

    async def async_unlock(self, **kwargs: Any) -> None:
        """Unlock, at once."""
        self._attr_is_locked = False
        self.async_write_ha_state()

    async def async_open(self, **kwargs: Any) -> None:
        """Open, at once."""
        self._attr_is_locked, self._attr_is_open = False, True
        self.async_write_ha_state()


class StandInCover(_StandIn, CoverEntity):
    """A cover that moves at once. Starts closed."""

    _attr_supported_features = (
        CoverEntityFeature.OPEN
        | CoverEntityFeature.CLOSE
        | CoverEntityFeature.STOP
        | CoverEntityFeature.SET_POSITION
    )
    _attr_current_cover_position = 0

    @property
    def is_closed(self) -> bool:
        """Return True when closed (position 0)."""
        return self._attr_current_cover_position == 0

    async def async_open_cover(self, **kwargs: Any) -> None:
        """Open cover, at once."""
        self._attr_current_cover_position = 100
        self.async_write_ha_state()

    async def async_close_cover(self, **kwargs: Any) -> None:
        """Close cover, at once."""
        self._attr_current_cover_position = 0
        self.async_write_ha_state()

    async def async_set_cover_position(self, **kwargs: Any) -> None:
        """Set cover position, at once."""
        self._attr_current_cover_position = int(kwargs["position"])
        self.async_write_ha_state()

    async def async_stop_cover(self, **kwargs: Any) -> None:
        """Stop: it was never moving."""


class StandInValve(_StandIn, ValveEntity):
    """A valve that opens and closes at once. Starts closed."""

    _attr_supported_features = ValveEntityFeature.OPEN | ValveEntityFeature.CLOSE
    _attr_reports_position = False
    _attr_is_closed = True

    async def async_open_valve(self) -> None:
        """Open valve, at once."""
        self._attr_is_closed = False
        self.async_write_ha_state()

    async def async_close_valve(self) -> None:
        """Close valve, at once."""
        self._attr_is_closed = True
        self.async_write_ha_state()


class StandInAlarm(_StandIn, AlarmControlPanelEntity):
    """An alarm panel without a code. Starts armed away."""

    _attr_supported_features = (
        AlarmControlPanelEntityFeature.ARM_HOME
        | AlarmControlPanelEntityFeature.ARM_AWAY
        | AlarmControlPanelEntityFeature.ARM_NIGHT
        | AlarmControlPanelEntityFeature.ARM_VACATION
        | AlarmControlPanelEntityFeature.TRIGGER
    )
    _attr_code_arm_required = False
    _attr_alarm_state = AlarmControlPanelState.ARMED_AWAY

    def _set(self, state: AlarmControlPanelState) -> None:
        self._attr_alarm_state = state
        self.async_write_ha_state()

    async def async_alarm_disarm(self, code: str | None = None) -> None:
        """Alarm disarm, at once."""
        self._set(AlarmControlPanelState.DISARMED)

    async def async_alarm_arm_home(self, code: str | None = None) -> None:
        """Alarm arm home, at once."""
        self._set(AlarmControlPanelState.ARMED_HOME)

    async def async_alarm_arm_away(self, code: str | None = None) -> None:
        """Alarm arm away, at once."""
        self._set(AlarmControlPanelState.ARMED_AWAY)

    async def async_alarm_arm_night(self, code: str | None = None) -> None:
        """Alarm arm night, at once."""
        self._set(AlarmControlPanelState.ARMED_NIGHT)

    async def async_alarm_arm_vacation(self, code: str | None = None) -> None:
        """Alarm arm vacation, at once."""
        self._set(AlarmControlPanelState.ARMED_VACATION)

    async def async_alarm_trigger(self, code: str | None = None) -> None:
        """Alarm trigger, at once."""
        self._set(AlarmControlPanelState.TRIGGERED)


class _OnOff(_StandIn):
    """Turns on and off at once. Starts off."""

    _attr_is_on = False

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Turn on, at once."""
        self._attr_is_on = True
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Turn off, at once."""
        self._attr_is_on = False
        self.async_write_ha_state()


class StandInSwitch(_OnOff, SwitchEntity):
    """A switch."""


class StandInLight(_OnOff, LightEntity):
    """A light that only turns on and off."""

    _attr_color_mode = ColorMode.ONOFF
    _attr_supported_color_modes = frozenset({ColorMode.ONOFF})


class StandInFan(_OnOff, FanEntity):
    """A fan that only turns on and off."""

    _attr_supported_features = FanEntityFeature.TURN_ON | FanEntityFeature.TURN_OFF


class StandInMediaPlayer(_StandIn, MediaPlayerEntity):
    """A media player that turns on and off."""

    _attr_supported_features = (
        MediaPlayerEntityFeature.TURN_ON
        | MediaPlayerEntityFeature.TURN_OFF
        | MediaPlayerEntityFeature.PLAY_MEDIA
        | MediaPlayerEntityFeature.VOLUME_SET
    )
    _attr_state = MediaPlayerState.OFF

    async def async_turn_on(self) -> None:
        """Turn on, at once."""
        self._attr_state = MediaPlayerState.ON
        self.async_write_ha_state()

    async def async_turn_off(self) -> None:
        """Turn off, at once."""
        self._attr_state = MediaPlayerState.OFF
        self.async_write_ha_state()

    async def async_play_media(self, media_type: Any, media_id: str, **kwargs: Any) -> None:
        """Play: nothing to play here."""

    async def async_set_volume_level(self, volume: float) -> None:
        """Set volume level, at once."""
        self._attr_volume_level = volume
        self.async_write_ha_state()


class StandInClimate(_StandIn, ClimateEntity):
    """A thermostat that heats or is off."""

    _attr_hvac_modes = [HVACMode.OFF, HVACMode.HEAT, HVACMode.COOL, HVACMode.AUTO]
    _attr_hvac_mode = HVACMode.OFF
    _attr_temperature_unit = UnitOfTemperature.CELSIUS
    _attr_target_temperature = 20
    _attr_supported_features = (
        ClimateEntityFeature.TARGET_TEMPERATURE
        | ClimateEntityFeature.TURN_ON
        | ClimateEntityFeature.TURN_OFF
    )

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:
        """Set hvac mode, at once."""
        self._attr_hvac_mode = hvac_mode
        self.async_write_ha_state()

    async def async_set_temperature(self, **kwargs: Any) -> None:
        """Set temperature, at once."""
        self._attr_target_temperature = kwargs.get("temperature", self._attr_target_temperature)
        self.async_write_ha_state()


class StandInButton(_StandIn, ButtonEntity):
    """A button: pressing it changes its state (the time it was pressed)."""

    async def async_press(self) -> None:
        """Pressed."""


class StandInBinarySensor(_StandIn, BinarySensorEntity):
    """A binary sensor, off."""

    _attr_is_on = False


class StandInSensor(_StandIn, SensorEntity):
    """A sensor without a value."""


_STAND_INS: dict[str, type[_StandIn]] = {
    "lock": StandInLock,
    "cover": StandInCover,
    "valve": StandInValve,
    "alarm_control_panel": StandInAlarm,
    "switch": StandInSwitch,
    "light": StandInLight,
    "fan": StandInFan,
    "media_player": StandInMediaPlayer,
    "climate": StandInClimate,
    "button": StandInButton,
    "binary_sensor": StandInBinarySensor,
    "sensor": StandInSensor,
}


def _stand_in(entity_id: str, attributes: Mapping[str, Any]) -> Entity | None:
    """Return a real entity standing in for `entity_id`, or None for a state only."""
    kind = _STAND_INS.get(split_entity_id(entity_id)[0])
    return kind(entity_id, attributes) if kind is not None else None
