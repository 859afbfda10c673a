"""The hostile-input benchmark's probe: Home Assistant's responsiveness while it runs.

Every `PROBE_INTERVAL` seconds an authenticated `GET /api/` on a kept-alive
connection, timed, from a process of its own (the benchmark's script run
with `--probe URL`, the token in `PROBE_TOKEN_ENV`). The stall is the
longest answer minus the median.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
import http.client
import json
import os
from pathlib import Path
import statistics
import subprocess
import sys
import threading
import time
from typing import Any, Final

from lib.hostile.demo import CALL_TIMEOUT, Demo

PROBE_INTERVAL: Final = 0.02
PROBE_TOKEN_ENV: Final = "HOME_MCP_BENCH_PROBE_TOKEN"
"""How the probe's process gets the token (not on its command line)."""
WARM_UP: Final = "warm-up"
"""The probe's first samples (its connection, Home Assistant's caches), left out."""


def probe_loop(
    demo: Demo, interval: float, stop: threading.Event
) -> list[tuple[float, float | None]]:
    """Time `GET /api/` every `interval` s until `stop`; return (monotonic start, ms or None)."""
    auth = {"Authorization": f"Bearer {demo.token}"}
    connection: http.client.HTTPConnection | None = None
    samples: list[tuple[float, float | None]] = []
    next_at = time.monotonic()
    while not stop.is_set():
        if connection is None:
            connection = http.client.HTTPConnection(demo.host, demo.port, timeout=CALL_TIMEOUT)
        started = time.monotonic()
        try:
            connection.request("GET", "/api/", headers=auth)
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except OSError, http.client.HTTPException:
            ok = False
            connection.close()
            connection = None
        samples.append((started, (time.monotonic() - started) * 1000 if ok else None))
        next_at += interval
        if (wait := next_at - time.monotonic()) > 0:
            stop.wait(wait)
        else:
            next_at = time.monotonic()
    if connection is not None:
        connection.close()
    return samples


def probe_main(url: str, interval: float) -> int:
    """Run the probe in this process until stdin closes; print the samples as JSON."""
    demo = Demo(url=url, token=os.environ[PROBE_TOKEN_ENV], config_dir=None)
    stop = threading.Event()

    def wait_for_eof() -> None:
        sys.stdin.read()
        stop.set()

    threading.Thread(target=wait_for_eof, daemon=True).start()
    print(json.dumps(probe_loop(demo, interval, stop)), flush=True)
    return 0


@dataclass
class Probe:
    """Times `GET /api/` every `interval` seconds from a process of its own.

    A process, not a thread: this benchmark's own work (building cases,
    drawing examples, parsing answers) would otherwise hold the GIL and show
    as Home Assistant's stall. Samples are matched to what the benchmark was
    doing by `time.monotonic()`, which both processes share (Linux).
    """

    demo: Demo
    script: Path
    """The benchmark's script: run with `--probe URL`, it is the probe (`probe_main`)."""
    interval: float = PROBE_INTERVAL
    labels: list[tuple[float, str]] = field(default_factory=list)
    samples: list[tuple[float, float | None]] = field(default_factory=list)
    _process: subprocess.Popen[str] | None = None

    @property
    def label(self) -> str:
        """Return what the benchmark is doing now."""
        return self.labels[-1][1] if self.labels else WARM_UP

    @label.setter
    def label(self, value: str) -> None:
        self.labels.append((time.monotonic(), value))

    def start(self) -> None:
        """Start the probe's process."""
        self.labels.append((time.monotonic(), WARM_UP))
        self._process = subprocess.Popen(  # noqa: S603  # The benchmark's script, as the probe.
            [
                sys.executable,
                str(self.script),
                "--probe",
                self.demo.url,
                "--probe-interval",
                str(self.interval),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, PROBE_TOKEN_ENV: self.demo.token},
        )

    def stop(self) -> None:
        """Stop the probe and collect its samples."""
        if self._process is None:
            return
        out, _ = self._process.communicate(timeout=CALL_TIMEOUT * 2)
        self.samples = [(float(t), ms) for t, ms in json.loads(out or "[]")]

    def _label_at(self, moment: float) -> str:
        index = bisect_right([t for t, _ in self.labels], moment) - 1
        return self.labels[index][1] if index >= 0 else WARM_UP

    def summary(self) -> dict[str, Any]:
        """Return the median, p99 and max latency and the max stall (ms), and when it was."""
        labelled = [(ms, self._label_at(t)) for t, ms in self.samples]
        failures = sum(1 for ms, _ in labelled if ms is None)
        timed = [(ms, label) for ms, label in labelled if ms is not None and label != WARM_UP]
        if not timed:
            return {"samples": 0, "failures": failures}
        latencies = sorted(ms for ms, _ in timed)
        median = statistics.median(latencies)
        worst, during = max(timed)
        return {
            "samples": len(latencies),
            "failures": failures,
            "median_ms": round(median, 2),
            "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2),
            "max_ms": round(worst, 2),
            "max_stall_ms": round(worst - median, 2),
            "max_stall_during": during,
        }
