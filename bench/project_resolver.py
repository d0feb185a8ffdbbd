"""Where an imported name is defined: jedi's `Script.goto(follow_imports=True)` (what errata asked
before the project model) against errata's own resolver and module summaries (`analysis/project.py`),
on the same questions, measured in the same run.

    python bench/project_resolver.py           # a table: correct answers and CPU time per question

Questions: every name imported from a project module by the entry files of `tests/corpus/projects/`,
and one generated project per import form (absolute, `import a.b as c`, relative, a package's
`__init__` re-export, star imports with and without `__all__`, a `src/` layout, a namespace package,
a chain of five re-exports, a cycle, a module above the byte bound). The right answer of each is
written by hand: the file and line that bind the value (None where nothing can tell: the cycle,
the star import that `__all__` leaves out, the module too big to read).
Cold: fresh caches (a new `Workspace`; jedi's caches cleared); warm: the same questions again.
"""

from __future__ import annotations

import ast
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))

from errata_lsp.analysis import project as project_model  # noqa: E402
from errata_lsp.analysis.context import Context  # noqa: E402
from errata_lsp.analysis.document import Document  # noqa: E402

LAYERS = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n"  # REMAT: line 8

# (name, files, entry file, the expression asked about in the entry's last line, expected (file, line))
CASES: list[tuple[str, dict[str, str], str, str, tuple[str, int] | None]] = [
    ("from", {"config.py": LAYERS}, "from config import REMAT\n", "REMAT", ("config.py", 8)),
    ("from-as", {"config.py": LAYERS}, "from config import REMAT as P\n", "P", ("config.py", 8)),
    ("import", {"config.py": LAYERS}, "import config\n", "config.REMAT", ("config.py", 8)),
    ("import-as", {"config.py": LAYERS}, "import config as c\n", "c.REMAT", ("config.py", 8)),
    ("import-dotted-as", {"pkg/__init__.py": "", "pkg/layers.py": LAYERS}, "import pkg.layers as L\n", "L.REMAT",
     ("pkg/layers.py", 8)),
    ("from-package-module", {"pkg/__init__.py": "", "pkg/layers.py": LAYERS}, "from pkg import layers\n",
     "layers.REMAT", ("pkg/layers.py", 8)),
    ("init-reexport", {"pkg/__init__.py": "from .layers import REMAT\n", "pkg/layers.py": LAYERS},
     "from pkg import REMAT\n", "REMAT", ("pkg/layers.py", 8)),
    ("relative", {"app/__init__.py": "", "app/layers.py": LAYERS, "app/main.py": ""},
     "from .layers import REMAT\n", "REMAT", ("app/layers.py", 8)),
    ("relative-module", {"app/__init__.py": "", "app/layers.py": LAYERS}, "from . import layers\n",
     "layers.REMAT", ("app/layers.py", 8)),
    ("star", {"layers.py": LAYERS}, "from layers import *\n", "REMAT", ("layers.py", 8)),
    ("star-all", {"layers.py": LAYERS + "__all__ = ['REMAT']\n"}, "from layers import *\n", "REMAT",
     ("layers.py", 8)),
    ("star-all-excludes", {"layers.py": LAYERS + "__all__ = ['Block']\n"}, "from layers import *\n", "REMAT", None),
    ("src-layout", {"src/proj/__init__.py": "", "src/proj/layers.py": LAYERS}, "from proj.layers import REMAT\n",
     "REMAT", ("src/proj/layers.py", 8)),
    ("namespace", {"ns/layers.py": LAYERS}, "from ns.layers import REMAT\n", "REMAT", ("ns/layers.py", 8)),
    ("chain-of-5", {"m0.py": LAYERS, **{f"m{i}.py": f"from m{i - 1} import REMAT\n" for i in range(1, 5)}},
     "from m4 import REMAT\n", "REMAT", ("m0.py", 8)),
    ("attribute-of-instance", {"config.py": LAYERS + "\n\nclass Cfg:\n    remat = [Block]\n\n\nCFG = Cfg()\n"},
     "from config import CFG\n", "CFG.remat", ("config.py", 12)),
    ("cycle", {"a.py": "from b import REMAT\n", "b.py": "from a import REMAT\n"}, "from a import REMAT\n", "REMAT",
     None),
    ("too-big", {"big.py": LAYERS + "x = 1\n" * 400_000}, "from big import REMAT\n", "REMAT", None),
]
ENTRY = {"relative": "app/entry.py", "relative-module": "app/entry.py"}


def corpus_cases() -> list[tuple[str, Path, Path, str, tuple[str, int] | None]]:
    """The corpus projects: each name the entry imports from a sibling, with where the sibling binds it."""
    out = []
    for folder in sorted((ROOT / "tests" / "corpus" / "projects").iterdir()):
        for entry in sorted(folder.glob("train*.py")):
            tree = ast.parse(entry.read_text(encoding="utf-8"))
            for stmt in tree.body:
                if not isinstance(stmt, ast.ImportFrom) or stmt.level or not (folder / f"{stmt.module}.py").exists():
                    continue
                sibling = folder / f"{stmt.module}.py"
                defined = {n: s.lineno for s in ast.parse(sibling.read_text(encoding="utf-8")).body
                           for n in _bound(s)}
                for alias in stmt.names:
                    out.append((f"corpus:{folder.name}:{alias.name}", folder, entry, alias.asname or alias.name,
                                (sibling.name, defined[alias.name]) if alias.name in defined else None))
    return out


