"""Solutions of the classic judge problems used as exercises: each function reads the judge input as text and returns the output text."""

from . import fibonacci  # noqa: E402,F401  (registers the exercises of lecture 06)
from . import hackenbush, takebreak  # noqa: E402,F401  (registers the exercises of lectures 10-12)
