"""What a judge knows about the house beyond the action (`perimeter.Snapshot`).

The judge (`judge.Judge`) asks it what changes set off, what runs, what is
guarded; `core.Gate` hands it a snapshot of the house's index.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from homeassistant.core import HomeAssistant

from .expansion import HouseMap
from .footprint import Footprint
from .model import Finding
from .notices import Raised
from .rules import Hold


@dataclass(frozen=True, slots=True)
class Alone:
    """What an item does judged on its own, with all it runs on its own (`Snapshot.alone`).

    findings: its guarded findings (the fixpoint's, via from it).
    touches: entity -> the verbs it and those items act on it with.
    prompts: their notifications with buttons.
    """

    findings: tuple[Finding, ...]
    touches: Mapping[str, frozenset[str]]
    prompts: tuple[Footprint, ...]


class Knowledge(Protocol):
    """What a judge knows about the house beyond the action (`perimeter.Snapshot`)."""

    hass: HomeAssistant
    house: HouseMap

    @property
    def unreadable_items(self) -> Mapping[str, str]:
        """Return the automations, scripts and template entities the gate could not read."""

    @property
    def options_bound(self) -> Mapping[str, list[str]]:
        """Return the selects whose options decide what an automation does -> those automations."""

    @property
    def options_fed(self) -> Mapping[str, list[str]]:
        """Return what such a template select is computed from -> those automations."""

    @property
    def computed_settings(self) -> frozenset[str]:
        """Return the entities computed from a setting (`securing.computed_settings`)."""

    def reactions(self, key: str, states: frozenset[str] = frozenset()) -> Iterable[Finding]:
        """Return what changing `key` to one of `states` (empty: any) sets off (via from `key`)."""

    def distinct_reactions(
        self, key: str, states: frozenset[str] = frozenset()
    ) -> Sequence[Finding]:
        """Return `reactions`, each effect once by its first way, with no `spared`."""

    def can_open(self, entity_id: str) -> bool:
        """Return True if running an automation or script can open the house."""

    def secures(self, entity_id: str, *, now: bool = False) -> bool:
        """Return True if an automation or script locks, closes or arms (`now`: as it is now)."""

    def is_guarded(self, entity_id: str) -> bool:
        """Return True if some action on the entity is guarded."""

    def perimeter_entities(self, domain: str) -> Iterable[str]:
        """Return the entities of `domain` changing which sets something off."""

    def event_keys(self) -> Iterable[str]:
        """Return the `event:` keys something reacts to."""

    def mqtt_keys(self) -> Iterable[str]:
        """Return the MQTT keys of the house's `mqtt` triggers (`broker.trigger_key`)."""

    def sentence_keys(self) -> Iterable[str]:
        """Return the `sentence:` keys (sentence triggers) something reacts to."""

    def sets_off(self, automation_id: str, key: str, notice: Raised) -> bool:
        """Return True if `notice`, raised by a call of key `key`, can run the automation."""

    def prompts(
        self, key: str, states: frozenset[str] = frozenset()
    ) -> Iterable[tuple[str, Footprint]]:
        """Return (automation, what a tap on it fires) of each prompt `key` sets off directly."""

    def prompts_taken_off(
        self, tag: str | None, sent: Footprint | None, channel: str | None = None
    ) -> list[str]:
        """Return the securing automations a notification keeps from being set off.

        tag: its tag; channel: the channel whose notifications it removes or silences.
        """

    def triggered(self, entity_id: str, states: frozenset[str]) -> Iterable[Finding]:
        """Return what the entity reaching one of `states` triggers (via from it)."""

    def while_running(self, entity_id: str) -> Iterable[Finding]:
        """Return what a running script reading `entity_id` would do (via from it)."""

    def waits_on(self, entity_id: str) -> list[str]:
        """Return the securing automations waiting for this timer to finish."""

    def keeps_from_securing(
        self,
        entity_id: str,
        verb: str,
        *,
        now: bool,
        repeats: bool,
        data: Mapping[str, Any] | None = None,
    ) -> Iterable[tuple[str, Hold]]:
        """Return the securing macros `verb` on `entity_id` can keep from securing, and how."""

    def stands_alone(self, entity_id: str, *, building: bool = False) -> bool:
        """Return True if an item's own judgement stands in for walking it (`building`: so far)."""

    def alone(self, entity_id: str) -> Alone:
        """Return what an item does judged on its own, with all it runs on its own."""

    def securing_runners(self, macro_id: str) -> list[str]:
        """Return the securing automations and scripts that run script or scene `macro_id`."""
