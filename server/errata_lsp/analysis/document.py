"""Source text, its lines, and the statements worth parsing: one model per version of a file.

A training script is mostly code that no rule cares about. The document is cut into chunks of
top-level statements by one regex; a class is cut further, at its methods. Only the chunks that
mention a rule's word (as code: not in a comment or a string) are parsed with `ast`, each on its
own, so a 10,000-line file costs a scan plus a few small parses, and a syntax error in one
statement leaves the findings in the others intact.

The next version of an open document is made from the previous one, so a keystroke redoes only
what it touched:

    doc = Document(text, path)                  # a file as opened (or read by the command line)
    doc = doc.edited(new_text)                  # the whole new text: the changed lines are found
    doc = doc.apply([(span, "x"), (None, t)])   # edits as the client sent them, in (line,
                                                # code-point column); None replaces everything

Lines before the edit are shared, the chunk table is rescanned from the chunk that holds the edit
until the scan agrees with the old table again, and every chunk whose text did not change keeps
its parsed tree and its facts. A chunk that only moved (lines inserted above it) keeps its tree
too, renumbered. A version handed to `edited`/`apply` is superseded: use the new one.

Per chunk, cached with its tree: its words (`Chunk.mentions`), its node tables (`ParsedChunk.index`)
and any fact a caller computes from the tree alone (`ParsedChunk.fact(name, compute)`).
`Document.chunks_mentioning(word)` and `Document.parsed(chunk)` let a query pull in, on demand,
a chunk that no trigger word picked (a constant bound below a function, a config class).

Memory is bounded by bytes: a document holds the trees of its own chunks only; the shared cache
for documents made from scratch (`PARSE_CACHE`) drops its oldest trees past `PARSE_CACHE.limit`.
A document opened to be edited (`Document(text, path, own_trees=True)`) keeps its trees out of it.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import sys
import threading
import tokenize
import warnings
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from .findings import Position, Span

LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line breaks LSP knows; str.splitlines knows more
# A line that opens a top-level definition or compound statement. Simple statements between two
# such lines stay in one chunk; a line inside a triple-quoted string does not start one (below).
TOP_LEVEL = re.compile(r"^(?:async[ \t]+def|def|class|@|if|for|while|with|try|import|from)\b", re.M)
_TOP_LEVEL_AFTER_BREAK = re.compile(r"\n(?:async[ \t]+def|def|class|@|if|for|while|with|try|import|from)\b")
# A line of a class body that starts a method (or its decorators).
MEMBER = re.compile(r"^([ \t]+)(?:async[ \t]+def|def|@)\b", re.M)
# After a class cut at its methods: the first line back at column 0 starts top-level code again.
COLUMN_ZERO = re.compile(r"^[^\s#]", re.M)
MAX_REPAIRS = 25
# What can hide such a line: a comment or a string. Only a triple-quoted string spans lines; a line
# inside one (a module docstring that shows example code) must not start a chunk analysed as code.
_HIDES_LINES = re.compile(
    r"#[^\n]*"
    r'|"""[^"\\]*(?:(?:\\(?:.|\Z)|"(?!""))[^"\\]*)*(?:"""|\Z)'  # a backslash may end the text
    r"|'''[^'\\]*(?:(?:\\(?:.|\Z)|'(?!''))[^'\\]*)*(?:'''|\Z)"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?'
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'?",
    re.S,
)
# Characters `ast` refuses anywhere in a source (a NUL byte; a lone surrogate, which has no UTF-8):
# one of them would sink every statement of its chunk. Parsing sees U+FFFD instead, one code point
# for one, so columns do not move and the damage stays in the statement that holds it.
UNPARSABLE = re.compile(r"[\x00\ud800-\udfff]")
# Lines scanned past an edit before the chunk table is expected to agree with the old one again.
RESCAN_WINDOW = 400


# --- chunks --------------------------------------------------------------------------------

_REBINDS_ANY = frozenset({"exec", "globals", "vars", "locals"})  # words of code that may rebind any global


class Chunk:
    """Lines [first, last) of the document: a run of top-level statements, or a part of a class.

    `role` is "top" for top-level statements, "class" for a class's head (decorators, the `class`
    line and what stands before the first method), "member" for one method of that class (with
    its decorators and the class-level statements after it). `head` is the class head of a member.
    """

    __slots__ = ("first", "last", "text", "role", "indent", "head", "_words", "_code", "parsed", "_grown", "_pick")

    def __init__(self, first: int, last: int, text: str, role: str = "top", indent: str = "",
                 head: Chunk | None = None):
        self.first, self.last, self.text, self.role, self.indent, self.head = first, last, text, role, indent, head
        self._words: dict[str, Any] = {}  # answers of `mentions`, and the word set
        self._code: str | None = None  # the text without comments and strings, once needed
        self.parsed: ParsedChunk | None = None
        self._grown: tuple[str, ParsedChunk, Chunk] | None = None  # parsed together with the next chunk
        self._pick: dict[int, tuple[Any, bool]] | None = None  # answers to the last `Document.chunks` questions

    @property
    def tree(self) -> ast.Module | None:
        return self.parsed.tree if self.parsed else None

    @property
    def repaired(self) -> bool:
        return bool(self.parsed and self.parsed.repaired)

    def mentions(self, word: str) -> bool:
        """`word` is used as code here (not in a comment or string): as a whole word, or, for a
        capitalised word (a class name), as the end of one (`XLAPrecision` mentions `Precision`)."""
        found = self._words.get(word)
        if found is None:
            words = self.words
            if word in words:
                found = True
            elif IDENTIFIER.fullmatch(word):
                # the substring test first: most chunks do not hold the word at all
                found = word[:1].isupper() and word in self.code_only() and any(w.endswith(word) for w in words)
            else:
                found = word in self.text and _WORD_PATTERN(word).search(self.code_only()) is not None
            self._words[word] = found
        return found

    def mentions_any(self, key: str, identifiers: Sequence[str], others: Sequence[str]) -> bool:
        """Any of `identifiers` (identifiers all) or `others` is mentioned (see `mentions`), the answer
        kept under `key`, which names the words. An identifier not in the code at all is not asked
        about: the first thing `mentions` looks for, at the cost of one substring search."""
        found = self._words.get(key)
        if found is None:
            code = self.code_only()
            found = self._words[key] = (any(w in code and self.mentions(w) for w in identifiers)
                                        or any(self.mentions(w) for w in others))
        return found

    @property
    def words(self) -> tuple[str, ...]:
        """The identifiers and keywords used as code here, each once."""
        found = self._words.get(_ALL_WORDS)
        if found is None:
            # interned: one string per identifier across the document's chunks, not one per chunk; a
            # tuple, not a set: a third of the bytes (~1 MB at 10k lines), and what is asked of it is
            # `isdisjoint` from a set of words, which walks it either way
            code = self.code_only()
            # most code is ASCII (comments and strings are blanked): the ASCII pattern finds the same words, faster
            found = self._words[_ALL_WORDS] = tuple(set(map(sys.intern, (
                _ASCII_IDENTIFIER if code.isascii() else IDENTIFIER).findall(code))))
        return found

    def says(self, word: str) -> bool:
        """`word` appears anywhere in the text, comments included, in any case (kept with the chunk)."""
        key = _SAYS + word
        found = self._words.get(key)
        if found is None:
            found = self._words[key] = word.lower() in self.text.lower()
        return found

    def may_bind(self, names: frozenset[str]) -> bool:
        """The chunk may bind one of `names` at the top level: module-level code that uses one as a
        word (`model = ...`, `a, model = ...`, `for model in ...`), a definition of one, or a
        function that declares a `global`, and code that may rebind any global (`exec(code)`,
        `globals()[key] = value`). A function that only uses the name does not."""
        words = self.words
        if names.isdisjoint(words) and _REBINDS_ANY.isdisjoint(words):
            return False
        if self.role == "member":  # a method's name is no top-level binding
            return "global" in words or "globals" in words
        if self.only_definition:  # (an `exec` in a function cannot rebind the module's names; `globals()` can)
            return "global" in words or "globals" in words or not names.isdisjoint(self.defines) \
                or not names.isdisjoint(self.decorated_on)
        return True

    @property
    def imports(self) -> bool:
        """The chunk starts with an import: `Document.chunks` picks it whatever its words."""
        return self.text.startswith(("import", "from"))

    def picked_alike(self, other: Chunk) -> bool:
        """Every question `Document.chunks` asks to pick a chunk has the same answer for `other` (its
        words and the words it ends with, what it may bind, whether it imports)."""
        return (self.role == other.role and self.code_only() == other.code_only() and self.defines == other.defines
                and self.only_definition == other.only_definition and self.imports == other.imports
                and self.decorated_on == other.decorated_on)

    @property
    def only_definition(self) -> bool:
        """The chunk is one function or class definition, with no module-level code after it (an
        assignment does not start a chunk: `X = {...}` below a function is in the function's chunk)."""
        found = self._words.get(_ONLY_DEFINITION)
        if found is None:
            start = _DEFINITION_START.search(self.text) if _DEFINES.match(self.text) else None
            line_end = self.text.find("\n", start.end()) if start is not None else -1
            found = self._words[_ONLY_DEFINITION] = start is not None and (
                line_end < 0 or _MODULE_CODE.search(self.text, line_end) is None)
        return found

    @property
    def defines(self) -> frozenset[str]:
        """Names of the functions and classes the chunk defines (nested ones too)."""
        found = self._words.get(_DEFINED)
        if found is None:
            found = self._words[_DEFINED] = frozenset(_DEFINITION_LINE.findall(self.text))
        return found

    @property
    def decorated_on(self) -> frozenset[str]:
        """Names whose attribute decorates the top-level definition (`@build.register`, `@app.command()`): the
        decorator runs at the top level and may change what the name holds (a generic function's
        implementations, a registry's entries)."""
        found = self._words.get(_DECORATED_ON)
        if found is None:
            found = self._words[_DECORATED_ON] = frozenset(_DECORATOR_OF_NAME.findall(self.text)) \
                if self.text.startswith("@") else frozenset()
        return found

    def code_signature(self) -> str:
        """The text without its comments and trailing blanks: equal signatures, equal trees."""
        found = self._words.get(_SIGNATURE)
        if found is None:
            found = self._words[_SIGNATURE] = _TRAILING.sub("", _COMMENT_OR_STRING.sub(_keep_strings, self.text))
        return found

    def code_only(self) -> str:
        if self._code is None:
            self._code = _HIDES_LINES.sub(" ", self.text)
        return self._code

    def took_code_of(self, old: Chunk) -> bool:
        """If only comments differ from `old` (a version of this chunk at its place) and it was parsed:
        its tree and its answers about code are ours too; what its comments said (`says`) is asked
        again."""
        if old.parsed is None or old.code_signature() != self.code_signature():
            return False
        self.parsed, self._pick = old.parsed, old._pick
        self._words = {k: v for k, v in old._words.items() if not k.startswith(_SAYS)}
        return True

    def moved(self, delta: int) -> Chunk:
        """The same text `delta` lines further down; its words and tree come along."""
        chunk = Chunk(self.first + delta, self.last + delta, self.text, self.role, self.indent, self.head)
        chunk._words, chunk._code, chunk._pick = self._words, self._code, self._pick
        if self.parsed is not None:
            chunk.parsed = self.parsed.moved(delta)
        return chunk

    def __repr__(self) -> str:
        return f"Chunk({self.first}, {self.last}, {self.role})"


