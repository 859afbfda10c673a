"""Text that speaks as Home MCP, however it is spelled, is recognised; other text is not."""

from __future__ import annotations

import pytest

from custom_components.home_mcp.gate.messages import speaks_as_home_mcp


@pytest.mark.parametrize(
    "text",
    [
        "Home MCP asks to turn on Kitchen Light",
        "[Review it](/home-mcp/confirmation/abc)",
        "&#47;home-mcp&#x2f;confirmation",
        "%2Fhome%2Dmcp%2Fconfirmation",
        "%252Fhome%252Dmcp",  # Encoded twice.
        "&amp;#104;ome-mcp",  # An entity hidden behind another.
        "Ноmе МСР asks",  # Cyrillic.
        "ＨＯＭＥ－ＭＣＰ",  # Full-width.
        "H\u200bome M\u200dCP",  # Zero-width characters.
        "Ho\u0308me MCP",  # A combining mark.
        "H0me MCP",  # A digit for a letter.
        "Horne MCP",  # "rn" for "m".
        "𝐇𝐨𝐦𝐞 𝐌𝐂𝐏",  # Mathematical bold.
        "home_mcp_confirmation_x",
        "h0m3\tMCP",  # Plain ASCII: digits for letters, a control character between.
        "HORNE-MCP",  # Plain ASCII: capital "RN" for "M".
        "Home &amp; MCP",  # Plain ASCII with an entity to decode.
    ],
)
def test_speaks_as_home_mcp(text: str) -> None:
    assert speaks_as_home_mcp({"data": {"title": text}})


@pytest.mark.parametrize(
    "text",
    ["The laundry is done", "Welcome home!", "MCP server restarted", "Home is where the heart is"],
)
def test_ordinary_text(text: str) -> None:
    assert not speaks_as_home_mcp({"message": text, "title": text})


def test_reversed_and_split_text() -> None:
    """A right-to-left override, and a name split between the title and the message."""
    assert speaks_as_home_mcp({"title": "\u202ePCM emoH\u202c asks to unlock Front Door"})
    assert speaks_as_home_mcp({"title": "Home", "message": "MCP asks to unlock Front Door"})


@pytest.mark.parametrize("text", ["Ηome MCP asks", "Home MϹP asks", "HOME МСР"])
def test_capitals_that_look_latin(text: str) -> None:
    """Red team, round 2: a Greek Eta and a lunate sigma passed."""
    assert speaks_as_home_mcp({"title": text})
