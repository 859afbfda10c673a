"""Every response fits the byte budget, in a big house, and says how to narrow it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)

from .conftest import McpHarness, set_options

BIG_HOUSE = 3000
LOCKS = 400
DEFAULT_BUDGET = 15 * 1024


def _size(payload: dict[str, Any]) -> int:
    return len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode())


@pytest.fixture
async def big_house(mcp: McpHarness, hass: HomeAssistant) -> McpHarness:
    """Add 3,000 sensors in 30 areas over 3 floors, with aliases and labels, to the demo."""
    floors = [
        fr.async_get(hass).async_create(f"Storey {n}", aliases={f"level {n}"}) for n in range(3)
    ]
    areas = [
        ar.async_get(hass).async_create(
            f"Room {n:02}", aliases={f"chamber {n:02}"}, floor_id=floors[n % 3].floor_id
        )
        for n in range(30)
    ]
    label = lr.async_get(hass).async_create("Energy")
    registry = er.async_get(hass)
    for n in range(BIG_HOUSE):
        entry = registry.async_get_or_create(
            "sensor", "bench", f"probe_{n}", suggested_object_id=f"probe_{n:04}"
        )
        registry.async_update_entity(
            entry.entity_id,
            area_id=areas[n % 30].id,
            aliases=[f"Probe number {n}", f"Sonde {n}"],
            labels={label.label_id},
        )
        hass.states.async_set(
            entry.entity_id,
            str(n % 40),
            {
                "friendly_name": f"Temperature probe {n:04} in a rather long-named place",
                "unit_of_measurement": "°C",
                "device_class": "temperature",
            },
        )
    for n in range(LOCKS):
        entry = registry.async_get_or_create(
            "lock", "bench", f"door_{n}", suggested_object_id=f"door_{n:03}"
        )
        registry.async_update_entity(entry.entity_id, area_id=areas[n % 30].id)
        hass.states.async_set(
            entry.entity_id,
            "unlocked" if n % 50 == 7 else "locked",
            {"friendly_name": f"Door {n:03} of a very large estate"},
        )
    await hass.async_block_till_done()
    return mcp


# Each call asks for as much as the tool will give in a big house.
BIG_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("home_overview", {}),
    ("list_entities", {}),
    ("list_entities", {"domain": "sensor", "limit": 200}),
    ("list_entities", {"query": "probe", "limit": 200}),
    ("list_entities", {"label": "Energy", "limit": 200}),
    ("list_macros", {}),
    ("preview_macro", {"phrase": "probe"}),
]


@pytest.mark.parametrize(("tool", "arguments"), BIG_CALLS)
async def test_big_house_responses_fit_the_budget(
    big_house: McpHarness, tool: str, arguments: dict[str, Any]
) -> None:
    data = await big_house.data(tool, arguments)
    assert data["ok"] is True, data
    assert _size(data) <= DEFAULT_BUDGET, (tool, _size(data))
    if "truncated" in data:
        assert data["truncated"]["omitted"] > 0
        assert "narrow" in data["truncated"]["hint"] or "offset" in data["truncated"]["hint"]
    if data.get("has_more"):
        # Paging goes on where the cut page stopped.
        page = await big_house.data(tool, {**arguments, "offset": data["next_offset"]})
        assert page["ok"] is True
        assert page["offset"] == data["next_offset"]


async def test_big_overview_keeps_every_room_and_what_needs_attention(
    big_house: McpHarness,
) -> None:
    data = await big_house.data("home_overview")
    assert "truncated" not in data
    rooms = {area["name"] for floor in data["floors"] for area in floor["areas"]}
    assert {f"Room {n:02}" for n in range(30)} <= rooms
    assert "Garage" in rooms
    unlocked = {row["entity_id"] for row in data["security"] if row["state"] == "unlocked"}
    assert {f"lock.door_{n:03}" for n in range(7, LOCKS, 50)} <= unlocked
    assert data["security_omitted"] > 0
    assert len(data["security"]) + data["security_omitted"] >= LOCKS
    assert "list_entities" in data["hint"]


async def test_cut_list_says_what_was_left_out(big_house: McpHarness) -> None:
    data = await big_house.data("list_entities", {"domain": "sensor", "limit": 200})
    assert data["total"] >= BIG_HOUSE
    assert data["truncated"]["omitted"] == 200 - len(data["items"])
    assert data["has_more"] is True
    assert data["next_offset"] == len(data["items"])
    assert "domain, area or query" in data["truncated"]["hint"]


async def test_budget_is_an_option(
    big_house: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """A person who lowers the budget in the options flow gets smaller answers."""
    before = await big_house.data("list_entities", {"domain": "sensor", "limit": 200})
    await set_options(hass, home_mcp, response_budget=4)
    after = await big_house.data("list_entities", {"domain": "sensor", "limit": 200})
    assert _size(after) <= 4 * 1024 < _size(before)
    assert len(after["items"]) < len(before["items"])
    assert "4096 bytes" in after["truncated"]["hint"]


async def test_long_text_is_cut_when_no_list_is_left(mcp: McpHarness) -> None:
    """A 37 KB template result fits the budget, ends in "…" and says what was cut."""
    data = await mcp.data("render_template", {"template": "{{ 'line\\n' * 7500 }}"})
    assert data["ok"] is True and data["type"] == "string"
    assert _size(data) <= DEFAULT_BUDGET
    assert data["result"].startswith("line\nline\n") and data["result"].endswith("…")
    assert data["truncated"]["chars_cut"] > 20_000
    assert data["truncated"]["omitted"] == 0
