"""One module as the rules see it: its statements (joined from the document's chunks), parents,
scopes, names and bindings, keyword arguments (through `**` dicts), method calls (spelled, or made through a
name holding the bound method: `HeldCall`), and the values the value-flow layer (flow.py on binder.py)
gives an expression, with the project's other modules behind it. What a
library's objects mean is the packs' (`packs/<pack>/`), never this module's. Where the file cannot
tell, the answer is None and rules stay silent.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import itertools
import os
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, cast

from . import idioms
from .binder import EXIT_BUILTINS, EXITS, body_nodes, is_generator, is_main_guard
from .document import Chunk, Document
from .findings import Place
from .flow import BY_DEFAULT, MAX_CONTEXTS, NAMESPACE_CALLS, Flow, Receiver, parameter_default, passes_nothing_for
from .names import ImportMap
from .tips import NO_TIPS, Tips
from .values import Entry, Value, either

if TYPE_CHECKING:
    from .project import Project

SCOPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_N = TypeVar("_N", bound=ast.AST)
_T = TypeVar("_T")
# decorators that leave a method's body the one its call runs (when the `with` enters it)
CONTEXT_MANAGERS = frozenset({"contextlib.contextmanager", "contextlib.asynccontextmanager"})


@dataclass(frozen=True)
class Arg:
    """A keyword argument as the callee receives it, wherever it was spelled."""

    name: str
    value: ast.expr
    node: ast.AST  # what to underline and what a fix removes: the keyword, or the dict entry
    via: ast.AST | None = None  # the `**` expression it came through, if any
    when: tuple[str, ...] = ()  # the conditions it is passed under (a dict entry stored in an `if`), () always
    # passed by a `**` that holds one of several dicts (one per construction, per branch), not by all of them: the
    # conditions of each that holds the key (a key two of them need must be in one of them: see `together`)
    among: tuple[tuple[str, ...], ...] | None = None
    elsewhere: Entry | None = None  # the entry of another module's dict it is written in (read there)


@dataclass(frozen=True)
class Binding:
    """A name bound by an assignment, a parameter or the like: its target, value and statement."""

    target: ast.AST
    value: ast.expr | None  # None for parameters, loop targets and the like
    stmt: ast.AST


@dataclass(frozen=True, eq=False)
class Held:
    """The one value an expression holds on every path (`Context.held`), wherever it is written, with the
    module whose tree holds its node: names inside `node` are resolved with `owner`'s imports (never the
    asking document's), values inside it asked of `owner` (`owner.held(...)`, `owner.values(...)`), and only
    a node of the checked document (`here`) gets a span or an edit there; another module's has `place`."""

    value: Value
    node: ast.AST  # the value's node, in `owner`'s tree
    owner: Context  # the module that writes `node`
    flow: Flow  # the evaluator that reads `owner`: its origin is the module's path (None: the checked document)

    @property
    def here(self) -> bool:
        """`node` is the checked document's own: a span there, an edit there."""
        return self.flow.origin is None

    @property
    def place(self) -> Place | None:
        """Where a node of another module is written there (its own lines); None for the document's own."""
        return place_in(self.flow, self.node)

    def source(self, node: ast.AST | None = None) -> str:
        """`node` (the held node by default), a node of `owner`, as its module spells it."""
        return self.owner.doc.source(self.node if node is None else node)


def place_in(flow: Flow, node: ast.AST) -> Place | None:
    """Where `node`, a node of the tree `flow` reads (another module of the project), is written there: the
    module's path with ITS line and column. None for the checked document's own flow, and for a node of
    another tree (a value read for a call from a third module): a span is only ever read against the text
    of the module whose tree holds the node, never one module's lines at another's path."""
    if flow.origin is None or getattr(node, "written", node) not in flow.ctx.parents:
        return None
    try:
        return Place(flow.origin, flow.ctx.doc.span(node))
    except (AttributeError, IndexError, ValueError):  # a node of a module whose text changed under it
        return None


TRY_KINDS: tuple[type[ast.stmt], ...] = (ast.Try, *([ast.TryStar] if hasattr(ast, "TryStar") else []))  # same fields
MAX_HANDLER_LEVELS = 4  # calls up from a raise to the `try` that handles it
IMPORT_FAILURES = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")  # what catches a failed import

MAX_TEST_NAMES = 3  # names followed back to the file test they hold (`found = os.path.exists(p)`)
# a length compared with a bound, and whether it being true says the listing is not empty (`len(files) > 0`)
NOT_EMPTY = {(ast.Gt, 0): True, (ast.GtE, 1): True, (ast.NotEq, 0): True, (ast.Eq, 0): False, (ast.LtE, 0): False,
             (ast.Lt, 1): False}


def _straight_calls(stmt: ast.stmt) -> Iterator[ast.Call]:
    """The calls a statement makes whenever it runs: not those under a branch, a loop, a handler or a nested
    scope of its own; a `with` body's are (it runs)."""
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        for item in stmt.items:
            yield from (n for n in ast.walk(item.context_expr) if isinstance(n, ast.Call))
        for inner in stmt.body:
            yield from _straight_calls(inner)
        return
    if isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return)):
        yield from _calls_made(stmt)


def _calls_made(node: ast.AST) -> Iterator[ast.Call]:
    """The calls an expression makes each time it is evaluated: not those of a lambda's body, of a branch of
    a conditional expression, or after the first operand of an `and`/`or`."""
    if isinstance(node, ast.Lambda):
        return
    if isinstance(node, ast.Call):
        yield node
    parts: list[ast.AST] = [node.test] if isinstance(node, ast.IfExp) else \
        [*node.values[:1]] if isinstance(node, ast.BoolOp) else list(ast.iter_child_nodes(node))
    for part in parts:
        yield from _calls_made(part)


class LibraryVersions(Mapping[str, str]):
    """The version of each library the checked code runs with, by distribution: the environment's (a
    `environment.Environment`, None when not looked for), and for Lightning, when none was found, the newest
    release the knowledge base covers, which is what the rules are written for. Read when first asked: a file
    that tests no version never loads the release table."""

    def __init__(self, environment: Any = None) -> None:
        self.environment = environment
        self._found: dict[str, str] | None = None

    def _read(self) -> dict[str, str]:
        if self._found is None:
            found = dict(self.environment.library_versions()) if self.environment is not None else {}
            if "lightning" not in found:
                from ..kb.versions import shipped

                table = shipped()
                if table is not None and table.newest is not None:
                    found["lightning"] = table.newest
            self._found = found
        return self._found

    def __getitem__(self, name: str) -> str:
        return self._read()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


