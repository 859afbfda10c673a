"""Helpers the owner makes from the Helpers page that read other entities, and some act on them.

A generic thermostat switches its heater, a generic hygrostat its
humidifier, on their own when the sensor they read crosses the target: acting
on the helper, or changing what its sensor is computed from, is judged by what
that heater or humidifier opens (a Switch as X valve, a template switch that
opens the garage, a switch group holding one). A Bayesian sensor's
observations, kept in config subentries, are what it reads: a helper among
them sets off what the sensor does. A helper that only reads (history stats)
guards nothing it reads.
"""

from __future__ import annotations

from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    DISARM,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    config_flow,
    state,
)

# -- thermostats and hygrostats, a Bayesian sensor's observations ----------------------


@pytest.mark.redteam(round=1)
@pytest.mark.parametrize(
    ("handler", "steps", "domain", "calls"),
    [
        (
            "generic_thermostat",
            [{"name": "Floor heating", "ac_mode": False, "target_sensor": "{sensor}",
              "heater": "switch.ac", "cold_tolerance": 0.3, "hot_tolerance": 0.3}, {}],
            "climate",
            [("climate.set_hvac_mode", {"hvac_mode": "heat"}),
             ("climate.set_temperature", {"temperature": 30})],
        ),
        (
            "generic_hygrostat",
            [{"name": "Lawn moisture", "device_class": "humidifier", "target_sensor": "{sensor}",
              "humidifier": "switch.ac", "dry_tolerance": 1, "wet_tolerance": 1}],
            "humidifier",
            [("humidifier.turn_on", {}), ("humidifier.set_humidity", {"humidity": 90})],
        ),
    ],
)  # fmt: skip
async def test_a_thermostat_or_hygrostat_whose_relay_is_shown_as_a_valve_is_guarded(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    handler: str,
    steps: list[dict[str, Any]],
    domain: str,
    calls: list[tuple[str, dict[str, Any]]],
) -> None:
    """S4: a thermostat or hygrostat switches its heater, which Switch as X shows as a valve."""
    valve = await owner.add_switch_as_x("switch.ac", "valve")
    sensor = await owner.add_template("sensor", {"name": "Moisture", "state": "20"})
    filled = [{k: sensor if v == "{sensor}" else v for k, v in step.items()} for step in steps]
    entry = await config_flow(hass, handler, *filled)
    [helper] = [s.entity_id for s in hass.states.async_all(domain) if s.entity_id.endswith(
        entry.title.lower().replace(" ", "_"))]  # fmt: skip
    before = {valve: state(hass, valve)}
    for action, data in calls:
        assert_refused(await call_service(mcp, action, target={"entity_id": helper}, data=data))
    await assert_house(hass, before)
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True


@pytest.mark.redteam(round=1)
async def test_a_helper_a_bayesian_sensor_observes_in_a_subentry_waits_when_the_sensor_disarms(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """S5: a Bayesian sensor's observations live in subentries; a helper it reads disarms."""
    helper = await owner.create_helper("input_boolean", "Arrival Anna")
    entry = await config_flow(
        hass, "bayesian", {"name": "Anna is home", "probability_threshold": 50, "prior": 20}
    )
    subentries = hass.config_entries.subentries
    result = await subentries.async_init(
        (entry.entry_id, "observation"), context={"source": "user"}
    )
    result = await subentries.async_configure(result["flow_id"], {"next_step_id": "state"})
    result = await subentries.async_configure(
        result["flow_id"],
        {"entity_id": helper, "to_state": "on", "prob_given_true": 95, "prob_given_false": 5,
         "name": "Anna pressed arrival"},
    )  # fmt: skip
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    [sensor] = [
        s.entity_id for s in hass.states.async_all("binary_sensor") if "anna" in s.entity_id
    ]
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "anna",
        {
            "alias": "Disarm when Anna is home",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [DISARM],
        },
    )
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {ALARM: "armed_away", helper: "off"})


# -- what a thermostat or a hygrostat reads; a helper that only reads ------------------