IDENTIFIER = re.compile(r"[^\W\d]\w*")
_ASCII_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # IDENTIFIER, in a text of ASCII only
_ALL_WORDS = "\0words"  # the key of a chunk's word set among its cached answers
_SIGNATURE = "\0signature"
_DEFINED = "\0defines"
_SAYS = "\0says "
_MENTIONS_ANY = "\0mentions any "
_ONLY_DEFINITION = "\0only definition"
_DEFINES = re.compile(r"(?:@|(?:async[ \t]+)?def\b|class\b)")  # a chunk that starts with a definition
_DECORATED_ON = "\0decorated on"
_DECORATOR_OF_NAME = re.compile(r"^@[ \t]*(\w+)[ \t]*\.", re.M)  # a top-level decorator `@name.attr...`
_DEFINITION_START = re.compile(r"^(?:(?:async[ \t]+)?def|class)\b", re.M)
# A line at column 0 after a definition's first line: module-level code (not a bracket that closes a
# signature; a line of a docstring counts too, so such a chunk is picked: more, never fewer)
_MODULE_CODE = re.compile(r"\n[^\s#)\]}]")
_DEFINITION_LINE = re.compile(r"^[ \t]*(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)", re.M)
_COMMENT_OR_STRING = _HIDES_LINES
_TRAILING = re.compile(r"(?<!\\)[ \t\f]+$", re.M)  # not after a backslash: that is a syntax error


def _keep_strings(m: re.Match[str]) -> str:
    return "" if m.group().startswith("#") else m.group()


_word_patterns: dict[str, re.Pattern[str]] = {}


def _WORD_PATTERN(word: str) -> re.Pattern[str]:
    pattern = _word_patterns.get(word)
    if pattern is None:
        tail = r"(?!\w)" if word[-1:].isalnum() or word[-1:] == "_" else ""
        head = "" if word[:1].isupper() or not (word[:1].isalnum() or word[:1] == "_") else r"(?<!\w)"
        pattern = _word_patterns[word] = re.compile(head + re.escape(word) + tail)
    return pattern


# --- parsed chunks -------------------------------------------------------------------------

class ParsedChunk:
    """A chunk's tree and what is computed from it alone, kept as long as the tree.

    `tree.body` holds the chunk's statements at their line numbers in the document: a member's
    methods (without the class around them), a class head's `ast.ClassDef` (`classdef`), whose
    own statements are `own_body` (the Context puts the methods after them).
    """

    __slots__ = ("tree", "repaired", "too_deep", "classdef", "own_body", "own_end", "size", "shared", "_facts",
                 "__weakref__")

    def __init__(self, tree: ast.Module | None, repaired: bool, size: int = 0, too_deep: tuple[int, ...] = ()):
        self.tree, self.repaired, self.size = tree, repaired, size
        self.too_deep = too_deep  # 0-based lines blanked because they nest deeper than `ast` can go
        self.shared = False  # held by the shared cache: never renumbered in place
        self.classdef: ast.ClassDef | None = None
        self.own_body: list[ast.stmt] = []
        # where the head's class ends as parsed (the Context moves it to its last method's end)
        self.own_end: tuple[int, int] = (0, 0)
        self._facts: dict[Any, Any] = {}

    def fact(self, name: Any, compute: Callable[[ParsedChunk], Any]) -> Any:
        """`compute(self)`, once per tree: for what depends on this chunk's tree alone."""
        facts = self._facts
        if name not in facts:
            facts[name] = compute(self)
        return facts[name]

    @property
    def index(self) -> tuple[dict[type, list[ast.AST]], dict[ast.AST, ast.AST]]:
        """Nodes by type and their parents, in document order (the chunk's own statements have
        no parent here: the Context gives them the module, or their class)."""
        return cast("tuple[dict[type, list[ast.AST]], dict[ast.AST, ast.AST]]", self.fact("index", _index))

    def moved(self, delta: int) -> ParsedChunk | None:
        """This tree renumbered `delta` lines down (None when the tree is shared: parse again).
        Only the node tables come along; other facts are computed again."""
        if self.shared:
            return None
        if self.classdef is not None:  # the head: without the methods the last Context put in it
            self.classdef.body = list(self.own_body)
        moved = ParsedChunk(self.tree, self.repaired, self.size, tuple(line + delta for line in self.too_deep))
        moved.classdef, moved.own_body = self.classdef, self.own_body
        moved.own_end = (self.own_end[0] + delta, self.own_end[1])
        if delta and self.tree is not None:
            moved._facts["index"] = _index(moved, delta)  # its nodes renumbered on the way
        elif "index" in self._facts:
            moved._facts["index"] = self._facts["index"]
        self.tree = None  # this version is superseded
        return moved