class Context:
    def __init__(self, doc: Document, chunks: list[Chunk], tips: Tips = NO_TIPS):
        """The chunks as one module. A class cut at its methods comes back whole: the methods of
        its members are put in its `ast.ClassDef` after the class's own statements. Every table
        here is a view of the chunks' own cached tables, merged on first use. `tips` is what the
        packs tell the evaluator of their libraries (none: Python alone)."""
        self.doc = doc
        self.tips = tips
        self.project: Project | None = None  # the modules its imports lead to, set by whoever checks it
        # the version of each library the code runs with, by distribution ("lightning": "2.6.6"), set by whoever
        # checks it: a test of one is decided by it (`Flow._version_read`)
        self.versions: Mapping[str, str] = LibraryVersions()
        body: list[ast.stmt] = []
        overlay: dict[ast.AST, ast.AST] = {}  # parents the chunks cannot know: module, class
        tables: list[tuple[int, dict[ast.AST, ast.AST]]] = []
        by_type: list[dict[type, list[ast.AST]]] = []
        loose: dict[ast.AST, ast.AST] = {}  # parents of nodes without a line (arguments, comprehensions)
        classdef: ast.ClassDef | None = None
        head = None
        # each chunk's tree, with the scope its own top-level statements live in (None: the module)
        self._trees: list[tuple[Any, ast.ClassDef | None]] = []
        self._read_chunks: set[int] = set()  # the chunks this context holds (a check reads only some)
        for chunk in chunks:
            parsed = chunk.parsed
            if parsed is None or parsed.tree is None:
                continue
            self._read_chunks.add(id(chunk))
            member = getattr(chunk, "role", "top") == "member" and classdef is not None and chunk.head is head
            self._trees.append((parsed, classdef if member else None))
            kinds, parents = parsed.index
            by_type.append(kinds)
            tables.append((chunk.first, parents))
            loose.update(parsed.fact("loose parents", _loose_parents))
            if getattr(chunk, "role", "top") == "class" and parsed.classdef is not None:
                head, classdef = chunk, parsed.classdef
                classdef.body = list(parsed.own_body)  # the tree is cached: undo what the last Context did
                classdef.end_lineno, classdef.end_col_offset = parsed.own_end
                if parsed.own_body:
                    _end_at(classdef, parsed.own_body[-1])
                body.extend(parsed.tree.body)
            elif member and classdef is not None:
                for stmt in parsed.tree.body:
                    classdef.body.append(stmt)
                    overlay[stmt] = classdef
                if parsed.tree.body:
                    _end_at(classdef, parsed.tree.body[-1])
            else:
                body.extend(parsed.tree.body)
        # The parsed chunks as one module: one module scope, whatever chunk a statement came from.
        self.module = ast.Module(body=body, type_ignores=[])
        for stmt in body:
            overlay[stmt] = self.module
        self.parents = _Parents(overlay, tables, loose)
        self._by_type: dict[type, list[Any]] = _ByType(by_type)  # each list holds nodes of its key's type
        self._by_type[ast.Module] = [self.module]
        self.imports = ImportMap(tips)
        self._memo: dict[tuple[Any, ...], Any] = {}  # per node; the nodes live as long as the context
        self._scopes: dict[int, tuple[ast.AST, ast.AST]] = {}
        for kind in (ast.Import, ast.ImportFrom, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef):
            for node in self._by_type[kind]:
                self.imports.add(node, fallback=kind in (ast.Import, ast.ImportFrom) and self._import_fallback(node))

    def _import_fallback(self, node: ast.AST) -> bool:
        """`node` is in the handler of an `except` that catches a failed import (`ImportError`,
        `ModuleNotFoundError`, `Exception`, a bare `except:`): the import a run makes only when the `try`
        body's fails."""
        child, parent = node, self.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if isinstance(parent, ast.ExceptHandler) and child in parent.body:
                if parent.type is None:
                    return True
                caught = parent.type.elts if isinstance(parent.type, ast.Tuple) else [parent.type]
                return any(isinstance(c, ast.Name) and c.id in IMPORT_FAILURES for c in caught)
            child, parent = parent, self.parents.get(parent)
        return False

    def handled(self, node: ast.AST, exception: str, levels: int = MAX_HANDLER_LEVELS) -> bool:
        """`node` sits in the body of a `try` (in its scope) one of whose handlers catches `exception` (a
        class name: the class, a builtin base of it, a tuple holding one, a bare `except:`) and does not
        raise again: a raise of `exception` there is the program's own way on (`except ValueError:
        fabric = Fabric(precision="bf16-true")`), not a crash; so is one in the body of a `with
        contextlib.suppress(...)` of such a class. In a function, so is a raise every call of
        which is handled so, `levels` calls up at most (`try: fabric = build() except ValueError:`): a
        function the module may not show every call of (`Flow.every_call`) keeps its raise. A call a pack
        says calls its function back is the call written (`fabric.launch(train)`: a worker's raise comes
        back to the launching process as the same class)."""
        child, parent = node, self.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef,
                                                             ast.ClassDef, ast.Lambda)):
            if isinstance(parent, TRY_KINDS) and child in cast(ast.Try, parent).body and any(
                    catches(h, exception) and not _raises_again(h) for h in cast(ast.Try, parent).handlers):
                return True
            if isinstance(parent, (ast.With, ast.AsyncWith)) and child in parent.body and any(
                    self._suppresses(item.context_expr, exception) for item in parent.items):
                return True
            child, parent = parent, self.parents.get(parent)
        if not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) or levels <= 0 or not self._may_handle(exception):
            return False
        calls = self.flow.every_call(parent)
        return calls is not None and all(
            self.handled(getattr(call, "caller", call), exception, levels - 1) for call in calls)

    def fallback_of(self, node: ast.AST) -> tuple[ast.Try, ast.ExceptHandler] | None:
        """The `try` and the handler whose body holds `node` (in its scope, the innermost): code a run
        reaches only when the `try` body raises what the handler catches."""
        child, parent = node, self.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef,
                                                             ast.ClassDef, ast.Lambda)):
            if isinstance(parent, ast.ExceptHandler) and child in parent.body:
                owner = self.parents.get(parent)
                if isinstance(owner, TRY_KINDS):
                    return cast(ast.Try, owner), parent
            child, parent = parent, self.parents.get(parent)
        return None

    def file_test_over(self, node: ast.AST) -> ast.Call | None:
        """The test of the file system (`os.path.exists(p)`, `Path(p).is_file()`, a listing that is not empty:
        `idioms.file_test`) that must be true for `node` to run, in its scope: the test of an `if` (or, for its
        `else`, of its negation), of a conditional expression, an `and`/`or` before it, an `assert`, an early
        exit before it (`if not os.path.exists(p): return`), through `not`, `len(...)`, a walrus or a name that
        holds the test. Only the machine that runs the program knows its answer. None when there is none, or
        when the program writes that path before the test on every way to it (`fabric.save(path, ...)`: the
        test is true then; which calls write a path is `idioms.written_path`)."""
        return self.once("file test over", node, lambda: self._file_test_over(node))

    def _file_test_over(self, node: ast.AST) -> ast.Call | None:
        if not self._may_test_files:
            return None
        child, parent = node, self.parents.get(node)
        while parent is not None:
            tests: list[tuple[ast.expr, bool]] = []
            if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
                inside = child is parent.body if isinstance(parent, ast.IfExp) else any(s is child for s in parent.body)
                tests.append((parent.test, inside))
            elif isinstance(parent, ast.BoolOp):
                for value in parent.values[:next(i for i, v in enumerate(parent.values) if v is child)]:
                    tests.append((value, isinstance(parent.op, ast.And)))
            if isinstance(child, ast.stmt):
                for block in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody")):
                    if isinstance(block, list) and any(s is child for s in block):
                        tests += [t for s in block[:next(i for i, s in enumerate(block) if s is child)]
                                  for t in self._exit_tests(s)]
            for test, truth in tests:
                for call in self._file_tests_in(test, truth, MAX_TEST_NAMES):
                    if not self._written_before(call):
                        return call
            if isinstance(parent, SCOPES):
                return None
            child, parent = parent, self.parents.get(parent)
        return None

    @cached_property
    def _may_test_files(self) -> bool:
        """Some call of the file may be a test of the file system: one spelt as one (`exists(...)`,
        `p.is_file()`, `glob(...)`), or as a name one is imported under."""
        words = set(idioms.FILE_TEST_WORDS)
        for node in self._by_type[ast.ImportFrom]:
            words.update(alias.asname for alias in node.names if alias.asname and alias.name in idioms.FILE_TEST_WORDS)
        return any(word in self._calls_by_simple_name or word in self._calls_by_attr for word in words)

    def _exit_tests(self, stmt: ast.stmt) -> list[tuple[ast.expr, bool]]:
        """What the statements after `stmt` in its block run under: an `assert`'s test; for an `if` one branch of
        which leaves the block (`return`, `continue`, `break`, `raise`, `sys.exit()`), its test being false
        (the `if` branch leaves) or true (the `else` leaves)."""
        if isinstance(stmt, ast.Assert):
            return [(stmt.test, True)]
        if not isinstance(stmt, ast.If):
            return []
        if self._leaves(stmt.body) and not stmt.orelse:
            return [(stmt.test, False)]
        if stmt.orelse and self._leaves(stmt.orelse) and not self._leaves(stmt.body):
            return [(stmt.test, True)]
        return []

    def _leaves(self, block: list[ast.stmt]) -> bool:
        last = block[-1] if block else None
        if isinstance(last, (ast.Return, ast.Continue, ast.Break, ast.Raise)):
            return True
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Call):
            func = last.value.func
            return self.resolve(func) in EXITS or (
                isinstance(func, ast.Name) and func.id in EXIT_BUILTINS and self.flow.reaching(func) is None)
        return False

    def _file_tests_in(self, test: ast.expr, truth: bool, names: int) -> list[ast.Call]:
        """The file tests that must be true for `test` to be `truth`."""
        if isinstance(test, ast.Call) and idioms.file_test(self.flow, test):
            return [test] if truth else []
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._file_tests_in(test.operand, not truth, names)
        if isinstance(test, ast.BoolOp):
            if isinstance(test.op, ast.And) == truth:  # all of an `and` true, all of an `or` false
                return [c for v in test.values for c in self._file_tests_in(v, truth, names)]
            return []
        if isinstance(test, ast.NamedExpr):
            return self._file_tests_in(test.value, truth, names)
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "len" \
                and len(test.args) == 1 and self.flow.reaching(test.func) is None:
            return self._file_tests_in(test.args[0], truth, names)  # a length is true when not empty
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant):
            bound, op = test.comparators[0].value, type(test.ops[0])
            if type(bound) is int and (op, bound) in NOT_EMPTY:  # `len(files) > 0`
                return self._file_tests_in(test.left, truth == NOT_EMPTY[op, bound], names)
            return []
        if isinstance(test, ast.Name) and names > 0 and len(self.flow.reaching(test) or ()) == 1:
            binding = self.reaching(test)  # `found = os.path.exists(p)` then `if found:`, the one binding there
            if binding is not None and binding.value is not None and isinstance(binding.target, ast.Name) \
                    and binding.value in self.parents:
                return self._file_tests_in(binding.value, truth, names - 1)
        return []

    def _written_before(self, test: ast.Call) -> bool:
        """The program writes the path `test` asks about before it, on every way to it, in its scope: a call
        that writes it (`idioms.written_path`) in a statement before the test's in a block that holds the test,
        not under a branch of its own (a `with` body runs)."""
        tested = idioms.tested_path(self.flow, test)
        if tested is None or tested[1] == "listing":
            return False
        keys, wanted = self._path_keys(tested[0]), tested[1]
        child, parent = self.statement_of(test), self.parents.get(self.statement_of(test))
        while parent is not None:
            for block in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody")):
                if not isinstance(block, list) or not any(s is child for s in block):
                    continue
                for stmt in block[:next(i for i, s in enumerate(block) if s is child)]:
                    for call in _straight_calls(stmt):
                        written = idioms.written_path(self.flow, call)
                        # a file written does not make `isdir` true, nor a folder `isfile`
                        if written is not None and wanted in (None, written[1]) \
                                and not keys.isdisjoint(self._path_keys(written[0])):
                            return True
            if isinstance(parent, SCOPES):
                return False
            child, parent = parent, self.parents.get(parent)
        return False

    def _path_keys(self, path: ast.expr) -> set[object]:
        """What names a path: its text, the one expression it holds on every path, the string it is."""
        while isinstance(path, ast.Call) and len(path.args) == 1 and not path.keywords and (
                self.resolve(path.func) == "os.fspath" or isinstance(path.func, ast.Name) and path.func.id == "str"):
            path = path.args[0]  # `str(p)` names the file `p` does
        keys: set[object] = {ast.dump(path)}
        values = self.flow.values(path)
        if len(values) == 1 and values[0].node is not None and not values[0].when:
            node = values[0].node
            keys.add(("node", id(node)))
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                keys.add(("str", node.value))
        return keys

    def _may_handle(self, exception: str) -> bool:
        """Some `try` of the module handles `exception`, or some `with` suppresses it: else no caller does, and
        a raise is not followed through them (most files: none)."""
        key = ("may handle", exception)
        if key not in self._memo:
            tries = [node for kind in TRY_KINDS for node in self._by_type[kind]]
            self._memo[key] = any(catches(h, exception) and not _raises_again(h) for node in tries
                                  for h in node.handlers) or any(
                self._suppresses(item.context_expr, exception)
                for kind in (ast.With, ast.AsyncWith) for node in self._by_type[kind] for item in node.items)
        return bool(self._memo[key])

    def _suppresses(self, manager: ast.expr, exception: str) -> bool:
        """`contextlib.suppress(ValueError, ...)`: a `with` on it ends its body quietly on such a raise."""
        return isinstance(manager, ast.Call) and not manager.keywords \
            and self.resolve(manager.func) == "contextlib.suppress" and _caught(manager.args, exception)

    def release(self) -> None:
        """Let go of what the check worked out, once the rules have run. The value-flow layer and its
        values point back at this context: left alone, they wait for the cycle collector, which then
        walks them all on the next keystroke's path. The context is not used after."""
        flow = self.__dict__.get("flow")
        if flow is not None:
            flow.release()
        self.__dict__.clear()

    def at_call(self, flow: Flow) -> Context:
        """This module read by another evaluator: `flow`, one of its functions evaluated for one call
        (`Flow.site`). The tables are shared; the facts worked out from values are the view's own, and
        so is which calls can run (worked out per scope from `flow`'s walks, as `_dead` does)."""
        if self.project is not None:
            self._project_imports  # noqa: B018 (the same for every view: worked out once, on the module's context)
        view = copy.copy(self)
        view._memo = {}
        view.__dict__["flow"] = flow
        return view

    def once(self, fact: str, node: ast.AST, work: Callable[[], _T], meanwhile: Any = None) -> _T:
        """A fact about a node that several rules ask, worked out once per check (the node is kept with
        it, so its id is not reused while the context lives). A fact whose work may ask for itself
        again (a cycle through the value flow) is `meanwhile` until it is known."""
        key = (fact, id(node))
        found = self._memo.get(key)
        if found is None or found[0] is not node:
            if meanwhile is not None:
                self._memo[key] = (node, meanwhile)
            try:
                found = self._memo[key] = (node, work())
            except BaseException:
                self._memo.pop(key, None)  # cut short (a walk checked again gave up): not the fact
                raise
        return cast(_T, found[1])

    # --- nodes and names ---------------------------------------------------------------------
    def nodes(self, kind: type[_N]) -> list[_N]:
        return self._by_type[kind]

    def resolve(self, expr: ast.AST) -> str | None:
        return self.imports.resolve(expr)

    def builds(self, call: ast.Call, qualified: str) -> bool:
        """`call` runs the `__init__` of the library class `qualified`: it calls the class, or it is one
        of `calls_to`'s calls through a subclass (`super().__init__(**kwargs)` in `class PodFabric(Fabric)`,
        or a construction of a subclass that defines no `__init__`)."""
        return self.callee_name(call) == qualified or any(c is call for c in self._subclass_calls.get(qualified, ()))

    def calls_to(self, qualified: str) -> Iterator[ast.Call]:
        yield from self._live(self._calls_by_name.get(qualified, []))
        yield from self._live(self._subclass_calls.get(qualified, []))

    @cached_property
    def _subclass_calls(self) -> dict[str, list[ast.Call]]:
        """Calls that run a library class's `__init__` through a subclass the file defines: the subclass's
        own `super().__init__(...)`, or, when it defines no `__init__`, each construction of it."""
        table: dict[str, list[ast.Call]] = defaultdict(list)
        inside: dict[int, list[ast.Call]] = {}  # `super().__init__(...)` calls by each `__init__` they are in
        for call in self._calls_by_attr.get("__init__", ()):
            if _calls_super(call):
                node = self.parents.get(call)
                while node is not None:
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__init__":
                        inside.setdefault(id(node), []).append(call)
                    node = self.parents.get(node)
        for cls in self._by_type[ast.ClassDef]:
            library = [q for q in (self.resolve(b) for b in cls.bases) if q is not None]
            if len(library) != 1 or len(cls.bases) != 1:
                continue
            init = next((s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                         and s.name == "__init__"), None)
            if init is None:
                table[library[0]].extend(self.flow.constructions(cls))
            elif len(inside.get(id(init), ())) == 1:  # most: no walk of its body to find it
                table[library[0]].extend(inside[id(init)])
            elif id(init) in inside:  # in the order a walk of its body meets them
                table[library[0]].extend(n for n in ast.walk(init) if isinstance(n, ast.Call) and _calls_super(n))
        return table

    def method_calls(self, method: str) -> Iterator[tuple[ast.Call, ast.expr]]:
        """Calls `<receiver>.<method>(...)`, with their receiver: those spelled so, then the calls of a
        name that holds such a bound method on every path (`save = fabric.save`, `functools.partial(
        fabric.save, path)` here or returned by a helper of another module, a parameter given
        `fabric.save`; `operator.methodcaller("save", path)` called on the Fabric), each seen as the call it
        makes (`HeldCall`: the partial's or the methodcaller's arguments first)."""
        yield from self.spelled_method_calls(method)
        if not self.__dict__.get("_holding"):  # asked while the held calls are worked out: the spelled ones
            yield from self._held_method_calls().get(method, ())

    def spelled_method_calls(self, method: str) -> Iterator[tuple[ast.Call, ast.expr]]:
        """Calls spelled `<receiver>.<method>(...)`, with their receiver (what the value-flow layer reads)."""
        for call in self._live(self._calls_by_attr.get(method, [])):
            yield call, call.func.value  # type: ignore[attr-defined]

    def module_function_calls(self, name: str) -> list[ast.Call]:
        """Calls spelled `<module>.name(...)` whose receiver starts at a name a project import binds
        (`trainkit.build_fabric(args)` after `import trainkit`): a function read through its module."""
        if not self._project_imports:
            return []
        return [call for call, receiver in self.spelled_method_calls(name) if self._from_project_import(receiver)]

    def _from_project_import(self, expr: ast.expr) -> bool:
        """`expr` (`utils.dist`, `trainkit`) starts at a name a project import binds."""
        while isinstance(expr, ast.Attribute):
            expr = expr.value
        return isinstance(expr, ast.Name) and expr.id in self._project_imports

    def _held_method_calls(self) -> dict[str, list[tuple[ast.Call, ast.expr]]]:
        """The calls of names holding a bound method (see `method_calls`), by the method's name, as
        `HeldCall`s with their receivers; worked out once per check, for the few calls whose name may hold
        one (bound to an attribute, a call, a name, a parameter, a project's import)."""
        key = ("held method calls",)
        found = self._memo.get(key)
        if found is not None:
            return cast("dict[str, list[tuple[ast.Call, ast.expr]]]", found[1])
        table: dict[str, list[tuple[ast.Call, ast.expr]]] = defaultdict(list)
        self.__dict__["_holding"] = True
        try:
            for call in self._by_type[ast.Call]:
                if isinstance(call, HeldCall) or not self._may_hold_method(call.func):
                    continue
                held = _held_method(self.flow, call.func)
                if held is None:
                    continue
                receiver, receiver_flow, method, preset, keywords = held
                if receiver is None:  # `operator.methodcaller`: the method of the one object it is called on
                    if len(call.args) != 1 or isinstance(call.args[0], ast.Starred) or call.keywords:
                        continue  # (anything else raises TypeError)
                    receiver, receiver_flow = call.args[0], self.flow
                if receiver is not getattr(call.func, "value", None) and not self._dead(call):
                    # (`net.parameters()` read as itself is the spelled call)
                    made = self._held_call(call, receiver, receiver_flow, method, preset, keywords)
                    table[made.method].append((made, made.receiver))
        finally:
            self.__dict__["_holding"] = False
        self._memo[key] = (None, table)
        return table

    def made_up(self) -> list[Any]:
        """The spans of the callees of held calls (`save` of `save(state)` standing for `fabric.save(path, `
        ...): the text there is not what the call stands for, so no fix may rewrite it."""
        return cast("list[Any]", self.__dict__.get("_made_up", []))

    def _may_hold_method(self, func: ast.expr) -> bool:
        """A name whose binding may hold a bound method: an attribute, a call, another name, a parameter,
        or a name imported from the project (not a def, a class, a loop's target, a library's import); an
        attribute `obj.x` the file sets to one of those (`self.save = partial(fabric.save, path)`)."""
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.attr in self._attributes_set_to_callees:
                return True  # `self.save = partial(...)` somewhere in the file
            if not self._project_imports:
                return False
            if func.value.id in self._project_imports:
                return True  # `ckpt.save(...)` of a module of the project
            built = self.reaching(func.value)  # `ckpt = Checkpointer(fabric, out)`: built by another module's class
            return built is not None and isinstance(built.value, ast.Call) and isinstance(built.value.func, ast.Name) \
                and built.value.func.id in self._project_imports
        if not isinstance(func, ast.Name) or func.id not in self._names_maybe_held:
            return False
        binding = self.reaching(func)
        if binding is None:
            return False
        if isinstance(binding.stmt, (ast.Import, ast.ImportFrom)):
            return func.id in self._project_imports
        if isinstance(binding.stmt, ast.arg):
            return True
        value = _held_part(binding.value)  # (one branch of `a if test else b`: the flow decides which runs)
        if not isinstance(binding.stmt, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) \
                or not isinstance(value, (ast.Attribute, ast.Call, ast.Name)):
            return False
        if not isinstance(value, ast.Call) or isinstance(value.func, ast.Name):
            return True
        # a method's result (`model = fabric.setup_module(net)`) is rarely a bound method: only a call of a
        # module of the project (`ck.saver(fabric)`) or `functools.partial` is looked at
        root = value.func
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and root.id in self._project_imports \
            or self.resolve(value.func) in ("functools.partial", "operator.methodcaller")

    @cached_property
    def _names_maybe_held(self) -> frozenset[str]:
        """The names a binding may give a bound method: those assigned an attribute, a name or a call, the
        parameters, the names imported from the project (a scan of the tables, before any name is resolved)."""
        names = set(self._project_imports)
        names.update(a.arg for a in self._by_type[ast.arg])
        for kind in (ast.Assign, ast.AnnAssign, ast.NamedExpr):
            for stmt in self._by_type[kind]:
                if isinstance(_held_part(stmt.value), (ast.Attribute, ast.Call, ast.Name)):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    names.update(t.id for t in targets if isinstance(t, ast.Name))
        return frozenset(names)

    @cached_property
    def names_bound_otherwise(self) -> frozenset[str] | None:
        """The names some binding of the file gives otherwise than by an import, a plain def or a plain class:
        the targets of assignments, loops, `with`, `except` and cases, the parameters, the decorated defs and
        classes. Any other name reaches imports and plain defs only (or nothing: a builtin), which a reader
        learns without walking the scope it is read in. None when the file reads `globals`, `locals`, `vars`
        or `exec`: they may bind names no target spells (`globals()["x"] = ...`); not for a function's own
        `locals()` (`pprint(locals())`, `save_hyperparameters(locals())`), a copy. A scan of the tables."""
        names: set[str] = set()
        for name in self._by_type[ast.Name]:
            if name.id in NAMESPACE_CALLS and not self._function_locals(name):
                return None
            if not isinstance(name.ctx, ast.Load):
                names.add(name.id)
        names.update(a.arg for a in self._by_type[ast.arg])
        names.update(h.name for h in self._by_type[ast.ExceptHandler] if h.name)
        for kind in (ast.MatchAs, ast.MatchStar):
            names.update(m.name for m in self._by_type[kind] if m.name)
        names.update(m.rest for m in self._by_type[ast.MatchMapping] if m.rest)
        names.update(d.name for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
                     for d in self._by_type[kind] if d.decorator_list)
        return frozenset(names)

    def _function_locals(self, name: ast.Name) -> bool:
        """`locals()` or `vars()` called in the body of a function or lambda: a copy of its locals, which binds
        no name when changed (the binder reads it so: only the module's are its globals)."""
        call = self.parents.get(name)
        if name.id not in ("locals", "vars") or not isinstance(call, ast.Call) or call.func is not name \
                or call.args or call.keywords:
            return False
        child: ast.AST = call
        parent = self.parents.get(call)
        while parent is not None and not isinstance(parent, SCOPES):
            child, parent = parent, self.parents.get(parent)
        if isinstance(parent, ast.Lambda):
            return child is parent.body
        # a default or a decorator runs in the scope around the def
        return isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(child is s for s in parent.body)

    @cached_property
    def names_given_values(self) -> frozenset[str]:
        """The names a binding of the file may give a value made as it runs (a partial, what a call returns,
        what a caller passes): assignment and walrus targets, parameters, decorated defs. A name bound only
        by imports, plain defs and classes, loops and `with` (or bound nowhere: a builtin) holds none made in
        this file. A scan of the tables, before any name is resolved."""
        names = {a.arg for a in self._by_type[ast.arg]}
        for kind in (ast.Assign, ast.AnnAssign, ast.NamedExpr):
            for stmt in self._by_type[kind]:
                if stmt.value is None:
                    continue
                for target in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]):
                    names.update(_target_names(target))
        defs = [d for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) for d in self._by_type[kind]]
        defined = {d.name for d in defs}

        def may_give_another(decorator: ast.expr) -> bool:
            """Not a builtin's or a library's decorator (`staticmethod`, `torch.no_grad()`): those give the
            def they are handed (`Flow._decorated`); one of the file or the project may give anything."""
            root = decorator
            while isinstance(root, (ast.Call, ast.Attribute)):
                root = root.func if isinstance(root, ast.Call) else root.value
            if not isinstance(root, ast.Name) or root.id in names or root.id in defined:
                return True
            if root.id in self.imports.names:
                return root.id in self._project_imports
            return not hasattr(builtins, root.id)

        names.update(d.name for d in defs if any(may_give_another(x) for x in d.decorator_list))
        return frozenset(names)

    @cached_property
    def _attributes_set_to_callees(self) -> frozenset[str]:
        """The attributes the file sets to what may be a bound method: an attribute (`self.save = fabric.save`),
        a `functools.partial(...)`, or what a function of the file or the project returns (not a library's
        or a class's object: `self.act = nn.GELU()`, called in `forward`, is not looked at)."""
        def may_bind(value: ast.expr) -> bool:
            if isinstance(value, ast.Attribute):
                return True
            if not isinstance(value, ast.Call):
                return False
            if self.resolve(value.func) == "functools.partial":
                return True
            return isinstance(value.func, ast.Name) and (value.func.id in self._project_imports
                                                         or self.local_function(value.func) is not None)

        return frozenset(attr for stores in self._attribute_stores.values() for _, _, attr, value in stores
                         if attr is not None and may_bind(value))

    def _held_call(self, call: ast.Call, receiver: ast.expr, receiver_flow: Flow, method: str,
                   preset: list[tuple[ast.expr, Flow]], keywords: list[tuple[ast.keyword, Flow]]) -> HeldCall:
        """`call` as the call of `receiver.method` it makes, with the arguments a partial pre-set first.
        An expression another evaluator reads (another module's, or a helper's for one call) stands in at
        the callee's place here, holding what it holds there."""
        def here(expr: ast.expr, flow: Flow) -> ast.expr:
            if flow is self.flow:
                return expr
            name = expr.id if isinstance(expr, ast.Name) else "_"
            node = ast.Name(id=name, ctx=ast.Load())
            ast.copy_location(node, call.func)
            node.end_lineno, node.end_col_offset = call.func.end_lineno, call.func.end_col_offset
            self.flow.pin(node, flow.values(expr))
            return node

        given = {k.arg for k in call.keywords}
        merged = []
        for kw, flow in keywords:
            if kw.arg in given:
                continue
            if flow is not self.flow:
                kw = ast.keyword(arg=kw.arg, value=here(kw.value, flow))
                ast.copy_location(kw, call.func)
                kw.end_lineno, kw.end_col_offset = call.func.end_lineno, call.func.end_col_offset
            merged.append(kw)
        own = [] if call.args and receiver is call.args[0] else list(call.args)  # (a methodcaller's object)
        made = HeldCall(call, here(receiver, receiver_flow), method,
                        [here(a, flow) for a, flow in preset] + own, merged + list(call.keywords))
        self.parents[made] = self.parents[call]
        self.__dict__.setdefault("_made_up", []).append(self.doc.span(call.func))
        made_here: list[tuple[ast.AST, ast.AST]] = [(made.func, made), (made.receiver, made.func)]
        made_here += [(a, made) for a in made.args]
        made_here += [x for kw in made.keywords for x in ((kw, made), (kw.value, kw))]
        for node, parent in made_here:
            if node not in self.parents:  # what the call stands for; the nodes written here keep their parents
                self.parents[node] = parent
        return made

    def method_calls_in(self, method: str, scope: ast.AST) -> list[ast.Call]:
        """The calls of `method_calls(method)` whose scope is `scope`, in the same order: a table by
        scope built once per check, so a rule asking it for each of many uses reads only that scope."""
        return self._method_calls_by("in", method).get(scope, [])

    def method_calls_passing(self, method: str, name: str, scope: ast.AST | None = None) -> list[ast.Call]:
        """The calls of `method_calls(method)` whose first argument is the name `name` (`fabric.setup(model,
        ...)`), in `scope` alone when given, in the same order: a table built once per check."""
        if scope is None:
            return self._method_calls_by("passing", method).get(name, [])
        return self._method_calls_by("passing in", method).get((scope, name), [])

    def method_calls_on(self, method: str, name: str) -> list[ast.Call]:
        """The calls spelled `name.method(...)` (`name.update(...)`), in the same order: a table by receiver
        name, built once per check (the value-flow layer reads it: no held call, whose finding needs values)."""
        return self._method_calls_by("on", method).get(name, [])

    def _method_calls_by(self, how: str, method: str) -> dict[Any, list[ast.Call]]:
        """`method_calls(method)` filed by their scope (`in`), their receiver's name (`on`), their first
        argument's name (`passing`) or its scope and name (`passing in`), in order; once per check."""
        key = ("method calls by", how, method)
        found = self._memo.get(key)
        if found is None:
            table: dict[Any, list[ast.Call]] = defaultdict(list)
            for call, receiver in (self.spelled_method_calls(method) if how == "on" else self.method_calls(method)):
                if how == "in":
                    table[self.scope_of(call)].append(call)
                    continue
                named = receiver if how == "on" else (call.args[0] if call.args else None)
                if isinstance(named, ast.Name):
                    table[(self.scope_of(call), named.id) if how == "passing in" else named.id].append(call)
            found = (None, table)
            if how == "on" or not self.__dict__.get("_holding"):  # (the held calls are still being worked out)
                self._memo[key] = found
        return cast("dict[Any, list[ast.Call]]", found[1])

    def subscript_stores(self, name: str) -> list[tuple[ast.Assign, ast.Subscript]]:
        """`name[k] = v` assignments, each with its target, in document order."""
        return self._subscript_stores.get(name, [])

    @cached_property
    def _subscript_stores(self) -> dict[str, list[tuple[ast.Assign, ast.Subscript]]]:
        table: dict[str, list[tuple[ast.Assign, ast.Subscript]]] = defaultdict(list)
        for assign in self._by_type[ast.Assign]:
            for target in assign.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    table[target.value.id].append((assign, target))
        return table

    def attribute_stores(self, name: str) -> list[tuple[ast.stmt, ast.Name, str | None, ast.expr]]:
        """Statements that set an attribute of the object a name holds: `name.attr = v` and `setattr(name,
        "attr", v)`, as (statement, the name read, attribute, value) in document order; the attribute is
        None when it is computed (`setattr(name, key, v)`)."""
        return self._attribute_stores.get(name, [])

    @cached_property
    def _attribute_stores(self) -> dict[str, list[tuple[ast.stmt, ast.Name, str | None, ast.expr]]]:
        table: dict[str, list[tuple[ast.stmt, ast.Name, str | None, ast.expr]]] = defaultdict(list)
        for assign in (*self._by_type[ast.Assign], *self._by_type[ast.AnnAssign]):
            targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and assign.value is not None:
                    table[target.value.id].append((assign, target.value, target.attr, assign.value))
        for call in self._calls_by_simple_name.get("setattr", []):
            statement = self.parents.get(call)
            if len(call.args) == 3 and isinstance(call.args[0], ast.Name) and isinstance(statement, ast.Expr):
                key = call.args[1]
                attr = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
                table[call.args[0].id].append((statement, call.args[0], attr, call.args[2]))
        return table

    @cached_property
    def _calls_by_name(self) -> dict[str, list[ast.Call]]:
        """Calls by the qualified name of what they call, for names the imports resolve, and calls of a
        name bound to `functools.partial(<library callable>, ...)` (filed under that callable)."""
        table: dict[str, list[ast.Call]] = defaultdict(list)
        for call in self._by_type[ast.Call]:
            qualified = self.resolve(call.func)
            if qualified:
                table[qualified].append(call)
        for call, (qualified, _) in self._partial_calls.items():
            table[qualified].append(call)
        return table

    def _live(self, calls: list[ast.Call]) -> list[ast.Call]:
        """The calls that can run: not in a branch the value-flow layer knows is never taken (`if False:`,
        `if DEBUG:` with `DEBUG = False` bound once) nor after a `return` or `raise` on every path."""
        return [call for call in calls if not self._dead(call)]

    def _dead(self, call: ast.Call) -> bool:
        """Whether the walk of the call's scope never reaches it, or it lies in a method no instance runs.
        Worked out per scope and per method the first time a call in them is asked about, so an open
        walks the functions the rules' calls are in, not every function of the file. Asked again while
        it is being worked out (a walk deciding a test reads an argparse option, whose calls are looked
        up among the live ones), every call counts as live: that inner answer is not kept."""
        if self.__dict__.get("_finding_dead"):
            return False
        key = ("dead", id(call))
        found = self._memo.get(key)
        if found is not None and found[0] is call:
            return cast(bool, found[1])
        self.__dict__["_finding_dead"] = True
        try:
            dead = self._unreached(call) or self._in_branch_not_taken(call) or self._in_method_never_run(call) \
                or self._in_entry_never_picked(call)
        finally:
            self.__dict__["_finding_dead"] = False
        if not self._scope_walk_under_way(call):  # (asked by the walk of its own scope: read again once it ends)
            self._memo[key] = (call, dead)
        return dead

    def _scope_walk_under_way(self, call: ast.Call) -> bool:
        """The value-flow walk of the call's scope is not finished: what it skips is not known yet."""
        scope = self.scope_of(call)
        if isinstance(scope, (ast.Lambda, ast.ClassDef)):
            return False
        return self.flow.walk_under_way(scope if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else self.module)

    def _unreached(self, call: ast.Call) -> bool:
        """The call's own scope (a function, else the module; a lambda's or a class body's calls are
        taken to run) skipped statements and its walk never reached the call."""
        scope = self.scope_of(call)  # (shared with the walks of the rules and the value flow)
        if isinstance(scope, (ast.Lambda, ast.ClassDef)):
            return False
        return call in self._unreached_in(scope if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
                                          else self.module)

    def _in_branch_not_taken(self, call: ast.Call) -> bool:
        """The call lies in the branch of a conditional expression (`a if ACCUMULATE > 1 else b`) whose test
        the walk of its scope decided the other way, or in an operand of `and`/`or` after one that decides
        the whole (`DEBUG and log(...)` with DEBUG False): it never runs."""
        scope = self.scope_of(call)
        if isinstance(scope, (ast.Lambda, ast.ClassDef)):
            return False
        child: ast.AST = call
        parent = self.parents.get(call)
        decisions: dict[int, bool | None] | None = None
        while parent is not None and parent is not scope and not isinstance(parent, ast.stmt):
            if isinstance(parent, (ast.IfExp, ast.BoolOp)):
                if decisions is None:
                    walked = self.flow.scope(scope if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else self.module)
                    decisions = {id(test): decided for test, _, decided in walked.decisions}
                if isinstance(parent, ast.IfExp) and child is not parent.test:
                    decided = decisions.get(id(parent.test))
                    if decided is not None and decided is not (child is parent.body):
                        return True
                if isinstance(parent, ast.BoolOp):
                    ends = isinstance(parent.op, ast.Or)  # the operand value that ends an `or` (True), an `and` (False)
                    for operand in parent.values[:parent.values.index(child)] if child in parent.values else ():
                        if decisions.get(id(operand)) is ends:
                            return True
            child, parent = parent, self.parents.get(parent)
        return False

    def _unreached_in(self, scope: ast.AST) -> set[ast.Call]:
        """The calls of one scope (not of the scopes inside it) that its walk never reached, when it
        skipped statements; once per check."""
        key = ("unreached", id(scope))
        found = self._memo.get(key)
        if found is not None and found[0] is scope:
            return cast("set[ast.Call]", found[1])
        dead: set[ast.Call] = set()
        walked = self.flow.scope(scope)
        if walked.skipped:
            stack = list(ast.iter_child_nodes(scope))
            while stack:
                node = stack.pop()
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                    continue  # a scope of its own (its decorators and defaults run here, but are rarely calls)
                if isinstance(node, ast.Call) and not self.reached(node, walked.reaching):
                    dead.add(node)
                stack.extend(ast.iter_child_nodes(node))
        if not walked.walking:  # (a walk under way has not skipped what it will: not kept)
            self._memo[key] = (scope, dead)
        return dead

    def _in_method_never_run(self, call: ast.Call) -> bool:
        """The call lies in a method (or in something a method holds) that no instance of the file runs, that
        only a dict of bound methods holds, picked by other keys, that only a library's dispatch by name
        would call and none names (`Flow.never_dispatched`), or that nothing in the project calls
        (`Flow.never_called`)."""
        node: ast.AST | None = self.parents.get(call)
        while node is not None and node is not self.module:
            parent = self.parents.get(node)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(parent, ast.ClassDef) and (
                    self.once("never runs", node, functools.partial(self.flow.never_runs, node))
                    or self.once("never picked method", node, functools.partial(self.flow.never_picked_method, node))
                    or self.once("never dispatched", node, functools.partial(self.flow.never_dispatched, node))
                    or self.once("never reflected", node, functools.partial(self.flow.never_reflected, node))
                    or self.once("never called", node, functools.partial(self.flow.never_called, node))):
                return True
            node = parent
        return False

    def _in_entry_never_picked(self, call: ast.Call) -> bool:
        """The call lies in a function of the module's top level (or a lambda) kept only in a table that the
        project reads by keys that never name it (`STRATEGIES[config.STRATEGY]()` with STRATEGY = "fsdp")."""
        if self.project is None:
            return False
        func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None = self.enclosing_function(call)
        while func is not None and not isinstance(self.parents.get(func), ast.Module):
            func = self.enclosing_function(func)
        if func is None:  # a lambda written as a table's entry: `STRATEGIES = {"remat": lambda: ...}`
            node: ast.AST | None = self.parents.get(call)
            while node is not None and not isinstance(node, (ast.Lambda, ast.stmt)):
                node = self.parents.get(node)
            func = node if isinstance(node, ast.Lambda) and isinstance(self.parents.get(node), ast.Dict) else None
        return func is not None and self.once("never picked", func, functools.partial(self.flow.never_picked, func))

    def run_as_a_script_only(self, node: ast.AST) -> str | None:
        """`node` lies in the module's `if __name__ == "__main__":` block and another module of the project
        imports this one: the block runs only when the module is run itself (a smoke test of a library
        module), not in the project's run. The module's file name then, else None; once per check."""
        if self.project is None or not self.doc.path:
            return None
        guards = self.once("main guards", self.module, lambda: [
            s for s in self.module.body if isinstance(s, ast.If) and is_main_guard(s.test)], meanwhile=[])
        if not any(self.within(node, s) for guard in guards for s in guard.body):
            return None
        project, path = self.project, self.doc.path
        imported = self.once("imported by others", self.module, lambda: project.imported_by_others(path), meanwhile=False)
        return os.path.basename(path) if imported else None

    def never_used(self, call: ast.Call) -> tuple[str, str] | None:
        """How what `call` builds is never read by the program (`Flow.never_used`); once per check."""
        return self.once("never used", call, functools.partial(self.flow.never_used, call))

    @staticmethod
    def reached(node: ast.AST, reaching: dict[int, Any]) -> bool:
        """The walk whose `reaching` this is reached the name the chain `node` (`a.b(c)[0]`) starts from."""
        while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
            node = node.func if isinstance(node, ast.Call) else node.value
        return not isinstance(node, ast.Name) or id(node) in reaching  # nothing the walk records: assume it runs

    @cached_property
    def imports_partial(self) -> bool:
        """The file imports `functools.partial` (or `functools`): it may call a partial."""
        return any(q == "functools.partial" or q == "functools" for q in self.imports.names.values())

    @cached_property
    def _partial_calls(self) -> dict[ast.Call, tuple[str, ast.Call]]:
        """`Sharded = partial(XLAFSDPStrategy, auto_wrap_policy=...)` then `Sharded(...)`: each such call,
        with the library callable it ends up calling and the `partial(...)` that pre-set its arguments
        (written here, or in another module of the project that this one imports it from)."""
        names: set[str] = set()
        found = self._imported_partial_calls()
        if not self.imports_partial:
            return found  # most files: no `partial` to look for
        for assign in self._by_type[ast.Assign]:
            value = assign.value
            if isinstance(value, ast.Call) and value.args and self.resolve(value.func) == "functools.partial" \
                    and self.partial_target(value):
                names.update(t.id for t in assign.targets if isinstance(t, ast.Name))
        # called by its name, or read out of a table that holds it (`STRATEGIES[args.strategy]()`)
        tables = [c for c in self._by_type[ast.Call] if isinstance(c.func, ast.Subscript)] if names else []
        for call in itertools.chain(*(self.calls_by_name(name) for name in names), tables):
            partials = {v.node for v in self.flow.values(call.func)}
            if len(partials) != 1:
                continue
            partial = partials.pop()
            if isinstance(partial, ast.Call) and partial.args and self.resolve(partial.func) == "functools.partial":
                qualified = self.partial_target(partial)
                if qualified:
                    found[call] = (qualified, partial)
        return found

    @cached_property
    def _partial_bases(self) -> dict[int, ast.Call]:
        """`Low = partial(TPUFabric, precision=...)` with `TPUFabric = partial(Fabric, ...)`: each partial of
        a name that holds another partial of the file on every path (by id), with that partial, whose
        arguments it pre-sets too."""
        found: dict[int, ast.Call] = {}
        if not self.imports_partial:
            return found
        for call in self._by_type[ast.Call]:
            if not (call.args and isinstance(call.args[0], ast.Name)
                    and self.resolve(call.func) == "functools.partial" and not self.resolve(call.args[0])):
                continue
            inner = {v.node for v in self.flow.values(call.args[0])}
            base = inner.pop() if len(inner) == 1 else None
            if isinstance(base, ast.Call) and base is not call and base.args \
                    and self.resolve(base.func) == "functools.partial":
                found[id(call)] = base
        return found

    def partial_target(self, partial: ast.Call) -> str | None:
        """The library callable a `partial(...)` ends up calling: its first argument's, through the partials
        that argument holds (`partial(partial(Fabric, ...), ...)` spelled with names)."""
        seen: set[int] = set()
        while id(partial) in self._partial_bases and id(partial) not in seen:
            seen.add(id(partial))
            partial = self._partial_bases[id(partial)]
        return self.resolve(partial.args[0])

    def _imported_partial_calls(self) -> dict[ast.Call, tuple[str, ast.Call]]:
        """Calls of a name imported from the project that holds `partial(<library callable>, ...)` there
        (`make_strategy = partial(XLAFSDPStrategy, ...)` in utils/dist.py, called in train.py)."""
        found: dict[ast.Call, tuple[str, ast.Call]] = {}
        if self.project is None:
            return found
        # Only a name some import of the file binds from a module of the project can be such a call:
        # the others' scopes are not walked for this question (most files: none).
        imported = self._names_imported_from_project()
        for call in self._by_type[ast.Call]:
            binding = (self.reaching(call.func) if isinstance(call.func, ast.Name) and call.func.id in imported
                       else None)
            if binding is None or not isinstance(binding.stmt, (ast.Import, ast.ImportFrom)):
                continue
            values = self.flow.values(call.func)
            partial = values[0] if len(values) == 1 else None
            if partial is None or partial.kind != "partial" or not partial.foreign or partial.flow is None \
                    or not isinstance(partial.node, ast.Call) or not partial.node.args:
                continue
            qualified = partial.flow.ctx.resolve(partial.node.args[0])
            if qualified and partial.flow.ctx.resolve(partial.node.func) == "functools.partial" \
                    and not self.project.is_module(partial.flow, qualified):
                found[call] = (qualified, partial.node)
                self._partial_flows[id(partial.node)] = partial.flow
        return found

    def _names_imported_from_project(self) -> set[str]:
        """The names the file's imports bind from a module that may be the project's (a relative import,
        or one whose first part the project holds): a superset of those a project's `partial` can reach."""
        names: set[str] = set()
        project = self.project
        if project is None:
            return names
        tops: dict[str, bool] = {}
        for stmt in self._by_type[ast.ImportFrom]:
            if stmt.level == 0:
                top = (stmt.module or "").split(".")[0]
                if top not in tops:
                    tops[top] = project.is_module(self.flow, top)
                if not tops[top]:
                    continue
            names.update(a.asname or a.name for a in stmt.names if a.name != "*")
        for stmt in self._by_type[ast.Import]:
            for alias in stmt.names:
                top = alias.name.split(".")[0]
                if top not in tops:
                    tops[top] = project.is_module(self.flow, top)
                if tops[top]:
                    names.add(alias.asname or top)
        return names

    @cached_property
    def _partial_flows(self) -> dict[int, Flow]:
        return {}  # a partial written in another module: the flow of that module

    def partial_of(self, call: ast.Call) -> ast.Call | None:
        """The `functools.partial(...)` whose arguments `call` receives too, if it calls one."""
        found = self._partial_calls.get(call)
        return found[1] if found is not None else None

    def callee_name(self, call: ast.Call) -> str | None:
        """The qualified name of what a call calls: its callee's, or the library callable a partial it
        calls pre-sets (`TPUFabric = partial(Fabric, ...)`; `TPUFabric(...)` calls Fabric)."""
        found = self._partial_calls.get(call)
        return found[0] if found is not None else self.resolve(call.func)

    def calls_by_name(self, name: str, live: bool = True) -> list[ast.Call]:
        """Calls spelled `name(...)`, whatever `name` is bound to; with live=False those that cannot run
        too (for working out which code runs)."""
        calls = self._calls_by_simple_name.get(name, [])
        return self._live(calls) if live else calls

    def written_method_calls(self, method: str) -> list[ast.Call]:
        """Calls `<receiver>.<method>(...)`, live or not (for working out which code runs)."""
        return self._calls_by_attr.get(method, [])

    @cached_property
    def _calls_by_simple_name(self) -> dict[str, list[ast.Call]]:
        table: dict[str, list[ast.Call]] = defaultdict(list)
        for call in self._by_type[ast.Call]:
            if isinstance(call.func, ast.Name):
                table[call.func.id].append(call)
        return table

    @cached_property
    def flow(self) -> Flow:
        """The value-flow layer over this module: what an expression can hold, where, on which paths."""
        return Flow(self)

    def values(self, expr: ast.AST) -> tuple[Value, ...]:
        return self.flow.values(expr)

    @cached_property
    def _calls_by_attr(self) -> dict[str, list[ast.Call]]:
        table: dict[str, list[ast.Call]] = defaultdict(list)
        for call in self._by_type[ast.Call]:
            if isinstance(call.func, ast.Attribute):
                table[call.func.attr].append(call)
        return table

    def scope_of(self, node: ast.AST) -> ast.AST:
        found = self._scopes.get(id(node))  # asked for the same names by the value-flow layer and the rules
        if found is None or found[0] is not node:
            found = self._scopes[id(node)] = (node, self._scope_of(node))
        return found[1]

    def _scope_of(self, node: ast.AST) -> ast.AST:
        scopes, parents = self._scopes, self.parents
        parent: ast.AST | None = parents.get(node)
        walked: list[ast.AST] = []
        while parent is not None and not isinstance(parent, SCOPES):
            known = scopes.get(id(parent))
            if known is not None and known[0] is parent and known[1] is not parent:
                parent = known[1]  # an ancestor's scope, found before: the rest of the walk
                break
            walked.append(parent)
            parent = parents.get(parent)
        if parent is None:
            return node
        for ancestor in walked:  # the statements and expressions on the way share it (the next call's walk stops there)
            scopes[id(ancestor)] = (ancestor, parent)
        return parent

    def enclosing_function(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        scope = self.scope_of(node)
        while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            scope = self.parents.get(scope)
        return scope if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def statement_of(self, node: ast.AST) -> ast.stmt:
        while not isinstance(node, ast.stmt):
            node = self.parents[node]
        return node

    # --- bindings ----------------------------------------------------------------------------
    def _scope_bindings(self, scope: ast.AST) -> tuple[dict[str, list[tuple[int, Binding]]], int]:
        """The bindings of one scope by name, each with the rank of its kind, merged from the chunks that
        hold some (in document order), and how many chunks they came from. The module's come from each
        chunk's own top level (`_top_bindings`: a def's chunk is not walked for them); a nested scope's from
        the one chunk that holds it, whose whole table (`_chunk_bindings`, kept with its tree) is made only
        when one of its scopes is asked; a class cut at its methods, from its head and each method's chunk."""
        key = ("scope bindings", id(scope))
        found = self._memo.get(key)
        if found is not None and found[0] is scope:
            return cast("tuple[dict[str, list[tuple[int, Binding]]], int]", found[1])
        tables: list[dict[str, list[tuple[int, Binding]]]] = []
        if scope is self.module:
            tables = [t for parsed, outer in self._trees if outer is None for t in (_top_bindings(parsed),) if t]
        elif isinstance(scope, SCOPES) and not isinstance(scope, ast.Module):
            firsts = self.parents._firsts
            i = bisect_right(firsts, getattr(scope, "lineno", 0) - 1) - 1  # the chunk that holds it, as `parents` finds it
            inner = self._trees[i][0].fact("bindings", _chunk_bindings).get(scope) if i >= 0 else None
            if inner:
                tables.append(inner)
            tables += [t for parsed in self._members.get(id(scope), ()) for t in (_top_bindings(parsed),) if t]
        merged: dict[str, list[tuple[int, Binding]]] = dict(tables[0]) if len(tables) == 1 else {}
        for table in tables if len(tables) > 1 else ():
            for name, pairs in table.items():
                known = merged.get(name)
                merged[name] = pairs if known is None else known + pairs  # (the chunks' own lists are kept as they are)
        self._memo[key] = (scope, (merged, len(tables)))
        return merged, len(tables)

    @cached_property
    def _members(self) -> dict[int, list[Any]]:
        """The trees of a class's methods, by the class (cut at its methods: each method a chunk)."""
        out: dict[int, list[Any]] = {}
        for parsed, outer in self._trees:
            if outer is not None:
                out.setdefault(id(outer), []).append(parsed)
        return out

    def bindings(self, name: str, scope: ast.AST) -> list[Binding]:
        """The bindings of `name` in `scope`, in the order of `_BINDING_KINDS` when they come from
        several chunks (as one walk gives them), each chunk's own order otherwise; worked out when
        first asked."""
        key = ("bindings", id(scope), name)
        found = self._memo.get(key)
        if found is None or found[0] is not scope:
            names, sources = self._scope_bindings(scope)
            pairs = names.get(name, [])
            listed = [b for _, b in (sorted(pairs, key=_rank) if sources > 1 else pairs)]
            found = self._memo[key] = (scope, listed)
        return cast("list[Binding]", found[1])

    def reaching(self, use: ast.Name) -> Binding | None:
        """The binding of `use` that the value-flow layer says reaches it; of several (one per branch,
        or one from a loop's previous turn), the last before the use. None where none reaches it."""
        key = ("reaching", id(use))
        if key not in self._memo:
            self._memo[key] = self._reaching(use)
        return cast("Binding | None", self._memo[key])

    def _reaching(self, use: ast.Name) -> Binding | None:
        defs = self.flow.reaching(use)
        if not defs:
            return None
        nodes = {id(d.node) for d in defs if d.node is not None}
        nodes.update(id(d.target) for d in defs if d.target is not None)  # a loop's target has no value
        # a definition's node is a part of its statement (an unpacked value, a loop's iterable)
        nodes.update(id(self.statement_of(d.node)) for d in defs if d.node is not None and d.node in self.parents)
        scope: ast.AST | None = self.scope_of(use)
        while scope is not None:
            found = [b for b in self.bindings(use.id, scope)
                     if id(b.stmt) in nodes or id(b.value) in nodes or id(b.target) in nodes]
            if found:
                before = [b for b in found if _binds_before(b, use)]
                return max(before or found, key=lambda b: _pos(b.stmt))
            scope = self.parents.get(scope)
            while scope is not None and not isinstance(scope, SCOPES):
                scope = self.parents.get(scope)
        return None

    def value_of(self, expr: ast.AST, defaults: bool = False) -> ast.AST:
        """The one expression of this document that `expr` holds on every path (itself otherwise); with
        `defaults`, a command-line option's default counts as that one (the run's value when the option is
        not given: `--grad-clip` with no default is None)."""
        values = self.flow.values(expr)
        if len(values) == 1 and values[0].when in ((), (BY_DEFAULT,) if defaults else ()) and not values[0].foreign:
            node = values[0].node
            if isinstance(node, ast.expr) and node in self.parents and values[0].kind != "unknown":
                return node
        return expr

    def held(self, expr: ast.AST, defaults: bool = False, unknown: bool = False) -> Held | None:
        """The one value `expr` (a node of this module) holds on every path, wherever it is written: in this
        document, or in another module of the project (a helper's return, a constant of a config module),
        with the module whose tree holds it; None when it may hold several or the layer cannot place it.
        With `defaults`, a command-line option's default counts as that one (as for `value_of`); with
        `unknown`, a value of no kind the layer knows counts too (an object a library call builds: its
        node is that call). A value read for a call from another module may carry the caller's flow while
        its node is a third module's: a node in neither this tree nor its flow's is not placed."""
        values = self.flow.values(expr)
        if len(values) != 1 or values[0].when not in ((), (BY_DEFAULT,) if defaults else ()):
            return None
        value = values[0]
        node = value.node
        if node is None or value.kind == "unknown" and not unknown:
            return None
        owner = self.owner_of(value)
        if owner is None:
            return None
        flow = self.flow if owner is self else value.flow
        assert flow is not None  # another module's node is found through the value's flow
        return Held(value, node, owner, flow)

    def holders(self, expr: ast.AST) -> list[Held] | None:
        """Each value `expr` (a node of this module) may hold, with the module whose tree holds its node and
        the conditions it holds under (`held.value.when`); None when the layer cannot place one of them."""
        out: list[Held] = []
        for value in self.flow.values(expr):
            owner = self.owner_of(value)
            if owner is None:
                return None
            flow = self.flow if owner is self else value.flow
            assert flow is not None  # another module's node is found through the value's flow
            out.append(Held(value, value.node, owner, flow))  # type: ignore[arg-type]  # placed: it has a node
        return out

    def value_where(self, expr: ast.AST, defaults: bool = False) -> tuple[ast.AST, Context]:
        """`value_of` wherever the value is written: the one expression of a known kind that `expr` holds on
        every path, with the module whose tree holds it (this one or another of the project); `expr` itself
        and this module otherwise. Names inside it resolve with that module's imports."""
        held = self.held(expr, defaults)
        if held is None or not isinstance(held.node, ast.expr):
            return expr, self
        return held.node, held.owner

    def owner_of(self, value: Value) -> Context | None:
        """The module whose tree holds `value`'s node: this one, or the one its flow reads (a value read for a
        call from another module may carry the caller's flow while its node is a third module's: None then)."""
        node = value.node
        if node is None:
            return None
        if node in self.parents:
            return self
        if value.flow is None or node not in value.flow.ctx.parents:
            return None
        return value.flow.ctx

    def only_use(self, name: ast.AST | None) -> bool:
        """`name` is a variable bound once and read only here, so a fix may change its binding."""
        if not isinstance(name, ast.Name):
            return False
        binding = self.reaching(name)
        if binding is None:
            return False
        scope = self.scope_of(binding.stmt)
        return len(self.loads_of(name.id, scope)) == 1 and len(self.bindings(name.id, scope)) == 1

    def loads_of(self, name: str, scope: ast.AST) -> list[ast.Name]:
        return [n for n in self.loads_named(name) if self._scope_chain_has(n, scope)]

    def loads_named(self, name: str) -> list[ast.Name]:
        """Every read of the name `name`, in any scope, in the order of the node table."""
        return self._loads_by_id.get(name, [])

    def block_place(self, stmt: ast.AST) -> tuple[list[ast.stmt], int] | None:
        """The block (`body`, `orelse` or `finalbody` of its parent) that holds `stmt`, and its index
        there: each parent's blocks indexed once per check, not searched for each statement."""
        parent = self.parents.get(stmt)
        if parent is None:
            return None
        places = self.once("block places", parent, lambda: _block_places(parent))
        found = places.get(id(stmt))
        return found if found is not None and found[0][found[1]] is stmt else None

    def within(self, node: ast.AST, ancestor: ast.AST) -> bool:
        """`node` is `ancestor` or inside it."""
        current: ast.AST | None = node
        while current is not None and current is not ancestor:
            current = self.parents.get(current)
        return current is not None

    def attribute_loads(self, name: str) -> list[ast.Attribute]:
        """Every read `<x>.name`, in the order of the node table."""
        return self._attribute_loads.get(name, [])

    def reads_every_use_of(self, word: str) -> bool:
        """Every chunk of the document that uses `word` as code is one this context holds: a question
        about all the uses of a name (`obj.build(...)` in a function the check did not read) is answered."""
        return all(id(chunk) in self._read_chunks for chunk in self.doc.chunks_mentioning(word))

    @cached_property
    def _attribute_loads(self) -> dict[str, list[ast.Attribute]]:
        table: dict[str, list[ast.Attribute]] = defaultdict(list)
        for node in self._by_type[ast.Attribute]:
            if isinstance(node.ctx, ast.Load):
                table[node.attr].append(node)
        return table

    @cached_property
    def _loads_by_id(self) -> dict[str, list[ast.Name]]:
        """Names read, by what they spell, in the order of the node table (a scan of every name per
        question otherwise)."""
        table: dict[str, list[ast.Name]] = defaultdict(list)
        for node in self._by_type[ast.Name]:
            if isinstance(node.ctx, ast.Load):
                table[node.id].append(node)
        return table

    def _scope_chain_has(self, node: ast.AST, scope: ast.AST) -> bool:
        current = self.scope_of(node)
        while current is not None:
            if current is scope:
                return True
            if self.bindings(node.id, current) if isinstance(node, ast.Name) else False:  # shadowed nearer
                return False
            current = self.parents.get(current)
            while current is not None and not isinstance(current, SCOPES):
                current = self.parents.get(current)
        return False

    # --- calls -------------------------------------------------------------------------------
    def keyword_args(self, call: ast.Call) -> tuple[dict[str, Arg], bool]:
        """Keyword arguments by name, `**{...}`, `**dict(...)` and `**name` included.

        The flag is False when some `**` expression could not be read, so absent keys prove nothing.
        Asked by many rules for the same calls: worked out once per call, each caller gets its own dict.
        """
        args, complete = self.once("keyword_args", call, lambda: self._keyword_args(call))
        return dict(args), complete

    def _keyword_args(self, call: ast.Call) -> tuple[dict[str, Arg], bool]:
        args: dict[str, Arg] = {}
        complete = True
        for kw in call.keywords:
            if kw.arg is not None:
                args[kw.arg] = Arg(kw.arg, kw.value, kw)
                continue
            values = tuple(self.flow.items_of(v) for v in self.flow.plain_run(self.flow.values(kw.value)))
            if len(values) > 1 and all(v.kind == "dict" for v in values):
                complete = self._alternative_args(kw, values, args) and complete
                continue
            if len(values) != 1 or values[0].kind != "dict":
                complete = False
                continue
            entries, whole = self.flow.entries(values[0])
            complete = complete and whole
            for name, entry in (entries or {}).items():
                if entry.flow is self.flow and entry.value in self.parents:
                    args.setdefault(name, Arg(name, entry.value, entry.node, kw, entry.when))
                else:  # written in another module: read there, underlined at the `**` here
                    args.setdefault(name, Arg(name, self.stand_in(kw.value, entry), kw.value, kw, entry.when,
                                              elsewhere=entry))
        partial = self.partial_of(call)
        elsewhere = self._partial_flows.get(id(partial)) if partial is not None else None
        if partial is not None and elsewhere is not None:  # pre-set in another module: read there
            for kw in partial.keywords:
                if kw.arg is None:
                    complete = False
                elif kw.arg not in args:
                    args[kw.arg] = Arg(kw.arg, self.stand_in(call.func, Entry(kw.value, kw, elsewhere)), call.func)
        elif partial is not None:  # what the partial pre-set, unless the call gives it again
            preset, preset_complete = self.keyword_args(partial)
            for name, arg in preset.items():
                args.setdefault(name, arg)
            complete = complete and preset_complete
        base = self._partial_bases.get(id(call)) if self.imports_partial else None
        if base is not None:  # a partial of a partial: what the inner one pre-set, unless this one gives it again
            preset, preset_complete = self.keyword_args(base)
            for name, arg in preset.items():
                args.setdefault(name, arg)
            complete = complete and preset_complete
        return args, complete

    def _alternative_args(self, kw: ast.keyword, dicts: tuple[Value, ...], args: dict[str, Arg]) -> bool:
        """`**self.extra` holding one of several dicts (one per construction of the class, per branch): each
        key as the dicts give it. A key every dict holds, with one value, is passed on every path; one some
        of them hold (or hold under a test) is passed under their conditions (`Arg.among`), holding what each
        gives under its own. False when some dict's keys cannot all be read."""
        readings = [(d.when, *self.flow.entries(d)) for d in dicts]
        complete = all(entries is not None and whole for _, entries, whole in readings)
        names = dict.fromkeys(name for _, entries, _ in readings for name in entries or {})
        for name in names:
            held = [(when, entries[name]) for when, entries, _ in readings if entries and name in entries]
            first = held[0][1]
            same = all(e.value is first.value and e.flow is first.flow for _, e in held)
            here = first.flow is self.flow and first.value in self.parents
            always = len(held) == len(readings) and not any(e.when for _, e in held)
            if always and same:
                args.setdefault(name, Arg(name, first.value, first.node, kw) if here else
                                Arg(name, self.stand_in(kw.value, first), kw.value, kw, elsewhere=first))
                continue
            among = None if always else tuple((*when, *e.when) for when, e in held)
            node = ast.Name(id="_", ctx=ast.Load())
            place = first.value if same and here else kw.value
            ast.copy_location(node, place)
            node.end_lineno, node.end_col_offset = place.end_lineno, place.end_col_offset
            self.flow.pin(node, tuple(x.under((*when, *e.when)) for when, e in held for x in e.values()))
            at = first.node if same and here else kw.value
            args.setdefault(name, Arg(name, node, at, kw, either(among) if among is not None else (), among))
        return complete

    def stand_in(self, here: ast.expr, entry: Entry) -> ast.expr:
        """An expression at `here`'s place in this document that holds what `entry` holds elsewhere."""
        node = ast.Name(id="_", ctx=ast.Load())
        ast.copy_location(node, here)
        node.end_lineno, node.end_col_offset = here.end_lineno, here.end_col_offset
        self.flow.pin(node, entry.values())
        return node

    # --- functions ---------------------------------------------------------------------------
    def is_generator(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`binder.is_generator`: a def of this module with no `yield` of the node tables inside its lines
        is none, told without a walk of its body (most functions, at every call that asks)."""
        if func in self.parents:
            lines = self._yield_lines
            i = bisect_right(lines, func.lineno - 1)
            if i >= len(lines) or lines[i] > (func.end_lineno or func.lineno):
                return False
        return is_generator(func)

    @cached_property
    def _yield_lines(self) -> list[int]:
        return sorted(n.lineno for kind in (ast.Yield, ast.YieldFrom) for n in self._by_type[kind])

    def returned_values(self, func: ast.AST) -> list[ast.expr]:
        return self._returns.get(func, [])

    @cached_property
    def _returns(self) -> dict[ast.AST, list[ast.expr]]:
        table: dict[ast.AST, list[ast.expr]] = defaultdict(list)
        for node in self._by_type[ast.Return]:
            if node.value is not None:
                table[self.scope_of(node)].append(node.value)
        return table

    def local_function(self, expr: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        if isinstance(expr, ast.Name):
            binding = self.reaching(expr)
            if binding and isinstance(binding.stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return binding.stmt
        return None

    def local_definition(self, expr: ast.AST, kind: str = "function") -> Value | None:
        """The one value `expr` holds when it is a def (kind "function") or a class (kind "class") of this
        file, followed through the value flow (`trainer.fit`, the worker a local factory returns); None
        otherwise. Its `extra` tells how a method is read (through an instance, on the class)."""
        values = self.values(expr)
        if len(values) != 1 or values[0].kind != kind or values[0].foreign:
            return None
        shape = ast.ClassDef if kind == "class" else (ast.FunctionDef, ast.AsyncFunctionDef)
        return values[0] if isinstance(values[0].node, shape) else None

    def modules_run_by(self, stmt: ast.Import | ast.ImportFrom) -> list[Flow]:
        """The flows of the project modules whose top level the import `stmt` of this module runs (see
        `Project.modules_run_by`); none without a project."""
        if self.project is None:
            return []
        return self.project.modules_run_by(self.flow, stmt)

    @cached_property
    def calls_into_project(self) -> list[ast.Call]:
        """The calls whose callee starts at a name a project import binds (`build(...)`, `utils.dist.f(...)`),
        in the order of the node table: the only ones `called_elsewhere` may answer (a scan, no value)."""
        if not self._project_imports:
            return []
        return [call for call in self._by_type[ast.Call] if self._from_project_import(call.func)]

    def called_elsewhere(self, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
        """The function of another module of the project that `call` runs on every path (`accumulate(...)`
        after `from utils.dist import accumulate`), with the flow that reads that module; None otherwise.
        Its parameters hold what this call passes (`flow.argument_for(func, param, call, False)`)."""
        root = call.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id not in self._project_imports:
            return None  # asked before any value is worked out: most calls are of no project module
        values = self.values(call.func)
        if len(values) != 1 or values[0].kind != "function" or not values[0].foreign or values[0].when \
                or values[0].extra is not None or values[0].flow is None:
            return None
        func = values[0].node
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        return func, values[0].flow

    def method_run(self, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow, Receiver] | None:
        """`metric.compute_synced(fabric)` on an instance of a class of the project, `self.sync(fabric)` in a
        method run on one: the method the receiver's class resolves to (a subclass's override first, C3),
        the flow of its module, and the receiver, its `self`; on every path. None otherwise (a library
        object, a receiver the layer cannot tell, a property, a decorated method: a `@contextmanager` one's body
        is what the `with` enters). `Flow.bound_site` reads it for the call: `self` the receiver, its other
        parameters what the call passes.
        Several receivers (`clipper.apply(...)` on `CLIPPERS[RUN["clip"]]()`, `Flow.receivers_of`: an instance of
        each class the pick may build, each under `self is a X`) that all run the same method are one run, with
        `self` each of them: a finding is an error where every one raises, a warning naming the class where some do."""
        if isinstance(call.func, ast.Name):  # `reducer(fabric, loss)`: an instance called runs its class's `__call__`
            if "__call__" not in self._methods_defined:
                return None  # (no class of the file has one: a function called, read no further)
            held = self.flow.receivers_of(call.func)
            return self._several_run(call, held, "__call__") if held and all(
                r.kind == "instance" for r in held) else None
        if not isinstance(call.func, ast.Attribute):
            return None
        receivers = self.flow.receivers_of(call.func.value)
        if len(receivers) > 1 or receivers and receivers[0].kind == "instance" and receivers[0].flow is not None \
                and receivers[0] not in self.values(call.func.value):  # (the plain run's of a pick: its method)
            return self._several_run(call, receivers)
        if len(receivers) != 1 or receivers[0].kind != "instance" or receivers[0].when:
            return None
        values = self.values(call.func)
        if len(values) != 1 or values[0].kind != "function" or values[0].when or values[0].flow is None \
                or not (isinstance(values[0].extra, tuple) and values[0].extra[:1] == ("method",)) \
                or not isinstance(values[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        home = values[0].flow.base
        if any(home.ctx.resolve(d) not in CONTEXT_MANAGERS for d in values[0].node.decorator_list):
            return None  # a property, a cached or wrapped method: not the body a call runs
        return values[0].node, home, receivers[0]

    def _several_run(self, call: ast.Call, receivers: tuple[Value, ...], name: str | None = None
                     ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow, Receiver] | None:
        """The method `name` (the one the call spells) each of several receivers runs, when it is the same def
        for all (each an instance of a class of the project under a condition of its own, at most
        `MAX_CONTEXTS`), or the one receiver the plain run builds; None otherwise."""
        if len(receivers) > MAX_CONTEXTS or any(r.kind != "instance" or bool(r.when) != (len(receivers) > 1)
                                                for r in receivers):
            return None
        if name is None:
            assert isinstance(call.func, ast.Attribute)
            name = call.func.attr
        found: ast.FunctionDef | ast.AsyncFunctionDef | None = None
        home: Flow | None = None
        for receiver in receivers:
            methods = self.flow.attribute(receiver, name, call.func)
            if len(methods) != 1 or methods[0].kind != "function" or methods[0].when or methods[0].flow is None \
                    or not (isinstance(methods[0].extra, tuple) and methods[0].extra[:1] == ("method",)) \
                    or not isinstance(methods[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    or found is not None and methods[0].node is not found:
                return None
            found, home = methods[0].node, methods[0].flow.base
        if found is None or home is None or any(home.ctx.resolve(d) not in CONTEXT_MANAGERS for d in found.decorator_list):
            return None
        return found, home, receivers if len(receivers) > 1 else receivers[0]

    def may_run_project_method(self, func: ast.expr) -> bool:
        """`receiver.method` may be a method of a class of the project run on an instance of it, from a scan of
        the file (before any value is worked out): the receiver is a name or an attribute (`self.metric`) the
        file assigns a construction of a class it defines or a project import names (`worst = MaxMetric()`,
        `mean, worst = MeanMetric(), MaxMetric()`), or a name a project import binds or an attribute of one
        (`finetune.SHARDING`), and, without a project import, one of the file's classes defines the method.
        What they hold is the value flow's to say (`method_run`). An instance called (`reducer(fabric, loss)`)
        runs its class's `__call__`; a parameter of the function the call is in (`def evaluate(fabric, reducer)`)
        may be given such an instance when one of the file's classes defines the method."""
        if isinstance(func, ast.Name):
            return "__call__" in self._methods_defined and (
                func.id in self._built_by_project_classes or func.id in self._picked_names or self._a_parameter(func))
        if not isinstance(func, ast.Attribute):
            return False
        receiver = func.value
        if isinstance(receiver, ast.Name):
            built = receiver.id in self._built_by_project_classes or receiver.id in self._project_imports \
                or receiver.id in self._picked_names or func.attr in self._methods_defined and self._a_parameter(receiver)
        elif isinstance(receiver, ast.Call):  # chained: `RECIPES["fsdp"]().strategy()`, `Config.from_name("x").strategy()`
            built = self._may_build(receiver)
        elif isinstance(receiver, ast.Subscript):  # `PRESETS["fsdp"].strategy()`: an entry of a table
            built = self._picked_or_built(receiver)
        else:  # (`finetune.SHARDING.strategy()`: an object a project module holds)
            built = isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) \
                and (receiver.attr in self._built_by_project_classes or receiver.value.id in self._project_imports)
        return built and (bool(self._project_imports) or func.attr in self._methods_defined)

    def _a_parameter(self, name: ast.Name) -> bool:
        """`name` is a parameter of the function it is read in (not its method's `self`)."""
        func = self.enclosing_function(name)
        if func is None:
            return False
        params = [*func.args.posonlyargs, *func.args.args]
        if isinstance(self.parents.get(func), ast.ClassDef):
            params = params[1:]
        return any(a.arg == name.id for a in (*params, *func.args.kwonlyargs))

    @cached_property
    def _methods_defined(self) -> frozenset[str]:
        """The names of the methods the file's classes define."""
        return frozenset(s.name for c in self._by_type[ast.ClassDef] for s in c.body
                         if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))

    @cached_property
    def library_names(self) -> frozenset[str]:
        """The names only a library's import binds in the file, or nothing (a builtin: `property`,
        `staticmethod`): no assignment, parameter, loop, `def`, `class`, project import or star import binds
        them, so what they hold is the library's, never a function or class of the project. A scan of the
        tables, before any name is resolved (empty when the file reads `globals` and the like, or has a
        star import)."""
        others = self.names_bound_otherwise
        if others is None or any(a.name == "*" for node in self._by_type[ast.ImportFrom] for a in node.names):
            return frozenset()
        defined = {d.name for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) for d in self._by_type[kind]}
        read = {n.id for n in self._by_type[ast.Name] if isinstance(n.ctx, ast.Load)}
        return frozenset(read - others - defined - self._project_imports)

    @cached_property
    def _class_names(self) -> frozenset[str]:
        return frozenset(c.name for c in self._by_type[ast.ClassDef])

    def _may_build(self, value: ast.expr) -> bool:
        """`value` may be an instance of a class of the project, from its spelling: a construction of a class
        the file defines or a project import names, one picked and built (`CLIPPERS[name]()`,
        `registry.get("x")()`, `Config.from_name("x")`: a table or factory of a project import or of the
        file's own, when it defines classes), or an object a project module holds (`finetune.SHARDING`)."""
        if isinstance(value, ast.Attribute):  # `sharding = finetune.SHARDING`: an object a project module holds
            root: ast.expr = value
            while isinstance(root, ast.Attribute):
                root = root.value
            return isinstance(root, ast.Name) and root.id in self._project_imports
        if not isinstance(value, ast.Call):
            return False
        if isinstance(value.func, ast.Name) and value.func.id in self._picked_names:  # `make = RECIPES[name]`, `make()`
            return True
        return self._picked_or_built(value.func)

    def _picked_or_built(self, func: ast.expr) -> bool:
        """`func(...)` may build an instance of a class of the project, from the spelling of `func`."""
        root = func
        while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
            root = root.func if isinstance(root, ast.Call) else root.value
        if not isinstance(root, ast.Name):
            return False
        if root.id in self._project_imports:
            return True
        if isinstance(func, ast.Name) or root.id in self._class_names:  # `Config(...)`, `Config.from_name(...)`
            return root.id in self._class_names
        # picked from a table the file binds: `RECIPES[name]()`, of its classes or of classes it imports
        return bool(self._class_names or self._project_imports) and any(
            isinstance(b.stmt, (ast.Assign, ast.AnnAssign)) for b in self.bindings(root.id, self.module))

    @cached_property
    def _picked_names(self) -> frozenset[str]:
        """The names the file binds to an entry picked from a table (`make = RECIPES[name]`,
        `cls = METRICS.get(name)`, `preset = PRESETS[name]`) that may be a class of the project or an instance
        of one, or to a name of a project module got by `getattr`."""
        return frozenset(t.id for stmt in self._by_type[ast.Assign] for t in stmt.targets
                         if isinstance(t, ast.Name) and ((isinstance(stmt.value, ast.Subscript) or isinstance(stmt.value, ast.Call)
                                                          and isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "get")
                                                         and self._picked_or_built(stmt.value) or self._got_from_project(stmt.value)))

    def _got_from_project(self, value: ast.expr) -> bool:
        """`getattr(loops, name)` of a module a project import binds: a class of it, by a name."""
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "getattr" \
            and len(value.args) >= 2 and isinstance(value.args[0], ast.Name) and value.args[0].id in self._project_imports

    @cached_property
    def _built_by_project_classes(self) -> frozenset[str]:
        if not self._class_names and not self._project_imports:
            return frozenset()
        built = self._may_build
        names: set[str] = set()
        for stmt in self._by_type[ast.Assign]:
            pairs = [(t, stmt.value) for t in stmt.targets]
            for target, value in pairs:
                if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) \
                        and len(target.elts) == len(value.elts):
                    pairs.extend(zip(target.elts, value.elts))
                elif built(value):
                    if isinstance(target, ast.Name):
                        names.add(target.id)
                    elif isinstance(target, ast.Attribute):
                        names.add(target.attr)
        return frozenset(names)

    def callers_leaving_default(self, use: ast.AST) -> list[tuple[Flow, ast.Call]] | None:
        """The calls of other modules that leave out the parameter `use` reads, when it holds that
        parameter's default on every path because those calls pass nothing for it (`load_checkpoint(fabric,
        path)` of a `def load_checkpoint(fabric, path, state=None)`): where the argument belongs. None
        otherwise (a call that passes it, a file that calls the function itself, a function passed around)."""
        if not isinstance(use, ast.Name) or self.project is None:
            return None
        defs = self.flow.reaching(use)
        if not defs or len(defs) != 1 or defs[0].how != "param" or not isinstance(defs[0].node, ast.arg):
            return None
        arg = defs[0].node
        func = self.scope_of(arg)
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        if parameter_default(func, arg) is None:
            return None
        calls = self.project.calls_from_other_modules(self.flow, func)  # None when the file calls it itself
        if not calls or not all(passes_nothing_for(func, arg, call) for _, call in calls):
            return None
        return calls

    @property
    def imports_project(self) -> bool:
        """Whether the module imports a module of its project (or a name of one)."""
        return bool(self._project_imports)

    @cached_property
    def _project_imports(self) -> frozenset[str]:
        """The names this module's imports bind to modules of its project, or to what they hold."""
        if self.project is None:
            return frozenset()
        tops = {qualified.split(".")[0] for qualified in self.imports.names.values()}
        ours = {top for top in tops if self.project.is_module(self.flow, top)}  # one lookup a top-level name
        names = {name for name, qualified in self.imports.names.items() if qualified.split(".")[0] in ours}
        for node in self._by_type[ast.ImportFrom]:
            if node.level:  # `from .utils import setup`: always the project's
                names.update(a.asname or a.name for a in node.names if a.name != "*")
        return frozenset(names)


