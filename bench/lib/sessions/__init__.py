"""The sessions benchmark (`bench_sessions.py`): followers, the storm, the rule, the report."""
