"""The shortcuts a first check takes must answer as the long way did: each is compared here with the walk
or the pattern it stands for, on code shaped to hit its edges (a class cut at its methods, `:=` in a
default, a `yield` in a nested def, an import continued by a backslash, `\\r\\n` line breaks)."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis.binder import is_generator, walk
from errata_lsp.analysis.context import SCOPES, Context, _chunk_bindings, _rank
from errata_lsp.analysis.document import TOP_LEVEL, Document, _top_level_lines
from errata_lsp.analysis.engine import LINE_BREAK, TOP_LEVEL_BINDING, _bound_at_top
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.project import IMPORT_LINE, import_lines

SOURCE = textwrap.dedent('''\
    """A module docstring that shows code:
    import not_an_import
    def not_a_def(): pass
    """
    import os, sys
    from functools import (
        partial,
    )
    from pkg.sub \\
        import thing
    LIMIT: int = 3
    total = count = 0
    if (flag := os.environ.get("X")):
        import json as js


    def gen(n, scale=(factor := 2)):
        def inner():
            yield n
        return [inner, lambda: (yield)]


    def produce(items):
        for item in items:
            yield item * scale
        x = 1


    @dataclass
    class Trainer(Base):
        steps = 10
        limit, (low, high) = 1, (2, 3)

        def fit(self, model, *args, lr=0.1, **kwargs):
            self.model = model
            for batch in self.loader:
                with self.ctx() as (a, b):
                    loss = model(batch)
            return loss

        @staticmethod
        def make(cfg):
            inner = [y for y in cfg if (z := y)]
            return lambda q: q + inner[0]

        async def serve(self):
            async with self.lock:
                pass


    def outer():
        class Local:
            field = 1

            def method(self):
                import math
                return math.pi
        return Local if LIMIT > 1 and not total else dict(a=1, **{**os.environ, "k": -2})


    def keywords_only(*, a, b=1):
        return a < b <= a + b


    main = partial(outer)
    ''')


def _context(source: str) -> Context:
    doc = Document(source, None)
    return Context(doc, doc.chunks(("",)), TIPS)


def _whole_table(ctx: Context) -> tuple[dict[ast.AST, dict[str, list]], dict[ast.AST, int]]:
    """The bindings table as it was made before it was asked per scope: every chunk's whole table, merged."""
    ranked: dict[ast.AST, dict[str, list]] = {}
    sources: dict[ast.AST, int] = {}
    for parsed, outer in ctx._trees:
        for scope, names in parsed.fact("bindings", _chunk_bindings).items():
            key = scope if scope is not None else (outer if outer is not None else ctx.module)
            sources[key] = sources.get(key, 0) + 1
            for name, found in names.items():
                ranked.setdefault(key, {}).setdefault(name, []).extend(found)
    return ranked, sources


def test_the_bindings_of_each_scope_are_those_of_the_whole_table_in_its_order() -> None:
    ctx = _context(SOURCE)
    ranked, sources = _whole_table(ctx)
    scopes = {*ranked, *(node for kind in SCOPES for node in ctx.nodes(kind))}
    assert any(isinstance(s, ast.ClassDef) and s.name == "Trainer" for s in ranked)  # cut at its methods
    asked = 0
    for scope in scopes:
        for name in {*ranked.get(scope, {}), "self", "nothing"}:
            pairs = ranked.get(scope, {}).get(name, [])
            expected = [b for _, b in (sorted(pairs, key=_rank) if sources.get(scope, 0) > 1 else pairs)]
            assert [(b.target, b.value, b.stmt) for b in ctx.bindings(name, scope)] == \
                [(b.target, b.value, b.stmt) for b in expected], (type(scope).__name__, name)
            asked += 1
    assert asked > 40
    # a chunk of definitions with `:=` is walked: the tables file a default's walrus under its def, as before
    gen = next(d for d in ctx.nodes(ast.FunctionDef) if d.name == "gen")
    assert [b.stmt.__class__.__name__ for b in ctx.bindings("factor", gen)] == ["NamedExpr"]
    assert [b.stmt.__class__.__name__ for b in ctx.bindings("gen", ctx.module)] == ["FunctionDef"]
    assert [b.stmt.__class__.__name__ for b in ctx.bindings("flag", ctx.module)] == ["NamedExpr"]
    trainer = next(c for c in ctx.nodes(ast.ClassDef) if c.name == "Trainer")
    assert [b.stmt.name for b in ctx.bindings("fit", trainer)] == ["fit"]  # type: ignore[attr-defined]
    assert ctx.bindings("fit", ctx.module) == []


