"""LXF013: an optimizer built from the raw model's parameters, then set up after `setup_module`.

`XLAFSDPStrategy.setup_optimizer` (called by `fabric.setup_optimizers` for each optimizer) accepts an
optimizer only if one of its parameters carries the `_is_sharded` flag that XlaFullyShardedDataParallel
puts on its flattened shards; otherwise it raises ValueError "The optimizer does not seem to
reference any XLAFSDP parameters" (xla_fsdp.py l.267). An optimizer created from `model.parameters()`
*before* `fabric.setup_module(model)` holds the original parameters, which XLAFSDP has replaced.

Flagged where one function shows it: `opt = Optim(model.parameters(), ...)`, then
`fabric.setup_module(model)` (or `fabric.setup(model)`), then `fabric.setup_optimizers(opt)`; where the
value-flow layer shows a builder returned the optimizer with the very module set up before
(`model, opt = build()`), a builder of another module too (reported there, on the optimizer's
construction); and for `self.opt` built in `__init__` from the raw module (the constructor runs before
any method can set the module up).
Also where `setup_optimizers` gets an optimizer of a raw module (`AdamW(net.parameters())`, in the call or bound to
the name given) while no set-up of that module in the function comes before it, and none is written in another
function: the set-up comes later in the function or never, and the call raises all the same (reported on the
optimizer, no fix: where the set-up should go is the author's).
Also where the optimizer is built after the set-up, but from what a local helper, or a loop or comprehension of
the function, gathered from the raw module before it (`groups = param_groups(net, wd)`, or `decay.append(p)` in
`for n, p in net.named_parameters():`, then `fabric.setup_module(net)`, then `AdamW(groups)`): the parameters read
are those XLAFSDP then replaced (reported on the module they were read from, no fix).
The fix moves the optimizer's creation right after `setup_module`, built from the set-up model. It
changes the parameters the optimizer holds (and their names, if parameter groups are chosen by name),
so it is unsafe; it is offered only when nothing between the two lines uses the optimizer.

An optimizer built *after* `model = fabric.setup_module(raw)` from the kept reference `raw` never gets
to Lightning's check (labelled cases `95e7a3380b01287c_raw-after-setup` and `_raw-after-setup-wrapped`).
`setup_module` moves `raw`'s parameters into the flat shards of the set-up model. Without
`auto_wrap_policy`, `raw` has no parameter left and torch raises "ValueError: optimizer got an empty
parameter list" where the optimizer is built: an error. With `auto_wrap_policy`, the submodules the policy
wrapped are replaced inside `raw` by their XLAFSDP wrappers, so `raw.parameters()` gives their shards:
the run goes on, and the optimizer never updates the root module's own layers (those no wrapped
submodule holds): a warning, as for any silent misbehaviour; a warning too when the file cannot tell
whether a policy is given. The fix builds the optimizer from the set-up model instead (unsafe: it changes
what is trained).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....binder import is_generator
from ....context import Binding, Context, place_in
from ....findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from ....flow import Flow, argument_for
from ....rule import Invalid, Rule, Valid, fix, short
from ....statements import (
    built_by_helper,
    items_of,
    line_span,
    list_item,
    loop_source,
    movable,
    newline,
    optimizer_params,
    parameter_roots,
    renamed_text,
    same_value,
    whole_lines,
)
from ....values import Value
from ...lightning.fabric import XLA_FSDP, fabric_kind, is_fabric_method
from ..checkpoints import RAW_MODULE, object_kind
from ..facts import auto_wrap_given

MODULE_SETUPS = ("setup_module", "setup")
BINDING_STEPS = 8  # the assignments `_parameters_of` follows back from the optimizer's parameters



def _built_module(value: Value) -> bool:
    """A module, or what a library class the layer does not know builds (`Transformer(vocab_size=16)` of
    `lightning.pytorch.demos`): that very construction is what `setup_module` is then given, a module."""
    return value.kind == "module" or value.kind == "unknown" and isinstance(value.node, ast.Call) \
        and value.qualified is not None

class OptimizerBeforeSetup(Rule):
    code = "LXF013"
    record = "95e7a3380b01287c"
    name = "optimizer-before-setup"
    summary = "Under XLAFSDP, create the optimizer from the model returned by `setup_module`"
    severity = Severity.ERROR
    triggers = ("setup_optimizers",)
    # built from the set-up model, an optimizer whose groups are chosen by `p.dim()` is silently wrong
    reveals = ("LXF030",)
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def configure_optimizers(model):\n"
            "    return [torch.optim.AdamW(model.parameters())]\n"
            "def train(fabric):\n"
            "    model = torch.nn.Linear(2, 2)\n"
            "    optimizers = configure_optimizers(model)\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(*optimizers)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizers` is built from the raw model's parameters (line 4) before `fabric.setup_module(model)`",
            count=1, at="9:42-9:52", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def configure_optimizers(model):\n"
              "    return [torch.optim.AdamW(model.parameters())]\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(torch.nn.Linear(2, 2))\n"
              "    optimizers = configure_optimizers(model)\n"
              "    optimizer = fabric.setup_optimizers(*optimizers)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def build():\n"
            "    model = torch.nn.Linear(2, 2)\n"
            "    optimizer = torch.optim.AdamW(model.parameters())\n"
            "    return model, optimizer\n"
            "def train(fabric):\n"
            "    model, optimizer = build()\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizer` is built from the raw model's parameters (line 5) before `fabric.setup_module(model)`",
            count=1, at="10:41-10:50", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def build():\n"
              "    model = torch.nn.Linear(2, 2)\n"
              "    optimizer = torch.optim.AdamW(model.parameters())\n"
              "    return model, optimizer\n"
              "def train(fabric):\n"
              "    model, optimizer = build()\n"
              "    model = fabric.setup_module(model)\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"
              "def tune(fabric):\n"
              "    model, optimizer = build()\n"
              "    model, optimizer = fabric.setup(model, optimizer)\n"
              "Fabric(strategy='ddp').launch(tune)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self, fabric, model):\n"
            "        self.fabric = fabric\n"
            "        self.model = model\n"
            "        self.optimizer = torch.optim.Adam(self.model.parameters())\n"
            "    def fit(self):\n"
            "        self.model = self.fabric.setup_module(self.model)\n"
            "        self.optimizer = self.fabric.setup_optimizers(self.optimizer)\n"
            "def main(fabric):\n"
            "    Trainer(fabric, torch.nn.Linear(2, 2)).fit()\n"
            "Fabric(strategy='xla_fsdp').launch(main)\n",
            message="`self.optimizer` is built from `self.model`'s parameters in `__init__` (line 7), before the model is set up",
            count=1, at="10:55-10:69", severity="error",
        ),
        Invalid(
            "import dataclasses\n"
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "@dataclasses.dataclass\n"
            "class TrainState:\n"
            "    model: torch.nn.Module\n"
            "    optimizer: torch.optim.Optimizer = dataclasses.field(init=False)\n"
            "    def __post_init__(self):\n"
            "        self.optimizer = torch.optim.AdamW(self.model.parameters())\n"
            "def main(fabric):\n"
            "    state = TrainState(torch.nn.Linear(2, 2))\n"
            "    model = fabric.setup_module(state.model)\n"
            "    optimizer = fabric.setup_optimizers(state.optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(main)\n",
            message="`state.optimizer` is built from `self.model`'s parameters in `__post_init__` (line 9), before the "
                    "model is set up",
            count=1, at="13:41-13:56", severity="error",
        ),
        Invalid(
            "import dataclasses\n"
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "@dataclasses.dataclass\n"
            "class TrainState:\n"
            "    model: torch.nn.Module\n"
            "    optimizer: torch.optim.Optimizer = dataclasses.field(init=False)\n"
            "    def __post_init__(self):\n"
            "        self.optimizer = torch.optim.AdamW(self.model.parameters())\n"
            "def main(fabric):\n"
            "    state = TrainState(torch.nn.Linear(2, 2))\n"
            "    state.model = fabric.setup_module(state.model)\n"
            "    state.optimizer = fabric.setup_optimizers(state.optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(main)\n",
            message="`state.optimizer` is built from `self.model`'s parameters in `__post_init__` (line 9), before the "
                    "model is set up",
            count=1, at="13:47-13:62", severity="error",
        ),
        Valid("import dataclasses\n"
              "import torch\n"
              "from lightning.fabric import Fabric\n"
              "@dataclasses.dataclass\n"
              "class TrainState:\n"
              "    model: torch.nn.Module\n"
              "    optimizer: torch.optim.Optimizer = dataclasses.field(init=False)\n"
              "    def __post_init__(self):\n"
              "        self.optimizer = torch.optim.AdamW(self.model.parameters())\n"
              "def main(fabric):\n"
              "    state = TrainState(fabric.setup_module(torch.nn.Linear(2, 2)))\n"
              "    optimizer = fabric.setup_optimizers(state.optimizer)\n"
              "Fabric(strategy='xla_fsdp').launch(main)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Trainer:\n"
              "    def __init__(self, fabric, model):\n"
              "        self.fabric = fabric\n"
              "        self.model = fabric.setup_module(model)\n"
              "        self.optimizer = torch.optim.Adam(self.model.parameters())\n"
              "    def fit(self):\n"
              "        self.optimizer = self.fabric.setup_optimizers(self.optimizer)\n"
              "def main(fabric):\n"
              "    Trainer(fabric, torch.nn.Linear(2, 2)).fit()\n"
              "Fabric(strategy='xla_fsdp').launch(main)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="does not seem to reference any XLAFSDP parameters",
            count=1, at="7:41-7:50", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    opt = torch.optim.SGD(params=net.named_parameters(), lr=0.1)  # tuned\n"
            "    wrapped = fabric.setup_module(net)  # shard\n"
            "    opt = fabric.setup_optimizers(opt)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    wrapped = fabric.setup_module(net)  # shard\n"
            "    opt = torch.optim.SGD(params=wrapped.named_parameters(), lr=0.1)  # tuned\n"
            "    opt = fabric.setup_optimizers(opt)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="7:35-7:38", severity="error",
        ),
        Invalid(  # the optimizer is used before the set-up: flagged, no fix
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = torch.optim.Adam([{'params': model.head.parameters()}])\n"
            "    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)\n"
            "    model = fabric.setup(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="8:41-8:50", severity="error",
        ),
        Invalid(  # parameter groups gathered inline from the raw module, before its set-up
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    decay, no_decay = [], []\n"
            "    for name, param in net.named_parameters():\n"
            "        (no_decay if name.endswith('bias') else decay).append(param)\n"
            "    model = fabric.setup_module(net)\n"
            "    groups = [{'params': decay}, {'params': no_decay, 'weight_decay': 0.0}]\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`decay` holds `net`'s parameters, read at line 6 before `fabric.setup_module(net)` (line 8); XLAFSDP "
                    "replaces them with sharded ones",
            count=1, at="6:24-6:27", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    params = [p for p in net.parameters() if p.requires_grad]\n"
            "    model = fabric.setup_module(net)\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.SGD(params, lr=0.1))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`params` holds `net`'s parameters, read at line 5 before `fabric.setup_module(net)` (line 6)",
            count=1, at="5:26-5:29", severity="error",
        ),
        Valid("import torch\n"  # gathered from the set-up model; or a list the loop never appends to
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    net = Net()\n"
              "    model = fabric.setup_module(net)\n"
              "    decay, no_decay = [], []\n"
              "    for name, param in model.named_parameters():\n"
              "        (no_decay if name.endswith('bias') else decay).append(param)\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.AdamW([{'params': decay}, {'params': no_decay}]))\n"
              "def tune(fabric):\n"
              "    net = Net()\n"
              "    seen, kept = [], []\n"
              "    for name, param in net.named_parameters():\n"
              "        seen.append(name)\n"
              "    model = fabric.setup_module(net)\n"
              "    kept.extend(model.parameters())\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(kept))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def configure_optimizer(model, lr):\n"
            "    return torch.optim.AdamW(model.parameters(), lr=lr)\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = configure_optimizer(model, lr=1e-3)\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizer` is built from `model`'s parameters before `fabric.setup_module(model)` (line 7)",
            count=1, at="9:41-9:50", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    raw_model = Net()\n"
            "    model = fabric.setup_module(raw_model)\n"
            "    optimizer = torch.optim.AdamW(raw_model.parameters(), lr=1e-3)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    raw_model = Net()\n"
            "    model = fabric.setup_module(raw_model)\n"
            "    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizer` is built from `raw_model` (line 6), the module `fabric.setup_module(raw_model)` set up "
                    "(line 5): XLAFSDP moved its parameters into the set-up model's shards, so torch raises "
                    "ValueError: optimizer got an empty parameter list. Build it from `model.parameters()`",
            count=1, at="7:41-7:50", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    raw_model = Net()\n"
            "    model = fabric.setup_module(raw_model)\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(raw_model.parameters()))\n"
            "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    raw_model = Net()\n"
            "    model = fabric.setup_module(raw_model)\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n"
            "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n",
            message="with `auto_wrap_policy`, `raw_model` keeps only the wrapped submodules' shards: the run goes on "
                    "and the optimizer never updates the root module's own layers",
            count=1, at="7:41-7:82", severity="warning",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = Net()\n"
              "    model = fabric.setup_module(model)\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    optimizer = torch.optim.Adam(model.parameters())\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = Net()\n"
              "    optimizer = torch.optim.Adam(model.parameters())\n"
              "    model = fabric.setup_module(model)\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy='ddp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric, model):\n"
              "    optimizer = torch.optim.Adam(model.parameters())\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = Net()\n"
              "    optimizer = torch.optim.Adam(model.parameters())\n"
              "    model = Other()\n"
              "    model = fabric.setup_module(model)\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(  # nanoGPT's hook: a method of the module builds the optimizer from `self`'s parameters
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class GPT(torch.nn.Module):\n"
            "    def configure_optimizers(self, weight_decay, lr):\n"
            "        params = {n: p for n, p in self.named_parameters()}\n"
            "        decay = [p for n, p in params.items() if p.dim() >= 2]\n"
            "        return torch.optim.AdamW([{'params': decay, 'weight_decay': weight_decay}], lr=lr)\n"
            "def train(fabric):\n"
            "    model = GPT()\n"
            "    optimizer = model.configure_optimizers(0.1, 6e-4)\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizer` is built from `model`'s parameters before `fabric.setup_module(model)` (line 10)",
            count=1, at="12:41-12:50", severity="error",
        ),
        Invalid(  # the hook called by a builder: `self` is the module the builder returns, set up after
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def configure_optimizers(self, params=None):\n"
            "        return torch.optim.AdamW(self.parameters() if params is None else params)\n"
            "def build():\n"
            "    net = Net()\n"
            "    return net, net.configure_optimizers()\n"
            "def train(fabric):\n"
            "    net, optimizer = build()\n"
            "    model = fabric.setup_module(net)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`optimizer` is built from the raw model's parameters (line 5) before `fabric.setup_module(net)`",
            count=1, at="12:41-12:50", severity="error",
        ),
        Valid("import torch\n"  # given the set-up model's parameters, the hook never reads `self.parameters()`
              "from lightning.fabric import Fabric\n"
              "class Net(torch.nn.Module):\n"
              "    def configure_optimizers(self, params=None):\n"
              "        return torch.optim.AdamW(self.parameters() if params is None else params)\n"
              "def train(fabric):\n"
              "    net = Net()\n"
              "    model = fabric.setup_module(net)\n"
              "    optimizer = fabric.setup_optimizers(net.configure_optimizers(model.parameters()))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"  # a helper's `module.parameters()` is its default only: given the set-up model's
              "from lightning.fabric import Fabric\n"
              "def make_optimizer(module, params=None):\n"
              "    params = module.parameters() if params is None else params\n"
              "    return torch.optim.AdamW(params, lr=1e-3)\n"
              "def train(fabric):\n"
              "    net = torch.nn.Linear(2, 2)\n"
              "    model = fabric.setup_module(net)\n"
              "    optimizer = make_optimizer(net, model.parameters())\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"  # the hook of the set-up model's module, called after the set-up
              "from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "class Net(torch.nn.Module):\n"
              "    def configure_optimizers(self):\n"
              "        return torch.optim.AdamW(self.parameters())\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    optimizer = model.module.configure_optimizers()\n"
              "    optimizer = fabric.setup_optimizers(optimizer)\n"
              "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={torch.nn.Linear})).launch(train)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self, fabric, model):\n"
            "        self.fabric, self.model = fabric, model\n"
            "    def setup(self):\n"
            "        self.optimizer = torch.optim.AdamW(self.model.parameters())\n"
            "        self.model = self.fabric.setup_module(self.model)\n"
            "        self.optimizer = self.fabric.setup_optimizers(self.optimizer)\n"
            "def train(fabric):\n"
            "    Trainer(fabric, Net()).setup()\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`self.optimizer` is built from `self.model`'s parameters (line 7) before "
                    "`self.fabric.setup_module(self.model)` (line 8)",
            count=1, at="9:55-9:69", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Trainer:\n"
              "    def __init__(self, fabric, model):\n"
              "        self.fabric, self.model = fabric, model\n"
              "    def setup(self):\n"
              "        self.model = self.fabric.setup_module(self.model)\n"
              "        self.optimizer = torch.optim.AdamW(self.model.parameters())\n"
              "        self.optimizer = self.fabric.setup_optimizers(self.optimizer)\n"
              "    def setup_head(self):\n"
              "        optimizer = torch.optim.AdamW(self.head.parameters())\n"
              "        self.model = self.fabric.setup_module(self.model)\n"
              "        self.head_optimizer = self.fabric.setup_optimizers(optimizer)\n"
              "def train(fabric):\n"
              "    Trainer(fabric, Net()).setup()\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("setup_optimizers"):
            if not call.args or fabric_kind(ctx, fabric) != XLA_FSDP:
                continue
            for opt in call.args:
                after = self._raw_after_setup(ctx, opt, fabric) or self._gathered_before_setup(ctx, opt)
                if after is not None:
                    yield after
                    continue
                if isinstance(opt, ast.Starred) and isinstance(opt.value, ast.Name):  # `setup_optimizers(*optimizers)`
                    finding = self._built_elsewhere(ctx, opt.value, call, unpacked=True)
                    if finding is not None:
                        yield finding
                    continue
                if isinstance(opt, ast.Subscript):  # `optimizers[i]`: an item of a list built from raw models
                    finding = self._item_built_raw(ctx, opt, call)
                    if finding is not None:
                        yield finding
                    continue
                if isinstance(opt, ast.Attribute):
                    finding = self._built_at_construction(ctx, opt, call) or self._attribute_built_raw(ctx, opt, call)
                    if finding is not None:
                        yield finding
                if not isinstance(opt, ast.Name):
                    continue
                if loop_source(ctx, opt) is not None:  # `for model, optimizer in zip(models, optimizers):`
                    finding = self._item_built_raw(ctx, opt, call)
                    if finding is not None:
                        yield finding
                        continue
                found = self._raw_built(ctx, opt, call)
                if found is not None:
                    yield self._finding(ctx, opt, *found)
                    continue
                finding = self._attribute_built_raw(ctx, opt, call)
                if finding is not None:
                    yield finding
                    continue
                finding = self._built_elsewhere(ctx, opt, call) or self._set_up_before_its_module(ctx, opt, call)
                if finding is not None:
                    yield finding
            for opt in call.args:
                if isinstance(opt, ast.Call):  # `fabric.setup_optimizers(AdamW(net.parameters()))`
                    finding = self._set_up_before_its_module(ctx, opt, call)
                    if finding is not None:
                        yield finding

    def _set_up_before_its_module(self, ctx: Context, opt: ast.Name | ast.Call, use: ast.Call) -> Finding | None:
        """An optimizer built from a raw module's parameters (`AdamW(net.parameters())`, here or bound to the name
        given) that `setup_optimizers` gets while no set-up of that module in this scope comes before its
        construction: its parameters are the originals, so the call raises whether `setup_module(net)` comes later
        or never (the set-up between the two is `_raw_built`'s)."""
        built = opt if isinstance(opt, ast.Call) else None
        binding = ctx.reaching(opt) if isinstance(opt, ast.Name) else None
        if binding is not None and isinstance(binding.value, ast.Call) and binding.stmt is not None:
            built = binding.value
        params = optimizer_params(built) if built is not None else None
        roots = [r for r in parameter_roots(ctx, params) if isinstance(r, ast.Name)] if params is not None else []
        if not roots or any(object_kind(ctx, r) != RAW_MODULE for r in roots):
            return None
        scope = ctx.scope_of(use)
        setups = [s for root in roots for method in MODULE_SETUPS for s in ctx.method_calls_passing(method, root.id)]
        if any(ctx.scope_of(setup) is not scope or _before(setup, use) for setup in setups):
            # set up between, or before the construction (the other readings', and `raw` after set-up), or in another
            # function, which may run first
            return None
        model = roots[0].id
        shown = opt.id if isinstance(opt, ast.Name) else short(ctx.doc.source(opt))
        message = (f"`{shown}` is built from `{model}`'s parameters, and no `fabric.setup_module({model})` comes before "
                   f"this `setup_optimizers`: they are not XLAFSDP's sharded parameters, so it raises ValueError: The "
                   "optimizer does not seem to reference any XLAFSDP parameters. Set the module up first, then build "
                   "the optimizer from the set-up model")
        return self.finding(ctx, opt, message)

    def _raw_after_setup(self, ctx: Context, opt: ast.expr, fabric: ast.expr) -> Finding | None:
        """`model = fabric.setup_module(raw)`, then an optimizer built from `raw.parameters()`: given as
        `opt`, or built in a statement of the same block that `opt` names."""
        built, where = opt, opt
        if isinstance(opt, ast.Name):
            binding = ctx.reaching(opt)
            if binding is None or not isinstance(binding.value, ast.Call):
                return None
            built = binding.value
        if not isinstance(built, ast.Call) or built_by_helper(ctx, built):
            return None
        params = optimizer_params(built)
        if params is None:
            return None
        scope = ctx.scope_of(built)
        for root in parameter_roots(ctx, params):
            for method in MODULE_SETUPS:
                for setup in ctx.method_calls_passing(method, root.id, scope):
                    holder = ctx.statement_of(setup)
                    if not (len(setup.args) == 1 and same_value(ctx, setup.args[0], root) and _before(setup, built)
                            and is_fabric_method(ctx, setup, MODULE_SETUPS)
                            and fabric_kind(ctx, setup.func.value) == XLA_FSDP):  # type: ignore[attr-defined]
                        continue
                    target = holder.targets[0] if isinstance(holder, ast.Assign) and len(holder.targets) == 1 \
                        and holder.value is setup and isinstance(holder.targets[0], ast.Name) else None
                    roots = [r for r in parameter_roots(ctx, params) if same_value(ctx, r, root)]
                    return self._after_finding(ctx, where, built, setup, roots, target, auto_wrap_given(ctx, fabric))
        return None

    def _gathered_before_setup(self, ctx: Context, opt: ast.expr) -> Finding | None:
        """`groups = param_groups(net, wd)`, then `fabric.setup_module(net)`, then an optimizer built from `groups`:
        the local helper read `net`'s parameters before the set-up replaced them, so the optimizer built after it
        holds the original ones all the same."""
        built: ast.AST | None = opt
        if isinstance(opt, ast.Name):
            binding = ctx.reaching(opt)
            built = binding.value if binding is not None else None
        if not isinstance(built, ast.Call) or built_by_helper(ctx, built):
            return None
        gathered = optimizer_params(built)
        inline = self._gathered_inline(ctx, built, gathered)
        if inline is not None:
            return inline
        if isinstance(gathered, ast.Name):
            binding = ctx.reaching(gathered)
            gathered = binding.value if binding is not None else None
        helper = ctx.local_function(gathered.func) if isinstance(gathered, ast.Call) else None
        if helper is None or not isinstance(gathered, ast.Call):
            return None
        scope = ctx.scope_of(built)
        for arg in [*helper.args.posonlyargs, *helper.args.args]:
            given = argument_for(helper, arg, gathered, False)
            if not isinstance(given, ast.Name) or not _reads_parameters(ctx, helper, arg.arg):
                continue
            setup = _set_up_between(ctx, given, scope, gathered, built)
            if setup is not None:
                read = f"`{ctx.doc.source(gathered)}` (line {gathered.lineno}) reads `{given.id}`'s parameters"
                return self._read_before(ctx, given, read, setup, "what it returned", "Call it after `setup_module`")
        return None

    def _read_before(self, ctx: Context, module: ast.Name, read: str, setup: ast.Call, held: str, advice: str) -> Finding:
        """The finding on `module`, whose parameters were `read` before `setup` replaced them."""
        return self.finding(ctx, module, (
            f"{read} before `{ctx.doc.source(setup)}` (line {setup.lineno}); XLAFSDP replaces them with sharded ones, "
            f"so the optimizer built from {held} holds none of them and `setup_optimizers` raises ValueError: The "
            f"optimizer does not seem to reference any XLAFSDP parameters. {advice}, on the set-up model"))

    def _gathered_inline(self, ctx: Context, built: ast.Call, given: ast.AST | None) -> Finding | None:
        """`decay, no_decay = [], []`, `for n, p in net.named_parameters(): (no_decay if ... else decay).append(p)`
        (or `groups = [p for p in net.parameters() if ...]`), then `fabric.setup_module(net)`, then an optimizer
        built from those lists (or from `[{"params": decay, ...}, ...]`): the lists hold the parameters XLAFSDP
        then replaced. Reported on the module the parameters were read from, before its set-up."""
        shown: ast.AST | None = given
        if isinstance(given, ast.Name):
            binding = ctx.reaching(given)
            if binding is not None and isinstance(binding.value, (ast.List, ast.Tuple)):
                shown = binding.value  # `groups = [{"params": decay, ...}, ...]`
        leaves = [shown] if isinstance(shown, ast.Name) else [
            v for d in getattr(shown, "elts", ()) if isinstance(d, ast.Dict)
            for k, v in zip(d.keys, d.values) if isinstance(k, ast.Constant) and k.value == "params"]
        scope = ctx.scope_of(built)
        for leaf in leaves:
            read = _parameters_read_into(ctx, leaf, scope) if isinstance(leaf, ast.Name) else None
            if read is None or not isinstance(leaf, ast.Name):
                continue
            module, where = read
            setup = _set_up_between(ctx, module, scope, where, built)
            if setup is not None:
                said = f"`{leaf.id}` holds `{module.id}`'s parameters, read at line {where.lineno}"
                return self._read_before(ctx, module, said, setup, "it", "Gather the parameters after `setup_module`")
        return None

    def _after_finding(self, ctx: Context, where: ast.expr, built: ast.Call, setup: ast.Call, roots: list[ast.Name],
                       target: ast.Name | None, wrapped: bool | None) -> Finding:
        raw, set_up = roots[0].id, f"`{target.id}.parameters()`" if target is not None else "the set-up model"
        head = (f"`{ctx.doc.source(where)}` is built from `{raw}` (line {built.lineno}), the module "
                if where is not built else f"The optimizer is built from `{raw}`, the module ")
        head += f"`{ctx.doc.source(setup)}` set up (line {setup.lineno})"
        empty = ("XLAFSDP moved its parameters into the set-up model's shards, so torch raises ValueError: "
                 "optimizer got an empty parameter list")
        partial = ("with `auto_wrap_policy`, `" + raw + "` keeps only the wrapped submodules' shards: the run goes "
                   "on and the optimizer never updates the root module's own layers")
        if wrapped is False:
            message, severity = f"{head}: {empty}. Build it from {set_up}", Severity.ERROR
        elif wrapped:
            message, severity = f"{head}: {partial}. Build it from {set_up}", Severity.WARNING
        else:
            message = (f"{head}: without `auto_wrap_policy` {empty.replace('XLAFSDP moved', 'XLAFSDP moves')}; "
                       f"{partial}. Build it from {set_up}")
            severity = Severity.WARNING
        fixes = []
        if target is not None:
            edits = [Edit(ctx.doc.span(r), target.id) for r in roots]
            fixes.append(fix(f"Build the optimizer from `{target.id}`, the set-up model", *edits,
                             safety=Safety.UNSAFE, preferred=True))
        return self.finding(ctx, where, message, fixes, severity=severity)

    def _built_elsewhere(self, ctx: Context, opt: ast.Name, use: ast.Call, unpacked: bool = False) -> Finding | None:
        """`model, optimizer = build()` then `fabric.setup_module(model)`: the value-flow layer shows the
        optimizer holds the parameters of the very module that is set up before `use`; `unpacked`: `opt`
        is a list or tuple of optimizers passed as `*opt`."""
        values = ctx.values(opt)
        if unpacked:
            values = _elements(ctx, values)
        if not values or any(v.kind != "optimizer" or v.when or not isinstance(v.node, ast.Call) for v in values) \
                or len({v.flow.origin if v.flow is not None else None for v in values}) != 1:
            return None
        modules: set[int] = set()
        for value in values:
            params = optimizer_params(value.node)  # type: ignore[arg-type]  # a call (above)
            # read where it is built: in another module (`return model, optimizer` in factory.py), in a method
            # evaluated for its receiver (`net.configure_optimizers()`: `self` is `net`)
            reader = value.flow if value.flow is not None else ctx.flow
            roots = _parameters_of(reader.ctx, params) if params is not None else []
            if any(not _taken(reader, root) for root in roots):
                return None  # `self.parameters() if params is None else params`: not on every path
            found = [x for root in roots for x in reader.values(root)]
            if not found or any(not _built_module(x) or x.when for x in found):
                return None
            modules.update(id(x.node) for x in found)
        scope = ctx.scope_of(use)
        binding = ctx.reaching(opt)
        for setup, set_up in _module_setups(ctx, scope):
            if not _before(setup, use):
                continue
            if binding is not None and ctx.scope_of(binding.stmt) is scope and _before(setup, binding.stmt):
                continue  # `opt = model.module.configure_optimizers()` after the set-up: built then
            if not any(_built_module(x) and id(x.node) in modules for x in set_up):
                continue
            built, flow = values[0], values[0].flow
            where = f"{flow.origin_name}, line {built.line}" if built.foreign and flow is not None else f"line {built.line}"
            message = (
                f"`{opt.id}` is built from the raw model's parameters ({where}) before "
                f"`{ctx.doc.source(setup)}`; XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises "
                "ValueError: The optimizer does not seem to reference any XLAFSDP parameters. "
                "Create the optimizer after `setup_module`, from the set-up model"
            )
            finding = self.finding(ctx, opt, message)
            place = place_in(flow, built.node) if built.foreign and flow is not None and built.node else None
            return finding if place is None else dataclasses.replace(finding, elsewhere=place)
        return None

    def _item_built_raw(self, ctx: Context, opt: ast.Subscript | ast.Name, use: ast.Call) -> Finding | None:
        """`optimizers = [Adam(m.parameters()) for m in models]` (or appended in `for m in models:`), then
        the models set up item by item (`models[i] = fabric.setup_module(models[i])`, or in a `for` over
        them) before `setup_optimizers(optimizers[i])`: each item holds a raw model's parameters."""
        item = list_item(ctx, opt)
        if item is None or not isinstance(item.built, ast.Call) or not isinstance(item.over, ast.Name):
            return None
        params = optimizer_params(item.built)
        if params is None or not any(r.id == item.name.id for r in parameter_roots(ctx, params)):
            return None
        if not all(v.kind == "optimizer" for v in ctx.values(item.built)) or not ctx.values(item.built):
            return None
        scope = ctx.scope_of(use)
        for method in MODULE_SETUPS:
            for setup in ctx.method_calls_in(method, scope):
                if not (len(setup.args) == 1 and items_of(ctx, setup.args[0], item.over)
                        and _before(item.stmt, setup) and _before(setup, use)
                        and is_fabric_method(ctx, setup, MODULE_SETUPS)
                        and fabric_kind(ctx, setup.func.value) == XLA_FSDP):  # type: ignore[attr-defined]
                    continue
                message = (
                    f"`{ctx.doc.source(opt)}` is built from `{item.name.id}`'s parameters for each `{item.name.id}` of "
                    f"`{item.over.id}` (line {item.built.lineno}) before `{ctx.doc.source(setup)}` "
                    f"(line {setup.lineno}); XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises "
                    "ValueError: The optimizer does not seem to reference any XLAFSDP parameters. "
                    "Create each optimizer after `setup_module`, from its set-up model"
                )
                return self.finding(ctx, opt, message, [])
        return None

    def _built_at_construction(self, ctx: Context, opt: ast.Attribute, use: ast.Call) -> Finding | None:
        """`self.optimizer` built in `__init__` (or a dataclass's `__post_init__`) from the raw module's parameters:
        the constructor runs before any method of the object can set the module up, and before its caller can
        store the set-up module back (`state.model = fabric.setup_module(state.model)`), so the optimizer never
        holds XLAFSDP parameters."""
        values = [v for v in ctx.values(opt) if v.node is not use]  # `self.opt = setup_optimizers(self.opt)`
        if not values or any(v.kind != "optimizer" or v.when or v.foreign or not isinstance(v.node, ast.Call)
                             for v in values):
            return None
        built = values[0].node
        if not isinstance(built, ast.Call):
            return None
        init = ctx.enclosing_function(built)
        params = optimizer_params(built)
        if init is None or init.name not in CONSTRUCTION or params is None:
            return None
        roots = [node.func.value for node in ast.walk(params) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and node.func.attr in ("parameters", "named_parameters")]
        raw = [ctx.values(root) for root in roots]
        if not roots or not all(found and all(x.kind == "module" and not x.when for x in found) for found in raw):
            return None
        model = ctx.doc.source(roots[0])
        message = (
            f"`{ctx.doc.source(opt)}` is built from `{model}`'s parameters in `{init.name}` (line {built.lineno}), "
            f"before the model is set up; XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises "
            "ValueError: The optimizer does not seem to reference any XLAFSDP parameters. "
            "Create the optimizer after `setup_module`, from the set-up model"
        )
        return self.finding(ctx, opt, message, [])

    def _raw_built(self, ctx: Context, opt: ast.Name, use: ast.Call) -> tuple[Binding, ast.Call, list[ast.Name]] | None:
        """(binding of opt, the set-up call, the model's names in the optimizer) when the data flow shows it."""
        binding = ctx.reaching(opt)
        if binding is None or not isinstance(binding.value, ast.Call):
            return None
        params = optimizer_params(binding.value)
        if built_by_helper(ctx, binding.value):
            # `optimizer = configure_optimizer(model, ...)`: a helper that builds it from the module it is
            # given, or from its parameters (`OPTIMIZERS[name](model.parameters(), cfg)`)
            call = binding.value
            # and `model.configure_optimizers(...)`: a method of the module builds it from its own parameters
            receiver = [call.func.value] if isinstance(call.func, ast.Attribute) else []
            given = [*receiver, *call.args, *(k.value for k in call.keywords)]
            candidates = [a for a in given if isinstance(a, ast.Name)] + \
                [root for a in given if not isinstance(a, ast.Name) for root in parameter_roots(ctx, a)]
        elif params is not None:
            candidates = list(parameter_roots(ctx, params))
        else:
            return None
        scope = ctx.scope_of(use)
        for root in candidates:
            # the set-up calls of this scope that set up this name (a scan of every set-up call otherwise)
            for setup in [s for method in MODULE_SETUPS for s in ctx.method_calls_passing(method, root.id, scope)]:
                if (
                    len(setup.args) == 1 and same_value(ctx, setup.args[0], root)
                    and _before(binding.stmt, setup) and _before(setup, use)
                    and is_fabric_method(ctx, setup, MODULE_SETUPS)
                    and fabric_kind(ctx, setup.func.value) == XLA_FSDP  # type: ignore[attr-defined]
                ):
                    roots = [r for r in candidates if same_value(ctx, r, root)]
                    return binding, setup, roots
        return None

    def _attribute_built_raw(self, ctx: Context, opt: ast.Name | ast.Attribute, use: ast.Call) -> Finding | None:
        """`optimizer = AdamW(self.model.parameters())` (or `self.optimizer = ...`), then
        `self.model = self.fabric.setup_module(self.model)`, then `setup_optimizers(optimizer)`, in one function:
        the module or the optimizer is an attribute (a trainer's), the module set up between the optimizer's
        construction and its set-up. No fix: the optimizer is rebuilt from the set-up module, which the user writes."""
        built = _built_in_scope(ctx, opt, use)
        if built is None:
            return None
        stmt, call = built
        params = optimizer_params(call)
        if params is None:
            return None
        scope = ctx.scope_of(use)
        for held in _parameters_of(ctx, params):
            root = _base(held)
            if isinstance(opt, ast.Name) and isinstance(held, ast.Name) or root is None:
                continue  # a name built from a name: `_raw_built`'s
            text = ctx.doc.source(held)
            for setup, fabric in (pair for method in MODULE_SETUPS for pair in ctx.method_calls(method)):
                given = setup.args[0] if len(setup.args) == 1 and not setup.keywords else None
                given_root = _base(given) if given is not None else None
                if given is None or given_root is None or ctx.doc.source(given) != text \
                        or ctx.scope_of(setup) is not scope or not same_value(ctx, given_root, root) \
                        or not (_before(stmt, setup) and _before(setup, use)) \
                        or fabric_kind(ctx, fabric) != XLA_FSDP:
                    continue
                message = (
                    f"`{ctx.doc.source(opt)}` is built from `{text}`'s parameters (line {stmt.lineno}) before "
                    f"`{ctx.doc.source(setup)}` (line {setup.lineno}); XLAFSDP replaces them with sharded ones, so "
                    "`setup_optimizers` raises ValueError: The optimizer does not seem to reference any XLAFSDP "
                    f"parameters. Create the optimizer after `setup_module`, from the set-up `{text}`"
                )
                return self.finding(ctx, opt, message)
        return None

    def _finding(self, ctx: Context, opt: ast.Name, binding: Binding, setup: ast.Call, roots: list[ast.Name]) -> Finding:
        model = roots[0].id
        message = (
            f"`{opt.id}` is built from `{model}`'s parameters before `{ctx.doc.source(setup)}` "
            f"(line {binding.stmt.lineno}); XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises "  # type: ignore[attr-defined]
            "ValueError: The optimizer does not seem to reference any XLAFSDP parameters. "
            "Create the optimizer after `setup_module`, from the set-up model"
        )
        built = binding.value
        if isinstance(built, ast.Call) and isinstance(built.func, ast.Attribute) and any(built.func.value is r for r in roots):
            # `model.configure_optimizers()` moved after the set-up still runs the original module's method, whose
            # `self.parameters()` XLAFSDP emptied: no move fixes it
            return self.finding(ctx, opt, message, [])
        return self.finding(ctx, opt, message, [f for f in (self._move(ctx, binding, setup, roots, opt.id),) if f])

    def _move(self, ctx: Context, binding: Binding, setup: ast.Call, roots: list[ast.Name], name: str) -> Fix | None:
        anchor = ctx.statement_of(setup)
        if not (isinstance(anchor, ast.Assign) and anchor.value is setup and len(anchor.targets) == 1
                and isinstance(anchor.targets[0], ast.Name)):
            return None
        if not movable(ctx, binding.stmt, anchor, name):  # type: ignore[arg-type]
            return None
        holder = anchor.targets[0].id
        end = ctx.doc.span(anchor).end.line
        text = renamed_text(ctx, whole_lines(ctx, binding.stmt), roots, holder)  # type: ignore[arg-type]
        insert = Edit(Span(Position(end, len(ctx.doc.lines[end])), Position(end, len(ctx.doc.lines[end]))),
                      ("\n" + text).replace("\n", newline(ctx)))
        return fix(f"Create `{name}` after `{ctx.doc.source(setup)}`, from `{holder}`",
                   Edit(line_span(ctx, binding.stmt), ""), insert, safety=Safety.UNSAFE, preferred=True)  # type: ignore[arg-type]


CONSTRUCTION = ("__init__", "__post_init__")  # what runs as the object is built (a dataclass's `__post_init__`)


def _parameters_of(ctx: Context, params: ast.AST) -> list[ast.expr]:
    """The `m` of each `m.parameters()` / `m.named_parameters()` in an optimizer's parameters, and in what
    the names there are bound to, a few steps (`param_dict = {n: p for n, p in model.named_parameters()}`,
    `decay = [p for n, p in param_dict.items() if ...]`, then `[{"params": decay}, ...]`), and in what a helper's
    parameter is given when its callers give one thing (`params` of `build(name, params)` called with
    `[p for p in model.parameters() if p.requires_grad]`)."""
    exprs, seen = [params], {id(params)}
    for expr in exprs:
        if len(exprs) > BINDING_STEPS:
            break
        for name in (n for n in ast.walk(expr) if isinstance(n, ast.Name)):
            binding = ctx.reaching(name)
            bound = binding.value if binding is not None else None
            if binding is not None and bound is None and isinstance(binding.stmt, ast.arg):
                given = ctx.values(name)
                if len(given) == 1 and not given[0].when and not given[0].foreign and given[0].node in ctx.parents:
                    bound = given[0].node  # type: ignore[assignment]  # an expression of this module
            if bound is not None and id(bound) not in seen:
                seen.add(id(bound))
                exprs.append(bound)
    return [n.func.value for expr in exprs for n in ast.walk(expr) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute) and n.func.attr in ("parameters", "named_parameters")]


