"""The household's own macros: scenes, scripts and automations.

`list_macros` lists them, `preview_macro` says which ones a phrase means and
why, `run_macro` runs the one a phrase clearly means, through the gate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from pydantic import Field

from ..findings import shown_findings
from ..gate import Gate
from ..matching import Match, best_match, match_value
from ..shaping import clean_text, envelope, local_iso
from . import PageOutput, Tool, ToolContext, ToolError, ToolInput, ToolOutput, async_run, refuse
from .arguments import Identifier
from .get_trace import TRACED_DOMAINS, async_last_runs, run_failed
from .house import EntityView, House
from .query import entity_object

MACRO_DOMAINS: Final = ("scene", "script", "automation")
RUN_THRESHOLD: Final = 0.8
"""A phrase must match a macro at least this well to run it."""
CLEAR_MARGIN: Final = 0.1
"""...and better than the runner-up by at least this much."""
DESCRIPTION_CAP: Final = 0.6
"""A match on a description alone is weak: it never runs anything."""


@dataclass(slots=True)
class Candidate:
    """A macro a phrase may mean, with why."""

    view: EntityView
    match: Match

    def as_dict(self, house: House, gate: Gate) -> dict[str, Any]:
        """Return the candidate as a JSON-ready row."""
        row: dict[str, Any] = {
            "entity_id": self.view.entity_id,
            "kind": self.view.domain,
            "name": self.view.name,
            "confidence": round(self.match.score, 3),
            "reasons": [_reason(self.match)],
            "guarded": gate.async_check(gate.macro_action(self.view.entity_id)).guarded,
        }
        if area := house.area_name(self.view.area_id):
            row["area"] = area
        return row


def _reason(match: Match) -> str:
    where = {
        "name": "name",
        "alias": "alias",
        "entity_id": "entity id",
        "object_id": "entity id",
        "original_name": "name",
        "device": "device name",
        "description": "description",
    }.get(match.field, match.field)
    how = {
        "exact": "equals",
        "compact": "equals (ignoring spaces)",
        "tokens": "has the same words as",
        "contains": "contains",
        "fuzzy": "resembles",
    }[match.kind]
    strength = " (weak)" if match.weak else ""
    return f"The {where} {clean_text(match.value)!r} {how} the phrase{strength}"


def _description(ctx: ToolContext, view: EntityView) -> str | None:
    entity = entity_object(ctx.hass, view.entity_id)
    raw = getattr(entity, "raw_config", None)
    description = raw.get("description") if isinstance(raw, dict) else None
    return clean_text(description, 300) if isinstance(description, str) and description else None


def _macros(ctx: ToolContext, house: House) -> list[EntityView]:
    return [view for view in house.all() if view.domain in MACRO_DOMAINS]


def _candidates(ctx: ToolContext, house: House, phrase: str) -> list[Candidate]:
    found: list[Candidate] = []
    for view in _macros(ctx, house):
        match = best_match(phrase, view.search_fields())
        if match is None and (description := _description(ctx, view)):
            described = match_value(phrase, description, "description")
            if described is not None:
                match = Match(
                    min(described.score, DESCRIPTION_CAP),
                    described.kind,
                    "description",
                    described.value,
                )
        if match is not None:
            found.append(Candidate(view, match))
    found.sort(key=lambda c: (-c.match.score, c.view.entity_id))
    return found


def _clear_winner(candidates: list[Candidate]) -> tuple[Candidate | None, str]:
    """Return the one candidate to run, or None and why there is none."""
    if not candidates:
        return None, "No scene, script or automation matches the phrase."
    best = candidates[0]
    if best.match.score < RUN_THRESHOLD:
        return None, "The best match is weak; nothing is run on a guess."
    if len(candidates) > 1 and best.match.score - candidates[1].match.score < CLEAR_MARGIN:
        return None, "Several macros match about equally well; nothing is run on a guess."
    return best, "One macro clearly matches."


class ListMacrosInput(ToolInput):
    """Paging and an optional kind filter for `list_macros`."""

    kind: Identifier | None = Field(None, description="scene, script or automation")
    offset: int = Field(0, ge=0)
    limit: int = Field(50, ge=1, le=200)


class MacroListOutput(PageOutput):
    """Macros in the standard envelope."""


async def list_macros(ctx: ToolContext, args: ListMacrosInput) -> MacroListOutput:
    """List scenes, scripts and automations with whether running them is guarded.

    Reads the scene, script and automation entities and their configurations
    (through their entity components), and the area and entity registries.
    """
    if args.kind is not None and args.kind not in MACRO_DOMAINS:
        raise ToolError(
            "invalid_arguments",
            f"Unknown kind {clean_text(args.kind)!r}",
            "kind is scene, script or automation",
        )
    house = House(ctx.hass, ctx.caller.user)
    views = [view for view in _macros(ctx, house) if args.kind is None or view.domain == args.kind]
    rows = []
    page = views[args.offset : args.offset + args.limit]  # Only the page is judged.
    decisions = ctx.gate.async_check_all(ctx.gate.macro_action(v.entity_id) for v in page)
    last_runs = {
        domain: await async_last_runs(ctx.hass, domain)
        for domain in TRACED_DOMAINS
        if any(view.domain == domain for view in page)
    }
    for view, decision in zip(page, decisions, strict=True):
        row: dict[str, Any] = {
            "entity_id": view.entity_id,
            "kind": view.domain,
            "name": view.name,
            "guarded": decision.guarded,
        }
        if view.aliases:
            row["aliases"] = list(view.aliases)
        if area := house.area_name(view.area_id):
            row["area"] = area
        if description := _description(ctx, view):
            row["description"] = description
        if decision.guarded:
            row["risk"] = decision.risk.value
        if view.domain in last_runs:
            row.update(_last_run(view, last_runs[view.domain]))
        rows.append(row)
    return MacroListOutput(**envelope(rows, offset=args.offset, limit=args.limit, total=len(views)))


def _last_run(view: EntityView, runs: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Return when an automation or script last ran and, if its run is kept, whether it failed.

    `last_triggered` is the entity's attribute; `last_run_failed` the same
    predicate as `get_trace`'s `failed` (`run_failed`) on the newest run
    Home Assistant keeps.
    """
    found: dict[str, Any] = {}
    if isinstance(last := view.state.attributes.get("last_triggered"), datetime):
        found["last_triggered"] = local_iso(last)
    item_id = view.entry.unique_id if view.entry is not None else None
    if item_id is not None and (run := runs.get(item_id)) is not None:
        found["last_run_failed"] = run_failed(run)
    return found


