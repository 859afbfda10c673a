"""The sessions benchmark's report: Markdown tables and JSON-ready data."""

from __future__ import annotations

import argparse
from collections.abc import Callable
import math
import os
from typing import Any, Final

from lib.report import milliseconds, table_row, table_rule
from lib.sessions.layout import PER_FOLLOWER, ROOMS, SHARED
from lib.sessions.rule import GROUPS, ISOLATED_GAP, TOO_SOON, Delivery
from lib.sessions.run import QUIET, Result
from lib.stats import median, p95

MB: Final = 1024 * 1024


def _ms(value: float | None) -> str:
    return milliseconds(value, grouping=True)


def _mb(value: float) -> str:
    return f"{value / MB:.1f}"


def render(result: Result, args: argparse.Namespace) -> str:
    """Return the report as Markdown."""
    ready = result.ready
    layout = result.layout
    storm = result.storm
    changes = storm["changes"]
    span = changes[-1][0] - changes[0][0] if len(changes) > 1 else 0.0
    distinct = {uri for uris in layout.followers for uri in uris}
    rooms = sum(uri.startswith("ha://area/") for uri in distinct)
    hot = sum(entity_id in layout.shared for _, entity_id in changes)
    visible = sum(layout.entities[entity_id]["room_visible"] for _, entity_id in changes)
    deliveries = result.deliveries
    groups = [g for g in GROUPS if deliveries[g].pairs]
    lines = [
        (
            f"### N = {ready['entities']:,} entities, {args.sessions} sessions × "
            f"{PER_FOLLOWER} subscriptions"
        ),
        "",
        (
            f"- Followers: {args.sessions} handshake-era sessions (SDK `Client`, "
            f'`mode="legacy"`, `resources/subscribe`), each with its own long-lived access '
            f"token; {'one 2026-07-28 client (`subscriptions/listen`, no session); ' if args.listen else ''}"
            f"each follows {PER_FOLLOWER}: the {SHARED} entities every client follows, "
            f"{PER_FOLLOWER - SHARED - ROOMS} of its own from a pool of {len(layout.pool)}, and "
            f"{ROOMS} rooms. {len(distinct)} distinct resources ({len(distinct) - rooms} entities, "
            f"{rooms} rooms)."
        ),
        (
            f"- Storm: {len(changes):,} state changes in {span:.1f} s "
            f"({len(changes) / span if span else 0:.1f}/s; at most "
            f"{storm['max_lag'] * 1000:.0f} ms behind schedule), made through the entity objects; "
            f"{storm['state_changed_events']:,} `state_changed` events. {hot / len(changes):.0%} "
            f"on the {len(layout.shared)} shared entities, the rest spread over "
            f"{len(layout.followed_entities) - len(layout.shared)} others; "
            f"{visible / len(changes):.0%} visible in their room."
        ),
        (
            f"- Opening {args.sessions} sessions took {result.timings['open_s']:.1f} s; "
            f"{len(result.subscribe_ms):,} subscriptions ({args.sessions} clients at once) "
            f"{result.timings['subscribe_s']:.1f} s, median {_ms(median(result.subscribe_ms))} ms, "
            f"p95 {_ms(p95(result.subscribe_ms))} ms each; closing them (DELETE) "
            f"{result.timings['close_s'] * 1000:.0f} ms."
        ),
        "",
        "| | " + " | ".join(groups) + " |",
        table_rule(len(groups) + 1),
    ]

    def row(label: str, cell: Callable[[Delivery], str]) -> None:
        lines.append(table_row(label, (cell(deliveries[g]) for g in groups)))

    def pct(part: float, whole: float) -> str:
        return f"{part / whole:.1%}" if whole else "–"

    row("followed (client × resource) / changed", lambda d: f"{d.pairs:,} / {d.changed_pairs:,}")
    row("state changes to announce", lambda d: f"{d.changes:,}")
    row("notifications expected under the rule", lambda d: f"{d.expected:,}")
    row("notifications received", lambda d: f"{d.received:,}")
    row("received / expected", lambda d: pct(d.received, d.expected))
    row("notifications of unchanged resources", lambda d: f"{d.unexpected:,}")
    row(
        f"two notifications < {TOO_SOON:g} s apart (shortest gap)",
        lambda d: (
            f"{d.too_soon:,} ({_ms(d.min_interval * 1000) if d.min_interval < math.inf else '–'} ms)"
        ),
    )
    row("**dropped** (last change never followed by a notification)", lambda d: f"**{d.dropped}**")
    row(
        "last change → next notification, median / max ms",
        lambda d: f"{_ms(median(d.last_ms))} / {_ms(max(d.last_ms) if d.last_ms else None)}",
    )
    row(
        f"latency, isolated change (> {ISOLATED_GAP:g} s after the previous) → notification, "
        "median / p95 ms",
        lambda d: (
            f"{_ms(median(d.isolated_ms))} / {_ms(p95(d.isolated_ms))} (n = {len(d.isolated_ms):,})"
        ),
    )
    row(
        "any change → next notification, median / p95 ms",
        lambda d: f"{_ms(median(d.any_ms))} / {_ms(p95(d.any_ms))}",
    )
    row(
        "read back afterwards: shows the last change",
        lambda d: f"{d.read_back_ok:,} / {d.read_back:,}" if d.read_back else "–",
    )

    memory = result.memory
    before = memory["before"]
    peak = max([*result.storm_rss, memory["storm_end"]])
    per_session = (memory["subscribed"] - before) / args.sessions
    subscriptions = args.sessions * PER_FOLLOWER + (PER_FOLLOWER if args.listen else 0)
    lines += [
        "",
        "| Home Assistant process | RSS MiB | vs before sessions |",
        "|---|---:|---:|",
        f"| house ready, sessions off | {_mb(memory['ready'])} | |",
        f"| before sessions (on, after one warm-up session) | {_mb(before)} | |",
    ]
    for label, value in (
        (f"{args.sessions} sessions open, nothing followed", memory["open"]),
        (
            f"{args.sessions} sessions × {PER_FOLLOWER} subscriptions"
            + (" + listen stream" if args.listen else ""),
            memory["subscribed"],
        ),
        ("during the storm, peak", peak),
        ("end of the storm", memory["storm_end"]),
        (f"{QUIET:g} s after the storm", memory["after_storm"]),
        ("sessions closed", memory["closed"]),
    ):
        lines.append(f"| {label} | {_mb(value)} | {(value - before) / MB:+.1f} |")
    objects = result.objects
    names = list(objects["before sessions"])
    lines += [
        "",
        (
            f"- Memory per session (RSS with {args.sessions} sessions × {PER_FOLLOWER} "
            f"subscriptions, minus before, ÷ {args.sessions}): {per_session / 1024:.0f} KiB; "
            f"per open session alone {(memory['open'] - before) / args.sessions / 1024:.0f} KiB; "
            f"the {subscriptions} subscriptions: "
            f"{(memory['subscribed'] - memory['open']) / 1024:+,.0f} KiB in all. "
            "RSS moves in whole allocator arenas and the recorder writes every change: read "
            "the object counts below for what sessions hold."
        ),
        "- Live objects in Home Assistant (after a full garbage collection): "
        + "; ".join(
            f"{name} {objects['before sessions'][name]:,} → {objects['subscribed'][name]:,} → "
            f"{objects['after close'][name]:,}"
            for name in names
        )
        + " (before sessions → subscribed → after close).",
    ]
    cpu = result.cpu
    cores = os.cpu_count() or 1
    lines += [
        (
            f"- CPU during the storm ({cpu.wall:.0f} s): Home Assistant "
            f"{cpu.home_assistant / cpu.wall:.0%} of one core (every thread: event loop, "
            f"recorder); this benchmark's clients {cpu.client / cpu.wall:.0%}; the whole "
            f"machine {cpu.machine_busy / cpu.machine_total:.0%} of {cores} cores. Load average "
            f"(1 min) {cpu.load[0]:.2f} at the start, {cpu.load[1]:.2f} at the end."
        ),
    ]
    if result.control is not None:
        control, control_rss = result.control
        lines.append(
            f"- The same storm once the sessions had closed, nobody following (`--control`): "
            f"Home Assistant {control.home_assistant / control.wall:.0%} of one core, RSS peak "
            f"{_mb(max(control_rss))} MiB; so following costs about "
            f"{(cpu.home_assistant - control.home_assistant) / cpu.wall:.0%} of one core for "
            f"{sum(d.received for d in result.deliveries.values()) / cpu.wall:.0f} "
            "notifications a second."
        )
    if result.errors:
        lines += ["", *(f"- Error: {error}" for error in result.errors[:20])]
    return "\n".join(lines) + "\n"


