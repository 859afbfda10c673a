"""hass-mcp and ha-mcp as processes of their own: environment, start, readiness, stop, versions.

Each peer runs from its own virtual environment (`.venv-peers/<key>/`, which
`script/bench --peers` installs from `bench/peers/requirements_*.txt`),
against the benchmark's Home Assistant over loopback with the
administrator's long-lived access token, serving Streamable HTTP on a free
127.0.0.1 port. Its home and data directories live in a temporary
directory (inside Home Assistant's, removed with it), its update checks and
banners are off (environment variables), and its output goes to `<key>.log`
in the run's directory.
Afterwards: SIGTERM, then SIGKILL if it has not stopped within
`STOP_TIMEOUT` seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import asynccontextmanager, closing
from dataclasses import dataclass
import json
import os
from pathlib import Path
import signal
import socket
import subprocess
import time
from typing import TYPE_CHECKING, Final

from lib.home_assistant import free_port
from lib.paths import ROOT

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

VENVS: Final = ROOT / ".venv-peers"
CORE_EXTRAS: Final = VENVS / "core"
"""What core's `mcp_server` needs beyond .venv-demo (bench/peers/requirements_core.txt)."""
START_TIMEOUT: Final = 120.0
STOP_TIMEOUT: Final = 20.0
PASSED_THROUGH: Final = ("PATH", "LANG", "LC_ALL", "TZ")
"""The only variables of this process's environment a peer gets (besides its own)."""

VERSIONS_SCRIPT: Final = """\
import importlib.metadata as metadata, json, pathlib, sys, sysconfig
found = {}
for name in sys.argv[2:]:
    try:
        found[name] = metadata.version(name)
    except metadata.PackageNotFoundError:
        pass
pins = pathlib.Path(sysconfig.get_paths()["purelib"], sys.argv[1]) if sys.argv[1] else None
if pins is not None and pins.is_file():
    for line in pins.read_text(encoding="utf-8").splitlines():
        name, _, version = line.partition("==")
        if version and not line.startswith("#"):
            found[f"vendored {name.strip()}"] = version.strip()
print(json.dumps(found))
"""
"""Run with a peer's Python: its package's version, its MCP libraries', vendored pins."""


@dataclass(frozen=True, slots=True)
class Peer:
    """How to run one peer."""

    key: str
    package: str
    """Its PyPI distribution."""
    command: Callable[[int], list[str]]
    """Its command line (program name in the venv's `bin/` first) for a port."""
    environment: Callable[[str, str, int, Path], dict[str, str]]
    """Its own variables for (Home Assistant's URL, token, port, home directory)."""
    path: str = "/mcp"
    libraries: tuple[str, ...] = ()
    """More distributions whose versions the report names (its MCP server library)."""
    vendored_pins: str = ""
    """A requirements file in its site-packages listing what it vendors (ha-mcp)."""
    directories: tuple[str, ...] = ()
    """Directories under its home directory to create before it starts."""

    @property
    def venv(self) -> Path:
        """Return its virtual environment."""
        return VENVS / self.key


def _hass_mcp_env(base_url: str, token: str, port: int, home: Path) -> dict[str, str]:
    return {
        "HA_URL": base_url,
        "HA_TOKEN": token,
        "MCP_HOST": "127.0.0.1",
        "MCP_PORT": str(port),
        "HOME": str(home),
        "HASS_MCP_BACKUP_DIR": str(home / "backups"),
    }


def _ha_mcp_env(base_url: str, token: str, port: int, home: Path) -> dict[str, str]:
    return {
        "HOMEASSISTANT_URL": base_url,
        "HOMEASSISTANT_TOKEN": token,
        "MCP_HOST": "127.0.0.1",
        "MCP_PORT": str(port),
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "HA_MCP_CONFIG_DIR": str(home / "config"),
        # No look-up of a newer release, no banner (its vendored FastMCP checks too).
        "HA_MCP_DISABLE_UPDATE_CHECK": "1",
        "FASTMCP_CHECK_FOR_UPDATES": "off",
        "FASTMCP_SHOW_SERVER_BANNER": "false",
    }


