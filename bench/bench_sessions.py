"""Benchmark Home MCP's sessions and resource subscriptions on a real Home Assistant.

Not a test (pytest does not collect it). With the machinery of
`bench_tools.py` (a fresh configuration directory, `python -m homeassistant`
in its own process, the `bench_house` integration building a house of N
entities with a credential and Home MCP), this:

1. turns the option `enable_sessions` on through Home MCP's options flow over
   REST (`/api/config/config_entries/options/flow`, as the UI does; the entry
   reloads);
2. opens and closes one warm-up session (first-use allocations are not
   counted as any session's), then measures the Home Assistant process's RSS;
3. opens 16 handshake-era sessions with the official SDK client
   (`mcp.Client(..., mode="legacy")`, one long-lived access token each, so
   16 credentials, as 16 clients would be set up), then subscribes each to 50
   resources (`resources/subscribe`): the 10 entities every client follows,
   35 entities of its own drawn from a pool of 400, and 5 rooms
   (`ha://area/...`); optionally one 2026-07-28 client follows 50 resources
   the same way through `subscriptions/listen` (no session);
4. has `bench_house` make 100 state changes per second for 60 s on the
   followed entities, inside Home Assistant, through the entity objects
   (`async_write_ha_state`: state machine, `state_changed`, recorder): 30 %
   on the 10 shared entities (3 a second each: bursts the rule coalesces),
   70 % evenly over the other followed entities (one every few seconds each);
   each change is timed with `time.monotonic()`, which this process shares;
5. records when each client receives each `notifications/resources/updated`
   (or listen event), waits, reads every followed entity back, closes the
   sessions (DELETE, as the SDK client does when it exits), and measures
   RSS and live objects again.

It reports, per group of resources: the notifications the rule "at most once
per second per resource, the last change always delivered" gives for the
changes made (Home Assistant's `Debouncer(cooldown=1, immediate=True)`
replayed on the change times) against those received; "dropped" resources
(a follower and URI whose last change was never followed by a notification;
must be 0); the latency from a state change to the next notification; and
whether the resource read afterwards shows the last change. Then the
memory of the Home Assistant process before, with the sessions, during the
storm and after the sessions closed, and its CPU time during the storm.

Run it with `script/bench --sessions` (the demo's environment, .venv-demo),
or `.venv-demo/bin/python bench/bench_sessions.py --help`.
"""

from __future__ import annotations

import argparse
import asyncio
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
import json
import math
import os
from pathlib import Path
import platform
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Final, Literal
import warnings

from bench_tools import (
    CALL_TIMEOUT,
    HOME_MCP,
    free_port,
    git_revision,
    home_assistant,
    log,
    median,
    p95,
    wait_ready,
    write_config,
)
import httpx2

if TYPE_CHECKING:
    from mcp import Client

DEFAULT_SIZE: Final = 2000
SESSIONS: Final = 16
PER_FOLLOWER: Final = 50
SHARED: Final = 10
ROOMS: Final = 5
POOL: Final = 400
RATE: Final = 100.0
DURATION: Final = 60.0
HOT_SHARE: Final = 0.3
COOLDOWN: Final = 1.0
"""The rule: a resource is announced at most once per this many seconds."""
ISOLATED_GAP: Final = 2.2
"""A change this long after the previous one of its resource is announced at once
under the rule (the previous one's notification came at most `COOLDOWN` after it,
and its cooldown ended `COOLDOWN` later)."""
TOO_SOON: Final = 0.8
"""Two notifications of one resource closer than this break the rule."""
QUIET: Final = 3.0
"""Seconds waited after the storm before anything is counted."""
SETTLE: Final = 3.0
"""Seconds waited before each memory reading."""
WAIT_TIMEOUT: Final = 60.0
MB: Final = 1024 * 1024
SHARED_RECIPE: Final = (
    # What every client of the household follows: (domain, device classes, count).
    ("sensor", ("power",), 4),
    ("light", (), 2),
    ("lock", (), 1),
    ("binary_sensor", ("door",), 1),
    ("climate", (), 1),
    ("cover", (), 1),
)

