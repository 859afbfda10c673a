"""The entities' index follows the house: a change is visible at the next call.

Home MCP reads each entity's registry facts and names once and keeps them
current from Home Assistant's events; these tests change the house the way
the UI does (registries, states) and check the very next tool call.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from custom_components.home_mcp.tools.entity_index import DATA_ENTITY_INDEX, FILL_BATCH, EntityIndex
from homeassistant.core import HomeAssistant
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)

from .conftest import McpHarness


async def _search(mcp: McpHarness, query: str, **filters: Any) -> list[dict[str, Any]]:
    data = await mcp.data("list_entities", {"query": query, **filters})
    items: list[dict[str, Any]] = data["items"]
    return items


async def _first(mcp: McpHarness, query: str) -> str | None:
    items = await _search(mcp, query)
    return items[0]["entity_id"] if items and not items[0]["match"]["weak"] else None


async def test_rename_is_found_at_the_next_call(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert await _first(mcp, "bed light") == "light.bed_light"
    er.async_get(hass).async_update_entity("light.bed_light", name="Reading lamp")
    assert await _first(mcp, "reading lamp") == "light.bed_light"
    rows = await _search(mcp, "reading lamp")
    assert rows[0]["name"] == "Reading lamp"
    rows = await _search(mcp, "bed light")  # Now only its entity id says so.
    assert rows[0]["entity_id"] == "light.bed_light"
    assert rows[0]["match"]["field"] == "object_id"


async def test_new_entity_id_is_found_and_the_old_one_is_gone(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    er.async_get(hass).async_update_entity("light.bed_light", new_entity_id="light.nightstand")
    await hass.async_block_till_done()
    assert await _first(mcp, "nightstand") == "light.nightstand"
    ids = {row["entity_id"] for row in await _search(mcp, "bed light")}
    assert "light.bed_light" not in ids
    assert "light.nightstand" in ids  # Its name is still "Bed Light".


async def test_alias_change_is_found_at_the_next_call(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert await _first(mcp, "Leselampe") is None
    er.async_get(hass).async_update_entity("light.bed_light", aliases={"Leselampe"})
    rows = await _search(mcp, "Leselampe")
    assert rows[0]["entity_id"] == "light.bed_light"
    assert rows[0]["aliases"] == ["Leselampe"]
    assert rows[0]["match"]["field"] == "alias"
    er.async_get(hass).async_update_entity("light.bed_light", aliases=set())
    assert await _first(mcp, "Leselampe") is None


def _device_of(hass: HomeAssistant, entity_id: str) -> str:
    entry = er.async_get(hass).async_get(entity_id)
    assert entry is not None and entry.device_id is not None
    return entry.device_id


async def test_area_move_is_seen_at_the_next_call(mcp: McpHarness, hass: HomeAssistant) -> None:
    attic = ar.async_get(hass).async_create("Attic")
    assert (await mcp.data("list_entities", {"area": "Attic"}))["total"] == 0
    # The bed light has no name of its own: it is where its device is.
    dr.async_get(hass).async_update_device(_device_of(hass, "light.bed_light"), area_id=attic.id)
    data = await mcp.data("list_entities", {"area": "Attic"})
    assert [row["entity_id"] for row in data["items"]] == ["light.bed_light"]
    assert data["items"][0]["area"] == "Attic"
    view = await mcp.data("get_entity", {"entity_id": "light.bed_light"})
    assert view["entity"]["registry"]["area"]["name"] == "Attic"
    areas = ar.async_get(hass)
    areas.async_update(attic.id, name="Loft room")
    data = await mcp.data("list_entities", {"area": "Loft room"})
    assert data["items"][0]["area"] == "Loft room"


async def test_device_rename_reaches_its_entities(mcp: McpHarness, hass: HomeAssistant) -> None:
    dr.async_get(hass).async_update_device(
        _device_of(hass, "light.bed_light"), name_by_user="Nachttisch"
    )
    rows = await _search(mcp, "Nachttisch")
    assert rows[0]["entity_id"] == "light.bed_light"
    assert rows[0]["match"]["field"] in ("name", "device")
    assert rows[0]["name"] == "Nachttisch"  # Its name is its device's.


async def test_area_moved_to_another_floor(mcp: McpHarness, hass: HomeAssistant) -> None:
    loft = fr.async_get(hass).async_create("Loft")
    areas = ar.async_get(hass)
    attic = areas.async_create("Attic")
    dr.async_get(hass).async_update_device(_device_of(hass, "light.bed_light"), area_id=attic.id)
    assert (await mcp.data("list_entities", {"floor": "Loft"}))["total"] == 0
    areas.async_update(attic.id, floor_id=loft.floor_id)
    data = await mcp.data("list_entities", {"floor": "Loft"})
    assert [row["entity_id"] for row in data["items"]] == ["light.bed_light"]
    fr.async_get(hass).async_delete(loft.floor_id)
    await hass.async_block_till_done()
    assert (await mcp.data("list_entities", {"floor": "Loft"}))["error"] == "not_found"


async def test_label_added_and_removed(mcp: McpHarness, hass: HomeAssistant) -> None:
    label = lr.async_get(hass).async_create("Night")
    er.async_get(hass).async_update_entity("light.bed_light", labels={label.label_id})
    data = await mcp.data("list_entities", {"label": "Night"})
    assert [row["entity_id"] for row in data["items"]] == ["light.bed_light"]
    lr.async_get(hass).async_delete(label.label_id)
    await hass.async_block_till_done()
    data = await mcp.data("list_entities", {"domain": "light", "query": "bed light"})
    assert data["items"][0]["entity_id"] == "light.bed_light"


async def test_friendly_name_in_the_state_is_followed(mcp: McpHarness, hass: HomeAssistant) -> None:
    """An entity without a registry entry is named by its state's friendly_name."""
    hass.states.async_set("sensor.cellar_probe", "12", {"friendly_name": "Cellar probe"})
    await hass.async_block_till_done()
    assert await _first(mcp, "cellar probe") == "sensor.cellar_probe"
    hass.states.async_set("sensor.cellar_probe", "13", {"friendly_name": "Wine thermometer"})
    await hass.async_block_till_done()
    assert await _first(mcp, "wine thermometer") == "sensor.cellar_probe"
    rows = await _search(mcp, "cellar probe")  # Now only its entity id says so.
    assert rows[0]["match"]["field"] == "object_id"
    rows = await _search(mcp, "wine thermometer")
    assert rows[0]["state"] == "13"
    hass.states.async_remove("sensor.cellar_probe")
    await hass.async_block_till_done()
    assert await _first(mcp, "wine thermometer") is None


