#!/usr/bin/env python3
"""The first open of a file in a big project, against the same file alone: the project model must not
make the open wait for the whole project.

    python bench/first_open_project.py [--modules 1500] [--rounds 5] [--errata-cmd ...] [--also NAME=COMMAND]

Two workspaces, each a folder with a `pyproject.toml` given to the server as its workspace folder:

- **project**: `train.py` and a package `models/` of `--modules` modules (each a class, a helper, a list
  of layers, ~30 lines); `train.py` imports from 12 of them, and its diagnostics are its own list
  policy (LXF001) and one whose list comes from `models/m0007.py` (LXF001 again, read across modules);
- **alone**: the same `train.py` in an empty folder (its imports find nothing; its own finding only).

Each session: spawn, `initialize` with the folder, `initialized`, `--settle` seconds, `didOpen` of
`train.py`, then the first `publishDiagnostics` (the open→diag time and its codes), then a second
module of the package opened (the open of a module beside an already-read project). Servers and
workspaces rotate per round; the medians and the project/alone ratio come from the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from lsp_client import CLIENT_CAPABILITIES, spawn  # noqa: E402
from run import servers_to_run  # noqa: E402

IMPORTED = (3, 7, 12, 40, 99, 150, 333, 512, 777, 1001, 1234, 1499)
TRAIN = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
{imports}


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x)


def own_strategy():
    return XLAFSDPStrategy(auto_wrap_policy={{Head}}, activation_checkpointing_policy=[Head])


def imported_strategy():
    return XLAFSDPStrategy(auto_wrap_policy={{Head}}, activation_checkpointing_policy=LAYERS_7)


def train(fabric):
    model = fabric.setup_module(Head(64))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    for step in range(10):
        loss = model(torch.randn(4, 64)).sum()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=own_strategy()).launch(train)
"""
MODULE = """\
from torch import nn


class Block{i}(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(self.fc(x)) + x


def make_{i}(dim, depth):
    layers = [Block{i}(dim) for _ in range(depth)]
    return nn.Sequential(*layers)


def scale_{i}(value, factor=2):
    if factor > 1:
        return value * factor
    return value


LAYERS_{i} = [Block{i}]
SIZES_{i} = {{"small": 64, "large": 1024}}
"""


def write_workspaces(base: Path, modules: int) -> dict[str, Path]:
    imports = "\n".join(f"from models.m{i:04d} import LAYERS_{i}, make_{i}" for i in IMPORTED if i < modules)
    train = TRAIN.format(imports=imports)
    project, alone = base / "project", base / "alone"
    for folder in (project, alone):
        folder.mkdir(parents=True)
        (folder / "pyproject.toml").write_text("[project]\nname = 'bench'\n", encoding="utf-8")
        (folder / "train.py").write_text(train, encoding="utf-8")
    package = project / "models"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for i in range(modules):
        (package / f"m{i:04d}.py").write_text(MODULE.format(i=i), encoding="utf-8")
    return {"project": project, "alone": alone}


async def session(cmd: list[str], folder: Path, settle: float, timeout: float) -> dict:
    root = folder.resolve().as_uri()
    out: dict = {"error": None}
    c = None
    try:
        c = spawn(cmd, cwd=str(folder))
        reply = await asyncio.wait_for(c.arequest("initialize", {
            "processId": os.getpid(), "rootUri": root, "capabilities": CLIENT_CAPABILITIES,
            "workspaceFolders": [{"uri": root, "name": folder.name}], "initializationOptions": {}}), timeout)
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        c.notify("initialized", {})
        await asyncio.sleep(settle)
        others = sorted((folder / "models").glob("m*.py"))[1:2] if (folder / "models").is_dir() else []
        for key, path in (("open_ms", folder / "train.py"), *(("second_ms", p) for p in others)):
            uri = path.resolve().as_uri()
            start = time.perf_counter()
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1, "text": path.read_text(encoding="utf-8")}})
            t = await c.wait_for(lambda u=uri: len(c.publishes.get(u, [])) > 0, timeout)
            out[key] = (t - start) * 1000
            if key == "open_ms":
                out["codes"] = sorted((d.get("code"), d["range"]["start"]["line"] + 1)
                                      for d in c.publishes[uri][0].diagnostics)
            await asyncio.sleep(0.3)
    except Exception as exc:  # noqa: BLE001 - a benchmark records failures
        out["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        if c is not None:
            try:
                await asyncio.wait_for(c.arequest("shutdown", None), 5)
                c.notify("exit", None)
            except Exception:  # noqa: BLE001
                pass
            c.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--modules", type=int, default=1500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--settle", type=float, default=2.0, help="seconds between `initialized` and `didOpen`")
    ap.add_argument("--servers", default="errata")
    ap.add_argument("--errata-cmd", default=os.environ.get("ERRATA_CMD"))
    ap.add_argument("--also", action="append", default=[], metavar="NAME=COMMAND")
    a = ap.parse_args(argv)
    commands, servers = servers_to_run(a.servers, a.errata_cmd, a.also)
    with tempfile.TemporaryDirectory(prefix="errata-project-") as tmp:
        workspaces = write_workspaces(Path(tmp), a.modules)
        runs = [(s, w) for s in servers for w in workspaces]
        results: dict[tuple[str, str], list[dict]] = {run: [] for run in runs}
        for r in range(a.rounds):
            for server, workspace in runs[r % len(runs):] + runs[:r % len(runs)]:
                res = asyncio.run(session(commands[server]["cmd"], workspaces[workspace], a.settle, 120.0))
                results[(server, workspace)].append(res)
                print(f"round {r + 1}/{a.rounds} {server:<8} {workspace:<8} "
                      + (res["error"] or f"open {res['open_ms']:7.1f} ms {res['codes']}"), file=sys.stderr, flush=True)
    print(f"{a.rounds} rounds, {a.modules} modules in the package, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    print("| server | workspace | diagnostics (code, line) | open→diag p50 ms | a second module's open p50 ms "
          "| project / alone |")
    print("|---|---|---|---|---|---|")
    for server in servers:
        p50: dict[str, float] = {}
        for workspace in workspaces:
            ok = [x for x in results[(server, workspace)] if not x["error"]]
            if not ok:
                print(f"| {server} | {workspace} | error: {results[(server, workspace)][0]['error']} | | | |")
                continue
            p50[workspace] = statistics.median(x["open_ms"] for x in ok)
            second = [x["second_ms"] for x in ok if "second_ms" in x]
            ratio = f"{p50['project'] / p50['alone']:.2f}×" if workspace == "alone" and "project" in p50 else ""
            print(f"| {server} | {workspace} | {ok[0]['codes']} | {p50[workspace]:.1f} "
                  f"| {statistics.median(second) if second else float('nan'):.1f} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