type Group = Literal["sessions: entities", "sessions: rooms", "listen stream"]
GROUPS: Final[tuple[Group, ...]] = ("sessions: entities", "sessions: rooms", "listen stream")


# -- the house, the followers and the storm ---------------------------------


@dataclass(slots=True)
class Follower:
    """One client following resources, and when it heard of each."""

    name: str
    kind: Literal["session", "listen"]
    token: str
    uris: list[str]
    received: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)

    def note(self, uri: str) -> None:
        """Record a notification for `uri`, received now."""
        self.received[uri].append(time.monotonic())


@dataclass(slots=True)
class Layout:
    """Who follows what, and what the storm changes."""

    entities: dict[str, dict[str, Any]]
    """bench_house's description of each entity, by entity id."""
    shared: list[str]
    pool: list[str]
    followers: list[list[str]]
    """URIs of each follower: the sessions', then the listen stream's."""

    @property
    def followed_entities(self) -> list[str]:
        """Return the entity ids some follower follows, sorted."""
        prefix = "ha://entity/"
        ids = {uri.removeprefix(prefix) for uris in self.followers for uri in uris}
        return sorted(entity_id for entity_id in ids if entity_id in self.entities)


def choose_layout(rows: list[dict[str, Any]], followers: int, rng: random.Random) -> Layout:
    """Choose what each follower follows (see the module's docstring)."""
    usable = {
        row["entity_id"]: row
        for row in rows
        if row["changeable"] and row["available"] and not row["hidden"]
    }
    ids = sorted(usable)
    shared: list[str] = []
    for domain, classes, count in SHARED_RECIPE:
        candidates = [
            entity_id
            for entity_id in ids
            if usable[entity_id]["domain"] == domain
            and (not classes or usable[entity_id]["device_class"] in classes)
            and usable[entity_id]["area_id"] is not None
            and entity_id not in shared
        ]
        shared += rng.sample(candidates, min(count, len(candidates)))
    rest = [entity_id for entity_id in ids if entity_id not in shared]
    shared += rng.sample(rest, SHARED - len(shared)) if len(shared) < SHARED else []
    rest = [entity_id for entity_id in rest if entity_id not in shared]
    pool = rng.sample(rest, min(POOL, len(rest)))
    areas = sorted({row["area_id"] for row in rows if row["area_id"] is not None})
    own = PER_FOLLOWER - SHARED - ROOMS
    lists = []
    for _ in range(followers):
        uris = [f"ha://entity/{entity_id}" for entity_id in shared]
        uris += [f"ha://entity/{entity_id}" for entity_id in rng.sample(pool, own)]
        uris += [f"ha://area/{area_id}" for area_id in rng.sample(areas, ROOMS)]
        lists.append(uris)
    return Layout(usable, shared, pool, lists)


def storm_schedule(layout: Layout, rng: random.Random, rate: float, duration: float) -> list[str]:
    """Return the entity ids to change, one per 1/rate seconds.

    `HOT_SHARE` of the changes fall on the shared entities, the rest evenly on
    the other followed entities.
    """
    others = [entity_id for entity_id in layout.followed_entities if entity_id not in layout.shared]
    count = round(rate * duration)
    return [
        rng.choice(layout.shared) if rng.random() < HOT_SHARE else rng.choice(others)
        for _ in range(count)
    ]


def changes_by_uri(
    changes: list[tuple[float, str]], entities: dict[str, dict[str, Any]]
) -> dict[str, list[float]]:
    """Return the change times of each resource: its entity's, or its room's visible ones."""
    times: defaultdict[str, list[float]] = defaultdict(list)
    for when, entity_id in changes:
        times[f"ha://entity/{entity_id}"].append(when)
        row = entities[entity_id]
        if row["room_visible"] and row["area_id"] is not None and not row["hidden"]:
            times[f"ha://area/{row['area_id']}"].append(when)
    return times


