"""`get_history`, `get_statistics` and `get_logbook` on a real recorder.

Home Assistant runs with its recorder (an in-memory SQLite database) from the
start, so the demo house's states are recorded as they are set. Past states
are made by moving a frozen clock; every call goes through the MCP SDK client
over real HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
import json
import logging
from typing import Any
from zoneinfo import ZoneInfo

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
from pytest_homeassistant_custom_component.components.recorder.common import (
    async_wait_recording_done,
)
from pytest_homeassistant_custom_component.typing import RecorderInstanceGenerator

from homeassistant.auth.models import RefreshToken
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.recorder import Recorder
from homeassistant.components.recorder.models import StatisticMeanType
from homeassistant.components.recorder.statistics import (
    async_add_external_statistics,
    async_import_statistics,
)
from homeassistant.core import Context, HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .conftest import McpHarness, set_options


@pytest.fixture
def mock_recorder_before_hass(async_setup_recorder_instance: RecorderInstanceGenerator) -> None:
    """Prepare the recorder's database before `hass` exists (HA-NOTES, trap 2)."""


@pytest.fixture
async def logbook(recorder_mock: Recorder, hass: HomeAssistant) -> None:
    """Run the recorder, then the logbook (its HTTP view before any test client)."""
    assert await async_setup_component(hass, "logbook", {})


