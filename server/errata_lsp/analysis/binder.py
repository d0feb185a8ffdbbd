"""The binder: scopes, the definitions that reach each name read, and the conditions they hold under.

Python's semantics only, no library: every scope (the module, a function, a class body) is walked
once, in order, through its branches (`if`/`elif`/`else`, loops, `with`, `try`/`except`, `match`); a
branch that cannot run (`if False:`, `if TYPE_CHECKING:`, a module flag bound once) is skipped, and a
branch that returns or raises does not fall through. What each name read may hold is the evaluator's
question (`flow.py`); the binder only says which definitions reach it.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from .document import CHILD_FIELDS, child_fields

NOT_RUN = ("False", "0", "None", "TYPE_CHECKING", "typing.TYPE_CHECKING")

@dataclass(frozen=True)
class Def:
    """A definition that reaches a name: what binds it and under which conditions."""

    how: str  # assign, param, def, import, aug, counter (a loop's int), capture (a `match` case's name),
    # star (the `*name` of an unpacking: the list of the items the others leave; `path` ends at its index), unknown
    node: ast.AST | None  # the value expression, the arg, the def, the import
    when: tuple[str, ...] = ()
    path: tuple[int, ...] = ()  # tuple unpacking: the index in the assigned value
    label: str | None = None
    target: ast.Name | None = field(default=None, compare=False)  # the name an assignment or a loop binds


@dataclass
class Scope:
    """One walk of a scope's statements: the definitions reaching each name read, its returns, its
    final bindings (what a nested function or, for the module, every function sees)."""

    node: ast.AST
    reaching: dict[int, tuple[Def, ...]] = field(default_factory=dict)  # id(Name load) -> defs
    returns: list[tuple[ast.expr, tuple[str, ...]]] = field(default_factory=list)
    final: dict[str, tuple[Def, ...]] = field(default_factory=dict)
    locals: set[str] = field(default_factory=set)
    globals: set[str] = field(default_factory=set)
    global_defs: list[tuple[str, Def]] = field(default_factory=list)
    nonlocals: set[str] = field(default_factory=set)  # `nonlocal x`: the enclosing function's x
    nonlocal_defs: list[tuple[str, Def]] = field(default_factory=list)  # what it binds them to
    skipped: bool = False  # some statements never run: after a `return`, in a branch that is never taken
    # the tests on the function's parameters its callers decided: (test, parameters read, True/False/None)
    decisions: tuple[tuple[ast.expr, Any, bool | None], ...] = ()
    walking: bool = False  # its walk is under way: the names it has not reached yet are not recorded
    # `globals().update(d)` at module level: (id of the call, name) -> what the name held before it, kept for
    # the names the dict turns out not to set
    updated: dict[tuple[int, str], tuple[Def, ...]] = field(default_factory=dict)


Env = dict[str, tuple[Def, ...]]  # each name bound at a point of the walk -> the definitions reaching it
When = tuple[str, ...]  # the conditions under which that point runs


class _Terminated(dict[str, tuple[Def, ...]]):
    """The bindings of a branch that returned or raised: it does not reach what follows."""


class Walker:
    """Walks one scope's statements in order, recording what reaches each name read."""

    def __init__(self, scope: Scope, text: Callable[[ast.AST], str] | None = None,
                 module_flag: Callable[[str], bool | None] | None = None,
                 decide: Callable[[ast.expr, dict[str, tuple[Def, ...]]], tuple[bool | None, Any] | None] | None = None):
        self.text = text or source_text  # a condition as the user wrote it
        self.scope = scope
        self.module_flag = module_flag  # the module's `DEBUG = True`-style constants, as a function reads them
        self.imported = False  # the walk of a module that another one imports
        self.read_module_flag = False  # then the walk depends on another chunk: not kept with the tree
        # A test on the function's parameters, decided by what its callers pass (the evaluator's answer,
        # None when the test reads no parameter); each answer is kept, with what it read, in `decisions`,
        # so a walk kept with its tree is reused only while its callers still decide the same.
        self.decide = decide
        self.decisions: list[tuple[ast.expr, Any, bool | None]] = []

    def decided(self, test: ast.expr, env: dict[str, tuple[Def, ...]]) -> bool | None:
        """An `if` on a name bound once to True or False: `ON_TPU = True` ... `if ON_TPU:` (or `not ON_TPU`)."""
        negate = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
        name = test.operand if negate else test  # type: ignore[attr-defined]
        if not isinstance(name, ast.Name):
            return None
        if isinstance(self.scope.node, ast.Module):
            value = flag_value(env.get(name.id, ()))
        elif name.id in env or name.id in self.scope.globals or name.id in self.scope.nonlocals or self.module_flag is None:
            return None  # a local of this function (or one it rebinds)
        else:
            value = self.module_flag(name.id)
            self.read_module_flag = True
        return None if value is None else value != negate

    def run(self, body: list[ast.stmt], env: dict[str, tuple[Def, ...]], when: tuple[str, ...]) -> dict[str, tuple[Def, ...]]:
        for i, stmt in enumerate(body):
            env = self.stmt(stmt, env, when)
            if isinstance(env, _Terminated):
                self.scope.skipped = self.scope.skipped or i + 1 < len(body)
                return env
        return env

    # --- statements ------------------------------------------------------------------------------
    def stmt(self, s: ast.stmt, env: dict[str, tuple[Def, ...]], when: tuple[str, ...]) -> dict[str, tuple[Def, ...]]:
        """The definitions after `s` runs from `env` (a `_Terminated` one when it never falls through)."""
        walk = _STATEMENTS.get(type(s))
        if walk is not None:
            return walk(self, s, env, when)
        for child in ast.iter_child_nodes(s):  # Expr, Assert, Pass, Break, Continue, ...
            if isinstance(child, ast.expr):
                env = self.expr(child, env, when)
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            if _never_returns(s.value, env):
                return _Terminated(env)
            if isinstance(self.scope.node, ast.Module) and _rewrites_globals(s.value, env, self.scope.node):
                return self.globals_rewritten(s.value, env, when)
        return env

    def globals_rewritten(self, call: ast.AST, env: Env, when: When) -> Env:
        """`exec(code)`, `globals().update(...)`, `globals()[key] = value` at module level: code errata never runs
        (a config file, `--key=value` of the command line: nanoGPT's configurator) may rebind any global, so
        each variable bound before reads as unknown after. Imports, functions and classes keep their
        definitions: such code sets values, and a rule names a library call by what the file imports.
        `globals().update(d)`: what each name held before is kept (`Scope.updated`), for the evaluator to read
        when it knows every key of `d`."""
        out = dict(env)
        updating = is_globals_update(call)
        for name, defs in env.items():
            if any(d.how not in ("import", "def") for d in defs):
                out[name] = (Def("unknown", call, when, label=name),)
                if updating:
                    self.scope.updated[(id(call), name)] = defs
        return out

    def _assign(self, s: ast.Assign, env: Env, when: When) -> Env:
        env = self.expr(s.value, env, when)
        for target in s.targets:
            env = self.bind_target(target, s.value, env, when)
        return env

    def _ann_assign(self, s: ast.AnnAssign, env: Env, when: When) -> Env:
        if s.value is not None:
            env = self.expr(s.value, env, when)
            return self.bind_target(s.target, s.value, env, when)
        return env

    def _aug_assign(self, s: ast.AugAssign, env: Env, when: When) -> Env:
        env = self.expr(s.value, env, when)
        if isinstance(s.target, ast.Name):
            self.scope.reaching[id(s.target)] = env.get(s.target.id, ())
            return self.bind(s.target.id, Def("aug", s, when, label=s.target.id), env)
        return self.expr(s.target, env, when)

    def _if(self, s: ast.If, env: Env, when: When) -> Env:
        env = self.expr(s.test, env, when, as_test=True)
        test = self.text(s.test)
        if test in NOT_RUN or (isinstance(s.test, ast.Attribute) and s.test.attr == "TYPE_CHECKING") \
                or self.imported and is_main_guard(s.test):  # a module another one imports is not `__main__`
            self.scope.skipped = True
            return self.run(s.orelse, env, when)
        if test in ("True", "1") or is_main_guard(s.test):
            self.scope.skipped = self.scope.skipped or bool(s.orelse)
            return self.run(s.body, env, when)
        decided = self.decided(s.test, env)
        if decided is None and self.decide is not None:
            answer = self.decide(s.test, env)
            if answer is not None:
                decided, read = answer
                self.decisions.append((s.test, read, decided))
        if decided is not None:
            self.scope.skipped = True
            return self.run(s.body if decided else s.orelse, env, when)
        negated = negation(s.test, self.text)
        then = self.run(s.body, dict(env), (*when, test))
        other = self.run(s.orelse, dict(env), (*when, negated) if s.orelse else when)
        if not isinstance(then, _Terminated) and not isinstance(other, _Terminated):
            # a definition from before the `if` that one branch replaced holds only on the other branch
            for key in then.keys() | other.keys():
                before, left, right = env.get(key), then.get(key), other.get(key)
                if before is None or left is right:
                    continue
                if left is before:
                    then[key] = _tagged(before, test)
                elif right is before:
                    other[key] = _tagged(before, negated)
        return _merge(then, other)

    def _for(self, s: ast.For | ast.AsyncFor, env: Env, when: When) -> Env:
        env = self.expr(s.iter, env, when)
        env = self.bind_target(s.target, None, env, when)
        counter = _loop_counter(s)
        if counter is not None:  # `for step in range(n)`, `for i, batch in enumerate(...)`: an int
            env = self.bind(counter.id, Def("counter", s.iter, when, label=counter.id), env)
        env = self.run(s.body, env, when)
        if isinstance(env, _Terminated):
            env = dict(env)  # a loop body that returns may not run at all
        return self.run(s.orelse, env, when)

    def _while(self, s: ast.While, env: Env, when: When) -> Env:
        env = self.expr(s.test, env, when, as_test=True)
        body = self.run(s.body, dict(env), when)
        env = _merge(body, env) if not isinstance(body, _Terminated) else env
        return self.run(s.orelse, env, when)

    def _with(self, s: ast.With | ast.AsyncWith, env: Env, when: When) -> Env:
        for item in s.items:
            env = self.expr(item.context_expr, env, when)
            if item.optional_vars is not None:
                env = self.bind_target(item.optional_vars, None, env, when)
        return self.run(s.body, env, when)

    def _try(self, s: ast.Try, env: Env, when: When) -> Env:  # ast.TryStar has the same fields
        before_try = dict(env)
        body = self.run(s.body, dict(env), when)
        branches = [self.run(s.orelse, dict(body), when) if not isinstance(body, _Terminated) else body]
        for handler in s.handlers:
            label = f"if {self.text(handler.type)} is raised" if handler.type is not None else "on an exception"
            probed = _imports_probed(s.body) if handler.type is not None and _catches_import_error(handler.type) else ()
            if probed:  # an import probe: the machine that has those modules never takes this branch
                label += f" (importing {', '.join(probed)})"  # (read back by `probed_imports`)
            start = _merge(before_try, dict(body)) if not isinstance(body, _Terminated) else dict(before_try)
            if handler.type is not None:
                start = self.expr(handler.type, start, when)
            if handler.name:
                start = self.bind(handler.name, Def("unknown", handler, when), start)
            branches.append(self.run(handler.body, start, (*when, label)))
        env = branches[0]
        for other in branches[1:]:
            env = _merge(env, other)
        if s.finalbody:
            final = self.run(s.finalbody, dict(env), when)
            return final if isinstance(final, _Terminated) else (
                _Terminated(final) if isinstance(env, _Terminated) else final)
        return env

    def _match(self, s: ast.Match, env: Env, when: When) -> Env:
        env = self.expr(s.subject, env, when)
        subject = self.text(s.subject)
        branches = []
        exhaustive = False
        for case in s.cases:
            pattern = self.text(case.pattern)
            matched = self.class_case(s.subject, case.pattern, env)
            if matched is None:
                matched = self.value_case(s.subject, case.pattern, env)
            if matched is False:  # `case Joint(...)`, `case "bf16":` of a subject that holds no such value
                self.scope.skipped = True
                continue
            start = dict(env)
            for name, bound in _pattern_captures(case.pattern):
                start = self.bind(name, Def("capture", bound, when, label=name), start)
            if case.guard is not None:
                start = self.expr(case.guard, start, when)
            irrefutable = case.guard is None and (
                isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None
                # (a class case that compares an attribute may not match, whatever the class)
                or matched is True and isinstance(case.pattern, ast.MatchClass) and _captures_only(case.pattern)
                or matched is True and _value_test(s.subject, case.pattern) is not None)
            cond = when if irrefutable else (*when, f"{subject} matches {pattern}")
            branches.append(self.run(case.body, start, cond))
            if irrefutable:  # the cases after it never run
                self.scope.skipped = self.scope.skipped or case is not s.cases[-1]
                exhaustive = True
                break
        if not exhaustive:
            branches.append(env)
        env = branches[0]
        for other in branches[1:]:
            env = _merge(env, other)
        return env

    def class_case(self, subject: ast.expr, pattern: ast.pattern, env: Env) -> bool | None:
        """Whether a class pattern (`case Joint(lr=lr):`) matches, as the evaluator decides `isinstance(subject,
        Joint)` from what the subject holds; None for any other pattern or when it cannot tell."""
        if not isinstance(pattern, ast.MatchClass) or self.decide is None:
            return None
        test = ClassTest(subject, [pattern.cls])
        answer = self.decide(test, env)
        if answer is None:
            return None
        decided, read = answer
        self.decisions.append((test, read, decided))
        return decided

    def value_case(self, subject: ast.expr, pattern: ast.pattern, env: Env) -> bool | None:
        """Whether a value pattern (`case "bf16":`, `case "a" | "b":`, `case None:`) matches, as the evaluator
        decides the comparison it makes (`subject == "bf16"`) from what the callers pass; None for any other
        pattern or when it cannot tell."""
        if self.decide is None:
            return None
        test = _value_test(subject, pattern)
        answer = self.decide(test, env) if test is not None else None
        if test is None or answer is None or answer[0] is None:
            return None
        decided, read = answer
        self.decisions.append((test, read, decided))
        return decided

    def _definition(self, s: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, env: Env, when: When) -> Env:
        for decorator in s.decorator_list:
            env = self.expr(decorator, env, when)
        if isinstance(s, ast.ClassDef):
            for base in (*s.bases, *(k.value for k in s.keywords)):
                env = self.expr(base, env, when)
        else:
            for default in (*s.args.defaults, *(d for d in s.args.kw_defaults if d is not None)):
                env = self.expr(default, env, when)
        return self.bind(s.name, Def("def", s, when, label=s.name), env)

    def _import(self, s: ast.Import | ast.ImportFrom, env: Env, when: When) -> Env:
        for alias in s.names:
            if alias.name != "*":
                name = alias.asname or alias.name.split(".")[0]
                env = self.bind(name, Def("import", s, when, label=name), env)
        return env

    def _global(self, s: ast.Global, env: Env, when: When) -> Env:
        self.scope.globals.update(s.names)
        return env

    def _nonlocal(self, s: ast.Nonlocal, env: Env, when: When) -> Env:
        self.scope.nonlocals.update(s.names)
        return env

    def _return(self, s: ast.Return, env: Env, when: When) -> Env:
        if s.value is not None:
            env = self.expr(s.value, env, when)
            self.scope.returns.append((s.value, when))
        return _Terminated(env)

    def _raise(self, s: ast.Raise, env: Env, when: When) -> Env:
        for part in (s.exc, s.cause):
            if part is not None:
                env = self.expr(part, env, when)
        return _Terminated(env)

    def _delete(self, s: ast.Delete, env: Env, when: When) -> Env:
        for target in s.targets:
            if isinstance(target, ast.Name):
                env = {k: v for k, v in env.items() if k != target.id}
            else:
                env = self.expr(target, env, when)
        return env

    # --- expressions: record what reaches each name read -----------------------------------------
    def expr(self, node: ast.AST, env: dict[str, tuple[Def, ...]], when: tuple[str, ...],
             shadow: frozenset[str] = frozenset(), as_test: bool = False) -> dict[str, tuple[Def, ...]]:
        """Record what reaches each name `node` reads; `as_test`: `node` is a test the caller decides whole
        (an `and`/`or` there is one test, not one per operand)."""
        stack = [node]
        pop, push, append, reaching = stack.pop, stack.extend, stack.append, self.scope.reaching
        while stack:
            n = pop()
            cls = n.__class__
            # the commonest classes read field by field (the order the loop below gives them: a call's
            # callee, its arguments, its keywords' values), without the generic walk of their fields
            if cls is _NAME:
                if n.ctx.__class__ is _LOAD:  # type: ignore[attr-defined]
                    reaching[id(n)] = () if n.id in shadow else env.get(n.id, ())  # type: ignore[attr-defined]
                continue
            if cls is _ATTRIBUTE:
                append(n.value)  # type: ignore[attr-defined]
                continue
            if cls is _CONSTANT:
                continue
            if cls is _CALL:
                keywords, args = n.keywords, n.args  # type: ignore[attr-defined]
                if keywords:
                    push([k.value for k in reversed(keywords)])
                if args:
                    push(args[::-1])
                append(n.func)  # type: ignore[attr-defined]
                continue
            kind = _EXPR_KINDS.get(cls)
            if kind is None:
                kind = _expr_kind(n.__class__)
            if kind is _PLAIN:  # no name of its own, binds nothing: its children, in order
                fields = CHILD_FIELDS.get(n.__class__)
                if fields is None:
                    fields = child_fields(n.__class__)
                if not fields:
                    continue
                children = []
                for name in fields:
                    value = getattr(n, name, None)
                    if value.__class__ is list:
                        children += [item for item in value if isinstance(item, ast.AST)]
                    elif isinstance(value, ast.AST):
                        children.append(value)
                children.reverse()
                push(children)
                continue
            if kind is _LEAF:
                continue
            if kind is ast.Name:
                if isinstance(n.ctx, ast.Load):  # type: ignore[attr-defined]
                    reaching[id(n)] = () if n.id in shadow else env.get(n.id, ())  # type: ignore[attr-defined]
                continue
            if isinstance(n, ast.NamedExpr):
                env = self.expr(n.value, env, when, shadow)
                env = self.bind(n.target.id, Def("assign", n.value, when, label=n.target.id), env)
                continue
            if isinstance(n, ast.Lambda):
                inner: frozenset[str] | set[str] = shadow | {a.arg for a in all_args(n.args)}
                for default in (*n.args.defaults, *(d for d in n.args.kw_defaults if d is not None)):
                    env = self.expr(default, env, when, shadow)
                env = self.expr(n.body, env, when, frozenset(inner))
                continue
            if isinstance(n, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                inner = set(shadow)
                for gen in n.generators:
                    env = self.expr(gen.iter, env, when, frozenset(inner))
                    inner |= {t.id for t in ast.walk(gen.target) if isinstance(t, ast.Name)}
                    for cond in gen.ifs:
                        env = self.expr(cond, env, when, frozenset(inner))
                parts = [n.key, n.value] if isinstance(n, ast.DictComp) else [n.elt]
                for part in parts:
                    env = self.expr(part, env, when, frozenset(inner))
                continue
            if isinstance(n, ast.IfExp):
                env = self.expr(n.test, env, when, shadow, as_test=True)
                self.expression_test(n.test, env, shadow)
                env = self.expr(n.body, env, when, shadow)
                env = self.expr(n.orelse, env, when, shadow)
                continue
            if isinstance(n, ast.BoolOp):  # each operand but the last is a test: whether the next one runs
                for i, operand in enumerate(n.values):
                    env = self.expr(operand, env, when, shadow)
                    if i + 1 < len(n.values) and not (as_test and n is node):
                        self.expression_test(operand, env, shadow)
                continue
        return env

    def expression_test(self, test: ast.expr, env: Env, shadow: frozenset[str]) -> None:
        """A conditional expression's test, or an operand of `and`/`or`, on the function's parameters: asked
        of the evaluator like an `if`'s and kept in `decisions` (the evaluator picks the branch, or the operand
        that ends the `and`/`or`; the walk itself takes nothing away)."""
        if self.decide is None or shadow and any(isinstance(n, ast.Name) and n.id in shadow for n in ast.walk(test)):
            return  # (a comprehension's or a lambda's own names are no parameter of the function)
        answer = self.decide(test, env)
        if answer is not None:
            self.decisions.append((test, answer[1], answer[0]))

    # --- binding ---------------------------------------------------------------------------------
    def bind_target(self, target: ast.AST, value: ast.expr | None, env: dict[str, tuple[Def, ...]], when: tuple[str, ...],
                    path: tuple[int, ...] = ()) -> dict[str, tuple[Def, ...]]:
        if isinstance(target, ast.Name):
            how = "assign" if value is not None else "unknown"
            return self.bind(target.id, Def(how, value, when, path, label=target.id, target=target), env)
        if isinstance(target, (ast.Tuple, ast.List)):
            stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
            if len(stars) == 1 and value is not None:  # `arch, *layers, head = value`: the names after the `*`
                star = stars[0]                       # count from the end; the `*` one is a list of the rest
                for i, element in enumerate(target.elts):
                    if i == star:
                        inner = element.value  # type: ignore[attr-defined]
                        if isinstance(inner, ast.Name):
                            env = self.bind(inner.id, Def("star", value, when, (*path, i), label=inner.id,
                                                          target=inner), env)
                        else:
                            env = self.bind_target(inner, None, env, when, (*path, i))
                    else:
                        index = i if i < star else i - len(target.elts)
                        env = self.bind_target(element, value, env, when, (*path, index))
                return env
            starred = bool(stars)
            for i, element in enumerate(target.elts):
                inner = element.value if isinstance(element, ast.Starred) else element
                env = self.bind_target(inner, None if starred else value, env, when, (*path, i))
            return env
        if isinstance(target, ast.Starred):
            return self.bind_target(target.value, None, env, when, path)
        env = self.expr(target, env, when)  # obj.attr = / obj[key] = : the reads in it
        if isinstance(target, ast.Subscript) and _is_globals_call(target.value, env, self.scope.node):
            key = target.slice.value if isinstance(target.slice, ast.Constant) else None
            if isinstance(key, str) and key.isidentifier():  # `globals()["precision"] = value`: `precision = value`
                definition = Def("assign" if value is not None else "unknown", value, when, path, label=key)
                if not isinstance(self.scope.node, ast.Module):  # in a function: the module's, as after `global`
                    self.scope.global_defs.append((key, definition))
                    return env
                return self.bind(key, definition, env)
            if isinstance(self.scope.node, ast.Module):
                return self.globals_rewritten(target, env, when)
        return env

    def bind(self, name: str, definition: Def, env: dict[str, tuple[Def, ...]]) -> dict[str, tuple[Def, ...]]:
        if name in self.scope.globals and not isinstance(self.scope.node, ast.Module):
            self.scope.global_defs.append((name, definition))  # `global x`: a value of the module's x
            return env
        if name in self.scope.nonlocals:  # `nonlocal x`: read here from now on, and a value of the enclosing x
            self.scope.nonlocal_defs.append((name, definition))
        else:  # (a nonlocal read before this function binds it is the enclosing function's)
            self.scope.locals.add(name)
        env = dict(env)
        env[name] = (definition,)
        return env


# How the walker runs each kind of statement; any other (an expression, `assert`, `pass`, ...) only reads.
_STATEMENTS: dict[type, Callable[[Walker, Any, Env, When], Env]] = {
    ast.Assign: Walker._assign, ast.AnnAssign: Walker._ann_assign, ast.AugAssign: Walker._aug_assign,
    ast.If: Walker._if, ast.For: Walker._for, ast.AsyncFor: Walker._for, ast.While: Walker._while,
    ast.With: Walker._with, ast.AsyncWith: Walker._with, ast.Try: Walker._try, ast.Match: Walker._match,
    ast.FunctionDef: Walker._definition, ast.AsyncFunctionDef: Walker._definition, ast.ClassDef: Walker._definition,
    ast.Import: Walker._import, ast.ImportFrom: Walker._import, ast.Global: Walker._global,
    ast.Nonlocal: Walker._nonlocal,
    ast.Return: Walker._return, ast.Raise: Walker._raise, ast.Delete: Walker._delete,
}
if hasattr(ast, "TryStar"):  # Python 3.11+
    _STATEMENTS[ast.TryStar] = Walker._try


# How `Walker.expr` treats a node, by its class: a name, a node that binds or shadows names (handled
# one by one), a leaf with no child (a load/store marker, an operator), or any other node (its children).
_PLAIN, _LEAF = object(), object()


_EXPR_KINDS: dict[type, Any] = {}
_NAME, _LOAD, _ATTRIBUTE, _CONSTANT, _CALL = ast.Name, ast.Load, ast.Attribute, ast.Constant, ast.Call

_SPECIAL = (ast.NamedExpr, ast.Lambda, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp, ast.IfExp, ast.BoolOp)

def _expr_kind(cls: type) -> Any:
    if issubclass(cls, ast.Name):
        kind: Any = ast.Name
    elif issubclass(cls, _SPECIAL):
        kind = cls
    elif issubclass(cls, (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)):
        kind = _LEAF
    else:
        kind = _PLAIN
    _EXPR_KINDS[cls] = kind
    return kind


def _is_globals_call(node: ast.AST, env: Env, scope: ast.AST) -> bool:
    """`globals()`, or at module level `locals()` / `vars()` (the same dict there), not rebound by the file."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords):
        return False
    names = ("globals", "locals", "vars") if isinstance(scope, ast.Module) else ("globals",)
    return node.func.id in names and node.func.id not in env


# Calls that end the process, as Python's own `sys.exit`: what follows them in a block never runs.
EXITS = frozenset({"sys.exit", "os._exit", "os.abort"})
EXIT_BUILTINS = ("exit", "quit")
_EXITS = {tuple(name.split(".")) for name in EXITS}


def _never_returns(call: ast.Call, env: Env) -> bool:
    """`sys.exit(...)`, `os._exit(...)`, `os.abort()`, `exit()`/`quit()` (unless the scope rebinds them), or an
    exit imported by name (`from sys import exit as die`). A name a function does not bind is read as the
    module's import or the builtin: a function's walk reads its own statements only (it is kept with them)."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        head = func.value.id
        defs = env.get(head)
        module = head if defs is None else _imports_module(defs[0], head) if len(defs) == 1 else None
        return (module, func.attr) in _EXITS
    if not isinstance(func, ast.Name):
        return False
    defs = env.get(func.id)
    if defs is None:
        return func.id in EXIT_BUILTINS
    return len(defs) == 1 and _imported_name(defs[0], func.id) in _EXITS


def _imports_module(d: Def, name: str) -> str | None:
    """The module `import m` / `import m as name` binds to `name`, else None."""
    if d.how != "import" or not isinstance(d.node, ast.Import):
        return None
    return next((a.name for a in d.node.names if (a.asname or a.name) == name and "." not in a.name), None)


def _imported_name(d: Def, name: str) -> tuple[str, str] | None:
    """(module, name) that `from module import name [as alias]` binds to `name`, else None."""
    if d.how != "import" or not isinstance(d.node, ast.ImportFrom) or d.node.level or not d.node.module:
        return None
    return next(((d.node.module, a.name) for a in d.node.names if (a.asname or a.name) == name), None)


def is_globals_update(call: ast.AST) -> bool:
    """`globals().update(d)` (the test that `globals` is the builtin is `_rewrites_globals`'s)."""
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "update" \
        and len(call.args) == 1 and not call.keywords and not isinstance(call.args[0], ast.Starred)


def _rewrites_globals(call: ast.Call, env: Env, scope: ast.AST) -> bool:
    """A module-level call that may rebind the module's globals: `exec(code)` with no namespace of its own
    (none, None, or `globals()`), or `globals().update(...)`."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in ("update", "setdefault"):
        return _is_globals_call(func.value, env, scope)
    if not (isinstance(func, ast.Name) and func.id == "exec" and "exec" not in env) or not call.args:
        return False
    namespace = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "globals"), None)
    return namespace is None or isinstance(namespace, ast.Constant) and namespace.value is None \
        or _is_globals_call(namespace, env, scope)


def _tagged(defs: tuple[Def, ...], condition: str) -> tuple[Def, ...]:
    return tuple(replace(d, when=(*d.when, condition)) for d in defs)


def _merge(a: dict[str, tuple[Def, ...]], b: dict[str, tuple[Def, ...]]) -> dict[str, tuple[Def, ...]]:
    """The bindings after two paths meet: a name keeps the definitions of both."""
    if isinstance(a, _Terminated) and isinstance(b, _Terminated):
        return _Terminated(a)
    if isinstance(a, _Terminated):
        return b
    if isinstance(b, _Terminated):
        return a
    out: dict[str, tuple[Def, ...]] = {}
    for key in a.keys() | b.keys():
        left, right = a.get(key), b.get(key)
        if left is None or right is None or left is right:
            out[key] = left if left is not None else right  # type: ignore[assignment]  # bound on one path only: that path's definitions
        else:
            out[key] = tuple(dict.fromkeys((*left, *right)))
    return out


def body_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.ExceptHandler) -> Iterator[ast.AST]:
    """The nodes of a def's body (or an `except` clause's) that run when it runs: nested defs, lambdas and
    classes left out (they run only when called; their decorators and defaults are rarely what a question is
    about)."""
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """`ast.walk`'s nodes, in its order, less the operator and load/store leaves: the fields each grammar line
    says may hold nodes, read without a generator per node (`ast.iter_child_nodes`), ~1.7x faster."""
    todo = deque([node])
    pop, push, append = todo.popleft, todo.extend, todo.append
    while todo:
        n = pop()
        yield n
        fields = CHILD_FIELDS.get(n.__class__)
        if fields is None:
            fields = child_fields(n.__class__)
        for name in fields:
            value = getattr(n, name, None)
            if value.__class__ is list:
                push([item for item in value if isinstance(item, ast.AST)])
            elif isinstance(value, ast.AST):
                append(value)


def is_generator(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A def whose own body yields: calling it runs nothing, its body runs where the generator is drawn."""
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in body_nodes(func))


