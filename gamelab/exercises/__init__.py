"""The course's exercises: judge problems and lecture exercises, with their checks.

A lecture imports the checks from their module, :mod:`gamelab.exercises.check`
(here ``check`` names that module, so the function is not re-exported)::

    from gamelab.exercises.check import check, run_program

The helpers an exercise statement hands to the student are reached from
here, as ``gl.exercises.new_stone_options`` and so on
(:mod:`gamelab.exercises.helpers`).  The reference solutions, and the
registration of every exercise, live in :mod:`gamelab.exercises.references`
(one module per topic), which only the teacher's edition of the package
holds; the student edition checks answers against sealed answer keys
(:mod:`gamelab.exercises.sealed`) instead.
"""

from .helpers import (hyper_knight_options, hyper_knight_table, monk_options, monks_to_staircase,
                      new_stone_options)

__all__ = ["new_stone_options", "hyper_knight_options", "hyper_knight_table", "monk_options",
           "monks_to_staircase"]
