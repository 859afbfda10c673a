"""Real entity objects for the planned entities, one class per domain.

They are ordinary Home Assistant entities: a unique id (so they are in the
entity registry), a device (device registry), `has_entity_name`, and state
written by Home Assistant's entity machinery. Lights, switches, covers, locks
and climate act on their service calls and write the new state at once.

`bench_change()` changes an entity the way its device would report a change
(a new reading, a flip) and writes the new state: the sessions benchmark's
storm of state changes (`live.py`) goes through it, so every change passes
through the entity machinery and the state machine like a real one.
"""

from __future__ import annotations

from typing import Any

from homeassistant.components.binary_sensor import BinarySensorDeviceClass, BinarySensorEntity
from homeassistant.components.climate import ClimateEntity, ClimateEntityFeature, HVACMode
from homeassistant.components.cover import CoverDeviceClass, CoverEntity, CoverEntityFeature
from homeassistant.components.light import ATTR_BRIGHTNESS, ColorMode, LightEntity
from homeassistant.components.lock import LockEntity
from homeassistant.components.media_player import (
    MediaPlayerEntity,
    MediaPlayerEntityFeature,
    MediaPlayerState,
)
from homeassistant.components.sensor import SensorDeviceClass, SensorEntity, SensorStateClass
from homeassistant.components.switch import SwitchDeviceClass, SwitchEntity
from homeassistant.config_entries import ConfigEntry
from homeassistant.const import UnitOfTemperature
from homeassistant.core import HomeAssistant
from homeassistant.helpers.device_registry import DeviceInfo
from homeassistant.helpers.entity import Entity
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .const import DOMAIN
from .plan import EntitySpec, HousePlan


class BenchEntity(Entity):
    """What every planned entity shares: ids, device, name, availability."""

    _attr_has_entity_name = True
    _attr_should_poll = False
    bench_changeable = False
    """True when `bench_change()` can change this kind of entity."""

    def __init__(self, spec: EntitySpec) -> None:
        """Create the entity of `spec`."""
        self.spec = spec
        self.entity_id = spec.entity_id  # The planned id (a suggestion to the registry).
        self._attr_unique_id = spec.unique_id
        self._attr_name = spec.name
        self._attr_available = spec.available
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, spec.device_key)},
            name=spec.device_name,
            manufacturer="Home MCP bench",
            model=spec.kind.capitalize(),
        )

    def bench_change(self) -> None:
        """Change the entity as its device would, and write the new state."""
        self._bench_flip()
        self.async_write_ha_state()

    def _bench_flip(self) -> None:
        """Change what the state is made of; each call gives a different state."""
        raise NotImplementedError(f"{self.entity_id} does not change")


class BenchSensor(BenchEntity, SensorEntity):
    """A numeric sensor."""

    bench_changeable = True

    def __init__(self, spec: EntitySpec) -> None:
        """Create the sensor."""
        super().__init__(spec)
        values = spec.values
        self._attr_device_class = SensorDeviceClass(values["device_class"])
        self._attr_state_class = SensorStateClass(values["state_class"])
        self._attr_native_unit_of_measurement = values["unit"]
        self._attr_native_value = values["value"]
        self._bench_step = 0.1

    def _bench_flip(self) -> None:
        """Report a new reading: 0.1 up, then back down (always a different state)."""
        value = self._attr_native_value
        if isinstance(value, (int, float)):
            self._attr_native_value = round(value + self._bench_step, 1)
            self._bench_step = -self._bench_step


class BenchBinarySensor(BenchEntity, BinarySensorEntity):
    """A motion, door, window or occupancy sensor."""

    bench_changeable = True

    def __init__(self, spec: EntitySpec) -> None:
        """Create the binary sensor."""
        super().__init__(spec)
        self._attr_device_class = BinarySensorDeviceClass(spec.values["device_class"])
        self._attr_is_on = spec.values["is_on"]

    def _bench_flip(self) -> None:
        """See or clear motion, open or close a door."""
        self._attr_is_on = not self._attr_is_on


class BenchLight(BenchEntity, LightEntity):
    """A dimmable light."""

    bench_changeable = True

    _attr_color_mode = ColorMode.BRIGHTNESS
    _attr_supported_color_modes = {ColorMode.BRIGHTNESS}  # noqa: RUF012

    def __init__(self, spec: EntitySpec) -> None:
        """Create the light."""
        super().__init__(spec)
        self._attr_is_on = spec.values["is_on"]
        self._attr_brightness = spec.values["brightness"]

    def _bench_flip(self) -> None:
        """Turn on or off at the wall."""
        self._attr_is_on = not self._attr_is_on

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Turn the light on."""
        self._attr_is_on = True
        self._attr_brightness = kwargs.get(ATTR_BRIGHTNESS, self._attr_brightness or 255)
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Turn the light off."""
        self._attr_is_on = False
        self.async_write_ha_state()