def _index(parsed: ParsedChunk, shift: int = 0) -> tuple[dict[type, list[ast.AST]], dict[ast.AST, ast.AST]]:
    """The chunk's node tables; with `shift`, every node of the chunk is also moved that many lines
    down on the way (the one place lines are renumbered): a tree parsed alone gets its lines in the
    document for almost nothing, and a tree whose lines moved gets new tables for the same walk."""
    by_type: dict[type, list[ast.AST]] = {}
    parents: dict[ast.AST, ast.AST] = {}
    with_lines: set[type] = {ast.ClassDef} if shift else set()  # kinds whose nodes are shifted
    classdef = parsed.classdef
    top = parsed.own_body if classdef is not None else (parsed.tree.body if parsed.tree else [])
    if classdef is not None:  # the head: its class with the class's own statements only
        by_type.setdefault(ast.ClassDef, []).append(classdef)
        stack: list[ast.AST] = []
        for field in ("decorator_list", "bases", "keywords"):
            for child in getattr(classdef, field):
                parents[child] = classdef
                stack.append(child)
        for stmt in top:
            parents[stmt] = classdef
        stack = list(reversed(stack + list(top)))
    else:
        stack = list(reversed(top))
    # One int object per line number: a shifted number past 256 is a new int on each node that holds
    # it (two per node, ~1.2 MB at 10k lines), so each is taken from this table of the chunk's lines.
    heads = [*top, classdef] if classdef is not None else top
    low = min((d.lineno for s in heads for d in (s, *getattr(s, "decorator_list", ()))), default=0)
    high = max((s.end_lineno or s.lineno for s in heads), default=0)
    numbers = list(range(low + shift, high + shift + 1)) if shift else []
    size = len(numbers)
    # `ast.iter_child_nodes` inlined (a generator per node was a third of the walk), and without the
    # operator and load/store leaves: shared singletons no rule asks for, a third of all nodes.
    node_class, leaves, pop, push = ast.AST, _LEAVES, stack.pop, stack.extend
    slots_of = _CHILD_SLOTS
    while stack:
        node = pop()
        kind = node.__class__
        found = by_type.get(kind)
        if found is None:
            found = by_type[kind] = []
            if shift and "lineno" in kind._attributes:
                with_lines.add(kind)
        if kind in with_lines:
            line = node.lineno - low  # type: ignore[attr-defined]
            node.lineno = numbers[line] if 0 <= line < size else line + low + shift  # type: ignore[attr-defined]
            line = node.end_lineno  # type: ignore[attr-defined]
            if line is not None:
                line -= low
                node.end_lineno = numbers[line] if 0 <= line < size else line + low + shift  # type: ignore[attr-defined]
        found.append(node)
        slots = slots_of.get(kind)
        if slots is None:
            slots = _child_slots(kind)
        if not slots:  # a name, a constant: most nodes
            continue
        children = []
        if isinstance(slots, tuple):  # the grammar's node fields: a list of nodes (or None), or a node or None
            for name, many in slots:
                value = getattr(node, name, None)
                if many:
                    if value:
                        children += value
                        if None in value:  # `Dict.keys` of a `**`, `arguments.kw_defaults` of none
                            children = [item for item in children if item is not None]
                elif value is not None:
                    children.append(value)
        else:  # a class without a grammar line: every field, told by what it holds
            for field in slots:
                value = getattr(node, field, None)
                if value.__class__ is list:
                    children += [item for item in value if isinstance(item, node_class) and not isinstance(item, leaves)]
                elif isinstance(value, node_class) and not isinstance(value, leaves):
                    children.append(value)
        for child in children:
            parents[child] = node
        children.reverse()
        push(children)
    if classdef is not None and shift:  # the class itself and its type parameters, left out of the tables
        for node in [classdef, *(n for p in getattr(classdef, "type_params", ()) for n in ast.walk(p))]:
            if "lineno" in node._attributes:
                node.lineno += shift  # type: ignore[attr-defined]
                if getattr(node, "end_lineno", None) is not None:
                    node.end_lineno += shift  # type: ignore[attr-defined]
    return by_type, parents


_LEAVES = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
# Field types of the grammar that never hold a node the walks look at: values, and the leaves above.
_NO_CHILD = frozenset({"identifier", "string", "int", "constant", "expr_context", "boolop", "operator", "unaryop",
                       "cmpop"})
_SIGNATURE_LINE = re.compile(r"\w+\((.*)\)")
CHILD_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}


def child_fields(kind: type[ast.AST]) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes other than the leaves: every field but those the
    grammar types as an identifier, a string, a number, a constant or a leaf (`Name(identifier id,
    expr_context ctx)` has none), read from the class's signature line; all its fields if it has none."""
    found = CHILD_FIELDS.get(kind)
    if found is None:
        grammar = _grammar_line(kind)
        if grammar is not None:
            found = tuple(name for type_, name in grammar if type_.rstrip("*?") not in _NO_CHILD)
        else:
            found = tuple(kind._fields)
        CHILD_FIELDS[kind] = found
    return found


def _grammar_line(kind: type[ast.AST]) -> list[tuple[str, str]] | None:
    """The type and name of each field of a node class, as the grammar line that opens its docstring says
    (`Name(identifier id, expr_context ctx)`); None when there is none or it does not name the fields."""
    match = _SIGNATURE_LINE.fullmatch((kind.__doc__ or "").split("\n", 1)[0].strip())
    parts = [p.split() for p in match.group(1).split(",") if p.strip()] if match else []
    if [p[-1] for p in parts] == list(kind._fields) and all(len(p) == 2 for p in parts):
        return [(type_, name) for type_, name in parts]
    return None


_CHILD_SLOTS: dict[type[ast.AST], tuple[tuple[str, bool], ...] | list[str]] = {}


def _child_slots(kind: type[ast.AST]) -> tuple[tuple[str, bool], ...] | list[str]:
    """What `_index` reads of a node class: the fields its grammar line types as nodes (other than
    the leaves), each with whether it is a sequence (`expr* elts`), as a tuple; for a class without
    a grammar line, the list of all its fields (each told apart by what it holds)."""
    found = _CHILD_SLOTS.get(kind)
    if found is None:
        grammar = _grammar_line(kind)
        if grammar is not None:
            found = tuple((name, type_.endswith("*")) for type_, name in grammar if type_.rstrip("*?") not in _NO_CHILD)
        else:
            found = list(kind._fields)
        _CHILD_SLOTS[kind] = found
    return found


class ParseCache:
    """Parsed chunks by (line, text), for documents made from scratch; bounded by bytes.

    A tree costs about TREE_BYTES_PER_CHAR bytes per character of source (nodes, their tables).
    """

    TREE_BYTES_PER_CHAR = 120

    def __init__(self, limit: int = 48 * 2**20):
        self.limit = limit
        self.bytes = 0
        self._entries: OrderedDict[tuple[int, str, str], ParsedChunk] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[int, str, str]) -> ParsedChunk | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: tuple[int, str, str], parsed: ParsedChunk) -> None:
        cost = parsed.size
        with self._lock:
            if key in self._entries or cost > self.limit:
                return
            self._entries[key] = parsed
            parsed.shared = True
            self.bytes += cost
            while self.bytes > self.limit:
                _, old = self._entries.popitem(last=False)
                self.bytes -= old.size

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)


PARSE_CACHE = ParseCache()
_UNASKED = object()


def answer(text: str, question: tuple[str, str, int]) -> object:
    """The answer to a question of `Document.contains`, `search` or `count` for `text`."""
    kind, pattern, flags = question
    if kind == "in":
        return pattern in text
    if kind == "search":
        return re.search(pattern, text, flags) is not None
    return len(re.findall(pattern, text, flags))
