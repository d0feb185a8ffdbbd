"""Statements in their blocks and the one way to move one (lines, spans, renamed names); shared by the
rules on set-up order and launched code."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .context import Context
from .document import LINE_BREAK
from .findings import Position, Span

PARAMETER_METHODS = ("parameters", "named_parameters")


# --- helpers shared by the set-up, launch and checkpoint rules --------------------------------------
def same_value(ctx: Context, a: ast.AST, b: ast.AST) -> bool:
    """Two uses of one name that see the same binding."""
    if not (isinstance(a, ast.Name) and isinstance(b, ast.Name)) or a.id != b.id:
        return False
    ra, rb = ctx.reaching(a), ctx.reaching(b)
    return ra is not None and rb is not None and ra.target is rb.target


def parameter_roots(ctx: Context, params: ast.AST) -> list[ast.Name]:
    """Names `x` in `x.parameters()` / `x.sub.named_parameters()` calls inside an expression."""
    roots = []
    for node in ast.walk(params):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in PARAMETER_METHODS):
            base = node.func.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name):
                roots.append(base)
    return roots


def optimizer_params(call: ast.Call) -> ast.AST | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "params"), None)


def _bound_name(stmt: ast.stmt) -> ast.Name | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0]
    return None


def newline(ctx: Context) -> str:
    """The document's own line break, for text a fix inserts."""
    match = LINE_BREAK.search(ctx.doc.text)
    return match.group() if match else "\n"


def block_of(ctx: Context, stmt: ast.stmt) -> list[ast.stmt] | None:
    place = ctx.block_place(stmt)
    return place[0] if place is not None else None


def in_block(ctx: Context, node: ast.AST, block: list[ast.stmt]) -> bool:
    """`node` is one of the statements of `block`."""
    place = ctx.block_place(node)
    return place is not None and place[0] is block


def starts_line(ctx: Context, stmt: ast.stmt) -> bool:
    """Nothing but indentation before the statement, nothing but a comment after it."""
    span = ctx.doc.span(stmt)
    before = ctx.doc.lines[span.start.line][: span.start.column]
    after = ctx.doc.lines[span.end.line][span.end.column:].strip()
    return before.strip() == "" and (after == "" or after.startswith("#"))


def whole_lines(ctx: Context, stmt: ast.stmt) -> Span:
    span = ctx.doc.span(stmt)
    return Span(Position(span.start.line, 0), Position(span.end.line, len(ctx.doc.lines[span.end.line])))


def line_span(ctx: Context, stmt: ast.stmt) -> Span:
    """The statement's lines with the line break that ends them: deleting it leaves no blank line."""
    span = ctx.doc.span(stmt)
    return Span(Position(span.start.line, 0), Position(span.end.line + 1, 0))


def renamed_text(ctx: Context, span: Span, names: list[ast.Name], new: str) -> str:
    """The text in `span` with each of `names` (inside it) spelled `new`."""
    out, cursor = [], span.start
    for name in sorted(names, key=lambda n: (n.lineno, n.col_offset)):
        where = ctx.doc.span(name)
        out.append(ctx.doc.slice(Span(cursor, where.start)))
        out.append(new)
        cursor = where.end
    out.append(ctx.doc.slice(Span(cursor, span.end)))
    return "".join(out)


def movable(ctx: Context, stmt: ast.stmt, anchor: ast.stmt, name: str) -> bool:
    """Can `stmt` (binding `name`) be moved to just after `anchor`, later in the same block?

    It must be `name = ...` alone on its lines, and nothing between it and the anchor may read `name`.
    """
    block = block_of(ctx, stmt)
    if block is None or block_of(ctx, anchor) is not block or _bound_name(stmt) is None:
        return False
    if not (starts_line(ctx, stmt) and starts_line(ctx, anchor)) or stmt.end_lineno >= anchor.lineno:  # type: ignore[operator]
        return False
    i, j = ctx.block_place(stmt)[1], ctx.block_place(anchor)[1]  # type: ignore[index]  # both in `block` (above)
    if j == i + 1:
        return True  # nothing between: nothing can read it or change what it reads
    read = {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}  # type: ignore[attr-defined]
    for between in block[i + 1:j]:
        for node in ast.walk(between):
            if isinstance(node, ast.Name) and (node.id == name or node.id in read and not isinstance(node.ctx, ast.Load)):
                return False  # the optimizer is used before the set-up, or what it reads changes
    return True


def built_by_helper(ctx: Context, call: ast.Call) -> bool:
    """A call of a local function that returns an optimizer on every path (the value-flow layer says):
    `opt = make_optimizer(model, lr)`."""
    values = ctx.values(call)
    return bool(values) and all(v.kind == "optimizer" and v.node is not call for v in values)