class _Parents:
    """Parent of each node: the chunks' own tables, found by the node's line, under the parents
    only the whole document knows (a statement's module or class)."""

    def __init__(self, overlay: dict[ast.AST, ast.AST], tables: list[tuple[int, dict[ast.AST, ast.AST]]],
                 loose: dict[ast.AST, ast.AST]):
        self._overlay, self._loose = overlay, loose
        self._firsts = [first for first, _ in tables]
        self._tables = [table for _, table in tables]

    def get(self, node: ast.AST, default: Any = None) -> Any:
        found = self._overlay.get(node)
        if found is not None:
            return found
        line = getattr(node, "lineno", None)
        if line is None:
            return self._loose.get(node, default)
        i = bisect_right(self._firsts, line - 1) - 1
        if i >= 0:
            found = self._tables[i].get(node)
        return default if found is None else found

    def __getitem__(self, node: ast.AST) -> ast.AST:
        found: ast.AST | None = self.get(node)
        if found is None:
            raise KeyError(node)
        return found

    def __contains__(self, node: object) -> bool:
        return self.get(node) is not None  # type: ignore[arg-type]

    def __setitem__(self, node: ast.AST, parent: ast.AST) -> None:
        self._overlay[node] = parent


class _ByType(dict[type, list[ast.AST]]):
    """Nodes by type, merged from the chunks' tables for one type when it is first asked for."""

    def __init__(self, tables: list[dict[type, list[ast.AST]]]):
        super().__init__()
        self._tables = tables

    def __missing__(self, kind: type) -> list[ast.AST]:
        merged: list[ast.AST] = []
        for table in self._tables:
            found = table.get(kind)
            if found:
                merged.extend(found)
        self[kind] = merged
        return merged