_SERIALS = itertools.count()


# --- the document --------------------------------------------------------------------------

class Document:
    """One version of a file: its text, lines, and chunk table."""

    def __init__(self, text: str, path: str | None = None, *, own_trees: bool = False,
                 _lines: list[str] | None = None, _table: _Table | None = None):
        self.text = text
        self.path = path
        self.lines = _lines if _lines is not None else _split(text)
        self.bom = text.startswith("\ufeff")
        # made from an earlier version, or opened to be edited: its trees are its own, not the shared
        # cache's (renumbered in place when lines move above them; the cache would keep a second copy)
        self._shared = _table is not None or own_trees
        self.serial = next(_SERIALS)
        # (previous version's serial, first line, end in the previous version, end here) of the one
        # edit that made this version from the previous one, if it was made so
        self.edit: tuple[int, int, int, int] | None = None
        self._table = _table if _table is not None else _Table.scan(self)
        # What was read of this version's text beyond its trees: questions about the whole text
        # (`contains`, `search`, `count`) with their answers, and the lines read (first, last) by a
        # slice or, while the rules run, through `lines`. Findings kept for a next version hold only
        # while these read the same there: a rule asks these questions, it does not read `text`.
        self.asked: dict[tuple[str, str, int], object] = {}
        self.read_lines: set[tuple[int, int]] = set()
        # While the rules run: each node's span, which many rules ask for the same nodes (None otherwise)
        self.spans: dict[int, tuple[ast.AST, Span]] | None = None

    # --- versions ----------------------------------------------------------------------------
    def edited(self, text: str) -> Document:
        """The next version, from its whole text: only the lines that differ are rescanned."""
        if text == self.text:
            return self
        if text.startswith("\ufeff") != self.bom or "\r" in text or "\r" in self.text:
            return self._derive_by_lines(text)
        old = self.text
        head = _common_prefix(old, text)
        tail = _common_suffix(old, text, min(len(old), len(text)) - head) if head < len(old) else 0
        a = old.count("\n", 0, head)  # the first edited line
        start = old.rfind("\n", 0, head) + 1  # its offset, in both texts
        kept_from = len(old) - tail  # offset of the first line that stays (in the old text)
        if tail and not ((kept_from == 0 or old[kept_from - 1] == "\n")
                         and (len(text) == tail or text[len(text) - tail - 1] == "\n")):
            found = old.find("\n", kept_from)
            kept_from = len(old) + 1 if found < 0 else found + 1  # after the end: no line stays
        elif not tail:
            kept_from = len(old) + 1
        old_end = old.count("\n", 0, kept_from) if kept_from <= len(old) else len(self.lines)
        kept_at = len(text) - (len(old) - kept_from)  # the same offset in the new text
        if kept_from > len(old):
            middle = text[start:].split("\n")
        else:
            middle = text[start:kept_at - 1].split("\n") if kept_at > start else []
        lines = self.lines[:a] + middle + self.lines[old_end:]
        return self._derive(text, lines, a, old_end, a + len(middle))

    def renamed(self, path: str | None) -> Document:
        """The same text as the file at `path` (a closed file opened under another name): its lines,
        chunks and trees come along; what was read of the text is asked again."""
        return self if path == self.path else Document(self.text, path, _lines=self.lines, _table=self._table)

    def _derive_by_lines(self, text: str) -> Document:
        lines = _split(text)
        old = self.lines
        if text.startswith("\ufeff") != self.bom:
            return Document(text, self.path, own_trees=self._shared)
        n = min(len(old), len(lines))
        a = 0
        while a < n and old[a] == lines[a]:
            a += 1
        b = 0
        while b < n - a and old[-1 - b] == lines[-1 - b]:
            b += 1
        return self._derive(text, lines, a, len(old) - b, len(lines) - b)

    def apply(self, changes: Iterable[tuple[Span | None, str]]) -> Document:
        """The next version, from edits in (line, code-point column) of the text they apply to,
        in order (each one to the text the previous one left); a None span replaces the text."""
        doc = self
        for span, new_text in changes:
            if span is None or "\r" in doc.text or "\r" in new_text:
                text = new_text if span is None else doc._replaced(span, new_text)
                doc = doc.edited(text)  # a break kind that a splice cannot tell: compare lines
                continue
            start, end = sorted((span.start, span.end))
            text = doc._replaced(span, new_text)
            first, last = min(start.line, len(doc.lines) - 1), min(end.line, len(doc.lines) - 1)
            before = doc.lines[first][:start.column] if start.line < len(doc.lines) else doc.lines[-1]
            after = doc.lines[last][end.column:] if end.line < len(doc.lines) else ""
            middle = (before + new_text + after).split("\n")
            lines = doc.lines[:first] + middle + doc.lines[last + 1:]
            if text.startswith("\ufeff") != doc.bom:
                doc = Document(text, doc.path, own_trees=doc._shared)
                continue
            doc = doc._derive(text, lines, first, last + 1, first + len(middle))
        return doc

    def _replaced(self, span: Span, new_text: str) -> str:
        start, end = sorted((span.start, span.end))
        return self.text[:self._offset(start)] + new_text + self.text[self._offset(end):]

    def _offset(self, pos: Position) -> int:
        """Offset in `text` of a (line, code-point column), clamped to the text."""
        if pos.line >= len(self.lines):
            return len(self.text)
        line = max(pos.line, 0)
        if "\r" not in self.text:
            offset = sum(map(len, self.lines[:line])) + line
        else:
            offset = 0
            if line:
                for number, m in enumerate(LINE_BREAK.finditer(self.text), 1):
                    if number == line:
                        offset = m.end()
                        break
        return offset + min(max(pos.column, 0), len(self.lines[line]))

    def _derive(self, text: str, lines: list[str], a: int, old_end: int, new_end: int) -> Document:
        """The version whose lines [a, new_end) replace this one's [a, old_end)."""
        doc = Document(text, self.path, _lines=lines, _table=_Table.empty())
        table = self._table.one_line(doc, a, self.lines[a]) if old_end == new_end == a + 1 else None
        doc._table = table if table is not None else self._table.rescan(doc, a, old_end, new_end)
        doc.edit = (self.serial, a, old_end, new_end)
        return doc

    def mentions(self, words: Iterable[str]) -> bool:
        return any(w in self.text for w in words)

    # --- positions -------------------------------------------------------------------------
    def column(self, line: int, utf8_col: int) -> int:
        """Code-point column of an `ast` (UTF-8 byte) column on a 0-based line."""
        text = self.lines[line] if line < len(self.lines) else ""
        if self.bom and line == 0:
            text = text[1:]
        if text.isascii() and "\x00" not in text:
            col = utf8_col
        else:  # a NUL is one byte here but three as the U+FFFD `ast` saw
            text = UNPARSABLE.sub("\ufffd", text)  # as `ast` saw it
            col = len(text.encode("utf-8")[:utf8_col].decode("utf-8", errors="ignore"))
        return col + 1 if self.bom and line == 0 else col

    def span(self, node: ast.AST) -> Span:
        spans = self.spans
        if spans is None:
            return self._span(node)
        found = spans.get(id(node))
        if found is None or found[0] is not node:  # the node kept with its span: its id is not reused
            found = spans[id(node)] = (node, self._span(node))
        return found[1]

    def _span(self, node: ast.AST) -> Span:
        line, end_line = node.lineno - 1, node.end_lineno - 1  # type: ignore[attr-defined]
        return Span(
            Position(line, self.column(line, node.col_offset)),  # type: ignore[attr-defined]
            Position(end_line, self.column(end_line, node.end_col_offset)),  # type: ignore[attr-defined]
        )

    def slice(self, span: Span) -> str:
        self.read_lines.add((span.start.line, span.end.line))
        if span.start.line == span.end.line:
            return self.lines[span.start.line][span.start.column:span.end.column]
        parts = [self.lines[span.start.line][span.start.column:]]
        parts.extend(self.lines[span.start.line + 1:span.end.line])
        parts.append(self.lines[span.end.line][:span.end.column])
        return "\n".join(parts)

    def source(self, node: ast.AST) -> str:
        shown = getattr(node, "shown", None)  # a stand-in for a value read from a data file: how it reads
        if isinstance(shown, str):
            return shown
        return self.slice(self.span(node))

    def end(self) -> Position:
        return Position(len(self.lines) - 1, len(self.lines[-1]))

    # --- questions about the whole text --------------------------------------------------------
    def contains(self, piece: str) -> bool:
        """`piece` is somewhere in the text (comments and strings included)."""
        return self._ask(("in", piece, 0))  # type: ignore[return-value]

    def search(self, pattern: str, flags: int = 0) -> bool:
        """The regular expression matches somewhere in the text."""
        return self._ask(("search", pattern, flags))  # type: ignore[return-value]

    def count(self, pattern: str, flags: int = 0) -> int:
        """How many times the regular expression matches in the text."""
        return self._ask(("count", pattern, flags))  # type: ignore[return-value]

    def _ask(self, question: tuple[str, str, int]) -> object:
        found = self.asked.get(question, _UNASKED)
        if found is _UNASKED:
            found = self.asked[question] = answer(self.text, question)
        return found

    def line_indent(self, line: int) -> str:
        text = self.lines[line]
        return text[: len(text) - len(text.lstrip(" \t"))]

    # --- chunks ----------------------------------------------------------------------------
    @property
    def all_chunks(self) -> Sequence[Chunk]:
        """Every chunk, in document order, parsed or not."""
        return self._table.chunks

    @property
    def cut_chunks(self) -> tuple[int, ...] | None:
        """The indices of the chunks cut from the text of the edit that made this version (`edit`);
        the others are the previous version's, at their place or moved by the lines it added. None
        when not made by one edit from a previous version."""
        return self._table.cut if self.edit is not None else None

    def chunks_mentioning(self, word: str) -> list[Chunk]:
        """Chunks that use `word` as code (see `Chunk.mentions`), parsed or not."""
        return [c for c in self._table.chunks if c.mentions(word)]

    def chunk_at(self, line: int) -> Chunk | None:
        chunks = self._table.chunks
        i = bisect_right(self._table.firsts, line) - 1
        return chunks[i] if i >= 0 and line < chunks[i].last else None

    def parsed(self, chunk: Chunk) -> ParsedChunk:
        """The chunk's tree, parsed now if it was not (a member without its class is parsed alone)."""
        if chunk.parsed is None:
            chunk.parsed = self._parse(chunk)
        return chunk.parsed

    def chunks(self, words: Iterable[str], exact: Iterable[str] = (), binding: Iterable[str] = (),
               together: Iterable[tuple[frozenset[str], frozenset[str]]] = ()) -> list[Chunk]:
        """Parsed chunks that mention any of `words` (see `Chunk.mentions`) or use any of `exact` as
        a whole word, that may bind any of `binding` at the top level (see `Chunk.may_bind`), or that
        use as whole words one of each set of a pair in `together`, and the top-level imports, in
        document order.

        A class comes whole (its head and every method) when any part of it is picked.
        """
        key = _question(frozenset(words), frozenset(exact), frozenset(binding), frozenset(together))
        whole = key[0] | key[1]
        bound = key[2]
        pairs = key[3]
        suffixes = sorted(w for w in key[0] if w[:1].isupper() or not IDENTIFIER.fullmatch(w))
        named = [w for w in suffixes if IDENTIFIER.fullmatch(w)]
        others = [w for w in suffixes if not IDENTIFIER.fullmatch(w)]
        suffix_key = _MENTIONS_ANY + "\0".join(suffixes)

        def picked(chunk: Chunk) -> bool:
            answers = chunk._pick
            if answers is None:
                answers = chunk._pick = {}
            answer = answers.get(id(key))
            if answer is not None and answer[0] is key:
                return answer[1]
            words = chunk.words
            found = (not whole.isdisjoint(words) or bool(suffixes) and chunk.mentions_any(suffix_key, named, others)
                     or bool(bound) and chunk.may_bind(bound)
                     or any(not a.isdisjoint(words) and not b.isdisjoint(words) for a, b in pairs))
            if len(answers) >= 4:  # the last few questions only: word sets change as names do
                answers.clear()
            answers[id(key)] = (key, found)  # the key kept alive with it: its id is not reused
            return found

        table = self._table.chunks
        out: list[Chunk] = []
        i = 0
        while i < len(table):
            chunk = table[i]
            if chunk.role == "class":
                j = i + 1
                while j < len(table) and table[j].role == "member":
                    j += 1
                group = table[i:j]
                if any(picked(c) for c in group):
                    out.extend(self._class_group(group))
                i = j
                continue
            if chunk.imports or picked(chunk):
                parsed_chunk, used = self._top(i)
                out.append(parsed_chunk)
                i += used
            else:
                i += 1
        return out

    def _class_group(self, group: list[Chunk]) -> list[Chunk]:
        head = group[0]
        parsed = self.parsed(head)
        if parsed.classdef is None:  # the head does not parse as a class: the class as one chunk
            whole = Chunk(head.first, group[-1].last, "".join(c.text for c in group))
            whole.parsed = self._cached(whole)
            return [whole]
        for member in group[1:]:
            self.parsed(member)
        return group

    def _top(self, i: int) -> tuple[Chunk, int]:
        """The top-level chunk at i, parsed; one cut inside a string or brackets is grown once
        (with the whole next top-level run: a class and its members count as one)."""
        table = self._table.chunks
        chunk = table[i]
        if chunk.parsed is None:
            plain = self._cached(chunk, repair=False)
            if plain.tree is not None:
                chunk.parsed = plain
        if chunk.parsed is not None and not chunk.parsed.repaired or i + 1 >= len(table):
            return (chunk, 1) if chunk.parsed is not None else (self._repaired(chunk), 1)
        j = i + 2
        while j < len(table) and table[j].role == "member":
            j += 1
        following = "".join(c.text for c in table[i + 1:j])
        grown = chunk._grown
        if grown is None or grown[0] != following or grown[2].last != table[j - 1].last:
            whole = Chunk(chunk.first, table[j - 1].last, chunk.text + following)
            whole.parsed = self._cached(whole, repair=False)
            chunk._grown = grown = (following, whole.parsed, whole)
        if grown[1].tree is not None:
            return grown[2], j - i
        return self._repaired(chunk), 1

    def _repaired(self, chunk: Chunk) -> Chunk:
        if chunk.parsed is None:
            chunk.parsed = self._cached(chunk)
        return chunk

    def _parse(self, chunk: Chunk) -> ParsedChunk:
        if chunk.role == "class":
            return _parse_head(chunk)  # a head's class is re-filled by each Context: never shared
        return self._cached(chunk)

    def _cached(self, chunk: Chunk, repair: bool = True) -> ParsedChunk:
        key = (chunk.first, chunk.text, chunk.role + chunk.indent + ("" if repair else "!"))
        if not self._shared:
            found = PARSE_CACHE.get(key)
            if found is not None:
                return found
        parsed = _parse_member(chunk) if chunk.role == "member" else parse_chunk(chunk.first, chunk.text, repair)
        if not self._shared:
            PARSE_CACHE.put(key, parsed)
        return parsed


