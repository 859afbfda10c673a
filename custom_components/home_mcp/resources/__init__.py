"""MCP resources: entities, rooms and confirmations to read and to follow live.

One role per module:

- `uris`: the three URI templates (`ha://entity/…`, `ha://area/…`,
  `ha://confirmation/…`) and the parsing of a URI into what it names;
- `reads`: `resources/list`, `resources/templates/list` and `resources/read`
  (a room is `home_overview`'s, from `tools/room_view.py`);
- `following`: `resources/subscribe`, `subscriptions/listen` and the
  `ResourceHub` that keeps who follows what;
- `tracking`: which changes in Home Assistant touch a followed resource,
  debounced to one announcement a second per resource;
- `delivery`: the tasks that send the updates, never blocking Home Assistant.
"""

from __future__ import annotations

from .following import MAX_SUBSCRIPTIONS_PER_SESSION, ResourceHub

__all__ = ["MAX_SUBSCRIPTIONS_PER_SESSION", "ResourceHub"]
