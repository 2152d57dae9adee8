"""Sprouts positions as strings: reading, writing, canonical form and the moves.

This is the position half of :mod:`gamelab.parlour.sprouts` (the notation is described
there).  A position is read into *regions*, each a list of *boundaries*, each a list of
vertex numbers, with a table of the lives of every vertex; :func:`normal_lands` turns
such a structure back into canonical strings, one per land, after the reductions that
keep the game tree unchanged (dead spots dropped, a region without a move dropped, two
consecutive sites of one spot merged, a spot seen once written ``2``).

References
----------
.. [1] D. Applegate, G. Jacobson, D. Sleator, "Computer analysis of Sprouts",
   Carnegie Mellon University, CMU-CS-91-144 (1991).
.. [2] J. Lemoine, S. Viennot, "Computer analysis of Sprouts with nimbers", *Games
   of No Chance 4*, MSRI Publications 63 (2015), arXiv:1008.2320 (2010).
"""
from __future__ import annotations

from itertools import chain, combinations, permutations, product
from string import ascii_lowercase, ascii_uppercase

__all__ = ["MAX_LIVES", "parse_position", "normal_lands", "land_options", "land_lives",
           "position_string"]

#: Most lives a position may hold: those of the 11-spot game (3 each), the largest
#: start accepted.  The letters are single characters, 26 of each case: a position of
#: the n-spot game holds at most 3n / 2 shared spots, 16 for n = 11.
MAX_LIVES = 33

_TYPE = {"0": 3, "1": 2, "2": 1}          # symbol -> lives
_SYMBOL = {3: 0, 2: 1}                     # lives -> token (a letter is 3 or more)
_LETTERS = ascii_lowercase + ascii_uppercase


def _bad(text, why):
    return ValueError(f"position must be a Sprouts position string, got {text!r}: {why}")


def parse_position(text, name="position"):
    """``(regions, lives)`` read from a position string (validated).

    The lands (``]``) are checked but not kept: they are found again from the shared
    spots.  ``regions`` is a list of regions, each a list of boundaries, each a list of
    vertex numbers; ``lives[v]`` is the lives of vertex ``v``.

    >>> parse_position("0.1a1a.}]!")
    ([[[0], [1, 2, 3, 2]]], {0: 3, 1: 2, 2: 1, 3: 2})
    """
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a Sprouts position string such as '0.0.}}]!', got "
                        f"{type(text).__name__} {text!r}"[:300])
    if len(text) > 8 * MAX_LIVES:
        raise ValueError(f"{name} is too long ({len(text)} characters) for a Sprouts position")
    if not text:
        raise _bad(text, "it is empty (the end of the game, no land left, is '!')")
    body = text[:-1] if text.endswith("!") else text
    if "!" in body:
        raise _bad(text, "'!' may only end it")
    if body and not body.endswith("]"):
        raise _bad(text, "each land must end with ']' (and the position with '!')")
    regions, lives, once = [], {}, []
    lands = body.split("]")[:-1] if body else []
    for land_index, land in enumerate(lands):
        seen = {}                                   # the letters are named land by land
        if not land.endswith("}"):
            raise _bad(text, "each region must end with '}' and each land with ']'")
        for region in land.split("}")[:-1]:
            if not region.endswith("."):
                raise _bad(text, "each boundary must end with '.' and each region with '}'")
            boundaries = []
            for boundary in region.split(".")[:-1]:
                if not boundary:
                    raise _bad(text, "a boundary must hold at least one spot")
                cycle = []
                for ch in boundary:
                    if ch in _TYPE:
                        if ch == "0" and len(boundary) != 1:
                            raise _bad(text, "a spot 0 (no line yet) is a boundary by itself")
                        v = len(lives)
                        lives[v] = _TYPE[ch]
                    elif ch in _LETTERS:
                        if ch not in seen:
                            seen[ch] = [len(lives), None, len(regions), len(boundaries), 0]
                            lives[len(lives)] = 1
                        where = seen[ch]
                        where[4] += 1
                        if where[4] > 2:
                            raise _bad(text, f"the letter {ch} is seen more than twice")
                        if where[4] == 2:
                            same_region = where[2] == len(regions)
                            if same_region != (ch in ascii_lowercase):
                                raise _bad(text, f"a lower-case letter ({ch}) is seen twice in "
                                           "one region, an upper-case one in two regions")
                            if same_region and where[3] != len(boundaries):
                                raise _bad(text, f"the letter {ch} is on two boundaries of "
                                           "one region")
                        v = where[0]
                    else:
                        raise _bad(text, f"{ch!r} is not 0, 1, 2, a letter or . }} ] !")
                    cycle.append(v)
                boundaries.append(cycle)
            regions.append(boundaries)
        once += [ch for ch, where in seen.items() if where[4] != 2]
    if once:
        raise _bad(text, f"the letter {once[0]} is seen once (a spot seen once is 2)")
    total = sum(lives.values())
    if total > MAX_LIVES:
        raise ValueError(f"{name} holds {total} lives, more than MAX_LIVES = {MAX_LIVES}")
    return regions, lives