def test_a_generator_is_told_from_the_tables_as_its_walk_tells_it() -> None:
    ctx = _context(SOURCE)
    defs = [*ctx.nodes(ast.FunctionDef), *ctx.nodes(ast.AsyncFunctionDef)]
    assert {d.name: ctx.is_generator(d) for d in defs} == {d.name: is_generator(d) for d in defs}
    assert {d.name for d in defs if ctx.is_generator(d)} == {"inner", "produce"}  # `gen` only holds them
    other = ast.parse("def gen():\n    yield 1\n").body[0]  # a def of no table of this module: walked
    assert ctx.is_generator(other)  # type: ignore[arg-type]


def test_walk_gives_the_nodes_of_ast_walk_in_its_order_less_the_leaves() -> None:
    tree = ast.parse(SOURCE)
    leaves = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
    expected = [n for n in ast.walk(tree) if not isinstance(n, leaves)]
    assert list(walk(tree)) == expected
    assert any(isinstance(n, ast.Compare) for n in expected) and any(isinstance(n, ast.keyword) for n in expected)


def _texts() -> list[str]:
    return [SOURCE, SOURCE.replace("\n", "\r\n"), "", "\n", "import", "from", "def", "class A:\n  pass",
            "x = 1\nfrom a \\\n  import b\n\nimport c", "  import indented\nimports = 1\nfromage = 2\n@deco\ndef f(): pass"]


def test_the_import_lines_are_those_the_pattern_finds() -> None:
    for text in _texts():
        assert import_lines(text) == IMPORT_LINE.findall(text), text
    assert import_lines(SOURCE) == ["import not_an_import", "import os, sys", "from functools import (",
                                    "from pkg.sub \\", "    import thing", "    import json as js",
                                    "            import math"]


def test_the_top_level_lines_are_those_the_pattern_finds() -> None:
    for text in _texts():
        assert _top_level_lines(text) == [(m.start(), m.group()) for m in TOP_LEVEL.finditer(text)], text


def test_the_names_bound_at_the_top_level_are_those_the_pattern_finds() -> None:
    for text in _texts():
        _bound_at_top.cache_clear()
        expected = frozenset(a or b for a, b in TOP_LEVEL_BINDING.findall(LINE_BREAK.sub("\n", text)))
        assert _bound_at_top(text) == expected, text
    _bound_at_top.cache_clear()
    assert {"LIMIT", "total", "gen", "produce", "Trainer", "outer", "main", "not_a_def"} <= _bound_at_top(SOURCE)


BINDINGS = textwrap.dedent('''\
    import os
    from functools import partial, wraps as w


    def plain(x):
        return x


    @w(plain)
    def decorated(y):
        return y


    class Plain:
        pass


    @dataclass
    class Decorated:
        pass


    def use(param, *rest, key=None, **more):
        for loop_var, (a, *b) in enumerate(rest):
            loop_var(a)
        with open(param) as handle, os.scandir() as (d, e):
            handle(d, e)
        try:
            param()
        except OSError as error:
            error()
        match key:
            case {"k": kv, **others}:
                kv(others)
            case [first, *tail]:
                first(tail)
            case Plain() as captured:
                captured()
        counter = 0
        counter += 1
        counter()
        gone = plain
        del gone
        (walrus := plain)(1)
        [comp(1) for comp in rest]
        (lambda f: f(1))(plain)
        plain(decorated(Plain(Decorated(os.getcwd(len(rest))))))
        partial(plain)(1)
        more(rest)
    ''')


def test_a_name_outside_the_names_bound_otherwise_reaches_only_imports_and_plain_defs() -> None:
    calls = 0
    for source in (SOURCE, BINDINGS):
        ctx = _context(source)
        others = ctx.names_bound_otherwise
        assert others is not None
        for name in ctx.nodes(ast.Name):
            if not isinstance(name.ctx, ast.Load) or name.id in others:
                continue
            assert all(d.how == "import" or d.how == "def" and not getattr(d.node, "decorator_list", None)
                       for d in ctx.flow.reaching(name) or ()), name.id
        for call in ctx.nodes(ast.Call):
            if isinstance(call.func, ast.Name):
                long_way = any(d.how != "import" and (d.how != "def" or getattr(d.node, "decorator_list", None))
                               for d in ctx.flow.reaching(call.func) or ())
                assert ctx.flow._may_call_through(call) == long_way, ast.unparse(call)
                calls += 1
    assert calls > 20
    assert {"loop_var", "a", "b", "handle", "d", "e", "error", "kv", "others", "first", "tail", "captured", "counter",
            "gone", "walrus", "param", "rest", "key", "more", "decorated", "Decorated"} <= ctx.names_bound_otherwise  # type: ignore[operator]
    assert not {"plain", "Plain", "os", "partial", "w", "len"} & ctx.names_bound_otherwise  # type: ignore[operator]


