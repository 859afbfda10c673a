"""`list_services`: the catalogue of Home Assistant actions, domain by domain.

Data sources: `hass.services` (which actions exist), Home Assistant's cached
service descriptions (`async_get_all_descriptions`: fields, selectors,
targets) and its `services` translations (names and descriptions in the
house's language), and the gate (`Gate.async_service_risk`) for whether an
action is guarded.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from difflib import get_close_matches
from typing import Any, Final

from pydantic import Field

from homeassistant.helpers.service import (
    async_get_all_descriptions,
    async_get_cached_service_description,
)
from homeassistant.helpers.translation import async_get_translations

from ..exposure import Sight, async_visible_services
from ..gate import GUARDED_RISKS, Risk
from ..shaping import clean_text, encoded_size, envelope
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier

DEFAULT_LIMIT = 25
MAX_LIMIT = 100
DOMAINS_MAX_BYTES: Final = 3500
"""The domain → count mapping is kept under this many bytes of JSON."""
DESCRIPTION_MAX_CHARS: Final = 200
EXAMPLE_MAX_CHARS: Final = 40
SELECT_OPTIONS_SHOWN: Final = 8


class ListServicesInput(ToolInput):
    """Without a domain: the domains; with one: its actions."""

    domain: Identifier | None = Field(
        None, description="e.g. light; omit: all domains", max_length=64
    )
    service: Identifier | None = Field(None, description="e.g. turn_on", max_length=64)
    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT)


class ListServicesOutput(ToolOutput):
    """Domains with their number of actions, or one domain's actions in the envelope."""

    domain: str | None = None
    domains: dict[str, int] | None = None
    total_services: int | None = None
    domains_omitted: int | None = None
    total: int | None = None
    offset: int | None = None
    limit: int | None = None
    has_more: bool | None = None
    next_offset: int | None = None
    items: list[dict[str, Any]] | None = None
    hint: str | None = None
    warning: str | None = None


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _filter_values(config: Mapping[str, Any], key: str) -> list[str]:
    """Return the values of `key` in a selector's config and its `filter`s."""
    values: list[str] = []
    sources: list[Any] = [config]
    filters = config.get("filter")
    sources.extend(filters if isinstance(filters, list) else [filters])
    for source in sources:
        if not isinstance(source, Mapping):
            continue
        value = source.get(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item not in values:
                values.append(item)
    return values


def selector_summary(selector: Any) -> str | None:
    """Return a selector in a few words: `number 0–255 %`, `entity(light)`, `select(a|b)`.

    `selector` is a field's `selector` from a service description (one key,
    the selector type, with its config). Returns None when there is none.
    """
    if not isinstance(selector, Mapping) or not selector:
        return None
    kind, config = next(iter(selector.items()))
    kind = str(kind)
    config = config if isinstance(config, Mapping) else {}
    if kind in ("number", "color_temp"):
        low, high = config.get("min"), config.get("max")
        text = kind
        if low is not None or high is not None:
            text += f" {_number(low) if low is not None else ''}–{_number(high) if high is not None else ''}"
        unit = config.get("unit_of_measurement") or config.get("unit")
        return f"{text} {unit}" if unit else text
    if kind in ("entity", "device", "area", "floor", "label", "target", "state", "attribute"):
        parts = _filter_values(config, "domain") or _filter_values(config, "integration")
        parts += _filter_values(config, "device_class")
        if kind in ("state", "attribute") and isinstance(config.get("entity_id"), str):
            parts.append(config["entity_id"])
        text = f"{kind}({', '.join(parts)})" if parts else kind
        return f"{text}, multiple" if config.get("multiple") else text
    if kind == "select":
        options = [
            str(option.get("value")) if isinstance(option, Mapping) else str(option)
            for option in config.get("options") or []
        ]
        if not options:
            return kind
        shown = "|".join(options[:SELECT_OPTIONS_SHOWN])
        more = "|…" if len(options) > SELECT_OPTIONS_SHOWN else ""
        text = f"select({shown}{more})"
        return f"{text}, multiple" if config.get("multiple") else text
    return kind


def target_summary(target: Any) -> str:
    """Return what an action's `target` accepts: `entity(lock)`, `entity(any)`, ...

    `target` is the `target` of a service description: entity and device
    filters, each a filter or a list of filters.
    """
    if not isinstance(target, Mapping) or not target:
        return "any entity, device, area, floor or label"
    parts = []
    for kind in ("entity", "device"):
        if kind not in target:
            continue
        filters = target[kind]
        merged: dict[str, Any] = {"filter": filters if isinstance(filters, list) else [filters]}
        names = _filter_values(merged, "domain") or _filter_values(merged, "integration")
        names += _filter_values(merged, "device_class")
        parts.append(f"{kind}({', '.join(names) if names else 'any'})")
    return ", ".join(parts) or "any entity, device, area, floor or label"


def _fields(fields: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Yield `(key, field)` for every field, sections flattened."""
    if not isinstance(fields, Mapping):
        return
    for key, field in fields.items():
        if not isinstance(field, Mapping):
            continue
        if isinstance(field.get("fields"), Mapping) and "selector" not in field:
            yield from _fields(field["fields"])  # A collapsible section.
        else:
            yield str(key), field


def _text(value: Any, max_chars: int = DESCRIPTION_MAX_CHARS) -> str | None:
    if not isinstance(value, str):
        return None
    return clean_text(value, max_chars) or None


def _service_row(
    ctx: ToolContext,
    domain: str,
    service: str,
    description: Mapping[str, Any],
    translations: Mapping[str, str],
    sight: Sight,
) -> dict[str, Any]:
    """Return one action: name, description, target, fields, response and gate verdict.

    The verdict's reason names only the entities the caller may see (`sight`).
    """
    prefix = f"component.{domain}.services.{service}"
    row: dict[str, Any] = {"service": service}
    name = _text(translations.get(f"{prefix}.name") or description.get("name"))
    if name:
        row["name"] = name
    about = _text(translations.get(f"{prefix}.description") or description.get("description"))
    if about:
        row["description"] = about
    if "target" in description:
        row["target"] = target_summary(description["target"])
    fields = []
    for key, field in _fields(description.get("fields")):
        item: dict[str, Any] = {"name": clean_text(key)}
        text = _text(
            translations.get(f"{prefix}.fields.{key}.description")
            or field.get("description")
            or translations.get(f"{prefix}.fields.{key}.name")
            or field.get("name")
        )
        if text:
            item["description"] = text
        item["required"] = bool(field.get("required", False))
        if selector := selector_summary(field.get("selector")):
            item["selector"] = selector
        example = field.get("example")
        if example is not None and len(str(example)) <= EXAMPLE_MAX_CHARS:
            item["example"] = (
                example
                if isinstance(example, (bool, int, float))
                else clean_text(str(example), EXAMPLE_MAX_CHARS)
            )
        fields.append(item)
    if fields:
        row["fields"] = fields
    if isinstance(response := description.get("response"), Mapping):
        row["response"] = "optional" if response.get("optional") else "required"
    risk, reason = ctx.gate.async_service_risk(domain, service)
    row["risk"] = risk.value
    row["guarded"] = risk in GUARDED_RISKS
    if risk is not Risk.SAFE:
        row["why"] = clean_text(sight.text(reason))
    return row


def _domain_counts(counts: dict[str, int]) -> tuple[dict[str, int], int]:
    """Return the mapping cut to `DOMAINS_MAX_BYTES`, and how many were left out.

    Domains with the fewest actions go first; a house would need some two
    hundred integrations with actions to get there.
    """
    kept = dict(sorted(counts.items()))
    if encoded_size(kept) <= DOMAINS_MAX_BYTES:
        return kept, 0
    by_size = sorted(kept, key=lambda d: (kept[d], d))
    omitted = 0
    while by_size and encoded_size(kept) > DOMAINS_MAX_BYTES:
        del kept[by_size.pop(0)]
        omitted += 1
    return kept, omitted


def _not_found_domain(domain: str, domains: list[str]) -> ToolError:
    similar = get_close_matches(domain, domains, n=5, cutoff=0.6)
    similar += [d for d in domains if domain in d or d in domain if d not in similar][
        : 8 - len(similar)
    ]
    return ToolError(
        "not_found",
        f"Home Assistant has no actions in a domain called {clean_text(domain)!r}",
        "Pick one of the domains in similar, or call list_services without a domain",
        similar=similar,
    )


async def list_services(ctx: ToolContext, args: ListServicesInput) -> ListServicesOutput:
    """List the domains of Home Assistant actions, or one domain's actions.

    Without `domain`: `{domains: {domain: number of actions}, total_services}`,
    under 4 KB whatever the house (`domains_omitted` says if the smallest
    had to go). With `domain`: its actions in the standard envelope, each
    `{service, name, description, target, fields: [{name, description,
    required, selector, example}], response, risk, guarded, why}`; `service`
    narrows to one action. Raises `ToolError` `not_found` (with `similar`)
    for an unknown domain or action.
    """
    services = {
        domain: async_visible_services(ctx.hass, domain, actions)
        for domain, actions in ctx.hass.services.async_services_internal().items()
    }
    if args.domain is None:
        if args.service is not None:
            raise ToolError(
                "invalid_arguments",
                "service needs a domain",
                "Pass domain too, e.g. domain light with service turn_on",
            )
        counts = {domain: len(actions) for domain, actions in services.items() if actions}
        domains, omitted = _domain_counts(counts)
        return ListServicesOutput(
            domains=domains,
            total_services=sum(counts.values()),
            domains_omitted=omitted or None,
            hint="Pass domain to see its actions with their fields and whether they are guarded.",
        )

    domain = args.domain.strip().lower().replace(" ", "_")
    if not services.get(domain):
        raise _not_found_domain(domain, sorted(d for d, actions in services.items() if actions))
    warning = None
    try:
        descriptions = (await async_get_all_descriptions(ctx.hass)).get(domain, {})
    except Exception as err:  # noqa: BLE001  # One broken integration must not hide the rest.
        warning = (
            "Home Assistant could not load the actions' descriptions "
            f"({type(err).__name__}: {err}); fields are shown only where it had them cached"
        )
        descriptions = {
            service: cached
            for service in services[domain]
            if (cached := async_get_cached_service_description(ctx.hass, domain, service))
        }
    names = sorted(services[domain])
    if args.service is not None:
        wanted = args.service.strip().lower().replace(" ", "_")
        if wanted.startswith(f"{domain}."):
            wanted = wanted[len(domain) + 1 :]
        if wanted not in names:
            raise ToolError(
                "not_found",
                f"Home Assistant has no action {domain}.{clean_text(wanted)}",
                "Call list_services with this domain alone to see its actions",
                similar=get_close_matches(wanted, names, n=5, cutoff=0.5),
            )
        names = [wanted]
    translations = await async_get_translations(
        ctx.hass, ctx.hass.config.language, "services", [domain]
    )
    page = envelope(names, offset=args.offset, limit=args.limit)
    sight = ctx.sight
    page["items"] = [
        _service_row(ctx, domain, service, descriptions.get(service, {}), translations, sight)
        for service in page["items"]
    ]
    return ListServicesOutput(domain=domain, warning=warning, **page)


TOOLS = [
    Tool(
        name="list_services",
        title="List actions",
        description=(
            "Actions (services). No domain: domains with counts. A domain: its "
            "actions with fields, target and risk (guarded: needs a person)."
        ),
        input_model=ListServicesInput,
        output_model=ListServicesOutput,
        handler=list_services,
        narrow_hint="Pass service for one action, or page with offset/limit.",
    )
]
