"""Games people play at a table, each a family on the one game protocol, reached as
``gl.parlour`` (lecture 16).

* **Chomp** — a chocolate bar as its row lengths, the poisoned square included:
  :class:`Chomp`, its two-row closed form, its P-positions and first moves.
* **Strings-and-Coins and Nimstring** — coins tied by strings to one another and
  to the ground: :class:`Nimstring`, :func:`nimstring_value` (a nimber or loony).
* **Dots-and-Boxes** — a board of boxes and its drawn edges, solved exactly with
  the score on small boards; its Strings-and-Coins position; its chains and the
  long chain rule.
* **Sprouts** — positions as strings of lands, regions and boundaries of spots:
  :class:`Sprouts`, its canonical form, its lands (whose values add by ⊕) and
  :func:`sprouts_outcome` of the game of ``n`` spots.

>>> import gamelab as gl
>>> gl.parlour.chomp_p_positions(2, 3)
[(1,), (2, 1), (3, 2)]
>>> gl.parlour.Chomp is gl.Chomp
True
>>> gl.parlour.dots_and_boxes_value(2, 2), gl.parlour.nimstring_value(((-1, 0), (-1, 0)))
(2, 1)
"""
from .chomp import (TABLE_POSITIONS, Chomp, chomp_eat, chomp_first_moves, chomp_p_positions,
                    two_row_chomp_outcome)
from .nimstring import GROUND, LOONY, MAX_STRINGS, Nimstring, nimstring_outcome, nimstring_value
from .dots_and_boxes import (MAX_EDGES, MAX_SIDE, DotsAndBoxesChains, dots_and_boxes_best_move,
                             dots_and_boxes_box_edges, dots_and_boxes_chains,
                             dots_and_boxes_edge, dots_and_boxes_edge_boxes,
                             dots_and_boxes_edge_count, dots_and_boxes_edge_name,
                             dots_and_boxes_moves, dots_and_boxes_play, dots_and_boxes_strings,
                             dots_and_boxes_value)
from .sprouts import (MAX_SPOTS, Sprouts, sprouts_canonical, sprouts_lands, sprouts_outcome,
                      sprouts_start)

__all__ = [
    # Chomp: a bar of row lengths, bottom row first, the poisoned square included
    "Chomp", "chomp_eat", "two_row_chomp_outcome", "chomp_p_positions", "chomp_first_moves",
    "TABLE_POSITIONS",
    # Strings-and-Coins played as Nimstring
    "Nimstring", "nimstring_value", "nimstring_outcome", "LOONY", "GROUND", "MAX_STRINGS",
    # Dots-and-Boxes: a board (rows, columns) and its drawn edges as a bit mask
    "dots_and_boxes_value", "dots_and_boxes_moves", "dots_and_boxes_best_move",
    "dots_and_boxes_play", "dots_and_boxes_chains", "DotsAndBoxesChains",
    "dots_and_boxes_strings", "dots_and_boxes_edge", "dots_and_boxes_edge_name",
    "dots_and_boxes_edge_count", "dots_and_boxes_box_edges", "dots_and_boxes_edge_boxes",
    "MAX_EDGES", "MAX_SIDE",
    # Sprouts: positions as strings, lands and the game of n spots
    "Sprouts", "sprouts_outcome", "sprouts_start", "sprouts_canonical", "sprouts_lands",
    "MAX_SPOTS",
]
