"""How well `list_entities {query}` finds what a person means: recall@1 and recall@3.

Over two houses: `script/demo`'s (hand-written queries; the demo must be
running: its URL and token from `--url`/`--token`, else the JSON line in
`--demo-dir`'s console.log), and `bench_house`'s at 120 entities (queries
written from its plan; started here as `bench_tools.py` starts it). Each
query has the entity a person means by it (`lib/search/queries.py`); the
benchmark counts how often it is first (recall@1) and in the first three
(recall@3), in all, by house and by kind of query (typo, room + device,
alias, language, plural, word order). It measures quality, not time:
`bench_tools.py` times the search.

Run it with .venv-demo: `.venv-demo/bin/python bench/bench_search.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
from pathlib import Path
import sys

from lib.clients import authorized_client
from lib.home_assistant import running_house, stop_on_sigterm
from lib.hostile.demo import find_demo
from lib.paths import BENCH_HOUSE, ROOT
from lib.report import log
from lib.search.queries import DEMO_QUERIES, house_queries
from lib.search.run import DOMAINS, Answer, ask, entities, render


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
        log(f"demo at {demo.url}: {len(DEMO_QUERIES)} queries")
        async with authorized_client(demo.token) as http:
            answers += await ask(http, f"{demo.url}/api/mcp", DEMO_QUERIES)
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
            log(f"bench_house of {args.size} entities: {len(queries)} queries")
            answers += await ask(http, url, queries)
    print(render(answers))
    return 0


def parse_args() -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="the demo's URL (default: from --demo-dir)")
    parser.add_argument("--token", help="the demo's access token (default: from --demo-dir)")
    parser.add_argument("--demo-dir", type=Path, default=ROOT / ".demo", help="script/demo's")
    parser.add_argument("--no-demo", action="store_true", help="only bench_house's queries")
    parser.add_argument("--no-bench-house", action="store_true", help="only the demo's queries")
    parser.add_argument("--size", type=int, default=120, help="bench_house's entities")
    parser.add_argument("--keep", action="store_true", help="keep bench_house's directory")
    return parser.parse_args()


if __name__ == "__main__":
    stop_on_sigterm()
    sys.exit(asyncio.run(main(parse_args())))
