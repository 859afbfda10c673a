"""The gate on the configurations people actually have (issue 30).

Each house in `../shared/houses/` is loaded into a real Home Assistant
(`loader.py`) with Home MCP, and judged as a person installing Home MCP
there would meet it:

- the house is readable: no item makes the whole house `unknown`, and no
  item of it is unreadable;
- its harmless actions run: every light, switch, fan, media player,
  thermostat, helper, script and scene is tried, and at most 1 % of those
  actions wait for a person beyond the ones `JUSTIFIED` names, each a real
  path to an opening or to a weakening of what secures the house (a listed
  one that no longer waits fails too: a miss, or a stale list);
- nothing that opens is missed: every input of every automation that
  unlocks, opens or disarms (found by `openings`, independently of the gate)
  is guarded, and forcing each through MCP opens nothing;
- its answers stay small (`list_macros`, refusals) and no answer is over 64 KB.

What a house still lacks is listed, measured, in `justified.NOT_YET`: an
expected failure while it lacks it (a miss always fails), and forcing
through MCP is skipped where each call waits on the index (`SLOW`).

Timings are not asserted here: `script/bench --houses` measures them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
import json
import re
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_mcp.gate import Action, Gate
from custom_components.home_mcp.gate.rules import ENTRANCE_COVER_CLASSES
from homeassistant.core import HomeAssistant, ServiceCall
from tests.conftest import McpHarness

from .justified import JUSTIFIED, NOT_YET, SLOW
from .loader import HOUSES, House, house_names

MAX_ANSWER = 64 * 1024
HARMLESS: Mapping[str, tuple[tuple[str, Mapping[str, Any]], ...]] = {
    "light": (("turn_on", {}), ("turn_off", {})),
    "switch": (("turn_on", {}), ("turn_off", {})),
    "fan": (("turn_on", {}), ("turn_off", {})),
    "media_player": (("turn_on", {}), ("turn_off", {})),
    "climate": (("turn_off", {}),),
    "input_boolean": (("turn_on", {}), ("turn_off", {})),
    "input_button": (("press", {}),),
    "input_number": (("increment", {}),),
    "input_select": (("select_next", {}),),
    "input_text": (("set_value", {"value": "hello"}),),
    "input_datetime": (("set_datetime", {"time": "07:30:00"}),),
    "timer": (("start", {}), ("cancel", {})),
    "counter": (("increment", {}),),
    "script": (("turn_on", {}),),
    "scene": (("turn_on", {}),),
}
"""The harmless actions tried: each entity of these domains, each of its actions here."""
MAX_FALSE_POSITIVES = 0.01


def _opening_call(hass: HomeAssistant, action: str, entity_id: str) -> bool:
    """Return True if `action` on `entity_id` unlocks, opens or disarms it (the oracle).

    Written apart from the gate, from Home Assistant's own services: what a
    person would call opening the house.
    """
    domain = entity_id.partition(".")[0]
    state = hass.states.get(entity_id)
    entrance = domain == "cover" and (
        state is not None and state.attributes.get("device_class") in ENTRANCE_COVER_CLASSES
    )
    generic = {"homeassistant.turn_off": ("lock", "alarm_control_panel")}
    generic_on = ("homeassistant.turn_on", "homeassistant.toggle")
    if action in ("lock.unlock", "lock.open", "zwave_js.set_lock_usercode"):
        return domain == "lock"
    if action in ("cover.open_cover", "cover.set_cover_position", "cover.toggle"):
        return entrance
    if action in ("valve.open_valve", "valve.set_valve_position", "valve.toggle"):
        return domain == "valve"
    if action == "alarm_control_panel.alarm_disarm":
        return domain == "alarm_control_panel"
    if action in generic:
        return domain in generic[action]
    if action in generic_on:
        return entrance or domain == "valve"
    return False


def _steps(node: Any) -> Iterator[Mapping[str, Any]]:
    """Yield every action step of a configuration, however nested."""
    if isinstance(node, list):
        for item in node:
            yield from _steps(item)
    elif isinstance(node, Mapping):
        if "action" in node or "service" in node:
            yield node
        for value in node.values():
            if isinstance(value, (list, Mapping)):
                yield from _steps(value)


def _named(value: Any) -> list[str]:
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [str(item).strip().lower() for item in items if isinstance(item, str)]


def _targets(step: Mapping[str, Any]) -> list[str]:
    found = _named(step.get("entity_id"))
    for place in (step.get("target"), step.get("data")):
        if isinstance(place, Mapping):
            found += _named(place.get("entity_id"))
    return found


def openings(house: House) -> dict[str, list[str]]:
    """Return each automation that unlocks, opens or disarms -> what it opens.

    From the automations' and scripts' configurations as written, directly
    or through the scripts they run by name (`script.x`, `script.turn_on`).
    """
    hass = house.hass
    scripts = {
        entity_id: getattr(entity, "raw_config", None) or {}
        for entity_id, entity in house.macros("script").items()
    }
    memo: dict[str, list[str]] = {}

    def opened_by(config: Any, seen: frozenset[str]) -> list[str]:
        found: list[str] = []
        for step in _steps(config):
            action = str(step.get("action", step.get("service", ""))).strip().lower()
            targets = _targets(step)
            found += [e for e in targets if _opening_call(hass, action, e)]
            called = [f"script.{action.partition('.')[2]}"] if action.startswith("script.") else []
            if action == "script.turn_on":
                called = [e for e in targets if e.startswith("script.")]
            for script_id in called:
                if script_id not in seen:
                    if script_id not in memo:
                        memo[script_id] = opened_by(scripts.get(script_id), seen | {script_id})
                    found += memo[script_id]
        return found

    found: dict[str, list[str]] = {}
    for entity_id, entity in house.macros("automation").items():
        opened = opened_by(getattr(entity, "raw_config", None) or {}, frozenset())
        if opened:
            found[entity_id] = sorted(set(opened))
    return found


_ENTITY = re.compile(r"\b([a-z_]+\.[a-z0-9_]+)\b")


def inputs(house: House, automation_id: str) -> list[str]:
    """Return the entities an automation's triggers and conditions name (that exist)."""
    entity = house.macros("automation")[automation_id]
    raw = getattr(entity, "raw_config", None) or {}
    config = [raw.get(key) for key in ("triggers", "trigger", "conditions", "condition")]
    found = {
        match
        for text in _texts(config)
        for match in _ENTITY.findall(text.lower())
        if house.hass.states.get(match) is not None
    }
    return sorted(found)