def _set_up_between(ctx: Context, module: ast.Name, scope: ast.AST, after: ast.AST, before: ast.AST) -> ast.Call | None:
    """The first `fabric.setup_module(module)` (or `fabric.setup(module)`) of an XLAFSDP Fabric in `scope` between
    `after` and `before`."""
    for method in MODULE_SETUPS:
        for setup in ctx.method_calls_passing(method, module.id, scope):
            if len(setup.args) == 1 and same_value(ctx, setup.args[0], module) and _before(after, setup) \
                    and _before(setup, before) and is_fabric_method(ctx, setup, MODULE_SETUPS) \
                    and fabric_kind(ctx, setup.func.value) == XLA_FSDP:  # type: ignore[attr-defined]
                return setup
    return None


def _parameters_read_into(ctx: Context, name: ast.Name, scope: ast.AST) -> tuple[ast.Name, ast.expr | ast.stmt] | None:
    """The module whose parameters the list `name` holds, and where they are read, in `scope`: bound to `[p for p
    in net.parameters()]` (or `list(net.parameters())`), or to `[]` then appended to in a `for` over
    `net.parameters()` / `net.named_parameters()` (`decay.append(p)`, `(no_decay if ... else decay).append(p)`)."""
    binding = ctx.reaching(name)
    value = binding.value if binding is not None else None
    if isinstance(value, ast.ListComp) and len(value.generators) == 1:
        module = _module_of_parameters(value.generators[0].iter)
        return (module, value) if module is not None else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in EAGER and value.args:
        module = _module_of_parameters(value.args[0])
        return (module, value) if module is not None else None
    if not (isinstance(value, ast.List) and not value.elts):
        return None
    for loop in ctx.nodes(ast.For):
        module = _module_of_parameters(loop.iter)
        if module is None or ctx.scope_of(loop) is not scope:
            continue
        for node in (n for stmt in loop.body for n in ast.walk(stmt)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                    and any(isinstance(t, ast.Name) and t.id == name.id for t in _targets(node.func.value)):
                return module, loop
    return None


def _module_of_parameters(node: ast.AST) -> ast.Name | None:
    """`net` of `net.parameters()` / `net.named_parameters()`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
            and node.func.attr in ("parameters", "named_parameters") and not node.args:
        return node.func.value
    return None


def _targets(node: ast.expr) -> list[ast.expr]:
    """What `x.append(...)` appends to: `x`, or either branch of `(a if test else b)`."""
    return [node.body, node.orelse] if isinstance(node, ast.IfExp) else [node]


def _reads_parameters(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """`func` iterates `name.parameters()` or `name.named_parameters()` of its parameter `name` (never rebound)
    where it runs: in a `for`, a list, set or dict comprehension, or `list(...)`. A generator it returns is
    drawn only when the optimizer is built, after the set-up: not this."""
    if is_generator(func) or any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                                 for n in ast.walk(func)):
        return False
    for n in ast.walk(func):
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                and n.func.attr in ("parameters", "named_parameters") and n.func.value.id == name):
            continue
        parent = ctx.parents.get(n)
        if isinstance(parent, ast.For) and parent.iter is n \
                or isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in EAGER \
                or isinstance(parent, ast.comprehension) and parent.iter is n \
                and isinstance(ctx.parents.get(parent), (ast.ListComp, ast.SetComp, ast.DictComp)):
            return True
    return False


EAGER = ("list", "tuple", "dict", "set", "sorted")


def _taken(flow: Flow, root: ast.expr) -> bool:
    """`m` of `m.parameters()` is read on every path: no conditional expression around it takes the other
    branch, or takes its branch only under a condition (`self.parameters() if params is None else params`)."""
    child, parent = root, flow.ctx.parents.get(root)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.IfExp) and child is not parent.test:
            held = set(flow.values(parent))
            if not all(x in held for x in flow.values(child)):
                return False
        child, parent = parent, flow.ctx.parents.get(parent)
    return True


def _module_setups(ctx: Context, scope: ast.AST) -> Iterator[tuple[ast.Call, tuple[Value, ...]]]:
    """Each set-up of modules under XLAFSDP in `scope`, with what the modules it sets up hold:
    `fabric.setup_module(m)` (or `fabric.setup(m)`), and `map(fabric.setup_module, (g, d))`, which sets up
    each item."""
    for method in MODULE_SETUPS:
        for setup in ctx.method_calls_in(method, scope):
            if len(setup.args) == 1 and fabric_kind(ctx, setup.func.value) == XLA_FSDP:  # type: ignore[attr-defined]
                yield setup, ctx.values(setup.args[0])
    for mapped in ctx.calls_by_name("map"):
        func = mapped.args[0] if len(mapped.args) == 2 and not mapped.keywords else None
        if not isinstance(func, ast.Attribute) or func.attr not in MODULE_SETUPS or not isinstance(mapped.func, ast.Name) \
                or ctx.reaching(mapped.func) is not None or ctx.scope_of(mapped) is not scope \
                or fabric_kind(ctx, func.value) != XLA_FSDP:  # (the builtin `map`, not a name the file binds)
            continue
        items = [ctx.flow.elements(v) for v in ctx.values(mapped.args[1])]
        if items and all(held is not None for held in items):
            yield mapped, tuple(x for held in items for item in held or () for x in item)


def _built_in_scope(ctx: Context, opt: ast.expr, use: ast.Call) -> tuple[ast.stmt, ast.Call] | None:
    """The statement that builds the optimizer `opt` names at `use`, with its call: the binding of a name, or
    the last `self.optimizer = Optim(...)` of the same function before `use` (on its path: not in a branch)."""
    if isinstance(opt, ast.Name):
        binding = ctx.reaching(opt)
        if binding is None or not isinstance(binding.value, ast.Call) or built_by_helper(ctx, binding.value):
            return None
        return binding.stmt, binding.value  # type: ignore[return-value]
    if not isinstance(opt, ast.Attribute) or _base(opt) is None:
        return None
    block = ctx.block_place(ctx.statement_of(use))
    if block is None:
        return None
    # compared as trees, not as text: a statement of the block that stores elsewhere is not read (a keystroke
    # in a local nothing reads keeps the check's results)
    spelled = ast.dump(opt.value)
    stores = [stmt for stmt in block[0][: block[1]] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
              and isinstance(stmt.targets[0], ast.Attribute) and stmt.targets[0].attr == opt.attr
              and ast.dump(stmt.targets[0].value) == spelled]
    if not stores or not isinstance(stores[-1].value, ast.Call) or built_by_helper(ctx, stores[-1].value):
        return None
    return stores[-1], stores[-1].value


def _base(node: ast.expr) -> ast.Name | None:
    """The name an attribute chain starts from (`self` of `self.model.encoder`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node if isinstance(node, ast.Name) else None


def _before(a: ast.AST, b: ast.AST) -> bool:
    return (a.lineno, a.col_offset) < (b.lineno, b.col_offset)  # type: ignore[attr-defined]


def _elements(ctx: Context, values: tuple[Value, ...]) -> tuple[Value, ...]:
    """What each element of the lists or tuples holds (displays, `list(map(...))`); () when one is anything else."""
    out: list[Value] = []
    for value in values:
        held = ctx.flow.elements(value) if value.kind in ("list", "tuple") else None
        if held is None:
            return ()
        for item in held:
            out.extend(item)
    return tuple(out)


RULE = OptimizerBeforeSetup()