_BINDING_KINDS = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For, ast.With, ast.arg,
                  ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_DEFINITIONS = 7  # kinds from here on bind names they define, not targets


class HeldCall(ast.Call):
    """`save(state)` where `save` holds the bound method `fabric.save` (or `partial(fabric.save, path)`),
    seen as the call `fabric.save(path, state)` it makes; placed where it is written, `written` being
    that call."""

    def __init__(self, written: ast.Call, receiver: ast.expr, method: str, args: list[ast.expr],
                 keywords: list[ast.keyword]):
        func = ast.Attribute(value=receiver, attr=method, ctx=ast.Load())
        ast.copy_location(func, written.func)
        func.end_lineno, func.end_col_offset = written.func.end_lineno, written.func.end_col_offset
        super().__init__(func=func, args=args, keywords=keywords)
        ast.copy_location(self, written)
        self.end_lineno, self.end_col_offset = written.end_lineno, written.end_col_offset
        self.written, self.receiver, self.method = written, receiver, method


_Held = tuple[ast.expr | None, Flow, str, list[tuple[ast.expr, Flow]], list[tuple[ast.keyword, Flow]]]


def _held_method(flow: Flow, expr: ast.expr, depth: int = 3) -> _Held | None:
    """The bound method `expr` holds on every path, read by `flow`: (its receiver, the evaluator that reads
    the receiver, the method's name, the positional arguments and keywords a `functools.partial` pre-set,
    each with its evaluator); None when it holds anything else, or may. An `operator.methodcaller(name, ...)`
    has no receiver (None): it calls the method on the object it is given, after the arguments it holds."""
    values = flow.values(expr)
    if len(values) != 1 or values[0].when:
        return None
    value = values[0]
    node = value.node
    owner = flow if node in flow.ctx.parents else value.flow if value.flow is not None \
        and node in value.flow.ctx.parents else None  # the evaluator of the module that writes it
    if owner is None:
        return None
    if value.kind in ("unknown", "external") and isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.value, owner, node.attr, [], []  # `fabric.save`, read through a name or as it is written
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
            and isinstance(node.args[0].value, str) and node.args[0].value.isidentifier() \
            and owner.ctx.resolve(node.func) == "operator.methodcaller" \
            and not any(isinstance(a, ast.Starred) for a in node.args) and all(k.arg for k in node.keywords):
        return None, owner, node.args[0].value, [(a, owner) for a in node.args[1:]], [(k, owner) for k in node.keywords]
    if value.kind != "partial" or not isinstance(node, ast.Call) or not node.args or not depth \
            or owner.ctx.resolve(node.func) != "functools.partial" \
            or any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    inner = _held_method(owner, node.args[0], depth - 1)
    if inner is None or inner[0] is None:  # (a partial of a methodcaller: not followed)
        return None
    receiver, receiver_flow, method, preset, keywords = inner
    given = {k.arg for k in node.keywords}
    return (receiver, receiver_flow, method, [*preset, *((a, owner) for a in node.args[1:])],
            [*(k for k in keywords if k[0].arg not in given), *((k, owner) for k in node.keywords)])