def _texts(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, Mapping):
        for value in node.values():
            yield from _texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _texts(item)


def _gate(entry: MockConfigEntry) -> Gate:
    gate = entry.runtime_data.gate
    assert isinstance(gate, Gate)
    return gate


@dataclass
class Tried:
    """A harmless action tried in a house, and what the gate said."""

    entity_id: str
    service: str
    guarded: bool
    path: str


def try_harmless(house: House, gate: Gate) -> list[Tried]:
    """Judge every harmless action of the house (`HARMLESS`)."""
    tried: list[Tried] = []
    for domain, actions in HARMLESS.items():
        for entity_id in house.entities(domain):
            for service, data in actions:
                decision = gate.async_check(
                    Action(domain, service, {"entity_id": [entity_id]}, data)
                )
                path = ""
                if decision.guarded:
                    first = decision.blocking[0]
                    chain = " → ".join((*first.via, first.entity_id or first.service))
                    path = f"{first.risk}: {first.reason} ({chain})"
                tried.append(Tried(entity_id, service, decision.guarded, path))
    return tried


_FORCE: Mapping[str, tuple[tuple[str, Mapping[str, Any]], ...]] = {
    **HARMLESS,
    "input_select": (("select_next", {}), ("select_previous", {})),
    "input_number": (("increment", {}), ("decrement", {})),
    "button": (("press", {}),),
    "timer": (("start", {}), ("finish", {}), ("cancel", {})),
    "automation": (("trigger", {}), ("turn_on", {}), ("turn_off", {})),
}


def _opened(hass: HomeAssistant) -> dict[str, str]:
    return {
        state.entity_id: state.state
        for state in hass.states.async_all(("lock", "cover", "valve", "alarm_control_panel"))
    }


def unreadable(house: House, gate: Gate) -> list[str]:
    """Return what keeps the house, or an item of it, from being read."""
    snapshot = gate.index.async_current()
    everything = snapshot.perimeter.get("*", ())
    problems = [
        f"the whole house is unknown: {f.reason}"
        for f in everything
        if "could not read the house" in f.reason
    ]
    return problems + [
        f"{item} unreadable: {why}" for item, why in snapshot.unreadable_items.items()
    ]


