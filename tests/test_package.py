"""What hassfest and HACS check, checked offline: manifest, hacs.json, strings."""

from __future__ import annotations

import json
from pathlib import Path
import tomllib

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "custom_components" / "home_mcp"


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _keys(tree: object, prefix: str = "") -> set[str]:
    if not isinstance(tree, dict):
        return {prefix}
    keys: set[str] = set()
    for key, value in tree.items():
        keys |= _keys(value, f"{prefix}.{key}" if prefix else key)
    return keys


def test_manifest() -> None:
    manifest = _json(PACKAGE / "manifest.json")
    assert manifest["domain"] == "home_mcp"
    assert manifest["name"] == "Home MCP"
    assert manifest["config_flow"] is True
    assert manifest["single_config_entry"] is True
    assert manifest["iot_class"] == "local_push"
    assert manifest["integration_type"] == "service"
    assert "http" in manifest["dependencies"]
    assert manifest["requirements"] == ["mcp>=2.3.0,<3"]
    assert manifest["version"]
    assert manifest["documentation"].startswith("https://")
    assert manifest["issue_tracker"].startswith("https://")
    assert manifest["codeowners"]
    # hassfest: domain and name first, the rest sorted.
    keys = list(manifest)
    assert keys[:2] == ["domain", "name"]
    assert keys[2:] == sorted(keys[2:])


def test_manifest_requirement_matches_test_pin() -> None:
    """The SDK the tests run on satisfies the manifest's range."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "mcp==2.3.0" in pyproject["dependency-groups"]["test"]
    assert any(
        dep.startswith("pytest-homeassistant-custom-component==")
        for dep in pyproject["dependency-groups"]["test"]
    )
    assert pyproject["project"]["requires-python"] == ">=3.14.2"


def test_hacs_json() -> None:
    hacs = _json(ROOT / "hacs.json")
    assert hacs == {"name": "Home MCP", "homeassistant": "2026.11.0", "render_readme": True}


def test_translations_match_strings() -> None:
    strings = _keys(_json(PACKAGE / "strings.json"))
    for language in ("en", "fr", "ja"):
        translation = _keys(_json(PACKAGE / "translations" / f"{language}.json"))
        assert translation == strings, language
