"""The tools benchmark (`bench_tools.py`): its calls and its report."""