def false_positives(house: House, gate: Gate) -> list[str]:
    """Return the harmless actions that wait beyond `JUSTIFIED` allows, and stale entries."""
    tried = try_harmless(house, gate)
    if len(tried) < 100:
        return [f"only {len(tried)} harmless actions to try"]
    justified = JUSTIFIED.get(house.name, {})
    guarded = {f"{t.service} {t.entity_id}": t.path for t in tried if t.guarded}
    wrong = {key: path for key, path in guarded.items() if key not in justified}
    problems = [
        f"no longer guarded (a miss, or a stale entry): {key}"
        for key in justified
        if key not in guarded
    ]
    if len(wrong) > MAX_FALSE_POSITIVES * len(tried):
        problems.append(
            f"{len(wrong)} of {len(tried)} harmless actions wait "
            f"(at most {MAX_FALSE_POSITIVES:.0%}); first: "
            + "; ".join(f"{key}: {path}" for key, path in sorted(wrong.items())[:5])
        )
    return problems


def misses(house: House, gate: Gate) -> list[str]:
    """Return the inputs of the house's opening automations that are not guarded."""
    return [
        f"input of an opening automation not guarded: {automation_id} ← {entity_id}"
        for automation_id in openings(house)
        for entity_id in inputs(house, automation_id)
        if not gate.async_is_guarded_entity(entity_id)
    ]


async def forced_openings(
    house: House, house_mcp: McpHarness, deny: Callable[[str], Any]
) -> list[str]:
    """Force every input of every opening automation through MCP; return what moved or was big."""
    hass = house.hass
    before = _opened(hass)
    forced = sorted({e for a in openings(house) for e in inputs(house, a)})
    problems: list[str] = []
    for entity_id in forced:
        domain = entity_id.partition(".")[0]
        for service, data in _FORCE.get(domain, ()):
            result = await house_mcp.data(
                "call_service",
                {
                    "domain": domain,
                    "service": service,
                    "target": {"entity_id": entity_id},
                    "data": dict(data),
                },
            )
            if len(json.dumps(result)) >= MAX_ANSWER:
                problems.append(f"{domain}.{service} {entity_id}: an answer over 64 KB")
            if result.get("error") == "needs_confirmation":
                await deny(result["confirmation_id"])
    await hass.async_block_till_done()
    after = _opened(hass)
    return problems + [
        f"forcing the inputs through MCP moved {e}: {before[e]} → {after.get(e)}"
        for e in before
        if after.get(e) != before[e]
    ]


async def big_answers(house_mcp: McpHarness) -> list[str]:
    """Return the tools whose answers in this house are over 64 KB."""
    problems = []
    for tool, arguments in (("list_macros", {"limit": 200}), ("home_overview", {})):
        answer = await house_mcp.data(tool, arguments)
        if len(json.dumps(answer)) >= MAX_ANSWER:
            problems.append(f"{tool}: an answer over 64 KB")
    return problems


def _houses(skipped: Mapping[str, str] | None = None) -> list[Any]:
    """Return each house as a parameter, those in `skipped` skipped with their reason."""
    names = house_names()
    if not names:
        return [pytest.param("", marks=pytest.mark.skip(reason=f"no real houses at {HOUSES}"))]
    skipped = skipped or {}
    return [
        pytest.param(
            name, marks=[pytest.mark.skip(reason=skipped[name])] if name in skipped else []
        )
        for name in names
    ]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("house_name", _houses())
async def test_a_real_house_misses_no_opening_is_read_and_its_harmless_actions_run(
    house: House, home_mcp: MockConfigEntry
) -> None:
    """No input of an opening automation runs unasked; the house is read; harmless runs.

    A miss always fails. What a house still lacks (`NOT_YET`) is an expected
    failure while it lacks it, and a failure once it no longer does (so the
    list is kept true).
    """
    gate = _gate(home_mcp)
    missed = misses(house, gate)
    assert not missed, f"{house.name}:\n  " + "\n  ".join(missed)
    problems = [*unreadable(house, gate), *false_positives(house, gate)]
    if house.name in NOT_YET:
        assert problems, f"{house.name} passes now: take it off NOT_YET"
        pytest.xfail(f"{NOT_YET[house.name]}: " + "; ".join(problems)[:2000])
    assert not problems, f"{house.name}:\n  " + "\n  ".join(problems)


