"""errata-lsp: serve LSP (the default), or check files, explain an error, inspect the knowledge base."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import difflib
import io
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__, terminal
from .analysis import apply_edits, check_source, chosen_fix, fix_all
from .analysis.engine import Report
from .analysis.findings import Finding
from .check_jobs import IN_PROCESS_BELOW, default_jobs
from .files import (
    SOURCE_SUFFIXES,
    UNCHANGED,
    ReadOnly,
    SourceError,
    TooLarge,
    python_files,
    write_source,
    write_target,
)
from .report_formats import FORMATS, Entry, shown_path, text_line
from .settings import Settings, SettingsError, settings_for

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by SIGINT

if TYPE_CHECKING:
    from .kb import KnowledgeBase


def _rules_by_code() -> dict:
    """The rules by code; the rule pack is loaded when a command needs it (a check whose files mention
    no pack's words, or come from the cache, never does)."""
    from .analysis.rules import BY_CODE

    return BY_CODE


def _all_rules() -> list:
    from .analysis.rules import RULES

    return list(RULES)


def serves(argv: list[str]) -> bool:
    """No command (or `serve`, `--stdio`, `--tcp`): the language server."""
    return not argv or argv[0] in ("--stdio", "--tcp", "serve") or argv[0].startswith("--tcp=")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if serves(argv):
        return _serve(argv[1:] if argv and argv[0] == "serve" else argv)
    for stream in (sys.stdout, sys.stderr):  # a strict encoding (ascii, cp1252) never turns output into a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        return EXIT_CLEAN
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (workers were stopped first)
        print("errata-lsp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
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
    check.add_argument("paths", nargs="*", metavar="PATH")
    check.add_argument("--select", help="codes or prefixes to check, comma-separated (default: all)")
    check.add_argument("--ignore", help="codes or prefixes to skip, comma-separated")
    check.add_argument("--diff", action="store_true", help="print the fixes as a unified diff; change nothing")
    check.add_argument("--fix", action="store_true", help="apply the safe fixes in place, then check again")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply the unsafe fixes too")
    check.add_argument("--format", choices=FORMATS, default="text",
                       help="text (default), json, sarif (code scanning), github (workflow annotations), "
                            "gitlab (Code Quality report)")
    check.add_argument("--all-rules", action="store_true",
                       help="with --format sarif, describe every rule, not only those with results")
    check.add_argument("--add-noqa", action="store_true",
                       help="add a `# noqa: CODE` comment for every current finding (to adopt errata on existing code)")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument("--quiet", "-q", action="store_true", help="print the findings and nothing else")
    check.add_argument("--statistics", action="store_true", help="print counts per code instead of the findings")
    check.add_argument("--output-file", "-o", metavar="PATH", help="write the report to PATH instead of stdout")
    check.add_argument("--show-versions", action="store_true",
                       help="print the versions of lightning, torch and torch_xla assumed for the files, and where "
                            "each was found")
    check.add_argument("--stdin-filename", metavar="NAME",
                       help="read the source from stdin (PATH '-' or none) as if it were the file NAME")
    check.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                       help="check in up to N worker processes (default: one per core; 1: in this process); "
                            f"with fewer than {IN_PROCESS_BELOW} files that mention a library errata knows, "
                            "all are checked in this process")
    check.add_argument("--cache-dir", metavar="DIR",
                       help="keep the findings of unchanged files in DIR (default: the user's cache folder, "
                            "$XDG_CACHE_HOME/errata on Linux)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.set_defaults(run=_check, usage=check)

    explain = sub.add_parser("explain", help="explain an error message or a whole traceback ('-' reads stdin)")
    explain.add_argument("text", nargs="+")
    explain.add_argument("--kb", action="append", default=[], metavar="PATH", help="extra record files or folders")
    explain.add_argument("--all", action="store_true", help="print every matching record, not only the best")
    explain.set_defaults(run=_explain)

    scan = sub.add_parser("log", help="find the known errors in log files or pasted tracebacks, line by line "
                                      "('-' reads stdin)")
    scan.add_argument("paths", nargs="+", metavar="PATH")
    scan.add_argument("--kb", action="append", default=[], metavar="PATH", help="extra record files or folders")
    scan.set_defaults(run=_scan_logs)

    kb = sub.add_parser("kb", help="the knowledge base: validate record files, count records")
    kb_sub = kb.add_subparsers(metavar="ACTION", required=True)
    validate = kb_sub.add_parser("validate", help="report every bad record with its file and line")
    validate.add_argument("paths", nargs="*", metavar="PATH", help="record files or folders (default: the shipped KB)")
    validate.add_argument("--corrections", metavar="FILE",
                          help="a corrections file to check against these records (default: the shipped one, with the shipped KB)")
    validate.set_defaults(run=_kb_validate)
    stats = kb_sub.add_parser("stats", help="count records by repo, error class and tag")
    stats.add_argument("--kb", action="append", default=[], metavar="PATH")
    stats.set_defaults(run=_kb_stats)

    rules = sub.add_parser("rules", help="list the rules")
    rules.set_defaults(run=_rules)

    rule = sub.add_parser("rule", help="a rule's page: what, why, examples, the fix and its safety, its record")
    rule.add_argument("codes", nargs="*", metavar="CODE")
    rule.add_argument("--all", action="store_true", help="every rule")
    rule.add_argument("--format", choices=("markdown", "json"), default="markdown")
    rule.set_defaults(run=_rule, usage=rule)
    return parser


# --- check -----------------------------------------------------------------------------------
def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return n


def _check(args: argparse.Namespace) -> int:
    if args.jobs is None:
        args.jobs = default_jobs()
    if not args.paths and not args.stdin_filename:
        args.usage.error("give files or folders, or --stdin-filename NAME with the source on stdin")
    overrides = {k: v for k, v in (("select", args.select), ("ignore", args.ignore)) if v}
    unknown = _unknown_codes(overrides, Path(args.stdin_filename or (args.paths or ["."])[0]))
    if unknown:
        print(f"errata-lsp check: {unknown}; `errata-lsp rules` lists the rules", file=sys.stderr)
        return EXIT_ERROR
    piped = args.stdin_filename is not None and args.paths in ([], ["-"])
    clash = _output_clash(args.output_file, [args.stdin_filename] if piped else args.paths)
    if clash:
        print(f"errata-lsp: --output-file {args.output_file}: {clash}; nothing was checked",
              file=sys.stderr)
        return EXIT_ERROR
    # stdout carries the report; with --diff it is the patch, and a piped --fix writes the fixed source there
    report_out = io.StringIO()
    notes = sys.stderr if args.diff or (piped and args.fix) else report_out
    # colour and code frames only where a person reads the findings: a terminal, or FORCE_COLOR
    style = terminal.style_for(sys.stderr if notes is sys.stderr else None if args.output_file else sys.stdout)
    run = _Run()
    targets = [(Path(args.stdin_filename), None)] if piped else python_files(args.paths)
    folders = [] if piped else [p for p in args.paths if os.path.isdir(p)]
    if not piped:  # one project model for the run: a folder given that is in no project is one
        from .analysis.project import WORKSPACE

        WORKSPACE.add_checked_folders(folders)
    # Fixes are written and checked file by file (a fix may change what the next file reads); a plain
    # check reads every file first, then checks those its cache does not answer, over --jobs workers.
    one_by_one = piped or args.fix or args.diff or args.add_noqa
    files: list[_File] = []
    for path, problem in targets:
        file = _prepared(path, problem, args, piped, overrides, run)
        if one_by_one:
            if file.source is not None:
                file.report = check_source(file.source.program, str(path), file.settings)
                if (args.fix or args.diff) and not piped and _fix_elsewhere(file.report.findings, args, run.counts,
                                                                            run.diffed):
                    file.report = check_source(file.source.program, str(path), file.settings)  # what it reads changed
            _fold(file, args, run, notes, style)
        else:
            files.append(file)
    if not one_by_one:
        from .check_jobs import WorkerStopped

        try:
            _check_files([f for f in files if f.source is not None], args, folders)
        except WorkerStopped as exc:
            print(f"errata-lsp check: a worker process stopped before it finished ({exc}); nothing is "
                  "reported", file=sys.stderr)
            return EXIT_ERROR
        for file in files:
            _fold(file, args, run, notes, style)
    status, counts, entries = run.status, run.counts, run.entries
    total = counts["error"] + counts["warning"] + counts["information"]
    _print_kb_problems(run.kb_paths)
    if args.show_versions:
        _show_versions(run.environments, sys.stderr if args.format != "text" else notes)
    _report(args, entries, counts, total, report_out, notes)
    if args.output_file:
        try:
            _write_report(Path(args.output_file), report_out.getvalue())
        except OSError as exc:
            print(f"{args.output_file}: cannot write: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_ERROR
    else:
        sys.stdout.write(report_out.getvalue())
    if status == EXIT_ERROR:
        return EXIT_ERROR
    if args.exit_zero:
        return EXIT_CLEAN
    if args.diff:
        return EXIT_FINDINGS if counts["fixed"] else EXIT_CLEAN
    return EXIT_FINDINGS if total else EXIT_CLEAN


@dataclasses.dataclass
class _Run:
    """What a check has found so far, over all its files."""

    status: int = EXIT_CLEAN
    entries: list[Entry] = dataclasses.field(default_factory=list)
    # by file, line and code: one finding of a code on a line, whichever file's check reached it first (a helper's
    # call said by the caller's check and, at its argument, by the helper's module's)
    moved: set[tuple[str, int, str]] = dataclasses.field(default_factory=set)  # reported where the value is written
    own: set[tuple[str, int, str]] = dataclasses.field(default_factory=set)  # a file's own findings, by place
    diffed: set[tuple[str, tuple]] = dataclasses.field(default_factory=set)  # with --diff, other modules' fixes shown
    environments: dict = dataclasses.field(default_factory=dict)  # each environment found -> the first file it was found for
    kb_paths: set[tuple[str, ...]] = dataclasses.field(default_factory=set)  # the record files whose rules ran
    counts: Counter[str] = dataclasses.field(default_factory=Counter)
    # the settings of a folder's files (one answer per folder; settings_for stats every pyproject above),
    # by the folder the file is in and the one it resolves to
    settings: dict[tuple[str, str], Settings] = dataclasses.field(default_factory=dict)
    resolved: dict[str, str] = dataclasses.field(default_factory=dict)

    def settings_of(self, path: Path, overrides: dict) -> Settings:
        from .environment import with_environment

        folder = os.path.dirname(os.path.abspath(path))
        if os.path.islink(path):  # its settings are those of the folder it leads to
            real = os.path.dirname(os.path.realpath(path))
        else:
            real = self.resolved.get(folder) or self.resolved.setdefault(folder, os.path.realpath(folder))
        found = self.settings.get((real, folder))
        if found is None:
            found = self.settings[(real, folder)] = with_environment(settings_for(path).merged(overrides), path)
        return found


@dataclasses.dataclass
class _File:
    """One file of a check: what to say of it before its findings, its source (None: nothing to check) and
    its report once checked."""

    path: Path
    settings: Settings | None = None
    source: Any = None
    messages: list[str] = dataclasses.field(default_factory=list)
    report: Report | None = None
    root: str = ""  # the folder of its project (what its cache entry is also named by)


def _prepared(path: Path, problem: str | None, args: argparse.Namespace, piped: bool, overrides: dict,
              run: _Run) -> _File:
    """A file read (and, with --fix or --diff, fixed), ready to be checked."""
    from .sources import open_source, source_from_bytes

    shown = _shown(path)
    file = _File(path)
    try:
        if problem:
            raise SourceError(problem)
        settings = file.settings = run.settings_of(path, overrides)
        run.environments.setdefault(settings.environment, shown)
        run.kb_paths.add(settings.kb_paths)
        # Read no more than can be checked: a text in UTF-8 is at least a quarter of its size in any encoding.
        if piped:
            source, raw = source_from_bytes(path, _read_stdin(settings.max_file_bytes, echo=args.fix)), b""
        else:
            source, raw = open_source(path, 4 * settings.max_file_bytes)
    except TooLarge as exc:
        file.messages.append(f"{shown}: skipped: {exc} is above the {settings.max_file_bytes / 2**20:.0f} MiB "
                             "limit; not checked")
        run.counts["skipped"] += 1
        return file
    except (SourceError, SettingsError) as exc:
        file.messages.append(f"{shown}: {exc}")
        run.status = EXIT_ERROR
        run.counts["unchecked"] += 1
        return file
    if args.add_noqa:
        run.status = max(run.status, _add_noqa(path, source, raw, args.paths, run.counts, settings))
        return file
    program = source.program
    if args.fix or args.diff:
        fixed, applied = fix_all(program, str(path), settings, unsafe=args.unsafe_fixes)
        if fixed != program:
            run.counts["fixed"] += len(applied)
            new_text = source.rewritten(fixed)
            if args.diff:
                _write_bytes(_unified_diff(path, source.file_text, new_text).encode(
                    source.encoding, errors="surrogateescape"))
            elif piped:
                source = source.after(new_text)
            else:
                try:
                    write_source(write_target(path, args.paths), new_text, source.encoding, raw)
                except (SourceError, OSError) as exc:
                    why = exc if isinstance(exc, SourceError) else f"cannot write: {exc.strerror or exc}; {UNCHANGED}"
                    file.messages.append(f"{shown}: {why}")
                    if not isinstance(exc, ReadOnly):  # skipped by choice: its findings are reported
                        run.status = EXIT_ERROR
                    run.counts["fixed"] -= len(applied)
                else:
                    source = source.after(new_text)
        if piped and args.fix:
            _write_bytes(source.file_text.encode(source.encoding))
    file.source = source
    return file


def _check_files(files: list[_File], args: argparse.Namespace, folders: list[str]) -> None:
    """Each file's report: from the cache when nothing it depends on changed, else checked (over
    --jobs workers), then kept in the cache."""
    from .analysis.project import WORKSPACE
    from .check_cache import CheckCache, default_dir
    from .check_jobs import Task, check_all

    cache = None if args.no_cache else CheckCache(Path(args.cache_dir) if args.cache_dir else default_dir())
    missing = []
    for file in files:
        assert file.settings is not None
        if cache is not None:
            file.root = WORKSPACE.root_of(str(file.path))
            file.report = cache.get(str(file.path), file.source.program, file.settings, file.root)
        if file.report is None:
            missing.append(file)
    tasks = [Task(str(f.path), f.source.program, f.settings) for f in missing]  # type: ignore[arg-type]
    for file, checked in zip(missing, check_all(tasks, args.jobs, folders)):
        file.report = checked.report
        if cache is not None:
            cache.put(str(file.path), file.source.program, file.settings, file.root,  # type: ignore[arg-type]
                      checked.report, checked.folders)
    if cache is not None:
        cache.flush()


def _fold(file: _File, args: argparse.Namespace, run: _Run, notes, style: terminal.Style) -> None:
    """What is said of one file, in the order the files were given: its messages, then its findings."""
    for message in file.messages:
        print(message, file=sys.stderr)
    report, source = file.report, file.source
    if report is None or source is None:
        return
    shown = _shown(file.path)
    if report.skipped:
        print(f"{shown}: skipped: {report.skipped}", file=sys.stderr)
        run.counts["skipped"] += 1
    for line, note in report.notes:
        print(f"{shown}:{line + 1}: {note}", file=sys.stderr)
    for failure in report.failures:
        print(f"{shown}: rule {failure.rule} failed ({failure.error}); its findings are missing", file=sys.stderr)
        run.status = EXIT_ERROR
    run.counts["unchecked"] += bool(report.failures)
    for finding in report.findings:
        entry = source.entry(_fixes_here(finding))
        if finding.elsewhere is not None:
            entry = _where_written(entry, finding, run.moved, run.own)
            if entry is None:
                continue  # another file's use of the same value said it already, or that file's own check
        else:
            here = (os.path.realpath(file.path), finding.span.start.line, finding.code)
            if here in run.moved:
                continue  # said already where another file's use of a helper here was reported
            run.own.add(here)
        if args.format == "json":
            assert file.settings is not None
            entry = dataclasses.replace(entry, versions=file.settings.environment.as_json())
        run.entries.append(entry)
        run.counts[finding.severity.value] += 1
        run.counts["fixable"] += entry.fixable
        if args.format == "text" and not args.statistics:
            print(_shown_finding(entry, finding, source.program, style), file=notes)


def _fix_elsewhere(findings: list[Finding], args: argparse.Namespace, counts: Counter[str],
                   diffed: set[tuple[str, tuple]]) -> bool:
    """Write the fixes these findings take in other modules of the project (the literal `config.py`
    writes, read here), each module once, atomically, when it is one of the files checked and holds
    the text the fixes were made on; whether any was written. A module the edits would leave
    unparsable is left as it is, with one line. With --diff they are shown as that module's patch
    instead (each once: `diffed`), and nothing is written."""
    from .analysis.project import MAX_MODULE_BYTES, WORKSPACE, read_module
    from .sources import open_source

    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        chosen = chosen_fix(finding, args.unsafe_fixes)
        if chosen is not None and chosen.path is not None and (chosen.path, chosen.edits) not in diffed:
            by_path.setdefault(chosen.path, []).append(finding)
            if args.diff:
                diffed.add((chosen.path, chosen.edits))
    wrote = False
    for other, fixed in by_path.items():
        path = Path(other)
        shown = _shown(path)
        try:
            target = write_target(path, args.paths)
            if not any(_resolved(path) == _resolved(Path(given)) or _resolved(Path(given)) in _resolved(path).parents
                       for given in args.paths):
                raise SourceError(f"outside the paths given; not fixed, {UNCHANGED}")
            source, raw = open_source(path, MAX_MODULE_BYTES)
            if source.program != read_module(other):
                raise SourceError(f"not the text its fixes were made for; {UNCHANGED}")
            groups = [chosen.edits for f in fixed if (chosen := chosen_fix(f, args.unsafe_fixes)) is not None]
            new_text, used = apply_edits(source.program, groups)
            try:
                ast.parse(new_text)
            except (SyntaxError, ValueError):
                raise SourceError(f"its fixes would leave it unparsable; {UNCHANGED}") from None
            if args.diff:
                counts["fixed"] += len(used)
                _write_bytes(_unified_diff(path, source.file_text, source.rewritten(new_text)).encode(
                    source.encoding, errors="surrogateescape"))
                continue
            write_source(target, source.rewritten(new_text), source.encoding, raw)
        except (SourceError, OSError) as exc:
            why = exc if isinstance(exc, SourceError) else f"cannot write: {exc.strerror or exc}; {UNCHANGED}"
            print(f"{shown}: {why}", file=sys.stderr)
            continue
        WORKSPACE.changed(other)
        counts["fixed"] += len(used)
        wrote = True
    return wrote


def _fixes_here(finding: Finding) -> Finding:
    """The finding with only the fixes of its own file (those of another module go with it there)."""
    if all(f.path is None for f in finding.fixes):
        return finding
    return dataclasses.replace(finding, fixes=tuple(f for f in finding.fixes if f.path is None))


def _where_written(entry: Entry, found: Finding, moved: set[tuple[str, int, str]],
                   own: set[tuple[str, int, str]]) -> Entry | None:
    """A finding whose value is written in another module, reported there, where the fix belongs: its
    message names the use that makes it raise, and it keeps the fixes that edit that module (the use's
    own fixes stay with the use, in the editor)."""
    place, finding = found.elsewhere, entry.finding
    assert place is not None
    key = (os.path.realpath(place.path), place.span.start.line, finding.code)
    if key in moved or key in own:
        return None
    moved.add(key)
    use = entry.where.start
    cell = f", cell {entry.cell}" if entry.cell is not None else ""
    path = Path(place.path)
    if not entry.path.is_absolute():
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            pass
    note = f" (used in {shown_path(entry.path)}{cell}, line {use.line + 1})"
    there = tuple(dataclasses.replace(f, path=None) for f in found.fixes
                  if f.path is not None and os.path.realpath(f.path) == key[0])
    return Entry(path, dataclasses.replace(finding, span=place.span, message=finding.message + note, fixes=there),
                 versions=entry.versions)


def _output_clash(output: str | None, paths: list[str]) -> str | None:
    """Why the report may not be written to `output`: it is a file being checked, or a source file
    inside a folder being checked (the report would overwrite code)."""
    if not output:
        return None
    target = _resolved(Path(output))
    for given in paths:
        path = _resolved(Path(given))
        if target == path or _same_file(output, given):
            return "it is one of the files checked, and the report would overwrite it"
        if path in target.parents and target.suffix.lower() in SOURCE_SUFFIXES and Path(given).is_dir():
            return f"it is a source file inside {_shown(Path(given))}, which is checked"
    return None


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte: compared as written
        return Path(os.path.abspath(path))


def _same_file(a: str, b: str) -> bool:
    """Two names of one file (a hard link), for files that exist."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _read_stdin(limit: int, echo: bool) -> bytes:
    """The source piped in, read no further than `limit` bytes (TooLarge past it). With `echo` (a
    piped --fix, whose stdout replaces the buffer) a source too large is copied to stdout as it is."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data = buffer.read(limit + 1)
    else:  # a text stream (a test's, an embedding's)
        data = sys.stdin.read(limit + 1).encode("utf-8", "surrogateescape")
    if len(data) > limit:
        if echo:
            _write_bytes(data)
            while buffer is not None and (chunk := buffer.read(2**20)):
                _write_bytes(chunk)
        raise TooLarge(f"more than {limit / 2**20:.1f} MiB")
    return data


def _print_kb_problems(kb_paths: set[tuple[str, ...]]) -> None:
    """What is wrong in the record files of `kb-paths` (a record dropped, its rule not run), once each."""
    from .analysis.detect import rules_from_paths
    from .kb import KnowledgeBase

    said: set[str] = set()
    for paths in sorted(kb_paths):
        if not paths:
            continue
        problems = [str(p) for p in KnowledgeBase.load(paths).problems]
        problems += [str(p) for p in rules_from_paths(paths, _rules_by_code())[1]]
        for problem in problems:
            if problem not in said:
                said.add(problem)
                print(f"knowledge base: {problem}", file=sys.stderr)


def _shown_finding(entry, finding, program: str, style: terminal.Style) -> str:
    if style.plain:
        return text_line(entry)
    from .analysis.document import LINE_BREAK

    line = finding.span.start.line  # in the checked program (a notebook's cells in order): the line's text
    lines = LINE_BREAK.split(program, maxsplit=line + 1)
    return terminal.finding(entry, lines[line] if line < len(lines) else None, finding.span, style)


def _unknown_codes(overrides: dict[str, str], near: Path) -> str:
    """What is wrong with `--select` / `--ignore`: the codes or prefixes no rule has ("" when none).
    A typo must not read as "All checks passed". The rules are errata's, LXF100 and the `detect`
    sections of the kb-paths that apply where the check starts."""
    if not overrides:
        return ""
    from .analysis.suppressions import UNUSED_NOQA
    from .settings import _codes

    asked = {key: _codes(value, key) for key, value in overrides.items()}
    known = [*_rules_by_code(), UNUSED_NOQA]
    if any(not any(c.startswith(p) for c in known) for codes in asked.values() for p in codes):
        from .analysis.detect import rules_from_paths

        try:
            known += [r.code for r in rules_from_paths(settings_for(near).kb_paths, _rules_by_code())[0]]
        except SettingsError:
            pass  # the check itself reports the bad settings
    problems = []
    for key, codes in asked.items():
        bad = [p for p in codes if not any(c.startswith(p) for c in known)]
        if bad:
            problems.append(f"--{key}: no rule has the code{'s' if len(bad) > 1 else ''} {', '.join(bad)}")
    return "; ".join(problems)


def _show_versions(environments: dict, out) -> None:
    """One line per environment: the versions assumed and where each was found."""
    from .kb.versions import shipped

    table = shipped()
    for environment, first in environments.items():
        lightning = environment.lightning
        shown = [str(lightning)] + [str(lib) for lib in environment.libraries
                                   if lib.name in ("torch", "torch-xla")]
        shown += [f"{name} unknown" for name in ("torch", "torch-xla") if environment.get(name) is None]
        placed = table.place(lightning.version) if table is not None else None
        note = ""
        if placed is not None and lightning.version is None:
            note = f"; the newest release covered, {placed.release}, is assumed"
        elif placed is not None and placed.outside:
            note = f"; outside what errata covers ({placed.outside}): checked as {placed.release}"
        where = "" if len(environments) == 1 else f" for {first}"
        print(f"versions{where}: {', '.join(shown)}{note}", file=out)


def _add_noqa(path: Path, source, raw: bytes, given: list[str], counts: Counter, settings: Settings) -> int:
    from .analysis import Edit, Position, Span, apply_edits
    from .analysis.document import LINE_BREAK
    from .analysis.suppressions import UNUSED_NOQA, add_noqa

    report = check_source(source.program, str(path), settings)
    # LXF100 (an unused noqa) is not silenced with another noqa: `--fix` removes the unused code
    inserts = add_noqa(LINE_BREAK.split(source.program), [f for f in report.findings if f.code != UNUSED_NOQA])
    if not inserts:
        return EXIT_CLEAN
    edits = [[Edit(Span(Position(line, column), Position(line, column)), text)] for line, column, text in inserts]
    new_program, _ = apply_edits(source.program, edits)
    try:
        write_source(write_target(path, given), source.rewritten(new_program), source.encoding, raw)
    except (SourceError, OSError) as exc:
        why = exc if isinstance(exc, SourceError) else f"cannot write: {exc.strerror or exc}; {UNCHANGED}"
        print(f"{_shown(path)}: {why}", file=sys.stderr)
        return EXIT_CLEAN if isinstance(exc, ReadOnly) else EXIT_ERROR
    counts["noqa"] += len(inserts)
    return EXIT_CLEAN


def _report(args, entries: list, counts: Counter, total: int, out: io.StringIO, notes) -> None:
    from . import report_formats as formats

    if args.add_noqa:
        if not args.quiet:
            notes.write(f"Added {_plural(counts['noqa'], 'noqa directive')}.\n")
        return
    if args.statistics:
        rows = formats.statistics(entries, _rules_by_code())
        if args.format == "json":
            out.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        else:
            (notes if args.format == "text" else out).write(formats.statistics_text(rows))
    elif args.format == "json":  # ASCII escapes when stdout cannot take the text as it is
        ascii_only = not args.output_file and not _utf8(sys.stdout)
        out.write(json.dumps([formats.json_entry(e) for e in entries], indent=2, ensure_ascii=ascii_only) + "\n")
    elif args.format == "sarif":
        out.write(formats.sarif(entries, _all_rules(), _knowledge_base([], quiet=True), all_rules=args.all_rules))
    elif args.format == "github":
        out.write(formats.github(entries))
    elif args.format == "gitlab":
        out.write(formats.gitlab(entries))
    if args.format == "text" and not args.quiet:
        _summary(args, counts, total, counts["fixable"], notes)


def _write_report(path: Path, text: str) -> None:
    """Whole or not at all: a CI step reading the report never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with open(fd, "w", encoding="utf-8", errors="backslashreplace", newline="") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:  # the disk full, interrupted: no temporary file is left behind
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _summary(args, counts: Counter, total: int, fixable: int, out) -> None:
    if args.diff:
        print(f"Found {_plural(total, 'finding')}; the diff above applies {_plural(counts['fixed'], 'fix')}.", file=out)
        return
    if args.fix and counts["fixed"]:
        print(f"Fixed {_plural(counts['fixed'], 'finding')}.", file=out)
    if counts["unchecked"]:  # not "All checks passed": some were not done
        print(f"{_plural(counts['unchecked'], 'file')} could not be checked (see above).", file=out)
    if counts["skipped"]:
        print(f"{_plural(counts['skipped'], 'file')} skipped for their size (see above).", file=out)
    if not total:
        if not counts["unchecked"] and not counts["skipped"]:
            print("All checks passed.", file=out)
        return
    by = ", ".join(f"{counts[s]} {s}" if s == "information" else _plural(counts[s], s)
                   for s in ("error", "warning", "information") if counts[s])
    hint = f" ({fixable} fixable with --fix)" if fixable and not args.fix else ""
    print(f"Found {_plural(total, 'finding')}: {by}{hint}.", file=out)


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}es" if noun.endswith("x") else f"{n} {noun}s"


def _shown(path: Path) -> str:
    """A path as a line can show it: bytes of a name that is not UTF-8 as \\xNN."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _utf8(stream) -> bool:
    return (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "") in ("utf8", "utf8sig")


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


# --- explain ---------------------------------------------------------------------------------
def _knowledge_base(extra: list[str], quiet: bool = False) -> KnowledgeBase:
    from .kb import KnowledgeBase

    settings = settings_for(Path.cwd(), Settings())
    kb = KnowledgeBase.load(_distinct([*settings.kb_paths, *extra]))
    for problem in kb.problems if not quiet else ():
        print(f"knowledge base: {problem}", file=sys.stderr)
    return kb


def _distinct(paths: list[str]) -> list[str]:
    """Each record file or folder once, however it is spelled (`--kb X` with X in kb-paths too), and
    no file that a folder given loads already: its records would be reported as duplicates of themselves."""
    from .kb.load import RECORD_SUFFIXES

    folders = {_resolved(Path(p)) for p in paths if Path(p).is_dir()}

    def walked(path: Path) -> bool:  # found by the walk of a folder given above it (its rules: kb.load's)
        return (path.is_dir() or path.suffix in RECORD_SUFFIXES) and any(
            folder in path.parents and not any(part.startswith(".") for part in path.relative_to(folder).parts)
            for folder in folders)

    seen: set[Path] = set()
    kept = []
    for path in paths:
        key = _resolved(Path(path))
        if key not in seen and not walked(key):
            seen.add(key)
            kept.append(path)
    return kept


def _explain(args: argparse.Namespace) -> int:
    from .analysis.logs import explain
    from .environment import with_environment
    from .kb import card_markdown

    if args.text == ["-"]:
        limit = settings_for(Path.cwd(), Settings()).max_file_bytes
        try:
            text = _read_stdin(limit, echo=False).decode("utf-8", errors="replace")
        except TooLarge as exc:
            print(f"<stdin>: {exc} is above the {limit / 2**20:.0f} MiB limit; not read", file=sys.stderr)
            return EXIT_ERROR
    else:
        text = " ".join(args.text)
    kb = _knowledge_base(args.kb)
    # the card speaks of the Lightning of the project here (its wording of the message, its raise line)
    environment = with_environment(settings_for(Path.cwd(), Settings()), Path.cwd()).environment
    lightning = environment.lightning
    found = explain(kb, text, escape=False)  # read on a terminal: no Markdown escapes
    if not found.records:
        print("No known error matches this text.", file=sys.stderr)
        return EXIT_FINDINGS
    if found.note is not None:
        print(found.note + "\n")
    for i, record in enumerate(found.records if args.all else found.records[:1]):
        if i:
            print("\n---\n")
        print(card_markdown(record, lightning=lightning, environment=environment, escape=False))
    if len(found.records) > 1 and not args.all and not found.approximate:
        print(f"\n({len(found.records) - 1} more record(s) match; --all shows them)", file=sys.stderr)
    return EXIT_CLEAN


# --- log -------------------------------------------------------------------------------------
def _scan_logs(args: argparse.Namespace) -> int:
    """`path:line:column: CODE message` for each line of a log that states a known error, as the
    editor shows it on a log document; exit 1 when there is one."""
    from .analysis.document import LINE_BREAK
    from .analysis.logs import CLI_NOTES, log_findings
    from .files import read_regular

    kb = _knowledge_base(args.kb)
    limit = settings_for(Path.cwd(), Settings()).max_file_bytes
    status = EXIT_CLEAN
    for name in args.paths:
        path = Path("<stdin>" if name == "-" else name)
        try:
            data = sys.stdin.buffer.read(limit + 1) if name == "-" else read_regular(name, limit)
            if len(data) > limit:
                raise TooLarge(f"more than {limit / 2**20:.1f} MiB")
        except TooLarge as exc:
            print(f"{_shown(path)}: {exc} is above the {limit / 2**20:.0f} MiB limit; not read", file=sys.stderr)
            status = max(status, EXIT_ERROR)
            continue
        except SourceError as exc:
            print(f"{_shown(path)}: {exc}", file=sys.stderr)
            status = max(status, EXIT_ERROR)
            continue
        text = data.decode("utf-8", errors="replace")  # a log is read as it is, a stray byte or not
        for finding in log_findings(LINE_BREAK.split(text), kb, CLI_NOTES):
            print(text_line(Entry(path, finding)))
            status = max(status, EXIT_FINDINGS)
    return status


# --- kb --------------------------------------------------------------------------------------
def _kb_validate(args: argparse.Namespace) -> int:
    from .kb import SHIPPED, KnowledgeBase

    kb = KnowledgeBase.load(args.paths or SHIPPED, include_shipped=False)  # every pattern compiled
    problems = [str(p) for p in kb.problems]
    problems += _detect_problems(kb, shipped=not args.paths)
    if args.corrections or not args.paths:
        problems += _correction_problems(kb, args.corrections)
    if not args.paths:
        problems += _version_table_problems(kb)
    for problem in problems:
        print(problem)
    print(f"{len(kb)} record(s) loaded, {len(problems)} problem(s).", file=sys.stderr)
    return EXIT_FINDINGS if problems else EXIT_CLEAN


def _detect_problems(kb: KnowledgeBase, shipped: bool) -> list[str]:
    """Each record's `detect` section: its schema, then its examples run with the other rules (the
    shipped data rules of the records checked here are those records themselves)."""
    from .analysis.detect_validation import validate_records

    checked = {record.id for record in kb}
    others = [r for r in _all_rules() if r.origin == "code" or r.record not in checked]
    return [str(p) for p in validate_records(kb, others, shipped)[1]]


def _correction_problems(kb: KnowledgeBase, path: str | None) -> list[str]:
    """A corrections file that does not load, and each correction whose record is gone."""
    from .kb import corrections

    try:
        table = corrections.load(path) if path else corrections.shipped()
    except corrections.CorrectionError as exc:
        return [str(exc)]
    where = table.path or "corrections"
    return [f"{where}: correction for record {rid!r}: no such record" for rid in table.orphans(r.id for r in kb)]


def _version_table_problems(kb: KnowledgeBase) -> list[str]:
    """The shipped per-release table: it loads, and each record it names is in the knowledge base."""
    from .kb.versions import SHIPPED_TABLE, shipped

    table = shipped()
    if table is None:
        return [f"{SHIPPED_TABLE}: the per-release table does not load"]
    known = {record.id for record in kb}
    return [f"{SHIPPED_TABLE}: record {rid!r}: no such record" for rid in sorted(table.records) if rid not in known]


def _kb_stats(args: argparse.Namespace) -> int:
    kb = _knowledge_base(args.kb)
    print(f"{len(kb)} records")
    for title, key in (("repo", lambda r: [r.get("repo", "?")]), ("error class", lambda r: [r.error_class]),
                       ("tag", lambda r: r.get("tags", []))):
        counts = Counter(value for record in kb for value in key(record))
        print(f"\nby {title}:")
        for value, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {count:6d}  {value}")
    _print_corrections(kb)
    return EXIT_CLEAN


def _print_corrections(kb: KnowledgeBase) -> None:
    """The records errata corrects, each with its message as a user reads it."""
    from .kb import corrections, readable_message

    try:
        table = corrections.shipped()
    except corrections.CorrectionError as exc:
        print(f"\ncorrections: {exc}", file=sys.stderr)
        return
    corrected = [(record, table.get(record.id)) for record in kb if table.get(record.id)]
    claims = sum(len(c.claims) for _, c in corrected)  # type: ignore[union-attr, misc]
    print(f"\ncorrected, checked against {table.version}: {len(corrected)} records, {claims} claims")
    for record, correction in corrected:
        message = " ".join(readable_message(record.error_message).split())
        if len(message) > 100:
            message = message[:99] + "…"
        print(f"  {len(correction.claims):6d}  {record.id}  {record.error_class}: {message}")  # type: ignore[union-attr]


def _rules(args: argparse.Namespace) -> int:
    from .report_formats import OTHER_SUMMARIES

    for rule in _all_rules():
        print(f"{rule.code}  {rule.origin:<4}  {rule.severity.value:<11} {rule.summary}")
    print(f"LXF100  code  {'warning':<11} {OTHER_SUMMARIES['LXF100']}")  # the engine's check of noqa comments
    return EXIT_CLEAN


def _rule(args: argparse.Namespace) -> int:
    from .rule_pages import rule_data, rule_markdown

    if args.all == bool(args.codes):
        args.usage.error("give rule codes (LXF001) or --all")
    from .analysis.suppressions import UNUSED_NOQA
    from .rule_pages import noqa_page

    unknown = [c for c in args.codes if c.upper() not in _rules_by_code() and c.upper() != UNUSED_NOQA]
    if unknown:
        print(f"errata-lsp rule: unknown rule code(s): {', '.join(unknown)} (errata-lsp rules lists them)", file=sys.stderr)
        return EXIT_ERROR
    codes = [r.code for r in _all_rules()] + [UNUSED_NOQA] if args.all else [c.upper() for c in args.codes]
    kb = _knowledge_base([])
    pages = [noqa_page() if code == UNUSED_NOQA else rule_data(_rules_by_code()[code], kb) for code in codes]
    if args.format == "json":
        print(json.dumps(pages if args.all else pages if len(pages) > 1 else pages[0], indent=2, ensure_ascii=False))
    else:
        print("\n---\n\n".join(rule_markdown(page) for page in pages), end="")
    return EXIT_CLEAN


def _serve(argv: list[str]) -> int:
    from .serve import main as serve_main

    return serve_main(argv)
