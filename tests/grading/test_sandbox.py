"""gamelab.grading.sandbox and edition: the bubblewrap sandbox a submission runs in.

What the sandbox shows and refuses is tried by running small programs in it
(bubblewrap is installed on this machine and in CI, ``.ci/run``); the
refusal when bubblewrap is absent is tried with a ``PATH`` that lacks it.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

from gamelab.grading import sandbox
from gamelab.grading.edition import KEYS, PACKAGE, stage_edition, stage_package

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap (bwrap) is not installed")


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    return stage_edition(tmp_path_factory.mktemp("edition"))


def _run(edition, tmp_path, code, *, files=None, limits=None):
    """Run ``python -c code`` in a sandbox; ``(exit status, stdout, stderr)``."""
    grader, copy = tmp_path / "grader", tmp_path / "copy"
    grader.mkdir()
    copy.mkdir()
    for name, text in (files or {}).items():
        (copy / name).write_text(text)
    uid = sandbox.UID_BASE + 7 if os.getuid() == 0 else None
    sandbox.write_etc(grader, uid)
    for p in [grader, copy, *grader.rglob("*"), *copy.rglob("*")]:
        if uid is not None:
            os.chown(p, uid, uid)
        p.chmod(0o755 if p.is_dir() else 0o644)
    folders, masked = sandbox.python_paths(PACKAGE)
    config = sandbox.Config(uid=uid, **(limits or {}))
    mounts = sandbox.Mounts(folders, str(edition), str(grader), str(copy), masked)
    cmd = sandbox.command(mounts, config, sandbox.launcher_argv(config, ".", ["-c", code]),
                          bwrap=sandbox.find_bwrap())
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
def test_the_staged_edition_has_keys_and_no_references(edition):
    package = edition / "gamelab"
    assert (package / KEYS).is_file()
    assert not (package / "exercises" / "references").exists()
    assert not list(package.rglob("PROBLEMS.md"))
    assert (package / "grading" / "probe.py").is_file()


def test_stage_package_leaves_out_the_references(tmp_path):
    staged = stage_package(tmp_path / "gamelab")
    assert (staged / "exercises" / "check.py").is_file()
    assert not (staged / "exercises" / "references").exists()


def test_python_paths_never_show_the_teachers_repository():
    folders, masked = sandbox.python_paths(PACKAGE)
    repo = PACKAGE.parent
    for folder in folders:
        path = pathlib.Path(folder).resolve()
        assert not (path == repo or repo in path.parents) or ".venv" in path.parts \
            or "site-packages" in path.parts, folder
        assert PACKAGE not in [path, *path.parents] or any(
            pathlib.Path(m).name == "gamelab" for m in masked)


def test_the_command_line_unshares_and_limits():
    mounts = sandbox.Mounts(("/py",), "/ed", "/g", "/c", ("/py/site/gamelab",))
    cmd = sandbox.command(mounts, sandbox.Config(uid=None), ["true"], bwrap="bwrap")
    for flag in ("--unshare-net", "--unshare-pid", "--die-with-parent", "--new-session",
                 "--clearenv", "--unshare-user"):
        assert flag in cmd
    assert ["--ro-bind", "/ed", sandbox.EDITION] == cmd[cmd.index("/ed") - 1:cmd.index("/ed") + 2]
    root = sandbox.command(mounts, sandbox.Config(uid=3_000_000_001), ["true"], bwrap="bwrap")
    assert "--unshare-user" not in root and ["--cap-drop", "ALL"] == root[
        root.index("--cap-drop"):root.index("--cap-drop") + 2]
    argv = sandbox.launcher_argv(sandbox.Config(memory=2**30, processes=32), ".", ["-c", "1"])
    assert '["RLIMIT_AS", 1073741824]' in argv[-1] and '["RLIMIT_NPROC", 32]' in argv[-1]


def test_no_bwrap_on_the_path_is_refused_with_the_way_out(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(sandbox.NoSandbox, match=r"bubblewrap \(bwrap\) is not installed.*"
                                                r"apt-get install bubblewrap.*--unsandboxed"):
        sandbox.find_bwrap()


def test_a_bwrap_that_cannot_make_namespaces_is_refused(tmp_path, monkeypatch):
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\n"
                    "exit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(sandbox.NoSandbox, match="cannot make a sandbox here .*No permissions"):
        sandbox.find_bwrap()


@pytest.mark.slow
@needs_bwrap
def test_inside_the_student_edition_an_unprivileged_user_and_a_copy(edition, tmp_path):
    code = ("import os, gamelab, gamelab.exercises.check as c, importlib.util as u\n"
            "print(c.EDITION, gamelab.__file__)\n"
            "print(u.find_spec('gamelab.exercises.references'))\n"
            "print(os.getuid() != 0, os.getcwd(), sorted(os.listdir('.')))\n"
            "open('made.txt', 'w').write('x')\n"
            "print(sorted(os.listdir('/')), os.listdir('/etc'))\n"
            f"print(os.path.exists({str(PACKAGE)!r}), os.path.exists({str(tmp_path)!r}))\n"
            "print(open('/etc/passwd').read().count(':x:'))\n")
    status, out, err = _run(edition, tmp_path, code, files={"data.txt": "42"})
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == f"student {sandbox.EDITION}/gamelab/__init__.py"
    assert lines[1] == "None"
    assert lines[2] == f"True {sandbox.WORK} ['data.txt']"
    etc = lines[3].split("] [")[1].rstrip("]")
    assert {"group", "hosts", "passwd"} <= set(etc.replace("'", "").split(", ")) <= {
        "fonts", "group", "hosts", "ld.so.cache", "ld.so.conf", "localtime", "passwd"}
    assert lines[4] == "False False"        # no teacher's package, no grader's files
    assert lines[5] == "2"                  # a made-up passwd, not the host's
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == ["data.txt"]


@pytest.mark.slow
@needs_bwrap
def test_no_network_no_memory_beyond_the_limit_no_endless_forks(edition, tmp_path):
    code = ("import os, socket, subprocess, sys\n"
            "try:\n    socket.create_connection(('1.1.1.1', 80), timeout=3); print('net')\n"
            "except OSError as e:\n    print('no net', e.errno)\n"
            "try:\n    b = bytearray(6 * 2**30); print('6 GiB')\n"
            "except MemoryError:\n    print('no memory')\n"
            "kids = []\n"
            "try:\n"
            "    for _ in range(200):\n"
            "        kids.append(subprocess.Popen(['sleep', '600']))\n"
            "    print('200 processes')\n"
            "except OSError:\n    print('stopped at', len(kids))\n"
            "try:\n    open('/tmp/big', 'wb').write(b'x' * (3 * 2**20)); print('big file')\n"
            "except OSError:\n    print('no big file')\n")
    status, out, err = _run(edition, tmp_path, code,
                            limits={"memory": 2**30, "processes": 40, "file_size": 2**20})
    assert status in (0, -25, 153), err
    lines = out.splitlines()
    assert lines[0].startswith("no net")
    assert lines[1] == "no memory"
    assert lines[2].startswith("stopped at") and int(lines[2].split()[-1]) < 40
    assert lines[3] == "no big file"
    # nothing it started outlives it (its PID namespace died with it)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert "sleep 600" not in ps


def test_processes_of_counts_a_users_processes():
    mine = sandbox.processes_of(os.getuid())
    assert mine >= 1                        # this test's own process at least
    assert sandbox.processes_of(sandbox.UID_BASE + 999_999) == 0