def _bound(stmt: ast.stmt) -> list[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt.name]
    if isinstance(stmt, ast.Assign):
        return [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return [stmt.target.id]
    return []


def ours(root: Path, entry: Path, expr: str) -> tuple[str, int] | None:
    text = entry.read_text(encoding="utf-8")
    doc = Document(text, str(entry))
    ctx = Context(doc, doc.chunks(("",)))
    ctx.project = project_model.WORKSPACE.project_for(str(entry))
    node = _last_expression(ctx, expr)
    with ctx.project.check(str(entry)):
        values = ctx.flow.values(node)
    for value in values:
        if value.kind not in ("unknown", "external") and value.foreign and value.line:
            return os.path.relpath(value.flow.origin, root), value.line
    return None


def jedi_answer(root: Path, entry: Path, expr: str) -> tuple[str, int] | None:
    import jedi

    text = entry.read_text(encoding="utf-8")
    line = text.rstrip("\n").count("\n") + 1
    column = len(text.rstrip("\n").split("\n")[-1]) - 1  # on the last name of the expression
    try:
        script = jedi.Script(code=text, path=str(entry), project=jedi.Project(str(root), load_unsafe_extensions=False),
                             environment=jedi.InterpreterEnvironment())
        names = script.goto(line, column, follow_imports=True)
    except Exception:
        return None
    for found in names:
        if found.module_path and str(found.module_path) != str(entry) and found.line:
            path = Path(found.module_path)
            if path.is_relative_to(root):
                return str(path.relative_to(root)), found.line
    return None


def _last_expression(ctx: Context, expr: str) -> ast.AST:
    last = ctx.module.body[-1]
    assert isinstance(last, ast.Expr), expr
    return last.value


def build(base: Path) -> list[tuple[str, Path, Path, str, tuple[str, int] | None]]:
    out = []
    for name, files, importing, expr, expected in CASES:
        folder = base / name
        for rel, text in files.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
        entry = folder / ENTRY.get(name, "train.py")
        entry.write_text(importing + expr + "\n", encoding="utf-8")
        out.append((name, folder, entry, expr, expected))
    return out


def corpus_asked(cases):
    """Corpus entries end with their own code: ask about a copy whose last line is the name."""
    out = []
    scratch = Path(tempfile.mkdtemp(prefix="errata-resolver-corpus-"))
    for name, folder, entry, expr, expected in cases:
        copy = scratch / name.replace(":", "_")
        copy.mkdir()
        for sibling in folder.glob("*.py"):
            (copy / sibling.name).write_text(sibling.read_text(encoding="utf-8"), encoding="utf-8")
        (copy / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
        asked = copy / entry.name
        asked.write_text(entry.read_text(encoding="utf-8").rstrip("\n") + f"\n{expr}\n", encoding="utf-8")
        out.append((name, copy, asked, expr, expected))
    return out


def run(cases, answer) -> tuple[list[bool], float, float, float]:
    first, times = [], []
    for _, folder, entry, expr, expected in cases:
        start = time.process_time()
        first.append(answer(folder, entry, expr) == expected)
        times.append(time.process_time() - start)
    cold = sum(times)
    start = time.process_time()
    for _, folder, entry, expr, _ in cases:
        answer(folder, entry, expr)
    warm = time.process_time() - start
    return first, cold, warm, statistics.median(times)


def main() -> int:
    try:
        import jedi
    except ImportError:
        jedi = None
    with tempfile.TemporaryDirectory(prefix="errata-resolver-") as tmp:
        cases = build(Path(tmp)) + corpus_asked(corpus_cases())
        project_model.WORKSPACE = project_model.Workspace()
        mine, mine_cold, mine_warm, mine_median = run(cases, ours)
        if jedi is not None:
            jedi.cache.clear_time_caches(True)
            theirs, jedi_cold, jedi_warm, jedi_median = run(cases, jedi_answer)
        else:
            theirs, jedi_cold, jedi_warm, jedi_median = [False] * len(cases), *([float("nan")] * 3)
    n = len(cases)
    print(f"{'question':40s} {'errata':>7s} {'jedi':>7s}")
    for (name, *_), a, b in zip(cases, mine, theirs):
        print(f"{name:40s} {'ok' if a else 'WRONG':>7s} {'ok' if b else 'WRONG':>7s}")
    print(f"\ncorrect: errata {sum(mine)}/{n}, jedi {sum(theirs)}/{n}"
          f"{'' if jedi is not None else ' (jedi not installed)'}")
    print(f"CPU per question, cold: errata {1000 * mine_cold / n:.1f} ms, jedi {1000 * jedi_cold / n:.1f} ms "
          f"(jedi / errata {jedi_cold / mine_cold:.1f}x)")
    print(f"CPU per question, cold, median: errata {1000 * mine_median:.1f} ms, jedi {1000 * jedi_median:.1f} ms")
    print(f"CPU per question, warm: errata {1000 * mine_warm / n:.2f} ms, jedi {1000 * jedi_warm / n:.2f} ms "
          f"(jedi / errata {jedi_warm / max(mine_warm, 1e-9):.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
