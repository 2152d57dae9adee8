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
