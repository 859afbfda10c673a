"""`get_history`, `get_statistics`, `get_logbook`: what the house did (§3, §6).

All three read Home Assistant's recorder in-process, through its own Python
APIs, on the recorder's database executor
(`get_instance(hass).async_add_executor_job`), never on the event loop and
never through REST or WebSocket:

- history: `recorder.history.get_significant_states`;
- statistics: `recorder.statistics.get_metadata` and
  `statistics_during_period`;
- logbook: the logbook's own `EventProcessor.get_events`.

Windows are bounded (§6) and parsed by one function, `parse_window`: ISO 8601
with or without an offset (without one: Home Assistant's configured time
zone, which every response names) or spans such as `30m`, `48h`, `7d`, `2w`.
Every timestamp returned is ISO 8601 with the offset of that time zone.

- `window`: time windows; `series`: history series reduced to fit;
  `database`: the running recorder and its executor; `selection`: which
  entities a call reads;
- `get_history`, `get_statistics`, `get_logbook`: the three tools.
"""

from __future__ import annotations

from .get_history import TOOLS as HISTORY_TOOLS
from .get_logbook import TOOLS as LOGBOOK_TOOLS
from .get_statistics import TOOLS as STATISTICS_TOOLS

TOOLS = [*HISTORY_TOOLS, *STATISTICS_TOOLS, *LOGBOOK_TOOLS]