_Question = tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[tuple[frozenset[str], frozenset[str]]]]
_questions: OrderedDict[_Question, _Question] = OrderedDict()
_questions_lock = threading.Lock()


def _question(words: frozenset[str], exact: frozenset[str], binding: frozenset[str] = frozenset(),
              together: frozenset[tuple[frozenset[str], frozenset[str]]] = frozenset()) -> _Question:
    """One object per question asked recently, so a chunk's answers are found by its id. A question
    is kept while it is among the last 64 (a chunk holds answers to its last 4 only)."""
    key = (words, exact, binding, together)
    with _questions_lock:
        found = _questions.get(key)
        if found is None:
            found = _questions[key] = key
            while len(_questions) > 64:
                _questions.popitem(last=False)
        else:
            _questions.move_to_end(key)
        return found


def _split(text: str) -> list[str]:
    return text.split("\n") if "\r" not in text else LINE_BREAK.split(text)


def _common_suffix(a: str, b: str, limit: int) -> int:
    """How many trailing characters `a` and `b` share (at most `limit`)."""
    n = min(len(a), len(b), limit)
    block = 8192
    i = 0  # a[-i:] == b[-i:]
    while i < n and a[len(a) - min(i + block, n):len(a) - i] == b[len(b) - min(i + block, n):len(b) - i]:
        i = min(i + block, n)
    if i >= n:
        return n
    lo, hi = i, min(i + block, n)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[len(a) - mid:len(a) - lo] == b[len(b) - mid:len(b) - lo]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_prefix(a: str, b: str, limit: int | None = None) -> int:
    """How many leading characters `a` and `b` share (at most `limit`): block compares, then a
    binary search inside the first block that differs."""
    n = min(len(a), len(b)) if limit is None else min(len(a), len(b), limit)
    block = 8192
    i = 0
    while i < n and a[i:i + block] == b[i:i + block]:
        i += block
    if i >= n:
        return n
    lo, hi = i, min(i + block, n)
    while lo < hi:  # a[:lo] == b[:lo] and the first difference is before hi
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