# -- the rule ----------------------------------------------------------------


def rule_schedule(
    changes: list[float], cooldown: float = COOLDOWN
) -> tuple[list[float], list[float]]:
    """Replay `Debouncer(cooldown, immediate=True)` on sorted change times.

    Returns the times the rule announces the resource, and for each change
    the time it is announced: at once when no cooldown runs, else at the end
    of the cooldown, which then starts again.
    """
    notes: list[float] = []
    due: list[float] = [math.nan] * len(changes)
    window_end: float | None = None
    pending: list[int] = []
    for index, when in enumerate(changes):
        while window_end is not None and window_end <= when:
            if pending:
                notes.append(window_end)
                for waiting in pending:
                    due[waiting] = window_end
                pending = []
                window_end += cooldown
            else:
                window_end = None
        if window_end is None:
            notes.append(when)
            due[index] = when
            window_end = when + cooldown
        else:
            pending.append(index)
    if pending and window_end is not None:
        notes.append(window_end)
        for waiting in pending:
            due[waiting] = window_end
    return notes, due


@dataclass(slots=True)
class Delivery:
    """What one group of (follower, resource) pairs received against the rule."""

    pairs: int = 0
    changed_pairs: int = 0
    changes: int = 0
    expected: int = 0
    received: int = 0
    unexpected: int = 0
    """Notifications of a resource that did not change."""
    too_soon: int = 0
    min_interval: float = math.inf
    dropped: int = 0
    isolated_ms: list[float] = field(default_factory=list)
    any_ms: list[float] = field(default_factory=list)
    last_ms: list[float] = field(default_factory=list)
    read_back: int = 0
    read_back_ok: int = 0


def analyse(
    follower: Follower,
    uri: str,
    changes: list[float],
    delivery: Delivery,
    window: tuple[float, float],
) -> None:
    """Add one (follower, resource) pair to `delivery`.

    window: (start, end) of the storm on the monotonic clock; notifications
    outside it (plus a few seconds to drain) are not the storm's.
    """
    start, end = window
    received = sorted(t for t in follower.received.get(uri, []) if start <= t <= end)
    delivery.pairs += 1
    delivery.received += len(received)
    for before, after in zip(received, received[1:], strict=False):
        delivery.min_interval = min(delivery.min_interval, after - before)
        delivery.too_soon += after - before < TOO_SOON
    if not changes:
        delivery.unexpected += len(received)
        return
    delivery.changed_pairs += 1
    delivery.changes += len(changes)
    notes, _due = rule_schedule(changes)
    delivery.expected += len(notes)
    previous = -math.inf
    for when in changes:
        index = bisect_left(received, when)
        if index < len(received):
            latency = (received[index] - when) * 1000
            delivery.any_ms.append(latency)
            if when - previous > ISOLATED_GAP:
                delivery.isolated_ms.append(latency)
        previous = when
    index = bisect_left(received, changes[-1])
    if index < len(received):
        delivery.last_ms.append((received[index] - changes[-1]) * 1000)
    else:
        delivery.dropped += 1


# -- measuring the Home Assistant process -------------------------------------


def rss_bytes(pid: int) -> int:
    """Return the resident set size of process `pid` (/proc/PID/statm)."""
    fields = Path(f"/proc/{pid}/statm").read_text(encoding="ascii").split()
    return int(fields[1]) * os.sysconf("SC_PAGE_SIZE")


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system, every thread) process `pid` used so far."""
    text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """Return (busy, total) CPU seconds of the whole machine so far (/proc/stat)."""
    values = [
        int(v) for v in Path("/proc/stat").read_text(encoding="ascii").split("\n")[0].split()[1:]
    ]
    idle = values[3] + values[4]
    total = sum(values[:8])
    ticks = os.sysconf("SC_CLK_TCK")
    return (total - idle) / ticks, total / ticks


def own_cpu_seconds() -> float:
    """Return this process's CPU time (user + system, every thread)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass(slots=True)