async def _number(owner: Owner, name: str, initial: float) -> str:
    assert await async_setup_component(owner.hass, "input_number", {})
    return await owner.create_helper(
        "input_number", name, min=0, max=100, step=1, initial=initial, mode="box"
    )


async def _sensor(owner: Owner, name: str, number: str, device_class: str, unit: str) -> str:
    return await owner.add_template(
        "sensor",
        {
            "name": name,
            "state": f"{{{{ states('{number}') }}}}",
            "device_class": device_class,
            "unit_of_measurement": unit,
            "state_class": "measurement",
        },
    )


async def _opening_switch(owner: Owner, name: str, opens: str, on: str, off: str) -> str:
    """Return a template switch that is on while `opens` is open and switches it."""
    domain = opens.partition(".")[0]
    return await owner.add_template(
        "switch",
        {
            "name": name,
            "value_template": f"{{{{ is_state('{opens}', 'open') }}}}",
            "turn_on": [{"action": f"{domain}.{on}", "target": {"entity_id": opens}}],
            "turn_off": [{"action": f"{domain}.{off}", "target": {"entity_id": opens}}],
        },
    )


async def _helper_flow(owner: Owner, domain: str, fields: dict[str, Any]) -> str:
    flows = owner.hass.config_entries.flow
    result = await flows.async_init(domain, context={"source": "user"})
    assert result["type"] is FlowResultType.FORM, result
    result = await flows.async_configure(result["flow_id"], fields)
    while result["type"] is FlowResultType.FORM:  # The thermostat's presets: none.
        result = await flows.async_configure(result["flow_id"], {})
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await owner.hass.async_block_till_done()
    return owner._entity_of_entry(result["result"].entry_id)  # noqa: SLF001


async def _set(mcp: McpHarness, number: str, value: float) -> dict[str, Any]:
    return await call_service(
        mcp, "input_number.set_value", target={"entity_id": number}, data={"value": value}
    )


