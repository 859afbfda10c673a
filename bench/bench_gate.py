"""Benchmark the gate on a real Home Assistant: its index, its checks, the tripwire.

For each size, a Home Assistant started the production way (the machinery of
`bench_tools.py`) with `bench_house`'s entities and a household on top:
helpers, a template binary sensor, automations that unlock when a helper
turns on (directly, second order, through a template), lights that follow
motion, and locks at night. Then `GET /api/bench_house/gate` (see
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
import shutil
import sys
import tempfile
from typing import Any

import httpx2

from bench_house.plan import build_plan
from bench_tools import (
    DEFAULT_SIZES,
    free_port,
    home_assistant,
    log,
    wait_ready,
    write_config,
)

OPENERS = 5
"""Helpers an automation turns into an unlock."""
MOTION_LIGHTS = 40
NIGHT_LOCKS = 10


def household(size: int) -> tuple[str, set[str]]:
    """Return the household's YAML, and what it wires to open the house.

    The set is every entity and automation that can lead to an unlock: what
    the gate should guard beyond locks, doors, valves and alarm panels.
    """
    plan = build_plan(size)
    locks = [spec.entity_id for spec in plan.by_domain("lock")]
    motion = [s.entity_id for s in plan.by_domain("binary_sensor") if s.kind == "motion"]
    lights = [spec.entity_id for spec in plan.by_domain("light")]
    helpers = [f"open_{i}" for i in range(OPENERS)] + ["courier", "doorbell", "guest_mode"]
    lines = ["input_boolean:", *(f"  {key}:" for key in helpers)]
    lines += [
        "template:",
        "  - binary_sensor:",
        "      - name: Door request",
        "        state: \"{{ is_state('input_boolean.doorbell', 'on') }}\"",
        "automation:",
    ]
    opening = {"input_boolean.courier", "input_boolean.doorbell", "binary_sensor.door_request"}

    def automation(alias: str, trigger: str, action: str, extra: str = "") -> None:
        lines.extend(
            [
                f"  - alias: {alias}",
                f"    id: {alias.lower().replace(' ', '_')}",
                "    triggers:",
                f"      - {trigger}",
                *([extra] if extra else []),
                "    actions:",
                f"      - {action}",
            ]
        )

    for i, lock in enumerate(locks[:OPENERS]):
        automation(
            f"Let in {i}",
            f"{{trigger: state, entity_id: input_boolean.open_{i}, to: 'on'}}",
            f"{{action: lock.unlock, target: {{entity_id: {lock}}}}}",
        )
        opening |= {f"input_boolean.open_{i}", f"automation.let_in_{i}"}
    if locks:
        automation(
            "Courier",
            "{trigger: state, entity_id: input_boolean.courier, to: 'on'}",
            "{action: input_boolean.turn_on, target: {entity_id: input_boolean.open_0}}",
        )
        automation(
            "Doorbell",
            "{trigger: template, value_template: \"{{ states.binary_sensor.door_request.state == 'on' }}\"}",
            f"{{action: lock.unlock, target: {{entity_id: {locks[0]}}}}}",
        )
        opening |= {"automation.courier", "automation.doorbell"}
    for i in range(min(MOTION_LIGHTS, len(motion), len(lights))):
        automation(
            f"Motion light {i}",
            f"{{trigger: state, entity_id: {motion[i]}, to: 'on'}}",
            f"{{action: light.turn_on, target: {{entity_id: {lights[i]}}}}}",
            "    conditions: [{condition: state, entity_id: input_boolean.guest_mode, state: 'off'}]",
        )
    for i in range(NIGHT_LOCKS if locks else 0):
        automation(
            f"Night lock {i}",
            f"{{trigger: time, at: '23:{i:02d}:00'}}",
            f"{{action: lock.lock, target: {{entity_id: {locks[i % len(locks)]}}}}}",
        )
        opening.add(f"automation.night_lock_{i}")  # Disabling it is guarded.
    return "\n".join(lines) + "\n", opening


async def bench_size(size: int, rounds: int) -> dict[str, Any]:
    """Start Home Assistant with a house of `size` and measure the gate."""
    config_dir = Path(tempfile.mkdtemp(prefix=f"home-mcp-gate-{size}-"))
    port = free_port()
    write_config(config_dir, size, 0, port)
    yaml, expected = household(size)
    with (config_dir / "configuration.yaml").open("a", encoding="utf-8") as file:
        file.write(yaml)
    log(f"N={size}: Home Assistant in {config_dir}")
    try:
        with (config_dir / "console.log").open("wb") as console:
            async with home_assistant(config_dir, console) as process:
                ready = await wait_ready(config_dir, process)
                async with httpx2.AsyncClient(
                    headers={"Authorization": f"Bearer {ready['token']}"}, timeout=600
                ) as http:
                    answer = await http.get(
                        f"http://127.0.0.1:{port}/api/bench_house/gate", params={"rounds": rounds}
                    )
                    answer.raise_for_status()
                    result: dict[str, Any] = answer.json()
    except BaseException:
        log(f"N={size}: failed; Home Assistant's files are kept in {config_dir}")
        raise
    shutil.rmtree(config_dir, ignore_errors=True)
    inferred = {row["entity_id"] for row in result["guarded"]["inferred"]}
    result["false_positives"] = sorted(inferred - expected)
    result["missed"] = sorted(expected - inferred)
    return result


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
        f"Perimeter keys: {result['perimeter_keys']}; macros that can open or secure: "
        f"{result['opening_macros']}.",
        "",
        "One `state_changed` (µs): Home Assistant with Home MCP "
        f"{result['per_event_us']['home_assistant']}; the tripwire adds "
        f"{result['per_event_us']['tripwire']}, the index's listener "
        f"{result['per_event_us']['index']}.",
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
    args = parser.parse_args()
    failed = 0
    for size in args.size or DEFAULT_SIZES:
        result = asyncio.run(bench_size(size, args.rounds))
        print(render(size, result), flush=True)
        failed += bool(result["missed"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
