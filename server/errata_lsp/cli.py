"""errata-lsp: serve LSP (the default), or check files, explain an error, inspect the knowledge base."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections import Counter
from pathlib import Path

from . import __version__
from .analysis import Finding, Safety, check_source, fix_all
from .analysis.rules import RULES
from .files import SourceError, python_files, read_source, write_source
from .kb import KnowledgeBase, card_markdown
from .settings import Settings, SettingsError, settings_for

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def serves(argv: list[str]) -> bool:
    """No command (or `serve`, `--stdio`, `--tcp`): the language server."""
    return not argv or argv[0] in ("--stdio", "--tcp", "serve") or argv[0].startswith("--tcp=")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if serves(argv):
        return _serve(argv[1:] if argv and argv[0] == "serve" else argv)
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        return EXIT_CLEAN
    except SettingsError as exc:  # a bad [tool.errata] where explain or kb stats look for kb-paths
        print(f"errata-lsp: {exc}", file=sys.stderr)
        return EXIT_ERROR


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="errata-lsp",
        description="Catch library misuse before the code runs. With no command, serve LSP on stdio.",
    )
    parser.add_argument("--version", action="version", version=f"errata-lsp {__version__}")
    sub = parser.add_subparsers(metavar="COMMAND")

    serve = sub.add_parser("serve", help="serve LSP (the default): --stdio, or --tcp HOST:PORT")
    serve.set_defaults(run=lambda a: _serve([]))

    check = sub.add_parser("check", help="check files and folders, optionally fixing them")
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.add_argument("--select", help="codes or prefixes to check, comma-separated (default: all)")
    check.add_argument("--ignore", help="codes or prefixes to skip, comma-separated")
    check.add_argument("--diff", action="store_true", help="print the fixes as a unified diff; change nothing")
    check.add_argument("--fix", action="store_true", help="apply the safe fixes in place, then check again")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply the unsafe fixes too")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(run=_check)

    explain = sub.add_parser("explain", help="explain an error message or a whole traceback ('-' reads stdin)")
    explain.add_argument("text", nargs="+")
    explain.add_argument("--kb", action="append", default=[], metavar="PATH", help="extra record files or folders")
    explain.add_argument("--all", action="store_true", help="print every matching record, not only the best")
    explain.set_defaults(run=_explain)

    kb = sub.add_parser("kb", help="the knowledge base: validate record files, count records")
    kb_sub = kb.add_subparsers(metavar="ACTION", required=True)
    validate = kb_sub.add_parser("validate", help="report every bad record with its file and line")
    validate.add_argument("paths", nargs="*", metavar="PATH", help="record files or folders (default: the shipped KB)")
    validate.set_defaults(run=_kb_validate)
    stats = kb_sub.add_parser("stats", help="count records by repo, error class and tag")
    stats.add_argument("--kb", action="append", default=[], metavar="PATH")
    stats.set_defaults(run=_kb_stats)

    rules = sub.add_parser("rules", help="list the rules")
    rules.set_defaults(run=_rules)
    return parser


# --- check -----------------------------------------------------------------------------------
def _check(args: argparse.Namespace) -> int:
    overrides = {k: v for k, v in (("select", args.select), ("ignore", args.ignore)) if v}
    status = EXIT_CLEAN
    results: list[dict] = []
    counts = Counter()
    fixable = 0
    for path in python_files(args.paths):
        try:
            settings = settings_for(path).merged(overrides)
            text, encoding = read_source(path)
        except (SourceError, SettingsError) as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            status = EXIT_ERROR
            counts["unchecked"] += 1
            continue
        report_text = text
        if args.fix or args.diff:
            fixed, applied = fix_all(text, str(path), settings, unsafe=args.unsafe_fixes)
            if fixed != text:
                counts["fixed"] += len(applied)
                if args.diff:
                    _write_bytes(_unified_diff(path, text, fixed).encode(encoding))
                else:
                    try:
                        write_source(path, fixed, encoding)
                    except OSError as exc:
                        print(f"{path}: cannot write: {exc.strerror or exc}", file=sys.stderr)
                        status = EXIT_ERROR
                        counts["fixed"] -= len(applied)
                    else:
                        report_text = fixed
        report = check_source(report_text, str(path), settings)
        if report.skipped:
            print(f"{path}: skipped: {report.skipped}", file=sys.stderr)
        for failure in report.failures:
            print(f"{path}: rule {failure.rule} failed ({failure.error}); its findings are missing", file=sys.stderr)
            status = EXIT_ERROR
        counts["unchecked"] += bool(report.failures)
        for finding in report.findings:
            counts[finding.severity.value] += 1
            fixable += any(f.safety is Safety.SAFE for f in finding.fixes)
            if args.format == "json":
                results.append(_json(path, finding))
            else:  # with --diff, stdout is the patch alone and the findings go to stderr
                pos = finding.span.start
                print(f"{path}:{pos.line + 1}:{pos.column + 1}: {finding.code} {finding.message}",
                      file=sys.stderr if args.diff else sys.stdout)
    total = counts["error"] + counts["warning"] + counts["information"]
    if args.format == "json":
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        _summary(args, counts, total, fixable)
    if status == EXIT_ERROR:
        return EXIT_ERROR
    if args.diff:
        return EXIT_FINDINGS if counts["fixed"] else EXIT_CLEAN
    return EXIT_FINDINGS if total else EXIT_CLEAN


def _summary(args, counts: Counter, total: int, fixable: int) -> None:
    out = sys.stderr if args.diff else sys.stdout
    if args.diff:
        print(f"Found {total} finding(s); the diff above applies {counts['fixed']} fix(es).", file=out)
        return
    if args.fix and counts["fixed"]:
        print(f"Fixed {counts['fixed']} finding(s).", file=out)
    if counts["unchecked"]:  # not "All checks passed": some were not done
        print(f"{counts['unchecked']} file(s) could not be checked (see above).", file=out)
    if not total:
        if not counts["unchecked"]:
            print("All checks passed.", file=out)
        return
    by = ", ".join(f"{counts[s]} {s}" for s in ("error", "warning", "information") if counts[s])
    hint = f" ({fixable} fixable with --fix)" if fixable and not args.fix else ""
    print(f"Found {total} finding(s): {by}{hint}.", file=out)


def _unified_diff(path: Path, before: str, after: str) -> str:
    """A patch that `patch -p1` and `git apply` take: lines split at "\\n" only, as they count them
    (not at a form feed, U+2028 or a lone CR), and the no-newline marker where a side ends without one."""
    name = path
    if path.is_absolute():
        try:
            name = path.relative_to(Path.cwd())
        except ValueError:
            pass
    out = []
    for line in difflib.unified_diff(_lines(before), _lines(after), f"a/{name.as_posix()}", f"b/{name.as_posix()}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _write_bytes(data: bytes) -> None:
    """A patch is bytes in the file's own encoding, line endings included."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8", errors="replace"))
        return
    sys.stdout.flush()
    buffer.write(data)
    buffer.flush()