# --- the chunk table ---------------------------------------------------------------------

class _Table:
    """Chunk starts and the multi-line comments and strings they were found among.

    `spans` holds each token that runs over a line break as (first line, last line, hides): the
    line starts first+1..last are inside it; `hides` for a closed triple-quoted string, the only
    token whose inner lines cannot start a chunk.

    `cut`: for a table made from the previous version's, the indices of the chunks cut from the
    edited text; every other chunk is one of the previous table's, at its place or moved by the
    lines the edit added (None for a table scanned from scratch).
    """

    __slots__ = ("starts", "spans", "chunks", "firsts", "cut")

    def __init__(self, starts: list[int], spans: list[tuple[int, int, bool]], chunks: list[Chunk],
                 cut: tuple[int, ...] | None = None):
        self.starts, self.spans, self.chunks, self.cut = starts, spans, chunks, cut
        self.firsts = [c.first for c in chunks]

    @classmethod
    def empty(cls) -> _Table:
        return cls([0], [], [])

    @classmethod
    def scan(cls, doc: Document) -> _Table:
        # the whole text is what `_scan` would join from the lines, unless it has a `\r` or a BOM
        whole = doc.text if "\r" not in doc.text and not doc.bom else None
        starts, spans = _scan(doc.lines, 0, len(doc.lines), doc.bom, whole)
        return cls(starts, spans, _cut(doc.lines, starts + [len(doc.lines)], spans, doc.bom))

    def one_line(self, doc: Document, a: int, old_line: str) -> _Table | None:
        """The table for `doc`, whose line `a` replaced `old_line` of ours, when that cannot move a
        chunk's bounds (None otherwise, for `rescan`): typing in a comment, in an indented line or
        inside a docstring.

        Outside multi-line tokens: both lines are indented the same, or both whole-line comments at
        the same indent; neither can start or end a string or a comment (no quote, backslash or `#`
        in code), nor start a method (the same `MEMBER` answer), nor decide a decorator's run (the
        same first character class). Inside a closed triple-quoted string (not its first or last
        line): no quote or backslash that could end it, the same indent and first character. Then
        `_scan` and `_cut` find the same starts, tokens and chunks, and only the text of the chunk
        holding line `a` changes, at O(chunk).
        """
        new_line = doc.lines[a]
        if a == 0 or not self.firsts:
            return None
        token = next(((first, last, hides) for first, last, hides in self.spans if first <= a <= last), None)
        if token is None:
            if not _scanned_alike(old_line, new_line):
                return None
        elif not (token[2] and token[0] < a < token[1] and _same_string_line(old_line, new_line)):
            return None
        i = bisect_right(self.firsts, a) - 1
        old = self.chunks[i] if i >= 0 else None
        if old is None or not old.first <= a < old.last:
            return None
        chunk = Chunk(old.first, old.last, _code_of(doc.lines, old.first, old.last, doc.bom), old.role,
                      old.indent, old.head)
        chunk.took_code_of(old)  # if a comment changed
        chunks = list(self.chunks)
        chunks[i] = chunk
        if chunk.role == "class":
            _under_their_heads(chunks, i, to_end=False)
        return _Table(self.starts, self.spans, chunks, (i,))

    def rescan(self, doc: Document, a: int, old_end: int, new_end: int) -> _Table:
        """The table for `doc`, whose lines [a, new_end) replaced lines [a, old_end) of ours."""
        delta = new_end - old_end
        lines = doc.lines
        crossed_old = _crossed(self.spans)
        # resume at the last start before the edit that no token runs over
        k = bisect_right(self.starts, a - 1) - 1
        while k > 0 and self.starts[k] in crossed_old:
            k -= 1
        resume = self.starts[k] if k >= 0 else 0
        # far enough to reach the next old start below the edit: an edit inside a long class or
        # function would otherwise scan a window, find no start to resume the old table at, and scan again
        following = bisect_right(self.starts, old_end - 1)
        reach = self.starts[following] + delta - new_end if following < len(self.starts) else 0
        window = max(RESCAN_WINDOW, reach + 8)
        while True:
            stop = min(len(lines), new_end + window)
            starts, spans = _scan(lines, resume, stop, doc.bom and resume == 0)
            sync = None
            if stop < len(lines):
                crossed_new = _crossed(spans)
                old_starts = set(self.starts)
                limit = stop - 2  # tokens that reach the window's end may differ from the real ones
                for line in starts:
                    if (new_end <= line < limit and line not in crossed_new and line - delta in old_starts
                            and line - delta not in crossed_old):
                        sync = line
                        break
                if sync is None:
                    window *= 4
                    continue
            break
        head = self.starts[:k if k >= 0 else 0]
        old_spans_before = [s for s in self.spans if s[1] < resume]
        if sync is None:
            new_starts = head + starts
            new_spans = old_spans_before + spans
            new_chunks_end = len(lines)
        else:
            new_starts = head + [s for s in starts if s < sync] + [s + delta for s in self.starts if s >= sync - delta]
            new_spans = (old_spans_before + [s for s in spans if s[0] < sync]
                         + [(f + delta, last + delta, h) for f, last, h in self.spans if f >= sync - delta])
            new_chunks_end = sync
        if not new_starts or new_starts[0] != 0:
            new_starts = [0] + new_starts
        # chunks: before `resume` kept, [resume, end) cut again (reusing equal texts), after shifted
        old_chunks = self.chunks
        lo = bisect_right(self.firsts, resume - 1)
        hi = len(old_chunks) if sync is None else bisect_right(self.firsts, sync - delta - 1)
        kept = old_chunks[:lo]
        region = [s for s in new_starts if resume <= s < new_chunks_end] + [new_chunks_end]
        fresh = _cut(lines, region, new_spans, doc.bom) if region[0] < new_chunks_end else []
        reusable: dict[tuple[int, int, str, str, str], Chunk] = {}
        edited: dict[tuple[int, str, str], Chunk] = {}  # chunks the edit touched, by place
        # and by text: a text replaced as a whole (a file opened again after it changed) moves the
        # chunks between its first and last difference
        texts: dict[tuple[int, str, str, str], list[Chunk]] = {}
        for c in old_chunks[lo:hi]:  # keyed with its last line too: the file's last empty line has no text
            if c.last <= a:
                reusable[(c.first, c.last, c.text, c.role, c.indent)] = c
            elif old_end <= c.first:
                reusable[(c.first + delta, c.last + delta, c.text, c.role, c.indent)] = c
            else:
                edited[(c.first, c.role, c.indent)] = c
                texts.setdefault((c.last - c.first, c.text, c.role, c.indent), []).append(c)
        taken: set[int] = set()  # edited chunks whose tree a new chunk holds: one holder each
        out: list[Chunk] = []
        cut: list[int] = []
        for chunk in fresh:
            old = reusable.get((chunk.first, chunk.last, chunk.text, chunk.role, chunk.indent))
            if old is not None:
                chunk = old if old.first == chunk.first else old.moved(chunk.first - old.first)
                out.append(chunk)
                continue
            cut.append(len(kept) + len(out))
            old = edited.get((chunk.first, chunk.role, chunk.indent))
            if old is not None and id(old) not in taken and chunk.took_code_of(old):  # a comment changed
                taken.add(id(old))
            else:
                same = [c for c in texts.get((chunk.last - chunk.first, chunk.text, chunk.role, chunk.indent), ())
                        if id(c) not in taken]
                if same:
                    taken.add(id(same[0]))
                    chunk = same[0].moved(chunk.first - same[0].first)
            out.append(chunk)
        if sync is not None:
            out.extend(c.moved(delta) if delta else c for c in old_chunks[hi:])
        _under_their_heads(out, 0, to_end=True)
        return _Table(new_starts, new_spans, kept + out, tuple(cut))


