"""Reading judge inputs: the shared tokenizer of the exercise solvers."""
from __future__ import annotations

__all__ = ["numbers"]


def numbers(input_text):
    """The whitespace-separated integers of a judge input.

    >>> numbers("2\\n3 4\\n")
    [2, 3, 4]
    """
    if not isinstance(input_text, str):
        raise TypeError(f"input_text must be a str, got {type(input_text).__name__} {input_text!r}")
    out = []
    for tok in input_text.split():
        try:
            out.append(int(tok))
        except ValueError:
            raise ValueError(f"input_text must contain integers only, got {tok!r}") from None
    return out


def counted(input_text):
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
