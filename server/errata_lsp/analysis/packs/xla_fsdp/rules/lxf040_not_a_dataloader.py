"""LXF040: `fabric.setup_dataloaders` given something that is not a `torch.utils.data.DataLoader`.

`Fabric.setup_dataloaders` checks each argument (`_validate_setup_dataloaders`): anything that is not a
`DataLoader` instance raises TypeError "Only PyTorch DataLoader are currently supported in
`setup_dataloaders`.". The usual shapes: the dataset itself (`fabric.setup_dataloaders(dataset)`, a
`TensorDataset`, a class of the file derived from `Dataset`), torch_xla's own device loader
(`pl.MpDeviceLoader(loader, device)`, ported from a torch_xla script: under Fabric the XLA strategy wraps
the loader itself), or a list of batches. Flagged where the value-flow layer shows what the argument holds:
an error on every path, a warning that names the condition otherwise. A class of the file derived from
`DataLoader` is one. No fix: the loader's batch size and workers are the user's choice.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Severity
from ....rule import Invalid, Rule, Valid, short
from ....values import Value, describe_when, on_every_path
from ...lightning.fabric import fabric_kind
from ..facts import argument_values

DATALOADER = "torch.utils.data.DataLoader"
# what torch, torch_xla, torchvision and Hugging Face `datasets` build that is not a DataLoader
NOT_LOADERS = {
    "torch.utils.data.Dataset": "a dataset", "torch.utils.data.TensorDataset": "a dataset",
    "torch.utils.data.IterableDataset": "a dataset", "torch.utils.data.Subset": "a dataset",
    "torch.utils.data.ConcatDataset": "a dataset", "torch.utils.data.ChainDataset": "a dataset",
    "torch.utils.data.StackDataset": "a dataset", "torch.utils.data.dataset.TensorDataset": "a dataset",
    "datasets.load_dataset": "a dataset",
    "torch_xla.distributed.parallel_loader.MpDeviceLoader": "torch_xla's device loader",
    "torch_xla.distributed.parallel_loader.ParallelLoader": "torch_xla's device loader",
}
PLAIN = {"list": "a list", "tuple": "a tuple", "dict": "a dict", "str": "a string", "number": "a number"}
MAX_BASES = 4  # classes of the file followed up a hierarchy


class NotADataLoader(Rule):
    code = "LXF040"
    record = "6938a4a9a25d164c"
    name = "not-a-dataloader"
    summary = "`fabric.setup_dataloaders` takes `torch.utils.data.DataLoader`s, not datasets or device loaders"
    severity = Severity.ERROR
    triggers = ("setup_dataloaders",)
    examples = (
        Invalid(
            "from torch.utils.data import DataLoader, TensorDataset\n"
            "from lightning.fabric import Fabric\n"
            "def loaders():\n"
            "    data = TensorDataset(torch.randn(8, 4))\n"
            "    return DataLoader(data, batch_size=4), data\n"
            "def train(fabric):\n"
            "    train_loader, test_loader = fabric.setup_dataloaders(*loaders())\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Only PyTorch DataLoader are currently supported in `setup_dataloaders`: item 2 of `*loaders()` is a "
                    "dataset (`TensorDataset`)",
            count=1, at="7:58-7:68", severity="error",
        ),
        Valid("from torch.utils.data import DataLoader, TensorDataset\n"
              "from lightning.fabric import Fabric\n"
              "def loaders():\n"
              "    data = TensorDataset(torch.randn(8, 4))\n"
              "    return DataLoader(data, batch_size=4), DataLoader(data, batch_size=8)\n"
              "def train(fabric):\n"
              "    train_loader, test_loader = fabric.setup_dataloaders(*loaders())\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "from torch.utils.data import TensorDataset\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    data = TensorDataset(torch.randn(8, 4))\n"
            "    loader = fabric.setup_dataloaders(data)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Only PyTorch DataLoader are currently supported in `setup_dataloaders`",
            count=1, at="5:39-5:43", severity="error",
        ),
        Invalid(
            "import torch_xla.distributed.parallel_loader as pl\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, loader):\n"
            "    loader = fabric.setup_dataloaders(pl.MpDeviceLoader(loader, fabric.device))\n"
            "Fabric(strategy='xla_fsdp').launch(train, None)\n",
            message="torch_xla's device loader",
            count=1, at="4:39-4:79", severity="error",
        ),
        # a list comprehension of datasets, returned by a helper: each item it builds (one at least: `range(members)`)
        Invalid(
            "from torch.utils.data import Subset, TensorDataset\n"
            "from lightning.fabric import Fabric\n"
            "MEMBERS = 3\n"
            "def bags(data, members):\n"
            "    return [Subset(data, list(range(4))) for _ in range(members)]\n"
            "def train(fabric):\n"
            "    data = TensorDataset(torch.randn(8, 4))\n"
            "    loaders = fabric.setup_dataloaders(*bags(data, MEMBERS))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Only PyTorch DataLoader are currently supported in `setup_dataloaders`: each item of "
                    "`*bags(data, MEMBERS)` is a dataset (`Subset`), not a `torch.utils.data.DataLoader`",
            count=1, at="8:40-8:60", severity="error",
        ),
        Valid("from torch.utils.data import DataLoader, Subset, TensorDataset\n"
              "from lightning.fabric import Fabric\n"
              "def bags(data, members):\n"
              "    return [DataLoader(Subset(data, list(range(4)))) for _ in range(members)]\n"
              "def train(fabric):\n"
              "    data = TensorDataset(torch.randn(8, 4))\n"
              "    loaders = fabric.setup_dataloaders(*bags(data, 3))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from torch.utils.data import Subset, TensorDataset\n"  # builds nothing: another error, not this one
              "from lightning.fabric import Fabric\n"
              "def bags(data, members):\n"
              "    return [Subset(data, list(range(4))) for _ in range(members)]\n"
              "def train(fabric):\n"
              "    data = TensorDataset(torch.randn(8, 4))\n"
              "    loaders = fabric.setup_dataloaders(*bags(data, 0))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from torch.utils.data import DataLoader, TensorDataset\n"
              "from lightning.fabric import Fabric\n"
              "class Loader(DataLoader):\n"
              "    pass\n"
              "def train(fabric):\n"
              "    data = TensorDataset(torch.randn(8, 4))\n"
              "    a, b = fabric.setup_dataloaders(DataLoader(data, batch_size=2), Loader(data))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("setup_dataloaders"):
            if fabric_kind(ctx, fabric) is None:
                continue
            for given in call.args:
                if isinstance(given, ast.Starred):
                    yield from self._unpacked(ctx, given)
                    break
                finding = self._checked(ctx, given)
                if finding is not None:
                    yield finding

    def _unpacked(self, ctx: Context, given: ast.Starred) -> Iterator[Finding]:
        """`setup_dataloaders(*make_loaders(cfg))` of a helper that returns a tuple or list display on every path
        (`return train_loader, test_dataset`): each item, as if written in its place; of a list comprehension that
        builds at least one item (`[Subset(data, idx) for idx in folds]`), what it builds for each."""
        held = ctx.values(given.value)
        comprehension = held[0].node if len(held) == 1 and held[0].kind == "list" else None
        if isinstance(comprehension, ast.ListComp) and held[0].truthy:
            found = self._checked(ctx, given, (held[0].flow or ctx.flow).values(comprehension.elt), "each item of ")
            if found is not None:
                yield found
            return
        if len(held) != 1 or held[0].kind not in ("tuple", "list") or not isinstance(held[0].node, (ast.Tuple, ast.List)) \
                or any(isinstance(e, ast.Starred) for e in held[0].node.elts):
            return
        for index in range(len(held[0].node.elts)):
            found = self._checked(ctx, given, ctx.flow.element(held[0], index), f"item {index + 1} of ")
            if found is not None:
                yield found

    def _checked(self, ctx: Context, given: ast.expr, values: tuple[Value, ...] | None = None,
                 item: str = "") -> Finding | None:
        if values is None:
            values = argument_values(ctx, given, lambda v: _what(ctx, v) is not None)
        named = [(v, _what(ctx, v)) for v in values]
        bad = [(v, what) for v, what in named if what is not None]
        if not bad:
            return None
        what = bad[0][1]
        advice = ("Pass the `DataLoader` it wraps: Fabric's XLA strategy moves the batches to the device itself"
                  if what.startswith("torch_xla") else
                  "Wrap the dataset: `DataLoader(dataset, batch_size=...)`" if what.startswith("a dataset") else
                  "Give it a `DataLoader` over a dataset of them")
        message = (f"Only PyTorch DataLoader are currently supported in `setup_dataloaders`: {item}`{short(ctx.doc.source(given), 40)}` "
                   f"is {what}, not a `torch.utils.data.DataLoader`, so Fabric raises TypeError. {advice}")
        severity = None
        if not on_every_path(values, [v for v, _ in bad]):
            condition = describe_when([v for v, _ in bad])
            message += f"; {condition}" if condition else " (on some paths)"
            severity = Severity.WARNING
        finding = self.finding(ctx, given, message, (), severity)
        # a loader's stand-in (torch_xla's device loader, a batcher class of the project) made in one other module on
        # every path: there, where it replaces the DataLoader; a dataset is right where it is made, and wrapped here
        places = [place_in(v.flow, v.node) if v.foreign and v.flow is not None and v.node is not None
                  and not what.startswith("a dataset") else None for v, what in bad]
        if severity is None and places and None not in places and len({(p.path, p.span) for p in places}) == 1:  # type: ignore[union-attr]
            return dataclasses.replace(finding, elsewhere=places[0])
        return finding


def _what(ctx: Context, value: Value) -> str | None:
    """What `value` is when it is known not to be a DataLoader (its words for the message), else None."""
    if value.kind in PLAIN:
        return PLAIN[value.kind]
    if value.qualified in NOT_LOADERS:
        return f"{NOT_LOADERS[value.qualified]} (`{value.qualified.rsplit('.', 1)[-1]}`)"
    if value.qualified is not None and value.qualified.startswith("torchvision.datasets."):
        return f"a dataset (`{value.qualified.rsplit('.', 1)[-1]}`)"
    if value.kind == "instance" and isinstance(value.extra, tuple) and value.extra \
            and isinstance(value.extra[0], ast.ClassDef):
        cls = value.extra[0]
        home = ctx.owner_of(value) if value.foreign else ctx  # (a class of another module: its bases read there)
        base = _library_base(home, cls, MAX_BASES) if home is not None else None
        if base is not None and base != DATALOADER and NOT_LOADERS.get(base) == "a dataset":
            return f"a dataset (`{cls.name}`, a `{base.rsplit('.', 1)[-1]}`)"
        if home is not None and _plain_class(home, cls, MAX_BASES):
            return f"a `{cls.name}` (a class of the project that derives from no library class)"
    return None


def _plain_class(ctx: Context, cls: ast.ClassDef, depth: int) -> bool:
    """`cls` derives from no class but `object`, through classes of the file: its instances are never a DataLoader."""
    if not cls.bases:
        return not cls.keywords  # (a metaclass could make anything of it)
    if len(cls.bases) != 1 or not depth:
        return False
    base = cls.bases[0]
    if isinstance(base, ast.Name) and base.id == "object" and ctx.resolve(base) in (None, "builtins.object"):
        return not cls.keywords
    defined = ctx.local_definition(base, "class")
    return defined is not None and isinstance(defined.node, ast.ClassDef) and _plain_class(ctx, defined.node, depth - 1)


def _library_base(ctx: Context, cls: ast.ClassDef, depth: int) -> str | None:
    """The one library class `cls` derives from, through classes of the file; None when it is not one."""
    if len(cls.bases) != 1 or not depth:
        return None
    base = cls.bases[0]
    qualified = ctx.resolve(base)
    if qualified is not None:
        return qualified
    defined = ctx.local_definition(base, "class")
    return _library_base(ctx, defined.node, depth - 1) if defined is not None and isinstance(defined.node, ast.ClassDef) else None


RULE = NotADataLoader()
