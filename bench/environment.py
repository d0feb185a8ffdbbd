"""What finding the user's Lightning costs a check, as a ratio to checking the bundled example, both
measured in this run (CPU time of this thread).

    python bench/environment.py

A workspace with a real virtual environment (made with `python -m venv --without-pip`, a stub
`lightning-2.4.0.dist-info` added) and a uv.lock is set up in a temporary folder. Measured: the
first detection (nothing cached: folders listed, METADATA read), a detection answered from the cache
(the files it came from are `stat`ed), and a check of examples/train_tpu.py with the environment
already known.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from errata_lsp import environment  # noqa: E402
from errata_lsp.analysis import check_source  # noqa: E402
from errata_lsp.settings import Settings  # noqa: E402


def cpu(action, rounds: int) -> float:
    """Median CPU seconds of one call, over 5 batches of `rounds` calls."""
    times = []
    for _ in range(5):
        start = time.thread_time()
        for _ in range(rounds):
            action()
        times.append((time.thread_time() - start) / rounds)
    return statistics.median(times)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        workspace = Path(folder) / "ws"
        workspace.mkdir()
        (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
        (workspace / "uv.lock").write_text('version = 1\n\n[[package]]\nname = "lightning"\nversion = "2.1.2"\n')
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(workspace / ".venv")], check=True)
        (site,) = (workspace / ".venv").glob("lib/python3*/site-packages")
        (site / "lightning-2.4.0.dist-info").mkdir()
        (site / "lightning-2.4.0.dist-info" / "METADATA").write_text("Name: lightning\nVersion: 2.4.0\n\n")
        train = workspace / "train.py"
        text = (ROOT / "examples" / "train_tpu.py").read_text(encoding="utf-8")
        train.write_text(text)
        settings = Settings()

        def cold():
            environment.clear_cache()
            environment.with_environment(settings, train, workspace)

        def warm():
            environment.with_environment(settings, train, workspace)

        known = environment.with_environment(settings, train, workspace)
        assert known.environment.lightning.version == "2.4.0", known.environment
        first, cached = cpu(cold, 50), cpu(warm, 500)
        check = cpu(lambda: check_source(text, str(train), known), 20)
    print(f"check of examples/train_tpu.py: {check * 1e3:.2f} ms")
    print(f"first detection:    {first * 1e3:.3f} ms  ({first / check:.3f} of a check)")
    print(f"cached detection:   {cached * 1e3:.3f} ms  ({cached / check:.3f} of a check)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