class PhraseInput(ToolInput):
    """A phrase naming a macro, in any language."""

    phrase: str = Field(min_length=1, max_length=200, description='e.g. "good night", any language')


class PreviewOutput(ToolOutput):
    """Which macros a phrase means; nothing runs."""

    phrase: str
    would_run: str | None = Field(description="The entity id run_macro would run, or null")
    why: str
    candidates: list[dict[str, Any]]


async def preview_macro(ctx: ToolContext, args: PhraseInput) -> PreviewOutput:
    """Rank the macros a phrase may mean, with confidence and reasons."""
    house = House(ctx.hass, ctx.caller.user)
    candidates = _candidates(ctx, house, args.phrase)
    winner, why = _clear_winner(candidates)
    return PreviewOutput(
        phrase=args.phrase,
        would_run=winner.view.entity_id if winner else None,
        why=why,
        candidates=[c.as_dict(house, ctx.gate) for c in candidates[:10]],
    )


class RunMacroInput(PhraseInput):
    """A phrase naming a macro, and whether to only resolve it."""

    dry_run: bool = Field(False, description="Resolve and judge only; run nothing")


class RunMacroOutput(ToolOutput):
    """The macro that ran (or would run) and what Home Assistant reports."""

    macro: dict[str, Any]
    dry_run: bool = False
    action: str
    guarded: bool | None = Field(
        None, description="dry_run only: running it would wait for a person's approval"
    )
    completed: bool | None = None
    states: list[dict[str, Any]] | None = None
    would_do: list[dict[str, Any]] | None = None
    would_do_omitted: int | None = None
    response: Any = None
    warning: str | None = None
    states_omitted: int | None = None


async def run_macro(ctx: ToolContext, args: RunMacroInput) -> RunMacroOutput:
    """Run the one macro the phrase clearly means, through the gate.

    No clear match: raises `ToolError` (`no_clear_match`) with the candidates
    and runs nothing. A guarded macro: the gate's refusal, nothing runs.
    """
    house = House(ctx.hass, ctx.caller.user)
    candidates = _candidates(ctx, house, args.phrase)
    winner, why = _clear_winner(candidates)
    if winner is None:
        raise ToolError(
            "no_clear_match",
            f"{why} Nothing was run.",
            "Ask the person which one they mean, then call run_macro with its exact name",
            candidates=[c.as_dict(house, ctx.gate) for c in candidates[:10]],
        )
    macro = winner.as_dict(house, ctx.gate)
    action = ctx.gate.macro_action(winner.view.entity_id)
    decision = ctx.gate.async_check(action)
    if args.dry_run:
        return RunMacroOutput(
            macro=macro,
            dry_run=True,
            action=action.name,
            guarded=decision.guarded,
            **ctx.sight.tree(shown_findings(decision.findings, "would_do")),
        )
    if decision.guarded:
        raise refuse(ctx, decision, macro=macro)
    report = [e for e in decision.affected_entities if e != winner.view.entity_id]
    result = await async_run(ctx, decision, report)
    if not result["ok"]:
        raise ToolError.from_result({**result, "macro": macro})
    result.pop("ok")
    return RunMacroOutput(macro=macro, **result)


TOOLS = [
    Tool(
        name="list_macros",
        title="List macros",
        description=(
            "The household's scenes, scripts and automations: name, aliases, area, "
            "description, last_triggered, last_run_failed; guarded: running it needs a person."
        ),
        input_model=ListMacrosInput,
        output_model=MacroListOutput,
        handler=list_macros,
        narrow_hint="Page with offset/limit or filter by kind.",
    ),
    Tool(
        name="preview_macro",
        title="Preview a macro",
        description=(
            'Which scenes and scripts a phrase ("good night", "bonne nuit") means, '
            "with confidence and reasons. Runs nothing."
        ),
        input_model=PhraseInput,
        output_model=PreviewOutput,
        handler=preview_macro,
    ),
    Tool(
        name="run_macro",
        title="Run a macro",
        description=(
            "Run the one scene, script or automation that clearly matches a phrase, "
            "through the gate; returns the states after. No clear match: runs "
            "nothing."
        ),
        input_model=RunMacroInput,
        output_model=RunMacroOutput,
        handler=run_macro,
        write=True,
        idempotent=False,
    ),
]
