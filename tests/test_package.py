"""The package's own facts: the manifest's values and the test pins.

What hassfest and HACS check (key order, hacs.json, translations, brand
images, the release zip) is in tests/test_validation.py.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
import json
from pathlib import Path
import re
import tomllib
from typing import Final

from custom_components.home_mcp.gate import handlers
import homeassistant.const

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "custom_components" / "home_mcp"


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


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


def test_manifest_requirement_matches_test_pin() -> None:
    """The SDK the tests run on satisfies the manifest's range."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "mcp==2.3.0" in pyproject["dependency-groups"]["test"]
    assert any(
        dep.startswith("pytest-homeassistant-custom-component==")
        for dep in pyproject["dependency-groups"]["test"]
    )
    assert pyproject["project"]["requires-python"] == ">=3.14.2"


def test_project_version_is_the_manifest_version() -> None:
    """pyproject.toml's version follows manifest.json's, which is what a release tag must match."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["version"] == _json(PACKAGE / "manifest.json")["version"]


def test_no_test_file_is_named_after_a_red_team_round() -> None:
    """A test lives in the file of the behaviour it proves; its round is its `redteam` mark."""
    named = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_redteam_*.py"))
    assert not named, f"test files named after a red-team round: {named}"


def _modules_named_in(text: str) -> set[str]:
    """Return the module names a map writes in code quotes: `name`, `name.py`, `dir/name.py`."""
    return {m.group(1) for m in re.finditer(r"`(?:[\w/]+/)?(\w+)(?:\.py)?`", text)}


def test_every_module_is_in_the_architecture_map() -> None:
    """docs/architecture.md names every module and folder of the package, so a reader finds each one's role."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = _modules_named_in(text)
    missing = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "__init__.py" and path.stem not in named
    ) + sorted(
        f"{path.name}/"
        for path in PACKAGE.iterdir()
        if path.is_dir() and path.name != "__pycache__" and f"`{path.name}/`" not in text
    )
    assert not missing, f"modules docs/architecture.md does not name: {missing}"


def test_every_gate_module_is_in_the_gates_own_map() -> None:
    """The gate's docstring (`gate/__init__.py`) names each of its modules with its role."""
    gate = PACKAGE / "gate"
    docstring = (
        ast.get_docstring(ast.parse((gate / "__init__.py").read_text(encoding="utf-8"))) or ""
    )
    named = _modules_named_in(docstring)
    missing = sorted(
        p.stem for p in gate.glob("*.py") if p.name != "__init__.py" and p.stem not in named
    )
    assert not missing, f"gate modules gate/__init__.py's docstring does not name: {missing}"


_PREFIXED_KEY: Final = re.compile(r"""f?["'](?:domain|event|service|source|run|sentence|mqtt):""")


def test_no_gate_module_spells_a_perimeter_key_as_prefixed_text() -> None:
    """What the perimeter is keyed by is made and read through `perimeter_keys` only.

    A key of a kind written as text (`"event:*"`, `f"domain:{domain}"`) could
    drift from the kind `kind_of` reads back, and a key nothing matches is a
    cause the gate no longer follows.
    """
    spelled = [
        f"{path.name}:{number}"
        for path in sorted((PACKAGE / "gate").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _PREFIXED_KEY.search(line)
    ]
    assert not spelled, f"perimeter keys spelled as text: {spelled}"


def test_no_gate_module_compares_a_service_with_a_bare_string() -> None:
    """The gate names the services it compares with Home Assistant's `SERVICE_*` constants.

    `service == "unlock"` reads as a rule but cannot be found by a reader
    looking up `SERVICE_UNLOCK`, nor checked against Home Assistant's own
    names: a compared service spelled as text fails this test.
    """
    services = {
        value
        for name, value in vars(homeassistant.const).items()
        if name.startswith("SERVICE_") and isinstance(value, str)
    }
    spelled = [
        f"{path.name}:{node.lineno}: {constant.value!r}"
        for path in sorted((PACKAGE / "gate").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Compare)
        for side in (node.left, *node.comparators)
        for constant in (side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side])
        if isinstance(constant, ast.Constant) and constant.value in services
    ]
    assert not spelled, f"services compared as text: {spelled}"


# The package's import circles that are known and being taken apart: each a
# set of modules (relative to the package) that import one another. Only the
# gate may have one, and has none since its handlers are registered per kind
# of step (`gate/handlers.py`, issue 34): `judge` imports no handler, and no
# handler imports `judge`. A circle not listed fails the test, and so does a
# listed one that is gone (drop its entry then).
ALLOWED_IMPORT_CIRCLES: Final[frozenset[frozenset[str]]] = frozenset()


