"""What a user can configure: codes to select or ignore, severities, extra knowledge-base paths.

The same settings come from `pyproject.toml` `[tool.errata]`, from the command line and from an
editor; `merged` lays one source over another.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import sys
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .analysis.findings import Severity

SEVERITY_NAMES = {s.value: s for s in Severity} | {"info": Severity.INFORMATION, "hint": Severity.INFORMATION}
MAX_PYPROJECT_BYTES = 1024 * 1024  # real ones are a few KiB; a bigger one is not read at all


@functools.lru_cache(maxsize=4096)  # asked for every rule at every check, with the same few settings
def _enabled(select: tuple[str, ...], ignore: tuple[str, ...], code: str) -> bool:
    chosen = max((p for p in select if code.startswith(p)), key=len, default=None)
    dropped = max((p for p in ignore if code.startswith(p)), key=len, default=None)
    if chosen is None:
        return False
    return dropped is None or len(chosen) > len(dropped)


DIAGNOSTIC_MODES = ("openFilesOnly", "workspace")


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    """What is checked and how: rules selected and ignored, severities, record paths, limits."""

    select: tuple[str, ...] = ("",)  # every rule, the packs of `kb.paths` records' `detect` sections too
    ignore: tuple[str, ...] = ()
    severity: dict[str, Severity] = field(default_factory=dict)
    kb_paths: tuple[str, ...] = ()
    max_file_bytes: int = 10 * 1024 * 1024
    # (glob, folder it is relative to, codes): `per-file-ignores` of [tool.errata]
    per_file_ignores: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # `lightning-version` of [tool.errata]: a version (`2.2.5`) or a specifier (`~=2.2.0`) that
    # overrides the detected one
    lightning_version: str | None = None
    # `python.interpreter` from the editor: the interpreter the user's code runs with (read, never run)
    python_interpreter: str | None = None
    # `diagnosticMode` from the editor (as pyright's): "openFilesOnly", or "workspace" (the project's files
    # that are not open are checked too)
    diagnostic_mode: str = "openFilesOnly"
    # The versions the file's code runs with (`environment.Environment`), set by
    # `environment.with_environment`; None: not looked for, every check of the newest release applies
    environment: Any = None

    def enabled(self, code: str) -> bool:
        """Selected by the longest matching prefix: `ignore = ["LXF"]`, `select = ["LXF001"]` keeps LXF001."""
        return _enabled(self.select, self.ignore, code)

    def for_file(self, path: str | Path | None) -> Settings:
        """These settings with the `per-file-ignores` that match `path` added to `ignore`. A pattern
        without a slash matches the file name in any folder (`test_*.py`); one with a slash matches
        the path from the folder of the pyproject.toml that set it (`notebooks/**/*.ipynb`)."""
        if not self.per_file_ignores or path is None:
            return self
        resolved = Path(path).resolve()
        extra: list[str] = []
        for pattern, base, codes in self.per_file_ignores:
            if "/" not in pattern:
                target = resolved.name
            else:
                try:
                    target = resolved.relative_to(base).as_posix()
                except ValueError:
                    continue
            if _glob(pattern).fullmatch(target):
                extra.extend(codes)
        return replace(self, ignore=self.ignore + tuple(extra)) if extra else self

    def severity_of(self, code: str, default: Severity) -> Severity:
        return self.severity.get(code, default)

    def merged(self, other: dict[str, Any], base_dir: Path | None = None) -> Settings:
        """These settings with the keys of `other` (a `[tool.errata]` table or an editor's settings) laid over."""
        updates: dict[str, Any] = {}
        for key in ("select", "ignore", "extend-select", "extend_select", "extend-ignore", "extend_ignore"):
            if key in other and other[key] is not None:
                codes = _codes(other[key], key)
                if key.startswith("extend"):
                    base = key.split("-")[-1].split("_")[-1]
                    updates[base] = tuple(updates.get(base, getattr(self, base))) + codes
                elif codes or key == "ignore":  # an empty `select` (an editor's default) keeps the default
                    updates[key] = codes
        if other.get("severity"):
            if not isinstance(other["severity"], dict):
                raise SettingsError("`severity` must be a table of code = \"error\" | \"warning\" | \"information\"")
            severity = dict(self.severity)
            for code, name in other["severity"].items():
                if str(name).lower() not in SEVERITY_NAMES:
                    raise SettingsError(f"severity of {code}: unknown level {name!r}")
                severity[str(code)] = SEVERITY_NAMES[str(name).lower()]
            updates["severity"] = severity
        table = other.get("per-file-ignores", other.get("per_file_ignores"))
        if table:
            if not isinstance(table, dict):
                raise SettingsError("`per-file-ignores` must be a table of \"glob\" = [codes]")
            base = str((base_dir or Path.cwd()).resolve())
            added = tuple((str(pattern).removeprefix("./").strip("/"), base, _codes(codes, f"per-file-ignores.{pattern}"))
                          for pattern, codes in table.items())
            updates["per_file_ignores"] = self.per_file_ignores + added
        version = next((other[k] for k in ("lightning-version", "lightning_version", "lightningVersion")
                        if other.get(k) is not None), None)
        if version is not None:
            updates["lightning_version"] = _version_or_specifier(version)
        mode = next((other[k] for k in ("diagnosticMode", "diagnostic-mode", "diagnostic_mode")
                     if other.get(k) is not None), None)
        if mode is not None:
            if mode not in DIAGNOSTIC_MODES:
                raise SettingsError(f"`diagnosticMode` must be one of {', '.join(map(repr, DIAGNOSTIC_MODES))}, found {mode!r}")
            updates["diagnostic_mode"] = mode
        interpreter = _interpreter(other)
        if interpreter is not None:
            updates["python_interpreter"] = interpreter
        paths = other.get("kb-paths", other.get("kb_paths"))
        if paths is None and isinstance(other.get("kb"), dict):
            paths = other["kb"].get("paths")
        if paths:
            if isinstance(paths, str):
                paths = [paths]
            if not isinstance(paths, (list, tuple)) or not all(isinstance(p, str) for p in paths):
                raise SettingsError("`kb-paths` must be a list of record files or folders")
            resolved = tuple(str((base_dir / p) if base_dir and not Path(p).is_absolute() else Path(p)) for p in paths)
            updates["kb_paths"] = tuple(dict.fromkeys(self.kb_paths + resolved))
        return replace(self, **updates)


def _version_or_specifier(value: Any) -> str:
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    text = str(value).strip() if isinstance(value, (str, int, float)) else ""
    try:
        Version(text)
        return text
    except InvalidVersion:
        pass
    try:
        if text:
            SpecifierSet(text)
            return text
    except InvalidSpecifier:
        pass
    raise SettingsError(f"`lightning-version` must be a version such as \"2.4.0\" or a specifier such as "
                        f"\"~=2.2.0\", found {value!r}")


def _interpreter(other: dict[str, Any]) -> str | None:
    """`python.interpreter` (or `python-interpreter`): a path, or a command as a list whose first item is it."""
    python = other.get("python")
    value = python.get("interpreter") if isinstance(python, dict) else None
    for key in ("python-interpreter", "python_interpreter", "pythonInterpreter"):
        value = other.get(key, value)
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise SettingsError("`python.interpreter` must be the path of a Python interpreter")
    return value


def _glob(pattern: str) -> re.Pattern[str]:
    """A path glob: `*` and `?` stay within a folder, `**` crosses folders."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


DEFAULTS = Settings()  # `settings_for`'s base when none is given (one object: its answers are kept by it)


def _codes(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise SettingsError(f"`{key}` must be a list of rule codes or prefixes")
    return tuple(v.strip().upper() for v in value)


def find_pyproject(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest pyproject.toml at or above `start` that has a [tool.errata] table, and the table."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        table = _errata_table(candidate) if candidate.is_file() else None
        if table is not None:
            return candidate, table
    return None


def _errata_table(path: Path) -> dict[str, Any] | None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        data = _read_toml(path, tomllib)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    except RecursionError:  # arrays or tables nested past what the parser's recursion takes
        raise SettingsError(f"{path}: nested more deeply than errata reads; not read") from None
    tool = data.get("tool")  # `tool = 5` is not a table errata can read: none is there
    table = tool.get("errata") if isinstance(tool, dict) else None
    return table if isinstance(table, dict) else None


def _read_toml(path: Path, tomllib: Any) -> dict[str, Any]:
    """The parsed file; over the size cap it is not read (a SettingsError says so)."""
    # One open, never blocking (a FIFO named pyproject.toml): the stat and the read are of one file.
    with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        if info.st_size > MAX_PYPROJECT_BYTES:
            raise SettingsError(f"{path}: {info.st_size / 2**20:.1f} MiB is above the "
                                f"{MAX_PYPROJECT_BYTES // 2**20} MiB limit for a pyproject.toml; not read")
        return tomllib.loads(file.read(MAX_PYPROJECT_BYTES + 1).decode("utf-8"))


def pyprojects_above(path: str | os.PathLike[str]) -> tuple[str, tuple] | None:
    """The folder whose settings `settings_for(path)` gives (the path resolved: its folder, or itself
    for a folder), and what it reads from disk, as stamps: for each folder from that one up to the
    root, its pyproject.toml's inode, size, times and mode (None where there is none). Equal stamps,
    equal settings. None when the path cannot be resolved (then nothing is kept)."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    try:
        is_folder = stat.S_ISDIR(os.stat(real).st_mode)
    except (OSError, ValueError):
        is_folder = False  # not saved yet: its folder's settings
    start = folder = real if is_folder else os.path.dirname(real)
    stamps: list[Any] = []
    while True:
        try:
            found = os.stat(os.path.join(folder, "pyproject.toml"))
            stamps.append((found.st_ino, found.st_dev, found.st_size, found.st_mtime_ns, found.st_ctime_ns,
                           found.st_mode))
        except (OSError, ValueError):
            stamps.append(None)
        parent = os.path.dirname(folder)
        if parent == folder:
            return start, tuple(stamps)
        folder = parent


# `settings_for`'s answers (or the SettingsError it raised) by folder and base (the base kept with
# them: its id is not reused), kept while no pyproject.toml above the folder changed on disk, so
# asking on every check costs a few `stat` calls
_answers: dict[tuple[str, int], tuple[tuple, Settings, Settings | SettingsError]] = {}
_answers_lock = threading.Lock()


def settings_for(path: Path, base: Settings | None = None) -> Settings:
    """`base` with the nearest `[tool.errata]` above `path` laid over it; worked out again only when a
    pyproject.toml above `path` changed (or for another `base`)."""
    base = base or DEFAULTS
    place = pyprojects_above(path)
    known = _known(place, base)
    if known is None:
        try:
            known = _settings_for(path, base)
        except SettingsError as exc:
            known = exc
        if place is not None:
            with _answers_lock:
                if len(_answers) > 256:
                    _answers.clear()
                _answers[(place[0], id(base))] = (place[1], base, known)
    if isinstance(known, SettingsError):
        raise SettingsError(str(known))  # a new one: raising the kept one again would grow its traceback
    return known


def settings_known(path: Path, base: Settings | None = None) -> bool:
    """Whether `settings_for(path, base)` answers without reading anything (a few `stat` calls tell)."""
    return _known(pyprojects_above(path), base or DEFAULTS) is not None


def _known(place: tuple[str, tuple] | None, base: Settings) -> Settings | SettingsError | None:
    if place is None:
        return None
    with _answers_lock:
        found = _answers.get((place[0], id(base)))
    return found[2] if found is not None and found[1] is base and found[0] == place[1] else None


def _settings_for(path: Path, base: Settings) -> Settings:
    try:
        start = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte, a name too long: no workspace
        return base
    try:
        found = find_pyproject(start)
    except OSError:  # a folder on the way that cannot be read: no workspace
        return base
    if found is None:
        return base
    pyproject, table = found
    try:
        return base.merged(table, pyproject.parent)
    except SettingsError as exc:
        raise SettingsError(f"{pyproject}: [tool.errata] {exc}") from None


def text_size(text: str, limit: int) -> int:
    """The size `max_file_bytes` is compared with: UTF-8 bytes, counted only when the text could be
    over `limit` (a character is at most four bytes)."""
    return len(text.encode("utf-8", errors="surrogatepass")) if len(text) * 4 > limit else len(text)
