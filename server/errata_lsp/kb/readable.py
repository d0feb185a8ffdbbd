"""Messages as a user reads them: a source template's `{placeholders}` become `<names>`.

`Requirement {self.requirement!r} not met` reads `Requirement <requirement> not met`. Literal braces
that are part of the message (`state={'model': model, ...}`) stay: only a plain expression (names,
attributes, calls, an index, one `+`/`-`) with an optional conversion and format spec is a placeholder, and so
is a list joined into the text (`{', '.join(self._registered_accelerators)}` reads `<registered_accelerators>`).
"""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{(?P<expr>[A-Za-z_][\w.()\[\]]*(?: [-+] [\w.()]+)?)(?:![rsa])?(?::[^{}]*)?\}"
                         r"|\{'[^'{}]*'\.join\((?P<joined>[\w.\[\]]+)\)\}")  # `{', '.join(self._names)}`: the names
_CLASS_OF = re.compile(r"^(?:type\((?P<a>[^()]+)\)|(?P<b>[\w.\[\]]+)\.__class__)\.__(?:qual)?name__$")
_NAME_OF = re.compile(r"^(?P<c>[\w.\[\]]+)\.__(?:qual)?name__$")
_CALL = re.compile(r"^(?:str|repr|len|int|float|set|list)\((?P<inner>[^()]+)\)$")


def readable_message(template: str) -> str:
    return PLACEHOLDER.sub(lambda m: f"<{_readable(m['expr'] or m['joined'])}>", template)


def _readable(expr: str) -> str:
    if " " in expr:  # arithmetic such as `device_count - 1`: shown as written
        return expr.replace("self.", "")
    call = _CALL.match(expr)
    if call:
        return _readable(call["inner"])
    class_of = _CLASS_OF.match(expr)
    if class_of:
        owner = class_of["a"] or class_of["b"]
        return "class" if owner == "self" else f"{_name(owner)} class"
    name_of = _NAME_OF.match(expr)
    if name_of:
        name = _name(name_of["c"])
        return name.removesuffix("_cls") + " class" if name.endswith("_cls") else name
    return _name(expr)


def _name(expr: str) -> str:
    """`self._state_dict_type` -> `state_dict_type`; `invalid_keys[0]` -> `invalid_key`."""
    indexed = expr.endswith("]") and "[" in expr
    last = expr.split("[", 1)[0] if indexed else expr
    last = last.rsplit(".", 1)[-1].lstrip("_") or expr
    if indexed and last.endswith("s"):
        last = last[:-1]
    return last