@pytest.mark.timeout(900)
@pytest.mark.parametrize("house_name", _houses(SLOW))
async def test_forcing_the_inputs_of_opening_automations_through_mcp_opens_nothing(
    house: House, home_mcp: MockConfigEntry, house_mcp: McpHarness, deny: Callable[[str], Any]
) -> None:
    """Each input forced through a real MCP client, each refusal denied: nothing moved.

    The client comes once the house has been read, as Home Assistant reads it
    after it starts: how long the first reading takes is `script/bench
    --houses`'s (thefes: 154 s, beyond the client's 30 s).
    """
    await _gate(home_mcp).async_ready()
    problems = [*await forced_openings(house, house_mcp, deny), *await big_answers(house_mcp)]
    assert not problems, f"{house.name}:\n  " + "\n  ".join(problems)


# -- text handed to Assist: a house's sentence triggers ----------------------------------

PRESENCE_MODE = "input_select.modes_de_presence_de_la_maison_v2"
"""jlpouffier's presence mode: "Occupée" disarms the alarm; the automation set off by
the sentence "Je m'en vais" moves it, and unlocks the front door when the sentence comes
from a device in the living room or the kitchen."""


@pytest.fixture
async def assist(house: House) -> House:
    """Return the house with Home Assistant's own Assist (before the MCP client's server starts)."""
    from homeassistant.setup import async_setup_component  # noqa: PLC0415

    assert await async_setup_component(house.hass, "conversation", {})
    await house.hass.services.async_call("automation", "reload", {}, blocking=True)
    return house


@pytest.mark.redteam(round=44)
@pytest.mark.timeout(900)
@pytest.mark.parametrize(
    "house_name",
    [name for name in _houses() if getattr(name, "values", [None])[0] == "jlpouffier"]
    or [pytest.param("", marks=pytest.mark.skip(reason="jlpouffier is not among the houses"))],
)
async def test_text_a_real_houses_sentence_trigger_acts_on_waits(
    assist: House, house_mcp: McpHarness
) -> None:
    """The sentence automation unlocks and moves an input of the disarm: the text waits."""
    hass = assist.hass
    await hass.services.async_call(
        "input_select", "select_option", {"entity_id": PRESENCE_MODE, "option": "Occupée"}
    )
    await hass.async_block_till_done()
    result = await house_mcp.data(
        "call_service",
        {"domain": "conversation", "service": "process", "data": {"text": "Je m'en vais"}},
    )
    await hass.async_block_till_done()
    assert hass.states.get(PRESENCE_MODE).state == "Occupée"
    assert result.get("error") == "needs_confirmation", result


# -- a house's own prompts that secure it, taken off the phone --------------------------

ANEISCH_PHONE = "mobile_app_andrew_phone"
"""aneisch's phone: "No one home, lock doors?" and "No one home, close garage door?" go
to it, both tagged `persistent`, and its Confirm buttons lock the doors and close the
garage ("Doors still unlocked when no one home", "Garage door still opened when no one
home")."""


@pytest.mark.redteam(round=51)
@pytest.mark.timeout(900)
@pytest.mark.parametrize(
    "house_name",
    [name for name in _houses() if getattr(name, "values", [None])[0] == "aneisch"]
    or [pytest.param("", marks=pytest.mark.skip(reason="aneisch is not among the houses"))],
)
@pytest.mark.parametrize(
    "data",
    [
        {"message": "clear_notification", "data": {"tag": "persistent"}},
        {"message": "The dishwasher has finished", "data": {"tag": "persistent"}},
        {"message": "remove_channel", "data": {"channel": "General"}},
    ],
    ids=["cleared", "replaced", "channel-removed"],
)
async def test_taking_a_real_house_s_lock_up_prompts_off_the_phone_waits(
    house: House, house_mcp: McpHarness, data: dict[str, Any]
) -> None:
    """One notification to aneisch's phone, tagged `persistent`, takes both prompts off it.

    So does the Android app's `remove_channel` command naming "General", the
    channel both prompts are posted on (they are sent without one).

    The companion app's notify action is a stand-in here (the loader runs no
    phone): what it is sent is what the phone would get.
    """
    hass = house.hass
    sent: list[dict[str, Any]] = []

    async def phone(call: ServiceCall) -> None:
        sent.append(dict(call.data))

    hass.services.async_register("notify", ANEISCH_PHONE, phone)
    result = await house_mcp.data(
        "call_service", {"domain": "notify", "service": ANEISCH_PHONE, "data": data}
    )
    assert result.get("error") == "needs_confirmation", result
    assert not sent, sent
