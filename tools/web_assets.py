"""The book's and the slides' web assets (MathJax, reveal.js, the widget
manager): installed by npm from the lock file in ``tools/web``, served locally."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

WEB = pathlib.Path(__file__).resolve().parent / "web"
NODE_MODULES = WEB / "node_modules"


def npm_assets() -> pathlib.Path:
    """``tools/web/node_modules``, installed from the lock file if missing or stale."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = WEB / "package-lock.json"
    if not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm not found: install Node.js and npm (apt-get install nodejs npm)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    return NODE_MODULES