async def test_state_changes_are_current_without_rereading(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A row always shows the state as it is now."""
    await hass.services.async_call(
        "light", "turn_on", {"entity_id": "light.bed_light"}, blocking=True
    )
    rows = await _search(mcp, "bed light")
    assert rows[0]["state"] == "on"
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.bed_light"}, blocking=True
    )
    rows = await _search(mcp, "bed light")
    assert rows[0]["state"] == "off"


async def test_the_index_is_the_entrys_and_goes_with_it(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    assert DATA_ENTITY_INDEX in hass.data
    entry = hass.config_entries.async_entries("home_mcp")[0]
    assert await hass.config_entries.async_unload(entry.entry_id)
    assert DATA_ENTITY_INDEX not in hass.data


def _room(overview: dict[str, Any], name: str) -> dict[str, Any]:
    rooms = [area for floor in overview["floors"] for area in floor["areas"]]
    return next(area for area in rooms if area["name"] == name)


async def test_overview_follows_hiding_and_moving(mcp: McpHarness, hass: HomeAssistant) -> None:
    """The overview's rooms are kept between calls: a change is in the next one."""
    before = await mcp.data("home_overview", {})
    attic = ar.async_get(hass).async_create("Attic")
    dr.async_get(hass).async_update_device(_device_of(hass, "light.bed_light"), area_id=attic.id)
    moved = await mcp.data("home_overview", {})
    assert _room(moved, "Attic")["entities"] == 1
    assert _room(moved, "Attic")["lights"]["total"] == 1
    er.async_get(hass).async_update_entity("light.bed_light", hidden_by=er.RegistryEntryHider.USER)
    hidden = await mcp.data("home_overview", {})
    assert _room(hidden, "Attic")["entities"] == 0
    assert hidden["totals"]["entities"] == before["totals"]["entities"] - 1
    hass.states.async_set("light.attic_spare", "on")  # A new entity, in no area.
    await hass.async_block_till_done()
    added = await mcp.data("home_overview", {})
    assert added["totals"]["entities"] == hidden["totals"]["entities"] + 1
    assert added["unassigned"]["by_domain"]["light"] >= 1


async def test_device_search_follows_renames_and_removals(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    device_id = _device_of(hass, "light.bed_light")
    devices = dr.async_get(hass)
    assert (await mcp.data("list_devices", {"query": "Schlafzimmerlampe"}))["total"] == 0
    devices.async_update_device(device_id, name_by_user="Schlafzimmerlampe")
    data = await mcp.data("list_devices", {"query": "Schlafzimmerlampe"})
    assert [row["device_id"] for row in data["items"]] == [device_id]
    assert data["items"][0]["match"] == {"score": 1.0, "field": "name", "weak": False}
    devices.async_remove_device(device_id)
    await hass.async_block_till_done()
    assert (await mcp.data("list_devices", {"query": "Schlafzimmerlampe"}))["total"] == 0


async def test_a_rename_while_the_index_fills_is_not_undone(hass: HomeAssistant) -> None:
    """The first filling runs in batches; a search meanwhile finishes it, and it stops.

    A batch taken from the house as it was when the filling began would put
    an old name back after the search had read the new one.
    """
    for number in range(FILL_BATCH * 2 + 100):
        hass.states.async_set(f"sensor.probe_{number}", "1", {"friendly_name": f"Probe {number}"})
    await hass.async_block_till_done()
    late = f"sensor.probe_{FILL_BATCH + 50}"  # In the second batch.
    index = EntityIndex(hass)
    stop = index.async_start()
    try:
        await asyncio.sleep(0)  # The background filling runs its first batch, then waits.
        assert 0 < index.memory_items["names"] < FILL_BATCH * 2  # Mid-way.
        hass.states.async_set(late, "2", {"friendly_name": "Omega"})
        assert set(index.async_search("Omega")) == {late}
        await hass.async_block_till_done()  # The background filling resumes, if it does.
        assert set(index.async_search("Omega")) == {late}
        # Its old name is gone: only its entity id still says "probe 550".
        assert index.async_search(f"Probe {FILL_BATCH + 50}")[late].field == "object_id"
    finally:
        stop()


async def test_the_index_stays_what_a_fresh_read_gives(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """After any sequence of the changes a person makes, the kept index equals a fresh one.

    Seeded random renames, aliases, area and floor moves, device renames and
    moves, hiding, labels, friendly names, entities added and removed; after
    each, every view, the rooms and the searches of the entry's index are
    those of an index read from scratch.
    """
    kept = hass.data[DATA_ENTITY_INDEX]
    rng = random.Random(2026)
    entities, devices = er.async_get(hass), dr.async_get(hass)
    areas, floors, labels = ar.async_get(hass), fr.async_get(hass), lr.async_get(hass)
    loft = floors.async_create("Loft")
    attic = areas.async_create("Attic")
    night = labels.async_create("Night")
    words = ["Lamp", "Door", "Schlafzimmer", "寝室", "Garage", "porch", "Küche"]
    queries = ["lamp", "door", "bed light", "寝室", "kuche", "garag", "porch lamp", "lock"]

    def some_entity() -> er.RegistryEntry:
        return rng.choice([e for e in entities.entities.values() if e.entity_id.count(".") == 1])

    async def change(step: int) -> None:
        entry = some_entity()
        match rng.randrange(9):
            case 0:
                entities.async_update_entity(entry.entity_id, name=f"{rng.choice(words)} {step}")
            case 1:
                entities.async_update_entity(entry.entity_id, aliases={rng.choice(words)})
            case 2 if entry.device_id:
                devices.async_update_device(
                    entry.device_id,
                    name_by_user=rng.choice([None, f"{rng.choice(words)} {step}"]),
                    area_id=rng.choice([None, attic.id]),
                )
            case 3:
                areas.async_update(attic.id, floor_id=rng.choice([None, loft.floor_id]))
            case 4:
                entities.async_update_entity(
                    entry.entity_id,
                    hidden_by=rng.choice([None, er.RegistryEntryHider.USER]),
                )
            case 5:
                entities.async_update_entity(
                    entry.entity_id, labels=rng.choice([set(), {night.label_id}])
                )
            case 6:
                hass.states.async_set(
                    f"sensor.probe_{step % 5}", str(step), {"friendly_name": rng.choice(words)}
                )
            case 7:
                hass.states.async_remove(f"sensor.probe_{rng.randrange(5)}")
            case _:
                areas.async_update(attic.id, name=rng.choice(["Attic", "Dachboden"]))
        await hass.async_block_till_done()

    for step in range(60):
        await change(step)
        fresh = EntityIndex(hass)
        for state in hass.states.async_all():
            assert kept.async_view(state) == fresh.async_view(state), (step, state.entity_id)
        domains = frozenset({"light", "lock", "cover"})
        assert kept.async_rooms(domains) == fresh.async_rooms(domains), step
        for query in queries:
            assert kept.async_search(query) == fresh.async_search(query), (step, query)
            assert kept.async_search_devices(query) == fresh.async_search_devices(query), step
