"""environment.yml (conda, Binder) lists the same packages as pyproject.toml."""
from __future__ import annotations

import re
import tomllib

import yaml

import gamelab

from gamelab_testing import ROOT


def _name(requirement):
    return re.split(r"[<>=!~ \[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_name(r) for r in extra}

    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    listed = set()
    pip_items = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_items += dep["pip"]
        else:
            listed.add(_name(dep))
    assert "python" in listed and "pip" in listed
    assert "-e ." in pip_items, "environment.yml must install gamelab itself"
    listed |= {_name(p) for p in pip_items if not p.startswith("-e")}
    assert listed - {"python", "pip"} == wanted


def test_python_is_pinned():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pins = [d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert pins and re.fullmatch(r"python=3\.\d+", pins[0])


def test_one_version_in_pyproject_the_package_and_the_changelog():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert gamelab.__version__ == version
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert headings[0] == version
