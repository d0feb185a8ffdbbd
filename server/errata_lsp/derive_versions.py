"""Derive, from the source of every Lightning release, where each record's error is raised.

    python -m errata_lsp.derive_versions            # every release from 2.1.0 (the first with XLAFSDPStrategy)
    python -m errata_lsp.derive_versions --table    # also print release -> records as a markdown table

For each release, `pip download --no-deps lightning==X` fetches the wheel (cached, by default in
the system's temporary folder), and the files the records name are read from it as text: the code
is parsed with `ast`, never imported or run. Each record is anchored on the statement at its
`lineNumber` in the newest release: a `raise` (its exception class and message), a warning call, a
`def`, or another statement (its text). Each release's file is then searched for the same anchor:
in the function of the same name first, the whole file next. A raise whose message changed is still
the same site when it raises the same class from the same function with a similar message.

The output (`kb/versions/lightning.json`, reviewed like code) gives per record its PEP 440 range and,
per run of releases where nothing changed, the line, the message and the condition that guards the
raise. A new Lightning release is one more run of this command.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.version import Version

from .analysis.rules import RULES
from .kb.base import KnowledgeBase
from .kb.record import Record

REPO = "Lightning-AI/pytorch-lightning"
FIRST = "2.1.0"  # the first release with XLAFSDPStrategy
OUTPUT = Path(__file__).parent / "kb" / "versions" / "lightning.json"
WATCHED = "src/lightning/fabric/strategies/xla_fsdp.py"  # its raise sites no record covers are listed too
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SIMILAR = 0.6  # a raise of the same class in the same function with a message this close is the same site


# --- releases and their files -----------------------------------------------------------------------
def releases_on_index(pip: list[str]) -> list[str]:
    """Every final and post release of `lightning` from FIRST on, as pip's index lists them."""
    out = subprocess.run([*pip, "index", "versions", "lightning"], capture_output=True, text=True, check=True).stdout
    listed = re.search(r"Available versions:\s*(.+)", out)
    if not listed:
        raise SystemExit(f"pip index versions lightning: no list of versions in\n{out}")
    versions = [Version(v.strip()) for v in listed.group(1).split(",")]
    return [str(v) for v in sorted(v for v in versions if v >= Version(FIRST) and not v.is_prerelease and not v.is_devrelease)]


def wheel(release: str, cache: Path, pip: list[str]) -> Path:
    found = sorted(cache.glob(f"lightning-{release}-*.whl"))
    if not found:
        subprocess.run([*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", f"lightning=={release}",
                        "--dest", str(cache)], check=True, env={**os.environ, "PIP_CONSTRAINT": ""})
        found = sorted(cache.glob(f"lightning-{release}-*.whl"))
    if not found:
        raise SystemExit(f"no wheel of lightning {release} in {cache}")
    return found[0]


def read_sources(whl: Path, paths: set[str]) -> dict[str, str]:
    """Repository path (`src/lightning/...`) -> text, for the ones the wheel has."""
    out = {}
    with zipfile.ZipFile(whl) as archive:
        names = set(archive.namelist())
        for path in paths:
            inside = path.removeprefix("src/")
            if inside in names:
                out[path] = archive.read(inside).decode("utf-8")
    return out


# --- sites in one file ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Site:
    kind: str  # "raise", "warning", "def", "statement"
    line: int
    function: str  # the name of the innermost enclosing function ("" at module level)
    key: str  # raise: the exception class; warning: "warn"; def: its name; statement: its text
    message: str  # raise and warning: the message as a template (`{expr}` for what is computed)
    condition: str  # the test of the innermost `if` around it, as source ("" when none)


def sites(source: str) -> list[Site]:
    tree = ast.parse(source)
    lines = source.splitlines()
    found: list[Site] = []

    def visit(body: list[ast.stmt], function: str, condition: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append(Site("def", node.lineno, function, node.name, "", ""))
                visit(node.body, node.name, "")
                continue
            found.append(_site(node, lines, function, condition))
            if isinstance(node, ast.If):
                test = ast.unparse(node.test)
                visit(node.body, function, test)
                visit(node.orelse, function, f"not ({test})")
                continue
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, None) or ():
                    visit(child.body if isinstance(child, (ast.ExceptHandler, ast.match_case)) else [child],
                          function, condition)

    visit(tree.body, "", "")
    return found


def _site(node: ast.stmt, lines: list[str], function: str, condition: str) -> Site:
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
        name = ast.unparse(node.exc.func).rsplit(".", 1)[-1]
        message = template(node.exc.args[0]) if node.exc.args else ""
        return Site("raise", node.lineno, function, name, message, condition)
    call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
    if call is not None and ast.unparse(call.func).rsplit(".", 1)[-1].endswith("warn") and call.args:
        return Site("warning", node.lineno, function, "warn", template(call.args[0]), condition)
    return Site("statement", node.lineno, function, lines[node.lineno - 1].strip(), "", condition)


