"""The physical-action gate (§4): what an action would do to the house.

The gate knows nothing of MCP or HTTP. It takes an `Action` (domain,
service, target, data), reduces it to the effects it would have on entities
whatever path it takes, and decides each with one rule table:

- `model`: the action, its effects, findings and the decision;
- `rules`: the rule table, (entity class, verb) -> risk, and the risks of
  whole actions; `verbs`: how each path names the entity's own verb;
  `facts`: the house facts the rules' conditions ask about; `docs`:
  `docs/gate.md`'s tables, generated from these;
- `targets`: targets as Home Assistant expands them, and groups;
- `expansion`: the house's wiring (classes, Switch as X, template
  entities' scripts, device siblings);
- `judge`: one analysis, from an action to its findings; `macros`: scripts
  and automations walked through every branch; `scenes`: scene states;
  `paths`: device actions, events, `group.set`, presence; `reads`: what
  triggers, conditions and templates read; `wiring`: what the house's
  automations, scripts and helpers read, run and derive from;
- `perimeter`: the entities whose change can lead to a guarded action;
  `index`: the perimeter kept current from Home Assistant's events;
- `tripwire`: openings an action the gate let through set off anyway;
- `messages`: messages that would speak as Home MCP;
- `core`: the `Gate`.
"""

from __future__ import annotations

from .core import Gate
from .index import HouseIndex
from .model import GUARDED_RISKS, TARGET_KEYS, Action, Decision, Effect, Finding, Risk
from .tripwire import EVENT_ESCAPE, Tripwire

__all__ = [
    "EVENT_ESCAPE",
    "GUARDED_RISKS",
    "TARGET_KEYS",
    "Action",
    "Decision",
    "Effect",
    "Finding",
    "Gate",
    "HouseIndex",
    "Risk",
    "Tripwire",
]
