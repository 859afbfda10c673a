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

JUSTIFIED: Final[Mapping[str, Mapping[str, str]]] = {
    "ccostan": {
        "turn_on input_boolean.guest_mode": "automation.away_mode locks and arms only while "
        "guest mode is off (its condition)",
        "turn_on script.kitchen_kiosk_restore_phyn_water": "it opens valve.phyn_shutoff_valve",
        "turn_on script.open_large_garage_door_if_ready": "it opens cover.large_garage_door",
    },
}
"""House -> `service entity_id` -> the path that makes it wait."""

NOT_YET: Final[Mapping[str, str]] = {
    "geekofweek": "21 of 446 wait (4.7 %): thermostat -> climate-mode sensor -> out-of-town -> "
    "overrides reset -> garage on arrival -> alarm chains, and the flags that keep locking "
    "and arming automations from running; not yet reviewed into JUSTIFIED",
    "heyitsyang": "94 of 1,144 wait (8.2 %): keymaster's code slots (a reset or a copy from the "
    "parent slot reaches the lock's user codes), and speaker volumes a client can push past "
    "what the speakers take, which would stop the extended-absence run before it arms; not "
    "yet reviewed into JUSTIFIED",
    "jazzyisj": "every harmless action waits: shell_command.alarm_snapshots_purge_old is named "
    "as opening ('alarm'), and a template sensor reading every entity leads, through the "
    "alarm's arming and the occupancy automations, to the automation that runs it",
    "jlpouffier": "13 of 313 harmless actions wait (4.2 %): guest, dog and presence-simulation "
    "modes keeping the departure lock and the shutters' automations from running; not yet "
    "reviewed into JUSTIFIED",
    "thefes": "every harmless action waits: its template lights drive each other (dashboards, "
    "party mode, each room's template light) deeper than the 24 levels the gate follows, "
    "which makes them unknown",
    "zanix": "89 of 1,296 wait (6.9 %): keymaster's code slots, as in heyitsyang, and the "
    "timers and flags of its auto-lock; not yet reviewed into JUSTIFIED",
}
"""House -> what it still lacks (issue 30), measured: an expected failure while it lacks it.

`bench/RESULTS.md` has the figures (`script/bench --houses`).
"""
SLOW: Final[Mapping[str, str]] = dict.fromkeys(
    ("ccostan", "jazzyisj", "thefes", "zanix"),
    "each forced call waits for the index rebuilt after the last change (issue 30, item 5)",
)
"""House -> why forcing its inputs through MCP is skipped."""
