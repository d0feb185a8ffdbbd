"""Write bundled/libs.zip for the .vsix: the server's package and its dependencies, in one archive.

A .vsix is a zip of every file it ships, and vsce packs files one by one: the dependencies are
~6,000 files (5,600 of them jedi's typeshed stubs), which took minutes to package. In one archive
they take seconds; bundled/tool/start_server.py unpacks it once, on the first start of a build.

The package is copied from the repository (server/errata_lsp); the dependencies named in
pyproject.toml are installed as pure-Python wheels good for Python 3.10 and later. `regex` is
compiled: the wheels of one pinned release for CPython 3.10-3.14 on Linux (x86_64, aarch64), macOS
(universal2) and Windows (amd64, arm64) all go into the one `regex/` folder, where each interpreter
imports the extension module named for it (`_regex.cpython-311-x86_64-linux-gnu.so`, ...). Where
none fits (musl, another Python) the import fails and the server uses `re` (see kb/match.py).
Downloaded wheels are kept in .cache/wheels and reused while they satisfy pyproject.toml, so a
second build reads no network (delete .cache to bundle newer releases of the dependencies).

    python3 scripts/bundle_python.py          # bundled/libs.zip
    python3 scripts/bundle_python.py --dir    # bundled/libs/, unpacked (a development tree)
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the build's Python may be 3.10: tomli is a dependency of the server there
    import tomli as tomllib

EXTENSION = Path(__file__).resolve().parents[1]
REPO = EXTENSION.parents[1]
BUNDLED = EXTENSION / "bundled"
ARCHIVE = BUNDLED / "libs.zip"
WHEELS = EXTENSION / ".cache" / "wheels"

REGEX_VERSION = "2026.5.9"  # the release whose wheels are shipped; every one of them has the same .py files
PYTHONS = ("310", "311", "312", "313", "314")
# (the platform tags pip is asked for, a part of the wheel's file name that tells it is that one)
PLATFORMS = (
    (("manylinux_2_17_x86_64",), "manylinux_2_17_x86_64"),
    (("manylinux_2_17_aarch64",), "manylinux_2_17_aarch64"),
    (("macosx_10_9_universal2", "macosx_10_13_universal2"), "universal2"),  # 10_13 from CPython 3.12 on
    (("win_amd64",), "win_amd64"),
    (("win_arm64",), "win_arm64"),
)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the same bytes for the same files: a build is reproducible


def dependencies() -> list[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = []
    for requirement in project["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()
        if name != "regex":
            out.append(requirement.split(";")[0].strip())  # every marker: the bundle serves 3.10 too
    return out


def regex_wheel(python: str, platforms: tuple[str, ...], marker: str) -> Path:
    """The regex wheel for one CPython and platform, from the cache or downloaded into it."""
    def cached() -> list[Path]:
        return [p for p in WHEELS.glob(f"regex-{REGEX_VERSION}-cp{python}-cp{python}-*.whl") if marker in p.name]

    if not cached():
        WHEELS.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--only-binary=:all:", "--dest", str(WHEELS), "--implementation", "cp",
                        "--python-version", python, "--abi", f"cp{python}",
                        *(f"--platform={p}" for p in platforms), f"regex=={REGEX_VERSION}"], check=True)
    found = cached()
    if len(found) != 1:
        raise SystemExit(f"expected one regex wheel for cp{python} {marker} in {WHEELS}, found {found}")
    return found[0]


def add_regex(libs: Path) -> list[str]:
    """Every regex wheel's `regex/` into libs; the names of the extension modules added."""
    jobs = [(py, platforms, marker) for py in PYTHONS for platforms, marker in PLATFORMS]
    with ThreadPoolExecutor(max_workers=8) as pool:  # downloads wait on the network, not the CPU
        wheels = list(pool.map(lambda job: regex_wheel(*job), jobs))
    modules: list[str] = []
    for n, wheel in enumerate(wheels):
        with zipfile.ZipFile(wheel) as z:
            for info in z.infolist():
                if info.is_dir() or info.filename.startswith("regex/tests/"):
                    continue
                if n > 0 and ".dist-info/" in info.filename:  # one dist-info (its tags vary)
                    continue
                target = libs / info.filename
                data = z.read(info)
                if target.suffix in (".so", ".pyd"):
                    modules.append(info.filename)
                elif target.exists():  # the Windows wheels' sources have CRLF line ends, the others LF
                    if target.read_bytes().replace(b"\r\n", b"\n") != data.replace(b"\r\n", b"\n"):
                        raise SystemExit(f"{wheel.name}: {info.filename} differs from the other wheels'")
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
    return modules


def pure_wheels(libs: Path) -> None:
    """The pure-Python dependencies into libs, from the wheels in the cache when they satisfy
    pyproject.toml (no network), else downloaded into it first."""
    target = ["--quiet", "--disable-pip-version-check", "--only-binary=:all:", "--platform", "any",
              "--implementation", "py", "--python-version", "3.10"]
    install = [sys.executable, "-m", "pip", "install", *target, "--target", str(libs), "--no-compile",
               "--no-index", "--find-links", str(WHEELS / "pure"), *dependencies()]
    if subprocess.run(install, capture_output=True).returncode == 0:
        return
    subprocess.run([sys.executable, "-m", "pip", "download", *target, "--dest", str(WHEELS / "pure"),
                    *dependencies()], check=True)
    subprocess.run(install, check=True)


def stage(libs: Path) -> list[str]:
    pure_wheels(libs)
    shutil.copytree(REPO / "server" / "errata_lsp", libs / "errata_lsp",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.rmtree(libs / "bin", ignore_errors=True)
    compiled = [p for p in libs.rglob("*") if p.suffix in (".so", ".pyd", ".dylib")]
    if compiled:
        raise SystemExit(f"compiled files among the pure-Python dependencies: {compiled[:5]}")
    return add_regex(libs)


def write_archive(libs: Path, archive: Path) -> str:
    """libs as one zip, its entries sorted and dated alike; its comment is a digest of what it holds,
    the name start_server.py unpacks it under (a new build never reuses an old build's folder)."""
    files = sorted(p for p in libs.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    digest = hashlib.sha256()
    tmp = archive.with_name(archive.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for path in files:
            name = path.relative_to(libs).as_posix()
            data = path.read_bytes()
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
        stamp = digest.hexdigest()[:16]
        z.comment = stamp.encode("ascii")
    os.replace(tmp, archive)
    return stamp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", action="store_true", help="write bundled/libs/ unpacked instead of bundled/libs.zip")
    args = parser.parse_args(argv)
    BUNDLED.mkdir(exist_ok=True)
    shutil.rmtree(BUNDLED / "libs", ignore_errors=True)
    if args.dir:
        modules = stage(BUNDLED / "libs")
        print(f"bundled/libs: {len(modules)} regex extension modules")
        return 0
    with tempfile.TemporaryDirectory(prefix="errata-bundle-") as tmp:
        modules = stage(Path(tmp))
        stamp = write_archive(Path(tmp), ARCHIVE)
        count = sum(1 for p in Path(tmp).rglob("*") if p.is_file())
    print(f"bundled/libs.zip ({stamp}): {count} files, {ARCHIVE.stat().st_size // 1024} KB, "
          f"{len(modules)} regex extension modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
