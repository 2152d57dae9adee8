"""Tables and pictures for notebooks (HTML strings and matplotlib figures).

Nothing here imports Jupyter; the objects returned have ``_repr_html_`` so a
notebook shows them as tables and a terminal shows plain text.  One module
per topic; every public name is importable from here
(``gl.display.bash_table``).

* :mod:`~gamelab.display.tables` — :class:`Table`, :class:`Cell`,
  :func:`sequence_table`, :func:`grid_table`, the colours;
* :mod:`~gamelab.display.boards` — a position drawn from its board
  description (:func:`draw_board`, :func:`board_html`, :func:`move_words`);
* :mod:`~gamelab.display.plots`, :mod:`~gamelab.display.svg`,
  :mod:`~gamelab.display.graph` — plots, inline SVG, game graphs;
* one module per lecture topic: ``bash`` (00–01), ``one_heap`` (02), ``nim``
  (03), ``sums`` (04), ``wythoff`` (05), ``fibonacci`` (06), ``staircase``
  (07), ``misere`` (08), ``coins`` (09), ``octal`` and ``octal_values``
  (10–11), ``hackenbush`` (12), ``loopy`` (13), ``nimber`` (14), ``quotients`` (15),
  ``chomp`` and ``dots`` (the games people play, 16).
"""
from .tables import (ALERT_COLOUR, MARK_COLOUR, N_COLOUR, N_PALE, P_COLOUR, P_INK, Cell, Table,
                     bullets, grid_table, key_value_table, outcome_colour, picture, scroll_box,
                     sentence, sequence_table, table_cell, value_colour)
from .boards import board_html, describe_move, draw_board, game_board, move_words
from .browser import IN_BROWSER, browser_note
from ..fonts import plot_text
from .plots import figure_html, plot_sequence
from .svg import grid_svg, sequence_svg
from .graph import GameGraph, draw_game_graph, game_graph
from .bash import (bash_advice, bash_plot, bash_plot_html, bash_table, bash_view, pn_graph_html,
                   pn_table, pn_view, subtraction_rule)
from .one_heap import (grundy_values, one_heap_view, period_info, period_text,
                       subtraction_set_view)
from .nim import binary_table, describe_moves, moore_report, nim_report
from .sums import MENU, describe_sum_moves, sum_table, sum_view
from .wythoff import (p_position_table, plot_wythoff_grundy, plot_wythoff_outcomes,
                      wythoff_pictures, wythoff_view)
from .fibonacci import fibonacci_outcome_table, fibonacci_summary
from .staircase import plot_staircase, staircase_report
from .misere import compare_table
from .coins import coin_table
from .octal import octal_table
from .octal_values import octal_report, octal_sequence_table, period_sentence
from .hackenbush import (cut_table, draw_hackenbush, hackenbush_layout, hackenbush_position,
                         hackenbush_svg, hackenbush_view)
from .loopy import (D_COLOUR, digraph_view, draw_loopy_graph, loopy_graph, loopy_graph_svg,
                    loopy_table, sum_rule_words, token_sum_table, token_sum_view)

__all__ = [
    # tables and colours
    "Table", "Cell", "sequence_table", "grid_table", "key_value_table", "table_cell", "sentence",
    "bullets", "picture", "scroll_box", "P_COLOUR", "N_COLOUR", "MARK_COLOUR", "P_INK",
    "ALERT_COLOUR", "N_PALE", "D_COLOUR", "value_colour", "outcome_colour",
    # boards
    "draw_board", "describe_move", "game_board", "board_html", "move_words",
    # plots and pictures
    "plot_text", "plot_sequence", "figure_html", "sequence_svg", "grid_svg", "GameGraph",
    "game_graph", "draw_game_graph",
    # the lectures' tables, plots and views
    "subtraction_rule", "pn_table", "pn_graph_html", "pn_view", "bash_table", "bash_plot",
    "bash_plot_html", "bash_advice", "bash_view",
    "grundy_values", "period_info", "period_text", "one_heap_view", "subtraction_set_view",
    "binary_table", "describe_moves", "nim_report", "moore_report",
    "MENU", "sum_table", "describe_sum_moves", "sum_view",
    "plot_wythoff_outcomes", "plot_wythoff_grundy", "p_position_table", "wythoff_pictures",
    "wythoff_view",
    "fibonacci_summary", "fibonacci_outcome_table",
    "staircase_report", "plot_staircase",
    "compare_table",
    "coin_table",
    "octal_table", "octal_sequence_table", "period_sentence", "octal_report",
    "hackenbush_position", "cut_table", "hackenbush_view", "draw_hackenbush", "hackenbush_svg",
    "hackenbush_layout",
    "loopy_table", "loopy_graph", "loopy_graph_svg", "draw_loopy_graph", "digraph_view",
    "token_sum_table", "sum_rule_words", "token_sum_view",
]
from .nimber import (corner_words, nim_product_picture, nim_product_table, product_colour,
                     tartan_table)
from .quotients import quotient_table
from .chomp import (chomp_view, first_move_table, plot_three_row_chomp, three_row_table)
from .dots import (chain_words, dots_and_boxes_svg, dots_and_boxes_view, strings_and_coins_svg)

__all__ += ["browser_note", "IN_BROWSER"]
__all__ += ["nim_product_table", "nim_product_picture", "product_colour", "tartan_table",
            "corner_words"]
__all__ += ["quotient_table"]
__all__ += ["first_move_table", "three_row_table", "plot_three_row_chomp", "chomp_view"]
__all__ += ["dots_and_boxes_svg", "strings_and_coins_svg", "dots_and_boxes_view", "chain_words"]
