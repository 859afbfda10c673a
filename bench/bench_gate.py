"""Benchmark the gate on a real Home Assistant: its index, its checks, the tripwire.

For each size, a Home Assistant started the production way (the machinery the
benchmarks share, `lib/`) with `bench_house`'s entities and a household on top:
helpers and a template binary sensor (YAML), and automations saved through
the automation editor's API once the house is built: they unlock when a
helper turns on (directly, second order, through a template), turn lights on
with motion, and lock at night. Then `GET /api/bench_house/gate` (see
`bench_house/gate.py`) measures inside Home Assistant: one rebuild of the
perimeter index, `Gate.async_check` of a few actions, the cost of one
`state_changed` with the tripwire (and the index) listening, and what the
gate guards, by why.

False positives: every entity guarded for a reason other than its own class
(a lock, an entrance cover, a valve, an alarm panel) is compared with what
the household really wired to open the house (`household()`); anything
else guarded is counted and listed as a false positive.

    script/bench --gate                 120, 2,000 and 10,000 entities
    script/bench --gate -n 2000         one size
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
import sys
from typing import TYPE_CHECKING, Any

from lib.clients import authorized_client
from lib.home_assistant import DEFAULT_SIZES, running_house

if TYPE_CHECKING:
    import httpx2

OPENERS = 5
"""Helpers an automation turns into an unlock."""
MOTION_LIGHTS = 40
NIGHT_LOCKS = 10


HELPERS = [f"open_{i}" for i in range(OPENERS)] + ["courier", "doorbell", "guest_mode"]
CONFIGURATION = "\n".join(
    [
        "config:",
        "automation: !include automations.yaml",
        "input_boolean:",
        *(f"  {key}:" for key in HELPERS),
        "template:",
        "  - binary_sensor:",
        "      - name: Door request",
        "        state: \"{{ is_state('input_boolean.doorbell', 'on') }}\"",
        "",
    ]
)
"""The household's YAML: helpers, a template sensor; automations come from the editor."""


def _state(entity_id: str, to: str = "on") -> dict[str, Any]:
    return {"trigger": "state", "entity_id": entity_id, "to": to}


def _call(action: str, entity_id: str) -> dict[str, Any]:
    return {"action": action, "target": {"entity_id": entity_id}}


def household(states: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], set[str]]:
    """Return the household's automations for this house, and what can open it.

    The set is every entity and automation that can lead to an unlock, or
    whose disabling leaves a door unlocked: what the gate should guard
    beyond locks, doors, valves and alarm panels.
    """

    def ids(domain: str, device_class: str | None = None) -> list[str]:
        return sorted(
            s["entity_id"]
            for s in states
            if s["entity_id"].startswith(f"{domain}.")
            and (device_class is None or s["attributes"].get("device_class") == device_class)
        )

    locks, lights, motion = ids("lock"), ids("light"), ids("binary_sensor", "motion")
    automations: dict[str, dict[str, Any]] = {}
    opening = {"input_boolean.courier", "input_boolean.doorbell", "binary_sensor.door_request"}
    for i, lock in enumerate(locks[:OPENERS]):
        automations[f"let_in_{i}"] = {
            "alias": f"Let in {i}",
            "triggers": [_state(f"input_boolean.open_{i}")],
            "actions": [_call("lock.unlock", lock)],
        }
        opening |= {f"input_boolean.open_{i}", f"automation.let_in_{i}"}
    automations["courier"] = {
        "alias": "Courier",
        "triggers": [_state("input_boolean.courier")],
        "actions": [_call("input_boolean.turn_on", "input_boolean.open_0")],
    }
    automations["doorbell"] = {
        "alias": "Doorbell",
        "triggers": [
            {
                "trigger": "template",
                "value_template": "{{ states.binary_sensor.door_request.state == 'on' }}",
            }
        ],
        "actions": [_call("lock.unlock", locks[0])],
    }
    opening |= {"automation.courier", "automation.doorbell"}
    for i, (sensor, light) in enumerate(zip(motion, lights, strict=False)):
        if i == MOTION_LIGHTS:
            break
        automations[f"motion_light_{i}"] = {
            "alias": f"Motion light {i}",
            "triggers": [_state(sensor)],
            "conditions": [
                {"condition": "state", "entity_id": "input_boolean.guest_mode", "state": "off"}
            ],
            "actions": [_call("light.turn_on", light)],
        }
    for i in range(NIGHT_LOCKS):
        automations[f"night_lock_{i}"] = {
            "alias": f"Night lock {i}",
            "triggers": [{"trigger": "time", "at": f"23:{i:02d}:00"}],
            "actions": [_call("lock.lock", locks[i % len(locks)])],
        }
        opening.add(f"automation.night_lock_{i}")  # Disabling it is guarded.
    return automations, opening


