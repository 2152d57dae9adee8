"""Nim explorers: the binary column table, Bouton's winning moves, Moore's Nim-k.

The views are :func:`gamelab.display.nim_report` and
:func:`gamelab.display.moore_report`.

References
----------
.. [1] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902).
.. [2] E. H. Moore, "A generalization of the game called Nim",
   Annals of Mathematics 11 (1910).
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from ..display.nim import moore_report, nim_report
from ._kit import Explorer, HeapSliders, int_slider

__all__ = ["NimExplorer", "MooreNimExplorer"]


class NimExplorer(Explorer):
    """Sliders for 3 to 5 Nim heaps: the binary table, the outcome and every winning move.

    Examples
    --------
    >>> ex = NimExplorer((3, 4, 5))
    >>> ex.controls["heaps"].sliders[2].value = 6            # heaps (3, 4, 6), nim-sum 1
    >>> ex.kwargs, ex.result.text.splitlines()[-1]
    ({'heaps': (3, 4, 6)}, '  take 1 from heap 1 (3 → 2)')
    """

    fallback = N_(
        "sliders for 3 to 5 Nim heaps show the heaps in binary, their nim-sum, who wins "
        "and every winning move."
    )

    def __init__(self, heaps=(3, 4, 5), *, max_heap=31, min_heaps=3, max_heaps=5):
        super().__init__({"heaps": HeapSliders(heaps, max_heap, min_heaps, max_heaps)},
                         nim_report)


class MooreNimExplorer(Explorer):
    """Moore's Nim-k: a slider for k and for each heap; the bit counts modulo k + 1.

    Examples
    --------
    >>> ex = MooreNimExplorer((1, 2, 3), k=2)
    >>> ex.controls["k"].value = 1              # ordinary Nim: 1 ^ 2 ^ 3 = 0
    >>> ex.result.text.splitlines()[-1]
    "Every bit's count is divisible by 2: a P-position."
    """

    fallback = N_("sliders for k and for every heap show the bit counts modulo k + 1 and who wins.")

    def __init__(self, heaps=(1, 2, 3, 4), k=2, *, max_heap=7, max_k=4, min_heaps=2,
                 max_heaps=5):
        k = int_slider("k", k, 1, max_k, _("k (heaps per move)"), continuous_update=False)
        # many heaps and a large k mean thousands of options: recompute on release
        heaps = HeapSliders(heaps, max_heap, min_heaps, max_heaps, continuous_update=False)
        super().__init__({"k": k, "heaps": heaps}, moore_report)
