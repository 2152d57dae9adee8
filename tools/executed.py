"""The course's notebooks executed, each once: the store ``build/executed/<edition>/``.

Usage: python tools/executed.py [--lang zh_CN] [--keep] [notebooks/NN_x.ipynb ...]

The tools that show a notebook as it runs here take it from this store instead
of executing it themselves: the book and its student edition
(``tools/book/build.py``) and the translated notebooks (``python tools/i18n.py
notebooks``).  ``build/executed/en/05_wythoff.ipynb`` is
``notebooks/05_wythoff.ipynb`` executed from a fresh kernel, the notebook's
folder as working directory, with its widget state stored (the book shows every
explorer as a snapshot of its first view) and no timings;
``build/executed/zh_CN/`` holds the notebooks translated by
``translate_notebook`` (tools/i18n.py), executed the same way.  The committed
notebooks are never touched.

An edition is what changes the executed content: the language.  The student
editions are made from the teacher's executed copies (``student_notebook`` of
tools/student.py leaves out the solutions and clears the outputs of every cell
that held one and of every check), not executed again.

A copy is made again only when its key changes: the sha256 of the notebook's
text (after translation) and of gamelab's source (every file under
``gamelab/``), kept in the copy's metadata (``gamelab_executed``).  Several
processes may fill the store at once (the test suite's workers do): each
notebook is executed under a lock of its own (``.<name>.lock`` beside its copy)
and written to a temporary file that replaces the copy in one step, so the
second process to ask for a notebook waits for the first and takes its copy,
and a reader never sees half of one.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import hashlib
import importlib.util
import os
import pathlib
import sys
import threading

import nbformat

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: one process at a time
    fcntl = None

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
STORE = ROOT / "build" / "executed"
#: The editions: English (the notebooks as committed) and each translation.
LANGUAGES = ("en", "zh_CN")
#: Notebooks executed at the same time (each in its own kernel).
JOBS = min(2, os.cpu_count() or 1)
#: Seconds a cell may run.
TIMEOUT = 900
#: The metadata of an executed copy that holds its key.
META = "gamelab_executed"

_i18n = None
_i18n_lock = threading.Lock()


def _i18n_tool():
    """``tools/i18n.py``, loaded once (the threads of :func:`execute_all` share it)."""
    global _i18n
    with _i18n_lock:
        if _i18n is None:
            spec = importlib.util.spec_from_file_location("gamelab_i18n_tool", ROOT / "tools" / "i18n.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            _i18n = module
    return _i18n


@contextlib.contextmanager
def exclusive(path):
    """Hold the lock file ``path`` (made if missing) across processes and threads."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)