def _modules() -> dict[str, tuple[ast.Module, bool]]:
    """Return each module of the package by dotted name (relative; the root is `__init__`), with its tree and whether it is a package."""
    modules: dict[str, tuple[ast.Module, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts) or "__init__"
        modules[name] = (ast.parse(path.read_text(encoding="utf-8"), str(path)), is_package)
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Yield every import of a module with how it is made: at import time, for type checking, or in a function."""

    def walk(nodes: list[ast.stmt], kind: str) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
        for node in nodes:
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield node, kind
            elif isinstance(node, ast.If) and _is_type_checking(node):
                yield from walk(node.body, "TYPE_CHECKING")
                yield from walk(node.orelse, kind)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        yield inner, "in a function"
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    for child in getattr(node, field, None) or []:
                        yield from walk(
                            child.body
                            if isinstance(child, ast.excepthandler | ast.match_case)
                            else [child],
                            kind,
                        )

    return walk(tree.body, "import")


def _import_graph() -> dict[str, dict[str, set[str]]]:
    """Return, for each module of the package, the modules of the package it imports and how."""
    modules = _modules()
    package = "custom_components.home_mcp"

    def owner(name: str) -> str | None:
        """Return the package's module `name` (or an attribute of it) is in."""
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or "__init__"

    graph: dict[str, dict[str, set[str]]] = {name: {} for name in modules}
    for name, (tree, is_package) in modules.items():
        for node, kind in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif node.level:
                base = [] if name == "__init__" else name.split(".")[: None if is_package else -1]
                base = base[: len(base) - node.level + 1]
                module = ".".join([package, *base, *([node.module] if node.module else [])])
                targets = [f"{module}.{alias.name}" for alias in node.names]
            else:
                module = node.module or ""
                targets = [f"{module}.{alias.name}" for alias in node.names]
            for target in targets:
                if target != package and not target.startswith(f"{package}."):
                    continue
                found = owner(target.removeprefix(package).removeprefix("."))
                if found != name:
                    graph[name].setdefault(found, set()).add(kind)
    return graph


def _circles(graph: dict[str, dict[str, set[str]]]) -> list[frozenset[str]]:
    """Return the strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[frozenset[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(frozenset(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def test_the_import_graph_sees_every_kind_of_import() -> None:
    """The import graph is built right: every import is an edge, kept with how it is made."""
    source = """
import a
if TYPE_CHECKING:
    import b
else:
    import c
def f():
    import d
class C:
    def m(self):
        import e
try:
    import g
except ImportError:
    import h
"""
    assert [kind for _, kind in _imports(ast.parse(source))] == [
        "import",
        "TYPE_CHECKING",
        "import",
        "in a function",
        "in a function",
        "import",
        "import",
    ]
    graph = _import_graph()
    assert "TYPE_CHECKING" in graph["models"]["approvals"]
    assert graph["tools.house"]["tools"] == {"import"}  # `from . import ToolError`
    assert graph["tools.recorder.get_history"]["exposure"] == {"import"}  # `from ...exposure`
    assert "gate.facts" in graph["exposure"]
    assert "const" in graph["__init__"]
    assert "__init__" not in {target for targets in graph.values() for target in targets}
    assert not any(
        target.startswith(("homeassistant", "custom_components"))
        for t in graph.values()
        for target in t
    )


def test_the_integration_s_modules_import_in_one_direction() -> None:
    """No module imports, directly or through others, a module that imports it (issue 34).

    Every import counts, at import time, under `if TYPE_CHECKING:` or inside
    a function: a circle hidden from the interpreter is still one. What is
    shared goes to the module that owns it, or to a lower one.
    """
    graph = _import_graph()
    circles = set(_circles(graph))
    assert all(all(m.startswith("gate.") for m in allowed) for allowed in ALLOWED_IMPORT_CIRCLES), (
        "only the gate's circles may be allowed"
    )
    new = [
        "\n".join(
            f"  {a} -> {b} ({', '.join(sorted(graph[a][b]))})"
            for a in sorted(circle)
            for b in sorted(graph[a])
            if b in circle
        )
        for circle in circles - ALLOWED_IMPORT_CIRCLES
    ]
    assert not new, "import circles:\n" + "\n\n".join(new)
    stale = ALLOWED_IMPORT_CIRCLES - circles
    assert not stale, (
        f"allowed circles that are gone, drop them from ALLOWED_IMPORT_CIRCLES: {stale}"
    )


def _registering_modules() -> set[str]:
    """Return the gate's modules that register a step's handler (`@KIND.register(...)`)."""
    return {
        name
        for name, (tree, _) in _modules().items()
        if name.startswith("gate.")
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        for decorator in node.decorator_list
        if isinstance(decorator, ast.Call)
        and isinstance(decorator.func, ast.Attribute)
        and decorator.func.attr == "register"
    }


def test_every_kind_of_gate_step_has_its_handler() -> None:
    """The gate package imports each module that registers a handler, and each kind has one.

    `judge` asks the registry (`gate/handlers.py`) for the handler of what it
    meets (what an entity drives, an event, a scene...) instead of importing
    it: a module nobody imports would leave a kind with none, and the first
    check meeting it would fail.
    """
    registering = _registering_modules()
    assert {"gate.paths", "gate.scenes"} <= registering
    assert registering <= set(_import_graph()["gate"]), "gate/__init__.py imports each of them"
    missing = [kind.kind for kind in handlers.KINDS if not list(kind)]
    assert not missing, f"kinds of step with no handler: {missing}"
    single = [kind for kind in handlers.KINDS if kind is not handlers.OWN_EFFECTS]
    assert all(handlers.ANY in list(kind) for kind in single), "each has its one handler"
