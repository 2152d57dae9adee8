"""Reading judge inputs: one reader for every solver of the course's judge problems.

A judge feeds its input as text on standard input; every solver here takes
that text as its one argument, ``input_text``, and returns the output text.
:class:`JudgeInput` reads the integers one at a time (for inputs that run to
end-of-file or hold blocks of varying length); :func:`numbers` and
:func:`counted` read them all at once.  Bad input raises ``TypeError`` or
``ValueError`` naming ``input_text`` and what was expected.
"""
from __future__ import annotations

__all__ = ["JudgeInput", "numbers", "counted"]


def _tokens(input_text: str) -> list[str]:
    if not isinstance(input_text, str):
        raise TypeError(f"input_text must be the judge input as a str, "
                        f"got {type(input_text).__name__} {input_text!r}")
    return input_text.split()


def _integer(token: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise ValueError(f"input_text: expected {what} (an integer), got {token!r}") from None


class JudgeInput:
    """The integers of a judge input, read one at a time.

    >>> r = JudgeInput("2\\n3 4\\n")
    >>> r.int("n"), r.more(), [r.int("heap") for _ in range(2)], r.more()
    (2, True, [3, 4], False)
    >>> r.int("heap")
    Traceback (most recent call last):
    ...
    ValueError: input_text ended early: expected heap
    """

    def __init__(self, input_text: str):
        self.tokens = _tokens(input_text)
        self.i = 0

    def more(self) -> bool:
        """Whether any token is left."""
        return self.i < len(self.tokens)

    def int(self, what: str = "a number") -> int:
        """The next integer; ``what`` names it in the error when it is missing or malformed."""
        if self.i >= len(self.tokens):
            raise ValueError(f"input_text ended early: expected {what}")
        self.i += 1
        return _integer(self.tokens[self.i - 1], what)

    def word(self, what: str = "a word") -> str:
        """The next token as it is (a string of coins, a name)."""
        if self.i >= len(self.tokens):
            raise ValueError(f"input_text ended early: expected {what}")
        self.i += 1
        return self.tokens[self.i - 1]

    def ints(self, count: int, what: str = "a number") -> list[int]:
        """The next ``count`` integers."""
        return [self.int(what) for _ in range(count)]

    def rest(self, what: str = "a number") -> list[int]:
        """Every integer left."""
        out = [_integer(t, what) for t in self.tokens[self.i:]]
        self.i = len(self.tokens)
        return out


def numbers(input_text: str, what: str = "a number") -> list[int]:
    """The whitespace-separated integers of a judge input.

    >>> numbers("2\\n3 4\\n")
    [2, 3, 4]
    """
    return JudgeInput(input_text).rest(what)


def counted(input_text: str) -> tuple[int, list[int]]:
    """The integers of a judge input that starts with its number of tests.

    Returns ``(tests, nums)``; the tests' own numbers start at ``nums[1]``.

    >>> counted("2\\n3 4\\n")
    (2, [2, 3, 4])
    """
    nums = numbers(input_text)
    if not nums:
        raise ValueError("input_text is empty: expected the number of tests first")
    tests = nums[0]
    if tests < 0:
        raise ValueError(f"input_text: the number of tests must be >= 0, got {tests}")
    return tests, nums
