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

from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from tests.conftest import McpHarness

from .house import (
    ALARM,
    DISARM,
    Owner,
    arm,
    assert_house,
    assert_refused,
    call_service,
    config_flow,
    state,
)

# -- thermostats and hygrostats, a Bayesian sensor's observations ----------------------


@pytest.mark.redteam(1)
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


@pytest.mark.redteam(1)
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
