"""The course's exercises: judge problems and lecture exercises, with their checks.

A lecture imports the checks from their module, :mod:`gamelab.exercises.check`
(here ``check`` names that module, so the function is not re-exported)::

    from gamelab.exercises.check import check, run_program

The helpers an exercise statement hands to the student are reached from
here, as ``gl.exercises.new_stone_options`` and so on.  Each topic module
(``gamelab/exercises/<topic>.py``) registers its exercises and holds the
reference solutions of its judge problems, each reading the judge input as
text and returning the output text.
"""

from . import fibonacci  # noqa: E402,F401  (registers the exercises of lecture 06)
from . import hackenbush, takebreak  # noqa: E402,F401  (registers the exercises of lectures 10-12)
from .nim import new_stone_options
from .staircase import monk_options, monks_to_staircase
from .sums import hyper_knight_options, hyper_knight_table

__all__ = ["new_stone_options", "hyper_knight_options", "hyper_knight_table", "monk_options",
           "monks_to_staircase"]