@dataclass
class House:
    """The MCP harness, with an access token minted at the (frozen) time of each call.

    Access tokens carry their issue time: one minted before the clock moves
    is expired, or not yet valid, afterwards.
    """

    mcp: McpHarness
    refresh_token: RefreshToken

    @property
    def hass(self) -> HomeAssistant:
        """Return Home Assistant."""
        return self.mcp.hass

    async def data(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        """Call `tool` now and return its structured content."""
        self.mcp.token = self.hass.auth.async_create_access_token(self.refresh_token)
        return await self.mcp.data(tool, arguments)


@pytest.fixture
async def house(logbook: None, mcp: McpHarness, hass_admin_user: MockUser) -> House:
    """Return the demo house, recorded from its first state, with the logbook.

    `logbook` (hence `recorder_mock`) comes before `mcp`, so the recorder runs
    before the demo's entities exist and their first states are recorded.
    """
    await async_wait_recording_done(mcp.hass)
    refresh_token = await mcp.hass.auth.async_create_refresh_token(
        hass_admin_user, "https://example.com/recorder-tests"
    )
    return House(mcp, refresh_token)


def _at(value: str) -> datetime:
    when = datetime.fromisoformat(value)
    assert when.tzinfo is not None, f"{value} has no offset"
    return when


def _entity(data: dict[str, Any], entity_id: str) -> dict[str, Any]:
    return next(item for item in data["entities"] if item["entity_id"] == entity_id)


def _assert_local(hass: HomeAssistant, value: str) -> None:
    """`value` carries the offset of Home Assistant's zone at that instant."""
    when = _at(value)
    zone = ZoneInfo(hass.config.time_zone)
    assert when.utcoffset() == when.astimezone(zone).utcoffset()


async def test_unchanged_entity_appears_with_its_state_at_the_window_start(
    house: House, freezer: FrozenDateTimeFactory
) -> None:
    hass = house.hass
    setup = dt_util.utcnow()
    freezer.move_to(setup.replace(microsecond=0) + timedelta(hours=30))
    await hass.services.async_call(
        "light", "turn_on", {"entity_id": "light.bed_light"}, blocking=True
    )
    turned_on = dt_util.utcnow()
    freezer.tick(timedelta(hours=1))
    # After the window: the present state differs from the window's.
    await hass.services.async_call("switch", "turn_on", {"entity_id": "switch.ac"}, blocking=True)
    freezer.tick(timedelta(hours=1))
    await async_wait_recording_done(hass)
    now = dt_util.utcnow()
    assert hass.states.get("switch.ac").state == "on"

    data = await house.data(
        "get_history", {"entity_ids": ["switch.ac", "light.bed_light"], "end": "90m"}
    )

    assert data["ok"] is True
    window = data["window"]
    assert window["time_zone"] == hass.config.time_zone == "US/Pacific"
    assert _at(window["end"]) == now - timedelta(minutes=90)
    assert _at(window["start"]) == now - timedelta(minutes=90) - timedelta(hours=24)
    assert _at(window["start"]) > setup
    _assert_local(hass, window["start"])
    assert window["start"].endswith("-08:00")

    ac = _entity(data, "switch.ac")
    assert ac["changes"] == 0
    assert ac["rows"] == [{"when": window["start"], "state": "off"}]

    light = _entity(data, "light.bed_light")
    assert light["changes"] == 1
    assert [row["state"] for row in light["rows"]] == ["off", "on"]
    assert light["rows"][0]["when"] == window["start"]
    assert _at(light["rows"][1]["when"]) == turned_on.replace(microsecond=0)
    for row in light["rows"]:
        _assert_local(hass, row["when"])


async def test_relative_and_offsetless_times(house: House, freezer: FrozenDateTimeFactory) -> None:
    hass = house.hass
    await hass.config.async_update(time_zone="America/New_York")
    for when, state in (
        ("2026-11-01T14:30:00+00:00", "empty"),  # 09:30 in New York (EST since 06:00 UTC)
        ("2026-11-01T16:00:00+00:00", "mail"),  # 11:00 in New York
        ("2026-11-01T17:30:00+00:00", "collected"),  # 12:30 in New York
    ):
        freezer.move_to(when)
        hass.states.async_set("sensor.mailbox", state)
    freezer.move_to("2026-11-02T12:00:00+00:00")
    await async_wait_recording_done(hass)

    data = await house.data(
        "get_history",
        {"entity_ids": "sensor.mailbox", "start": "2026-11-01T10:00", "end": "2026-11-01T12:00"},
    )
    assert data["window"] == {
        "start": "2026-11-01T10:00:00-05:00",
        "end": "2026-11-01T12:00:00-05:00",
        "time_zone": "America/New_York",
    }
    rows = _entity(data, "sensor.mailbox")["rows"]
    # 10:00-12:00 New York time: the 11:00 change, not the 12:30 one.
    assert {"when": "2026-11-01T11:00:00-05:00", "state": "mail"} in rows
    assert "collected" not in [row["state"] for row in rows]

    data = await house.data("get_history", {"entity_ids": ["sensor.mailbox"], "start": "48h"})
    # 48 hours before 2026-11-02T12:00Z, when New York was still on daylight time.
    assert data["window"]["start"] == "2026-10-31T08:00:00-04:00"
    assert data["window"]["end"] == "2026-11-02T07:00:00-05:00"
    assert _entity(data, "sensor.mailbox")["rows"] == [
        {"when": "2026-11-01T09:30:00-05:00", "state": "empty"},
        {"when": "2026-11-01T11:00:00-05:00", "state": "mail"},
        {"when": "2026-11-01T12:30:00-05:00", "state": "collected"},
    ]


async def test_windows_beyond_the_maximum_are_refused(house: House) -> None:
    data = await house.data("get_history", {"entity_ids": ["switch.ac"], "start": "8d"})
    assert data["ok"] is False
    assert data["error"] == "invalid_arguments"
    assert "at most 7 days" in data["message"]
    assert "get_statistics" in data["hint"]

    data = await house.data("get_logbook", {"start": "9d", "end": "1d"})
    assert data["error"] == "invalid_arguments"
    assert "at most 7 days" in data["message"]

    data = await house.data("get_history", {"entity_ids": ["switch.ac"], "start": "last week"})
    assert data["error"] == "invalid_arguments"
    assert "48h" in data["hint"]

    data = await house.data("get_history", {"start": "2h"})
    assert data["error"] == "invalid_arguments"


async def test_numeric_series_downsampled_keeping_min_and_max(
    house: House, freezer: FrozenDateTimeFactory
) -> None:
    hass = house.hass
    first = dt_util.utcnow().replace(microsecond=0)
    freezer.move_to(first)
    spike_at = dip_at = first
    for minute in range(1000):
        value = 100 + minute % 10
        if minute == 400:
            value, spike_at = 5000, dt_util.utcnow()
        if minute == 700:
            value, dip_at = -50, dt_util.utcnow()
        hass.states.async_set("sensor.power", str(value), {"unit_of_measurement": "W"})
        freezer.tick(timedelta(minutes=1))
    await async_wait_recording_done(hass)

    data = await house.data("get_history", {"entity_ids": ["sensor.power"]})

    assert "truncated" not in data
    power = _entity(data, "sensor.power")
    assert power["unit"] == "W"
    assert power["downsampled"]["from_points"] == 1000
    rows = power["rows"]
    assert len(rows) <= 250
    assert power["downsampled"]["to_points"] == len(rows)
    assert power["min"] == -50
    assert power["max"] == 5000
    # The spike and the dip survive, each once, at the time it happened.
    assert [_at(row["when"]) for row in rows if row["state"] == 5000] == [spike_at]
    assert [_at(row["when"]) for row in rows if row["state"] == -50] == [dip_at]
    assert rows[0] == {"when": rows[0]["when"], "state": 100}
    assert _at(rows[0]["when"]) == first
    assert rows[-1]["state"] == 109
    assert [_at(row["when"]) for row in rows] == sorted(_at(row["when"]) for row in rows)


async def test_many_series_share_the_budget_instead_of_being_cut(
    house: House, freezer: FrozenDateTimeFactory
) -> None:
    """Ten busy sensors: each is downsampled to its share, min and max kept, nothing cut."""
    hass = house.hass
    freezer.move_to(dt_util.utcnow().replace(microsecond=0))
    sensors = [f"sensor.probe_{n}" for n in range(10)]
    for minute in range(300):
        for n, entity_id in enumerate(sensors):
            value = 20 + (minute + n) % 7
            if minute == 100 + n:
                value = 90 + n  # one spike per sensor, at its own time
            if minute == 250 - n:
                value = -10 - n
            hass.states.async_set(entity_id, str(value), {"unit_of_measurement": "°C"})
        freezer.tick(timedelta(minutes=1))
    await async_wait_recording_done(hass)

    data = await house.data("get_history", {"entity_ids": sensors})

    assert "truncated" not in data
    assert len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()) <= 15 * 1024
    for n, entity_id in enumerate(sensors):
        series = _entity(data, entity_id)
        assert series["downsampled"]["from_points"] == 300
        states = [row["state"] for row in series["rows"]]
        assert 90 + n in states and -10 - n in states, entity_id
        assert (series["min"], series["max"]) == (-10 - n, 90 + n)
        assert series["rows"][-1]["state"] == 20 + (299 + n) % 7


