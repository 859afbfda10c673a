"""Records Home MCP keeps in Home Assistant's `Store`: each one encodable, checked on arrival.

A `Store` writes all of its data at once: one record its JSON writer cannot
encode fails every later save, and a restart then loses everything recorded
since. So the audit and the confirmations check each record when it is
recorded (`storable`), with the same encoder the `Store` uses. Text from
outside is already made safe where it enters (`untrusted.py`); a record that
fails anyway is repaired (lone surrogates replaced, values the encoder does
not know written as text), an error that cannot itself fail is logged, and a
repair issue tells the person, so saving never stops silently.
"""

from __future__ import annotations

import logging
from typing import Any, Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.json import json_bytes

from .const import DOMAIN
from .untrusted import replace_surrogates

_LOGGER = logging.getLogger(__name__)

ISSUE_RECORD_REPAIRED: Final = "record_repaired"


@callback
def storable(hass: HomeAssistant, store: str, record: dict[str, Any]) -> dict[str, Any]:
    """Return `record` if the `Store` can write it, else a repaired copy.

    store: which store it is for ("audit", "confirmations"), for the log and
        the repair issue.
    """
    try:
        json_bytes(record)
    except (TypeError, ValueError) as err:
        repaired: dict[str, Any] = _repair(record)
        # ascii(): the problem may be the very characters a log file rejects.
        _LOGGER.error(
            "Home MCP repaired a %s record it could not save (%s); it is kept with "
            "the offending text replaced: %s",
            store,
            ascii(str(err))[:200],
            ascii(repaired)[:500],
        )
        ir.async_create_issue(
            hass,
            DOMAIN,
            f"{ISSUE_RECORD_REPAIRED}_{store}",
            is_fixable=False,
            is_persistent=False,
            severity=ir.IssueSeverity.ERROR,
            translation_key=ISSUE_RECORD_REPAIRED,
            translation_placeholders={"store": store},
        )
        return repaired
    return record


def _repair(value: Any) -> Any:
    """Return `value` as plain JSON data: text without surrogates, unknown types as text."""
    if isinstance(value, str):
        return replace_surrogates(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, dict):
        return {replace_surrogates(str(k)): _repair(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_repair(item) for item in value]
    try:
        json_bytes(value)
    except TypeError, ValueError:
        return replace_surrogates(repr(value))
    return value
