"""Where the benchmarks find the demo: its URL, its token, its configuration.

`script/demo` prints its JSON line (URL, token) on its standard output
only; what it leaves in its directory (`$HOME_MCP_DEMO_DIR`, default
`.demo/`) says the same: `credentials.json` holds the token, and
`config/.storage/http` the port it made Home Assistant listen on
(`$HOME_MCP_DEMO_PORT`, default 8123). So the URL and token come from
`--url`/`--token`, else from that directory (`--demo-dir`, default
`$HOME_MCP_DEMO_DIR`, else `.demo/`): the token from `credentials.json`,
the port from `$HOME_MCP_DEMO_PORT`, else the directory's HTTP settings,
else 8123. A `{"url": ...}` line in the directory's `console.log` (a
person may have sent the demo's output there) comes first.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
import json
import os
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from lib.paths import ROOT

CALL_TIMEOUT: Final = 60.0
DEFAULT_PORT: Final = 8123


def default_demo_dir() -> Path:
    """Return where `script/demo` keeps its state: `$HOME_MCP_DEMO_DIR`, else `.demo/`."""
    return Path(os.environ.get("HOME_MCP_DEMO_DIR") or ROOT / ".demo")


def _demo_port(demo_dir: Path) -> int:
    """Return the demo's port: `$HOME_MCP_DEMO_PORT`, else the one `script/demo` stored, else 8123."""
    if port := os.environ.get("HOME_MCP_DEMO_PORT"):
        return int(port)
    try:
        stored = json.loads((demo_dir / "config" / ".storage" / "http").read_text(encoding="utf-8"))
        return int(stored["data"]["stable"]["server_port"])
    except OSError, ValueError, KeyError, TypeError:
        return DEFAULT_PORT


@dataclass(frozen=True)
class Demo:
    """How to reach the demo, and where it keeps its configuration."""

    url: str
    token: str
    config_dir: Path | None

    @property
    def host(self) -> str:
        """Return the host to connect to."""
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        """Return the port to connect to."""
        return urlsplit(self.url).port or 80


def find_demo(args: argparse.Namespace) -> Demo:
    """Return the demo's URL, token and configuration directory (flags first)."""
    demo_dir: Path = args.demo_dir
    url, token = args.url, args.token
    console = demo_dir / "console.log"
    if (url is None or token is None) and console.exists():
        for line in console.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith('{"url"'):
                try:
                    found = json.loads(line)
                except ValueError:
                    continue
                url, token = url or found.get("url"), token or found.get("token")
    credentials = demo_dir / "credentials.json"
    if token is None and credentials.exists():
        token = json.loads(credentials.read_text(encoding="utf-8")).get("token")
    if url is None:
        url = f"http://127.0.0.1:{_demo_port(demo_dir)}"
    if not token:
        raise SystemExit(
            f"No token: give --token, or --demo-dir (or $HOME_MCP_DEMO_DIR) with script/demo's "
            f"credentials.json (looked in {demo_dir})"
        )
    config_dir = demo_dir / "config"
    return Demo(
        url=str(url).rstrip("/"),
        token=str(token),
        config_dir=config_dir if config_dir.is_dir() else None,
    )
