"""JSON schemas of the tools as `tools/list` shows them (§3).

`tools/list` is read into every conversation, so the pydantic schemas of the
tools' input and output models are compacted here, once, when the server is
built: same validation for what a client sends and what a tool returns, a
fraction of the bytes (the whole catalogue stays under 16 KB).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pydantic import BaseModel


def compact_schema(schema: dict[str, Any], *, output: bool = False) -> dict[str, Any]:
    """Return a pydantic JSON schema without what costs a model's context for nothing.

    `tools/list` is read into every conversation, so its schemas are kept to
    what a client validates and a model reads: `$ref`s are inlined (the
    models are not recursive), generated `title`s and the models' docstrings
    are dropped, and an optional field's `anyOf [X, null]` with a null
    default becomes `X` (leaving the field out means null). Input field
    descriptions stay; string length caps go (the input model still enforces
    them, with a clear error); an output schema (`output=True`) also loses
    descriptions, defaults and `additionalProperties: true`, which validate
    nothing: the tool's description says what the result means.
    """
    definitions: dict[str, Any] = schema.get("$defs", {})

    def walk(node: Any, *, is_model: bool) -> Any:
        if isinstance(node, list):
            return [walk(item, is_model=False) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = definitions[node["$ref"].rsplit("/", 1)[-1]]
            extra = {k: v for k, v in node.items() if k != "$ref"}
            return walk({**target, **extra}, is_model=True)
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("$defs", "title") or (key == "description" and (is_model or output)):
                continue
            if output and (key == "default" or (key == "additionalProperties" and value is True)):
                continue
            if key in ("maxLength", "minLength"):
                continue  # Abuse guards, enforced on arrival; nothing a model needs.
            if key == "properties":
                out[key] = {name: walk(prop, is_model=False) for name, prop in value.items()}
            else:
                out[key] = walk(value, is_model=False)
        variants = node.get("anyOf")
        if "default" in node and node["default"] is None and isinstance(variants, list):
            rest = [v for v in out["anyOf"] if v != {"type": "null"}]
            out.pop("default", None)
            del out["anyOf"]
            out = {**rest[0], **out} if len(rest) == 1 else {"anyOf": rest, **out}
        return out

    result: dict[str, Any] = walk(schema, is_model=True)
    return result


def _json_type(schema: dict[str, Any]) -> dict[str, Any] | None:
    """Return `schema` cut to its one JSON type (or its `enum`), or None if it has not one.

    A field that may be null or of several types is left out rather than
    listed with a `type` list: clients that map each field to one type
    (Gemini's function calling, among others) refuse those.
    """
    if "enum" in schema:
        return {"enum": schema["enum"]}
    if "const" in schema:
        return {"const": schema["const"]}
    if isinstance(schema.get("type"), str):
        return {"type": schema["type"]}
    return None


def output_schema(model: type[BaseModel], *, described: Collection[str] = ()) -> dict[str, Any]:
    """Return the JSON schema of a tool's output, success or error.

    One object: the fields a success always carries, each with its one JSON
    type; optional fields, and fields that may be null or of any type, are
    allowed but not listed. `ok` (true on success, false
    on error) is in every result, and errors carry `ok: false`, `error`,
    `message` and `hint` for every tool alike (§3): the server's
    instructions say so once, as they describe the page envelope, so
    neither is repeated per tool (`described`: fields left out for that
    reason). Nested rows are typed as objects only: what they hold is the
    tool description's business. `tools/list` is read into every
    conversation, so it stays small.
    """
    schema = compact_schema(model.model_json_schema(mode="serialization"), output=True)
    always = set(schema.get("required", ())) - {"ok", *described}
    properties: dict[str, Any] = {}
    for name, prop in schema.get("properties", {}).items():
        if name in always and (typed := _json_type(prop)) is not None:
            properties[name] = typed
    return {"type": "object", "properties": properties}
