#!/usr/bin/env python3
"""The engine's CPU for a keystroke in `proj/hub.py` (imports 20 project modules) and in `proj/lone.py`
(its classes its own), in process, for one tree's `server/`: `project_scale.py`'s `_engine_keystroke`
(median of `--keystrokes`, after a warm check), and with `--calls` the Python function calls a
keystroke makes under cProfile (a figure the machine's load does not move).

    python bench/hub_keystroke.py --server /tmp/hub-base/server --keystrokes 30 [--calls]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default=str(ROOT / "server"))
    parser.add_argument("--keystrokes", type=int, default=30)
    parser.add_argument("--calls", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.server).resolve()))
    sys.path.insert(0, str(ROOT / "bench"))
    import project_scale
    from errata_lsp.analysis.engine import check_document
    from errata_lsp.analysis.project import WORKSPACE
    from gen_project import generate

    project = Path(tempfile.mkdtemp(prefix="errata-hub-")) / "project"
    generate(project, 200)
    WORKSPACE.add_folder(str(project))
    for name in ("lone", "hub"):
        for live in (False, True):
            path = str(project / "proj" / f"{name}.py")
            kind = "code" if live else "comment"
            if not args.calls:
                ms = project_scale._engine_keystroke(check_document, path, args.keystrokes, live)
                print(f"{name} {kind} keystroke: {ms:.3f} ms of CPU")
                continue
            profile = cProfile.Profile()

            def profiled(*a, profile=profile, **k):
                if k.get("previous") is None:
                    return check_document(*a, **k)
                profile.enable()
                try:
                    return check_document(*a, **k)
                finally:
                    profile.disable()

            project_scale._engine_keystroke(profiled, path, args.keystrokes, live)
            calls = pstats.Stats(profile).total_calls / (args.keystrokes + 1)  # type: ignore[attr-defined]
            print(f"{name} {kind} keystroke: {calls:.0f} function calls")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
