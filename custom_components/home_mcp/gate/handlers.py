"""The judge as its steps see it, and the steps' handlers, registered per kind.

`judge.Judge` walks an action down to its effects; on the way it hands each
thing that takes a path of its own to the handler registered for it, as
Home Assistant's `google_assistant` registers its traits (`@register_trait`):
what an entity drives, the caller's run of a script, an event, a call that
leaves Home Assistant, a scene's stored states, a device action, and what an
action changes besides its targets, per action (`scene.apply`, `group.set`).
`paths` and `scenes` register theirs as they are imported, which the gate
package does (`gate/__init__.py`): `judge` imports no handler, and no handler
imports `judge`; both see the judge as `Judging`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from enum import IntEnum, StrEnum
from typing import Any, Final, Protocol

from homeassistant.core import HomeAssistant

from .bindings import Bindings
from .expansion import HouseMap
from .knowledge import Knowledge
from .model import Effect, Finding, Risk
from .reads import Reads
from .rules import Hold, ServiceRule


class Ending(IntEnum):
    """How much a step that can end the run ends, as Home Assistant's `helpers/script.py` runs it.

    Wider ends more (`macros.ENDS`). A script, an automation or a template
    entity's action run by another is a run of its own (a top-level
    `Script`): what ends only the run ends it, and its caller goes on.
    """

    SEQUENCE = 1
    RUN = 2
    CALLERS = 3


class Judging(Protocol):
    """The judge (`judge.Judge`) as the walk (`macros.walk`) and the handlers see it.

    Not named `Judge`: that is the class that judges, which the gate builds
    (`core`, `perimeter`) and the docs name method by method.
    """

    hass: HomeAssistant
    house: HouseMap
    knowledge: Knowledge
    reads: Reads | None
    bindings: Bindings | None
    """What the run's variables can be (`bindings.py`); None: a client's own call."""
    findings: list[Finding]
    path: tuple[str, ...]
    scope: frozenset[str] | None
    now: bool
    """The action runs now: the house's present state counts."""
    repeats: bool
    """What is judged may run again and again (a configuration being written)."""
    owners: bool
    """What is walked is the owner's own automation, script or template entity."""
    externals: dict[str, None]
    """The actions leaving Home Assistant met on the way (`external.external_key`)."""

    all_trigger_ids: frozenset[str] | None
    """Every trigger id of the automation being walked (None: not an automation)."""

    trigger_ids_known: bool
    """False when the macro sets `trigger` itself: no branch is tied to a trigger."""

    def add(self, risk: Risk, entity_id: str | None, service: str, reason: str) -> None:
        """Record a finding reached through the current path."""

    def holds_up(self, macro_id: str, service: str, hold: Hold) -> None:
        """Record that `service` keeps `macro_id`, which secures, from securing (`HOLD_RULES`)."""

    def unknown(self, service: str, reason: str) -> None:
        """Record something that cannot be judged before it runs."""

    def call(
        self,
        domain: str,
        service: str,
        target: Mapping[str, Any],
        data: Mapping[str, Any],
        depth: int,
        *,
        already: Mapping[str, str] | None = None,
    ) -> list[str]:
        """Judge one service call (`already`: states entities are in as it is made)."""

    def effect(self, effect: Effect, depth: int) -> None:
        """Judge one effect, what it reaches, and what it sets off."""

    def react(self, key: str, verb: str | None) -> None:
        """Add what the house's automations would do when `key` changes."""

    def read_response(self, name: Any, target: Mapping[str, Any]) -> list[Any]:
        """Add what an action's response is computed from (the run reads it); return it."""

    def set_from(self, config: Any) -> list[Any]:
        """Return what the variables `config` reads that the run set from the house were set from."""

    def run_macro(self, entity_id: str, depth: int) -> None:
        """Judge running a script, scene or automation."""

    def device_action(self, action: Mapping[str, Any], depth: int) -> None:
        """Judge a device action."""

    def event(self, event_type: Any, depth: int, data: Any = None) -> None:
        """Judge firing an event (with `data`, as written)."""

    def on_path(self, entity_id: str, *, loop: bool = False) -> bool:
        """Return True if `entity_id` is on the current path (`loop`: a loop cut)."""

    def through(self, *entity_ids: str) -> AbstractContextManager[None]:
        """Judge what runs inside as reached through `entity_ids`."""

    def walk_key(self, kind: str, entity_id: str, verb: Any, data: Any) -> tuple[Any, ...] | None:
        """Return what a walk of `entity_id` depends on besides the path (None: walk it anew)."""

    def once(self, key: tuple[Any, ...] | None, walk_it: Callable[[], None]) -> None:
        """Walk what `key` names once per judgement; after that, replay what it found."""

    def too_deep(self, depth: int) -> bool:
        """Return True when what a step runs or drives is no longer walked step by step."""

    def on_its_own(self, entity_id: str, service: str) -> None:
        """Judge what item `entity_id` runs or drives as the index judges it on its own."""

    def as_run(self, bindings: Bindings, *, owners: bool) -> AbstractContextManager[None]:
        """Walk what runs inside with the run's own variables, whose it is, untied to any trigger."""

    def own_run(self) -> AbstractContextManager[None]:
        """Walk a run of its own: a script's, an automation's, a template entity's action."""

    def knows_state(self, entity_id: str) -> bool:
        """Return True while the entity's present state is the one the action finds."""

    def house_named(self, value: Any, verb: str) -> list[str] | None:
        """Return what a template naming the house's own entities reaches (None: not so)."""

    def spend(self, steps: int = 1) -> None:
        """Count steps walked; raise `TooLarge` past `HARD_STEPS`."""

    def scoped(self, trigger_ids: frozenset[str] | None) -> AbstractContextManager[None]:
        """Judge what runs inside as reached only when one of `trigger_ids` fired."""

    def later(self) -> None:
        """Judge what comes next as running later, on whatever the house is then."""

    def step(self, data: Any) -> AbstractContextManager[None]:
        """Judge one step whose `data` matters only as far as what the step changes does."""

    def branch(self, holds: Any, fails: Sequence[Any] = ()) -> AbstractContextManager[None]:
        """Judge a branch that runs when `holds` holds and each of `fails` fails."""

    def halts(self, ending: Ending) -> None:
        """Note that the step walked can end `ending`: what decides it decides what follows."""

    def renders(self, config: Any, ending: Ending = Ending.CALLERS) -> None:
        """Note that the run renders `config` here: a template that can raise ends `ending`."""

    def decides(self, config: Any) -> None:
        """Note a condition, wait or delay: what follows it in its scope runs as it says."""

    def pauses(self, config: Any) -> None:
        """Note what says how long a delay, a wait or a loop of the item's own run lasts."""

    def block(self) -> AbstractContextManager[None]:
        """Judge a `choose` or an `if`, whose options (`branch`) a run takes one of."""

    def rounds(self) -> AbstractContextManager[None]:
        """Judge a loop's sequence: each round may take another option of a `block` in it."""

    def sets_variables(self, config: Any) -> None:
        """Note what each variable `config` sets is computed from."""

    def holds(self, conditions: Any) -> None:
        """Note that `conditions` hold for what follows, until something waits (`held_by`)."""

    def condition_steps(self, steps: Sequence[tuple[Any, int]]) -> None:
        """Note each `condition` step whose sequence secures after it (the findings before)."""

    def nested(self, holds: Any = None, *, parallel: bool = False) -> AbstractContextManager[None]:
        """Judge a nested sequence, run only when `holds` holds (a failing condition ends it)."""


