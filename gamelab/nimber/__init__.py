"""Nimbers: nim multiplication and the field of the non-negative integers.

With nim addition ``a ⊕ b`` (XOR) and nim multiplication

    a ⊗ b = mex{ (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b }

the non-negative integers form a field of characteristic 2 (Conway).  Its
finite subfields are the sets ``{0, ..., F - 1}`` for the *Fermat 2-powers*
``F = 2**(2**n)`` (2, 4, 16, 256, 65536, ...), of size F.  Two rules, with the
field laws, give every product (Ferguson, §5.3):

(i) a Fermat 2-power times a smaller number is their ordinary product;
(ii) a Fermat 2-power times itself is 3/2 of it: ``F ⊗ F = F ⊕ F/2``.

So with ``a = a1·F + a0`` and ``b = b1·F + b0`` (``a0, a1, b0, b1 < F``)

    a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a0b0 ⊕ a1b1 ⊗ (F/2),

products on the right being nim products of numbers below F.  Here the
middle term is found Karatsuba's way, from ``(a1 ⊕ a0) ⊗ (b1 ⊕ b0)``, so a
product of two 2k-bit numbers costs three products of k-bit numbers and one
multiplication by the constant F/2.  Below 2**16 a product is one look-up in
the log and exp tables of the field of size 65536 (built on first use from
a primitive element); a 64-bit product costs a few microseconds, and
:func:`nim_mul_array` does the same for numpy arrays of ``uint64``.

The package's modules: :mod:`~gamelab.nimber.field` (the arithmetic on
ints, unchecked), :mod:`~gamelab.nimber.scalar` (the public functions and
:class:`Nimber`) and :mod:`~gamelab.nimber.arrays` (:func:`nim_mul_array`).

The inverse uses the norm of the quadratic extension (``F`` is a root of
``x² + x + F/2`` over the field below F): ``a⁻¹ = (a1·F ⊕ a1 ⊕ a0) ⊗ N⁻¹``
with ``N = a0 ⊗ (a0 ⊕ a1) ⊕ a1² ⊗ F/2``; the square root is linear (the
Frobenius map is) and ``√F = F ⊕ √(F/2)``.

Examples
--------
>>> nim_mul(2, 2), nim_mul(4, 4), nim_mul(8, 8), nim_mul(16, 16)
(3, 6, 13, 24)
>>> nim_inv(2), nim_sqrt(8), nim_pow(2, 3)
(3, 14, 1)
>>> Nimber(5) * Nimber(3) + Nimber(1)
*14

References
----------
.. [1] J. H. Conway, *On Numbers and Games*, Academic Press (1976), ch. 6
   ("The curious field On2").
.. [2] H. W. Lenstra, "Nim multiplication", Séminaire de Théorie des Nombres
   de Bordeaux (1977–1978), exposé 11.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 2, ch. 14, A K Peters (2003).
.. [4] T. S. Ferguson, *Game Theory*, part I, §5.3 ("Nim multiplication"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
"""

from __future__ import annotations

from .arrays import ARRAY_SIZE_LIMIT, COMPILED_FROM, SCALAR_COMPILED_AFTER, nim_mul_array
from .field import GENERATOR
from .scalar import (MAX_BITS, MAX_POW_BITS, Nimber, nim_field_size, nim_inv, nim_mul,
                     nim_pow, nim_sqrt, nim_square)

__all__ = ["nim_mul", "nim_pow", "nim_inv", "nim_sqrt", "nim_square", "nim_mul_array",
           "nim_field_size", "Nimber", "MAX_BITS", "MAX_POW_BITS", "GENERATOR",
           "ARRAY_SIZE_LIMIT", "COMPILED_FROM", "SCALAR_COMPILED_AFTER"]