def all_args(args: ast.arguments) -> list[ast.arg]:
    out = [*args.posonlyargs, *args.args]
    if args.vararg:
        out.append(args.vararg)
    out.extend(args.kwonlyargs)
    if args.kwarg:
        out.append(args.kwarg)
    return out


def constant_of(defs: tuple[Def, ...]) -> ast.Constant | None:
    """The literal a name holds when the one definition reaching it, on every path, is that literal."""
    if len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path \
            and isinstance(defs[0].node, ast.Constant):
        return defs[0].node
    return None


def flag_value(defs: tuple[Def, ...]) -> bool | None:
    """True or False when the one definition reaching a name, on every path, is that literal."""
    constant = constant_of(defs)
    return constant.value if constant is not None and isinstance(constant.value, bool) else None


def _loop_counter(loop: ast.For | ast.AsyncFor) -> ast.Name | None:
    """The name a loop binds to an int: `for i in range(...)`, the first of `for i, x in enumerate(...)`."""
    it = loop.iter
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)):
        return None
    if it.func.id == "range" and isinstance(loop.target, ast.Name):
        return loop.target
    if it.func.id == "enumerate" and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2 \
            and isinstance(loop.target.elts[0], ast.Name):
        return loop.target.elts[0]
    return None


def is_main_guard(test: ast.expr) -> bool:
    """`__name__ == "__main__"`."""
    return isinstance(test, ast.Compare) and source_text(test.left) == "__name__" and len(test.comparators) == 1 \
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__"


