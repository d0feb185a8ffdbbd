import os
import sys

# `python -m errata_lsp` puts the working directory first on sys.path, and an editor starts the
# server in the user's workspace: its json.py or logging.py would be imported (run) in place of the
# standard library's. Nothing of the workspace is ever run, so that entry goes.
if not getattr(sys.flags, "safe_path", False) and sys.path and sys.path[0] in ("", os.getcwd()):  # -P: 3.11+
    del sys.path[0]

from .entry import main  # noqa: E402

raise SystemExit(main())