def _playable(region, lives):
    """Whether a move can be drawn in ``region``: two lives, on one spot or on two."""
    spots = {v for boundary in region for v in boundary}
    return len(spots) >= 2 or any(lives[v] >= 2 for v in spots)


def _reduce(regions, lives):
    """The regions with dead spots dropped, two consecutive sites of one spot merged,
    empty boundaries and regions without a move dropped."""
    out = []
    for region in regions:
        kept = []
        for boundary in region:
            cycle = [v for v in boundary if lives[v]]
            merged = [v for i, v in enumerate(cycle) if v != cycle[i - 1]] if len(cycle) > 1 else cycle
            if not merged and cycle:
                merged = cycle[:1]
            if merged:
                kept.append(merged)
        if kept and _playable(kept, lives):
            out.append(kept)
    return out


def _lands(regions):
    """The regions grouped into lands: regions sharing a spot are in one land."""
    owner, parent = {}, list(range(len(regions)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, region in enumerate(regions):
        for boundary in region:
            for v in boundary:
                j = owner.setdefault(v, i)
                parent[find(i)] = find(j)
    groups = {}
    for i, region in enumerate(regions):
        groups.setdefault(find(i), []).append(region)
    return list(groups.values())


def _min_rotations(seq):
    """``(least rotation, every start giving it)`` of the cyclic sequence ``seq``."""
    rotations = [tuple(seq[i:] + seq[:i]) for i in range(len(seq))]
    best = min(rotations)
    return best, [i for i, r in enumerate(rotations) if r == best]


def _land_string(land, lives):
    """The canonical string of one land (a list of reduced regions).

    Each site gets a letter-blind token: 0, 1, 2 as written; a letter seen twice in a
    region ``(3, d)``, ``d`` the steps forward to its other site; a letter shared with
    another region ``(4, s)``, ``s`` the sorted symbols of that region.  The land's
    *shape* sorts these (each boundary turned to its least rotation, the boundaries of
    a region and the regions sorted); the string is the least naming of the letters
    among the arrangements of the least shape (often one, else found by
    :func:`_search`)."""
    where, count = {}, {}
    for r, region in enumerate(land):
        for boundary in region:
            for i, v in enumerate(boundary):
                count[v] = count.get(v, 0) + 1
                where.setdefault(v, []).append((r, 0, 0))
    summary = [tuple(sorted(3 if count[v] == 2 else _SYMBOL.get(lives[v], 2)
                            for b in region for v in b)) for region in land]

    def tokens(r, cycle):
        out = []
        n = len(cycle)
        for i, v in enumerate(cycle):
            if count[v] == 1:
                out.append((_SYMBOL.get(lives[v], 2),))
                continue
            (r1, _, _), (r2, _, _) = where[v]
            if r1 != r2:
                out.append((4, summary[r2 if r1 == r else r1]))
            else:
                j = next(k for k in range(n) if cycle[k] == v and k != i)
                out.append((3, (j - i) % n))
        return out

    candidates = []
    for mirror in (False, True):
        shaped = []
        for r, region in enumerate(land):
            items = []
            for b in region:
                cycle = b[::-1] if mirror else b
                skeleton, starts = _min_rotations(tokens(r, cycle))
                items.append((skeleton, [cycle[i:] + cycle[:i] for i in starts]))
            items.sort(key=lambda item: item[0])
            shaped.append((tuple(item[0] for item in items), items))
        shaped.sort(key=lambda item: item[0])
        candidates.append((tuple(key for key, _ in shaped), shaped))
    skeleton = min(c[0] for c in candidates)
    chosen = [shaped for key, shaped in candidates if key == skeleton]

    def token(v):
        return 3 if count[v] == 2 else _SYMBOL.get(lives[v], 2)

    if len(chosen) == 1 and _unique(chosen[0], count):
        naming, out = {}, []
        for _, items in chosen[0]:
            for _, rotations in items:
                for v in rotations[0]:
                    t = token(v)
                    out.append(t if t < 3 else naming.setdefault(v, 3 + len(naming)))
        return _render(out, naming, land, skeleton)
    arrangements = [_arrangements(shaped, count) for shaped in chosen]
    if sum(len(a) for a in arrangements) <= _ENUMERATE:
        best = None
        for flat in (f for a in arrangements for f in a):
            naming, out = {}, []
            for v in flat:
                t = token(v)
                out.append(t if t < 3 else naming.setdefault(v, 3 + len(naming)))
            if best is None or out < best[0]:
                best = out, naming
        return _render(best[0], best[1], land, skeleton)
    best = [None, None]
    for shaped in chosen:
        _search([items for _, items in shaped], skeleton, token, best)
    return _render(best[0], best[1], land, skeleton)


#: Most arrangements of a land's least shape written out one by one; past it the
#: least naming is found by branch and bound (:func:`_search`).
_ENUMERATE = 32


def _arrangements(shaped, count):
    """Every arrangement of a least shape as one flat list of vertices (letter-free
    boundaries of one shape are interchangeable and kept in one order), or a list
    longer than :data:`_ENUMERATE` as soon as it would be."""
    per_region = []
    for _, items in shaped:
        options = [[]]
        k = 0
        while k < len(items):
            m = k
            while m < len(items) and items[m][0] == items[k][0]:
                m += 1
            group = items[k:m]
            if any(count[v] == 2 for v in group[0][1][0]):
                orders = list(permutations(group)) if len(group) > 1 else [group]
                choices = [list(chain.from_iterable(pick)) for order in orders
                           for pick in product(*(rotations for _, rotations in order))]
            else:
                choices = [[v for _, rotations in group for v in rotations[0]]]
            options = [o + c for o in options for c in choices]
            if len(options) > _ENUMERATE:
                return range(_ENUMERATE + 1)
            k = m
        per_region.append((options))
    keys = [key for key, _ in shaped]
    flats = [[]]
    k = 0
    while k < len(shaped):
        m = k
        while m < len(shaped) and keys[m] == keys[k]:
            m += 1
        group = range(k, m)
        blocks = [list(chain.from_iterable(pick)) for order in permutations(group)
                  for pick in product(*(per_region[i] for i in order))]
        flats = [f + b for f in flats for b in blocks]
        if len(flats) > _ENUMERATE:
            return range(_ENUMERATE + 1)
        k = m
    return flats


def _unique(shaped, count):
    """Whether the least shape has one arrangement up to letter-free repeats."""
    keys = [key for key, _ in shaped]
    if len(set(keys)) != len(keys):
        return False
    for _, items in shaped:
        for k, (key, rotations) in enumerate(items):
            lettered = any(count[v] == 2 for v in rotations[0])
            if lettered and (len(rotations) > 1 or
                             any(other == key for m, (other, _) in enumerate(items) if m != k)):
                return False
    return True


def _search(regions, keys, token, best):
    """Fill ``best = [tokens, naming]`` with the least token sequence of the land over
    the orders of regions and boundaries of one shape and the rotations giving it
    (letters numbered 3, 4, ... by first appearance), by branch and bound."""

    def place_region(ri, used, naming, out):
        if ri == len(regions):
            if best[0] is None or out < best[0]:
                best[0], best[1] = out, naming
            return
        for k, items in enumerate(regions):
            if k not in used and keys[k] == keys[ri]:
                place_boundary(items, 0, frozenset(), naming, out,
                               lambda n, o, k=k: place_region(ri + 1, used | {k}, n, o))

    def place_boundary(items, bi, used, naming, out, then):
        if bi == len(items):
            then(naming, out)
            return
        skeleton, tried = items[bi][0], set()
        for k, (key, rotations) in enumerate(items):
            if k in used or key != skeleton:
                continue
            for cycle in rotations:
                names = naming
                rendered = []
                for v in cycle:
                    t = token(v)
                    if t == 3:
                        if v not in names:
                            names = {**names, v: 3 + len(names)}
                        t = names[v]
                    rendered.append(t)
                signature = (tuple(rendered), tuple(names.items()))
                if signature in tried:
                    continue
                tried.add(signature)
                new_out = out + rendered
                if best[0] is not None and new_out > best[0][:len(new_out)]:
                    continue
                place_boundary(items, bi + 1, used | {k}, names, new_out, then)

    place_region(0, frozenset(), {}, [])


def _render(tokens, naming, land, skeleton):
    """The string of a land from its least token sequence and its shape."""
    regions_of = {}
    for r, region in enumerate(land):
        for boundary in region:
            for v in boundary:
                regions_of.setdefault(v, set()).add(r)
    in_one_region = {n: len(regions_of[v]) == 1 for v, n in naming.items()}
    letters, lower, upper = {}, 0, 0
    pieces = []
    it = iter(tokens)
    for region in skeleton:
        for boundary in region:
            for _ in boundary:
                t = next(it)
                if t < 3:
                    pieces.append("012"[t])
                    continue
                if t not in letters:
                    if max(lower, upper) >= 26:
                        raise ValueError("position has more than 26 shared spots of one kind, "
                                         "more than the letters can name")
                    if in_one_region[t]:
                        letters[t], lower = ascii_lowercase[lower], lower + 1
                    else:
                        letters[t], upper = ascii_uppercase[upper], upper + 1
                pieces.append(letters[t])
            pieces.append(".")
        pieces.append("}")
    pieces.append("]")
    return "".join(pieces)


def normal_lands(regions, lives):
    """The canonical strings of the lands of a position, sorted (a tuple).

    >>> normal_lands([[[0], [1]]], {0: 3, 1: 3})
    ('0.0.}]',)
    """
    out = []
    for land in _lands(_reduce(regions, lives)):
        out.append(_land_string(land, lives))
    return tuple(sorted(out))


def position_string(lands):
    """The position string of a tuple of land strings: the lands, then ``!``."""
    return "".join(lands) + "!"


def land_lives(land):
    """The lives of a land string (or position string): 3 per ``0``, 2 per ``1``, 1 per
    ``2`` and 1 per letter (each letter is seen twice)."""
    digits = sum(3 if ch == "0" else 2 if ch == "1" else 1 if ch == "2" else 0 for ch in land)
    return digits + sum(ch.isalpha() for ch in land) // 2


def land_options(land):
    """Every option of a land string, each a sorted tuple of land strings (repeats
    removed, order kept).

    >>> land_options("0.}]")
    [('AB.}AB.}]',)]
    """
    regions, lives = parse_position(land)
    out, seen = [], set()
    fresh = max(lives) + 1 if lives else 0
    for r, region in enumerate(regions):
        others = regions[:r] + regions[r + 1:]
        for option in _region_moves(region, lives, fresh):
            new_regions, new_lives = option
            lands = normal_lands(others + new_regions, new_lives)
            if lands not in seen:
                seen.add(lands)
                out.append(lands)
    return out


def _region_moves(region, lives, c):
    """``(new regions, new lives)`` for every line drawn in one region; ``c`` is the
    number of the new spot."""
    sites = [(b, i) for b, boundary in enumerate(region) for i in range(len(boundary))]
    for x in range(len(sites)):
        b1, i = sites[x]
        for y in range(x, len(sites)):
            b2, j = sites[y]
            u, w = region[b1][i], region[b2][j]
            if u == w and (lives[u] < 2 or x != y) or lives[u] < 1 or lives[w] < 1:
                continue
            new_lives = dict(lives)
            new_lives[u] -= 1
            new_lives[w] -= 1
            new_lives[c] = 1
            rest = [bd for k, bd in enumerate(region) if k not in (b1, b2)]
            if b1 == b2:
                cycle = region[b1]
                first = cycle[i:j + 1] + [c]
                if len(cycle) == 1:
                    second = [u, c]
                else:
                    second = cycle[j:] + cycle[:i + 1] + [c] if j > i else \
                        cycle[i:] + cycle[:i] + [u, c]
                for k in range(len(rest) + 1):
                    for inside in combinations(range(len(rest)), k):
                        one = [first] + [rest[m] for m in inside]
                        two = [second] + [rest[m] for m in range(len(rest)) if m not in inside]
                        yield [one, two], new_lives
            else:
                a, bb = region[b1], region[b2]
                loop_a = a[i:] + a[:i] + ([u] if len(a) > 1 else [])
                loop_b = bb[j:] + bb[:j] + ([w] if len(bb) > 1 else [])
                yield [rest + [loop_a + [c] + loop_b + [c]]], new_lives