class Cpu:
    """CPU use over an interval: Home Assistant, this client process, the machine."""

    wall: float
    home_assistant: float
    client: float
    machine_busy: float
    machine_total: float
    load: tuple[float, float]


class CpuMeter:
    """Measure CPU use between `start()` and `stop()`."""

    def __init__(self, pid: int) -> None:
        """Measure the Home Assistant process `pid`."""
        self.pid = pid
        self._start: tuple[float, float, float, tuple[float, float], float] | None = None

    def start(self) -> None:
        """Start measuring."""
        self._start = (
            time.monotonic(),
            cpu_seconds(self.pid),
            own_cpu_seconds(),
            machine_busy(),
            os.getloadavg()[0],
        )

    def stop(self) -> Cpu:
        """Return the CPU use since `start()`."""
        assert self._start is not None
        wall, ha, own, (busy, total), load = self._start
        end_busy, end_total = machine_busy()
        return Cpu(
            wall=time.monotonic() - wall,
            home_assistant=cpu_seconds(self.pid) - ha,
            client=own_cpu_seconds() - own,
            machine_busy=end_busy - busy,
            machine_total=end_total - total,
            load=(load, os.getloadavg()[0]),
        )


# -- talking to Home Assistant --------------------------------------------------


class House:
    """bench_house's and Home Assistant's HTTP API, with the administrator's token."""

    def __init__(self, http: httpx2.AsyncClient, base_url: str) -> None:
        """Use `http` (it carries the token) against `base_url`."""
        self.http = http
        self.base_url = base_url

    async def get(self, path: str, **params: str) -> Any:
        """GET a JSON answer."""
        response = await self.http.get(f"{self.base_url}{path}", params=params or None)
        response.raise_for_status()
        return response.json()

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST JSON; return the JSON answer."""
        response = await self.http.post(f"{self.base_url}{path}", json=body)
        if response.status_code >= 400:
            raise RuntimeError(f"POST {path}: HTTP {response.status_code}: {response.text[:500]}")
        return response.json()

    async def sessions(self, *, objects: bool = False) -> dict[str, Any]:
        """Return Home MCP's entry, sessions and followed resources (live objects too)."""
        result: dict[str, Any] = await (
            self.get("/api/bench_house/sessions", objects="1")
            if objects
            else self.get("/api/bench_house/sessions")
        )
        return result

    async def until(
        self, what: str, check: Callable[[dict[str, Any]], bool], within: float = WAIT_TIMEOUT
    ) -> dict[str, Any]:
        """Poll the sessions view until `check` holds; raise after `within` seconds."""
        deadline = time.monotonic() + within
        while True:
            status = await self.sessions()
            if check(status):
                return status
            if time.monotonic() > deadline:
                raise RuntimeError(f"Waited {within:.0f} s for {what}; last status: {status}")
            await asyncio.sleep(0.2)

    async def enable_sessions(self) -> None:
        """Turn `enable_sessions` on through the options flow, as the UI does."""
        status = await self.sessions()
        flow = await self.post(
            "/api/config/config_entries/options/flow", {"handler": status["entry_id"]}
        )
        if flow.get("type") != "form":
            raise RuntimeError(f"Options flow did not show its form: {flow}")
        result = await self.post(
            f"/api/config/config_entries/options/flow/{flow['flow_id']}",
            {"confirmation_expiry": 10, "enable_sessions": True},
        )
        if result.get("type") != "create_entry":
            raise RuntimeError(f"Options flow did not save: {result}")
        await self.until(
            "Home MCP to reload with sessions on",
            lambda s: s["state"] == "loaded" and s.get("sessions", {}).get("enabled") is True,
        )

    async def storm(self, schedule: list[str], rate: float) -> dict[str, Any]:
        """Start a storm; return `{start, changes}`."""
        started: dict[str, Any] = await self.post(
            "/api/bench_house/storm", {"entity_ids": schedule, "rate": rate, "delay": 0.5}
        )
        return started

    async def storm_result(self, within: float) -> dict[str, Any]:
        """Wait (at most `within` seconds) for the storm to end; return what happened."""
        deadline = time.monotonic() + within
        while True:
            result: dict[str, Any] = await self.get("/api/bench_house/storm")
            if result["done"]:
                if result["error"]:
                    raise RuntimeError(f"The storm failed: {result['error']}")
                return result
            if time.monotonic() > deadline:
                raise RuntimeError(f"The storm did not end within {within:.0f} s")
            await asyncio.sleep(0.5)