@pytest.mark.redteam(round=10)
async def test_a_temperature_that_starts_a_heater_shown_as_a_valve_is_refused(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    valve = await owner.add_switch_as_x("switch.decorative_lights", "valve")
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    number = await _number(owner, "Room temperature", 25)
    sensor = await _sensor(owner, "Room temperature sensor", number, "temperature", "°C")
    thermostat = await _helper_flow(
        owner,
        "generic_thermostat",
        {
            "name": "Radiator",
            "ac_mode": False,
            "target_sensor": sensor,
            "heater": "switch.decorative_lights",
        },
    )
    await owner.act(
        "climate.set_temperature", entity_id=thermostat, temperature=20, hvac_mode="heat"
    )
    before = {valve: state(hass, valve), "switch.decorative_lights": "off"}
    assert before[valve] == "closed"
    assert_refused(await _set(mcp, number, 15))
    await assert_house(hass, before)
    entity = (await mcp.data("get_entity", {"entity_id": number}))["entity"]
    assert entity["guarded"] is True


@pytest.mark.redteam(round=10)
async def test_a_temperature_that_starts_a_cooling_fan_opening_the_garage_is_refused(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    fan = await _opening_switch(
        owner, "Garage ventilation", "cover.garage_door", "open_cover", "close_cover"
    )
    number = await _number(owner, "Garage temperature", 20)
    sensor = await _sensor(owner, "Garage temperature sensor", number, "temperature", "°C")
    thermostat = await _helper_flow(
        owner,
        "generic_thermostat",
        {"name": "Garage cooling", "ac_mode": True, "target_sensor": sensor, "heater": fan},
    )
    await owner.act(
        "climate.set_temperature", entity_id=thermostat, temperature=28, hvac_mode="cool"
    )
    before = {"cover.garage_door": state(hass, "cover.garage_door")}
    assert before["cover.garage_door"] == "closed"
    assert_refused(await _set(mcp, number, 35))
    await assert_house(hass, before)


@pytest.mark.redteam(round=10)
async def test_a_moisture_that_starts_a_hygrostat_watering_the_orchard_is_refused(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    await owner.act("valve.close_valve", entity_id="valve.orchard")
    irrigation = await _opening_switch(
        owner, "Orchard irrigation", "valve.orchard", "open_valve", "close_valve"
    )
    number = await _number(owner, "Orchard moisture", 60)
    sensor = await _sensor(owner, "Orchard soil", number, "humidity", "%")
    hygrostat = await _helper_flow(
        owner,
        "generic_hygrostat",
        {
            "name": "Orchard",
            "device_class": "humidifier",
            "target_sensor": sensor,
            "humidifier": irrigation,
        },
    )
    await owner.act("humidifier.set_humidity", entity_id=hygrostat, humidity=40)
    await owner.act("humidifier.turn_on", entity_id=hygrostat)
    before = {"valve.orchard": state(hass, "valve.orchard")}
    assert before["valve.orchard"] == "closed"
    assert_refused(await _set(mcp, number, 10))
    await assert_house(hass, before)


@pytest.mark.redteam(round=10)
async def test_a_temperature_that_starts_a_plain_heater_runs(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    """The control: a heater that opens nothing leaves its sensor free to change."""
    number = await _number(owner, "Bathroom temperature", 25)
    sensor = await _sensor(owner, "Bathroom temperature sensor", number, "temperature", "°C")
    thermostat = await _helper_flow(
        owner,
        "generic_thermostat",
        {"name": "Towel rail", "ac_mode": False, "target_sensor": sensor, "heater": "switch.ac"},
    )
    await owner.act(
        "climate.set_temperature", entity_id=thermostat, temperature=20, hvac_mode="heat"
    )
    assert_ran(await _set(mcp, number, 15))
    entity = (await mcp.data("get_entity", {"entity_id": number}))["entity"]
    assert entity["guarded"] is False


@pytest.mark.redteam(round=10)
async def test_a_temperature_that_starts_a_heater_group_holding_a_valve_is_refused(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    """Round 11 left this untried: the heater is a switch group holding the valve's switch."""
    valve = await owner.add_switch_as_x("switch.decorative_lights", "valve")
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    heaters = await owner.add_group("switch", "Heaters", ["switch.decorative_lights", "switch.ac"])
    number = await _number(owner, "Hall temperature", 25)
    sensor = await _sensor(owner, "Hall temperature sensor", number, "temperature", "°C")
    thermostat = await _helper_flow(
        owner,
        "generic_thermostat",
        {"name": "Hall", "ac_mode": False, "target_sensor": sensor, "heater": heaters},
    )
    await owner.act(
        "climate.set_temperature", entity_id=thermostat, temperature=20, hvac_mode="heat"
    )
    before = {valve: state(hass, valve)}
    assert before[valve] == "closed"
    assert_refused(await _set(mcp, number, 15))
    await assert_house(hass, before)


@pytest.mark.redteam(round=10)
async def test_a_helper_that_only_reads_a_lock_guards_nothing_it_reads(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    """The control for read-only helpers: "how long was the front door unlocked today".

    A history stats sensor names the front door lock and, in its start
    template, a time helper; it never switches anything, so the time it
    starts from stays free (the recorder it needs is not set up here: its
    config entry and entity are made as the UI leaves them).
    """
    assert await async_setup_component(hass, "input_datetime", {})
    start = await owner.create_helper("input_datetime", "Counting from", has_time=True)
    entry = MockConfigEntry(
        domain="history_stats",
        title="Front door unlocked",
        options={
            "name": "Front door unlocked",
            "entity_id": "lock.front_door",
            "state": ["unlocked"],
            "type": "time",
            "start": f"{{{{ states('{start}') }}}}",
            "end": "{{ now() }}",
        },
    )
    entry.add_to_hass(hass)
    sensor = er.async_get(hass).async_get_or_create(
        "sensor", "history_stats", entry.entry_id, config_entry=entry
    )
    hass.states.async_set(sensor.entity_id, "0.0")
    await hass.async_block_till_done()
    entity = (await mcp.data("get_entity", {"entity_id": start}))["entity"]
    assert entity["guarded"] is False
