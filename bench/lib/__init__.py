"""Shared machinery of the benchmark scripts in bench/.

Each script (`bench_tools.py`, `bench_sessions.py`, `bench_gate.py`,
`bench_hostile.py`, `bench_peers.py`) imports this package; no script
imports another. The modules here serve every script (paths, starting Home
Assistant, clients, statistics, reports); `tools/`, `sessions/`, `hostile/`
and `peers/` hold what one benchmark alone needs.
"""