# -- the clients ----------------------------------------------------------------


async def open_session(stack: AsyncExitStack, url: str, follower: Follower) -> Client:
    """Open a handshake-era SDK client in a session, its notifications going to `follower`."""
    from mcp import Client  # noqa: PLC0415
    from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415
    import mcp_types as types  # noqa: PLC0415

    async def handler(message: object) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            follower.note(str(message.params.uri))
        elif isinstance(message, Exception):
            follower.errors.append(repr(message)[:300])

    http = await stack.enter_async_context(
        httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {follower.token}"}, timeout=CALL_TIMEOUT
        )
    )
    client: Client = await stack.enter_async_context(
        Client(
            streamable_http_client(url, http_client=http),
            mode="legacy",
            cache=None,
            message_handler=handler,
            client_info=types.Implementation(name=f"home-mcp-bench {follower.name}", version="1.0"),
        )
    )
    return client


async def subscribe(client: Client, uris: list[str]) -> list[float]:
    """Subscribe to each of `uris` in turn; return how long each took (ms)."""
    times = []
    for uri in uris:
        start = time.perf_counter()
        await client.subscribe_resource(uri)
        times.append((time.perf_counter() - start) * 1000)
    return times


async def listen(url: str, follower: Follower, listening: asyncio.Event) -> None:
    """Follow `follower.uris` with a 2026-07-28 client through `subscriptions/listen`."""
    from mcp import Client  # noqa: PLC0415
    from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415
    from mcp.client.subscriptions import ResourceUpdated  # noqa: PLC0415
    import mcp_types as types  # noqa: PLC0415

    async with (
        httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {follower.token}"}, timeout=CALL_TIMEOUT
        ) as http,
        Client(
            streamable_http_client(url, http_client=http),
            mode="auto",
            cache=None,
            client_info=types.Implementation(name="home-mcp-bench listen", version="1.0"),
        ) as client,
        client.listen(resource_subscriptions=follower.uris) as subscription,
    ):
        listening.set()
        async for event in subscription:
            if isinstance(event, ResourceUpdated):
                follower.note(event.uri)


async def read_back(
    client: Client, uris: list[str], last_updated: dict[str, float], delivery: Delivery
) -> None:
    """Read each entity resource; count those showing the storm's last change."""
    for uri in uris:
        entity_id = uri.removeprefix("ha://entity/")
        if entity_id == uri or entity_id not in last_updated:
            continue
        result = await client.read_resource(uri)
        text = getattr(result.contents[0], "text", "{}")
        entity = json.loads(text).get("entity") or {}
        shown = entity.get("last_updated")
        delivery.read_back += 1
        if (
            shown
            and abs(datetime.fromisoformat(shown).timestamp() - last_updated[entity_id]) < 1e-3
        ):
            delivery.read_back_ok += 1


# -- the run ----------------------------------------------------------------------


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
    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {ready['token']}"}, timeout=CALL_TIMEOUT
    ) as http:
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


# -- the report -------------------------------------------------------------------


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"


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
        "|---|" + "---:|" * len(groups),
    ]

    def row(label: str, cell: Callable[[Delivery], str]) -> None:
        lines.append(f"| {label} | " + " | ".join(cell(deliveries[g]) for g in groups) + " |")

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


# -- main -------------------------------------------------------------------------