def _under_their_heads(chunks: list[Chunk], start: int, to_end: bool) -> None:
    """Each member from `start` on points at the class head above it again (a head cut again or moved
    is a new chunk): to the end, or (`to_end` False) only the members of the class at `start`."""
    head: Chunk | None = None
    for i in range(start, len(chunks)):
        chunk = chunks[i]
        if chunk.role == "member":
            if head is not None and chunk.head is not head:
                copy = chunks[i] = Chunk(chunk.first, chunk.last, chunk.text, chunk.role, chunk.indent, head)
                copy._words, copy._code, copy.parsed, copy._pick = chunk._words, chunk._code, chunk.parsed, chunk._pick
        elif not to_end and i > start:
            break
        elif chunk.role == "class":
            head = chunk


def _scanned_alike(old: str, new: str) -> bool:
    """Two versions of one line that `_scan` and `_cut` treat alike (see `_Table.one_line`)."""
    old_code, new_code = old.lstrip(" \t"), new.lstrip(" \t")
    indent = old[:len(old) - len(old_code)]
    if not old_code or not new_code or indent != new[:len(new) - len(new_code)] or "\r" in old + new:
        return False
    if not _same_start(old, new):
        return False
    if old_code[0] == "#" or new_code[0] == "#":
        return old_code[0] == new_code[0] == "#"  # a whole-line comment, before and after
    if not indent or any(c in old or c in new for c in "'\"#\\"):
        return False  # a line at column 0 may start a chunk; a quote, a backslash or `#` may start a token
    return ((MEMBER.match(old) is None) == (MEMBER.match(new) is None) and MEMBER.match(old) is None
            and (old_code[0] in "@)]}") == (new_code[0] in "@)]}"))


def _same_start(old: str, new: str) -> bool:
    """The same first character after any whitespace (`_only_decorators` strips a form feed too)."""
    first = old.lstrip()[:1]
    return first != "" and first == new.lstrip()[:1]


def _same_string_line(old: str, new: str) -> bool:
    """Two versions of a line inside a closed triple-quoted string that `_scan` and `_cut` treat alike."""
    old_text, new_text = old.lstrip(" \t"), new.lstrip(" \t")
    return (bool(old_text) and bool(new_text) and old_text[0] == new_text[0] and _same_start(old, new)
            and old[:len(old) - len(old_text)] == new[:len(new) - len(new_text)]
            and not any(c in old or c in new for c in "'\"\\\r"))


def _crossed(spans: list[tuple[int, int, bool]]) -> set[int]:
    out: set[int] = set()
    for first, last, _ in spans:
        out.update(range(first + 1, last + 1))
    return out


def _joined(lines: list[str], first: int, last: int, bom: bool) -> str:
    """Lines [first, last) joined: "\n" after each (but the document's last line), without the BOM."""
    text = "\n".join(lines[first:last])
    if last < len(lines):
        text += "\n"
    return text[1:] if bom and first == 0 else text


def _code_of(lines: list[str], first: int, last: int, bom: bool) -> str:
    """Lines [first, last) as `ast` sees them."""
    text = _joined(lines, first, last, bom)
    return UNPARSABLE.sub("\ufffd", text) if not text.isascii() or "\x00" in text else text


def _scan(lines: list[str], first: int, last: int, bom: bool,
          whole: str | None = None) -> tuple[list[int], list[tuple[int, int, bool]]]:
    """Chunk starts in lines [first, last) (`first` is always one) and the multi-line tokens there;
    `whole`: those lines joined, when the caller has them (the document's text).

    The lines are joined as they are: a NUL or a lone surrogate (which `ast` sees as U+FFFD) is one
    character that no pattern here matches either way, so no copy with them replaced is made (at 10k
    lines with one non-ASCII character, each copy is 1.5 MB)."""
    code = whole if whole is not None else _joined(lines, first, last, bom)
    spans: list[tuple[int, int, bool]] = []
    hidden: list[tuple[int, int]] = []  # offsets of closed multi-line triple-quoted strings
    line = first
    pos = 0
    for m in _HIDES_LINES.finditer(code):
        token = m.group()
        if "\n" not in token:
            continue
        line += code.count("\n", pos, m.start())
        pos = m.start()
        end_line = line + token.count("\n")
        hides = token[:3] in ('"""', "'''") and len(token) >= 6 and token.endswith(token[:3])
        spans.append((line, end_line, hides))
        if hides:
            hidden.append(m.span())
    starts = [first]
    line, pos = first, 0
    decorated = False  # a definition stays in one chunk with the decorators above it
    k = 0
    for start, word in _top_level_lines(code):
        while k < len(hidden) and hidden[k][1] <= start:
            k += 1
        if k < len(hidden) and hidden[k][0] < start:
            continue  # inside a triple-quoted string
        line += code.count("\n", pos, start)
        pos = start
        # only what a decorator can stand on (a definition, another decorator) joins its chunk:
        # a stray `@` line (mid-typing) must not swallow the import or call below it
        if line != starts[-1] and not (decorated and word.startswith(("@", "def", "class", "async"))):
            starts.append(line)
        decorated = word.startswith("@")
    return starts, spans


def _top_level_lines(code: str) -> list[tuple[int, str]]:
    """`(m.start(), m.group())` of each `TOP_LEVEL.finditer(code)`, in order: the text's first line, then the
    pattern after each line break, which the regular expression engine finds by the break (not a match tried
    at every character: ~3x faster)."""
    out = []
    first = TOP_LEVEL.match(code)
    if first is not None:
        out.append((0, first.group()))
    out.extend((m.start() + 1, m.group()[1:]) for m in _TOP_LEVEL_AFTER_BREAK.finditer(code))
    return out


def _cut(lines: list[str], bounds: list[int], spans: list[tuple[int, int, bool]], bom: bool) -> list[Chunk]:
    """Chunks for the runs [bounds[i], bounds[i+1]); a class is cut at its methods."""
    crossed = None
    out: list[Chunk] = []
    for first, last in zip(bounds, bounds[1:]):
        text = _code_of(lines, first, last, bom)
        if _opens_class(text):
            if crossed is None:
                crossed = _crossed(spans)
            out.extend(_cut_class(text, first, last, crossed))
        else:
            out.append(Chunk(first, last, text))
    return out


_CLASS_LINE = re.compile(r"^(?:@[^\n]*\n(?:[ \t#][^\n]*\n|\n)*)*class\b")


def _opens_class(text: str) -> bool:
    return text.startswith("class") or text.startswith("@") and _CLASS_LINE.match(text) is not None