def _held_part(value: ast.expr | None) -> ast.expr | None:
    """The branch of a conditional expression that may hold a bound method (`fabric.no_backward_sync if
    accumulate > 1 else nullcontext`: the attribute), else the value itself."""
    while isinstance(value, ast.IfExp):
        value = value.body if isinstance(value.body, (ast.Attribute, ast.Call, ast.Name)) else value.orelse
    return value


def _calls_super(call: ast.Call) -> bool:
    """`super().__init__(...)`."""
    func = call.func
    return isinstance(func, ast.Attribute) and func.attr == "__init__" and isinstance(func.value, ast.Call) \
        and isinstance(func.value.func, ast.Name) and func.value.func.id == "super"


def _rank(item: tuple[int, Binding]) -> int:
    return item[0]


def _chunk_bindings(parsed: Any) -> dict[ast.AST | None, dict[str, list[tuple[int, Binding]]]]:
    """One chunk's bindings by scope (None: the chunk's own top level, the module's or its class's)
    and name, each with the rank of its kind in `_BINDING_KINDS`."""
    by_type, parents = parsed.index
    out: dict[ast.AST | None, dict[str, list[tuple[int, Binding]]]] = {}

    def scope_of(node: ast.AST) -> ast.AST | None:
        parent = parents.get(node)
        while parent is not None and not isinstance(parent, SCOPES):
            parent = parents.get(parent)
        return parent

    for rank, kind in enumerate(_BINDING_KINDS):
        for node in by_type.get(kind, ()):
            if rank < _DEFINITIONS:
                pairs = [(t.id if isinstance(t, ast.Name) else t.arg, Binding(t, v, node))  # type: ignore[attr-defined]
                         for t, v in _bound(node)]
            else:
                pairs = [(name, Binding(node, None, node)) for name in _defined_names(node)]
            if pairs:
                names = out.setdefault(scope_of(node), {})
                for name, binding in pairs:
                    names.setdefault(name, []).append((rank, binding))
    return out


