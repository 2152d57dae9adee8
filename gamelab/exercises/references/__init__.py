"""The teacher's side of the exercises: reference solutions and their registrations.

One module per topic (``bash``, ``coins``, ``fibonacci``, ``hackenbush``,
``loopy``, ``misere``, ``nim``, ``nimber``, ``quotients``, ``staircase``,
``subtraction``, ``sums``, ``takebreak``, ``wythoff``); each holds the
reference solutions of its exercises and registers them with
:func:`gamelab.exercises.check.register`.  :func:`gamelab.exercises.check.exercises`
imports them all.

This subpackage is the teacher's edition only.  The student edition of the
package (``tools/student_package.py``) leaves it out and ships the sealed
answer keys instead (:mod:`gamelab.exercises.sealed`): the checks work the
same, and no answer can be read from them.
"""
