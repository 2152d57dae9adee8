"""The words of code cells: the string literals a reader sees, as messages of a catalogue.

A code cell of a translated notebook is the English cell with the text of some
of its string literals translated, and nothing else changed.  A literal is a
*message* when its text is shown to the reader and has a word in it (three
letters, or two in lower case):

- an argument of ``print(...)`` or of a call that writes a title or a label
  (:data:`SHOWN_CALLS`: ``plt.title``, ``ax.set_xlabel``, ...);
- the value of a keyword argument that is a title, caption or label
  (:data:`SHOWN_KEYWORDS`: ``title=``, ``row_label=``, ...);
- reached from there through ``a if c else b`` (not ``c``), ``+``, ``%``,
  ``.format(...)``, ``"; ".join(...)`` of a comprehension (its element) and
  implicit concatenation;
- assigned (so reached) to a variable that the cell only shows: every use of it
  is printed (or a title, ...), alone or in a shown f-string's braces
  (``answer = ... if reply else "with no winning move"``, then
  ``print(f"gamelab answers {answer}")``), or returned by a function that the
  cell only shows (passed as a widget's ``label=`` or ``render=``); a variable
  the code also compares or computes with (``player == "first"``) is code.

Nothing else is a message: dictionary keys, names, file names, option strings
(``"misere"``), a rule or kind passed to gamelab (``gl.CoinTurning("ruler")``),
what any other function returns (a judge's answer), docstrings, programs, and
the expressions and format specs inside an f-string's braces.  A message is the literal's source
text (``f"checked on {n} positions"``, quotes and prefix included), so its
translation is a literal too (``f"在 {n} 个局面上验证"``): the same kind (an
f-string stays one) with the same placeholders, in any order.
"""
from __future__ import annotations

import ast
import copy
import re
import threading

#: Calls whose positional string arguments are shown: printed, or a figure's title or axis label.
SHOWN_CALLS = frozenset({"print", "title", "suptitle", "set_title", "xlabel", "ylabel",
                         "set_xlabel", "set_ylabel"})
#: Keyword arguments whose value is shown: a table's or figure's title, caption or labels, a game's
#: name, what a widget shows (``label=``: its moves' labels, ``render=``: its board).
SHOWN_KEYWORDS = frozenset({"title", "caption", "label", "row_label", "col_label", "value_label",
                            "xlabel", "ylabel", "name", "render"})
#: A word (three letters, or two in lower case: "of", "to"): what makes a shown literal worth translating.
WORD = re.compile(r"[A-Za-z]{3,}|\b[a-z]{2}\b")
#: Names a translation keeps in English: the games without a settled Chinese name (the
#: review of the Chinese edition lists them), people's names, the package and the names of code.
KEPT = re.compile(r"\b(?:Dawson's (?:Kayles|Chess)|Grundy's game|Lasker's Nim|Kayles|Treblecross|Guy[–-]Smith"
                  r"|Turning Turtles|Mock Turtles|Turning Corners|Acrostic Twins|Twins|Ruler|Rugs|Tartan"
                  r"|Poker-Nim|Northcott|Nim|Moore|Bash|gamelab|OEIS|DFS|mex|XOR|ulp"
                  r"|[A-Za-z_]+_[A-Za-z_]+|[a-z_]+\w*(?=\())")


#: A magic or shell line of a cell (``%matplotlib inline``), made a comment of the same length to parse.
MAGIC = re.compile(r"^([ \t]*)[%!]", re.M)
#: One parse at a time: two threads parsing at once have failed on CPython 3.11.7 with
#: "SystemError: AST constructor recursion depth mismatch".
_PARSING = threading.Lock()


def parse(source: str):
    """The syntax tree of a code cell (magics read as comments), or None if it is not Python."""
    if source.lstrip().startswith("%%"):
        return None
    try:
        with _PARSING:
            return ast.parse(MAGIC.sub(r"\1#", source))
    except SyntaxError:
        return None


def _name(func) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _parents(tree) -> dict:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def literals(tree) -> list:
    """Every string literal of ``tree`` that is not inside an f-string (plain strings and
    f-strings), in source order."""
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            up = parents.get(node)
            while up is not None and not isinstance(up, ast.JoinedStr):
                up = parents.get(up)
            if up is None:
                found.append(node)
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def text(node) -> str:
    """What a literal says: its text, with ``{}`` for each placeholder of an f-string."""
    if isinstance(node, ast.Constant):
        return node.value
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def shown(node, parents, names=frozenset()) -> bool:
    """Whether the literal ``node`` reaches the reader (see the module's docstring); ``names``
    are the variables the cell only shows (:func:`shown_names`)."""
    child, up = node, parents.get(node)
    while up is not None:
        if isinstance(up, ast.Assign) and child is up.value:
            return len(up.targets) == 1 and isinstance(up.targets[0], ast.Name) and up.targets[0].id in names
        if isinstance(up, ast.Return):
            while up is not None and not isinstance(up, ast.FunctionDef):
                up = parents.get(up)
            return up is not None and up.name in names
        if isinstance(up, ast.keyword):
            return up.arg in SHOWN_KEYWORDS
        if isinstance(up, ast.Call):
            if isinstance(up.func, ast.Attribute) and (up.func.attr == "format" and child is up.func
                                                       or up.func.attr == "join" and child in up.args):
                child, up = up, parents.get(up)
                continue
            return child in up.args and _name(up.func) in SHOWN_CALLS
        passes = ((isinstance(up, ast.IfExp) and child is not up.test)
                  or (isinstance(up, (ast.GeneratorExp, ast.ListComp)) and child is up.elt)
                  or (isinstance(up, ast.BinOp) and isinstance(up.op, (ast.Add, ast.Mod)))
                  or (isinstance(up, ast.Attribute) and up.attr == "format"))
        if not passes:
            return False
        child, up = up, parents.get(up)
    return False


