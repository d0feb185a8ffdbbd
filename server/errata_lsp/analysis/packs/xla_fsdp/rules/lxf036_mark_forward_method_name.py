"""LXF036: `model.mark_forward_method(name)` on a set-up module, where the name is no method of its class.

`_FabricModule.mark_forward_method` checks the name where it is called (wrappers.py l.171, l.173), under
every strategy: `forward` itself raises `ValueError: You cannot mark the forward method itself as a forward
method.` (labelled case ad4c9f9579943688_before), and a name that is not a method of the original module
(`isinstance(getattr(module, name, None), MethodType)`) raises `AttributeError: You marked 'generat' as a
forward method, but `Net.generat` does not exist or is not a method.` (279be41bbf8b0533_before). Marking is
what LXF031 asks for, so its name must be right.

Flagged where the receiver holds what a `fabric.setup_module` or `fabric.setup` call returned, for a module
of a class this file defines whose bases are `nn.Module` alone (a method it inherits from elsewhere cannot
be seen), and the name is a string written at the call that the class body does not define as a plain
method, that `nn.Module` does not have, and that the body does not bind some other way. A property, a
static method or a layer (`"head"`) is no method: Lightning refuses them too; a class method is one.

The fix, for a name close to one of the class's methods (a typo), writes that method's name; a guess, so
unsafe. For `forward`, removing the statement is the fix (`model(x)` already runs it through the wrapper),
left to the user.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Safety
from ....flow import BY_DEFAULT, ENVIRONMENT_UNSET, Flow
from ....rule import Invalid, Rule, Valid, fix, replace
from ..facts import plain_method, set_up_module_class

FORWARD_ITSELF_RECORD = "ad4c9f9579943688"  # ValueError: You cannot mark the forward method itself
# The methods every `torch.nn.Module` has (torch 2.9, public, plain functions): marking one is accepted.
MODULE_METHODS = frozenset((
    "add_module apply bfloat16 buffers children compile cpu cuda double eval extra_repr float forward get_buffer "
    "get_extra_state get_parameter get_submodule half ipu load_state_dict modules mtia named_buffers named_children "
    "named_modules named_parameters parameters register_backward_hook register_buffer register_forward_hook "
    "register_forward_pre_hook register_full_backward_hook register_full_backward_pre_hook "
    "register_load_state_dict_post_hook register_load_state_dict_pre_hook register_module register_parameter "
    "register_state_dict_post_hook register_state_dict_pre_hook requires_grad_ set_extra_state set_submodule "
    "share_memory state_dict to to_empty train type xpu zero_grad").split())
MODULE_BASES = ("nn.Module", "torch.nn.Module", "Module")


class MarkForwardMethodName(Rule):
    code = "LXF036"
    record = "279be41bbf8b0533"
    name = "mark-forward-method-name"
    summary = "`mark_forward_method` must name a method of the module's class other than `forward`"
    triggers = ("mark_forward_method",)
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "    def generate(self, x):\n"
            "        return self(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.mark_forward_method('generat')\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "    def generate(self, x):\n"
            "        return self(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.mark_forward_method('generate')\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`Net.generat` does not exist or is not a method",
            count=1, at="10:31-10:40", severity="error",
        ),
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "class Net(nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = nn.Linear(4, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup(Net())\n"
            "    model.mark_forward_method('forward')\n"
            "    model.mark_forward_method(method='head')\n"
            "Fabric(strategy='ddp').launch(train)\n",
            message="raises ValueError: You cannot mark the forward method itself as a forward method",
            count=2, at="11:31-11:40", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Base(torch.nn.Module):\n"
              "    def sample(self, x):\n"
              "        return x\n"
              "class Net(Base):\n"
              "    def forward(self, x):\n"
              "        return x\n"
              "class Small(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return x\n"
              "    def generate(self, x):\n"
              "        return self(x)\n"
              "    decode = generate\n"
              "def train(fabric, name):\n"
              "    model = fabric.setup_module(Net())\n"
              "    model.mark_forward_method('sample')\n"
              "    small = fabric.setup_module(Small())\n"
              "    small.mark_forward_method('generate')\n"
              "    small.mark_forward_method('decode')\n"
              "    small.mark_forward_method('eval')\n"
              "    small.mark_forward_method(name)\n"
              "    Small().mark_forward_method('forward')\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, receiver in ctx.method_calls("mark_forward_method"):
            found = _name_argument(ctx, call)
            turns = () if found is not None else _loop_names(ctx, call)
            if found is None and not turns:
                continue
            setup = _setup_of(ctx, receiver)
            if setup is None:
                continue
            for named, constant, module in (found,) if found is not None else turns:
                yield from self._check_name(ctx, receiver, setup, named, constant, module, looped=found is None)

    def _check_name(self, ctx: Context, receiver: ast.expr, setup: ast.Call, named: ast.expr, constant: ast.Constant,
                    module: Flow | None, looped: bool) -> Iterator[Finding]:
        """The finding for one name the call marks (`looped`: one turn of a loop over a tuple of names)."""
        name = str(constant.value)
        spelled, written = ctx.doc.source(receiver), ctx.doc.source(named)
        turn = f" on the turn `{written}` is {name!r}" if looped else ""
        written_here = module is None and constant in ctx.parents  # (not a name the run computes: `fn.__name__`)
        if looped and written_here:
            named = constant  # this file's element of the tuple: the one to change
        if name == "forward":
            yield self.finding(ctx, named, (
                f"`forward` already runs through the strategy's wrapper (`{spelled}(x)`), so "
                f"`{spelled}.mark_forward_method({written})`{turn} raises ValueError: You cannot mark the forward "
                "method itself as a forward method. Remove the call, or mark the other method that runs the layers"),
                record=FORWARD_ITSELF_RECORD)
            return
        cls = set_up_module_class(ctx, setup, elsewhere=True)
        if cls is None or not _only_module_bases(cls) or name in MODULE_METHODS or _a_method_or_unknown(cls, name):
            return
        methods = [s.name for s in cls.body if isinstance(s, ast.FunctionDef) and plain_method(cls, s.name) is not None
                   and not s.name.startswith("_") and s.name != "forward"]
        import difflib  # only a name no method has asks for it: not on the first diagnostics' path

        near = difflib.get_close_matches(name, methods, n=1, cutoff=0.75)
        message = (f"`{cls.name}.{name}` is no method of the module's class, so "
                   f"`{spelled}.mark_forward_method({written})`{turn} raises AttributeError: You marked "
                   f"{name!r} as a forward method, but `{cls.name}.{name}` does not exist or is not a "
                   "method")
        fixes = []
        if near:
            message += f". Did you mean {near[0]!r}?"
        owner = module.ctx if module is not None else ctx  # the name written in another module is fixed there
        literal = owner.doc.source(constant)
        quote = literal[0]
        if near and (written_here or module is not None) and quote in "'\"" and literal[1:2] != quote:
            # a plain one-line string: rewritten in its quote
            fixes.append(fix(f"Mark `{near[0]}` instead", replace(owner, constant, f"{quote}{near[0]}{quote}"),
                             safety=Safety.UNSAFE, preferred=True, path=module.origin if module else None))
        finding = self.finding(ctx, named, message, fixes)
        place = place_in(module, constant) if module is not None else None
        yield finding if place is None else dataclasses.replace(finding, elsewhere=place)


def _name_argument(ctx: Context, call: ast.Call) -> tuple[ast.expr, ast.Constant, Flow | None] | None:
    """The method's name (first positional or `method=`): the argument, the string it holds on every path
    (written at the call, or a constant bound once, here or in another module), and the flow of that other
    module (None when the string is this file's)."""
    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "method"), None)
    if arg is None or isinstance(arg, ast.Starred):
        return None
    if isinstance(arg, ast.Constant):
        return (arg, arg, None) if isinstance(arg.value, str) else None
    # what a plain run names: an environment variable's default (`env.get("DECODE", "generate")`), an option's
    values = Flow.plain_run(ctx.values(arg))
    if len(values) != 1 or not all(c == BY_DEFAULT or c.endswith(ENVIRONMENT_UNSET) for c in values[0].when) \
            or values[0].kind != "str" or not isinstance(values[0].node, ast.Constant) \
            or not isinstance(values[0].node.value, str):
        return None
    value, constant = values[0], values[0].node
    if not value.foreign:
        return (arg, constant, None) if constant in ctx.parents else None
    return (arg, constant, value.flow) if value.flow is not None and value.flow.origin is not None else None


