"""Finding, reading and writing the files a user points the command line at (and the knowledge base's).

Reading never blocks and never reads more than it may: a path is opened without waiting (a FIFO has
no writer), and what was opened is checked to be a regular file of bounded size before a byte is
read. Writing is atomic: a temporary file beside the original, then a rename over it, and only if
the original still holds what was read.
"""

from __future__ import annotations

import io
import os
import stat
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

SKIP_DIRS = {
    ".git", ".hg", ".svn", ".venv", "venv", "env", ".env", "build", "dist", "__pycache__", "node_modules",
    ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".eggs", "site-packages", ".hypothesis",
    ".ipynb_checkpoints",
}
KINDS = {stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device", stat.S_IFIFO: "a FIFO",
         stat.S_IFSOCK: "a socket", stat.S_IFLNK: "a symbolic link"}
UNCHANGED = "the file is unchanged"
SOURCE_SUFFIXES = (".py", ".pyi", ".ipynb")  # what a folder given to `check` is searched for


class SourceError(Exception):
    """A file that cannot be read, decoded or written; the message is one line for the user."""


class TooLarge(SourceError):
    """A regular file above the size limit, not read."""


class ReadOnly(SourceError):
    """A file whose mode lets nobody write it: its fixes are not written (a choice, not a failure)."""


@dataclass(frozen=True)
class Source:
    """A source file as read: its text, encoding and bytes."""

    text: str
    encoding: str
    raw: bytes  # as read: a fix is written only if the file still holds exactly these bytes


def kind_problem(mode: int) -> str | None:
    """Why a file of this mode is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a directory"
    return f"not a regular file ({KINDS.get(stat.S_IFMT(mode), 'of an unknown kind')})"


def _reason(exc: OSError | ValueError) -> str:
    if isinstance(exc, ValueError):
        return "cannot read: the path holds a NUL byte"
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    return f"cannot read: {exc.strerror or exc}"


def read_regular(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`, or SourceError (TooLarge for a big one)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:
        raise SourceError(_reason(exc)) from None
    with open(fd, "rb", closefd=True) as handle:
        try:
            info = os.fstat(fd)
            problem = kind_problem(info.st_mode)
            if problem:
                raise SourceError(problem)
            if info.st_size > max_bytes:
                raise TooLarge(f"{info.st_size / 2**20:.1f} MiB")
            data = handle.read(max_bytes + 1)  # a file that grew since fstat is still bounded
        except OSError as exc:
            raise SourceError(_reason(exc)) from None
    if len(data) > max_bytes:
        raise TooLarge(f"more than {max_bytes / 2**20:.1f} MiB")
    return data


def python_files(paths: Iterable[str]) -> Iterator[tuple[Path, str | None]]:
    """Each Python file under `paths` once (`b.py ./b.py`, a folder and a file in it, two links to
    one file: the first name given), with None; or a folder that cannot be listed, with why."""
    seen: set[object] = set()
    for path, problem in _python_files(paths):
        key = _identity(path) if problem is None else None
        if key is not None and key in seen:
            continue
        seen.add(key)
        yield path, problem


def _identity(path: Path) -> object:
    """What names one file whatever the spelling: its device and inode, else its normalised path."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # missing, or a name the system cannot take: reported as given
        return os.path.normpath(os.path.abspath(path))
    return (info.st_dev, info.st_ino)


def _python_files(paths: Iterable[str]) -> Iterator[tuple[Path, str | None]]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            problems: list[OSError] = []
            for root, dirs, files in os.walk(path, onerror=problems.append):
                while problems:
                    failed = problems.pop()
                    yield Path(failed.filename or root), f"cannot list: {failed.strerror or failed}"
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info"))
                for name in sorted(files):
                    if name.endswith(SOURCE_SUFFIXES):
                        yield Path(root) / name, None
            for failed in problems:  # the top folder itself
                yield Path(failed.filename or path), f"cannot list: {failed.strerror or failed}"
        else:
            yield path, None  # named explicitly: checked whatever its suffix, reported if missing


def read_source(path: Path, max_bytes: int) -> Source:
    """The text and its encoding, honouring a BOM or a PEP 263 coding line. Line endings are kept."""
    return decode_source(read_regular(path, max_bytes))


def decode_source(data: bytes) -> Source:
    """Python source bytes as text, in the encoding its BOM or coding line names (UTF-8 else)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError(f"cannot decode: {exc.msg}") from None
    if encoding == "utf-8-sig":
        encoding = "utf-8"  # keep the BOM in the text so positions and rewrites stay exact
    try:
        return Source(data.decode(encoding), encoding, data)
    except (UnicodeDecodeError, LookupError) as exc:
        reason = f"byte {exc.start} is not valid {encoding}" if isinstance(exc, UnicodeDecodeError) else str(exc)
        raise SourceError(f"cannot decode: {reason}") from None


def write_target(path: Path, given: Iterable[str]) -> Path:
    """The file a fix of `path` writes: `path`, or where its symlink leads if that is inside the paths
    the user gave. A link that leads out of them is not followed."""
    if not path.is_symlink():
        return path
    try:
        target = path.resolve(strict=True)
        roots = [Path(p).resolve() for p in given]
    except (OSError, RuntimeError, ValueError) as exc:
        raise SourceError(f"cannot follow the symbolic link: {exc}; {UNCHANGED}") from None
    if any(target == root or root in target.parents for root in roots):
        return target
    raise SourceError(f"a symbolic link to {target}, outside the paths given; not fixed, {UNCHANGED}")


def write_source(path: Path, text: str, encoding: str, original: bytes) -> None:
    """Replace the file's content with `text` atomically, keeping its mode (and owner, where allowed),
    if the file still holds `original`. On any failure the file is left as it was. A read-only file
    is not written (ReadOnly); a file with other hard links is written in place, as editors do, so
    every name keeps seeing one file."""
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        raise SourceError(f"cannot write: the fixed text has no {encoding} form; {UNCHANGED}") from None
    import tempfile  # only a fix written to disk needs it (not the server's start-up)

    temporary = None
    try:
        info = os.stat(path)
        if not info.st_mode & 0o222:
            raise ReadOnly(f"read-only; {UNCHANGED}")
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".errata", dir=path.parent)
        with open(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.fchmod(handle.fileno(), stat.S_IMODE(info.st_mode))
            if hasattr(os, "fchown"):
                try:
                    os.fchown(handle.fileno(), info.st_uid, info.st_gid)
                except PermissionError:
                    pass  # only root may give a file away; the mode is kept all the same
        if _current(path, len(original)) != original:
            raise SourceError("changed on disk since it was read; the fixes are not written, its new content is kept")
        if info.st_nlink > 1:
            _write_in_place(path, data, original)  # the new text is on disk beside it: the space is there
        else:
            os.replace(temporary, path)
            temporary = None
    except OSError as exc:
        raise SourceError(f"cannot write: {exc.strerror or exc}; {UNCHANGED}") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _write_in_place(path: Path, data: bytes, original: bytes) -> None:
    """Overwrite the file itself (its inode, so its other hard links see the change); if that fails
    half way, its original bytes are written back."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "wb") as handle:
        try:
            handle.write(data)
            handle.truncate(len(data))
            handle.flush()
            os.fsync(handle.fileno())
        except OSError:
            handle.seek(0)
            handle.write(original)
            handle.truncate(len(original))
            handle.flush()
            raise


def _current(path: Path, expected_size: int) -> bytes | None:
    try:
        return read_regular(path, expected_size)
    except SourceError:  # gone, replaced by something else, or grown
        return None
