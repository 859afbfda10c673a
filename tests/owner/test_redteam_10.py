"""Red team, round 10: a helper that drives what opens the house, set off by what it reads.

Same rules as the earlier rounds (`test_redteam_1.py`): the owner builds the
house through Home Assistant's own APIs; the client only calls MCP tools.

A generic thermostat switches its heater, a generic hygrostat its
humidifier, on their own when their sensor crosses the target. With a
Switch as X valve, or a template switch that opens the garage, as that
heater, changing the number behind the sensor opened the house: the gate
guarded acting on the helper but not what the helper reads. A helper that
drives the entities its options name now acts, for the perimeter, like an
automation triggered by each of them.
"""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import Owner, assert_house, assert_ran, assert_refused, call_service, state


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


async def _flow(owner: Owner, domain: str, fields: dict[str, Any]) -> str:
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


async def test_a_thermostat_heating_a_switch_shown_as_a_valve(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    valve = await owner.add_switch_as_x("switch.decorative_lights", "valve")
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    number = await _number(owner, "Room temperature", 25)
    sensor = await _sensor(owner, "Room temperature sensor", number, "temperature", "°C")
    thermostat = await _flow(
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


async def test_a_cooling_thermostat_whose_fan_opens_the_garage(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    fan = await _opening_switch(
        owner, "Garage ventilation", "cover.garage_door", "open_cover", "close_cover"
    )
    number = await _number(owner, "Garage temperature", 20)
    sensor = await _sensor(owner, "Garage temperature sensor", number, "temperature", "°C")
    thermostat = await _flow(
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


async def test_a_hygrostat_watering_the_orchard(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    await owner.act("valve.close_valve", entity_id="valve.orchard")
    irrigation = await _opening_switch(
        owner, "Orchard irrigation", "valve.orchard", "open_valve", "close_valve"
    )
    number = await _number(owner, "Orchard moisture", 60)
    sensor = await _sensor(owner, "Orchard soil", number, "humidity", "%")
    hygrostat = await _flow(
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


async def test_a_thermostat_heating_a_plain_heater_guards_nothing(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    """The control: a heater that opens nothing leaves its sensor free to change."""
    number = await _number(owner, "Bathroom temperature", 25)
    sensor = await _sensor(owner, "Bathroom temperature sensor", number, "temperature", "°C")
    thermostat = await _flow(
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


async def test_a_thermostat_heating_a_switch_group_with_a_valve_in_it(
    mcp: McpHarness, hass: HomeAssistant, owner: Owner
) -> None:
    """Round 11 left this untried: the heater is a switch group holding the valve's switch."""
    valve = await owner.add_switch_as_x("switch.decorative_lights", "valve")
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    heaters = await owner.add_group("switch", "Heaters", ["switch.decorative_lights", "switch.ac"])
    number = await _number(owner, "Hall temperature", 25)
    sensor = await _sensor(owner, "Hall temperature sensor", number, "temperature", "°C")
    thermostat = await _flow(
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