class BenchSwitch(BenchEntity, SwitchEntity):
    """A plug or relay."""

    bench_changeable = True

    def __init__(self, spec: EntitySpec) -> None:
        """Create the switch."""
        super().__init__(spec)
        self._attr_device_class = SwitchDeviceClass(spec.values["device_class"])
        self._attr_is_on = spec.values["is_on"]

    def _bench_flip(self) -> None:
        """Switch on or off by hand."""
        self._attr_is_on = not self._attr_is_on

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Turn the switch on."""
        self._attr_is_on = True
        self.async_write_ha_state()

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Turn the switch off."""
        self._attr_is_on = False
        self.async_write_ha_state()


class BenchCover(BenchEntity, CoverEntity):
    """A blind, shade, window, door or garage door."""

    bench_changeable = True

    _attr_supported_features = CoverEntityFeature.OPEN | CoverEntityFeature.CLOSE

    def __init__(self, spec: EntitySpec) -> None:
        """Create the cover."""
        super().__init__(spec)
        self._attr_device_class = CoverDeviceClass(spec.values["device_class"])
        self._attr_is_closed = spec.values["is_closed"]

    def _bench_flip(self) -> None:
        """Open or close by hand."""
        self._attr_is_closed = not self._attr_is_closed

    async def async_open_cover(self, **kwargs: Any) -> None:
        """Open the cover."""
        self._attr_is_closed = False
        self.async_write_ha_state()

    async def async_close_cover(self, **kwargs: Any) -> None:
        """Close the cover."""
        self._attr_is_closed = True
        self.async_write_ha_state()


class BenchLock(BenchEntity, LockEntity):
    """A door lock."""

    bench_changeable = True

    def __init__(self, spec: EntitySpec) -> None:
        """Create the lock."""
        super().__init__(spec)
        self._attr_is_locked = spec.values["is_locked"]

    def _bench_flip(self) -> None:
        """Lock or unlock by hand."""
        self._attr_is_locked = not self._attr_is_locked

    async def async_lock(self, **kwargs: Any) -> None:
        """Lock."""
        self._attr_is_locked = True
        self.async_write_ha_state()

    async def async_unlock(self, **kwargs: Any) -> None:
        """Unlock."""
        self._attr_is_locked = False
        self.async_write_ha_state()


class BenchClimate(BenchEntity, ClimateEntity):
    """A heating thermostat."""

    bench_changeable = True

    _attr_hvac_modes = [HVACMode.OFF, HVACMode.HEAT]  # noqa: RUF012
    _attr_supported_features = (
        ClimateEntityFeature.TARGET_TEMPERATURE
        | ClimateEntityFeature.TURN_ON
        | ClimateEntityFeature.TURN_OFF
    )
    _attr_temperature_unit = UnitOfTemperature.CELSIUS

    def __init__(self, spec: EntitySpec) -> None:
        """Create the thermostat."""
        super().__init__(spec)
        self._attr_hvac_mode = HVACMode(spec.values["hvac_mode"])
        self._attr_current_temperature = spec.values["current_temperature"]
        self._attr_target_temperature = spec.values["target_temperature"]
        self._bench_step = 0.5

    def _bench_flip(self) -> None:
        """Turn the target half a degree up on the thermostat, then back."""
        if self._attr_target_temperature is not None:
            self._attr_target_temperature += self._bench_step
            self._bench_step = -self._bench_step

    async def async_set_hvac_mode(self, hvac_mode: HVACMode) -> None:
        """Set the mode."""
        self._attr_hvac_mode = hvac_mode
        self.async_write_ha_state()

    async def async_set_temperature(self, **kwargs: Any) -> None:
        """Set the target temperature."""
        self._attr_target_temperature = kwargs.get("temperature", self._attr_target_temperature)
        self.async_write_ha_state()


class BenchMediaPlayer(BenchEntity, MediaPlayerEntity):
    """A speaker or TV."""

    _attr_supported_features = (
        MediaPlayerEntityFeature.PLAY
        | MediaPlayerEntityFeature.PAUSE
        | MediaPlayerEntityFeature.TURN_ON
        | MediaPlayerEntityFeature.TURN_OFF
    )

    def __init__(self, spec: EntitySpec) -> None:
        """Create the media player."""
        super().__init__(spec)
        self._attr_state = MediaPlayerState(spec.values["state"])
        if self._attr_state is MediaPlayerState.PLAYING:
            self._attr_media_title = "Bench FM"


ENTITY_CLASSES: dict[str, type[BenchEntity]] = {
    "binary_sensor": BenchBinarySensor,
    "climate": BenchClimate,
    "cover": BenchCover,
    "light": BenchLight,
    "lock": BenchLock,
    "media_player": BenchMediaPlayer,
    "sensor": BenchSensor,
    "switch": BenchSwitch,
}


async def async_setup_platform_entry(
    hass: HomeAssistant,
    entry: ConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
    domain: str,
) -> None:
    """Add the planned entities of `domain` (what each platform module calls)."""
    plan: HousePlan = hass.data[DOMAIN].plan
    entity_class = ENTITY_CLASSES[domain]
    entities = [entity_class(spec) for spec in plan.by_domain(domain)]
    hass.data[DOMAIN].entities.extend(entities)
    async_add_entities(entities)