class ClassTest(ast.expr):
    """`isinstance(subject, classes)` as a class pattern tests its subject (`case Joint(...)`): a test the walk
    asks the evaluator to decide."""

    _fields = ("subject", "classes")

    def __init__(self, subject: ast.expr, classes: list[ast.expr]):
        super().__init__()
        self.subject, self.classes = subject, classes
        ast.copy_location(self, subject)


def _value_test(subject: ast.expr, pattern: ast.pattern) -> ast.expr | None:
    """The test a value pattern makes of its subject: `subject == value` for `case value:`, `subject is None`
    for `case None:`, an `or` of those for `case a | b:`; None for a pattern that captures or tests more."""
    if isinstance(pattern, ast.MatchValue):
        test: ast.expr = ast.Compare(subject, [ast.Eq()], [pattern.value])
    elif isinstance(pattern, ast.MatchSingleton):
        test = ast.Compare(subject, [ast.Is()], [ast.copy_location(ast.Constant(pattern.value), pattern)])
    elif isinstance(pattern, ast.MatchOr):
        tests = [t for p in pattern.patterns if (t := _value_test(subject, p)) is not None]
        if len(tests) < len(pattern.patterns):
            return None
        test = ast.BoolOp(ast.Or(), tests)
    else:
        return None
    return ast.copy_location(test, pattern)


