"""Configuration Home MCP writes: automations, scripts and scenes, as Home Assistant's editors do.

`editors.py` reads, validates, writes and deletes one item the way the
automation, script and scene editors of Home Assistant's UI do;
`references.py` finds what a configuration names that the house lacks;
`ids.py` decides which item a write is about; `helpers.py` writes helpers
through the Helpers page's own websocket commands; `dashboards.py` and
`blueprints.py` write dashboards and blueprints through the frontend's own
commands; `history.py` keeps what
each write replaced.
Nothing here
decides whether a write may happen: that is the gate's judgement of the
configuration, and the tools' (issue 13).
"""

from .editors import ConfigEditors, ConfigError, ConfigKind, Written
from .references import Unknown, async_unknown

__all__ = ["ConfigEditors", "ConfigError", "ConfigKind", "Unknown", "Written", "async_unknown"]
