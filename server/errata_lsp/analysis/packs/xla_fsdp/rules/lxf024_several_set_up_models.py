"""LXF024: a checkpoint state with two or more set-up models, for `fabric.save` or a sharded load.

`XLAFSDPStrategy.save_checkpoint` writes one `shard_metadata` per checkpoint, which belongs to a single
wrapped model, so it raises ValueError "Found multiple XLAFSDP modules in the given state. Saving
checkpoints with FSDP is currently limited to a single model per checkpoint." (xla_fsdp.py l.438) when
two values of the state are XLAFSDP modules (the same one under two keys counts twice). A sharded
load raises the same for loading (l.561); a full load wants raw models anyway (LXF025).

Counted are the values the file shows to be what `fabric.setup_module` / `fabric.setup` returned.
No fix: each model needs its own path, `fabric.save(f"{path}/gen", {"model": gen, ...})`.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Severity
from ....rule import Invalid, Rule, Valid
from ..checkpoint_states import checkpoint_states
from ..checkpoints import SETUP_MODULE, state_dict_type, written_entry

LOAD_RECORD = "9e7d6890c5720f97"


class SeveralSetUpModels(Rule):
    code = "LXF024"
    record = "b1061dafb767af72"
    name = "several-set-up-models"
    summary = "Under XLAFSDP, a checkpoint holds one set-up model: save each model to its own path"
    severity = Severity.ERROR
    triggers = ("save", "load")
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    teacher = fabric.setup_module(Teacher())\n"
            "    student = fabric.setup_module(Student())\n"
            "    state = {'model': student, 'teacher': teacher, 'step': 0}\n"
            "    fabric.save('ckpt/', {k: v for k, v in state.items() if k != 'step'})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Found multiple XLAFSDP modules in the given state (`student`, `teacher`)",
            count=1, at="5:43-5:50", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    teacher = fabric.setup_module(Teacher())\n"
              "    student = fabric.setup_module(Student())\n"
              "    state = {'model': student, 'teacher': teacher, 'step': 0}\n"
              "    fabric.save('ckpt/', {k: v for k, v in state.items() if k != 'teacher'})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    gen = fabric.setup_module(Generator())\n"
            "    disc = fabric.setup_module(Discriminator())\n"
            "    fabric.save('ckpt/', {'gen': gen, 'disc': disc, 'step': 1})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Found multiple XLAFSDP modules in the given state",
            count=1, at="5:47-5:51", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, teacher):\n"
            "    student = fabric.setup(Student())\n"
            "    state = {'student': student, 'teacher': fabric.setup_module(teacher)}\n"
            "    fabric.load('ckpt/', state)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Loading checkpoints",
            count=1, at="4:45-4:73", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    gen = fabric.setup_module(Generator())\n"
              "    disc = fabric.setup_module(Discriminator())\n"
              "    fabric.save('ckpt/gen', {'model': gen})\n"
              "    fabric.save('ckpt/disc', {'model': disc})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    gen = fabric.setup_module(Generator())\n"
              "    disc = fabric.setup_module(Discriminator())\n"
              "    fabric.save('ckpt/', {'gen': gen, 'disc': disc})\n"
              "Fabric(strategy='fsdp', accelerator='cuda').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric, method, _state, entries, kinds in checkpoint_states(ctx):
            named = [(key, value) for (key, value), kind in zip(entries, kinds) if kind == SETUP_MODULE]
            models = [value for _, value in named]
            if len(models) < 2:
                continue
            if method == "load" and state_dict_type(ctx, fabric) != "sharded":
                continue  # a full load raises LXF025's error first
            action = "Saving" if method == "save" else "Loading"
            verb = "save" if method == "save" else "load"
            # given to a helper that saves them (`save_all(fabric, path, **models)`): say where it saves
            # (an entry read through the value flow stands at the state's place, in the call)
            here = ctx.enclosing_function(models[1]) is ctx.enclosing_function(call) \
                or written_entry(models[1]) is not None and call.lineno <= models[1].lineno <= (call.end_lineno or call.lineno)
            where = "" if here else f" (line {call.lineno})"
            # an entry read through the value flow (`vars(self)`) stands at the state's place: named by its key
            names = ", ".join(f"`{key.value}`" if written_entry(m) is not None and isinstance(key, ast.Constant) and isinstance(key.value, str)
                              else f"`{ctx.doc.source(m)}`" for key, m in named)
            message = (
                f"Found multiple XLAFSDP modules in the given state ({names}). {action} checkpoints with FSDP is "
                f"currently limited to a single model per checkpoint: `fabric.{method}`{where} raises ValueError. "
                f"Call `{verb}` for each model separately with a different path"
            )
            finding = self.finding(ctx, models[1], message, record=self.record if method == "save" else LOAD_RECORD)
            entry = written_entry(models[1])
            if entry is not None and entry.flow.ctx.doc is not ctx.doc:  # a keyword the caller gives the helper
                finding = dataclasses.replace(finding, elsewhere=place_in(entry.flow, entry.node))
            yield finding


RULE = SeveralSetUpModels()