def _json(path: Path, finding: Finding) -> dict:
    def where(span) -> dict:
        return {"line": span.start.line + 1, "column": span.start.column + 1,
                "end_line": span.end.line + 1, "end_column": span.end.column + 1}

    return {
        "path": str(path), **where(finding.span), "code": finding.code, "record": finding.record_id,
        "message": finding.message, "severity": finding.severity.value,
        "fixes": [
            {"title": f.title, "safety": f.safety.value, "preferred": f.preferred,
             "edits": [{**where(e.span), "new_text": e.new_text} for e in f.edits]}
            for f in finding.fixes
        ],
    }


# --- explain ---------------------------------------------------------------------------------
def _knowledge_base(extra: list[str]) -> KnowledgeBase:
    settings = settings_for(Path.cwd(), Settings())
    kb = KnowledgeBase.load([*settings.kb_paths, *extra])
    for problem in kb.problems:
        print(f"knowledge base: {problem}", file=sys.stderr)
    return kb


def _explain(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.text == ["-"] else " ".join(args.text)
    kb = _knowledge_base(args.kb)
    matches = kb.match(text)
    if not matches:
        return _explain_approximately(kb, text, args.all)
    for i, record in enumerate(matches if args.all else matches[:1]):
        if i:
            print("\n---\n")
        print(card_markdown(record))
    if len(matches) > 1 and not args.all:
        print(f"\n({len(matches) - 1} more record(s) match; --all shows them)", file=sys.stderr)
    return EXIT_CLEAN


def _explain_approximately(kb: KnowledgeBase, text: str, every: bool) -> int:
    """No message matches exactly: the records that fit best, with their scores, then the best card."""
    from .kb.rank import approximate_note

    guesses = kb.guess(text)
    if not guesses:
        print("No known error matches this text.", file=sys.stderr)
        return EXIT_FINDINGS
    print(approximate_note(guesses) + "\n")
    for i, guess in enumerate(guesses if every else guesses[:1]):
        if i:
            print("\n---\n")
        print(card_markdown(guess.record))
    return EXIT_CLEAN


# --- kb --------------------------------------------------------------------------------------
def _kb_validate(args: argparse.Namespace) -> int:
    kb = KnowledgeBase.load(args.paths, include_shipped=not args.paths)
    for problem in kb.problems:
        print(problem)
    print(f"{len(kb)} record(s) loaded, {len(kb.problems)} problem(s).", file=sys.stderr)
    return EXIT_FINDINGS if kb.problems else EXIT_CLEAN


def _kb_stats(args: argparse.Namespace) -> int:
    kb = _knowledge_base(args.kb)
    print(f"{len(kb)} records")
    for title, key in (("repo", lambda r: [r.get("repo", "?")]), ("error class", lambda r: [r.error_class]),
                       ("tag", lambda r: r.get("tags", []))):
        counts = Counter(value for record in kb for value in key(record))
        print(f"\nby {title}:")
        for value, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {count:6d}  {value}")
    return EXIT_CLEAN


def _rules(args: argparse.Namespace) -> int:
    for rule in RULES:
        print(f"{rule.code}  {rule.severity.value:<11} {rule.summary}")
    return EXIT_CLEAN


def _serve(argv: list[str]) -> int:
    from .serve import main as serve_main

    return serve_main(argv)
