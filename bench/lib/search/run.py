"""Ask `list_entities {query}` each query of the benchmark; count where the expected entity came."""

from __future__ import annotations

from dataclasses import dataclass
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
    """Where a query's expected entity came in `list_entities`'s answer (None: not in the top 10)."""

    query: Query
    rank: int | None
    top: tuple[str, ...]


async def ask(http: httpx2.AsyncClient, url: str, queries: list[Query]) -> list[Answer]:
    """Call `list_entities {query, limit: 10}` for each query, with raw JSON-RPC POSTs."""
    caller = RawCaller(http, url)
    answers = []
    for query in queries:
        _, result, _ = await caller.call("list_entities", {"query": query.text, "limit": 10})
        top = tuple(row["entity_id"] for row in (result or {}).get("items") or [])
        rank = top.index(query.expected) + 1 if query.expected in top else None
        answers.append(Answer(query, rank, top))
        if rank != 1:
            log(
                f"  {query.house} {query.kind} {query.text!r}: {query.expected} at {rank}; {top[:3]}"
            )
    return answers


def recall(answers: list[Answer], within: int) -> float:
    """Return the share of answers whose expected entity is in the first `within` rows."""
    hits = sum(1 for answer in answers if answer.rank is not None and answer.rank <= within)
    return hits / len(answers) if answers else 0.0


def render(answers: list[Answer]) -> str:
    """Return recall@1 and recall@3, in all and by house and by kind of query, as Markdown."""
    groups: dict[str, list[Answer]] = {"all": answers}
    for answer in answers:
        groups.setdefault(f"house: {answer.query.house}", []).append(answer)
    for answer in answers:
        groups.setdefault(f"kind: {answer.query.kind}", []).append(answer)
    lines = ["| queries | count | recall@1 | recall@3 |", "|---|---:|---:|---:|"]
    lines += [
        f"| {name} | {len(group)} | {recall(group, 1):.1%} | {recall(group, 3):.1%} |"
        for name, group in groups.items()
    ]
    return "\n".join(lines)
