"""The search-quality benchmark's queries, run and report (`bench/bench_search.py`)."""
