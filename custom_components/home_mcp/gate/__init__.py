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
- `judge`: one analysis, from an action to its findings; `handlers`: the
  judge as its steps see it (`Judging`), and the handlers of each kind of
  step, registered, which `judge` asks for; `macros`: scripts and
  automations walked through every branch; `scenes`: scene states;
  `paths`: what an entity drives, device actions, events, `group.set`,
  presence, what leaves Home Assistant; `assist`: text handed to a
  conversation agent, judged by what the agent runs (the owner's sentence
  triggers, intent scripts, exposed entities and scripts) (these three
  register their handlers, and are imported here so that they do before
  any check); `bindings`: what
  a template's variables can be, the template evaluated over each;
  `templates`: a template's text as Jinja lexes it; `footprint`: what an
  action puts on the bus besides its state changes; `notices`: persistent
  notifications and the automations they set off; `external`: what leaves
  Home Assistant; `raising`: the templates a client can make fail, which
  end a run;
- `reads`: what triggers, conditions and templates read;
  `entity_triggers`: the states an entity trigger fires on; `broker`: an
  `mqtt` trigger as an input, set off by what publishes on its topic; `wiring`: what
  the house's automations, scripts and helpers read, run and derive from;
- `perimeter`: the entities whose change can lead to a guarded action;
  `perimeter_keys`: what it is keyed by (an entity, or a `Key` of a kind:
  an event, an action called, a run, a sentence, an MQTT topic);
  `fixpoint`: its second order, over the house's macros; `securing`: what
  secures the house beyond what locks, closes or arms itself; `knowledge`:
  what a judge knows about the house beyond the action;
- `index`: the perimeter kept current from Home Assistant's events; `live`:
  what a judgement read of the house, so its answer can be kept while that
  holds; `proposals`: a configuration judged before it exists;
  `internals`: Home Assistant's private attributes the gate reads, each
  named;
- `tripwire`: openings an action the gate let through set off anyway;
- `messages`: messages that would speak as Home MCP;
- `core`: the `Gate`.
"""

from __future__ import annotations

from . import assist, paths, scenes  # noqa: F401  # They register their handlers (`handlers`).
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