async def test_long_non_numeric_series_keeps_the_latest_changes(
    house: House, freezer: FrozenDateTimeFactory
) -> None:
    hass = house.hass
    for index in range(300):
        hass.states.async_set("sensor.gate_position", "open" if index % 2 else "closed")
        freezer.tick(timedelta(minutes=2))
    await async_wait_recording_done(hass)

    data = await house.data("get_history", {"entity_ids": ["sensor.gate_position"]})

    gate = _entity(data, "sensor.gate_position")
    assert gate["omitted_older"] == 50
    assert len(gate["rows"]) == 250
    assert gate["rows"][-1]["state"] == "open"
    assert "downsampled" not in gate
    assert "narrow start/end" in data["hint"]


async def test_attribute_history(house: House, freezer: FrozenDateTimeFactory) -> None:
    hass = house.hass
    for temperature in (19, 20.5, 21):
        hass.states.async_set("climate.study", "heat", {"current_temperature": temperature})
        freezer.tick(timedelta(minutes=10))
    await async_wait_recording_done(hass)

    data = await house.data(
        "get_history", {"entity_ids": ["climate.study"], "attribute": "current_temperature"}
    )
    study = _entity(data, "climate.study")
    assert study["attribute"] == "current_temperature"
    assert [row["value"] for row in study["rows"]] == [19, 20.5, 21]

    data = await house.data("get_history", {"entity_ids": ["climate.study"]})
    assert [row["state"] for row in _entity(data, "climate.study")["rows"]] == ["heat"]


async def test_history_by_area(house: House) -> None:
    data = await house.data("get_history", {"area": "Garage", "domain": "cover"})
    assert sorted(item["entity_id"] for item in data["entities"]) == [
        "cover.garage_door",
        "cover.hall_window",
    ]
    data = await house.data("get_history", {"entity_ids": ["sensor.never_existed"]})
    assert data["error"] == "not_found"


