"""The gate's findings as Home MCP shows them: a few in full, and how many more.

One action can reach dozens of entities, each through a chain of scripts,
automations and groups; shown whole, a refusal or an approval request became
a message no client could read. Every answer that shows findings (a refusal's
`targets`, `run_macro`'s `would_do`, a confirmation's `findings` in the panel)
shows them through `shown_findings`, and every list of what an action reaches
(`get_confirmation`'s `targets`) through `shown`, in one shape:

    {"targets": [at most 5 findings], "targets_omitted": 35}

`<key>_omitted` counts what is left out, and is absent when nothing is. The
findings that stop the action come first, each kind of effect ("unlock",
"open") once before more of the same, and each entity once before it is
repeated through another path. A `via` chain longer than
`VIA_SHOWN` keeps its first and last `VIA_ENDS` entities (what was called,
what acts) and counts the ones between in `via_omitted`; text is cleaned and
capped (`shaping.clean_text`).

What is shown is never what is compared: `finding_key` digests a finding
whole, so a confirmation keeps one key per finding, every one, and an
approval still sees anything new (`approvals.policy.refuse_new`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
import hashlib
import json
from typing import Any, Final

from .const import NAME_MAX_CHARS, TEXT_MAX_CHARS
from .gate import Finding
from .shaping import clean_text

FINDINGS_SHOWN: Final = 5
"""Findings (or entity ids) an answer shows in full; the rest are counted."""
VIA_SHOWN: Final = 5
"""A `via` chain this long or shorter is shown whole."""
VIA_ENDS: Final = 2
"""...a longer one keeps this many entities at each end."""

type FindingLike = Finding | Mapping[str, Any]
"""A finding, or its `Finding.as_dict` data as a confirmation kept it."""


def shown[T](key: str, items: Sequence[T], *, omitted: int = 0) -> dict[str, Any]:
    """Return `{key: the first FINDINGS_SHOWN items, "<key>_omitted": the rest}`.

    omitted: items already left out before `items` (a confirmation keeps
    only the ones it shows, and their count). The count is absent when
    nothing is left out.
    """
    kept = list(items[:FINDINGS_SHOWN])
    more = omitted + len(items) - len(kept)
    return {key: kept, f"{key}_omitted": more} if more else {key: kept}


def shown_findings(findings: Sequence[FindingLike], key: str = "findings") -> dict[str, Any]:
    """Return `findings` as an answer shows them (`shown`), most telling first, each capped."""
    ordered = _telling_first(findings)
    rows = [finding_row(finding) for finding in ordered[:FINDINGS_SHOWN]]
    return shown(key, rows, omitted=len(ordered) - len(rows))


def finding_row(finding: FindingLike) -> dict[str, Any]:
    """Return one finding as shown: its data, text capped, its `via` chain cut in the middle."""
    data = _data(finding)
    entity_id = data.get("entity_id")
    row: dict[str, Any] = {
        "entity_id": _text(entity_id, NAME_MAX_CHARS) if entity_id is not None else None,
        "service": _text(data.get("service"), NAME_MAX_CHARS),
        "risk": _text(data.get("risk"), NAME_MAX_CHARS),
        "reason": _text(data.get("reason"), TEXT_MAX_CHARS),
    }
    if via := [_text(entity, NAME_MAX_CHARS) for entity in data.get("via") or ()]:
        if len(via) > VIA_SHOWN:
            row["via"] = [*via[:VIA_ENDS], *via[-VIA_ENDS:]]
            row["via_omitted"] = len(via) - 2 * VIA_ENDS
        else:
            row["via"] = via
    return row


def finding_key(finding: FindingLike) -> str:
    """Return a digest of the whole finding (`Finding.as_dict`, `via` entire): what approval compares."""
    text = json.dumps(_data(finding), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def entity_ids(findings: Sequence[FindingLike]) -> list[str]:
    """Return every entity the findings name, each once, in their order."""
    named: dict[str, None] = {}
    for finding in findings:
        entity_id = finding.entity_id if isinstance(finding, Finding) else finding.get("entity_id")
        if isinstance(entity_id, str):
            named.setdefault(entity_id)
    return list(named)


def _data(finding: FindingLike) -> dict[str, Any]:
    return finding.as_dict() if isinstance(finding, Finding) else dict(finding)


def _text(value: Any, max_chars: int) -> str:
    return clean_text(value if isinstance(value, str) else str(value or ""), max_chars)


def _telling_first(findings: Sequence[FindingLike]) -> list[FindingLike]:
    """Return the findings most telling first.

    Those that stop the action before the others; among them each kind of
    effect (risk and action: "unlock", "open") once, then each entity once,
    then the same effects again through other paths; the gate's own order
    within each rank.
    """
    kinds: set[tuple[Any, Any]] = set()
    effects: set[tuple[Any, Any]] = set()
    ranked: list[tuple[tuple[bool, bool, bool], FindingLike]] = []
    for finding in findings:
        kind: tuple[Any, Any]
        effect: tuple[Any, Any]
        if isinstance(finding, Finding):
            blocks = finding.blocks
            kind = (finding.risk.value, finding.service)
            effect = (finding.entity_id, finding.service)
        else:  # A confirmation keeps only the findings that stopped the action.
            blocks = True
            kind = (finding.get("risk"), finding.get("service"))
            effect = (finding.get("entity_id"), finding.get("service"))
        ranked.append(((not blocks, kind in kinds, effect in effects), finding))
        kinds.add(kind)
        effects.add(effect)
    return [finding for _, finding in sorted(ranked, key=lambda item: item[0])]
