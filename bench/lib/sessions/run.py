"""The sessions benchmark's run on a running Home Assistant: follow, storm, read back, close.

`run` turns sessions on through the options flow, opens a warm-up session,
then the sessions (and the listen stream), subscribes each to its
resources, has `bench_house` make the storm, reads every followed entity
back, closes the sessions, optionally makes the same storm with nobody
following, and analyses what each follower received against the rule.
"""

from __future__ import annotations

import argparse
import asyncio
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass
import random
import time
from typing import Any, Final

from lib.clients import authorized_client
from lib.measure import Cpu, CpuMeter, rss_bytes
from lib.report import log
from lib.sessions.clients import listen, open_session, read_back, subscribe
from lib.sessions.house import WAIT_TIMEOUT, House
from lib.sessions.layout import (
    PER_FOLLOWER,
    Follower,
    Layout,
    changes_by_uri,
    choose_layout,
    storm_schedule,
)
from lib.sessions.rule import GROUPS, Delivery, Group, analyse

QUIET: Final = 3.0
"""Seconds waited after the storm before anything is counted."""
SETTLE: Final = 3.0
"""Seconds waited before each memory reading."""


@dataclass(slots=True)
class Result:
    """Everything measured."""

    ready: dict[str, Any]
    layout: Layout
    followers: list[Follower]
    storm: dict[str, Any]
    deliveries: dict[Group, Delivery]
    memory: dict[str, int]
    """RSS of the Home Assistant process (bytes) at each step."""
    storm_rss: list[int]
    objects: dict[str, dict[str, int]]
    cpu: Cpu
    control: tuple[Cpu, list[int]] | None
    """CPU and RSS samples of the same storm with nobody following (`--control`)."""
    timings: dict[str, float]
    subscribe_ms: list[float]
    status: dict[str, Any]
    """Home MCP's session status with everything subscribed."""
    errors: list[str]


async def sample_rss(pid: int, samples: list[int], stop: asyncio.Event) -> None:
    """Append the RSS of `pid` to `samples` every half second until `stop`."""
    while not stop.is_set():
        samples.append(rss_bytes(pid))
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def run_storm(
    house: House, pid: int, schedule: list[str], rate: float
) -> tuple[dict[str, Any], dict[str, Any], Cpu, list[int]]:
    """Run a storm; return its start, its result, the CPU used and RSS samples."""
    samples: list[int] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(pid, samples, stop))
    meter = CpuMeter(pid)
    meter.start()
    started = await house.storm(schedule, rate)
    storm = await house.storm_result(len(schedule) / rate + 120)
    cpu = meter.stop()
    stop.set()
    await sampler
    return started, storm, cpu, samples


async def settle_rss(pid: int, seconds: float = SETTLE) -> int:
    """Wait `seconds`, then return the RSS of `pid`."""
    await asyncio.sleep(seconds)
    return rss_bytes(pid)


