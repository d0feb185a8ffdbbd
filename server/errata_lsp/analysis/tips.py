"""What a library adds to the evaluator, registered by its pack (as astroid's brains register
inference tips). The core asks these questions and names no library itself:

- `calls`: what a call to a library callable returns, by its qualified name (`Fabric(...)`);
- `methods`: what a method of a library value returns, by the receiver's kind (`fabric.setup_module(m)`);
- `attributes`: what an attribute of a library value holds, by its kind (`fabric.strategy`); `lacking`: the
  attributes a library value of a kind certainly has not (`getattr(model, "_orig_mod", model)` of a set-up module
  is the default, `hasattr` of one false);
- `classes`: what building a project class that derives from a library class gives (a strategy,
  a module);
- `callbacks`: methods that call the function they are given, with the receiver first
  (`fabric.launch(train)` calls `train(fabric)`);
- how a library's names are spelt: `packages` renamed as a whole (`lightning_fabric` is
  `lightning.fabric`), other `spellings` of one qualified name, what `from M import *` brings in
  (`star_exports`), and the `libraries`: top-level packages never read as the user's modules;
- `enums`: library classes whose members are Enum members (`torch.distributed.ReduceOp`): the `.name` of
  one is its name, a str (`ReduceOp.MAX.name` is "MAX");
- `pure`: library callables whose answer is the same each time one run calls them with the same arguments
  (`torch.cuda.is_available()`): two tests on one such call are one condition, so a path that takes one
  takes the other (a library call not listed may answer otherwise the second time: `torch.rand(()) < 0.5`);
- `dispatchers`: methods that call a method named by their first argument on objects the receiver
  holds, with their other arguments (`fabric.call("on_train_end", fabric=fabric)` calls
  `on_train_end(fabric=fabric)` of each callback given to `Fabric(callbacks=[...])`): the tip says
  which objects a receiver holds; its registration, which library callables build such a receiver
  (`Fabric`) and which names the library dispatches on its own (`on_after_setup` in `fabric.setup`).
  A method of a held object that no dispatch, nor the library, nor the code names never runs.
- `writers`: the path a library call writes (`fabric.save(path, state)`, `torch.save(obj, f)`), with what it
  makes there ("file", "dir", None when it may be either): a file test of that path after it, on the same
  run, is true.
- `predicates`: library functions of one argument whose answer the kind of the value tells
  (`lightning.fabric.wrappers.is_wrapped(m)`: True for a set-up module, False for a raw one): a test on
  one is decided as a test on a constant is, by what the argument holds on every path.
- `distributions`: the distribution whose version a library module's `__version__` is (`lightning.__version__` is
  the `lightning` distribution's), and `version_objects`: the modules whose `__version__` compares with a string
  as a version does (torch's `TorchVersion`: `torch.__version__ >= "2.1"`), not as strings do. A test of a
  library's version (`Version(lightning.__version__) < Version("3.0")`) is decided by the version the checked
  code runs with.

Each tip answers None when it has nothing to say; the first answer wins, in registration order.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .flow import Flow
    from .values import Value

CallTip = Callable[["Flow", ast.Call, str], "tuple[Value, ...] | None"]
MethodTip = Callable[["Flow", ast.Call, "Value", str], "tuple[Value, ...] | None"]
AttributeTip = Callable[["Flow", "Value", str, ast.AST], "tuple[Value, ...] | None"]
ClassTip = Callable[["Flow", ast.ClassDef, ast.Call], "tuple[Value, ...] | None"]
DispatchTip = Callable[["Flow", "Value"], "tuple[Value, ...]"]
WriterTip = Callable[["Flow", ast.Call], "tuple[ast.expr, str | None] | None"]
PredicateTip = Callable[["Value"], "bool | None"]
InstanceTip = Callable[["Flow", "Value", str], "bool | None"]  # `isinstance(value, <library class>)`


@dataclass
class Tips:
    calls: list[CallTip] = field(default_factory=list)
    methods: dict[str, list[MethodTip]] = field(default_factory=dict)
    attributes: dict[str, list[AttributeTip]] = field(default_factory=dict)
    classes: list[ClassTip] = field(default_factory=list)
    callbacks: tuple[str, ...] = ()
    packages: dict[str, str] = field(default_factory=dict)
    spellings: dict[str, str] = field(default_factory=dict)
    star_exports: dict[str, frozenset[str]] = field(default_factory=dict)
    libraries: tuple[str, ...] = ()
    dispatchers: dict[str, list[DispatchTip]] = field(default_factory=dict)
    dispatch_builders: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dispatch_own: dict[str, tuple[str, ...]] = field(default_factory=dict)
    enums: tuple[str, ...] = ()
    pure: tuple[str, ...] = ()
    writers: list[WriterTip] = field(default_factory=list)
    distributions: dict[str, str] = field(default_factory=dict)
    version_objects: tuple[str, ...] = ()
    predicates: dict[str, PredicateTip] = field(default_factory=dict)
    lacking: dict[str, frozenset[str]] = field(default_factory=dict)
    # library decorators (or decorator factories, called with their options) whose wrapper passes each call's
    # arguments on to the function unchanged and keeps it nowhere else (`@torch.no_grad()`)
    transparent_decorators: tuple[str, ...] = ()
    instance_tests: list[InstanceTip] = field(default_factory=list)

    # --- registration (decorators, used by the packs) ------------------------------------------
    def call(self, tip: CallTip) -> CallTip:
        self.calls.append(tip)
        return tip

    def method(self, kind: str) -> Callable[[MethodTip], MethodTip]:
        def register(tip: MethodTip) -> MethodTip:
            self.methods.setdefault(kind, []).append(tip)
            return tip
        return register

    def attribute(self, kind: str) -> Callable[[AttributeTip], AttributeTip]:
        def register(tip: AttributeTip) -> AttributeTip:
            self.attributes.setdefault(kind, []).append(tip)
            return tip
        return register

    def derived_class(self, tip: ClassTip) -> ClassTip:
        self.classes.append(tip)
        return tip

    def writer(self, tip: WriterTip) -> WriterTip:
        self.writers.append(tip)
        return tip

    def predicate(self, qualified: str) -> Callable[[PredicateTip], PredicateTip]:
        def register(tip: PredicateTip) -> PredicateTip:
            self.predicates[qualified] = tip
            return tip
        return register

    def callback(self, method: str) -> None:
        self.callbacks = (*self.callbacks, method)

    def dispatcher(self, method: str, built_by: tuple[str, ...] = (),
                   own: tuple[str, ...] = ()) -> Callable[[DispatchTip], DispatchTip]:
        """`built_by`: the library callables whose result is a receiver of `method` (`Fabric`); `own`: the
        names the library calls on the held objects itself, with no call of `method` in the code."""
        def register(tip: DispatchTip) -> DispatchTip:
            self.dispatchers.setdefault(method, []).append(tip)
            self.dispatch_builders[method] = (*self.dispatch_builders.get(method, ()), *built_by)
            self.dispatch_own[method] = (*self.dispatch_own.get(method, ()), *own)
            return tip
        return register

    def joined(self, other: Tips) -> Tips:
        """These tips, then `other`'s (a pack built on another asks the other's tips first)."""
        methods = {k: [*v] for k, v in self.methods.items()}
        for k, v in other.methods.items():
            methods.setdefault(k, []).extend(v)
        attributes = {kind: [*tips] for kind, tips in self.attributes.items()}
        for kind, tips in other.attributes.items():
            attributes.setdefault(kind, []).extend(tips)
        dispatchers = {method: [*found] for method, found in self.dispatchers.items()}
        for method, found in other.dispatchers.items():
            dispatchers.setdefault(method, []).extend(found)
        builders = {m: (*self.dispatch_builders.get(m, ()), *other.dispatch_builders.get(m, ())) for m in dispatchers}
        own = {m: (*self.dispatch_own.get(m, ()), *other.dispatch_own.get(m, ())) for m in dispatchers}
        return Tips([*self.calls, *other.calls], methods, attributes, [*self.classes, *other.classes],
                    tuple(dict.fromkeys((*self.callbacks, *other.callbacks))),
                    packages={**other.packages, **self.packages}, spellings={**other.spellings, **self.spellings},
                    star_exports={**other.star_exports, **self.star_exports},
                    libraries=tuple(dict.fromkeys((*self.libraries, *other.libraries))), dispatchers=dispatchers,
                    dispatch_builders=builders, dispatch_own=own,
                    enums=tuple(dict.fromkeys((*self.enums, *other.enums))),
                    pure=tuple(dict.fromkeys((*self.pure, *other.pure))), writers=[*self.writers, *other.writers],
                    distributions={**other.distributions, **self.distributions},
                    version_objects=tuple(dict.fromkeys((*self.version_objects, *other.version_objects))),
                    predicates={**other.predicates, **self.predicates},
                    lacking={k: self.lacking.get(k, frozenset()) | other.lacking.get(k, frozenset())
                             for k in {*self.lacking, *other.lacking}},
                    transparent_decorators=tuple(dict.fromkeys((*self.transparent_decorators,
                                                                *other.transparent_decorators))),
                    instance_tests=[*self.instance_tests, *other.instance_tests])

    def is_instance(self, flow: Flow, value: Value, qualified: str) -> bool | None:
        """Whether `value` is an instance of the library class `qualified`, as a pack tells; None when none does."""
        return next((found for tip in self.instance_tests if (found := tip(flow, value, qualified)) is not None), None)

    def canonical(self, name: str) -> str:
        """The one qualified name of a library name, however it is spelt."""
        for old, new in self.packages.items():
            if name == old or name.startswith(old + "."):
                name = new + name[len(old):]
                break
        return self.spellings.get(name, name)

    # --- questions (asked by the evaluator) ----------------------------------------------------
    def library_call(self, flow: Flow, node: ast.Call, qualified: str) -> tuple[Value, ...] | None:
        return _first(tip(flow, node, qualified) for tip in self.calls)

    def method_call(self, flow: Flow, node: ast.Call, receiver: Value, name: str) -> tuple[Value, ...] | None:
        return _first(tip(flow, node, receiver, name) for tip in self.methods.get(receiver.kind, ()))

    def attribute_of(self, flow: Flow, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...] | None:
        return _first(tip(flow, value, attr, node) for tip in self.attributes.get(value.kind, ()))

    def instance_of(self, flow: Flow, cls: ast.ClassDef, node: ast.Call) -> tuple[Value, ...] | None:
        return _first(tip(flow, cls, node) for tip in self.classes)

    def written_path(self, flow: Flow, node: ast.Call) -> tuple[ast.expr, str | None] | None:
        """The path a library call writes and what it makes there, if a pack says it writes one."""
        return next((path for tip in self.writers if (path := tip(flow, node)) is not None), None)

    def predicate_of(self, qualified: str) -> PredicateTip | None:
        """How a library function of one argument answers for a value, if a pack says so."""
        return self.predicates.get(qualified)

    def dispatched_to(self, flow: Flow, method: str, receiver: Value) -> tuple[Value, ...]:
        """The objects `receiver.<method>("name", ...)` calls `name` of."""
        return tuple(x for tip in self.dispatchers.get(method, ()) for x in tip(flow, receiver))


def _first(answers: Iterable[tuple[Value, ...] | None]) -> tuple[Value, ...] | None:
    for answer in answers:
        if answer is not None:
            return answer
    return None


NO_TIPS = Tips()  # Python alone: what the core knows without any pack