class Reach(StrEnum):
    """What an action reaches, as its data says (`OWN_EFFECTS`)."""

    INSIDE = "the entities Home Assistant knows its data names, and nothing else"
    OUTSIDE = "only what is outside Home Assistant"


ANY: Final = "*"
"""What a handler registered for no name handles: anything of its kind; `domain.*`:
every action of the domain that has no handler of its own."""


class Handlers[H: Callable[..., Any]]:
    """The handlers of one kind of step, each registered for what it handles (`register`)."""

    def __init__(self, kind: str) -> None:
        """Start with no handler of `kind` (what the kind's handlers judge)."""
        self.kind = kind
        self._handlers: dict[str, H] = {}

    def register(self, *names: str) -> Callable[[H], H]:
        """Register the decorated function for `names` (`domain.service`; none: `ANY`)."""

        def add(handler: H) -> H:
            for name in names or (ANY,):
                if name in self._handlers:
                    raise ValueError(f"Two handlers of {self.kind} for {name}")
                self._handlers[name] = handler
            return handler

        return add

    @property
    def handler(self) -> H:
        """Return the kind's one handler, registered for `ANY`."""
        if (found := self._handlers.get(ANY)) is None:
            raise LookupError(f"No handler of {self.kind}: is its module imported by the gate?")
        return found

    def get(self, name: str) -> H | None:
        """Return the handler of `name` (`domain.service`), else its domain's, else None."""
        domain = name.partition(".")[0]
        return self._handlers.get(name) or self._handlers.get(f"{domain}.{ANY}")

    def __iter__(self) -> Iterator[str]:
        """Iterate over the names a handler is registered for."""
        return iter(self._handlers)