def template(node: ast.AST) -> str:
    """A message expression as the records write it: literal text, `{expr}` for what is computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(template(v) for v in node.values)
    if isinstance(node, ast.FormattedValue):
        conversion = {115: "!s", 114: "!r", 97: "!a"}.get(node.conversion, "")
        return "{" + ast.unparse(node.value) + conversion + "}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return template(node.left) + template(node.right)
    return "{" + ast.unparse(node) + "}"


def normal(message: str) -> str:
    return " ".join(_PLACEHOLDER.sub("{}", message).split())


# --- anchoring a record ---------------------------------------------------------------------------
def anchor(record: Record, reference: list[Site]) -> Site | None:
    """The site the record speaks of in the reference release: the innermost statement at its line
    (a raise or warning spanning the line wins over what holds it)."""
    line = record.get("lineNumber")
    at = [s for s in reference if s.line == line]
    for kind in ("raise", "warning", "def", "statement"):
        for site in at:
            if site.kind == kind:
                return site
    return None


def locate(target: Site, candidates: list[Site], previous_line: int | None) -> Site | None:
    """The same site in another release's file, or None when that release does not have it."""
    same_kind = [s for s in candidates if s.kind == target.kind]
    if target.kind in ("raise", "warning"):
        same = [s for s in same_kind if s.key == target.key]
        exact = [s for s in same if normal(s.message) == normal(target.message)]
        if exact:
            return _nearest([s for s in exact if s.function == target.function] or exact, previous_line)
        scored = [(difflib.SequenceMatcher(None, normal(s.message), normal(target.message)).ratio(), s)
                  for s in same if s.function == target.function]
        scored = [(score, s) for score, s in scored if score >= SIMILAR]
        return max(scored, key=lambda pair: pair[0])[1] if scored else None
    if target.kind == "def":
        named = [s for s in same_kind if s.key == target.key and s.function == target.function]
        return _nearest(named, previous_line) if named else None
    same = [s for s in same_kind if s.key == target.key]
    return _nearest([s for s in same if s.function == target.function] or same, previous_line) if same else None


def _nearest(found: list[Site], line: int | None) -> Site:
    return min(found, key=lambda s: abs(s.line - line)) if line else found[0]


# --- the whole derivation -------------------------------------------------------------------------
def derive(records: list[Record], releases: list[str], sources: dict[str, dict[str, str]]) -> dict[str, Any]:
    """`sources`: release -> repository path -> text. Releases oldest first; the last is the reference."""
    reference = releases[-1]
    parsed = {(r, p): sites(text) for r, files in sources.items() for p, text in files.items()}
    out: dict[str, Any] = {}
    covered: set[tuple[str, str, int]] = set()
    for record in sorted(records, key=lambda r: r.id):
        path = record.get("filePath")
        if not path or (reference, path) not in parsed:
            continue
        target = anchor(record, parsed[(reference, path)])
        if target is None:
            continue
        runs: list[dict[str, Any]] = []
        line = None
        for release in reversed(releases):  # newest first: each release is compared with the next one
            candidates = parsed.get((release, path))
            site = locate(target, candidates, line) if candidates is not None else None
            if site is not None:
                line = site.line
                covered.add((release, path, site.line))
            entry = {"line": site.line, "message": site.message, "condition": site.condition} if site else None
            runs.append({"release": release, "site": entry})
        out[record.id] = {
            "filePath": path,
            "anchor": target.kind,
            "range": specifier([r["release"] for r in runs if r["site"]], releases),
            "sites": _runs(list(reversed(runs))),
        }
        if target.kind in ("raise", "warning"):
            out[record.id]["recordMessageMatches"] = normal(target.message) == normal(record.error_message)
    return {"records": out, "unrecorded": _unrecorded(parsed, releases, covered)}


