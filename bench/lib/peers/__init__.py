"""The peers benchmark's machinery: its servers and operations, the peers' processes, calls, report.

`servers.py` says what each of the four servers is asked for each operation;
`processes.py` installs nothing but starts and stops hass-mcp and ha-mcp from
their own virtual environments (`.venv-peers/`, made by `script/bench
--peers`); `calls.py` times one operation with the official SDK client and
checks every answer; `run.py` gives each server its turn on a house;
`report.py` prints the side-by-side table and the JSON.
"""
