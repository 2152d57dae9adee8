"""Pin the live site's build tools with hashes: tools/lite/requirements.in → requirements.txt.

Usage: python tools/lite/lock.py

The versions are resolved by pip for this machine (``pip install --dry-run
--report``); then every wheel of each version for the platforms lecturers
build on (Linux and macOS, x86-64 and ARM, Python 3.10–3.13) is fetched
once to record its sha256, so ``pip install --require-hashes`` accepts the
same pins everywhere.
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
#: Each tag selects the best wheel for a system at least that new (pip takes the most
#: specific wheel a system accepts, so each glibc and macOS generation is asked for).
PLATFORMS = tuple(f"manylinux_2_{glibc}_{arch}" for arch in ("x86_64", "aarch64")
                  for glibc in (17, 28, 34, 39)) + tuple(
    f"macosx_{version}_{arch}" for arch in ("x86_64", "arm64") for version in ("11_0", "14_0", "15_0"))
PYTHONS = ("3.10", "3.11", "3.12", "3.13")


def resolve(requirements: pathlib.Path) -> list[tuple[str, str]]:
    """``(name, version)`` of everything installing ``requirements`` would install here."""
    with tempfile.TemporaryDirectory() as tmp:
        report = pathlib.Path(tmp) / "report.json"
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--dry-run",
                        "--ignore-installed", "--report", str(report), "-r", str(requirements)],
                       check=True)
        data = json.loads(report.read_text())
    return sorted((item["metadata"]["name"], item["metadata"]["version"]) for item in data["install"])


def hashes(name: str, version: str) -> list[str]:
    """sha256 of every wheel of ``name==version`` for :data:`PLATFORMS` × :data:`PYTHONS`."""
    found = set()
    with tempfile.TemporaryDirectory() as tmp:
        for platform in PLATFORMS:
            for python in PYTHONS:
                subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                "--only-binary=:all:", "--platform", platform,
                                "--python-version", python, "-d", tmp, f"{name}=={version}"],
                               capture_output=True)
                if any(p.name.endswith("-none-any.whl") for p in pathlib.Path(tmp).iterdir()):
                    break        # a pure-Python wheel: the same file everywhere
            else:
                continue
            break
        for path in pathlib.Path(tmp).iterdir():
            found.add(hashlib.sha256(path.read_bytes()).hexdigest())
    if not found:
        raise SystemExit(f"no wheel of {name}=={version} for {PLATFORMS}")
    return sorted(found)


def main() -> int:
    lines = ["# Written by tools/lite/lock.py from requirements.in: do not edit.",
             "# pip install --require-hashes -r tools/lite/requirements.txt"]
    for name, version in resolve(HERE / "requirements.in"):
        pins = " \\\n    ".join(f"--hash=sha256:{h}" for h in hashes(name, version))
        lines.append(f"{name}=={version} \\\n    {pins}")
        print(f"{name}=={version}", file=sys.stderr)
    (HERE / "requirements.txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