def _loop_names(ctx: Context, call: ast.Call) -> list[tuple[ast.expr, ast.Constant, Flow | None]]:
    """The names a call marks on the turns of the loop whose variable it is given (`for name in ("forward",
    "generate"): model.mark_forward_method(name)`): each element of the loop's tuple that is one string, as
    `_name_argument` gives it; none when the call may be skipped on a turn (written under an `if` of the body, or
    after a `break`, `continue`, `return` or `raise` there)."""
    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "method"), None)
    if not isinstance(arg, ast.Name):
        return []
    items, binding = ctx.flow.loop_items(arg), ctx.reaching(arg)
    loop, stmt = (binding.stmt if binding is not None else None), ctx.statement_of(call)
    if items is None or not isinstance(loop, (ast.For, ast.AsyncFor)) or stmt not in loop.body:
        return []
    before = loop.body[: loop.body.index(stmt)]
    if any(isinstance(n, (ast.Break, ast.Continue, ast.Return, ast.Raise)) for s in before for n in ast.walk(s)):
        return []
    names: list[tuple[ast.expr, ast.Constant, Flow | None]] = []
    for element in items:
        if len(element) != 1 or element[0].when or element[0].kind != "str" \
                or not isinstance(element[0].node, ast.Constant) or not isinstance(element[0].node.value, str):
            continue
        value, constant = element[0], element[0].node
        if not value.foreign and (constant in ctx.parents or hasattr(constant, "lineno")):
            names.append((arg, constant, None))  # (written here, or computed here: `fn.__name__` of a wrapper)
        elif value.foreign and value.flow is not None and value.flow.origin is not None:
            names.append((arg, constant, value.flow))
    return names