def _runs(per_release: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive releases with the same site (or the same absence) as one entry."""
    runs: list[dict[str, Any]] = []
    for item in per_release:
        if runs and runs[-1]["site"] == item["site"]:
            runs[-1]["to"] = item["release"]
        else:
            runs.append({"from": item["release"], "to": item["release"], "site": item["site"]})
    return [{"from": r["from"], "to": r["to"], **(r["site"] or {"absent": True})} for r in runs]


def specifier(present: list[str], releases: list[str]) -> str:
    """A PEP 440 specifier that holds the present releases and none of the others (among `releases`)."""
    if not present:
        return "<0"
    chosen = sorted(present, key=Version)
    ordered = sorted(releases, key=Version)
    first, last = chosen[0], chosen[-1]
    parts = [f">={first}"]
    after = ordered[ordered.index(last) + 1:]
    if after:
        parts.append(f"<{after[0]}")
    inside = ordered[ordered.index(first):ordered.index(last) + 1]
    parts += [f"!={r}" for r in inside if r not in chosen]
    return ",".join(parts)


def _unrecorded(parsed: dict[tuple[str, str], list[Site]], releases: list[str],
                covered: set[tuple[str, str, int]]) -> dict[str, list[dict[str, Any]]]:
    """Per release, the raise sites of WATCHED that no record is anchored on."""
    out = {}
    for release in releases:
        found = [s for s in parsed.get((release, WATCHED), []) if s.kind == "raise"
                 and (release, WATCHED, s.line) not in covered]
        out[release] = [{"line": s.line, "errorClass": s.key, "message": s.message, "condition": s.condition}
                        for s in found]
    return out


def table(data: dict[str, Any]) -> str:
    """Release -> how many records apply, which do not, which are raised with other words or under
    another condition than in the newest release, and the raise sites of WATCHED no record covers."""
    from .kb.versions import VersionTable

    versions = VersionTable(data)
    newest = versions.newest
    rules = _rules_by_record()

    def named(ids: list[str]) -> str:
        return ", ".join(f"{rid} ({'/'.join(rules[rid])})" if rid in rules else rid for rid in ids) or "—"
    rows = [("| release | records that apply | records absent | other message than the newest | "
             "other condition than the newest | raise sites no record covers |"), "|---|---|---|---|---|---|"]
    for release in versions.releases:
        absent = sorted(rid for rid in versions.records if not versions.applies(rid, release))
        differ = sorted(rid for rid in versions.records if versions.message_differs(rid, release))
        guarded = sorted(rid for rid in versions.records if versions.site(rid, release) and versions.site(rid, newest)  # type: ignore[arg-type]
                         and versions.site(rid, release).condition != versions.site(rid, newest).condition)  # type: ignore[union-attr, arg-type]
        extra = [f"{s['errorClass']} L{s['line']}" + (f" if {s['condition']}" if s["condition"] else "")
                 for s in data["unrecorded"].get(release, [])]
        rows.append(f"| {release} | {len(versions.records) - len(absent)} | {named(absent)} | "
                    f"{named(differ)} | {named(guarded)} | {'; '.join(extra) or '—'} |")
    return "\n".join(rows) + "\n"


def _rules_by_record() -> dict[str, list[str]]:
    """record id -> codes of the rules that report it (a rule's `record`, or a record id it names)."""
    import sys as _sys

    out: dict[str, list[str]] = {}
    for rule in RULES:
        names = vars(_sys.modules[type(rule).__module__]).values()
        for value in {rule.record, *(v for v in names if isinstance(v, str) and re.fullmatch(r"[0-9a-f]{16}", v))}:
            out.setdefault(value, []).append(rule.code)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m errata_lsp.derive_versions", description=__doc__.split("\n")[0])
    parser.add_argument("releases", nargs="*", help="releases to derive (default: every one on the index from 2.1.0)")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "errata-lightning-wheels"),
                        help="where downloaded wheels are kept (default: %(default)s)")
    parser.add_argument("--output", default=str(OUTPUT), help="the data file to write (default: the shipped one)")
    parser.add_argument("--table", action="store_true", help="print release -> records as a markdown table")
    args = parser.parse_args(argv)
    pip = [sys.executable, "-m", "pip"]
    releases = sorted(args.releases or releases_on_index(pip), key=Version)
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    records = [r for r in KnowledgeBase.load([]) if r.get("repo") == REPO and r.get("filePath")]
    paths = {r.get("filePath") for r in records} | {WATCHED}
    sources = {}
    for release in releases:
        sources[release] = read_sources(wheel(release, cache, pip), paths)
        print(f"lightning {release}: {len(sources[release])} of {len(paths)} files", file=sys.stderr)
    data = {
        "library": "lightning",
        "repo": REPO,
        "derivedWith": "python -m errata_lsp.derive_versions",
        "url": f"https://github.com/{REPO}/blob/{{release}}/{{filePath}}#L{{line}}",
        "releases": releases,
        **derive(records, releases, sources),
    }
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=output.parent, delete=False, suffix=".tmp") as handle:
        handle.write(text)
    os.replace(handle.name, output)
    print(f"wrote {output}: {len(data['records'])} records over {len(releases)} releases", file=sys.stderr)
    if args.table:
        sys.stdout.write(table(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
