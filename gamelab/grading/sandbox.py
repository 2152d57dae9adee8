"""A sandbox per submission: bubblewrap, with limits, and nothing of the lecturer's in view.

Each submission runs under ``bwrap`` (bubblewrap, the sandbox Flatpak is
built on; Debian's package ``bubblewrap``), which makes Linux namespaces
without a daemon or a container image:

* **a throwaway copy**: the student's folder, copied by the grader, is
  mounted read-only at ``/in`` and copied again inside onto a ``tmpfs`` of
  bounded size (``/home/student/work``), the only place the notebook may
  write besides a private ``/tmp`` (also bounded);
* **a read-only view of only what is needed**: ``/usr``, the Python
  installation and its site-packages, and the *student edition* of gamelab
  (``/opt/gamelab``, made by :mod:`gamelab.grading.edition`) over any
  gamelab installed there; never the teacher's repository, the references,
  the other submissions, the reports or the lecturer's secret.  ``/etc``
  holds only a made-up ``passwd``, ``group`` and ``hosts`` and the loader's
  cache;
* **no network** (``--unshare-net``: only a loopback of its own, for the
  kernel's sockets), its own IPC, host name and **PID namespace**, with
  ``--die-with-parent``: when the run ends, or the grader stops it, every
  process it started dies with it;
* **limits** (``setrlimit``, for every process inside): address space,
  processes, file size, CPU time, no core files; the grader adds the
  wall-clock limit and kills the whole sandbox past it;
* **an unprivileged user**: run by root, bubblewrap keeps only the
  capabilities to change user, and the launcher becomes a uid of its own
  (:data:`UID_BASE` and up, one per run at a time, so the process limit
  counts only that run); run by anyone else, bubblewrap makes a user
  namespace with ``nobody`` inside, and the process limit is the lecturer's
  processes at the start plus the sandbox's allowance.

>>> "--unshare-net" in command(Mounts(python=(), edition="/e", grader="/g", copy="/c"),
...                            Config(uid=None), ["true"], bwrap="/usr/bin/bwrap")
True
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import shutil
import site
import subprocess
import sys

__all__ = ["NoSandbox", "Config", "Mounts", "find_bwrap", "command", "python_paths", "processes_of",
           "launcher_argv", "UID_BASE", "WORK", "GRADER", "EDITION", "IN", "HOME"]

#: Inside the sandbox: the copy handed in (read-only), the work folder, home,
#: the grader's request (read-only) and the student edition of gamelab.
IN, HOME, GRADER, EDITION = "/in", "/home/student", "/grader", "/opt/gamelab"
WORK = f"{HOME}/work"
#: The first uid a sandbox runs as when the grader is root (one per run at a time).
UID_BASE = 3_000_000_000


class NoSandbox(RuntimeError):
    """No sandbox can be made here (bubblewrap missing, or no namespaces)."""


@dataclasses.dataclass(frozen=True)
class Mounts:
    """What the sandbox sees: Python's folders (read-only), the student edition's
    folder (holding ``gamelab/``), the grader's request folder and the copy handed in."""

    python: tuple[str, ...]
    edition: str
    grader: str
    copy: str
    mask: tuple[str, ...] = ()       # gamelab folders and editable hooks to hide


@dataclasses.dataclass(frozen=True)
class Config:
    """The limits inside and the user: bytes of address space per process,
    processes of the sandbox's user, bytes per file written, bytes of each
    tmpfs, CPU seconds per process, and the uid (``None``: not root outside)."""

    memory: int = 4 * 2**30
    processes: int = 256
    file_size: int = 256 * 2**20
    scratch: int = 512 * 2**20
    cpu: int = 900
    uid: int | None = None