def shown_names(tree, parents) -> set[str]:
    """The variables a cell only shows: each use of them is printed (or a title, ...), alone
    or in the braces of an f-string that is."""
    uses = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            up = parents.get(node)
            if isinstance(up, ast.FormattedValue) and up.value is node:
                node = parents[up]
            uses.setdefault(up.value.id if isinstance(up, ast.FormattedValue) else node.id, []).append(
                shown(node, parents))
    return {name for name, seen in uses.items() if all(seen)}


def message_nodes(tree) -> list:
    """The literals of ``tree`` that are messages: shown (:func:`shown`), with a word."""
    parents = _parents(tree)
    names = shown_names(tree, parents)
    return [n for n in literals(tree) if WORD.search(text(n)) and shown(n, parents, names)]


#: A call in a message's text (``gl.Subtraction(S).period()``, ``t(heap)``): code, not words.
CALL = re.compile(r"[\w.]+\([^()]*\)")


def words(message: str) -> str:
    """The words of a message, where the glossary's terms are looked for: its text without calls."""
    return CALL.sub(" ", text(literal(message)))


def finished(catalog, message: str):
    """The finished translation of ``message`` in ``catalog``, or None (missing, empty or fuzzy)."""
    entry = catalog.get(message)
    return entry.string if entry is not None and entry.string and not entry.fuzzy else None


def _offset(lines: list[str], line: int, col: int) -> int:
    """The character offset in the joined ``lines`` of the UTF-8 byte column ``col`` of ``line`` (1-based)."""
    return sum(len(x) + 1 for x in lines[:line - 1]) + len(lines[line - 1].encode("utf-8")[:col].decode("utf-8"))


def spans(source: str) -> list[tuple[int, int, bool]]:
    """``(start, end, message)`` of every string literal of a code cell: where it is
    in ``source`` and whether it is a message.  Empty if the cell is not Python."""
    tree = parse(source)
    if tree is None:
        return []
    lines = source.split("\n")
    chosen = {id(n) for n in message_nodes(tree)}
    return [(_offset(lines, n.lineno, n.col_offset), _offset(lines, n.end_lineno, n.end_col_offset),
             id(n) in chosen) for n in literals(tree)]


def messages(source: str) -> list[str]:
    """The messages of a code cell: the source text of each literal it shows, in order."""
    return [source[start:end] for start, end, message in spans(source) if message]


def substitute(source: str, translate) -> str:
    """``source`` with each message replaced by ``translate(message)`` (the same text when that is None)."""
    for start, end, message in reversed(spans(source)):
        if message:
            new = translate(source[start:end])
            if new is not None:
                source = source[:start] + new + source[end:]
    return source


def _placeholders(node) -> list[str]:
    if isinstance(node, ast.Constant):
        return []
    return sorted(ast.dump(v) for v in node.values if isinstance(v, ast.FormattedValue))


class _Mask(ast.NodeTransformer):
    """Every literal's text hidden; an f-string keeps only its placeholders, in sorted order."""

    def visit_JoinedStr(self, node):
        return ast.Constant(value="\0f" + "\0".join(_placeholders(node)))

    def visit_Constant(self, node):
        return ast.Constant(value="\0s") if isinstance(node.value, str) else node


def masked(tree) -> str:
    """The dump of ``tree`` with its literals masked (:class:`_Mask`), the tree left as it is."""
    return ast.dump(_Mask().visit(copy.deepcopy(tree)))


def literal(source: str):
    """The expression a message (or its translation) is: a literal, maybe over several lines."""
    with _PARSING:
        return ast.parse(f"(\n{source}\n)", mode="eval").body


def literal_problems(message: str, translation: str) -> list[str]:
    """What is wrong with the translation of one code message, alone."""
    try:
        new = literal(translation)
    except SyntaxError as exc:
        return [f"code: the translation is not a Python literal ({exc.msg})"]
    old = literal(message)
    if not isinstance(new, (ast.Constant, ast.JoinedStr)) or (
            isinstance(new, ast.Constant) and not isinstance(new.value, str)):
        return ["code: the translation is not a string literal"]
    if type(new) is not type(old):
        return ["code: an f-string must stay an f-string, a plain string a plain string"]
    if _placeholders(new) != _placeholders(old):
        return [f"code: placeholders {sorted(ast.unparse(v) for v in old.values if isinstance(v, ast.FormattedValue))!r}"
                " must be kept, each as it is"]
    return []


def cell_problems(english: str, translated: str) -> list[str]:
    """What differs between an English code cell and its translation beyond the
    text of its messages: the code, the placeholders, a literal that is not a message."""
    old, new = parse(english), parse(translated)
    if old is None:
        return [] if english == translated else ["code: a cell that is not Python changed"]
    if new is None:
        return ["code: the translated cell is not Python"]
    if masked(old) != masked(new):
        return ["code: the cell's code changed (only the text of its messages may)"]
    chosen = {id(n) for n in message_nodes(old)}
    found = []
    for a, b in zip(literals(old), literals(new)):
        if id(a) not in chosen and ast.dump(a) != ast.dump(b):
            found.append(f"code: {ast.get_source_segment(english, a)} is code, not a message: keep it")
    return found