def replace_text(path, text):
    """Write ``text`` to ``path`` in one step: a temporary file beside it, then
    ``os.replace`` (a reader sees the old file or the new one; a hard link to the
    old file keeps the old text)."""
    path = pathlib.Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def package_hash():
    """The sha256 of gamelab's source: every file under ``gamelab/`` (no ``__pycache__``)."""
    h = hashlib.sha256()
    for p in sorted((ROOT / "gamelab").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def _check_lang(lang):
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {LANGUAGES}, got {lang!r}")


def source_text(notebook, lang="en"):
    """The text a copy is executed from (bytes): the notebook's file, or its translation
    into ``lang`` (its catalogue in ``locales/<lang>``)."""
    _check_lang(lang)
    notebook = pathlib.Path(notebook)
    if lang == "en":
        return notebook.read_bytes()
    nb = _i18n_tool().translate_notebook(notebook, lang)
    return nbformat.writes(nb).encode("utf-8")


def copy_path(notebook, lang="en", *, store=STORE):
    """Where the executed copy of ``notebook`` in ``lang`` is kept: its path under
    ``notebooks/`` (or its name, for a notebook elsewhere) under ``<store>/<lang>``."""
    _check_lang(lang)
    notebook = pathlib.Path(notebook).resolve()
    relative = notebook.relative_to(NOTEBOOKS) if notebook.is_relative_to(NOTEBOOKS) else notebook.name
    return pathlib.Path(store) / lang / relative


def copy_key(copy):
    """The key an executed copy was made for, or None (no copy, or not one of the store's)."""
    try:
        nb = nbformat.read(copy, as_version=4)
    except (OSError, ValueError):
        return None
    meta = nb.metadata.get(META)
    return meta.get("key") if isinstance(meta, dict) else None


def execute(notebook, lang="en", *, text=None, keep=False, package=None, store=STORE):
    """The executed copy of ``notebook`` in ``lang``, made if missing or stale:
    ``(path, ran)``, ``ran`` saying whether it was executed now.

    ``text`` is the notebook's text to execute when the caller has it already
    (:func:`source_text` by default); ``keep`` takes a copy that exists even if
    the notebook or gamelab changed since; ``package`` is :func:`package_hash`,
    when the caller has it already.  A notebook whose cell raises raises
    (nbclient's ``CellExecutionError``), and no copy is written.
    """
    from nbclient import NotebookClient

    notebook = pathlib.Path(notebook).resolve()
    dest = copy_path(notebook, lang, store=store)
    if keep and dest.exists():
        return dest, False
    text = source_text(notebook, lang) if text is None else text
    key = hashlib.sha256(text + (package or package_hash()).encode()).hexdigest()
    with exclusive(dest.with_name(f".{dest.name}.lock")):
        if dest.exists() and (keep or copy_key(dest) == key):
            return dest, False
        nb = nbformat.reads(text.decode("utf-8"), as_version=4)
        # The kernel's warnings (a local kernel over TCP) are nobody's business here.
        client = NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                                resources={"metadata": {"path": str(notebook.parent)}},
                                record_timing=False, store_widget_state=True,
                                extra_arguments=["--IPKernelApp.log_level=ERROR"])
        client.execute()
        nb.metadata[META] = {"key": key}
        replace_text(dest, nbformat.writes(nb) + "\n")
    return dest, True


class ExecutionFailed(RuntimeError):
    """Notebooks that failed to run; ``copies`` holds those that did."""

    def __init__(self, message, copies):
        super().__init__(message)
        self.copies = copies


def execute_all(notebooks, lang="en", *, jobs=JOBS, keep=False, texts=None, store=STORE, report=None):
    """The executed copies of ``notebooks`` in ``lang`` (``{notebook: copy}``, in order),
    ``jobs`` at a time; ``report(notebook)`` is called for each one executed now.

    ``texts`` maps notebooks to the text to execute, when the caller has it (a
    translation).  A notebook that fails to run raises :class:`ExecutionFailed`
    (a ``RuntimeError`` naming each one) after the others have run.
    """
    notebooks = [pathlib.Path(p) for p in notebooks]
    texts = texts or {}
    package = package_hash()
    copies, failed = {}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(jobs, len(notebooks) or 1))) as pool:
        runs = {p: pool.submit(execute, p, lang, text=texts.get(p), keep=keep, package=package, store=store)
                for p in notebooks}
        for p, run in runs.items():
            try:
                copies[p], ran = run.result()
            except Exception as exc:  # nbclient raises many kinds; the others still run
                failed.append(f"{p.name}: {str(exc).strip()[-1500:]}")
                continue
            if ran and report is not None:
                report(p)
    if failed:
        raise ExecutionFailed(f"{len(failed)} notebook(s) failed to run ({lang}):\n" + "\n".join(failed),
                              copies)
    return copies


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path,
                        help="notebooks of notebooks/ (default: notebooks/*.ipynb)")
    parser.add_argument("--lang", default="en", choices=LANGUAGES)
    parser.add_argument("--keep", action="store_true", help="take the copies there are, even if stale")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    try:
        copies = execute_all(notebooks, args.lang, keep=args.keep,
                             report=lambda p: print(f"executed: {p.name}", flush=True))
    except (ValueError, RuntimeError) as exc:   # a missing translation, a failing notebook
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{len(copies)} executed notebooks ({args.lang}) in {STORE / args.lang}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
