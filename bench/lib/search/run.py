"""Ask `list_entities {query}` each query of the benchmark; count where the expected entity came."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median
import time
from typing import TYPE_CHECKING, Any, Final

from lib.report import log
from lib.tools.calls import RawCaller

if TYPE_CHECKING:
    import httpx2

    from .queries import Query


DOMAINS: Final = ("light", "switch", "cover", "climate", "media_player", "lock")
"""The domains whose entities `bench_house`'s queries name."""


async def entities(
    http: httpx2.AsyncClient, url: str, domains: tuple[str, ...]
) -> list[dict[str, Any]]:
    """Return the `list_entities` rows of `domains` (up to 200 each)."""
    caller = RawCaller(http, url)
    rows: list[dict[str, Any]] = []
    for domain in domains:
        _, result, _ = await caller.call("list_entities", {"domain": domain, "limit": 200})
        rows += (result or {}).get("items") or []
    return rows


@dataclass(frozen=True, slots=True)
class Answer:
    """Where a query's expected entity came in `list_entities`'s answer (None: not in the top 10).

    ms: the call's round trip, in milliseconds.
    """

    query: Query
    rank: int | None
    top: tuple[str, ...]
    ms: float


async def ask(http: httpx2.AsyncClient, url: str, queries: list[Query]) -> list[Answer]:
    """Call `list_entities {query, limit: 10}` for each query, with raw JSON-RPC POSTs."""
    caller = RawCaller(http, url)
    answers = []
    for query in queries:
        start = time.perf_counter()
        _, result, _ = await caller.call("list_entities", {"query": query.text, "limit": 10})
        ms = (time.perf_counter() - start) * 1000
        top = tuple(row["entity_id"] for row in (result or {}).get("items") or [])
        ranks = [top.index(entity_id) + 1 for entity_id in query.meant if entity_id in top]
        rank = min(ranks) if ranks else None
        answers.append(Answer(query, rank, top, ms))
        if rank != 1:
            label = f"held-out {query.held_out} " if query.held_out else ""
            log(
                f"  {label}{query.house} {query.kind} {query.text!r}: "
                f"{query.expected} at {rank}; {top[:3]}"
            )
    return answers


def recall(answers: list[Answer], within: int) -> float:
    """Return the share of answers whose expected entity is in the first `within` rows."""
    hits = sum(1 for answer in answers if answer.rank is not None and answer.rank <= within)
    return hits / len(answers) if answers else 0.0


def missing(queries: list[Query], rows: list[dict[str, Any]]) -> list[str]:
    """Return the entities `queries` mean that are not among the house's `rows`."""
    known = {row["entity_id"] for row in rows}
    return sorted({e for query in queries for e in query.meant if e not in known})


SETS: Final = {
    0: "Tuned set (the rules were written with these in view)",
    1: "Held-out set, round 1 (written before the floor words; rules fixed after it)",
    2: "Held-out set, round 2 (written after those fixes; general rules fixed after it)",
    3: "Held-out set, round 3 (written by someone who had not seen the matcher)",
    4: "Held-out set, round 4 (written unseen too, from the houses' real entities)",
}
"""The titles of the sets whose writing differed; every later round's is `_UNSEEN`."""
_UNSEEN: Final = "Held-out set, round {} (written unseen, from the houses' real entities only)"


def render_sets(answers: list[Answer]) -> str:
    """Return the tuned set's table and each held-out round's, apart, as Markdown."""
    parts = []
    for held_out in sorted({answer.query.held_out for answer in answers}):
        group = [answer for answer in answers if answer.query.held_out == held_out]
        title = SETS.get(held_out, _UNSEEN.format(held_out))
        parts.append(f"{title}:\n\n{render(group)}")
    return "\n\n".join(parts)


def render(answers: list[Answer]) -> str:
    """Return recall@1 and recall@3, in all and by house and by kind of query, as Markdown.

    With the median round trip of a query (raw JSON-RPC POST, loopback).
    """
    groups: dict[str, list[Answer]] = {"all": answers}
    for answer in answers:
        groups.setdefault(f"house: {answer.query.house}", []).append(answer)
    for answer in answers:
        groups.setdefault(f"kind: {answer.query.kind}", []).append(answer)
    lines = [
        "| queries | count | recall@1 | recall@3 | median ms per query |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {name} | {len(group)} | {recall(group, 1):.1%} | {recall(group, 3):.1%} "
        f"| {median(answer.ms for answer in group):.1f} |"
        for name, group in groups.items()
    ]
    return "\n".join(lines)