def _configure(config_dir: Path) -> None:
    """Add the household's YAML to the configuration, and an empty automations.yaml."""
    with (config_dir / "configuration.yaml").open("a", encoding="utf-8") as file:
        file.write(CONFIGURATION)
    (config_dir / "automations.yaml").write_text("[]\n", encoding="utf-8")


async def bench_size(size: int, rounds: int, *, keep: bool = False) -> dict[str, Any]:
    """Start Home Assistant with a house of `size` and measure the gate."""
    async with (
        running_house(
            f"home-mcp-gate-{size}-", size, 0, keep=keep, label=f"N={size}: ", configure=_configure
        ) as house,
        authorized_client(house.ready["token"], timeout=600) as http,
    ):
        base = house.base_url
        states = (await http.get(f"{base}/api/states")).json()
        automations, expected = household(states)
        for key, config in automations.items():
            saved = await http.post(f"{base}/api/config/automation/config/{key}", json=config)
            saved.raise_for_status()
        await _wait_for_automations(http, base, len(automations))
        answer = await http.get(f"{base}/api/bench_house/gate", params={"rounds": rounds})
        answer.raise_for_status()
        result: dict[str, Any] = answer.json()
    inferred = {row["entity_id"] for row in result["guarded"]["inferred"]}
    result["false_positives"] = sorted(inferred - expected)
    result["missed"] = sorted(expected - inferred)
    return result


async def _wait_for_automations(http: httpx2.AsyncClient, base: str, count: int) -> None:
    """Wait until Home Assistant has loaded every automation the editor saved."""
    for _ in range(240):
        states = (await http.get(f"{base}/api/states")).json()
        if sum(s["entity_id"].startswith("automation.") for s in states) >= count:
            return
        await asyncio.sleep(0.5)
    raise RuntimeError(f"Home Assistant did not load the {count} automations")


def render(size: int, result: dict[str, Any]) -> str:
    """Return one size's results as Markdown."""
    guarded = result["guarded"]
    lines = [
        f"### {result['entities']:,} entities, {result['automations']} automations (N={size})",
        "",
        "| measure | median | max |",
        "|---|---:|---:|",
        f"| index rebuild (ms) | {result['index_ms']['median']} | {result['index_ms']['max']} |",
        *(
            f"| `async_check`: {label} (µs) | {t['median']:.0f} | {t['max']:.0f} |"
            for label, t in result["check_us"].items()
        ),
        "",
        (
            f"Perimeter keys: {result['perimeter_keys']}; automations and scripts that can "
            f"open the house: {result['opening_macros']}; the index holds "
            f"{result['index_bytes'] / 2**20:.1f} MB (tracemalloc, one rebuild)."
        ),
        "",
        (
            "One `state_changed` (µs): Home MCP's listeners (the tripwire's and the "
            "index's) take "
            + ", ".join(f"{v} ({k})" for k, v in result["callbacks_us"].items())
            + "; Home Assistant's whole `async_set` takes "
            f"{result['per_event_us']['home_assistant']}, and one more tripwire adds "
            f"{result['per_event_us']['tripwire']}, one more index "
            f"{result['per_event_us']['index']} (timed A/B, noisy on a busy machine)."
        ),
        "",
        f"Guarded: {guarded['total']} ("
        + ", ".join(f"{why}: {count}" for why, count in sorted(guarded["by_reason"].items()))
        + f"). False positives: {len(result['false_positives'])}"
        + (f" ({', '.join(result['false_positives'][:20])})" if result["false_positives"] else "")
        + f"; wired to open but not guarded: {len(result['missed'])}"
        + (f" ({', '.join(result['missed'])})" if result["missed"] else "")
        + ".",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    """Run the gate benchmark for the sizes asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--size", type=int, action="append", help="entities (repeatable)")
    parser.add_argument("--rounds", type=int, default=20, help="rebuilds and checks timed (20)")
    parser.add_argument("--keep", action="store_true", help="keep each configuration directory")
    args = parser.parse_args()
    failed = 0
    for size in args.size or DEFAULT_SIZES:
        result = asyncio.run(bench_size(size, args.rounds, keep=args.keep))
        print(render(size, result), flush=True)
        failed += bool(result["missed"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