def to_json(result: Result) -> dict[str, Any]:
    """Return the results as JSON-ready data (no tokens)."""
    deliveries = {
        group: {
            "pairs": d.pairs,
            "changed_pairs": d.changed_pairs,
            "changes": d.changes,
            "expected": d.expected,
            "received": d.received,
            "unexpected": d.unexpected,
            "too_soon": d.too_soon,
            "min_interval_s": d.min_interval if d.min_interval < math.inf else None,
            "dropped": d.dropped,
            "isolated_median_ms": median(d.isolated_ms),
            "isolated_p95_ms": p95(d.isolated_ms),
            "isolated_n": len(d.isolated_ms),
            "any_median_ms": median(d.any_ms),
            "any_p95_ms": p95(d.any_ms),
            "last_median_ms": median(d.last_ms),
            "last_max_ms": max(d.last_ms) if d.last_ms else None,
            "read_back": d.read_back,
            "read_back_ok": d.read_back_ok,
        }
        for group, d in result.deliveries.items()
    }
    return {
        "house": {k: v for k, v in result.ready.items() if k not in ("token", "history")},
        "shared": result.layout.shared,
        "followers": {f.name: f.uris for f in result.followers},
        "deliveries": deliveries,
        "memory_bytes": result.memory,
        "storm_rss_bytes": result.storm_rss,
        "objects": result.objects,
        "cpu": {
            "wall_s": result.cpu.wall,
            "home_assistant_s": result.cpu.home_assistant,
            "client_s": result.cpu.client,
            "machine_busy_s": result.cpu.machine_busy,
            "machine_total_s": result.cpu.machine_total,
            "load_average_1m": list(result.cpu.load),
        },
        "control": None
        if result.control is None
        else {
            "wall_s": result.control[0].wall,
            "home_assistant_s": result.control[0].home_assistant,
            "client_s": result.control[0].client,
            "rss_bytes": result.control[1],
        },
        "timings": result.timings,
        "storm": {k: v for k, v in result.storm.items() if k not in ("changes", "last_updated")},
        "session_status": result.status.get("sessions"),
        "errors": result.errors,
    }