def test_a_file_that_reads_globals_or_exec_binds_names_no_target_spells() -> None:
    for line in ('globals()["step"] = 1', 'exec(code)', 'vars().update(x=1)', 'step = locals'):
        ctx = _context(f"def f():\n    pass\n{line}\nstep()\n")
        assert ctx.names_bound_otherwise is None, line
        call = next(c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "step")
        long_way = any(d.how != "import" for d in ctx.flow.reaching(call.func) or ())  # type: ignore[arg-type]
        assert ctx.flow._may_call_through(call) == long_way, line
    keyed = _context('globals()["step"] = 1\nstep()\n')
    assert keyed.flow._may_call_through(keyed.nodes(ast.Call)[-1]) is True  # bound by the key, not by a target



FUNCTION_LOCALS = textwrap.dedent('''\
    from pprint import pprint
    import json

    def setup(lr, step=json.dumps):
        pprint(locals())
        locals()["step"] = print
        vars()["log"] = print
        step(lr)
        report = lambda: vars()
        report()
        return [locals() for _ in range(2)]

    def log(x):
        pass

    log(setup)
    ''')


def test_a_function_s_own_locals_binds_no_name_a_reader_would_see() -> None:
    ctx = _context(FUNCTION_LOCALS)
    others = ctx.names_bound_otherwise
    assert others is not None and "log" not in others and "pprint" not in others
    for call in ctx.nodes(ast.Call):
        if isinstance(call.func, ast.Name):
            long_way = any(d.how != "import" and (d.how != "def" or getattr(d.node, "decorator_list", None))
                           for d in ctx.flow.reaching(call.func) or ())
            assert ctx.flow._may_call_through(call) == long_way, ast.unparse(call)
    # the module's, a class body's, a default's or a decorator's `locals()` is not a function's own
    for source in ("pprint(locals())\n", "class C:\n    vars()['x'] = 1\n", "def f(a=locals()):\n    pass\n",
                   "@register(vars())\ndef f():\n    pass\n", "def f():\n    return locals(1)\n",
                   "def f():\n    look = locals\n    return look()\n"):
        assert _context(source).names_bound_otherwise is None, source


NONLOCALS = textwrap.dedent('''\
    def build(fabric):
        policy = None

        def prepare():
            nonlocal policy
            policy = {"remat"}

            def deeper():
                nonlocal policy
                policy = "size"
            return deeper

        def step():
            return policy
        return prepare, step


    def plain(cfg):
        def helper():
            return cfg
        return helper


    class Runner:
        def fit(self):
            count = 0

            def tick():
                nonlocal count
                count += 1
            return tick
    ''')


def _nonlocals_the_long_way(ctx: Context, func: ast.AST) -> dict[str, list]:
    """`Flow._nonlocals_of_nested` as it was: a walk of every node of the function."""
    out: dict[str, list] = {}
    for inner in ast.walk(func):
        if not isinstance(inner, ast.Nonlocal) or ctx.scope_of(inner) is func:
            continue
        nested = ctx.scope_of(inner)
        if not isinstance(nested, (ast.FunctionDef, ast.AsyncFunctionDef)) or ctx.flow._binder_of(nested) is not func:
            continue
        for name, d in ctx.flow.scope(nested).nonlocal_defs:
            if name in inner.names:
                out.setdefault(name, []).append((d.node, (*d.when, "once the function that sets it has run")))
    return out


def test_the_nonlocal_stores_of_nested_functions_are_those_the_walk_of_the_function_finds() -> None:
    for source in (NONLOCALS, SOURCE):
        ctx = _context(source)
        for func in [*ctx.nodes(ast.FunctionDef), *ctx.nodes(ast.AsyncFunctionDef)]:
            found = {name: [(d.node, d.when) for d in defs] for name, defs in ctx.flow._nonlocals_of_nested(func).items()}
            assert found == _nonlocals_the_long_way(ctx, func), func.name
    ctx = _context(NONLOCALS)
    named = {f.name: f for f in ctx.nodes(ast.FunctionDef)}
    assert len(ctx.flow._nonlocals_of_nested(named["build"])["policy"]) == 1  # `deeper`'s names `prepare`'s
    assert len(ctx.flow._nonlocals_of_nested(named["prepare"])["policy"]) == 1
    assert ctx.flow._nonlocals_of_nested(named["fit"]).keys() == {"count"}
    assert ctx.flow._nonlocals_of_nested(named["plain"]) == {}
    other = ast.parse(NONLOCALS).body[0]  # a def of no table of this module: walked
    assert ctx.flow._nonlocals_of_nested(other) == _nonlocals_the_long_way(ctx, other)  # type: ignore[arg-type]