_DEFINITION_KINDS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _top_bindings(parsed: Any) -> dict[str, list[tuple[int, Binding]]] | None:
    """The bindings of a chunk's own top level (the entry None of `_chunk_bindings`), kept with its tree.
    A chunk of definitions only, with no `:=` anywhere, binds there its definitions' names alone (what
    their decorators, defaults and bodies bind is another scope's): told from its statements, unwalked."""
    return cast("dict[str, list[tuple[int, Binding]]] | None", parsed.fact("top bindings", _chunk_top_bindings))


def _chunk_top_bindings(parsed: Any) -> dict[str, list[tuple[int, Binding]]] | None:
    by_type, _ = parsed.index
    top = parsed.tree.body if parsed.tree is not None else []
    if parsed.classdef is not None or ast.NamedExpr in by_type or not all(isinstance(s, _DEFINITION_KINDS) for s in top):
        return cast("dict[str, list[tuple[int, Binding]]] | None", parsed.fact("bindings", _chunk_bindings).get(None))
    out: dict[str, list[tuple[int, Binding]]] = {}
    for rank in range(_DEFINITIONS, len(_BINDING_KINDS)):  # in the order a walk of the tables gives them
        kind = _BINDING_KINDS[rank]
        for node in top:
            if node.__class__ is kind:
                out.setdefault(cast("ast.FunctionDef", node).name, []).append((rank, Binding(node, None, node)))
    return out or None


