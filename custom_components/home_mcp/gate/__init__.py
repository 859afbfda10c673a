"""The physical-action gate (§4): what an action would do to the house.

The gate knows nothing of MCP or HTTP. It takes an `Action` (domain,
service, target, data), reduces it to the effects it would have on entities
whatever path it takes, and decides each with one rule table:

- `model`: the action, its effects, findings and the decision;
- `rules`: the rule table (entity class, verb) -> risk, and whole-action
  risks; `docs/gate.md` is generated from it (`docs`);
- `targets`: targets as Home Assistant expands them, groups;
- `expansion`: Switch as X, template entities' scripts, device siblings,
  scene states and device actions as verbs;
- `macros`: scripts, automations and template scripts walked through every
  branch;
- `reads`: what triggers, conditions and templates read;
- `judge`: one analysis, from an action to its findings;
- `perimeter`: the entities whose change can lead to a guarded action, kept
  current from Home Assistant's events;
- `tripwire`: openings that a let-through action set off anyway;
- `messages`: messages that would speak as Home MCP;
- `core`: the `Gate`.
"""

from __future__ import annotations

from .core import Gate
from .model import GUARDED_RISKS, TARGET_KEYS, Action, Decision, Effect, Finding, Risk
from .perimeter import HouseIndex
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
