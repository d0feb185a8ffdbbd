"""Start errata's language server for VS Code.

Run as a script, never with `-m`: Python then puts this folder first on sys.path, never the working
directory, so a workspace's own `errata_lsp/` or `json.py` is never imported. With the bundled
import strategy (the default) the server's package and its pure-Python dependencies shipped in
../libs come first; `fromEnvironment` takes them from the interpreter's environment instead.
"""
import os
import sys

if sys.version_info < (3, 10):
    sys.exit(f"errata needs Python 3.10 or newer; {sys.executable} is {sys.version.split()[0]}")

TOOL = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if p not in ("", ".", os.getcwd()) or p == TOOL]
if os.environ.get("ERRATA_IMPORT_STRATEGY", "useBundled") != "fromEnvironment":
    sys.path.insert(0, os.path.join(os.path.dirname(TOOL), "libs"))

try:
    from errata_lsp.entry import main
except ImportError as exc:
    sys.exit(f"errata: cannot import the errata_lsp package with {sys.executable} ({exc}); "
             "install it there (pip install errata-lsp) or set errata.importStrategy to useBundled")

sys.exit(main(sys.argv[1:]))
