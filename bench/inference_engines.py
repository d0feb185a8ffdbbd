"""What existing inference engines can tell about the values errata's rules need, on the corpus.

For every script it finds three kinds of query sites with `ast`:
  * policy:   the `activation_checkpointing_policy=` / `auto_wrap_policy=` / `**kwargs` arguments
              of an `XLAFSDPStrategy(...)` call (any import alias);
  * strategy: the `strategy=` argument of a `Fabric(...)` call;
  * module:   the first argument of a `....no_backward_sync(...)` call;
and asks each engine what the argument can hold:
  * astroid (pylint's engine): `node.infer()` on the argument, the module built from the file's path
    so that imports of neighbouring modules resolve;
  * jedi: `Script.infer()` on the argument's last character (the kind) and `Script.goto()` on its
    last name (where the value was written).

Each engine runs in its own fresh interpreter, so that what it imported can be read from
`sys.modules` (before/after) and the `os.chdir` calls it made are counted. A canary project (a
module that writes a file when it is executed) tells whether an engine ran project code.

    python bench/inference_engines.py                          # the corpus, both engines
    python bench/inference_engines.py --library-path SITE      # engines also see torch/lightning
    python bench/inference_engines.py --json out.json tests/corpus/v01_*.py

It only reports: "hit" means the engine returned the value written in the script (its kind and
line), not whether a rule would be right. Timings are per query, median over the corpus; "cold" is
the first query of a script with every engine cache cleared, "warm" the same queries again on a new
copy of the text with the caches kept (what a re-check after a keystroke costs).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
POLICY_ARGS = ("activation_checkpointing_policy", "auto_wrap_policy", "auto_wrapper_callable")
EXPECT = re.compile(r"^# expect: (?P<codes>.+)$", re.M)
# Kinds that make the policy argument wrong whatever else is known (LXF001/LXF028/LXF006 shapes).
BAD_POLICY_KINDS = ("list", "tuple", "frozenset", "lambda", "nested def", "partial of nested def")


def default_scripts() -> list[Path]:
    return sorted(CORPUS.glob("v*.py")) + sorted(CORPUS.glob("projects/*/train*.py"))


def query_sites(text: str) -> list[dict]:
    tree = ast.parse(text)
    aliases = {"XLAFSDPStrategy"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            aliases |= {a.asname or a.name for a in node.names if a.name == "XLAFSDPStrategy"}
    sites = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name in aliases:
            for kw in node.keywords:
                if kw.arg in POLICY_ARGS or kw.arg is None:
                    sites.append(_site("policy", kw.arg or "**", kw.value))
        elif name == "Fabric":
            sites += [_site("strategy", "strategy", kw.value) for kw in node.keywords if kw.arg == "strategy"]
        elif name == "no_backward_sync" and node.args:
            sites.append(_site("module", "no_backward_sync", node.args[0]))
    return sorted(sites, key=lambda s: (s["line"], s["col"]))


def _site(kind: str, arg: str, value: ast.expr) -> dict:
    last = value
    while isinstance(last, (ast.Attribute, ast.Subscript, ast.Call)):
        if isinstance(last, ast.Attribute):
            break
        last = last.func if isinstance(last, ast.Call) else last.value
    if isinstance(last, ast.Attribute):
        name_at = (last.end_lineno, last.end_col_offset - len(last.attr))
    else:
        name_at = (last.lineno, last.col_offset)
    return {
        "kind": kind, "arg": arg, "line": value.lineno, "col": value.col_offset,
        "end": (value.end_lineno, value.end_col_offset), "name_at": name_at,
        "source": ast.unparse(value)[:60],
    }


def expected_codes(text: str) -> list[str]:
    m = EXPECT.search("\n".join(text.splitlines()[:3]))
    codes = m["codes"].split() if m else []
    return [] if codes == ["none"] else codes


# ---------------------------------------------------------------- astroid

def run_astroid(scripts: list[Path]) -> list[dict]:
    import astroid
    from astroid import nodes, objects
    from astroid.manager import AstroidManager
    from astroid.util import UninferableBase

    manager = AstroidManager()
    settings = {"always_load_extensions": manager.always_load_extensions,
                "extension_package_whitelist": sorted(manager.extension_package_whitelist),
                "max_inferable_values": manager.max_inferable_values}

    def describe(value) -> dict:
        if isinstance(value, UninferableBase):
            return {"kind": "?"}
        kind = type(value).__name__
        if isinstance(value, nodes.List):
            kind = "list" if value.elts else "empty list"  # an empty policy is ignored by Lightning
        elif isinstance(value, nodes.Tuple):
            kind = "tuple" if value.elts else "empty tuple"
        elif isinstance(value, objects.FrozenSet):
            kind = "frozenset"
        elif isinstance(value, nodes.Set):
            kind = "set"
        elif isinstance(value, nodes.Dict):
            entries = {  # a `**kwargs` dict: what its policy entries hold
                key.value: [describe(v)["kind"] for v in _safe_infer(item)]
                for key, item in value.items if isinstance(key, nodes.Const) and key.value in POLICY_ARGS
            }
            return {"kind": "dict", "entries": entries, "line": value.lineno, "file": Path(value.root().file or "").name}
        elif isinstance(value, nodes.Const):
            kind = f"const {value.value!r}"[:30]
        elif isinstance(value, objects.PartialFunction):
            nested = isinstance(value.parent.scope(), nodes.FunctionDef) if value.parent else False
            kind = "partial of nested def" if nested else "partial of def"
        elif isinstance(value, nodes.Lambda) and not isinstance(value, nodes.FunctionDef):
            kind = "lambda"
        elif isinstance(value, nodes.FunctionDef):
            kind = "nested def" if isinstance(value.parent.scope(), nodes.FunctionDef) else "def"
        elif isinstance(value, nodes.ClassDef):
            kind = f"class {value.name}"
        elif isinstance(value, astroid.bases.Instance):
            kind = f"instance {value.pytype().rsplit('.', 1)[-1]}"
        root = value.root() if hasattr(value, "root") else None
        return {"kind": kind, "line": getattr(value, "lineno", None),
                "file": Path(root.file).name if root is not None and getattr(root, "file", None) else None}

    def _safe_infer(node):
        try:
            return list(node.infer())[:8]
        except Exception:
            return [astroid.util.Uninferable]

    results = []
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        sites = query_sites(text)
        timings = {}
        sys.path.insert(0, str(path.parent))  # as pylint does, so that neighbouring modules import
        for phase in ("cold", "warm"):
            if phase == "cold":
                manager.clear_cache()
            start = time.perf_counter()
            module = astroid.parse(text if phase == "cold" else text + "\n", module_name=path.stem, path=str(path))
            by_pos = {}
            for node in module.nodes_of_class(nodes.NodeNG):
                key = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
                by_pos.setdefault(key, node)
            parse = time.perf_counter() - start
            per_query = []
            for site in sites:
                node = by_pos.get((site["line"], site["col"], *site["end"]))
                t0 = time.perf_counter()
                try:
                    values = [describe(v) for v in node.infer()] if node is not None else [{"kind": "no node"}]
                except Exception as exc:  # inference gives up with its own exceptions
                    values = [{"kind": f"error {type(exc).__name__}"}]
                per_query.append(time.perf_counter() - t0)
                if phase == "cold":
                    site["values"] = values[:8]
            timings[phase] = {"parse": parse, "queries": per_query}
        sys.path.remove(str(path.parent))
        results.append({"script": str(path), "sites": sites, "timings": timings})
    return [{"settings": settings}] + results


# ---------------------------------------------------------------- jedi

def run_jedi(scripts: list[Path], library_path: str | None) -> list[dict]:
    import jedi

    project = jedi.Project(ROOT, load_unsafe_extensions=False,
                           added_sys_path=[library_path] if library_path else [])
    settings = {"load_unsafe_extensions": False, "environment": "InterpreterEnvironment",
                "cache_directory": jedi.settings.cache_directory}
    results = []
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        sites = query_sites(text)
        timings = {}
        for phase in ("cold", "warm"):
            if phase == "cold":
                jedi.cache.clear_time_caches(delete_all=True)
                _clear_parso_memory()
            start = time.perf_counter()
            script = jedi.Script(code=text if phase == "cold" else text + "\n", path=str(path), project=project,
                                 environment=jedi.InterpreterEnvironment())
            parse = time.perf_counter() - start
            per_query = []
            for site in sites:
                line, col = site["end"]  # just after the argument: jedi reads the expression left of it
                t0 = time.perf_counter()
                try:
                    inferred = script.infer(line, col)
                    written = script.goto(*site["name_at"], follow_imports=True)
                    values = [{"kind": _jedi_kind(n), "line": n.line,
                               "file": Path(n.module_path).name if n.module_path else None} for n in inferred]
                    where = [{"line": n.line, "file": Path(n.module_path).name if n.module_path else None,
                              "description": n.description[:50]} for n in written]
                except Exception as exc:
                    values, where = [{"kind": f"error {type(exc).__name__}"}], []
                per_query.append(time.perf_counter() - t0)
                if phase == "cold":
                    site["values"] = values[:8] or [{"kind": "?"}]
                    site["written"] = where[:3]
            timings[phase] = {"parse": parse, "queries": per_query}
        results.append({"script": str(path), "sites": sites, "timings": timings})
    return [{"settings": settings}] + results


def _jedi_kind(name) -> str:
    if name.type == "instance" and name.module_name == "builtins":
        return name.name  # list, tuple, set, frozenset, dict, ...
    if name.type == "instance":
        return "partial" if name.name == "partial" else f"instance {name.name}"
    if name.type == "function":
        if name.name == "<lambda>":
            return "lambda"
        parent = name.parent()
        return "nested def" if parent is not None and parent.type == "function" else "def"
    return f"{name.type} {name.name}"


def _clear_parso_memory() -> None:
    import parso.cache

    parso.cache.parser_cache.clear()


# ---------------------------------------------------------------- one engine in this process

def engine_main(engine: str, scripts: list[Path], library_path: str | None) -> dict:
    if library_path:
        sys.path.insert(0, library_path)
    chdirs = []
    real_chdir = os.chdir

    def counting_chdir(target):
        chdirs.append(str(target))
        return real_chdir(target)

    os.chdir = counting_chdir
    before = set(sys.modules)
    canary = _canary_project()
    probe = [canary / "train.py"]
    if engine == "astroid":
        import astroid  # noqa: F401  (the engine's own imports are not counted)
        before = set(sys.modules)
        results = run_astroid(scripts + probe)
    else:
        import jedi  # noqa: F401
        before = set(sys.modules)
        results = run_jedi(scripts + probe, library_path)
    new = sorted(set(sys.modules) - before)
    extensions = sorted(m for m in new if str(getattr(sys.modules[m], "__file__", "") or "").endswith((".so", ".pyd")))
    own = {"astroid", "jedi", "parso"}
    third_party = sorted({m.split(".")[0] for m in new} - set(sys.stdlib_module_names) - own)
    return {
        "engine": engine,
        "settings": results[0]["settings"],
        "scripts": results[1:-1],
        "imported_modules": len(new),
        "imported_module_names": new[:60],
        "imported_extension_modules": extensions,
        "imported_non_stdlib_top_level": third_party,
        "chdir_calls": len(chdirs),
        "canary_executed": (canary / "EXECUTED").exists(),
    }


def _canary_project() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="engine_canary_"))
    (folder / "config.py").write_text(
        "from pathlib import Path\n"
        "Path(__file__).with_name('EXECUTED').write_text('config.py ran')\n"
        "REMAT = [object]\n"
    )
    (folder / "train.py").write_text(
        "from config import REMAT\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "strategy = XLAFSDPStrategy(activation_checkpointing_policy=REMAT)\n"
    )
    return folder


# ---------------------------------------------------------------- report

def kind_known(site: dict) -> bool:
    return any(not v["kind"].startswith(("?", "error", "no node")) for v in site["values"])


def position_known(site: dict) -> bool:
    """A line in the project for the value: the literal itself (astroid) or its binding (jedi's goto)."""
    return any(v.get("line") and _in_project(v) for v in site["values"] + site.get("written", []))


def _in_project(value: dict) -> bool:
    return value.get("file") not in (None, "builtins.pyi") and not str(value.get("file", "")).endswith(".pyi")


def sees_bad_policy(site: dict) -> bool:
    """A kind that fails whatever else is known: not a set for the checkpointing policy, not a
    picklable callable or a set for the wrapping policy."""
    by_arg: dict[str, list[str]] = {}
    for v in site["values"]:
        if v["kind"] == "dict" and site["arg"] == "**":  # `**kwargs`: the kinds of its policy entries
            for arg, kinds in v.get("entries", {}).items():
                by_arg.setdefault(arg, []).extend(kinds)
        else:
            by_arg.setdefault(site["arg"], []).append(v["kind"])
    not_a_set = BAD_POLICY_KINDS + ("def", "partial of def", "partial")
    return any(k in not_a_set for k in by_arg.get("activation_checkpointing_policy", [])) or any(
        k in BAD_POLICY_KINDS for arg, kinds in by_arg.items() if arg != "activation_checkpointing_policy" for k in kinds)


def summarise(report: dict, scripts: list[Path]) -> dict:
    labels = {str(p): expected_codes(p.read_text(encoding="utf-8")) for p in scripts}
    out = {"engine": report["engine"]}
    by_kind: dict[str, list[tuple[bool, bool]]] = {"policy": [], "strategy": [], "module": []}
    cold, warm, parse_cold, parse_warm = [], [], [], []
    bad_seen, bad_total, false_bad, fine_total = 0, 0, 0, 0
    for entry in report["scripts"]:
        for site in entry["sites"]:
            by_kind[site["kind"]].append((kind_known(site), position_known(site)))
        cold += entry["timings"]["cold"]["queries"]
        warm += entry["timings"]["warm"]["queries"]
        parse_cold.append(entry["timings"]["cold"]["parse"])
        parse_warm.append(entry["timings"]["warm"]["parse"])
        codes = labels[entry["script"]]
        policy_sites = [s for s in entry["sites"] if s["kind"] == "policy"]
        if any(c in ("LXF001", "LXF006", "LXF028") for c in codes):
            bad_total += 1
            bad_seen += any(sees_bad_policy(s) for s in policy_sites)
        elif not codes:
            fine_total += 1
            if any(sees_bad_policy(s) for s in policy_sites):
                false_bad += 1
                out.setdefault("_fine_with_bad_kind", []).append(Path(entry["script"]).name)
    for kind, hits in by_kind.items():
        out[f"{kind}: kind/position"] = f"{sum(k for k, _ in hits)}/{sum(p for _, p in hits)} of {len(hits)}"
    out["bad policy seen (raising)"] = f"{bad_seen}/{bad_total}"
    out["bad kind on fine scripts"] = f"{false_bad}/{fine_total}"
    ms = lambda xs, q=0.5: round(1000 * statistics.quantiles(xs, n=100)[int(q * 100) - 1], 2) if len(xs) > 1 else None  # noqa: E731
    out["query cold ms p50/p90"] = f"{ms(cold)}/{ms(cold, 0.9)}"
    out["query warm ms p50/p90"] = f"{ms(warm)}/{ms(warm, 0.9)}"
    out["parse cold/warm ms p50"] = f"{ms(parse_cold)}/{ms(parse_warm)}"
    out["modules imported"] = report["imported_modules"]
    out["extension modules imported"] = len(report["imported_extension_modules"])
    out["non-stdlib imported"] = ", ".join(report["imported_non_stdlib_top_level"]) or "-"
    out["chdir calls"] = report["chdir_calls"]
    out["canary executed"] = report["canary_executed"]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scripts", nargs="*", type=Path)
    ap.add_argument("--engines", default="astroid,jedi")
    ap.add_argument("--library-path", help="a site-packages with torch and lightning that the engines may read")
    ap.add_argument("--json", type=Path, help="write every query and its answers here")
    ap.add_argument("--engine", help=argparse.SUPPRESS)  # internal: run one engine in this process
    args = ap.parse_args(argv)
    scripts = [p.resolve() for p in (args.scripts or default_scripts())]

    if args.engine:
        print(json.dumps(engine_main(args.engine, scripts, args.library_path)))
        return 0

    reports = []
    for engine in args.engines.split(","):
        cmd = [sys.executable, __file__, "--engine", engine, *map(str, scripts)]
        if args.library_path:
            cmd += ["--library-path", args.library_path]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600, cwd=tempfile.gettempdir())
        if done.returncode != 0:
            print(f"{engine}: failed\n{done.stderr[-2000:]}", file=sys.stderr)
            continue
        reports.append(json.loads(done.stdout.splitlines()[-1]))
    if args.json:
        args.json.write_text(json.dumps(reports, indent=1))
    rows = [summarise(r, scripts) for r in reports]
    if not rows:
        return 1
    notes = {row["engine"]: row.pop("_fine_with_bad_kind", []) for row in rows}
    keys = list(rows[0])
    print(f"{len(scripts)} scripts; library path: {args.library_path or 'none (engines see only the project)'}\n")
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(str(row[k]) for k in keys) + " |")
    for engine, names in notes.items():
        print(f"\n{engine}: a failing kind on scripts that run fine: {', '.join(names) or '-'}")
    for r in reports:
        print(f"\n{r['engine']} settings: {r['settings']}")
        if r["imported_extension_modules"]:
            print(f"{r['engine']} loaded extension modules: {', '.join(r['imported_extension_modules'][:20])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