async def test_statistics_with_period_and_unit(
    house: House, freezer: FrozenDateTimeFactory
) -> None:
    hass = house.hass
    freezer.move_to("2026-11-20T15:30:00+00:00")  # 07:30 in Home Assistant's US/Pacific
    first_hour = datetime(2026, 11, 19, 15, tzinfo=dt_util.UTC)  # 07:00 the day before
    async_import_statistics(
        hass,
        {
            "mean_type": StatisticMeanType.ARITHMETIC,
            "has_sum": False,
            "name": "Outdoor temperature",
            "source": "recorder",
            "statistic_id": "sensor.outdoor_temperature",
            "unit_class": "temperature",
            "unit_of_measurement": "°C",
        },
        [
            {
                "start": first_hour + timedelta(hours=hour),
                "mean": 10 + hour,
                "min": 8 + hour,
                "max": 12.5 + hour,
            }
            for hour in range(24)
        ],
    )
    async_add_external_statistics(
        hass,
        {
            "mean_type": StatisticMeanType.NONE,
            "has_sum": True,
            "name": "Grid import",
            "source": "home_mcp_test",
            "statistic_id": "home_mcp_test:grid_import",
            "unit_class": "energy",
            "unit_of_measurement": "kWh",
        },
        [
            {"start": first_hour + timedelta(hours=hour), "sum": 1.5 * (hour + 1)}
            for hour in range(24)
        ],
    )
    await async_wait_recording_done(hass)

    data = await house.data(
        "get_statistics",
        {"statistic_ids": ["sensor.outdoor_temperature"], "period": "hour", "start": "3h"},
    )
    assert data["ok"] is True
    assert data["period"] == "hour"
    (outdoor,) = data["statistics"]
    assert outdoor["unit"] == "°C"
    assert outdoor["name"] == "Outdoor temperature"
    assert outdoor["types"] == ["mean", "min", "max"]
    # The last recorded hour began at 14:00 UTC, 06:00 in US/Pacific.
    assert outdoor["rows"][-1] == {
        "start": "2026-11-20T06:00:00-08:00",
        "mean": 33,
        "min": 31,
        "max": 35.5,
    }
    assert len(outdoor["rows"]) == 2  # 04:30-07:30 local holds the 05:00 and 06:00 hours

    data = await house.data(
        "get_statistics",
        {
            "statistic_ids": ["home_mcp_test:grid_import", "sensor.no_statistics"],
            "period": "day",
            "start": "3d",
        },
    )
    (grid,) = data["statistics"]
    assert grid["unit"] == "kWh"
    assert grid["types"] == ["change"]
    # Local days: 07:00-23:00 on the 19th is 17 hours, then 7 hours on the 20th.
    assert grid["rows"] == [
        {"start": "2026-11-19T00:00:00-08:00", "change": 25.5},
        {"start": "2026-11-20T00:00:00-08:00", "change": 10.5},
    ]
    assert data["skipped"] == [
        {"statistic_id": "sensor.no_statistics", "reason": "no long-term statistics"}
    ]

    data = await house.data(
        "get_statistics", {"statistic_ids": ["sensor.outdoor_temperature"], "start": "8d"}
    )
    assert data["error"] == "invalid_arguments"
    assert "at most 7 days" in data["message"]
    data = await house.data(
        "get_statistics",
        {"statistic_ids": ["sensor.outdoor_temperature"], "period": "day", "start": "30d"},
    )
    assert data["ok"] is True
    assert [row["mean"] for row in data["statistics"][0]["rows"]] == [18, 30]

    data = await house.data("get_statistics", {"statistic_ids": ["sensor.no_statistics"]})
    assert data["error"] == "not_found"


