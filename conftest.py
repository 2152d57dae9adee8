"""The whole run's collection: what must stay together when the suite runs in parallel.

``make test`` runs every test in one pytest session on every core (pytest-xdist,
``--dist loadgroup``): a test marked ``xdist_group(name)`` runs on the same worker as
every other test of that group, in collection order.  The cells of a notebook under
nbval share one kernel and run top to bottom, so each notebook is one group.
"""
from __future__ import annotations

import pytest


def pytest_configure(config):
    # pytest-xdist registers the marker; a run without it (``-p no:xdist``) knows it too
    config.addinivalue_line("markers", "xdist_group(name): run on the same worker as the "
                                       "other tests of the group (pytest-xdist)")


@pytest.hookimpl(tryfirst=True)   # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.suffix == ".ipynb" and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(f"nbval-{item.path.stem}"))
