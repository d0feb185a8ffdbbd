#!/usr/bin/env python3
"""`diagnosticMode` "workspace" against "openFilesOnly" on a generated project: what the open file's
first diagnostics cost while the server reads the workspace, and what reading it costs a module.

Per round and mode, a fresh server is started on a project of `--modules` training modules (each one a
strategy with a list policy, so each has a finding), `didOpen` of its entry file is sent right after
`initialized`, and the time to that file's first publish is taken; in "workspace" mode also the time
until the workspace's work-done progress ends, and how many files were published. Modes alternate
within a round. Only the ratios mean anything:

    python bench/workspace_mode.py --modules 200 --rounds 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.stdio_client import LspClient  # noqa: E402

MODULE = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "from torch import nn\n\n\n"
    "class Block(nn.Module):\n    pass\n\n\n"
    "REMAT = [Block]\n"
    "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT)\n"
    "fabric = Fabric(strategy=strategy)\n"
)
CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]}, "window": {"workDoneProgress": True}}


def make_project(root: Path, modules: int) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'bench'\n")
    package = root / "models"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for n in range(modules):
        (package / f"block_{n:04}.py").write_text(MODULE)
    entry = root / "train.py"
    entry.write_text(MODULE)
    return entry


def session(root: Path, entry: Path, mode: str, timeout: float) -> dict[str, float]:
    client = LspClient(stderr_path=root / f"server-{mode}.stderr")
    try:
        client.initialize(CAPABILITIES, root=root.as_uri(), options={"diagnosticMode": mode})
        start = time.perf_counter()
        client.open(entry.as_uri(), MODULE)
        client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == entry.as_uri(),
                                 timeout=timeout)
        out = {"open_ms": (time.perf_counter() - start) * 1000}
        if mode == "workspace":
            deadline = time.monotonic() + timeout
            while not any(n.get("method") == "$/progress" and n["params"]["value"]["kind"] == "end"
                          for n in client.notifications):
                if time.monotonic() > deadline:
                    raise TimeoutError("the workspace was not read in time")
                time.sleep(0.02)
            out["workspace_ms"] = (time.perf_counter() - start) * 1000
            out["published"] = len([u for u, p in client.publishes.items() if u != entry.as_uri() and p[-1].diagnostics])
        client.shutdown_and_exit()
        return out
    finally:
        client.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args(argv)
    samples: dict[str, list[dict[str, float]]] = {"openFilesOnly": [], "workspace": []}
    with tempfile.TemporaryDirectory(prefix="errata-workspace-bench-") as folder:
        root = Path(folder)
        entry = make_project(root, args.modules)
        for r in range(args.rounds):
            modes = ["openFilesOnly", "workspace"] if r % 2 == 0 else ["workspace", "openFilesOnly"]
            for mode in modes:
                samples[mode].append(session(root, entry, mode, args.timeout))
    alone = statistics.median(s["open_ms"] for s in samples["openFilesOnly"])
    busy = statistics.median(s["open_ms"] for s in samples["workspace"])
    whole = statistics.median(s["workspace_ms"] for s in samples["workspace"])
    published = {int(s["published"]) for s in samples["workspace"]}
    print(f"project: {args.modules + 1} modules with a finding each (+ models/__init__.py), {args.rounds} rounds")
    print(f"open -> first diagnostics, openFilesOnly: {alone:.0f} ms (median)")
    print(f"open -> first diagnostics, workspace:     {busy:.0f} ms (median)  ratio {busy / alone:.2f}x")
    print(f"workspace read (open -> progress end):    {whole:.0f} ms = {whole / alone:.1f}x a lone open, "
          f"{whole / args.modules:.1f} ms a module; files published: {sorted(published)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
