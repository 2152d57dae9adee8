"""Hidden cases a class cannot share: drawn from a secret only the lecturer keeps.

``gamelab-grade --secret FILE`` names a file of random bytes (made with
:func:`secrets.token_bytes` on first use, readable by its owner only); it
lives wherever the lecturer keeps private things, never in the repository,
the handout or the submissions.  Each exercise's hidden cases come from the
exercise's own generator seeded with an HMAC of that secret:

* ``vary="student"`` (the default): per student, exercise and file handed
  in, so two students get different cases, marking the same file again
  gives the same marks, and a notebook that smuggled its hidden inputs out
  (in an error message, say) meets new ones once it is changed;
* ``vary="run"``: per run and exercise, the same for the whole class in one
  run and new in the next.

Without a secret, a fresh one is drawn for the run and forgotten (the cases
cannot be told in advance, nor drawn again).

>>> seed(b"k" * 32, "ex-00-1", "student:alice") == seed(b"k" * 32, "ex-00-1", "student:bob")
False
"""
from __future__ import annotations

import hashlib
import hmac
import os
import pathlib
import secrets

__all__ = ["SECRET_BYTES", "VARY", "read_secret", "seed", "scope"]

#: Bytes of a new secret.
SECRET_BYTES = 32
#: What the hidden cases vary with.
VARY = ("student", "run")


def read_secret(path: str | os.PathLike | None, *, forbidden=()) -> bytes:
    """The secret in the file ``path``, made first if it does not exist; a fresh
    one, kept nowhere, for ``None``.

    Raises
    ------
    TypeError, ValueError
        If ``path`` is not a path, lies inside one of the ``forbidden`` folders
        (the submissions, the reports), or holds fewer than 16 bytes.
    """
    if path is None:
        return secrets.token_bytes(SECRET_BYTES)
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"secret must be a path, got {type(path).__name__}")
    path = pathlib.Path(path).expanduser().resolve()
    for folder in forbidden:
        folder = pathlib.Path(folder).resolve()
        if path == folder or folder in path.parents:
            raise ValueError(f"secret: {str(path)!r} is inside {str(folder)!r}, which students "
                             "may see; keep the secret elsewhere")
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(SECRET_BYTES))
    if not path.is_file():
        raise ValueError(f"secret: {str(path)!r} is not a file")
    data = path.read_bytes()
    if len(data) < 16:
        raise ValueError(f"secret: {str(path)!r} holds {len(data)} bytes; a secret needs at "
                         "least 16 (delete the file to have a new one made)")
    return data


def scope(vary: str, student: str, run: str, handed_in: str = "") -> str:
    """What the seed of a student's hidden cases depends on besides the exercise:
    the student and ``handed_in`` (a digest of the file), or the run."""
    if vary not in VARY:
        raise ValueError(f"vary must be one of {VARY}, got {vary!r}")
    return f"student:{student}:{handed_in}" if vary == "student" else f"run:{run}"


def seed(secret: bytes, exercise_id: str, where: str) -> str:
    """The seed of the hidden cases of ``exercise_id`` for ``where`` (see :func:`scope`)."""
    mac = hmac.new(secret, f"gamelab-hidden\0{exercise_id}\0{where}".encode(), hashlib.sha256)
    return f"gamelab-secret:{mac.hexdigest()}"