async def run(args: argparse.Namespace, ready: dict[str, Any], base_url: str) -> Result:
    """Run the benchmark on a running Home Assistant whose house is `ready`."""
    url = f"{base_url}/api/mcp"
    pid = int(ready["pid"])
    rng = random.Random(args.seed)
    memory: dict[str, int] = {}
    objects: dict[str, dict[str, int]] = {}
    timings: dict[str, float] = {}
    errors: list[str] = []
    async with authorized_client(ready["token"]) as http:
        house = House(http, base_url)
        memory["ready"] = rss_bytes(pid)
        mark = time.monotonic()
        await house.enable_sessions()
        timings["enable_sessions_s"] = time.monotonic() - mark
        log(f"sessions on after {timings['enable_sessions_s']:.1f} s")
        rows = (await house.get("/api/bench_house/entities"))["entities"]
        count = args.sessions + (1 if args.listen else 0)
        layout = choose_layout(rows, count, rng)
        tokens: list[str] = (await house.post("/api/bench_house/tokens", {"count": count + 1}))[
            "tokens"
        ]
        schedule = storm_schedule(layout, rng, args.rate, args.duration)

        # A warm-up session: first-use allocations are nobody's.
        warm = Follower("warm-up", "session", tokens[-1], [f"ha://entity/{layout.shared[0]}"])
        async with AsyncExitStack() as stack:
            client = await open_session(stack, url, warm)
            await subscribe(client, warm.uris)
            await asyncio.sleep(1)
            await house.storm([layout.shared[0]] * 3, 2.0)
            await house.storm_result(30)
            await asyncio.sleep(1.5)
        if not warm.received:
            errors.append("the warm-up session received no notification")
        await house.until("the warm-up session to close", lambda s: s["sessions"]["open"] == 0)
        memory["before"] = await settle_rss(pid)
        objects["before sessions"] = (await house.sessions(objects=True))["objects"]

        followers = [
            Follower(f"session {index + 1}", "session", tokens[index], layout.followers[index])
            for index in range(args.sessions)
        ]
        listener = (
            Follower("listen", "listen", tokens[args.sessions], layout.followers[args.sessions])
            if args.listen
            else None
        )
        async with AsyncExitStack() as stack:
            mark = time.monotonic()
            clients = [await open_session(stack, url, follower) for follower in followers]
            timings["open_s"] = time.monotonic() - mark
            await house.until(
                f"{args.sessions} sessions with their GET streams",
                lambda s: (
                    s["sessions"]["open"] == args.sessions and all(n >= 1 for n in s["in_flight"])
                ),
            )
            memory["open"] = await settle_rss(pid)
            log(f"{args.sessions} sessions open in {timings['open_s']:.1f} s")

            mark = time.monotonic()
            per_session = await asyncio.gather(
                *(
                    subscribe(client, follower.uris)
                    for client, follower in zip(clients, followers, strict=True)
                )
            )
            timings["subscribe_s"] = time.monotonic() - mark
            subscribe_ms = [ms for times in per_session for ms in times]
            listen_task: asyncio.Task[None] | None = None
            if listener is not None:
                listening = asyncio.Event()
                listen_task = asyncio.create_task(listen(url, listener, listening))
                await asyncio.wait(
                    [listen_task, asyncio.create_task(listening.wait())],
                    timeout=WAIT_TIMEOUT,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if listen_task.done():
                    listen_task.result()  # Raises what failed.
            distinct = {uri for uris in layout.followers[:count] for uri in uris}
            status = await house.until(
                "every subscription",
                lambda s: (
                    s["followed"] == len(distinct)
                    and all(
                        item["subscriptions"] == PER_FOLLOWER for item in s["sessions"]["items"]
                    )
                ),
            )
            memory["subscribed"] = await settle_rss(pid)
            objects["subscribed"] = (await house.sessions(objects=True))["objects"]
            log(
                f"subscribed in {timings['subscribe_s']:.1f} s: {len(distinct)} distinct "
                f"resources; storm of {len(schedule)} changes at {args.rate:g}/s"
            )

            started, storm, cpu, samples = await run_storm(house, pid, schedule, args.rate)
            memory["storm_end"] = rss_bytes(pid)
            log(
                f"storm done: {storm['made']} changes, at most "
                f"{storm['max_lag'] * 1000:.0f} ms behind schedule"
            )
            memory["after_storm"] = await settle_rss(pid, QUIET)

            # Is the last change there to read?
            deliveries = {group: Delivery() for group in GROUPS}
            await asyncio.gather(
                *(
                    read_back(
                        client,
                        follower.uris,
                        storm["last_updated"],
                        deliveries["sessions: entities"],
                    )
                    for client, follower in zip(clients, followers, strict=True)
                )
            )
            if listen_task is not None:
                listen_task.cancel()
                with suppress(asyncio.CancelledError):
                    await listen_task
            mark = time.monotonic()
        timings["close_s"] = time.monotonic() - mark
        await house.until(
            "every session to close and every subscription to go",
            lambda s: s["sessions"]["open"] == 0 and s["followed"] == 0 and not s["tracking"],
        )
        memory["closed"] = await settle_rss(pid)
        objects["after close"] = (await house.sessions(objects=True))["objects"]
        log(f"sessions closed in {timings['close_s'] * 1000:.0f} ms")
        control: tuple[Cpu, list[int]] | None = None
        if args.control:
            log("the same storm again, nobody following")
            _, _, control_cpu, control_rss = await run_storm(house, pid, schedule, args.rate)
            control = (control_cpu, control_rss)

    times = changes_by_uri([(t, e) for t, e in storm["changes"]], layout.entities)
    window = (started["start"] - 1, storm["finished"] + QUIET)
    for follower in followers:
        for uri in follower.uris:
            group: Group = (
                "sessions: entities" if uri.startswith("ha://entity/") else "sessions: rooms"
            )
            analyse(follower, uri, times.get(uri, []), deliveries[group], window)
        errors += [f"{follower.name}: {error}" for error in follower.errors]
    if listener is not None:
        for uri in listener.uris:
            analyse(listener, uri, times.get(uri, []), deliveries["listen stream"], window)
        errors += [f"listen: {error}" for error in listener.errors]
    return Result(
        ready=ready,
        layout=layout,
        followers=[*followers, *([listener] if listener else [])],
        storm=storm,
        deliveries=deliveries,
        memory=memory,
        storm_rss=samples,
        objects=objects,
        cpu=cpu,
        control=control,
        timings=timings,
        subscribe_ms=subscribe_ms,
        status=status,
        errors=errors,
    )