# --- items of a list a comprehension or a loop fills -------------------------------------------------
LIST_GROWERS = ("append", "extend", "insert", "pop", "remove", "clear", "reverse", "sort")


@dataclass(frozen=True)
class ListItem:
    """What each item of a list holds, as the code fills it: `built` for each `name` of `over`
    (`[Adam(m.parameters()) for m in models]`, or `xs.append(...)` in `for m in models:`), at `stmt`."""

    built: ast.expr
    name: ast.Name
    over: ast.expr
    stmt: ast.AST


def list_item(ctx: Context, use: ast.expr) -> ListItem | None:
    """The item `xs[k]` reads, when `xs` is a list filled one way, item by item from what a loop runs over:
    a comprehension of one loop, or an empty list that one `append` fills in a `for` loop. None where the
    file cannot tell: any other change of the list in its scope (an item stored, another `append`, `extend`,
    `+=`), save the statement `use` is in (`xs[i] = setup(xs[i])` reads the item before storing it)."""
    if isinstance(use, ast.Subscript) and isinstance(use.value, ast.Name) and isinstance(use.ctx, ast.Load):
        holder: ast.expr | None = use.value
    else:
        holder = loop_source(ctx, use) if isinstance(use, ast.Name) else None
    if not isinstance(holder, ast.Name):
        return None
    binding = ctx.reaching(holder)
    if binding is None or binding.value is None:
        return None
    scope, here, name = ctx.scope_of(binding.stmt), ctx.statement_of(use), holder.id
    appends: list[ast.Call] = []
    for node in ast.walk(scope):
        if ctx.scope_of(node) is not scope or node is holder:
            continue
        if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load) and _names(node.value, name):
            if ctx.statement_of(node) is not here:
                return None  # an item stored by another statement: which one `use` reads is not told
        elif isinstance(node, ast.AugAssign) and _names(node.target, name):
            return None
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _names(node.func.value, name) \
                and node.func.attr in LIST_GROWERS:
            if node.func.attr != "append" or len(node.args) != 1:
                return None
            appends.append(node)
    value = binding.value
    if isinstance(value, ast.ListComp) and not appends and len(value.generators) == 1:
        gen = value.generators[0]
        if isinstance(gen.target, ast.Name) and not gen.ifs and not gen.is_async:
            return ListItem(value.elt, gen.target, gen.iter, binding.stmt)
        return None
    if not (isinstance(value, ast.List) and not value.elts and len(appends) == 1):
        return None
    loop = ctx.parents.get(ctx.statement_of(appends[0]))
    if not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Name) or loop.orelse:
        return None
    return ListItem(appends[0].args[0], loop.target, loop.iter, ctx.statement_of(appends[0]))


def _names(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def items_of(ctx: Context, expr: ast.expr, of: ast.Name) -> bool:
    """`expr` reads an item of the list `of` names (the same binding): `models[i]`, or the name of a
    loop over it (`for m in models:`, `[... for m in models]`, `zip(models, optimizers)`)."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        return same_value(ctx, expr.value, of)
    source = loop_source(ctx, expr) if isinstance(expr, ast.Name) else None
    return isinstance(source, ast.Name) and same_value(ctx, source, of)


def loop_source(ctx: Context, name: ast.Name) -> ast.expr | None:
    """What a loop's name runs over: `models` of `for m in models:` or `[... for m in models]`, and of its
    place in `zip(models, optimizers)` or `enumerate(models)`. None for any other name."""
    target: ast.expr | None = None
    iterable: ast.expr | None = None
    node = ctx.parents.get(name)
    while node is not None and not isinstance(node, ast.stmt) and target is None:
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for gen in node.generators:
                if any(isinstance(n, ast.Name) and n.id == name.id for n in ast.walk(gen.target)):
                    target, iterable = gen.target, gen.iter
        node = ctx.parents.get(node)
    if target is None or iterable is None:
        binding = ctx.reaching(name)
        if binding is None or not isinstance(binding.stmt, ast.For):
            return None
        target, iterable = binding.stmt.target, binding.stmt.iter
    return _source_in(target, iterable, name.id)


def _source_in(target: ast.expr, iterable: ast.expr, name: str) -> ast.expr | None:
    if isinstance(target, ast.Name):
        return iterable if target.id == name else None
    if not (isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name)
            and not iterable.keywords and iterable.args):
        return None
    if iterable.func.id == "zip" and len(iterable.args) == len(target.elts):
        for part, over in zip(target.elts, iterable.args):
            found = _source_in(part, over, name)
            if found is not None:
                return found
    if iterable.func.id == "enumerate" and len(target.elts) == 2:
        return _source_in(target.elts[1], iterable.args[0], name)
    return None