def _loose_parents(parsed: Any) -> dict[ast.AST, ast.AST]:
    """Parents of the chunk's nodes that have no line (arguments, comprehensions, `with` items, match
    cases): found by their kind in the chunk's table, not by a look at every node."""
    by_type, parents = parsed.index
    return {node: parents[node] for kind, nodes in by_type.items() if _without_line(kind) for node in nodes
            if node in parents}


@functools.cache
def _without_line(kind: type[ast.AST]) -> bool:
    """Nodes of this kind have fields and no line number."""
    return bool(kind._fields) and "lineno" not in kind._attributes and "lineno" not in kind._fields


def _end_at(classdef: ast.ClassDef, last: ast.stmt) -> None:
    classdef.end_lineno, classdef.end_col_offset = last.end_lineno, last.end_col_offset


def _pos(node: ast.AST) -> tuple[int, int]:
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))


def _binds_before(binding: Binding, use: ast.AST) -> bool:
    """An assignment binds after its value is computed: `model = f(model)` reads the earlier `model`."""
    stmt = binding.stmt
    if isinstance(stmt, ast.arg):
        return True
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
        return (stmt.end_lineno, stmt.end_col_offset) <= _pos(use)
    return _pos(stmt) < _pos(use)


def _bound(node: ast.AST) -> Iterator[tuple[ast.AST, ast.expr | None]]:
    """(target, value) pairs a statement binds; value None where it is not one expression."""
    if isinstance(node, ast.Assign):
        for target in node.targets:
            yield from _unpack(target, node.value)
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        yield node.target, node.value
    elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
        yield node.target, None
    elif isinstance(node, ast.NamedExpr):
        yield node.target, node.value
    elif isinstance(node, ast.For):
        yield from _unpack(node.target, None)
    elif isinstance(node, ast.With):
        for item in node.items:
            if item.optional_vars is not None:
                yield from _unpack(item.optional_vars, None)
    elif isinstance(node, ast.arg):
        yield node, None