async def main_async(args: argparse.Namespace) -> int:
    """Start Home Assistant with the house, run the benchmark, print the report."""
    config_dir = Path(tempfile.mkdtemp(prefix=f"home-mcp-bench-sessions-{args.size}-"))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log(f"Home Assistant in {config_dir} on {base_url}; Home MCP from {args.home_mcp}")
    write_config(config_dir, args.size, args.history_sensors, port, args.home_mcp.resolve())
    try:
        with (config_dir / "console.log").open("wb") as console:
            async with home_assistant(config_dir, console) as process:
                ready = await wait_ready(config_dir, process)
                log(f"ready: {ready['entities']} entities")
                result = await run(args, ready, base_url)
    except BaseException:
        log(f"failed; Home Assistant's files are kept in {config_dir}")
        raise
    if args.keep:
        log(f"kept {config_dir}")
    else:
        shutil.rmtree(config_dir, ignore_errors=True)
    print(render(result, args), flush=True)
    versions = ready["versions"]
    revision = args.revision or git_revision()
    print(
        f"{datetime.now(UTC).date().isoformat()}; {os.cpu_count()} cores; Python "
        f"{versions.get('python', platform.python_version())}; Home Assistant "
        f"{versions.get('homeassistant', '?')}; mcp {versions.get('mcp', '?')}; "
        f"Home MCP {revision}; {args.rate:g} changes/s for {args.duration:g} s; seed {args.seed}.",
        flush=True,
    )
    if args.json is not None:
        data = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "cores": os.cpu_count(),
            "versions": versions,
            "revision": revision,
            "arguments": {k: str(v) for k, v in vars(args).items()},
            **to_json(result),
        }
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if str(args.json) == "-":
            print(text)
        else:
            args.json.write_text(text + "\n", encoding="utf-8")
            log(f"JSON written to {args.json}")
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description="Benchmark Home MCP's sessions and resource subscriptions on a real "
        "Home Assistant: notification latency, delivery under the rule, memory."
    )
    parser.add_argument(
        "-n", "--size", type=int, default=DEFAULT_SIZE, help="entities in the house (2000)"
    )
    parser.add_argument(
        "--sessions", type=int, default=SESSIONS, help="handshake-era sessions (16, the limit)"
    )
    parser.add_argument("--rate", type=float, default=RATE, help="state changes per second (100)")
    parser.add_argument(
        "--duration", type=float, default=DURATION, help="seconds of state changes (60)"
    )
    parser.add_argument(
        "--no-listen",
        dest="listen",
        action="store_false",
        help="without the 2026-07-28 client following through subscriptions/listen",
    )
    parser.add_argument(
        "--no-control",
        dest="control",
        action="store_false",
        help="without the same storm again once the sessions closed (CPU with nobody following)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="who follows what, what changes")
    parser.add_argument(
        "--history-sensors",
        type=int,
        default=200,
        help="sensors with a day of history (200, as bench_tools)",
    )
    parser.add_argument(
        "--home-mcp",
        type=Path,
        default=HOME_MCP,
        help="the Home MCP integration to run (default: this checkout's "
        "custom_components/home_mcp; e.g. an export of a commit)",
    )
    parser.add_argument(
        "--revision", default=None, help="what to call that Home MCP in the report (git describe)"
    )
    parser.add_argument(
        "--json", type=Path, default=None, help="also write the results as JSON ('-': stdout)"
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep Home Assistant's config directory"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= SESSIONS:
        parser.error(f"--sessions: 1 to {SESSIONS} (Home MCP's limit)")
    return args


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # Unwinds, so Home Assistant is stopped too.


def main() -> int:
    """Run the benchmark."""
    signal.signal(signal.SIGTERM, _stop)
    # The handshake era's own API, which the SDK marks deprecated for 2026-07-28.
    warnings.filterwarnings("ignore", message="resources/(un)?subscribe is removed")
    return asyncio.run(main_async(parse_args()))


if __name__ == "__main__":
    sys.exit(main())