async def test_logbook_says_who_or_what_caused_it(house: House) -> None:
    hass = house.hass
    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "id": "lights_follow",
                "alias": "Ceiling follows the bed light",
                "triggers": {"trigger": "state", "entity_id": "light.bed_light", "to": "off"},
                "actions": {
                    "action": "light.turn_off",
                    "target": {"entity_id": "light.ceiling_lights"},
                },
            }
        },
    )
    margaux = await hass.auth.async_create_user("Margaux", group_ids=["system-users"])
    await hass.services.async_call(
        "light",
        "turn_on",
        {"entity_id": "light.bed_light"},
        blocking=True,
        context=Context(user_id=margaux.id),
    )
    await hass.services.async_call("script", "bedtime", blocking=True)
    await hass.async_block_till_done()
    assert hass.states.get("light.ceiling_lights").state == "off"
    await async_wait_recording_done(hass)

    data = await house.data("get_logbook", {"entity_ids": ["light.bed_light"]})

    assert data["ok"] is True
    assert data["total"] == len(data["items"]) == 2
    off, on = data["items"]  # Newest first.
    assert on["entity_id"] == "light.bed_light"
    assert on["name"] == "Bed Light"
    assert on["state"] == "on"
    assert on["context"]["user"] == "Margaux"
    assert on["context"]["service"] == "light.turn_on"
    assert off["state"] == "off"
    assert off["context"] == {"event_type": "call_service", "service": "script.bedtime"}
    assert _at(off["when"]) >= _at(on["when"])
    _assert_local(hass, on["when"])

    data = await house.data("get_logbook", {"entity_ids": ["light.ceiling_lights"]})
    (ceiling,) = (item for item in data["items"] if item.get("state") == "off")
    assert ceiling["context"]["entity_id"] == "automation.ceiling_follows_the_bed_light"
    assert ceiling["context"]["name"] == "Ceiling follows the bed light"
    assert ceiling["context"]["event_type"] == "automation_triggered"


async def test_logbook_filters(house: House) -> None:
    hass = house.hass
    for domain, entity_id in (
        ("light", "light.living_room_rgbww_lights"),
        ("light", "light.kitchen_lights"),
        ("switch", "switch.ac"),
    ):
        await hass.services.async_call(domain, "toggle", {"entity_id": entity_id}, blocking=True)
    await async_wait_recording_done(hass)

    # リビング, by its alias: the kitchen light and the switch changed elsewhere.
    data = await house.data("get_logbook", {"area": "Living room"})
    assert [(item["entity_id"], item["state"]) for item in data["items"]] == [
        ("light.living_room_rgbww_lights", "off")
    ]

    data = await house.data("get_logbook", {"domain": "switch"})
    assert data["items"]
    assert {item["entity_id"].split(".")[0] for item in data["items"]} == {"switch"}
    assert data["items"][0]["entity_id"] == "switch.ac"
    assert data["items"][0]["state"] == "on"

    data = await house.data("get_logbook", {"limit": 2})
    assert len(data["items"]) == 2
    assert data["has_more"] is True
    assert data["next_offset"] == 2
    whens = [_at(item["when"]) for item in data["items"]]
    assert whens == sorted(whens, reverse=True)


async def test_tools_need_the_recorder(mcp: McpHarness) -> None:
    for tool, arguments in (
        ("get_history", {"entity_ids": ["switch.ac"]}),
        ("get_statistics", {"statistic_ids": ["sensor.energy"]}),
        ("get_logbook", {}),
    ):
        data = await mcp.data(tool, arguments)
        assert data["ok"] is False
        assert data["error"] == "recorder_unavailable"
        assert "recorder integration is not loaded" in data["message"]


async def test_logbook_needs_the_logbook(recorder_mock: Recorder, mcp: McpHarness) -> None:
    data = await mcp.data("get_logbook", {})
    assert data["error"] == "logbook_unavailable"
    data = await mcp.data("get_history", {"entity_ids": ["switch.ac"]})
    assert data["ok"] is True


async def test_only_what_is_exposed_has_a_history(house: House, home_mcp: MockConfigEntry) -> None:
    """With "Only what is exposed to Assist" on, an unexposed lock has no history, no logbook."""
    hass = house.hass
    async_expose_entity(hass, "conversation", "lock.front_door", False)
    async_expose_entity(hass, "conversation", "light.bed_light", True)
    await set_options(hass, home_mcp, exposed_only=True)
    history = await house.data(
        "get_history", {"entity_ids": ["lock.front_door", "light.bed_light"]}
    )
    assert [row["entity_id"] for row in history.get("entities", [])] == ["light.bed_light"]
    logbook = await house.data("get_logbook", {"entity_ids": ["lock.front_door"]})
    assert logbook.get("total", 0) == 0


async def test_the_recorder_s_sql_stays_out_of_the_test_output(
    recorder_mock: Recorder, hass: HomeAssistant
) -> None:
    """The recorder's statements are not logged (the test plugin turns them on at INFO)."""
    hass.states.async_set("sensor.anything", "1")
    await async_wait_recording_done(hass)
    assert not logging.getLogger("sqlalchemy.engine.Engine").isEnabledFor(logging.INFO)
    assert logging.getLogger("sqlalchemy.engine").isEnabledFor(logging.WARNING)
