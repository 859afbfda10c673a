"""Home Assistant for a benchmark: its configuration directory, its process, its house.

`running_house` writes a fresh configuration directory (recorder on SQLite
there, history, logbook, scripts, scenes, Home MCP and `bench_house` linked
in, HTTP on a free 127.0.0.1 port), starts `python -m homeassistant` the
production way, waits for `bench_house` to build the house (and its
administrator's token), and afterwards stops Home Assistant with one SIGTERM
and removes the directory (kept when anything fails, or asked to).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from contextlib import asynccontextmanager, closing
from dataclasses import dataclass
import json
from pathlib import Path
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Final

from lib.paths import BENCH_HOUSE, DEMO_SETUP, HOME_MCP
from lib.report import log

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

DEFAULT_SIZES: Final = (120, 2000, 10000)
READY_FILE: Final = "bench_ready.json"
READY_TIMEOUT: Final = 1200.0

CONFIGURATION: Final = """\
# Written by bench/lib/home_assistant.py for one benchmark run.
# No `http:` here: since 2026.11 Home Assistant keeps its HTTP settings in
# .storage/http, which the benchmark writes (127.0.0.1 only, a free port).
logger:
  default: warning
recorder:
  db_url: "sqlite:///{db}"
history:
logbook:
script:
{scripts}
scene:
{scenes}
bench_house:
  entities: {entities}
  history_sensors: {history_sensors}
{house_options}"""

SCRIPT_AREAS: Final = [
    ("good_night", "Good night", "Living room"),
    ("movie_time", "Movie time", "Cinema"),
    ("wake_up", "Wake up", "Master bedroom"),
    ("cooking", "Cooking", "Kitchen"),
    ("dinner", "Dinner", "Dining room"),
    ("reading", "Reading", "Library"),
    ("workout", "Workout", "Gym"),
    ("bath_time", "Bath time", "Bathroom"),
    ("kids_bedtime", "Kids' bedtime", "Nursery"),
    ("leave_home", "Leave home", "Entrance"),
]


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_config(
    config_dir: Path,
    size: int,
    history_sensors: int,
    port: int,
    home_mcp: Path = HOME_MCP,
    house_options: Mapping[str, bool | int | str] | None = None,
) -> None:
    """Write configuration.yaml, link the integrations, and set up HTTP storage.

    home_mcp: the Home MCP integration to link (default: this checkout's);
    house_options: more keys of `bench_house:` (its CONFIG_SCHEMA), e.g.
    `{"core_mcp_server": True}`.
    """
    scripts = "\n".join(
        f"  {key}:\n    alias: {name}\n    sequence:\n"
        f"      - action: light.turn_off\n        target:\n"
        f"          area_id: {area.lower().replace(' ', '_')}"
        for key, name, area in SCRIPT_AREAS
    )
    scenes = "\n".join(
        f"  - id: bench_scene_{level}\n    name: Living room {level} %\n"
        f"    entities:\n      light.living_room_ceiling_light_1:\n"
        f"        state: 'on'\n        brightness: {round(level * 2.55)}"
        for level in (10, 30, 50, 70, 100)
    )
    (config_dir / "configuration.yaml").write_text(
        CONFIGURATION.format(
            db=config_dir / "home-assistant_v2.db",
            scripts=scripts,
            scenes=scenes,
            entities=size,
            history_sensors=history_sensors,
            # JSON scalars are YAML scalars.
            house_options="".join(
                f"  {key}: {json.dumps(value)}\n" for key, value in (house_options or {}).items()
            ),
        ),
        encoding="utf-8",
    )
    custom = config_dir / "custom_components"
    custom.mkdir()
    (custom / "home_mcp").symlink_to(home_mcp)
    (custom / "bench_house").symlink_to(BENCH_HOUSE)
    # The demo's helper writes .storage/http the way Home Assistant 2026.11 keeps it.
    subprocess.run(
        [
            sys.executable,
            str(DEMO_SETUP),
            "http",
            "--config-dir",
            str(config_dir),
            "--port",
            str(port),
        ],
        check=True,
    )


@asynccontextmanager
async def home_assistant(config_dir: Path, log: Any) -> AsyncIterator[subprocess.Popen[bytes]]:
    """Run Home Assistant on `config_dir`; stop it with one SIGTERM afterwards."""
    process = subprocess.Popen(  # noqa: ASYNC220
        [
            sys.executable,
            "-m",
            "homeassistant",
            "--config",
            str(config_dir),
            "--skip-pip",
            "--log-file",
            str(config_dir / "home-assistant.log"),
            "--log-no-color",
        ],
        # In the config directory: with `python -m`, the working directory
        # comes first in sys.path, and this repository's own
        # `custom_components` package would hide the config directory's.
        cwd=config_dir,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # Exactly one: a second skips final writes.
            try:
                await asyncio.to_thread(process.wait, 60)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)


async def wait_ready(config_dir: Path, process: subprocess.Popen[bytes]) -> dict[str, Any]:
    """Wait for bench_house's ready file; raise if Home Assistant fails first."""
    path = config_dir / READY_FILE
    deadline = time.monotonic() + READY_TIMEOUT
    while not path.exists():
        if process.poll() is not None:
            raise RuntimeError(f"Home Assistant exited with status {process.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"No {READY_FILE} after {READY_TIMEOUT:.0f} s")
        await asyncio.sleep(0.25)
    ready: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if not ready.get("ok"):
        raise RuntimeError(f"bench_house failed: {ready.get('error')}\n{ready.get('traceback')}")
    return ready


@dataclass(frozen=True, slots=True)
class Running:
    """A Home Assistant started by `running_house`, its house built."""

    config_dir: Path
    base_url: str
    process: subprocess.Popen[bytes]
    ready: dict[str, Any]
    """bench_house's ready file: the house, its administrator's token, timings, memory."""
    ready_after_s: float
    """Seconds from the start of Home Assistant to the ready file."""


@asynccontextmanager
async def running_house(
    prefix: str,
    size: int,
    history_sensors: int,
    *,
    keep: bool,
    label: str = "",
    home_mcp: Path = HOME_MCP,
    note: str = "",
    configure: Callable[[Path], None] | None = None,
    house_options: Mapping[str, bool | int | str] | None = None,
) -> AsyncIterator[Running]:
    """Start Home Assistant with a house of `size` entities in a fresh directory; clean up after.

    prefix: of the temporary configuration directory's name; label: before
    each progress line (e.g. "N=2000: "); note: after the first one;
    configure: called with the directory once it is written, before Home
    Assistant starts (more YAML, more files). The directory is kept when
    anything fails, and with `keep`.
    """
    config_dir = Path(tempfile.mkdtemp(prefix=prefix))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log(f"{label}Home Assistant in {config_dir} on {base_url}{note}")
    write_config(config_dir, size, history_sensors, port, home_mcp, house_options)
    if configure is not None:
        configure(config_dir)
    started = time.perf_counter()
    try:
        with (config_dir / "console.log").open("wb") as console:
            async with home_assistant(config_dir, console) as process:
                ready = await wait_ready(config_dir, process)
                ready_after = time.perf_counter() - started
                yield Running(config_dir, base_url, process, ready, ready_after)
    except BaseException:
        log(f"{label}failed; Home Assistant's files are kept in {config_dir}")
        raise
    if keep:
        log(f"{label}kept {config_dir}")
    else:
        shutil.rmtree(config_dir, ignore_errors=True)


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # Unwinds, so Home Assistant is stopped too.


def stop_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit, so Home Assistant is stopped on the way out."""
    signal.signal(signal.SIGTERM, _stop)