def find_bwrap() -> str:
    """The path of a working ``bwrap``.

    Raises
    ------
    NoSandbox
        If ``bwrap`` is not on ``PATH``, or cannot make a sandbox here
        (a container without namespaces), with what it said.
    """
    path = shutil.which("bwrap")
    if path is None:
        raise NoSandbox("bubblewrap (bwrap) is not installed, so the submissions cannot be "
                        "sandboxed: install it (Debian/Ubuntu: apt-get install bubblewrap; "
                        "Fedora: dnf install bubblewrap), or pass --unsandboxed to run them "
                        "with your own rights (trusted submissions only)")
    probe = [path, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
             "--unshare-pid", "--unshare-net", "--die-with-parent", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise NoSandbox(f"bubblewrap ({path}) could not run: {exc}; pass --unsandboxed to "
                        "run the submissions with your own rights (trusted ones only)") from None
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise NoSandbox(f"bubblewrap ({path}) cannot make a sandbox here "
                        f"({said[-1] if said else f'exit status {done.returncode}'}): "
                        "this system allows no namespaces; pass --unsandboxed to run the "
                        "submissions with your own rights (trusted ones only)")
    return path


def processes_of(uid: int) -> int:
    """How many processes the real user ``uid`` has now (``/proc``; 0 where there is none).

    Run by anyone but root, the sandbox's processes are the lecturer's own
    user's, whose processes the limit on processes counts too: the grader
    adds these.
    """
    count = 0
    for entry in pathlib.Path("/proc").glob("[0-9]*"):
        try:
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("Uid:"):
                    count += int(line.split()[1]) == uid
                    break
        except (OSError, ValueError, IndexError):
            continue
    return count


def _inside(path: pathlib.Path, folder: pathlib.Path) -> bool:
    return path == folder or folder in path.parents


def python_paths(teacher: str | os.PathLike) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(folders, masked)``: the folders the sandbox needs to run this Python (its
    prefixes and site-packages), none holding ``teacher`` (the teacher's gamelab
    package) unless as a site-packages' ``gamelab``, which is masked; and the
    gamelab installs and editable hooks in the site-packages, which the sandbox hides."""
    teacher = pathlib.Path(teacher).resolve()
    user = site.getusersitepackages()
    sites = {*site.getsitepackages(), *([user] if user and os.path.isdir(user) else [])}
    wanted = {sys.prefix, sys.base_prefix, sys.exec_prefix, *sites}
    installed = teacher.parent in {pathlib.Path(s).resolve() for s in sites}
    folders, masked = [], []
    for name in sorted(wanted):
        path = pathlib.Path(name)
        if not path.is_dir() or (_inside(teacher, path.resolve()) and not installed):
            continue
        folders.append(str(path))
    for name in sorted(sites):
        path = pathlib.Path(name)
        if not path.is_dir():
            continue
        for entry in path.iterdir():
            lower = entry.name.lower()
            if entry.name == "gamelab" or (lower.startswith("__editable__")
                                          and "gamelab" in lower):
                masked.append(str(entry))
    keep = [f for f in folders if not any(_inside(pathlib.Path(f), pathlib.Path(o))
                                          for o in folders if o != f)]
    return tuple(keep), tuple(masked)


def _etc(grader: str) -> list[str]:
    """Made-up account files (written by :func:`write_etc` into the grader's folder)."""
    out = ["--perms", "0755", "--dir", "/etc"]
    for name in ("passwd", "group", "hosts"):
        out += ["--ro-bind", f"{grader}/etc/{name}", f"/etc/{name}"]
    for name in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/fonts"):
        out += ["--ro-bind-try", name, name]
    return out


def write_etc(folder: str | os.PathLike, uid: int | None) -> None:
    """Write the sandbox's ``passwd``, ``group`` and ``hosts`` into ``folder/etc``."""
    etc = pathlib.Path(folder) / "etc"
    etc.mkdir(parents=True, exist_ok=True)
    user = 65534 if uid is None else uid
    (etc / "passwd").write_text(f"student:x:{user}:{user}:student:{HOME}:/bin/sh\n"
                                "root:x:0:0:root:/root:/bin/sh\n")
    (etc / "group").write_text(f"student:x:{user}:\nroot:x:0:\n")
    (etc / "hosts").write_text("127.0.0.1 localhost\n::1 localhost\n")


def _top_level() -> list[str]:
    """``/bin``, ``/lib``, ... as the host has them: links into ``/usr`` or folders."""
    out = ["--ro-bind", "/usr", "/usr"]
    for name in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(name):
            out += ["--symlink", os.readlink(name), name]
        elif os.path.isdir(name):
            out += ["--ro-bind", name, name]
    return out


def environment(python_bin: str) -> dict[str, str]:
    """The sandbox's whole environment (nothing of the grader's passes in)."""
    return {"HOME": HOME, "USER": "student", "LOGNAME": "student", "TMPDIR": "/tmp",
            "PATH": f"{python_bin}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "PYTHONPATH": EDITION, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1",
            "PYTHONIOENCODING": "utf-8", "MPLCONFIGDIR": "/tmp/matplotlib",
            "MPLBACKEND": "agg", "IPYTHONDIR": "/tmp/ipython", "NUMBA_CACHE_DIR": "/tmp/numba",
            "JUPYTER_RUNTIME_DIR": "/tmp/jupyter", "JUPYTER_DATA_DIR": "/tmp/jupyter-data",
            "JUPYTER_CONFIG_DIR": "/tmp/jupyter-config", "JUPYTER_PLATFORM_DIRS": "1",
            "GAMELAB_LANGUAGE": "en"}


def command(mounts: Mounts, config: Config, argv: list[str], *, bwrap: str) -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` in a sandbox."""
    cmd = [bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net",
           "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", "--hostname", "sandbox",
           "--clearenv"]
    if config.uid is None:
        cmd += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
    else:                                  # root outside: keep only what changing user needs
        cmd += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    for key, value in environment(os.path.dirname(sys.executable)).items():
        cmd += ["--setenv", key, value]
    cmd += _top_level() + ["--dev", "/dev", "--proc", "/proc"]
    cmd += ["--perms", "1777", "--size", str(config.scratch), "--tmpfs", "/tmp",
            "--perms", "0755", "--dir", "/home",
            "--perms", "1777", "--size", str(config.scratch), "--tmpfs", HOME]
    made = set()
    for folder in mounts.python:          # their parents readable by all (/root is 0700)
        for parent in reversed(pathlib.PurePosixPath(folder).parents[:-1]):
            if str(parent) not in made and not str(parent).startswith(("/usr/", "/home/")):
                made.add(str(parent))
                cmd += ["--perms", "0755", "--dir", str(parent)]
        cmd += ["--ro-bind", folder, folder]
    for hidden in mounts.mask:
        if os.path.isdir(hidden):
            cmd += ["--tmpfs", hidden, "--remount-ro", hidden]
        else:
            cmd += ["--ro-bind", "/dev/null", hidden]
    cmd += ["--perms", "0755", "--dir", os.path.dirname(EDITION),
            "--ro-bind", mounts.edition, EDITION, "--ro-bind", mounts.grader, GRADER,
            "--ro-bind", mounts.copy, IN]
    cmd += _etc(mounts.grader) + ["--chdir", "/tmp", "--"] + list(argv)
    return cmd


#: Run first inside the sandbox: the limits, the user, the copy into the work folder.
LAUNCHER = """\
import json, os, resource, shutil, sys
cfg = json.loads(sys.argv[1])
for name, value in cfg["limits"]:
    resource.setrlimit(getattr(resource, name), (value, value))
if cfg["uid"] is not None and os.getuid() == 0:
    os.setgroups([])
    os.setgid(cfg["uid"])
    os.setuid(cfg["uid"])
shutil.copytree(cfg["in"], cfg["work"], symlinks=True, dirs_exist_ok=True)
if os.path.isdir(cfg["mpl"]):
    shutil.copytree(cfg["mpl"], "/tmp/matplotlib", dirs_exist_ok=True)
os.chdir(os.path.join(cfg["work"], cfg["cwd"]))
os.execv(sys.executable, [sys.executable] + cfg["argv"])
"""


def launcher_argv(config: Config, cwd: str, argv: list[str]) -> list[str]:
    """``python -c LAUNCHER ...``: set the limits, become the sandbox's user, copy
    the submission into the work folder, go to ``cwd`` (relative to it), run ``argv``
    (arguments of Python)."""
    limits = [("RLIMIT_AS", config.memory), ("RLIMIT_NPROC", config.processes),
              ("RLIMIT_FSIZE", config.file_size), ("RLIMIT_CPU", config.cpu),
              ("RLIMIT_CORE", 0)]
    cfg = {"limits": limits, "uid": config.uid, "in": IN, "work": WORK, "cwd": cwd,
           "mpl": f"{EDITION}/mplcache",
           "argv": list(argv)}
    return [sys.executable, "-I", "-c", LAUNCHER, json.dumps(cfg)]