def _cut_class(text: str, first: int, last: int, crossed: set[int]) -> list[Chunk]:
    """A class run: its head, one chunk per method, and what follows back at column 0."""
    lines = text.split("\n")
    offsets = [0]
    for part in lines:
        offsets.append(offsets[-1] + len(part) + 1)
    class_rel = next((i for i, line in enumerate(lines) if line.startswith("class")), None)
    if class_rel is None:
        return [Chunk(first, last, text)]
    # the body's indent: the smallest indent of a code line below the `class` line; a line back
    # at column 0 ends the class
    indent: str | None = None
    tail: int | None = None
    for rel in range(class_rel + 1, last - first):
        line = lines[rel]
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#") or first + rel in crossed:
            continue
        if len(stripped) == len(line):
            if line[0].isalpha() or line[0] in "_@":  # a statement, not a bracket's last line
                tail = rel
                break
            continue
        own = line[: len(line) - len(stripped)]
        if indent is None or len(own) < len(indent):
            indent = own
    if indent is None:
        return [Chunk(first, last, text)]
    cuts: list[int] = []
    decorated = False
    for rel in range(class_rel + 1, tail if tail is not None else last - first):
        m = MEMBER.match(lines[rel])
        if m is None or m.group(1) != indent or first + rel in crossed:
            continue
        if not (decorated and cuts and _only_decorators(lines, cuts[-1], rel, indent)):
            cuts.append(rel)
        decorated = m.group().endswith("@")
    if not cuts:
        return [Chunk(first, last, text)]
    end = tail if tail is not None else last - first
    head = Chunk(first, first + cuts[0], text[:offsets[cuts[0]]], "class", indent)
    out = [head]
    for a, b in zip(cuts, cuts[1:] + [end]):
        out.append(Chunk(first + a, first + b, text[offsets[a]:offsets[b]], "member", indent, head))
    if tail is not None:
        out.append(Chunk(first + tail, last, text[offsets[tail]:]))
    return out


def _only_decorators(lines: list[str], since: int, before: int, indent: str) -> bool:
    """Lines [since, before) are decorators of what follows (a continued decorator included)."""
    return all(not line.strip() or line.lstrip().startswith("#") or not line.startswith(indent)
               or line[len(indent):][:1] in ("@", " ", "\t", ")", "]", "}")
               for line in lines[since:before])


# --- parsing -------------------------------------------------------------------------------

def parse_chunk(first: int, text: str, repair: bool = True) -> ParsedChunk:
    """Parse the text of a top-level chunk at line `first` (0-based), at its own line numbers.

    A chunk that does not parse is repaired (lines that do not parse neutralised) unless `repair`
    is False, when its tree is None.
    """
    tree = _parse(text)  # alone: lines above it would cost the tokenizer more than shifting its nodes
    if tree is not None:
        parsed = ParsedChunk(tree, False, _cost(text))
        parsed._facts["index"] = _index(parsed, first)
        return parsed
    if not repair:
        return ParsedChunk(None, False, _cost(text))
    too_deep: list[int] = []
    tree = _repair(["" for _ in range(first)], text.split("\n"), first, too_deep)
    return ParsedChunk(tree, True, _cost(text), tuple(too_deep))


def _parse_member(chunk: Chunk) -> ParsedChunk:
    """A method parsed alone, inside a stand-in class on the line above it: the same lines and
    columns as in the document."""
    pad = [""] * (chunk.first - 1) + ["class _:"]
    tree = _parse("class _:\n" + chunk.text)  # on line 1: shifted below, with the node tables
    repaired = tree is None
    too_deep: list[int] = []
    if tree is None:
        tree = _repair(pad, chunk.text.split("\n"), chunk.first, too_deep)
    stand_in = chunk.first if repaired else 1  # the stand-in class's line in that tree
    body: list[ast.stmt] = []
    if tree is not None:
        for stmt in tree.body:  # the stand-in class, and anything a repair left beside it
            body.extend(stmt.body if isinstance(stmt, ast.ClassDef) and stmt.name == "_" and stmt.lineno == stand_in
                        else [stmt])
    parsed = ParsedChunk(ast.Module(body=body, type_ignores=[]), repaired, _cost(chunk.text), tuple(too_deep))
    if not repaired:
        parsed._facts["index"] = _index(parsed, chunk.first - 1)
    return parsed


def _parse_head(chunk: Chunk) -> ParsedChunk:
    """A class head: its own statements, and a `pass` after them so a head with none still parses."""
    text = chunk.text if chunk.text.endswith("\n") else chunk.text + "\n"
    tree = _parse(text + chunk.indent + "pass")  # on line 1: shifted below, with the node tables
    repaired = tree is None
    too_deep: list[int] = []
    if tree is None:
        tree = _repair([""] * chunk.first, (text + chunk.indent + "pass").split("\n"), chunk.first, too_deep)
    shift = 0 if repaired else chunk.first
    filler = chunk.last + 1 - shift  # 1-based line of the stand-in `pass` in that tree
    parsed = ParsedChunk(tree, repaired, _cost(chunk.text), tuple(too_deep))
    classdef = next((s for s in (tree.body if tree else []) if isinstance(s, ast.ClassDef)), None)
    if classdef is not None and tree is not None and len(tree.body) == 1:
        body = [s for s in classdef.body if not (isinstance(s, ast.Pass) and s.lineno == filler)]
        parsed.classdef, parsed.own_body = classdef, body
        classdef.body = list(body)
        # before the Context fills the class with its methods; the class itself is not in its tables
        parsed._facts["index"] = _index(parsed, shift)
        parsed.own_end = (classdef.end_lineno or classdef.lineno, classdef.end_col_offset or 0)
    elif shift:
        parsed._facts["index"] = _index(parsed, shift)
    return parsed


def _cost(text: str) -> int:
    return len(text) * ParseCache.TREE_BYTES_PER_CHAR + 512


def _repair(pad: list[str], body: list[str], first: int, too_deep: list[int] | None = None) -> ast.Module | None:
    """Neutralise the lines that do not parse, one at a time, so the rest still counts. A statement
    nested too deep for the parser goes whole; its first line is added to `too_deep`."""
    lines = pad + body
    for _ in range(MAX_REPAIRS):
        source = "\n".join(lines)
        tree = _parse(source)
        if tree is not None:
            return tree
        bad, deep = _error_line(source)
        if bad is None or bad < len(pad) or bad >= len(lines) or lines[bad] == "":
            return None
        if deep is not None:  # the whole statement goes: its first line becomes `pass`, the others blank
            if too_deep is not None:
                too_deep.append(bad)
            lines[bad + 1:deep + 1] = [""] * (deep - bad)
        stripped = lines[bad].strip()
        # First try `pass` at the same indent (keeps a block's body), then an empty line.
        lines[bad] = "" if stripped == "pass" else lines[bad][: len(lines[bad]) - len(lines[bad].lstrip())] + "pass"
    return None


def _parse(source: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes and the like
            return ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _error_line(source: str) -> tuple[int | None, int | None]:
    """0-based line of the first syntax error in `source`; for a statement nested too deep for the
    parser, its first line and its last (else None)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<chunk>", "exec", ast.PyCF_ONLY_AST)
    except SyntaxError as exc:
        return max(0, (exc.lineno or 1) - 1), None
    except (RecursionError, MemoryError):
        return _deepest_statement(source)
    except ValueError:
        return None, None
    return None, None


def _deepest_statement(source: str) -> tuple[int | None, int | None]:
    """First and last 0-based lines of the statement with the most operators and brackets: the parser
    names no line when it runs out of depth, and tokenizing does not nest."""
    best: tuple[int | None, int | None] = (None, None)
    most, start, count = -1, None, 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            if tok.type == tokenize.NEWLINE:
                if start is not None and count > most:
                    best, most = (start, tok.start[0] - 1), count
                start, count = None, 0
                continue
            if start is None:
                start = tok.start[0] - 1
            count += tok.type == tokenize.OP
    except (tokenize.TokenError, SyntaxError):
        return None, None
    return best