def _setup_of(ctx: Context, receiver: ast.expr) -> ast.Call | None:
    """The `fabric.setup_module(m)` / `fabric.setup(m)` call the receiver holds on every path, any strategy."""
    values = ctx.values(receiver)
    if len(values) != 1 or values[0].kind != "setup_module" or values[0].foreign:
        return None
    setup = values[0].node
    return setup if isinstance(setup, ast.Call) and len(setup.args) >= 1 else None


def _only_module_bases(cls: ast.ClassDef) -> bool:
    return bool(cls.bases) and all(ast.unparse(base) in MODULE_BASES for base in cls.bases) and not cls.keywords


NOT_METHODS = frozenset(("property", "cached_property", "setter", "getter", "deleter", "staticmethod"))


def _a_method_or_unknown(cls: ast.ClassDef, name: str) -> bool:
    """The class body defines the name as a method (a class method is one; another decorator may make it one), or
    binds it in a way the rule does not follow (`decode = generate`, a nested class, an annotation)."""
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            decorated = {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "") for d in stmt.decorator_list}
            return not decorated & NOT_METHODS  # a property or a static method is no method to Lightning
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(
            stmt, (ast.AnnAssign, ast.AugAssign)) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
        if isinstance(stmt, ast.ClassDef) and stmt.name == name:
            return True
    return False


RULE = MarkForwardMethodName()