PEERS: Final = {
    "hass-mcp": Peer(
        key="hass-mcp",
        package="hass-mcp",
        command=lambda port: ["hass-mcp", "--http", "--host", "127.0.0.1", "--port", str(port)],
        environment=_hass_mcp_env,
        libraries=("mcp",),
    ),
    "ha-mcp": Peer(
        key="ha-mcp",
        package="ha-mcp",
        command=lambda port: ["ha-mcp-web"],
        environment=_ha_mcp_env,
        vendored_pins="ha_mcp/_vendor/requirements.txt",
        directories=("config", ".local/share"),
    ),
}


def peer_versions(peer: Peer) -> dict[str, str]:
    """Return the versions installed in the peer's environment (its package first)."""
    done = subprocess.run(
        [
            str(peer.venv / "bin" / "python"),
            "-c",
            VERSIONS_SCRIPT,
            peer.vendored_pins,
            peer.package,
            *peer.libraries,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    versions: dict[str, str] = json.loads(done.stdout)
    return versions


def use_core_extras() -> None:
    """Put CORE_EXTRAS' site-packages on the PYTHONPATH Home Assistant inherits.

    Core's `mcp_server` imports `aiohttp_sse`, which the demo's environment
    lacks; `script/bench --peers` installs it (alone, no dependencies) there.
    """
    found = sorted(CORE_EXTRAS.glob("lib/python*/site-packages"))
    if not found or not any(found[0].glob("aiohttp_sse*")):
        raise SystemExit(
            f"{CORE_EXTRAS} has no aiohttp_sse (core's mcp_server needs it): "
            "run the benchmark with script/bench --peers (it installs it)"
        )
    paths = [str(found[0]), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)


def missing_environment(peer: Peer) -> str | None:
    """Return why the peer cannot start (its environment is not installed), or None."""
    program = peer.venv / "bin" / peer.command(0)[0]
    if program.is_file():
        return None
    return f"{program} is missing: run the benchmark with script/bench --peers (it installs it)"


def _port_open(port: int) -> bool:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


async def _wait_serving(process: subprocess.Popen[bytes], port: int, log: Path) -> float:
    """Wait until the peer listens on `port`; return how long it took."""
    started = time.monotonic()
    while not _port_open(port):
        if process.poll() is not None:
            raise RuntimeError(f"exited with status {process.returncode} before serving; see {log}")
        if time.monotonic() - started > START_TIMEOUT:
            raise RuntimeError(f"not listening after {START_TIMEOUT:.0f} s; see {log}")
        await asyncio.sleep(0.1)
    return time.monotonic() - started


async def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after STOP_TIMEOUT seconds."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        await asyncio.to_thread(process.wait, STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        await asyncio.to_thread(process.wait)


@dataclass(frozen=True, slots=True)
class RunningPeer:
    """A peer started by `running_peer`."""

    url: str
    process: subprocess.Popen[bytes]
    started_s: float
    """Seconds from the start of its process to its port listening."""
    log: Path


def _prepare(
    peer: Peer, base_url: str, token: str, port: int, log_dir: Path, home: Path
) -> tuple[list[str], dict[str, str], Path]:
    """Make the peer's directories; return its command line, environment and log file."""
    home.mkdir(parents=True, exist_ok=True)
    for directory in peer.directories:
        (home / directory).mkdir(parents=True, exist_ok=True)
    log_dir.mkdir(parents=True, exist_ok=True)
    env = {name: os.environ[name] for name in PASSED_THROUGH if name in os.environ}
    env |= {"PYTHONUNBUFFERED": "1", **peer.environment(base_url, token, port, home)}
    command = peer.command(port)
    command[0] = str(peer.venv / "bin" / command[0])
    return command, env, log_dir / f"{peer.key}.log"


@asynccontextmanager
async def running_peer(
    peer: Peer, base_url: str, token: str, log_dir: Path, home: Path
) -> AsyncIterator[RunningPeer]:
    """Start `peer` against Home Assistant at `base_url`; stop it afterwards.

    log_dir: where its output goes (`<key>.log`); home: its home directory
    (created; a temporary one: its data and configuration go there).
    """
    port = free_port()
    command, env, log = _prepare(peer, base_url, token, port, log_dir, home)
    with log.open("wb") as output:
        process = subprocess.Popen(  # noqa: ASYNC220
            command,
            cwd=home,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            started = await _wait_serving(process, port, log)
            yield RunningPeer(f"http://127.0.0.1:{port}{peer.path}", process, started, log)
        finally:
            await _stop(process)
