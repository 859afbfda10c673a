"""Every string a tool takes has a maximum length in its input model.

A string without one is how a 900,000-character `area` held Home Assistant's
event loop for nine seconds. Enums are bounded by their values.
"""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.home_mcp.runner import all_tools


def unbounded_strings(schema: dict[str, Any]) -> list[str]:
    """Return the paths of string-typed nodes without `maxLength` (enums excepted)."""
    definitions = schema.get("$defs", {})
    found: list[str] = []

    def walk(node: Any, path: str) -> None:
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            walk(definitions[node["$ref"].rsplit("/", 1)[-1]], path)
            return
        kind = node.get("type")
        is_string = kind == "string" or (isinstance(kind, list) and "string" in kind)
        if is_string and "maxLength" not in node and "enum" not in node and "const" not in node:
            found.append(path or "arguments")
        for variant in (*node.get("anyOf", ()), *node.get("oneOf", ())):
            walk(variant, path)
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]")
        for name, prop in node.get("properties", {}).items():
            walk(prop, f"{path}.{name}" if path else name)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], f"{path}.*")

    walk(schema, "")
    return found


@pytest.mark.parametrize("tool", all_tools(), ids=lambda tool: tool.name)
def test_every_string_argument_has_a_maximum_length(tool: Any) -> None:
    """No tool takes a string without a limit."""
    assert unbounded_strings(tool.input_model.model_json_schema()) == []


@pytest.mark.parametrize("tool", all_tools(), ids=lambda tool: tool.name)
def test_input_models_are_strict(tool: Any) -> None:
    """Booleans, integers and enums are never coerced from other JSON types."""
    assert tool.input_model.model_config.get("strict") is True
    assert tool.input_model.model_config.get("extra") == "forbid"
