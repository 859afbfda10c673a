"""Reading the house: the index is built a slice at a time, and is never read half-built.

A large house takes seconds to read (`bench/RESULTS.md`): Home MCP hands
Home Assistant's event loop back between the items it reads, every MCP
request awaits the reading, and a house changed while it was read is read
again before anything is judged on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from pathlib import Path
from typing import Any, Final

import pytest

from custom_components.home_mcp.gate import Action, fixpoint, index
from custom_components.home_mcp.gate.perimeter import Snapshot, snapshot_steps
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    Owner,
    acts_when,
    assert_house,
    assert_refused,
    call_service,
    home_mcp_gate,
    house_state,
    turns_on,
    unlocks_when,
)

GUEST = "input_boolean.guest_mode"
GUESTS = "group.guests"


@pytest.fixture
def every_item_a_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand the loop back after each item read, however fast the machine reads it."""
    monkeypatch.setattr(index, "_SLICE", 0)


async def _add_guest_mode(owner: Owner, name: str = "Guest mode") -> None:
    await owner.ws.send_json_auto_id({"type": "input_boolean/create", "name": name})
    assert (await owner.ws.receive_json())["success"]
    await owner.hass.async_block_till_done()


@pytest.mark.usefixtures("every_item_a_slice")
async def test_reading_the_house_hands_the_event_loop_back_between_items(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    await _add_guest_mode(owner)
    for number in range(6):
        await unlocks_when(owner, turns_on(GUEST), alias=f"Welcome {number}")
    gate = home_mcp_gate(hass)
    gate.index.async_mark_dirty()
    turns = 0
    reading = asyncio.ensure_future(gate.async_ready())
    while not reading.done():
        turns += 1
        await asyncio.sleep(0)
    await reading
    assert turns >= 6, "each automation read is followed by a turn of the loop"
    builds = gate.index.builds
    assert gate.async_check(_turn_on(GUEST)).guarded
    assert gate.index.builds == builds, "a check after the reading reads nothing again"


@pytest.mark.usefixtures("every_item_a_slice")
async def test_a_chain_of_automations_is_followed_with_the_event_loop_handed_back(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Step N turns on step N-1, and step 0 unlocks the door: each link is
    # found only once the one after it is (the perimeter's fixpoint), and a
    # house whose every entity can open follows such links for seconds.
    links = 6
    for number in range(links + 1):
        await _add_guest_mode(owner, f"Step {number}")
    await unlocks_when(owner, turns_on("input_boolean.step_0"), alias="Open up")
    for number in range(1, links + 1):
        await acts_when(
            owner,
            {
                "action": "input_boolean.turn_on",
                "target": {"entity_id": f"input_boolean.step_{number - 1}"},
            },
            turns_on(f"input_boolean.step_{number}"),
            alias=f"Pass on {number}",
        )
    following = False
    original = fixpoint.Fixpoint.steps

    def followed(self: fixpoint.Fixpoint, house: Any) -> Generator[None, None, Any]:
        nonlocal following
        following = True
        try:
            return (yield from original(self, house))
        finally:
            following = False

    monkeypatch.setattr(fixpoint.Fixpoint, "steps", followed)
    gate = home_mcp_gate(hass)
    gate.index.async_mark_dirty()
    turns = 0
    reading = asyncio.ensure_future(gate.async_ready())
    while not reading.done():
        turns += following
        await asyncio.sleep(0)
    await reading
    assert turns >= links, "each link followed is followed by a turn of the loop"
    assert gate.async_check(_turn_on(f"input_boolean.step_{links}")).guarded, "the whole chain"


@pytest.mark.redteam(round=46)
@pytest.mark.usefixtures("every_item_a_slice")
async def test_a_client_creating_scenes_at_once_does_not_make_a_call_hold_the_event_loop(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _add_guest_mode(owner)
    for number in range(6):
        await unlocks_when(owner, turns_on(GUEST), alias=f"Welcome {number}")
    gate = home_mcp_gate(hass)
    await gate.async_ready()
    turns = 0
    longest = 0  # The most items read in a row without a turn of the loop.

    def counted(*args: Any) -> Generator[None, None, Snapshot]:
        nonlocal longest
        steps = snapshot_steps(*args)
        run, seen = 0, turns
        while True:
            try:
                next(steps)
            except StopIteration as done:
                snapshot: Snapshot = done.value
                return snapshot
            run = run + 1 if turns == seen else 1
            seen, longest = turns, max(longest, run)
            yield

    async def loop_turns() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    monkeypatch.setattr(index, "snapshot_steps", counted)
    ticking = asyncio.ensure_future(loop_turns())
    # What the client asks: six scenes at once (each fires `scene.create`), and a light.
    calls = [
        call_service(mcp, "scene.create", data={"scene_id": f"mood_{n}", "entities": {LIGHT: "on"}})
        for n in range(6)
    ]
    try:
        results = await asyncio.gather(
            *calls, call_service(mcp, "light.turn_on", target={"entity_id": KITCHEN})
        )
    finally:
        ticking.cancel()
    assert all(result.get("ok") for result in results), results
    assert longest <= 2, f"{longest} items read in a row while the loop waited"


@pytest.mark.usefixtures("every_item_a_slice")
async def test_an_automation_saved_while_the_house_is_read_is_judged_before_a_call(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _add_guest_mode(owner)
    held = asyncio.Event()

    def stalled_snapshot_steps(*args: Any) -> Generator[None, None, Snapshot]:
        """Read the house as Home MCP does, then stop before ending until `held` is set."""
        steps = snapshot_steps(*args)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                snapshot: Snapshot = done.value
                break
        for _ in range(100_000):  # Bounded: a reader that cannot wait ends it.
            if held.is_set():
                break
            yield
        return snapshot

    monkeypatch.setattr(index, "snapshot_steps", stalled_snapshot_steps)
    gate = home_mcp_gate(hass)
    gate.index.async_mark_dirty()
    reading = gate.index.async_build()
    assert not reading.done(), "the house is being read"
    # The owner saves the automation that unlocks the door with guest mode,
    # after the reading began and before it ends.
    await unlocks_when(owner, turns_on(GUEST), alias="Guests welcome")
    held.set()
    before = house_state(hass)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": GUEST})
    assert_refused(result)
    await assert_house(hass, before)


@pytest.mark.usefixtures("every_item_a_slice")
async def test_a_reading_the_house_changed_under_starts_again_at_once_not_read_to_its_end(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _add_guest_mode(owner)
    for number in range(6):
        await unlocks_when(owner, turns_on(GUEST), alias=f"Welcome {number}")
    ended = 0

    def counted(*args: Any) -> Generator[None, None, Snapshot]:
        nonlocal ended
        snapshot: Snapshot = yield from snapshot_steps(*args)
        ended += 1
        return snapshot

    monkeypatch.setattr(index, "snapshot_steps", counted)
    gate = home_mcp_gate(hass)
    await gate.async_ready()
    ended = 0
    gate.index.async_mark_dirty()
    reading = asyncio.ensure_future(gate.async_ready())
    for _ in range(3):
        await asyncio.sleep(0)
    assert not reading.done(), "the house is being read"
    # The house changes under the reading: a group of the guest mode appears.
    hass.states.async_set(GUESTS, "off", {"entity_id": [GUEST]})
    await reading
    assert ended == 1, "only the reading of the house as it is now is read to its end"
    assert gate.async_check(Action("homeassistant", "turn_on", {"entity_id": [GUESTS]})).guarded


async def test_the_exposure_to_assist_the_reading_stores_does_not_read_the_house_again(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Asked for the first time whether an entity is exposed to Assist, Home
    # Assistant stores its answer in the entity's options: the reading of
    # a script handing text to Assist asks it of every entity that can open.
    assert await async_setup_component(hass, "conversation", {})
    await owner.save_script(
        "say", {"sequence": [{"action": "conversation.process", "data": {"text": "{{ text }}"}}]}
    )
    registry = er.async_get(hass)
    gate = home_mcp_gate(hass)
    await gate.async_ready()
    for entry in list(registry.entities.values()):
        registry.async_update_entity_options(entry.entity_id, "conversation", None)
    started = 0

    def counted(*args: Any) -> Generator[None, None, Snapshot]:
        nonlocal started
        started += 1
        snapshot: Snapshot = yield from snapshot_steps(*args)
        return snapshot

    monkeypatch.setattr(index, "snapshot_steps", counted)
    await gate.async_ready()
    stored = [e.entity_id for e in registry.entities.values() if "conversation" in e.options]
    assert GARAGE in stored, "the reading asked whether the garage door is exposed"
    assert started == 1, "what the reading stored is what it read: it is not read again"
    # The owner hiding the garage door from Assist is a change: the house is read again.
    async_expose_entity(hass, "conversation", GARAGE, False)
    await gate.async_ready()
    assert started == 2, "the owner's change is read"


@pytest.mark.redteam(round=51)
async def test_exposing_to_assist_an_entity_with_no_registry_entry_is_a_change_of_the_house(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner's yard gate is a YAML template cover with no `unique_id`, hidden from Assist.

    The owner's "Relay" hands "open the yard gate" to Assist when the relay
    helper turns on: with the gate hidden, that opens nothing, and the relay
    runs. Then the owner exposes the gate to Assist (Settings → Voice
    assistants → Expose): Home Assistant stores it apart from the entity
    registry, with no event. Turning the relay on now opens the gate.
    """
    assert await async_setup_component(hass, "conversation", {})
    position = await owner.create_helper("input_boolean", "Gate position")
    relay = await owner.create_helper("input_boolean", "Relay")
    pulse = [{"action": "input_boolean.toggle", "target": {"entity_id": position}}]
    state = f"{{{{ 'open' if is_state('{position}', 'on') else 'closed' }}}}"
    yard_gate = {"name": "Yard gate", "device_class": "gate", "state": state}
    await owner.save_templates(
        [{"cover": [{**yard_gate, "open_cover": pulse, "close_cover": pulse}]}]
    )
    assert er.async_get(hass).async_get(YARD_GATE) is None, "no registry entry: no unique_id"
    for entity_id in (GARAGE, "scene.open_house", YARD_GATE):
        async_expose_entity(hass, "conversation", entity_id, False)
    await acts_when(
        owner,
        {"action": "conversation.process", "data": {"text": "open the yard gate"}},
        turns_on(relay),
        alias="Relay",
    )
    assert (await call_service(mcp, "input_boolean.turn_on", target={"entity_id": relay}))["ok"]
    await owner.act("input_boolean.turn_off", entity_id=relay)

    async_expose_entity(hass, "conversation", YARD_GATE, True)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": relay})

    assert_refused(result, reaching=YARD_GATE)
    await assert_house(hass, {YARD_GATE: "closed"})


OPEN_UP_SENTENCES: Final = """
language: en
intents:
  OpenUp:
    data:
      - sentences:
          - "open up"
"""
"""The owner's custom sentence for an intent of `intent_script`'s."""
OPEN_UP_UNLOCKS: Final = """
intent_script:
  OpenUp:
    speech:
      text: Come in
    action:
      - action: lock.unlock
        target:
          entity_id: lock.front_door
"""
"""The owner's `intent_script` in `configuration.yaml`, now unlocking the front door."""


@pytest.mark.redteam(round=51)
async def test_an_intent_script_reloaded_is_a_change_of_the_house(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner's "Relay" hands "open up" to Assist when the relay helper turns on.

    The owner's "open up" intent only answers "Come in", and the relay runs.
    Then the owner gives the intent an action that unlocks the front door
    (YAML, then Developer tools → YAML → Intent script): turning the relay on
    now unlocks the door.
    """
    path = Path(hass.config.path("custom_sentences/en/open_up.yaml"))
    await hass.async_add_executor_job(_write, path, OPEN_UP_SENTENCES)
    speech = {"speech": {"text": "Come in"}}
    assert await async_setup_component(hass, "intent_script", {"intent_script": {"OpenUp": speech}})
    assert await async_setup_component(hass, "conversation", {})
    for entity_id in (GARAGE, "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    relay = await owner.create_helper("input_boolean", "Relay")
    process = {"action": "conversation.process", "data": {"text": "open up"}}
    await acts_when(owner, process, turns_on(relay), alias="Relay")
    assert (await call_service(mcp, "input_boolean.turn_on", target={"entity_id": relay}))["ok"]
    await owner.act("input_boolean.turn_off", entity_id=relay)

    configuration = Path(hass.config.path("configuration.yaml"))
    text = await hass.async_add_executor_job(configuration.read_text, "utf-8")
    await hass.async_add_executor_job(_write, configuration, text + OPEN_UP_UNLOCKS)
    await owner.act("intent_script.reload")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": relay})

    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {"lock.front_door": "locked"})


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


async def test_a_reader_that_does_not_wait_finishes_the_reading_at_once(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _add_guest_mode(owner)
    await unlocks_when(owner, turns_on(GUEST), alias="Guests welcome")
    monkeypatch.setattr(index, "_SLICE", 0)
    gate = home_mcp_gate(hass)
    gate.index.async_mark_dirty()
    reading = gate.index.async_build()
    assert not reading.done(), "the house is being read"
    assert gate.async_check(_turn_on(GUEST)).guarded, "judged on the whole house, read to its end"
    builds = gate.index.builds
    await reading
    assert gate.index.builds == builds, "the reading it finished is not read again"


LIGHT = "light.bed_light"
GARAGE = "cover.garage_door"
YARD_GATE = "cover.yard_gate"
KITCHEN = "light.kitchen_lights"


def _turn_on(entity_id: str) -> Action:
    return Action("input_boolean", "turn_on", {"entity_id": [entity_id]})