def _captures_only(pattern: ast.MatchClass) -> bool:
    """`Joint()`, `Joint(lr=lr)`, `Joint(lr=_)`: once the class matches, the pattern does (no positional
    sub-pattern, which needs `__match_args__`; each keyword one a capture)."""
    return not pattern.patterns and all(isinstance(p, ast.MatchAs) and p.pattern is None for p in pattern.kwd_patterns)


def _pattern_captures(pattern: ast.AST) -> list[tuple[str, ast.pattern]]:
    """Each name a case pattern binds, with the pattern that binds it (a `MatchMapping` for its `**rest`)."""
    return [(n.name, n) for n in ast.walk(pattern) if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name] + \
        [(n.rest, n) for n in ast.walk(pattern) if isinstance(n, ast.MatchMapping) and n.rest]


def source_text(node: ast.AST | None) -> str:
    if node is None:
        return ""
    try:
        return ast.unparse(node)
    except Exception:  # a node the unparser does not know (one of ours)
        return "…"


def negation(test: ast.expr, text: Callable[[ast.AST], str] | None = None) -> str:
    """The condition under which `test` is false, as the user would write it."""
    text = text or source_text
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return text(test.operand)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        opposite = {ast.Eq: "!=", ast.NotEq: "==", ast.Is: "is not", ast.IsNot: "is", ast.In: "not in",
                    ast.NotIn: "in", ast.Lt: ">=", ast.GtE: "<", ast.Gt: "<=", ast.LtE: ">"}.get(type(test.ops[0]))
        if opposite:
            return f"{text(test.left)} {opposite} {text(test.comparators[0])}"
    return f"not {text(test)}" if isinstance(test, (ast.Name, ast.Attribute, ast.Call)) else f"not ({text(test)})"


