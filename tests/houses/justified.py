"""What a harmless-looking action may wait for in each real house, and why.

Each entry is one action the gate guards in a real house (`test_real_houses`),
with the real path to an opening, or to a weakening of what secures the house,
that makes it wait: checked by hand against the house's configuration. A
guarded action not listed here is a false positive; a listed one that runs is
a miss or a stale entry. Entity ids only: the houses stay in `../shared`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

JUSTIFIED: Final[Mapping[str, Mapping[str, str]]] = {}
"""House -> `service entity_id` -> the path that makes it wait."""

NOT_YET: Final[Mapping[str, str]] = {
    "aneisch": "11 of 433 harmless actions wait (2.5 %): the update automations' templated "
    "action names, a script opening the garage; not yet reviewed into JUSTIFIED",
    "ccostan": "every harmless action waits: the speech scripts read every state and hand "
    "text to Assist, which reaches the garage doors exposed to it",
    "geekofweek": "21 of 446 wait (4.7 %): thermostat -> climate-mode sensor -> out-of-town -> "
    "overrides reset -> garage on arrival -> alarm chains, and the flags that keep locking "
    "and arming automations from running; not yet reviewed into JUSTIFIED",
    "heyitsyang": "85 of 1,144 wait (7.4 %): keymaster's code slots (user codes) and the "
    "timers and delays that hold its autolock; not yet reviewed into JUSTIFIED",
    "jazzyisj": "every harmless action waits: shell_command.alarm_snapshots_purge_old is named "
    "as opening ('alarm') and run by automations that read every state; two items over the "
    "5,000-step bound",
    "jlpouffier": "13 of 313 harmless actions wait (4.2 %): guest, dog and presence-simulation "
    "modes keeping the departure lock and the shutters' automations from running; not yet "
    "reviewed into JUSTIFIED",
    "thefes": "every harmless action waits: about 70 area template lights and automations "
    "over the 5,000-step bound (their walks are not yet shared between items)",
    "zanix": "every harmless action waits: a persistent-notification trigger reads every "
    "action call, and its automation reaches the garage through the remote-start chain",
}
"""House -> what it still lacks (issue 30), measured: an expected failure while it lacks it.

`bench/RESULTS.md` has the figures (`script/bench --houses`).
"""
SLOW: Final[Mapping[str, str]] = dict.fromkeys(
    ("ccostan", "jazzyisj", "thefes", "zanix"),
    "each forced call waits for the index rebuilt after the last change (issue 30, item 5)",
)
"""House -> why forcing its inputs through MCP is skipped."""