type DriveHandler = Callable[[Judging, str, str, Mapping[str, Any], int], None]
type StartScriptHandler = Callable[[Judging, str, Any, str], None]
type EventHandler = Callable[[Judging, Any, Any], None]
type ExternalHandler = Callable[[Judging, str, str, Mapping[str, Any], ServiceRule], None]
type SceneHandler = Callable[[Judging, str, Any, int], None]
type DeviceActionHandler = Callable[[Judging, Mapping[str, Any], int], None]
type OwnEffectsHandler = Callable[[Judging, str, Mapping[str, Any], int], Reach | None]

DRIVE: Final = Handlers[DriveHandler]("what an entity drives (its switch, scripts, helpers)")
"""(judge, entity id, verb, data, depth)."""
START_SCRIPT: Final = Handlers[StartScriptHandler]("the caller's run of a script or automation")
"""(judge, script or automation id, the variables given, the action's name)."""
EVENT: Final = Handlers[EventHandler]("an event fired")
"""(judge, event type, its data as written: None when a template gives it)."""
EXTERNAL: Final = Handlers[ExternalHandler]("an action whose effect leaves Home Assistant")
"""(judge, domain, service, data, the action's rule)."""
SCENE: Final = Handlers[SceneHandler]("a scene's stored states")
"""(judge, scene id, its entity object, depth)."""
DEVICE_ACTION: Final = Handlers[DeviceActionHandler]("a device action")
"""(judge, the action, depth)."""
OWN_EFFECTS: Final = Handlers[OwnEffectsHandler]("what an action changes besides its targets")
"""Per action (judge, `domain.service`, data, depth): `group.set` and `group.remove`
(the group and its newcomers), `device_tracker.see` (the tracker), a script's own
action (a run of its entity, as `script.turn_on` runs it), `scene.apply` and
`scene.create` (the states they set; the created scene's entity), `mqtt.publish` on
an MQTT entity's command topic (that entity's action), text handed to Assist. It
returns what the action reaches when its data says so (`Reach`), else None."""
KINDS: Final[tuple[Handlers[Any], ...]] = (
    DRIVE,
    START_SCRIPT,
    EVENT,
    EXTERNAL,
    SCENE,
    DEVICE_ACTION,
    OWN_EFFECTS,
)
"""Every kind of step, each with at least one handler once the gate is imported."""
