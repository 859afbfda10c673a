"""script/ensure_python: the project provides its own Python, wherever it is cloned.

Fast and offline: what the scripts name, the path on PATH, and the one-line
reason when nothing works. Providing Python for real (a download) is not
run here; docs/development.md#python says how it was checked.
"""

from __future__ import annotations

import os
from pathlib import Path
import shutil
import subprocess
import sys

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENSURE_PYTHON = ROOT / "script" / "ensure_python"

# What only these machines have, and the hosts of the package registries: the
# scripts find them through the machine (PATH, its apt sources, pip's own
# configuration), never by name.
_MACHINE_PATHS = ("../shared", "/work/", "/opt/python", "/usr/local/bin/python3", "ensure-python")
_REGISTRY_HOSTS = (
    "debian.org",
    "debian.net",
    "pypi.org",
    "pythonhosted.org",
    "npmjs.org",
    "npmjs.com",
)


def _script_files() -> list[Path]:
    files = [path for path in (ROOT / "script").rglob("*") if path.is_file()]
    files += [path for path in (ROOT / ".ci").rglob("*") if path.is_file()]
    return [path for path in files if "__pycache__" not in path.parts]


def _shell_scripts() -> list[Path]:
    return [
        path
        for path in _script_files()
        if path.suffix == ".sh" or path.read_bytes().startswith(b"#!/usr/bin/env bash")
    ]


def test_the_scripts_name_no_machine_path_nor_registry_host() -> None:
    """A clone anywhere runs: nothing under script/ or .ci/ points outside it."""
    found = []
    for path in _script_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [
            f"{path.relative_to(ROOT)}: {name}"
            for name in (*_MACHINE_PATHS, *_REGISTRY_HOSTS)
            if name in text
        ]
    assert not found


def test_the_shell_scripts_parse() -> None:
    """Every shell script parses (bash -n), ensure_python and the sourced _python.sh among them."""
    scripts = _shell_scripts()
    assert ENSURE_PYTHON in scripts
    assert ROOT / "script" / "_python.sh" in scripts
    for script in scripts:
        result = subprocess.run(
            ["bash", "-n", str(script)], capture_output=True, text=True, timeout=30, check=False
        )
        assert result.returncode == 0, (script, result.stderr)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_ensure_python_is_shellcheck_clean() -> None:
    result = subprocess.run(
        ["shellcheck", "-x", "script/ensure_python", "script/_python.sh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout


def test_a_new_enough_python_on_path_is_taken_as_it_is() -> None:
    """The running Python (3.14) first on PATH: printed at once, nothing provided."""
    env = os.environ | {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        [str(ENSURE_PYTHON)], capture_output=True, text=True, timeout=60, check=False, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    python = result.stdout.strip()
    assert Path(python).parent == Path(sys.executable).parent
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version_info >= (3, 14, 2))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert version.stdout.strip() == "True"


def test_without_any_way_it_says_why_in_one_line(tmp_path: Path) -> None:
    """No Python, no uv, no apt-get: exit 1 and one line saying what to install."""
    clone = tmp_path / "clone"
    (clone / "script").mkdir(parents=True)
    shutil.copy(ENSURE_PYTHON, clone / "script" / "ensure_python")
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("bash", "dirname", "flock", "mkdir", "mktemp", "rm", "sort", "timeout"):
        found = shutil.which(tool)
        assert found, tool
        (tools / tool).symlink_to(found)
    # A python3 too old for anything, and no pip for uv.
    (tools / "python3").write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    (tools / "python3").chmod(0o755)
    result = subprocess.run(
        [str(clone / "script" / "ensure_python")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": str(tools), "HOME": str(tmp_path)},
    )
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("ensure_python: no Python >= 3.14.2")
    assert "install python3.14" in lines[0]
    assert not (clone / ".python" / "debian").exists()