DECORATORS = textwrap.dedent('''\
    import functools
    from contextlib import contextmanager
    import torch
    from typing import overload


    def timed(fn):
        return fn


    def register(name):
        def decorate(cls):
            return cls
        return decorate


    class Timed:
        def __init__(self, fn):
            self.fn = fn


    cache = functools.lru_cache
    if torch.cuda.is_available():
        def checked(fn):
            return fn
    else:
        checked = timed


    @timed
    def a():
        pass


    @Timed
    def b():
        pass


    @register("c")
    class C:
        @property
        def size(self):
            return 1

        @size.setter
        def size(self, value):
            pass

        @staticmethod
        @contextmanager
        def scope():
            yield

        @functools.partial(register, "d")
        def d(self):
            pass


    @torch.no_grad()
    @torch.inference_mode
    @checked
    @cache
    @overload
    def e(x):
        pass
    ''')


def _applications_the_long_way(ctx: Context) -> dict[int, list]:
    applied: dict[int, list] = {}
    for func in ctx.flow._decorated_functions():
        for site in ctx.flow.decorations(func):
            for target in dict.fromkeys(id(x.extra if x.kind == "partial" else x.node) for x in ctx.flow.values(site.func)):
                applied.setdefault(target, []).append(site)
    return applied


def test_a_library_s_decorator_applies_no_def_of_the_file() -> None:
    ctx = _context(DECORATORS)
    assert {"contextmanager", "torch", "overload", "property", "staticmethod", "functools"} <= ctx.library_names
    assert not {"timed", "Timed", "register", "checked", "cache", "size", "C"} & ctx.library_names
    shortcut = ctx.flow._applications()
    other = _context(DECORATORS)  # the long way, on its own parse of the source
    long_way = _applications_the_long_way(other)

    def by_place(ctx: Context, applied: dict[int, list]) -> dict[tuple[str, int], list[str]]:
        return {(d.name, d.lineno): [ast.unparse(s.func) for s in applied.get(id(d), ())]
                for kind in (ast.FunctionDef, ast.ClassDef) for d in ctx.nodes(kind)}

    assert by_place(ctx, shortcut) == by_place(other, long_way)
    found = {name: sites for (name, _), sites in by_place(ctx, shortcut).items() if sites}
    assert found == {"timed": ["timed", "checked"], "Timed": ["Timed"], "checked": ["checked"],
                     "register": ["functools.partial(register, 'd')"], "decorate": ["register('c')"]}
    # a star import may bind any name: no shortcut
    assert not _context("from helpers import *\n" + DECORATORS).library_names


NEVER_USED = textwrap.dedent('''\
    from lightning.fabric.strategies import XLAFSDPStrategy


    def unread():
        strategy = XLAFSDPStrategy()
        return 1


    def read_nested():
        strategy = XLAFSDPStrategy()

        def inner():
            return strategy
        return inner


    def read_here():
        strategy = XLAFSDPStrategy()
        print(strategy)


    def rebound():
        strategy = XLAFSDPStrategy()
        strategy = None
        return strategy


    def declared():
        global strategy
        strategy = XLAFSDPStrategy()


    def other(strategy=None):
        return strategy


    def unbound_elsewhere():
        policy = XLAFSDPStrategy()
        return 2


    def reads_unbound():
        return policy
    ''')


def _never_used_the_long_way(flow, call: ast.Call) -> tuple[str, str] | None:  # type: ignore[no-untyped-def]
    """`Flow.never_used` as it was: every read of the name in the file asked what it reaches."""
    ctx = flow.ctx
    func = ctx.enclosing_function(call)
    parent = ctx.parents.get(call)
    if func is None or not isinstance(parent, ast.Assign) or len(parent.targets) != 1 \
            or not isinstance(parent.targets[0], ast.Name) or ctx.scope_of(parent) is not func:
        return None
    name = parent.targets[0].id
    walked = flow.scope(func)
    if name in walked.globals or name in walked.nonlocals:
        return None
    for load in ctx.loads_named(name):
        defs = flow.reaching(load)
        if defs is None or any(d.node is call or d.how == "unknown" for d in defs):
            return None
    return ("unread", name)


def test_a_local_never_read_is_told_from_the_reads_in_its_function() -> None:
    ctx, other = _context(NEVER_USED), _context(NEVER_USED)
    built = [c for c in ctx.nodes(ast.Call) if ast.unparse(c) == "XLAFSDPStrategy()"]
    long_way = [c for c in other.nodes(ast.Call) if ast.unparse(c) == "XLAFSDPStrategy()"]
    answers = [ctx.flow.never_used(c) for c in built]
    assert answers == [_never_used_the_long_way(other.flow, c) for c in long_way]
    assert answers == [("unread", "strategy"), None, None, ("unread", "strategy"), None, None]
