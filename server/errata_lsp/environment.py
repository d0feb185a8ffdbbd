"""Which Lightning, torch and torch_xla the user's code will run with, found without running anything.

The environment's files are read, never executed: an interpreter's `pyvenv.cfg` and its
`lib/pythonX.Y/site-packages` (`Lib/site-packages` on Windows), and there each package's
`*.dist-info/METADATA` (`Version:`). In this order, the first source that knows a Lightning wins:

1. the interpreter the editor gives (setting `python.interpreter`);
2. the virtual environment in `VIRTUAL_ENV`;
3. a `.venv` or `venv` folder in the file's folder or a folder above it, up to the workspace root;
4. a lockfile there: `uv.lock`, `poetry.lock`, `pdm.lock`;
5. a pin there: `requirements*.txt`, `[project] dependencies` of `pyproject.toml` (a range such as
   `lightning>=2.2,<2.4` stands for the newest covered release it allows);
6. none: the version is unknown and the newest release the knowledge base covers is assumed.

(jedi's environment discovery is not used: it runs each interpreter it finds to ask its version.)
`[tool.errata] lightning-version` overrides what was found for Lightning. Each result says where it
came from ("from .venv"). Results are cached per folder and kept while none of the files and folders
they were read from changes (size, mtime)."""

from __future__ import annotations

import os
import re
import stat
import sys
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path


def canonicalize_name(name: str) -> str:
    """A distribution's name as PEP 503 compares them: runs of `-`, `_` and `.` are one `-`, any case."""
    return _SEPARATORS.sub("-", name).lower()


_SEPARATORS = re.compile(r"[-_.]+")

# The distributions that ship `lightning.fabric` / `lightning_fabric`, most direct first: their
# versions move in lockstep, so the first one found is the user's Lightning.
LIGHTNING_DISTRIBUTIONS = ("lightning", "lightning-fabric", "pytorch-lightning")
LIBRARIES = (*LIGHTNING_DISTRIBUTIONS, "torch", "torch-xla")
LOCKFILES = ("uv.lock", "poetry.lock", "pdm.lock")
VENV_NAMES = (".venv", "venv")
# A folder with one of these is a project root: the search for environments and pins stops there.
ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
MAX_READ = 4 * 1024 * 1024  # a lockfile or requirements file above this is not read
UNKNOWN = "unknown"
NOTHING_FOUND = "no environment, lockfile or pin found"


@dataclass(frozen=True)
class LibraryVersion:
    """The version of one library the user's code runs with, and where it was read."""

    name: str  # the distribution's canonical name: "lightning", "torch-xla"
    version: str | None  # None: not found
    source: str  # "from .venv", "from uv.lock", ...

    def __str__(self) -> str:
        return f"{self.name} {self.version or UNKNOWN} ({self.source})"


@dataclass(frozen=True)
class Environment:
    """The libraries found for a file, and where they were found."""

    libraries: tuple[LibraryVersion, ...]  # one per name of LIBRARIES that was found
    source: str  # where the environment was found, "unknown" when nowhere

    def get(self, name: str) -> LibraryVersion | None:
        name = canonicalize_name(name)
        return next((lib for lib in self.libraries if lib.name == name), None)

    @property
    def lightning(self) -> LibraryVersion:
        """The user's Lightning: the first of the Lightning distributions found, else unknown."""
        for name in LIGHTNING_DISTRIBUTIONS:
            found = self.get(name)
            if found is not None and found.version:
                return found
        return LibraryVersion("lightning", None, NOTHING_FOUND)

    def library_versions(self) -> dict[str, str]:
        """The version of each library found, by its canonical distribution name; the Lightning distributions
        all have the user's Lightning's (they ship in lockstep)."""
        found = {lib.name: lib.version for lib in self.libraries if lib.version}
        lightning = self.lightning.version
        if lightning:
            found.update(dict.fromkeys(LIGHTNING_DISTRIBUTIONS, lightning))
        return found

    def as_json(self) -> dict[str, dict[str, str | None]]:
        """name -> version and source, Lightning first (with the covered release it is checked as)."""
        lightning = self.lightning
        table = _table()
        placed = table.place(lightning.version) if table is not None else None
        out: dict[str, dict[str, str | None]] = {"lightning": {
            "distribution": lightning.name, "version": lightning.version, "source": lightning.source,
            "checkedAs": placed.release if placed else None, "outside": placed.outside if placed else None}}
        for lib in self.libraries:
            if lib.name not in LIGHTNING_DISTRIBUTIONS:
                out[lib.name] = {"version": lib.version, "source": lib.source}
        return out


