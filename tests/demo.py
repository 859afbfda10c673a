"""A real `script/demo` for tests: a Home Assistant 2026.11 with Home MCP, on a free loopback port.

`demo_home_assistant` starts it with its state in a directory of the test's
own (so a demo a person runs on port 8123 with `.demo/` is left alone) and
stops it with one SIGTERM; `entity` and `entity_state` read Home Assistant's
REST API as its owner.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
import json
import os
from pathlib import Path
import shutil
import signal
import socket
from typing import Any

import httpx2
import pytest

ROOT = Path(__file__).parent.parent
PERSON_PORT = 8123
"""A person's own `script/demo` uses this port; the tests never do."""
# Generous: on a fresh machine script/demo first installs .venv-demo, and CI
# runs on 2 cores.
DEMO_START_SECONDS = 900
DEMO_STOP_SECONDS = 120


def free_port() -> int:
    """Return a free loopback port that is not the person's demo port."""
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port != PERSON_PORT:
            return port


@asynccontextmanager
async def demo_home_assistant(state_dir: Path, artifacts: Path) -> AsyncIterator[dict[str, str]]:
    """Run `script/demo` on a free port in `state_dir`; yield its JSON line.

    Its logs (script/demo's and Home Assistant's, not the credentials) are
    copied to `artifacts` afterwards.

    Stops it with exactly one SIGTERM (script/demo forwards one signal to Home
    Assistant, which then writes its state and exits) and waits for it.
    """
    port = free_port()
    log_path = state_dir.with_name("script-demo.log")
    env = {**os.environ, "HOME_MCP_DEMO_PORT": str(port), "HOME_MCP_DEMO_DIR": str(state_dir)}
    with log_path.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            str(ROOT / "script" / "demo"),
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
        )
    assert process.stdout is not None

    def log_tail() -> str:
        lines = log_path.read_text(errors="replace").splitlines()
        return "\n".join(lines[-30:])

    try:
        try:
            line = await asyncio.wait_for(process.stdout.readline(), DEMO_START_SECONDS)
        except TimeoutError:
            pytest.fail(f"script/demo printed nothing in {DEMO_START_SECONDS} s:\n{log_tail()}")
        if not line:
            await process.wait()
            pytest.fail(
                f"script/demo exited ({process.returncode}) before it was ready:\n{log_tail()}"
            )
        demo = json.loads(line)
        assert demo["url"] == f"http://127.0.0.1:{port}"
        yield demo
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)  # Exactly one.
            try:
                await asyncio.wait_for(process.wait(), DEMO_STOP_SECONDS)
            except TimeoutError:
                process.kill()
                await process.wait()
                pytest.fail(f"script/demo did not stop within {DEMO_STOP_SECONDS} s:\n{log_tail()}")
        await process.stdout.read()  # Drain, so the pipe closes.
        await asyncio.to_thread(artifacts.mkdir, parents=True, exist_ok=True)
        for log_file in (log_path, state_dir / "home-assistant.log"):
            if log_file.exists():
                shutil.copyfile(log_file, artifacts / log_file.name)


async def entity(demo: dict[str, str], entity_id: str) -> dict[str, Any]:
    """Read an entity's state object from Home Assistant's REST API."""
    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {demo['token']}"}, timeout=30
    ) as http:
        response = await http.get(f"{demo['url']}/api/states/{entity_id}")
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


async def entity_state(demo: dict[str, str], entity_id: str) -> str:
    """Read an entity's state from Home Assistant's REST API."""
    return str((await entity(demo, entity_id))["state"])
