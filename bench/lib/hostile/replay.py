"""The hostile-input benchmark's replay of the test suite's transport corpus over raw TCP."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
import time
from typing import TYPE_CHECKING

from lib.hostile.demo import CALL_TIMEOUT
from lib.report import log
from tests.hostile.corpus import build_cases, check, send_case

if TYPE_CHECKING:
    from lib.hostile.demo import Demo
    from lib.hostile.probe import Probe


@dataclass
class CorpusResult:
    """What the corpus replay found."""

    cases: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    core_errors: list[str] = field(default_factory=list)
    failures: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0


async def replay_corpus(
    demo: Demo, probe: Probe, only: list[str] | None, verbose: bool
) -> CorpusResult:
    """Send every case (of the categories in `only`) and check each answer."""
    result = CorpusResult()
    started = time.perf_counter()
    for case in build_cases(demo.token):
        if only and case.category not in only and case.name not in only:
            continue
        probe.label = f"corpus {case.name}"
        response = await send_case(demo.host, demo.port, case, CALL_TIMEOUT)
        result.cases += 1
        status = "refused early" if response is None else str(response.status)
        result.statuses[status] += 1
        if response is not None and response.status >= 500:
            (result.core_errors if case.core_5xx else result.server_errors).append(case.name)
        if problems := check(case, response):
            result.failures[case.name] = problems
        if verbose:
            log(f"  {case.name}: {status} {'; '.join(problems) if problems else 'ok'}")
    result.seconds = time.perf_counter() - started
    return result
