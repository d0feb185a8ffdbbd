"""The evaluator: what an expression can hold, where that value was written, and on which paths.

An abstract interpreter of Python's semantics over one module, never executing anything. The binder
(`binder.py`) says which definitions reach each name read and under which conditions; this module
turns them into `Value`s (`values.py`):

- every scope (the module, each function) is walked once by the binder, in order, through its
  branches (`if`, `elif`, `else`, conditional expressions, `match`, `except`); branches that cannot
  run are skipped, and a branch that returns or raises does not fall through;
- a function body sees the module's bindings as they stand once the module has run, whatever their
  order; a name a nested function reads comes from the enclosing function's final bindings;
- parameters hold their call sites' arguments (and their defaults where a call omits them; the entry of
  a `**`-passed dict, `vars(args)` of an argparse namespace too), a `**kwargs` parameter the keywords no other
  parameter takes, the Fabric for a function given to
  `fabric.launch`; a call to a local function holds its returns; a loop over `range`/`enumerate`
  counts with an int; `os.environ.get(k, default)` may hold the default;
- `self` holds an instance of its class (in a method the module calls only on instances it knows,
  `preset.build()`, each of those as it was built; else every construction); an attribute of an instance holds what the constructor
  call gave it (dataclass fields, `__init__` parameters, a subclass built with the base's `__init__`;
  a class of another module built here reads this call's arguments), then what `__post_init__` (or a
  plain class's `__init__`) stores into it for that construction, its tests decided by the construction's
  values where they can be (`_BuildFlow`), what any other method assigned to `self.x`, properties' returns
  (run with `self` the construction read), class attributes and fields' defaults,
  through the class's local bases; a method that stored `self.x` itself (or through `self.setup()`)
  reads what it stored; `obj.x = v` / `setattr(obj, "x", v)` after `obj` is built, read wherever the
  instance reaches (a function it is passed to, a helper storing on its parameter, a `copy.copy`/`deepcopy`
  of it: `_stored_on_instance`, each read or method-running call seeing the last store before it, `_as_seen`;
  `self.x` in a method reads the same stores when the module builds the class once); `__getattr__` returning
  the entry keyed by its name of a dict the instance holds, or `getattr(self._cfg, name)`
  (`_getattr_answers`); `getattr` with a default; `self.m(...)` runs the override of each class the file
  builds; `super().m(...)` runs the `m` of the class after the method's own in the order (C3) of `self`'s
  class, with the same `self`; a method called on an object a pack's tip gave a kind of its own (`LitNet()`, a
  module) runs its project class's def with `self` that object (`_MethodFlow`);
- containers: displays, constructors, comprehensions, subscripts of known keys (or of a variable
  holding string constants), `{**a, **b}`, `a | b`, `.get`, `.setdefault`, `.update`, `.pop` and
  `del`, `.append` and `+=` filling a list, `asdict`/`vars`, copies (a copied dict takes its own
  stores, and so does a dict a call returns: `kwargs = base(); kwargs.update(...)`), `dataclasses.replace` and
  `NamedTuple._replace`, `SimpleNamespace` (its keywords and the keys of a
  `**` dict, `vars(ns)`), argparse defaults;
  `functools.reduce` of `+`/`|` over a known display (`_reduced`); a dict comprehension's value read entry by entry (`_EntryFlow`);
  `REGISTRY[name] = fn` in a function: an entry per call of it (`@preset("remat")`, the factory's argument the key);
- keys through `**`: a call's `**d` gives a `**kwargs` parameter d's keys and a named parameter d's entry, for
  each dict d may hold (one per branch, per construction), under its conditions;
- strings: an f-string or a `+` whose parts are all known constants is that text (`_Joined`);
- data files: `json.load`, `yaml.safe_load`, `tomllib.load` of a file whose path the module spells hold the
  file's contents, parsed as data (`datafiles`);
- wrappers: a decorated def is bound to what its decorator returns (a decorator the project writes,
  here or in another module: a wrapper, a factory's decorator, a class's instance; any other keeps
  the function), a wrapper's `fn(*args, **kwargs)` passes on what each call of the wrapper gives, a
  call of a `functools.partial` is the call of its function with the partial's arguments first, and a
  function is called under other names too (a parameter, an alias, `STEPS[mode](...)`, `for hook in
  HOOKS: hook(...)`);
- a name imported from another module of the project is evaluated there, through any chain of
  imports (see `project`, reached through `Context.project`); a module imported whole
  (`import config as c`) is a `project_module` whose attributes are that module's names; a function
  of another module called here whose tests read its parameters, or that returns a function reading
  them (a decorator factory), is evaluated there for this call's arguments, read here
  (`returns_from`: `MAX_CONTEXTS` calls of a function, `MAX_SITE_DEPTH` deep; a method, for the one
  instance it is called on); the tests of a function's
  conditional expressions and its `and`/`or` operands count as its `if`s' do, and a test on a command-line
  option is decided by its default as the plain run takes it (whatever its `choices`, the default its action
  implies, wherever the parser is built), unless that default is falsy (an option a run turns on).

What it cannot tell is `unknown`. Work is bounded: a depth and a step budget per module, and at most
`MAX_ALTERNATIVES` values per expression.
"""

from __future__ import annotations

import ast
import copy
import functools
import itertools
import os
import re
import string
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeGuard

from . import attrdicts, datafiles, idioms, itemwise
from .binder import (
    ClassTest,
    Def,
    Scope,
    Walker,
    all_args,
    condition_expr,
    constant_of,
    flag_value,
    is_globals_update,
    negation,
    probed_imports,
    source_text,
    walk,
)
from .signatures import binding_error
from .values import (
    CONTAINERS,
    ELEMENT_KINDS,
    KINDS,
    MAX_ALTERNATIVES,
    Entry,
    EveryTurn,
    StarredRest,
    Value,
    bounded,
    either,
)

if TYPE_CHECKING:
    from .context import Context

MAX_DEPTH = 40
MAX_STEPS = 50_000
MAX_CONTEXTS = 4  # calls of one function evaluated each for its own arguments; then their merge
MAX_SITE_DEPTH = 2  # a helper called from a helper evaluated for one call: two levels
MAX_CALLER_HOPS = 3  # modules whose callers pass a value on, one to the next (train.py -> engine.py -> steps.py)
MAX_CONVERTED_DEPTH = 8  # nested dicts a structural converter's call is followed into (`to_namespace(SETTINGS)`)
DICT_CHANGES = ("update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__")
ITEM_READERS = frozenset(("get", "keys", "items", "values", "copy", "__getitem__", "__contains__"))  # change nothing
MAX_FORWARDING = 3  # wrappers passing `*args, **kwargs` on, one inside another
MAX_LOOP_TURNS = 16  # elements of a display a `for` loop runs over, each a value of its variable
MAX_TURN_TEXT = 40  # an element named by its text up to this length, else by its position
MAX_REGISTRATIONS = 16  # calls of a function storing `REGISTRY[name] = fn` read each for its own entry
DICT_MUTATORS = ("setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__")  # in place, beyond what `_filled_by_methods` reads
GROWERS = ("append", "extend", "insert", "add", "update")  # methods that fill a list or a set in place
# What a display or comprehension builds.
DISPLAYS = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set", ast.Dict: "dict", ast.ListComp: "list",
            ast.SetComp: "set", ast.DictComp: "dict", ast.GeneratorExp: "generator", ast.JoinedStr: "str"}
LIST_CHANGES = ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse")  # in place
ENVIRONMENT_READS = ("os.environ.get", "os.getenv")
ENVIRONMENT_UNSET = " is not set in the environment"  # the condition an environment read's default holds under
# An option's default is one value of it; the command line may give any other, unless `choices` lists them.
BY_DEFAULT, WITH_CHOICE = "by default", "with "
# The default an action gives an option that names none (`--no-remat`, `action="store_false"`: True).
IMPLIED_DEFAULTS = {"store_true": False, "store_false": True}
# the object a method runs on (its `self`), or each of several it may be, each under its own condition
Receiver = Value | tuple[Value, ...]

# The builtin classes an `isinstance` test on a path may name, and those a value of each kind is an instance of.
BUILTIN_TYPES = frozenset({"list", "tuple", "set", "frozenset", "dict", "str", "bool", "int", "float"})
BUILTIN_KINDS = {"list": frozenset({"list"}), "tuple": frozenset({"tuple"}), "set": frozenset({"set"}),
                 "frozenset": frozenset({"frozenset"}), "dict": frozenset({"dict"}), "str": frozenset({"str"}),
                 "bool": frozenset({"bool", "int"}), "none": frozenset({"NoneType"})}
VERSION_KINDS = ("version", "version_str")  # `Flow._version_operand`: a parsed version, torch's version string
MAX_PROBE_BINDINGS = 3  # `use_accel = not args.no_accel and on_gpu`, `on_gpu = torch.cuda.is_available()`: names followed
MAX_VERSION_BINDINGS = 3  # `V = Version(lightning.__version__)`, `LEGACY = V < ...`: names followed to their values
SET_BY_A_FUNCTION = "once the function that sets it has run"  # a global (or class attribute) a function rebinds
SET_BY_THE_RUN = "set by the run"  # what the environment or the command line gives: unknown, a default beside it the plain run's
NAMESPACES = ("types.SimpleNamespace", "argparse.Namespace")  # objects whose attributes are their keywords
STR_METHODS = ("lower", "upper", "casefold", "strip", "lstrip", "rstrip", "title")  # a test may read `kind.lower()`
STR_EDITS = {"replace": 2, "removesuffix": 1, "removeprefix": 1}  # str methods of constant arguments: how many
# A data class's fields as a dict, and a copy with some fields changed: the standard library's and attrs' spellings
# (attrs classes are read as dataclasses, `dataclass_fields`; `attrs.asdict` keeps a field's sets and tuples too).
AS_DICTS = ("dataclasses.asdict", "attrs.asdict", "attr.asdict")
REPLACERS = ("dataclasses.replace", "attrs.evolve", "attr.evolve")
ATTRS_FACTORIES = ("attrs.Factory", "attr.Factory")  # `x: Opt = attrs.Factory(Opt)`: a default made per instance


# Walks of functions and classes, kept with their (cached, reused) trees.
_WALKED: weakref.WeakKeyDictionary[ast.AST, tuple[Any, ...]] = weakref.WeakKeyDictionary()  # Scope's fields after `node`
# How many names were read in a scope whose walk was under way and had not reached them: a value worked out
# from such a read (`import train` further down the function being walked) is not kept in the memo.
_PARTIAL_READS = [0]
# methods Python or the standard library call on an object by their plain names (`**obj` calls `keys`,
# `print(file=obj)` calls `write`, `contextlib.closing` calls `close`, `json.dumps(default=...)`)
PROTOCOL_METHODS = frozenset({"keys", "write", "flush", "close", "read", "readline", "readlines", "fileno", "seek",
                              "tell", "default", "run", "start", "join", "send", "throw"})
# the conditions under which a value is one caller's or one construction's: alternatives of one another
CALLED_AT, BUILT_AT = "when called at line ", "when built at line "
MUTATING_METHODS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__",
                              "append", "extend", "insert", "remove"})
_SELF_STORES: weakref.WeakKeyDictionary[ast.AST, dict[str, list[ast.expr]]] = weakref.WeakKeyDictionary()


class Flow:
    """Values of the expressions of one module (a `Context`), computed on demand and memoized."""

    def __init__(self, ctx: Context, origin: str | None = None, as_main: bool = False, with_callers: bool = False):
        self.ctx = ctx
        self.origin = origin  # the path of another module of the project; None for the document
        self.as_main = as_main  # another module read as the script run (its `__main__` block runs)
        # another module read for what its calls pass on (see `_passed_elsewhere`): its own functions' callers
        # in other modules are read too; a plain summary's are not (its reading is the functions' own)
        self.with_callers = origin is None or with_callers
        self._scopes: dict[int, Scope] = {}
        self._memo: dict[int, tuple[ast.AST, tuple[Value, ...]]] = {}
        self._active: set[int] = set()
        self._unresolved_reads: dict[str, bool] = {}  # (`never_used`) by name
        self._reading_entries: set[tuple[int, int]] = set()  # the dicts whose entries are being read
        self._fold_targets: frozenset[int] | None = None  # the names a loop of one assignment binds (`_folded_loop`)
        # `d.update(load(f))` of a file the layer cannot read, by the dict's node: what `_mutations` leaves `_entries`
        self._updates_unread: dict[int, list[tuple[ast.AST, ast.Call]]] = {}
        self._revalidating: set[int] = set()  # the functions whose kept walks are being checked
        self.steps = 0
        self.depth = 0
        self._argparse: tuple[dict[str, list[ast.Call]], dict[str, list[ast.Call]]] | None = None
        self._classes: dict[tuple[str, int], list[ast.ClassDef]] = {}  # each class's subclasses in the file
        self.deciding: set[int] = set()  # the functions whose tests are being decided by their callers
        self._sites: dict[tuple[int, int], _SiteFlow] = {}  # (function, call): its body for that call's arguments
        self.site_depth = 0
        self._call_dependent: dict[int, bool] = {}
        self._decorations: dict[int, tuple[ast.AST, list[_Decorated]]] = {}  # a def: the calls its decorators make
        # calls through another name, by what they may call (see `_called_through`); made once per check
        self._through: _CallIndex | None = None
        self._applied: dict[int, list[_Decorated]] | None = None  # decorator calls, by the callee they may be
        self._indexing = False
        self.forwarding = 0  # `*args, **kwargs` passed on, followed one inside another
        self._readers: dict[str, list[Flow] | None] = {}  # a top-level name: the other modules' flows calling it
        self._bound_sites: dict[tuple[int, int, Receiver], _MethodFlow] = {}  # (method, call, receiver): its body
        self._vararg_tuples: dict[tuple[int, int], tuple[ast.Call, ast.Tuple]] = {}  # a call's `*args`, made once
        self._asking_stores: set[tuple[int, str]] = set()  # (construction, attribute): its stores being read
        # an instance of a class of this module built (or copied) by another module: that module's flow, by the
        # construction, where its stores are looked for (`_home_of`); weak, as one module's flow keeps no other
        self._builders: weakref.WeakKeyDictionary[ast.AST, weakref.ref[Flow]] = weakref.WeakKeyDictionary()

    def release(self) -> None:
        """Drop the memoized values (each points back at this flow), so they are freed at once."""
        self._memo.clear()
        self._scopes.clear()
        self._argparse = None
        self._classes.clear()
        for site in self._sites.values():
            site.release()
        self._sites.clear()
        for bound in self._bound_sites.values():
            bound.release()
        self._bound_sites.clear()
        self._call_dependent.clear()
        self._decorations.clear()
        self._through = None
        self._applied = None
        self._builders.clear()

    def text(self, node: ast.AST) -> str:
        """An expression as the module spells it, on one line."""
        try:
            return " ".join(self.ctx.doc.source(node).split())
        except (AttributeError, IndexError):
            return source_text(node)

    def pin(self, node: ast.AST, values: tuple[Value, ...]) -> None:
        """Let `node` (a stand-in made by the caller) hold `values`."""
        self._memo[id(node)] = (node, values)

    @property
    def base(self) -> Flow:
        """The evaluator of the whole module (a `_SiteFlow` evaluates one function for one call within it)."""
        return self

    @property
    def origin_name(self) -> str:
        return f"`{os.path.basename(self.origin)}`" if self.origin else ""

    # --- scopes ----------------------------------------------------------------------------------
    def scope(self, node: ast.AST) -> Scope:
        """The walk of one scope. A function's walk depends on its own statements only, so it is kept
        with its tree across checks (an edit elsewhere re-parses other chunks, not this one); the
        module's and a class's depend on several chunks and are redone by each check."""
        found = self._scopes.get(id(node))
        if found is not None:
            return found
        # A class is put back together from its head and its methods' chunks on each check, so only
        # functions (whose statements all come from their own tree) are kept.
        cacheable = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and self.origin is None
        if cacheable and id(node) in self._revalidating:
            raise _Revalidating(node)
        if cacheable:
            kept = _WALKED.get(node)
            if kept is not None:
                # its tests may read a name of the function itself (a `**kwargs` its body fills): asked again
                # meanwhile, the kept walk is not reused but walked afresh (checked by itself, it never ends)
                self._revalidating.add(id(node))
                try:
                    still = self._still_decided(node, kept[-1])
                except _Revalidating as again:
                    if again.node is not node:
                        raise
                    still = False
                finally:
                    self._revalidating.discard(id(node))
                if still:
                    found = self._scopes[id(node)] = Scope(node, *kept)
                    return found
        found = Scope(node)
        self._scopes[id(node)] = found
        def decide(test: ast.expr, env: dict[str, tuple[Def, ...]]) -> tuple[bool | None, Any] | None:
            read = self._version_read(test, env) or _names_read(test, env, isinstance(node, ast.Module))
            return (self._decided_test(node, test, read), read) if read else None
        walker = Walker(found, self.text, self._module_flag, decide)
        walker.imported = self.origin is not None and not self.as_main
        found.walking = True
        try:
            self._walk(node, found, walker)
        finally:
            found.walking = False
        if cacheable and not walker.read_module_flag:  # without the node: a value that held its own key would keep the tree forever
            _WALKED[node] = (found.reaching, found.returns, found.final, found.locals, found.globals, found.global_defs,
                             found.nonlocals, found.nonlocal_defs, found.skipped, found.decisions)
        return found

    def walk_under_way(self, node: ast.AST) -> bool:
        """The walk of the scope `node` has started and not ended (asked from inside it: what it skips is not known)."""
        found = self._scopes.get(id(node))
        return found is not None and found.walking

    def _walk(self, node: ast.AST, found: Scope, walker: Walker) -> None:
        if isinstance(node, ast.Module):
            found.final = walker.run(node.body, {}, ())
            found.decisions = tuple(walker.decisions)  # (its conditional expressions': see `_decision`)
            for name, defs in self._globals_of_functions().items():
                found.final[name] = tuple(dict.fromkeys((*found.final.get(name, ()), *defs)))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            _walk_function(node, found, walker)
            if not isinstance(node, ast.Lambda):
                found.decisions = tuple(walker.decisions)
                for name, defs in self._nonlocals_of_nested(node).items():
                    found.final[name] = tuple(dict.fromkeys((*found.final.get(name, ()), *defs)))
        elif isinstance(node, ast.ClassDef):
            found.final = dict(walker.run(node.body, {}, ()))

    def module_binding(self, name: str) -> tuple[Value, ...] | None:
        """What the module's top-level `name` holds once the module has run (what `module.name` gives, as
        pickle looks a function up by name); None when the module binds no such name."""
        defs = self.scope(self.ctx.module).final.get(name)
        if not defs:
            return None
        return tuple(x.under(d.when) for d in defs
                     for x in (self.of_def(d, d.target or self.ctx.module) if d.how != "import"
                               else (Value("unknown", d.node, flow=self),)))

    def module_flag(self, name: str) -> bool | None:
        """Whether the module's `name` is a flag its top level binds true or false on every path (a constant, a test
        of its constants, one imported from a module that binds it so); None when the module does not tell."""
        return self._module_flag(name)

    def _module_flag(self, name: str) -> bool | None:
        defs = self.scope(self.ctx.module).final.get(name, ())
        flag = flag_value(defs)
        if flag is None and len(defs) == 1 and _bound_test(defs[0].node):
            version = self._version_read(ast.Name(name, ast.Load()), {})  # `LEGACY = Version(...) < Version("3.0")`
            flag = self._truth(version.test, {}) if version is not None else None
            if flag is None and not defs[0].when and not defs[0].path:
                flag = self.module_test_truth(defs[0].node)
        if flag is None and len(defs) == 1 and defs[0].how == "import" and not defs[0].when:
            # `from backend import XLA_FSDP`: the test the other module binds it to, decided there
            held = _bound_whole(self.of_def(defs[0], defs[0].target or self.ctx.module))
            flag = _bound_test_truth(held[0]) if len(held) == 1 else None
        return flag

    def test_truth(self, test: ast.expr) -> bool | None:
        """A test read as a value where it is written (`use_remat = args.depth > 12`, `not sharded`,
        `isinstance(fabric.strategy, FSDPStrategy)`): whether it holds in the plain run, each name it reads
        holding what reaches it there (an option's default, a module's constant); None when that does not tell."""
        def decide() -> bool | None:
            given: dict[str, tuple[Value, ...]] = {}
            for name in (n for n in walk(test) if isinstance(n, ast.Name)):
                if name.id in given or name.id == "isinstance" and self.reaching(name) is None:
                    continue  # (the builtin)
                if not _isinstance_call(test) and any(d.how == "param" for d in self.reaching(name) or ()):
                    return None  # a parameter compared: its callers' to decide, where they write their tests
                    # (not `isinstance(fabric.strategy, ...)` of the Fabric a launch passes)
                held = self.values(name)
                if any(x.kind == "class" for x in held):
                    continue  # a class a test names: read as written
                given[name.id] = held
            return self._truth(test, given)
        return self.ctx.once("test truth", test, decide, meanwhile=None)

    def module_test_truth(self, test: ast.expr, scope: ast.Module | ast.ClassDef | None = None) -> bool | None:
        """A test bound to a module's name (`XLA_FSDP = STRATEGY == "xla_fsdp"`), or to a name of a class body
        (`XLA = NAME in ("tpu", "xla")`, `scope`), decided by the constants bound there as a test at the top of
        the module is (`_names_read`); None when it reads anything else."""
        where = scope or self.ctx.module
        def decide() -> bool | None:
            final = self.scope(where).final
            read = _names_read(test, final, True)
            return self._decided_test(where, test, read) if read else self._plain_run_truth(test, final)
        return self.ctx.once("module test truth", test, decide, meanwhile=None)

    def _plain_run_truth(self, test: ast.expr, final: dict[str, tuple[Def, ...]]) -> bool | None:
        """A comparison of names the module binds once, each to what holds one constant in the plain run
        (`XLA_FSDP = STRATEGY == "xla_fsdp"` with `STRATEGY = {"tpu": "xla_fsdp", ...}[ACCELERATOR]` and `ACCELERATOR
        = os.environ.get("TRAIN_ACCELERATOR", "tpu")`), decided by those constants; None for any other test."""
        if not all(isinstance(n, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Name, ast.Constant, ast.Tuple, ast.expr_context,
                                  ast.boolop, ast.unaryop, ast.cmpop)) for n in walk(test)):
            return None
        given: dict[str, tuple[Value, ...]] = {}
        for name in {n.id for n in walk(test) if isinstance(n, ast.Name)}:
            defs = final.get(name, ())
            if len(defs) != 1 or defs[0].how != "assign" or defs[0].when or defs[0].path or defs[0].node is None:
                return None
            held = Flow.plain_run(self.of_def(defs[0], defs[0].target or self.ctx.module))
            if len(held) != 1 or not isinstance(held[0].node, ast.Constant) or not all(
                    c == BY_DEFAULT or c.endswith(ENVIRONMENT_UNSET) for c in held[0].when):
                return None
            given[name] = (replace(held[0], when=()),)
        return self._truth(test, given) if given else None

    # tests of the version a library runs at
    def _version_read(self, test: ast.expr, env: dict[str, tuple[Def, ...]]) -> _VersionTest | None:
        """A test of a library's version (`Version(lightning.__version__) < Version("3.0")`, or a name bound once to
        one, `if LEGACY:`), with each name it reads but the imports replaced by what it is bound to on every path:
        decided by the version the checked code runs with (`Context.versions`). None for any other test."""
        if not self._reads_versions():
            return None
        bound = self._with_bindings(test, env, MAX_VERSION_BINDINGS)
        if bound is None or not any(self._version_source(n) for n in walk(bound)):
            return None
        return _VersionTest(bound)

    def condition_truth(self, condition: str, answers: Mapping[str, Any], imports: frozenset[str] = frozenset()
                        ) -> bool | None:
        """Whether a path's condition, as its text reads in this module, holds where the library calls of
        `answers` (by qualified name, called with no argument) answer so (`torch.cuda.is_available()` False on a
        machine with no CUDA device) and the packages `imports` are installed (an `except ImportError` branch of
        a `try` that imports only those is never taken): its names followed to what they are bound to, once and
        on every path; None when the condition reads anything else."""
        probed = probed_imports(condition)
        if probed:
            return False if all(m.split(".")[0] in imports for m in probed) else None
        test = condition_expr(condition)
        if test is None:
            return None
        bound = self._with_bindings(test, {}, MAX_VERSION_BINDINGS)
        if bound is None:
            return None
        answered = {id(n): ast.Constant(answers[name]) for n in walk(bound) if isinstance(n, ast.Call) and not n.args
                    and not n.keywords and (name := self.ctx.tips.canonical(self.ctx.resolve(n.func) or "")) in answers}
        if not answered:
            return None
        try:
            return self._truth(copy.deepcopy(bound, answered), {})
        except RecursionError:
            return None

    def _reads_versions(self) -> bool:
        """The file reads a library's `__version__` or an installed distribution's version: else no test is one."""
        ctx = self.ctx
        return ctx.once("reads versions", ctx.module, lambda: any(
            n.attr == "__version__" for n in ctx.nodes(ast.Attribute)) or any(
            wanted == name or wanted.startswith(f"{name}.")  # (`import importlib.metadata` binds `importlib`)
            for name in ctx.imports.names.values() for wanted in idioms.DISTRIBUTION_VERSIONS))

    def _with_bindings(self, expr: ast.expr, env: dict[str, tuple[Def, ...]], depth: int) -> ast.expr | None:
        """`expr` with each name read replaced by the expression it is bound to, once and on every path (as `env`
        binds it where the test is, else the module), imports kept; None when a name is bound otherwise."""
        replaced: dict[int, Any] = {}
        for name in walk(expr):
            if not isinstance(name, ast.Name):
                continue
            defs = env[name.id] if name.id in env else self.scope(self.ctx.module).final.get(name.id)
            if not defs or len(defs) != 1:
                return None
            d = defs[0]
            if d.how == "import":
                continue
            if d.how != "assign" or d.when or d.path or not isinstance(d.node, ast.expr) or depth == 0:
                return None
            inner = self._with_bindings(d.node, env, depth - 1)
            if inner is None:
                return None
            replaced[id(name)] = inner
        try:
            return copy.deepcopy(expr, replaced) if replaced else expr  # (deepcopy's memo: those names are their values)
        except RecursionError:  # an expression nested past the interpreter's depth: not a test read here
            return None

    def _version_source(self, node: ast.AST) -> bool:
        if isinstance(node, (ast.Attribute, ast.Name)):  # `lightning.__version__`, `from torch import __version__`
            qualified = self.ctx.resolve(node) or ""
            return qualified.endswith(".__version__") and qualified.removesuffix(".__version__") in self.ctx.tips.distributions
        return isinstance(node, ast.Call) and self.ctx.resolve(node.func) in idioms.DISTRIBUTION_VERSIONS

    def _version_operand(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """A library's version as `Flow._operand` gives a value: `lightning.__version__` and
        `importlib.metadata.version("lightning")` the version string, `torch.__version__` ("version_str": a str
        that compares as a version), `Version(...)`/`parse(...)` of one ("version"), its `.major`, `.release`."""
        ctx = self.ctx
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in given:
            return None  # a parameter of that name, not the import
        if self._version_source(node) and not isinstance(node, ast.Call):
            module = (ctx.resolve(node) or "").removesuffix(".__version__")
            found = ctx.versions.get(ctx.tips.distributions[module])
            if found is None:
                return None
            if module not in ctx.tips.version_objects:
                return [("const", found)]
            parsed = _parsed_version(found)
            return [("version_str", parsed)] if parsed is not None else None
        if isinstance(node, ast.Attribute) and node.attr in idioms.VERSION_PARTS:
            inner = self._version_operand(node.value, given)
            if inner is None or any(kind not in VERSION_KINDS for kind, _ in inner):
                return None
            return [("const", getattr(v, node.attr)) for _, v in inner]
        if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords:
            return None
        callee = ctx.resolve(node.func)
        if callee in idioms.DISTRIBUTION_VERSIONS and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found = ctx.versions.get(_distribution_key(node.args[0].value))
            return [("const", found)] if found is not None else None
        if callee not in idioms.VERSION_PARSERS:
            return None
        inner = self._operand(node.args[0], given)
        out: list[tuple[str, Any]] = []
        for kind, v in inner or [("unknown", None)]:
            parsed = v if kind in VERSION_KINDS else _parsed_version(v) if kind == "const" and isinstance(v, str) else None
            if parsed is None:
                return None
            out.append(("version", parsed))
        return out

    def _nonlocals_of_nested(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[Def]]:
        """`nonlocal x` assignments in the functions nested in `func`: more values of `func`'s `x`, as its other
        nested functions read it (a closure's `prepare()` that rebinds the model its `step()` uses)."""
        out: dict[str, list[Def]] = {}
        # the file's `nonlocal` statements from its node table: a function holding none is not walked for them
        # (each walk of a function walked all its nodes again, nested functions' too)
        if func in self.ctx.parents and not any(self.ctx.within(n, func) for n in self.ctx.nodes(ast.Nonlocal)):
            return out
        for inner in ast.walk(func):
            if not isinstance(inner, ast.Nonlocal) or self.ctx.scope_of(inner) is func:
                continue
            nested = self.ctx.scope_of(inner)
            if not isinstance(nested, (ast.FunctionDef, ast.AsyncFunctionDef)) or self._binder_of(nested) is not func:
                continue
            for name, d in self.scope(nested).nonlocal_defs:
                if name in inner.names:
                    out.setdefault(name, []).append(replace(d, when=(*d.when, SET_BY_A_FUNCTION)))
        return out

    def _binder_of(self, nested: ast.AST) -> ast.AST | None:
        """The function whose variables a `nonlocal` in `nested` names: the nearest enclosing function."""
        current = self.ctx.parents.get(nested)
        while current is not None and not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            current = self.ctx.parents.get(current)
        return current if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def _globals_of_functions(self) -> dict[str, list[Def]]:
        """`global x` assignments (or `globals()["x"] = ...`) inside functions: more values of the module's `x`."""
        out: dict[str, list[Def]] = {}
        writes = [*self.ctx.nodes(ast.Global), *(n for n in self.ctx.nodes(ast.Subscript) if isinstance(n.ctx, ast.Store)
                                                 and isinstance(n.value, ast.Call) and self.text(n.value) == "globals()")]
        for func in dict.fromkeys(self.ctx.scope_of(statement) for statement in writes):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for name, d in self.scope(func).global_defs:
                    out.setdefault(name, []).append(replace(d, when=(*d.when, SET_BY_A_FUNCTION)))
        return out

    def reaching(self, name: ast.Name) -> tuple[Def, ...] | None:
        """The definitions that reach a name read; None when it is bound in no scope the file shows."""
        found, consulted = self._reaching(name)
        if found and any(SET_BY_A_FUNCTION in d.when for d in found):
            owner = self.ctx.scope_of(name)
            if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found = self._set_by_a_call_before(name, owner, found)
        if not found and any(scope.walking for scope in consulted):
            _PARTIAL_READS[0] += 1  # read before a walk under way reached it: an answer not to keep (`values`)
        return found

    def _reaching(self, name: ast.Name) -> tuple[tuple[Def, ...] | None, list[Scope]]:
        """`reaching`, with the walks it read."""
        owner = self.ctx.scope_of(name)  # the scope whose walk records the read
        scope = self.scope(owner if not isinstance(owner, ast.ClassDef) else owner)
        consulted = [scope]
        defs = scope.reaching.get(id(name))
        if defs is None:  # not walked (a decorator, a default): read it in the enclosing scope
            parent = self.ctx.parents.get(owner)
            if parent is None:
                return None, consulted
            outer = self.ctx.scope_of(owner) if owner is not self.ctx.module else None
            if outer is None or outer is owner:
                return None, consulted
            consulted.append(self.scope(outer))
            defs = consulted[-1].reaching.get(id(name), ())
        if defs:
            return defs, consulted
        if name.id in scope.locals and not isinstance(owner, (ast.Module, ast.ClassDef)):
            return (), consulted  # a local read before it is bound
        # free in this scope: the enclosing functions' final bindings, then the module's
        current = owner
        while current is not None and not isinstance(current, ast.Module):
            current = self.ctx.parents.get(current)
            while current is not None and not isinstance(current, (ast.Module, ast.FunctionDef,
                                                                   ast.AsyncFunctionDef, ast.Lambda)):
                current = self.ctx.parents.get(current)
            if current is None:
                break
            enclosing = self.scope(current)
            consulted.append(enclosing)
            if name.id in enclosing.final:
                defs = enclosing.final[name.id]
                if name.id in scope.nonlocals:  # what this function binds it to comes after this read
                    defs = tuple(d for d in defs if d.node is None or not self.ctx.within(d.node, owner))
                return defs, consulted
        module = self.scope(self.ctx.module)
        consulted.append(module)
        if owner is self.ctx.module:
            return None, consulted
        return module.final.get(name.id), consulted

    def _set_by_a_call_before(self, name: ast.Name, reader: ast.FunctionDef | ast.AsyncFunctionDef,
                              defs: tuple[Def, ...]) -> tuple[Def, ...]:
        """`configure(args.profile)` as a statement of the reader's own body before the one that reads the global
        `name` (`Fabric(plugins=PLUGINS)`), `configure` rebinding it with `global`: what that function leaves it,
        as its walk decides (a store on every path replaces the module's value; one under a test it leaves open,
        beside it). Any other function that sets it, or a call the reader does not make first, as before."""
        stmt = self.ctx.statement_of(name)
        while stmt is not None and self.ctx.parents.get(stmt) is not reader:
            stmt = self.ctx.parents.get(stmt)
        if not isinstance(stmt, ast.stmt) or stmt not in reader.body:
            return defs
        setters = {id(d.node) for d in defs if SET_BY_A_FUNCTION in d.when}
        for earlier in reversed(reader.body[:reader.body.index(stmt)]):
            call = earlier.value if isinstance(earlier, ast.Expr) else None
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
                continue
            setter = [f.node for f in self.values(call.func) if f.kind == "function"]
            if len(setter) != 1 or not isinstance(setter[0], (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    or self.ctx.parents.get(setter[0]) is not self.ctx.module:
                continue
            made = [d for n, d in self.scope(setter[0]).global_defs if n == name.id and id(d.node) in setters]
            if not made:
                continue
            kept = tuple(replace(d, when=tuple(c for c in d.when if c != SET_BY_A_FUNCTION)) for d in made)
            if any(not d.when for d in kept):
                return kept  # set on every path of the call
            return (*kept, *(d for d in defs if d not in made))  # (the module's own, and what other functions set)
        return defs

    # --- values ----------------------------------------------------------------------------------
    def values(self, node: ast.AST) -> tuple[Value, ...]:
        """Everything `node` may hold, each with where it was written and the paths it holds on."""
        key = id(node)
        memo = self._memo.get(key)
        if memo is not None and memo[0] is node:
            return memo[1]
        if key in self._active or self.depth > MAX_DEPTH or self.steps > MAX_STEPS:
            return (Value("unknown", node, flow=self),)
        self._active.add(key)
        self.depth += 1
        self.steps += 1
        partial_reads = _PARTIAL_READS[0]
        try:
            found = bounded(self._values(node))
        except RecursionError:
            found = (Value("unknown", node, flow=self),)
        finally:
            self.depth -= 1
            self._active.discard(key)
        if _PARTIAL_READS[0] == partial_reads:  # (else asked again once the walk is done, it may hold more)
            self._memo[key] = (node, found)  # the node is kept alive with its answer: ids are never reused
        return found

    def _values(self, node: ast.AST) -> tuple[Value, ...]:
        v: Callable[..., tuple[Value, ...]] = lambda kind, **kw: (Value(kind, node, flow=self, **kw),)  # noqa: E731
        if isinstance(node, ast.Constant):
            value = node.value
            if value is None:
                return v("none")
            if isinstance(value, bool):
                return v("bool")
            if isinstance(value, (str, bytes)):
                return v("str")
            return v("number")
        if isinstance(node, ast.JoinedStr):
            return self._joined(node, node.values)
        kind = DISPLAYS.get(type(node))
        if kind is not None:
            return v(kind)
        if isinstance(node, ast.Lambda):
            return v("lambda")
        if isinstance(node, ast.Compare) or isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return v("bool")
        if isinstance(node, ast.NamedExpr):
            return self.values(node.value)
        if isinstance(node, ast.IfExp):
            decided = self._decided(node.test)
            if decided is None:  # `"bf16-mixed" if training else "bf16-true"`, decided by the callers' `training`
                decided = self._decision(node.test)
            if decided is not None:  # `POLICY if "remat" in CFG else None` with CFG read whole
                return self.values(node.body if decided else node.orelse)
            residue = self._probe_residue(node.test)
            if residue is not None:  # `"tpu" if use_accel else "cpu"`: the machine's answer is what is left to decide
                return (*(x.under((ast.unparse(residue),)) for x in self.values(node.body)),
                        *(x.under((negation(residue, ast.unparse),)) for x in self.values(node.orelse)))
            test = self.text(node.test)
            return (*(x.under((test,)) for x in self.values(node.body)),
                    *(x.under((negation(node.test, self.text),)) for x in self.values(node.orelse)))
        if isinstance(node, ast.BoolOp):
            return self._bool_op(node)
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.Attribute):
            found = self._attribute(node)
            if any(x.kind == "none" for x in found) and _guarded_not_none(self.ctx.parents.get, node):
                # `if args.clip is not None: ... max_norm=args.clip`: what the guard lets through is not None
                kept = tuple(x for x in found if x.kind != "none")
                return kept or (Value("unknown", node, flow=self),)
            return found
        if isinstance(node, ast.Subscript):
            return self._subscript(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.BinOp):
            return self._binop(node)
        if isinstance(node, ast.Starred):
            return self.values(node.value)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested = self.ctx.enclosing_function(node) is not None
            return v("function", extra="nested" if nested else None, label=node.name)
        if isinstance(node, ast.ClassDef):
            return v("class", label=node.name, qualified=node.name)
        if isinstance(node, _Option):
            return self.argparse_default(node.dest)
        return v("unknown")

    def _decided(self, test: ast.expr) -> bool | None:
        """A test the file decides: a name or attribute holding one constant on every path, under no
        condition (`remat` given True at the only call; not a flag's default), or `"key" in d` / `not in`
        of a dict whose keys the file reads whole."""
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn)) \
                and isinstance(test.left, ast.Constant) and isinstance(test.left.value, str):
            found: set[bool] = set()
            for value in self.values(test.comparators[0]):
                entries, complete = self.entries(value) if value.kind == "dict" else (None, False)
                if entries is None or not complete and test.left.value not in entries:
                    return None
                found.add(test.left.value in entries)
            return None if len(found) != 1 else found.pop() != isinstance(test.ops[0], ast.NotIn)
        if isinstance(test, (ast.Name, ast.Attribute)):
            if self._own_state_stored_outside(test):
                return None  # as `if self.flag:` (`_with_own_instance`): the constructions are not all it holds
            values = _bound_whole(self.values(test))
            # (a module's name bound to a test of its constants or of the environment: `ON_TPU = bool(int(...))`)
            truth = {v.truthy if isinstance(v.node, ast.Constant) and not v.when else _bound_test_truth(v)
                     if _bound_test_truth(v) is not None or v.when or v.flow is None or not _test_node(v)
                     else v.flow.test_truth(v.node) for v in values}  # type: ignore[arg-type]  # (a test: has a node)
            return truth.pop() if len(truth) == 1 else None
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr" \
                and self.reaching(test.func) is None and len(test.args) == 2 and not test.keywords \
                and isinstance(test.args[1], ast.Constant) and isinstance(test.args[1].value, str):
            # `model.module if hasattr(model, "module") else model` (nanoGPT's unwrap) of a set-up module
            return self._has_attribute(self.values(test.args[0]), test.args[1].value, test)
        tested = self._builtin_isinstance(test)
        if tested is not None:  # `isinstance(v, dict)` of a value whose builtin type the layer knows on every path
            subject, kinds = tested
            if kinds is None:
                return None
            held = self.values(subject)
            if not held or any(x.kind not in (*_BUILTIN_TYPES.values(), "none", "number", "bool") or x.when for x in held):
                return None
            found = {x.kind in kinds for x in held}
            return found.pop() if len(found) == 1 else None
        return None

    def _has_attribute(self, objects: tuple[Value, ...], attr: str, node: ast.AST) -> bool | None:
        """What `hasattr(x, attr)` answers for each value `x` holds, when the pack tells it alike for them all: an
        attribute the library gives its object (`hasattr(model, "module")` of a set-up module), or one it lacks."""
        if objects and all(x.kind not in ("instance", "unknown") and self.ctx.tips.attribute_of(self, x, attr, node)
                           for x in objects):
            return True
        return False if objects and all(attr in self.ctx.tips.lacking.get(x.kind, ()) for x in objects) else None

    def _builtin_isinstance(self, test: ast.expr) -> tuple[ast.expr, frozenset[str] | None] | None:
        """`isinstance(v, (list, tuple))`, a call of the builtin: `v`, and the kinds of value the types it names
        are (None unless each is a builtin type the layer knows by kind, not rebound); None for another test."""
        if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
                and self.reaching(test.func) is None and len(test.args) == 2 and not test.keywords):
            return None
        types = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        if not all(isinstance(t, ast.Name) and t.id in _BUILTIN_TYPES and self.reaching(t) is None for t in types):
            return test.args[0], None
        return test.args[0], frozenset(_BUILTIN_TYPES[t.id] for t in types)  # type: ignore[attr-defined]

    def _bool_op(self, node: ast.BoolOp) -> tuple[Value, ...]:
        """`a or b`, `a and b`: each operand's values that end it (a truthy one for `or`, a falsy one for `and`)
        or may (its truth unknown); the next operand is evaluated only when one does not, under the
        conditions all those share (`precision or default_precision()` with `precision` None: the default's)."""
        ends = isinstance(node.op, ast.Or)
        out: list[Value] = []
        going: list[tuple[str, ...]] = [()]  # the conditions of each path that reaches the operand
        for i, operand in enumerate(node.values):
            common = tuple(c for c in going[0] if all(c in w for w in going[1:]))
            values = tuple(x.under(common) for x in self.values(operand))
            if i + 1 == len(node.values):
                out.extend(values)
                break
            going = []
            probe = self._probe_text(operand)  # `torch.cuda.device_count() or 1`: the machine answers the probe
            for x in values:
                truth = x.truthy
                if truth is None and probe is not None:  # each side under the probe's answer (`condition_truth`)
                    out.append(x.under((probe if ends else f"not {probe}",)))
                    going.append((*x.when, f"not {probe}" if ends else probe))
                    continue
                if truth is not (not ends):  # it ends the operation here, or may
                    out.append(x)
                if truth is not ends:  # the next operand runs after it, or may
                    going.append(x.when)
            if not going:
                break
        return tuple(out)

    def _probe_residue(self, test: ast.expr, depth: int = MAX_PROBE_BINDINGS) -> ast.expr | None:
        """What is left of a test once the flow decides its other parts, when that is a machine's probe alone
        (`Tips.pure`) or `not`/`and`/`or` of such: `use_accel = not args.no_accel and torch.cuda.is_available()`
        with the option's default read is `torch.cuda.is_available()`, which the machine the strategy runs on
        answers (`condition_truth`). A name bound once, in the test's own function, to such a test is read as it.
        None for anything else, and for a test that has no probe left."""
        if self._probe_text(test) is not None:
            return test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self._probe_residue(test.operand, depth)
            return ast.UnaryOp(ast.Not(), inner) if inner is not None else None
        if isinstance(test, ast.BoolOp):
            neutral = isinstance(test.op, ast.And)  # the operand value that leaves the others to decide
            kept: list[ast.expr] = []
            for operand in test.values:
                decided = self._decided(operand)
                decided = self._decision(operand) if decided is None else decided
                decided = self._plain_truth(operand) if decided is None else decided
                if decided is neutral:
                    continue
                inner = self._probe_residue(operand, depth) if decided is None else None
                if inner is None:
                    return None  # (an operand that decides the whole is the walk's, not the machine's)
                kept.append(inner)
            return (kept[0] if len(kept) == 1 else ast.BoolOp(test.op, kept)) if kept else None
        if isinstance(test, ast.Name) and depth:
            defs = self.reaching(test) or ()
            bound = defs[0].node if len(defs) == 1 and defs[0].how == "assign" and not defs[0].when \
                and not defs[0].path else None
            if isinstance(bound, ast.expr) and self.ctx.enclosing_function(bound) is self.ctx.enclosing_function(test):
                return self._probe_residue(bound, depth - 1)
        return None

    def _plain_truth(self, test: ast.expr) -> bool | None:
        """The truth of what `test` holds in the plain run (`not args.no_accel` of a `store_true` option: True), when
        every value it may hold there has one, under no condition but being an option's default; else None."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self._plain_truth(test.operand)
            return None if inner is None else not inner
        held = self.plain_run(self.values(test))
        if not held or any(c != BY_DEFAULT for x in held for c in x.when):
            return None
        truths = {x.truthy for x in held}
        return truths.pop() if len(truths) == 1 and None not in truths else None

    def _probe_text(self, operand: ast.expr) -> str | None:
        """`torch.cuda.device_count()`, a call with no argument of a library function whose answer is the same all
        run long (`Tips.pure`), as the condition text a machine's answers decide; None for anything else."""
        if not (isinstance(operand, ast.Call) and not operand.args and not operand.keywords):
            return None
        qualified = self.ctx.resolve(operand.func)
        return self.text(operand) if qualified is not None and self.ctx.tips.canonical(qualified) in self.ctx.tips.pure else None

    def _decision(self, test: ast.expr) -> bool | None:
        """A conditional expression's test, or an operand of `and`/`or`, as the walk of its function (or of
        the module) decided it (`Walker.expression_test`): by what the callers pass, or this call alone; by
        the module's constants, an option's default."""
        func = self.ctx.enclosing_function(test) or self.ctx.module
        return next((decided for found, _, decided in self.scope(func).decisions if found is test), None)

    def picked_by_parameters(self, node: ast.AST) -> bool:
        """`node` lies in a branch of its function that a test on the function's parameters picks: the body
        or `else` of an `if` or a conditional expression on them, an operand of `and`/`or` after one on
        them (`return "bf16-mixed" if training else "bf16-true"`). What the function gives there is its
        callers' choice; not a method's test on its own instance (`if self.remat:`)."""
        func = self.ctx.enclosing_function(node)
        if func is None:
            return False
        positional = [*func.args.posonlyargs, *func.args.args]
        own = positional[0] if positional and self._method_class(func) is not None and not _is_static(func) else None
        # a test on `self.remat` is the object's own state (its class's code picks the value), not the caller's
        on_parameters = {id(test) for test, read, _ in self.scope(func).decisions
                         if isinstance(read, dict) and any(isinstance(w, ast.arg) and w is not own for w in read.values())}
        if not on_parameters:
            return False
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and parent is not func:
            if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test and id(parent.test) in on_parameters:
                return True
            if isinstance(parent, ast.BoolOp) and any(id(v) in on_parameters for v in
                                                      parent.values[:next((i for i, v in enumerate(parent.values) if v is child), 0)]):
                return True
            child, parent = parent, self.ctx.parents.get(parent)
        return False

    def deciding_values(self, node: ast.AST) -> list[Value]:
        """What the callers give the parameters that the decided tests of the `if`s around `node` read
        (`if cfg.get("custom_wrapper"):` taken for train.py's `RUN["sharding"]`): where the choice that
        makes `node` run is written. [] when no such test encloses it."""
        func = self.ctx.enclosing_function(node)
        if func is None:
            return []
        decided = {id(test): read for test, read, answer in self.scope(func).decisions
                   if answer is not None and isinstance(read, dict)}
        out: list[Value] = []
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and parent is not func:
            if isinstance(parent, ast.If) and child is not parent.test and id(parent.test) in decided:
                params = {name: what for name, what in decided[id(parent.test)].items() if isinstance(what, ast.arg)}
                given = self.parameters_passed(func, params) if params else None
                for name, values in (given or {}).items():
                    # `args.clip_mode == "value"` of a parsed command line: the option read, where its default is
                    # written, not the namespace passed (an object passed is the choice of whoever builds it)
                    attrs = _attributes_only(parent.test, name)
                    for v in values:
                        read = [x for attr in attrs for x in self.attribute(v, attr, parent.test)] \
                            if attrs and v.kind == "args" else []
                        placed = bool(read) and all(x.node is not None and x.flow is not None
                                                    and x.node in x.flow.ctx.parents for x in read)
                        out.extend(read if placed else [v])
            child, parent = parent, self.ctx.parents.get(parent)
        return out

    # tests decided by the callers' arguments
    def _still_decided(self, func: ast.AST, decisions: tuple[tuple[ast.expr, Any, bool | None], ...]) -> bool:
        """A kept walk is reused while each test it decided (or could not) is decided alike today: by
        today's callers and the module's constants as they now stand."""
        return all(self._decided_test(func, test, read) is decided for test, read, decided in decisions)

    def _decided_test(self, scope: ast.AST, test: ast.expr,
                      read: dict[str, ast.AST | Def | _BoundTest | _KeyRead | None] | _VersionTest) -> bool | None:
        """A test on constants: the scope's own (`mode = "value"`), the module's read from a function
        (`MODE == "norm"`, MODE bound once), the function's parameters as every call passes them, and a
        library's version (`Flow._version_read`)."""
        if isinstance(read, _VersionTest):
            return self._truth(read.test, {})
        given = self._given_for(scope, test, read)
        return self._truth(test, given) if given is not None else None

    def _attribute_strings(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> tuple[Value, ...] | None:
        """The constants `(args.backend or "auto").lower()` makes of what a parameter's attribute holds; None when
        one is no constant (`_attribute_value`'s shapes)."""
        if isinstance(node, (ast.Attribute, ast.Name)):
            held = self._concrete(self._parameter_values(node, given) or ())
            if held is None or any(kind != "const" for kind, _ in held):
                return None
            return tuple(Value(_constant_kind(v), ast.copy_location(ast.Constant(v), node), flow=self) for _, v in held)
        if isinstance(node, ast.BoolOp):
            left = self._attribute_strings(node.values[0], given)
            if left is None:
                return None
            default = Value(_constant_kind(node.values[1].value), node.values[1], flow=self)  # type: ignore[attr-defined]
            return tuple(x if x.node.value else default for x in left)  # type: ignore[union-attr]  # (constants)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            inner = self._attribute_strings(node.func.value, given)
            if inner is None or not all(isinstance(x.node.value, str) for x in inner):  # type: ignore[union-attr]
                return None
            return tuple(Value("str", ast.copy_location(ast.Constant(getattr(x.node.value, node.func.attr)()), node),  # type: ignore[union-attr]
                               flow=self) for x in inner)
        return None

    def _given_for(self, scope: ast.AST, test: ast.expr,
                   read: dict[str, ast.AST | Def | _BoundTest | _KeyRead | None]) -> dict[str, tuple[Value, ...]] | None:
        """What each name `test` reads holds (`_decided_test`); None when one of them is not known."""
        given: dict[str, tuple[Value, ...]] = {}
        params: dict[str, ast.arg] = {}
        for name, what in read.items():
            if what is None and (arg := _parameter_named(scope, name)) is not None:
                params[name] = arg  # (`mode` of `mode = mode.lower()`: the parameter the binding reads)
            elif isinstance(what, ast.arg):
                params[name] = what
            elif isinstance(what, ast.Constant):
                given[name] = self.values(what)
            elif isinstance(what, ast.Call) and _environment_read(what):
                default = self.environment_read_default(what)
                if default is None:
                    return None
                if not _reads_environment_through(what, name):  # a name bound to the read, not `os` of it
                    given[name] = self.values(default)
            elif isinstance(what, _BoundTest) and isinstance(what.test, ast.Attribute):
                inner = self._given_for(scope, what.test, what.read)  # `wide = args.devices`: what `args.devices` holds
                held = self._parameter_values(what.test, inner) if inner is not None else None
                if held is None:
                    return None
                given[name] = held
            elif isinstance(what, _BoundTest) and _attribute_value(what.test):
                # `backend = (args.backend or "auto").lower()` in a helper: the strings it makes of what callers pass
                inner = self._given_for(scope, what.test, what.read)
                made = self._attribute_strings(what.test, inner) if inner is not None else None
                if made is None:
                    return None
                given[name] = made
            elif isinstance(what, _KeyRead):  # `mode = cfg.get("clip_mode", "norm")`: the key as the callers' dicts hold it
                if what.param is not None:
                    passed = self.parameters_passed(scope, {what.param.arg: what.param})
                    dicts = passed[what.param.arg] if passed else None
                else:  # a dict of the module's top level (`CFG.get(...)`), bound once there
                    dicts = self._module_dict(what.base, what.node)
                held = self._key_held(dicts, what) if dicts else None
                if held is None:
                    return None
                given[name] = held
            elif isinstance(what, _BoundTest):  # a name bound to a test of the top level's own: that test's truth
                truth = self._decided_test(scope, what.test, what.read)
                if truth is None:
                    return None
                given[name] = (Value("bool", ast.copy_location(ast.Constant(truth), what.test), flow=self),)
            elif isinstance(what, Def):  # a settings object of the module's top level, read where the test is
                held = self._settings_held(what, test)
                if held is None:
                    return None
                given[name] = held
            elif isinstance(what, ast.Call):
                namespace = self._parsed_namespace(what, test, name)
                if namespace is None and isinstance(what.func, ast.Attribute) and isinstance(what.func.value, ast.Name) \
                        and [x.kind for x in self.values(what.func.value)] == ["project_module"]:
                    # `args = config.parse_args()`, a function of another module of the project: its options
                    held = self.plain_run(self.values(what))
                    namespace = held if len(held) == 1 and held[0].kind == "args" and not held[0].when else None
                if namespace is None:
                    return None
                given[name] = namespace
            elif name == "isinstance" and not self.scope(self.ctx.module).final.get(name):
                continue  # the builtin (`_instance_of`)
            elif self._predicate_calls_only(test, name):
                continue  # a library predicate (`is_wrapped(module)`): `_operand` asks its tip
            else:
                constant = self._module_constant(name) or self._environment_default(name) or self._module_display(name)
                classes = self._module_instances(name) if constant is None and _tests_classes(test) else None
                if constant is None and classes is None:
                    classes = self._settings_object(name, test)
                if constant is None and classes is None:
                    classes = self._module_table(name, test)
                if constant is None and classes is None:
                    classes = self._nullary_function(name, test)
                if constant is None and classes is None:
                    classes = self._class_read(name, test)
                if constant is None and classes is None:
                    return None
                given[name] = self.values(constant) if constant is not None else classes  # type: ignore[assignment]
        if params:
            passed = self.parameters_passed(scope, params)
            if passed is None:
                return None
            given.update(passed)
        return given

    def _module_dict(self, name: str, use: ast.AST) -> tuple[Value, ...] | None:
        """What the module's `name` holds when its top level binds it once, on every path (here, or by an import)."""
        defs = self.scope(self.ctx.module).final.get(name)
        if not defs or len(defs) != 1 or defs[0].when or defs[0].path or defs[0].how not in ("assign", "import"):
            return None
        return self.of_def(defs[0], use)

    def _key_held(self, dicts: tuple[Value, ...], read: _KeyRead) -> tuple[Value, ...] | None:
        """What `read` gives from each dict a parameter is passed: the entry its key holds, or the `.get`'s
        default when the dict is known whole without it; None when a dict is not one the layer reads whole, or
        holds the key under a test, or a subscript would raise."""
        out: list[Value] = []
        for value in dicts:
            if value.kind != "dict":
                return None
            entries, complete = self.entries(value)
            if entries is None:
                return None
            entry = entries.get(read.key)
            if entry is not None:
                if entry.when:
                    return None
                out.extend(entry.values())
            elif complete and read.getter:
                default = read.default or ast.copy_location(ast.Constant(None), read.node)
                out.extend(self.values(default) if read.default is not None else (Value("none", default, flow=self),))
            else:
                return None
        return tuple(out) or None

    def _settings_object(self, name: str, test: ast.expr) -> tuple[Value, ...] | None:
        """What the module's `name` holds when the test reads only its attributes (`settings.clip_by ==
        "value"`) and it is one instance of a project class on every path (`settings = Settings()`, here or
        imported): its attributes are read as `_parameter_values` reads them, with the stores made into it. A
        module of the project the file imports (`from conf import flags` ... `if flags.LOG_WORST_REPLICA:`) is
        read the same way: its attributes are its top-level names."""
        held = self._bound_once_read_by_attributes(name, test)  # (an import: the object of the module that binds it)
        if held is None or len(held) != 1 or held[0].when:
            return None
        if held[0].kind == "project_module":  # `from conf import flags` ... `if flags.LOG_WORST:`
            return held
        if held[0].kind != "instance" or not _of_local_class(held[0]):
            return None
        return held

    def _settings_held(self, d: Def, test: ast.expr) -> tuple[Value, ...] | None:
        """What a name of the module's top level holds for a test at the top level that reads its attributes
        (`strategy = XLAFSDPStrategy() if cfg.accelerator == "tpu" else "ddp"`): the one instance of a project
        class (or the project module) its one binding gives, as `_settings_object` reads it from a function."""
        held = self.plain_run(self.of_def(d, test))  # (a preset an environment default picks: the plain run's)
        if len(held) != 1:
            return None
        if held[0].kind in ("project_module", "args") or held[0].kind == "instance" and _of_local_class(held[0]):
            return held  # (`args = parse_args()`, a function of the file returning `parser.parse_args()`: its options)
        return None

    def _module_table(self, name: str, test: ast.expr) -> tuple[Value, ...] | None:
        """What the module's `name` holds when the test reads it only as the dict a key is looked up in (`key in
        _RENAMED`) and the module binds it once to one dict: that dict, whose keys `_dict_compare` reads (with
        the stores into it the module makes, `entries`)."""
        reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name]
        looked_in = False  # `CFG["zero"]["stage"] == 2`: keys read out of it, the dict changed nowhere
        for read in reads:
            compare = self.ctx.parents.get(read)
            if isinstance(compare, ast.Subscript) and compare.value is read \
                    or isinstance(compare, ast.Attribute) and compare.attr == "get" and compare.value is read:
                looked_in = True
                continue
            if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1
                    and isinstance(compare.ops[0], (ast.In, ast.NotIn)) and compare.comparators[0] is read):
                return None
        if looked_in and self._changed_in_place(name):
            return None
        defs = self.scope(self.ctx.module).final.get(name)
        if not reads or not defs or len(defs) != 1 or defs[0].when:
            return None
        held = self.of_def(defs[0], reads[0])
        return held if len(held) == 1 and not held[0].when and held[0].kind == "dict" else None

    def _changed_in_place(self, name: str) -> bool:
        """The module's dict `name`, or a dict inside it, is stored into or changed by a method anywhere in the
        file (`CFG["zero"]["stage"] = 3`, `CFG["zero"].update(...)`): what a function reads of it depends on when."""
        for load in self.ctx.loads_named(name):
            node: ast.AST = load
            parent = self.ctx.parents.get(node)
            while isinstance(parent, ast.Subscript) and parent.value is node:
                if not isinstance(parent.ctx, ast.Load):
                    return True
                node, parent = parent, self.ctx.parents.get(parent)
            if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr in MUTATING_METHODS:
                return True
        return False

    def _module_instances(self, name: str) -> tuple[Value, ...] | None:
        """What the module's `name` holds when it is a class of the file or instances of them (`PLAN =
        Separate(...)`), for a class test (`isinstance(PLAN, Joint)`, `case Joint():`); None otherwise."""
        held = self.module_binding(name)
        if not held or any(not _of_local_class(x) or getattr(x.flow, "ctx", None) is not self.ctx for x in held):
            return None
        return held

    def _instance_of(self, subject: ast.expr, classes: list[ast.expr], given: dict[str, tuple[Value, ...]]) -> bool | None:
        """`isinstance(plan, Joint)` (or a class pattern): whether each instance of a class of the file the
        subject holds is one of these classes of the file or derives from one; None when the values disagree
        or one of them, or a class, is not known."""
        held = self._parameter_values(subject, given)  # (a parameter, or an attribute of one: `cfg.clip`)
        library = [self.ctx.tips.canonical(q) for node in classes
                   if node.__class__ in (ast.Name, ast.Attribute) and (q := self.ctx.resolve(node)) and not self._from_project(q)]
        if held and len(library) == len(classes):  # `isinstance(fabric.strategy, (FSDPStrategy, XLAFSDPStrategy))`
            answers = {any(self.ctx.tips.is_instance(self, x, q) for q in library)
                       if all(self.ctx.tips.is_instance(self, x, q) is not None for q in library) else None for x in held}
            return answers.pop() if len(answers) == 1 else None
        wanted: list[ast.ClassDef] = []
        for node in classes:
            found = given.get(node.id) if isinstance(node, ast.Name) else None
            if not found or any(x.kind != "class" or not isinstance(x.node, ast.ClassDef)
                                or getattr(x.flow, "ctx", None) is not self.ctx for x in found):
                return None
            wanted += [x.node for x in found]  # type: ignore[misc]  # (checked above)
        if not held or any(x.kind != "instance" or not _of_local_class(x) or getattr(x.flow, "ctx", None) is not self.ctx for x in held):
            return None
        answers = {any(x.extra[0] in self._subclasses(k) for k in wanted) for x in held}
        return answers.pop() if len(answers) == 1 else None

    def _parsed_namespace(self, parse: ast.Call, test: ast.expr, name: str) -> tuple[Value, ...] | None:
        """`args` of `args = parser.parse_args()` (an `argparse.ArgumentParser()` of the scope) in a test that
        reads only its attributes (`if args.devices > 1:`), each an option whose default and choices are
        constants: the namespace, whose attributes are the options' defaults. Asked while the scope is being
        walked, so nothing that needs the walk's result is evaluated: None for anything else."""
        receiver = parse.func.value  # type: ignore[attr-defined]  # `_parsed_arguments`: `<name>.parse_args()`
        made = self.ctx.bindings(receiver.id, self.ctx.scope_of(parse))  # (not the walk's: it may be the one asking)
        if len(made) != 1 or not isinstance(made[0].value, ast.Call) \
                or self.ctx.resolve(made[0].value.func) != "argparse.ArgumentParser":
            return None
        attrs = {n.attr for n in ast.walk(test) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                 and n.value.id == name}
        if sum(1 for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name) != sum(
                1 for n in ast.walk(test) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name):
            return None  # the namespace itself read (`if args:`, `f(args)`)
        if self._spread_defaults():
            return None  # `set_defaults(**profile)`: a dict, not read while the scope is walked
        options, defaults = self._argparse_calls()
        for attr in attrs:
            for call in (*options.get(attr, ()), *defaults.get(attr, ())):
                keywords = {k.arg: k.value for k in call.keywords if k.arg}
                choices = keywords.get("choices")
                if not isinstance(keywords.get("default", keywords.get(attr, ast.Constant(None))), ast.Constant) \
                        or choices is not None and not (isinstance(choices, (ast.List, ast.Tuple, ast.Set))
                                                        and all(isinstance(c, ast.Constant) for c in choices.elts)):
                    return None
        return (Value("args", parse, flow=self),)

    def _environment_default(self, name: str) -> ast.Constant | None:
        """`ACCELERATOR = os.environ.get("TRAIN_ACCELERATOR", "tpu")`, bound once at the module's top: its default,
        what the plain run (`python train.py`) reads and a test on the name is decided by, as an option's default
        decides one (`_operand`)."""
        defs = self.scope(self.ctx.module).final.get(name, ())
        if len(defs) != 1 or defs[0].how != "assign" or defs[0].when or defs[0].path:
            return None
        return self.environment_read_default(defs[0].node)

    def environment_read_default(self, call: ast.AST | None) -> ast.Constant | None:
        """`os.environ.get("TRAIN_ON", "tpu")` (or `os.getenv`): its default, what the plain run reads (a test on
        it, `os.environ.get("TRAIN_ON", "tpu").lower() in ("tpu", "xla")`, is decided by it). Not a falsy default
        (it stands for a variable a run sets to turn code on), nor a variable the module or one run before it
        sets (`os.environ.setdefault`)."""
        if not (_environment_read(call) and self.ctx.resolve(call.func) in ENVIRONMENT_READS):
            return None
        key, default = call.args
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(default, ast.Constant)
                and default.value):
            return None
        project = self.ctx.project
        if idioms.environment_writes(self.ctx.module, key.value) \
                or project is not None and self.origin is not None and project.environment_defaults(self, key.value):
            return None
        return default

    def _nullary_function(self, name: str, test: ast.expr) -> tuple[Value, ...] | None:
        """The module's `name` when the test only calls it (`if on_xla():`) and it is bound once, on every path,
        to a function of the module's top level (defined here or imported from the project) that takes
        nothing and only returns: its value, which `_returned_test` reads."""
        reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name]
        if not reads or any(not (isinstance(c := self.ctx.parents.get(n), ast.Call) and c.func is n) for n in reads):
            return None
        defs = self.scope(self.ctx.module).final.get(name)
        if not defs or len(defs) != 1 or defs[0].when:
            return None
        held = self.of_def(defs[0], reads[0])
        return held if len(held) == 1 and _returns_only(held[0]) is not None else None

    def _class_read(self, name: str, test: ast.expr) -> tuple[Value, ...] | None:
        """The module's `name` when the test reads only its attributes (`if Backend.XLA:`) and it is bound once,
        on every path, to a class of the project (here or imported): its value, whose attributes are read as
        the class body binds them."""
        held = self._bound_once_read_by_attributes(name, test)
        return held if held is not None and len(held) == 1 and held[0].kind == "class" \
            and isinstance(held[0].node, ast.ClassDef) and not held[0].when else None

    def _bound_once_read_by_attributes(self, name: str, test: ast.expr) -> tuple[Value, ...] | None:
        """What the module's `name` holds when the test reads only attributes of it and the module binds it once,
        on every path; None otherwise."""
        reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name]
        if not reads or any(not isinstance(self.ctx.parents.get(n), ast.Attribute) for n in reads):
            return None
        defs = self.scope(self.ctx.module).final.get(name)
        if not defs or len(defs) != 1 or defs[0].when:
            return None
        return self.of_def(defs[0], reads[0])

    def _returned_test(self, func: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """`on_xla()` of a function that takes nothing and only returns a constant (or a name its module binds
        once to one) or a test of its module's constants (`return ACCELERATOR in ("tpu", "xla")`), decided in
        that module; None otherwise."""
        values = self._parameter_values(func, given)
        if values is None or len(values) != 1:
            return None
        returned = _returns_only(values[0])
        owner = values[0].flow or self
        if isinstance(returned, ast.Name):  # `return BACKEND`, a constant of its module
            returned = owner._module_constant(returned.id)
        if isinstance(returned, ast.Constant):
            return [("const", returned.value)]
        if isinstance(returned, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
            truth = owner.module_test_truth(returned)
            return None if truth is None else [("const", truth)]
        return None

    def _module_constant(self, name: str) -> ast.Constant | None:
        return constant_of(self.scope(self.ctx.module).final.get(name, ()))

    def _module_display(self, name: str) -> ast.Set | ast.Tuple | None:
        """`SHARDED = {"fsdp", "full_shard"}`: a set or tuple display of constants the module's top level binds `name`
        to once, on every path (what `mode in SHARDED` reads)."""
        defs = self.scope(self.ctx.module).final.get(name, ())
        node = defs[0].node if len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path else None
        if isinstance(node, (ast.Set, ast.Tuple)) and all(isinstance(e, ast.Constant) for e in node.elts):
            return node
        return None

    def parameters_passed(self, func: ast.AST, params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        """What every call the file writes passes for these parameters: `if kind == "norm":` in a helper only
        ever called with "value" is decided, `if fn is None:` in one always given a function. Only for a
        function the file reads nowhere but in calls (a function passed around may be called by code the
        file does not show), and not for a recursive one."""
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or id(func) in self.deciding:
            return None
        own = self._own_instance(func)
        if own is not None and any(arg is own for arg in params.values()):
            return self._with_own_instance(func, own, params)
        built = self._constructions_only(func)
        if built is not None:  # `__init__` of a class the file builds by name alone: what the constructions pass
            self.deciding.add(id(func))
            try:
                return {name: tuple(x for call in built for x in self.passed(func, arg, call, True, ()))
                        for name, arg in params.items()}
            finally:
                self.deciding.discard(id(func))
        if not self._only_called(func):
            return None
        self.deciding.add(id(func))
        try:
            sites = self._written_call_sites(func)
            if not sites:
                return self._passed_by_other_modules(func, params)
            given: dict[str, tuple[Value, ...]] = {}
            bound = self._method_class(func) is not None and not _is_static(func)  # `self` or `cls` is the receiver
            for name, arg in params.items():
                # a call that passes what the file cannot tell passes `unknown`, which decides nothing
                given[name] = tuple(x for call in sites for x in self.passed(func, arg, call, bound, ()))
            return given
        finally:
            self.deciding.discard(id(func))

    def _constructions_only(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call] | None:
        """The calls that build a module-level class whose undecorated `__init__` is `func`, when the file reads
        the class's name only to call it, outside the class, and the class has no other way to build itself
        (a class method's `cls(...)`, `type(self)(...)`) nor a subclass: every run of `__init__` is one of
        them. None otherwise, and for a class another module of the project reads."""
        cls = self.ctx.parents.get(func)
        if func.name != "__init__" or func.decorator_list or not isinstance(cls, ast.ClassDef) \
                or cls.decorator_list or not isinstance(self.ctx.parents.get(cls), ast.Module) \
                or not self.ctx.reads_every_use_of(cls.name):
            return None
        if any(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.decorator_list for m in cls.body) \
                or any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "type"
                       for n in ast.walk(cls)):
            return None  # a class method may build with `cls(...)`, a method with `type(self)(...)`
        calls: list[ast.Call] = []
        for load in self.ctx.loads_named(cls.name):
            call = self.ctx.parents.get(load)
            if not isinstance(call, ast.Call) or call.func is not load or self.ctx.within(call, cls):
                return None
            calls.append(call)
        project = self.ctx.project
        if project is not None:
            readers = project.modules_reading(self, cls.name)
            if readers is None or readers:
                return None
        return calls or None

    def _own_instance(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.arg | None:
        """`self` of a plain method or a property's getter (not a class or static method, nor one another
        decorator may call with anything)."""
        positional = [*func.args.posonlyargs, *func.args.args]
        if not positional or self._method_class(func) is None \
                or any(source_text(d) not in _INSTANCE_GETTERS for d in func.decorator_list):
            return None
        return positional[0]

    def _with_own_instance(self, func: ast.FunctionDef | ast.AsyncFunctionDef, own: ast.arg,
                           params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        """`if self.remat:` in a plain method: `self` holds the instances that run it as the file builds them
        (`Flow.parameter`: each construction, or the receivers of its calls), as a conditional expression
        on `self.remat` reads it; the other parameters what every call passes. An attribute the layer cannot
        tell (a construction of another module not read, a store elsewhere) decides nothing."""
        if self._stored_from_outside(func, own.arg):
            return None
        others = {name: arg for name, arg in params.items() if arg is not own}
        passed = self.parameters_passed(func, others) if others else {}
        if passed is None:
            return None
        self.deciding.add(id(func))
        try:
            held = self.parameter(own)
        finally:
            self.deciding.discard(id(func))
        return {**passed, **{name: held for name, arg in params.items() if arg is own}}

    def _stored_from_outside(self, func: ast.FunctionDef | ast.AsyncFunctionDef, own: str, ordered: bool = True) -> bool:
        """An attribute `func` reads off `self` is stored in the module on something else than a method's own
        instance (`runtime.remat = False` after the construction, `setattr(...)`): what the constructions
        leave is no longer all it may hold. With `ordered`, not so when every such store is one the reading
        of the attribute (`_own_attribute_set_from_outside`) orders against the method-running calls,
        seen by them all or by none: the attribute holds one thing when the method runs."""
        def work() -> bool:
            read = {n.attr for n in walk(func) if isinstance(n, ast.Attribute)
                    and isinstance(n.value, ast.Name) and n.value.id == own}
            if not read:
                return False
            stores: dict[str, list[ast.AST]] = {}
            for call in self.ctx.nodes(ast.Call):
                if isinstance(call.func, ast.Name) and call.func.id == "setattr":
                    key = call.args[1] if len(call.args) == 3 else None
                    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                        return True  # `setattr(t, name, v)`: any attribute
                    if key.value in read:
                        stores.setdefault(key.value, []).append(call)
            for node in self.ctx.nodes(ast.Attribute):
                if isinstance(node.ctx, ast.Store) and node.attr in read and not self._own_store(node):
                    stores.setdefault(node.attr, []).append(node)
            return bool(stores) and (not ordered or not all(self._ordered_outside(func, attr, s) for attr, s in stores.items()))
        return bool(self.ctx.once(f"stored from outside {ordered}", func, work))

    def _ordered_outside(self, func: ast.FunctionDef | ast.AsyncFunctionDef, attr: str, stores: list[ast.AST]) -> bool:
        """The stores of `attr` on an instance of `func`'s class from outside it are those of its one
        construction (`_its_construction`), and `_seen_by_readers` sees them all or none of them."""
        cls = self._method_class(func)
        built = self._its_construction(cls, attr, stores) if cls is not None and self._defining_class(cls, attr) is None else None
        if built is None:
            return False
        instance, every = built
        assert isinstance(instance.node, ast.Call)
        return self._seen_by_readers(instance.node, every) is not None

    def _own_state_stored_outside(self, node: ast.expr) -> bool:
        """`node` reads the own instance of its method (`self.mixed`) and the module stores what the method
        reads off it on an instance from outside the class (`_stored_from_outside`)."""
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if root is node or not isinstance(root, ast.Name):
            return False
        func = self.ctx.enclosing_function(node)
        own = self._own_instance(func) if func is not None else None
        return own is not None and root.id == own.arg and self._stored_from_outside(func, own.arg)  # type: ignore[arg-type]

    def _own_store(self, node: ast.Attribute) -> bool:
        """`self.x = ...` in a method, on the instance it runs for."""
        method = self.ctx.enclosing_function(node)
        own = self._own_instance(method) if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        return own is not None and isinstance(node.value, ast.Name) and node.value.id == own.arg

    def _passed_by_other_modules(self, func: ast.FunctionDef | ast.AsyncFunctionDef,
                                 params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        """A function of the module's top level that the file never calls: what the calls the project's
        other modules write pass for these parameters (see `Project.calls_from_other_modules`)."""
        project = self.ctx.project
        cls = self._method_class(func)
        if project is not None and cls is not None and isinstance(self.ctx.parents.get(cls), ast.Module):
            return self._passed_to_method_elsewhere(func, cls, params)
        if project is None or not isinstance(self.ctx.parents.get(func), ast.Module):
            return None
        calls = project.calls_from_other_modules(self, func)
        if not calls:
            return None
        # each call's arguments are read there; a default the call leaves is this module's `def`'s, read here
        given = {name: tuple(x for there, call in calls for x in there.passed(func, arg, call, False, (), self))
                 for name, arg in params.items()}
        for name, arg in params.items():
            if given[name] and all(x.kind == "unknown" for x in given[name]):
                # a parameter of the caller passed on (`optimizer_step(..., clip_kind)` in `fit`): what the
                # callers' callers give it, as the value of the parameter reads them
                passed = self._passed_elsewhere(func, arg)
                given[name] = passed or given[name]
        return given

    def _passed_to_method_elsewhere(self, func: ast.FunctionDef | ast.AsyncFunctionDef, cls: ast.ClassDef,
                                    params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        """A method of a class of the module's top level that the file never calls: what the calls of the
        other modules that read the class pass, when each of them reads the method only to call it (a
        plain method, `acc.context(step)`, on instances of the class as that module reads it)."""
        readers = self._readers_of(cls.name, func.name) or ()
        if not all(there._method_only_called(func) or self._plain_method_only_called_in(there, cls, func)
                   for there in readers):
            return None
        given = {name: self._passed_elsewhere(func, arg) for name, arg in params.items()}
        return given if all(given.values()) else None

    def _only_called(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        cls = self.ctx.parents.get(func)
        if isinstance(cls, ast.ClassDef):
            # a plain method: its calls here, or (none here) those of the modules that read its class; not both
            return self._method_only_called(func) or self._plain_method_only_called(func, cls) \
                and self.ctx.reads_every_use_of(func.name) \
                and (not self.ctx.attribute_loads(func.name) or not self._read_elsewhere(cls, func.name))
        if func.decorator_list and not self.keeps_its_calls(func):
            return False
        typed = None
        for load in self.ctx.loads_named(func.name):
            parent = self.ctx.parents.get(load)
            if isinstance(parent, ast.keyword) and parent.arg == "type":  # argparse's converter (`_typed_option_calls`)
                typed = self._typed_option_calls(func) if typed is None else typed
                if typed:
                    continue
            if not isinstance(parent, ast.Call):
                return False
            called_back = isinstance(parent.func, ast.Attribute) and parent.func.attr in self.ctx.tips.callbacks \
                and parent.args[:1] == [load]
            if parent.func is not load and not called_back and self._partial_only_called(parent, load) is None \
                    or self.ctx.within(parent, func):
                return False
        return True

    def every_call(self, func: ast.AST) -> list[ast.Call] | None:
        """Every call that runs `func`, when the module shows them all: a function read nowhere but in calls
        (by its name, through a partial, given to a pack's callback), a method read only as `x.m(...)` on
        instances of its class (or its class, for a class or static method). None when it may be called
        where the file does not show: passed around, decorated, read by another module of the project, used
        in code the check did not read; or never called; and for a generator or a coroutine."""
        if not isinstance(func, ast.FunctionDef) or self.ctx.is_generator(func):
            return None  # (a coroutine's or a generator's body runs where it is awaited or drawn, not at the call)
        found: list[ast.Call] | None = self.ctx.once("every call", func, lambda: self._every_call(func))
        return found

    def _every_call(self, func: ast.FunctionDef) -> list[ast.Call] | None:
        cls = self._method_class(func)
        if cls is None and not self._only_called(func) or cls is not None and not self._plain_method_only_called(func, cls) \
                and not self._method_only_called(func) or not self.ctx.reads_every_use_of(func.name):
            return None
        project = self.ctx.project
        if project is not None and isinstance(self.ctx.parents.get(cls or func), ast.Module):
            readers = project.modules_reading(self, (cls or func).name)
            if readers is None or readers:
                return None
        calls = [call for call, _, _ in self.call_sites(func)]
        return calls or None

    def _plain_method_only_called(self, func: ast.FunctionDef | ast.AsyncFunctionDef, cls: ast.ClassDef) -> bool:
        """A plain method (`def fabric(self)`) the file reads only to call it, `x.fabric(...)`, each receiver an
        instance the layer knows runs this very method (`self` in the class, a construction of it)."""
        if func.decorator_list or func.name.startswith("__") or any(
                self.ctx.scope_of(load) is cls for load in self.ctx.loads_named(func.name)):  # `run = fit` in the class
            return False
        return self._called_only_on(func, lambda x: x.kind == "instance" and self._runs_method_of(x, cls, func.name))

    def _read_elsewhere(self, cls: ast.ClassDef, method: str | None = None) -> bool:
        """Another module of the project may read `cls` (its calls of a method are not this file's); with `method`,
        one that writes that name too (one that never writes `.load` calls no `load` of the class)."""
        project = self.ctx.project
        if project is None or not isinstance(self.ctx.parents.get(cls), ast.Module):
            return False
        readers = project.modules_reading(self, cls.name, also=method)
        return readers is None or bool(readers)

    def _plain_method_only_called_in(self, there: Flow, cls: ast.ClassDef,
                                     func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`_plain_method_only_called` of `func`, a plain method of this module's `cls`, in `there`, a module
        that reads the class: each `x.<name>` it writes is a call on an instance of the class as it reads it."""
        read = _twin_read(there, cls, self.ctx.doc.path)
        if read is None or not isinstance(read[1], ast.ClassDef) or func.decorator_list or func.name.startswith("__"):
            return False
        twin = read[1]
        derived = [twin, *there._derived_from(twin)]
        return there._called_only_on(func, lambda x: x.kind == "instance" and x.extra[0] in derived
                                     and there._defining_class(x.extra[0], func.name) in (None, twin))

    def _method_only_called(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """A class or static method (`Sharded.from_config(cfg)`) that the file reads only to call, each
        call on a receiver the layer knows (a class, an instance of one): what those calls pass is all it
        is given. A receiver the file cannot tell might be an instance of its class; a use in code the
        check did not read, anything. (A plain method is left out: the check follows the calls of a
        class or static method's name, see engine.py `_names`, not those of every method's.)"""
        decorators = [source_text(d) for d in func.decorator_list]
        if func.name.startswith("__") or len(decorators) != 1 or decorators[0] not in ("classmethod", "staticmethod") \
                or not self.ctx.reads_every_use_of(func.name):
            return False
        return self._called_only_on(func, lambda x: x.kind in ("class", "instance"))

    def _called_only_on(self, func: ast.FunctionDef | ast.AsyncFunctionDef, fits: Callable[[Value], bool]) -> bool:
        """Each `<receiver>.<name>` of `func`'s name the file reads is a call of it written outside `func`, on a
        receiver the layer can tell, each value of which `fits`."""
        for load in self.ctx.attribute_loads(func.name):
            if self._another_objects_method(load.value):
                continue
            call = self.ctx.parents.get(load)
            if not isinstance(call, ast.Call) or call.func is not load or self.ctx.within(call, func):
                return False
            receivers = self.values(load.value)
            if not receivers or not all(fits(x) for x in receivers):
                return False
        return True

    def _another_objects_method(self, receiver: ast.expr) -> bool:
        """`self.fabric` in `self.fabric.load(path, state)`, in a method of a class whose instances hold, on every
        path, a library's object there (a `Fabric(...)` its `__init__` builds): its `load` is that object's, no
        method of the project's (read through the class: `self` here may be what is being decided)."""
        if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name)):
            return False
        method = self.ctx.enclosing_function(receiver)
        cls = self.ctx.parents.get(method) if method is not None else None
        if method is None or not isinstance(cls, ast.ClassDef) or not method.args.args \
                or method.args.args[0].arg != receiver.value.id \
                or _is_static(method) or _is_classmethod(method):
            return False
        held = self.instance_attribute(cls, None, receiver.attr, set())
        return bool(held) and all(x.kind in _NOT_INSTANCES or x.kind not in ("instance", "class", "unknown")
                                  and x.qualified is not None and "." in x.qualified for x in held)

    def _method_sites(self, func: ast.FunctionDef | ast.AsyncFunctionDef, cls: ast.ClassDef,
                      live: bool = True) -> Iterator[ast.Call]:
        """The calls `Class.m(...)` of a class or static method `func` of `cls`, on `cls` or a subclass that
        leaves it as it is (`ShardedStrategy.from_config(cfg)`)."""
        calls = self.ctx.spelled_method_calls(func.name) if live else (
            (c, c.func.value) for c in self.ctx.written_method_calls(func.name))  # type: ignore[attr-defined]
        for call, receiver in calls:
            if any(x.kind == "class" and isinstance(x.node, ast.ClassDef) and x.flow is self
                   and self._defining_class(x.node, func.name) is cls for x in self.values(receiver)):
                yield call

    def _partial_only_called(self, call: ast.Call, load: ast.Name) -> str | None:
        """`p = partial(func, ...)` with `func` the name `load`, where every read of `p` calls it: the name `p`."""
        if call.args[:1] != [load] or self.ctx.resolve(call.func) != "functools.partial":
            return None
        assign = self.ctx.parents.get(call)
        if not (isinstance(assign, ast.Assign) and assign.value is call and len(assign.targets) == 1
                and isinstance(assign.targets[0], ast.Name)):
            return None
        name = assign.targets[0].id
        if any(getattr(self.ctx.parents.get(other), "func", None) is not other for other in self.ctx.loads_named(name)):
            return None
        return name

    def _written_call_sites(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call]:
        """Every call of `func` the file writes, run or not (the calls that run are not known while a walk
        is being made)."""
        cls = self._method_class(func)
        if cls is not None:  # a method: `Class.m(...)`, `instance.m(...)`
            found = list(self._method_sites(func, cls, live=False)) if _is_classmethod(func) or _is_static(func) else []
            found += [call for call in self.ctx.written_method_calls(func.name)
                      if any(x.kind == "instance" and self._runs_method_of(x, cls, func.name)
                             for x in self.values(call.func.value))]  # type: ignore[attr-defined]
            return found
        sites: list[ast.Call] = [call for call in self.ctx.calls_by_name(func.name, live=False)
                                 if any(self._is(func, x) for x in self.values(call.func))]
        for load in self.ctx.loads_named(func.name):  # `p = partial(func, ...)`, then `p(...)`: calls of func
            partial = self.ctx.parents.get(load)
            name = self._partial_only_called(partial, load) if isinstance(partial, ast.Call) else None
            if name is not None and isinstance(partial, ast.Call):
                sites.extend(self._bound(call, partial) for call in self.ctx.calls_by_name(name, live=False)
                             if any(x.kind == "partial" and x.node is partial for x in self.values(call.func)))
        for method in self.ctx.tips.callbacks:
            for call in self.ctx.written_method_calls(method):
                if call.args and any(x.node is func for x in self.values(call.args[0])):
                    sites.append(_CalledBack(call))
        sites.extend(self._typed_option_calls(func) or ())
        return sites

    def _truth(self, test: ast.expr, given: dict[str, tuple[Value, ...]]) -> bool | None:
        """Whether `test` holds for every value the parameters are given; None when the values disagree
        or the layer cannot tell (`and`/`or`/`not`, one comparison, a value's truth)."""
        if isinstance(test, ast.BoolOp):
            parts = [self._truth(v, given) for v in test.values]
            short = isinstance(test.op, ast.Or)  # the value that decides an `or` (True) or an `and` (False)
            if short in parts:
                return short
            return (not short) if all(p is (not short) for p in parts) else None
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self._truth(test.operand, given)
            return None if inner is None else not inner
        if isinstance(test, ClassTest):
            return self._instance_of(test.subject, test.classes, given)
        if _isinstance_call(test) and "isinstance" not in given:  # (the builtin: `_decided_test` gives no value for it)
            kinds = test.args[1]  # type: ignore[attr-defined]  # (checked by `_isinstance_call`)
            return self._instance_of(test.args[0], kinds.elts if isinstance(kinds, ast.Tuple) else [kinds], given)  # type: ignore[attr-defined]
        if isinstance(test, ast.Compare):
            if len(test.ops) != 1:
                return None
            keyed = self._dict_compare(test.ops[0], test.left, test.comparators[0], given)
            if keyed is not NOT_A_DICT_TEST:
                return keyed  # type: ignore[return-value]  # the sentinel ruled out
            members = self._membership(test.ops[0], test.left, test.comparators[0], given)
            if members is not NOT_A_DICT_TEST:
                return members  # type: ignore[return-value]
            left, right = self._operand(test.left, given), self._operand(test.comparators[0], given)
            if left is None or right is None:
                return self._library_object_is_none(test.ops[0], test.left, test.comparators[0], given)
            results = {_compared(test.ops[0], a, b) for a in left for b in right}
            return results.pop() if len(results) == 1 else None
        found = self._operand(test, given)
        truths = {kind == "object" or kind in VERSION_KINDS or kind == "const" and bool(value)
                  for kind, value in found} if found is not None else set()
        return truths.pop() if len(truths) == 1 else None

    def _library_object_is_none(self, op: ast.cmpop, left: ast.expr, right: ast.expr,
                                given: dict[str, tuple[Value, ...]]) -> bool | None:
        """`config.CHECKPOINT_IO is not None` where it holds, on every path, an object a library class builds
        (`TorchCheckpointIO()`: a class, by its CapWords name, never builds None); None for anything else
        (such an object's truth, or `==`, is its class's to say)."""
        if not isinstance(op, (ast.Is, ast.IsNot)):
            return None
        other = right if isinstance(left, ast.Constant) and left.value is None else left \
            if isinstance(right, ast.Constant) and right.value is None else None
        held = self._parameter_values(other, given) if other is not None else None
        if not held or any(not _library_construction(x) for x in held):
            return None
        return isinstance(op, ast.IsNot)

    def _membership(self, op: ast.cmpop, left: ast.expr, right: ast.expr,
                    given: dict[str, tuple[Value, ...]]) -> bool | None | object:
        """`mode in (Clip.NORM, Clip.VALUE)`: membership in a display of things that are not all literals (members
        of the project's Enums, names of constants), each element compared as `==` compares it; NOT_A_DICT_TEST
        for another shape (the literal displays `_operand` reads whole)."""
        if not isinstance(op, (ast.In, ast.NotIn)) or not isinstance(right, (ast.Tuple, ast.List, ast.Set)) \
                or any(isinstance(e, ast.Starred) for e in right.elts) \
                or all(_literal(e) is not NOT_LITERAL for e in right.elts):
            return NOT_A_DICT_TEST
        lefts = self._operand(left, given)
        elements = [self._operand(e, given) for e in right.elts]
        if lefts is None or any(e is None or len(e) != 1 for e in elements):
            return None
        answers: set[bool | None] = set()
        for a in lefts:
            found = {_compared(ast.Eq(), a, e[0]) for e in elements}  # type: ignore[index]  # (checked: one each)
            answers.add(True if True in found else False if found == {False} else None)
        if len(answers) != 1 or None in answers:
            return None
        return answers.pop() is isinstance(op, ast.In)

    def _dict_compare(self, op: ast.cmpop, left: ast.expr, right: ast.expr,
                      given: dict[str, tuple[Value, ...]]) -> bool | None | object:
        """`kwargs != {}`, `kwargs == dict()`, `"clip_val" in kwargs` of dicts the parameters are given, read by
        their keys as a `**` of them passes them (`Flow.entries`): True or False when every dict agrees, None
        when the layer cannot tell; NOT_A_DICT_TEST for a comparison of another shape."""
        if isinstance(op, (ast.Eq, ast.NotEq)) and (self._empty_dict(left, given) or self._empty_dict(right, given)):
            other = right if self._empty_dict(left, given) else left
            values = self._parameter_values(other, given)
            if not values or any(v.kind != "dict" for v in values):
                return NOT_A_DICT_TEST
            sizes = self._sized("len", other, given)
            if sizes is None:
                return None
            equal = {(n == 0) is isinstance(op, ast.Eq) for _, n in sizes}
            return equal.pop() if len(equal) == 1 else None
        keys = [left.value] if isinstance(left, ast.Constant) and isinstance(left.value, str) \
            else self._string_constants(left, given) if isinstance(op, (ast.In, ast.NotIn)) else None
        if isinstance(op, (ast.In, ast.NotIn)) and keys:
            values = self._parameter_values(right, given)
            if not values or any(v.kind != "dict" for v in values):
                return NOT_A_DICT_TEST
            held: set[bool] = set()
            for value in values:
                entries, complete = self.entries(value)
                for key in keys:
                    if entries is None or key in entries and entries[key].when:
                        return None  # keys not read, or a key stored under a test
                    if key not in entries and not complete:
                        return None
                    held.add(key in entries)
            return (held.pop() is isinstance(op, ast.In)) if len(held) == 1 else None
        return NOT_A_DICT_TEST

    def _string_constants(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[str] | None:
        """The strings a parameter (or a comprehension's name) is given, when each value is one (`n in LAYERS`)."""
        if not isinstance(node, ast.Name) or node.id not in given:
            return None
        found = self._concrete(given[node.id])
        if not found or any(kind != "const" or not isinstance(v, str) for kind, v in found):
            return None
        return [v for _, v in found]

    def _empty_dict(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> bool:
        """`{}` or `dict()` (the builtin: neither a parameter nor a module-level name)."""
        if isinstance(node, ast.Dict):
            return not node.keys
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" \
            and not node.args and not node.keywords and "dict" not in given \
            and not self.scope(self.ctx.module).final.get("dict")

    def _operand(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """The concrete values of one side of a test: ("const", value) for a constant, ("object", None) for
        a value that is something (a function, a class, an instance, a non-empty display), ("empty", None)
        for an empty display; None when one of them is unknown."""
        if isinstance(node, ast.Constant):
            return [("const", node.value)]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(_literal(e) is not NOT_LITERAL for e in node.elts):
            return [("const", tuple(_literal(e) for e in node.elts))]  # `devices in (-1, "auto")`
        if isinstance(node, ast.IfExp):  # `"cuda" if ON_GPU else "xla"`: the branch the test takes, else both
            decided = self._truth(node.test, given)
            sides = [self._operand(branch, given) for branch in
                     ((node.body if decided else node.orelse,) if decided is not None else (node.body, node.orelse))]
            return None if any(side is None for side in sides) else [x for side in sides for x in side]  # type: ignore[union-attr]
        if isinstance(node, (ast.Attribute, ast.Call, ast.Name)) and self._reads_versions():
            version = self._version_operand(node, given)
            if version is not None:
                return version
        if _environment_read(node):  # what the plain run reads: the default, unless the run sets it
            default = self.environment_read_default(node)
            return None if default is None else [("const", default.value)]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and not node.keywords and len(node.args) in (1, 2) or isinstance(node, ast.Subscript):
            return self._looked_up(node, given)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CONVERTING_BUILTINS \
                and len(node.args) == 1 and not node.keywords and node.func.id not in given \
                and not self.scope(self.ctx.module).final.get(node.func.id):  # `int(os.environ.get("USE_TPU", "1"))`
            inner = self._operand(node.args[0], given)
            if inner is None or any(kind != "const" or not isinstance(v, (str, int, float, bool)) for kind, v in inner):
                return None
            try:
                return [("const", CONVERTING_BUILTINS[node.func.id](v)) for _, v in inner]
            except ValueError:  # `int("yes")`: the run would raise
                return None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SIZING_BUILTINS \
                and len(node.args) == 1 and not node.keywords and node.func.id not in given \
                and not self.scope(self.ctx.module).final.get(node.func.id):  # the builtin: the test's walk binds no such name
            return self._sized(node.func.id, node.args[0], given)
        if isinstance(node, ast.Call) and not node.args and not node.keywords:
            returned = self._returned_test(node.func, given)
            if returned is not None:  # `if on_xla():`, `backend.on_xla()`: what its one `return` decides
                return returned
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr" \
                and len(node.args) == 2 and not node.keywords and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and node.func.id not in given \
                and not self.scope(self.ctx.module).final.get(node.func.id):
            # `hasattr(model, "module")` of a set-up module: an attribute its library gives it (else: not told)
            has = self._has_attribute(self._parameter_values(node.args[0], given) or (), node.args[1].value, node)
            return None if has is None else [("const", has)]
        predicate = self._library_predicate(node)
        if predicate is not None:  # `is_wrapped(module)`: the pack's answer for each value the argument holds
            held = self._parameter_values(node.args[0], given)  # type: ignore[attr-defined]  # a call: checked
            answers = {predicate(x) for x in held or ()}
            return [("const", answers.pop())] if len(answers) == 1 and None not in answers else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.keywords:
            method, args = node.func.attr, node.args
            inner = self._operand(node.func.value, given)
            if inner is None or not all(kind == "const" and isinstance(v, str) for kind, v in inner):
                return None
            if method in STR_METHODS and not args:
                return [("const", getattr(v, method)()) for _, v in inner]
            affix = _constant_strings(args[0]) if method in ("startswith", "endswith") and len(args) == 1 else None
            if affix is not None:  # `name.startswith("xla")`, `name.startswith(("cuda", "gpu"))`
                return [("const", getattr(v, method)(affix)) for _, v in inner]
            return None
        values = self._parameter_values(node, given)
        if values is None:
            return None
        if any(v.extra == SET_BY_THE_RUN for v in values) and any(_unset_in_environment(v) for v in values):
            # `precision_plugin(os.environ.get("PRECISION", "bf16"))`: the default is what the plain run passes, as an
            # option's default is (a falsy one, below, stands for a variable a run sets to turn code on)
            values = tuple(replace(v, when=(BY_DEFAULT,)) if _unset_in_environment(v) else v for v in Flow.plain_run(values))
        if any(BY_DEFAULT in v.when for v in values):
            # A command-line option's default is what the plain run (`python train.py`) takes, whatever else the
            # command line may give (`--devices 8`, one of its `choices`), and decides the test; a falsy one
            # (`--resume` of default None, a flag off) stands for an option not given, whose code a run turns on
            values = tuple(v for v in values if not any(c.startswith(WITH_CHOICE) for c in v.when))
            found = self._concrete(values)
            if found is not None and not all(kind == "object" or kind == "const" and bool(value) for kind, value in found):
                return None
            return found
        return self._concrete(values)

    def _library_predicate(self, node: ast.expr) -> Callable[[Value], bool | None] | None:
        """The pack's answer function for `node`, a call of one positional argument to a library function it
        knows as a predicate (`Tips.predicates`); None for any other expression."""
        if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords
                and not isinstance(node.args[0], ast.Starred)):
            return None
        qualified = self.ctx.resolve(node.func)
        return self.ctx.tips.predicate_of(qualified) if qualified else None

    def _predicate_calls_only(self, test: ast.expr, name: str) -> bool:
        """Every read of `name` in `test` is the function of a call to a library predicate."""
        reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name]
        return bool(reads) and all(isinstance(call := self.ctx.parents.get(n), ast.Call) and call.func is n
                                   and self._library_predicate(call) is not None for n in reads)

    def _sized(self, builtin: str, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """`bool(kwargs)`, `len(kwargs)` of what the parameters are given, read as the value's own truth is: a
        dict by its keys as a `**` of it passes them (`Flow.entries`), so `if len(clip_kwargs) > 0:` is decided
        where `if clip_kwargs:` is."""
        inner = self._operand(node, given)
        if inner is None:
            return None
        if builtin == "bool":
            return [("const", kind == "object" or kind == "const" and bool(value)) for kind, value in inner]
        values = self._parameter_values(node, given) if not isinstance(node, ast.Constant) else ()
        out: list[tuple[str, Any]] = []
        for kind, value in inner:
            if kind == "const" and isinstance(value, (str, tuple)):
                out.append(("const", len(value)))
            elif kind == "empty":
                out.append(("const", 0))
            else:
                break
        else:
            return out
        sizes: list[tuple[str, Any]] = []
        for x in values or ():  # a dict whose keys are all read, none stored under a test
            entries, complete = self.entries(x) if x.kind == "dict" else (None, False)
            if entries is None or not complete or any(e.when for e in entries.values()):
                return None
            sizes.append(("const", len(entries)))
        return sizes or None

    def _looked_up(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """`cfg.get("remat")`, `cfg.get("remat", False)`, `cfg["remat"]` of a dict the parameters are given
        whose keys are read whole: the entry's concrete values, or the default's when it has no such key."""
        if isinstance(node, ast.Subscript):
            receiver, key, default = node.value, self.constant_key(node.slice), None
        else:
            assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            receiver, key = node.func.value, self.constant_key(node.args[0])
            default = node.args[1] if len(node.args) == 2 else ast.Constant(None)
        bases = self._parameter_values(receiver, given)
        if bases is None or not isinstance(key, str):
            return None
        out: list[tuple[str, Any]] = []
        for base in bases:
            entries, complete = self.entries(base) if base.kind == "dict" else (None, False)
            if entries is not None and key in entries:
                found = self._concrete(entries[key].values())
            elif complete and default is not None:
                found = self._operand(default, {})
            else:
                return None
            if found is None:
                return None
            out.extend(found)
        return out

    def _concrete(self, values: tuple[Value, ...]) -> list[tuple[str, Any]] | None:
        out: list[tuple[str, Any]] = []
        for value in values:
            if isinstance(value.node, ast.Constant) and value.kind in ("str", "number", "bool", "none"):
                out.append(("const", value.node.value))
            elif value.kind == "none":
                out.append(("const", None))
            elif isinstance(value.node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in value.node.elts):
                # `name in allowed`, `name in ()` (an empty tuple holds no name)
                out.append(("const", tuple(e.value for e in value.node.elts)))  # type: ignore[attr-defined]
            elif isinstance(value.node, ast.Set) and all(isinstance(e, ast.Constant) for e in value.node.elts):
                out.append(("const", frozenset(e.value for e in value.node.elts)))  # type: ignore[attr-defined]  # `SHARDED = {"fsdp", ...}`
            elif (decided := _bound_test_truth(value)) is not None:  # `backend.XLA_FSDP`, a test of constants there
                out.append(("const", decided))
            elif not value.when and value.flow is not None and _test_node(value) \
                    and (decided := value.flow.test_truth(value.node)) is not None:  # type: ignore[arg-type]
                out.append(("const", decided))  # `remat=use_remat` of `use_remat = args.depth > 12`
            elif (elements := self._converted_constants(value)) is not None:  # `set(exclude)` of `exclude=()`
                out.append(("const", elements))
            elif value.kind == "enum" and (member := _enum_member(value)) is not None:
                out.append(("object", member))  # truthy, and `is`/`==` another member of its Enum (`_compared`)
            elif KINDS[value.kind].always_true or value.truthy is True:  # (a non-empty display: `remat=(Block,)`)
                out.append(("object", None))
            elif value.truthy is False and value.kind != "unknown":  # an empty display: `remat=()`
                out.append(("empty", None))
            else:
                return None
        return out

    def _converted_constants(self, value: Value) -> tuple[Any, ...] | frozenset[Any] | None:
        """`set(names)`, `frozenset(names)` or `tuple(names)` (the builtins, or `set()`) of one known tuple of
        constants on every path: its elements, a frozenset for a set (so `==` a tuple is False, as in Python)."""
        node, flow = value.node, value.flow
        if value.kind not in ("set", "frozenset", "tuple") or flow is None or not isinstance(node, ast.Call) \
                or not isinstance(node.func, ast.Name) or node.func.id not in ("set", "frozenset", "tuple") \
                or node.keywords or len(node.args) > 1 or flow.ctx.resolve(node.func) is not None \
                or flow.scope(flow.ctx.module).final.get(node.func.id):
            return None
        elements: tuple[Any, ...] = ()
        if node.args:
            found = flow._concrete(flow.plain_run(flow.values(node.args[0])))
            if found is None or len(found) != 1 or found[0][0] != "const" or not isinstance(found[0][1], (tuple, frozenset)):
                return None
            elements = tuple(found[0][1])
        return tuple(elements) if node.func.id == "tuple" else frozenset(elements)

    def _parameter_values(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> tuple[Value, ...] | None:
        """A parameter (`kind`) or an attribute of one (`cfg.kind`), as the callers give it."""
        if isinstance(node, ast.Name):
            return given.get(node.id)
        if isinstance(node, ast.Attribute):
            bases = self._parameter_values(node.value, given)
            if bases is None:
                return None
            return tuple(x for base in bases for x in self._stored_into(base, node, self.attribute(base, node.attr, node)))
        if isinstance(node, ast.Subscript) or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get" and 1 <= len(node.args) <= 2 and not node.keywords:
            return self._entry_given(node, given)  # `cfg.get("zero", {})` of `cfg.get("zero", {}).get("stage", 3)`
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords:
            # `get_config()["setup"]` of a function (a cached one too) that takes nothing and only returns
            functions = given.get(node.func.id) or ()
            returned = _returns_only(functions[0]) if len(functions) == 1 else None
            there = functions[0].flow if returned is not None else None
            return there.values(returned) if there is not None and returned is not None else None
        return None

    def _entry_given(self, node: ast.Subscript | ast.Call, given: dict[str, tuple[Value, ...]]) -> tuple[Value, ...] | None:
        """`cfg["zero"]`, `cfg.get("zero", {})` of dicts a parameter (or its attribute, or another such read) is
        given: the entry each holds, or the `.get`'s default when a dict known whole has no such key; None when a
        dict is not read whole, holds the key under a test, or a subscript would raise."""
        if isinstance(node, ast.Subscript):
            receiver, key, default = node.value, self.constant_key(node.slice), None
        else:
            receiver, key = node.func.value, self.constant_key(node.args[0])  # type: ignore[attr-defined]  # a method (caller)
            default = node.args[1] if len(node.args) == 2 else ast.copy_location(ast.Constant(None), node)
        bases = self._parameter_values(receiver, given) if isinstance(key, str) else None
        if not bases:
            return None
        out: list[Value] = []
        for base in bases:
            entries, complete = self.entries(base) if base.kind == "dict" else (None, False)
            if entries is not None and key in entries and not entries[key].when:
                out.extend(entries[key].values())
            elif entries is not None and key not in entries and complete and default is not None:
                out.extend(self.values(default))
            else:
                return None
        return tuple(out)

    # names
    def _name(self, node: ast.Name) -> tuple[Value, ...]:
        defs = self.reaching(node)
        if defs is None:
            turns = self._comprehension_turns(node)
            if turns is not None:
                return turns
        if defs is None or defs == ():
            qualified = self.ctx.resolve(node)
            if defs is None and qualified is None and node.id in CONTAINERS:
                return (Value("function", node, qualified=f"builtins.{node.id}", flow=self),)
            if defs is None:  # a name the file does not show (`from m import *`, a chunk not read)
                project = self.ctx.project
                if node.id in ("__name__", "__package__") and qualified is None and project is not None:
                    package = project.package_name(self)  # a package's `__init__`: never run as `__main__`
                    if package is not None:
                        return (Value("str", _Joined(node, package), flow=self),)
                starred = project.star_imported(self, node.id, node) if project is not None and qualified is None else None
                return starred if starred is not None else (_external(qualified or node.id, node, self),)
            return (Value("unknown", node, flow=self),)
        if self._fold_targets is None:
            self._fold_targets = self.ctx.once("fold loops", self.ctx.module, lambda: frozenset(
                id(loop.body[0].targets[0]) for loop in self.ctx.nodes(ast.For)
                if len(loop.body) == 1 and isinstance(loop.body[0], ast.Assign) and len(loop.body[0].targets) == 1))
        if self._fold_targets and any(id(d.target) in self._fold_targets for d in defs):
            folded = self._folded_loop(node, defs)
            if folded is not None:
                return folded
        out: list[Value] = []
        for d in defs:
            out.extend(x.under(d.when) for x in self._typed_past_tests(d, self.of_def(d, node)))
        if any(x.kind == "none" for x in out) and len(out) > 1 or any(x.when for x in out if x.kind == "none"):
            if self._not_none_here(node):  # `if clip is not None: ... clip ...`: the None paths do not reach it
                return tuple(x for x in out if x.kind != "none") or (Value("unknown", node, flow=self),)
        return tuple(out)

    def _folded_loop(self, node: ast.Name, defs: tuple[Def, ...]) -> tuple[Value, ...] | None:
        """`cfg = TaggerConfig()`, `for layer in (TPU, QUICK): cfg = cfg.merge(layer)`, then `cfg` read after the loop:
        the loop's one statement folded over the items the file knows, in order (`cfg.merge(TPU).merge(QUICK)`),
        from what reaches the loop; not each turn's value beside the first's. None for another shape."""
        inside = [d for d in defs if d.target is not None and self._fold_loop_of(d.target) is not None]
        if len(inside) != 1 or inside[0].how != "assign" or not isinstance(inside[0].node, ast.expr):
            return None
        rebinding, value = inside[0], inside[0].node
        loop = self._fold_loop_of(rebinding.target)  # type: ignore[arg-type]  # (checked above)
        assert loop is not None and isinstance(loop.target, ast.Name)
        if self.ctx.within(node, loop) or any(d is not rebinding and d.target is not None
                                              and self.ctx.within(d.target, loop) for d in defs):
            return None
        reads = [n for n in ast.walk(value) if isinstance(n, ast.Name) and n.id == node.id]
        before = [d for n in reads for d in self.reaching(n) or () if d is not rebinding]
        items = self._known_items(loop.iter)
        if not reads or not before or not items or len(items) > MAX_LOOP_TURNS:
            return None  # (a turn that does not read what the one before left: not a fold)
        held = tuple(x.under(d.when) for d in before for x in self._typed_past_tests(d, self.of_def(d, reads[0])))
        given: dict[str, tuple[Value, ...]] = {}
        for item in items:
            given.update({node.id: held, loop.target.id: item})
            turn = self.values_given(value, lambda name: given.get(name.id))
            if turn is None:
                return None
            held = turn
        return held

    def _fold_loop_of(self, target: ast.Name) -> ast.For | None:
        """The `for` loop whose body is the one assignment binding `target` (`cfg = cfg.merge(layer)`), over a
        name, no `else`; None otherwise."""
        assign = self.ctx.parents.get(target)
        loop = self.ctx.parents.get(assign) if isinstance(assign, ast.Assign) and assign.targets == [target] else None
        if not isinstance(loop, ast.For) or loop.body != [assign] or loop.orelse or not isinstance(loop.target, ast.Name) \
                or loop.target.id == target.id:
            return None
        return loop

    def _typed_past_tests(self, d: Def, values: tuple[Value, ...]) -> tuple[Value, ...]:
        """A definition from before `if isinstance(x, list): x = set(x)` reaches past it only where the test is
        false (the body rebinds x): of its values, those of a builtin type the test names are not among them (a
        list normalised into a set before it is passed). Its values of a type the layer cannot tell stay."""
        if not d.when or d.node is None or not any("isinstance(" in c for c in d.when):
            return values
        for condition in d.when:
            tested = self._builtin_type_test(condition, d.label) if "isinstance(" in condition else None
            if tested is None or self._made_under(d.node, condition):
                continue
            holds, types = tested
            values = tuple(x for x in values if (kinds := _builtin_types(x)) is None or bool(kinds & types) is holds)
        return values

    def _builtin_type_test(self, condition: str, name: str | None) -> tuple[bool, frozenset[str]] | None:
        """`isinstance(name, list)`, `not isinstance(name, (list, tuple))` as a path's condition reads: whether
        it holds (False for `not`) and the builtin classes it names; None for any other condition."""
        test = condition_expr(condition)
        if test is None:
            return None
        holds = not (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not))
        call = test.operand if isinstance(test, ast.UnaryOp) and not holds else test
        if not isinstance(call, ast.Call) or not _isinstance_call(call) or not isinstance(call.args[0], ast.Name) \
                or call.args[0].id != name:
            return None
        kinds = call.args[1]
        names = [n for n in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]) if isinstance(n, ast.Name)]
        module = self.scope(self.ctx.module).final
        if len(names) != len(kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]) or "isinstance" in module or not all(
                n.id in BUILTIN_TYPES and n.id not in module and self.ctx.resolve(n) is None for n in names):
            return None
        return holds, frozenset(n.id for n in names)

    def _made_under(self, node: ast.AST, condition: str) -> bool:
        """`node` lies in a branch of an `if` whose test (or its negation) is `condition`: made under it, not
        from before it."""
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if isinstance(parent, ast.If) and child is not parent.test and condition in (
                    self.text(parent.test), negation(parent.test, self.text)):
                return True
            child, parent = parent, self.ctx.parents.get(parent)
        return False

    def _not_none_here(self, node: ast.Name) -> bool:
        """`node` lies where a test of its scope says the name is not None: the body of `if x is not None:`,
        of `if x:` (or a conjunct of an `and`), the `else` of `if x is None:`."""
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
                body = parent.body if isinstance(parent.body, list) else [parent.body]
                in_body = any(s is child for s in body)
                tests = parent.test.values if isinstance(parent.test, ast.BoolOp) and isinstance(parent.test.op, ast.And) \
                    and in_body else [parent.test]
                for test in tests:
                    if in_body and _says_not_none(test, node.id, True) or not in_body and _says_not_none(test, node.id, False):
                        return True
            child, parent = parent, self.ctx.parents.get(parent)
        return False

    def of_def(self, d: Def, use: ast.AST) -> tuple[Value, ...]:
        if d.how == "assign" and d.node is not None:
            values = self.values(d.node)
            for index in d.path:
                values = tuple(x for value in values for x in self.element(value, index))
            if d.label and not d.path:
                values = self._updated_in_place(d, self._grown(d, values, use))
            return tuple(x.named(d.label) for x in values)
        if d.how == "def" and d.node is not None:
            if isinstance(d.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and d.node.decorator_list:
                return self.values(self.decorations(d.node)[-1])
            return self.values(d.node)
        if d.how == "star" and d.node is not None and d.path and isinstance(d.target, ast.Name):
            values = self.values(d.node)
            for index in d.path[:-1]:
                values = tuple(x for value in values for x in self.element(value, index))
            return tuple(self._starred_rest(x, d.target, d.label) for x in values)
        if d.how == "param":
            return self.parameter(d.node)  # type: ignore[arg-type]
        if d.how == "import":
            return self._imported(d, use)
        if d.how == "counter":
            return (Value("number", d.node, label=d.label, flow=self),)
        if d.how == "capture" and isinstance(d.node, ast.pattern):
            captured = self._captured(d.node)
            if captured is not None:
                return tuple(x.named(d.label) for x in captured)
        if d.how == "aug" and isinstance(d.node, ast.AugAssign):
            values = self.values(d.node.value)
            kinds = {x.kind for x in values}
            if len(kinds) == 1 and kinds <= {"list", "tuple", "set", "str", "number"}:
                return (Value(kinds.pop(), d.node, label=d.label, flow=self),)
            if isinstance(d.node.op, ast.Add) and {x.kind for x in self.values(d.node.target)} == {"list"}:
                return (Value("list", d.node, label=d.label, flow=self),)  # `layers += more`: a list, whatever `more` is
            if isinstance(d.node.op, ast.BitOr) and kinds == {"dict"} and {x.kind for x in self.values(d.node.target)} == {"dict"}:
                return (Value("dict", d.node, label=d.label, flow=self),)  # `settings |= profile`: as `settings | profile`
        if d.how == "unknown" and isinstance(d.node, ast.Call) and is_globals_update(d.node) and d.label is not None:
            updated = self._globals_updated(d.node, d.label, use)  # (what `globals().update(d)` set the name to)
            if updated is not None:
                return updated
        if d.how == "unknown" and d.node is None and isinstance(d.target, ast.Name) and len(d.path) <= 1:
            turns = (self._items_turns(d.target, d.path[0], use) or self._unpacked_turns(d.target, d.path[0], use)) if d.path \
                else self._display_turns(d.target, use) or self._entered(d.target)
            if turns is not None:
                return tuple(x.named(d.label) for x in turns)
        return (Value("unknown", d.node, flow=self),)

    def _starred_rest(self, value: Value, name: ast.Name, label: str | None) -> Value:
        """`arch, *layers = value`: `layers` is a list, whatever `value` is; of the items the other names leave when
        `value` is a display the file shows."""
        star = self.ctx.parents.get(name)
        unpacked = self.ctx.parents.get(star)  # Name <- Starred <- Tuple/List
        node = value.node
        count = None
        if isinstance(unpacked, (ast.Tuple, ast.List)) and isinstance(node, (ast.Tuple, ast.List)) \
                and not any(isinstance(e, ast.Starred) for e in node.elts):
            count = max(len(node.elts) - (len(unpacked.elts) - 1), 0)
        elif isinstance(unpacked, (ast.Tuple, ast.List)) and value.kind == "setup_tuple":
            count = max(len(value.extra) - (len(unpacked.elts) - 1), 0)  # `model, *optimizers = fabric.setup(...)`
        return Value("list", star if isinstance(star, ast.Starred) else name, when=value.when, label=label,
                     extra=StarredRest(count), flow=self)

    def _globals_updated(self, call: ast.Call, name: str, use: ast.AST) -> tuple[Value, ...] | None:
        """`globals().update(PRESETS[TARGET])` at module level: what `name` holds after it, the dict's entry
        when it has that key, else what it held before (each dict it may be, when the file reads all its
        keys); None when a dict may set keys the file cannot read (then it is unknown)."""
        before = self.scope(self.ctx.module).updated.get((id(call), name))
        if before is None:
            return None
        out: list[Value] = []
        for mapping in self.values(call.args[0]):
            entries = self.entries(mapping)[0] if mapping.kind == "dict" else None
            complete = self.entries(mapping)[1] if entries is not None else False
            if entries is None or name not in entries and not complete:
                return None
            kept = tuple(x.under(entries[name].when) for x in entries[name].values()) if name in entries \
                else tuple(x for d in before for x in self.of_def(d, use))
            out.extend(x.named(name).under(mapping.when) for x in kept)
        return bounded(tuple(out)) if out else None

    def _display_turns(self, target: ast.Name, use: ast.AST) -> tuple[Value, ...] | None:
        """`for cfg in [{...}, {...}]:`, read in the loop's body: what `cfg` holds on each turn, each element of
        the display the loop runs over (`_loop_display`), each under its turn when there are several; what a
        generator the project writes yields when the loop runs over one of its calls. None for any other loop,
        or a read after the loop (there the variable holds the last element the loop reached)."""
        loop = self._loop_of(target, use)
        if loop is None:
            return None
        known = self._loop_display(loop)
        if known is None:
            return self._yielded(loop.iter) or self._dict_turns(loop, target, use) or self._appended_items(loop)
        display, flow = known
        if len(display.elts) == 1:
            return flow.values(display.elts[0])
        out: list[Value] = []
        every = self._every_turn_reads(loop, use)
        for i, element in enumerate(display.elts):
            written = flow.text(element)
            turn = _turn(loop, i, target.id, written if len(written) <= MAX_TURN_TEXT else None, use if every else None)
            out.extend(x.under((turn,)) for x in flow.values(element))
        return bounded(tuple(out))

    def _appended_items(self, loop: ast.For | ast.AsyncFor) -> tuple[Value, ...] | None:
        """`hooks = []`, `hooks.append(partial(export, model=model))`, then `for hook in hooks:`: what each
        `append` of the list's own block before the loop adds (an unknown too when the list is read otherwise:
        passed on, it may be filled elsewhere); None for another loop, or a list changed another way."""
        if not isinstance(loop.iter, ast.Name):
            return None
        defs = self.reaching(loop.iter)
        if not defs or len(defs) != 1 or not isinstance(defs[0].node, ast.List) or defs[0].node.elts or defs[0].when:
            return None
        bound = self.ctx.statement_of(defs[0].node)
        place, here = self.ctx.block_place(bound), self.ctx.block_place(self.ctx.statement_of(loop))
        if place is None or here is None or place[0] is not here[0]:
            return None
        name, block, start, end = loop.iter.id, place[0], place[1], here[1]
        appended: list[ast.expr] = []
        other = False
        for load in self.ctx.loads_named(name):
            if load is loop.iter or self.reaching(load) != defs:
                continue
            parent = self.ctx.parents.get(load)
            call = self.ctx.parents.get(parent) if isinstance(parent, ast.Attribute) else None
            if isinstance(parent, ast.Attribute) and parent.attr in MUTATING_METHODS:
                statement = self.ctx.statement_of(load)
                spot = self.ctx.block_place(statement)
                if parent.attr != "append" or not isinstance(call, ast.Call) or len(call.args) != 1 \
                        or spot is None or spot[0] is not block or not start < spot[1] < end:
                    return None  # an `extend`, a `pop`, or an `append` in a branch or after the loop
                appended.append(call.args[0])
            elif self.ctx.statement_of(load) is not self.ctx.statement_of(loop):
                other = True
        if not appended:
            return None
        out = [x for item in appended for x in self.values(item)]
        if other:
            out.append(Value("unknown", loop.iter, flow=self))
        return bounded(tuple(out))

    def _dict_turns(self, loop: ast.For | ast.AsyncFor, target: ast.Name, use: ast.AST) -> tuple[Value, ...] | None:
        """`for name in TABLE:` (or `TABLE.keys()`), `for op in TABLE.values()`: each key (or value) of the one
        dict the loop runs over, under its turn, as `_items_turns` reads `TABLE.items()` (an unknown too when its
        entries may be more); None for any other loop."""
        table, part = loop.iter, "keys"
        if isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute) \
                and loop.iter.func.attr in ("keys", "values") and not loop.iter.args and not loop.iter.keywords:
            table, part = loop.iter.func.value, loop.iter.func.attr
        return self._entry_turns(loop, table, target, target.id, part == "keys", use, shown_values=True)

    def _unpacked_turns(self, target: ast.Name, index: int, use: ast.AST) -> tuple[Value, ...] | None:
        """`for size, name in zip(SIZES, NAMES):` read in the loop's body: the element at `index` of each item of
        the display (or iteration of known sequences) the loop runs over, under that item's turn; None for any
        other loop (`_loop_display`' bounds)."""
        pair = self.ctx.parents.get(target)
        loop = self._loop_of(pair, use) if isinstance(pair, ast.Tuple) else None
        known = self._loop_display(loop) if loop is not None else None
        if loop is None or known is None:
            return None
        display, flow = known
        out: list[Value] = []
        every = self._every_turn_reads(loop, use)
        for i, item in enumerate(display.elts):
            shown = flow.text(item.elts[index]) if isinstance(item, ast.Tuple) and index < len(item.elts) \
                and len(flow.text(item)) <= MAX_TURN_TEXT else None
            turn = _turn(loop, i, target.id if shown is not None else self.text(pair), shown, use if every else None)
            out.extend(y.under((turn,) if len(display.elts) > 1 else ()) for x in flow.values(item)
                       for y in flow.element(x, index))
        return bounded(tuple(out))

    def _captured(self, bound: ast.pattern) -> tuple[Value, ...] | None:
        """What a name a `match` case binds holds: the part of each value of the subject its pattern matches (the
        subject itself, `case {"k": x}`'s entry, `case Cls(attr=x)`'s attribute, `case [x, y]`'s item, or
        `**rest`, the subject's entries but those the pattern names); None when the way down is another (a
        `*rest` of a sequence, a key that is no string constant, a positional class sub-pattern)."""
        steps: list[tuple[str, Any]] = []
        child: ast.AST = bound
        parent = self.ctx.parents.get(bound)
        while isinstance(parent, ast.pattern):
            if isinstance(parent, ast.MatchMapping) and child in parent.patterns:
                key = parent.keys[parent.patterns.index(child)]
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return None
                steps.append(("key", key.value))
            elif isinstance(parent, ast.MatchClass) and child in parent.kwd_patterns:
                steps.append(("attr", parent.kwd_attrs[parent.kwd_patterns.index(child)]))
            elif isinstance(parent, ast.MatchSequence) and child in parent.patterns:
                if any(isinstance(p, ast.MatchStar) for p in parent.patterns):
                    return None
                steps.append(("index", parent.patterns.index(child)))
            elif not isinstance(parent, (ast.MatchAs, ast.MatchOr)):
                return None  # (an alternative or `as` binds the part it is)
            child, parent = parent, self.ctx.parents.get(parent)
        match = self.ctx.parents.get(parent) if isinstance(parent, ast.match_case) else None
        if not isinstance(match, ast.Match) or not isinstance(parent, ast.match_case):
            return None
        held = self._reaching_case(match, parent)
        for step, arg in reversed(steps):
            if step == "key":
                held = tuple(y.under(x.when) for x in held for y in self._entry_values(x, arg, bound))
            elif step == "attr":
                held = tuple(y.under(x.when) for x in held for y in self.attribute(x, arg, bound))
            else:
                held = tuple(y for x in held for y in self.element(x, arg))
        if isinstance(bound, ast.MatchMapping) and bound.rest:
            named = [k.value for k in bound.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            if len(named) < len(bound.keys):
                return None
            held = tuple(self._rest_of(x, named, bound) for x in held)
        return bounded(held) or None

    def _reaching_case(self, match: ast.Match, case: ast.match_case) -> tuple[Value, ...]:
        """The values of the subject that reach `case`: those its pattern may match and no case above matches
        (unguarded) for sure; one its pattern may or may not match holds under the case's condition."""
        out: list[Value] = []
        above = match.cases[:match.cases.index(case)]
        for x in self.values(match.subject):
            matched = self._may_match(case.pattern, x)
            if matched is False or any(c.guard is None and self._may_match(c.pattern, x) is True for c in above):
                continue
            out.append(x if matched else x.under((f"{self.text(match.subject)} matches {self.text(case.pattern)}",)))
        return tuple(out)

    def _may_match(self, pattern: ast.pattern, held: Value) -> bool | None:
        """Whether a case pattern matches a value, as far as literal sub-patterns and a dict's known entries tell:
        None when it cannot tell (a class pattern, a sequence, a value it does not know)."""
        if isinstance(pattern, ast.MatchAs):
            return True if pattern.pattern is None else self._may_match(pattern.pattern, held)
        if isinstance(pattern, ast.MatchOr):
            answers = [self._may_match(p, held) for p in pattern.patterns]
            return True if True in answers else False if all(a is False for a in answers) else None
        if isinstance(pattern, (ast.MatchValue, ast.MatchSingleton)):
            wanted = pattern.value.value if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant) \
                else pattern.value if isinstance(pattern, ast.MatchSingleton) else _MISSING
            if wanted is _MISSING or not isinstance(held.node, ast.Constant) or held.kind not in ("str", "number", "bool", "none"):
                return None
            return held.node.value is wanted if isinstance(pattern, ast.MatchSingleton) else (
                type(held.node.value) is type(wanted) and held.node.value == wanted)
        if isinstance(pattern, ast.MatchClass):
            classes = self.values(pattern.cls)
            if held.kind != "instance" or not _of_local_class(held) or not classes \
                    or any(c.kind != "class" or not isinstance(c.node, ast.ClassDef) for c in classes):
                return None
            if not any(held.extra[0] in self._subclasses(c.node) for c in classes):  # type: ignore[arg-type]
                return False
            if pattern.patterns:
                return None  # (positional sub-patterns follow `__match_args__`)
            answer: bool | None = True
            for attr, sub in zip(pattern.kwd_attrs, pattern.kwd_patterns):
                answers = [self._may_match(sub, y) for y in self.attribute(held, attr, sub)]
                if answers and all(a is False for a in answers):
                    return False
                if not answers or not all(a is True for a in answers):
                    answer = None
            return answer
        if isinstance(pattern, ast.MatchMapping):
            if held.kind != "dict":
                return False if held.kind in ("str", "number", "bool", "none", "list", "tuple", "set") else None
            entries, complete = self.entries(held)
            if entries is None:
                return None
            answer = True
            for key, sub in zip(pattern.keys, pattern.patterns):
                name = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
                entry = entries.get(name) if name is not None else None
                if entry is None:
                    if name is not None and complete:
                        return False
                    answer = None
                    continue
                answers = [self._may_match(sub, y) for y in entry.values()]
                if all(a is False for a in answers):
                    return False
                if entry.when or not all(a is True for a in answers):
                    answer = None
            return answer
        return None

    def _entry_values(self, held: Value, key: str, here: ast.AST) -> tuple[Value, ...]:
        entries, complete = self.entries(held) if held.kind == "dict" else (None, False)
        entry = (entries or {}).get(key)
        if entry is not None:
            return entry.values()
        return (Value("unknown", here, flow=self),)

    def _rest_of(self, held: Value, named: list[str], here: ast.MatchMapping) -> Value:
        """`**rest` of a mapping pattern: a new dict of the subject's entries but the keys the pattern names."""
        entries, complete = self.entries(held) if held.kind == "dict" else (None, False)
        if entries is None or not complete:
            return Value("unknown", here, held.when, flow=self)
        kept = [(k, e) for k, e in entries.items() if k not in named]
        rest = ast.copy_location(ast.Dict(keys=[self.key_at(k, e.value) for k, e in kept],
                                          values=[self._held_at(e.value, e.values()) for _, e in kept]), here)
        rest.end_lineno, rest.end_col_offset = here.end_lineno, here.end_col_offset
        return Value("dict", rest, held.when, flow=self)

    def _comprehension_turns(self, node: ast.Name) -> tuple[Value, ...] | None:
        """`{name: sync(fabric, name, x) for name, x in (("loss", a), ("grad_norm", b))}`: what a comprehension's
        variable (or one it unpacks) holds on each item of the known display it runs over, under that item's
        turn; None for a name no comprehension around it binds, or another iteration."""
        child: ast.AST = node
        parent = self.ctx.parents.get(node)
        while isinstance(parent, (ast.expr, ast.comprehension)):
            if isinstance(parent, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)) \
                    and not any(child is g for g in parent.generators):
                for gen in reversed(parent.generators):
                    names = [t for t in ast.walk(gen.target) if isinstance(t, ast.Name)]
                    if any(t.id == node.id for t in names):
                        every = _every_turn_evaluates(parent, node, self.ctx.parents.get)
                        return self._turns_of(gen, parent, node.id, node if every else None)
            if isinstance(parent, ast.Lambda):
                return None
            child, parent = parent, self.ctx.parents.get(parent)
        return None

    def _turns_of(self, gen: ast.comprehension, comprehension: ast.expr, name: str,
                  every: ast.AST | None = None) -> tuple[Value, ...] | None:
        if isinstance(gen.target, ast.Name):
            index = None
        elif isinstance(gen.target, ast.Tuple) and all(isinstance(t, ast.Name) for t in gen.target.elts):
            index = next(i for i, t in enumerate(gen.target.elts) if t.id == name)  # type: ignore[attr-defined]
        else:
            return None
        known = self._known_display(gen.iter)
        if known is None:
            return self._turns_over_entries(gen, comprehension, name, index, every)
        if any(isinstance(e, ast.Starred) for e in known[0].elts) or not 0 < len(known[0].elts) <= MAX_LOOP_TURNS:
            return None
        display, flow = known
        out: list[Value] = []
        for i, item in enumerate(display.elts):
            element = item if index is None else item.elts[index] if isinstance(item, ast.Tuple) and index < len(item.elts) else None
            shown = flow.text(element) if element is not None and len(flow.text(element)) <= MAX_TURN_TEXT else None
            turn = (f"when {name} is {shown}" if shown is not None
                    else f"when {name} is from item {i + 1} of the comprehension at line {comprehension.lineno}")
            turn = EveryTurn(turn, comprehension, every, self.ctx.parents) if every is not None else turn
            held = flow.values(item) if index is None else tuple(y for x in flow.values(item) for y in flow.element(x, index))
            out.extend(y.under((turn,) if len(display.elts) > 1 else ()) for y in held)
        return bounded(tuple(out))

    def _turns_over_entries(self, gen: ast.comprehension, comprehension: ast.expr, name: str, index: int | None,
                            every: ast.AST | None) -> tuple[Value, ...] | None:
        """`{name: reduce_metric(fabric, name, v) for name, v in logged.items()}` over a dict known whole (its
        `.items()`, `.keys()`, `.values()`, or the dict itself: its keys): what the variable holds on each entry,
        under that entry's turn; None for another iteration, or a dict not known whole on every path."""
        source, part = gen.iter, "keys"
        if isinstance(gen.iter, ast.Call) and isinstance(gen.iter.func, ast.Attribute) and not gen.iter.args \
                and not gen.iter.keywords and gen.iter.func.attr in ("items", "keys", "values"):
            source, part = gen.iter.func.value, gen.iter.func.attr
        if (part == "items") != (index is not None) or index is not None and index > 1:
            return None
        held = self.plain_run(self.values(source))
        if len(held) != 1 or held[0].kind != "dict" or held[0].when:
            return None
        flow = held[0].flow or self
        entries, complete = flow.entries(held[0])
        if not entries or not complete or len(entries) > MAX_LOOP_TURNS or any(e.when for e in entries.values()):
            return None
        out: list[Value] = []
        for key, entry in entries.items():
            turn: str = f"when {name} is {key!r}"
            turn = EveryTurn(turn, comprehension, every, self.ctx.parents) if every is not None else turn
            keyed = (flow.values(entry.node) if isinstance(entry.node, ast.Constant) and entry.node.value == key
                     else (Value("str", _Member(entry.node, key), flow=flow),))  # type: ignore[arg-type]
            values = entry.values() if part == "values" or index == 1 else keyed
            out.extend(y.under((turn,) if len(entries) > 1 else ()) for y in values)
        return bounded(tuple(out))

    def _every_turn_reads(self, loop: ast.For | ast.AsyncFor, use: ast.AST) -> bool:
        """Every turn of `loop` runs `use`: it sits in a statement of the loop's own body (or in an item of a
        `with` statement there), outside any conditional part of it (`_every_turn_evaluates`), and nothing in
        the body leaves a turn or the loop early (`break`, `continue`, `return`, `raise`, a `yield` that may
        never resume)."""
        statement = next((s for s in loop.body if self.ctx.within(use, s)), None)
        if isinstance(statement, (ast.With, ast.AsyncWith)):  # its items are evaluated each time it runs
            item = next((i.context_expr for i in statement.items if self.ctx.within(use, i.context_expr)), None)
            if item is None or item is not use and not _every_turn_evaluates(item, use, self.ctx.parents.get):
                return False
        elif statement is None or isinstance(statement, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try,
                                                          ast.Match, ast.FunctionDef, ast.AsyncFunctionDef,
                                                          ast.ClassDef)) \
                or not _every_turn_evaluates(statement, use, self.ctx.parents.get):
            return False
        leaves = (ast.Break, ast.Continue, ast.Return, ast.Raise, ast.Yield, ast.YieldFrom, ast.Await)
        return not any(isinstance(n, leaves) for s in loop.body for n in walk(s))  # (a nested def's too: cautious)

    def _loop_of(self, target: ast.AST | None, use: ast.AST | None = None) -> ast.For | ast.AsyncFor | None:
        """The `for` loop whose variable is `target` (a name, or the tuple of names it unpacks), when `use` (if
        given) is read in its body."""
        loop = self.ctx.parents.get(target) if target is not None else None
        if not isinstance(loop, (ast.For, ast.AsyncFor)) or loop.target is not target \
                or use is not None and not any(self.ctx.within(use, stmt) for stmt in loop.body):
            return None
        return loop

    def _loop_display(self, loop: ast.For | ast.AsyncFor,
                      most: int | None = MAX_LOOP_TURNS) -> tuple[ast.Tuple | ast.List, Flow] | None:
        """The tuple or list display `loop` runs over (`_known_display`) with the flow that reads it, each
        element a turn; None for another iteration, a starred element, or (given `most`, the bound of the turns
        a value holds under) an empty display or one of more than `most` elements."""
        known = self._known_display(loop.iter)
        if known is None or any(isinstance(e, ast.Starred) for e in known[0].elts) \
                or most is not None and not 0 < len(known[0].elts) <= most:
            return None
        return known

    def _yielded(self, call: ast.expr) -> tuple[Value, ...] | None:
        """`for cfg in sweep():` of a generator function the project writes: what its `yield`s give, each with
        its own conditions (a `yield` inside a loop over known items, once per item); None for any other
        iteration, a `yield from`, or a generator the layer cannot tell."""
        if not isinstance(call, ast.Call):
            return None
        funcs = self.values(call.func)
        if len(funcs) != 1 or funcs[0].kind != "function" or funcs[0].extra is not None \
                or not isinstance(funcs[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not self.ctx.is_generator(funcs[0].node):
            return None
        func, flow = funcs[0].node, funcs[0].flow or self
        yields = [n for n in ast.walk(func) if isinstance(n, (ast.Yield, ast.YieldFrom))
                  and flow.ctx.enclosing_function(n) is func]
        if any(isinstance(y, ast.YieldFrom) for y in yields):
            return None
        out = [x for y in yields for x in (flow.values(y.value) if y.value is not None else (Value("none", y, flow=flow),))]
        return bounded(tuple(out)) if out else None

    def _entered(self, target: ast.Name) -> tuple[Value, ...] | None:
        """`with tpu_fabric() as fabric:` of a generator function the project writes under
        `@contextlib.contextmanager`: what its `yield`s give (`_yielded`); None for any other context manager,
        whose `__enter__` may return anything."""
        item = self.ctx.parents.get(target)
        if not isinstance(item, ast.withitem) or item.optional_vars is not target or not isinstance(item.context_expr, ast.Call):
            return None
        funcs = self.values(item.context_expr.func)
        if len(funcs) != 1 or not isinstance(funcs[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        owner = (funcs[0].flow or self).ctx
        if not any(owner.resolve(d) in CONTEXT_MANAGER_DECORATORS for d in funcs[0].node.decorator_list):
            return None
        return self._yielded(item.context_expr)

    def _items_turns(self, target: ast.Name, index: int, use: ast.AST) -> tuple[Value, ...] | None:
        """`for name, op in d.items()`: what `name` (index 0) or `op` (index 1) holds on some turn, the key or
        the value of each entry of the one dict `d` holds (an unknown too when its entries may be more), each
        under its turn when the entries are known whole (`when name is 'loss'`, one condition for both names:
        an `EveryTurn` when every turn runs `use`); None for any other loop."""
        pair = self.ctx.parents.get(target)
        loop = self.ctx.parents.get(pair)
        if not isinstance(pair, ast.Tuple) or len(pair.elts) != 2 or not isinstance(loop, (ast.For, ast.AsyncFor)) \
                or loop.target is not pair or index not in (0, 1):
            return None
        items = loop.iter
        if not (isinstance(items, ast.Call) and isinstance(items.func, ast.Attribute) and items.func.attr == "items"
                and not items.args and not items.keywords):
            return None
        key_name = pair.elts[0].id if isinstance(pair.elts[0], ast.Name) else None
        return self._entry_turns(loop, items.func.value, target, key_name, index == 0, use)

    def _entry_turns(self, loop: ast.For | ast.AsyncFor, table: ast.expr, target: ast.Name, name: str | None,
                     keys: bool, use: ast.AST, shown_values: bool = False) -> tuple[Value, ...] | None:
        """The keys (or the values) of the one dict `table` holds, as a loop over it gives them to `target`: each
        under its turn (`when name is 'loss'`, named by the key, or by the value's text with `shown_values`) when
        the entries are known whole and a variable `name` tells the turns apart, an `EveryTurn` when every turn
        runs `use`; an unknown too when its entries may be more; None when `table` holds no one dict."""
        held = self.plain_run(self.values(table))
        if len(held) != 1 or held[0].kind != "dict":
            return None
        entries, complete = self.entries(held[0])
        if not entries:
            return None
        out: list[Value] = []
        turned = complete and name is not None and 1 < len(entries) <= MAX_LOOP_TURNS
        every = use if turned and self._every_turn_reads(loop, use) else None
        for i, (key, entry) in enumerate(entries.items()):
            written = entry.flow.text(entry.value) if shown_values and not keys else repr(key)
            shown = written if not shown_values or len(written) <= MAX_TURN_TEXT else None
            when = (*entry.when, _turn(loop, i, name, shown, every)) if turned else entry.when  # type: ignore[arg-type]
            if keys:
                out.append(Value("str", ast.copy_location(ast.Constant(key), entry.node), when, flow=self))
            else:
                out.extend(x.under(when) for x in entry.values())
        if not complete:
            out.append(Value("unknown", target, flow=self))
        return bounded(tuple(out))

    def _grown(self, d: Def, values: tuple[Value, ...], use: ast.AST) -> tuple[Value, ...]:
        """`layers = []` and then `layers.append(Block)` (in a loop, a branch, even after the read: the
        strategy holds the list itself): an empty list or set the variable's own methods fill may be empty
        or not; filled ("filled": not empty) when an `append`/`add` runs on every path before `use`."""
        if d.label is None or not any(v.kind in ("list", "set") and v.truthy is False for v in values):
            return values
        grows = [call for method in GROWERS for call in self.ctx.method_calls_on(method, d.label)
                 if isinstance(receiver := call.func.value, ast.Name)  # type: ignore[attr-defined]  # a method call
                 and any(x.node is d.node for x in self.reaching(receiver) or ())]
        if not grows:
            return values
        emptied = any(self.ctx.method_calls_on(method, d.label) for method in ("clear", "pop", "remove", "discard"))
        filled = not emptied and any(self._fills_before(d, call, use) for call in grows)
        return tuple(replace(v, extra="filled" if filled else "grown") if v.kind in ("list", "set") and v.truthy is False
                     else v for v in values)

    def _fills_before(self, d: Def, call: ast.Call, use: ast.AST) -> bool:
        """`call` (`layers.append(x)` or `.add(x)`) runs on every path from the binding to `use`: a statement of
        the binding's own block after it, or of the body of a `for` there (no `break`, `continue` before it)
        over items that are known not to be empty, and `use` comes after it."""
        if not isinstance(call.func, ast.Attribute) or call.func.attr not in ("append", "add", "insert") or d.node is None:
            return False
        statement = self.ctx.parents.get(call)
        if not isinstance(statement, ast.Expr):
            return False
        loop = self.ctx.parents.get(statement)
        if isinstance(loop, ast.For) and statement in loop.body:
            before = loop.body[:loop.body.index(statement)]
            if any(isinstance(n, (ast.Break, ast.Continue)) for s in before for n in ast.walk(s)) or not self._not_empty(loop.iter):
                return False
            statement = loop
        place, runs = self.ctx.block_place(self.ctx.statement_of(d.node)), self.ctx.block_place(statement)
        return place is not None and runs is not None and place[0] is runs[0] and place[1] < runs[1] \
            and getattr(use, "lineno", 0) > (statement.end_lineno or statement.lineno)

    def _not_empty(self, iterable: ast.expr) -> bool:
        """A `for` over it runs at least once: its items are known and there are some, or each value it holds is
        a non-empty container; `enumerate(x)`, `zip(x, y)`, `sorted(x)`, `x.items()` as those they run over."""
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) \
                and iterable.func.id in ("enumerate", "zip", "sorted", "reversed", "list", "tuple") \
                and self.reaching(iterable.func) is None and iterable.args:
            return all(self._not_empty(a) for a in (iterable.args if iterable.func.id == "zip" else iterable.args[:1]))
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) \
                and iterable.func.attr in ("items", "keys", "values") and not iterable.args:
            iterable = iterable.func.value
        items = self._known_items(iterable)
        if items is not None:
            return bool(items)
        held = self.values(iterable)
        return bool(held) and all(v.kind in (*ELEMENT_KINDS, "dict", "str") and v.truthy is True for v in held)

    def _updated_in_place(self, d: Def, values: tuple[Value, ...]) -> tuple[Value, ...]:
        """`kwargs = base_kwargs()` (a helper's dict, a base class's through `super()`), then `kwargs.update(...)`,
        `kwargs["k"] = v` or `kwargs.pop("k")`: the returned dict as this variable holds it, its entries then
        the variable's own stores (read as a copy's are, `_copied`)."""
        call, name = d.node, d.label
        if not isinstance(call, ast.Call) or name is None \
                or not any(v.kind == "dict" and v.node is not call for v in values):
            return values
        stored = any(isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
                     and self._same_dict(c.func.value, call)
                     for method in ("update", "setdefault") for c in self.ctx.method_calls_on(method, name)) \
            or any(isinstance(t.value, ast.Name) and t.value.id == name and self._same_dict(t.value, call)
                   for _, t in self.ctx.subscript_stores(name)) \
            or bool(self._removals(call, name)) or bool(self._clears(call, name))
        if not stored:
            return values
        return tuple(Value("dict", call, v.when, extra=replace(v, when=()), flow=self) if v.kind == "dict"
                     and v.node is not call else v for v in values)

    def _imported(self, d: Def, use: ast.AST) -> tuple[Value, ...]:
        qualified = self.ctx.resolve(use) if isinstance(use, ast.Name) else None
        project = self.ctx.project
        if project is not None and d.node is not None:
            elsewhere = project.imported(self, d.node, d.label, use)
            if elsewhere is not None:
                return elsewhere
        return (_external(qualified or (d.label or ""), use, self),)

    # parameters
    def parameter(self, arg: ast.arg) -> tuple[Value, ...]:
        func = self.ctx.scope_of(arg)
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return (Value("unknown", arg, flow=self),)
        positional = [*func.args.posonlyargs, *func.args.args]
        cls = self._method_class(func)
        if cls is not None and positional and arg is positional[0] and not _is_static(func):
            if _is_classmethod(func):
                return self._cls_of(cls, func)
            return self._self_of(cls, func)
        sites = list(self.call_sites(func))
        per_entry = [site for site in sites if self._per_entry(site[0], func)]
        if per_entry and len(per_entry) < len(sites):
            # a recursive call for each entry of a dict comprehension (`_namespace(v)` for each entry of `tree`) is
            # evaluated per entry, where the comprehension is read (`_EntryFlow`); the others give the parameter
            sites = [site for site in sites if site not in per_entry]
        if arg is func.args.kwarg:
            if not sites and not isinstance(func, ast.Lambda):  # `FinetuneTrainer(strategy=...)` in train.py
                elsewhere = self._passed_elsewhere(func, arg)
                if elsewhere:
                    return elsewhere
            return self._extra_keywords(func, sites)
        if not sites and not isinstance(func, ast.Lambda):
            elsewhere = self._passed_elsewhere(func, arg)
            if elsewhere:
                return elsewhere
        out: list[Value] = []
        many = len(sites) > 1
        # a `@singledispatch` implementation's first parameter: of what a call passes, what picks this one
        dispatched = positional[int(cls is not None):][:1] == [arg] and idioms.registration(self, func) is not None
        for call, bound_self, when in sites:
            cond = (*when, f"{CALLED_AT}{call.lineno}") if many else when
            passed = self.passed(func, arg, call, bound_self, cond)
            out.extend(idioms.given(self, func, passed) if dispatched else passed)
        if not sites:
            return (Value("unknown", arg, flow=self),)
        return tuple(out)

    def _passed_elsewhere(self, func: ast.FunctionDef | ast.AsyncFunctionDef, arg: ast.arg) -> tuple[Value, ...]:
        """What the calls the project's other modules write pass for `arg`, when this file never calls
        `func`: a function of the module's top level (`build(fabric)` in train.py), the `__init__` of a
        class it defines there (`Trainer(fabric, cfg)`), another method of one (`trainer.fit(net)`,
        `fabric.call("on_before_optimizer_step", ...)` reaching an instance of it). Each call is read in
        its own module, which evaluates what it passes (a Fabric launched there)."""
        project = self.ctx.project
        found = self._sites_elsewhere(func)
        if project is None or found is None:
            return ()
        asking, sites, homes = found
        out: list[Value] = []
        project.asking_callers.append(asking)
        try:
            for there, twin_func, call, bound_self in sites:
                twin_arg = _same_parameter(func, twin_func, arg)  # type: ignore[arg-type]
                if twin_arg is None:
                    return ()
                # which call passes it: a condition the values written in that call's own arguments always meet,
                # and a finding on them is reported there (the use in this module is told apart by the others)
                own = (f"{CALLED_AT}{call.lineno} of {there.origin_name}",) if len(sites) > 1 else ()
                out.extend(there.passed(twin_func, twin_arg, call, bound_self, (), homes.get(id(twin_func)), own))
        finally:
            project.asking_callers.pop()
        return tuple(out)

    def arguments_elsewhere(self, func: ast.FunctionDef | ast.AsyncFunctionDef,
                            arg: ast.arg) -> list[tuple[Flow, ast.expr]] | None:
        """The expressions the calls of other modules (`_passed_elsewhere`) write for `arg`, each with the flow
        of its module: where a value passed in is given (`fabric.call("on_train_batch_end", model=net)`).
        None when some call gives none the file shows (a default, `**kwargs`), or none is read."""
        found = self._sites_elsewhere(func)
        if found is None or not found[1]:
            return None
        out: list[tuple[Flow, ast.expr]] = []
        for there, twin_func, call, bound_self in found[1]:
            twin_arg = _same_parameter(func, twin_func, arg)  # type: ignore[arg-type]
            given = argument_for(twin_func, twin_arg, call, bound_self) if twin_arg is not None else None
            if not isinstance(given, ast.expr) or isinstance(given, ast.Starred):
                return None
            out.append((there, given))
        return out

    def _sites_elsewhere(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[
            tuple[str, str], list[tuple[Flow, ast.AST, ast.Call, bool]], dict[int, Flow]] | None:
        """The calls of `func` that `_passed_elsewhere` reads (module, twin function, call, `self` bound), with
        the key its callers are asked under and each twin's home flow; None when they are not read."""
        project = self.ctx.project
        cls = self._method_class(func)
        top = cls if cls is not None else func
        if project is None or not self.with_callers or not isinstance(self.ctx.parents.get(top), ast.Module):
            return None
        asking = (self.origin or self.ctx.doc.path or "", top.name)
        if asking in project.asking_callers or len(project.asking_callers) >= MAX_CALLER_HOPS:
            return None
        readers = self._readers_of(top.name, func.name if cls is not None and func.name != "__init__" else None)
        sites: list[tuple[Flow, ast.AST, ast.Call, bool]] = []
        homes: dict[int, Flow] = {}  # by the twin function: the flow that reads its tree (its defaults)
        for there in readers or ():
            read = _twin_read(there, top, self.ctx.doc.path)
            if read is None:
                if cls is None and self._handed_on(func):  # never named there: called through a container or a loop
                    sites.extend(self._called_through_elsewhere(there, func, homes))  # (`HOOKS[name](...)`)
                continue
            home, twin = read
            if not isinstance(twin, ast.ClassDef):
                homes[id(twin)] = home
                sites.extend((there, twin, call, bound) for call, bound, _ in there.call_sites(twin))
                continue
            method = next((m for m in twin.body if isinstance(m, type(func)) and m.name == func.name), None)
            if method is None:
                continue
            homes[id(method)] = home
            derived = there._derived_from(twin)
            keeping = [twin, *(k for k in derived if there._defining_class(k, func.name) is None)]  # not overridden
            if func.name == "__init__":
                sites.extend((there, method, call, True) for k in keeping for call in there.constructions(k))
                for call, receiver in there.ctx.spelled_method_calls("__init__"):  # `super().__init__(fabric)` in a subclass
                    caller = there.ctx.enclosing_function(call)
                    owner = there._method_class(caller) if caller is not None else None
                    if isinstance(receiver, ast.Call) and source_text(receiver.func) == "super" and owner in derived:
                        sites.append((there, method, call, True))
                continue
            static, on_class = _is_static(func), _is_static(func) or _is_classmethod(func)
            for call, receiver in there.ctx.spelled_method_calls(func.name):
                if any(x.kind == "instance" and x.extra[0] in keeping or on_class and x.kind == "class"
                       and x.node in keeping for x in there.values(receiver)):  # `Strategy.from_config(cfg)`
                    sites.append((there, method, call, not static))
            sites.extend((there, method, call, True) for call in there._dispatched(twin, func.name, built_here=False))
            # `fabric.launch(Trainer(...).fit)` there: the bound method called back with the receiver as `self`
            sites.extend((there, method, call, True) for call in there._bound_called_back(method))
        if cls is not None and func.name != "__init__" and not _is_static(func) and not _is_classmethod(func):
            # where a module imports a subclass another module writes (`fabric.launch(SolubilityTrainer(...).fit)`)
            for there in self._readers_of(top.name) or ():
                read = _twin_read(there, top, self.ctx.doc.path)
                if read is not None and isinstance(read[1], ast.ClassDef):
                    sites.extend(self._called_back_through_subclasses(there, there._derived_from(read[1]), func, homes))
            sites.extend(self._dispatched_through_subclasses(cls, func, homes))
            if not sites and any(self.ctx.enclosing_function(c) is not None for c in self.constructions(cls)):
                sites.extend(self._dispatched_unnamed(cls, func, homes))  # (built by a factory of the module)
        if cls is not None and func.name == "__call__":
            sites.extend(self._instances_called_elsewhere(cls, func, homes))
        if len(sites) > MAX_CONTEXTS:
            return None
        return asking, sites, homes

    def _instances_called_elsewhere(self, cls: ast.ClassDef, func: ast.FunctionDef | ast.AsyncFunctionDef,
                                    homes: dict[int, Flow]) -> list[tuple[Flow, ast.AST, ast.Call, bool]]:
        """The calls that run `func`, the `__call__` of `cls`, through an instance other modules hold: built at
        the top level of this module or of one that reads the class (`setup_model = ModelSetup(lr=1e-3)` in
        recipe.py) and called there, or in a module importing it (`setup_model(fabric, net)` in train.py, by
        an alias or as `recipe.setup_model(...)` too). No module spells `__call__`: the instance's name is
        followed, one import from where it is built. Each site with `func` as its own twin, read here."""
        sites: list[tuple[Flow, ast.AST, ast.Call, bool]] = []
        holders: list[tuple[Flow, list[ast.ClassDef]]] = [(self, self._subclasses(cls))]
        for there in self._readers_of(cls.name) or ():
            read = _twin_read(there, cls, self.ctx.doc.path)
            if read is not None and isinstance(read[1], ast.ClassDef):
                holders.append((there, [read[1], *there._derived_from(read[1])]))
        for there, classes in holders:
            names = [t.id for k in classes for call in there.constructions(k)
                     if isinstance(bound := there.ctx.parents.get(call), ast.Assign)
                     and isinstance(there.ctx.parents.get(bound), ast.Module)
                     for t in bound.targets if isinstance(t, ast.Name)]
            readers = [(there, name) for name in names] if there is not self else []  # (this module's own: call_sites)
            readers += [(far, name) for name in dict.fromkeys(names) for far in there._readers_of(name) or ()]
            for far, name in readers:
                for call in far._calls_of_imported(name):
                    if any(x.kind == "instance" and _runs_at(x, func, cls.name) for x in far.values(call.func)):
                        sites.append((far, func, call, True))
        if sites:
            homes[id(func)] = self
        return sites

    def _calls_of_imported(self, name: str) -> list[ast.Call]:
        """Calls of the name a module binds at its top level, here: `name(...)`, `alias(...)` after
        `from m import name as alias`, `m.name(...)`."""
        spellings = {name, *(a.asname for node in self.ctx.nodes(ast.ImportFrom) for a in node.names
                             if a.name == name and a.asname)}
        return [*(c for s in spellings for c in self.ctx.calls_by_name(s)), *self.ctx.module_function_calls(name)]

    def _handed_on(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`func` may reach another module other than by its name: it is decorated (a registry's decorator keeps
        it), or the module reads its name other than to call it (`HOOKS = {"clip": clip}`)."""
        return bool(func.decorator_list) or any(
            not (isinstance(call := self.ctx.parents.get(load), ast.Call) and call.func is load)
            for load in self.ctx.loads_named(func.name))

    def _called_through_elsewhere(self, there: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef,
                                  homes: dict[int, Flow]) -> list[tuple[Flow, ast.AST, ast.Call, bool]]:
        """The calls of `func` another module makes without naming it: through an entry of a container this
        module fills (`HOOKS[name](fabric, ...)` of a registry a decorator fills), a loop's variable, an alias
        (`_calls_through`), each with the twin of `func` that module's reading has, noted in `homes`."""
        found: dict[int, tuple[Flow, ast.AST, ast.Call, bool]] = {}
        for calls in there._calls_through()[0].values():
            for call in calls:
                for x in there.callees(call.func):
                    if x.kind == "function" and x.flow is not None and x.node is not None \
                            and x.is_read_from(func, self.ctx.doc.path):
                        homes[id(x.node)] = x.flow
                        found.setdefault(id(call), (there, x.node, call, False))
        return list(found.values())

    def _dispatched_unnamed(self, cls: ast.ClassDef, func: ast.FunctionDef | ast.AsyncFunctionDef,
                            homes: dict[int, Flow]) -> list[tuple[Flow, ast.AST, ast.Call, bool]]:
        """The calls other modules make of `func`, a method of `cls`, through a method a pack says dispatches by
        name (`fabric.call("on_train_epoch_end", ...)`), reaching an instance of `cls` that a function of this
        module builds for them (`Fabric(callbacks=default_callbacks(cfg))`): the modules never name the class,
        only the hook. Each site as `_passed_elsewhere` reads it, the method's twin noted in `homes`."""
        path = self.origin or self.ctx.doc.path
        sites: list[tuple[Flow, ast.AST, ast.Call, bool]] = []
        for there in self._readers_of(func.name) or ():
            for dispatcher in there.ctx.tips.dispatchers:
                for call, receiver in there.ctx.spelled_method_calls(dispatcher):
                    if not (call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value == func.name):
                        continue
                    reached = [x for r in there.values(receiver) for x in there.ctx.tips.dispatched_to(there, dispatcher, r)]
                    for x in reached:
                        twin = x.extra[0] if x.kind == "instance" and isinstance(x.extra, tuple) else None
                        if not isinstance(twin, ast.ClassDef) or x.flow is None or not Value("class", twin, flow=x.flow).is_read_from(cls, path):
                            continue
                        method = next((m for m in twin.body if isinstance(m, type(func)) and m.name == func.name), None)
                        if method is None:
                            continue
                        homes[id(method)] = x.flow
                        sites.append((there, method, _Dispatched(call), True))
        return sites

    def _called_back_through_subclasses(self, there: Flow, derived: list[ast.ClassDef],
                                        func: ast.FunctionDef | ast.AsyncFunctionDef,
                                        homes: dict[int, Flow]) -> list[tuple[Flow, ast.AST, ast.Call, bool]]:
        """The call-backs of `func` (`fabric.launch(SolubilityTrainer(...).fit)`) in the modules that import a
        subclass `there` writes at its top level and that inherits `func`: one import further than the class's own
        readers. Each with the method as that module reads it (this def, by its place), noted in `homes`."""
        sites: list[tuple[Flow, ast.AST, ast.Call, bool]] = []
        for sub in derived:
            if not isinstance(there.ctx.parents.get(sub), ast.Module) or there._defining_class(sub, func.name) is not None:
                continue  # (a subclass that overrides it runs its own)
            for far in there._readers_of(sub.name, func.name) or ():
                for name in far.ctx.tips.callbacks:
                    for call, _ in far.ctx.spelled_method_calls(name):
                        if not call.args or not isinstance(call.args[0], ast.Attribute) or call.args[0].attr != func.name:
                            continue
                        for x in far.values(call.args[0]):
                            if x.kind == "function" and x.flow is not None and x.node is not None \
                                    and x.is_read_from(func, self.ctx.doc.path):
                                homes[id(x.node)] = x.flow
                                sites.extend((far, x.node, back, True) for back in far._bound_called_back(x.node))
        return sites

    def _dispatched_through_subclasses(self, cls: ast.ClassDef, func: ast.FunctionDef | ast.AsyncFunctionDef,
                                       homes: dict[int, Flow]) -> list[tuple[Flow, ast.AST, ast.Call, bool]]:
        """The calls other modules make of `func`, a method of `cls` (a mixin) that a subclass of this module
        inherits (`class PeriodicCheckpoint(CheckpointMixin, Callback)` with no `on_train_batch_end` of its own),
        through a method a pack says dispatches by name (`fabric.call("on_train_batch_end", ...)` reaching
        `Fabric(callbacks=[PeriodicCheckpoint(every=2)])`): the modules importing the subclass never name
        the mixin. Each site as `_passed_elsewhere` reads it, the method's twin noted in `homes`."""
        sites: list[tuple[Flow, ast.AST, ast.Call, bool]] = []
        for sub in self._subclasses(cls)[1:]:
            if not isinstance(self.ctx.parents.get(sub), ast.Module) or self._defining_class(sub, func.name) is not cls:
                continue
            for there in self._readers_of(sub.name, func.name) or ():
                read = _twin_read(there, sub, self.ctx.doc.path)
                twin = read[1] if read is not None else None
                if read is None or not isinstance(twin, ast.ClassDef):
                    continue
                home = read[0]
                owner = home._defining_class(twin, func.name)  # the mixin as that module's reading has it
                method = next((m for m in owner.body if isinstance(m, type(func)) and m.name == func.name),
                              None) if owner is not None else None
                if method is None or (method.lineno, method.col_offset) != (func.lineno, func.col_offset):
                    continue
                homes[id(method)] = home
                sites.extend((there, method, call, True)
                             for call in there._dispatched(twin, func.name, built_here=False, exactly=True))
        return sites

    def _self_of(self, cls: ast.ClassDef, method: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> tuple[Value, ...]:
        """`self` in a method of `cls`: an instance of each class the file builds that runs this method (a
        subclass that does not override it), each under its own condition when there are several; an
        instance of `cls` as written when the file builds none."""
        name = getattr(method, "name", "")
        built = [k for k in self._subclasses(cls) if self.constructions(k) and (
            self._defining_class(k, name) is cls or self._extends_through_super(k, cls, name))]
        if sum(len(self.constructions(k)) for k in built) > 1:
            received = self._receivers(cls, method)  # `preset.build()`: the instance the call runs it on
            if received is not None:
                return received
        if not built or built == [cls]:
            return (Value("instance", None, label="self", extra=(cls, None), flow=self),)
        when = len(built) > 1
        return tuple(Value("instance", None, (f"self is a {k.name}",) if when else (), label="self", extra=(k, None),
                           flow=self) for k in built)

    def _extends_through_super(self, klass: ast.ClassDef, cls: ast.ClassDef, name: str) -> bool:
        """`klass` runs `cls`'s `name` through its own override's `super().name(...)` (`return {**super().state(),
        "ema": self.ema}`): the override's class derives directly from a class that resolves `name` to `cls`."""
        override = self._defining_class(klass, name)
        if override is None or override is cls:
            return False
        method = next((m for m in override.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name), None)
        if method is None or not any(
                isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.value, ast.Call)
                and isinstance(n.value.func, ast.Name) and n.value.func.id == "super" and not n.value.args for n in walk(method)):
            return False
        return any(self._defining_class(base, name) is cls for base in self.local_bases(override))

    def _cls_of(self, cls: ast.ClassDef, method: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> tuple[Value, ...]:
        """`cls` in a classmethod of `cls`: the class each call runs it on, when this module and the modules
        that name the class or a subclass call it only on those classes (`MixedExperiment.fabric()` runs the
        base's method with `cls.PRECISION` the subclass's), each under its own condition when there are several;
        `cls` itself when a use is not known (the method passed on or read in code the check did not read,
        called on what the layer cannot tell, or read by another module while callers are not read)."""
        written = (Value("class", cls, label=cls.name, qualified=cls.name, flow=self),)
        name = getattr(method, "name", "")
        if not name or name.startswith("__") or not self.ctx.reads_every_use_of(name) \
                or len(self.ctx.attribute_loads(name)) != len(self.ctx.written_method_calls(name)):
            return written
        classes: dict[int, ast.ClassDef] = {}
        sites = [(self, call) for call in self.ctx.written_method_calls(name)]
        path = self.origin or self.ctx.doc.path
        if self.ctx.project is not None and isinstance(self.ctx.parents.get(cls), ast.Module):
            for k in self._subclasses(cls):  # the modules that call it on the class or a subclass (train.py's
                readers = self._readers_of(k.name, name)  # `AmpExperiment.build_fabric()`), read there
                if readers and not self.with_callers:
                    return written
                sites += [(there, call) for there in readers or () for call in there.ctx.written_method_calls(name)]
        for there, call in sites:
            through_super = self._super_classmethod_classes(cls, call) if there is self else None
            if through_super is not None:  # `super().from_config(...)` in a subclass's classmethod: its `cls`
                classes.update((id(k), k) for k in through_super)
                continue
            for x in there.values(call.func.value):  # type: ignore[attr-defined]  # a method call: `<receiver>.<name>(...)`
                klass = x.node if x.kind == "class" else x.extra[0] if x.kind == "instance" and isinstance(x.extra, tuple) else None
                if isinstance(klass, ast.ClassDef) and x.flow is not self and isinstance(self.ctx.parents.get(cls), ast.Module):
                    klass = next((k for k in self._subclasses(cls) if x.is_read_from(k, path)), None)  # (its tree)
                elif x.flow is not self:
                    klass = None
                if not isinstance(klass, ast.ClassDef):
                    return written
                defining = self._defining_class(klass, name)
                if defining is not cls:
                    if defining is None or defining is not klass:
                        return written
                    continue  # `SmokeTestRunner.from_config(...)` runs the subclass's own (which may call this one
                    # through `super()`: that call is a site of its own)
                classes[id(klass)] = klass
        if not classes:
            return written
        when = len(classes) > 1
        return tuple(Value("class", k, (f"cls is {k.name}",) if when else (), label=k.name, qualified=k.name, flow=self)
                     for k in classes.values())

    def _super_classmethod_classes(self, cls: ast.ClassDef, call: ast.Call) -> list[ast.ClassDef] | None:
        """`super().from_config(...)` in a classmethod of a subclass of `cls` whose one base's `from_config` is
        `cls`'s: the classes `cls` holds in that classmethod, which the call passes on (`SmokeTestRunner`, whose
        class attributes the base's method then reads). None for another call."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        if not (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super"
                and not receiver.args and self.reaching(receiver.func) is None):
            return None
        caller = self.ctx.enclosing_function(call)
        owner = self._method_class(caller) if caller is not None else None
        if caller is None or owner is None or owner is cls or not _is_classmethod(caller):
            return None
        bases = self.local_bases(owner)
        assert isinstance(call.func, ast.Attribute)  # (its receiver was read above)
        if len(bases) != 1 or len(owner.bases) != 1 or self._defining_class(bases[0], call.func.attr) is not cls:
            return None
        found = [x.node for x in self._cls_of(owner, caller) if x.kind == "class" and isinstance(x.node, ast.ClassDef)]
        return found or None

    def _receivers(self, cls: ast.ClassDef, method: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> tuple[Value, ...] | None:
        """`self` in a plain method the module only calls on receivers it knows (`preset.build()`,
        `StrategyPreset.named(name).build()`): each instance those receivers hold that runs this method, as
        its construction built it (several: each under its class, or the line that built it), not every construction of the
        class. What another run picks (`PRESETS[os.environ["PRESET"]]()`) is that run's. None when a use of
        the method cannot be told: a receiver the layer cannot tell, or one that is `self` of a method called
        for every construction, the method read otherwise than called (passed on, dispatched by name), a use
        in code the check did not read or in another module of the project."""
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name.startswith("__") \
                or method.decorator_list or not self.ctx.reads_every_use_of(method.name) \
                or any(self._dispatched(cls, method.name)):
            return None
        if self.ctx.project is not None and isinstance(self.ctx.parents.get(cls), ast.Module) \
                and self._readers_of(cls.name, method.name):
            return None
        found: dict[int, list[Value]] = {}  # by construction
        for load in self.ctx.attribute_loads(method.name):
            call = self.ctx.parents.get(load)
            if not isinstance(call, ast.Call) or call.func is not load or self.ctx.within(call, method):
                return None
            for x in self.values(load.value):
                if x.extra == SET_BY_THE_RUN:
                    continue
                if x.kind == "unknown" or x.kind == "class" and isinstance(x.node, ast.ClassDef) \
                        and self._defining_class(x.node, method.name) is cls:
                    return None  # `Preset.build(obj)`: any object
                if x.kind != "instance":
                    continue  # another kind of object: not this method's
                if x.flow is None or x.flow.base is not self.base:
                    if x.extra[0].name == cls.name:
                        return None  # built by another module
                    continue
                if not self._runs_method_of(x, cls, method.name):
                    continue
                if x.extra[1] is None:
                    return None  # `self.build()` in a method read for every construction
                found.setdefault(id(x.extra[1]), []).append(x)
        if not found:
            return None
        # one value a construction, under any of the conditions it is a receiver under
        held = [replace(xs[0], label="self", when=either(x.when for x in xs)) for xs in found.values()]
        if len(held) == 1 or all(x.when for x in held):
            return tuple(held)
        by_class = len({id(x.extra[0]) for x in held}) == len(held)  # each a class of its own
        return tuple(x.under((f"self is a {x.extra[0].name}" if by_class else f"{BUILT_AT}{x.extra[1].lineno}",))
                     for x in held)

    def passed(self, func: ast.AST, arg: ast.arg, call: ast.Call, bound_self: bool,
               cond: tuple[str, ...], home: Flow | None = None, own: tuple[str, ...] = ()) -> tuple[Value, ...]:
        """What one call passes for `arg` (its default where it passes nothing), under `cond`. `home` is the
        flow whose tree holds `func` when this one only writes the call (a class of another module built
        here): a default is evaluated where the `def` is written, as Python does, so its values carry the
        module their nodes belong to. `own`: the condition of being passed by this call (`when called at
        line 7`), which a value written among the call's own arguments always meets and so does not carry."""
        home = home or self
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and arg is func.args.kwarg:  # one call's extras
            return tuple(x.under(cond) for x in self._extra_keywords(func, [(call, bound_self, ())], own))
        cond, written = (*cond, *own), cond  # `written`: for the values the call's own arguments spell
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and arg is func.args.vararg:
            return self.varargs(func, call, bound_self, cond) or (Value("unknown", arg, flow=home),)
        given = argument_for(func, arg, call, bound_self)
        if given is None:
            forwarded = self._forwarded(call)
            if forwarded is not None:
                self.forwarding += 1
                try:
                    return tuple(x for site, when in forwarded
                                 for x in self.passed(func, arg, site, bound_self, (*cond, *when), home))
                finally:
                    self.forwarding -= 1
        if given is _MISSING:
            default = parameter_default(func, arg)
            if default is None:
                return (Value("unknown", arg, flow=home),)
            return tuple(x.under(cond).named(arg.arg) for x in home.values(default))
        if given is None:
            return home._unpacked(func, arg, call, bound_self, cond, self) or (Value("unknown", arg, flow=home),)
        if isinstance(given, Value):
            return (given.under(cond),)
        return tuple(x.under(written if self._written_in(x, call) else cond).named(arg.arg) for x in self.values(given))

    def _written_in(self, value: Value, call: ast.AST) -> bool:
        """`value` is spelled inside `call` (`f(list(blocks))`), not brought in from elsewhere (a name's
        assignment, a parameter's callers)."""
        node: ast.AST | None = value.node
        while node is not None:
            if node is call:
                return True
            node = self.ctx.parents.get(node)
        return False

    def varargs(self, func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, call: ast.Call, bound_self: bool,
                cond: tuple[str, ...]) -> tuple[Value, ...] | None:
        """What one call (written in this module) passes into `*args`: a tuple of its positional arguments past
        the named ones (`step(fabric, model, opt)`, `fabric.launch(train, model, opt)`), or what a `*xs` of its
        own holds when it passes exactly that on (`step(fabric, *rest)`, `rest` itself such a tuple); None when
        the layer cannot tell."""
        items = vararg_items(func, call, bound_self)
        if items is not None:
            made = self._vararg_tuples.get((id(call), len(items)))
            if made is None or made[0] is not call:
                node = ast.copy_location(ast.Tuple(elts=list(items), ctx=ast.Load()), call)
                node.end_lineno, node.end_col_offset = call.end_lineno, call.end_col_offset
                made = self._vararg_tuples[(id(call), len(items))] = (call, node)
            return (Value("tuple", made[1], cond, label=func.args.vararg.arg if func.args.vararg else None, flow=self),)
        if isinstance(call, _Replaced):
            return None
        args = func.args
        named = len(args.posonlyargs) + len(args.args) - (1 if bound_self else 0)
        stars = [i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)]
        if stars != [len(call.args) - 1] or stars[0] > named:
            return None  # only `f(a, b, *rest)` with `rest` filling `*args`, or named parameters too, and no more
        spread = self.values(call.args[-1].value)  # type: ignore[attr-defined]  # the Starred
        if not spread or any(x.kind not in ("tuple", "list") or not isinstance(x.node, (ast.Tuple, ast.List))
                             or any(isinstance(e, ast.Starred) for e in x.node.elts) for x in spread):
            return None
        skip = named - stars[0]  # `fn(*args)` of a forwarding wrapper: `args` fills `fabric` first, then `*objects`
        if not skip:
            return tuple(replace(x, kind="tuple").under(cond) for x in spread)
        out: list[Value] = []
        for x in spread:
            elts = x.node.elts  # type: ignore[union-attr]  # (checked above)
            if len(elts) < skip:
                return None  # (the call raises TypeError)
            rest = ast.copy_location(ast.Tuple(elts=elts[skip:], ctx=ast.Load()), x.node)  # type: ignore[arg-type]
            rest.end_lineno, rest.end_col_offset = x.node.end_lineno, x.node.end_col_offset  # type: ignore[union-attr]
            out.append(replace(x, kind="tuple", node=rest).under(cond))
        return tuple(out)

    def _per_entry(self, call: ast.Call, func: ast.AST) -> bool:
        """`call`, inside `func` itself, sits in the value of a dict comprehension `{k: ... for k, v in d.items()}`
        of `func`, which the layer reads entry by entry (see `_kept_items`)."""
        child: ast.AST = call
        parent = self.ctx.parents.get(call)
        while parent is not None and parent is not func:
            if isinstance(parent, ast.DictComp) and child is parent.value and len(parent.generators) == 1:
                gen = parent.generators[0]
                names = [e.id for e in gen.target.elts if isinstance(e, ast.Name)] if isinstance(gen.target, ast.Tuple) else []
                items = gen.iter
                return len(names) == 2 and isinstance(parent.key, ast.Name) and parent.key.id == names[0] \
                    and isinstance(items, ast.Call) and isinstance(items.func, ast.Attribute) and items.func.attr == "items"
            child, parent = parent, self.ctx.parents.get(parent)
        return False

    def _unpacked(self, func: ast.AST, arg: ast.arg, call: ast.Call, bound_self: bool, cond: tuple[str, ...],
                  reader: Flow) -> tuple[Value, ...] | None:
        """`setup(**vars(parser.parse_args()))`, `main(**options)`: the entry a `**`-passed dict (read by
        `reader`, the flow of the module that writes the call) holds for `arg`, or its default when the dicts'
        keys are all known and none is `arg`; None when that cannot be told (`*args`, a dict the file cannot
        read)."""
        args: ast.arguments = func.args  # type: ignore[attr-defined]
        positional = [*args.posonlyargs, *args.args][1 if bound_self else 0:]
        # (a `*xs` may fill any positional parameter, never a keyword-only one: `spawn` of `def start(f, *a, spawn=False)`)
        if any(isinstance(a, ast.Starred) for a in call.args) and arg not in args.kwonlyargs \
                or arg is args.vararg or arg is args.kwarg \
                or arg in args.posonlyargs or arg in positional and positional.index(arg) < len(call.args) \
                or isinstance(call, _Forwarded):
            return None
        found: Entry | None = None
        complete = True
        spread = [kw for kw in call.keywords if kw.arg is None]
        for kw in spread:
            dicts = reader.plain_run(reader.values(kw.value))
            if len(dicts) > 1 and len(spread) == 1 and all(d.kind == "dict" for d in dicts):
                return self._unpacked_each(func, arg, dicts, cond, reader)
            if len(dicts) != 1 or dicts[0].kind != "dict":
                return None
            entries, whole = reader.entries(dicts[0])
            if entries is None:
                return None
            namespace = reader._vars_of_namespace(dicts[0]) if arg.arg not in entries and not whole and len(spread) == 1 \
                else None
            if namespace is not None:  # `main(**vars(parse()))` of a parser another module builds: `args.<name>`
                return tuple(x.under(cond).named(arg.arg) for x in reader.attribute(namespace, arg.arg, kw.value))
            found = entries.get(arg.arg, found)
            complete = complete and whole
        if found is not None:
            return tuple(x.under((*cond, *found.when)).named(arg.arg) for x in found.values())
        default = parameter_default(func, arg) if complete else None
        if default is None:
            return None
        return tuple(x.under(cond).named(arg.arg) for x in self.values(default))

    def _vars_of_namespace(self, mapping: Value) -> Value | None:
        """The parsed command line `vars(args)` is the dict of (`args` of no attribute stored on its name): its
        entry for a name is what `args.<name>` holds, the options of whichever module builds the parser."""
        call = mapping.node
        if mapping.extra != "asdict" or not isinstance(call, ast.Call) or len(call.args) != 1 \
                or not isinstance(call.func, ast.Name) or call.func.id != "vars":
            return None
        held = self.values(call.args[0])
        if len(held) != 1 or held[0].kind != "args" or held[0].when \
                or isinstance(call.args[0], ast.Name) and self.ctx.attribute_stores(call.args[0].id):
            return None
        return held[0]

    def _extra_keywords(self, func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                        sites: list[tuple[ast.Call, bool, tuple[str, ...]]],
                        own: tuple[str, ...] = ()) -> tuple[Value, ...]:
        """`def make(**overrides)`: at each call, a dict of the keywords no other parameter takes, each
        key written where the call spells it (`make(activation_checkpointing_policy=[Block])`). The condition
        of being passed by the call (`own`, `when called at line N`) goes to what a `**d` or a `setdefault`
        brings in, not to the keywords the call spells, which that call always passes."""
        name = func.args.kwarg.arg if func.args.kwarg else ""
        edits = _plain_dict_edits(func, name)
        if not sites or edits is None:
            return (Value("unknown", func.args.kwarg, flow=self),)
        # (the call, its key, the key as written, the value it sets): `kwargs.setdefault("k", v)`, and each entry
        # of a known dict a loop `for k, v in DEFAULTS.items(): kwargs.setdefault(k, v)` sets
        defaults: list[tuple[ast.Call, str, ast.expr, ast.expr]] = [
            (c, c.args[0].value, c.args[0], c.args[1]) for c in ast.walk(func) if isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute) and c.func.attr == "setdefault" and source_text(c.func.value) == name
            and len(c.args) == 2 and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str)]
        body = func.body if not isinstance(func, ast.Lambda) else []
        for loop in (s for s in body if isinstance(s, ast.For) and _looped_setdefault(s, name)):
            looped = self._looped_defaults(loop)
            if looped is None:
                return (Value("unknown", func.args.kwarg, flow=self),)
            defaults.extend(looped)
        named = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
        out: list[Value] = []
        for call, bound_self, when in sites:
            # a launch's keywords too (`fabric.launch(train, clip_val=0.5)`); a call whose arguments do not bind
            # (`fabric.launch(train)` of `def train(fabric, model, **kw)`) raises TypeError: its body never runs
            spread = self._spread_keywords(call, named) if not _fails_to_bind(func, call, bound_self) else None
            if spread is None:
                out.append(Value("unknown", call, flow=self))
                continue
            extra = [k for k in call.keywords if k.arg is not None and k.arg not in named]
            keys: list[ast.expr | None] = [_KeywordKey(k) for k in extra]  # underlined as the keyword
            values = [k.value for k in extra]
            cond = (*when, f"{CALLED_AT}{call.lineno}") if len(sites) > 1 else when
            for spread_keys, spread_values, spread_when in spread:
                given = {k.arg for k in extra if k.arg} | {k.value for k in spread_keys
                                                            if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                filled_keys, filled = list(keys), list(values)
                for default, text, written, filling in defaults:  # `kwargs.setdefault("k", v)`: v when the caller gave no k
                    if text not in given and _may_set_default(func, default, name, given if None not in spread_keys else None):
                        filled_keys.append(written)
                        filled.append(self._passing(filling, own))
                brought = [self._passing(v, own) for v in spread_values]
                all_keys, all_values = [*filled_keys, *spread_keys], [*filled, *brought]
                for edit, key, value in edits:  # the body's own `kwargs["k"] = v`, `kwargs.pop("k")`, in order
                    kept = [i for i, k in enumerate(all_keys) if not (isinstance(k, ast.Constant) and k.value == key.value)]
                    all_keys, all_values = [all_keys[i] for i in kept], [all_values[i] for i in kept]
                    if edit == "set":
                        all_keys.append(key)
                        all_values.append(value)  # type: ignore[arg-type]  # (a value for each "set")
                display = ast.Dict(keys=all_keys, values=all_values)
                ast.copy_location(display, call)
                out.append(Value("dict", display, (*cond, *spread_when), label=name, flow=self))
        return tuple(out)

    def _looped_defaults(self, loop: ast.For) -> list[tuple[ast.Call, str, ast.expr, ast.expr]] | None:
        """`for key, value in defaults.items(): kwargs.setdefault(key, value)` over one dict whose entries are all
        known, each stored on every path: a `setdefault` of each entry (the key placed at the entry's, the value
        held at the entry's value); None otherwise."""
        held = self.plain_run(self.values(loop.iter.func.value))  # type: ignore[attr-defined]  # (`_looped_setdefault`)
        if len(held) != 1 or held[0].kind != "dict" or held[0].when:
            return None
        entries, complete = (held[0].flow or self).entries(held[0])
        if entries is None or not complete or len(entries) > MAX_ALTERNATIVES or any(e.when for e in entries.values()):
            return None
        call = loop.body[0].value  # type: ignore[attr-defined]  # (`_looped_setdefault`)
        return [(call, key, self.key_at(key, entry.value), self._held_at(entry.value, entry.values()))
                for key, entry in entries.items() if isinstance(key, str)]

    def _passing(self, here: ast.expr, cond: tuple[str, ...]) -> ast.expr:
        """`here`, its values under `cond`: what a `**d` or a `setdefault` brings into the `**kwargs` dict a call
        passes, from elsewhere than the call's own keywords."""
        if not cond:
            return here
        return self._held_at(here, tuple(x.under(cond) for x in self.values(here)))

    def _spread_keywords(self, call: ast.Call, named: set[str]) -> list[tuple[list[ast.expr | None], list[ast.expr],
                                                                           tuple[str, ...]]] | None:
        """The `**d` a call passes, as what a `**kwargs` parameter receives from them: one alternative for each
        dict they may hold (`GradientClipping(**clip.as_kwargs())`), each as the `**` entries of a display (the
        keys the other parameters take left out) with its conditions. [([], [], ())] for a call with no `**`;
        None when one of them is not a dict the layer reads."""
        choices: list[tuple[list[ast.expr | None], list[ast.expr], tuple[str, ...]]] = [([], [], ())]
        for kw in call.keywords:
            if kw.arg is not None:
                continue
            held = self.plain_run(self.values(kw.value))
            if not held or any(x.kind != "dict" for x in held) or len(held) * len(choices) > MAX_ALTERNATIVES:
                return None
            options: list[tuple[list[ast.expr | None], list[ast.expr], tuple[str, ...]]] = []
            for x in held:
                entries, complete = self.entries(x)
                if entries is None:
                    return None
                taken = [key for key in entries if key in named]
                if taken and (not complete or any(e.when for e in entries.values())):
                    return None  # a key another parameter takes, from a dict that may lack some: cannot tell
                if len(held) == 1 and not taken:
                    options.append(([None], [kw.value], ()))  # read as the call spells it
                    continue
                if taken:
                    pairs = [(self.key_at(key, kw.value), self._held_at(kw.value, e.values()))
                             for key, e in entries.items() if key not in named]
                    options.append(([k for k, _v in pairs], [v for _k, v in pairs], x.when))
                else:
                    options.append(([None], [self._held_at(kw.value, (x,))], x.when))
            choices = [(k1 + k2, v1 + v2, (*w1, *w2)) for k1, v1, w1 in choices for k2, v2, w2 in options]
        return choices

    def _unpacked_each(self, func: ast.AST, arg: ast.arg, dicts: tuple[Value, ...], cond: tuple[str, ...],
                       reader: Flow) -> tuple[Value, ...] | None:
        """`build(**(REMAT if args.remat else PLAIN))`: for each dict the one `**` may hold, under its conditions,
        its entry for `arg` or the parameter's default where it is read whole and has none; None when one of
        them cannot tell (a key stored under a test, a dict not read whole)."""
        out: list[Value] = []
        for x in dicts:
            entries, complete = reader.entries(x)
            entry = entries.get(arg.arg) if entries is not None else None
            if entry is not None and not entry.when:
                out.extend(v.under((*cond, *x.when)).named(arg.arg) for v in entry.values())
                continue
            default = parameter_default(func, arg) if entries is not None and complete and entry is None else None
            if default is None:
                return None
            out.extend(v.under((*cond, *x.when)).named(arg.arg) for v in self.values(default))
        return tuple(out)

    def _held_at(self, here: ast.expr, values: tuple[Value, ...]) -> ast.expr:
        """A stand-in at `here`'s place holding `values`, read by this module's evaluators alike."""
        node = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), here)
        node.end_lineno, node.end_col_offset = here.end_lineno, here.end_col_offset
        self.base.pin(node, values)
        return node

    @staticmethod
    def key_at(key: str, here: ast.expr) -> ast.Constant:
        node = ast.copy_location(ast.Constant(key), here)
        node.end_lineno, node.end_col_offset = here.end_lineno, here.end_col_offset
        return node

    def call_sites(self, func: ast.AST) -> Iterator[tuple[ast.Call, bool, tuple[str, ...]]]:
        """(call, the receiver is bound as the first parameter, conditions) for each call of `func` the
        module shows: by its name, as `self.m(...)`, as a function given to a method that calls it back
        (a pack's callback: `fabric.launch(f)`)."""
        name = getattr(func, "name", None)
        if isinstance(func, ast.Lambda):  # `make = lambda **extra: ...`, or a factory's lambda bound to a name
            for call in self._calls_of_value_names():
                if any(self._is(func, x) for x in self.values(call.func)):
                    yield call, False, ()
            return
        if name is None:
            return
        cls = self._method_class(func)
        if cls is None:
            # a def whose every decorator returns a wrapper passing its arguments through, its name only ever
            # called: a call of its name is a call of it with those arguments, and the wrappers' own
            # `fn(*args, **kwargs)` no call site (a partial of it, a callback given it: those calls are the wrapper's)
            transparent = bool(getattr(func, "decorator_list", None)) and self._wraps_only(func) and all(
                isinstance(p := self.ctx.parents.get(load), ast.Call) and p.func is load for load in self.ctx.loads_named(name))
            for call in [*self.ctx.calls_by_name(name), *self.ctx.module_function_calls(name)]:
                held = self.values(call.func)
                if any(self._is(func, x) for x in held) \
                        or transparent and held and all(_passes_through(x) for x in held):
                    yield call, False, ()
            for method in self.ctx.tips.callbacks:
                for call, _ in self.ctx.spelled_method_calls(method):
                    for x in self.values(call.args[0]) if call.args else ():
                        if self._is(func, x):
                            partial = x.node if x.kind == "partial" and isinstance(x.node, ast.Call) else None
                            yield _CalledBack(call, partial), False, ()
            for call in self._called_through(func):
                if not (transparent and self._forwarded_by_wrapper(call, func)):
                    yield call, False, ()
            for call in idioms.dispatching_calls(self, func):  # `f(config)` of the `@singledispatch` it is registered on
                yield call, False, ()
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for call in self._typed_option_calls(func) or ():  # argparse's calls of an option's `type=`
                    yield call, False, ()
            return
        if name == "__init__":
            for built in self._built_with_init_of(cls):
                for call in self.constructions(built):
                    yield call, True, ()
                for site in self._applications().get(id(built), ()):  # `@Timed def train`: Timed(train)
                    yield site, True, ()
            for call, receiver in self.ctx.spelled_method_calls("__init__"):  # `super().__init__(...)` in a subclass
                caller = self.ctx.enclosing_function(call)
                owner = self._method_class(caller) if caller is not None else None
                if isinstance(receiver, ast.Call) and source_text(receiver.func) == "super" and owner is not None \
                        and cls in self.local_bases(owner):
                    yield call, True, ()
            return
        static = _is_static(func)
        for call, receiver in self.ctx.spelled_method_calls(name):
            if any(x.kind == "instance" and self._runs_method_of(x, cls, name) for x in self.values(receiver)):
                yield call, not static, ()
        if not static and not _is_classmethod(func):
            yield from ((call, True, ()) for call in self._partial_method_calls(cls, func))
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and (static or _is_classmethod(func)):
            for call in self._method_sites(func, cls):
                yield call, not static, ()
        if name == "__call__":  # an instance called: `timed(fabric)`, `fabric.launch(timed)`
            for call in self._called_through(func, cls):
                yield call, True, ()
        elif not static and not _is_classmethod(func):
            for call in self._bound_called_back(func):
                yield call, True, ()
            for call in self._bound_called_through(func, name):
                yield call, True, ()
        for call in self._dispatched(cls, name):
            yield call, True, ()
        for call in idioms.dispatching_calls(self, func):  # `builder.f(config)` of the `@singledispatchmethod` it is registered on
            yield call, True, ()

    def _partial_method_calls(self, cls: ast.ClassDef, func: ast.AST) -> Iterator[ast.Call]:
        """`remat = functools.partialmethod(_strategy, remat=[Block])` in `cls` or a class of the file derived
        from it, then `recipe.remat(...)` on an instance: the call `_strategy(recipe, [Block]-bound arguments,
        the call's)` it makes, seen as `_strategy`'s call with the instance bound first."""
        for klass in self._subclasses(cls):
            for stmt in klass.body:
                value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
                if not isinstance(value, ast.Call) or not value.args \
                        or self.ctx.resolve(value.func) != "functools.partialmethod" \
                        or not any(x.node is func for x in self.values(value.args[0])):
                    continue
                for target in targets:
                    if not isinstance(target, ast.Name):
                        continue
                    for call, receiver in self.ctx.spelled_method_calls(target.id):
                        if any(x.kind == "instance" for x in self.values(receiver)) \
                                and any(x.kind == "partial" and x.node is value for x in self.values(call.func)):
                            yield self._bound(call, value)

    def _bound_called_back(self, func: ast.AST) -> Iterator[ast.Call]:
        """`fabric.launch(self._worker)`, `fabric.launch(trainer.run)`: a plain method, bound to an instance,
        given to a method a pack says calls its function back; seen as the call `_worker(fabric, ...)` with
        the receiver as `self` (what `self` holds is the method's own question, `_self_of`)."""
        for method in self.ctx.tips.callbacks:
            for call, _ in self.ctx.spelled_method_calls(method):
                if not call.args or not isinstance(call.args[0], ast.Attribute) \
                        or call.args[0].attr != getattr(func, "name", None):
                    continue
                if _holds_bound(func, self.values(call.args[0])):
                    yield _CalledBack(call)

    def _calls_of_value_names(self) -> list[ast.Call]:
        """The calls of a bare name that a binding of the file may give a value made as it runs (a lambda kept
        in a variable, or returned by a factory): once per check."""
        given = self.ctx.names_given_values
        return self.ctx.once("calls of value names", self.ctx.module, lambda: [
            c for c in self.ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id in given
            and c in self.ctx.calls_by_name(c.func.id)])  # (one that cannot run passes nothing: `if False: make()`)

    def _bound_called_through(self, func: ast.AST, name: str) -> Iterator[ast.Call]:
        """`modes = {"fit": self.fit, ...}` then `modes[cfg["mode"]](cfg)`, or `step = self.fit; step(cfg)`: a
        plain method read bound to an instance, called under another name (an entry, an alias, a loop's
        variable, an attribute of `self` it is stored in, a `getattr` naming it), seen as the call with the
        receiver as `self`.
        Looked for only when the file reads `.name` other than to call it."""
        if all(isinstance(p := self.ctx.parents.get(load), ast.Call) and p.func is load
               for load in self.ctx.attribute_loads(name)) and not any(
                len(c.args) >= 2 and not (isinstance(c.args[1], ast.Constant) and c.args[1].value != name)
                for c in self.ctx.calls_by_name("getattr", live=False)):
            return  # never read but to be called (nor by a `getattr` that may name it: `getattr(self, f"_{mode}")`)
        by_callee, _ = self._calls_through()
        for call in by_callee.get(id(func), ()):
            if _holds_bound(func, self.callees(call.func)):
                yield call
        for call in self._self_attribute_calls():  # `self.on_end = self.report`, then `self.on_end(op)`
            callee = call.func
            assert isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name)  # (`_may_call_through`)
            if any(attr == callee.attr and isinstance(value, ast.Attribute) and value.attr == name
                   for _, _, attr, value in self.ctx.attribute_stores(callee.value.id)) and _holds_bound(func, self.values(callee)):
                yield call

    def _runs_method_of(self, instance: Value, cls: ast.ClassDef, name: str) -> bool:
        """Whether `instance.name(...)` runs `cls`'s own `name`. An instance built here runs its class's
        method (or the nearest base's); `self` in a method may be any class the file builds from its
        class, and runs the method each of them resolves to (a subclass's override, not the base's)."""
        klass = instance.extra[0]
        if instance.node is not None or instance.flow is not self:
            return self._defining_class(klass, name) is cls
        built = [k for k in self._subclasses(klass) if self.constructions(k)]
        if not built:  # built nowhere in this file: the class as written
            return klass is cls or self._defining_class(klass, name) is cls
        return any(self._defining_class(k, name) is cls for k in built)

    def never_runs(self, method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """A method of a class the file never builds, overridden in every subclass the file builds and
        never reached through `super()` or the class itself: no instance of this file runs it."""
        cls = self._method_class(method)
        if cls is None or _is_static(method) or _is_classmethod(method):
            return False
        built = [k for k in self._subclasses(cls) if self.constructions(k, live=False)]
        if not built and not self._overridden_elsewhere(cls, method.name) \
                or any(self._defining_class(k, method.name) is cls for k in built):
            return False
        for call in self.ctx.written_method_calls(method.name):  # `super().configure(...)`, `Base.configure(self)`
            receiver = call.func.value  # type: ignore[attr-defined]  # a method call
            if isinstance(receiver, ast.Call) and source_text(receiver.func) == "super" or \
                    isinstance(receiver, ast.Name) and receiver.id == cls.name:
                return False
        return True

    def never_dispatched(self, method: ast.FunctionDef | ast.AsyncFunctionDef,
                         seen: frozenset[int] = frozenset()) -> bool:
        """A method of a plain class of the file (its bases the file's own plain classes) whose instances a
        library holds to call back by name (a pack's dispatcher: `Fabric(callbacks=[...])`, then
        `fabric.call("on_x", ...)` runs `on_x` of each), that nothing names: no dispatch may name it (a name
        the file cannot tell may name any; an f-string, any name its fixed parts fit), nor the library on its
        own, nor the code (`x.name` outside the methods of the file that never run, `getattr` by a name that
        may be it, the project's other files). Nothing calls it: it never runs, though its class is built."""
        name, tips = method.name, self.ctx.tips
        cls = self._method_class(method)
        if cls is None or not tips.dispatchers or method.decorator_list or name.startswith("__") and name.endswith("__") \
                or len(seen) > MAX_CONTEXTS or not self.ctx.reads_every_use_of(name) or self.ctx.loads_named(name) \
                or not self._plain_class(cls) or not self._held_by_a_dispatcher(cls):
            return False  # (a name read bare: `on_step = on_before_optimizer_step` in the class body)
        for dispatch in tips.dispatchers:
            if name in tips.dispatch_own.get(dispatch, ()):
                return False
            for call in self.ctx.written_method_calls(dispatch):
                if not call.args or _may_be_named(self.values(call.args[0]), name):
                    return False
            if any(not (isinstance(p := self.ctx.parents.get(load), ast.Call) and p.func is load)
                   for load in self.ctx.attribute_loads(dispatch)):
                return False  # `hook = fabric.call`: called where the file does not show
        for picked in self._reflective_picks():
            if picked is None or _may_be_named(self.values(picked), name):
                return False
        for load in self.ctx.attribute_loads(name):  # `self.name(...)` in a hook runs when the hook does
            caller = self._method_around(load)
            if caller is None:
                return False
            if caller is method or id(caller) in seen:
                continue  # a call of its own, or of a method asked already (a cycle nothing outside enters)
            if not (self.ctx.once("never runs", caller, functools.partial(self.never_runs, caller))
                    or self.never_dispatched(caller, seen | {id(method)})):
                return False
        project = self.ctx.project
        return project is None or not project.named_elsewhere(self, name, tuple(tips.dispatchers))

    def never_called(self, method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """A method of a plain class of a module the project's other modules import that nothing calls: the file
        never names it (no `x.name`, no bare name, no reflection that may pick it), no library dispatch holds its
        instances, and no module joined to this one by imports spells it (`Project.named_elsewhere`). A debug
        helper nobody calls (`Tracker.worst_replica()`) never runs; a method of a module nothing imports (its
        users may be outside the project) or of a library base's subclass keeps its findings."""
        name, cls = method.name, self._method_class(method)
        project = self.ctx.project
        if project is None or self.origin is not None or cls is None or method.decorator_list \
                or name.startswith("__") or name in PROTOCOL_METHODS or not isinstance(self.ctx.parents.get(cls), ast.Module) \
                or self.ctx.attribute_loads(name) or self.ctx.loads_named(name) or not self.ctx.reads_every_use_of(name) \
                or not self._plain_class(cls) or self.ctx.tips.dispatchers and self._held_by_a_dispatcher(cls):
            return False
        if any(p is None or _may_be_named(self.values(p), name) for p in self._reflective_picks()):
            return False
        path = self.ctx.doc.path
        if path is None or not project.imported_by_others(path):
            return False  # a module nothing of the project imports: its users may be elsewhere
        return not project.named_elsewhere(self, name, tuple(self.ctx.tips.dispatchers))

    def _reflective_picks(self) -> list[ast.expr | None]:
        """The names the file's reflection reads a member by (`getattr(cb, hook)`, `operator.methodcaller(hook)`),
        None for a walk of every member (`inspect.getmembers(cb)`, `type(cb).__dict__`); once per check."""
        def find() -> list[ast.expr | None]:
            out: list[ast.expr | None] = [None] if self.ctx.attribute_loads("__dict__") else []
            for call in self.ctx.nodes(ast.Call):
                callee = self.ctx.resolve(call.func) or (call.func.id if isinstance(call.func, ast.Name) else None)
                if callee == "getattr" and len(call.args) >= 2:
                    out.append(call.args[1])
                elif callee in ("operator.methodcaller", "operator.attrgetter") and call.args:
                    out.append(call.args[0])
                elif callee in ("inspect.getmembers", "inspect.getmembers_static"):
                    out.append(None)
            return out
        return self.ctx.once("reflective picks", self.ctx.module, find)

    def _method_around(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The method of a class of the file that `node` lies in (outermost), None outside any."""
        found, current = None, self.ctx.parents.get(node)
        while current is not None:
            parent = self.ctx.parents.get(current)
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(parent, ast.ClassDef):
                found = current
            current = parent
        return found

    def _plain_class(self, cls: ast.ClassDef, seen: frozenset[int] = frozenset()) -> bool:
        """`cls` derives from nothing but `object` and the file's plain classes: no library base whose own
        code may call its methods by name (a module's `forward`), no metaclass."""
        if id(cls) in seen or cls.keywords:
            return False
        bases = [b for b in cls.bases if not (isinstance(b, ast.Name) and b.id == "object")]
        local = self.local_bases(cls)
        return len(local) == len(bases) and all(self._plain_class(b, seen | {id(cls)}) for b in local)

    def _held_by_a_dispatcher(self, cls: ast.ClassDef) -> bool:
        """An instance of `cls` (or a class of the file derived from it) is among the objects a receiver of
        a pack's dispatcher holds: a receiver the file builds (`Fabric(callbacks=[Clipper()])`)."""
        def held() -> bool:
            classes = self._subclasses(cls)
            tips = self.ctx.tips
            for dispatch, builders in tips.dispatch_builders.items():
                for qualified in builders:
                    for call in self.ctx.calls_to(qualified):
                        for receiver in self.values(call):
                            if any(x.kind == "instance" and x.extra[0] in classes
                                   for x in tips.dispatched_to(self, dispatch, receiver)):
                                return True
            return False
        return self.ctx.once("held by a dispatcher", cls, held)

    def never_reflected(self, method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`self.clip = getattr(self, f"_clip_by_{kind}")` with `kind` known to be "norm", or `getattr(SetupRecipes,
        RECIPE)` with `RECIPE = "module_first"`: a method of the file's plain class (a static or class method too)
        that nothing reads by its name, that a `getattr` by an f-string (its fixed parts fit the name) or by a
        name could pick, and that every reflective pick of the file names other than it (each a text the file
        knows), nor a module joined to this one by imports names: only the reflection could run it, and it
        picks others. A method that no reflection could pick keeps its findings (written before it is called)."""
        name, cls = method.name, self._method_class(method)
        if cls is None or any(not _binds_the_method(d) for d in method.decorator_list) \
                or name.startswith("__") and name.endswith("__") \
                or self.ctx.attribute_loads(name) or self.ctx.loads_named(name) or not self.ctx.reads_every_use_of(name):
            return False
        picks = self._reflective_picks()
        if not any(isinstance(p, ast.JoinedStr) and _may_be_named((Value("str", p, flow=self),), name)
                   or isinstance(p, (ast.Name, ast.Attribute)) for p in picks) \
                or any(p is None or _may_be_named(self.values(p), name) for p in picks) or not self._plain_class(cls):
            return False  # (`getattr(SetupRecipes, RECIPE)` with RECIPE = "module_first" could have picked it)
        project = self.ctx.project
        return project is None or not project.named_elsewhere(self, name, ())

    def never_picked_method(self, method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """`method` is read only as `self.<name>`, each time the entry of a dict of bound methods that is picked
        by keys known to be others, at once or through a local name read only by subscripts (`{"fit": self.fit,
        "debug": self.debug}[mode]()` with `mode = "fit"`), and no module importing this one names it: it
        never runs."""
        cls = self._method_class(method)
        dispatched = idioms.implementation_never_picked(self, method) if self.origin is None else None
        if dispatched is not None:  # a `@singledispatchmethod` implementation no call's argument picks
            return dispatched
        if cls is None or method.decorator_list or any(
                isinstance(c.func, ast.Name) and c.func.id == "getattr" for c in self.ctx.nodes(ast.Call)):
            return False
        reads = [a for a in self.ctx.nodes(ast.Attribute) if a.attr == method.name]
        if not reads or self.ctx.project is not None and self._readers_of(cls.name, method.name) != []:
            return False
        for read in reads:
            table = self.ctx.parents.get(read)
            if not (isinstance(read.value, ast.Name) and read.value.id == "self" and isinstance(table, ast.Dict)):
                return False
            key = table.keys[[i for i, v in enumerate(table.values) if v is read][0]]
            picks = self._picks_of(table)
            if not isinstance(key, ast.Constant) or picks is None:
                return False
            for pick in picks:
                keys = self.values(pick)
                if not keys or not all(isinstance(k.node, ast.Constant) and k.kind in ("str", "number")
                                       and k.node.value != key.value for k in keys):
                    return False
        return True

    def _picks_of(self, table: ast.Dict) -> list[ast.expr] | None:
        """The keys `table` is read by: `{...}[key]`, or `name[key]` for each read of the one local `name` it
        is bound to; None when it is read any other way."""
        parent = self.ctx.parents.get(table)
        if isinstance(parent, ast.Subscript) and parent.value is table:
            return [parent.slice]
        scope = self.ctx.enclosing_function(table)
        if not isinstance(parent, ast.Assign) or scope is None or len(parent.targets) != 1 \
                or not isinstance(parent.targets[0], ast.Name):
            return None
        name, picks = parent.targets[0].id, []
        for node in ast.walk(scope):
            if isinstance(node, ast.Name) and node.id == name and node is not parent.targets[0]:
                subscript = self.ctx.parents.get(node)
                if not isinstance(node.ctx, ast.Load) or not isinstance(subscript, ast.Subscript) \
                        or subscript.value is not node:
                    return None
                picks.append(subscript.slice)
        return picks

    def readers_of(self, name: str, also: str | None = None) -> list[Flow] | None:
        """`_readers_of`, for a reader outside the walk (idioms.py)."""
        return self._readers_of(name, also)

    def runs_method_of(self, instance: Value, cls: ast.ClassDef, name: str) -> bool:
        """`_runs_method_of`, for a reader outside the walk (idioms.py)."""
        return self._runs_method_of(instance, cls, name)

    def _readers_of(self, name: str, also: str | None = None) -> list[Flow] | None:
        """The flows of the project's other modules that import this one and write `name` (and `also`, a
        method of the class `name`: a module that never spells it never calls it), read for what their
        calls pass on, once a check."""
        key = name if also is None else f"{name}.{also}"
        if key not in self._readers:
            project = self.ctx.project
            self._readers[key] = project.modules_reading(self, name, from_summaries=True, also=also) if project else None
        return self._readers[key]

    def _built_elsewhere(self, cls: ast.ClassDef) -> list[tuple[Flow, ast.ClassDef]]:
        """The classes other modules derive from `cls` (a class of the module's top level this file builds
        neither as it is nor as a subclass: a mixin, a base) and build, there or in the modules that import
        theirs (trainers/finetune.py's `FinetuneTrainer(BaseTrainer)`, built by train.py), each with the flow
        of the module that defines it."""
        if self.ctx.project is None or not self.with_callers or not isinstance(self.ctx.parents.get(cls), ast.Module) \
                or any(self.constructions(k, live=False) for k in self._subclasses(cls)):
            return []
        return self.ctx.once("built elsewhere", cls, lambda: self._derived_and_built(cls))

    def _derived_and_built(self, cls: ast.ClassDef) -> list[tuple[Flow, ast.ClassDef]]:
        out: list[tuple[Flow, ast.ClassDef]] = []
        for there in self._readers_of(cls.name) or ():
            twin = _twin_in(there, cls, self.origin or self.ctx.doc.path)
            if isinstance(twin, ast.ClassDef):
                out.extend((there, k) for k in there._derived_from(twin)
                           if there.constructions(k) or there._built_by_importers(k) or there._picked_builds(k, (self,))
                           or there._decided_by_the_run(k) and not there._abstract(k))
        # a subclass of this module that only the modules importing it build (`class Clipping(GradClipMixin)`)
        out.extend((self, k) for k in self._subclasses(cls)[1:] if self._built_by_importers(k) or self._picked_builds(k)
                   or self._decided_by_the_run(k) and not self._abstract(k))
        return out if len(out) <= MAX_CONTEXTS else []

    def _built_by_importers(self, cls: ast.ClassDef) -> bool:
        """A class of this module's top level that a module importing it builds (as it is)."""
        if self.ctx.project is None or not isinstance(self.ctx.parents.get(cls), ast.Module):
            return False
        for there in self._readers_of(cls.name) or ():
            twin = _twin_in(there, cls, self.origin or self.ctx.doc.path)
            if isinstance(twin, ast.ClassDef) and there.constructions(twin):
                return True
        return False

    def _picked_builds(self, cls: ast.ClassDef, holders: tuple[Flow, ...] = ()) -> list[tuple[Flow, ast.Call]]:
        """The calls of the project's modules that build `cls` (a class of this module's top level) picked
        from a registry (`CLIPPERS[config.CLIP]()`, `METRICS.get(name)()`, `make = RECIPES[name]` then
        `make()`), each with the flow of its module, whose reading of the callee may be `cls`. A registry is
        a dict, list, tuple or set bound at the top level of this module, of a module that names `cls`, or of
        `holders` (the module of a base whose hook fills it: `METRICS[name] = cls` in `__init_subclass__`).
        [] past `MAX_CONTEXTS`, or outside a project."""
        if self.ctx.project is None or not self.with_callers and self.origin is None \
                or not isinstance(self.ctx.parents.get(cls), ast.Module):
            return []
        fact = "picked builds " + " ".join(str(h.origin or h.ctx.doc.path) for h in holders)
        return self.ctx.once(fact, cls, lambda: self._find_picked_builds(cls, holders))

    def _find_picked_builds(self, cls: ast.ClassDef, holders: tuple[Flow, ...]) -> list[tuple[Flow, ast.Call]]:
        path = self.origin or self.ctx.doc.path
        out: list[tuple[Flow, ast.Call]] = []
        seen: set[int] = set()
        for holder in dict.fromkeys((self, *(self._readers_of(cls.name) or ()), *holders)):
            for name in _registries(holder.ctx.module):
                for there in (holder, *(holder._readers_of(name) or ())):
                    if not there.ctx.loads_named(name) and not there.ctx.attribute_loads(name):
                        continue
                    for call in there.ctx.nodes(ast.Call):
                        if id(call) in seen or not _picks_from(there, call.func, name):
                            continue
                        if any(x.kind == "class" and (x.node is cls or x.is_read_from(cls, path))
                               for x in there.values(call.func)):
                            seen.add(id(call))
                            out.append((there, call))
        return out if len(out) <= MAX_CONTEXTS else []

    def _decided_by_the_run(self, cls: ast.ClassDef) -> bool:
        """A construction of the project may build `cls` (a class of this module's top level) with a class
        only the run decides: a pick by a key not known (`CLIPPERS[RUN["clip"]]()`, `CLIPPERS[args.clip]()`)
        from a table bound at the top level of a module that names `cls` and holds it, `getattr(module, name)`
        of its module by a name not known, or a walk of `__subclasses__()` (of a base of `cls`, or of a class
        not known). Such a class may be `self` of the methods it inherits, as one built by name is."""
        if not isinstance(self.ctx.parents.get(cls), ast.Module):
            return False
        return self.ctx.once("decided by the run", cls, lambda: self._find_decided_by_the_run(cls))

    def _find_decided_by_the_run(self, cls: ast.ClassDef) -> bool:
        path = self.origin or self.ctx.doc.path or ""
        def undecided(values: tuple[Value, ...]) -> bool:
            return not values or any(x.kind == "unknown" for x in values)
        project = self.ctx.project is not None
        def held(x: Value) -> bool:
            return x.kind == "class" and (x.node is cls or x.is_read_from(cls, path))
        registrars = self._registrars(cls)
        for holder in dict.fromkeys((self, *((self._readers_of(cls.name) or ()) if project else ()), *registrars)):
            for name, table in _tables(holder.ctx.module):
                if not any(held(x) for n in ast.walk(table) if isinstance(n, (ast.Name, ast.Attribute)) for x in holder.values(n)) \
                        and not (holder in registrars and self._fills(registrars[holder], name)):
                    continue  # a table that does not hold it
                for there in (holder, *((holder._readers_of(name) or ()) if project else ())):
                    if any(_picks_from(there, call.func, name) and undecided(there.values(call.func))
                           and not there._keyed_by_a_dead_parameter(call.func) for call in there.ctx.nodes(ast.Call)):
                        return True
        for there in dict.fromkeys((self, *((self._readers_of(cls.name) or ()) if project else ()))):
            if any(there._built_through_a_name(cls, path, call) for call in there.ctx.nodes(ast.Call)):
                return True
        def this_module(node: ast.expr, there: Flow) -> bool:
            return any(x.kind == "project_module" and isinstance(getattr(x.extra, "path", None), str)
                       and os.path.abspath(x.extra.path) == os.path.abspath(path) for x in there.values(node))
        for word in ("getattr", "vars", "__dict__"):  # its module's names read by a name not known
            for there in (self, *((self._readers_of(word) or ()) if project else ())):
                if word == "__dict__":
                    if any(this_module(a.value, there) for a in there.ctx.attribute_loads(word)):
                        return True
                    continue
                for call in there.ctx.calls_by_name(word):
                    if call.args and this_module(call.args[0], there) and (word == "vars" or len(call.args) >= 2 and not all(
                            x.kind == "str" and isinstance(x.node, ast.Constant) for x in there.values(call.args[1]))):
                        return True
        return any(flow._walks_subclasses_of(base, undecided) for flow, base in self._lineage(cls))

    def receivers_of(self, node: ast.expr) -> tuple[Value, ...]:
        """What `node`, the object a method is called on, may hold: its values, or, for an object built by a pick
        the run decides (`CLIPPERS[RUN["clip"]]()`, `make = REGISTRY.get(name)` then `make()`), an instance of
        each class the table holds, each under `self is a X` (`picked_instances`); of a pick the run may set
        beside a default, the default's (the plain run's)."""
        values = self.values(node)
        if len(values) == 1 and values[0].kind == "unknown" and isinstance(values[0].node, ast.Call):
            flow = values[0].flow or self
            return flow.picked_instances(values[0].node) or values
        run = self.plain_run(values)
        if len(run) == 1 and len(run) < len(values) and run[0].kind == "instance":
            # `getattr(loops, os.environ.get("TRAINER", "Steady") + "Trainer")(fabric)`: what the run sets is another
            # run's pick, the default's class the plain run's (as an argument's value is read: `_candidates`)
            return (replace(run[0], when=()),)
        return values

    def picked_instances(self, call: ast.Call) -> tuple[Value, ...]:
        """`TABLE[key]()` (`TABLE.get(key)()`, or `make()` after `make = TABLE[key]`) by a key the run decides: an
        instance of each class the table (a dict of this module or of another of the project) holds, but a base
        that leaves a method abstract, or that each function it holds builds (a table of factories), each under
        `self is a X` when there are several; () when the table or one of its entries cannot be told, an entry
        builds something else, two build one class, or past `MAX_CONTEXTS` instances. Only a method run reads a pick so
        (`Context.method_run`): the pick's own value stays another run's."""
        func: ast.expr | None = call.func
        if isinstance(func, ast.Name):  # `make = TABLE[key]`, bound once in its scope
            bound = self.ctx.bindings(func.id, self.ctx.enclosing_function(func) or self.ctx.module)
            func = bound[0].value if len(bound) == 1 else None
        if isinstance(func, ast.Subscript):
            table = func.value
        elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "get" \
                and len(func.args) == 1 and not func.keywords:
            table = func.func.value
        else:
            return ()
        if any(x.kind != "unknown" for x in self.values(func)):
            return ()  # a key the module decides: the pick's own values say what it builds
        tables = self.values(table)
        if len(tables) != 1 or tables[0].kind != "dict" or tables[0].when:
            return ()
        entries, complete = self.entries(tables[0])
        if not entries or not complete:
            return ()
        makers: dict[int, Value] = {}  # the classes, or the project's functions that build one (factories)
        for entry in entries.values():
            held = entry.values()
            if not held or entry.when or any(x.when or not (x.kind == "class" and isinstance(x.node, ast.ClassDef)
                                                             or x.kind == "function" and x.extra is None and x.flow is not None
                                                             and isinstance(x.node, (ast.FunctionDef, ast.AsyncFunctionDef)))
                                             for x in held):
                return ()  # an entry that is not a class or function of the project, or one not always there
            for x in held:
                if not (isinstance(x.node, ast.ClassDef) and (x.flow or self)._abstract(x.node)):
                    makers.setdefault(id(x.node), x)
        if not makers or len(makers) > MAX_CONTEXTS:
            return ()
        built = [x for maker in makers.values() for x in self._call_of(call, maker)]
        if any(x.kind != "instance" or x.when or not isinstance(x.extra, tuple) or not isinstance(x.extra[0], ast.ClassDef)
               for x in built) or len(built) > MAX_CONTEXTS:
            return ()
        if len({id(x.extra[0]) for x in built}) != len(built):
            return ()  # two makers of one class: `self is a X` would not tell them apart
        return tuple(x.under((f"self is a {x.extra[0].name}",)) for x in built) if len(built) > 1 else tuple(built)

    def _registrars(self, cls: ast.ClassDef) -> dict[Flow, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
        """The flows of the modules whose functions decorate `cls` (`@register("value")` of registry.py), each
        with those functions: a decorator may store the class in a table of its module (`CLIPPERS[name] = cls`)."""
        out: dict[Flow, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        for d in cls.decorator_list:
            func = d.func if isinstance(d, ast.Call) else d
            for x in self.values(func):
                if x.kind == "function" and x.flow is not None and isinstance(x.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.setdefault(x.flow.base, []).append(x.node)
        return out

    @staticmethod
    def _fills(funcs: list[ast.FunctionDef | ast.AsyncFunctionDef], name: str) -> bool:
        """One of the decorators (or a def nested in one: a decorator factory's) stores a parameter of its own
        into the table `name` of its module (`CLIPPERS[key] = cls`): it registers what it decorates."""
        for func in funcs:
            for inner in (n for n in ast.walk(func) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
                params = {a.arg for a in (*inner.args.posonlyargs, *inner.args.args)}
                if any(isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and n.value.id in params
                       and any(isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == name
                               for t in n.targets) for n in ast.walk(inner)):
                    return True
        return False

    def _built_through_a_name(self, cls: ast.ClassDef, path: str, call: ast.Call) -> bool:
        """`cls = NormClip if sys.argv[1] == "norm" else ValueClip` and then `cls()`: a call of a local name
        (not the class's own) that may hold `cls`."""
        func = call.func
        if not isinstance(func, ast.Name) or func.id == cls.name:
            return False
        if not self.ctx.bindings(func.id, self.ctx.enclosing_function(func) or self.ctx.module):
            return False  # (a name of the module's top level or a library's: read as such elsewhere)
        return any(x.kind == "class" and (x.node is cls or x.is_read_from(cls, path)) for x in self.values(func))

    def _lineage(self, cls: ast.ClassDef) -> list[tuple[Flow, ast.ClassDef]]:
        """The classes `cls` derives from, of this module and (one module away) of the project's others,
        each with the flow of its module."""
        mine = [(self, k) for k in self._ancestors(cls)]
        out = list(mine)
        for _, k in [(self, cls), *mine]:
            for flow, base in self._foreign_bases(k):
                out.extend([(flow, base), *((flow, b) for b in flow._ancestors(base))])
        return out

    def _walks_subclasses_of(self, base: ast.ClassDef, undecided: Callable[[tuple[Value, ...]], bool]) -> bool:
        """`base.__subclasses__()` (or that of a class the file cannot tell) in this module or one importing it."""
        path = self.origin or self.ctx.doc.path or ""
        for there in (self, *((self._readers_of("__subclasses__") or ()) if self.ctx.project is not None else ())):
            for call in there.ctx.nodes(ast.Call):
                if isinstance(call.func, ast.Attribute) and call.func.attr == "__subclasses__":
                    walked = there.values(call.func.value)
                    if undecided(walked) or any(x.kind == "class" and (x.node is base or x.is_read_from(base, path))
                                                for x in walked):
                        return True
        return False

    def _keyed_by_a_dead_parameter(self, pick: ast.expr) -> bool:
        """`RECIPES[name]` in `def from_name(cls, name)`, a function nothing in the project calls: its key is a
        parameter no call gives, and the pick never runs."""
        key = pick.slice if isinstance(pick, ast.Subscript) else pick.args[0] \
            if isinstance(pick, ast.Call) and pick.args else None
        func = self.ctx.enclosing_function(pick)
        if key is None or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        if not all(x.kind == "unknown" and isinstance(x.node, ast.arg) for x in self.values(key)):
            return False
        return next(iter(self.call_sites(func)), None) is None \
            and (self.ctx.project is None or self._readers_of(func.name) == [])

    def _ancestors(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """The classes of this module `cls` derives from, directly or through one another."""
        out: list[ast.ClassDef] = []
        todo = list(self.local_bases(cls))
        while todo:
            k = todo.pop()
            if k not in out and k is not cls:
                out.append(k)
                todo.extend(self.local_bases(k))
        return out

    def _abstract(self, cls: ast.ClassDef) -> bool:
        """`cls` leaves a method abstract: the first of its classes (itself, then its bases of this module and
        of the project's others) to define it marks it `@abstractmethod` or only raises NotImplementedError
        there. Such a class is a base, not what a pick builds."""
        seen: set[str] = set()
        todo: list[tuple[Flow, ast.ClassDef]] = [(self, cls)]
        visited: set[int] = set()
        while todo:
            flow, k = todo.pop(0)
            if id(k) in visited or len(visited) > 32:
                continue
            visited.add(id(k))
            for m in k.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name not in seen:
                    seen.add(m.name)
                    if _abstract_method(m):
                        return True
            todo.extend((flow, b) for b in flow.local_bases(k))
            todo.extend(flow._foreign_bases(k))
        return False

    def never_picked(self, func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
        """`func`, of the module's top level, is read only as the entry of one key in a dict bound once at
        the top level (`STRATEGIES = {"fsdp": fsdp, "fsdp_layers": fsdp_layers}`, or a lambda written there:
        `{"remat": lambda: ...}`), and every read of that dict, here and in the project's other modules, is a
        subscript by keys known to be others: it never runs. False when anything reads the function or the
        dict otherwise, or nothing reads the dict."""
        if self.ctx.project is None or self.origin is not None:
            return False
        dispatched = idioms.implementation_never_picked(self, func)  # a `@singledispatch` implementation no call's argument picks
        if dispatched is not None:
            return dispatched
        if getattr(func, "decorator_list", None):
            return False
        if isinstance(func, ast.Lambda):
            return self._entry_never_picked(func)
        loads = self.ctx.loads_named(func.name)
        if len(loads) != 1 or list(self.call_sites(func)):
            return False
        named = self._readers_of(func.name)
        if named is None or named:
            return False  # another module names the function itself
        return self._entry_never_picked(loads[0])

    def never_used(self, call: ast.Call) -> tuple[str, str] | None:
        """How what `call` builds is never read by the program, for an object whose misuse raises only when
        the program uses it (a strategy's policy, at `setup_module`): ("picked", "") when it is the entry of a
        top-level dict that every read, here and in the modules that import it, picks by other keys
        (`SHARDING = {"legacy": XLAFSDPStrategy(...), ...}` read as `SHARDING["blocks"]`), or ("unread", name)
        for the function's local it is bound to that no read reaches (yet: the editor's user may be about to write
        the use). None otherwise: a top-level name is the module's to give (an importer outside the project,
        `python -c`), and a value dropped as a statement of its own is an example, not a program."""
        if self.origin is not None or isinstance(call.func, ast.Attribute) and call.func.attr == "__init__":
            return None  # (`super().__init__(...)` builds nothing: it sets up an object built elsewhere)
        parent = self.ctx.parents.get(call)
        if isinstance(parent, ast.Dict):
            return ("picked", "") if self.ctx.project is not None and self._entry_never_picked(call) else None
        func = self.ctx.enclosing_function(call)
        if func is None or not isinstance(parent, ast.Assign) or len(parent.targets) != 1 \
                or not isinstance(parent.targets[0], ast.Name) or self.ctx.scope_of(parent) is not func:
            return None
        name = parent.targets[0].id
        walked = self.scope(func)
        if name in walked.globals or name in walked.nonlocals or any(self.ctx.loads_named(n) for n in _NAMESPACE_READERS):
            return None  # (a read by name: `locals()["strategy"]`)
        if self._read_unresolved(name):
            return None
        # a read elsewhere than in `func` (its nested scopes too) cannot reach a local of `func`: only those are
        # asked which binding they reach (each call asking every read of the file was quadratic in its functions)
        first, last = func.lineno, func.end_lineno or func.lineno
        for load in self.ctx.loads_named(name):
            if first <= load.lineno <= last and any(d.node is call for d in self.reaching(load) or ()):
                return None
        return ("unread", name)

    def _read_unresolved(self, name: str) -> bool:
        """Some read of `name`, in any scope, reaches no binding, or one the walk cannot tell (once a name)."""
        found = self._unresolved_reads.get(name)
        if found is None:
            found = self._unresolved_reads[name] = any(
                defs is None or any(d.how == "unknown" for d in defs)
                for defs in map(self.reaching, self.ctx.loads_named(name)))
        return found

    def _entry_never_picked(self, entry: ast.expr) -> bool:
        """`entry` is the value of a constant key in a dict bound once at the top level, and every read of
        that dict, here and in the modules that import it, is a subscript by keys known to be others."""
        table = self.ctx.parents.get(entry)
        assign = self.ctx.parents.get(table) if isinstance(table, ast.Dict) else None
        if not isinstance(table, ast.Dict) or not isinstance(assign, ast.Assign) \
                or not isinstance(self.ctx.parents.get(assign), ast.Module) or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0], ast.Name) or not any(v is entry for v in table.values):
            return False
        key = table.keys[[i for i, v in enumerate(table.values) if v is entry][0]]
        if not isinstance(key, ast.Constant) or len(self.ctx.bindings(assign.targets[0].id, self.ctx.module)) != 1:
            return False
        name = assign.targets[0].id
        if not self._picks_only_others(self, name, table, key.value):
            return False  # this module reads the table otherwise
        readers = self._readers_of(name)
        if readers is None or not readers and not self.ctx.loads_named(name):
            return False  # nothing reads the table: an entry point of its own (`python -c`), not left to the picks
        return all(self._picks_only_others(there, name, table, key.value) for there in readers)

    def _picks_only_others(self, there: Flow, name: str, table: ast.Dict, key: object) -> bool:
        """Every read of the dict `name` in `there` that holds `table` (`name`, or `module.name` in another
        module) is a subscript by keys, each a known constant other than `key`."""
        reads: list[ast.expr] = list(there.ctx.loads_named(name))
        if there is not self:
            reads += [a for a in there.ctx.nodes(ast.Attribute) if a.attr == name and isinstance(a.ctx, ast.Load)]
            if not reads:
                return False  # imported to be passed on (`from config import STRATEGIES` read nowhere)
        for read in reads:
            held = there.values(read)
            if not any(x.kind == "dict" and (x.node is table or x.foreign and x.is_read_from(table, self.ctx.doc.path))
                       for x in held):
                if isinstance(read, ast.Attribute) and (not held or any(x.kind == "unknown" for x in held)):
                    return False  # `sharding.PRESETS` read as something unknown: it may be this table
                continue
            parent = there.ctx.parents.get(read)
            if not isinstance(parent, ast.Subscript) or parent.value is not read:
                return False
            keys = there.values(parent.slice)
            if not keys or not all(isinstance(k.node, ast.Constant) and k.kind in ("str", "number") and k.node.value != key
                                   for k in keys):
                return False
        return True

    def _overridden_elsewhere(self, cls: ast.ClassDef, name: str) -> bool:
        """`cls`, a class of the module's top level, is built only in other modules of the project, and only
        as subclasses they define that override `name` without calling it through `super()`: no instance
        runs its `name`. False when no module builds it, or the modules cannot be read."""
        project = self.ctx.project
        if project is None or self.origin is not None or not isinstance(self.ctx.parents.get(cls), ast.Module):
            return False
        built = False
        for there in self._readers_of(cls.name) or ():
            twin = _twin_in(there, cls, self.ctx.doc.path)
            if not isinstance(twin, ast.ClassDef):
                continue
            if there.constructions(twin, live=False):
                return False
            for k in there._derived_from(twin):
                if not (there.constructions(k, live=False) or there._built_by_importers(k)):
                    continue  # (a subclass the entry builds, of a module between: `TPUTrainer` of tpu_trainer.py)
                override = there._defining_class(k, name)
                if override is None or any(isinstance(c.func, ast.Attribute) and c.func.attr == name
                                           and isinstance(c.func.value, ast.Call)
                                           and source_text(c.func.value.func) == "super" for c in ast.walk(override)
                                           if isinstance(c, ast.Call)):
                    return False
                built = True
        return built

    def defining_class(self, klass: ast.ClassDef, name: str) -> ast.ClassDef | None:
        """The class of the file whose body defines `name` for `klass`: itself, else its nearest base of the file."""
        return self._defining_class(klass, name)

    def _defining_class(self, klass: ast.ClassDef, name: str, seen: frozenset[int] = frozenset()) -> ast.ClassDef | None:
        if id(klass) in seen:
            return None
        if _defines(klass, name):
            return klass
        for base in self.local_bases(klass):
            found = self._defining_class(base, name, seen | {id(klass)})
            if found is not None:
                return found
        return None

    def _subclasses(self, klass: ast.ClassDef) -> list[ast.ClassDef]:
        """`klass` and the file's classes derived from it, in document order."""
        key = ("subclasses", id(klass))
        found = self._classes.get(key)
        if found is None:
            found = [klass]
            for other in self.ctx.nodes(ast.ClassDef):
                if other not in found and any(b in found for b in self.local_bases(other)):
                    found.append(other)
            self._classes[key] = found
        return found

    def _derived_from(self, foreign: ast.ClassDef) -> list[ast.ClassDef]:
        """The file's classes built on `foreign`, a class of another module (`class MyTrainer(BaseTrainer)`),
        directly or through one another, in document order."""
        direct = [k for k in self.ctx.nodes(ast.ClassDef)
                  if any(x.kind == "class" and x.node is foreign for b in k.bases for x in self.values(b))]
        return [k for k in self.ctx.nodes(ast.ClassDef) if any(k in self._subclasses(d) for d in direct)]

    def constructions(self, klass: ast.ClassDef, live: bool = True) -> list[ast.Call]:
        """The calls that build `klass`: by its name, bound to it, and `cls(...)` in its own classmethods
        (`return cls(**kwargs)` in `from_config`)."""
        named = [call for call in self.ctx.calls_by_name(klass.name, live)
                 if any(x.kind == "class" and x.node is klass for x in self.values(call.func))]
        for method, first in self.ctx.once("classmethod receivers", klass, lambda: _classmethod_receivers(klass)):
            named.extend(call for call in self.ctx.calls_by_name(first, live) if self.ctx.within(call, method)
                         and _is_parameter(self, call.func))  # type: ignore[arg-type]  # a Name call
        return named + self._built_through_names(klass, live) + self._built_through_partials(klass, live)

    def _built_through_names(self, klass: ast.ClassDef, live: bool) -> list[ast.Call]:
        """`strategy_cls = RematStrategy`, or `... = Plain if args.plain else RematStrategy`, and then
        `strategy_cls(...)`: the calls of a name the class is bound to, as it is or as a branch of a conditional
        expression or of an `or`, where the name may hold the class."""
        names: set[str] = set()
        for load in self.ctx.loads_named(klass.name):
            node: ast.AST = load
            parent = self.ctx.parents.get(node)
            while isinstance(parent, ast.IfExp) and node is not parent.test or isinstance(parent, ast.BoolOp):
                node, parent = parent, self.ctx.parents.get(parent)
            if isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node:
                targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
        names.discard(klass.name)
        return [call for name in sorted(names) for call in self.ctx.calls_by_name(name, live)
                if any(x.kind == "class" and x.node is klass for x in self.values(call.func))]

    def _built_through_partials(self, klass: ast.ClassDef, live: bool) -> list[ast.Call]:
        """`make = functools.partial(Learner, lr=lr)` and then `make(fabric, net)`, wherever `make` travels
        (a parameter it is passed to, `fabric.launch(train, make)`): each call as the construction it makes,
        the partial's arguments first. Looked for among the calls of a name the partial is bound to, or of
        a parameter: what a partial can be called through."""
        partials = [call for load in self.ctx.loads_named(klass.name) if isinstance(call := self.ctx.parents.get(load), ast.Call)
                    and call.args[:1] == [load] and self.ctx.resolve(call.func) == "functools.partial"]
        if not partials:
            return []
        names = {t.id for p in partials if isinstance(a := self.ctx.parents.get(p), ast.Assign)
                 for t in a.targets if isinstance(t, ast.Name)}
        names.update(arg.arg for func in self.ctx.nodes(ast.FunctionDef) for arg in all_args(func.args))
        built: list[ast.Call] = []
        for name in sorted(names):
            for call in self.ctx.calls_by_name(name, live):
                held = [x.node for x in self.values(call.func) if x.kind == "partial" and x.extra is klass]
                built.extend(self._bound(call, p) for p in held if isinstance(p, ast.Call) and any(p is q for q in partials))
        return built

    def _built_with_init_of(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """`cls` and the file's subclasses of it that define no `__init__` of their own: constructing any
        of them runs `cls.__init__`."""
        return [k for k in self._subclasses(cls) if self._defining_class(k, "__init__") in (cls, None)]

    def _wraps_only(self, func: ast.AST) -> bool:
        """Each decorator of `func` is a function of the project (this module or another) that returns a wrapper
        passing its arguments through unchanged (`_passes_through`): a call of the decorated name is a call
        of `func` with the same arguments."""
        decorators = getattr(func, "decorator_list", [])
        for decorator in decorators:
            held = self.values(decorator)
            if not held or any(x.kind != "function" or x.flow is None
                               or not isinstance(x.node, (ast.FunctionDef, ast.AsyncFunctionDef))
                               or _forwarding_wrapper(x.node) is None for x in held):
                return False
        return bool(decorators)

    def _forwarded_by_wrapper(self, call: ast.Call, func: ast.AST) -> bool:
        """`call` is the `fn(*args, **kwargs)` of the wrapper one of `func`'s decorators of this module returns."""
        wrapper = self.ctx.enclosing_function(call)
        decorator = self.ctx.parents.get(wrapper) if wrapper is not None else None
        return isinstance(decorator, (ast.FunctionDef, ast.AsyncFunctionDef)) and _forwarding_wrapper(decorator) is wrapper \
            and any(any(x.node is decorator for x in self.values(d)) for d in getattr(func, "decorator_list", []))

    def _is(self, func: ast.AST, value: Value) -> bool:
        return value.node is func or (value.kind == "partial" and value.extra is func)

    def _method_class(self, func: ast.AST) -> ast.ClassDef | None:
        parent = self.ctx.parents.get(func)
        return parent if isinstance(parent, ast.ClassDef) else None

    # attributes
    def _attribute(self, node: ast.Attribute) -> tuple[Value, ...]:
        if isinstance(node.value, ast.Call) and _is_bare_super(self, node.value):
            return self._super_attribute(node)
        qualified = self.ctx.resolve(node)
        if qualified is not None and not self._from_project(qualified):
            owner, _, member = qualified.removesuffix(".name").rpartition(".")
            if node.attr == "name" and member and self.ctx.tips.canonical(owner) in self.ctx.tips.enums:
                return (Value("str", _Member(node, member), flow=self),)  # `ReduceOp.MAX.name`: "MAX"
            return (_external(qualified, node, self),)
        stored = self._stored_earlier(node)
        if stored is not None:
            method, value = stored
            cls = self._method_class(method)
            label = f"{cls.name}.{node.attr}" if cls is not None else None
            return tuple(x.named(label) for x in self._in_method(method, None, value))
        out: list[Value] = []
        bases = self.values(node.value)
        if any(base.kind == "none" for base in bases) and any(base.kind != "none" for base in bases):
            # `self.model.module` where `self.model` is None until `setup()`: that path raises AttributeError here,
            # so no value of it goes on
            bases = tuple(base for base in bases if base.kind != "none")
        for base in bases:
            if base.kind == "unknown" and base.extra == SET_BY_THE_RUN:  # `PRESETS[os.environ["P"]].kwargs`: that run's
                out.append(Value("unknown", node, base.when, extra=SET_BY_THE_RUN, flow=self))
                continue
            found = self.attribute(base, node.attr, node)
            if base.flow is not None and base.flow is not self:  # read by the base's module: unknown as read here
                found = tuple(replace(x, flow=self) if x.kind == "unknown" and x.node is node else x for x in found)
            handled = None
            if base.kind == "class":  # `Accelerator.CPU` of an Enum another module defines: its value is picked here
                found = tuple(replace(x, extra=self._member_named(x.extra, node)) if x.kind == "enum"
                              and isinstance(x.extra, Value) else x for x in found)
            if base.kind in ("instance", "namespace", "project_module") and isinstance(node.value, ast.Name) \
                    and base.flow is self and (base.kind != "instance" or not isinstance(base.node, ast.Call)
                                               or any(d.node is base.node for d in self.reaching(node.value) or ())):
                found = self._set_from_outside(node, node.value, base, found)  # read on the name that holds it
                handled = node.value.id
            elif base.kind == "namespace" and base.flow is not None and base.flow.base is not self.base:
                found = self._set_where_built(node, base, found)  # a namespace another module builds, passed here
            out.extend(x.under(base.when) for x in self._stored_after_built(node, base, found, handled))
        return tuple(out)

    def _stored_after_built(self, node: ast.Attribute, base: Value, found: tuple[Value, ...],
                            handled: str | None) -> tuple[Value, ...]:
        """`found`, what `base`'s attribute holds as built, with the stores into it after its construction
        (`_stored_on_instance`), and, read off a method's own instance, those made from outside its class
        (`_own_attribute_set_from_outside`)."""
        if base.kind == "instance" and isinstance(base.extra, tuple) and self._read_while_built(node, base.extra[0]):
            return found  # `self.model` in `__post_init__`: what the construction gave; no later store has run yet
        if base.kind in ("instance", "namespace") and isinstance(base.node, ast.Call) and isinstance(node.ctx, ast.Load):
            found = self._stored_on_instance(node, base, found, handled)
        if base.kind == "instance" and found:
            found = self._own_attribute_set_from_outside(node, base, found)
        return found

    def _stored_into(self, base: Value, node: ast.Attribute, found: tuple[Value, ...]) -> tuple[Value, ...]:
        """`found`, what `base`'s attribute holds, with what is stored into the object after it is built:
        by this module (`cfg.remat = ...` on the name `node` reads), or by the module that binds it."""
        if base.kind != "instance":
            return found
        if base.flow is self and isinstance(node.value, ast.Name):
            found = self._set_from_outside(node, node.value, base, found)
        else:
            found = self._set_where_bound(base, node.attr, found)
        func = self.ctx.enclosing_function(node)
        own = self._own_instance(func) if func is not None else None
        # `self.x` in a test of its method is read as `_attribute` reads it (a test is given `self` only
        # when `_stored_from_outside` finds every store from outside ordered)
        if own is not None and isinstance(node.value, ast.Name) and node.value.id == own.arg:
            return self._stored_after_built(node, base, found, None)
        return found

    def _namespace_stores(self, node: ast.AST, attr: str, found: tuple[Value, ...]) -> tuple[Value, ...]:
        """What a parsed command line's `attr` holds where `node` reads it, with what the program stores into it
        after parsing: `args.precision = "bf16-true"` on the name the read uses (ordered against the read as an
        instance's stores are), and a helper given the namespace that stores into its parameter's attribute
        (`adapt(args)` with `args.precision = ...` inside): one called before the read (in the block of the
        statement that leads to it) holds what the file cannot tell, one after it changes nothing, one elsewhere
        may have run (the option's value stays possible)."""
        if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
            return found
        defs = self.reaching(node.value) or ()
        bound = next((d.node for d in defs if d.node is not None), None)
        if bound is not None and self.ctx.attribute_stores(node.value.id):
            found = self._set_from_outside(node, node.value, Value("args", bound, flow=self), found)
        mutators: list[tuple[ast.AST, tuple[Value, ...] | None]] = [(c, None) for c in self._namespace_mutators(attr)]
        for assign, target in self._attribute_assigns().get(attr, ()):  # `args.precision = ...` on another name
            if self.ctx.scope_of(target) is not self.ctx.scope_of(node) \
                    and not _is_parameter(self, target.value):  # type: ignore[arg-type]  # (a helper's: its calls mutate)
                mutators.append((target, self.values(assign.value)))
        if not mutators:
            return found
        anchors: list[ast.stmt] = [self.ctx.statement_of(node)]
        func = self.ctx.enclosing_function(node)
        if func is not None:  # read in a helper (`build_fabric(args)`): ordered by the calls of it
            anchors.extend(self.ctx.statement_of(c) for c, _, _ in itertools.islice(self.call_sites(func), MAX_REGISTRATIONS)
                           if c in self.ctx.parents)
        unknown = Value("unknown", node, flow=self)
        for change, stored in mutators:
            receivers = [change.value] if isinstance(change, ast.Attribute) else change.args  # type: ignore[attr-defined]
            if not any(x.kind == "args" for a in receivers for x in self.values(a)):
                continue
            place = self.ctx.block_place(self.ctx.statement_of(change))
            spots = [self.ctx.block_place(a) for a in anchors]
            same = [spot for spot in spots if spot is not None and place is not None and spot[0] is place[0]]
            if same and all(place[1] > spot[1] for spot in same):  # type: ignore[index]  # (`same`: place is set)
                continue  # run after the statement that reads it
            if same and any(place[1] < spot[1] or self.ctx.statement_of(change) in anchors for spot in same):  # type: ignore[index]
                return stored or (unknown,)  # run before the read: the store holds (a helper's: what it cannot tell)
            found = (*found, *(stored or (unknown,)))  # run where the file cannot order it: it may have run
        return found

    def _attribute_assigns(self) -> dict[str, list[tuple[ast.Assign, ast.Attribute]]]:
        """`name.attr = value` statements of the module by attribute, once per check (each read of a namespace's
        option asks for one attribute's)."""
        def find() -> dict[str, list[tuple[ast.Assign, ast.Attribute]]]:
            out: dict[str, list[tuple[ast.Assign, ast.Attribute]]] = {}
            for assign in self.ctx.nodes(ast.Assign):
                for target in assign.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                        out.setdefault(target.attr, []).append((assign, target))
            return out

        return self.ctx.once("attribute assigns", self.ctx.module, find)

    def _namespace_mutators(self, attr: str) -> list[ast.Call]:
        """The calls of this module's functions that store `attr` into (or `setattr` any attribute of) one of their
        parameters' objects (`def adapt(args): args.precision = ...`), by name."""
        def find() -> dict[str | None, list[ast.Call]]:
            stores: dict[str, set[str | None]] = {}
            for func in self.ctx.nodes(ast.FunctionDef):
                params = {a.arg for a in all_args(func.args)}
                for name in params:
                    for stmt, _, stored, _ in self.ctx.attribute_stores(name):
                        if self.ctx.within(stmt, func):
                            stores.setdefault(func.name, set()).add(stored)
            out: dict[str | None, list[ast.Call]] = {}
            for name, attrs in stores.items():
                for call in self.ctx.calls_by_name(name):
                    for stored in attrs:
                        out.setdefault(stored, []).append(call)
            return out

        table = self.ctx.once("namespace mutators", self.ctx.module, find)
        return [*table.get(attr, []), *table.get(None, [])]

    def _bound_elsewhere_at_top(self, base: Value) -> ast.Assign | None:
        """`settings = Settings()` at the top level of another module, when `base` is that instance."""
        there = base.flow
        if base.kind != "instance" or there is None or there.base is self.base or not isinstance(base.node, ast.Call):
            return None
        bound = there.ctx.parents.get(base.node)
        if isinstance(bound, ast.Assign) and bound.value is base.node and len(bound.targets) == 1 \
                and isinstance(bound.targets[0], ast.Name) and isinstance(there.ctx.parents.get(bound), ast.Module):
            return bound
        return None

    def _set_where_bound(self, base: Value, attr: str, found: tuple[Value, ...]) -> tuple[Value, ...]:
        """`settings.clip_by` read here of the instance another module binds at its top level (`settings =
        Settings()`): what that module stores into it too (`setattr(settings, key, value)` in its
        `configure(**overrides)`, for the keywords its callers pass), as a read there sees it."""
        bound = self._bound_elsewhere_at_top(base)
        if bound is None:
            return found
        there = base.flow
        assert there is not None and isinstance(bound.targets[0], ast.Name)
        target = bound.targets[0].id
        flow = there.base
        if not flow.ctx.attribute_stores(target):
            return found
        name = ast.Name(id=target, ctx=ast.Load())
        standin = ast.Attribute(value=name, attr=attr, ctx=ast.Load())
        project = self.ctx.project
        asking = (flow.origin or "", target)
        if not flow.with_callers and project is not None and flow.origin is not None \
                and asking not in project.asking_callers and len(project.asking_callers) < MAX_CALLER_HOPS:
            # its stores read what its functions' callers pass (`configure(clip_by="value")` in train.py)
            wider = project.reading_callers(flow, target)
            twin = next((s.value for s in wider.ctx.module.body if isinstance(s, ast.Assign)
                         and s.lineno == bound.lineno and isinstance(s.value, ast.Call)), None) if wider else None
            if wider is not None and twin is not None:
                project.asking_callers.append(asking)
                try:
                    return wider._set_from_outside(standin, name, replace(base, node=twin, flow=wider), found,
                                                   read_elsewhere=True)
                finally:
                    project.asking_callers.pop()
        return flow._set_from_outside(standin, name, base, found, read_elsewhere=True)

    def _set_where_built(self, node: ast.Attribute, base: Value, found: tuple[Value, ...]) -> tuple[Value, ...]:
        """`state.model` read here (in a helper given `state`) of a namespace a function of another module builds
        and binds to a name (`state = SimpleNamespace(model=net)`): with what that module stores into it on that
        name (`state.model = fabric.setup_module(state.model)`), each of which may have run before the read."""
        there = base.flow
        bound = there.ctx.parents.get(base.node) if there is not None and base.node is not None else None
        if isinstance(there, _SiteFlow) and isinstance(bound, ast.Return) and there.ctx.within(bound, there.func):
            # `return SimpleNamespace(model=model, ...)` of `init_state(net)`: bound where that call is
            call, there = there.call, there.caller
            base = replace(base, node=call, flow=there)
            bound = there.ctx.parents.get(call)
        if there is None or not isinstance(bound, ast.Assign) or bound.value is not base.node \
                or len(bound.targets) != 1 or not isinstance(bound.targets[0], ast.Name):
            return found
        target = bound.targets[0].id
        if not there.ctx.attribute_stores(target):
            return found
        name = ast.Name(id=target, ctx=ast.Load())
        standin = ast.Attribute(value=name, attr=node.attr, ctx=ast.Load())
        return there._set_from_outside(standin, name, base, found, read_elsewhere=True)

    def _own_attribute_set_from_outside(self, node: ast.Attribute, base: Value, found: tuple[Value, ...]) -> tuple[Value, ...]:
        """`self.precision` in a method, with `trainer.precision = "bf16-true"` stored on an instance of its class
        from outside the class. When the module builds the class once and every such store is one on a name
        bound to that construction, the reading is `_stored_on_instance`'s: a store before the method-running
        call (`trainer.fit()`) replaces what the class left, one after it is not seen. Otherwise the instance
        may hold the stored value when the method runs, or (the store not run yet) what its class left there.
        What `_stored_from_outside` makes a test undecided for."""
        func = self.ctx.enclosing_function(node)
        own = self._own_instance(func) if func is not None else None
        if own is None or not isinstance(node.value, ast.Name) or node.value.id != own.arg \
                or not self._stored_from_outside(func, own.arg, ordered=False):  # type: ignore[arg-type]
            return found
        cls = self._method_class(func)  # type: ignore[arg-type]
        if cls is None or self._defining_class(cls, node.attr) is not None:
            return found  # a property: a store runs its setter, which the reading follows
        stored: list[Value] = []
        first: tuple[ast.AST, ast.expr] | None = None
        stores = self.ctx.once(f"stores from outside {node.attr}", cls, lambda: self._stores_from_outside(cls, node.attr))
        built = self._its_construction(cls, node.attr, [s for s, _, _ in stores])
        if built is not None and base.node in (None, built[0].node):
            # (a reading of that very construction had `_stored_on_instance` read its stores already)
            return found if base.node is built[0].node else self._stored_on_instance(node, built[0], found, None)
        # Kept apart from `_stores_on`: these stores are found by their receiver's class (`runs[0].x = v`, a
        # parameter of a function no call here is followed into, an instance of several constructions), so
        # none of them can be placed against the call that runs the method: each may or may not have run.
        for statement, receiver, value in stores:
            if not any(x.kind == "instance" and x.extra and x.extra[0] in self._subclasses(cls)
                       for x in self.values(receiver)):
                continue  # another class's object
            if value is None:
                return (*found, Value("unknown", node, flow=self))  # `t.x += 1`, `setattr(t, name, v)`: not read here
            first = first or (statement, receiver)
            stored.extend(x.named(f"{source_text(receiver)}.{node.attr}") for x in self.values(value))
        if not stored or first is None:
            return found
        when = f"`{source_text(first[1])}.{node.attr}` is not set at line {getattr(first[0], 'lineno', '?')}"
        return (*stored, *(x.under((when,)) for x in found))

    def _its_construction(self, cls: ast.ClassDef, attr: str, stores: list[ast.AST]) -> tuple[Value, list[_Store]] | None:
        """The instance of the one construction of `cls` (or a subclass) the module writes, when each of the
        `stores` of `attr` from outside the class (statements, or `setattr` calls) is one `_stores_on` reads
        on a name bound to it, and building it runs no method of its own that could read `attr` before them
        (`__init__` reads `self` only as `self.x`); with the stores `_stores_on` reads. None otherwise."""
        builds = [(k, c) for k in self._subclasses(cls) for c in self.constructions(k)]
        if len(builds) != 1 or not stores:
            return None
        klass, construction = builds[0]
        if not self._builds_quietly(klass):
            return None
        every = self._stores_made_on(construction, attr)
        if every is None:
            return None
        read = {id(s.at) for s in every if isinstance(s.at, ast.stmt)}
        if not all(id(self.ctx.statement_of(s)) in read for s in stores):
            return None
        return Value("instance", construction, extra=(klass, construction), flow=self), every

    def _builds_quietly(self, klass: ast.ClassDef) -> bool:
        """Building `klass` runs no method of the instance: its bases are the module's own classes (or
        `object`), and each `__init__` / `__post_init__` of them reads its `self` only as a plain attribute
        (`self.x`, not a method or property, not called) and never passes it on."""
        def quiet(k: ast.ClassDef, seen: frozenset[int]) -> bool:
            bases = self.local_bases(k)
            if id(k) in seen or len(bases) != len([b for b in k.bases if not (isinstance(b, ast.Name) and b.id == "object")]) \
                    or k.keywords or k.decorator_list:
                return False
            for method in k.body:
                if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name not in ("__init__", "__post_init__", "__new__"):
                    continue
                own = [*method.args.posonlyargs, *method.args.args][:1]
                for name in walk(method):
                    if not (isinstance(name, ast.Name) and own and name.id == own[0].arg and isinstance(name.ctx, ast.Load)):
                        continue
                    parent = self.ctx.parents.get(name)
                    if not isinstance(parent, ast.Attribute) or self._defining_class(klass, parent.attr) is not None \
                            or isinstance(self.ctx.parents.get(parent), ast.Call) and self.ctx.parents[parent].func is parent:  # type: ignore[attr-defined]
                        return False
            return all(quiet(b, seen | {id(k)}) for b in bases)
        return bool(self.ctx.once("builds quietly", klass, lambda: quiet(klass, frozenset())))

    def _stores_from_outside(self, cls: ast.ClassDef, attr: str) -> list[tuple[ast.AST, ast.expr, ast.expr | None]]:
        """The statements of the module outside `cls` that may store `attr` on some object (`t.precision = v`,
        `setattr(t, "precision", v)`), as (statement, receiver, value); the value None when the store is not
        read so (`t.precision += 1`, `for t.precision in ...`, `setattr(t, name, v)`). The class's own stores,
        a setter's too, are what the instance reading follows."""
        stores: list[tuple[ast.AST, ast.expr, ast.expr | None]] = []
        for target in self.ctx.nodes(ast.Attribute):
            if isinstance(target.ctx, ast.Store) and target.attr == attr and not self.ctx.within(target, cls):
                assign = self.ctx.parents.get(target)
                read = isinstance(assign, (ast.Assign, ast.AnnAssign)) and assign.value is not None
                stores.append((assign, target.value, assign.value if read else None))
        for call in self.ctx.nodes(ast.Call):
            if isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3 \
                    and not self.ctx.within(call, cls):
                key = call.args[1]
                statement = self.ctx.parents.get(call)
                applied = self._overrides_applied(statement, attr) if isinstance(statement, ast.Expr) \
                    and not isinstance(key, ast.Constant) else None
                if applied is not None:  # a loop applying known overrides: its stores of `attr`, if any
                    if applied[1]:
                        stores.append((applied[0], call.args[0], self.stand_in(call.args[2], applied[1])))
                elif not isinstance(key, ast.Constant):
                    stores.append((call, call.args[0], None))
                elif key.value == attr:
                    stores.append((call, call.args[0], call.args[2]))
        return stores

    def _set_from_outside(self, node: ast.Attribute, name: ast.Name, base: Value,
                          found: tuple[Value, ...], read_elsewhere: bool = False) -> tuple[Value, ...]:
        """`cfg = Config()` then `cfg.remat = {Block}` or `setattr(cfg, "remat", {Block})`: what was stored
        into this object's attribute, on the name the read uses. Stores that are all statements of the read's
        own block are ordered against it as `_stored_on_instance` orders them (`_stored_before`: the last one
        before it, none after it); otherwise one before it in its block replaces the attribute's value, and
        one elsewhere may or may not have run. `setattr(cfg, key, v)` may set any attribute. Read in another
        module (`read_elsewhere`, `node` a stand-in), every store may have run before the read. Apart from
        `_stored_on_instance` because it reads what that one does not: a loop applying a dict of overrides
        (`_overrides_applied`), and another module's stores (`_set_where_bound`)."""
        read = None if read_elsewhere else self.ctx.statement_of(node)
        stored: list[Value] = []
        replaced = False
        first: ast.stmt | None = None
        made: list[_Store] = []
        by_the_run = False
        for stmt, receiver, attr, value in self.ctx.attribute_stores(name.id):
            if attr not in (None, node.attr) or stmt is read:
                continue
            if base.node is None or not any(d.node is base.node for d in self.reaching(receiver) or ()):
                continue  # another object under the same name
            if attr is None and self._turns_over_the_command_line(stmt):
                by_the_run = True  # `for arg in sys.argv[1:]: ... setattr(config, key, value)`: another run's
                continue
            if attr is None:
                applied = self._overrides_applied(stmt, node.attr)
                if applied is None:
                    return (Value("unknown", node, flow=self),)
                stmt, values = applied
                if not values:
                    continue  # the overrides hold no such key
            else:
                values = self.values(value)
            first = first or stmt
            named = tuple(x.named(f"{name.id}.{node.attr}") for x in values)
            stored.extend(named)
            made.append(_Store(stmt, name.id, named, True))
            place, here = self.ctx.block_place(stmt), self.ctx.block_place(read) if read is not None else None
            replaced = replaced or (place is not None and here is not None and place[0] is here[0] and place[1] < here[1])
        if by_the_run:  # what the plain run (`python train.py`, no option) leaves, beside what another run sets
            found = (Value("unknown", node, extra=SET_BY_THE_RUN, flow=self), *(x.under((BY_DEFAULT,)) for x in found))
        if not stored:
            return found
        before = self._stored_before(node, made) if read is not None else None
        if before is False:
            return found
        if isinstance(before, _Store):
            return before.values or ()
        if replaced:
            return tuple(stored)
        when = f"`{name.id}.{node.attr}` is not set at line {first.lineno}" if first is not None else "it is not set"
        return (*stored, *(x.under((when,)) for x in found))

    def _stored_on_instance(self, node: ast.Attribute, base: Value, found: tuple[Value, ...],
                            handled: str | None, copied_at: tuple[Flow, ast.Call] | None = None) -> tuple[Value, ...]:
        """`cfg = Config()` then `cfg.loss_reduce = "max"`, or `for_leaderboard(cfg)` whose body stores on its
        parameter: an attribute set on the instance after it is built, read wherever the instance reaches (a
        function it is passed to, another module). The stores are those the module that builds it makes on a
        name bound to that construction, and those of a function it calls with that name on the parameter it
        gets (one call deep). A store made before the instance leaves that name replaces what the construction
        left, one made after it is not seen (`_seen_by_readers`); any other may have run, so its values come with what the construction
        left under "not set". A store of an attribute it cannot name (`setattr(cfg, key, v)`) or one that runs a
        `__setattr__` of the class's own (but a plain one) leaves the attribute unknown. `handled`: the name
        whose stores `_set_from_outside` read already; `copied_at`: the source of a copy is read as the copy
        saw it (the stores after the copy belong to the source alone)."""
        construction, attr = base.node, node.attr
        assert isinstance(construction, ast.Call)
        # the module that writes the construction (a class of another module built here is read there)
        home = next((f for f in (base.flow or self, self) if construction in f.ctx.parents), None) \
            or self._home_of(construction, base)
        if home is None:
            return found
        cls = base.extra[0] if isinstance(base.extra, tuple) and isinstance(base.extra[0], ast.ClassDef) else None
        classes = (cls, *(base.flow or home).local_bases(cls)) if cls is not None else ()
        if any(_property_getter(k, attr) or _property_setter(k, attr) for k in classes):
            return found  # (a store into a property runs its setter)
        if _copy_of(construction, home):  # a copy holds what its source held when copied
            sources = home.values(construction.args[0])
            if len(sources) == 1 and sources[0].kind == "instance" and isinstance(sources[0].node, ast.Call):
                found = self._stored_on_instance(node, sources[0], found, None, copied_at=(home, construction))
        every = home._stores_made_on(construction, attr)
        if every is None:
            return found
        # (the stores on the name read, `handled`, are in `found` already)
        stores = [s for s in every if handled is None or s.holder != handled or isinstance(s.at, ast.Call)]
        if not stores:
            return found
        setter = next((m for k in classes for m in k.body if isinstance(m, ast.FunctionDef) and m.name == "__setattr__"), None)
        if any(s.values is None for s in stores) or setter is not None and not _plain_setattr(setter):
            if setter is None and self._bound_elsewhere_at_top(base) is not None:
                # `setattr(settings, key, value)` in its module's `configure(**overrides)`: its callers name the keys
                return self._set_where_bound(base, attr, found)
            return (Value("unknown", node, flow=self),)
        passed = _passed_to(construction, home.ctx.parents.get(construction))
        if passed is not None and copied_at is None and all(s.at is passed and s.plain for s in stores):
            # `normalize(ShardingConfig())` whose body stores on its parameter: done before anyone else holds it
            return tuple(x.named(f"{stores[-1].holder}.{attr}") for x in stores[-1].values or ())
        if copied_at is not None:  # (the copy's own module orders them against the copy)
            copier, copy = copied_at
            before = copier._stored_before(copy, every) if home.ctx is copier.ctx else None
        else:
            before = self._stored_before(node, every) if home.ctx is self.ctx else None
        if before is False:  # stored after the read, in its block
            return found
        if isinstance(before, _Store):  # `deepen(cfg)` then `cfg.remat` in the same block
            return tuple(x.named(f"{before.holder}.{attr}") for x in before.values or ())
        seen = home._seen_by_readers(construction, stores, self._method_reading(node), imported=home.ctx is not self.ctx)
        if seen is False:  # stored after the instance went on
            return found
        if isinstance(seen, _Store):  # every reader through the instance comes after this store
            return tuple(x.named(f"{seen.holder}.{attr}") for x in seen.values or ())
        out = [x.named(f"{s.holder}.{attr}") for s in stores for x in s.values or ()]
        when = f"`{stores[0].holder}.{attr}` is not set at line {stores[0].at.lineno}"
        return (*out, *(x.under((when,)) for x in found))

    def _stored_before(self, node: ast.AST, stores: list[_Store]) -> _Store | bool | None:
        """The stores as the read sees them when each is a statement of the read's own block (a helper's own
        store a statement of its body), in no loop: ordered against the read (`_as_seen`)."""
        read = self.ctx.statement_of(node)
        here = self.ctx.block_place(read) if read is not None else None
        if here is None or isinstance(self.ctx.parents.get(read), (ast.For, ast.AsyncFor, ast.While)):
            return None
        placed = self._placed(stores, here[0], -1, here[1])
        return _as_seen(placed, [here[1]]) if placed else None

    def _placed(self, stores: list[_Store], block: list[ast.stmt], after: int, skip: int) -> list[tuple[int, _Store]] | None:
        """Each store with its index in `block`, when each is a plain statement of it (a helper's store a
        statement of its body, the helper's call a statement of `block`) after index `after`, not at `skip`."""
        placed: list[tuple[int, _Store]] = []
        for store in stores:
            stmt = store.at if isinstance(store.at, ast.stmt) else self.ctx.parents.get(store.at)
            place = self.ctx.block_place(stmt) if stmt is not None else None
            if place is None or place[0] is not block or place[1] <= after or place[1] == skip or not store.plain \
                    or isinstance(store.at, ast.Call) and not (isinstance(stmt, ast.Expr) and stmt.value is store.at):
                return None
            placed.append((place[1], store))
        return placed

    def _stores_made_on(self, construction: ast.Call, attr: str) -> list[_Store] | None:
        """`_stores_on` the names this module binds to `construction`; None when it binds none, or while
        they are read already (a store's value reading the attribute again)."""
        holders = _names_bound_to(construction, self.ctx.parents.get(construction))
        key = (id(construction), attr)
        if not holders and _passed_to(construction, self.ctx.parents.get(construction)) is None \
                or key in self.base._asking_stores:
            return None
        self.base._asking_stores.add(key)
        try:
            return self._stores_on(construction, holders, attr)
        finally:
            self.base._asking_stores.discard(key)

    def _stores_on(self, construction: ast.Call, holders: set[str], attr: str) -> list[_Store]:
        """The stores into `attr` of the instance `construction` builds: on a name here bound to it, and on
        the parameter of a function a call here passes that name to (at most `MAX_CONTEXTS` such calls)."""
        out: list[_Store] = []
        def holds(name: ast.Name) -> bool:
            return any(d.node is construction for d in self.reaching(name) or ())
        for holder in sorted(holders):
            for stmt, receiver, stored, value in self.ctx.attribute_stores(holder):
                if stored in (None, attr) and holds(receiver):
                    applied = self._overrides_applied(stmt, attr) if stored is None else None
                    if applied is not None:  # `for key, v in OVERRIDES.items(): setattr(cfg, key, v)`: the loop stores
                        if applied[1]:
                            out.append(_Store(applied[0], holder, applied[1], True))
                        continue
                    out.append(_Store(stmt, holder, None if stored is None else self.values(value), True))
        helpers: list[tuple[ast.Call, ast.expr]] = self.ctx.once("calls passing the instance", construction, lambda: [
            (call, a) for call in self.ctx.nodes(ast.Call) for a in (*call.args, *(k.value for k in call.keywords))
            if isinstance(a, ast.Name) and a.id in holders and holds(a)], meanwhile=[])
        passed = _passed_to(construction, self.ctx.parents.get(construction))
        if passed is not None:  # `normalize(ShardingConfig())`: the helper's stores on its parameter are this instance's
            helpers = [(passed, construction), *helpers]
        for call, given in helpers[:MAX_CONTEXTS]:
            callees = [(f.node, f.flow or self, call, False) for f in self.values(call.func) if f.kind == "function"
                       and f.extra is None and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef))]
            # (a method: its `self` is another object; but a callback's method a dispatcher runs with the instance
            # given by keyword, `fabric.call("on_setup", state=state)`)
            callees += self._dispatched_methods(call)
            for func, there, called, bound in callees:
                param = next((p for p in all_args(func.args) if argument_for(func, p, called, bound) is given), None)
                holder = given.id if isinstance(given, ast.Name) else param.arg if param is not None else ""
                for stmt, receiver, stored, value in there.ctx.attribute_stores(param.arg) if param is not None else ():
                    if stored in (None, attr) and there.ctx.within(stmt, func) \
                            and all(d.how == "param" for d in there.reaching(receiver) or ()):
                        applied = there._overrides_applied(stmt, attr) if stored is None else None
                        if applied is not None:
                            if applied[1]:
                                out.append(_Store(call, holder, applied[1], there.ctx.parents.get(applied[0]) is func))
                            continue
                        out.append(_Store(call, holder, None if stored is None else there.values(value),
                                          there.ctx.parents.get(stmt) is func))
        return out

    def _dispatched_methods(self, call: ast.Call) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow, ast.Call, bool]]:
        """`fabric.call("on_setup", state=state)`, a method a pack says calls `on_setup` of the objects its receiver
        holds (`Fabric(callbacks=[...])`): each such method, with the flow that reads it and the call as it runs
        it (`obj.on_setup(state=state)`, its `self` bound)."""
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in self.ctx.tips.dispatchers or not call.args \
                or not isinstance(call.args[0], ast.Constant) or not isinstance(call.args[0].value, str):
            return []
        name = call.args[0].value
        out: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow, ast.Call, bool]] = []
        for receiver in self.values(func.value):
            for held in self.ctx.tips.dispatched_to(self, func.attr, receiver):
                if held.kind != "instance" or not isinstance(held.extra, tuple) or not isinstance(held.extra[0], ast.ClassDef):
                    continue
                there = held.flow or self
                owner = there._defining_class(held.extra[0], name)
                method = next((m for m in owner.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                               and m.name == name), None) if owner is not None else None
                if method is not None and not _is_static(method) and not _is_classmethod(method):
                    out.append((method, there, _Dispatched(call), True))
        return out

    def _method_reading(self, node: ast.AST) -> tuple[ast.ClassDef, str] | None:
        """The class and name of the method whose body reads `node` (`self.cfg.precision` in `fit`), else None."""
        func = self.ctx.enclosing_function(node)
        cls = self.ctx.parents.get(func) if func is not None else None
        return (cls, func.name) if isinstance(cls, ast.ClassDef) and func is not None else None

    def _home_of(self, construction: ast.Call, base: Value) -> Flow | None:
        """The flow of the module that builds (or copies) `construction`, an instance of a class another module
        defines (`TPU = TrainConfig()` in tpu_config.py, read through `from tpu_config import TPU`)."""
        held = base.flow.base._builders.get(construction) if base.flow is not None else None
        return held() if held is not None else None

    def _seen_by_readers(self, construction: ast.Call, stores: list[_Store],
                         method: tuple[ast.ClassDef, str] | None = None, imported: bool = False) -> _Store | bool | None:
        """Which stores a reader of the instance through a function it is passed to (or a name it reaches,
        or a method run on it) sees, when each is a statement of the block that binds the construction (a
        helper's own store a statement of its body), after the binding, in no loop: the instance leaves the
        name (passed on, bound again, a method called on it) in statements of the block, and a reader sees
        what was stored before them (`_as_seen`, the rule `_stored_before` orders a read in the block by).
        Handed to the class whose `method` reads it (`trainer = Trainer(cfg)`, `fit` reading `self.cfg.x`), it
        is read when that method runs: at each later use of `trainer`, not at the construction. `imported`: a
        reader in another module may also have imported it, after the whole module ran (the module's body the
        block: a moment after its last statement)."""
        bind = self.ctx.parents.get(construction)
        bound_at = self.ctx.block_place(bind) if bind is not None else None
        if bound_at is None or isinstance(self.ctx.parents.get(bind), (ast.For, ast.AsyncFor, ast.While)):
            return None  # (in a loop, a later statement also runs before an earlier one)
        block, start = bound_at
        placed = self._placed(stores, block, start, start)
        if not placed:
            return None
        uses = self.ctx.once("uses of the instance", construction, lambda: self._uses_in_block(construction, block))
        if uses is None:
            return None
        moments = [m for name, i in uses if not any(self.ctx.within(name, s.at) for _, s in placed)
                   for m in self._read_moments(name, i, block, method)]
        if imported and block is self.ctx.module.body:
            moments.append(len(block))
        return _as_seen(placed, moments)

    def _read_moments(self, name: ast.Name, index: int, block: list[ast.stmt],
                      method: tuple[ast.ClassDef, str] | None) -> list[int]:
        """When a use of the instance at `index` of `block` may read it: then, or, when it builds the class
        whose (not `__init__`) `method` reads it and binds the new object to a name, at each later statement
        of the block using that name (the object keeps the instance and runs the method later)."""
        call, stmt = self.ctx.parents.get(name), block[index]
        if method is None or method[1] == "__init__" or not isinstance(call, ast.Call) or name not in call.args \
                and not any(k.value is name for k in call.keywords) or not isinstance(stmt, ast.Assign) \
                or stmt.value is not call or len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name) \
                or not any(v.kind == "class" and v.node is method[0] for v in self.values(call.func)):
            return [index]
        holder = stmt.targets[0].id
        later = [i for i in range(index + 1, len(block)) if any(
            isinstance(n, ast.Name) and n.id == holder and isinstance(n.ctx, ast.Load) for n in ast.walk(block[i]))]
        return later or [index]

    def _uses_in_block(self, construction: ast.Call, block: list[ast.stmt]) -> list[tuple[ast.Name, int]] | None:
        """The reads of the names bound to `construction` that may take the instance away from them (all but
        `cfg.x` read or stored), each with the index of its statement in `block`, where the binding is; None
        when one is in a function (a global, read whenever that runs)."""
        holders = _names_bound_to(construction, self.ctx.parents.get(construction))
        out: list[tuple[ast.Name, int]] = []
        for name in self.ctx.nodes(ast.Name):
            if name.id not in holders or not isinstance(name.ctx, ast.Load) \
                    or not any(d.node is construction for d in self.reaching(name) or ()):
                continue
            top: ast.AST | None = name
            while top is not None and not ((p := self.ctx.block_place(top)) is not None and p[0] is block):
                top = self.ctx.parents.get(top)
            if not isinstance(top, ast.stmt):
                return None
            parent = self.ctx.parents.get(name)
            called = self.ctx.parents.get(parent) if isinstance(parent, ast.Attribute) else None
            if isinstance(parent, ast.Attribute) and not (isinstance(called, ast.Call) and called.func is parent):
                continue  # `cfg.x` read or stored here: the instance stays here
            if isinstance(parent, ast.Call) and parent.args[:1] == [name] and _copy_of(parent, self):
                continue  # a copy is another object: what is stored later is this one's alone
            out.append((name, block.index(top)))
        return out

    def _turns_over_the_command_line(self, stmt: ast.AST) -> bool:
        """`stmt` runs only on turns of a loop over the command line's arguments (`for arg in sys.argv[1:]`, or
        over a parameter every call gives them): the plain run (`python train.py`, no option) runs none (or one,
        on the script's own path, of `sys.argv` whole)."""
        scope = self.ctx.enclosing_function(stmt) or self.ctx.module
        node = self.ctx.parents.get(stmt)
        while node is not None and node is not scope:
            if isinstance(node, ast.For) and self.ctx.within(stmt, node) and not self.ctx.within(stmt, node.iter):
                held = self.values(node.iter)
                if held and all((x.extra == SET_BY_THE_RUN or x.qualified == "sys.argv") and not x.when for x in held):
                    return True
            node = self.ctx.parents.get(node)
        return False

    def _overrides_applied(self, stmt: ast.stmt, attr: str) -> tuple[ast.stmt, tuple[Value, ...]] | None:
        """`for key, value in OVERRIDES.items(): setattr(cfg, key, value)` with a dict the file reads whole, or
        `for key, value in PAIRS:` over a sequence of (name, value) pairs it knows every item of (each pair a
        store, the last one of a name the one that stays): the loop, and what it sets `attr` to (nothing when no
        key is `attr`); None otherwise."""
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        loop = self.ctx.parents.get(stmt)
        if not isinstance(call, ast.Call) or not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Tuple):
            return None
        names = [e.id if isinstance(e, ast.Name) else None for e in loop.target.elts]
        given = [a.id if isinstance(a, ast.Name) else "" for a in call.args[1:3]]
        items = loop.iter
        if names != given:
            return None
        if not (isinstance(items, ast.Call) and isinstance(items.func, ast.Attribute)
                and items.func.attr == "items" and not items.args):
            pairs = self._named_pairs(items)
            if pairs is None:
                return None
            return loop, pairs.get(attr, ())
        mappings = self.plain_run(self.values(items.func.value))
        if len(mappings) != 1 or mappings[0].kind != "dict":
            return None
        entries, complete = self.entries(mappings[0])
        if entries is None or not complete and attr not in entries:
            return None
        return loop, (entries[attr].values() if attr in entries else ())

    def _named_pairs(self, items: ast.expr) -> dict[str, tuple[Value, ...]] | None:
        """`[("precision", "bf16-true"), ("remat", [Block])]`: what each name of a sequence of (name, value) pairs
        the file knows every item of is paired with last; None when an item is no such pair on its one path."""
        known = self._known_items(items)
        if known is None:
            return None
        paired: dict[str, tuple[Value, ...]] = {}
        for item in known:
            parts = self._turn_parts(item, 2)
            keys = self.plain_run(parts[0]) if parts is not None else ()
            if parts is None or len(keys) != 1 or keys[0].when or not isinstance(keys[0].node, ast.Constant) \
                    or not isinstance(keys[0].node.value, str):
                return None
            paired[keys[0].node.value] = parts[1]
        return paired

    def _stored_earlier(self, node: ast.Attribute) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None:
        """`self.x` read in a method after that method set `self.x = v` on every path: v, not every
        value any method gives `self.x` (`self.model = model` then `Adam(self.model.parameters())`
        in `__init__` reads the raw model, whatever `fit` later puts there). None when a statement in
        between may change it (another store, a call of one of `self`'s methods, `self` passed on)."""
        func = self.ctx.enclosing_function(node)
        if func is None or not isinstance(node.value, ast.Name) or not isinstance(node.ctx, ast.Load) \
                or self._method_class(func) is None or _is_static(func) or _is_classmethod(func) or not func.args.args:
            return None
        owner, attr = func.args.args[0].arg, node.attr
        if node.value.id != owner:
            return None
        top: ast.AST | None = node  # the statement of the method's own body the read sits in
        while top is not None and self.ctx.parents.get(top) is not func:
            top = self.ctx.parents.get(top)
        table = self.ctx.once(f"self_reads:{attr}", func, lambda: self._self_reads(func, owner, attr))
        return table.get(id(top))

    def _self_reads(self, func: ast.FunctionDef | ast.AsyncFunctionDef, owner: str,
                    attr: str) -> dict[int, tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None]:
        """What a read of `owner.attr` gets in each statement of the method's body (by id): one pass over
        the body serves every read of the attribute (not a pass up to each read)."""
        cls = self._method_class(func)
        methods = _method_names(cls)
        table: dict[int, tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None] = {}
        found: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None = None
        for stmt in func.body:
            loop_stores = found is not None and isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) \
                and _may_change(stmt, owner, attr, methods)
            table[id(stmt)] = None if loop_stores else found  # a later iteration may read what the loop stored
            stored = _plain_store(stmt, owner, attr)
            called = _own_method_called(stmt, owner, cls)
            left = _last_plain_store(called, attr, methods) if called is not None else None
            if stored is not None:
                found = (func, stored)
            elif called is not None and left is not None:
                found = (called, left)  # `self.setup()` sets `self.model` on every path
            elif found is not None and _may_change(stmt, owner, attr, methods):
                found = None
        return table

    def attribute(self, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...]:
        flow = value.flow or self
        if flow is not self:
            if value.kind == "instance" and self.ctx.project is not None:  # `config.CFG.precision` set by a caller
                patched = self.ctx.project.instance_attribute_patched(self, value, attr, node)
                if patched:
                    return tuple(patched)
            return flow.attribute(value, attr, node)
        unknown = (Value("unknown", node, flow=self),)
        if value.kind == "instance":
            cls, call = value.extra
            built = self._while_built(cls, attr, node) if call is None and isinstance(node, ast.Attribute) else None
            if built is not None:
                return built or unknown
            # `self.x` read in `__post_init__` itself (of every construction): what the construction gave it
            as_built = call is None and self._in_post_init(node, cls)
            found = self.instance_attribute(cls, call, attr, set(), as_built)
            return found or unknown
        if value.kind == "class" and isinstance(value.node, ast.ClassDef):
            found = tuple(self._bound_to_class(x, value) for x in self.class_attribute(value.node, attr, set()))
            if found and _is_enum(value.node, self.ctx):
                return tuple(Value("enum", x.node, x.when, f"{value.node.name}.{attr}", extra=x, flow=self)
                             for x in found)
            return found or unknown
        if value.kind in ("external", "class") and value.qualified and not isinstance(value.node, ast.ClassDef):
            return (_external(f"{value.qualified}.{attr}", node, self),)  # `nn.Linear` with `nn` not shown
        if value.kind == "project_module" and self.ctx.project is not None:  # `import config` ... `config.CFG`
            return self.ctx.project.module_attribute(self, value.extra, attr, node) or unknown
        if value.kind == "enum" and attr == "value" and isinstance(value.extra, Value):
            return (value.extra,)
        if value.kind == "enum" and attr == "name" and value.label and isinstance(node, ast.Attribute):
            return (Value("str", _Member(node, value.label.rpartition(".")[2]), value.when, flow=self),)  # `Mode.FULL.name`
        if value.kind == "enum" and isinstance(value.extra, Value):
            held = self._member_property(value, attr, node)
            if held is not None:
                return held
        if value.kind == "namespace" and isinstance(value.node, ast.Call):
            entries, complete = self._namespace_keys(value.node)
            if self._namespace_set(value, attr, chained=True):
                return unknown  # `cfg.trainer.strategy = "xla"` somewhere (a store on a name: see `_set_from_outside`)
            if attr in entries:
                return tuple(x.named(attr) for entry in entries[attr] for x in entry.values())
            return unknown
        if value.kind == "args":
            if attr == "__dict__":  # `args.__dict__`, as `vars(args)`
                stored = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and bool(self.ctx.attribute_stores(node.value.id))
                return unknown if stored else (Value("dict", node, value.when, extra=("options", value), flow=self),)
            # the options of the module that built the parser (`args = parse_args()` of cli.py read in train.py)
            parser_module = value.extra if isinstance(value.extra, Flow) else value.flow or self
            return self._namespace_stores(node, attr, parser_module.argparse_default(attr) or unknown)
        if value.kind == "function" and attr == "__name__" and isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and not any("wraps" in source_text(d) for d in value.node.decorator_list):
            # `fn.__name__` of a def (the function its `def` made; `functools.wraps` would rename a wrapper): its name,
            # as a registry a decorator fills by it reads it (`MODELS[fn.__name__] = fn`)
            return (Value("str", ast.copy_location(ast.Constant(value.node.name), node), value.when, flow=self),)
        tipped = self.ctx.tips.attribute_of(self, value, attr, node)
        if tipped is not None:
            return tipped
        made_by = self._project_class_of(value)
        if made_by is not None:  # `net.configure_optimizers` of a module a project class builds: that class's def
            method = self._method_from(value, made_by[0]._linearization(made_by[1]), attr)
            return (method,) if method is not None else unknown
        if value.kind == "dict" and attr in ("copy",):
            return (replace(value, kind="method", extra=(value, attr)),)
        return unknown

    def _member_named(self, member: Value, node: ast.AST) -> Value:
        """The value of an Enum member, as its `.value` reads it: placed where the member is named
        (`ACCELERATOR = Accelerator.CPU` in settings/defaults.py) when the Enum is another module's (constants.py:
        a vocabulary whose every member is right for some run); the pick is what a run's value comes from."""
        if not isinstance(member.node, ast.Constant) or isinstance(member.node.value, bool) \
                or not isinstance(member.node.value, (str, int, float)) or member.node in self.ctx.parents \
                or not isinstance(node, ast.Attribute) or node not in self.ctx.parents:
            return member
        return replace(member, node=_Member(node, member.node.value, member), flow=self)

    def _bound_to_class(self, found: Value, receiver: Value) -> Value:
        """A classmethod a subclass inherits, read on it (`Remat.strategy_kwargs`, or on an instance of it):
        bound to that class, whose attributes its `cls` reads, not to the class that defines it."""
        func = found.node
        if found.kind != "function" or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                or not _is_classmethod(func) or not func.args.args:
            return found
        owner = (found.flow or self).ctx.parents.get(func)
        if not isinstance(owner, ast.ClassDef) or owner is receiver.node:
            return found
        return replace(found, extra=("method", owner, replace(receiver, when=())))

    def _namespace_keys(self, call: ast.Call) -> tuple[dict[str, list[Entry]], bool]:
        """The attributes `SimpleNamespace(...)` (or `argparse.Namespace(...)`) builds: its keywords, and the keys
        of each dict a `**` may hold (`SimpleNamespace(**{"strategy": "ddp"})`, `SimpleNamespace(**DEFAULTS)`),
        each entry under the conditions of its dict; complete=False when a `**` cannot be read whole."""
        out: dict[str, list[Entry]] = {}
        complete = True
        for kw in call.keywords:
            if kw.arg is not None:
                out.setdefault(kw.arg, []).append(Entry(kw.value, kw, self))
                continue
            held = self.plain_run(self.values(kw.value))
            if not held or any(x.kind != "dict" for x in held):
                complete = False
                continue
            readings = [(x.when, *self.entries(x)) for x in held]
            complete = complete and all(entries is not None and whole for _, entries, whole in readings)
            if len(readings) == 1:
                for key, entry in (readings[0][1] or {}).items():
                    out.setdefault(key, []).append(entry)
                continue
            for key in dict.fromkeys(k for _, entries, _ in readings for k in entries or {}):
                # one of several dicts: the key holds what each gives, under its conditions
                given = [(when, entries[key]) for when, entries, _ in readings if entries and key in entries]
                stand_in = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), kw.value)
                self.base.pin(stand_in, tuple(v.under((*when, *e.when)) for when, e in given for v in e.values()))
                always = len(given) == len(readings) and not any(e.when for _, e in given)
                out.setdefault(key, []).append(Entry(stand_in, kw, self.base, () if always else
                                                     either((*when, *e.when) for when, e in given)))
        return out, complete

    def _attributes_set(self, cls: ast.ClassDef, call: ast.Call | None) -> tuple[dict[str, Entry] | None, bool]:
        """`vars(obj)` of an instance of a plain class of this module: an entry for each attribute its
        `__init__` stores on `self` on every path (its own statements), holding what the instance holds there.
        Not complete when a base's `__init__` may store more, or another of its methods, or `__init__` under a
        test, stores an attribute."""
        init = next((m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
        if init is None or not init.args.args:
            return None, False
        own = init.args.args[0].arg
        complete = all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases) and not cls.keywords
        out: dict[str, Entry] = {}
        for stmt in init.body:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] \
                if isinstance(stmt, ast.AnnAssign) and stmt.value is not None else []
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == own \
                        and target.attr not in out:
                    held_values = self.instance_attribute(cls, call, target.attr, set())
                    if not held_values:
                        complete = False
                        continue
                    held = ast.copy_location(ast.Name(id=target.attr, ctx=ast.Load()), stmt)
                    self.base.pin(held, held_values)
                    out[target.attr] = Entry(held, stmt, self.base)
        for method in cls.body:  # an attribute stored anywhere else (`self.best = ...` in `update`)
            if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and method.args.args:
                mine = method.args.args[0].arg
                if any(isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name)
                       and n.value.id == mine and n.attr not in out for n in walk(method)):
                    complete = False
        return out, complete

    def _namespace_entries(self, namespace: Value, use: ast.AST | None = None) -> tuple[dict[str, Entry] | None, bool]:
        """`vars(ns)` of a namespace built here: the dict of its attributes; an attribute something may set
        after it is built (`ns.strategy = "xla"`, `setattr(ns, key, v)`) is left out, and the dict incomplete,
        unless (given the `use`) that one store is made on every path from the building to the use
        (`_stored_before`): then the entry is what it stores."""
        assert isinstance(namespace.node, ast.Call)
        flow = namespace.flow or self
        keys, complete = flow._namespace_keys(namespace.node)
        out: dict[str, Entry] = {}
        for key, entries in keys.items():
            if len(entries) == 1 and not self._namespace_set(namespace, key):
                out[key] = entries[0]
            else:
                complete = False
        if use is not None and flow is self:
            for key, entry in self._namespace_stored_before(namespace, use).items():
                out[key] = entry
        return out, complete and not self._namespace_set(namespace, None)

    def _namespace_stored_before(self, namespace: Value, use: ast.AST) -> dict[str, Entry]:
        """`ns.key = value` statements of the block that builds the namespace (`ns = SimpleNamespace(...)`),
        after that and before the statement of the block that holds `use`: each key stored once, by a
        statement of that one shape, and set nowhere else (no other store, no `setattr` that may name it)."""
        # (a namespace made up for a converter's dict is bound nowhere: nothing stores into it)
        place = self.ctx.block_place(self.ctx.statement_of(namespace.node)) \
            if namespace.node is not None and namespace.node in self.ctx.parents else None
        if place is None:
            return {}
        block, start = place
        end = next((i for i in range(start + 1, len(block)) if self.ctx.within(use, block[i])), None)
        if end is None:
            return {}
        stored: dict[str, Entry | None] = {}  # (None: stored twice there)
        for stmt in block[start + 1:end]:
            if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
                continue
            target = stmt.targets[0]
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and [x.node for x in self.values(target.value)] == [namespace.node]:
                stored[target.attr] = Entry(stmt.value, target, self) if target.attr not in stored else None
        return {key: entry for key, entry in stored.items()
                if entry is not None and self._namespace_stores_of(namespace, key) == 1}

    def _namespace_stores_of(self, namespace: Value, key: str) -> int:
        """How many statements of this module may set the attribute `key` of the namespace after it is built
        (a `setattr` that may name it counts as two: never the one store `_namespace_stored_before` reads)."""
        count = 0
        stores: list[ast.Assign | ast.AnnAssign | ast.AugAssign] = [
            *self.ctx.nodes(ast.Assign), *self.ctx.nodes(ast.AnnAssign), *self.ctx.nodes(ast.AugAssign)]
        for stmt in stores:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            count += sum(1 for t in targets if isinstance(t, ast.Attribute) and t.attr == key
                         and any(x.node is namespace.node for x in self.values(t.value)))
        for call in self.ctx.calls_by_name("setattr", live=False):
            if call.args and any(x.node is namespace.node for x in self.values(call.args[0])):
                named = call.args[1] if len(call.args) > 1 else None
                if not (isinstance(named, ast.Constant) and isinstance(named.value, str) and named.value != key):
                    count += 2
        return count

    def _lacks(self, namespace: Value, attr: str) -> bool:
        """A namespace built from keywords alone (`SimpleNamespace(lr=1e-3, steps=2)`) that no keyword, no store
        and no `setattr` of the module gives `attr`."""
        if not isinstance(namespace.node, ast.Call) or namespace.node.args or namespace.flow not in (None, self):
            return False  # (a mapping given by position, a namespace another module builds: not read here)
        bound = self.ctx.parents.get(namespace.node)
        if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)):
            return False
        if not self._read_only_by_attributes(bound.targets[0].id):  # no `vars(cfg)`, no helper given it
            return False
        entries, complete = self._namespace_keys(namespace.node)
        return complete and attr not in entries and not self._namespace_set(namespace, attr)  # (chained stores too)

    def _lacks_option(self, args: Value, attr: str) -> bool:
        """`args = parser.parse_args()` (here, or returned by a function of the file) of a parser whose every
        option and default the file spells (no option named by a computed string, no `parents=`, no
        `set_defaults(**...)`, the parser given to no other function) sets no `attr`, and nothing of the module
        sets it on the namespace afterwards (a store, `setattr`, `vars(args)`)."""
        if args.flow not in (None, self) or args.extra is not None or self._spread_defaults():
            return False
        options, defaults = self._argparse_calls()
        if attr in options or attr in defaults:
            return False
        for call, _ in self.ctx.spelled_method_calls("add_argument"):
            if any(not (isinstance(a, ast.Constant) and isinstance(a.value, str)) for a in call.args) \
                    or any(k.arg is None or k.arg == "dest" and not isinstance(k.value, ast.Constant) for k in call.keywords):
                return False
        for call in self.ctx.nodes(ast.Call):
            if self.ctx.resolve(call.func) == "argparse.ArgumentParser":
                if any(k.arg in (None, "parents") for k in call.keywords):
                    return False
                bound = self.ctx.parents.get(call)
                if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)) \
                        or not self._read_only_by_attributes(bound.targets[0].id):
                    return False  # (a parser a helper is given may get any option there)
        taken = [c.args[0] for c in self.ctx.calls_by_name("vars", live=False) if c.args] + [
            a.value for a in self.ctx.nodes(ast.Attribute) if a.attr == "__dict__"]
        if any(x.node is args.node for whole in taken for x in self.values(whole)):
            return False
        for call in self.ctx.nodes(ast.Call):  # given to a function of another module, which may set anything on it
            given = [a.value if isinstance(a, ast.Starred) else a for a in call.args] + [k.value for k in call.keywords]
            if any(isinstance(a, ast.Name) and any(x.node is args.node for x in self.values(a)) for a in given) \
                    and not (isinstance(call.func, ast.Name) and call.func.id in ("getattr", "hasattr", "print")) \
                    and not (isinstance(call.func, ast.Attribute)  # `fabric.launch(train, args)`: to a function here
                             and all(r.kind == "fabric" for r in self.values(call.func.value))) \
                    and not all(f.kind == "function" and f.flow is self and isinstance(f.node, ast.FunctionDef)
                                for f in self.values(call.func)):
                return False
        return not self._namespace_set(args, attr)  # (chained stores too)

    def _read_only_by_attributes(self, name: str) -> bool:
        """Every read of the module's `name` reads an attribute of it (`parser.add_argument`), or is the object of
        `getattr`/`hasattr`: no function is given the object itself, no `__dict__` of it is taken."""
        for read in self.ctx.loads_named(name):
            parent = self.ctx.parents.get(read)
            if isinstance(parent, ast.Attribute) and parent.attr != "__dict__" or isinstance(parent, ast.Call) \
                    and isinstance(parent.func, ast.Name) and parent.func.id in ("getattr", "hasattr") and parent.args[:1] == [read]:
                continue
            return False
        return True

    def _namespace_set(self, namespace: Value, key: str | None, chained: bool = False) -> bool:
        """Something in this module may set the attribute `key` of the namespace (any attribute, for None)
        after it is built: an assignment to `x.key` or a `setattr(x, ...)` whose `x` may hold it (`chained`: only
        an `x` that is no plain name, `cfg.trainer.strategy = ...`)."""
        stores: list[ast.Assign | ast.AnnAssign | ast.AugAssign] = [
            *self.ctx.nodes(ast.Assign), *self.ctx.nodes(ast.AnnAssign), *self.ctx.nodes(ast.AugAssign)]
        for stmt in stores:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and (key is None or target.attr == key) \
                        and not (chained and isinstance(target.value, ast.Name)) \
                        and any(x.node is namespace.node for x in self.values(target.value)):
                    return True
        if chained:
            return False
        for call in self.ctx.calls_by_name("setattr", live=False):
            if call.args and any(x.node is namespace.node for x in self.values(call.args[0])):
                constant = call.args[1] if len(call.args) > 1 else None
                named = constant.value if isinstance(constant, ast.Constant) and isinstance(constant.value, str) else None
                if named is None or key is None or named == key:  # a computed name may be any
                    return True
        return False

    def instance_attribute(self, cls: ast.ClassDef, call: ast.Call | None, attr: str,
                           seen: set[int], as_built: bool = False) -> tuple[Value, ...]:
        if isinstance(call, itemwise.BuiltCall):
            # an object a function of the project built attribute by attribute (`Config.from_dict(...)`): what that
            # run set; else what its class gives, never its `__init__` (run already, for the arguments it was given)
            if attr in call.attributes:
                return call.attributes[attr].values()
            # else its class's; found nowhere, what its `__getattr__` answers (`self._values[name]`)
            return tuple(self._class_member(cls, attr)) or self._getattr_answers(cls, call, attr)
        if id(cls) in seen:
            return ()
        top = not seen
        built_one = call is not None and top  # the instance one construction builds
        seen.add(id(cls))
        fields = self.dataclass_fields(cls)
        if fields is not None and attr in dict(fields):
            return self._field(cls, call, attr, fields, as_built)
        if fields is not None and built_one:  # (before the base's class attribute: `field(init=False)`)
            for flow, base in self._foreign_bases(cls):
                hooked = self._left_by_base_post_init(cls, call, flow, base, attr)  # type: ignore[arg-type]  # built_one
                if hooked is not None:
                    return hooked
        out: list[Value] = []
        label = f"{cls.name}.{attr}"
        getter = _property_getter(cls, attr)
        if getter is not None and not any(source_text(d).endswith("cached_property") for d in getter.decorator_list):
            # a `property`: what its getter returns (a store `self.attr = v` runs its setter, never the value), or
            # for `self` of a base, a subclass's override (`{**super().strategy_kwargs, ...}` in recipes/v4.py)
            found = self._getter_returns(cls, call, getter, label)
            return self._as_built_elsewhere(cls, attr, found, seen) if call is None and len(seen) == 1 else found
        for method in cls.body:
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if method.name == attr:
                if method is getter:
                    out.extend(self._getter_returns(cls, call, method, label))
                elif _accessor(method) is None:  # a `@attr.setter` def is no value of the attribute
                    out.append(Value("function", method, label=label, extra=("method", cls), flow=self))
                continue
            built = self.after_init(cls, call, method, attr) if call is not None and method.name == "__init__" \
                and len(seen) == 1 and isinstance(method, ast.FunctionDef) else None
            if built is not None:  # what the construction's `__init__` leaves in it
                out.extend(built)
                continue
            left = _left_by_init(method, attr, cls) if method.name == "__init__" else None
            if left is not None:  # what `__init__` leaves on every path, not each value it passes through
                holder, value = left
                out.extend(x.named(label) for x in self._in_method(holder, call if holder is method else None, value))
                continue
            for value in _self_stores(method).get(attr, ()):
                if not self._stores_its_launcher(cls, method, attr, value):
                    out.extend(x.named(label) for x in self._in_method(method, call, value))
        if not out:  # a class attribute, or a method a base defines: read through the instance, it is bound
            out.extend(self._class_member(cls, attr))
        if not out:
            for base in self.local_bases(cls):
                out.extend(self.instance_attribute(base, call, attr, seen))
        if not out and top and call is not None:  # `cfg.hardware` of `cfg = Config({...})`, a dict read by attribute
            items = self._attribute_item(cls, call, attr)
            if items is not None:
                return items
        if not out and top and self._all_bases_shown(cls):  # found nowhere (a base not shown may have it): `__getattr__`
            out.extend(self._getattr_answers(cls, call, attr))
        if not out:  # a base class of another module, read there
            for flow, base in self._foreign_bases(cls):
                forwarded = self._forwarded_to_base(cls, call, flow, base, attr) if len(seen) == 1 else None
                if forwarded is None and call is not None and len(seen) == 1:
                    forwarded = self._left_by_base_init(cls, call, flow, base, attr)
                out.extend(forwarded if forwarded is not None else self._base_attribute(flow, base, attr))
        if call is None and len(seen) == 1:  # `self` of a base: what the subclasses other modules build hold
            out = list(self._as_built_elsewhere(cls, attr, tuple(out), seen))
        if call is None and top and all(x.kind == "unknown" for x in out) and self.ctx.project is not None \
                and self.with_callers and isinstance(self.ctx.parents.get(cls), ast.Module) \
                and not self.constructions(cls, live=False):  # `self` of a class only the modules importing it build
            out = list(self._as_importers_build(cls, attr) or out)
        if built_one:  # a dict its methods fill is this instance's own: the fills its construction makes
            return tuple(self._per_instance(x, cls, call) for x in out)  # type: ignore[arg-type]  # built_one: a call
        return tuple(out)

    def _class_member(self, cls: ast.ClassDef, attr: str) -> list[Value]:
        """A class attribute of `cls`, or a method it or a base defines, read through an instance: bound to it."""
        out: list[Value] = []
        for x in self.class_attribute(cls, attr, set()):
            # (the tree of the module that defines it: a base of another module's method is bound too)
            owner = (x.flow or self).ctx.parents.get(x.node) if x.kind == "function" and x.node is not None else None
            if isinstance(owner, ast.ClassDef) and owner is not cls and isinstance(x.node, ast.FunctionDef) \
                    and _is_classmethod(x.node):  # read on an instance of a subclass: `cls` is its class
                out.append(self._bound_to_class(x, Value("class", cls, label=cls.name, qualified=cls.name, flow=self)))
            else:
                out.append(replace(x, extra=("method", owner)) if isinstance(owner, ast.ClassDef) else x)
        return out

    def _stores_its_launcher(self, cls: ast.ClassDef, method: ast.FunctionDef | ast.AsyncFunctionDef, attr: str,
                             value: ast.expr) -> bool:
        """`self.fabric = fabric` in a method the class only hands to `self.fabric.launch(self._fit, ...)` (a
        method a pack says calls its function back with its receiver first): the parameter holds the object
        `self.fabric` already holds, so the store adds nothing (read, it would ask the attribute again)."""
        params = method.args.args
        if len(params) < 2 or not isinstance(value, ast.Name) or value.id != params[1].arg or _is_static(method) \
                or any(isinstance(n, ast.Name) and n.id == value.id and isinstance(n.ctx, ast.Store)
                       for n in ast.walk(method)):
            return False
        reads = [n for n in ast.walk(cls) if isinstance(n, ast.Attribute) and n.attr == method.name]
        for read in reads:
            call = self.ctx.parents.get(read)
            if not (isinstance(call, ast.Call) and call.args[:1] == [read] and isinstance(call.func, ast.Attribute)
                    and call.func.attr in self.ctx.tips.callbacks and isinstance(call.func.value, ast.Attribute)
                    and call.func.value.attr == attr and isinstance(call.func.value.value, ast.Name)
                    and isinstance(read.value, ast.Name) and read.value.id == call.func.value.value.id):
                return False
        return bool(reads)

    def _as_built_elsewhere(self, cls: ast.ClassDef, attr: str, mine: tuple[Value, ...], seen: set[int]) -> tuple[Value, ...]:
        """`self.attr` in a method of `cls`, a base of the subclasses other modules build: what each of them
        holds (its own class attribute, store or property first: `clip_val = 0.5`), when one of them sets it or
        `mine`, the base's reading, tells nothing; `mine` otherwise."""
        elsewhere = self._built_elsewhere(cls)
        setting = {id(derived) for flow, derived in elsewhere if self._set_before(flow, derived, cls, attr)}
        if not elsewhere or mine and any(x.kind != "unknown" for x in mine) and not setting:
            return mine
        out: list[Value] = []
        for flow, derived in elsewhere:
            when = (f"self is a {derived.name}",) if len(elsewhere) > 1 else ()
            # (each read as itself: its own subclasses are among `elsewhere`, under their own names)
            found = flow.instance_attribute(derived, None, attr, {0}) if id(derived) in setting or not mine else mine
            if all(x.kind == "unknown" for x in found):  # what each construction an importer writes leaves
                found = flow._as_importers_build(derived, attr, (self,)) or found
            out.extend(x.under(when) for x in found)
        return tuple(out)

    def _set_before(self, flow: Flow, derived: ast.ClassDef, cls: ast.ClassDef, attr: str) -> bool:
        """A class that comes before `cls` (this module's) in the order of `derived`'s classes sets `attr`: `derived`
        itself, or a mixin of another module listed ahead of `cls` (`class LongContext(CheckpointedWrapperMixin,
        Experiment)`)."""
        path = os.path.abspath(self.origin or self.ctx.doc.path or "")
        for there, k in flow.class_order(derived):
            if not isinstance(k, ast.ClassDef):
                return False
            home = os.path.abspath(there.origin or there.ctx.doc.path or "")
            if k.name == cls.name and k.lineno == cls.lineno and home == path:
                return False
            if _sets(k, attr) and (k is derived or home != path):
                return True  # (a class of this module between them is read as the module's own reading has it)
        return False

    def _getattr_answers(self, cls: ast.ClassDef, call: ast.Call | None, attr: str) -> tuple[Value, ...]:
        """An attribute the instance and its classes do not have, asked of the `__getattr__(self, name)` of
        `cls` or a base of this module: a return of the entry keyed by the name in a dict the instance holds
        (`self._values[name]`, `self._values.get(name, d)`, `self.__dict__["_values"][name]`, through a local
        `values = self.__dict__.get("_values", {})`) is that dict's entry `attr` for this instance; a return
        of `getattr(self._cfg, name)` is the attribute `attr` of what `self._cfg` holds; any other return is
        unknown. () when no class defines the hook."""
        hook = next((m for k in (cls, *self.local_bases(cls)) for m in k.body
                     if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__getattr__"), None)
        if hook is None:
            return ()
        if len(hook.args.args) != 2 or _is_static(hook) or _is_classmethod(hook) or isinstance(hook, ast.AsyncFunctionDef):
            return (Value("unknown", hook, flow=self),)
        owner, name = hook.args.args[0].arg, hook.args.args[1].arg
        bound = [n.id for n in ast.walk(hook) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
        local = {s.targets[0].id: s.value for s in hook.body if isinstance(s, ast.Assign) and len(s.targets) == 1
                 and isinstance(s.targets[0], ast.Name) and bound.count(s.targets[0].id) == 1}  # bound once
        def is_name(n: ast.AST) -> bool:
            return isinstance(n, ast.Name) and n.id == name
        out: list[Value] = []
        for ret in (s for s in _statements(hook) if isinstance(s, ast.Return) and self.ctx.enclosing_function(s) is hook):
            expr, unknown = ret.value, Value("unknown", ret, flow=self)
            forwarded = isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "getattr" \
                and 2 <= len(expr.args) <= 3 and is_name(expr.args[1]) and not expr.keywords
            got = isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get" \
                and 1 <= len(expr.args) <= 2 and is_name(expr.args[0]) and not expr.keywords
            if forwarded or got:
                assert isinstance(expr, ast.Call)
                holder = expr.args[0] if forwarded else expr.func.value  # type: ignore[attr-defined]
                default = expr.args[2] if forwarded and len(expr.args) == 3 else expr.args[1] if got and len(expr.args) == 2 else None
            elif isinstance(expr, ast.Subscript) and is_name(expr.slice):
                holder, default = expr.value, None
            else:
                out.append(unknown)
                continue
            if isinstance(holder, ast.Name) and holder.id in local:
                holder = local[holder.id]
            key = holder.attr if isinstance(holder, ast.Attribute) and isinstance(holder.value, ast.Name) \
                and holder.value.id == owner else _instance_dict_key(holder, owner)
            if key is None or key == attr:
                out.append(unknown)
                continue
            for held in self.instance_attribute(cls, call, key, set()):
                if forwarded:
                    found = self.attribute(held, attr, ret)
                    out.extend(x.under(held.when) for x in found)
                    continue
                entries, complete = self.entries(held) if held.kind == "dict" else (None, False)
                if entries is not None and attr in entries:
                    out.extend(x.under(held.when) for x in entries[attr].values())
                elif entries is not None and complete:  # no such key: the default, or the hook raises
                    out.extend(x.under(held.when) for x in (self.values(default) if default is not None else ()))
                else:
                    out.append(unknown)
        return tuple(out)

    def _base_attribute(self, flow: Flow, base: ast.ClassDef, attr: str) -> tuple[Value, ...]:
        """`self.attr` as a base of another module leaves it, read there. That module's plain reading knows
        its functions' own values only: for a flow reading its callers (a subclass's override asked by the
        module it overrides), a store it cannot tell alone (`self.optimizer = self.fabric.setup_optimizers(...)`
        in core/trainer.py's `Trainer.fit`, `self.fabric` given by what the subclasses' constructions pass)
        is read again by that module's flow reading its own callers; not while that module's callers are
        being asked already (the subclass's module is one of them)."""
        found = flow.instance_attribute(base, None, attr, set())
        project = self.ctx.project
        if not self.with_callers or flow.with_callers or project is None or flow.origin is None \
                or all(x.kind != "unknown" for x in found):
            return found
        asking = (flow.origin, base.name)
        if asking in project.asking_callers or len(project.asking_callers) >= MAX_CALLER_HOPS:
            return found
        wider = project.reading_callers(flow, base.name)
        twin = next((s for s in wider.ctx.module.body if isinstance(s, ast.ClassDef) and s.name == base.name
                     and s.lineno == base.lineno), None) if wider is not None else None
        if wider is None or twin is None:
            return found
        project.asking_callers.append(asking)
        try:
            return wider.instance_attribute(twin, None, attr, set())
        finally:
            project.asking_callers.pop()

    def _as_importers_build(self, cls: ast.ClassDef, attr: str, holders: tuple[Flow, ...] = ()) -> tuple[Value, ...]:
        """`self.attr` of the instances of `cls` (of this module's top level, built nowhere here) that the
        modules importing it build (`LanguageModelTask(fabric)` in train.py): for each construction, read
        there, what it leaves in the attribute, each under its line when there are several; () when there
        is none, or more than `MAX_CONTEXTS`."""
        built: list[tuple[Flow, ast.Call]] = []
        for there in self._readers_of(cls.name) or ():
            twin = _twin_in(there, cls, self.origin or self.ctx.doc.path)
            if isinstance(twin, ast.ClassDef):
                built.extend((there, call) for call in there.constructions(twin))
        picked = self._picked_builds(cls, holders)
        built.extend(picked)
        if not built or len(built) > MAX_CONTEXTS:
            return ()
        out: list[Value] = []
        path = self.origin or self.ctx.doc.path
        for there, call in built:
            when = (f"{BUILT_AT}{call.lineno} of {there.origin_name}",) if len(built) > 1 else ()
            for instance in there.values(call):  # the instance as the module that builds it reads it
                if instance.kind != "instance":
                    return ()
                klass = instance.extra[0] if isinstance(instance.extra, tuple) else None
                if (there, call) in picked and isinstance(klass, ast.ClassDef) and klass is not cls \
                        and not Value("class", klass, flow=instance.flow).is_read_from(cls, path):
                    continue  # a pick's instance of another class of the registry
                out.extend(x.under(when) for x in there.attribute(instance, attr, call))
        return tuple(out)

    def _left_by_base_init(self, cls: ast.ClassDef, call: ast.Call, flow: Flow, base: ast.ClassDef,
                           attr: str) -> tuple[Value, ...] | None:
        """`self.network = self.configure_model()` in the `__init__` of a base of another module that `cls`
        (with no `__init__` of its own) runs when `call` builds it: what that store leaves, read for this
        instance, so a hook it calls is the subclass's override. None when the base stores it otherwise, or
        the reading tells nothing."""
        if any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__init__" for s in cls.body):
            return None
        init = next((s for s in base.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is None or not init.args.args:
            return None
        return self._left_by_base_method(cls, call, flow, base, init, attr)

    def _left_by_base_post_init(self, cls: ast.ClassDef, call: ast.Call, flow: Flow, base: ast.ClassDef,
                                attr: str) -> tuple[Value, ...] | None:
        """`self.clip_kwargs = {key: self.grad_clip}` in the `__post_init__` of a dataclass base of another
        module, which the dataclass `cls` (with no hook of its own) runs once `call` has set its fields: what
        that store leaves, read for this instance, whose fields are those `cls` declares (a default it
        overrides, `clip_algorithm: str = "value"`), not the base's."""
        hook = flow._post_init_hook(base, frozenset())
        if self.dataclass_fields(cls) is None or any(
                isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == hook for s in cls.body):
            return None
        method = flow._post_init_of(base)
        return self._left_by_base_method(cls, call, flow, base, method, attr) if method is not None else None

    def _left_by_base_method(self, cls: ast.ClassDef, call: ast.Call, flow: Flow, base: ast.ClassDef,
                             init: ast.FunctionDef, attr: str) -> tuple[Value, ...] | None:
        """What the one store of `self.attr` in `init` (a method of `base`, read by `flow`, that a construction
        runs) leaves, read for the instance `call` builds; None when another method stores it too."""
        left = _left_by_init(init, attr, base)
        stores = [left[1]] if left is not None and left[0] is init else _self_stores(init).get(attr, [])
        if len(stores) != 1 or left is not None and left[0] is not init or any(
                attr in _self_stores(m) for m in base.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m is not init):
            return None  # (another method stores it too: what `__init__` leaves is not all it holds)
        receiver = Value("instance", None, label=init.args.args[0].arg, extra=(cls, call), flow=self)
        found = self.bound_site(flow, init, call, receiver).values(stores[0])
        if all(x.kind == "unknown" for x in found):
            return None
        return tuple(x.named(f"{cls.name}.{attr}") for x in found)

    def _per_instance(self, value: Value, cls: ast.ClassDef, call: ast.Call) -> Value:
        """A dict display `self.attr = {}` that a method fills under a key it is given
        (`self._reductions[name] = op` in `add_state(name, ..., op)`), as the instance `call` builds holds it:
        marked with that instance, whose fills `entries` reads (`_filled_for_instance`)."""
        if value.kind != "dict" or not isinstance(value.node, ast.Dict) or value.extra is not None:
            return value
        home = value.flow or self
        node = value.node
        if not home.ctx.once("stored under a parameter", node, lambda: home._stored_under_a_parameter(node)) \
                or home._keyed_fillers(node) is None:
            return value
        return replace(value, extra=_Instance(cls, call, self))

    def _member_property(self, member: Value, attr: str, node: ast.AST) -> tuple[Value, ...] | None:
        """`Size.SMALL.layers`, a property of the Enum: what its getter returns with `self` that member
        (`self.value` its value). None when `attr` is no property the Enum's own body defines."""
        assign = self.ctx.parents.get(member.node) if member.node is not None else None
        cls = self.ctx.parents.get(assign) if isinstance(assign, ast.Assign) else None
        getter = _property_getter(cls, attr) if isinstance(cls, ast.ClassDef) else None
        if getter is None or not getter.args.args or _is_static(getter) \
                or any(source_text(d).endswith("cached_property") for d in getter.decorator_list):
            return None
        getter_call = ast.Call(func=ast.Name(id=attr, ctx=ast.Load()), args=[], keywords=[])
        site = self.ctx.once("member property", node, lambda: ast.copy_location(getter_call, node))
        flow = self.bound_site(self, getter, site, replace(member, label=getter.args.args[0].arg))
        label = f"{member.label}.{attr}" if member.label else attr
        return tuple(x.under(when).named(label) for expr, when in flow.scope(getter).returns for x in flow.values(expr))

    def _getter_returns(self, cls: ast.ClassDef, call: ast.Call | None, getter: ast.FunctionDef | ast.AsyncFunctionDef,
                        label: str) -> tuple[Value, ...]:
        """What a property's getter returns for the instance `call` builds (its `self` that instance, whose
        attributes hold what that construction left in them); for `self` of every construction, as written."""
        flow: Flow = self
        if type(call) is ast.Call and getter.args.args and not _is_static(getter):
            receiver = Value("instance", None, label=getter.args.args[0].arg, extra=(cls, call), flow=self)
            flow = self.bound_site(self, getter, call, receiver)
        return tuple(x.under(when).named(label) for expr, when in flow.scope(getter).returns for x in flow.values(expr))

    def _forwarded_to_base(self, cls: ast.ClassDef, call: ast.Call | None, flow: Flow, base: ast.ClassDef,
                           attr: str) -> tuple[Value, ...] | None:
        """`self.fabric = fabric` in the `__init__` of a base of another module, which `cls` reaches with
        `super().__init__(*args, **kwargs)` (its own parameters keyword-only) or by having no `__init__`:
        what the construction (`call`; None: each of the few this module writes) passes for `fabric`,
        read here, or the base's default, read there. None when the base stores it otherwise."""
        init = next((m for m in base.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
        if init is None or not init.args.args or not _forwards_to_base(cls):
            return None
        stores = _self_stores(init).get(attr, [])
        if len(stores) != 1 or not isinstance(stores[0], ast.Name) \
                or any(isinstance(n, ast.Name) and n.id == stores[0].id and isinstance(n.ctx, ast.Store)
                       for n in ast.walk(init)):
            return None  # not the parameter itself, or the parameter rebound first
        param = next((a for a in all_args(init.args)[1:] if a.arg == stores[0].id), None)
        calls = [call] if call is not None else self.constructions(cls)
        if param is None or not calls or len(calls) > MAX_CONTEXTS:
            return None
        label, out = f"{cls.name}.{attr}", list[Value]()
        for site in calls:
            given = argument_for(init, param, site, True)
            when = (f"{BUILT_AT}{site.lineno}",) if len(calls) > 1 else ()
            if given is _MISSING:
                default = parameter_default(init, param)
                if default is None:
                    return None
                out.extend(x.under(when).named(label) for x in flow.values(default))
            elif isinstance(given, ast.AST):
                out.extend(x.under(when).named(label) for x in self.values(given))
            else:
                return None
        return tuple(out)

    def _in_method(self, method: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call | None, value: ast.expr) -> tuple[Value, ...]:
        """A value assigned in a method; `self.x = x` in `__init__` reads the constructor call's argument."""
        if call is not None and method.name == "__init__" and isinstance(value, ast.Name):
            for a in all_args(method.args)[1:]:
                if a.arg == value.id and self.reaching(value) and all(d.how == "param" for d in self.reaching(value) or ()):
                    given = argument_for(method, a, call, True)
                    if given is _MISSING:
                        default = parameter_default(method, a)
                        return self.values(default) if default is not None else (Value("unknown", value, flow=self),)
                    if isinstance(given, ast.AST):
                        return self.values(given)
        return self.values(value)

    def _field(self, cls: ast.ClassDef, call: ast.Call | None, attr: str, fields: list[tuple[str, ast.AnnAssign]],
               as_built: bool = False) -> tuple[Value, ...]:
        """A dataclass field of the instance one call builds (None: every construction the module shows): what
        the construction gives it, then what `__post_init__` stores into it."""
        calls: list[tuple[ast.Call, tuple[str, ...]]] = []
        if call is not None:
            calls = [(call, ())]
        else:  # `self` in a method: every construction the module shows
            sites = [c for c in self.ctx.calls_by_name(cls.name)
                     if any(x.kind == "class" and x.node is cls for x in self.values(c.func))]
            calls = [(c, (f"{BUILT_AT}{c.lineno}",) if len(sites) > 1 else ()) for c in sites]
        out: list[Value] = []
        for c, when in calls:
            given = self._converted(dict(fields)[attr], self._field_given(cls, c, attr, fields))
            if not as_built:
                given = self.after_post_init(cls, c, attr, given)
            out.extend(x.under(when) for x in given)
        if not calls:
            out.extend(self._converted(dict(fields)[attr], self._field_default(dict(fields)[attr], f"{cls.name}.{attr}")))
        return tuple(out)

    def _field_given(self, cls: ast.ClassDef, call: ast.Call, attr: str,
                     fields: list[tuple[str, ast.AnnAssign]]) -> tuple[Value, ...]:
        """What one construction gives a field, before `__post_init__` runs: its argument or the field's
        default; `dataclasses.replace(obj, ...)` gives what it changes and `obj`'s own value of the rest (as
        `obj` holds it, once its own `__post_init__` ran)."""
        label = f"{cls.name}.{attr}"
        if isinstance(call, _Replaced) and not any(k.arg == attr for k in call.keywords):
            # (`replace(self, ...)` in a method: the field as every construction the module shows leaves it)
            return self.instance_attribute(cls, call.original, attr, set())
        names = _init_names(fields)
        given = _dataclass_argument(names, attr, call) if attr in names else _MISSING  # `field(init=False)`: its default
        if isinstance(given, ast.AST):
            return tuple(x.named(label) for x in self.values(given))
        if given is None and len(call.args) == 1 and isinstance(call.args[0], ast.Starred) and not call.keywords:
            # `Preset(*row)`: the row's item at the field's place, of each row it may hold
            index = names.index(attr)
            return tuple(y.under(x.when).named(label) for x in self.plain_run(self.values(call.args[0].value))
                         for y in (x.flow or self).element(x, index))
        if given is None:
            spread = self._spread_field(call, attr)
            if spread is None:
                return (Value("unknown", call, flow=self),)
            return tuple(x.named(label) for x in spread) if spread else self._field_default(dict(fields)[attr], label)
        return self._field_default(dict(fields)[attr], label)

    def _spread_field(self, call: ast.Call, attr: str) -> tuple[Value, ...] | None:
        """`Config(**conf_dict)` (one `**`, no `*`): what the dict it holds gives the field `attr`, each dict under
        its condition; () when every dict it may hold is read whole and lacks the key (the field's default);
        None when one is not a dict the layer reads, or may hold the key without showing it."""
        spreads = [k for k in call.keywords if k.arg is None]
        if len(spreads) != 1 or any(isinstance(a, ast.Starred) for a in call.args) \
                or any(k.arg == attr for k in call.keywords):
            return None
        held = self.plain_run(self.values(spreads[0].value))
        if not held or any(x.kind != "dict" for x in held):
            return None
        out: list[Value] = []
        lacking = False
        for x in held:
            entries, complete = self.entries(x)
            if entries is not None and attr in entries:
                out.extend(v.under(x.when) for v in entries[attr].values())
            elif entries is not None and complete:
                lacking = True
            else:
                return None
        if out and lacking:
            return None  # some dicts give it, others leave the default: not told apart here
        return tuple(out)

    # `__post_init__`: what a dataclass stores into its own fields once they are set
    def _post_init_of(self, cls: ast.ClassDef) -> ast.FunctionDef | None:
        """The method the class's constructor runs once the fields are set: a dataclass's `__post_init__`,
        attrs' `__attrs_post_init__`, pydantic's `model_post_init`."""
        hook = self._post_init_hook(cls, frozenset())
        owner = self._defining_class(cls, hook)
        method = next((m for m in owner.body if isinstance(m, ast.FunctionDef) and m.name == hook), None) \
            if owner is not None else None
        if method is None or not method.args.args or _is_static(method) or _is_classmethod(method) \
                or not self.ctx.within(method, self.ctx.module):
            return None
        return method

    def _post_init_hook(self, cls: ast.ClassDef, seen: frozenset[int]) -> str:
        if any(source_text(b).split(".")[-1] == "BaseModel" for b in cls.bases):
            return "model_post_init"
        if any(source_text(d).split("(")[0].split(".")[-1] in ("define", "frozen") for d in cls.decorator_list):
            return "__attrs_post_init__"
        if not any(source_text(d).split("(")[0].split(".")[-1] == "dataclass" for d in cls.decorator_list):
            for base in self.local_bases(cls):
                if id(base) not in seen:
                    return self._post_init_hook(base, seen | {id(cls)})
        return "__post_init__"

    def _read_while_built(self, node: ast.Attribute, cls: ast.AST) -> bool:
        """`self.attr` read in `cls`'s own `__init__` or `__post_init__`, on its first parameter: the object is being
        built, so what its callers store into it afterwards has not run (`state.model = setup_module(state.model)`)."""
        func = self.ctx.enclosing_function(node) if self.ctx.parents.get(node) is not None else None
        return isinstance(func, ast.FunctionDef) and func.name in ("__init__", "__post_init__") \
            and self.ctx.parents.get(func) is cls and bool(func.args.args) and isinstance(node.value, ast.Name) \
            and node.value.id == func.args.args[0].arg

    def _in_post_init(self, node: ast.AST, cls: ast.ClassDef) -> bool:
        func = self.ctx.enclosing_function(node) if self.ctx.parents.get(node) is not None else None
        return func is not None and func is self._post_init_of(cls)

    def after_init(self, cls: ast.ClassDef, call: ast.Call, init: ast.FunctionDef, attr: str) -> tuple[Value, ...] | None:
        """What the `__init__` of a plain class, run for `call`, leaves in `self.attr` (the class attribute
        where a path stores nothing), each store under the tests this construction leaves open; None when
        it stores no `self.attr`, or the layer does not follow it (a `*args`, `**kwargs` call)."""
        if not init.args.args or _is_static(init) or any(isinstance(a, ast.Starred) for a in call.args) \
                or any(k.arg is None for k in call.keywords) or isinstance(call, (_Replaced, _Bound)) \
                or not _fills(init, init.args.args[0].arg, attr, cls):
            return None
        site = self.build_flow(init, call, cls, True)
        return site.stored(attr, self.class_attribute(cls, attr, set()))

    def build_flow(self, method: ast.FunctionDef, call: ast.Call, cls: ast.ClassDef, init: bool) -> _BuildFlow:
        """The evaluator of `method` filling in the instance `call` builds (see `_BuildFlow`), made once."""
        key = (id(method), id(call))
        site = self._sites.get(key)
        if not isinstance(site, _BuildFlow):
            site = self._sites[key] = _BuildFlow(self, method, call, cls, init)
        return site

    def _while_built(self, cls: ast.ClassDef, attr: str, node: ast.AST) -> tuple[Value, ...] | None:
        """`self.attr` read in the `__post_init__` (or the plain `__init__`) that fills in `cls`'s instances,
        by the module's own code: for each construction the module shows, what that construction has put in
        it by then, each under its own condition when there are several. None when the read is elsewhere or
        the module builds none."""
        func = self.ctx.enclosing_function(node) if self.ctx.parents.get(node) is not None else None
        if func is None or not isinstance(func, ast.FunctionDef) or not func.args.args:
            return None
        init = func.name == "__init__" and self.dataclass_fields(cls) is None and self._defining_class(cls, "__init__") \
            is self._method_class(func)
        if not init and func is not self._post_init_of(cls):
            return None
        sites = self.constructions(cls)
        if not sites or len(sites) > MAX_CONTEXTS or isinstance(func, ast.AsyncFunctionDef):
            return None
        out: list[Value] = []
        for call in sites:
            site = self.build_flow(func, call, cls, init)
            when = (f"{BUILT_AT}{call.lineno}",) if len(sites) > 1 else ()
            out.extend(x.under(when) for x in site.attribute(site.instance, attr, node))
        return tuple(out)

    def post_init_may_change(self, cls: ast.ClassDef, call: ast.Call, attr: str) -> bool:
        """`__post_init__` may store into the field `attr` of the instance `call` builds (or of the one a
        `dataclasses.replace` copies from)."""
        method = self._post_init_of(cls)
        if method is not None and _fills(method, method.args.args[0].arg, attr, cls):
            return True
        return isinstance(call, _Replaced) and not any(k.arg == attr for k in call.keywords) \
            and (call.original is None or self.post_init_may_change(cls, call.original, attr))

    def after_post_init(self, cls: ast.ClassDef, call: ast.Call, attr: str, given: tuple[Value, ...]) -> tuple[Value, ...]:
        """The field `attr` of the instance `call` builds, `given` by the construction, once `__post_init__`
        ran: a store on every path replaces it, one under a test the construction decides replaces it or
        not, one under a test it leaves open is one value beside the other, each under its condition."""
        method = self._post_init_of(cls)
        if method is None or not _fills(method, method.args.args[0].arg, attr, cls):
            return given
        assert isinstance(method, ast.FunctionDef)
        site = self.build_flow(method, call, cls, False)
        return site.stored(attr, given)

    def _field_default(self, stmt: ast.AnnAssign, label: str) -> tuple[Value, ...]:
        value = stmt.value
        if value is None:
            return (Value("unknown", stmt, flow=self),)
        if isinstance(value, ast.Call) and _is_field_call(self.ctx.resolve(value.func) or source_text(value.func)):
            for kw in value.keywords:
                if kw.arg == "default":
                    return self._field_default_value(kw.value, label)
                if kw.arg in ("default_factory", "factory"):  # (attrs: `attrs.field(factory=OptimConfig)`)
                    return tuple(x.named(label) for x in self.called(kw.value, kw.value))
            return (Value("unknown", value, flow=self),)
        return self._field_default_value(value, label)

    def _field_default_value(self, value: ast.expr, label: str) -> tuple[Value, ...]:
        """A field's default as written: `attrs.Factory(OptimConfig)` is what calling its factory gives."""
        if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords \
                and self.ctx.resolve(value.func) in ATTRS_FACTORIES:
            return tuple(x.named(label) for x in self.called(value.args[0], value.args[0]))
        return tuple(x.named(label) for x in self.values(value))

    def _converted(self, stmt: ast.AnnAssign, given: tuple[Value, ...]) -> tuple[Value, ...]:
        """What an `attrs` field's `converter=` makes of the values its construction gives it (or its default):
        a builtin container (`converter=set`) makes each a container of its kind; another converter, unknown."""
        field_call = stmt.value
        converter = next((k.value for k in field_call.keywords if k.arg == "converter"), None) \
            if isinstance(field_call, ast.Call) else None
        if converter is None:
            return given
        made = self.values(converter)
        name = (made[0].qualified or "").removeprefix("builtins.") if len(made) == 1 and made[0].kind == "function" else ""
        if name not in ELEMENT_KINDS:
            return (Value("unknown", converter, flow=self),)
        out: list[Value] = []
        for x in given:
            if x.kind == name or x.kind not in (*ELEMENT_KINDS, "dict", "str") or not isinstance(x.node, ast.expr):
                out.append(x)  # already one, or unknown to the layer alike
            else:  # `set([Block])`, as Python builds it at the construction
                call = ast.copy_location(ast.Call(func=converter, args=[x.node], keywords=[]), converter)
                out.append(Value(name, call, x.when, x.label, flow=self))
        return tuple(out)

    def called(self, func: ast.expr, where: ast.AST) -> tuple[Value, ...]:
        """What calling `func` with no argument gives (a `default_factory`)."""
        out: list[Value] = []
        for f in self.values(func):
            if f.kind == "lambda" and isinstance(f.node, ast.Lambda):
                out.extend((f.flow or self).values(f.node.body))  # (read in the module that writes it)
            elif f.kind == "function" and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.extend((f.flow or self).returns_of(f.node))
            elif f.kind == "function" and f.qualified and f.qualified.startswith("builtins."):
                kind = CONTAINERS.get(f.qualified[9:], "unknown")
                out.append(Value(kind, ast.Call(func=func, args=[], keywords=[]), flow=self))
            elif f.kind == "class" and isinstance(f.node, ast.ClassDef) and f.flow is not None \
                    and f.flow.base is not self.base:
                # a class of another module (`field(default_factory=FSDPConfig)`): built with no argument as a
                # call written here builds it, so its fields' defaults are read in the module that writes them
                call = ast.copy_location(ast.Call(func=func, args=[], keywords=[]), where)
                out.extend(replace(x, node=where) if x.node is call else x for x in self._call_of(call, f))
            elif f.kind == "class" and isinstance(f.node, ast.ClassDef):
                out.append(Value("instance", where, extra=(f.node, None), flow=self))
            else:
                out.append(Value("unknown", where, flow=self))
        return tuple(out)

    def class_attribute(self, cls: ast.ClassDef, attr: str, seen: set[int]) -> tuple[Value, ...]:
        if id(cls) in seen:
            return ()
        seen.add(id(cls))
        scope = self.scope(cls)
        if attr in scope.final:
            out: list[Value] = []
            for d in scope.final[attr]:
                if d.how == "assign" and d.node is not None:
                    out.extend(x.under(d.when).named(f"{cls.name}.{attr}") for x in self.values(d.node))
                elif d.how == "def":
                    out.extend(self.values(d.node))  # type: ignore[arg-type]
            for stmt in cls.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == attr \
                        and stmt.value is not None and self.dataclass_fields(cls) is not None:
                    return self._field_default(stmt, f"{cls.name}.{attr}")
            return tuple(out)
        stored = self._stored_on_class(cls, attr)
        if stored:
            return stored
        hooked, certain = self._set_by_init_subclass(cls, attr)
        if certain:
            return hooked
        for base in self.local_bases(cls):
            found = self.class_attribute(base, attr, seen)
            if found:
                return hooked + found
        for flow, base in self._foreign_bases(cls):
            found = flow.class_attribute(base, attr, set())
            if found:
                return hooked + found
        return hooked

    def _stored_on_class(self, cls: ast.ClassDef, attr: str) -> tuple[Value, ...]:
        """What `<the class>.attr = value` outside its body stores, for an attribute the body does not bind:
        `Net.fsdp_kwargs = {...}` after the class, `cls.fsdp_kwargs = {...}` in a class decorator given it (which
        runs as the class is made); a store in any other function holds once that function has run."""
        stores = self.ctx.once("attribute stores by name", self.ctx.module, lambda: _stores_by_attribute(self.ctx))
        out: list[Value] = []
        for target in stores.get(attr, ()):
            if self.ctx.within(target, cls):
                continue
            stmt = self.ctx.parents.get(target)
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and stmt.targets[0] is target):
                continue
            if not any(x.kind == "class" and x.node is cls for x in self.values(target.value)):
                continue
            func = self.ctx.enclosing_function(stmt)
            when: tuple[str, ...] = ()
            if func is not None and not (self._applications().get(id(func)) and isinstance(target.value, ast.Name)
                                         and _is_parameter(self, target.value)):
                when = (SET_BY_A_FUNCTION,)
            out.extend(x.under(when).named(f"{cls.name}.{attr}") for x in self.values(stmt.value))
        return tuple(out)

    def _set_by_init_subclass(self, cls: ast.ClassDef, attr: str) -> tuple[tuple[Value, ...], bool]:
        """`class PeakLoss(Metric, reduce="max")`: what the nearest base's `__init_subclass__(cls, reduce="mean")`
        stores into `cls.attr` (`cls.reduce_op = reduce`, or under `if reduce is not None:`), run with `cls` this
        class and the class statement's keywords, and whether a store certainly runs (the hook's last one its
        keywords decide to run); ((), False) when no base defines one or no store of it may run. A store under a
        test the keywords leave undecided holds under that test: the base's value stays possible."""
        found = self._init_subclass_of(cls, set())
        if found is None:
            return (), False
        home, hook = found
        owner = hook.args.args[0].arg if hook.args.args else None
        stores = [stmt for stmt in walk(hook) if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                  and isinstance(stmt.targets[0], ast.Attribute) and stmt.targets[0].attr == attr
                  and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == owner]
        if owner is None or not stores:
            return (), False
        receiver = Value("class", cls, label=cls.name, qualified=cls.name, flow=self)
        site = self.bound_site(home, hook, self._init_subclass_call(cls), receiver)
        label = f"{cls.name}.{attr}"
        out: list[Value] = []
        for stmt in sorted(stores, key=lambda s: (s.lineno, s.col_offset), reverse=True):  # the last store run wins
            runs = _runs_in(home.ctx.parents.get, hook, stmt, site)
            if runs is False:
                continue
            when = () if runs else ("when the class statement's keywords make `__init_subclass__` store it",)
            out.extend(x.under(when).named(label) for x in site.values(stmt.value))
            if runs is True:
                return tuple(out), True
        return tuple(out), False

    def _init_subclass_of(self, cls: ast.ClassDef, seen: set[int]) -> tuple[Flow, ast.FunctionDef] | None:
        """The `__init_subclass__` the class statement runs: the nearest base's (local first), with its module's flow."""
        if id(cls) in seen:
            return None
        seen.add(id(cls))
        for base in self.local_bases(cls):
            hook = next((s for s in base.body if isinstance(s, ast.FunctionDef) and s.name == "__init_subclass__"), None)
            if hook is not None:
                return self, hook
            deeper = self._init_subclass_of(base, seen)
            if deeper is not None:
                return deeper
        for flow, base in self._foreign_bases(cls):
            hook = next((s for s in base.body if isinstance(s, ast.FunctionDef) and s.name == "__init_subclass__"), None)
            if hook is not None:
                return flow, hook
            deeper = flow._init_subclass_of(base, set())
            if deeper is not None:
                return deeper
        return None

    def _foreign_bases(self, cls: ast.ClassDef) -> list[tuple[Flow, ast.ClassDef]]:
        """The bases of `cls` defined in another module of the project, each with the flow that reads it."""
        return [(x.flow, x.node) for base in cls.bases for x in self.values(base)
                if x.kind == "class" and isinstance(x.node, ast.ClassDef) and x.flow is not None
                and x.flow.base is not self.base and x.foreign]

    def local_bases(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        out = []
        for base in cls.bases:
            for x in self.values(base):
                if x.kind == "class" and isinstance(x.node, ast.ClassDef) and x.flow is self:
                    out.append(x.node)
        return out

    def dataclass_fields(self, cls: ast.ClassDef) -> list[tuple[str, ast.AnnAssign]] | None:
        """Fields in constructor order (bases first), or None when `cls` is no dataclass/NamedTuple."""
        is_data = any(source_text(d).split("(")[0].split(".")[-1] in ("dataclass", "define", "frozen", "mutable")
                      or source_text(d).split("(")[0] in ("attr.s", "attr.attrs") for d in cls.decorator_list) \
            or any(source_text(b).split(".")[-1] in ("NamedTuple", "BaseModel") for b in cls.bases)
        if not is_data:
            bases = self.local_bases(cls)
            if not any(self.dataclass_fields(b) is not None for b in bases):
                return None
        fields: list[tuple[str, ast.AnnAssign]] = []
        for base in self.local_bases(cls):
            inherited = self.dataclass_fields(base) or []
            fields.extend(f for f in inherited if f[0] not in dict(fields))
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and "ClassVar" not in source_text(stmt.annotation):
                names = [f[0] for f in fields]  # a field redefined keeps its base's place, as dataclasses do
                if stmt.target.id in names:
                    fields[names.index(stmt.target.id)] = (stmt.target.id, stmt)
                else:
                    fields.append((stmt.target.id, stmt))
        return fields

    def argparse_default(self, attr: str) -> tuple[Value, ...]:
        out: list[Value] = []
        options_by_dest, defaults_by_dest = self._argparse_calls()
        elsewhere = self._argparse_elsewhere()
        for call in options_by_dest.get(attr, []):
            out.extend(self._option_default(call, attr))
        for there, (options, _defaults, _spread) in elsewhere:  # a parent parser another module builds
            for call in options.get(attr, []):
                out.extend(there._option_default(call, attr))
        chosen = self._chosen_command()
        for call in defaults_by_dest.get(attr, []):
            command = self._subcommand_of(call)
            for kw in call.keywords:
                if kw.arg != attr:
                    continue
                if command is not None and command != chosen:  # `ft.set_defaults(...)` of `add_parser("finetune")`
                    if chosen is None:  # the run's command line picks the command (a command the file's picks never runs)
                        out.extend(x.under((f"{WITH_CHOICE}the {command!r} command",)).named(attr) for x in self.values(kw.value))
                    continue
                # a default no option can change holds on every path (the chosen sub-command's: the run's, as an
                # option's default is, whatever another command sets)
                when = (BY_DEFAULT,) if out or command is not None else ()
                out = [x for x in out if BY_DEFAULT not in x.when]
                out.extend(x.under(when).named(f"--{attr}" if command is None else attr) for x in self.values(kw.value))
        out = self._spread_default(self._spread_defaults(), attr, out)
        for there, (_options, defaults, spread) in elsewhere:  # `install(parser)` of another module: its defaults win
            for call in defaults.get(attr, []):
                for kw in call.keywords:
                    if kw.arg == attr:
                        when = (BY_DEFAULT,) if out else ()
                        out = [x for x in out if BY_DEFAULT not in x.when]
                        out.extend(x.under(when).named(f"--{attr}") for x in there.values(kw.value))
            out = there._spread_default(spread, attr, out)
        return tuple(out)

    def _spread_default(self, calls: list[ast.Call], attr: str, out: list[Value]) -> list[Value]:
        """`out`, what `args.<attr>` holds so far, after this module's `parser.set_defaults(**SMOKE_TEST)` calls: the
        key's entry wins over an option's default (unknown when the dict cannot be read whole)."""
        for call in calls:
            for kw in call.keywords:
                if kw.arg is not None:
                    continue
                entries, complete = self._spread_entries(kw.value)
                entry = entries.get(attr)
                if entry is None and complete:
                    continue
                when = (BY_DEFAULT,) if out else ()
                out = [x for x in out if BY_DEFAULT not in x.when]
                if entry is None or entry.when:
                    out.append(Value("unknown", call, when, flow=self))
                else:
                    out.extend(x.under(when).named(f"--{attr}") for x in entry.values())
        return out

    def _typed_default(self, option: ast.Call) -> _Typed:
        """The call argparse makes of an option's `type=` with its string default, once per check."""
        keywords = {k.arg: k.value for k in option.keywords if k.arg}
        return self.ctx.once("typed option default", option, lambda: _Typed(keywords["type"], keywords["default"]))

    def _typed_option_calls(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call] | None:
        """argparse's calls of `func` as the `type=` of options of this module (`typed_option_call`): [] for none;
        None when one of them cannot be told."""
        calls: list[ast.Call] = []
        for load in self.ctx.loads_named(func.name):
            keyword = self.ctx.parents.get(load)
            if not (isinstance(keyword, ast.keyword) and keyword.arg == "type"):
                continue
            call = self.typed_option_call(load)
            if call is None or not any(x.node is func for x in self.values(load)):
                return None
            calls.append(call)
        return calls

    def typed_option_call(self, load: ast.expr) -> ast.Call | None:
        """`add_argument("--remat", type=layer_classes, default="Block")`, `load` the `type=`: argparse calls the
        converter with the string default in the plain run, with what the command line gives in others. That call,
        its argument holding both (the default by default, beside what the run sets); None for another `type=`,
        and for an option with no string default (then only the command line's strings are converted)."""
        keyword = self.ctx.parents.get(load)
        option = self.ctx.parents.get(keyword) if isinstance(keyword, ast.keyword) else None
        if not (isinstance(keyword, ast.keyword) and keyword.arg == "type" and keyword.value is load
                and isinstance(option, ast.Call) and isinstance(option.func, ast.Attribute)
                and option.func.attr == "add_argument"):
            return None
        default = next((k.value for k in option.keywords if k.arg == "default"), None)
        held = self.values(default) if default is not None else ()
        if default is None or not held or not all(x.kind == "str" and isinstance(x.node, ast.Constant) for x in held):
            return None
        def made() -> _Typed:
            given = self._held_at(default, (*(x.under((BY_DEFAULT,)) for x in held),
                                            Value("unknown", default, extra=SET_BY_THE_RUN, flow=self)))
            return _Typed(load, given)
        call: _Typed = self.ctx.once("typed option value", option, made)
        return call

    def _option_default(self, call: ast.Call, attr: str) -> list[Value]:
        """What `args.<attr>` holds by the `add_argument(...)` call of this module that sets it: its default (or the one
        its action implies, or None), and each of its choices under the condition the command line picks it."""
        out: list[Value] = []
        options = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        option = options[-1] if options else attr
        action = keywords.get("action")
        implied = IMPLIED_DEFAULTS.get(action.value) if isinstance(action, ast.Constant) and isinstance(action.value, str) else None
        if "default" in keywords:
            default = keywords["default"]
            held = self.values(default)
            if "type" in keywords and held and all(x.kind in ("str", "unknown") for x in held):
                # argparse gives a string default to `type` (`type=Path`): the option holds what that call makes (a
                # default the layer cannot tell, `os.path.join(ROOT, "last")`, is taken as one: `type` of its own
                # type's value gives the same)
                held = self.values(self._typed_default(call))
            out.extend(x.under((BY_DEFAULT,)).named(f"--{attr}") for x in held)
        elif implied is not None:  # `action="store_false"`: True unless the flag is given
            out.append(Value("bool", _Implied(call, implied), (BY_DEFAULT,), label=option, flow=self))
        else:
            out.append(Value("none", call, (BY_DEFAULT,), label=option, flow=self))
        choices = keywords.get("choices")
        if isinstance(choices, (ast.List, ast.Tuple, ast.Set)):
            out.extend(x.under((f"{WITH_CHOICE}{option} {self.text(c)}",)) for c in choices.elts for x in self.values(c))
        return out

    def _argparse_elsewhere(self) -> list[tuple[Flow, tuple[dict[str, list[ast.Call]], dict[str, list[ast.Call]], list[ast.Call]]]]:
        """The options and defaults functions of other modules of the project give this module's parsers: a parent
        parser one builds (`ArgumentParser(parents=[hardware_parser()])`), a parser one is handed
        (`cli_defaults.install(parser)`): the `add_argument` and `set_defaults` calls in that function's own body,
        read in its module, by the attribute each sets; once a check."""
        def work() -> list[tuple[Flow, tuple[dict[str, list[ast.Call]], dict[str, list[ast.Call]], list[ast.Call]]]]:
            if self.ctx.project is None or not self.ctx.imports_project:
                return []
            parsers: set[str] = set()
            helpers: list[ast.Call] = []
            for call in self.ctx.nodes(ast.Call):
                if self.ctx.resolve(call.func) != "argparse.ArgumentParser":
                    continue
                bound = self.ctx.parents.get(call)
                if isinstance(bound, ast.Assign):
                    parsers.update(t.id for t in bound.targets if isinstance(t, ast.Name))
                for kw in call.keywords:
                    if kw.arg == "parents" and isinstance(kw.value, (ast.List, ast.Tuple)):
                        helpers.extend(e for e in kw.value.elts if isinstance(e, ast.Call))
            for call in self.ctx.nodes(ast.Call):
                if any(isinstance(a, ast.Name) and a.id in parsers for a in call.args):
                    helpers.append(call)
            out = []
            for call in helpers:
                found = self.ctx.called_elsewhere(call)
                if found is not None:
                    out.append((found[1], found[1]._argparse_calls_in(found[0])))
            return out
        found: list[tuple[Flow, tuple[dict[str, list[ast.Call]], dict[str, list[ast.Call]], list[ast.Call]]]] = \
            self.ctx.once("argparse elsewhere", self.ctx.module, work, [])
        return found

    def _argparse_calls_in(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[
            dict[str, list[ast.Call]], dict[str, list[ast.Call]], list[ast.Call]]:
        """`_argparse_calls` and `_spread_defaults` of the calls written in `func`'s own body."""
        options, defaults = self._argparse_calls()
        def inside(calls: list[ast.Call]) -> list[ast.Call]:
            return [c for c in calls if self.ctx.enclosing_function(c) is func]
        return ({dest: mine for dest, calls in options.items() if (mine := inside(calls))},
                {dest: mine for dest, calls in defaults.items() if (mine := inside(calls))},
                inside(self._spread_defaults()))

    def _spread_defaults(self) -> list[ast.Call]:
        """`parser.set_defaults(**profile)` calls: defaults whose names are the keys of a dict."""
        return self.ctx.once("spread argparse defaults", self.ctx.module, lambda: [
            call for call, _ in self.ctx.spelled_method_calls("set_defaults") if any(k.arg is None for k in call.keywords)])

    def _subcommand_of(self, call: ast.Call) -> str | None:
        """The command a sub-parser was added for (`ft = sub.add_parser("finetune")`), when `call` is its
        `ft.set_defaults(...)`; None for the main parser's, or one the layer cannot name."""
        receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
        defs = self.reaching(receiver) if isinstance(receiver, ast.Name) else None
        made = defs[0].node if defs is not None and len(defs) == 1 and defs[0].how == "assign" else None
        if isinstance(made, ast.Call) and isinstance(made.func, ast.Attribute) and made.func.attr == "add_parser" \
                and made.args and isinstance(made.args[0], ast.Constant) and isinstance(made.args[0].value, str):
            return made.args[0].value
        return None

    def _chosen_command(self) -> str | None:
        """The sub-command the file's one `parse_args([...])` of a literal command line picks (`["finetune"]`, its
        first word that is no option); None when the command line is the run's."""
        def chosen() -> str | None:
            picked = set()
            for call, _ in self.ctx.spelled_method_calls("parse_args"):
                given = call.args[0] if len(call.args) == 1 else None
                if not isinstance(given, (ast.List, ast.Tuple)) or not all(
                        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in given.elts):
                    return None
                words = [e.value for e in given.elts if not e.value.startswith("-")]  # type: ignore[attr-defined]
                picked.add(words[0] if words else None)
            return picked.pop() if len(picked) == 1 else None
        return self.ctx.once("chosen command", self.ctx.module, chosen)

    def _argparse_calls(self) -> tuple[dict[str, list[ast.Call]], dict[str, list[ast.Call]]]:
        """`add_argument(...)` calls by the attribute each sets, `set_defaults(...)` calls by the attributes
        they name, in document order: built once, not scanned for each attribute read."""
        if self._argparse is None:
            options_by_dest: dict[str, list[ast.Call]] = {}
            for call, _ in self.ctx.spelled_method_calls("add_argument"):
                options = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                dest = {k.arg: k.value for k in call.keywords if k.arg}.get("dest")
                names = {dest.value} if isinstance(dest, ast.Constant) else {o.lstrip("-").replace("-", "_") for o in options}
                for name in names:
                    if isinstance(name, str):  # an attribute read is a name; `dest=1` sets none
                        options_by_dest.setdefault(name, []).append(call)
            defaults_by_dest: dict[str, list[ast.Call]] = {}
            for call, _ in self.ctx.spelled_method_calls("set_defaults"):
                for name in dict.fromkeys(kw.arg for kw in call.keywords if kw.arg is not None):
                    defaults_by_dest.setdefault(name, []).append(call)
            self._argparse = options_by_dest, defaults_by_dest
        return self._argparse

    # subscripts and containers
    def _subscript(self, node: ast.Subscript) -> tuple[Value, ...]:
        first = self._sorted_first(node)
        if first is not None:
            return first
        part = self._string_part(node)
        if part is not None:
            return part
        key = self.constant_key(node.slice)
        keys = self._constant_keys(node.slice) if key is None else None
        out: list[Value] = []
        if isinstance(key, str) and idioms.is_os_environ(node.value) and self.ctx.resolve(node.value) == "os.environ":
            defaults = self._environment_defaults(node, key)
            if defaults:  # the environment is the run's; unset, the value a module run before gave it
                return (Value("unknown", node, extra=SET_BY_THE_RUN, flow=self), *defaults)
        if keys is not None and any(v.extra == SET_BY_THE_RUN for v in self.values(node.slice)):
            out.append(Value("unknown", node, extra=SET_BY_THE_RUN, flow=self))  # `TABLE[sys.argv[1]]`: another run's pick
        named = self._global_named(node, [(key, ())] if isinstance(key, str) else keys)
        if named is not None:
            return named
        for base in self.values(node.value):
            if base.qualified == "sys.argv" or base.extra == SET_BY_THE_RUN:  # an argument of the command line
                # (or a part of one: `argv[0]` of a `main(argv)` given `sys.argv[1:]`)
                out.append(Value("unknown", node, base.when, extra=SET_BY_THE_RUN, flow=self))
                continue
            if isinstance(key, str) and base.kind == "class" and isinstance(base.node, ast.ClassDef) \
                    and _is_enum(base.node, (base.flow or self).ctx) and _assigns(base.node, key):
                out.extend(x.under(base.when) for x in self.attribute(base, key, node))  # `Size["SMALL"]`: `Size.SMALL`
                continue
            if keys and base.kind == "class" and isinstance(base.node, ast.ClassDef) \
                    and _is_enum(base.node, (base.flow or self).ctx) and all(_assigns(base.node, k) for k, _ in keys):
                # `Mode[os.environ.get("RUN_MODE", "FAST")]`: the member each name it may hold names
                out.extend(x.under(base.when).under(when) for k, when in keys for x in self.attribute(base, k, node))
                continue
            if key is not None and base.kind == "dict":
                entries, _ = self.entries(base)
                if entries is not None and key in entries:
                    label = f"{base.label}[{key!r}]" if base.label else None
                    picked = self._picked_by(node, base)
                    out.extend(x.under(base.when).named(label).picked_by(picked) for x in entries[key].values())
                    continue
            if keys and base.kind == "dict":  # `PRESETS[args.preset]`: the entry of each key it may hold
                entries, _ = self.entries(base)
                if entries is not None and all(k in entries for k, _ in keys):
                    for k, when in keys:
                        label = f"{base.label}[{k!r}]" if base.label else None
                        out.extend(x.under(base.when).under(when).named(label) for x in entries[k].values())
                    continue
            if (key is not None or keys) and base.kind == "dict" and base.extra == "defaultdict":
                made = self._defaulted(node, base, [(key, ())] if key is not None else keys or [])
                if made is not None:
                    out.extend(made)
                    continue
            if isinstance(key, int) and base.kind in ("list", "tuple") and not isinstance(base.node, ast.ListComp) \
                    and base.extra not in ("grown", "filled"):
                out.extend(x.under(base.when) for x in self.element(base, key))
                continue
            items = (base.flow or self)._attribute_item(base.extra[0], base.extra[1], key, read_by_key=True) \
                if isinstance(key, str) and base.kind == "instance" and isinstance(base.extra, tuple) \
                and isinstance(base.extra[0], ast.ClassDef) and isinstance(base.extra[1], ast.Call) else None
            if items is not None:  # `cfg["hardware"]` of `cfg = Config({...})`, a dict read by attribute too
                out.extend(x.under(base.when) for x in items)
                continue
            answered = self._dict_subclass_items(node, base, [(key, ())] if isinstance(key, str) else keys or []) \
                if base.kind == "instance" and (isinstance(key, str) or keys) else None
            if answered is not None:  # `Settings(steps=3)["precision"]` of `class Settings(dict)` with `__missing__`
                out.extend(x.under(base.when) for x in answered)
                continue
            items = self._items_alike(node, base) if base.kind == "list" else None
            if items is not None:  # `models[i]` of `[Net() for _ in range(k)]`: what every item holds
                out.extend(x.under(base.when) for x in items)
                continue
            out.append(Value("unknown", node, flow=self))
        return tuple(out)

    def _global_named(self, node: ast.Subscript, keys: list[tuple[str, tuple[str, ...]]] | None) -> tuple[Value, ...] | None:
        """`globals()[name]` read in a function, `name` holding string constants the module binds at its top
        level: what each of those globals holds once the module has run (under the key's conditions); None
        for any other read."""
        call = node.value
        if not keys or not isinstance(node.ctx, ast.Load) or not isinstance(call, ast.Call) \
                or not isinstance(call.func, ast.Name) or call.func.id != "globals" or call.args or call.keywords \
                or self.reaching(call.func) is not None or self.ctx.enclosing_function(node) is None:
            return None
        final = self.scope(self.ctx.module).final
        if not all(final.get(k) for k, _ in keys):
            return None
        return tuple(x.under(d.when).under(when).named(k) for k, when in keys for d in final[k] for x in self.of_def(d, node))

    def _defaulted(self, node: ast.Subscript, base: Value, keys: list[tuple[Any, tuple[str, ...]]]) -> tuple[Value, ...] | None:
        """`REDUCE_OPS[name]` of `REDUCE_OPS = defaultdict(lambda: "max", loss="mean")`: each key's entry, or what
        the factory makes for a key it does not hold; None when its entries are not all known (a key may be
        among the others) or it has no factory (`defaultdict()` raises KeyError as a dict does)."""
        call = base.node
        flow = base.flow or self
        if not isinstance(call, ast.Call) or not call.args or flow is not self:
            return None
        entries, complete = self.entries(base)
        if entries is None or not complete:
            return None
        out: list[Value] = []
        label = base.label
        for k, when in keys:
            if k in entries:
                out.extend(x.under(base.when).under(when).named(f"{label}[{k!r}]" if label else None)
                           for x in entries[k].values())
            else:
                out.extend(x.under(base.when).under(when) for x in self.called(call.args[0], node))
        return tuple(out)

    def _items_alike(self, node: ast.Subscript, base: Value) -> tuple[Value, ...] | None:
        """What any item of a list holds when one expression builds them all: a comprehension of one loop
        (`[Adam(m.parameters()) for m in models]`), or an empty list that `append` calls fill (each call's
        argument). None where the file cannot tell: the list changed otherwise under its name (an item stored
        by another statement than `node`'s, `extend`, `insert`, `+=`, `pop`), or held by another variable."""
        if not isinstance(node.value, ast.Name) or base.flow not in (None, self) or base.node is None:
            return None
        comprehension = isinstance(base.node, ast.ListComp) and len(base.node.generators) == 1
        if not comprehension and base.extra not in ("grown", "filled"):
            return None
        name = node.value.id
        bound = self.ctx.parents.get(base.node)
        if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)
                and bound.targets[0].id == name and self.ctx.scope_of(bound) is self.ctx.scope_of(node)):
            return None
        scope, here = self.ctx.scope_of(node), self.ctx.statement_of(node)
        for other in ast.walk(scope):
            target = other.target if isinstance(other, ast.AugAssign) else other \
                if isinstance(other, ast.Subscript) and not isinstance(other.ctx, ast.Load) else None
            if target is None:
                continue
            held = target.value if isinstance(target, ast.Subscript) else target
            if isinstance(held, ast.Name) and held.id == name and self.ctx.statement_of(other) is not here:
                return None
        changes = [call for method in (*GROWERS, "pop", "remove", "clear", "reverse", "sort")
                   for call in self.ctx.method_calls_on(method, name) if self.ctx.scope_of(call) is scope]
        if comprehension:
            if changes:
                return None
            return self.values(base.node.elt)  # type: ignore[attr-defined]  # a ListComp (above)
        if len(changes) > MAX_ALTERNATIVES or any(c.func.attr != "append" or len(c.args) != 1  # type: ignore[attr-defined]
                                                  for c in changes) or not changes:
            return None
        return tuple(dict.fromkeys(x for call in changes for x in self.values(call.args[0])))

    def _environment_defaults(self, node: ast.Subscript, key: str) -> tuple[Value, ...]:
        """`os.environ["TRAIN_ACCELERATOR"]`: what `os.environ.setdefault(key, v)` (or `os.environ[key] = v`) at
        the top level of this module, above the read, or of a module run before this one (bootstrap.py,
        imported above it by train.py) gives it, each under "not set in the environment"."""
        top: ast.AST = node
        while self.ctx.parents.get(top) is not None and not isinstance(self.ctx.parents.get(top), ast.Module):
            top = self.ctx.parents[top]
        in_function = self.ctx.enclosing_function(node) is not None
        written = [(self, v) for v in idioms.environment_writes(self.ctx.module, key)
                   if in_function or v.lineno < getattr(top, "lineno", 0)]
        project = self.ctx.project
        if project is not None:
            written += project.environment_defaults(self, key)
        when = (f"{key!r}{ENVIRONMENT_UNSET}",)
        return tuple(x.under(when) for flow, value in written for x in flow.values(value))

    def _picked_by(self, node: ast.Subscript, base: Value) -> tuple[Value, Value] | None:
        """The key's one value and the dict, when a key that is not written at the subscript (a name, a
        parameter: `FACTORIES[name]`) picks an entry of a dict of several: the pick is a choice made where
        the key is written."""
        if isinstance(node.slice, ast.Constant):
            return None
        keys = self.values(node.slice)
        if len(keys) != 1 or not isinstance(keys[0].node, ast.Constant):
            return None
        entries, _ = self.entries(base)
        return (keys[0], base) if entries is not None and len(entries) > 1 else None

    @staticmethod
    def plain_run(values: Iterable[Value]) -> tuple[Value, ...]:
        """The values but those the environment or the command line set: what `python train.py` gets, as a
        dict `**`-passed or copied takes it (`PROFILES[sys.argv[1] if len(sys.argv) > 1 else "v4"]`). An
        option's choices beside its default are other runs' too: `OVERRIDES[args.model]` with `--model` of
        default "gpt-small" is the "gpt-small" entry, whatever `choices` says the command line may pick."""
        kept = tuple(v for v in values if v.extra != SET_BY_THE_RUN)
        if any(BY_DEFAULT in v.when for v in kept):
            return tuple(v for v in kept if not any(c.startswith(WITH_CHOICE) for c in v.when))
        return kept

    def constant_key(self, node: ast.AST) -> str | int | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, (ast.Name, ast.JoinedStr, ast.BinOp, ast.Attribute, ast.Subscript)):
            # a name, a string joined from constants, or an attribute or entry holding one string (`tiny.NAME` of a
            # module, `config["name"]` of a dict)
            values = self.values(node)
            if len(values) == 1 and isinstance(values[0].node, ast.Constant) and values[0].kind in ("str", "number"):
                return values[0].node.value  # type: ignore[return-value]  # a str or number constant
            if len(values) == 1:
                return _enum_key(values[0])
        return None

    def _constant_keys(self, node: ast.AST) -> list[tuple[str, tuple[str, ...]]] | None:
        """The string constants a key expression may hold, each with its conditions (a flag's default and
        its choices); None when it may hold anything else."""
        keys = []
        for value in self.values(node):
            if value.extra == SET_BY_THE_RUN:
                continue  # the run's default is among the others (`sys.argv[1] if len(sys.argv) > 1 else "v4"`)
            constant = value.node.value if isinstance(value.node, ast.Constant) else _enum_key(value)
            if value.kind not in ("str", "enum") or not isinstance(constant, str):
                return None
            keys.append((constant, value.when))
        return keys or None

    def element(self, value: Value, index: int) -> tuple[Value, ...]:
        node = value.node
        flow = value.flow or self
        if value.kind == "setup_tuple":
            items = value.extra
            return (items[index],) if index < len(items) else (Value("unknown", node, flow=flow),)
        if isinstance(value.extra, _Items):  # `itemgetter(k1, k2)(obj)`: what each key reads
            held = value.extra.items
            return held[index] if -len(held) <= index < len(held) else (Value("unknown", node, flow=flow),)
        if isinstance(node, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in node.elts):
            if -len(node.elts) <= index < len(node.elts):
                return tuple(x.under(value.when) for x in flow.values(node.elts[index]))
        return (Value("unknown", node, flow=flow),)

    def entries(self, value: Value, popping: ast.Call | None = None) -> tuple[dict[str, Entry] | None, bool]:
        """A dict's string keys and where each value was written; complete=False when some keys may be
        missing from the answer (a `**` or an update the file cannot read). `popping`: the `.pop(k)` reading
        it, which returns the entry it removes (not in a loop, where a later turn finds it gone)."""
        flow = value.flow or self
        if flow is not self:
            return flow.entries(value, popping)
        key = (id(value.node), id(value.extra))
        if key in self._reading_entries:  # `merge(merge(a, b), c)` of `def merge(x, y): return {**x, **y}`, read
            return {}, False  # for every call at once: `x` holds the dict it returns, whose `**x` is this one
        self._reading_entries.add(key)
        try:
            return self._entries(value, popping)
        finally:
            self._reading_entries.discard(key)

    def _entries(self, value: Value, popping: ast.Call | None) -> tuple[dict[str, Entry] | None, bool]:
        node = value.node
        out: dict[str, Entry] = {}
        complete = True
        if isinstance(value.extra, itemwise.BuiltItems):  # a dict a function built item by item, as it built it
            return dict(value.extra.entries), True
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if k is None:
                    spread, spread_complete = self._spread_entries(v, out)
                    complete = complete and spread_complete
                    out = self._unless_the_file_sets(v, out) if not spread_complete else out
                    out.update(spread)
                elif isinstance(k, ast.Constant) and isinstance(k.value, str):
                    out[k.value] = Entry(v, k, self)
                elif isinstance(k, (ast.Name, ast.Attribute)) and isinstance(key := self.constant_key(k), str):
                    out[key] = Entry(v, k, self)  # `{tiny.NAME: tiny.CONFIG}`: a name holding one string
                elif isinstance(k, ast.IfExp) and (picked := self._picked_key(k)) is not None:
                    out[picked] = Entry(v, k, self)  # `{"clip_val" if by == "value" else "max_norm": amount}`
                else:
                    complete = False
        elif isinstance(node, ast.DictComp):
            kept = self._kept_items(node) or self._items_comprehended(node)
            if kept is None:
                return None, False
            out.update(kept[0])
            complete = kept[1]
        elif isinstance(node, ast.Call) and isinstance(value.extra, Value):  # a copy: the source's entries
            sub, complete = self.entries(value.extra)
            if sub is None:
                return None, False
            out.update(sub)
        elif isinstance(value.extra, tuple) and value.extra[:1] == ("options",) and isinstance(value.extra[1], Value):
            return (value.extra[1].flow or self)._options(value.extra[1])
        elif isinstance(node, ast.Call) and value.extra == "chainmap":
            # `ChainMap(cli, overrides, defaults)[k]`: the first map that holds k, as `{**defaults, **overrides, **cli}`;
            # the maps after one the file cannot read whole are left out (that one may hold any key)
            if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
                return None, False
            for a in node.args:
                spread, complete = self._spread_entries(a)
                for key, entry in spread.items():
                    out.setdefault(key, entry)
                if not complete:
                    break
        elif isinstance(node, ast.Call) and value.extra == "asdict" and node.args \
                and [x.kind for x in self.values(node.args[0])] == ["args"]:
            namespace = self.values(node.args[0])[0]
            if isinstance(node.args[0], ast.Name) and self.ctx.attribute_stores(node.args[0].id):
                return None, False  # `args.lr = ...` before `vars(args)`
            return (namespace.flow or self)._options(namespace)
        elif isinstance(node, ast.Call) and value.extra == "asdict":
            instance = self.values(node.args[0]) if node.args else ()
            if len(instance) == 1 and instance[0].kind == "namespace" and isinstance(instance[0].node, ast.Call):
                return self._namespace_entries(instance[0], node)  # `vars(SimpleNamespace(**cfg))`: the dict it was built from
            if len(instance) != 1 or instance[0].kind != "instance":
                return None, False
            cls, call = instance[0].extra
            fields = self.dataclass_fields(cls)
            if fields is None:
                if not (isinstance(node, ast.Call) and source_text(node.func) == "vars"):
                    return None, False
                return (instance[0].flow or self)._attributes_set(cls, call)  # `vars(self)` of a plain class
            names = _init_names(fields)
            built = instance[0].flow or self
            for name, stmt in fields:
                if call is not None and built.post_init_may_change(cls, call, name):
                    # a field `__post_init__` fills (or a copy's, which `replace` builds again): the instance's own
                    held = ast.Name(id=name, ctx=ast.Load())
                    built.base.pin(ast.copy_location(held, stmt), built.instance_attribute(cls, call, name, set()))
                    out[name] = Entry(held, stmt, built.base)
                    continue
                given: Any = _dataclass_argument(names, name, call) if call is not None and name in names else _MISSING
                default = _field_default_expr(stmt) if given is _MISSING else None
                if given is None and call is not None and not any(isinstance(a, ast.Starred) for a in call.args) \
                        or given is _MISSING and default is None and call is not None:
                    # `Config(**overrides)`, `field(default_factory=OptimConfig)`: the field as the instance holds
                    # it (the spread dict's entry, else its default; what the factory makes)
                    held_values = built.instance_attribute(cls, call, name, set())
                    if not held_values or any(x.kind == "unknown" for x in held_values):
                        complete = False
                        continue
                    held = ast.copy_location(ast.Name(id=name, ctx=ast.Load()), stmt)
                    built.base.pin(held, held_values)
                    out[name] = Entry(held, stmt, built.base)
                elif given is None:
                    complete = False
                elif given is _MISSING:
                    if default is not None:
                        out[name] = Entry(default, stmt, instance[0].flow or self)
                    else:
                        complete = False
                else:
                    out[name] = Entry(given, given, instance[0].flow or self)
            if not isinstance(node, _AsDict):  # `asdict` recurses (a NamedTuple's `_asdict` does not)
                out = {name: self._nested_asdict(entry) for name, entry in out.items()}
        elif isinstance(node, ast.Call) and value.extra == "defaultdict":
            # `defaultdict(factory, {...}, key=...)`: the entries after the factory, as `dict({...}, key=...)`
            given_entries, complete = self._entries(replace(value, node=_DictArguments(node), extra=None, label=None), popping)
            if given_entries is None:
                return None, False
            out.update(given_entries)
        elif isinstance(node, ast.Call) and (zipped := idioms.zipped_entries(self, node)) is not None:
            for key, written, zipped_values in zipped:  # `dict(zip(keys, values))`
                out[key] = Entry(self._held_at(written, zipped_values), written, self)
        elif isinstance(node, ast.Call) and (paired := self._paired_entries(node)) is not None:
            out.update(paired)  # `dict([("k", v), ...])`, `dict(pairs())` of a generator yielding `"k", v`
        elif isinstance(node, ast.Call):
            for a in node.args:
                inner = self.plain_run(self.values(a))
                if len(inner) != 1 or inner[0].kind != "dict":
                    return (out or None), False
                sub, sub_complete = self.entries(inner[0])
                complete = complete and sub_complete
                out.update(sub or {})
            for kw in node.keywords:
                if kw.arg is None:
                    spread, spread_complete = self._spread_entries(kw.value)
                    complete = complete and spread_complete
                    out = self._unless_the_file_sets(kw.value, out) if not spread_complete else out
                    out.update(spread)
                else:
                    out[kw.arg] = Entry(kw.value, kw, self)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.BitOr):
            sides = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.target, node.value)
            for side in sides:  # `DEFAULTS | overrides` read from a file: the defaults' keys stand
                spread, spread_complete = self._spread_entries(side)
                complete = complete and spread_complete
                out.update(spread)
        else:
            return None, False
        if isinstance(node, ast.Dict):
            filled = self._filled_for_instance(node, value.extra) if isinstance(value.extra, _Instance) \
                else self._filled_by_methods(node)
            if filled is None:
                return out, False
            for key, entry in filled.items():
                _store(out, key, entry)
            subclassed = self._filled_by_subclassing(node)
            if subclassed is not None:
                complete = False  # a subclass another module writes registers too
                for key, entry in subclassed:
                    _store(out, key, entry)
        if value.label:
            more, more_complete = self._mutations(node, value.label)
            for key, entry in more.items():
                _store(out, key, entry)
            for mapping, update in self._updates_unread.pop(id(node), []):  # each key but those stored after it
                stood = {k: e for k, e in out.items() if k not in more or _above(more[k].node, update)}
                out.update(self._unless_the_file_sets(mapping, stood))
            complete = complete and more_complete
            for key, line in self._removals(node, value.label, popping).items():  # gone unless stored again below
                if key in out and not (key in more and getattr(more[key].node, "lineno", 0) > line):
                    del out[key]
            clears = self._clears(node, value.label) if node is not None else []
            for key in list(out) if clears else ():
                # `name.clear()`: gone, if stored above it in its scope (by the binding, or by a store after it);
                # a store in another function runs when that one is called
                site = out[key].node if key in more else node
                if any(self.ctx.scope_of(c) is self.ctx.scope_of(site) and _above(site, c) for c in clears):
                    del out[key]
            if clears:  # a clear in another function runs when that one is called: what it leaves proves nothing
                complete = complete and all(self.ctx.scope_of(c) is self.ctx.scope_of(node) for c in clears)
        return out, complete

    def _unless_the_file_sets(self, spread: ast.AST, before: dict[str, Entry]) -> dict[str, Entry]:
        """The entries `before` a `**spread` of a data file the layer cannot read (`{**DEFAULTS, **json.load(f)}`,
        `f` a file the command line names): each stands only when the file does not set its key (a value the
        user may fix in the file is no error the program shows)."""
        loads = [x for x in self.plain_run(self.values(spread)) if x.kind == "unknown" and x.qualified in datafiles.LOADERS]
        if not loads or not before:
            return before
        keys: set[str] = set()
        for load in loads:
            texts = self._texts_in_the_plain_run(load.node)
            if texts is None:  # a file: any key
                keys.update(before)
            for text in texts or ():  # `json.loads(os.environ.get("OVERRIDES", "{}"))`: the keys the plain run's text has
                data = datafiles.parse_text(text, datafiles.LOADERS[load.qualified or ""][0])
                keys.update(k for k in before if not isinstance(data, dict) or k in data)
        said = self.text(loads[0].node) if isinstance(loads[0].node, ast.expr) else self.text(spread)
        return {key: replace(entry, when=(*entry.when, f"{said} does not set {key!r}")) if key in keys else entry
                for key, entry in before.items()}

    def _texts_in_the_plain_run(self, load: ast.AST | None) -> list[str] | None:
        """The texts a load parses in the plain run when it is given known strings (`json.loads(os.environ.get(
        "OVERRIDES", "{}"))`); None for a file, or a text the layer does not know."""
        if not (isinstance(load, ast.Call) and load.args):
            return None
        texts = [x.node.value for x in self.plain_run(self.values(load.args[0]))
                 if x.kind == "str" and isinstance(x.node, ast.Constant) and isinstance(x.node.value, str)]
        return texts if texts and len(texts) == len(self.plain_run(self.values(load.args[0]))) else None

    def _spread_entries(self, spread: ast.expr, before: dict[str, Entry] | None = None) -> tuple[dict[str, Entry], bool]:
        """The entries a `**spread` (or a side of `a | b`) adds: those of the one dict it holds; of several dicts
        it may hold, each one's under its condition over the entries `before` it (`_alternative_entries`)."""
        held = tuple(self.items_of(x) for x in self.plain_run(self.values(spread)))
        entries, complete = self._alternative_entries(held, before or {})
        return entries or {}, complete

    def _options(self, args: Value) -> tuple[dict[str, Entry] | None, bool]:
        """`vars(args)` of `args = parser.parse_args()` written in this module: an entry per option the file
        adds (by its `dest`) or gives a default, holding what `args.<dest>` holds (the default, the choices).
        Complete unless something else may add options: the parser passed to a call."""
        parse = args.node
        parser = parse.func.value if isinstance(parse, ast.Call) and isinstance(parse.func, ast.Attribute) else None
        complete = isinstance(parser, ast.Name) and not any(
            isinstance(call := self.ctx.parents.get(load), ast.Call) and load is not call.func
            or isinstance(call, ast.keyword) for load in self.ctx.loads_named(parser.id))
        options, defaults = self._argparse_calls()
        spread: dict[str, ast.Call] = {}
        for call in self._spread_defaults():
            for kw in call.keywords:
                if kw.arg is None:
                    entries, read_whole = self._spread_entries(kw.value)
                    complete = complete and read_whole
                    spread.update(dict.fromkeys(entries, call))
        out: dict[str, Entry] = {}
        for dest in (*options, *defaults, *spread):
            where = (options.get(dest) or defaults.get(dest) or [spread[dest]])[0]
            option = self.ctx.once(f"option {dest}", where, lambda dest=dest, where=where: _Option(dest, where))  # type: ignore[misc]
            out[dest] = Entry(option, where, self)
        return out, complete

    def _kept_items(self, node: ast.DictComp) -> tuple[dict[str, Entry], bool] | None:
        """`{k: v for k, v in OPTIONS.items() if v is not None}` (or `if v`, or no filter) over a dict the
        file reads: its entries but those the filter drops on every path. None for any other comprehension."""
        if len(node.generators) != 1:
            return None
        gen = node.generators[0]
        items = gen.iter
        names = [e.id for e in gen.target.elts if isinstance(e, ast.Name)] if isinstance(gen.target, ast.Tuple) else []
        if gen.is_async or len(names) != 2 or not isinstance(node.key, ast.Name) or node.key.id != names[0] \
                or names[0] == names[1] or not (isinstance(items, ast.Call) and isinstance(items.func, ast.Attribute)
                                                                and items.func.attr == "items" and not items.args):
            return None
        keeps: list[Callable[[Value], bool]] = []
        key_tests: list[ast.expr] = []
        for test in gen.ifs:
            read = {n.id for n in walk(test) if isinstance(n, ast.Name)}
            if isinstance(test, ast.Name) and test.id == names[1]:
                keeps.append(lambda x: x.truthy is not False)
            elif isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == names[1] \
                    and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot) and source_text(test.comparators[0]) == "None":
                keeps.append(lambda x: x.kind != "none")
            elif names[0] in read and names[1] not in read:
                key_tests.append(test)  # `if k not in CUDA_ONLY`: decided for each key
            else:
                return None
        sources = self.plain_run(self.values(items.func.value))
        if len(sources) != 1 or sources[0].kind != "dict":
            return None
        entries, complete = self.entries(sources[0])
        if entries is None:
            return None
        kept = {key: entry for key, entry in entries.items() if any(all(keep(x) for keep in keeps) for x in entry.values())}
        for key in list(kept) if key_tests else ():
            held = self._key_kept(key_tests, names[0], key, kept[key].node)
            if held is None:
                return None
            if not held:
                del kept[key]
        if not (isinstance(node.value, ast.Name) and node.value.id == names[1]):
            # `{k: _namespace(v) if isinstance(v, dict) else v for k, v in tree.items()}`: the value for each entry
            for key, entry in kept.items():
                written = ast.copy_location(ast.Constant(key), entry.node)
                bound = {names[0]: (Value("str", written, flow=self),), names[1]: entry.values()}
                kept[key] = Entry(node.value, entry.node, _EntryFlow(self, node, bound), entry.when)
        return kept, complete

    def _key_kept(self, tests: list[ast.expr], name: str, key: str, at: ast.AST) -> bool | None:
        """Whether a comprehension's tests on its key (`k not in CUDA_ONLY`, `not k.startswith("_")`) keep the
        entry `key`: the key name holds that string, every other name what it holds here (a tuple of
        constants); None when a test cannot be decided."""
        for test in tests:
            given = {n.id: self.values(n) for n in walk(test) if isinstance(n, ast.Name) and n.id != name}
            given[name] = (Value("str", ast.copy_location(ast.Constant(key), at), flow=self),)
            truth = self._truth(test, given)
            if not truth:
                return truth
        return True

    def _items_comprehended(self, node: ast.DictComp) -> tuple[dict[str, Entry], bool] | None:
        """`{m.NAME: m.CONFIG for m in (tiny, base_pod)}` over a tuple or list display (or a name holding a tuple
        on every path): an entry per element, its key and value evaluated with the loop's name holding that
        element. None for another shape, or an element whose key is not one known string."""
        if len(node.generators) != 1:
            return None
        gen = node.generators[0]
        if gen.is_async or gen.ifs or not isinstance(gen.target, ast.Name):
            return None
        known = self._known_display(gen.iter)
        complete = True
        if known is None:
            listed = self._module_list(gen.iter)
            if listed is None:
                return None
            known, complete = listed[:2], not self._list_changed_elsewhere(*listed[1:])  # (another module may add to it)
        display, flow = known
        if len(display.elts) > MAX_REGISTRATIONS or any(isinstance(e, ast.Starred) for e in display.elts):
            return None
        out: dict[str, Entry] = {}
        for element in display.elts:
            each = _EntryFlow(self, node, {gen.target.id: flow.values(element)})
            key = each.constant_key(node.key)
            if not isinstance(key, str):
                return None
            _store(out, key, Entry(node.value, node.key, each))
        return out, complete

    def _module_list(self, expr: ast.expr) -> tuple[ast.List, Flow, str] | None:
        """The list display a module binds a name to at its top level, on every path, that its module never
        grows or changes by that name (`configs = [dict(name=...), ...]` of litgpt's config_list.py), with the
        flow that reads it and the name; None otherwise. Its items are the listed ones as far as that module shows."""
        held = self.values(expr)
        if len(held) != 1 or held[0].when or held[0].extra is not None or held[0].kind != "list" \
                or not isinstance(held[0].node, ast.List):
            return None
        flow = held[0].flow or self
        assign = flow.ctx.parents.get(held[0].node)
        if not (isinstance(assign, ast.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Name)
                and isinstance(flow.ctx.parents.get(assign), ast.Module)):
            return None
        name = assign.targets[0].id
        if any(flow.ctx.method_calls_on(method, name) for method in LIST_CHANGES) or flow.ctx.subscript_stores(name) \
                or any(isinstance(n.target, ast.Name) and n.target.id == name for n in flow.ctx.nodes(ast.AugAssign)):
            return None
        return held[0].node, flow, name

    @staticmethod
    def _list_changed_elsewhere(flow: Flow, name: str) -> bool:
        """Another module of the project that imports `flow`'s module and names `name` may change the list it binds
        there (`config.SAVE_KEYS.append("epoch")`, `SAVE_KEYS += [...]`, `SAVE_KEYS[0] = ...`), or the project cannot
        tell (past a bound); False for a module no other imports by that name."""
        project = flow.ctx.project
        if project is None:
            return False
        readers = project.modules_reading(flow, name, from_summaries=True)
        if readers is None:
            return True

        def names_it(node: ast.AST) -> bool:
            return isinstance(node, ast.Name) and node.id == name or isinstance(node, ast.Attribute) and node.attr == name

        for reader in readers:
            ctx = reader.ctx
            if any(names_it(a.value) for method in LIST_CHANGES for a in ctx.attribute_loads(method)) \
                    or any(names_it(n.target) for n in ctx.nodes(ast.AugAssign)) \
                    or any(isinstance(n.ctx, (ast.Store, ast.Del)) and names_it(n.value) for n in ctx.nodes(ast.Subscript)):
                return True
        return False

    def _mutations(self, node: ast.AST | None, name: str) -> tuple[dict[str, Entry], bool]:
        """`name[k] = v`, `name.update(...)`, `name.setdefault(k, v)` on the variable a dict was bound to."""
        out: dict[str, Entry] = {}
        complete = True
        for assign, target in self.ctx.subscript_stores(name):
            if isinstance(target.value, ast.Name) and target.value.id == name and self._same_dict(target.value, node) \
                    and not self._skipped(assign):
                key = self.constant_key(target.slice)
                if isinstance(key, str):
                    _store(out, key, Entry(assign.value, target, self, self._stored_under(assign)))
                elif (per_turn := self._stored_per_turn(assign, target)) is not None:
                    for turn_key, entry in per_turn:  # `for name in OPTIONS: kwargs[name] = value`: a key a turn
                        _store(out, turn_key, entry)
                else:
                    # `REGISTRY[name] = fn` in a function: an entry per call (a registering decorator's
                    # application); never complete, another module may call it too
                    complete = False
                    for registered, entry in self._registered(assign, target):
                        _store(out, registered, entry)
        for method in ("update", "setdefault"):
            for call in self.ctx.method_calls_on(method, name):
                receiver = call.func.value  # type: ignore[attr-defined]  # a method call
                if not (isinstance(receiver, ast.Name) and receiver.id == name and self._same_dict(receiver, node)):
                    continue
                if method == "setdefault":
                    key = self.constant_key(call.args[0]) if call.args else None
                    if isinstance(key, str) and len(call.args) > 1:
                        out.setdefault(key, Entry(call.args[1], call, self, self._stored_under(call)))
                    continue
                # the mapping given first, then the keywords in order (`d.update(m, k=v, **more)`: as Python updates)
                for a in (*call.args, *call.keywords):
                    if isinstance(a, ast.keyword) and a.arg is not None:
                        _store(out, a.arg, Entry(a.value, a, self, self._stored_under(call)))
                        continue
                    mapping = a.value if isinstance(a, ast.keyword) else a
                    # `options.update(preset)` in `for preset in presets:` over known items: every turn updates
                    turns = self.loop_items(mapping, within=True) if isinstance(mapping, ast.Name) else None
                    for held in (turns or [self.values(mapping)]):
                        held = self.plain_run(held)
                        sub, sub_complete = self._alternative_entries(held, out)
                        complete = complete and sub_complete
                        if not sub_complete:  # `cfg.update(yaml.safe_load(f))` of a file the layer cannot read
                            self._updates_unread.setdefault(id(node), []).append((mapping, call))
                        out.update(sub or {})
        for key, entry in self._filled_by_helpers(node, name):
            _store(out, key, entry)
        return out, complete

    def _filled_by_helpers(self, node: ast.AST | None, name: str) -> list[tuple[str, Entry]]:
        """`use_bf16(fabric_kw)` (or `HOOKS[args.precision](fabric_kw)`), a function of the project given the dict
        `name` holds, whose body stores into its parameter: `kw["precision"] = v`, `kw.setdefault("k", v)`,
        `kw.update(k=v)`, `kw.setdefault("plugins", []).append(x)` (a list of `x`). Each entry as that function's
        module reads it, under the conditions the call is made under and those the function is picked by."""
        out: list[tuple[str, Entry]] = []
        for load in self.ctx.loads_named(name):
            call = self.ctx.parents.get(load)
            if not isinstance(call, ast.Call) or load is call.func or not self._same_dict(load, node):
                continue
            picked = [f for f in self.values(call.func) if f.kind == "function" and f.extra is None
                      and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef))]
            for f in picked[:MAX_CONTEXTS]:
                func, there = f.node, f.flow or self
                assert isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
                param = next((p for p in all_args(func.args) if argument_for(func, p, call, False) is load), None)
                if param is None or _rebinds(func, param.arg):
                    continue
                when = (*f.when, *self._stored_under(call))
                for key, value, at in _stores_into_parameter(func, param.arg):
                    out.append((key, Entry(value, at, there, (*when, *there._stored_under(at)))))
        return out

    def _alternative_entries(self, held: tuple[Value, ...], before: dict[str, Entry]) -> tuple[dict[str, Entry] | None, bool]:
        """The entries `**x` or `d.update(x)` adds when `x` holds one of several dicts (a parameter each caller gives
        its own, `METRICS[name]`): a key any of them holds, its value each one's under that one's condition
        (or, where that one lacks the key, what `before` holds there); stored on every path when every
        alternative (or `before`) has it. None, not complete, when one of them is no dict."""
        if not held or any(x.kind != "dict" for x in held):
            return None, False
        if len(held) == 1:
            return self.entries(held[0])
        readings = [(x, *self.entries(x)) for x in held]
        complete = all(sub is not None and sub_complete for _, sub, sub_complete in readings)
        keys = list(dict.fromkeys(k for _, sub, _ in readings for k in (sub or {})))
        out: dict[str, Entry] = {}
        for key in keys:
            values: list[Value] = []
            whens: list[tuple[str, ...]] = []
            first: Entry | None = None
            everywhere = True
            for x, sub, _ in readings:
                entry = (sub or {}).get(key) or before.get(key)
                if entry is None:
                    everywhere = False
                    continue
                first = first or entry
                values.extend(y.under((*x.when, *entry.when)) for y in entry.values())
                whens.append((*x.when, *entry.when))
            assert first is not None
            written = first.value
            out[key] = Entry(self._held_at(written, bounded(tuple(values))), first.node, self,
                             () if everywhere else either(whens))
        return out, complete

    def _filled_by_methods(self, node: ast.Dict) -> dict[str, Entry] | None:
        """`self.state = {}` in a method, then `self.state.update(objects)` (or `self.state["step"] = step`)
        in methods of the class: the entries those fills add, over every call of the method that fills
        (`track(model=model)`, `track(optimizer=opt)`: what `objects` holds for each call, read where
        the call is written). {} when no method fills the attribute in place; None when one fills it in a
        way the layer cannot read (a key it cannot tell, `pop`, `clear`, a call it does not see)."""
        # Apart from `_keyed_fillers`: this reads every fill whatever its key, as the same for every instance.
        held = self._held_by_method(node)
        if held is None:
            return {}
        target, cls = held
        if any(isinstance(aug.target, ast.Attribute) and aug.target.attr == target.attr and self.ctx.within(aug, cls)
               for aug in self.ctx.nodes(ast.AugAssign)):
            return None  # `self.state |= more`
        out: dict[str, Entry] = {}
        for _, load in self._own_loads(target.attr, cls):
            parent = self.ctx.parents.get(load)
            call = self.ctx.parents.get(parent) if isinstance(parent, ast.Attribute) else None
            if isinstance(parent, ast.Attribute) and parent.attr == "update" and isinstance(call, ast.Call) \
                    and call.func is parent:
                added = self._update_entries(call)
            elif isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store) and parent.value is load:
                stmt = self.ctx.parents.get(parent)
                key = self.constant_key(parent.slice)
                added = {key: Entry(stmt.value, parent, self)} if isinstance(key, str) and isinstance(stmt, ast.Assign) else None
            elif isinstance(parent, ast.Attribute) and parent.attr in DICT_MUTATORS \
                    or isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load):
                added = None  # `self.state.pop(k)`, `del self.state[k]`, `self.state[k] += 1`
            else:
                continue  # a read
            if added is None:
                return None
            for key, entry in added.items():
                _store(out, key, entry)
        return out

    def _filled_by_subclassing(self, node: ast.Dict) -> list[tuple[str, Entry]] | None:
        """`registry: dict = {}` in a class body whose `__init_subclass__(cls, name, **kw)` stores
        `Base.registry[name] = cls` (or `cls.registry[name]`, the same dict): each class statement deriving
        from the class in this module is a call of that hook, `cls` the subclass and its arguments the
        statement's keywords (`class Remat(Preset, name="remat")`); the key and entry each stores. None when
        the hook stores nothing into the dict."""
        assign = self.ctx.parents.get(node)
        if isinstance(assign, ast.Assign) and len(assign.targets) == 1 and assign.value is node:
            target = assign.targets[0]
        elif isinstance(assign, ast.AnnAssign) and assign.value is node:
            target = assign.target
        else:
            return None
        cls = self.ctx.parents.get(assign)
        if not isinstance(target, ast.Name) or not isinstance(cls, ast.ClassDef):
            return None
        hook = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init_subclass__"
                     and s.args.args), None)
        if hook is None:
            return None
        owners = (cls.name, hook.args.args[0].arg)
        stores = [(stmt, t) for stmt in ast.walk(hook) if isinstance(stmt, ast.Assign) for t in stmt.targets
                  if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and t.value.attr == target.id
                  and isinstance(t.value.value, ast.Name) and t.value.value.id in owners]
        if not stores:
            return None
        out: list[tuple[str, Entry]] = []
        for sub in self._subclass_statements(cls):
            key = (id(hook), id(sub))
            site = self._sites.get(key)
            if site is None:  # the class statement as the hook's call: its keywords, `cls` the subclass
                call = ast.copy_location(ast.Call(func=ast.Name(id=cls.name, ctx=ast.Load()), args=[],
                                                  keywords=sub.keywords), sub)
                receiver = Value("class", sub, label=sub.name, qualified=sub.name, flow=self)
                site = self._sites[key] = _MethodFlow(self, hook, call, receiver)
            out.extend(entry for stmt, t in stores if (entry := site.registry_entry(stmt, t)) is not None)
        return out

    def _subclass_statements(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """The module's class statements deriving from `cls` by name, directly or through one another (each
        runs its `__init_subclass__`); none past `MAX_REGISTRATIONS`."""
        names = {cls.name}
        found: list[ast.ClassDef] = []
        pending = [c for c in self.ctx.nodes(ast.ClassDef) if c is not cls]
        grew = True
        while grew and len(found) <= MAX_REGISTRATIONS:
            grew = False
            for c in pending:
                if c not in found and any(isinstance(b, ast.Name) and b.id in names for b in c.bases):
                    found.append(c)
                    names.add(c.name)
                    grew = True
        return found if len(found) <= MAX_REGISTRATIONS else []

    def _stored_under_a_parameter(self, node: ast.Dict) -> bool:
        """`self.attr = {}` (`node`) and a method storing `self.attr[k] = v` with `k` one of its parameters."""
        target = self.self_attribute_holding(node)
        if target is None:
            return False
        for load in self.ctx.attribute_loads(target.attr):
            parent = self.ctx.parents.get(load)
            user = self.ctx.enclosing_function(load)
            if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store) and isinstance(parent.slice, ast.Name) \
                    and user is not None and any(a.arg == parent.slice.id for a in user.args.args[1:]):
                return True
        return False

    def _keyed_fillers(self, node: ast.Dict) -> list[tuple[ast.FunctionDef, ast.Assign, ast.Subscript, int]] | None:
        """`self.attr = {}` (`node`) that methods of its class fill only by `self.attr[k] = v`, some with `k` a
        parameter of the method (`add_state(self, name, ...)`): each such store, with the method and the
        parameter's place among those after `self`. None when there is none, or when the attribute is filled
        or changed otherwise (`update`, `pop`, `del`, a key of another kind): `_filled_by_methods` reads it."""
        # Apart from `_filled_by_methods`: only `self.attr[k] = v` stores, kept whole so that a key a method is
        # given can be read per call of it on one instance (`_filled_for_instance`).
        held = self._held_by_method(node)
        if held is None:
            return None
        target, cls = held
        out: list[tuple[ast.FunctionDef, ast.Assign, ast.Subscript, int]] = []
        for user, load in self._own_loads(target.attr, cls):
            parent = self.ctx.parents.get(load)
            if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store) and parent.value is load:
                stmt = self.ctx.parents.get(parent)
                params = [a.arg for a in user.args.args[1:]]
                key = parent.slice
                if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not isinstance(user, ast.FunctionDef):
                    return None
                if isinstance(key, ast.Name) and key.id in params \
                        and all(d.how == "param" for d in self.reaching(key) or [Def("unknown", None, ())]):
                    out.append((user, stmt, parent, params.index(key.id)))
                elif isinstance(self.constant_key(key), str):
                    out.append((user, stmt, parent, -1))  # `self.state["step"] = step`: a key of every instance
                else:
                    return None
            elif isinstance(parent, ast.Attribute) and (parent.attr in DICT_MUTATORS or parent.attr == "update") \
                    or isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load) \
                    or isinstance(parent, ast.AugAssign) and parent.target is load:
                return None
        return out if any(index >= 0 for *_, index in out) else None

    def _filled_for_instance(self, node: ast.Dict, instance: _Instance) -> dict[str, Entry] | None:
        """The entries the fills of `self.attr = {}` (`node`, see `_keyed_fillers`) add to the instance one
        construction builds: the stores under a constant key, and for a key the filling method is given, one
        entry for each call of it the construction's `__init__` makes on `self` (its class's, then each
        base's through `super().__init__()`, in the order Python looks them up), the key that call's argument,
        the value as the method reads for it. Another subclass's calls are never this instance's. None when
        the fills cannot be told: a call under a test or before `super().__init__()`, a call of the filling
        method anywhere else (another method, another receiver), an `__init__` of a class the project does
        not write."""
        # Not a third reading: `_keyed_fillers`' stores, per instance, else `_filled_by_methods`.
        fillers = self._keyed_fillers(node)
        if fillers is None:
            return self._filled_by_methods(node)
        out: dict[str, Entry] = {}
        keyed = {}
        for method, stmt, target, index in fillers:
            if index < 0:
                _store(out, self.constant_key(target.slice), Entry(stmt.value, target, self))  # type: ignore[arg-type]
            else:
                keyed[method.name] = (method, stmt, target, index)
        receiver = Value("instance", None, extra=(instance.cls, instance.call), flow=instance.flow)
        made = _init_calls(instance.flow._linearization(instance.cls), set(keyed))
        if made is None:
            return None
        for flow, call in made:
            method, stmt, target, index = keyed[call.func.attr]  # type: ignore[attr-defined]  # a method call
            site = flow.bound_site(self, method, call, receiver)
            key = site.constant_key(target.slice)
            if not isinstance(key, str):
                return None
            _store(out, key, Entry(stmt.value, target, site))
        return out

    def _held_by_method(self, node: ast.Dict) -> tuple[ast.Attribute, ast.ClassDef] | None:
        """`self.state` when a method stores `node` into it (`self_attribute_holding`), with the method's class."""
        target = self.self_attribute_holding(node)
        cls = self._method_class(self.ctx.enclosing_function(node)) if target is not None else None  # type: ignore[arg-type]
        return (target, cls) if target is not None and cls is not None else None

    def _own_loads(self, attr: str, cls: ast.ClassDef) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.Attribute]]:
        """Each `self.<attr>` a method of `cls` reads on its own `self` (its first parameter), with the method."""
        for load in self.ctx.attribute_loads(attr):
            user = self.ctx.enclosing_function(load)
            if user is not None and self._method_class(user) is cls and user.args.args \
                    and isinstance(load.value, ast.Name) and load.value.id == user.args.args[0].arg:
                yield user, load

    def self_attribute_holding(self, node: ast.expr) -> ast.Attribute | None:
        """`self.state` when `node` is the value a method of a class stores into it (`self.state = {}`,
        `self.fabric, self.state = fabric, {}`); None otherwise."""
        store = self.ctx.parents.get(node)
        targets: list[ast.expr] = []
        if isinstance(store, ast.Assign) and store.value is node:
            targets = store.targets
        elif isinstance(store, ast.Tuple) and isinstance(assign := self.ctx.parents.get(store), ast.Assign) \
                and assign.value is store:  # `a, b = x, y`: the target at the value's place
            index = store.elts.index(node)
            targets = [t.elts[index] for t in assign.targets if isinstance(t, ast.Tuple) and len(t.elts) == len(store.elts)
                       and not any(isinstance(e, ast.Starred) for e in t.elts)]
        method = self.ctx.enclosing_function(node) if len(targets) == 1 else None
        if method is None or self._method_class(method) is None or _is_static(method) or not method.args.args:
            return None
        target = targets[0]
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                and target.value.id == method.args.args[0].arg:
            return target
        return None

    def _update_entries(self, call: ast.Call) -> dict[str, Entry] | None:
        """What `d.update(...)` adds: its keywords, and the entries of each dict each argument may hold (a
        parameter: the dict each call of the method passes, `**objects` for `track(model=model)`)."""
        out: dict[str, Entry] = {}
        for kw in call.keywords:
            if kw.arg is None:
                return None
            _store(out, kw.arg, Entry(kw.value, kw, self))
        for a in call.args:
            held = self.plain_run(self.values(a))
            if not held or len(held) > MAX_CONTEXTS or any(x.kind != "dict" for x in held):
                return None
            for x in held:
                sub, complete = self.entries(x)
                if sub is None or not complete:
                    return None
                for key, entry in sub.items():
                    _store(out, key, entry)
        return out

    def _stored_per_turn(self, assign: ast.Assign, target: ast.Subscript) -> list[tuple[str, Entry]] | None:
        """`for name in ("clip_val", "max_norm"): value = getattr(args, name); if value is not None: kwargs[name]
        = value`: the store each turn of a loop over known strings makes, its key the turn's string and its value
        read with the loop's variable holding that string alone; the `if`s between the loop and the store
        decided for that turn (a turn whose test is false on every path stores nothing, one left undecided
        stores under it). None when the key is not the variable of such a loop, or a test is of another kind
        than one on names."""
        key = target.slice
        if not isinstance(key, ast.Name):
            return None
        defs = self.reaching(key)
        if not defs or len(defs) != 1 or defs[0].how != "unknown" or defs[0].node is not None or defs[0].path \
                or defs[0].target is None:
            return None
        loop = self._loop_of(defs[0].target, assign)
        known = self._loop_display(loop) if loop is not None else None
        if loop is None or known is None:
            return None
        guards: list[tuple[ast.expr, bool]] = []  # each `if` test, and whether the store is in its body
        child, parent = assign, self.ctx.parents.get(assign)
        while parent is not loop:
            if isinstance(parent, ast.If):
                guards.append((parent.test, any(child is b for b in parent.body)))
            elif not isinstance(parent, (ast.With, ast.Try)) or parent is None:
                return None
            child, parent = parent, self.ctx.parents.get(parent)
        display, flow = known
        out: list[tuple[str, Entry]] = []
        for element in display.elts:
            held = flow.values(element)
            if len(held) != 1 or held[0].kind != "str" or not isinstance(held[0].node, ast.Constant) \
                    or not isinstance(held[0].node.value, str):
                return None
            turn = _TurnFlow(self, loop, {key.id: held})
            when: list[str] = []
            for test, holds in guards:
                given = {n.id: turn.values(n) for n in ast.walk(test) if isinstance(n, ast.Name)}
                decided = turn._truth(test, given)
                if decided is (not holds):
                    break
                if decided is None:
                    when.append(self.text(test) if holds else f"not ({self.text(test)})")
            else:
                stored = self._held_at(assign.value, turn.values(assign.value))
                out.append((held[0].node.value, Entry(stored, target, self, (*self._stored_under(loop), *when))))
        return out

    def _registered(self, assign: ast.Assign, target: ast.Subscript) -> list[tuple[str, Entry]]:
        """`REGISTRY[name] = fn` in a plain function (not a method): for each of its first few calls the module
        shows, the key and the entry that call stores, read in the function evaluated for that call. A call
        is an application too: `@preset("remat") def _remat` calls the `register(fn)` that `preset("remat")`
        returns, whose `name` is then the factory's argument at `preset("remat")`. A call whose key is not a
        constant adds nothing."""
        func = self.ctx.enclosing_function(assign)
        if isinstance(func, ast.FunctionDef) and func.name == "__init_subclass__":
            return self._registered_by_subclassing(assign, target, func)
        if func is None or self._method_class(func) is not None:
            return []
        factory = self.ctx.enclosing_function(func)
        sites = list(itertools.islice(self.call_sites(func), MAX_REGISTRATIONS + 1))
        if len(sites) > MAX_REGISTRATIONS:
            return []
        out: list[tuple[str, Entry]] = []
        for call, bound_self, when in sites:
            if bound_self or isinstance(call, _CalledBack):
                continue
            outer: Flow = self
            if factory is not None and self._method_class(factory) is None and isinstance(call.func, ast.Call) \
                    and any(self._is(factory, x) for x in self.values(call.func.func)):
                outer = self._registering(self, factory, call.func)  # `preset("remat")`: the factory for that call
            entry = self._registering(outer, func, call).registry_entry(assign, target, when)
            if entry is not None:
                out.append(entry)
        if isinstance(self.ctx.parents.get(factory or func), ast.Module):
            out.extend(self._registered_elsewhere(assign, target, func, factory, MAX_REGISTRATIONS - len(sites)))
        return out

    def _registered_elsewhere(self, assign: ast.Assign, target: ast.Subscript, func: ast.FunctionDef | ast.AsyncFunctionDef,
                              factory: ast.FunctionDef | ast.AsyncFunctionDef | None, room: int) -> list[tuple[str, Entry]]:
        """The applications of a registering decorator of the module's top level (`@register def f`, or the
        nested `decorate` a factory returns: `@register_model(fsdp_wrap=...) def vit`) written in the project's
        other modules that import it (a timm-like registry and its models/vit.py): each read in its own module,
        the key and the entry that application stores, with what it passed. Bounded: the modules
        `_readers_of` gives, `room` applications; the modules asking now are not asked again (vit.py reads
        this module: a cycle)."""
        project = self.ctx.project
        top = factory or func
        if project is None or room <= 0:
            return []
        asking = (self.origin or self.ctx.doc.path or "", top.name)
        if asking in project.asking_callers or len(project.asking_callers) >= MAX_CALLER_HOPS:
            return []
        readers = self._readers_of(top.name)
        if not readers:
            return []
        out: list[tuple[str, Entry]] = []
        project.asking_callers.append(asking)
        try:
            for there in readers:
                read = _twin_read(there, top, self.ctx.doc.path)
                if read is None:
                    continue
                home, twin_top = read
                twins: tuple[ast.AST | None, ...] = (func, assign, target) if twin_top is top else (  # the same tree
                    twin_top if factory is None else _same_node(twin_top, func),
                    _same_node(twin_top, assign), _same_node(twin_top, target))
                twin_func, twin_assign, twin_target = twins
                if not isinstance(twin_top, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        or not isinstance(twin_func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        or not isinstance(twin_assign, ast.Assign) or not isinstance(twin_target, ast.Subscript):
                    continue
                applications = there._applications().get(id(twin_func), [])
                if len(applications) > room:
                    return []
                room -= len(applications)
                for application in applications:
                    outer = home
                    if factory is not None:
                        if not isinstance(application.func, ast.Call):
                            continue
                        outer = there.site(home, twin_top, application.func)  # `register_model(fsdp_wrap=...)`
                    entry = _SiteFlow(outer, twin_func, application, caller=there).registry_entry(twin_assign, twin_target)
                    if entry is not None:
                        out.append(entry)
        finally:
            project.asking_callers.pop()
        return out

    def _registered_by_subclassing(self, assign: ast.Assign, target: ast.Subscript,
                                   hook: ast.FunctionDef) -> list[tuple[str, Entry]]:
        """`METRICS[name or cls.__name__] = cls` in a class's `__init_subclass__`: each class statement deriving
        from it, here or in a module importing it (`class PeakLoss(Metric, name="peak_loss")` in metrics/loss.py),
        runs it; the key and the entry each stores, read in the hook run for that class. Bounded as the
        decorator applications of `_registered_elsewhere` are."""
        cls = self._method_class(hook)
        project = self.ctx.project
        if cls is None or not isinstance(self.ctx.parents.get(cls), ast.Module):
            return []
        classes: list[tuple[Flow, ast.ClassDef]] = [(self, k) for k in self._subclasses(cls)[1:]]
        asking = (self.origin or self.ctx.doc.path or "", f"{cls.name}.__init_subclass__")
        if project is not None and asking not in project.asking_callers and len(project.asking_callers) < MAX_CALLER_HOPS:
            project.asking_callers.append(asking)
            try:
                for there in self._readers_of(cls.name) or ():
                    twin = _twin_in(there, cls, self.origin or self.ctx.doc.path)
                    if isinstance(twin, ast.ClassDef):
                        classes.extend((there, k) for k in there._derived_from(twin))
            finally:
                project.asking_callers.pop()
        if len(classes) > MAX_REGISTRATIONS:
            return []
        out: list[tuple[str, Entry]] = []
        for there, derived in classes:
            found = there._init_subclass_of(derived, set())
            if found is None or found[1].name != hook.name or found[1].lineno != hook.lineno:
                continue  # another base's hook runs for it
            home, twin_hook = found
            twin_assign, twin_target = (assign, target) if twin_hook is hook else (
                _same_node(twin_hook, assign), _same_node(twin_hook, target))
            if not isinstance(twin_assign, ast.Assign) or not isinstance(twin_target, ast.Subscript):
                continue
            site = there.bound_site(home, twin_hook, there._init_subclass_call(derived),
                                    Value("class", derived, label=derived.name, qualified=derived.name, flow=there))
            if site._skipped(twin_assign):
                continue
            key = site.registry_key(twin_target.slice)
            if key is None:  # `name or cls.__name__`: the one string it holds for this class statement
                held = site.values(twin_target.slice)
                text = held[0].node.value if len(held) == 1 and isinstance(held[0].node, ast.Constant) else None
                key = text if isinstance(text, str) and not held[0].when else None
            if isinstance(key, str):
                out.append((key, Entry(twin_assign.value, twin_target, site, site._stored_under(twin_assign))))
        return out

    def _init_subclass_call(self, cls: ast.ClassDef) -> ast.Call:
        """The call `__init_subclass__(**keywords)` a class statement of this module makes, placed at it."""
        keywords = [k for k in cls.keywords if k.arg != "metaclass"]
        return self.ctx.once("init_subclass", cls, lambda: ast.copy_location(
            ast.Call(func=ast.Name(id="__init_subclass__", ctx=ast.Load()), args=[], keywords=keywords), cls))

    def _registering(self, outer: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> Flow:
        """`func` evaluated for `call` (kept in `outer`, as `returns_for` keeps its sites)."""
        key = (id(func), id(call))
        found = outer._sites.get(key)
        if found is None:
            found = outer._sites[key] = _SiteFlow(outer, func, call)
        return found

    def registry_entry(self, assign: ast.Assign, target: ast.Subscript,
                       when: tuple[str, ...] = ()) -> tuple[str, Entry] | None:
        """`registry[key] = value` (`assign`, storing into `target`) as this evaluator runs it: the key and the
        entry, under `when` and the tests of the `if`s it is under that stay undecided; None when it never runs
        here or its key is not one string."""
        if self._skipped(assign):
            return None
        key = self.registry_key(target.slice)
        return (key, Entry(assign.value, target, self, (*when, *self._stored_under(assign)))) if isinstance(key, str) else None

    def registry_key(self, node: ast.expr) -> str | int | None:
        """A key as `constant_key` reads it, or the name of the def or class a `fn.__name__` holds."""
        if isinstance(node, ast.Attribute) and node.attr == "__name__":
            held = self.values(node.value)
            named = {getattr(x.node, "name", None) for x in held if x.kind in ("function", "class")
                     and isinstance(x.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
            return named.pop() if len(named) == 1 and len(held) == 1 else None
        return self.constant_key(node)

    def _stored_under(self, node: ast.AST) -> tuple[str, ...]:
        """The tests of the `if`s a store in a function is under that its walk leaves undecided, each as the
        branch holds it (the test, or its negation), outermost first: () when it runs on every path."""
        return self.branch_conditions(node) if self.ctx.enclosing_function(node) is not None else ()

    def branch_conditions(self, node: ast.AST) -> tuple[str, ...]:
        """The tests of the `if`s around `node` in its function (or at the module's top level) that the walk
        leaves undecided, each as the branch holds it (the test, or its negation), outermost first."""
        func = self.ctx.enclosing_function(node) or self.ctx.module
        branches: list[tuple[ast.If, bool]] = []  # each `if` around it, and whether it is in the body
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and parent is not func:
            if isinstance(parent, ast.If) and child is not parent.test:
                branches.append((parent, any(s is child for s in parent.body)))
            child, parent = parent, self.ctx.parents.get(parent)
        if not branches:
            return ()
        decisions = {id(test): decided for test, _, decided in self.scope(func).decisions}
        return tuple(self.text(branch.test) if in_body else negation(branch.test, self.text)
                     for branch, in_body in reversed(branches) if decisions.get(id(branch.test), False) is None
                     or id(branch.test) not in decisions and self._kept_test_truth(branch.test) is None)

    def _kept_test_truth(self, test: ast.expr) -> bool | None:
        """A test the walk keeps with both branches (it reads a local the walk does not hold as a constant:
        `sync = cfg.get("sync")`, `(sync := cfg.get("sync")) is not None`), decided by what its names hold
        where it is (a name the test binds holds its value); None when that does not decide it."""
        given: dict[str, tuple[Value, ...]] = {}
        bound = _assignment_in(test)
        if bound is not None:
            given[bound.target.id] = self.values(bound.value)
            test = _with_target(test)
        if any(isinstance(n, _DECIDED_ELSEWHERE) for n in ast.walk(test)):
            return None
        for node in ast.walk(test):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in given:
                given[node.id] = self.values(node)
        if any(not held or any(x.kind == "unknown" for x in held) for held in given.values()):
            return None
        return self._truth(test, given)

    def _skipped(self, stmt: ast.stmt) -> bool:
        """A statement of a function under an `if` its walk decided the other way (`if cfg.get("custom_wrapper"):`
        with the call's cfg giving False): it never runs."""
        func = self.ctx.enclosing_function(stmt)
        if func is None:
            return False
        decisions = {id(test): decided for test, _, decided in self.scope(func).decisions}
        child: ast.AST = stmt
        parent = self.ctx.parents.get(stmt)
        while parent is not None and parent is not func:
            if isinstance(parent, ast.If) and child is not parent.test:
                decided = decisions[id(parent.test)] if id(parent.test) in decisions else self._kept_test_truth(parent.test)
                if decided is not None and decided is not any(s is child for s in parent.body):
                    return True
            child, parent = parent, self.ctx.parents.get(parent)
        return False

    def _in_loop(self, node: ast.AST) -> bool:
        """Under a loop (or a comprehension) of its own function: it may run again."""
        parent = self.ctx.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
            if isinstance(parent, (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                return True
            parent = self.ctx.parents.get(parent)
        return False

    def _removals(self, node: ast.AST | None, name: str, popping: ast.Call | None = None) -> dict[str, int]:
        """`name.pop(k)`, `name.pop(k, d)`, `del name[k]` on the variable a dict was bound to: each key and
        the last line that removes it. A removal in a branch counts too: the key may be gone, and a rule
        does not report a value that may not be there."""
        out: dict[str, int] = {}
        removed: list[tuple[ast.Name, ast.AST, int]] = []
        for call in self.ctx.method_calls_on("pop", name):
            if call.args and (call is not popping or self._in_loop(call)):
                removed.append((call.func.value, call.args[0], call.lineno))  # type: ignore[attr-defined]
        for statement in self.ctx.nodes(ast.Delete):
            for target in statement.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name:
                    removed.append((target.value, target.slice, statement.lineno))
        for receiver, key_node, line in removed:
            for key in self._turn_keys(key_node) or (self.constant_key(key_node),):
                if isinstance(receiver, ast.Name) and receiver.id == name and isinstance(key, str) \
                        and self._same_dict(receiver, node):
                    out[key] = max(line, out.get(key, 0))
        return out

    def _turn_keys(self, key: ast.AST) -> tuple[str, ...]:
        """The strings a loop's name takes, for a key that is one (`for key in CUDA_ONLY: kwargs.pop(key, None)`
        over a tuple, list or set of strings, written or bound to a name): each turn removes one. () otherwise."""
        if not isinstance(key, ast.Name):
            return ()
        parent = self.ctx.parents.get(key)
        while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
            if isinstance(parent, (ast.For, ast.AsyncFor)) and isinstance(parent.target, ast.Name) \
                    and parent.target.id == key.id:
                held = self.values(parent.iter)
                displays = [x.node for x in held if isinstance(x.node, (ast.Tuple, ast.List, ast.Set)) and not x.when]
                if len(displays) != 1 or len(held) != 1:
                    return ()
                keys = [e.value for e in displays[0].elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                return tuple(keys) if len(keys) == len(displays[0].elts) else ()
            parent = self.ctx.parents.get(parent)
        return ()

    def _clears(self, node: ast.AST | None, name: str) -> list[ast.Call]:
        """The `name.clear()` calls on the variable a dict was bound to. A clear in a branch counts too, as a
        removal does: what was stored before it may be gone."""
        return [call for call in self.ctx.method_calls_on("clear", name)
                if not call.args and isinstance(receiver := call.func.value, ast.Name)  # type: ignore[attr-defined]
                and receiver.id == name and self._same_dict(receiver, node)]

    def appended(self, display: ast.List | ast.Tuple) -> list[tuple[ast.expr, tuple[str, ...]]]:
        """What `name.append(x)` / `name.extend([...])` add to a list display after it is bound to `name`,
        in the scope that binds it (a helper that builds the list, `main`), each with the tests of the `if`
        statements it sits under that the binding does not (`if args.bf16: plugins.append(...)`)."""
        ctx = self.ctx
        assign = ctx.parents.get(display)
        chained = ctx.parents.get(ctx.parents.get(assign)) if isinstance(assign, ast.Call) else None
        if isinstance(display, ast.List) and not display.elts and isinstance(chained, ast.Call) \
                and _appends_to_setdefault(chained, assign) and assign.args[-1] is display:
            return [(chained.args[0], ())]  # `kw.setdefault("plugins", []).append(x)`: the key's list when it was unset
        if not (isinstance(display, ast.List) and isinstance(assign, ast.Assign) and assign.value is display
                and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Name)):
            return []
        name, scope = assign.targets[0].id, ctx.scope_of(assign)
        outer = [node for node, _ in self._enclosing_ifs(assign)]
        out: list[tuple[ast.expr, tuple[str, ...]]] = []
        for method in ("append", "extend"):
            for call in ctx.method_calls_on(method, name):
                receiver = call.func.value  # type: ignore[attr-defined]  # a method call
                if not (isinstance(receiver, ast.Name) and receiver.id == name and len(call.args) == 1
                        and ctx.scope_of(call) is scope):
                    continue
                binding = ctx.reaching(receiver)
                if binding is None or binding.stmt is not assign:
                    continue
                when = tuple(test for node, test in self._enclosing_ifs(call) if all(node is not o for o in outer))
                arg = call.args[0]
                if method == "append":
                    out.append((arg, when))
                elif isinstance(arg, (ast.List, ast.Tuple)):
                    out.extend((e, when) for e in arg.elts if not isinstance(e, ast.Starred))
        return out

    def _enclosing_ifs(self, node: ast.AST) -> list[tuple[ast.If, str]]:
        """The `if` statements around `node` in its scope, outermost first, each with the test that holds
        there (`not (test)` in the `else` branch)."""
        out: list[tuple[ast.If, str]] = []
        child, parent = node, self.ctx.parents.get(node)
        while parent is not None and not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if isinstance(parent, ast.If) and child is not parent.test:
                test = self.text(parent.test)
                out.append((parent, test if any(s is child for s in parent.body) else f"not ({test})"))
            child, parent = parent, self.ctx.parents.get(parent)
        return out[::-1]

    def _same_dict(self, name: ast.Name, node: ast.AST | None) -> bool:
        defs = self.reaching(name) or ()
        return any(d.how == "assign" and d.node is node for d in defs)

    # calls
    def _call(self, node: ast.Call) -> tuple[Value, ...]:
        v: Callable[..., tuple[Value, ...]] = lambda kind, **kw: (Value(kind, node, flow=self, **kw),)  # noqa: E731
        if isinstance(node, _Decorated):
            return self._decorated(node)
        qualified = self.ctx.resolve(node.func)
        if qualified is not None and not self._from_project(qualified):
            return self._library_call(node, qualified)
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "str" \
                and len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Starred):
            given = self.values(node.args[0])
            if given and all(x.kind == "str" for x in given):
                return given  # `str(name)` of a string is that string
            texts = [enum_text(x) for x in given]
            if given and all(texts):  # `str(Format.SHARDED)` of a `(str, Enum)`: "Format.SHARDED", not its value
                return tuple(Value("str", _Member(node, t), x.when, flow=self) for x, t in zip(given, texts) if t)
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id in CONVERTED_BUILTINS \
                and len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Starred):
            converted = self._builtin_conversion(node, node.func.id)
            if converted is not None:
                return converted
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id in CONTAINERS:
            if node.func.id == "dict" and len(node.args) == 1 and not node.keywords \
                    and not isinstance(node.args[0], ast.Starred):
                copied = self._copied(node, self.values(node.args[0]))  # `dict(values)`: a new dict of its entries
                if len(copied) == 1 and copied[0].kind == "dict" and copied[0].node is node:
                    return copied
            if node.func.id in ("list", "tuple") and len(node.args) == 1 and not node.keywords:
                given = self.values(node.args[0])  # `list(map(f, items))`: what each item gives, in order
                if len(given) == 1 and not given[0].when and isinstance(given[0].extra, _Items):
                    return v(CONTAINERS[node.func.id], extra=given[0].extra)
            return v(CONTAINERS[node.func.id])
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "staticmethod" \
                and len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Starred):
            return self.values(node.args[0])  # `WRAPPER = staticmethod(checkpointed)`: read off the class, the function
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "map":
            mapped = self._mapped(node)
            if mapped is not None:
                return mapped
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "next":
            first = self._next_item(node)
            if first is not None:
                return first
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "vars":
            return v("dict", extra="asdict")
        if isinstance(node.func, ast.Name) and self.reaching(node.func) is None and node.func.id == "getattr" \
                and len(node.args) in (2, 3):
            if isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                return self._getattr(node, node.args[1].value)
            named = self._getattr_named(node, self.values(node.args[1]))
            if named is not None:
                return named
        if isinstance(node.func, ast.Attribute) and node.func.attr in datafiles.INI_GETTERS:
            option = datafiles.ini_option(self, node)  # `parser.get("fabric", "accelerator")` of an INI file read
            if option is not None:
                return option
        out: list[Value] = []
        for f in self.values(node.func):
            converted = self._converted_structure(node, f) if f.kind == "function" and isinstance(f.node, ast.FunctionDef) \
                else None
            if converted is not None:  # `to_namespace(SETTINGS)`: the structure with each dict given to the wrapper
                out.extend(x.under(f.when) for x in converted)
                continue
            got = self._attrgetter_call(node, f)
            got = self._itemgetter_call(node, f) if got is None else got
            # what an entry picked by a key builds (`FACTORIES[name]()`) is picked by that key
            out.extend(x.under(f.when).picked_by(f.picked) for x in (got if got is not None else self._call_of(node, f)))
        return tuple(out)

    def _converted_structure(self, node: ast.Call, func: Value) -> tuple[Value, ...] | None:
        """`to_namespace(SETTINGS)` of a structural converter (`attrdicts.converter`: each dict of a nested structure
        given to `SimpleNamespace(**...)`, a `DotDict(...)`, inner ones first): what the wrapper builds from each dict
        the argument may hold, its dict items converted alike. None for another function or a call of another shape."""
        there = func.flow or self
        shape = there.ctx.once("converter", func.node, lambda: attrdicts.converter(func.node))  # type: ignore[arg-type]
        if shape is None or len(node.args) != 1 or node.keywords or isinstance(node.args[0], ast.Starred):
            return None
        return tuple(self._convert(x, node, there, shape, MAX_CONVERTED_DEPTH) for x in self.values(node.args[0]))

    def _convert(self, held: Value, call: ast.Call, there: Flow, shape: attrdicts.Converter, depth: int) -> Value:
        """One value as the converter leaves it: a dict given to the wrapper, written in `there` (the converter's
        module), its entries converted first; anything else as it is (a list's items are left unconverted:
        unknown once read)."""
        if held.kind != "dict":
            return held
        entries, complete = (held.flow or self).entries(held)
        if entries is None or not complete or depth <= 0 or any(e.when for e in entries.values()):
            return Value("unknown", call, held.when, flow=self)
        where = held.node if held.node is not None and hasattr(held.node, "lineno") else call
        keys: list[ast.expr | None] = []
        values: list[ast.expr] = []
        for key, entry in entries.items():
            converted = tuple(self._convert(x, call, there, shape, depth - 1) for x in entry.values())
            stand_in = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), where)
            there.base.pin(stand_in, converted)
            keys.append(ast.copy_location(ast.Constant(key), where))
            values.append(stand_in)
        display = ast.copy_location(ast.Dict(keys=keys, values=values), where)
        wrapped = ast.copy_location(ast.Call(func=shape.wrap, args=[] if shape.spread else [display],
                                             keywords=[ast.keyword(arg=None, value=display)] if shape.spread else []), where)
        made = there.values(wrapped)
        return made[0].under(held.when) if len(made) == 1 else Value("unknown", call, held.when, flow=self)

    def _builtin_conversion(self, node: ast.Call, name: str) -> tuple[Value, ...] | None:
        """`int(os.environ.get("TPU_CORES", "1"))`: each constant the argument may hold, converted as the run
        converts it (the 1 `devices=` gets), under its conditions; what the run sets stays unknown, any other
        value is the conversion's kind. None when no constant is among them, or one the run fails
        to convert (`int("auto")` raises: nothing to say of its result)."""
        given = self.values(node.args[0])
        if not any(isinstance(x.node, ast.Constant) for x in given):
            return None
        convert, kind = CONVERTED_BUILTINS[name], CONTAINERS[name]
        out: list[Value] = []
        for x in given:
            if x.kind == "unknown" and x.extra == SET_BY_THE_RUN:
                # what the run sets stays the run's, at the conversion: a module's `ON_TPU = bool(int(...))` is
                # still the test of constants the plain run decides (`_bound_test_truth`)
                out.append(replace(x, node=node, flow=self))
            elif isinstance(x.node, ast.Constant) and isinstance(x.node.value, (str, int, float, bool)):
                try:
                    constant = ast.copy_location(ast.Constant(convert(x.node.value)), x.node)
                except (ValueError, OverflowError):
                    return None
                out.append(Value(kind, constant, x.when, label=x.label, flow=x.flow or self))
            else:
                out.append(Value(kind, node, x.when, flow=self))
        return tuple(out)

    def _getattr_named(self, node: ast.Call, given: tuple[Value, ...]) -> tuple[Value, ...] | None:
        """`getattr(tasks, command)`: each name it may hold, under its condition; a name the command line
        gives is another run's pick (`argv[0] if argv else "finetune"`: the plain run's is "finetune").
        None when a name is not a known string."""
        names = self.plain_run(given)
        picked = (Value("unknown", node, extra=SET_BY_THE_RUN, flow=self),) if len(names) < len(given) else ()
        if not names or len(names) > MAX_ALTERNATIVES or not all(
                x.kind == "str" and isinstance(x.node, ast.Constant) and isinstance(x.node.value, str) for x in names):
            return None
        return (*picked, *(y.under(x.when) for x in names for y in self._getattr(node, x.node.value)))  # type: ignore[union-attr]

    def _attrgetter_call(self, node: ast.Call, f: Value) -> tuple[Value, ...] | None:
        """`operator.attrgetter(name)(obj)` is `getattr(obj, name)` (a dotted name followed attribute by
        attribute); None when `f` is no such getter or the call is not `getter(obj)`."""
        getter = f.node
        if f.qualified != "operator.attrgetter" or not isinstance(getter, ast.Call) or len(getter.args) != 1 \
                or getter.keywords or isinstance(getter.args[0], ast.Starred) \
                or len(node.args) != 1 or node.keywords or isinstance(node.args[0], ast.Starred):
            return None
        given = (f.flow or self).values(getter.args[0])
        if not all(x.kind == "str" and isinstance(x.node, ast.Constant) and "." not in str(x.node.value)
                   for x in self.plain_run(given)):
            return self._dotted_attrgetter(node, given)
        named = self._getattr_named(node, given)
        return named if named is not None else (Value("unknown", node, flow=self),)

    def _itemgetter_call(self, node: ast.Call, f: Value) -> tuple[Value, ...] | None:
        """`operator.itemgetter(k)(obj)` is `obj[k]`; `itemgetter(k1, k2)(obj)` the tuple `(obj[k1], obj[k2])`
        (`accelerator, precision = itemgetter("accelerator", "precision")(CONFIG)`). None when `f` is no such
        getter or the call is not `getter(obj)`."""
        getter = f.node
        if f.qualified != "operator.itemgetter" or not isinstance(getter, ast.Call) or not getter.args \
                or getter.keywords or any(isinstance(a, ast.Starred) for a in getter.args) \
                or len(node.args) != 1 or node.keywords or isinstance(node.args[0], ast.Starred):
            return None
        keys = [(f.flow or self).constant_key(a) for a in getter.args]
        bases = self.values(node.args[0])
        items = tuple(tuple(y.under(base.when) for base in bases for y in self._item(base, key, node)) for key in keys)
        if len(items) == 1:
            return items[0]
        return (Value("tuple", node, extra=_Items(items), flow=self),)

    def _item(self, base: Value, key: str | int | None, here: ast.AST) -> tuple[Value, ...]:
        """`base[key]` for a key the code gives as a constant: a dict's entry, a tuple's or list's element."""
        if isinstance(key, str) and base.kind == "dict":
            label = f"{base.label}[{key!r}]" if base.label else None
            return tuple(x.named(label) for x in self._entry_values(base, key, here))
        if isinstance(key, int) and base.kind in ("list", "tuple") and base.extra not in ("grown", "filled"):
            return self.element(base, key)
        return (Value("unknown", here, flow=self),)

    def _dotted_attrgetter(self, node: ast.Call, given: tuple[Value, ...]) -> tuple[Value, ...]:
        """`operator.attrgetter("model.net")(obj)`: `obj.model.net`, one known name only; else unknown."""
        unknown = (Value("unknown", node, flow=self),)
        if len(given) != 1 or given[0].kind != "str" or not isinstance(given[0].node, ast.Constant) \
                or not isinstance(given[0].node.value, str):
            return unknown
        first, *rest = given[0].node.value.split(".")
        held = self._getattr(node, first)
        for attr in rest:
            held = tuple(y.under(x.when) for x in held for y in self.attribute(x, attr, node))
        return held or unknown

    def _getattr(self, node: ast.Call, attr: str) -> tuple[Value, ...]:
        """`getattr(cfg, "remat", default)`: the attribute when the object's class gives it, the default when
        it gives none and nothing sets it from outside; both when the file cannot tell."""
        obj = node.args[0]
        default = self.values(node.args[2]) if len(node.args) == 3 else ()
        stored = isinstance(obj, ast.Name) and any(a in (None, attr) for _, _, a, _ in self.ctx.attribute_stores(obj.id))
        out: list[Value] = []
        for base in self.values(obj):
            if base.kind == "project_module":  # `getattr(tasks, "finetune")`: the module's name, as `tasks.finetune`
                out.extend(x.under(base.when) for x in self.attribute(base, attr, node))
                continue
            if base.kind in ("external", "class") and base.qualified and not isinstance(base.node, ast.ClassDef):
                # `getattr(torch.optim, "AdamW")`: a library's module or class, read as `torch.optim.AdamW`; with a
                # default, the library may lack the name (the file cannot tell)
                out.extend(x.under(base.when) for x in self.attribute(base, attr, node))
                out.extend(x.under((*base.when, f"{self.text(obj)} has no {attr}")) for x in default)
                continue
            tipped = self.ctx.tips.attribute_of(self, base, attr, node) if base.kind not in ("instance", "unknown") else None
            if tipped:  # `getattr(model, "module", model)` of a set-up module: an attribute its library gives it
                out.extend(x.under(base.when) for x in tipped)
                continue
            if default and attr in self.ctx.tips.lacking.get(base.kind, ()):  # `getattr(model, "_orig_mod", model)`
                out.extend(x.under(base.when) for x in default)
                continue
            if base.kind not in ("instance", "unknown") and self._project_class_of(base) is not None:
                # `getattr(net, "configure_optimizers", None)`: a method its project class defines; else, unknown
                found = tuple(x for x in self.attribute(base, attr, node) if x.kind != "unknown")
                if found:
                    out.extend(x.under(base.when) for x in found)
                    continue
            if base.kind == "class" and isinstance(base.node, ast.ClassDef):
                # `getattr(Reduction, "MAX")` of a class of the project: `Reduction.MAX`, as Python reads it
                found = tuple(x for x in self.attribute(base, attr, node) if x.kind != "unknown")
                if found:
                    out.extend(x.under(base.when) for x in found)
                    continue
            if base.kind in ("namespace", "args") and not stored:
                # `getattr(args, name)` of `argparse.Namespace(**DEFAULTS)` or `parser.parse_args()`: as `args.<name>`
                found = tuple(x for x in self.attribute(base, attr, node) if x.kind != "unknown")
                if found:
                    out.extend(x.under(base.when) for x in found)
                    continue
                if default and (base.kind == "namespace" and self._lacks(base, attr)
                                or base.kind == "args" and self._lacks_option(base, attr)):
                    # `SimpleNamespace(lr=...)` has no `precision`, nor has a parser with no such option: the default
                    out.extend(x.under(base.when) for x in default)
                    continue
            if base.kind == "instance" and base.flow is self and not stored and self._all_bases_shown(base.extra[0]):
                cls, call = base.extra
                found = self.instance_attribute(cls, call, attr, set())
                out.extend(x.under(base.when) for x in (found or default or (Value("unknown", node, flow=self),)))
                continue
            out.append(Value("unknown", node, flow=self))
            out.extend(x.under((*base.when, f"{self.text(obj)} has no {attr}")) for x in default)
        return tuple(out)

    def _enum_by_value(self, f: Value, node: ast.Call) -> tuple[Value, ...] | None:
        """`Reduction("max")` of an Enum of the project, given one constant on every path: its member of that value
        (`MAX = "max"`), as `Reduction.MAX` reads it; None for another call, or a value no member has (Python
        raises ValueError there)."""
        cls, home = f.node, f.flow or self
        if not isinstance(cls, ast.ClassDef) or not _is_enum(cls, home.ctx) or len(node.args) != 1 or node.keywords:
            return None
        given = self._concrete(self.plain_run(self.values(node.args[0])))
        if given is None or len(given) != 1 or given[0][0] != "const":
            return None
        wanted = given[0][1]
        for stmt in cls.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                    and isinstance(stmt.value, ast.Constant) and type(stmt.value.value) is type(wanted) \
                    and stmt.value.value == wanted:
                found = tuple(x for x in self.attribute(f, stmt.targets[0].id, node) if x.kind != "unknown")
                return found or None
        return None

    def _all_bases_shown(self, cls: ast.ClassDef, seen: frozenset[int] = frozenset()) -> bool:
        """Every class `cls` derives from is written in this file (or is `object`, a NamedTuple): no
        attribute comes from a base the file cannot read."""
        if id(cls) in seen:
            return False
        local = self.local_bases(cls)
        shown = len(local) == sum(1 for b in cls.bases if source_text(b).split(".")[-1] not in ("object", "NamedTuple"))
        return shown and all(self._all_bases_shown(b, seen | {id(cls)}) for b in local)

    def _from_project(self, qualified: str) -> bool:
        """A name imported from a module of the user's project, which the layer reads (not a library)."""
        project = self.ctx.project
        return project is not None and project.is_module(self, qualified)

    def _call_of(self, node: ast.Call, f: Value) -> tuple[Value, ...]:
        unknown = (Value("unknown", node, flow=self),)
        if f.kind == "unknown" and f.extra == SET_BY_THE_RUN:  # `PRESETS[os.environ["PRESET"]]()`: that run's call
            return (Value("unknown", node, extra=SET_BY_THE_RUN, flow=self),)
        if f.kind == "class" and isinstance(f.node, ast.ClassDef) and _is_typed_dict(f.node, f.flow or self):
            return (Value("dict", node, flow=self),)  # `Kwargs(policy={Block})` of a TypedDict: a plain dict, as `dict(...)`
        if f.kind == "class" and isinstance(f.node, ast.ClassDef):
            looked_up = self._enum_by_value(f, node)
            if looked_up is not None:  # `Reduction("max")`: the member whose value it is
                return looked_up
            # (a class of this module built in a function evaluated for one call is built here, by that call)
            if f.flow is not None and f.flow.base is not self.base:
                # a class of another module built here: what the packs say it builds, decided where it is
                # written (its bases are that module's names), is a value written here
                tipped = f.flow.ctx.tips.instance_of(f.flow, f.node, node)
                if tipped is not None:
                    return tuple(replace(x, flow=self) for x in tipped)
                f.flow.base._builders[node] = weakref.ref(self.base)
                return (Value("instance", node, extra=(f.node, self._relayed(node, f.flow)), flow=f.flow),)
            tipped = self.ctx.tips.instance_of(self, f.node, node)  # a project class derived from a library's
            if tipped is not None:
                return tipped
            if _is_enum(f.node, self.ctx):
                return unknown
            return (Value("instance", node, extra=(f.node, node), flow=self),)
        if f.kind == "function" and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and isinstance(f.extra, tuple) and len(f.extra) == 3 and f.extra[0] == "method":
            if idioms.generic_method(f.flow or self, f.node):  # `@singledispatchmethod`: what its argument picks, on the receiver
                dispatched = idioms.dispatched_call(self, node, f, f.extra[2])
                return dispatched if dispatched is not None else self._bound_call(node, f.node, f.extra[2], f.flow or self)
            return self._bound_call(node, f.node, f.extra[2], f.flow or self)  # a method bound to its receiver
        if f.kind == "function" and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(f.extra, tuple) \
                and len(f.extra) == 2 and f.extra[0] == "method" and isinstance(node.func, ast.Attribute) \
                and idioms.generic_method(f.flow or self, f.node):
            # `builder.strategy(config)` of a `@singledispatchmethod`: on each receiver, what its argument picks
            found: list[Value] = []
            for receiver in self.values(node.func.value):
                on = replace(receiver, when=())
                dispatched = idioms.dispatched_call(self, node, f, on)
                found.extend(x.under(receiver.when) for x in (
                    dispatched if dispatched is not None else self._bound_call(node, f.node, on, f.flow or self)))
            return tuple(found)
        if f.kind == "function" and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.node.decorator_list \
                and idioms.is_generic(f.flow or self, f.node):
            dispatched = idioms.dispatched_call(self, node, f)  # `@singledispatch`: the implementation its argument picks
            if dispatched is not None:
                return dispatched
        if f.kind in ("function", "lambda") and isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            flow = f.flow or self
            built = self._built_by_method_or_function(node, f, flow.base) if isinstance(f.node, ast.FunctionDef) else None
            if built is not None:
                return built
            if flow.base is self.base:
                flow = self  # a function of this module, called here: evaluated for this call (maybe inside another)
            elif flow.ctx is not self.ctx:
                return self.returns_from(flow, f.node, node)  # a function of another module of the project
            return flow.returns_for(f.node, node)
        if f.kind == "function" and f.qualified and f.qualified.startswith("builtins."):
            kind = CONTAINERS.get(f.qualified[9:])
            return (Value(kind, node, flow=self),) if kind else unknown
        if f.kind == "partial" and isinstance(f.node, ast.Call) and f.node.args and f.flow is not None:
            # `Sharded = partial(XLAFSDPStrategy, ...)`, here or in another module; `Sharded(...)` builds what
            # the library callable builds
            qualified = f.flow.ctx.partial_target(f.node)  # through the partials it wraps: `partial(Base, ...)`
            if qualified is not None and not f.flow._from_project(qualified):
                return self._library_call(node, qualified)
        bound = f.extra if f.kind == "partial" and isinstance(f.node, ast.Call) and f.node.args \
            and f.flow is not None and f.flow.base is self.base else None
        if isinstance(bound, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # `make = partial(build, "value")`; `make(1.0)` calls build("value", 1.0), for its own arguments
            target = self._partial_target(f)
            if target is not None and target.foreign and target.flow is not None:  # `build` of another module
                return self.returns_from(target.flow, bound, self._bound(node, f.node))  # type: ignore[arg-type]
            return self.returns_for(bound, self._bound(node, f.node))  # type: ignore[arg-type]  # f.node: the partial call
        if isinstance(bound, ast.ClassDef) and not _is_enum(bound, self.ctx) \
                and self.ctx.tips.instance_of(self, bound, node) is None:
            # `Config = partial(TrainConfig, remat=[Block])`; `Config()` is a TrainConfig built with remat=[Block]
            return (Value("instance", node, extra=(bound, _Bound(node, f.node)), flow=self),)  # type: ignore[arg-type]
        if f.kind == "method":
            base, name = f.extra
            if name == "copy":
                return self._copied(node, (base,))
        if f.kind in ("external", "class") and f.qualified and not isinstance(f.node, ast.ClassDef):
            return self._library_call(node, f.qualified)
        if isinstance(node.func, ast.Attribute):
            receivers = self.values(node.func.value)
            # the method read off one receiver under its condition is that receiver's, not every receiver's
            # (`args.remat.lower()` of an option with choices: each choice's text under that choice alone)
            own = [r for r in receivers if r.when == f.when] if f.when else []
            out: list[Value] = []
            for r in own or receivers:
                out.extend(self._method_call(node, r, node.func.attr))
            return tuple(out) or unknown
        return unknown

    def _built_by_method_or_function(self, node: ast.Call, f: Value, home: Flow) -> tuple[Value, ...] | None:
        """`_built_item_by_item` of a function, or of a method read off the one object the call's receiver holds
        (`AttrDict(BASE).merge(...)`)."""
        assert isinstance(f.node, ast.FunctionDef)
        if not isinstance(home.ctx.parents.get(f.node), ast.ClassDef) or _is_static(f.node):
            return self._built_item_by_item(node, f.node, home, None)
        if not isinstance(node.func, ast.Attribute):
            return None
        classmethod_ = _is_classmethod(f.node)
        if not (classmethod_ or isinstance(f.extra, tuple) and f.extra[:1] == ("method",)):
            return None
        receivers = self.values(node.func.value)
        if len(receivers) != 1 or classmethod_ and receivers[0].kind != "class":
            return None  # (a classmethod read off an instance: its class is the receiver's, not followed here)
        return self._built_item_by_item(node, f.node, home, receivers[0])

    def _built_item_by_item(self, node: ast.Call, func: ast.FunctionDef, home: Flow, receiver: Value | None
                            ) -> tuple[Value, ...] | None:
        """`deep_merge(DEFAULTS, PROFILES[name])`, `AttrDict(BASE).merged(overrides)`: a function that builds a dict
        item by item (a loop storing items), run on the dicts this call gives (`itemwise`); None when it is not
        one, or when the run cannot tell."""
        if type(node) is not ast.Call \
                or id(func) not in home.ctx.once("itemwise candidates", home.ctx.module, lambda: itemwise.candidates(home.ctx)):
            return None
        shape = home.ctx.once("itemwise shape", func, lambda: itemwise.shape_of(func))
        if not (shape.builds_as_method if receiver is not None else shape.builds):
            return None
        return itemwise.run_call(self, home, func, node, receiver)

    def project_class_of(self, value: Value) -> tuple[Flow, ast.ClassDef] | None:
        """`_project_class_of`, for a reader outside the walk (idioms.py)."""
        return self._project_class_of(value)

    def _project_class_of(self, value: Value) -> tuple[Flow, ast.ClassDef] | None:
        """The project class whose construction a pack's tip gave a kind of its own (`LitNet()` of an
        `nn.Module` subclass is a `module`), with the flow that reads it: the object is still an instance of
        that class, whose methods are the class's defs."""
        if KINDS[value.kind].owner == Value.__module__ or not isinstance(value.node, ast.Call) or value.flow is None:
            return None
        classes = value.flow.values(value.node.func)
        if len(classes) != 1 or classes[0].kind != "class" or not isinstance(classes[0].node, ast.ClassDef):
            return None
        return (classes[0].flow or value.flow).base, classes[0].node

    def _linearization(self, cls: ast.ClassDef, depth: int = 0) -> list[tuple[Flow, ast.ClassDef | str]]:
        """The classes an instance of `cls` looks a name up in, in Python's order (C3), each with the flow
        that reads it: a base the project does not write stands as its name (what it defines is unknown);
        `object` is left out. An order C3 rejects (or a hierarchy too deep) ends at an unknown base."""
        unread: list[tuple[Flow, ast.ClassDef | str]] = [(self, cls), (self, "?")]
        if depth > MAX_SITE_DEPTH * 4:
            return unread
        heads: list[tuple[Flow, ast.ClassDef | str]] = []
        sequences: list[list[tuple[Flow, ast.ClassDef | str]]] = []
        for base in cls.bases:
            found = self.values(base)
            if len(found) == 1 and found[0].kind == "class" and isinstance(found[0].node, ast.ClassDef):
                line = (found[0].flow or self).base._linearization(found[0].node, depth + 1)
            elif source_text(base) in ("object", "builtins.object"):
                continue
            else:
                line = [(self, self.ctx.resolve(base) or source_text(base))]
            heads.append(line[0])
            sequences.append(line)
        sequences.append(heads)

        def key(entry: tuple[Flow, ast.ClassDef | str]) -> object:
            return entry[1] if isinstance(entry[1], str) else id(entry[1])

        out: list[tuple[Flow, ast.ClassDef | str]] = [(self, cls)]
        while any(sequences):
            sequences = [s for s in sequences if s]
            head = next((s[0] for s in sequences if not any(key(s[0]) in map(key, t[1:]) for t in sequences)), None)
            if head is None:
                return unread
            out.append(head)
            sequences = [s[1:] if key(s[0]) == key(head) else s for s in sequences]
        return out

    def class_order(self, cls: ast.ClassDef) -> list[tuple[Flow, ast.ClassDef | str]]:
        """The classes an instance of `cls` looks a name up in (`_linearization`), for a reader outside the walk."""
        return self._linearization(cls)

    def _method_from(self, receiver: Value, order: list[tuple[Flow, ast.ClassDef | str]], name: str) -> Value | None:
        """The method `name` of the first class of `order` that defines it, bound to `receiver`; None when
        no class the project writes defines it first (a library base may), or it is no plain method."""
        for flow, cls in order:
            if isinstance(cls, str):
                return None
            found = next((s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name), None)
            if found is None:
                if any(name in _assigned_names(s) for s in cls.body):
                    return None  # a class attribute: not a def
                continue
            if found.decorator_list and not idioms.generic_method(flow, found) \
                    or not [*found.args.posonlyargs, *found.args.args]:
                return None  # a property, a staticmethod, a wrapped method: not read as a bound def here
            return Value("function", found, receiver.when, label=f"{cls.name}.{name}",
                         extra=("method", cls, replace(receiver, when=())), flow=flow)
        return None

    def _super_attribute(self, node: ast.Attribute) -> tuple[Value, ...]:
        """`super().strategy_kwargs` in a method of `cls`: the method of the class after `cls` in the order of
        `self`'s class (C3), bound to the same `self`."""
        unknown = (Value("unknown", node, flow=self),)
        method = self.ctx.enclosing_function(node)
        cls = self.ctx.parents.get(method) if method is not None else None
        positional = [*method.args.posonlyargs, *method.args.args] if method is not None else []
        if not isinstance(cls, ast.ClassDef) or not positional or method is None or method.decorator_list:
            return unknown
        out: list[Value] = []
        for receiver in self.parameter(positional[0]):
            built = self._project_class_of(receiver)
            if receiver.kind == "instance" and isinstance(receiver.extra, tuple) and isinstance(receiver.extra[0], ast.ClassDef):
                built = ((receiver.flow or self).base, receiver.extra[0])
            order = built[0]._linearization(built[1]) if built is not None else []
            at = next((i for i, (_, k) in enumerate(order) if k is cls), None)
            if at is None:  # `self`'s class is not known to derive from `cls`: the order of `cls` itself
                order, at = self.base._linearization(cls), 0
            found = self._method_from(receiver, order[at + 1:], node.attr)
            out.append(found if found is not None else Value("unknown", node, receiver.when, flow=self))
        return tuple(out) or unknown

    def _bound_call(self, node: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef, receiver: Value,
                    home: Flow) -> tuple[Value, ...]:
        """`net.configure_optimizers(...)`, `super().strategy_kwargs()`: the method's body evaluated for this
        call, its `self` the receiver (`home` reads the class that defines it). Bounded as any call: a few
        calls of each method, two calls deep; past that, or for a call the layer makes up, unknown."""
        unknown = (Value("unknown", node, flow=self),)
        if type(node) is not ast.Call or self.site_depth >= MAX_SITE_DEPTH:
            return unknown
        built = self._built_item_by_item(node, func, home, receiver) if isinstance(func, ast.FunctionDef) else None
        if built is not None:
            return built
        site = self.bound_site(home, func, node, receiver)
        return unknown if site is home else site.returns_of(func)  # `home` itself: past the bound of calls

    def bound_site(self, callee: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call,
                   receiver: Receiver) -> Flow:
        """`func`, a method of a class the module `callee` reads, evaluated for `call`, a call this flow's
        module writes, with `self` the receiver (`loop.run()`, then `self.on_start()` in it), or each of
        several, each under its own condition; `callee` itself past `MAX_CONTEXTS` calls of one method."""
        key = (id(func), id(call), receiver)
        site = self._bound_sites.get(key)
        if site is None:
            if sum(1 for f, _, _ in self._bound_sites if f == id(func)) >= MAX_CONTEXTS:
                return callee
            outer, caller = (self, None) if callee.base is self.base else (callee, self)
            site = self._bound_sites[key] = _MethodFlow(outer, func, call, receiver, caller)
        return site

    def _method_call(self, node: ast.Call, receiver: Value, name: str) -> tuple[Value, ...]:
        unknown = (Value("unknown", node, flow=self),)
        tipped = self.ctx.tips.method_call(self, node, receiver, name)
        if tipped is not None:
            return tipped
        if receiver.kind == "str" and name in STR_METHODS and not node.args and not node.keywords \
                and isinstance(receiver.node, ast.Constant) and isinstance(receiver.node.value, str):
            text = getattr(receiver.node.value, name)()  # `name.lower()` of a known string: the text it makes
            return (receiver,) if text == receiver.node.value else \
                (Value("str", _Joined(node, text), receiver.when, flow=self),)
        if receiver.kind == "str" and name in STR_EDITS and isinstance(receiver.node, ast.Constant) \
                and isinstance(receiver.node.value, str) and not node.keywords and len(node.args) == STR_EDITS[name] \
                and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args):
            # `precision.replace("-mixed", "-true")` of a known string: the text it makes
            text = getattr(receiver.node.value, name)(*(a.value for a in node.args))  # type: ignore[attr-defined]
            return (receiver,) if text == receiver.node.value else \
                (Value("str", _Joined(node, text), receiver.when, flow=self),)
        if receiver.kind == "str" and name == "format" and isinstance(receiver.node, ast.Constant) \
                and isinstance(receiver.node.value, str):
            parts = _format_parts(receiver.node.value, node)  # `"{}-{}".format(dtype, mode)`: as the f-string
            made = self._joined(node, parts) if parts is not None else (Value("str", node, flow=self),)
            return tuple(x.under(receiver.when) for x in made)
        items = self._joined_items(node.args[0]) if receiver.kind == "str" and name == "join" \
            and isinstance(receiver.node, ast.Constant) and isinstance(receiver.node.value, str) \
            and len(node.args) == 1 and not node.keywords else None
        if items is not None and isinstance(receiver.node, ast.Constant):  # `"-".join((dtype, mode))`: as `f"{dtype}-{mode}"`
            separator = str(receiver.node.value)
            pieces = [piece for index, item in enumerate(items) for piece in ((separator, item) if index else (item,))]
            return tuple(x.under(receiver.when) for x in self._joined(node, pieces))
        if receiver.kind == "function" and receiver.qualified == "builtins.dict" and name == "fromkeys" \
                and 1 <= len(node.args) <= 2 and not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args):
            return (Value("dict", node, receiver.when, extra="fromkeys", flow=self),)  # as empty as its keys' sequence
        if receiver.kind == "dict":
            if name in ("get", "setdefault", "pop") and node.args:
                return self._looked_up_entry(node, receiver, name) or unknown
            if name == "copy":
                return (receiver,)
            if name in ("keys", "values", "items") and not node.args and not node.keywords:
                return (Value("view", node, receiver.when, extra=receiver, flow=self),)  # `LAYERS.keys()`
        if receiver.kind == "instance" and name == "_asdict" and receiver.flow is not None and not node.args \
                and not node.keywords and isinstance(node.func, ast.Attribute) \
                and receiver.flow.dataclass_fields(receiver.extra[0]) is not None:
            # a NamedTuple's fields as a dict, as `dataclasses.asdict(obj)` gives a dataclass's (the class and
            # its instance may be another module's: `DEFAULTS._replace(...)._asdict()`)
            held = self.ctx.once("asdict", node, lambda: _AsDict(node))
            return (Value("dict", held, receiver.when, extra="asdict", flow=self),)
        if receiver.kind == "class" and name == "_make" and isinstance(receiver.node, ast.ClassDef) \
                and receiver.flow is self and len(node.args) == 1 and not node.keywords \
                and not isinstance(node.args[0], ast.Starred) and isinstance(node.func, ast.Attribute) \
                and self.dataclass_fields(receiver.node) is not None:
            row = self.ctx.once("make", node, lambda: _Made(node))  # a NamedTuple of the row's items, in order
            return tuple(x.under(receiver.when) for x in self._call_of(row, receiver))
        if receiver.kind == "instance" and name == "_replace" and (receiver.flow is self or receiver.flow is not None
                                                                   and receiver.flow.base is not self.base):
            expanded = self._spread_expanded(node)
            if expanded is None:
                return (Value("unknown", node, flow=self),)  # `**changes` the file cannot list: any field may change
            if receiver.flow is not self:  # `DEFAULTS._replace(...)` of an imported NamedTuple
                return (self._replaced_elsewhere(expanded, receiver),)
            cls, call = receiver.extra  # a NamedTuple's copy with some fields changed, as `dataclasses.replace`
            return (Value("instance", node, receiver.when, extra=(cls, _Replaced(expanded, call)), flow=self),)
        if receiver.kind == "args_parser" and name in ("parse_args", "parse_known_args"):
            # a parser another module builds (`build_parser().parse_args()`) has that module's options
            built = receiver.flow if receiver.flow is not None and receiver.flow.base is not self.base else None
            return (Value("args", node, extra=built, flow=self),)
        if receiver.qualified == "contextvars.ContextVar" and name == "get" and isinstance(receiver.node, ast.Call) \
                and len(node.args) <= 1 and not node.keywords:
            return (receiver.flow or self).context_var_read(receiver.node, self.values(node.args[0]) if node.args else None)
        if receiver.kind == "unknown" and name == "get" and len(node.args) == 2 and not node.keywords:
            # a mapping the file cannot read (json, os.environ, a config loader): the default is one value
            key = self.text(node.args[0])
            owner = self.text(node.func.value) if isinstance(node.func, ast.Attribute) else "it"
            default = tuple(x.under((f"{owner} has no {key}",)) for x in self.values(node.args[1]))
            return (*unknown, *default)
        return unknown

    def context_var_read(self, var: ast.Call, fallback: tuple[Value, ...] | None) -> tuple[Value, ...]:
        """`VAR.get()` (`VAR.get(fallback)`) of `VAR = contextvars.ContextVar("name", default=d)` at this module's
        top level: `d` (the fallback, when given) until a `VAR.set(v)` runs, joined with each `v` the project
        writes; unknown for a set the layer cannot read (`config.VAR.set(...)`, a module past the bound)."""
        unknown = (Value("unknown", var, flow=self),)
        assign = self.ctx.parents.get(var)
        targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target] \
            if isinstance(assign, ast.AnnAssign) else []
        if len(targets) != 1 or not isinstance(targets[0], ast.Name) \
                or not isinstance(self.ctx.parents.get(assign), ast.Module):
            return unknown
        name = targets[0].id
        default = next((kw.value for kw in var.keywords if kw.arg == "default"), None)
        unset = fallback if fallback is not None else self.values(default) if default is not None else unknown
        sets: list[Value] = []
        readers = [self]
        if self.ctx.project is not None:
            elsewhere = self.ctx.project.modules_reading(self, name, from_summaries=True)
            if elsewhere is None:
                return unknown
            readers.extend(elsewhere)
        for flow in readers:
            calls = [c for c in flow.ctx.method_calls_on("set", name) if c.args]
            if flow.ctx.doc.text.count(f"{name}.set(") != len(calls):  # a set spelled otherwise: not read
                return unknown
            for call in calls:
                when = (f"after `{name}.set(...)` at line {call.lineno}",)
                sets.extend(x.under(when) for x in flow.values(call.args[0]))
        if not sets:
            return unset
        return (*(x.under((f"`{name}` is not set",)) for x in unset), *sets)

    def _looked_up_entry(self, node: ast.Call, receiver: Value, name: str) -> tuple[Value, ...]:
        """`d.get(key, default)` (`.pop`, `.setdefault`) of a dict the layer reads: for each key the argument may
        hold, under its condition, the entry when the dict has it, the default (None for `.get`) when the dict
        is known whole and has not; unknown for a key it cannot tell (or one a partly known dict may hold)."""
        constant = self.constant_key(node.args[0])
        keys = [(constant, ())] if constant is not None else self._constant_keys(node.args[0])
        entries, complete = self.entries(receiver, node if name == "pop" else None)
        if keys is None or entries is None:
            return ()
        out: list[Value] = []
        for key, when in keys:
            if key in entries:
                out.extend(x.under(when) for x in entries[key].values())
            elif complete and len(node.args) > 1:
                out.extend(x.under(when) for x in self.values(node.args[1]))
            elif complete and name == "get":
                out.append(Value("none", node, when, flow=self))
            else:
                out.append(Value("unknown", node, when, flow=self))
        return tuple(out)

    def _reduced(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`functools.reduce(operator.add, groups)` (`operator.or_`, `lambda a, b: a + b`, a def returning
        `a | b`) over a list, tuple or set display: the fold of `+` or `|`, a value of the one kind every item
        (and the initial value) has, where Python gives that kind (lists, tuples, strings, numbers joined
        by `+`; sets, frozensets, dicts by `|`). A single item is itself. None when the file cannot tell."""
        op = self._binary_operator(node.args[0])
        if op is None:
            return self._folded_by_calls(node)
        if op is ast.BitOr:
            merged = self._merged_dicts(node)
            if merged is not None:
                return merged
        sequences = self.values(node.args[1])
        items: list[Value] = list(self.values(node.args[2])) if len(node.args) == 3 else []
        for held in sequences:
            display = held.node
            if held.kind not in ("list", "tuple", "set") or held.extra is not None \
                    or not isinstance(display, (ast.List, ast.Tuple, ast.Set)) \
                    or any(isinstance(e, ast.Starred) for e in display.elts) or len(display.elts) > MAX_ALTERNATIVES \
                    or not display.elts and len(node.args) == 2:  # nothing to fold: a TypeError
                return None
            if len(sequences) == 1 and len(display.elts) == 1 and len(node.args) == 2:
                return self.element(held, 0)  # one item: reduce gives it as it is, whatever the function
            items.extend((held.flow or self)._items(held, False))
        kinds = {x.kind for x in items}
        joins = {ast.Add: ("list", "tuple", "str", "number"), ast.BitOr: ("set", "frozenset", "dict")}
        if op is None or len(kinds) != 1 or not kinds <= set(joins[op]):
            return None
        return (Value(kinds.pop(), node, flow=self),)

    def _merged_dicts(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`functools.reduce(operator.or_, dicts[, initial])` over dicts the file knows all, in order (a display,
        `[PRESETS[n] for n in names]`): their merge `{**initial, **d1, **d2, ...}`, a later key winning as `|`
        makes it. None when an item is not known to be a dict."""
        items = self._known_items(node.args[1])
        if items is None or len(items) > MAX_ALTERNATIVES:
            return None
        parts = [self.values(node.args[2]), *items] if len(node.args) == 3 else items
        if not parts or any(not part or any(x.kind != "dict" for x in part) for part in parts):
            return None
        merged = ast.Dict(keys=[None] * len(parts), values=[self.stand_in(node, part) for part in parts])
        return self.values(ast.copy_location(merged, node))

    def _folded_by_calls(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`functools.reduce(f, items[, initial])` of a lambda or def of this module taking two positional
        parameters, over items the file knows all: `f(...f(f(initial, i1), i2)..., in)`, each call evaluated
        for its own arguments (`lambda merged, name: {**merged, **PROFILES[name]}` merges the profiles named,
        in order). None otherwise."""
        func = self._own_function(node.args[0], 2)
        if func is None:
            return None
        items = self._known_items(node.args[1])
        if items is None or len(items) > MAX_ALTERNATIVES:
            return None
        if len(node.args) == 3:
            folded = self.values(node.args[2])
        elif items:
            folded, items = items[0], items[1:]
        else:
            return None  # nothing to fold: a TypeError
        for item in items:
            call = ast.copy_location(ast.Call(func=node.args[0], args=[self.stand_in(node, folded),
                                                                      self.stand_in(node, item)], keywords=[]), node)
            folded = _SiteFlow(self, func, call).returns_of(func)  # type: ignore[arg-type]  # a lambda's too
        return folded

    def _mapped(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`map(f, items)` over items the file knows all: what `f(item)` gives for each item, in order (an
        iterator, unpacked or made a list as a tuple would be). None for several iterables or other items."""
        if len(node.args) != 2 or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            return None
        items = self._known_items(node.args[1])
        if items is None or len(items) > MAX_ALTERNATIVES:
            return None
        func = self._own_function(node.args[0], 1)
        made = []
        for item in items:  # each call as made up here, its argument a stand-in holding the item
            call = ast.copy_location(ast.Call(func=node.args[0], args=[self.stand_in(node, item)], keywords=[]), node)
            # a def or lambda of this module: its body read for this item (`make_adam(raw_generator)`)
            made.append(_SiteFlow(self, func, call).returns_of(func) if func is not None else self._call(call))  # type: ignore[arg-type]
        return (Value("tuple", node, extra=_Items(tuple(made)), flow=self),)

    def _next_item(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`next(it)` or `next(it, default)` of an iterator made right there over items the file knows all, in
        order: a generator expression (`next(c for c in CONFIGS if c["name"] == name)`), `iter(<items>)`, a call
        of a generator function yielding one statement after another (`spread_items`). The first item; the
        default when there is none. None otherwise (a name may hold an iterator already advanced)."""
        if not 1 <= len(node.args) <= 2 or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            return None
        it = node.args[0]
        items: list[tuple[Value, ...]] | None = None
        if isinstance(it, ast.GeneratorExp) and len(it.generators) == 1:
            items = self._comprehended_items(it)
        elif isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "iter" \
                and self.reaching(it.func) is None and len(it.args) == 1 and not it.keywords:
            items = self._known_items(it.args[0])
        elif isinstance(it, ast.Call) and all(f.kind == "function" and isinstance(f.node, ast.FunctionDef)
                                              and self.ctx.is_generator(f.node) for f in self.values(it.func)):
            items = self.spread_items(it)
            if items is None:
                first = self._first_turn_yield(it)
                if first is not None:
                    return first
        if items is None:
            return None
        if items:
            return items[0]
        return self.values(node.args[1]) if len(node.args) == 2 else None  # (none: StopIteration)

    def _first_turn_yield(self, call: ast.Call) -> tuple[Value, ...] | None:
        """`next(sweep())` of a generator function the project writes whose body runs simple statements, then a
        `for` over items the file knows all (`itertools.product(precisions, lrs)` of its default tuples) whose
        body yields: what the first turn not skipped yields, the loop's names holding that turn's item. A turn
        is skipped by an `if <test>: continue` decided for its item; any other statement before the yield that
        may leave the turn (an undecided guard, a branch, a loop, a `break`), or a yield that is not a
        statement of the loop's body itself, leaves it unknown: None."""
        funcs = self.values(call.func)
        if len(funcs) != 1 or funcs[0].kind != "function" or funcs[0].extra is not None \
                or not isinstance(func := funcs[0].node, ast.FunctionDef) or not self.ctx.is_generator(func):
            return None
        loops = [s for s in func.body if isinstance(s, (ast.For, ast.AsyncFor, ast.While, ast.If, ast.Try, ast.With,
                                                        ast.AsyncWith, ast.Match, ast.Return, ast.Raise))
                 or _yields_in(s)]
        if not loops or not isinstance(loop := loops[0], ast.For) or not isinstance(loop.target, (ast.Name, ast.Tuple)):
            return None
        names = [n for n in ([loop.target] if isinstance(loop.target, ast.Name) else loop.target.elts) if isinstance(n, ast.Name)]
        if len(names) != (1 if isinstance(loop.target, ast.Name) else len(loop.target.elts)):
            return None
        first = next((i for i, s in enumerate(loop.body) if _yields_in(s)), None)
        statement = loop.body[first] if first is not None else None
        if not (isinstance(statement, ast.Expr) and isinstance(y := statement.value, ast.Yield)):
            return None
        before = loop.body[:first]
        if any(not _plain_statement(s) and not _continue_guard(s) for s in before):
            return None
        flow = self.site(funcs[0].flow or self, func, call)  # its parameters as this call gives them
        items = flow._known_items(loop.iter)
        if not items:
            return None  # unknown, or none: what follows the loop would be drawn
        for item in items[:MAX_ALTERNATIVES]:
            parts = self._turn_parts(item, len(names)) if isinstance(loop.target, ast.Tuple) else [item]
            if parts is None:
                return None
            turn = _SiteFlow(funcs[0].flow or self, func, call, caller=self)  # a flow of its own for this turn
            for target, held in zip(names, parts):
                for read in (n for s in (*before, statement) for n in ast.walk(s)
                             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id == target.id):
                    defs = turn.reaching(read)
                    # (`enumerate`'s index is bound as the loop's counter, its node the loop's iterable)
                    if not defs or any(d.target is not target and not (d.how == "counter" and d.node is loop.iter)
                                       for d in defs):
                        return None  # bound again in the turn: not the item
                    turn.pin(read, held)
            skipped = False
            for guard in (s for s in before if _continue_guard(s)):
                assert isinstance(guard, ast.If)
                given = {n.id: turn.values(n) for n in ast.walk(guard.test) if isinstance(n, ast.Name)}
                truth = turn._truth(guard.test, given)
                if truth is None:
                    return None
                skipped = skipped or truth
            if not skipped:
                return turn.values(y.value) if y.value is not None else (Value("none", y, flow=turn),)
        return None

    def _turn_parts(self, item: tuple[Value, ...], count: int) -> list[tuple[Value, ...]] | None:
        """The values of each name a tuple target unpacks one item into: the item a tuple display of `count`
        elements on its one path."""
        if len(item) != 1 or item[0].when:
            return None
        elements = self.elements(item[0])
        return elements if elements is not None and len(elements) == count else None

    def elements(self, value: Value) -> list[tuple[Value, ...]] | None:
        """What each element of a list or tuple holds, in order: a display's (no `*`), or what `map` or
        `itemgetter` gives for each item; None for any other value."""
        if isinstance(value.extra, _Items):
            return [tuple(x.under(value.when) for x in held) for held in value.extra.items]
        node = value.node
        if value.kind in ("list", "tuple") and value.extra is None and isinstance(node, (ast.List, ast.Tuple)) \
                and not any(isinstance(e, ast.Starred) for e in node.elts):
            return [self.element(value, i) for i in range(len(node.elts))]
        return None

    def _own_function(self, expr: ast.expr, arity: int) -> ast.Lambda | ast.FunctionDef | None:
        """The lambda or def of this module (no method, no generator) `expr` holds on every path, when it takes
        exactly `arity` positional parameters and nothing else: one a made-up call can be read for."""
        funcs = self.values(expr)
        if len(funcs) != 1 or funcs[0].when or (funcs[0].flow or self).base is not self.base \
                or not isinstance(func := funcs[0].node, (ast.Lambda, ast.FunctionDef)) \
                or isinstance(self.ctx.parents.get(func), ast.ClassDef) or func.args.vararg or func.args.kwarg \
                or len(func.args.posonlyargs) + len(func.args.args) != arity or func.args.kwonlyargs \
                or isinstance(func, ast.FunctionDef) and self.ctx.is_generator(func):
            return None
        return func

    def _dict_subclass_items(self, node: ast.Subscript, base: Value, keys: Sequence[tuple[Any, tuple[str, ...]]]
                             ) -> list[Value] | None:
        """`settings["precision"]` of `settings = Settings(steps=3)`, a `class Settings(dict)` of the file whose only
        method is `__missing__(self, key)`, built with keywords alone and never changed where it is read: for each
        key, the keyword the construction gives, else what `__missing__` returns for it (a constant, or
        `TABLE[key]`). None otherwise."""
        cls, call = base.extra if isinstance(base.extra, tuple) and len(base.extra) == 2 else (None, None)
        if not isinstance(cls, ast.ClassDef) or not isinstance(call, ast.Call) or base.flow is not self or call.args \
                or any(k.arg is None for k in call.keywords) or len(cls.bases) != 1 or cls.keywords \
                or not (isinstance(cls.bases[0], ast.Name) and cls.bases[0].id == "dict"):
            return None
        methods = [m for m in cls.body if not (isinstance(m, ast.Expr) and isinstance(m.value, ast.Constant))
                   and not isinstance(m, ast.Pass)]
        missing = methods[0] if len(methods) == 1 else None
        if not isinstance(missing, ast.FunctionDef) or missing.name != "__missing__" or missing.decorator_list \
                or len(missing.args.args) != 2 or not isinstance(missing.body[-1], ast.Return) \
                or len([s for s in missing.body if not isinstance(s, ast.Expr)]) != 1:
            return None
        param, returned = missing.args.args[1].arg, missing.body[-1].value
        looked_up = isinstance(returned, ast.Subscript) and isinstance(returned.slice, ast.Name) \
            and returned.slice.id == param and isinstance(returned.value, ast.Name)
        if not (looked_up or isinstance(returned, ast.Constant)) or not isinstance(node.value, ast.Name) \
                or self._dict_changed(node.value.id):
            return None
        given = {k.arg: k.value for k in call.keywords}
        out: list[Value] = []
        for key, when in keys:
            if not isinstance(key, str):
                return None
            if key in given:
                out.extend(x.under(when) for x in self.values(given[key]))
            elif looked_up:  # `DEFAULTS[key]` read for this key
                assert isinstance(returned, ast.Subscript)
                slice_ = self.stand_in(returned.slice, (Value("str", self.key_at(key, returned.slice), flow=self),))
                table = ast.copy_location(ast.Subscript(value=returned.value, slice=slice_, ctx=ast.Load()), returned)
                out.extend(x.under(when) for x in self.values(table))
            else:
                out.extend(x.under(when) for x in self.values(returned))  # type: ignore[arg-type]  # a Constant
        return out

    def _attribute_item(self, cls: ast.ClassDef, call: ast.Call, key: str, read_by_key: bool = False
                        ) -> tuple[Value, ...] | None:
        """`cfg.hardware` of `cfg = Config({...})`, a `dict` subclass of this module read by attribute
        (`attrdicts.item_reading`): the item of that key the construction gives, as `dict(...)` would hold it (a
        dict item wrapped in the class again when its `__getattr__` wraps one, so it reads by attribute too);
        `read_by_key`: `cfg["hardware"]`, the item as stored. None when the file cannot tell: another class, a
        name of `dict`'s own (`cfg.items`), a key the construction may not give, items changed after it."""
        reading = self._attribute_reading(cls)
        if reading is None or read_by_key and not reading.is_dict or not read_by_key and reading.is_dict \
                and key in attrdicts.DICT_ATTRIBUTES or self._items_changed(call):
            return None
        entries, _ = self.entries(Value("dict", call, flow=self))
        if entries is None or key not in entries:
            return None
        wraps = reading.shape == attrdicts.WRAPS and not read_by_key
        return tuple(self._wrapped_item(reading.wrap, x, reading.spread) if wraps and x.kind == "dict" else x
                     for x in entries[key].values())

    def _attribute_reading(self, cls: ast.ClassDef) -> _AttributeReading | None:
        """How an instance of `cls` (a class of this module) reads its attributes from the mapping its construction
        gives: a dict subclass read by attribute (`attrdicts.item_reading`), or a class whose `__init__` (its own or
        the one local base's it inherits) sets an attribute per item (`attrdicts.attributes_from_items`); once per
        class and check."""
        def work() -> _AttributeReading | None:
            shape = attrdicts.item_reading(cls)
            if shape is not None:
                return _AttributeReading(shape, True, False, cls)
            defining: ast.ClassDef | None = cls
            while defining is not None and not any(isinstance(s, ast.FunctionDef) and s.name == "__init__"
                                                   for s in defining.body):
                bases = self.local_bases(defining)  # `class Config(Section)`: Section's `__init__`
                defining = bases[0] if len(bases) == len(defining.bases) == 1 and not attrdicts.item_method_overridden(
                    defining) else None
            shape = attrdicts.attributes_from_items(defining) if defining is not None else None
            return _AttributeReading(shape, False, attrdicts.spread_wrap(defining), defining) \
                if shape is not None and defining is not None else None
        return self.ctx.once(f"attribute reading {id(cls)}", cls, work)

    def items_of(self, value: Value) -> Value:
        """An instance of a dict subclass read by attribute (`attrdicts`) as the dict of its items, for a `**` that
        spreads it (`Fabric(**HPARAMS.fabric)`); any other value as it is."""
        cls, call = value.extra if value.kind == "instance" and isinstance(value.extra, tuple) else (None, None)
        flow = value.flow or self
        if not isinstance(cls, ast.ClassDef) or not isinstance(call, ast.Call) \
                or (reading := flow._attribute_reading(cls)) is None or not reading.is_dict \
                or flow._items_changed(call):
            return value
        return Value("dict", call, value.when, label=value.label, flow=flow)

    def _items_changed(self, call: ast.Call) -> bool:
        """The name the construction `call` is bound to has an item or an attribute set, or a dict method
        that changes it called, somewhere in the module (`cfg["steps"] = 3`, `cfg.optim.lr = 1e-4`); once a check."""
        return self.ctx.once("items changed", call, lambda: self._items_changed_in_module(call))

    def _items_changed_in_module(self, call: ast.Call) -> bool:
        bound = self.ctx.parents.get(call)
        if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)):
            return False  # not bound to a name (an item wrapped again when it is read): nothing can reach it to change it
        name = bound.targets[0].id
        if self._dict_changed(name):
            return True
        def rooted_here(node: ast.AST) -> bool:
            while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
                node = node.func if isinstance(node, ast.Call) else node.value
            return isinstance(node, ast.Name) and node.id == name

        changed: list[ast.Attribute | ast.Subscript] = [*self.ctx.nodes(ast.Attribute), *self.ctx.nodes(ast.Subscript)]
        if any(isinstance(node.ctx, (ast.Store, ast.Del)) and rooted_here(node) for node in changed):
            return True
        # a method called on it or on an item of it may store items (`cfg.set_path("fsdp.policy", ...)`, `cfg.merge(...)`)
        return any(isinstance(call.func, ast.Attribute) and call.func.attr not in ITEM_READERS and rooted_here(call.func)
                   for call in self.ctx.nodes(ast.Call))

    def _wrapped_item(self, cls: ast.ClassDef, item: Value, spread: bool = False) -> Value:
        """A dict item as `__getattr__` gives it, wrapped in `cls` again: an instance built from it (`Config(v)`, or
        `Section(**v)` when `spread`; made up here once per item)."""
        written = item.node
        if written is None or not hasattr(written, "lineno"):
            return item

        def construction() -> ast.Call:
            held = self.stand_in(written, (replace(item, when=()),))  # type: ignore[arg-type]  # located: above
            func = ast.Name(id=cls.name, ctx=ast.Load())
            made = ast.Call(func=func, args=[], keywords=[ast.keyword(arg=None, value=held)]) if spread \
                else ast.Call(func=func, args=[held], keywords=[])
            return ast.copy_location(made, written)
        call = self.ctx.once(f"wrapped in {id(cls)} {spread}", written, construction)
        return Value("instance", call, item.when, label=item.label, extra=(cls, call), flow=self)

    def _dict_changed(self, name: str) -> bool:
        """Some code of the file stores into `name[...]` or calls a method of `name` that changes a dict."""
        return any(isinstance(n.ctx, (ast.Store, ast.Del)) and isinstance(n.value, ast.Name) and n.value.id == name
                   for n in self.ctx.nodes(ast.Subscript)) or any(
            isinstance(a.value, ast.Name) and a.value.id == name for attr in DICT_CHANGES for a in self.ctx.attribute_loads(attr))

    def with_items(self, value: Value, changes: list[tuple[str, str, Entry | None]]) -> Value:
        """The dict `value` once `changes` ran on it after it was built (by a caller of the function that reads it),
        in order: "set" stores the entry, "unset" stores it where the key is missing, "remove" takes the key out;
        as one built item by item. `value` itself when its own entries are not all known."""
        entries, complete = self.entries(value)
        if entries is None or not complete:
            return value
        merged = dict(entries)
        for how, key, entry in changes:
            if how == "remove":
                merged.pop(key, None)
            elif entry is not None and (how == "set" or key not in merged):
                merged[key] = entry
        return replace(value, extra=itemwise.BuiltItems(tuple(merged.items())))

    def stand_in(self, where: ast.expr, values: tuple[Value, ...]) -> ast.Name:
        """A name placed at `where` that holds `values` (an argument of a call made up here), for this
        evaluator and the module's (a flow of one call reads it too, wherever the made-up call goes)."""
        held = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), where)
        self.pin(held, values)
        if self.base is not self:
            self.base.pin(held, values)
        return held

    def values_given(self, node: ast.expr,
                     given: Callable[[ast.Name], tuple[Value, ...] | None]) -> tuple[Value, ...] | None:
        """The values of `node` read with some of its names holding what `given` says (None: the name is read as
        the file has it): a copy of `node` where those names are stand-ins. None when a part binds names of its
        own (a lambda, a comprehension, `:=`), which the stand-ins would not reach."""
        parts = list(ast.walk(node))
        if any(isinstance(p, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.NamedExpr))
               for p in parts):
            return None
        held = {id(n): h for n in parts if isinstance(n, ast.Name) and (h := given(n)) is not None}
        if not held:
            return self.values(node)
        replaced: dict[int, ast.AST] = {}
        for part in parts:
            if id(part) in held:
                replaced[id(part)] = self.stand_in(part, held[id(part)])  # type: ignore[arg-type]  # (a Name)
            elif not any(id(n) in held for n in ast.walk(part)):
                replaced[id(part)] = part  # kept as written: its names are read as they are
        copied = copy.deepcopy(node, replaced)  # (deepcopy's memo: those names are their stand-ins)
        # the copy stands where `node` is written: its parts' parents, for what asks a part's statement
        parents = self.ctx.parents
        if copied not in parents and node in parents:
            parents[copied] = parents[node]
        for outer in ast.walk(copied):
            for child in ast.iter_child_nodes(outer):
                if child not in parents:
                    parents[child] = outer
        return self.values(copied)

    def _extreme(self, node: ast.Call, builtin: str, also: tuple[str, ...] = ()) -> tuple[Value, ...] | None:
        """`max(candidates, key=SPEEDUP.get)`, `min("bf16-true", "32-true")`: the candidate Python picks (the first
        largest or smallest), as the value written for it, when every candidate is one known constant and its
        rank is known: the constant itself, or the number a dict display gives it (`key=` the dict's `.get` or
        `__getitem__`, or `lambda name: TABLE[name]`); or one dict display each, ranked by the entry the key
        reads (`key=lambda p: p["hbm_gb"]`). `also`: keywords the caller read itself (`sorted`'s `reverse`).
        None when the file cannot tell."""
        keywords = {k.arg: k.value for k in node.keywords if k.arg not in also}
        if None in keywords or set(keywords) - {"key"} or any(isinstance(a, ast.Starred) for a in node.args):
            return None
        candidates = [self.plain_run(self.values(a)) for a in node.args] if len(node.args) > 1 \
            else self._known_items(node.args[0])
        if not candidates or any(len(c) != 1 or c[0].when not in ((), (BY_DEFAULT,)) for c in candidates):
            return None  # (an option's default is the plain run's: `max(args.devices, 1)` of `--devices` default 1)
        if all(c[0].kind == "dict" for c in candidates) and "key" in keywords:
            return self._extreme_entry(candidates, keywords["key"], builtin)
        if any(not isinstance(c[0].node, ast.Constant) for c in candidates):
            return None
        ranks = self._ranks(keywords["key"]) if "key" in keywords else None
        if "key" in keywords and ranks is None:
            return None
        ranked: list[tuple[Any, Value]] = []
        for (candidate,) in candidates:
            written = candidate.node.value  # type: ignore[union-attr]  # a Constant: checked above
            rank = written if ranks is None else ranks.get(written) if isinstance(written, str) else None
            if rank is None or isinstance(rank, bool) or not isinstance(rank, (int, float, str)):
                return None
            ranked.append((rank, candidate))
        return _picked(ranked, builtin)

    def _extreme_entry(self, candidates: list[tuple[Value, ...]], key: ast.expr, builtin: str) -> tuple[Value, ...] | None:
        """`min(PRESETS, key=lambda p: p["hbm_gb"])` of dict displays: the one whose entry is the smallest, each
        entry one constant; None for any other key, or an entry the file cannot read."""
        if not (isinstance(key, ast.Lambda) and len(key.args.args) == 1 and not key.args.defaults
                and isinstance(key.body, ast.Subscript) and isinstance(key.body.value, ast.Name)
                and key.body.value.id == key.args.args[0].arg and isinstance(key.body.slice, ast.Constant)
                and isinstance(key.body.slice.value, str)):
            return None
        name = key.body.slice.value
        ranked: list[tuple[Any, Value]] = []
        for (candidate,) in candidates:
            entries, _ = (candidate.flow or self).entries(candidate)
            entry = entries.get(name) if entries is not None else None
            values = entry.values() if entry is not None and not entry.when else ()
            if len(values) != 1 or values[0].when or not isinstance(values[0].node, ast.Constant):
                return None
            rank = values[0].node.value
            if isinstance(rank, bool) or not isinstance(rank, (int, float, str)):
                return None
            ranked.append((rank, candidate))
        return _picked(ranked, builtin)

    def _sorted_first(self, node: ast.Subscript) -> tuple[Value, ...] | None:
        """`sorted(PRESETS, key=...)[0]`: the smallest (with `reverse=True`, the largest), as `min`/`max` pick it
        (both keep the first of equals, as the stable sort does); None for any other subscript."""
        call = node.value
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "sorted"
                and self.reaching(call.func) is None and len(call.args) == 1
                and isinstance(node.slice, ast.Constant) and node.slice.value == 0):
            return None
        reverse = next((k.value for k in call.keywords if k.arg == "reverse"), None)
        if reverse is not None and not (isinstance(reverse, ast.Constant) and isinstance(reverse.value, bool)):
            return None
        largest = reverse is not None and reverse.value
        return self._extreme(call, "max" if largest else "min", also=("reverse",))

    def _known_items(self, expr: ast.expr) -> list[tuple[Value, ...]] | None:
        """The items a `for` over `expr` runs through, in order, when the file knows them all: a tuple or list
        display, a dict's keys (a display's, read whole), an iteration of such (`itertools.product`, `zip`,
        `enumerate`: `idioms.iterated`), or `[x for x in <those> if <test>]` with the test decided for each item.
        None otherwise."""
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "split" \
                and not expr.keywords and len(expr.args) <= 1:
            return self._split_items(expr)
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "values" \
                and not expr.args and not expr.keywords:  # `PRESETS.values()` of a dict read whole: its entries' values
            table = self.plain_run(self.values(expr.func.value))
            if len(table) != 1 or table[0].kind != "dict" or table[0].when:
                return None
            entries, complete = (table[0].flow or self).entries(table[0])
            if entries is None or not complete or len(entries) > MAX_ALTERNATIVES or any(e.when for e in entries.values()):
                return None
            return [e.values() for e in entries.values()]
        if isinstance(expr, ast.Call):  # `itertools.product(A, B)`, `zip(A, B)`, `enumerate(A)` of sequences known whole
            combined = idioms.iterated(self, expr)
            if combined is not None:
                return [self.plain_run(self.values(e)) for e in combined.elts] if len(combined.elts) <= MAX_ALTERNATIVES else None
        held = self.plain_run(self.values(expr))
        if len(held) != 1 or held[0].when and held[0].when != (BY_DEFAULT,):
            return None
        value, flow = held[0], held[0].flow or self
        node = value.node
        if isinstance(node, (ast.List, ast.Tuple)) and value.extra is None:
            if len(node.elts) > MAX_ALTERNATIVES or any(isinstance(e, ast.Starred) for e in node.elts):
                return None
            # an option's default list (`nargs="+", default=[...]`): the plain run's items, said to be its default
            return [tuple(x.under(value.when) for x in flow.plain_run(flow.values(e))) for e in node.elts]
        if value.when:
            return None
        if value.kind == "dict":
            entries, complete = flow.entries(value)
            if entries is None or not complete or len(entries) > MAX_ALTERNATIVES \
                    or any(e.when or not isinstance(e.node, ast.Constant) for e in entries.values()):
                return None
            # each key as a stand-in placed at it: a fix renaming the key would not change which one is picked
            return [(Value("str", self.ctx.once("dict key", e.node, lambda e=e: ast.copy_location(ast.Constant(e.node.value), e.node)),  # type: ignore[misc]
                           flow=e.flow),) for e in entries.values()]
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1:
            return flow._comprehended_items(node)  # evaluated where it is written
        if isinstance(value.extra, _Items):  # `map(f, items)`: what each call gives
            return [flow.plain_run(held) for held in value.extra.items]
        return None

    def known_item_values(self, expr: ast.expr) -> list[tuple[Value, ...]] | None:
        """What each item of `expr` holds, in order, when the file knows them all (`_known_items`)."""
        return self._known_items(expr)

    def _generator_called(self, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
        """The one generator function of the project `call` runs, with the flow that reads its body for this call
        (its parameters as the call gives them); None otherwise."""
        funcs = self.values(call.func)
        if len(funcs) != 1 or funcs[0].kind != "function" or funcs[0].extra is not None \
                or not isinstance(funcs[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                or not self.ctx.is_generator(funcs[0].node):
            return None
        func = funcs[0].node
        return func, self.site(funcs[0].flow or self, func, call)

    def spread_items(self, expr: ast.expr, depth: int = 0) -> list[tuple[Value, ...]] | None:
        """The items `*expr` spreads into a call, in order, when the file knows them all: those a `for` over
        it runs through (`_known_items`), or the yields of a generator function the project writes whose
        body yields them one statement after another (`yield x`, and `yield from` of items known so: a
        generator of generators). None otherwise: a yield under a branch or a loop, or a `return`."""
        items = self._known_items(expr)
        if items is not None or depth > 3 or not isinstance(expr, ast.Call):
            return items
        generator = self._generator_called(expr)
        if generator is None:
            return None
        func, flow = generator
        yields = [n for n in ast.walk(func) if isinstance(n, (ast.Yield, ast.YieldFrom))
                  and flow.ctx.enclosing_function(n) is func]
        straight = [s.value for s in func.body if isinstance(s, ast.Expr) and isinstance(s.value, (ast.Yield, ast.YieldFrom))]
        if len(straight) != len(yields) or any(isinstance(n, ast.Return) and flow.ctx.enclosing_function(n) is func
                                                for n in ast.walk(func)):
            return None
        out: list[tuple[Value, ...]] = []
        for y in straight:
            if isinstance(y, ast.YieldFrom):
                inner = flow.spread_items(y.value, depth + 1)
                if inner is None:
                    return None
                out.extend(inner)
            else:
                out.append(flow.values(y.value) if y.value is not None else (Value("none", y, flow=flow),))
            if len(out) > MAX_ALTERNATIVES:
                return None
        return out

    def _paired_entries(self, call: ast.Call) -> dict[str, Entry] | None:
        """`dict(pairs)` of `(key, value)` pairs the file writes whole: a list or tuple display of pairs, or a
        generator function the project writes that yields `key, value` pairs, each yield a statement of its
        body or of an `if` the walk for this call decides (an undecided one: None). Each key a string known
        on every path; None otherwise."""
        if not (isinstance(call.func, ast.Name) and call.func.id == "dict" and self.reaching(call.func) is None
                and len(call.args) == 1 and not call.keywords and not isinstance(call.args[0], ast.Starred)):
            return None
        split = self._split_pairs(call.args[0])
        if split is not None:
            return split
        pairs = self._written_pairs(call.args[0])
        if pairs is None:
            return None
        out: dict[str, Entry] = {}
        for pair, flow in pairs:
            keys = flow.values(pair.elts[0])
            if len(keys) != 1 or keys[0].when or not isinstance(keys[0].node, ast.Constant) \
                    or not isinstance(keys[0].node.value, str):
                return None
            out[keys[0].node.value] = Entry(pair.elts[1], pair.elts[1], flow)
        return out

    def _split_pairs(self, expr: ast.expr) -> dict[str, Entry] | None:
        """`dict(pair.split("=", 1) for pair in pairs)` of `key=value` words the file knows whole (a display, an
        option's default list: the plain run's): each word's key and, as a string placed at the word, its
        value. None for another argument, a word that is not known, or one that does not cut in two (the run
        raises)."""
        if not (isinstance(expr, (ast.GeneratorExp, ast.ListComp)) and len(expr.generators) == 1):
            return None
        gen, elt = expr.generators[0], expr.elt
        if gen.ifs or gen.is_async or not isinstance(gen.target, ast.Name) or not (
                isinstance(elt, ast.Call) and isinstance(elt.func, ast.Attribute) and elt.func.attr == "split"
                and isinstance(elt.func.value, ast.Name) and elt.func.value.id == gen.target.id and not elt.keywords
                and 1 <= len(elt.args) <= 2 and all(isinstance(a, ast.Constant) for a in elt.args)):
            return None
        separator, *most = [a.value for a in elt.args]  # type: ignore[attr-defined]  # (constants: checked)
        if not (isinstance(separator, str) and separator) or most and type(most[0]) is not int:
            return None
        items = self._known_items(gen.iter)
        if items is None:
            return None
        out: dict[str, Entry] = {}
        for item in items:
            if len(item) != 1 or not isinstance(item[0].node, ast.Constant) or not isinstance(item[0].node.value, str):
                return None
            word, flow = item[0].node, item[0].flow or self
            parts: list[str] = item[0].node.value.split(separator, *most)
            if len(parts) != 2:
                return None
            value = self.ctx.once("split pair value", word, lambda w=word, v=parts[1]: ast.copy_location(ast.Constant(v), w))  # type: ignore[misc]
            out[parts[0]] = Entry(value, word, flow)
        return out

    def _written_pairs(self, expr: ast.expr) -> list[tuple[ast.Tuple, Flow]] | None:
        """The `(key, value)` displays `dict(expr)` takes, in order, with the flow that reads them (see
        `_paired_entries`); None unless the file shows them all."""
        def pair(node: ast.expr | None) -> ast.Tuple | None:
            return node if isinstance(node, ast.Tuple) and len(node.elts) == 2 \
                and not any(isinstance(e, ast.Starred) for e in node.elts) else None

        if isinstance(expr, ast.Call):
            generator = self._generator_called(expr)
            if generator is None:
                return None
            func, site = generator
            if any(isinstance(n, (ast.Return, ast.YieldFrom)) and site.ctx.enclosing_function(n) is func
                   for n in ast.walk(func)):
                return None
            decisions = {id(test): decided for test, _, decided in site.scope(func).decisions}
            found: list[tuple[ast.Tuple, Flow]] = []
            for y in (n for n in ast.walk(func) if isinstance(n, ast.Yield) and site.ctx.enclosing_function(n) is func):
                written = pair(y.value)
                stmt = site.ctx.parents.get(y)
                if written is None or not isinstance(stmt, ast.Expr):
                    return None
                runs = True
                child: ast.AST = stmt
                parent = site.ctx.parents.get(stmt)
                while parent is not func:  # only `if`s between the yield and the body, each decided
                    if not isinstance(parent, ast.If) or id(parent.test) not in decisions \
                            or decisions[id(parent.test)] is None:
                        return None
                    runs = runs and decisions[id(parent.test)] is any(s is child for s in parent.body)
                    child, parent = parent, site.ctx.parents.get(parent)
                if runs:
                    found.append((written, site))
            found.sort(key=lambda p: (p[0].lineno, p[0].col_offset))  # `ast.walk` is breadth first
            return found
        held = self.plain_run(self.values(expr))
        if len(held) != 1 or held[0].when or held[0].extra is not None \
                or not isinstance(held[0].node, (ast.List, ast.Tuple)):
            return None
        pairs = [pair(e) for e in held[0].node.elts]
        if any(p is None for p in pairs) or len(pairs) > MAX_ALTERNATIVES:
            return None
        return [(p, held[0].flow or self) for p in pairs if p is not None]

    def _string_part(self, node: ast.Subscript) -> tuple[Value, ...] | None:
        """`precision.split("-")[0]`, `name.rpartition(".")[-1]`: a part, at a constant index, of a known string
        cut at a constant separator, seen as the literal it is (placed at the subscript). None unless every
        string the receiver holds is known."""
        call = node.value
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and call.func.attr in ("split", "rsplit", "partition", "rpartition") and not call.keywords):
            return None
        index = _int_literal(node.slice)
        if index is None:
            return None
        args = [a.value if isinstance(a, ast.Constant) else a for a in call.args]
        partition = call.func.attr.endswith("partition")
        if not (len(args) == 1 if partition else len(args) <= 2) or not all(
                (isinstance(a, str) and a) if i == 0 else type(a) is int for i, a in enumerate(args)):
            return None  # a separator named by a variable, an empty one, a maxsplit that is not a literal
        held = self.values(call.func.value)
        if not held or not all(x.kind == "str" and isinstance(x.node, ast.Constant) and isinstance(x.node.value, str)
                               for x in held):
            return None
        out = []
        for x in held:
            parts = getattr(x.node.value, call.func.attr)(*args)  # type: ignore[union-attr]  # a str: checked
            if not -len(parts) <= index < len(parts):
                return None  # IndexError in the run: nothing to see
            out.append(Value("str", _Joined(node, parts[index]), x.when, flow=self))
        return tuple(out)

    def _split_items(self, call: ast.Call) -> list[tuple[Value, ...]] | None:
        """`names.split(",")` of one known string (an option's default counts: the plain run's), each part a
        stand-in placed at the string."""
        separator: str | None = None
        if call.args:
            sep = call.args[0]
            if not (isinstance(sep, ast.Constant) and isinstance(sep.value, str) and sep.value):
                return None
            separator = sep.value
        held = self.plain_run(self.values(call.func.value))  # type: ignore[attr-defined]  # an Attribute: checked
        # one string, or the same one from each call of the function (`spec` of a converter two options share)
        where = held[0].node if held else None
        if not isinstance(where, ast.Constant) or not isinstance(where.value, str) \
                or len(held) > 1 and not all(x.when for x in held) \
                or not all(isinstance(x.node, ast.Constant) and x.node.value == where.value
                           and all(c == BY_DEFAULT or c.startswith(CALLED_AT) for c in x.when) for x in held):
            return None
        text = where.value
        parts = text.split(separator)
        if len(parts) > MAX_ALTERNATIVES:
            return None
        return [(Value("str", ast.copy_location(ast.Constant(part), where), flow=held[0].flow or self),) for part in parts]

    def _range_truth(self, call: ast.expr) -> bool | None:
        """Whether `range(...)` (the builtin, of integer arguments the flow knows in the plain run, each the same on
        every path) runs at least one turn; None for anything else."""
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "range"
                and self.reaching(call.func) is None and 1 <= len(call.args) <= 3 and not call.keywords):
            return None
        numbers: list[int] = []
        for arg in call.args:
            held = {x.node.value if isinstance(x.node, ast.Constant) and type(x.node.value) is int else None
                    for x in self.plain_run(self.values(arg))}
            if len(held) != 1 or None in held:
                return None
            numbers.append(held.pop())  # type: ignore[arg-type]  # (an int: checked)
        try:
            return len(range(*numbers)) > 0
        except ValueError:  # a zero step: the run raises
            return None

    def comprehension_truth(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> bool | None:
        """Whether what a comprehension of one loop builds (or a generator yields) is non-empty: as empty as
        what it runs over without a test; with tests, non-empty when one known item passes them all, empty
        when none does. None when the file cannot tell."""
        if len(node.generators) != 1 or node.generators[0].is_async:
            return None
        gen = node.generators[0]
        if not gen.ifs:
            if isinstance(gen.iter, ast.Call) and (split := self._known_items(gen.iter)) is not None:
                return bool(split)  # `"Block,Attention".split(",")` of a known string: its parts
            counted = self._range_truth(gen.iter)
            if counted is not None:  # `for _ in range(members)`, `members` known
                return counted
            inner = {v.truthy if v.kind in (*ELEMENT_KINDS, "dict", "str") else None for v in self.values(gen.iter)}
            return inner.pop() if len(inner) == 1 else None
        if not isinstance(gen.target, ast.Name):
            return None
        items = self._known_items(gen.iter)
        if items is None:
            return None
        unknown = False
        for item in items:
            given = {n.id: self.values(n) for test in gen.ifs for n in ast.walk(test) if isinstance(n, ast.Name)}
            given[gen.target.id] = item
            truths = [self._truth(test, given) for test in gen.ifs]
            if all(truths):
                return True
            unknown = unknown or False not in truths
        return None if unknown else False

    def _comprehended_items(self, node: ast.ListComp | ast.GeneratorExp) -> list[tuple[Value, ...]] | None:
        """`[name for name in table if allowed is None or name in allowed]`: the items of what it runs over that
        each test keeps, the test decided with the loop's name holding that item; `(PRESETS[name] for name in
        names)`: the entry of the table each kept item picks."""
        gen = node.generators[0]
        if gen.is_async or not isinstance(gen.target, ast.Name):
            return None
        elt = node.elt
        picks = isinstance(elt, ast.Subscript) and isinstance(elt.slice, ast.Name) and elt.slice.id == gen.target.id \
            and not any(isinstance(n, ast.Name) and n.id == gen.target.id for n in ast.walk(elt.value))
        if not picks and not (isinstance(elt, ast.Name) and elt.id == gen.target.id):
            return None
        items = self._known_items(gen.iter)
        if items is None:
            return None
        kept: list[tuple[Value, ...]] = []
        for item in items:
            given = {n.id: self.values(n) for test in gen.ifs for n in ast.walk(test) if isinstance(n, ast.Name)}
            given[gen.target.id] = item
            truths = [self._truth(test, given) for test in gen.ifs]
            if None in truths:
                return None
            if all(truths):
                kept.append(item)
        if picks:  # each entry read as `PRESETS[<the item>]`, placed at the comprehension's element
            assert isinstance(elt, ast.Subscript)
            return [self.values(ast.copy_location(ast.Subscript(value=elt.value, slice=self.stand_in(elt.slice, item),
                                                                ctx=ast.Load()), elt)) for item in kept]
        return kept

    def _ranks(self, key: ast.expr) -> dict[str, Any] | None:
        """The rank `key=` gives each string: `TABLE.get`, `TABLE.__getitem__` or `lambda name: TABLE[name]` of a
        dict whose entries are all read, each one constant; None for any other key."""
        table: ast.expr | None = None
        if isinstance(key, ast.Attribute) and key.attr in ("get", "__getitem__"):
            table = key.value
        elif isinstance(key, ast.Lambda) and len(key.args.args) == 1 and isinstance(key.body, ast.Subscript) \
                and isinstance(key.body.slice, ast.Name) and key.body.slice.id == key.args.args[0].arg:
            table = key.body.value
        held = self.plain_run(self.values(table)) if table is not None else ()
        if len(held) != 1 or held[0].kind != "dict" or held[0].when:
            return None
        entries, complete = (held[0].flow or self).entries(held[0])
        if entries is None or not complete:
            return None
        ranks: dict[str, Any] = {}
        for name, entry in entries.items():
            values = entry.values()
            if entry.when or len(values) != 1 or values[0].when or not isinstance(values[0].node, ast.Constant):
                return None
            ranks[name] = values[0].node.value
        return ranks

    def _binary_operator(self, func: ast.expr) -> type[ast.Add] | type[ast.BitOr] | None:
        """The operator `+` or `|` a two-argument function applies to its arguments: `operator.add` (`concat`,
        `or_`, their in-place forms), `lambda a, b: a + b`, a def that returns `a | b`; None for any other."""
        named: dict[str, type[ast.Add] | type[ast.BitOr]] = {"operator.add": ast.Add, "operator.concat": ast.Add, "operator.iadd": ast.Add,
                 "operator.iconcat": ast.Add, "operator.or_": ast.BitOr, "operator.ior": ast.BitOr}
        qualified = self.ctx.resolve(func)
        if qualified is not None:
            return named.get(qualified)
        held = self.values(func)
        if len(held) != 1 or not isinstance(held[0].node, (ast.Lambda, ast.FunctionDef)):
            return None
        defined = held[0].node
        params = [a.arg for a in defined.args.args]
        if isinstance(defined, ast.Lambda):
            body: ast.expr | None = defined.body
        else:
            body = defined.body[-1].value if len(defined.body) == 1 and isinstance(defined.body[-1], ast.Return) else None
        if len(params) != 2 or defined.args.vararg or defined.args.posonlyargs or not isinstance(body, ast.BinOp) \
                or not isinstance(body.op, (ast.Add, ast.BitOr)) or not isinstance(body.left, ast.Name) \
                or not isinstance(body.right, ast.Name) or [body.left.id, body.right.id] != params:
            return None
        return type(body.op)

    def _library_call(self, node: ast.Call, qualified: str) -> tuple[Value, ...]:
        v: Callable[..., tuple[Value, ...]] = lambda kind, **kw: (Value(kind, node, qualified=qualified, flow=self, **kw),)  # noqa: E731
        if qualified in datafiles.LOADERS:  # `yaml.safe_load(open(path))`: the file's contents, read as data
            data = datafiles.loaded(self, node, qualified)
            hook = next((k.value for k in node.keywords if k.arg == "object_hook"), None)
            if data is not None and hook is not None:  # `json.loads(text, object_hook=lambda d: SimpleNamespace(**d))`
                shape = attrdicts.object_hook(hook)
                return tuple(self._convert(x, node, self, shape, MAX_CONVERTED_DEPTH) for x in data) \
                    if shape is not None else (Value("unknown", node, flow=self),)
            if data is not None:
                return data
        if qualified in ENVIRONMENT_READS and len(node.args) in (1, 2) and not node.keywords \
                and not isinstance(node.args[-1], ast.Starred):
            # `os.environ.get("X", default)`: the environment is unknown here, the default one value of it: the
            # run's value unless X is set (marked: a rule may take the default as the run's, as an option's);
            # `os.getenv("X")`'s default is None (`os.getenv("X") or "bf16-mixed"`: the run's is the `or`'s)
            unset = f"{self.text(node.args[0])}{ENVIRONMENT_UNSET}"
            default = tuple(x.under((unset,)) for x in self.values(node.args[1])) if len(node.args) == 2 else (
                Value("none", _Implied(node, None), (unset,), flow=self),)
            return (Value("unknown", node, qualified=qualified, extra=SET_BY_THE_RUN, flow=self), *default)
        if qualified == "importlib.import_module" and 1 <= len(node.args) + len(node.keywords) <= 2 \
                and self.ctx.project is not None:
            named = self._module_named(node)
            if named is not None:
                return named
        if qualified in ("max", "min") and node.args:
            picked = self._extreme(node, qualified)
            if picked is not None:
                return picked
        if qualified == "functools.reduce" and len(node.args) in (2, 3) and not node.keywords:
            folded = self._reduced(node)
            if folded is not None:
                return folded
        if qualified in ("functools.partial", "functools.partialmethod"):
            # a partialmethod is a partial too; read through an instance, it is bound (see `_partial_methods`)
            target = None
            if node.args:
                inner = self.values(node.args[0])
                target = inner[0].node if len(inner) == 1 else None
                held = inner[0].node if len(inner) == 1 else None
                if isinstance(held, ast.Call) and held.args and inner[0].kind == "partial" and not inner[0].when \
                        and inner[0].flow is not None and inner[0].flow.base is self.base:
                    # `v3_8 = partial(tpu_bf16, devices=8)` of `tpu_bf16 = partial(build_fabric, "bf16-mixed")`: one
                    # partial of `build_fabric`, the inner one's arguments first (functools flattens it so too)
                    chained = self.ctx.once("chained partial", node, lambda: _Chained(node, held))
                    return (Value("partial", chained, extra=inner[0].extra, flow=self),)
            return v("partial", extra=target)
        if qualified in ("copy.deepcopy", "copy.copy") and node.args:
            return self._copied(node, self.values(node.args[0]))
        if qualified in (*AS_DICTS, "dataclasses.astuple"):
            return v("dict", extra="asdict") if qualified.endswith("asdict") else v("tuple")
        if qualified == "types.MappingProxyType" and len(node.args) == 1 and not node.keywords \
                and not isinstance(node.args[0], ast.Starred):
            return self.values(node.args[0])  # a read-only view of the dict: its entries, as they change
        if qualified == "collections.ChainMap":
            return v("dict", extra="chainmap")
        if qualified == "collections.defaultdict" and not any(isinstance(a, ast.Starred) for a in node.args):
            return v("dict", extra="defaultdict")  # `d[k]` of a key it does not hold: the factory's return
        if qualified in REPLACERS and node.args:
            changes = self._spread_expanded(node)
            if changes is None:  # `replace(cfg, **changes)` the file cannot list: any field may change
                return v("unknown")
            out = []
            for base in self.values(node.args[0]):
                if base.kind == "instance" and base.flow is not None and base.flow.base is not self.base:
                    out.append(self._replaced_elsewhere(changes, base))
                elif base.kind == "instance":
                    cls, call = base.extra  # (read where the original was: a classmethod's instance, in its call's reading)
                    out.append(Value("instance", node, base.when, extra=(cls, _Replaced(changes, call)), flow=base.flow or self))
                else:
                    out.append(Value("unknown", node, flow=self))
            return tuple(out)
        if qualified in NAMESPACES:
            return v("namespace")
        if qualified == "argparse.ArgumentParser":
            return v("args_parser")
        if qualified.startswith("collections.OrderedDict"):
            return v("dict")
        return self.ctx.tips.library_call(self, node, qualified) or (Value("unknown", node, qualified=qualified, flow=self),)

    def _module_named(self, node: ast.Call) -> tuple[Value, ...] | None:
        """`importlib.import_module(f"configs.{args.config}")`: the project module each name the argument
        holds names (an option's default: the plain run's), under its condition; None when one is not a known
        string or names no module of the project (a library's: `import_module("torch")`)."""
        assert self.ctx.project is not None
        given = dict(zip(("name", "package"), node.args))
        for kw in node.keywords:
            if kw.arg not in ("name", "package") or kw.arg in given:
                return None
            given[kw.arg] = kw.value
        if "name" not in given or any(isinstance(a, ast.Starred) for a in given.values()):
            return None
        package = None
        if "package" in given:  # `import_module(f".{NAME}", __name__)`: relative to that package
            packages = self.plain_run(self.values(given["package"]))
            if len(packages) != 1 or not isinstance(packages[0].node, ast.Constant) \
                    or not isinstance(packages[0].node.value, str):
                return None
            package = packages[0].node.value
        names = self.plain_run(self.values(given["name"]))
        out: list[Value] = []
        for name in names:
            if name.kind != "str" or not isinstance(name.node, ast.Constant) or not isinstance(name.node.value, str):
                return None
            dotted = _absolute_name(name.node.value, package)
            found = self.ctx.project.module_by_name(self, dotted, node) if dotted is not None else None
            if found is None:
                return None
            out.append(found.under(name.when))
        return tuple(out) or None

    def _relayed(self, node: ast.Call, there: Flow) -> ast.Call | None:
        """`ShardingConfig(remat_layers=(Block,))` of a class another module defines: the call as that module
        reads it, each argument a stand-in holding what it holds here; a `**overrides` spread as the keywords of
        the one dict it holds, read whole (none for `load(name)` giving `PRESETS[name](**overrides)` nothing).
        None when it spreads `*args`, or a mapping the layer cannot read whole."""
        if any(isinstance(a, ast.Starred) for a in node.args):
            return None
        args: list[ast.expr] = [there.stand_in(a, self.values(a)) for a in node.args]
        keywords: list[ast.keyword] = []
        for k in node.keywords:
            if k.arg is not None:
                keywords.append(ast.copy_location(ast.keyword(arg=k.arg, value=there.stand_in(k.value, self.values(k.value))), k))
                continue
            spread = self._spread_whole(k.value)
            if spread is None:
                return None
            keywords += [ast.copy_location(ast.keyword(arg=key, value=there.stand_in(k.value, entry.values())), k)
                         for key, entry in spread.items()]
        if len({k.arg for k in keywords}) < len(keywords):
            return None  # (a key given twice raises TypeError)
        return ast.copy_location(ast.Call(func=node.func, args=args, keywords=keywords), node)

    def _spread_whole(self, mapping: ast.expr) -> dict[str, Entry] | None:
        """The entries of the one dict `**mapping` holds on every path, when they are all known and each is
        stored on every path; None otherwise."""
        held = self.values(mapping)
        if len(held) != 1 or held[0].kind != "dict" or held[0].when:
            return None
        entries, complete = self.entries(held[0])
        if entries is None or not complete or any(e.when for e in entries.values()):
            return None
        return entries

    def _nested_asdict(self, entry: Entry) -> Entry:
        """An entry of `dataclasses.asdict(obj)` whose field holds a dataclass instance: that instance's own
        `asdict` dict (`asdict(cfg)["fabric"]` of a nested `FabricConfig` is a dict, `FabricConfig(**d)` reads
        it back); any other entry as it is."""
        held = entry.values()
        if len(held) != 1 or held[0].kind != "instance" or not isinstance(held[0].extra, tuple):
            return entry
        cls = held[0].extra[0]
        if not isinstance(cls, ast.ClassDef) or not cls.decorator_list or _namedtuple_like(cls) \
                or (held[0].flow or self).dataclass_fields(cls) is None:
            return entry
        inner = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), entry.node)
        self.base.pin(inner, held)
        call = ast.copy_location(ast.Call(func=ast.Name(id="asdict", ctx=ast.Load()), args=[inner], keywords=[]),
                                 entry.node)
        outer = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), entry.node)
        self.base.pin(outer, (Value("dict", call, held[0].when, extra="asdict", flow=self.base),))
        return Entry(outer, entry.node, self.base, entry.when)

    def _spread_expanded(self, node: ast.Call) -> ast.Call | None:
        """`dataclasses.replace(cfg, **PROFILES["smoke"])`: the call with each `**` of a dict the layer reads whole
        written out as its keywords, each a stand-in at the `**` holding the entry's values; the call itself when
        it has no `**`; None when one may hold keys the file cannot list."""
        if all(k.arg is not None for k in node.keywords):
            return node
        keywords: list[ast.keyword] = []
        for k in node.keywords:
            if k.arg is not None:
                keywords.append(k)
                continue
            held = self.plain_run(self.values(k.value))
            if len(held) != 1 or held[0].kind != "dict" or held[0].when:
                return None
            entries, complete = (held[0].flow or self).entries(held[0])
            if entries is None or not complete or any(e.when for e in entries.values()):
                return None
            keywords.extend(ast.copy_location(ast.keyword(arg=key, value=self._held_at(k.value, entry.values())), k)
                            for key, entry in entries.items())
        return ast.copy_location(ast.Call(func=node.func, args=node.args, keywords=keywords), node)

    def _replaced_elsewhere(self, node: ast.Call, base: Value) -> Value:
        """`dataclasses.replace(CONFIG, remat=True)` of an instance another module builds: a copy read in that
        module (its fields' defaults, its `__post_init__`), whose changed fields hold what this call gives."""
        assert base.flow is not None
        cls, call = base.extra
        replaced = _Replaced(node, call)
        keywords = []
        for kw in replaced.keywords:  # new keywords: the call's own tree is left as it is
            held = ast.copy_location(ast.Name(id=kw.arg or "", ctx=ast.Load()), kw.value)
            base.flow.base.pin(held, self.values(kw.value))
            keywords.append(ast.keyword(arg=kw.arg, value=held))
        replaced.keywords = keywords
        return Value("instance", base.node, base.when, extra=(cls, replaced), flow=base.flow)

    def _copied(self, node: ast.Call, sources: tuple[Value, ...]) -> tuple[Value, ...]:
        """`copy.deepcopy(x)`, `x.copy()`: a copy of one dict is a new dict, holding the source's entries
        and then what is stored into the copy's own variable (`kwargs = deepcopy(BASE); kwargs[k] = v`);
        anything else keeps the values it was copied from."""
        if len(sources) == 1 and sources[0].kind == "dict":
            return (Value("dict", node, sources[0].when, extra=sources[0], flow=self),)
        if len(sources) == 1 and sources[0].kind == "instance" and sources[0].flow is self and _copy_of(node, self) \
                and isinstance(sources[0].node, ast.Call):  # an object of its own: a store on it is not the source's
            return (Value("instance", node, sources[0].when, sources[0].label, extra=sources[0].extra, flow=self),)
        there = sources[0].flow if len(sources) == 1 else None
        if there is not None and there.base is not self.base and sources[0].kind == "instance" \
                and _copy_of(node, self) and isinstance(sources[0].node, ast.Call):
            # a copy of an instance another module builds: read as that one is (its class's module), its own
            # stores made here
            there.base._builders[node] = weakref.ref(self.base)
            return (Value("instance", node, sources[0].when, sources[0].label, extra=sources[0].extra, flow=there),)
        return sources

    def _binop(self, node: ast.BinOp) -> tuple[Value, ...]:
        left = self.values(node.left)
        kinds = {x.kind for x in left}
        if isinstance(node.op, ast.Add) and (kinds == {"str"} or kinds == {"str", "unknown"} and all(
                x.extra == SET_BY_THE_RUN for x in left if x.kind == "unknown")):  # (a default beside the run's)
            return self._joined(node, [node.left, node.right])
        if isinstance(node.op, ast.BitOr) and kinds == {"dict"}:
            return (Value("dict", node, flow=self),)
        if isinstance(node.op, (ast.Add, ast.Mult)) and len(kinds) == 1 and kinds <= {"list", "tuple", "str", "number"}:
            if isinstance(node.op, ast.Mult) and kinds != {"number"} \
                    and {x.kind for x in self.values(node.right)} != {"number"}:
                return (Value("unknown", node, flow=self),)  # a sequence repeated a number of times, else a TypeError
            return (Value(kinds.pop(), node, flow=self),)
        if isinstance(node.op, ast.BitOr) and kinds <= {"set", "frozenset"} and kinds:
            if len(kinds) == 1:
                return (Value(kinds.pop(), node, flow=self),)
            # the left operand's type on each of its paths: `set | frozenset` is a set, `frozenset | set` a frozenset
            return tuple(Value(x.kind, node, x.when, flow=self) for x in left)
        return (Value("unknown", node, flow=self),)

    def _picked_key(self, key: ast.IfExp) -> str | None:
        """The key a conditional expression picks for a dict display (`"clip_val" if by == "value" else
        "max_norm"`): the branch the walk decided its test for; None when it is undecided (two keys under
        exclusive conditions would read as both there) or the branch is no one string."""
        decided = self._decision(key.test)
        picked = self.constant_key(key.body if decided else key.orelse) if decided is not None else None
        return picked if isinstance(picked, str) else None

    def _joined_items(self, node: ast.expr) -> list[ast.expr] | None:
        """The items `str.join` is given, when they are a list or tuple display written there, or the tuple a
        name holds on every path (a list a name holds may be appended to): each a part of the text; None for
        any other iterable."""
        held = self.values(node) if isinstance(node, ast.Name) else ()
        display = held[0].node if len(held) == 1 and not held[0].when and isinstance(held[0].node, ast.Tuple) else node
        if isinstance(display, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in display.elts):
            return list(display.elts)
        return None

    def _joined(self, node: ast.JoinedStr | ast.BinOp | ast.Call, parts: Sequence[ast.expr | str]) -> tuple[Value, ...]:
        """`f"{backend}_{sharding}"`, `prefix + "_fsdp"`: a string whose every part is a known constant is
        that text (one per combination of the parts' values, each under its parts' conditions); else a
        string of unknown content. A part given as a `str` is literal text (a `str.format` template's)."""
        texts: list[tuple[str, tuple[str, ...]]] = [("", ())]
        picked = False  # a part the run sets beside a default (`os.environ.get("T", "Steady") + "Trainer"`)
        for part in parts:
            if isinstance(part, str):
                texts = [(text + part, when) for text, when in texts]
                continue
            spec: ast.expr | None = None
            if isinstance(part, ast.FormattedValue):
                if part.conversion not in (-1, ord("s")) or part.format_spec is not None:
                    texts = []
                    break
                spec, part = part, part.value
            values = self.values(part)
            run = self.plain_run(values)
            if run and len(run) < len(values):
                picked, values = True, run  # that run's text is another run's; the default's, the plain run's
            found = [(x.node.value, x.when) for x in values
                     if isinstance(x.node, ast.Constant) and x.kind in ("str", "number")
                     and (spec is not None or isinstance(x.node.value, str))]
            if len(found) != len(values) or len(texts) * len(found) > MAX_ALTERNATIVES:
                texts = []
                break
            texts = [(text + str(value), tuple(dict.fromkeys((*when, *more)))) for text, when in texts
                     for value, more in found]
        if not texts:
            return (Value("str", node, flow=self),)
        joined = tuple(Value("str", _Joined(node, text), when, flow=self) for text, when in texts)
        return (Value("unknown", node, extra=SET_BY_THE_RUN, flow=self), *joined) if picked else joined

    def returns_for(self, func: ast.AST, call: ast.Call) -> tuple[Value, ...]:
        """What `call` returns. When a test on the function's parameters is left undecided by its callers
        together but decided by this call's arguments (`clip_options("value")` where another call passes
        "norm"), the body is evaluated for this call alone, for a few calls of each function; else the
        returns for all calls, merged."""
        if not self._per_call(func, call):
            return self.returns_of(func)
        key = (id(func), id(call))
        site = self._sites.get(key)
        if site is None:
            if sum(1 for f, _ in self._sites if f == id(func)) >= MAX_CONTEXTS:
                return self.returns_of(func)
            site = self._sites[key] = _SiteFlow(self, func, call)  # type: ignore[arg-type]  # checked by _per_call
        return site.returns_of(func)

    def returns_from(self, callee: Flow, func: ast.AST, call: ast.Call) -> tuple[Value, ...]:
        """What `call`, written here, returns from `func`, a function of another module (`callee` evaluates
        that module). When its returns depend on tests of its parameters (`if kind == "norm":`), its body is
        evaluated for this call's arguments, read here (for a few calls of each function, and two calls
        deep, as `returns_for`); else its returns as that module sees them."""
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(call, _CalledBack) \
                or self.site_depth >= MAX_SITE_DEPTH:
            return callee.returns_of(func)
        if isinstance(callee.ctx.parents.get(func), ast.ClassDef):
            # `Experiment.from_dict({...})`: a classmethod builds `cls(...)` from this call's arguments
            if _is_classmethod(func):
                return self.site(callee, func, call).returns_of(func)
            receivers = self.values(call.func.value) if isinstance(call.func, ast.Attribute) and not _is_static(func) else ()
            if len(receivers) == 1 and receivers[0].kind == "instance" and func.args.args:
                # `finetune.SHARDING.strategy()`: its body read with `self` that copy, not every instance
                return self._bound_call(call, func, receivers[0], callee)
            return callee.returns_of(func)
        if not (callee._depends_on_call(func) or _closes_over_parameters(func) or callee._binds_parameters(func)
                or callee._keys_by_parameters(func) or datafiles.loads_by_parameters(callee, func)
                or callee._emptiness_by_parameters(func)):
            return callee.returns_of(func)
        return self.site(callee, func, call).returns_of(func)

    def _emptiness_by_parameters(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """It returns a container built from its parameters whose emptiness its module cannot tell
        (`list(dict.fromkeys(layer_classes(names)))`): as empty as what a call passes."""
        def work() -> bool:
            params = {a.arg for a in all_args(func.args)}
            for expr in self.ctx.returned_values(func):
                if any(isinstance(n, ast.Name) and n.id in params and isinstance(n.ctx, ast.Load) for n in ast.walk(expr)) \
                        and any(x.kind in (*ELEMENT_KINDS, "dict") and x.truthy is None for x in self.values(expr)):
                    return True
            return False
        return self.ctx.once("emptiness by parameters", func, work, meanwhile=False)

    def site(self, callee: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> Flow:
        """`func` (of the module `callee` evaluates) evaluated for `call`, a call this flow's module writes;
        `callee` itself past `MAX_CONTEXTS` calls of one function."""
        key = (id(func), id(call))
        found = self._sites.get(key)
        if found is None:
            if sum(1 for f, _ in self._sites if f == id(func)) >= MAX_CONTEXTS:
                return callee
            found = self._sites[key] = _SiteFlow(callee, func, call, caller=self)
        return found

    def _binds_parameters(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """It may return what one of its parameters binds: `functools.partial(fabric.save, path)`, an attribute
        of one (`fabric.save`, `model.module`), the parameter itself; what it returns is that call's."""
        params = {a.arg for a in all_args(func.args)}

        def reads(node: ast.AST) -> bool:
            return any(isinstance(n, ast.Name) and n.id in params and isinstance(n.ctx, ast.Load) for n in ast.walk(node))

        for expr in self.ctx.returned_values(func):
            if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in params:
                return True
            if isinstance(expr, ast.Name) and expr.id in params and not _changes_parameter(func, expr.id):
                return True  # `return parser` of `install(parser)`: what it is given (not changed in ways unread here)
            if isinstance(expr, ast.Call) and self.ctx.resolve(expr.func) == "functools.partial" \
                    and any(reads(a) for a in (*expr.args, *expr.keywords)):
                return True
            if any(self._made_by_parameter_method(func, part, params)
                   for part in (expr.elts if isinstance(expr, ast.Tuple) else [expr])):
                return True
            if isinstance(expr, ast.Call) and (  # `dataclasses.replace(cfg, ...)`: a copy of what the call passes
                    self.ctx.resolve(expr.func) in REPLACERS and expr.args and reads(expr.args[0])
                    or isinstance(expr.func, ast.Attribute) and expr.func.attr == "_replace" and reads(expr.func.value)):
                return True
            if isinstance(expr, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) and any(
                    reads(gen.iter) or isinstance(gen.iter, ast.Name)
                    and any(b.value is not None and reads(b.value) for b in self.ctx.bindings(gen.iter.id, func))
                    for gen in expr.generators):
                # `[LAYERS[n] for n in names]`, `names` made of the parameter `spec`: as many items as the call's gives
                return True
        return False

    def _made_by_parameter_method(self, func: ast.FunctionDef | ast.AsyncFunctionDef, expr: ast.expr,
                                  params: set[str]) -> bool:
        """`fabric.setup_module(model)` of a parameter `fabric`, or a local name bound to one: what it makes
        depends on what the call passes (the launched Fabric makes a set-up model)."""
        def on_parameter(node: ast.expr | None) -> bool:
            return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in params
        if on_parameter(expr):
            return True
        return isinstance(expr, ast.Name) and expr.id not in params \
            and any(on_parameter(b.value) for b in self.ctx.bindings(expr.id, func))

    def _keys_by_parameters(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """It returns a mapping one of its parameters picks or fills: `PROFILES[profile]`, `dict(BASE,
        **PROFILES[profile])`, `{**BASE, "accelerator": accelerator}`, `ALIASES.get(name, name)`, `dict(kwargs)`;
        its entries are that call's."""
        params = {a.arg for a in all_args(func.args)}

        def is_param(node: ast.AST | None) -> bool:
            return isinstance(node, ast.Name) and node.id in params

        for expr in self._with_locals_read(self._returned_sources(func)):
            for node in ast.walk(expr):
                if isinstance(node, ast.Subscript) and any(is_param(n) for n in ast.walk(node.slice)) \
                        or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args \
                        and node.func.attr in ("get", "pop", "setdefault") and any(is_param(n) for n in ast.walk(node.args[0])) \
                        or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                        and is_param(node.func.value) and node.args and isinstance(node.args[0], ast.Constant) \
                        or isinstance(node, ast.Dict) and any(is_param(v) for v in node.values) \
                        or isinstance(node, ast.Call) and source_text(node.func) == "dict" \
                        and any(is_param(a) for a in (*node.args, *(kw.value for kw in node.keywords))) \
                        or isinstance(node, ast.Call) and self.ctx.resolve(node.func) in NAMESPACES \
                        and any(is_param(kw.value) for kw in node.keywords) \
                        or isinstance(node, ast.DictComp) and any(is_param(n) for g in node.generators for n in ast.walk(g.iter)):
                    # (`dict(kwargs)`: a copy of the mapping the call passes; `SimpleNamespace(model=model)`;
                    # `{k: objects[k] for k in keys}`: a key for each item of what the call passes)
                    return True
        return False

    def _with_locals_read(self, exprs: list[ast.expr]) -> list[ast.expr]:
        """`exprs` and what the locals they read are bound to where they are read (`builder = STRATEGIES[name]`
        of `return builder(**kwargs)`), those values' own locals too: what a return is made of, through its
        function's names. (A dict display bound to a local is not one: its values are placed where they are
        written, its spreads are `_returned_sources`'.)"""
        out, todo, seen = list(exprs), list(exprs), set()
        while todo:
            for name in ast.walk(todo.pop()):
                if not isinstance(name, ast.Name) or not isinstance(name.ctx, ast.Load) or id(name) in seen \
                        or name not in self.ctx.parents:
                    continue
                seen.add(id(name))
                for d in self.reaching(name) or ():
                    if d.how == "assign" and not d.path and isinstance(d.node, ast.expr) and not isinstance(d.node, ast.Dict) \
                            and self.ctx.enclosing_function(d.node) is self.ctx.enclosing_function(name):
                        out.append(d.node)
                        todo.append(d.node)
        return out

    def _returned_sources(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
        """What `func` returns, and for a local it returns (`out = dict(BASE); out.update(overrides); return out`)
        the mappings it merges into that local: a `**` spread of a value bound to it, and what an `update` or
        a `setdefault` adds (a dict display of its own keys stays the module's reading: its values are placed
        where they are written)."""
        out: list[ast.expr] = []
        for expr in self.ctx.returned_values(func):
            out.append(expr)
            if not isinstance(expr, ast.Name):
                continue
            for node in walk(func):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                        isinstance(t, ast.Name) and t.id == expr.id for t in node.targets):
                    spreads = [v for k, v in zip(node.value.keys, node.value.values) if k is None]
                    out.append(ast.Dict(keys=[None] * len(spreads), values=spreads))
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr in ("update", "setdefault") and isinstance(node.func.value, ast.Name) \
                        and node.func.value.id == expr.id:  # (`out.update(x)` adds what `{**x}` holds)
                    spreads = [*node.args, *(kw.value for kw in node.keywords if kw.arg is None)]
                    out.append(ast.Dict(keys=[None] * len(spreads), values=spreads))
                    out.extend(kw.value for kw in node.keywords if kw.arg is not None)
        return out

    def _per_call(self, func: ast.AST, call: ast.Call) -> bool:
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or self.origin is not None \
                or self.site_depth >= MAX_SITE_DEPTH or isinstance(call, _CalledBack):
            return False
        if isinstance(self.ctx.parents.get(func), ast.ClassDef):
            # `Config.from_dict({...})`: an alternative constructor builds `cls(...)` from this call's arguments
            # (as `returns_from` reads another module's classmethods)
            return _is_classmethod(func) and isinstance(call.func, ast.Attribute) and _builds_cls(self.ctx, func) \
                and not self.ctx.within(call, func)
        if not isinstance(call.func, ast.Name):
            return False
        # (as `returns_from` reads another module's: a mapping its parameters fill is that call's too)
        return (self._depends_on_call(func) or self._keys_by_parameters(func)) and not self.ctx.within(call, func)

    def _depends_on_call(self, func: ast.FunctionDef | ast.AsyncFunctionDef, seen: frozenset[int] = frozenset()) -> bool:
        """Its returns may depend on which call it is: a test on its parameters its callers leave undecided
        together, in it or in a function of this module it calls."""
        found = self._call_dependent.get(id(func))
        if found is not None:
            return found
        found = any(decided is None for _, _, decided in self.scope(func).decisions)
        if not found and len(seen) < MAX_SITE_DEPTH:
            for node in walk(func):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not _is_parameter(self, node.func):
                    for f in self.values(node.func):  # (a parameter's function is its callers': asked here, a cycle)
                        if isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.node is not func \
                                and id(f.node) not in seen and self._depends_on_call(f.node, seen | {id(func)}):
                            found = True
                            break
                if found:
                    break
        self._call_dependent[id(func)] = found
        return found

    def returns_of(self, func: ast.AST) -> tuple[Value, ...]:
        scope = self.scope(func)
        out: list[Value] = []
        for expr, when in scope.returns:
            out.extend(x.under(when) for x in self.values(expr))
        if not out:
            generator = isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and self.ctx.is_generator(func)
            raises = isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(func.body[-1], ast.Raise)
            # a generator's call gives an iterator; a stub that raises (`raise NotImplementedError`) gives nothing
            return (Value("unknown", func, flow=self),) if generator or raises else (Value("none", func, flow=self),)
        return tuple(out)

    # wrappers: decorators, functions called through another name, arguments passed on
    def decorations(self, func: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> list[_Decorated]:
        """The calls `@outer @inner def f` (or `class C`) makes: `inner(f)`, then `outer(inner(f))` (the last
        is what `f` is bound to). Made once per def, so each is one node to the evaluator."""
        kept = self._decorations.get(id(func))
        if kept is None or kept[0] is not func:
            calls: list[_Decorated] = []
            inner: ast.expr = func  # type: ignore[assignment]  # the def's value: the function as written
            for decorator in reversed(func.decorator_list):
                inner = _Decorated(decorator, inner)
                calls.append(inner)
            kept = self._decorations[id(func)] = (func, calls)
        return kept[1]

    def _decorated(self, node: _Decorated) -> tuple[Value, ...]:
        """What a decorator gives: the call of a function or class the file shows (a wrapper it returns,
        an instance), or, for any other (`functools.wraps(fn)`, `torch.no_grad()`, `staticmethod`, one
        the file cannot tell), what it is given."""
        out: list[Value] = []
        for f in self.values(node.func):
            returned = self._returned_parameter(f.node) if f.kind == "function" and f.flow is not None \
                and f.flow.base is self.base else None
            if returned is not None and f.node is not None:  # `return fn` of a registering decorator: this def
                out.extend(x.under(f.when) for x in self.passed(f.node, returned, node, False, ()))
            elif self._returns_what_it_decorates(f):  # (another module's: `@register("value")` of registry.py)
                out.extend(x.under(f.when) for x in self.values(node.args[0]))
            elif f.kind in ("function", "lambda", "class", "partial") and isinstance(
                    f.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Call)):
                out.extend(x.under(f.when) for x in self._call_of(node, f))
            else:
                out.extend(x.under(f.when) for x in self.values(node.args[0]))
        return tuple(out)

    def keeps_its_calls(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """Every decorator of `func` is a library's that a pack says passes each call's arguments on unchanged and
        keeps the function nowhere else (`@torch.no_grad()`): a call of its name is a call of it. (A cache's wrapper
        may not run it at all: not one of them.)"""
        transparent = self.ctx.tips.transparent_decorators
        return all(self.ctx.tips.canonical(self.ctx.resolve(d.func if isinstance(d, ast.Call) else d) or "") in transparent
                   for d in func.decorator_list)

    def keeps_what_it_decorates(self, decorator: ast.expr) -> bool:
        """`@register`, `@entry_point("smoke")`: the decorator is, on every path, a plain function of the project
        that returns its parameter as it was given (a registering decorator: the def stays itself, its signature
        too)."""
        held = self.values(decorator)
        return bool(held) and all(f.extra in (None, "nested") and _returns_its_first_parameter(f) for f in held)

    @staticmethod
    def _returns_what_it_decorates(f: Value) -> bool:
        """A plain function of another module of the project that returns its first parameter as passed (a
        registering decorator's `add(cls)`, `return cls`): what it decorates stays itself."""
        return f.flow is not None and f.flow.origin is not None and _returns_its_first_parameter(f)

    def _returned_parameter(self, func: ast.AST | None) -> ast.arg | None:
        """The one parameter a plain function (not a method) returns, as it was passed, on every path (its
        last statement returns it, and so does any other `return`): a registering decorator's `fn`."""
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or self._method_class(func) is not None \
                or not isinstance(func.body[-1], ast.Return) or not isinstance(func.body[-1].value, ast.Name) \
                or self.ctx.is_generator(func):
            return None
        name = func.body[-1].value.id
        arg = next((a for a in all_args(func.args) if a.arg == name), None)
        if arg is None or arg is func.args.vararg or arg is func.args.kwarg:
            return None
        for returned in self.ctx.returned_values(func):
            reaching = self.reaching(returned) if isinstance(returned, ast.Name) and returned.id == name else None
            if not reaching or any(d.how != "param" or d.node is not arg for d in reaching):
                return None
        return arg

    def _called_through(self, func: ast.AST, cls: ast.ClassDef | None = None) -> Iterator[ast.Call]:
        """Calls of `func` under another name: a decorator's application and the wrapper's `fn(...)`, an
        entry of a container (`STEPS["train"](fabric)`), a loop's variable, an alias, `self.fn(...)`; with
        `cls`, the calls of an instance of it (`func` is its `__call__`). Looked for only when the file
        reads the function other than by calling it by its name."""
        name = getattr(func, "name", None)
        if name is None:
            return
        if cls is None and not getattr(func, "decorator_list", None) and all(
                isinstance(p := self.ctx.parents.get(load), ast.Call) and p.func is load
                for load in self.ctx.loads_named(name)):
            return  # only ever called by its name (`@timed` and `return wrapper` read it otherwise)

        by_callee, instances = self._calls_through()
        if cls is not None:
            def calls_it(x: Value) -> bool:
                return x.kind == "instance" and x.flow is self and self._runs_method_of(x, cls, "__call__")

            for method in self.ctx.tips.callbacks:
                for call, _ in self.ctx.spelled_method_calls(method):
                    if call.args and any(calls_it(x) for x in self.values(call.args[0])):
                        yield _CalledBack(call)
            for call, held in instances:
                if any(calls_it(x) for x in held):
                    yield call
            return
        yield from self._applications().get(id(func), ())
        for call in by_callee.get(id(func), ()):
            if not (isinstance(call.func, ast.Name) and call.func.id == name):  # by its own name: `calls_by_name`
                yield self._through_partial(func, call)
        if getattr(func, "decorator_list", None):
            # `self.fn(...)`, a class decorator's: looked at for decorated functions only, as evaluating every
            # `self.model(x)` inside the walks that need it would cut them short
            for call in self._self_attribute_calls():
                if any(self._is(func, x) for x in self.values(call.func)):
                    yield call
        else:
            # `self.callback(self)` of a function a constructor stored as given (`self.callback = callback`)
            for call in self._callback_attribute_calls():
                if any(self._is(func, x) for x in self.values(call.func)):
                    yield call

    def _through_partial(self, func: ast.AST, call: ast.Call) -> ast.Call:
        """A call of a partial of `func` (`remat_strategy = partial(make_strategy, remat=(Block,))`, then
        `remat_strategy(...)`) as the call of `func` it makes, with the partial's arguments first; any other
        call as it is."""
        held = [x for x in self.callees(call.func) if x.kind == "partial" and x.extra is func]
        if len(held) != 1 or not isinstance(held[0].node, ast.Call) or held[0].flow is None \
                or held[0].flow.base is not self.base:
            return call
        return self._bound(call, held[0].node)

    def _bound(self, call: ast.Call, partial: ast.Call) -> ast.Call:
        """`_Bound(call, partial)`, one per call and partial: a walk for it is one calling context."""
        return self.ctx.once(f"bound by {id(partial)}", call, lambda: _Bound(call, partial))

    def _partial_target(self, partial: Value) -> Value | None:
        """The one function or class a partial written here wraps, as a value (with the module it is
        written in); None when it is not one."""
        if not isinstance(partial.node, ast.Call) or not partial.node.args or partial.flow is None:
            return None
        held = partial.flow.values(partial.node.args[0])
        return held[0] if len(held) == 1 and held[0].node is partial.extra else None

    def called_back(self, call: ast.Call) -> tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
        """A call of a method a pack says calls its function back (`fabric.launch(train)`), given, on every
        path, a function of another module (`train` bound to what `utils.metrics`'s decorator returns):
        the call `train(fabric)` it makes, the function and the flow that evaluates it."""
        if not isinstance(call.func, ast.Attribute) or call.func.attr not in self.ctx.tips.callbacks or not call.args:
            return None
        given = self.values(call.args[0])
        held = self.plain_run(given)
        # the plain run's function (`getattr(tasks, argv[0]) if argv else tasks.finetune`): the others are
        # another run's pick, so the condition it holds under is the plain run's
        if len(held) != 1 or held[0].kind != "function" or not held[0].foreign or held[0].when and len(held) == len(given) \
                or held[0].flow is None or not isinstance(held[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        return self.ctx.once("called back", call, lambda: _CalledBack(call)), held[0].node, held[0].flow

    def bound_call(self, call: ast.Call) -> tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
        """A call of a name holding, on every path, a partial written in this module of a function of
        another module (`remat_strategy = partial(make_strategy, remat=(Block,))` with `make_strategy`
        imported): the call `make_strategy(...)` it makes, the function and the flow of its module."""
        if not isinstance(call.func, ast.Name) or call.func.id not in self.ctx.names_given_values:
            return None  # a builtin, an import, a plain def: no partial written here (nothing evaluated)
        held = self.values(call.func)
        if len(held) != 1 or held[0].kind != "partial" or held[0].when or held[0].flow is None \
                or held[0].flow.base is not self.base or not isinstance(held[0].node, ast.Call):
            return None
        target = self._partial_target(held[0])
        if target is None or target.kind != "function" or not target.foreign or target.flow is None \
                or not isinstance(target.node, (ast.FunctionDef, ast.AsyncFunctionDef)) or target.extra is not None:
            return None
        return self._bound(call, held[0].node), target.node, target.flow

    def _callback_attribute_calls(self) -> list[ast.Call]:
        """`self.<attr>(...)` in a method of a class whose `__init__` stores a parameter as it is given under that
        name (`self.callback = callback`), the class defining no method of that name: a function handed in and
        called back later."""
        def find() -> list[ast.Call]:
            out: list[ast.Call] = []
            for cls in self.ctx.nodes(ast.ClassDef):
                methods = {m.name for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
                init = next((m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
                if init is None or not init.args.args:
                    continue
                params = {a.arg for a in all_args(init.args)[1:]}
                stored = {t.attr for stmt in init.body if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name)
                          and stmt.value.id in params for t in stmt.targets if isinstance(t, ast.Attribute)
                          and isinstance(t.value, ast.Name) and t.value.id == init.args.args[0].arg} - methods
                for method in cls.body:
                    if stored and isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and method.args.args:
                        own = method.args.args[0].arg
                        out.extend(c for c in walk(method) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                                   and c.func.attr in stored and isinstance(c.func.value, ast.Name) and c.func.value.id == own)
            return out

        return self.ctx.once("callback attribute calls", self.ctx.module, find)

    def _self_attribute_calls(self) -> list[ast.Call]:
        return self.ctx.once("self attribute calls", self.ctx.module, lambda: [
            c for c in self.ctx.nodes(ast.Call) if isinstance(c.func, ast.Attribute) and self._may_call_through(c)])

    def _calls_through(self) -> _CallIndex:
        """The calls whose callee is not spelled as a def's name (`_may_call_through`), by the function (or
        partial's function) each may call, and those that may call an instance: worked out once per check,
        for every function asked (asked inside its own working out, it has nothing yet)."""
        base = self.base
        if base is not self:
            return base._calls_through()
        if self._through is not None:
            return self._through
        if self._indexing:
            return {}, []
        self._indexing = True
        # Kept for the whole check: not cut short by what is being evaluated when it is first asked for (a
        # parameter's callers asked inside another evaluation would see the values that one is making unknown).
        active, self._active = self._active, set()
        try:
            by_callee: dict[int, list[ast.Call]] = {}
            instances: list[tuple[ast.Call, tuple[Value, ...]]] = []
            for call in self.ctx.nodes(ast.Call):
                if isinstance(call.func, ast.Attribute) or not self._may_call_through(call):
                    continue
                held = self.callees(call.func)
                for target in dict.fromkeys(id(x.extra if x.kind == "partial" else x.node) for x in held
                                            if x.kind in ("function", "lambda", "partial")):
                    by_callee.setdefault(target, []).append(call)
                if any(x.kind == "instance" for x in held):
                    instances.append((call, held))
            self._through = (by_callee, instances)
        finally:
            self._indexing = False
            self._active = active
        return self._through

    def _applications(self) -> dict[int, list[_Decorated]]:
        """Each decorator call (`_Decorated`), by the function or class its decorator may be (`@timed`: timed;
        `@retry(3)`: the `decorate` that `retry(3)` returns)."""
        base = self.base
        if base is not self:
            return base._applications()
        if self._applied is None:
            applied: dict[int, list[_Decorated]] = {}
            self._applied = applied  # asked inside its own working out: what is found so far
            try:
                library = self.ctx.library_names
                for func in self._decorated_functions():
                    for site in self.decorations(func):
                        if _root_name(site.func) in library:
                            continue  # `@property`, `@contextmanager`, `@torch.no_grad`: a library's, no def here
                        for target in dict.fromkeys(id(x.extra if x.kind == "partial" else x.node)
                                                    for x in self.values(site.func)):
                            applied.setdefault(target, []).append(site)
            except _Revalidating:
                self._applied = None  # (cut short: worked out again when next asked)
                raise
        return self._applied

    def callees(self, callee: ast.expr) -> tuple[Value, ...]:
        """What a call's callee may be. An entry the file cannot pick (`STEPS[mode]` with `mode` unknown), or
        a loop's variable (`for hook in HOOKS: hook(fabric)`), may be any item of the container."""
        found = self.values(callee)
        if not any(x.kind == "unknown" for x in found):
            return found
        container: ast.expr | None = None
        dicts = True  # a dict's entries are its items (not when a loop iterates the dict: its keys)
        if isinstance(callee, ast.Subscript):
            container = callee.value
        elif isinstance(callee, ast.Name):
            binding = self.ctx.reaching(callee)
            loop = binding.stmt if binding is not None else None
            if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.target, ast.Name) \
                    and loop.target.id == callee.id:
                container = loop.iter
                if isinstance(container, ast.Call) and isinstance(container.func, ast.Attribute) \
                        and container.func.attr == "values" and not container.args:
                    container = container.func.value  # `for step in STEPS.values()`
                else:
                    dicts = False
                    if not isinstance(container, (ast.Name, ast.Attribute)):
                        container = None  # a call may give anything
        if container is None:
            return found
        return (*found, *(x for base in self.values(container) for x in self._items(base, dicts)))

    def _known_display(self, expr: ast.expr) -> tuple[ast.Tuple | ast.List, Flow] | None:
        """The tuple or list display a loop runs over: written there, or the one tuple a name holds on every path
        (a list held elsewhere may grow, but for one a data file gives: `cfg.checkpoint.keys` of a loaded JSON),
        with the flow that reads it; None otherwise."""
        if isinstance(expr, (ast.Tuple, ast.List)):
            return expr, self
        if isinstance(expr, ast.Call):  # `itertools.product(A, B)`, `zip(A, B)`, ... over sequences known whole
            combined = idioms.iterated(self, expr)
            return (combined, self) if combined is not None else None
        held = self.values(expr)
        if len(held) == 1 and not held[0].when and held[0].extra in ("grown", "filled"):
            return self._appended_display(held[0], expr)
        if len(held) != 1 or held[0].when or held[0].extra is not None or not (
                isinstance(held[0].node, ast.Tuple) or isinstance(held[0].node, ast.List)
                and (held[0].read_from is not None or self._kept_whole(held[0], expr))):
            return None
        return held[0].node, held[0].flow or self

    def _appended_display(self, held: Value, read: ast.expr) -> tuple[ast.List, Flow] | None:
        """`FORWARD_METHODS = []` at this module's top level, grown only by `FORWARD_METHODS.append(x)` statements,
        each a statement of the top level or of the body of a plain function whose calls the module shows (a
        decorator's applications: `@forward_method def sample`), read inside a function (after the module has
        run): a display of what each append adds, for each call of its function. None otherwise (another change,
        an append in a loop or a branch, a call the module cannot show, another module that changes it)."""
        display = held.node
        if not isinstance(display, ast.List) or display.elts or held.flow not in (None, self):
            return None
        bound = self.ctx.parents.get(display)
        if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)
                and isinstance(self.ctx.parents.get(bound), ast.Module)) or self.ctx.enclosing_function(read) is None:
            return None
        name = bound.targets[0].id
        if any(self.ctx.method_calls_on(m, name) for m in LIST_CHANGES if m != "append") or self.ctx.subscript_stores(name) \
                or any(isinstance(n.target, ast.Name) and n.target.id == name for n in self.ctx.nodes(ast.AugAssign)) \
                or self.doc_path_imported() and self._list_changed_elsewhere(self, name):
            return None

        def build() -> ast.List | None:
            items: list[ast.expr] = []
            for call in self.ctx.method_calls_on("append", name):
                statement, func = self.ctx.parents.get(call), self.ctx.enclosing_function(call)
                if len(call.args) != 1 or call.keywords or not isinstance(statement, ast.Expr) \
                        or not isinstance(self.ctx.parents.get(statement), (ast.Module, ast.FunctionDef)):
                    return None  # (in a loop, a branch, a `try`: how many times it runs is the run's)
                if func is None:
                    items.append(call.args[0])
                    continue
                if not isinstance(func, ast.FunctionDef) or self._method_class(func) is not None:
                    return None
                factory = self.ctx.enclosing_function(func)
                sites = list(itertools.islice(self.call_sites(func), MAX_REGISTRATIONS + 1))
                if not sites or len(sites) > MAX_REGISTRATIONS:
                    return None
                for site, bound_self, when in sites:
                    if bound_self or isinstance(site, _CalledBack) or when:
                        return None
                    outer: Flow = self
                    if factory is not None and isinstance(site.func, ast.Call) \
                            and any(self._is(factory, x) for x in self.values(site.func.func)):
                        outer = self._registering(self, factory, site.func)  # `register("x")`: the factory for that call
                    items.append(self.stand_in(call.args[0], self._registering(outer, func, site).values(call.args[0])))
            return ast.copy_location(ast.List(elts=items, ctx=ast.Load()), display) if items else None

        made = self.ctx.once(f"appended {name}", display, build)
        return (made, self) if made is not None else None

    def _kept_whole(self, held: Value, read: ast.expr) -> bool:
        """A list display bound to a name of this module (`CALLBACKS = [log_device, ...]`) that nothing may change
        before `read`: each other read of the name only reads it (the items of a `for` or a comprehension, `x in
        L`, `L[i]`, `*L`, `len(L)` and the like) or comes after the statement of `read` in its scope (after the
        outermost loop there that repeats it); and no other module of the project imports this one."""
        display = held.node
        bound = self.ctx.parents.get(display) if display is not None and held.flow in (None, self) else None
        if isinstance(bound, ast.Dict) and display in bound.values:
            return self._nested_list_kept(bound)
        if not isinstance(bound, ast.Assign) or len(bound.targets) != 1 or not isinstance(bound.targets[0], ast.Name):
            return False
        if self.ctx.project is not None and self.doc_path_imported():
            return False
        statement = self._outermost_loop(self.ctx.statement_of(read))
        scope = self.ctx.scope_of(statement)
        for load in self.ctx.loads_named(bound.targets[0].id):
            if load is read or self.ctx.within(load, bound):
                continue
            defs = self.reaching(load)
            if defs is not None and not any(d.node is display for d in defs):
                continue  # another variable of that name
            if _reads_only(load, self.ctx.parents.get, self._builtin) or self.ctx.scope_of(load) is scope \
                    and load.lineno > (statement.end_lineno or statement.lineno):
                continue
            return False
        return True

    def _nested_list_kept(self, display: ast.Dict) -> bool:
        """A list display that is an entry of a dict display (at any depth) bound at this module's top level
        (`EXPERIMENT = {"serving": {"forward_methods": [...]}}`), in a module no other module imports, that changes
        no list anywhere: no list method that changes one is read (`.append`, `.sort`, ...), no item of an item is
        stored (`cfg["serving"]["forward_methods"][0] = ...`), no `+=` on an item or an attribute."""
        node: ast.AST | None = display
        while isinstance(node, ast.Dict):
            parent = self.ctx.parents.get(node)
            if isinstance(parent, ast.Dict) and node not in parent.values:
                return False
            node = parent
        if not (isinstance(node, ast.Assign) and isinstance(self.ctx.parents.get(node), ast.Module)) \
                or self.ctx.project is not None and self.doc_path_imported():
            return False

        def changes_a_list() -> bool:
            return any(self.ctx.attribute_loads(m) for m in LIST_CHANGES) or any(
                isinstance(n.ctx, ast.Store) and isinstance(n.value, (ast.Subscript, ast.Attribute))
                for n in self.ctx.nodes(ast.Subscript)) or any(
                isinstance(n.target, (ast.Subscript, ast.Attribute)) for n in self.ctx.nodes(ast.AugAssign))
        return not self.ctx.once("changes a list", self.ctx.module, changes_a_list)

    def _outermost_loop(self, statement: ast.stmt) -> ast.stmt:
        """The outermost loop of its scope that holds `statement` (a later turn runs it after what follows it
        on an earlier one), or the statement itself."""
        scope = self.ctx.scope_of(statement)
        around = self.ctx.parents.get(statement)
        while around is not None and around is not scope:
            if isinstance(around, (ast.For, ast.AsyncFor, ast.While)):
                statement = around
            around = self.ctx.parents.get(around)
        return statement

    def _builtin(self, name: str) -> bool:
        """`name` is the builtin: the module binds no such name."""
        return not self.scope(self.ctx.module).final.get(name)

    def doc_path_imported(self) -> bool:
        """Another module of the project imports this one (once per check)."""
        project, path = self.ctx.project, self.ctx.doc.path
        if project is None or not path:
            return False
        return self.ctx.once("imported by others", self.ctx.module, lambda: project.imported_by_others(path), meanwhile=False)

    def known_display(self, expr: ast.expr) -> tuple[ast.Tuple | ast.List, Flow] | None:
        """`_known_display`, for a reader outside the walk."""
        return self._known_display(expr)

    def loop_items(self, name: ast.Name, within: bool = False) -> tuple[tuple[Value, ...], ...] | None:
        """What a `for` loop's variable holds on each turn, in order, one tuple of values per element:
        the loop runs over a tuple or list display written there, or a tuple display held on every path by
        what it names (`for name in cfg.methods`); None when the name is not that loop's variable alone, or
        the container is not known whole (a list, which may be filled elsewhere; a starred element; a call).
        `within`: only for `name` read in the loop's body."""
        defs = self.reaching(name)
        if not defs or len(defs) != 1 or not isinstance(defs[0].target, ast.Name):
            return None
        loop = self._loop_of(defs[0].target, name if within else None)
        known = self._loop_display(loop, most=None) if loop is not None else None
        if known is None:
            return None
        display, flow = known
        return tuple(flow.values(e) for e in display.elts)

    def _items(self, container: Value, dicts: bool) -> tuple[Value, ...]:
        """The items a list, tuple or set display holds, or (with `dicts`) the values of a dict's entries."""
        flow = container.flow or self
        if container.kind == "dict" and dicts:
            entries, _ = flow.entries(container)
            return tuple(x for entry in (entries or {}).values() for x in entry.values())
        if isinstance(container.node, (ast.List, ast.Tuple, ast.Set)):
            return tuple(x for e in container.node.elts if not isinstance(e, ast.Starred) for x in flow.values(e))
        return ()

    def _may_call_through(self, call: ast.Call) -> bool:
        """The call's callee is an entry, a name bound otherwise than by a plain `def` or an import (a
        parameter, an assignment, a loop's variable, a decorated def), or `self.x` that names no method."""
        callee = call.func
        if isinstance(callee, ast.Subscript):
            return True
        if isinstance(callee, ast.Call) and isinstance(callee.func, ast.Name) and callee.func.id == "getattr":
            return True  # `getattr(self, f"_{mode}")(op)`
        if isinstance(callee, ast.Name):
            others = self.ctx.names_bound_otherwise
            if others is not None and callee.id not in others:
                return False  # only imports and plain defs bind it (or nothing): its scope is not walked
            return any(d.how != "import" and (d.how != "def" or getattr(d.node, "decorator_list", None))
                       for d in self.reaching(callee) or ())
        if isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
            method = self.ctx.enclosing_function(call)
            cls = self._method_class(method) if method is not None else None
            return method is not None and cls is not None and bool(method.args.args) \
                and method.args.args[0].arg == callee.value.id and callee.attr not in self.ctx.once(
                    "methods defined", cls, lambda: frozenset(s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))))
        return False

    def _dispatched(self, cls: ast.ClassDef, name: str, built_here: bool = True,
                    exactly: bool = False) -> Iterator[ast.Call]:
        """`fabric.call("name", **kw)`, for a method a pack says calls `name` on objects the receiver holds
        (`Fabric(callbacks=[...])`): each such call that reaches an instance of `cls` (built by this flow,
        unless `built_here` is False: a class of another module), seen as `obj.name(**kw)`. With `exactly`,
        an instance of `cls` itself (whose method the caller knows it runs: one it inherits)."""
        for method in self.ctx.tips.dispatchers:
            for call, receiver in self.ctx.spelled_method_calls(method):
                if not (call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value == name):
                    continue
                held = (x for r in self.values(receiver) for x in self.ctx.tips.dispatched_to(self, method, r))
                if any(x.kind == "instance" and (x.flow is self or not built_here)
                       and (x.extra[0] is cls if exactly else self._runs_method_of(x, cls, name)) for x in held):
                    yield _Dispatched(call)

    def _decorated_functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
        """The decorated defs, classes too (`@register("fsdp") class ShardOnly`: a registry's application)."""
        defs: list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef] = [
            *self.ctx.nodes(ast.FunctionDef), *self.ctx.nodes(ast.AsyncFunctionDef), *self.ctx.nodes(ast.ClassDef)]
        return [f for f in defs if f.decorator_list]

    def _forwarded(self, call: ast.Call) -> list[tuple[ast.Call, tuple[str, ...]]] | None:
        """`fn(*args, **kwargs)` in a wrapper whose own `*args` and `**kwargs` these are: the call as each
        call of the wrapper makes it (what that call gives past the wrapper's named parameters, in their
        place). None for any other starred argument, or when a call of the wrapper cannot be read."""
        wrapper = self.ctx.enclosing_function(call)
        if wrapper is None or self.forwarding >= MAX_FORWARDING or isinstance(call, (_Bound, _CalledBack, _Replaced)):
            return None
        args = wrapper.args
        star = args.vararg.arg if args.vararg else None
        double = args.kwarg.arg if args.kwarg else None
        if not all(not isinstance(a, ast.Starred) or isinstance(a.value, ast.Name) and a.value.id == star
                   for a in call.args) or not all(k.arg is not None or isinstance(k.value, ast.Name)
                                                  and k.value.id == double for k in call.keywords):
            return None
        named = [*args.posonlyargs, *args.args]
        taken = {a.arg for a in (*named, *args.kwonlyargs)}
        sites = list(self.call_sites(wrapper))
        out: list[tuple[ast.Call, tuple[str, ...]]] = []
        for site, bound_self, when in sites:
            if any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords):
                return None
            rest = site.args[len(named) - (1 if bound_self else 0):]  # what the wrapper's `*args` takes
            extra = [k for k in site.keywords if k.arg not in taken]
            positional = [x for a in call.args for x in (rest if isinstance(a, ast.Starred) else [a])]
            keywords = [x for k in call.keywords for x in (extra if k.arg is None else [k])]
            cond = (*when, f"{CALLED_AT}{site.lineno}") if len(sites) > 1 else when
            out.append((_Forwarded(call, positional, keywords), cond))
        return out or None


def _may_be_named(names: tuple[Value, ...], name: str) -> bool:
    """A name given to a dispatch (or to `getattr`) may be `name`: a value that is not a str the file knows,
    or an f-string whose fixed parts fit it."""
    for x in names:
        text = getattr(x.node, "value", None)
        if x.kind == "str" and isinstance(text, str):
            if text == name:
                return True
        elif isinstance(x.node, ast.JoinedStr):
            parts = [re.escape(str(v.value)) if isinstance(v, ast.Constant) else ".*" for v in x.node.values]
            if re.fullmatch("".join(parts), name, re.DOTALL):
                return True
        else:
            return True
    return not names


class _InnerFlow(Flow):
    """An evaluator of a part of `outer`'s code read apart (a function for one call, a dict comprehension's
    value for one entry): the nodes inside the part are its own, every other node `outer`'s."""

    def __init__(self, outer: Flow):
        super().__init__(outer.ctx, outer.origin, with_callers=outer.with_callers)
        self.outer = outer
        self._inside: dict[int, bool] = {}

    @property
    def base(self) -> Flow:
        return self.outer.base

    def _holds(self, node: ast.AST) -> bool:
        """`node` is inside the part."""
        raise NotImplementedError

    def _is_inside(self, node: ast.AST) -> bool:
        found = self._inside.get(id(node))
        if found is None:
            found = self._inside[id(node)] = self._holds(node)
        return found

    def values(self, node: ast.AST) -> tuple[Value, ...]:
        pinned = self._memo.get(id(node))
        if pinned is not None and pinned[0] is node and node not in self.ctx.parents:
            return pinned[1]  # a stand-in pinned here (`Context.stand_in` of a view read for one call)
        return super().values(node) if self._is_inside(node) else self.outer.values(node)


def _yields_in(stmt: ast.stmt) -> bool:
    """A `yield` of the function `stmt` is written in (not of a def or lambda inside it)."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) or node is stmt:
            todo.extend(ast.iter_child_nodes(node))
    return False


def _plain_statement(stmt: ast.stmt) -> bool:
    """A statement that runs through to the next: an assignment, an expression, an import, `pass`."""
    return isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Import, ast.ImportFrom, ast.Pass)) \
        and not _yields_in(stmt)


def _continue_guard(stmt: ast.stmt) -> bool:
    """`if <test>: continue`, nothing else."""
    return isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Continue) \
        and not _yields_in(stmt)


@dataclass(frozen=True)
class _AttributeReading:
    """How instances of a class read attributes from their construction's mapping (`Flow._attribute_reading`)."""

    shape: str  # attrdicts.PLAIN or attrdicts.WRAPS: a nested dict read wrapped in `wrap` again
    is_dict: bool  # a dict subclass: read by key too, spread by `**`
    spread: bool  # the wrap takes the nested dict as `**entries`
    wrap: ast.ClassDef  # the class that wraps a nested dict


class _SiteFlow(_InnerFlow):
    """The evaluator inside one function for one of its calls: its parameters hold what that call
    passes and the tests on them are decided by that call alone. Every other node is the outer
    evaluator's."""

    def __init__(self, outer: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call,
                 caller: Flow | None = None):
        super().__init__(outer)
        self.func, self.call = func, call
        self.caller = caller or outer  # the module that writes the call evaluates its arguments
        # `Strategy.from_config(cfg)`: a classmethod's call passes its parameters after `cls`
        self.bound = isinstance(outer.ctx.parents.get(func), ast.ClassDef) and _is_classmethod(func)
        self.site_depth = self.caller.site_depth + 1
        self._foreign_keywords: tuple[Value, ...] | None = None  # `**kwargs` of another module's call, once read

    def _holds(self, node: ast.AST) -> bool:
        written = node.func if isinstance(node, _Decorated) else node  # a decorator's call: where it is written
        return node is not self.func and self.ctx.within(written, self.func)

    def scope(self, node: ast.AST) -> Scope:
        if node is not self.func:
            return self.outer.scope(node)
        found = self._scopes.get(id(node))
        if found is not None:
            return found
        found = self._scopes[id(node)] = Scope(node)

        def decide(test: ast.expr, env: dict[str, tuple[Def, ...]]) -> tuple[bool | None, Any] | None:
            read = self._version_read(test, env) or _names_read(test, env, False)
            return (self._decided_test(node, test, read), read) if read else None

        walker = Walker(found, self.text, self._module_flag, decide)
        found.walking = True
        try:
            _walk_function(node, found, walker)  # (a lambda: a fold's function, `Flow._folded_by_calls`)
        finally:
            found.walking = False
        found.decisions = tuple(walker.decisions)
        return found

    def _per_call(self, func: ast.AST, call: ast.Call) -> bool:
        """Besides a call its own tests depend on, a helper of the module that this function passes one of its
        parameters (`model, optimizer = _build(fabric, lr)`): its parameter holds what this call gives,
        not what all the helper's callers give together. Bounded as any call: two levels, a few calls."""
        if super()._per_call(func, call):
            return True
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or self.site_depth >= MAX_SITE_DEPTH \
                or isinstance(call, _CalledBack) or not isinstance(call.func, ast.Name) \
                or isinstance(self.ctx.parents.get(func), ast.ClassDef) or not self._is_inside(call) \
                or self.ctx.within(call, func):
            return False
        own = {id(a) for a in all_args(self.func.args)}
        passed = [a.value if isinstance(a, ast.Starred) else a for a in (*call.args, *(kw.value for kw in call.keywords))]
        return any(d.how == "param" and id(d.node) in own for a in passed if isinstance(a, ast.Name)
                   for d in self.reaching(a) or ())

    def _call_held_here(self) -> ast.Call:
        """The call another module writes, its keywords' values stand-ins here holding what they hold there
        (where they are written: a finding on one is placed at the keyword in that module)."""
        keywords: list[ast.keyword] = []
        for k in self.call.keywords:
            held = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), k.value)
            held.end_lineno, held.end_col_offset = k.value.end_lineno, k.value.end_col_offset
            self._memo[id(held)] = (held, self.caller.values(k.value))  # pinned here: it lives as long as this call's reading
            keywords.append(ast.copy_location(ast.keyword(arg=k.arg, value=held), k))
        return ast.copy_location(ast.Call(func=self.call.func, args=self.call.args, keywords=keywords), self.call)

    def parameters_passed(self, func: ast.AST, params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        if func is not self.func:
            return self.outer.parameters_passed(func, params)
        if self.bound and self.func.args.args and any(arg is self.func.args.args[0] for arg in params.values()):
            return None  # a test on `cls` itself: not this call's to decide
        return {name: self.passed(self.func, arg, self.call, self.bound, ()) for name, arg in params.items()}

    def parameter(self, arg: ast.arg) -> tuple[Value, ...]:
        if self.ctx.scope_of(arg) is not self.func:
            return self.outer.parameter(arg)
        if self.bound and self.func.args.args and arg is self.func.args.args[0]:
            return super().parameter(arg)  # `cls`: the class
        if arg is self.func.args.kwarg:
            if self.caller is not self.outer:  # its keywords are another module's expressions: held as read there
                if self._foreign_keywords is None:
                    self._foreign_keywords = self._extra_keywords(self.func, [(self._call_held_here(), self.bound, ())])
                return self._foreign_keywords
            return self._extra_keywords(self.func, [(self.call, self.bound, ())])
        return self.passed(self.func, arg, self.call, self.bound, ())

    def passed(self, func: ast.AST, arg: ast.arg, call: ast.Call, bound_self: bool,
               cond: tuple[str, ...], home: Flow | None = None, own: tuple[str, ...] = ()) -> tuple[Value, ...]:
        given = argument_for(func, arg, call, bound_self) if call is self.call and self.caller is not self.outer else None
        if call is self.call and self.caller is not self.outer and isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and arg is func.args.vararg:  # positional arguments the calling module writes, evaluated there
            return self.caller.varargs(func, call, bound_self, (*cond, *own)) or (Value("unknown", arg, flow=self),)
        if isinstance(given, ast.AST):  # an argument the calling module writes, evaluated there
            return tuple(x.under(cond if self.caller._written_in(x, call) else (*cond, *own)).named(arg.arg)
                         for x in self.caller.values(given))
        if given is None and call is self.call and self.caller is not self.outer:  # `**` a dict written there
            return self._unpacked(func, arg, call, bound_self, (*cond, *own), self.caller) \
                or (Value("unknown", arg, flow=self),)
        return super().passed(func, arg, call, bound_self, cond, home, own)


class _MethodFlow(_SiteFlow):
    """The evaluator inside a method for one call on one receiver: its `self` holds that receiver (an object a
    pack's tip gave a kind of its own, the `self` a `super().m(...)` call passes on), or each of several
    (an instance of each class a pick the run decides may build, each under `self is a X`), its other
    parameters what the call passes."""

    def __init__(self, outer: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, receiver: Receiver,
                 caller: Flow | None = None):
        super().__init__(outer, func, call, caller)
        self.bound = True  # the call passes the parameters after `self`
        self.receivers = receiver if isinstance(receiver, tuple) else (receiver,)
        self.receiver = self.receivers[0]

    def parameter(self, arg: ast.arg) -> tuple[Value, ...]:
        if self.ctx.scope_of(arg) is self.func and arg is [*self.func.args.posonlyargs, *self.func.args.args][0]:
            return self.receivers
        return super().parameter(arg)

    def parameters_passed(self, func: ast.AST, params: dict[str, ast.arg]) -> dict[str, tuple[Value, ...]] | None:
        """A test on `cls` of a classmethod run on a class of the module (`if cls.wrapper is not None:` for
        `Remat.strategy_kwargs()`) is that class's to decide: its attributes are its body's or its bases'. A
        test on `self` of a plain method run on an instance the module builds (`if self.remat:` for
        `good.strategy()`) is that instance's: what its construction leaves in it."""
        first = [*self.func.args.posonlyargs, *self.func.args.args][:1]
        receiver = self.receiver
        if func is not self.func or not first or not any(arg is first[0] for arg in params.values()) \
                or len(self.receivers) > 1:  # (several: each decides its tests under its own condition)
            return super().parameters_passed(func, params)
        here = (receiver.flow or self).base is self.base
        if receiver.kind == "class" and isinstance(receiver.node, ast.ClassDef):
            told = here and not self._class_attributes_set(first[0].arg)
        elif receiver.kind == "instance" and receiver.extra and isinstance(receiver.extra[0], ast.ClassDef) \
                and self._own_instance(self.func) is first[0]:
            # a hook the construction runs (a dataclass base's `__post_init__` of another module) sees the fields
            # as the construction set them; a method run later, what may have been stored since
            told = self.func.name in _POST_INIT_HOOKS if not here else not self._stored_from_outside(self.func, first[0].arg)
        else:
            told = False
        if not told:
            return super().parameters_passed(func, params)
        others = {name: arg for name, arg in params.items() if arg is not first[0]}
        passed = super().parameters_passed(func, others) if others else {}
        if passed is None:
            return None
        return {**passed, **{name: (self.receiver,) for name, arg in params.items() if arg is first[0]}}

    def _class_attributes_set(self, cls_name: str) -> bool:
        """An attribute the method reads off `cls` is stored from outside a class body somewhere in the module
        (`Remat.wrapper = fn`, `setattr(...)`): the class body no longer tells it."""
        def work() -> bool:
            read = {n.attr for n in ast.walk(self.func) if isinstance(n, ast.Attribute)
                    and isinstance(n.value, ast.Name) and n.value.id == cls_name}
            return any(isinstance(n.ctx, ast.Store) and n.attr in read for n in self.ctx.nodes(ast.Attribute)) \
                or any(isinstance(c.func, ast.Name) and c.func.id == "setattr" for c in self.ctx.nodes(ast.Call))
        return self.ctx.once("class attributes set", self.func, work)


class _BoundFlow(_InnerFlow):
    """An evaluator of one part of a function with some of its names bound to given values (a loop turn's
    variable, a comprehension's entry): those names hold them there, and everything else is the outer
    evaluator's (its walks, its parameters)."""

    def __init__(self, outer: Flow, bound: dict[str, tuple[Value, ...]]):
        super().__init__(outer)
        self.bound = bound
        self.site_depth = outer.site_depth

    def scope(self, node: ast.AST) -> Scope:
        return self.outer.scope(node)

    def parameter(self, arg: ast.arg) -> tuple[Value, ...]:
        return self.outer.parameter(arg)

    def _name(self, node: ast.Name) -> tuple[Value, ...]:
        bound = self.bound.get(node.id)
        return bound if bound is not None else super()._name(node)

    def _decided(self, test: ast.expr) -> bool | None:
        """A test on the bound names is decided by what they hold here (`set(v) if k in SET_KEYS and
        isinstance(v, list) else v` for one entry of a comprehension), `and`/`or`/`not` of such tests too."""
        found = super()._decided(test)
        if found is not None or not any(isinstance(n, ast.Name) and n.id in self.bound for n in walk(test)):
            return found
        if isinstance(test, ast.BoolOp):
            parts = [self._decided(v) for v in test.values]
            short = isinstance(test.op, ast.Or)  # the value that decides an `or` (True) or an `and` (False)
            return short if short in parts else (not short) if all(p is (not short) for p in parts) else None
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self._decided(test.operand)
            return None if inner is None else not inner
        if isinstance(test, ast.Compare):  # `k in SET_KEYS`: the names as they hold here, as `_key_kept` reads them
            return self._truth(test, {n.id: self.values(n) for n in walk(test) if isinstance(n, ast.Name)})
        return None


class _TurnFlow(_BoundFlow):
    """The evaluator of a `for` loop's body for one turn: the loop's variable holds that turn's element alone (a
    name the body binds from it, `value = getattr(args, name)`, is read for that turn too). Every node outside the
    body is the outer evaluator's."""

    def __init__(self, outer: Flow, loop: ast.For | ast.AsyncFor, bound: dict[str, tuple[Value, ...]]):
        super().__init__(outer, bound)
        self.loop = loop

    def _holds(self, node: ast.AST) -> bool:
        return any(self.ctx.within(node, stmt) for stmt in self.loop.body)


class _EntryFlow(_BoundFlow):
    """The evaluator of a dict comprehension's value for one entry of the dict it runs over: the loop's names
    hold that entry's key and value, and a function of the module called there is evaluated for that call
    (`_namespace(v)` builds the namespace of that entry). Every node outside the value is the outer evaluator's."""

    def __init__(self, outer: Flow, comp: ast.DictComp, bound: dict[str, tuple[Value, ...]]):
        super().__init__(outer, bound)
        self.comp = comp

    def _holds(self, node: ast.AST) -> bool:
        return self.ctx.within(node, self.comp.value) or self.ctx.within(node, self.comp.key)

    def returns_for(self, func: ast.AST, call: ast.Call) -> tuple[Value, ...]:
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or self.site_depth >= MAX_SITE_DEPTH \
                or isinstance(call, _CalledBack) or isinstance(self.ctx.parents.get(func), ast.ClassDef) \
                or not self._is_inside(call):
            return self.outer.returns_for(func, call)
        return self.site(self.base, func, call).returns_of(func)


# The methods a construction runs once the fields are set (`Flow._post_init_hook`).
# Calls that may bind any variable by its name (`globals()["x"] = ...`, `exec(code)`), and, with `eval`, read one
NAMESPACE_CALLS = frozenset(("globals", "locals", "vars", "exec"))
_NAMESPACE_READERS = NAMESPACE_CALLS | {"eval"}
_POST_INIT_HOOKS = frozenset({"__post_init__", "__attrs_post_init__", "model_post_init"})

# Decorators whose function Python calls with the instance as `self`.
_INSTANCE_GETTERS = frozenset({"property", "cached_property", "functools.cached_property"})

# The builtin types an `isinstance` test of `__post_init__` is decided for, with the kind of their values.
_BUILTIN_TYPES = {"list": "list", "tuple": "tuple", "set": "set", "frozenset": "frozenset", "dict": "dict", "str": "str"}


class _BuildFlow(_SiteFlow):
    """The evaluator inside the method that fills in the instance one construction builds (a dataclass's
    `__post_init__`, a plain class's `__init__`; or a method either calls on `self`): `self` is that
    instance, whose attributes hold, at each statement, what the construction gave them and the stores
    before it; `__init__`'s parameters hold the construction's arguments, and the tests on them are decided
    by that construction alone."""

    def __init__(self, outer: Flow, func: ast.FunctionDef, call: ast.Call, cls: ast.ClassDef, init: bool = False):
        super().__init__(outer, func, call)
        self.cls, self.init = cls, init
        self.owner = func.args.args[0]
        self.instance = Value("instance", None, label=self.owner.arg, extra=(cls, call), flow=self)
        self._held: dict[str, tuple[Value, ...]] = {}  # the attribute being followed: what it holds at this statement

    def attribute(self, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...]:
        if value is self.instance and attr in self._held:
            return self._held[attr]
        if value is self.instance and self.ctx.parents.get(node) is not None and self.ctx.within(node, self.func) \
                and _fills(self.func, self.owner.arg, attr, self.cls):
            return self._walk_to(self.func.body, attr, self._initial(value, attr, node), f"{self.cls.name}.{attr}", node)
        return super().attribute(value, attr, node)

    def _initial(self, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...]:
        """What the attribute holds as the method starts: the construction's field (see `after_post_init`), or
        for `__init__` the class attribute, if any."""
        return self.class_attribute(self.cls, attr, set()) if self.init else super().attribute(value, attr, node)

    def parameter(self, arg: ast.arg) -> tuple[Value, ...]:
        if self.ctx.scope_of(arg) is self.func:
            if self.init and arg is self.func.args.kwarg and self.caller is self.outer:
                return self._extra_keywords(self.func, [(self.call, True, ())])  # `__init__(self, **values)`
            return self.passed(self.func, arg, self.call, False, ())
        return super().parameter(arg)

    def passed(self, func: ast.AST, arg: ast.arg, call: ast.Call, bound_self: bool,
               cond: tuple[str, ...], home: Flow | None = None, own: tuple[str, ...] = ()) -> tuple[Value, ...]:
        if func is self.func and call is self.call:
            if arg is self.owner:
                return (self.instance.under((*cond, *own)),)
            if self.init and arg not in (self.func.args.vararg, self.func.args.kwarg):
                return Flow.passed(self, func, arg, call, True, cond, own=own)  # the construction's argument
            return (Value("unknown", arg, flow=self),)  # an `InitVar`, a method's own parameter
        return super().passed(func, arg, call, bound_self, cond, home, own)

    def after_post_init(self, cls: ast.ClassDef, call: ast.Call, attr: str, given: tuple[Value, ...]) -> tuple[Value, ...]:
        if cls is self.cls and call is self.call:
            return given  # read by the method that fills it: what the construction gave (or a store before the read)
        return super().after_post_init(cls, call, attr, given)

    def after_init(self, cls: ast.ClassDef, call: ast.Call, init: ast.FunctionDef, attr: str) -> tuple[Value, ...] | None:
        if cls is self.cls and call is self.call:
            return None  # read while it is being built: see `attribute`
        return super().after_init(cls, call, init, attr)

    def stored(self, attr: str, given: tuple[Value, ...]) -> tuple[Value, ...]:
        label = f"{self.cls.name}.{attr}"
        after, returned = self._walk_stores(self.func.body, attr, given, label, ())
        return bounded((*(after or ()), *returned))

    def _walk_to(self, body: list[ast.stmt], attr: str, current: tuple[Value, ...], label: str,
                 node: ast.AST) -> tuple[Value, ...]:
        """What `self.attr` holds where `node` reads it: the statements before it run from `current`, into the
        branch the read sits in."""
        for stmt in body:
            if self.ctx.within(node, stmt):
                if isinstance(stmt, ast.If) and not self.ctx.within(node, stmt.test):
                    inside = stmt.body if any(self.ctx.within(node, s) for s in stmt.body) else stmt.orelse
                    return self._walk_to(inside, attr, current, label, node)
                if isinstance(stmt, (ast.With, ast.AsyncWith)) and any(self.ctx.within(node, s) for s in stmt.body):
                    return self._walk_to(stmt.body, attr, current, label, node)
                return current
            after, _ = self._walk_stores([stmt], attr, current, label, ())
            if after is None:
                return current  # a read after every path returned: it does not run
            current = after
        return current

    def _walk_stores(self, body: list[ast.stmt], attr: str, current: tuple[Value, ...], label: str,
                     when: tuple[str, ...]) -> tuple[tuple[Value, ...] | None, tuple[Value, ...]]:
        """The field's values after `body` runs from `current` (None when it never falls through), and the
        values it holds where the method returns; `body` runs under the tests `when` it left open."""
        returned: list[Value] = []
        owner = self.owner.arg
        for stmt in body:
            value = _stores_field(stmt, owner, attr)
            if value is not None:
                current = tuple(x.named(label).under(when) for x in self._holding(attr, current, self.values, value))
            elif isinstance(stmt, ast.Return):
                return None, (*returned, *current)
            elif isinstance(stmt, ast.Raise):
                return None, tuple(returned)  # no instance is built on this path
            elif isinstance(stmt, ast.If):
                if not _fills(stmt, owner, attr, self.cls) and not any(isinstance(s, (ast.Return, ast.Raise))
                                                                       for s in _statements(stmt)):
                    continue
                decided = self._holding(attr, current, self._post_init_test, stmt.test)
                test, negated = self.text(stmt.test), negation(stmt.test, self.text)
                branches = [(stmt.body, ())] if decided is True else [(stmt.orelse, ())] if decided is False \
                    else [(stmt.body, (test,)), (stmt.orelse, (negated,))]
                merged: list[Value] = []
                falls = False
                for branch, test_when in branches:
                    after, ended = self._walk_stores(branch, attr, tuple(x.under(test_when) for x in current), label,
                                                     (*when, *test_when))
                    returned.extend(ended)
                    if after is not None:
                        falls = True
                        merged.extend(after)
                if not falls:
                    return None, tuple(returned)
                current = tuple(merged) if decided is not None or any(x not in current for x in merged) else current
            elif isinstance(stmt, (ast.With, ast.AsyncWith)):
                after, ended = self._walk_stores(stmt.body, attr, current, label, when)
                returned.extend(ended)
                if after is None:
                    return None, tuple(returned)
                current = after
            elif isinstance(stmt, ast.Try) and _fills(stmt, owner, attr, self.cls):
                # the body runs (then `else`); a handler runs instead when it raises, from what the field held
                after, ended = self._walk_stores([*stmt.body, *stmt.orelse], attr, current, label, when)
                returned.extend(ended)
                raised = (f"the `try` at line {stmt.lineno} raises",)
                merged_try = list(after or ())
                for handler in stmt.handlers:
                    caught, ended = self._walk_stores(handler.body, attr, tuple(x.under(raised) for x in current),
                                                      label, (*when, *raised))
                    returned.extend(ended)
                    merged_try.extend(caught or ())
                if not merged_try:
                    return None, tuple(returned)
                current = tuple(merged_try)
                if stmt.finalbody:
                    after, ended = self._walk_stores(stmt.finalbody, attr, current, label, when)
                    returned.extend(ended)
                    if after is None:
                        return None, tuple(returned)
                    current = after
            elif any(_stores_field(s, owner, attr) is not None for s in _statements(stmt)):
                # a loop, a `match` that may store it: each value it may store, beside what it held
                where = f"the `{type(stmt).__name__.lower()}` at line {stmt.lineno} of `{self.func.name}` sets it"
                current = (*current, *(x.named(label).under((*when, where)) for s in _statements(stmt)
                                       for v in [_stores_field(s, owner, attr)] if v is not None for x in self.values(v)))
            else:
                method = _own_method_called(stmt, owner, self.cls)
                if isinstance(method, ast.FunctionDef) and method.args.args and attr in _self_stores(method):
                    current = self._called(method, attr, current, label, when, stmt)
        return current, tuple(returned)

    def _called(self, method: ast.FunctionDef, attr: str, current: tuple[Value, ...], label: str,
                when: tuple[str, ...], stmt: ast.stmt) -> tuple[Value, ...]:
        """`self.fill()` storing `self.attr`: what it stores on every path replaces it; what it may store
        stands beside it."""
        site = self.build_flow(method, self.call, self.cls, False)
        last = _last_plain_store(method, attr, _method_names(self.cls))
        if last is not None:
            return tuple(x.named(label).under(when) for x in site.values(last))
        where = f"`{self.text(stmt)}` sets it"
        return (*current, *(x.named(label).under((*when, where)) for v in _self_stores(method)[attr] for x in site.values(v)))

    def _holding(self, attr: str, current: tuple[Value, ...], ask: Callable[[ast.expr], Any], node: ast.expr) -> Any:
        """`ask(node)` where `self.attr` holds `current` (what the statements before gave it)."""
        # re-entered for the same attribute when the stored value is read through it again (a parameter
        # rebound before `self.attr = param`): restore what the outer read held
        outer = self._held.get(attr)
        self._held[attr] = current
        try:
            return ask(node)
        finally:
            if outer is None:
                self._held.pop(attr, None)
            else:
                self._held[attr] = outer

    def _truth(self, test: ast.expr, given: dict[str, tuple[Value, ...]]) -> bool | None:
        """`isinstance(self.policy, (list, tuple))` too, for values whose builtin type the layer knows."""
        tested = self._builtin_isinstance(test)
        if tested is not None:
            subject, kinds = tested
            if kinds is None:
                return None
            held = self._parameter_values(subject, given)
            if not held or any(x.kind not in _BUILTIN_TYPES.values() and x.kind != "none" for x in held):
                return None
            found = {x.kind in kinds for x in held}
            return found.pop() if len(found) == 1 else None
        return super()._truth(test, given)

    def _operand(self, node: ast.expr, given: dict[str, tuple[Value, ...]]) -> list[tuple[str, Any]] | None:
        """`len(self.layers)` too, for displays the construction gives (`len(self.layers) > 0`)."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" \
                and self.reaching(node.func) is None and len(node.args) == 1 and not node.keywords:
            held = self._parameter_values(node.args[0], given)
            sizes = [_size(x) for x in held or ()]
            if not sizes or any(n is None for n in sizes):
                return None
            return [("const", n) for n in dict.fromkeys(sizes)]
        return super()._operand(node, given)

    def _post_init_test(self, test: ast.expr) -> bool | None:
        """A test of `__post_init__` as this construction decides it: `self.x` is the field this instance
        holds, any other name what it holds there."""
        given: dict[str, tuple[Value, ...]] = {}
        for node in ast.walk(test):
            if isinstance(node, ast.Name) and node.id not in given:
                given[node.id] = (self.instance,) if node.id == self.owner.arg else self.values(node)
            elif isinstance(node, (ast.Lambda, ast.NamedExpr, ast.comprehension, ast.Await)):
                return None
        return self._truth(test, given)


@dataclass(frozen=True)
class _Instance:
    """A dict display held by an attribute of the instance `call` builds (`MaxMetric()`), read in `flow`."""

    cls: ast.ClassDef
    call: ast.Call
    flow: Flow = field(compare=False, repr=False)


@dataclass(frozen=True)
class _Items:
    """The items of a `map(f, items)` or the tuple `operator.itemgetter(k1, k2, ...)(obj)` returns: what each
    holds, in order."""

    items: tuple[tuple[Value, ...], ...] = field(compare=False)


def _turn(loop: ast.For | ast.AsyncFor, i: int, variable: str, element: str | None, every: ast.AST | None = None) -> str:
    """The condition a value read on turn `i` of `loop` holds under: `when cfg is {...}`, the variable holding
    the element as written, or `when cfg is item 2 of the loop at line 12` when the element is not said (None);
    an `EveryTurn` when each turn runs the read (`every`, the read)."""
    text = f"when {variable} is {element}" if element is not None \
        else f"when {variable} is item {i + 1} of the loop at line {loop.lineno}"
    return EveryTurn(text, loop, every) if every is not None else text


def _every_turn_evaluates(top: ast.AST, use: ast.AST, parent_of: Callable[[ast.AST], ast.AST | None]) -> bool:
    """Evaluating `top` (a statement of a loop's body, or a list, set or dict comprehension of one unfiltered
    loop) evaluates `use` on every turn: nothing between them is evaluated only sometimes (a branch of a
    conditional expression, the right side of `and`/`or`, a lambda, an inner comprehension)."""
    if isinstance(top, ast.GeneratorExp) or isinstance(top, (ast.ListComp, ast.SetComp, ast.DictComp)) \
            and (len(top.generators) != 1 or top.generators[0].ifs or top.generators[0].is_async):
        return False
    child: ast.AST = use
    parent = parent_of(use)
    while parent is not None and parent is not top:
        if isinstance(parent, ast.IfExp) and child is not parent.test or isinstance(parent, ast.BoolOp) \
                and child is not parent.values[0] or isinstance(parent, (ast.Lambda, ast.ListComp, ast.SetComp,
                                                                           ast.DictComp, ast.GeneratorExp)):
            return False
        child, parent = parent, parent_of(parent)
    return parent is top


def _walk_function(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, found: Scope, walker: Walker) -> None:
    """Walk a function's body (a lambda's expression, which it returns) into its scope `found`, from its
    parameters, each bound to itself."""
    env: dict[str, tuple[Def, ...]] = {a.arg: (Def("param", a, (), label=a.arg),) for a in all_args(node.args)}
    found.locals.update(env)
    if isinstance(node, ast.Lambda):
        walker.expr(node.body, env, ())
        found.returns.append((node.body, ()))
        found.final = env
    else:
        found.final = dict(walker.run(node.body, env, ()))


def _root_name(expr: ast.expr) -> str | None:
    """The name a dotted name starts at (`torch.no_grad`: torch); None for anything else (`retry(3)`)."""
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _holds_bound(func: ast.AST, held: Iterable[Value]) -> bool:
    """One of `held` is `func` read bound to an instance (`self.fit`, `trainer.run`), not the plain function."""
    return any(x.kind == "function" and x.node is func and isinstance(x.extra, tuple) and x.extra[:1] == ("method",)
               for x in held)


def _init_calls(classes: list[tuple[Flow, ast.ClassDef | str]], names: set[str]) -> list[tuple[Flow, ast.Call]] | None:
    """The calls `self.<name>(...)` (of `names`) the construction of an instance whose classes are `classes`
    (Python's lookup order) makes: those statements of the `__init__` that runs, then of each base's
    `__init__` its `super().__init__(...)` runs, each with the flow of its module. None when another call of
    those names is written in one of the classes (another method, under a test, before `super().__init__()`),
    or the chain reaches an `__init__` the project does not write."""
    out: list[tuple[Flow, ast.Call]] = []
    running = True  # the chain of `__init__`s still runs on
    for flow, cls in classes[:MAX_SITE_DEPTH * 4]:
        if isinstance(cls, str):
            if running and cls != "?":
                continue  # a library base (`nn.Module`): no call of the project's methods
            return None if running else out
        init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        accepted: set[int] = set()
        if running and init is not None and init.args.args:
            owner, running, before_super = init.args.args[0].arg, False, False
            for stmt in init.body:
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                callee = call.func if call is not None else None
                if isinstance(callee, ast.Attribute) and callee.attr == "__init__" and isinstance(callee.value, ast.Call) \
                        and source_text(callee.value.func) == "super" and not callee.value.args:
                    running = True
                    if before_super:
                        return None  # filled before the base's `__init__` (which may make the dict anew)
                elif isinstance(callee, ast.Attribute) and callee.attr in names and isinstance(callee.value, ast.Name) \
                        and callee.value.id == owner:
                    out.append((flow, call))  # type: ignore[arg-type]  # a call, above
                    accepted.add(id(call))
                    before_super = before_super or not running
        if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in names
               and id(n) not in accepted for n in ast.walk(cls)):
            return None  # another method fills it too (or a test decides whether it does)
    return out


class _Bound(ast.Call):
    """`p(*args, **kw)` where `p = functools.partial(f, *bound, **bound_kw)`, seen as the call
    `f(*bound, *args, **bound_kw, **kw)` (a keyword the call gives replaces the bound one)."""

    def __init__(self, call: ast.Call, partial: ast.Call):
        given = {k.arg for k in call.keywords if k.arg}
        keywords = [k for k in partial.keywords if k.arg not in given] + list(call.keywords)
        super().__init__(func=partial.args[0], args=[*partial.args[1:], *call.args], keywords=keywords)
        self.lineno, self.col_offset = call.lineno, call.col_offset
        self.end_lineno, self.end_col_offset = call.end_lineno, call.end_col_offset


class _Chained(ast.Call):
    """`partial(p, *args, **kw)` where `p = partial(f, *bound, **bound_kw)`, seen as the one partial
    `partial(f, *bound, *args, **bound_kw, **kw)` (a keyword of the outer one replaces the inner one's)."""

    def __init__(self, outer: ast.Call, inner: ast.Call):
        given = {k.arg for k in outer.keywords if k.arg}
        keywords = [k for k in inner.keywords if k.arg not in given] + list(outer.keywords)
        super().__init__(func=outer.func, args=[*inner.args, *outer.args[1:]], keywords=keywords)
        self.lineno, self.col_offset = outer.lineno, outer.col_offset
        self.end_lineno, self.end_col_offset = outer.end_lineno, outer.end_col_offset


class _Option(ast.expr):
    """The entry `dest` of `vars(args)` for a namespace of options: what `args.<dest>` holds, placed at the
    option's `add_argument` (or `set_defaults`) call."""

    def __init__(self, dest: str, where: ast.Call):
        super().__init__()
        self.dest = dest
        ast.copy_location(self, where)


class _KeywordKey(ast.Constant):
    """The key a keyword argument gives the `**kwargs` of the function it is passed to (`limit_all_gathers=True`
    of `strategy_builder(...)`), placed at that keyword, in the module that writes it."""

    def __init__(self, written: ast.keyword):
        super().__init__(value=written.arg)
        self.written = written
        ast.copy_location(self, written)


class _Typed(ast.Call):
    """`type(default)`, the call argparse makes of an option's string default (`add_argument("--ckpt", type=Path,
    default="out")`), placed (and written) at the default."""

    def __init__(self, converter: ast.expr, default: ast.expr):
        super().__init__(func=converter, args=[default], keywords=[])
        self.written = default
        ast.copy_location(self, default)


class _Implied(ast.Constant):
    """The default a flag's action implies (`action="store_false"`: True), placed at its `add_argument` call; the
    None `os.getenv("X")` gives when X is not set, placed at that call."""

    def __init__(self, written: ast.Call, value: bool | None):
        super().__init__(value=value)
        self.written = written
        ast.copy_location(self, written)


def _picked(ranked: list[tuple[Any, Value]], builtin: str) -> tuple[Value, ...] | None:
    """The first largest (`max`) or smallest (`min`) of ranked candidates; None when numbers meet strings."""
    if len({type(r) is str for r, _ in ranked}) != 1:
        return None  # numbers against strings: Python raises
    pick = max if builtin == "max" else min
    return (pick(ranked, key=lambda pair: pair[0])[1],)


def _format_parts(template: str, call: ast.Call) -> list[ast.expr | str] | None:
    """`"{}-{mode}".format(dtype, mode=m)`: the template's literal text and, for each field, the argument it
    shows, as an f-string's parts (`Flow._joined`); None for what the template or the call leaves open (a
    conversion or format spec, an attribute or item of an argument, a `*`/`**` argument, a missing one)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    keywords = {k.arg: k.value for k in call.keywords}
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return None  # the call raises
    if any(name == "" for _, name, _, _ in fields) and any(name and name.isdigit() for _, name, _, _ in fields):
        return None  # automatic and manual numbering together: the call raises ValueError
    parts: list[ast.expr | str] = []
    auto = 0
    for literal, name, spec, conversion in fields:
        if literal:
            parts.append(literal)
        if name is None:
            continue
        if spec or conversion not in (None, "s"):
            return None
        if name == "":
            name, auto = str(auto), auto + 1
        if name.isdigit() and int(name) < len(call.args):
            given = call.args[int(name)]
        elif name in keywords:
            given = keywords[name]
        else:
            return None
        parts.append(ast.copy_location(ast.FormattedValue(value=given, conversion=-1, format_spec=None), given))
    return parts


class _DictArguments(ast.Call):
    """`defaultdict(factory, {...}, key=v)` read as the `dict({...}, key=v)` it holds (the factory left out)."""

    def __init__(self, call: ast.Call):
        super().__init__(func=call.func, args=call.args[1:], keywords=call.keywords)
        ast.copy_location(self, call)


def _int_literal(node: ast.expr) -> int | None:
    """`2`, `-1`: an int written as a literal; None for anything else (a bool too)."""
    value = _literal(node)
    return value if type(value) is int else None


class _Joined(ast.Constant):
    """An f-string or a `+` of strings whose parts are all known (or `text.lower()` of a known text, a package's
    `__name__`), seen as the literal it makes, placed where it is written."""

    def __init__(self, written: ast.JoinedStr | ast.BinOp | ast.Call | ast.Subscript | ast.Name, text: str):
        super().__init__(value=text)
        self.written = written
        ast.copy_location(self, written)


class _Revalidating(Exception):  # noqa: N818  (a signal, not an error)
    """A function's walk asked for while its kept walk is being checked (`Flow.scope`)."""

    def __init__(self, node: ast.AST):
        super().__init__()
        self.node = node


class _Member(ast.Constant):
    """The value of an Enum member another module defines, placed where this module names the member; or
    the member's `.name`, placed where it is read."""

    def __init__(self, written: ast.expr, value: str | int | float, member: Value | None = None):
        super().__init__(value=value)
        self.written = written
        self.member = member  # the member's value where its Enum writes it (`_enum_place` reads the class there)
        ast.copy_location(self, written)


class _Decorated(ast.Call):
    """`@decorator def f`: the call `decorator(f)` that binds `f`, placed at the decorator."""

    def __init__(self, decorator: ast.expr, decorated: ast.expr):
        super().__init__(func=decorator, args=[decorated], keywords=[])
        ast.copy_location(self, decorator)


class _Forwarded(ast.Call):
    """`fn(*args, **kwargs)` in a wrapper, seen as the call with what one call of the wrapper gave."""

    def __init__(self, call: ast.Call, args: list[ast.expr], keywords: list[ast.keyword]):
        super().__init__(func=call.func, args=args, keywords=keywords)
        ast.copy_location(self, call)


class _Dispatched(ast.Call):
    """`x.call("name", *args, **kw)` seen as the call `obj.name(*args, **kw)` of an object `x` holds."""

    def __init__(self, call: ast.Call):
        super().__init__(func=call.func, args=call.args[1:], keywords=call.keywords)
        ast.copy_location(self, call)


class _CalledBack(ast.Call):
    """`x.method(f, *args)`, for a method a pack says calls its function back (`fabric.launch`), seen
    as the call `f(x, *args)`."""

    def __init__(self, caller: ast.Call, partial: ast.Call | None = None):
        receiver = caller.func.value  # type: ignore[attr-defined]
        self.caller = caller  # the call written in the file (`fabric.launch(train)`)
        if partial is not None:  # `fabric.launch(partial(f, a, k=v))` calls f(a, fabric, k=v)
            super().__init__(func=caller.args[0], args=[*partial.args[1:], receiver], keywords=partial.keywords)
        else:
            super().__init__(func=caller.args[0], args=[receiver, *caller.args[1:]], keywords=caller.keywords)
        self.lineno, self.col_offset = caller.lineno, caller.col_offset
        self.end_lineno, self.end_col_offset = caller.end_lineno, caller.end_col_offset


class _AsDict(ast.Call):
    """`obj._asdict()` of a NamedTuple seen as `asdict(obj)`, placed (and written) at the method call."""

    def __init__(self, call: ast.Call):
        super().__init__(func=ast.Name(id="asdict", ctx=ast.Load()), args=[call.func.value], keywords=[])  # type: ignore[attr-defined]
        self.written = call
        ast.copy_location(self, call)


class _Made(ast.Call):
    """`Preset._make(row)` of a NamedTuple seen as `Preset(*row)`, placed (and written) at the method call."""

    def __init__(self, call: ast.Call):
        spread = ast.copy_location(ast.Starred(value=call.args[0], ctx=ast.Load()), call.args[0])
        super().__init__(func=call.func.value, args=[spread], keywords=[])  # type: ignore[attr-defined]
        self.written = call
        ast.copy_location(self, call)


class _Replaced(ast.Call):
    """`dataclasses.replace(obj, **changes)` or `obj._replace(**changes)`: its keywords first, then the original
    construction."""

    def __init__(self, node: ast.Call, original: ast.Call | None):
        super().__init__(func=node.func, args=[], keywords=[k for k in node.keywords if k.arg])
        self.original = original
        self.lineno, self.col_offset = node.lineno, node.col_offset


_MISSING = object()
# kinds of Python's own values, never an instance of a class the project writes
_NOT_INSTANCES = frozenset(("list", "tuple", "set", "frozenset", "dict", "generator", "str", "number", "bool", "none",
                            "view", "enum", "args_parser", "args", "project_module", "function", "lambda", "partial"))
NOT_A_DICT_TEST = object()  # `Flow._dict_compare` of a comparison it does not read
SIZING_BUILTINS = ("len", "bool")  # a test may read a parameter through them (`if len(kwargs) > 0:`)
CONVERTING_BUILTINS: dict[str, Callable[[Any], Any]] = {"int": int, "float": float, "str": str}  # of a constant in a test
CONVERTED_BUILTINS: dict[str, Callable[[Any], Any]] = {**CONVERTING_BUILTINS, "bool": bool}  # of a constant, as a value
PROPERTY_DECORATORS = ("property", "functools.cached_property", "cached_property")  # read as an attribute, run
_CallIndex = tuple[dict[int, list[ast.Call]], list[tuple[ast.Call, tuple[Value, ...]]]]


def _guarded_not_none(parent_of: Callable[[ast.AST], ast.AST | None], node: ast.Attribute) -> bool:
    """`node` (`args.clip`) lies where an enclosing test of the same function has just said it is not None: the
    body of `if args.clip is not None:` (or `!= None`, or `if args.clip:`, or an `and` holding one), the `else` of
    `if args.clip is None:`, the true branch of such a conditional expression. Nothing in between is asked to keep
    it (a store into the attribute under the guard is rare, and read as the guard says)."""
    spelled = ast.dump(node)
    def says_not_none(test: ast.expr, positive: bool) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and positive:
            return any(says_not_none(v, True) for v in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return says_not_none(test.operand, not positive)
        if positive and ast.dump(test) == spelled:
            return True  # `if args.clip:` (a falsy value is left out too, None among them)
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and ast.dump(test.left) == spelled \
                and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None:
            op = test.ops[0]
            return isinstance(op, (ast.IsNot, ast.NotEq)) if positive else isinstance(op, (ast.Is, ast.Eq))
        return False
    def exits_when_none(stmt: ast.stmt) -> bool:  # `if args.clip is None: return` before the use
        return isinstance(stmt, ast.If) and not stmt.orelse and says_not_none(stmt.test, False) \
            and isinstance(stmt.body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))
    child: ast.AST = node
    parent = parent_of(node)
    while parent is not None and not isinstance(parent, ast.Lambda):
        if isinstance(parent, ast.If) and child is not parent.test:
            if says_not_none(parent.test, child in parent.body):
                return True
        elif isinstance(parent, ast.IfExp) and child is not parent.test:
            if says_not_none(parent.test, child is parent.body):
                return True
        if isinstance(child, ast.stmt):
            block = next((b for b in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody"))
                          if isinstance(b, list) and child in b), None)
            if block is not None and any(exits_when_none(s) for s in block[:block.index(child)]):
                return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            break
        child, parent = parent, parent_of(parent)
    return False


def _constant_strings(node: ast.expr) -> str | tuple[str, ...] | None:
    """A string constant, or a tuple display of them, as written; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Tuple) and node.elts and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                                          for e in node.elts):
        return tuple(e.value for e in node.elts)  # type: ignore[attr-defined]  # (constants: checked)
    return None


def argument_for(func: ast.AST, arg: ast.arg, call: ast.Call, bound_self: bool) -> Any:
    """The expression a call passes for `arg`; _MISSING when it passes nothing; None when it cannot tell."""
    args: ast.arguments = func.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    if bound_self or _is_classmethod(func):  # a classmethod's `cls` is bound however it is called
        positional = positional[1:]
    if isinstance(call, _Replaced):
        for kw in call.keywords:
            if kw.arg == arg.arg:
                return kw.value
        return argument_for(func, arg, call.original, bound_self) if call.original is not None else None
    # the arguments before a `*xs` land where they are written (`fn(fabric, *rest)`: `fabric` is the first)
    first_star = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), None)
    if arg in positional:
        index = positional.index(arg)
        if index < (len(call.args) if first_star is None else first_star):
            return call.args[index]
        if first_star is not None:
            return None
    if arg is args.vararg or arg is args.kwarg:
        return None
    for kw in call.keywords:
        if kw.arg == arg.arg:
            return kw.value
    if any(kw.arg is None for kw in call.keywords):
        return None
    return _MISSING


def vararg_items(func: ast.AST, call: ast.Call, bound_self: bool) -> list[ast.expr] | None:
    """The expressions a call passes into the function's `*args` (what it gives past the named positional
    parameters, in order); None when it cannot tell (a `*xs` of its own) or the function takes no `*args`."""
    args: ast.arguments = func.args  # type: ignore[attr-defined]
    if args.vararg is None or isinstance(call, _Replaced) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    named = len(args.posonlyargs) + len(args.args) - (1 if bound_self else 0)
    return call.args[named:]


def _init_names(fields: list[tuple[str, ast.AnnAssign]]) -> list[str]:
    """The fields the constructor takes, in order: not those declared `field(init=False)`."""
    def no_init(stmt: ast.AnnAssign) -> bool:
        value = stmt.value
        return isinstance(value, ast.Call) and source_text(value.func).split(".")[-1] == "field" and any(
            k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in value.keywords)
    return [name for name, stmt in fields if not no_init(stmt)]


def _fails_to_bind(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, call: ast.Call, bound_self: bool) -> bool:
    """The call's arguments, all spelt out (no `*xs`, no `**kw`), raise TypeError against `func`'s `def`."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    keywords = [k.arg for k in call.keywords if k.arg is not None]
    return binding_error(func, getattr(func, "name", "<lambda>"), len(call.args), keywords, bound_self) is not None


def passes_nothing_for(func: ast.AST, arg: ast.arg, call: ast.Call) -> bool:
    """The call (of a function, not a bound method) leaves `arg` to its default, as far as it shows."""
    return argument_for(func, arg, call, False) is _MISSING


def _dataclass_argument(names: list[str], attr: str, call: ast.Call) -> Any:
    if isinstance(call, _Replaced):
        for kw in call.keywords:
            if kw.arg == attr:
                return kw.value
        return _dataclass_argument(names, attr, call.original) if call.original is not None else _MISSING
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    index = names.index(attr)
    if index < len(call.args):
        return call.args[index]
    for kw in call.keywords:
        if kw.arg == attr:
            return kw.value
    if any(kw.arg is None for kw in call.keywords):
        return None
    return _MISSING


def _field_default_expr(stmt: ast.AnnAssign) -> ast.expr | None:
    """The expression a dataclass field defaults to (`field(default=x)`: x; `field(default_factory=lambda: x)`:
    x, a fresh copy each construction); None for any other factory."""
    value = stmt.value
    if isinstance(value, ast.Call) and _is_field_call(source_text(value.func)):
        for kw in value.keywords:
            if kw.arg == "default":
                return kw.value
            if kw.arg in ("default_factory", "factory") and isinstance(kw.value, ast.Lambda) and _takes_nothing(kw.value):
                return kw.value.body
        return None
    return value


def _calls_a_name(test: ast.expr) -> bool:
    """`on_xla()`, `not on_xla()`: a call of a name with no arguments (a function of the module's, maybe)."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and not n.args and not n.keywords for n in walk(test))


CACHING_DECORATORS = ("functools.lru_cache", "functools.cache")


def _returns_only(value: Value) -> ast.expr | None:
    """What a function of a module's top level that takes nothing returns, when its body is that one `return`
    (after a docstring): `def on_xla(): return ACCELERATOR in ("tpu", "xla")`; None for anything else."""
    func, flow = value.node, value.flow
    if value.kind != "function" or value.extra is not None or value.when or not isinstance(func, ast.FunctionDef) \
            or all_args(func.args) or flow is not None and flow.ctx.parents.get(func) is not flow.ctx.module:
        return None
    if func.decorator_list and (flow is None or not all(  # a cache around it returns what it returns
            flow.ctx.resolve(d.func if isinstance(d, ast.Call) else d) in CACHING_DECORATORS for d in func.decorator_list)):
        return None
    body = func.body[1:] if func.body and isinstance(func.body[0], ast.Expr) \
        and isinstance(func.body[0].value, ast.Constant) and isinstance(func.body[0].value.value, str) else func.body
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return body[0].value


def _passed_to(construction: ast.Call, parent: ast.AST | None) -> ast.Call | None:
    """The call `construction` is handed to as it is built (`normalize(ShardingConfig())`), else None."""
    if isinstance(parent, ast.Call) and parent.func is not construction \
            and (construction in parent.args or any(k.value is construction for k in parent.keywords)):
        return parent
    return None


def _returns_its_first_parameter(f: Value) -> bool:
    """`f` is a plain function that returns its first parameter as it was given, on every path."""
    if f.kind != "function" or f.flow is None or not isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    returned = f.flow.base._returned_parameter(f.node)
    first = [*f.node.args.posonlyargs, *f.node.args.args][:1]
    return returned is not None and first == [returned]


def _test_node(value: Value) -> bool:
    """A value that is a test as written: a comparison, a `not`, an `and`/`or` of tests, an `isinstance(...)`."""
    node = value.node
    return value.kind in ("bool", "unknown") and node is not None and (
        isinstance(node, ast.Compare) or isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        or _isinstance_call(node))


def _bound_test_truth(value: Value) -> bool | None:
    """A module's name bound to a test of its constants (`XLA_FSDP = STRATEGY == "xla_fsdp"`), read as that
    name's value here or in another module: whether the test holds; None for any other value."""
    flow, node = value.flow, value.node
    if value.when or flow is None or not _bound_test(node) \
            or value.kind != "bool" and not (isinstance(node, ast.Call) and value.kind in ("unknown", "number", "str")):
        return None
    bind = flow.ctx.parents.get(node)
    scope = flow.ctx.parents.get(bind) if isinstance(bind, (ast.Assign, ast.AnnAssign)) and bind.value is node else None
    if scope is flow.ctx.module:
        return flow.module_test_truth(node)
    if isinstance(scope, ast.ClassDef) and flow.ctx.parents.get(scope) is flow.ctx.module:  # `Backend.XLA`
        return flow.module_test_truth(node, scope)
    return None


def _takes_nothing(func: ast.Lambda) -> bool:
    args = func.args
    return not (args.posonlyargs or args.args or args.vararg or args.kwonlyargs or args.kwarg)


def _names_read(test: ast.expr, env: dict[str, tuple[Def, ...]], in_module: bool,
                depth: int = 0) -> dict[str, ast.AST | Def | _BoundTest | _KeyRead | None] | None:
    """What a test reads, when it reads only constants: a parameter bound to itself alone where the test
    is (its `ast.arg`), a name bound once to a constant on every path (the `ast.Constant`), or, in a
    function, a name it does not bind (None: the module's, looked up when the test is decided). None
    when it reads anything else or nothing: such a test is the walk's to keep, with both branches."""
    read: dict[str, ast.AST | Def | _BoundTest | _KeyRead | None] = {}
    sizing = {id(n.func) for n in walk(test) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and (n.func.id in SIZING_BUILTINS or n.func.id in CONVERTING_BUILTINS or n.func.id == "hasattr"
                   or n.func.id == "dict" and not n.args and not n.keywords)}
    environment = {id(n.func.value.value if isinstance(n.func.value, ast.Attribute) else n.func.value): n  # type: ignore[attr-defined]
                   for n in walk(test) if _environment_read(n)}
    for node in walk(test):
        if isinstance(node, ast.Name):
            if id(node) in environment:  # `os` of `os.environ.get("TRAIN_ON", "tpu")`: the run's default (`Flow._operand`)
                read[node.id] = environment[id(node)]
                continue
            defs = env.get(node.id)
            if defs is None and id(node) in sizing:
                continue  # `len(kwargs)`, `bool(kwargs)`, `kwargs != dict()`, `hasattr(m, "module")`: the builtin (`Flow._operand`)
            if defs is None and not in_module:
                read[node.id] = None
                continue
            if defs is not None and len(defs) == 1 and defs[0].how == "param" and isinstance(defs[0].node, ast.arg):
                read[node.id] = defs[0].node
                continue
            keyed = _key_read(defs or (), env) if not in_module else None
            if keyed is not None:  # `mode = cfg.get("clip_mode", "norm")` of a dict parameter (`Flow._key_held`)
                read[node.id] = keyed
                continue
            parsed = _parsed_arguments(defs or ())
            if parsed is not None:  # `args = parser.parse_args()`: its options' defaults (`Flow._parsed_namespace`)
                read[node.id] = parsed
                continue
            constant = constant_of(defs or ())
            if constant is None and defs is not None and len(defs) == 1 and defs[0].how == "assign" \
                    and not defs[0].when and not defs[0].path and _environment_read(defs[0].node):
                read[node.id] = defs[0].node  # `TRAIN_ON = os.environ.get("TRAIN_ON", "tpu")`: its default
                continue
            bound = _name_bound_to_test(defs or (), env, depth, in_module) \
                if constant is None and (in_module or _bound_to_attribute(defs or ()) or _bound_to_environment_test(defs or ())) \
                and depth < MAX_BOUND_TESTS else None
            if bound is not None:  # `on_xla = args.strategy == "xla_fsdp"` ... `if on_xla:` (`_BoundTest`)
                read[node.id] = bound
                continue
            if constant is None and in_module and _settings_bound(defs or (), node, test):
                read[node.id] = defs[0]  # type: ignore[index]  # (checked by `_settings_bound`; `Flow._settings_held`)
                continue
            if constant is None:
                return None
            read[node.id] = constant
        elif isinstance(node, (ast.Lambda, ast.NamedExpr, ast.comprehension, ast.Await, ast.Yield, ast.YieldFrom)):
            return None
    if all(what is None for what in read.values()) and not any(
            isinstance(n, (ast.Compare, ClassTest, ast.Attribute, ast.Subscript)) or _isinstance_call(n) for n in walk(test)) \
            and not _calls_a_name(test):
        return None  # `if DEBUG:` alone is the module flag's (Walker.decided); `flags.DEBUG`, `on_xla()` are decided here
    return read or None


def _reads_environment_through(read: ast.Call, name: str) -> bool:
    """`name` is the module `read` (an `_environment_read`) is made through: `os` of `os.getenv(...)`."""
    func = read.func
    base = func.value if isinstance(func, ast.Attribute) else None
    base = base.value if isinstance(base, ast.Attribute) else base
    return isinstance(base, ast.Name) and base.id == name


def _bound_test(node: ast.AST | None) -> TypeGuard[ast.expr]:
    """What a module binds a flag to that a test of constants may decide: a comparison, `and`/`or`/`not`, or a
    builtin's conversion of an environment read (`USE_TPU = bool(int(os.environ.get("USE_TPU", "1")))`)."""
    if isinstance(node, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
        and node.func.id in (*SIZING_BUILTINS, *CONVERTING_BUILTINS) and any(_environment_read(n) for n in walk(node))


def _unset_in_environment(value: Value) -> bool:
    """The default of an environment read (`os.environ.get("X", default)`), held when the run does not set X."""
    return bool(value.when) and all(c.endswith(ENVIRONMENT_UNSET) for c in value.when)


def _bound_whole(values: tuple[Value, ...]) -> tuple[Value, ...]:
    """The values of a flag a test reads, with a builtin's conversion of an environment read (`ON_TPU =
    bool(int(os.environ.get("ON_TPU", "1")))`) read whole: what the run sets, at the conversion, stands for the
    test the module binds (`_bound_test_truth`), not beside the converted default it holds when unset."""
    run = [v for v in values if v.kind == "unknown" and v.extra == SET_BY_THE_RUN and _bound_test(v.node)]
    return (run[0],) if len(run) == 1 else values


def _environment_read(node: ast.AST | None) -> TypeGuard[ast.Call]:
    """`os.environ.get("KEY", default)`, `os.getenv("KEY", default)` as written, a constant key and default (whether
    `os` is the module is the caller's to tell)."""
    if not (isinstance(node, ast.Call) and len(node.args) == 2 and not node.keywords
            and all(isinstance(a, ast.Constant) for a in node.args) and isinstance(node.args[0].value, str)):  # type: ignore[attr-defined]
        return False
    func = node.func
    base = func.value.value if isinstance(func, ast.Attribute) and func.attr == "get" \
        and isinstance(func.value, ast.Attribute) and func.value.attr == "environ" else \
        func.value if isinstance(func, ast.Attribute) and func.attr == "getenv" else None
    return isinstance(base, ast.Name)


MAX_BOUND_TESTS = 3  # names bound to tests of names bound to tests: `on_xla = ...`, `fsdp = on_xla and ...`


@dataclass(frozen=True)
class _BoundTest:
    """A name of the module's top level bound once, on every path, to a test of what the top level reads
    (`on_xla = args.strategy == "xla_fsdp"`): the test, with what it reads where the name is tested."""

    test: ast.expr
    read: dict[str, Any]


def _name_bound_to_test(defs: tuple[Def, ...], env: dict[str, tuple[Def, ...]], depth: int,
                        in_module: bool = True) -> _BoundTest | None:
    if len(defs) != 1 or defs[0].how != "assign" or defs[0].when or defs[0].path \
            or not (isinstance(defs[0].node, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Attribute))
                    or not in_module and _attribute_value(defs[0].node)):
        return None  # (an attribute: `amp = args.amp` ... `if amp:`, decided as `if args.amp:`)
    test = defs[0].node
    if not isinstance(test, ast.expr):
        return None
    target = defs[0].target.id if defs[0].target is not None else None
    if target is not None and not in_module and any(isinstance(n, ast.Name) and n.id == target for n in ast.walk(test)):
        # `mode = mode.lower()`: the name read there is the binding before this one (`Flow._given_for` reads it)
        env = {k: v for k, v in env.items() if k != target}
    read = _names_read(test, env, in_module, depth + 1)
    if read is None and target is not None and not in_module and isinstance(test, ast.BoolOp) \
            and _attribute_value(test) and isinstance(test.values[0], ast.Name) and test.values[0].id == target:
        read = {target: None}  # `precision = precision or "bf16-true"`: the parameter's, as callers pass it
    return _BoundTest(test, read) if read else None


NOT_LITERAL = object()


def _literal(node: ast.expr) -> object:
    """The value of a constant or a signed number written in place (`-1`); NOT_LITERAL for anything else."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        number: int | float = node.operand.value  # type: ignore[assignment]  # (an int or a float: checked)
        return -number if isinstance(node.op, ast.USub) else number
    return NOT_LITERAL


def _constant_kind(value: object) -> str:
    """The kind of a constant's value, as the layer names it."""
    return "none" if value is None else "bool" if isinstance(value, bool) else "str" if isinstance(value, str) \
        else "number" if isinstance(value, (int, float)) else "unknown"


def _bound_to_environment_test(defs: tuple[Def, ...]) -> bool:
    """A function's name bound once, on every path, to a test of an environment read (`as_str =
    os.environ.get("RUN_PATH_TYPE", "path") == "str"`): decided by the read's default, as the test written in place."""
    return len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path \
        and isinstance(defs[0].node, (ast.Compare, ast.BoolOp, ast.UnaryOp)) and any(_environment_read(n) for n in walk(defs[0].node))


def _bound_to_attribute(defs: tuple[Def, ...]) -> bool:
    """A function's name bound once, on every path, to an attribute (`backend = args.backend` in a helper given
    `args`), or to a string method or an `or` default of one (`(args.backend or "auto").lower()`): a test on it is
    decided as a test on that expression, by what the callers pass."""
    return len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path \
        and _attribute_value(defs[0].node)


def _attribute_value(node: ast.AST | None, named: bool = False) -> bool:
    """An attribute (`args.backend`), a string method or an `or` default of one; with `named`, of a name too
    (`mode = mode.lower()`, `mode = (mode or "norm").strip()`: what the name holds, made a string by the call)."""
    if isinstance(node, ast.Attribute) or named and isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in STR_METHODS \
            and not node.args and not node.keywords:
        return _attribute_value(node.func.value, True)
    return isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and len(node.values) == 2 \
        and _attribute_value(node.values[0], True) and isinstance(node.values[1], ast.Constant)


@dataclass(frozen=True)
class _KeyRead:
    """A name of a function bound once, on every path, to one key of a dict its parameter holds (`param`), or a
    name of the module's top level does (`base`, the function binding no such name): `mode = cfg.get("clip_mode",
    "norm")` (`getter`, with its constant default or none), `mode = CFG["mode"]`."""

    node: ast.expr  # the read
    param: ast.arg | None
    key: str
    getter: bool
    default: ast.expr | None  # a constant or a display of constants
    base: str


def _key_read(defs: tuple[Def, ...], env: dict[str, tuple[Def, ...]]) -> _KeyRead | None:
    node = defs[0].node if len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path else None
    key: ast.expr | None = None
    default: ast.expr | None = None
    if isinstance(node, ast.Subscript):
        base, key = node.value, node.slice
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and 1 <= len(node.args) <= 2 and not node.keywords:
        base, key = node.func.value, node.args[0]
        default = node.args[1] if len(node.args) == 2 else None
        if default is not None and not _constant_display(default):
            return None  # (`cfg.get("zero", {})`: a display of constants, as `.get(..., 3)`)
    else:
        return None
    if not (isinstance(base, ast.Name) and isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    held = env.get(base.id)
    if held is not None and (len(held) != 1 or held[0].how != "param" or not isinstance(held[0].node, ast.arg)):
        return None
    return _KeyRead(node, held[0].node if held else None, key.value, isinstance(node, ast.Call),  # type: ignore[arg-type]
                    default, base.id)


def _constant_display(node: ast.expr) -> bool:
    """A constant, or a dict, list, tuple or set display of constants (`{}`, `("a", "b")`)."""
    if isinstance(node, ast.Dict):
        return all(isinstance(x, ast.Constant) for x in (*node.keys, *node.values))
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(isinstance(x, ast.Constant) for x in node.elts)
    return isinstance(node, ast.Constant)


def _settings_bound(defs: tuple[Def, ...], read: ast.Name, test: ast.expr) -> bool:
    """A name of the module's top level bound once, on every path, to what a call gives (`cfg = RunConfig(...)`,
    `cfg = configs.get()`) or a table's entry (`cfg = CONFIGS["pod"]`), that the test reads only by its
    attributes (`cfg.accelerator == "tpu"`)."""
    return len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path \
        and isinstance(defs[0].node, (ast.Call, ast.Subscript)) and all(
            isinstance(parent, ast.Attribute) and parent.value is n
            for n in walk(test) if isinstance(n, ast.Name) and n.id == read.id
            for parent in [_parent_in(test, n)])


def _parent_in(tree: ast.AST, node: ast.AST) -> ast.AST | None:
    """The node of `tree` whose child `node` is."""
    return next((p for p in walk(tree) for c in ast.iter_child_nodes(p) if c is node), None)


def _isinstance_call(node: ast.AST) -> bool:
    """`isinstance(x, C)`, `isinstance(x, (A, B))` as written (whether the name is the builtin is the caller's)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
        and len(node.args) == 2 and not node.keywords and not any(isinstance(a, ast.Starred) for a in node.args)


def _tests_classes(test: ast.expr) -> bool:
    """A test that is a class test alone: `isinstance(x, C)`, a class pattern (or `not` of one)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return isinstance(test, ClassTest) or _isinstance_call(test)


def _of_local_class(value: Value) -> bool:
    """A class of a file (its `class` statement) or an instance of one."""
    klass = value.node if value.kind == "class" else value.extra[0] if value.kind == "instance" and value.extra else None
    return isinstance(klass, ast.ClassDef)


def _parsed_arguments(defs: tuple[Def, ...]) -> ast.Call | None:
    """The `parser.parse_args()` call a name is bound to, once and on every path."""
    node = defs[0].node if len(defs) == 1 and defs[0].how == "assign" and not defs[0].when and not defs[0].path else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "parse_args" \
            and isinstance(node.func.value, ast.Name):
        return node
    return None


def _compared(op: ast.cmpop, a: tuple[str, Any], b: tuple[str, Any]) -> bool | None:
    """One comparison of two concrete values (see `Flow._operand`); None when it cannot be told."""
    (a_kind, x), (b_kind, y) = a, b
    if a_kind in VERSION_KINDS or b_kind in VERSION_KINDS:
        return _versions_compared(op, a, b)
    if isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)):
        positive = isinstance(op, (ast.Is, ast.Eq))
        if a_kind == b_kind == "object" and x is not None and y is not None:
            return (x == y) is positive  # two members of the project's Enums (`_enum_member`)
        if a_kind != "const" and b_kind != "const":
            return None
        if a_kind != "const" or b_kind != "const":  # something (or an empty display) against a constant
            other = y if a_kind != "const" else x
            return None if other is not None else not positive  # something is not None
        if isinstance(op, (ast.Is, ast.IsNot)) and not (x is None or y is None or isinstance(x, bool) and isinstance(y, bool)):
            return None
        try:
            return (x == y) is positive
        except Exception:  # a constant the comparison does not know
            return None
    if a_kind != "const" or b_kind != "const":
        return None
    try:
        if isinstance(op, (ast.In, ast.NotIn)):
            return (x in y) is isinstance(op, ast.In) if isinstance(y, (tuple, str, frozenset)) else None
        return {ast.Lt: x < y, ast.LtE: x <= y, ast.Gt: x > y, ast.GtE: x >= y}.get(type(op))
    except TypeError:  # `1 < "a"`: Python would raise; not a test the file decides
        return None


def _versions_compared(op: ast.cmpop, a: tuple[str, Any], b: tuple[str, Any]) -> bool | None:
    """A comparison of a parsed version with another (PEP 440's order), or of torch's version string with a
    string, which it parses (`torch.__version__ >= "2.1"`); None for anything else: a `Version` compared with a
    str raises, or is never equal."""
    sides = []
    for kind, value in (a, b):
        if kind not in VERSION_KINDS and not (kind == "const" and isinstance(value, str)
                                              and "version_str" in (a[0], b[0])):
            return None
        sides.append(value if kind in VERSION_KINDS else _parsed_version(value))
    x, y = sides
    if x is None or y is None:
        return None
    compare = {ast.Eq: x == y, ast.NotEq: x != y, ast.Lt: x < y, ast.LtE: x <= y, ast.Gt: x > y, ast.GtE: x >= y}
    return compare.get(type(op))


def _parsed_version(text: Any) -> Any:
    """`text` as a PEP 440 version (`packaging.version.Version`), None when it is none."""
    from packaging.version import InvalidVersion, Version

    try:
        return Version(text)
    except (InvalidVersion, TypeError):
        return None


def _distribution_key(name: str) -> str:
    """A distribution's name as `Context.versions` keys it (PEP 503: runs of `-_.` are one `-`, any case)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class _VersionTest:
    """What a test of a library's version reads: the test with the names it reads replaced by their values."""

    test: ast.expr


def parameter_default(func: ast.AST, arg: ast.arg) -> ast.expr | None:
    """The default the signature gives `arg` (None when it has none)."""
    args: ast.arguments = func.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    if arg in positional:
        offset = len(positional) - len(args.defaults)
        index = positional.index(arg)
        return args.defaults[index - offset] if index >= offset else None
    if arg in args.kwonlyargs:
        return args.kw_defaults[args.kwonlyargs.index(arg)]
    return None


def _self_stores(method: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[ast.expr]]:
    """What a method assigns to `self.<attr>`, by attribute: one walk per method tree, kept with it
    (an attribute question no longer walks every method of the class again)."""
    found = _SELF_STORES.get(method)
    if found is None:
        found = {}
        self_name = method.args.args[0].arg if method.args.args else None
        if self_name is not None:
            for stmt in _statements(method):
                if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
                    for attr, value in _attribute_stores(stmt, self_name):
                        found.setdefault(attr, []).append(value)
        _SELF_STORES[method] = found
    return found


_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)


def _statements(node: ast.AST) -> Iterator[ast.AST]:
    """The statements `ast.walk(node)` yields, in its order, without walking the expressions (which hold
    none): a statement is only ever in a list field of a statement, a handler or a match case."""
    todo = deque([node])
    while todo:
        node = todo.popleft()
        for name in node._fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                todo.extend(item for item in value if isinstance(item, _HOLDS_STATEMENTS))
        yield node


def _attribute_stores(stmt: ast.Assign | ast.AnnAssign, self_name: str) -> Iterable[tuple[str, ast.expr]]:
    """(attribute, value) of each `self.<attribute> = value` in one assignment, unpacking included."""
    def is_self(t: ast.AST) -> bool:
        return isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == self_name

    assert stmt.value is not None
    for target in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
        if is_self(target):
            yield target.attr, stmt.value  # type: ignore[attr-defined]
        elif _instance_dict_key(target, self_name) is not None:  # `self.__dict__["_values"] = v` (past `__setattr__`)
            yield _instance_dict_key(target, self_name), stmt.value  # type: ignore[misc]
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(stmt.value, (ast.Tuple, ast.List)) \
                and len(target.elts) == len(stmt.value.elts):
            for t, v in zip(target.elts, stmt.value.elts):
                if is_self(t):
                    yield t.attr, v  # type: ignore[attr-defined]
        elif isinstance(target, (ast.Tuple, ast.List)):
            for i, t in enumerate(target.elts):
                if is_self(t):
                    yield t.attr, ast.Subscript(value=stmt.value, slice=ast.Constant(i), ctx=ast.Load())  # type: ignore[attr-defined]


@dataclass(frozen=True)
class _Store:
    """A store into an attribute of an instance after it is built (`Flow._stores_on`): the statement, or the
    call of the helper that makes it; the name holding the instance there; the values stored (None: the
    attribute stored is computed); whether the store is a statement of its own block or helper body."""
    at: ast.stmt | ast.Call
    holder: str
    values: tuple[Value, ...] | None
    plain: bool


def _as_seen(placed: list[tuple[int, _Store]], moments: list[int]) -> _Store | bool | None:
    """The one ordering rule of stores into an instance after it is built, each placed at its index in a
    block, against the moments (indices in that block) the attribute is read at: each moment sees the last
    store before it. That store when every moment sees the same one, False when none sees any, None (each
    store may or may not have run) when they disagree or there is no moment."""
    if not placed or not moments:
        return None
    seen = {id(max(before, key=lambda p: p[0])[1]) if (before := [p for p in placed if p[0] < i]) else None
            for i in moments}
    if len(seen) != 1:
        return None
    last = seen.pop()
    return False if last is None else next(s for _, s in placed if id(s) == last)


def _copy_of(node: ast.AST, flow: Flow) -> bool:
    """`copy.copy(x)` or `copy.deepcopy(x)`, as the module imports them."""
    return isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords \
        and flow.ctx.resolve(node.func) in ("copy.copy", "copy.deepcopy")


def _names_bound_to(value: ast.expr, stmt: ast.AST | None) -> set[str]:
    """The names `name = value` (or `name: T = value`), the statement `stmt` holding it, binds to it."""
    if isinstance(stmt, ast.Assign) and stmt.value is value:
        return {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    if isinstance(stmt, ast.AnnAssign) and stmt.value is value and isinstance(stmt.target, ast.Name):
        return {stmt.target.id}
    return set()


def _plain_setattr(setter: ast.FunctionDef) -> bool:
    """A `__setattr__(self, name, value)` that only stores the value under the name where the instance reads
    it back: `self._values[name] = value`, `self.__dict__[name] = value`, `object.__setattr__(self, name,
    value)` or `super().__setattr__(name, value)`."""
    body = [s for s in setter.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    names = [a.arg for a in setter.args.args]
    if len(body) != 1 or len(names) != 3:
        return False
    owner, name, value = names
    stmt = body[0]
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript):
        target = stmt.targets[0]
        return isinstance(stmt.value, ast.Name) and stmt.value.id == value and isinstance(target.slice, ast.Name) \
            and target.slice.id == name and isinstance(target.value, ast.Attribute) \
            and isinstance(target.value.value, ast.Name) and target.value.value.id == owner
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not isinstance(call, ast.Call) or call.keywords:
        return False
    spelled = [source_text(a) for a in call.args]
    return source_text(call.func) == "object.__setattr__" and spelled == [owner, name, value] \
        or source_text(call.func) == "super().__setattr__" and spelled == [name, value]


def _instance_dict_key(node: ast.AST, self_name: str) -> str | None:
    """"x" for `self.__dict__["x"]` and `self.__dict__.get("x", ...)`: the instance's own attribute `x`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and 1 <= len(node.args) <= 2 and not node.keywords:
        holder, key = node.func.value, node.args[0]
    elif isinstance(node, ast.Subscript):
        holder, key = node.value, node.slice
    else:
        return None
    if isinstance(holder, ast.Attribute) and holder.attr == "__dict__" and isinstance(holder.value, ast.Name) \
            and holder.value.id == self_name and isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value
    return None


def _plain_dict_edits(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str
                      ) -> list[tuple[str, ast.Constant, ast.expr | None]] | None:
    """The edits of the dict `name` that statements at the top of `func`'s body make, in order: ("set", key,
    value) for `name["k"] = v`, ("drop", key, None) for `del name["k"]` and `name.pop("k"[, d])` (alone or as an
    assignment's value); None when anything else changes it (`_changes_dict`: an edit under an `if` or in a loop,
    a key that is no constant, another method)."""
    def key_of(node: ast.AST) -> ast.Constant | None:
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name \
                and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            return node.slice
        return None

    def popped(node: ast.AST) -> ast.Constant | None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == name and 1 <= len(node.args) <= 2 \
                and not node.keywords and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            return node.args[0]
        return None

    if not name:
        return []
    if isinstance(func, ast.Lambda):
        return None if _changes_dict(func, name) else []
    edits: list[tuple[str, ast.Constant, ast.expr | None]] = []
    read_before = False  # a read of the dict before an edit would see it unedited: one value cannot say both
    for stmt in func.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and (key := key_of(stmt.targets[0])) is not None \
                and not _changes_dict(stmt.value, name):
            edits.append(("set", key, stmt.value))
        elif isinstance(stmt, ast.Delete) and all(key_of(t) is not None for t in stmt.targets):
            edits.extend(("drop", key_of(t), None) for t in stmt.targets)  # type: ignore[misc]
        elif isinstance(stmt, (ast.Expr, ast.Assign)) and (key := popped(stmt.value)) is not None \
                and not (isinstance(stmt, ast.Assign) and any(_changes_dict(t, name) for t in stmt.targets)):
            edits.append(("drop", key, None))
        elif isinstance(stmt, ast.For) and _looped_setdefault(stmt, name):
            continue  # the defaults of a known dict (`Flow._looped_defaults`): they keep the caller's keys
        elif isinstance(stmt, (ast.Expr, ast.Assign)) and (keys := _pops_in_arguments(stmt, name, popped)) is not None:
            edits.extend(("drop", key, None) for key in keys)
        elif _changes_dict(stmt, name):
            return None
        else:
            read_before = read_before or any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(stmt))
            continue
        if read_before:
            return None
    return edits


READING_BUILTINS = ("len", "sorted", "list", "tuple", "set", "frozenset", "enumerate", "zip", "reversed", "any",
                    "all", "iter", "min", "max", "sum", "print", "repr", "str")  # builtins that copy or read a list


def _reads_only(load: ast.Name, parent_of: Callable[[ast.AST], ast.AST | None], builtin: Callable[[str], bool]) -> bool:
    """A read of a list that cannot change it: the items of a `for` or a comprehension, `x in L`, `L[i]`, `*L`
    in a call or a display, an argument of a builtin that reads or copies it (`len(L)`, `sorted(L)`)."""
    parent = parent_of(load)
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return parent.iter is load
    if isinstance(parent, ast.Compare):
        return load in parent.comparators and all(isinstance(op, (ast.In, ast.NotIn)) for op in parent.ops)
    if isinstance(parent, ast.Subscript):
        return parent.value is load and isinstance(parent.ctx, ast.Load)
    if isinstance(parent, ast.Starred):
        return isinstance(parent_of(parent), (ast.Call, ast.List, ast.Tuple, ast.Set))
    return isinstance(parent, ast.Call) and load in parent.args and isinstance(parent.func, ast.Name) \
        and parent.func.id in READING_BUILTINS and builtin(parent.func.id)


def _looped_setdefault(loop: ast.For, name: str) -> bool:
    """`for key, value in <dict>.items(): name.setdefault(key, value)`, that loop alone."""
    target, body = loop.target, loop.body
    if loop.orelse or len(body) != 1 or not isinstance(body[0], ast.Expr) or not isinstance(target, ast.Tuple) \
            or len(target.elts) != 2 or not all(isinstance(e, ast.Name) for e in target.elts) \
            or not (isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute)
                    and loop.iter.func.attr == "items" and not loop.iter.args and not loop.iter.keywords):
        return False
    call = body[0].value
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "setdefault" \
        and isinstance(call.func.value, ast.Name) and call.func.value.id == name and not call.keywords \
        and [source_text(a) for a in call.args] == [e.id for e in target.elts]  # type: ignore[attr-defined]


def _changes_dict(func: ast.AST, name: str) -> bool:
    """The body stores into `name[...]`, calls a method on `name` (but `setdefault` of a constant key, which
    `_extra_keywords` reads) or binds `name` again."""
    return any(_changes_dict_at(n, name) for n in ast.walk(func))


def _changes_dict_at(n: ast.AST, name: str) -> bool:
    """`n` itself is one of the changes `_changes_dict` looks for."""
    if isinstance(n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del)) and isinstance(n.value, ast.Name) \
            and n.value.id == name:
        return True
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) \
            and n.func.value.id == name and n.func.attr not in ("get", "items", "keys", "values", "copy") \
            and not (n.func.attr == "setdefault" and len(n.args) == 2 and isinstance(n.args[0], ast.Constant)):
        return True
    return isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)


def _pops_in_arguments(stmt: ast.Expr | ast.Assign, name: str, popped: Callable[[ast.AST], ast.Constant | None]
                       ) -> list[ast.Constant] | None:
    """The keys `fabric.seed_everything(opts.pop("seed", 0))` drops: the statement's only changes of the dict are
    `pop`s of constant keys it always evaluates (not under a lambda, a comprehension, `x if t else y`, `and`/`or`);
    None otherwise."""
    keys: list[ast.Constant] = []
    todo: list[ast.AST] = [stmt.value]
    while todo:
        n = todo.pop()
        key = popped(n)
        if key is not None:
            keys.append(key)
            todo.extend(n.args[1:])  # type: ignore[attr-defined]  # (a call: the default is evaluated)
            continue
        if _changes_dict_at(n, name):
            return None
        if isinstance(n, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.IfExp, ast.BoolOp)):
            if _changes_dict(n, name):
                return None
            continue
        todo.extend(ast.iter_child_nodes(n))
    if isinstance(stmt, ast.Assign) and any(_changes_dict(t, name) for t in stmt.targets):
        return None
    return keys or None


def _size(value: Value) -> int | None:
    """How many elements a display or an empty constructor call holds; None when it cannot be told."""
    node = value.node
    if value.kind in ("list", "tuple") and isinstance(node, (ast.List, ast.Tuple)) \
            and not any(isinstance(e, ast.Starred) for e in node.elts):
        return len(node.elts)
    if value.kind == "set" and isinstance(node, ast.Set) and len(node.elts) == 1 and not isinstance(node.elts[0], ast.Starred):
        return 1  # (two elements may be one object: `{a, b}`)
    if value.kind == "dict" and isinstance(node, ast.Dict) and len(node.keys) <= 1 and all(k is not None for k in node.keys):
        return len(node.keys)
    if value.kind in ("list", "tuple", "set", "dict", "frozenset") and isinstance(node, ast.Call) \
            and not node.args and not node.keywords:
        return 0
    return None


def _fills(node: ast.AST, owner: str, attr: str, cls: ast.ClassDef) -> bool:
    """A statement (or a method) stores `owner.attr`, itself or through a method of `cls` it calls on `owner`."""
    for stmt in _statements(node):
        if _stores_field(stmt, owner, attr) is not None:
            return True
        called = _own_method_called(stmt, owner, cls) if isinstance(stmt, ast.stmt) else None
        if called is not None and attr in _self_stores(called):
            return True
    return False


def _stores_field(stmt: ast.AST, owner: str, attr: str) -> ast.expr | None:
    """The value a statement stores into `owner.attr`: `self.x = v`, `self.x: T = v`, and the spellings a
    frozen dataclass needs, `object.__setattr__(self, "x", v)` or `super().__setattr__("x", v)`, or
    `setattr(self, "x", v)`."""
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
        return next((v for a, v in _attribute_stores(stmt, owner) if a == attr), None)
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not isinstance(call, ast.Call) or call.keywords:
        return None
    func, args = call.func, call.args
    if isinstance(func, ast.Attribute) and func.attr == "__setattr__" and isinstance(func.value, ast.Call) \
            and isinstance(func.value.func, ast.Name) and func.value.func.id == "super" and not func.value.args:
        args = [ast.Name(owner), *args]
    elif not (isinstance(func, ast.Name) and func.id == "setattr" or isinstance(func, ast.Attribute)
              and func.attr == "__setattr__" and isinstance(func.value, ast.Name) and func.value.id == "object"):
        return None
    if len(args) == 3 and isinstance(args[0], ast.Name) and args[0].id == owner \
            and isinstance(args[1], ast.Constant) and args[1].value == attr:
        return args[2]
    return None


def _plain_store(stmt: ast.stmt, owner: str, attr: str) -> ast.expr | None:
    """The value of `owner.attr = value`, a statement of its own."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute) \
            and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == owner \
            and stmt.targets[0].attr == attr:
        return stmt.value
    return None


def _own_method_called(stmt: ast.stmt, owner: str, cls: ast.ClassDef | None) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The method of `cls` a statement `self.m(...)` calls, as a statement of its own; for `self.p = v`, the
    setter of the property `p` (the store runs it)."""
    if cls is not None and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == owner:
            return _property_setter(cls, target.attr)
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if cls is None or not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                           and isinstance(call.func.value, ast.Name) and call.func.value.id == owner):
        return None
    name = call.func.attr
    return next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name), None)


def _last_plain_store(method: ast.FunctionDef | ast.AsyncFunctionDef, attr: str,
                      methods: frozenset[str] | None) -> ast.expr | None:
    """What a method leaves in `self.attr` on every path: its last top-level `self.attr = v`, when
    nothing after it (and nothing nested) may store it again."""
    if not method.args.args or _is_static(method) or _is_classmethod(method):
        return None
    owner = method.args.args[0].arg
    found: ast.expr | None = None
    for stmt in method.body:
        stored = _plain_store(stmt, owner, attr)
        if stored is not None:
            found = stored
        elif _may_change(stmt, owner, attr, methods):
            return None
    return found


def _accessor(func: ast.AST) -> str | None:
    """"getter", "setter" or "deleter" for a def decorated `@<its name>.setter` (and so on): a property's part."""
    for d in getattr(func, "decorator_list", ()):
        if isinstance(d, ast.Attribute) and d.attr in ("getter", "setter", "deleter") and isinstance(d.value, ast.Name) \
                and d.value.id == getattr(func, "name", None):
            return d.attr
    return None


def _property_getter(cls: ast.ClassDef, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The getter of the property `name` the class body defines (`@property`, `@cached_property`, the last
    `@name.getter`); None when `name` is no property of its own."""
    found = None
    for m in cls.body:
        if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name:
            if _accessor(m) == "getter" or any(source_text(d) in PROPERTY_DECORATORS for d in m.decorator_list):
                found = m
            elif _accessor(m) is None:
                found = None  # a plain def rebinding the name
    return found


def _property_setter(cls: ast.ClassDef, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The `@name.setter` def of the class body's property `name`."""
    return next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name
                 and _accessor(m) == "setter"), None)


def _left_by_init(init: ast.FunctionDef | ast.AsyncFunctionDef, attr: str,
                  cls: ast.ClassDef) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None:
    """What `__init__` leaves in `self.attr` on every path, when its last store replaces the ones before it:
    `self._layers = None` then `self.layers = layers`, a property whose setter stores `self._layers`. None
    when it stores none, or a statement after the store may change it otherwise."""
    if not init.args.args or _is_static(init):
        return None
    owner, methods = init.args.args[0].arg, _method_names(cls)
    found: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.expr] | None = None
    stores = 0
    for stmt in init.body:
        stored = _plain_store(stmt, owner, attr)
        called = _own_method_called(stmt, owner, cls) if stored is None else None
        left = _last_plain_store(called, attr, methods) if called is not None else None
        if stored is not None or left is not None:
            found, stores = ((init, stored) if stored is not None else (called, left)), stores + 1  # type: ignore[assignment]
        elif _may_change(stmt, owner, attr, methods):
            return None
    return found if stores > 1 else None  # one store: `_self_stores` reads it alike


def _method_names(cls: ast.ClassDef | None) -> frozenset[str] | None:
    """The methods `self.m(...)` can call; None (any call may be one) when a base class brings more."""
    if cls is None or cls.bases:
        return None
    return frozenset(m.name for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))


def _may_change(stmt: ast.stmt, owner: str, attr: str, methods: frozenset[str] | None = None) -> bool:
    """The statement may set `owner.attr`: it stores it, calls a method of `owner` (one of `methods`, when
    the class is known: `self.model(x)` calls the model, not a method) or passes `owner` on."""
    for n in walk(stmt):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) \
                and n.value.id == owner and (n.attr == attr or methods is not None and n.attr in methods):
            return True  # (a store to a property runs its setter)
        if isinstance(n, ast.Call):
            if isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and n.func.value.id == owner \
                    and (methods is None or n.func.attr in methods):
                return True
            if any(isinstance(a, ast.Name) and a.id == owner for a in (*n.args, *(k.value for k in n.keywords))):
                return True
    return False


def _is_field_call(name: str) -> bool:
    """A data class field's specifier: `dataclasses.field`, `attrs.field`, `attr.ib` (`attr.attrib`)."""
    return name.endswith("field") or name in ("attr.ib", "attr.attrib")


def _absolute_name(name: str, package: str | None) -> str | None:
    """The module `importlib.import_module(name, package)` imports: a name with leading dots is relative to
    `package` (one dot: the package itself, each further dot one package up); None when it cannot be."""
    dots = len(name) - len(name.lstrip("."))
    if not dots:
        return name
    parts = package.split(".") if package else []
    if not parts or dots > len(parts):
        return None
    return ".".join([*parts[:len(parts) - dots + 1], *([name[dots:]] if name[dots:] else [])])


def _external(qualified: str, node: ast.AST, flow: Flow) -> Value:
    last = qualified.rsplit(".", 1)[-1]
    if last[:1].isupper() and not last.isupper() and "_" not in last.strip("_"):
        return Value("class", node, qualified=qualified, flow=flow)  # CapWords: `Block`, `nn.Linear`
    return Value("external", node, qualified=qualified, flow=flow)


def _assigns(cls: ast.ClassDef, name: str) -> bool:
    """The class body assigns `name` (an Enum's member, not its method)."""
    return any(isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
               for stmt in cls.body)


def _enum_key(value: Value) -> str | int | None:
    """A member of an Enum of the project as a key or an index (`{Mode.FAST: ...}`, `PRECISION[mode]`): a plain
    Enum's member by its name as written, `Mode.FAST`; a member of an Enum that mixes in `str` or `int`
    (`IntEnum`, `StrEnum`, `class Mode(str, Enum)`), which equals (and hashes as) its value, by that value when
    it is written as a constant of that type; None for anything else."""
    if value.kind != "enum" or not value.label or value.flow is None or value.node is None:
        return None
    ctx = value.flow.ctx
    assign = ctx.parents.get(value.node)
    cls = ctx.parents.get(assign)
    if not isinstance(cls, ast.ClassDef):
        return None
    bases = [ctx.resolve(b) or (b.id if isinstance(b, ast.Name) and b.id in ("int", "str") else None) for b in cls.bases]
    if all(b in ("enum.Enum", "enum.Flag") for b in bases):
        return value.label
    mixed = int if set(bases) & {"enum.IntEnum", "enum.IntFlag", "builtins.int", "int"} else \
        str if set(bases) & {"enum.StrEnum", "builtins.str", "str"} else None
    member = assign.value if isinstance(assign, ast.Assign) and len(assign.targets) == 1 else None
    if mixed is None or not all(b is not None and (b.startswith("enum.") or b in ("builtins.int", "int", "builtins.str", "str"))
                                for b in bases):
        return None  # (a base of the project's may change how members compare)
    if isinstance(member, ast.Constant) and type(member.value) is mixed:
        return member.value
    return None


CONTEXT_MANAGER_DECORATORS = frozenset({"contextlib.contextmanager", "contextlib.asynccontextmanager"})
TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})


def _is_typed_dict(cls: ast.ClassDef, flow: Flow, depth: int = 0) -> bool:
    """A class statement deriving from `TypedDict` (or from such a class of its file): calling it builds a dict."""
    if any((flow.ctx.resolve(b) or "") in TYPED_DICTS for b in cls.bases):
        return True
    return depth < 8 and any(_is_typed_dict(b, flow, depth + 1) for b in flow.local_bases(cls) if b is not cls)


def _enum_place(value: Value) -> tuple[Context, ast.Assign, ast.ClassDef] | None:
    """Where a member of the project's Enum is written: the module that writes it, its `NAME = value` statement
    and its class (read through the member's own flow: an Enum of another module is placed there)."""
    member = value.extra
    if isinstance(member, Value) and isinstance(member.node, _Member) and member.node.member is not None:
        member = member.node.member  # placed where another module names it: its Enum is where it was written
    if value.kind != "enum" or not isinstance(member, Value) or member.flow is None or member.node is None:
        return None
    ctx = member.flow.ctx
    assign = ctx.parents.get(member.node)
    cls = ctx.parents.get(assign) if assign is not None else None
    return (ctx, assign, cls) if isinstance(assign, ast.Assign) and isinstance(cls, ast.ClassDef) else None


def _enum_member(value: Value) -> tuple[int, object] | None:
    """Which member of the project's Enum `value` is, as `is` tells them apart: its class and its value (a second
    name with the same value is an alias of the first member, the same object); None when the layer cannot place
    the member or its value is no constant."""
    place = _enum_place(value)
    if place is None or not isinstance(place[1].value, ast.Constant):
        return None
    return id(place[2]), place[1].value.value


def enum_text(value: Value) -> str | None:
    """`str(member)` of a member of the project's Enum as Python writes it, `Format.SHARDED` (the class's name and
    the member's), for a plain `Enum` or one that mixes `str` or `int` into it; None for `StrEnum`, `IntEnum` and
    the flags (their `str()` is another), a class that writes its own `__str__`, or a member the layer cannot place."""
    place = _enum_place(value)
    if place is None or not value.label or _defines(place[2], "__str__"):
        return None
    ctx, _, cls = place
    bases = [ctx.resolve(b) or (b.id if isinstance(b, ast.Name) else None) for b in cls.bases]
    if "enum.Enum" not in bases or not all(b in ("enum.Enum", "str", "int", "builtins.str", "builtins.int") for b in bases):
        return None
    return value.label


NEVER_EQUAL = object()  # `enum_compares_as`: a plain Enum's member equals no constant


def enum_compares_as(value: Value) -> Any:
    """What `member == constant` compares of a member of the project's Enum: NEVER_EQUAL for a plain `Enum` (a
    member equals only itself), its value for one that mixes `str` or `int` in (`class Fmt(str, Enum)`,
    `StrEnum`, `IntEnum`: the value's own `==`); None when the layer cannot tell (its class writes `__eq__`, a
    base it cannot place, a value that is no constant)."""
    place = _enum_place(value)
    if place is None or _defines(place[2], "__eq__"):
        return None
    ctx, assign, cls = place
    bases = [ctx.resolve(b) or (b.id if isinstance(b, ast.Name) else None) for b in cls.bases]
    if bases == ["enum.Enum"]:
        return NEVER_EQUAL
    mixed = {"str", "int", "builtins.str", "builtins.int", "enum.StrEnum", "enum.IntEnum"}
    if not bases or not all(b in mixed or b == "enum.Enum" for b in bases) or not any(b in mixed for b in bases):
        return None
    member = assign.value
    return member.value if isinstance(member, ast.Constant) and isinstance(member.value, (str, int)) else None


def _is_enum(cls: ast.ClassDef, ctx: Context) -> bool:
    return any((ctx.resolve(b) or "").startswith("enum.") for b in cls.bases)


def _defines(cls: ast.ClassDef, name: str) -> bool:
    return any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name for s in cls.body)


def _is_static(func: ast.AST) -> bool:
    return _decorated_by(func, "staticmethod")


def _classmethod_receivers(klass: ast.ClassDef) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """The class's classmethods with the name of their first parameter (`cls`): kept for the check, as the
    constructions of a class are asked again and again (~50 times of lightning's `Fabric`, 57 methods)."""
    return [(method, [*method.args.posonlyargs, *method.args.args][0].arg) for method in klass.body
            if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_classmethod(method)
            and (method.args.posonlyargs or method.args.args)]


def _builds_cls(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A classmethod that returns `cls(...)`: an alternative constructor (`from_dict`, `from_name`)."""
    if not func.args.args:
        return False
    first = func.args.args[0].arg
    return any(isinstance(r, ast.Call) and isinstance(r.func, ast.Name) and r.func.id == first
               for r in ctx.returned_values(func))


def _namedtuple_like(cls: ast.ClassDef) -> bool:
    """A NamedTuple (or pydantic model) class: its fields are read as a dataclass's, but it is no dataclass."""
    return any(source_text(b).split(".")[-1] in ("NamedTuple", "BaseModel") for b in cls.bases)


def _is_classmethod(func: ast.AST) -> bool:
    return _decorated_by(func, "classmethod")


def _decorated_by(func: ast.AST, name: str) -> bool:
    """`@name` is one of the def's decorators (the plain name: the only decorator spelt `name`; asked of every
    method of a class for each of its constructions, so not unparsed)."""
    return any(isinstance(d, ast.Name) and d.id == name for d in getattr(func, "decorator_list", ()))


def _is_bare_super(flow: Flow, call: ast.Call) -> bool:
    """`super()` with no arguments, `super` being the builtin."""
    return isinstance(call.func, ast.Name) and call.func.id == "super" and not call.args and not call.keywords \
        and flow.reaching(call.func) is None


def _assigned_names(stmt: ast.stmt) -> set[str]:
    """The names a class-body statement binds (`lr = 1e-3`, `remat: bool = False`, `hook = other`)."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _may_set_default(func: ast.AST, default: ast.Call, name: str, given: set[str] | None) -> bool:
    """`name.setdefault(k, v)` in `func` may run for a call that gives the keys `given` (None: keys it cannot
    tell): False under an `if "m" in name:` (or `not in`) those keys decide the other way."""
    child: ast.AST = default
    for parent in _ancestors(func, default):
        if isinstance(parent, ast.If) and child is not parent.test and given is not None:
            test = parent.test
            if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn)) \
                    and isinstance(test.left, ast.Constant) and isinstance(test.left.value, str) \
                    and isinstance(test.comparators[0], ast.Name) and test.comparators[0].id == name:
                holds = (test.left.value in given) is isinstance(test.ops[0], ast.In)
                if holds is not any(stmt is child for stmt in parent.body):
                    return False
        child = parent
    return True


def _ancestors(top: ast.AST, node: ast.AST) -> list[ast.AST]:
    """The nodes from `node`'s parent up to `top` (excluded), innermost first, found by a walk of `top`."""
    path: list[ast.AST] = []

    def find(current: ast.AST) -> bool:
        for child in ast.iter_child_nodes(current):
            if child is node or find(child):
                path.append(current)
                return True
        return False

    find(top)
    return [n for n in path if n is not top]


def _stores_by_attribute(ctx: Context) -> dict[str, list[ast.Attribute]]:
    """The module's `obj.attr = ...` targets, by the attribute's name."""
    out: dict[str, list[ast.Attribute]] = {}
    for node in ctx.nodes(ast.Attribute):
        if isinstance(node.ctx, ast.Store):
            out.setdefault(node.attr, []).append(node)
    return out



def _runs_in(parent_of: Callable[[ast.AST], ast.AST | None], func: ast.FunctionDef, stmt: ast.stmt, site: Flow) -> bool | None:
    """Whether `stmt` of `func`'s body runs when `site` calls it: True, False (an `if` around it that the call's
    arguments decide the other way), None when the layer cannot tell (an undecided test, a loop, a `try`)."""
    node: ast.AST = stmt
    while (parent := parent_of(node)) is not func:
        if isinstance(parent, ast.If):
            truth = site._truth(parent.test, {n.id: site.values(n) for n in walk(parent.test) if isinstance(n, ast.Name)})
            if truth is None:
                return None
            if truth is not (node in parent.body):
                return False
        elif not isinstance(parent, ast.With):
            return None
        node = parent
    return True


def _parameter_named(scope: ast.AST, name: str) -> ast.arg | None:
    """The parameter of the function `scope` named `name` (a name a test reads that the walk's bindings left
    out: the one `mode = mode.lower()` reads before it binds `mode` again); None for any other."""
    if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    return next((a for a in all_args(scope.args) if a.arg == name), None)


def _is_parameter(flow: Flow, name: ast.Name) -> bool:
    defs = flow.reaching(name)
    return bool(defs) and all(d.how == "param" for d in defs or ())


def _closes_over_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function that may return a function reading its parameters (a decorator factory's
    `reduce_metrics(reduce_op)`, a decorator's `fn`): what it returns depends on the call."""
    params = {a.arg for a in all_args(func.args)}
    return any(isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and inner is not func
               and any(isinstance(n, ast.Name) and n.id in params and isinstance(n.ctx, ast.Load) for n in ast.walk(inner))
               for inner in ast.walk(func))


def _forwards_to_base(cls: ast.ClassDef) -> bool:
    """`cls` builds its base with the arguments it is given: it has no `__init__`, or one whose own
    parameters are keyword-only and whose first statement past them is `super().__init__(*args, **kwargs)`."""
    init = next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__init__"), None)
    if init is None:
        return True
    a = init.args
    if len(a.posonlyargs) + len(a.args) != 1 or a.vararg is None or a.kwarg is None:
        return False
    for stmt in init.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "__init__" \
                and isinstance(call.func.value, ast.Call) and source_text(call.func.value) == "super()":
            return [source_text(x) for x in call.args] == [f"*{a.vararg.arg}"] and len(call.keywords) == 1 \
                and call.keywords[0].arg is None and source_text(call.keywords[0].value) == a.kwarg.arg
    return False


def _above(node: ast.AST, other: ast.AST) -> bool:
    """`node` starts before `other` in the text."""
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0)) < (getattr(other, "lineno", 0), getattr(other, "col_offset", 0))


def _rebinds(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """`func`'s body binds `name` again (its stores then go to another object)."""
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in walk(func))


def _stores_into_parameter(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> Iterator[tuple[str, ast.expr, ast.AST]]:
    """(key, value, where) of each store `func` makes into the dict its parameter `name` holds, under a constant
    key: `name["k"] = v`, `name.setdefault("k", v)`, `name.update(k=v)`, and `name.setdefault("k", []).append(x)`
    (the `[]`, to which `x` is appended: the key was unset, as a fresh kwargs dict has it)."""
    def keyed_on_param(node: ast.AST, method: str) -> str | None:
        """The constant key of `name.<method>("k", ...)`."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == name and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            return node.args[0].value
        return None
    appended: set[int] = set()  # `name.setdefault("k", [])` calls whose list is appended to
    for node in walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(target := node.targets[0], ast.Subscript) \
                and isinstance(target.value, ast.Name) and target.value.id == name \
                and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str):
            yield target.slice.value, node.value, target
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        receiver = node.func.value
        if node.func.attr == "update" and isinstance(receiver, ast.Name) and receiver.id == name and not node.args:
            yield from ((k.arg, k.value, k) for k in node.keywords if k.arg is not None)
        key = keyed_on_param(receiver, "setdefault")
        if key is not None and isinstance(receiver, ast.Call) and _appends_to_setdefault(node, receiver) \
                and isinstance(receiver.args[1], ast.List) and not receiver.args[1].elts:
            appended.add(id(receiver))
            yield key, receiver.args[1], receiver.args[1]  # (`Flow.appended` reads what the `[]` is given)
        key = keyed_on_param(node, "setdefault")
        if key is not None and len(node.args) == 2 and id(node) not in appended:
            yield key, node.args[1], node


def _appends_to_setdefault(call: ast.Call, setdefault: ast.AST) -> bool:
    """`call` is `<setdefault>.append(x)` with `setdefault` a `d.setdefault("k", default)` call."""
    return isinstance(call.func, ast.Attribute) and call.func.attr == "append" and call.func.value is setdefault \
        and len(call.args) == 1 and not call.keywords and isinstance(setdefault, ast.Call) \
        and isinstance(setdefault.func, ast.Attribute) and setdefault.func.attr == "setdefault" and len(setdefault.args) == 2


def _library_construction(value: Value) -> bool:
    """An object a library class builds (`TorchCheckpointIO()`): a call of a library name spelled as a class is,
    in CapWords (not a CONSTANT)."""
    name = (value.qualified or "").rpartition(".")[2]
    return value.kind == "unknown" and isinstance(value.node, ast.Call) and name[:1].isupper() and not name.isupper()


def _binds_the_method(decorator: ast.expr) -> bool:
    """`@staticmethod` or `@classmethod`: a decorator that registers the function nowhere."""
    return isinstance(decorator, ast.Name) and decorator.id in ("staticmethod", "classmethod")


def _store(entries: dict[str, Entry], key: str, entry: Entry) -> None:
    """`entry` stored under `key`: a key stored on every path before stays there on every path."""
    before = entries.get(key)
    entries[key] = entry if before is None or before.when or not entry.when else replace(entry, when=())


def _changes_parameter(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """`func` rebinds its parameter `name`, stores into it (`cfg.x = ...`, `cfg["x"] = ...`, `setattr(cfg, ...)`) or
    calls a mutating method on it (`cfg.update(...)`): what it returns is not what it was given."""
    for node in walk(func):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load) \
                and isinstance(node.value, ast.Name) and node.value.id == name:
            return True
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == name \
                and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING_METHODS \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == name:
            return True
    return False


def _attributes_only(test: ast.expr, name: str) -> list[str]:
    """The attributes `test` reads of the name `name` when it reads the name only so (`args.clip_mode == "value"`);
    [] when it reads the name itself too."""
    reads = [n for n in ast.walk(test) if isinstance(n, ast.Name) and n.id == name]
    attrs = [n.attr for n in ast.walk(test) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name]
    return list(dict.fromkeys(attrs)) if reads and len(attrs) == len(reads) else []


def _sets(cls: ast.ClassDef, attr: str) -> bool:
    """`cls`'s own body binds `attr` (a class attribute, a method) or one of its methods stores it on `self`."""
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if stmt.name == attr or attr in _self_stores(stmt):
                return True
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(isinstance(t, ast.Name) and t.id == attr for t in targets):
                return True
    return False


def _registries(module: ast.Module) -> list[str]:
    """The names bound at the top level of `module` to a dict, list, tuple or set display (or `dict()`):
    the tables a class may be picked from."""
    out = []
    for stmt in module.body:
        target, value = (stmt.targets[0] if len(stmt.targets) == 1 else None, stmt.value) if isinstance(stmt, ast.Assign) \
            else (stmt.target, stmt.value) if isinstance(stmt, ast.AnnAssign) else (None, None)
        if isinstance(target, ast.Name) and not target.id.startswith("__") and (isinstance(value, (ast.Dict, ast.List, ast.Tuple, ast.Set))
                                             or isinstance(value, ast.Call) and source_text(value.func) == "dict"):
            out.append(target.id)
    return out


def _tables(module: ast.Module) -> list[tuple[str, ast.expr]]:
    """The tables of `_registries`, each with the display it is bound to."""
    names = set(_registries(module))
    out = []
    for stmt in module.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0] if len(stmt.targets) == 1 else None
            if isinstance(target, ast.Name) and target.id in names:
                out.append((target.id, stmt.value))
    return out


def _abstract_method(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`@abstractmethod`, or a body (past its docstring) that is only `raise NotImplementedError`."""
    if any(source_text(d).endswith("abstractmethod") for d in func.decorator_list):
        return True
    body = [s for s in func.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Raise) and body[0].exc is not None \
        and source_text(body[0].exc).split("(")[0] in ("NotImplementedError", "NotImplemented")


def _picks_from(there: Flow, func: ast.expr, name: str) -> bool:
    """`func` reads the table `name` (`name[k]`, `name.get(k)`, `pkg.name[k]`), or is a local bound once to
    such a read (`make = name[k]`)."""
    def reads(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Name) and n.id == name or isinstance(n, ast.Attribute) and n.attr == name
                   for n in ast.walk(node))
    if isinstance(func, (ast.Subscript, ast.Call)):
        return reads(func)
    if isinstance(func, ast.Name):
        scope = there.ctx.enclosing_function(func) or there.ctx.module
        bound = there.ctx.bindings(func.id, scope)
        return len(bound) == 1 and bound[0].value is not None and reads(bound[0].value)
    return False


def _twin_in(there: Flow, top: ast.AST, path: str | None) -> ast.AST | None:
    """`top` (a function or class of the module at `path`) as the module `there` reads it: the node of
    that module's summary, its own tree."""
    found = _twin_read(there, top, path)
    return found[1] if found is not None else None


def _runs_at(instance: Value, func: ast.FunctionDef | ast.AsyncFunctionDef, cls_name: str) -> bool:
    """Calling the instance runs `func` (the `__call__` of class `cls_name`) as another tree has it: the
    method its class resolves to (its own, or a base's of any module) is of that class, at that place."""
    flow, klass = instance.flow, instance.extra[0] if isinstance(instance.extra, tuple) else None
    if flow is None or not isinstance(klass, ast.ClassDef):
        return False
    found = next((x for x in flow.class_attribute(klass, func.name, set()) if x.kind == "function"), None)
    method = found.node if found is not None else None
    owner = (found.flow or flow).ctx.parents.get(method) if found is not None and method is not None else None
    return isinstance(method, type(func)) and isinstance(owner, ast.ClassDef) and owner.name == cls_name \
        and (method.lineno, method.col_offset) == (func.lineno, func.col_offset)


def _forwarding_wrapper(decorator: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The wrapper a decorator `def deco(fn)` returns when it calls `fn` with its own parameters, in their order
    and unchanged (`def wrapper(*args, **kwargs): ... fn(*args, **kwargs)`, `def wrapper(fabric, *args,
    **kwargs): ... fn(fabric, *args, **kwargs)`), on every path, once; None for any other decorator."""
    params = [*decorator.args.posonlyargs, *decorator.args.args]
    if len(params) != 1 or decorator.args.vararg or decorator.args.kwarg or decorator.args.kwonlyargs:
        return None
    fn = params[0].arg
    returns = [s for s in decorator.body if isinstance(s, ast.Return)]
    wrappers = {s.name: s for s in decorator.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Name) or returns[0].value.id not in wrappers \
            or any(isinstance(n, ast.Return) for s in decorator.body if s is not returns[0] for n in ast.walk(s)
                   if n is not s and not any(n in ast.walk(w) for w in wrappers.values())):
        return None
    wrapper = wrappers[returns[0].value.id]
    args = wrapper.args
    if args.posonlyargs or args.kwonlyargs or args.defaults or not args.vararg or not args.kwarg:
        return None
    expected = [a.arg for a in args.args]
    calls = [n for n in ast.walk(wrapper) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == fn]
    if not calls:
        return None  # (called twice: `fn` read otherwise, below)
    call = calls[0]
    read_by = {id(c): p for p in ast.walk(decorator) for c in ast.iter_child_nodes(p)}
    for n in ast.walk(decorator):  # `fn` read otherwise than called once: by attribute (`fn.__name__`), by `wraps(fn)`
        parent = read_by.get(id(n))
        if isinstance(n, ast.Name) and n.id == fn and n is not call.func and not isinstance(parent, ast.Attribute) \
                and not (isinstance(parent, ast.Call) and parent in wrapper.decorator_list and parent.args == [n]):
            return None
    given = [a.id if isinstance(a, ast.Name) else None for a in call.args[:-1]]
    star, double = call.args[-1] if call.args else None, call.keywords
    if given != expected or not (isinstance(star, ast.Starred) and isinstance(star.value, ast.Name)
                                 and star.value.id == args.vararg.arg) \
            or len(double) != 1 or double[0].arg is not None or not isinstance(double[0].value, ast.Name) \
            or double[0].value.id != args.kwarg.arg:
        return None
    own = {*expected, args.vararg.arg, args.kwarg.arg}
    if any(isinstance(n, ast.Name) and n.id in own and isinstance(n.ctx, (ast.Store, ast.Del)) for n in ast.walk(wrapper)):
        return None  # a parameter rebound before the call
    statement = next((s for s in wrapper.body if call in list(ast.walk(s))), None)
    if statement is None or not isinstance(statement, (ast.Expr, ast.Assign, ast.Return)) or statement.value is not call \
            or any(isinstance(s, (ast.If, ast.For, ast.While, ast.Try, ast.With, ast.Return, ast.Raise))
                   for s in wrapper.body[:wrapper.body.index(statement)]):
        return None  # (the call must run on every path, first among what may leave)
    return wrapper


def _passes_through(value: Value) -> bool:
    """`value` is the wrapper a forwarding decorator of the project returns (`_forwarding_wrapper`)."""
    if value.kind != "function" or value.flow is None or not isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    decorator = value.flow.ctx.parents.get(value.node)
    return isinstance(decorator, (ast.FunctionDef, ast.AsyncFunctionDef)) and _forwarding_wrapper(decorator) is value.node


def _twin_read(there: Flow, top: ast.AST, path: str | None) -> tuple[Flow, ast.AST] | None:
    """`_twin_in` with the flow that reads the twin's tree (the module at `path` as `there` reads it): what
    the twin's own expressions hold (a parameter's default) is asked of that flow, not of `there`."""
    name = getattr(top, "name", "")
    for load in [*there.ctx.loads_named(name), *(c.func for c in there.ctx.module_function_calls(name))]:
        for value in there.values(load):
            if value.is_read_from(top, path) and value.flow is not None and value.node is not None:
                return value.flow, value.node
    return None


def _same_node(twin_top: ast.AST, mine: ast.AST) -> ast.AST | None:
    """`mine`, a node inside a function or class, as the same node inside `twin_top` (that function or class
    read from another tree of the same text): the node of its type at its place."""
    return next((n for n in ast.walk(twin_top) if type(n) is type(mine) and getattr(n, "lineno", None) == getattr(mine, "lineno", None)
                 and getattr(n, "col_offset", None) == getattr(mine, "col_offset", None)), None)


def _same_parameter(func: ast.FunctionDef | ast.AsyncFunctionDef, twin: ast.FunctionDef | ast.AsyncFunctionDef,
                    arg: ast.arg) -> ast.arg | None:
    """`arg` of `func` as the same parameter of `twin` (the same def read from another tree)."""
    mine, theirs = all_args(func.args), all_args(twin.args)
    return next((t for m, t in zip(mine, theirs) if m is arg and t.arg == arg.arg), None)


# What a test decided by the values of its names cannot hold: a call (its answer is not a value the layer has
# for the name), a function, a comprehension, an assignment past the outermost one
_DECIDED_ELSEWHERE = (ast.Call, ast.Lambda, ast.comprehension, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)


def _assignment_in(test: ast.expr) -> ast.NamedExpr | None:
    """`(x := value)` as the test, or as the left side of its one comparison (`(x := value) is not None`)."""
    inner = test.left if isinstance(test, ast.Compare) and len(test.ops) == 1 else test
    return inner if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name) else None


def _with_target(test: ast.expr) -> ast.expr:
    """`test` with its `(x := value)` (`_assignment_in`) read as `x`."""
    bound = _assignment_in(test)
    if bound is None:
        return test
    if bound is test:
        return bound.target
    return ast.Compare(left=bound.target, ops=test.ops, comparators=test.comparators)  # type: ignore[attr-defined]


def _builtin_types(value: Value) -> frozenset[str] | None:
    """The builtin classes a value is an instance of, when it is one of a builtin class exactly (a display, a
    builtin's result, a constant); None when the layer cannot tell."""
    if value.kind == "number":
        constant = value.node.value if isinstance(value.node, ast.Constant) else None
        return frozenset({"int"} if type(constant) is int else {"float"} if type(constant) is float else {}) or None
    return BUILTIN_KINDS.get(value.kind)


def _says_not_none(test: ast.expr, name: str, holds: bool) -> bool:
    """Whether `test` (holding, or not with `holds` False) says the name `name` is not None (`x`, `x is not
    None`, or the same of a name an assignment expression binds there: `(x := cfg.get("k")) is not None`)."""
    test = _with_target(test)
    if isinstance(test, ast.Name) and test.id == name:
        return holds  # `if x:` (not `else`: a falsy x may be 0)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name) and test.left.id == name \
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None:
        return isinstance(test.ops[0], ast.IsNot) if holds else isinstance(test.ops[0], ast.Is)
    return False