@functools.lru_cache(maxsize=1024)
def condition_expr(condition: str) -> ast.expr | None:
    """A path's condition as `negation` and the walk write it, parsed once a text (the tree is shared: read, never
    changed); None for a condition that is no expression (`when called at line 12`) or one nested too deep."""
    try:
        return ast.parse(condition, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def contradicts(a: str, b: str) -> bool:
    """Two conditions as `negation` writes them, one the other's negation (`devices > 1`, `devices <= 1`):
    no path holds both. False for anything else, a condition that is no expression included."""
    left, right = condition_expr(a), condition_expr(b)
    if left is None or right is None:
        return False
    return _same_expression(negation(left), right) or _same_expression(negation(right), left)


def _same_expression(text: str, node: ast.expr) -> bool:
    parsed = condition_expr(text)
    return parsed is not None and ast.dump(parsed) == ast.dump(node)


IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
# the label `_try` gives an `except ImportError` branch of a `try` that imports modules
_IMPORT_PROBE = re.compile(r"if .+ is raised \(importing (?P<modules>[\w.]+(?:, [\w.]+)*)\)")


def probed_imports(condition: str) -> tuple[str, ...]:
    """The modules whose import failing a path's condition stands for, as `_try` labels an import probe's handler
    (`if ImportError is raised (importing torch_xla)`); none for any other condition."""
    probe = _IMPORT_PROBE.fullmatch(condition)
    return tuple(probe["modules"].split(", ")) if probe is not None else ()


def _catches_import_error(kind: ast.expr) -> bool:
    """`except ImportError`, `except (ImportError, OSError)`: a handler an import that fails runs."""
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id in IMPORT_ERRORS for n in names)


def _imports_probed(body: list[ast.stmt]) -> tuple[str, ...]:
    """The modules the statements of a `try` body import (absolute imports only), in order."""
    found: list[str] = []
    for stmt in body:
        if isinstance(stmt, ast.Import):
            found.extend(a.name for a in stmt.names)
        elif isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module:
            found.append(stmt.module)
    return tuple(dict.fromkeys(found))
