"""The shape of a rule: a code, the record it prevents, trigger words, examples and a check."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .context import Arg, Context
from .findings import Edit, Finding, Fix, Position, Safety, Severity, Span


@dataclass(frozen=True)
class Invalid:
    """Code the rule must flag. `fixed` is the text after applying the fix titled `fix` (or the preferred one).

    `count`, `at` and `severity` pin what an editor shows: how many findings of the rule the code
    gets, where the first one is underlined ("line:column-line:column", 1-based, columns in
    characters, as `errata-lsp check` prints them) and its severity ("error", "warning", "information").
    """

    code: str
    fixed: str | None = None
    fix: str | None = None
    message: str | None = None  # a substring the message must contain
    count: int | None = None
    at: str | None = None
    severity: str | None = None


@dataclass(frozen=True)
class Valid:
    """Code that runs fine: the rule must stay silent."""

    code: str


class Rule:
    code: str = ""
    record: str = ""  # id of the knowledge-base record this rule prevents
    name: str = ""  # short kebab-case name
    summary: str = ""  # one line: what it catches
    severity: Severity = Severity.ERROR
    # Words of which one must appear in a statement for this rule to look at it.
    triggers: tuple[str, ...] = ()
    # When set, words of which one must appear in that statement too (identifiers, as `triggers`): a
    # trigger as common as `dim` then picks only the statements where the rule can find something.
    triggers_with: tuple[str, ...] = ()
    examples: tuple[Invalid | Valid, ...] = ()
    # Codes whose findings this rule's fix may bring out or reword: the library's next check once this
    # one passes (a fix does one thing; the next fix is the next finding's).
    reveals: tuple[str, ...] = ()
    doc: str = ""  # what it flags, then the real behaviour; a Python rule's is its module's docstring
    origin: str = "code"  # "code": a Python class; "data": a record's `detect` section (analysis/detect/)

    def check(self, ctx: Context) -> Iterable[Finding]:
        raise NotImplementedError

    def finding(
        self, ctx: Context, where: ast.AST | Span, message: str, fixes: Iterable[Fix] = (),
        severity: Severity | None = None, record: str | None = None,
    ) -> Finding:
        span = where if isinstance(where, Span) else ctx.doc.span(where)
        script = ctx.run_as_a_script_only(where) if not isinstance(where, Span) else None
        if script is not None:  # a library module's smoke test: raises when the module is run, not in the project's run
            severity = Severity.WARNING
            message = f"{message}; only when `{script}` is run as a script (other modules of the project import it)"
        elif (severity or self.severity) is Severity.ERROR and not isinstance(where, Span):
            severity, message = self.reached_if_file(ctx, where, severity or self.severity, message)
        made_up = ctx.made_up()
        if made_up:  # a held call's callee stands for another text (`save` for `fabric.save` and its presets)
            fixes = [f for f in fixes if f.path is not None
                     or not any(e.span.start <= m.end and m.start <= e.span.end for e in f.edits for m in made_up)]
        return Finding(self.code, record or self.record, span, message, severity or self.severity, tuple(fixes), self.name)

    @staticmethod
    def reached_if_file(ctx: Context, site: ast.AST, severity: Severity, message: str) -> tuple[Severity, str]:
        """A site a run reaches only when a test of the file system is true (`if os.path.exists(path):
        fabric.load(path)`, `if not ckpts: return` before it): whether the file is there only the machine that
        runs it knows, so an error there is a warning that names the test, unless the program writes that path
        before the test (`Context.file_test_over`)."""
        test = ctx.file_test_over(site)
        if test is None or severity is not Severity.ERROR:
            return severity, message
        line = ctx.doc.span(test).start.line + 1
        return Severity.WARNING, (f"{message}; only when `{short(ctx.doc.source(test))}` (line {line}) is true: "
                                  "whether the file is there, only the run can tell")

    @staticmethod
    def when_used(ctx: Context, built: ast.Call, finding: Finding | None) -> Finding | None:
        """`finding` on what `built` builds, for a misuse that raises only once the program uses the object (a
        strategy's setting, checked when Fabric sets the model up): None when no read of the program ever
        takes it (a preset no run picks), a warning while only a local nothing reads holds it (`Context.never_used`)."""
        if finding is None:
            return None
        unused = ctx.never_used(built)
        if unused is None:
            return finding
        if unused[0] == "picked":
            return None
        return dataclasses.replace(finding, severity=Severity.WARNING,
                                   message=f"{finding.message}; once `{unused[1]}` is used (nothing reads it yet)")


def short(text: str, limit: int = 60) -> str:
    """Source text for a message: on one line, cut with an ellipsis past `limit` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def fix(title: str, *edits: Edit, safety: Safety = Safety.SAFE, preferred: bool = False,
        path: str | None = None) -> Fix:
    return Fix(title, tuple(edits), safety, preferred, path)


def replace(ctx: Context, node: ast.AST, new_text: str) -> Edit:
    return Edit(ctx.doc.span(node), new_text)


def remove_argument(ctx: Context, items: Sequence[ast.AST], target: ast.AST) -> Edit:
    """Delete one item of a comma-separated list (call arguments, dict entries) with its comma."""
    spans = [ctx.doc.span(item) for item in items]
    index = next(i for i, item in enumerate(items) if item is target)
    if index + 1 < len(items):
        return Edit(Span(spans[index].start, spans[index + 1].start), "")
    if index > 0:
        return Edit(Span(spans[index - 1].end, spans[index].end), "")
    return Edit(spans[index], "")


def drop_argument(ctx: Context, call: ast.Call, arg: Arg) -> Edit | None:
    """An edit that removes a keyword where it is spelled: in the call, a `**{...}` display or `**dict(...)`.
    None when it is spelled elsewhere (bound by a `functools.partial` of another module, another module's dict)."""
    holder = ctx.parents.get(arg.node) if arg.via is not None else call
    if isinstance(holder, ast.Dict):
        entries = dict_items(holder)
        entry = next((i for i in entries if i.key is arg.node), None)
        return remove_argument(ctx, entries, entry) if entry is not None else None
    if isinstance(holder, ast.Call):
        items = call_items(holder)
        return remove_argument(ctx, items, arg.node) if any(i is arg.node for i in items) else None
    return None


def insert_keyword_after(ctx: Context, arg: Arg, name: str, value_text: str) -> list[Edit]:
    """Edits that add `name=value_text` (or `'name': value_text` in a dict display) right after `arg`:
    on the same line in a one-line call, on a line of its own in a call spelled one item a line.
    [] when `arg` is spelled some other way."""
    holder = ctx.parents.get(arg.node)
    if isinstance(arg.node, ast.keyword):
        item = f"{name}={value_text}"
    elif isinstance(holder, ast.Dict) and isinstance(arg.node, ast.Constant):
        quote = ctx.doc.source(arg.node)[:1]
        quote = quote if quote in "'\"" else "'"
        item = f"{quote}{name}{quote}: {value_text}"
    else:
        return []
    end = ctx.doc.span(arg.value).end  # the entry ends with its value
    line = ctx.doc.lines[end.line]
    after = line[end.column:].lstrip()
    if after and not after.startswith("#") and not (after.startswith(",") and _blank(after[1:])):
        return [Edit(Span(end, end), f", {item}")]  # more items on this line: stay on it
    start = ctx.doc.span(arg.node).start
    before = ctx.doc.lines[start.line][: start.column]
    indent = before if not before.strip() else "".join(c if c == "\t" else " " for c in before)
    line_end = Position(end.line, len(line.rstrip()))
    if after.startswith(","):  # `x={A},  # note` -> a new line `auto_wrap_policy={A},` below it
        return [Edit(Span(line_end, line_end), f"\n{indent}{item},")]
    if not after:  # the last item, no trailing comma
        return [Edit(Span(end, end), f",\n{indent}{item}")]
    # The last item, then a comment: the comma goes before the comment, the new item below it.
    return [Edit(Span(end, end), ","), Edit(Span(line_end, line_end), f"\n{indent}{item}")]


def _blank(text: str) -> bool:
    text = text.strip()
    return not text or text.startswith("#")


def call_items(call: ast.Call) -> list[ast.AST]:
    """Positional and keyword arguments in source order."""
    return sorted([*call.args, *call.keywords], key=lambda n: (n.lineno, n.col_offset))  # type: ignore[attr-defined]


def dict_items(node: ast.Dict) -> list[_Entry]:
    """Dict entries as spans from key to value (a `**x` entry from its value)."""
    return [_Entry(k, v) for k, v in zip(node.keys, node.values)]


class _Entry(ast.AST):
    """A `key: value` pair as one node, for spans."""

    def __init__(self, key: ast.expr | None, value: ast.expr):
        super().__init__()
        start = key if key is not None else value
        self.key, self.value = key, value
        self.lineno, self.col_offset = start.lineno, start.col_offset
        if key is None:  # `**x`: the two stars stand before the value
            self.col_offset -= 2
        self.end_lineno, self.end_col_offset = value.end_lineno, value.end_col_offset
