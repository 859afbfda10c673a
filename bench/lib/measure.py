"""CPU and memory of a process and of the machine, read from /proc (Linux)."""

from __future__ import annotations

from dataclasses import dataclass
import os
from pathlib import Path
import resource
import time


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
