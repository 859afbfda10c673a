"""`list_entities`: find entities by room, floor, label, kind, state or name."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from homeassistant.core import split_entity_id

from ..matching import Match, fold
from ..shaping import clean_text, envelope
from . import UNTRUSTED_NOTE, Tool, ToolContext, ToolInput, ToolOutput
from .arguments import Identifier, Text
from .entity_index import SUMMARY_DOMAINS
from .house import EntityView, House, state_summary
from .query import raise_if_ambiguous

DEFAULT_LIMIT = 50
MAX_LIMIT = 200


class ListEntitiesInput(ToolInput):
    """Filters for `list_entities`; all optional, combined with AND."""

    domain: Identifier | None = Field(None, description="e.g. light, lock")
    area: Text | None = Field(None, description="Area id, name or alias")
    floor: Text | None = Field(None, description="Floor id, name or alias")
    label: Text | None = Field(None, description="Label id or name")
    device_class: Identifier | None = Field(None, description="e.g. garage, temperature")
    state: Identifier | None = Field(None, description="e.g. on, unlocked")
    query: Text | None = Field(None, description="Names, aliases, ids, device names; any language")
    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT)


class ListEntitiesOutput(ToolOutput):
    """Rows in the standard envelope, or a histogram when no filter was given."""

    total: int
    offset: int | None = None
    limit: int | None = None
    has_more: bool | None = None
    next_offset: int | None = None
    items: list[dict[str, Any]] | None = None
    by_domain: dict[str, int] | None = None
    by_area: dict[str, int] | None = None
    hint: str | None = None


async def list_entities(ctx: ToolContext, args: ListEntitiesInput) -> ListEntitiesOutput:
    """List entities matching every given filter.

    Reads the state machine and the entity, device, area, floor and label
    registries. Without any filter, answers with counts by domain and by area
    instead of a dump. With `query`, rows are ranked by match score and carry
    the field that matched; weak matches are labelled. When no entity matches
    every word of the query, the closest ones come instead (`House.closest`),
    weak, said so in the hint.
    """
    house = House(ctx.hass, ctx.caller.user)
    filters = args.model_dump(exclude={"offset", "limit"}, exclude_none=True)
    if not filters:
        by_domain: Counter[str] = Counter()
        by_area: Counter[str] = Counter()
        total = 0
        for area_id, members in house.index.async_rooms(SUMMARY_DOMAINS).members.items():
            readable = house.readable_ids(members)
            total += len(readable)
            by_domain.update(split_entity_id(entity_id)[0] for entity_id in readable)
            if readable:
                by_area[house.area_name(area_id) or "(no area)"] += len(readable)
        return ListEntitiesOutput(
            total=total,
            by_domain=dict(by_domain.most_common()),
            by_area=dict(by_area.most_common()),
            hint="Pass domain, area, floor, label, device_class, state or query to list entities.",
        )

    area_ids = set(house.resolve_area(args.area)) if args.area else None
    floor_ids = set(house.resolve_floor(args.floor)) if args.floor else None
    label_ids = set(house.resolve_label(args.label)) if args.label else None
    if area_ids is not None:
        raise_if_ambiguous(house, "area", args.area or "", area_ids)
    domain = fold(args.domain).replace(" ", "_") if args.domain else None
    device_class = fold(args.device_class).replace(" ", "_") if args.device_class else None
    wanted_state = fold(args.state) if args.state else None

    def wanted(view: EntityView) -> bool:
        return not (
            (domain is not None and view.domain != domain)
            or (area_ids is not None and view.area_id not in area_ids)
            or (floor_ids is not None and view.floor_id not in floor_ids)
            or (label_ids is not None and not label_ids.intersection(view.labels))
            or (device_class is not None and (view.device_class or "") != device_class)
            or (wanted_state is not None and fold(view.state.state) != wanted_state)
        )

    found: list[tuple[EntityView, Match | None]]
    ignored: tuple[str, ...] | None = None
    if args.query:
        found = [(view, match) for view, match in house.search(args.query) if wanted(view)]
        if not found:
            # No entity matches every word: the closest, by the words some entity matches.
            closest = house.closest(args.query, wanted)
            found, ignored = list(closest.found), closest.ignored
    else:
        found = [(view, None) for view in house.all(domain) if wanted(view)]
    page = envelope(
        [
            _row(ctx, house, view, match)
            for view, match in found[args.offset : args.offset + args.limit]
        ],
        offset=args.offset,
        limit=args.limit,
        total=len(found),
    )
    hint = None
    if ignored is not None and found:
        unmatched = f" ({', '.join(clean_text(word) for word in ignored)} matched nothing)"
        hint = (
            "No entity matched every word; these are the closest, ranked by the words they "
            f"match{unmatched if ignored else ''}. Check with the person before acting."
        )
    elif not found:
        hint = (
            "Nothing matched every filter. Drop a filter, check spelling, or call "
            "home_overview for the rooms and list_entities without filters for the domains."
        )
    elif args.query and all(match is not None and match.weak for _, match in found):
        hint = "Only weak matches: check the name with the person before acting."
    return ListEntitiesOutput(**page, hint=hint)


def _row(ctx: ToolContext, house: House, view: EntityView, match: Match | None) -> dict[str, Any]:
    """Return the row of one entity (and how the query matched it)."""
    row = state_summary(view)
    if area := house.area_name(view.area_id):
        row["area"] = area
    if view.aliases:
        row["aliases"] = list(view.aliases)
    row["guarded"] = ctx.gate.async_is_guarded_entity(view.entity_id)
    if match is not None:
        row["match"] = {
            "score": match.score,
            "field": match.field,
            "kind": match.kind,
            "weak": match.weak,
        }
    return row


TOOLS = [
    Tool(
        name="list_entities",
        title="List entities",
        description=(
            "Find entities by domain, area, floor, label, device_class, state or "
            "query (names, aliases, ids; any language). guarded: opening it needs a "
            f"person. No filter: counts by domain and area. {UNTRUSTED_NOTE}"
        ),
        input_model=ListEntitiesInput,
        output_model=ListEntitiesOutput,
        handler=list_entities,
        narrow_hint="Page with offset/limit, or add domain, area or query.",
    )
]
