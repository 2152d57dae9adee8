"""Tables and pictures for notebooks (HTML strings and matplotlib figures).

Nothing here imports Jupyter; the objects returned have ``_repr_html_`` so a
notebook shows them as tables and a terminal shows plain text.
"""
from .tables import Table, grid_table, sequence_table, table_cell, P_COLOUR, N_COLOUR, MARK_COLOUR, value_colour
from .loopy import D_COLOUR, draw_loopy_graph, loopy_table

__all__ = ["D_COLOUR", "draw_loopy_graph", "loopy_table", "Table", "grid_table", "sequence_table", "table_cell", "P_COLOUR", "N_COLOUR", "MARK_COLOUR", "value_colour"]