NOWHERE = Environment((), UNKNOWN)
UNKNOWN_LIGHTNING = NOWHERE.lightning


# --- where to look ------------------------------------------------------------------------------
def workspace_root(start: Path) -> Path:
    """The nearest folder at or above `start` with a project marker, else `start`'s folder."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        if any((folder / marker).exists() for marker in ROOT_MARKERS):
            return folder
    return here


def _folders(start: Path, root: Path) -> list[Path]:
    """From `start`'s folder up to `root` (both included); only `start`'s folder when it is not under `root`."""
    here = start if start.is_dir() else start.parent
    chain = [here]
    if here == root:
        return chain
    for folder in here.parents:
        chain.append(folder)
        if folder == root:
            return chain
    return [here]


def site_packages(interpreter: str | os.PathLike[str]) -> list[Path]:
    """The site-packages folders of an interpreter (or of an environment's folder), found from the
    layout on disk: `pyvenv.cfg` beside or above the interpreter, `lib/pythonX.Y/site-packages`.
    The interpreter is never run, and links are not followed (a venv's `python` links elsewhere)."""
    path = Path(os.path.abspath(os.fspath(interpreter)))
    if not os.path.lexists(path):
        return []
    prefixes = [path] if path.is_dir() else [path.parent.parent, path.parent]  # bin/python, Scripts\python.exe
    configs = [(prefix, _pyvenv_cfg(prefix / "pyvenv.cfg")) for prefix in prefixes]
    venv = next(((prefix, config) for prefix, config in configs if config is not None), None)
    for prefix, config in [venv] if venv else configs:
        found = _prefix_site_packages(prefix, _minor(path.name, config))
        if config and config.get("include-system-site-packages", "").lower() == "true" and config.get("home"):
            base = Path(config["home"])  # the folder of the base interpreter
            found += _prefix_site_packages(base.parent if base.name.lower() in ("bin", "scripts") else base,
                                           _minor("", config))
        if found:
            return list(dict.fromkeys(found))
    return []


def _pyvenv_cfg(path: Path) -> dict[str, str] | None:
    try:
        text = _read(path)
    except OSError:
        return None
    config = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            config[key.strip().lower()] = value.strip()
    return config


def _minor(name: str, config: Mapping[str, str] | None) -> str | None:
    """"3.11" from `python3.11` or from pyvenv.cfg's `version`/`version_info`, else None."""
    match = re.fullmatch(r"python(\d+\.\d+)t?(?:\.exe)?", name)
    if match:
        return match.group(1)
    for key in ("version_info", "version"):
        match = re.match(r"(\d+\.\d+)", (config or {}).get(key, ""))
        if match:
            return match.group(1)
    return None


def _prefix_site_packages(prefix: Path, minor: str | None) -> list[Path]:
    found = [prefix / "Lib" / "site-packages"] if (prefix / "Lib" / "site-packages").is_dir() else []
    for lib in ("lib", "lib64"):
        folder = prefix / lib
        try:
            names = sorted(os.listdir(folder), reverse=True)
        except OSError:
            continue
        pythons = [n for n in names if re.fullmatch(r"python\d+\.\d+t?", n)]
        if minor and f"python{minor}" in pythons:
            pythons = [f"python{minor}"]
        for name in pythons:
            for leaf in ("site-packages", "dist-packages"):
                if (folder / name / leaf).is_dir():
                    found.append(folder / name / leaf)
        if (folder / "python3" / "dist-packages").is_dir():  # Debian's system interpreter
            found.append(folder / "python3" / "dist-packages")
    return found


def installed(folders: Iterable[Path]) -> dict[str, str]:
    """canonical name -> version of the libraries errata cares about, from `*.dist-info/METADATA`
    (`*.egg-info/PKG-INFO` for old editable installs); the first folder that has one wins."""
    versions: dict[str, str] = {}
    for folder in folders:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in sorted(entries):
            stem, dot, kind = entry.rpartition(".")
            if not dot or kind not in ("dist-info", "egg-info"):
                continue
            name, _, named_version = stem.partition("-")
            name = canonicalize_name(name)
            if name not in LIBRARIES or name in versions:
                continue
            meta = folder / entry / ("METADATA" if kind == "dist-info" else "PKG-INFO")
            version = _metadata_version(meta) or named_version.partition("-")[0]
            if _valid(version):
                versions[name] = version
    return versions


def _metadata_version(path: Path) -> str | None:
    try:
        head = _read(path, 16384)
    except OSError:
        return None
    for line in head.splitlines():
        if not line.strip():
            break  # the headers end at the first blank line
        key, _, value = line.partition(":")
        if key.strip().lower() == "version":
            return value.strip()
    return None


# --- lockfiles and pins -------------------------------------------------------------------------
def _toml(text: str) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):  # nested too deeply to parse: no versions from it
        return {}


def locked(text: str) -> dict[str, str]:
    """name -> version from a uv.lock, poetry.lock or pdm.lock (each a TOML list of `[[package]]`)."""
    versions: dict[str, str] = {}
    packages = _toml(text).get("package")
    for package in packages if isinstance(packages, list) else ():
        if not isinstance(package, dict):
            continue
        name, version = package.get("name"), package.get("version")
        if isinstance(name, str) and isinstance(version, str) and _valid(version):
            name = canonicalize_name(name)
            if name in LIBRARIES:
                versions.setdefault(name, version)
    return versions


def pinned(requirements: Iterable[str], releases: Iterable[str] = ()) -> dict[str, tuple[str, str]]:
    """name -> (version, the requirement) from requirement lines. `==X` gives X; a range gives the
    newest of `releases` it allows (what an install today would pick among the covered ones); a
    requirement that allows none of them, or has no version, gives nothing."""
    from packaging.requirements import InvalidRequirement, Requirement  # not imported before a pin is read
    from packaging.version import Version

    out: dict[str, tuple[str, str]] = {}
    known = sorted((Version(r) for r in releases), reverse=True)
    for line in requirements:
        line = line.split(" #", 1)[0].split("\t#", 1)[0].strip()
        if not line or line.startswith(("#", "-")):
            continue  # comments and options (-r, -e, --index-url)
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            continue
        name = canonicalize_name(requirement.name)
        if name not in LIBRARIES or name in out or not requirement.specifier:
            continue
        exact = [s.version for s in requirement.specifier if s.operator in ("==", "===") and "*" not in s.version]
        if exact and _valid(exact[0]):
            out[name] = (exact[0], str(requirement.specifier))
            continue
        allowed = next((v for v in known if requirement.specifier.contains(v, prereleases=True)), None)
        if allowed is not None and name in LIGHTNING_DISTRIBUTIONS:
            out[name] = (str(allowed), str(requirement.specifier))
    return out


def _requirement_lines(path: Path, text: str) -> list[str]:
    if path.name == "pyproject.toml":
        project = _toml(text).get("project")
        if not isinstance(project, dict):
            return []
        lines = list(project.get("dependencies") or [])
        extras = project.get("optional-dependencies")
        for group in extras.values() if isinstance(extras, dict) else ():
            lines += list(group or [])
        return [line for line in lines if isinstance(line, str)]
    joined = re.sub(r"\\\r?\n", " ", text)  # a line continued with a backslash
    return joined.splitlines()


def _valid(version: str) -> bool:
    from packaging.version import InvalidVersion, Version  # imported with the first version found

    try:
        Version(version)
    except InvalidVersion:
        return False
    return True


def _read(path: Path, limit: int | None = None) -> str:
    """A regular file's text (its first `limit` bytes); a FIFO or device is never opened for reading
    in a way that could block, and a file above MAX_READ is refused."""
    with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        data = file.read((limit or MAX_READ) + 1)
    if limit is not None:
        return data[:limit].decode("utf-8", "replace")
    if len(data) > MAX_READ:
        raise OSError(f"{path} is above {MAX_READ // 2**20} MiB")
    return data.decode("utf-8", "replace")


# --- detection ----------------------------------------------------------------------------------
class _Search:
    """One detection: the files and folders it looked at (for the cache) and what it found."""

    def __init__(self, root: Path, releases: tuple[str, ...]) -> None:
        self.root = root
        self.releases = releases
        self.looked: list[Path] = []

    def shown(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix() or "."
        except ValueError:
            return str(path)

    def environment_at(self, where: Path, source: str) -> Environment | None:
        self.looked.append(where)
        folders = site_packages(where)
        self.looked += folders
        versions = installed(folders)
        if not any(name in versions for name in LIGHTNING_DISTRIBUTIONS):
            return None
        return Environment(tuple(LibraryVersion(n, versions[n], source) for n in LIBRARIES if n in versions), source)

    def lockfile_in(self, folder: Path) -> Environment | None:
        for name in LOCKFILES:
            path = folder / name
            self.looked.append(path)
            try:
                versions = locked(_read(path))
            except OSError:
                continue
            if any(n in versions for n in LIGHTNING_DISTRIBUTIONS):
                source = f"from {self.shown(path)}"
                return Environment(tuple(LibraryVersion(n, versions[n], source) for n in LIBRARIES if n in versions),
                                   source)
        return None

    def pins_in(self, folder: Path) -> Environment | None:
        try:
            names = sorted(n for n in os.listdir(folder) if re.fullmatch(r"requirements.*\.(?:txt|in)", n))
        except OSError:
            names = []
        for path in [*(folder / n for n in names), folder / "pyproject.toml"]:
            self.looked.append(path)
            try:
                pins = pinned(_requirement_lines(path, _read(path)), self.releases)
            except OSError:
                continue
            if any(n in pins for n in LIGHTNING_DISTRIBUTIONS):
                shown = self.shown(path)
                return Environment(tuple(
                    LibraryVersion(n, pins[n][0], f"from {shown}" if pins[n][1].startswith("==")
                                   else f"from {shown}: {n}{pins[n][1]}, the newest covered release it allows")
                    for n in LIBRARIES if n in pins), f"from {shown}")
        return None


def detect(start: Path, root: Path | None = None, interpreter: str | None = None,
           override: str | None = None, environ: Mapping[str, str] | None = None) -> Environment:
    """The versions the code at `start` (a file or folder) runs with; see the module's doc."""
    start, key = _key(start, root, interpreter, override, environ)
    with _lock:
        cached = _cache.get(key)
    if cached is not None and cached[0] == _stamps(cached[1]):
        return cached[2]
    environ = os.environ if environ is None else environ
    root = Path(os.path.abspath(root)) if root is not None else workspace_root(start)
    search = _Search(root, _covered_releases())
    environment = _first(search, start, root, interpreter, environ.get("VIRTUAL_ENV"))
    if override:
        environment = _overridden(environment, override, search.releases)
    # the folders up to the root too: a project marker that appears moves the root
    looked = tuple(dict.fromkeys(str(p) for p in (*search.looked, *_folders(start, root), start)))
    with _lock:
        if len(_cache) > 256:
            _cache.clear()
        _cache[key] = (_stamps(looked), looked, environment)
    return environment


def _key(start: Path, root: Path | None, interpreter: str | None, override: str | None,
         environ: Mapping[str, str] | None) -> tuple[Path, tuple[str, ...]]:
    """The folder a detection is made for (one result per folder), and its cache key."""
    environ = os.environ if environ is None else environ
    start = Path(os.path.abspath(start))
    start = start if start.is_dir() else start.parent
    return start, (str(start), str(root or ""), interpreter or "", environ.get("VIRTUAL_ENV", ""), override or "")


def cached(settings, path: str | os.PathLike[str] | None, root: Path | None = None) -> Environment | None:
    """What `environment_of` would answer from its cache, when nothing it read changed; else None."""
    _, key = _key(Path(path) if path else Path.cwd(), root, settings.python_interpreter, settings.lightning_version,
                  None)
    with _lock:
        found = _cache.get(key)
    return found[2] if found is not None and found[0] == _stamps(found[1]) else None


def _first(search: _Search, start: Path, root: Path, interpreter: str | None,
           virtual_env: str | None) -> Environment:
    if interpreter:
        found = search.environment_at(Path(interpreter), f"from the editor's interpreter {interpreter}")
        if found:
            return found
    if virtual_env:
        found = search.environment_at(Path(virtual_env), f"from VIRTUAL_ENV ({virtual_env})")
        if found:
            return found
    folders = _folders(start, root)
    search.looked += folders  # a folder's mtime changes when a .venv or lockfile appears in it
    for folder in folders:
        for name in VENV_NAMES:
            venv = folder / name
            found = venv.is_dir() and search.environment_at(venv, f"from {search.shown(venv)}")  # type: ignore[assignment]
            if found:
                return found
    for folder in folders:
        found = search.lockfile_in(folder)
        if found:
            return found
    for folder in folders:
        found = search.pins_in(folder)
        if found:
            return found
    return NOWHERE


def _overridden(environment: Environment, override: str, releases: tuple[str, ...]) -> Environment:
    """`[tool.errata] lightning-version`: a version (`2.2.5`) or a specifier (`~=2.2.0`)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import Version

    version = override.strip()
    if not _valid(version):
        try:
            specifier = SpecifierSet(version)
        except InvalidSpecifier:
            return environment  # settings.py refuses it with a message before it gets here
        allowed = [r for r in releases if specifier.contains(r, prereleases=True)]
        version = max(allowed, key=Version) if allowed else None  # type: ignore[assignment]
    chosen = LibraryVersion("lightning", version, "from [tool.errata] lightning-version")
    return Environment((chosen, *(lib for lib in environment.libraries if lib.name != chosen.name)),
                       environment.source)


def _table():
    from .kb.versions import shipped

    return shipped()


def _covered_releases() -> tuple[str, ...]:
    table = _table()
    return table.releases if table is not None else ()


def _stamps(paths: Iterable[str]) -> tuple:
    out: list[tuple[int, int, int] | None] = []
    for path in paths:
        try:
            info = os.stat(path)
            out.append((info.st_mtime_ns, info.st_size, info.st_ino))
        except OSError:
            out.append(None)
    return tuple(out)


_cache: dict[tuple, tuple[tuple, tuple[str, ...], Environment]] = {}
_lock = threading.Lock()


def clear_cache() -> None:
    with _lock:
        _cache.clear()


def environment_of(settings, path: str | os.PathLike[str] | None, root: Path | None = None) -> Environment:
    """The environment the code at `path` runs with, under `settings` (a `settings.Settings`)."""
    try:
        return detect(Path(path) if path else Path.cwd(), root, settings.python_interpreter, settings.lightning_version)
    except (OSError, ValueError, RuntimeError):  # an unreadable folder on the way: nothing is known
        return NOWHERE if not settings.lightning_version else _overridden(NOWHERE, settings.lightning_version,
                                                                          _covered_releases())


def with_environment(settings, path: str | os.PathLike[str] | None, root: Path | None = None):
    """`settings` (a `settings.Settings`) with the environment the code at `path` runs with."""
    from dataclasses import replace

    return replace(settings, environment=environment_of(settings, path, root))
