"""Re-execute notebooks in place from a fresh kernel.

Usage: python tools/run_notebooks.py notebooks/*.ipynb

Each notebook is run top to bottom in a new ``python3`` kernel with its own
folder as working directory.  No timing metadata and no widget state are
stored, so the committed files stay clean and the diffs stay small.
"""
from __future__ import annotations

import pathlib
import sys

import nbformat
from nbclient import NotebookClient


#: The kernel every notebook names (``make install`` registers it under this name).
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def kernelspec() -> dict:
    """The notebooks' ``kernelspec`` metadata, with a warning if the registered kernel differs.

    JupyterLab rewrites a notebook's kernelspec to the display name of the
    kernel it starts, and a rewritten notebook is "modified" as soon as it
    opens; writing the registered kernel's own display name avoids that.
    """
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL["name"])
    except NoSuchKernel:
        return dict(KERNEL)
    if spec.display_name != KERNEL["display_name"]:
        print(f"warning: the {KERNEL['name']!r} kernel is registered as {spec.display_name!r}; "
              f"notebooks name it {KERNEL['display_name']!r} (run `make install`)", file=sys.stderr)
    return dict(KERNEL)


def clean(nb):
    """``nb`` (changed in place) as a committed notebook is: no widget state, no timings,
    no metadata of the store of executed copies (tools/executed.py), the registered
    kernel's ``kernelspec``; returns it."""
    nb.metadata.pop("widgets", None)
    nb.metadata.pop("gamelab_executed", None)
    nb.metadata["kernelspec"] = kernelspec()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("execution", None)
    return nb


def run(path: pathlib.Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=900,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    nbformat.write(clean(nb), path)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        path = pathlib.Path(name)
        print(f"executing {path}", flush=True)
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
