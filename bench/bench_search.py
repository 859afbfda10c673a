"""How well `list_entities {query}` finds what a person means: recall@1 and recall@3.

Over two houses: `script/demo`'s (hand-written queries; the demo must be
running: its URL and token from `--url`/`--token`, else from its directory,
`--demo-dir` or `$HOME_MCP_DEMO_DIR` as `script/demo` reads it, see
`lib/hostile/demo.py`), and `bench_house`'s at 120 entities (queries
written from its plan; started here as `bench_tools.py` starts it). Each
query has the entity a person means by it (`lib/search/queries.py`); the
benchmark counts how often it is first (recall@1) and in the first three
(recall@3), in all, by house and by kind of query (typo, room + device,
alias, language, plural, word order, floor). The tuned set (`queries.py`,
the rules were written with it in view) and the held-out rounds
(`held_out.py`, written afterwards) are printed apart. It
measures quality, and the median round trip of a query beside it;
`bench_tools.py` times the search against the other tools.

Run it with .venv-demo: `.venv-demo/bin/python bench/bench_search.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
from pathlib import Path
import sys
from typing import TYPE_CHECKING, Final

from lib.clients import authorized_client
from lib.home_assistant import running_house, stop_on_sigterm
from lib.hostile.demo import default_demo_dir, find_demo
from lib.paths import BENCH_HOUSE
from lib.report import log
from lib.search.held_out import (
    BENCH_HELD_OUT,
    BENCH_HELD_OUT_2,
    BENCH_HELD_OUT_3,
    BENCH_HELD_OUT_4,
    BENCH_HELD_OUT_5,
    BENCH_HELD_OUT_6,
    BENCH_HELD_OUT_7,
    BENCH_HELD_OUT_8,
    BENCH_HELD_OUT_9,
    BENCH_HELD_OUT_10,
    BENCH_HELD_OUT_11,
    BENCH_HELD_OUT_12,
    BENCH_HELD_OUT_13,
    BENCH_HELD_OUT_14,
    BENCH_HELD_OUT_15,
    BENCH_HELD_OUT_16,
    BENCH_HELD_OUT_17,
    BENCH_HELD_OUT_18,
    BENCH_HELD_OUT_19,
    BENCH_HELD_OUT_20,
    BENCH_HELD_OUT_21,
    BENCH_HELD_OUT_22,
    BENCH_HELD_OUT_23,
    BENCH_HELD_OUT_24,
    BENCH_HELD_OUT_25,
    BENCH_HELD_OUT_26,
    BENCH_HELD_OUT_27,
    BENCH_HELD_OUT_28,
    BENCH_HELD_OUT_29,
    BENCH_HELD_OUT_30,
    BENCH_HELD_OUT_31,
    BENCH_HELD_OUT_32,
    BENCH_HELD_OUT_33,
    BENCH_HELD_OUT_34,
    BENCH_HELD_OUT_35,
    DEMO_HELD_OUT,
    DEMO_HELD_OUT_2,
    DEMO_HELD_OUT_3,
    DEMO_HELD_OUT_4,
    DEMO_HELD_OUT_5,
    DEMO_HELD_OUT_6,
    DEMO_HELD_OUT_7,
    DEMO_HELD_OUT_8,
    DEMO_HELD_OUT_9,
    DEMO_HELD_OUT_10,
    DEMO_HELD_OUT_11,
    DEMO_HELD_OUT_12,
    DEMO_HELD_OUT_13,
    DEMO_HELD_OUT_14,
    DEMO_HELD_OUT_15,
    DEMO_HELD_OUT_16,
    DEMO_HELD_OUT_17,
    DEMO_HELD_OUT_18,
    DEMO_HELD_OUT_19,
    DEMO_HELD_OUT_20,
    DEMO_HELD_OUT_21,
    DEMO_HELD_OUT_22,
    DEMO_HELD_OUT_23,
    DEMO_HELD_OUT_24,
    DEMO_HELD_OUT_25,
    DEMO_HELD_OUT_26,
    DEMO_HELD_OUT_27,
    DEMO_HELD_OUT_28,
    DEMO_HELD_OUT_29,
    DEMO_HELD_OUT_30,
    DEMO_HELD_OUT_31,
    DEMO_HELD_OUT_32,
    DEMO_HELD_OUT_33,
    DEMO_HELD_OUT_34,
    DEMO_HELD_OUT_35,
)
from lib.search.queries import DEMO_QUERIES, Query, house_queries
from lib.search.run import DOMAINS, Answer, ask, entities, missing, render_sets

if TYPE_CHECKING:
    import httpx2

HELD_OUT_SIZE: Final = 120
"""The size of `bench_house` whose entities the held-out queries name."""
HELD_OUT_DOMAINS: Final = (
    *DOMAINS,
    *("fan", "sensor", "binary_sensor", "valve", "lawn_mower", "humidifier", "script", "scene"),
    *("alarm_control_panel", "device_tracker", "water_heater", "vacuum", "siren"),
    *("weather", "input_boolean", "automation", "person"),
    *("air_quality", "camera", "sun"),
    *("calendar", "update"),
)
"""The domains whose entities the held-out queries name."""


class UnknownEntityError(Exception):
    """A query means an entity the house does not have: the query set is wrong."""


async def _checked(
    http: httpx2.AsyncClient, url: str, queries: list[Query], house: str
) -> list[Query]:
    """Return `queries`, having checked that each entity they mean is in the house."""
    if unknown := missing(queries, await entities(http, url, HELD_OUT_DOMAINS)):
        raise UnknownEntityError(f"{house} has no {', '.join(unknown)}")
    return queries


def _plan_module() -> object:
    """Load `bench_house/plan.py` alone (pure Python; its package imports Home Assistant)."""
    spec = importlib.util.spec_from_file_location("bench_house_plan", BENCH_HOUSE / "plan.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def main(args: argparse.Namespace) -> int:
    """Ask every query; print the recall table."""
    answers: list[Answer] = []
    if not args.no_demo:
        demo = find_demo(args)
        async with authorized_client(demo.token) as http:
            url = f"{demo.url}/api/mcp"
            held_out = [
                *DEMO_HELD_OUT,
                *DEMO_HELD_OUT_2,
                *DEMO_HELD_OUT_3,
                *DEMO_HELD_OUT_4,
                *DEMO_HELD_OUT_5,
                *DEMO_HELD_OUT_6,
                *DEMO_HELD_OUT_7,
                *DEMO_HELD_OUT_8,
                *DEMO_HELD_OUT_9,
                *DEMO_HELD_OUT_10,
                *DEMO_HELD_OUT_11,
                *DEMO_HELD_OUT_12,
                *DEMO_HELD_OUT_13,
                *DEMO_HELD_OUT_14,
                *DEMO_HELD_OUT_15,
                *DEMO_HELD_OUT_16,
                *DEMO_HELD_OUT_17,
                *DEMO_HELD_OUT_18,
                *DEMO_HELD_OUT_19,
                *DEMO_HELD_OUT_20,
                *DEMO_HELD_OUT_21,
                *DEMO_HELD_OUT_22,
                *DEMO_HELD_OUT_23,
                *DEMO_HELD_OUT_24,
                *DEMO_HELD_OUT_25,
                *DEMO_HELD_OUT_26,
                *DEMO_HELD_OUT_27,
                *DEMO_HELD_OUT_28,
                *DEMO_HELD_OUT_29,
                *DEMO_HELD_OUT_30,
                *DEMO_HELD_OUT_31,
                *DEMO_HELD_OUT_32,
                *DEMO_HELD_OUT_33,
                *DEMO_HELD_OUT_34,
                *DEMO_HELD_OUT_35,
            ]
            queries = await _checked(http, url, [*DEMO_QUERIES, *held_out], "the demo")
            log(f"demo at {demo.url}: {len(DEMO_QUERIES)} + {len(held_out)} held-out queries")
            answers += await ask(http, url, queries)
    if not args.no_bench_house:
        areas = _plan_module().AREAS  # type: ignore[attr-defined]
        async with (
            running_house(
                "home-mcp-search-", args.size, 0, keep=args.keep, label=f"N={args.size}: "
            ) as house,
            authorized_client(house.ready["token"]) as http,
        ):
            url = f"{house.base_url}/api/mcp"
            queries = house_queries(await entities(http, url, DOMAINS), areas)
            # The held-out queries name the entities of the house of 120 (its plan's seed).
            held_out = (
                [
                    *BENCH_HELD_OUT,
                    *BENCH_HELD_OUT_2,
                    *BENCH_HELD_OUT_3,
                    *BENCH_HELD_OUT_4,
                    *BENCH_HELD_OUT_5,
                    *BENCH_HELD_OUT_6,
                    *BENCH_HELD_OUT_7,
                    *BENCH_HELD_OUT_8,
                    *BENCH_HELD_OUT_9,
                    *BENCH_HELD_OUT_10,
                    *BENCH_HELD_OUT_11,
                    *BENCH_HELD_OUT_12,
                    *BENCH_HELD_OUT_13,
                    *BENCH_HELD_OUT_14,
                    *BENCH_HELD_OUT_15,
                    *BENCH_HELD_OUT_16,
                    *BENCH_HELD_OUT_17,
                    *BENCH_HELD_OUT_18,
                    *BENCH_HELD_OUT_19,
                    *BENCH_HELD_OUT_20,
                    *BENCH_HELD_OUT_21,
                    *BENCH_HELD_OUT_22,
                    *BENCH_HELD_OUT_23,
                    *BENCH_HELD_OUT_24,
                    *BENCH_HELD_OUT_25,
                    *BENCH_HELD_OUT_26,
                    *BENCH_HELD_OUT_27,
                    *BENCH_HELD_OUT_28,
                    *BENCH_HELD_OUT_29,
                    *BENCH_HELD_OUT_30,
                    *BENCH_HELD_OUT_31,
                    *BENCH_HELD_OUT_32,
                    *BENCH_HELD_OUT_33,
                    *BENCH_HELD_OUT_34,
                    *BENCH_HELD_OUT_35,
                ]
                if args.size == HELD_OUT_SIZE
                else []
            )
            queries = await _checked(http, url, [*queries, *held_out], "bench_house")
            log(
                f"bench_house of {args.size} entities: {len(queries) - len(held_out)} "
                f"+ {len(held_out)} held-out queries"
            )
            answers += await ask(http, url, queries)
    print(render_sets(answers))
    return 0


def parse_args() -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="the demo's URL (default: from --demo-dir)")
    parser.add_argument("--token", help="the demo's access token (default: from --demo-dir)")
    parser.add_argument(
        "--demo-dir",
        type=Path,
        default=default_demo_dir(),
        help="script/demo's directory (default: $HOME_MCP_DEMO_DIR, else .demo/)",
    )
    parser.add_argument("--no-demo", action="store_true", help="only bench_house's queries")
    parser.add_argument("--no-bench-house", action="store_true", help="only the demo's queries")
    parser.add_argument("--size", type=int, default=120, help="bench_house's entities")
    parser.add_argument("--keep", action="store_true", help="keep bench_house's directory")
    return parser.parse_args()


if __name__ == "__main__":
    stop_on_sigterm()
    sys.exit(asyncio.run(main(parse_args())))
