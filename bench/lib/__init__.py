"""Shared machinery of the benchmark scripts in bench/.

Each script (`bench_tools.py`, `bench_sessions.py`, `bench_gate.py`,
`bench_hostile.py`) imports this package; no script imports another. The
modules here serve every script (paths, starting Home Assistant, clients,
statistics, reports); `tools/`, `sessions/` and `hostile/` hold what one
benchmark alone needs.
"""