def _unpack(target: ast.AST, value: ast.expr | None) -> Iterator[tuple[ast.AST, ast.expr | None]]:
    if isinstance(target, ast.Name):
        yield target, value
    elif isinstance(target, (ast.Tuple, ast.List)):
        values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) else None
        for i, element in enumerate(target.elts):
            yield from _unpack(element, values[i] if values else None)




def _target_names(target: ast.expr) -> Iterator[str]:
    """The names an assignment to `target` binds (`a, (b, *c) = ...`: a, b, c; none for `x.y` or `x[i]`)."""
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _target_names(element)
    elif isinstance(target, ast.Starred):
        yield from _target_names(target.value)


def _defined_names(node: ast.AST) -> list[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    names = []
    for alias in node.names:  # type: ignore[attr-defined]
        if alias.name != "*":
            names.append(alias.asname or alias.name.split(".")[0])
    return names


def _block_places(parent: ast.AST) -> dict[int, tuple[list[ast.stmt], int]]:
    places: dict[int, tuple[list[ast.stmt], int]] = {}
    for field in ("body", "orelse", "finalbody"):
        body = getattr(parent, field, None)
        if isinstance(body, list):
            for i, s in enumerate(body):
                places.setdefault(id(s), (body, i))  # the first block that holds it, as a search finds it
    return places


def catches(handler: ast.ExceptHandler, exception: str) -> bool:
    """The handler catches `exception`: a bare `except:`, the class by name, or a builtin base of it (a
    class Python does not know is caught by its own name, `Exception` or `BaseException` only)."""
    if handler.type is None:
        return True
    return _caught(handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type], exception)


def _caught(caught: list[ast.expr], exception: str) -> bool:
    """One of the classes `caught` names catches `exception` (see `catches`)."""
    raised = getattr(builtins, exception, None)
    for c in caught:
        name = c.id if isinstance(c, ast.Name) else c.attr if isinstance(c, ast.Attribute) else None
        base = getattr(builtins, name, None) if isinstance(c, ast.Name) and name is not None else None
        if name == exception or name in ("Exception", "BaseException") and isinstance(c, ast.Name):
            return True
        if isinstance(raised, type) and isinstance(base, type) and issubclass(raised, base):
            return True
    return False


def _raises_again(handler: ast.ExceptHandler) -> bool:
    """A `raise` in the handler's own code (not in a def it holds): the exception may go on up."""
    return any(isinstance(node, ast.Raise) for node in body_nodes(handler))
