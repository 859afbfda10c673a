"""The hostile-input benchmark (`bench_hostile.py`): the demo, the probe, the replay, the fuzzer."""
