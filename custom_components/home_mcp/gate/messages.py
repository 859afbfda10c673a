"""Messages from MCP cannot pass themselves off as Home MCP's.

Only Home MCP's own notifications ask a person to approve something and link
to its approval pages. A notification, a message or any other text an MCP
client has Home Assistant show could dress a request up as Home MCP's, so
any text in an action's data that speaks as Home MCP (its name, its panel's
path) is refused, after the text is read the way a browser and a person
would read it: HTML entities and percent-encoding decoded (repeatedly),
compatibility forms folded (NFKC: full-width, mathematical letters),
invisible characters dropped, and letters that look like Latin ones
(Cyrillic `о`, Greek `Μ`, digits `0`, `1`) read as those.
"""

from __future__ import annotations

from collections.abc import Mapping
import html
from typing import Any, Final
import unicodedata
from urllib.parse import unquote

from ..const import DOMAIN

_CAPITALS: Final = str.maketrans(
    {
        # Greek and Cyrillic capitals that look like Latin ones (their small
        # letters may not: Η is H, η is not).
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϻ": "M",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "Ү": "Y", "Һ": "H", "І": "I", "Ѕ": "S", "Ј": "J",
        "Ԛ": "Q", "Ԝ": "W",
    }
)  # fmt: skip
_LOOKALIKES: Final = str.maketrans(
    {
        # Cyrillic
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
        "һ": "h", "м": "m", "т": "t", "к": "k", "ѕ": "s", "і": "i", "ј": "j",
        "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "н": "h", "в": "b", "п": "n",
        "г": "r", "ь": "b", "л": "n",
        # Greek
        "α": "a", "ε": "e", "ο": "o", "ρ": "p", "υ": "u", "χ": "x", "κ": "k",
        "μ": "m", "ν": "v", "τ": "t", "ι": "i", "η": "n", "ω": "w", "ϲ": "c",
        # Latin look-alikes and digits
        "ı": "i", "ℎ": "h", "ɦ": "h", "ʜ": "h", "ᴍ": "m", "ᴏ": "o", "ᴄ": "c",
        "ᴘ": "p", "ᴇ": "e", "0": "o", "1": "l", "3": "e", "4": "a", "5": "s",
        "7": "t", "|": "l",
    }
)  # fmt: skip
_NAME: Final = "homemcp"
"""Home MCP's name, its domain and its panel's path (`home-mcp`), as skeletons."""
_MAX_ROUNDS: Final = 4
"""Decoding rounds: `&amp;#47;` and `%252F` hide a character twice."""
MAX_TEXT: Final = 100_000
"""Text longer than this is judged by its first part only (it is refused
elsewhere: argument limits)."""


_ASCII_SKELETON: Final = str.maketrans(
    {
        **dict.fromkeys(code for code in range(128) if not "a" <= chr(code) <= "z"),
        **{code: letter for code, letter in _LOOKALIKES.items() if code < 128},
    }
)
"""Plain ASCII text's skeleton in one pass: its look-alikes read, all but letters dropped."""


def skeleton(text: str) -> str:
    """Return `text` as a person would read it, letters only, for matching names."""
    text = text[:MAX_TEXT]
    if text.isascii() and "%" not in text and "&" not in text:
        # Nothing to decode, fold or drop as invisible: the rest reads it as below.
        return text.lower().translate(_ASCII_SKELETON).replace("rn", "m")
    for _ in range(_MAX_ROUNDS):
        decoded = unquote(html.unescape(text))
        if decoded == text:
            break
        text = decoded
    text = unicodedata.normalize("NFKC", text.translate(_CAPITALS)).translate(_CAPITALS).casefold()
    # Combining marks ("ｈ̈ome") and format characters (zero-width joiners)
    # are invisible or nearly: dropped.
    text = "".join(
        char
        for char in unicodedata.normalize("NFKD", text)
        if unicodedata.category(char) not in ("Mn", "Me", "Cf")
    )
    text = text.translate(_LOOKALIKES)
    # "rn" reads as "m" in most fonts ("Horne MCP").
    return "".join(char for char in text if "a" <= char <= "z").replace("rn", "m")


def _texts(data: Any, *, keys: bool) -> list[str]:
    """Return every text in service data in order (with `keys`, the keys too)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, Mapping):
        return [
            text
            for key, value in data.items()
            for text in (*(_texts(key, keys=keys) if keys else ()), *_texts(value, keys=keys))
        ]
    if isinstance(data, (list, tuple)):
        return [text for item in data for text in _texts(item, keys=keys)]
    return []


def speaks_as_home_mcp(data: Any) -> bool:
    """Return True if text in service data names Home MCP or its approval pages.

    Each text is read forwards and backwards (a right-to-left override shows
    "PCM emoH" as "Home MCP"), and all of them together in order (a title
    "Home" above a message "MCP asks to…").
    """
    texts = _texts(data, keys=True)
    together = skeleton("".join(_texts(data, keys=False)))
    return any(_NAME in name for name in (together, together[::-1], *(skeleton(t) for t in texts)))


def names_own_notification(data: Any) -> bool:
    """Return True if service data anywhere names a Home MCP notification id.

    Persistent notifications are reached by `persistent_notification.*` and by
    notify services that pass `data.notification_id` on; either could rewrite
    or dismiss an approval request.
    """
    if isinstance(data, Mapping):
        for key, value in data.items():
            if (
                key == "notification_id"
                and isinstance(value, str)
                and value.strip().lower().startswith(DOMAIN)
            ):
                return True
            if names_own_notification(value):
                return True
    elif isinstance(data, (list, tuple)):
        return any(names_own_notification(item) for item in data)
    return False
