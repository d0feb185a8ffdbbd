"""Start errata's language server for VS Code.

Run as a script, never with `-m`: Python then puts this folder first on sys.path, never the working
directory, so a workspace's own `errata_lsp/` or `json.py` is never imported. With the bundled
import strategy (the default) the server's package and its dependencies shipped in ../libs.zip come
first, unpacked once per build; `fromEnvironment` takes them from the interpreter's environment.
"""
import os
import sys

if sys.version_info < (3, 10):
    sys.exit(f"errata needs Python 3.10 or newer; {sys.executable} is {sys.version.split()[0]}")

TOOL = os.path.dirname(os.path.abspath(__file__))
BUNDLED = os.path.dirname(TOOL)


def user_cache() -> str:
    if sys.platform == "win32":
        return os.path.join(os.environ.get("LOCALAPPDATA") or os.path.expanduser("~"), "errata", "Cache")
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "errata")


def bundled_libs() -> str:
    """The folder of the bundled packages: libs.zip unpacked under the name of its digest (the
    archive's comment), beside it, or in the user's cache when the extension's folder is read-only.
    Unpacked into a temporary folder first and renamed: a start never sees half a folder, and of
    two windows starting at once the second keeps the first one's."""
    import shutil
    import tempfile
    import zipfile

    archive = os.path.join(BUNDLED, "libs.zip")
    if not os.path.exists(archive):  # a development tree (scripts/bundle_python.py --dir)
        return os.path.join(BUNDLED, "libs")
    with zipfile.ZipFile(archive) as z:
        name = "libs-" + z.comment.decode("ascii", "replace")
        problems = []
        for parent in (BUNDLED, user_cache()):
            target = os.path.join(parent, name)
            if os.path.isdir(target):
                return target
            tmp = None
            try:
                os.makedirs(parent, exist_ok=True)
                tmp = tempfile.mkdtemp(prefix=".libs-", dir=parent)
                z.extractall(tmp)
                os.rename(tmp, target)
                return target
            except OSError as exc:
                if tmp:
                    shutil.rmtree(tmp, ignore_errors=True)
                if os.path.isdir(target):  # another start got there first
                    return target
                problems.append(f"{parent}: {exc}")
    sys.exit(f"errata: cannot unpack {archive} ({'; '.join(problems)})")


sys.path[:] = [p for p in sys.path if p not in ("", ".", os.getcwd()) or p == TOOL]
if os.environ.get("ERRATA_IMPORT_STRATEGY", "useBundled") != "fromEnvironment":
    sys.path.insert(0, bundled_libs())

try:
    from errata_lsp.entry import main
except ImportError as exc:
    sys.exit(f"errata: cannot import the errata_lsp package with {sys.executable} ({exc}); "
             "install it there (pip install errata-lsp) or set errata.importStrategy to useBundled")

sys.exit(main(sys.argv[1:]))
