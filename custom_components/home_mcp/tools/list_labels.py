"""`list_labels`: the labels, with how many entities and devices carry each.

Read in-process from Home Assistant's label, entity and device registries
and its state machine; text from the house passes through `clean_text`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..const import TEXT_MAX_CHARS
from ..matching import fold
from ..shaping import clean_text, envelope
from . import Tool, ToolContext
from .house import House
from .rows import ListOutput, PagedInput, all_devices


class ListLabelsInput(PagedInput):
    """`list_labels` takes only paging."""


async def list_labels(ctx: ToolContext, args: ListLabelsInput) -> ListOutput:
    """List labels: `{label_id, name, description, entities, devices}`, by name.

    Reads the label, entity and device registries and the state machine.
    `entities` counts labelled entities with a state (as `list_entities`
    with `label` finds them); `devices` counts labelled devices.
    """
    house = House(ctx.hass, ctx.caller.user)
    entities: Counter[str] = Counter(label for view in house.all() for label in view.labels)
    devices: Counter[str] = Counter(
        label for device in all_devices(house) for label in device.labels
    )
    rows: list[dict[str, Any]] = [
        {
            "label_id": label.label_id,
            "name": clean_text(label.name),
            "description": clean_text(label.description, TEXT_MAX_CHARS)
            if label.description
            else None,
            "entities": entities[label.label_id],
            "devices": devices[label.label_id],
        }
        for label in house.labels.async_list_labels()
    ]
    rows.sort(key=lambda row: (fold(row["name"]), row["label_id"]))
    page = envelope(rows, offset=args.offset, limit=args.limit)
    hint = "This house has no labels." if not rows else None
    return ListOutput(**page, hint=hint)


TOOLS = [
    Tool(
        name="list_labels",
        title="List labels",
        description=("Labels: id, name, description, entity and device counts."),
        input_model=ListLabelsInput,
        output_model=ListOutput,
        handler=list_labels,
        narrow_hint="Page with offset/limit.",
    ),
]
