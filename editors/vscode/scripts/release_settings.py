"""Keep the extension's package.json in line with pyproject.toml, the one place release settings live.

pyproject.toml holds the version, the repository's URL (`[project.urls] Repository`) and the VS Code
publisher id (`[tool.errata-release] vscode-publisher`); package.json takes its `version`,
`publisher`, `repository`, `homepage` and `bugs` from them, and CHANGELOG.md must have a section for
the version. A release is tagged `v<version>` (the wheel, the sdist and the .vsix carry that version).

    python3 scripts/release_settings.py           # write package.json, copy CHANGELOG.md (npm run package does it first)
    python3 scripts/release_settings.py --check   # exit 1, naming each difference, if they disagree
    python3 scripts/release_settings.py --tag     # print the release tag, e.g. v0.1.0
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

EXTENSION = Path(__file__).resolve().parents[1]
REPO = EXTENSION.parents[1]
MANIFEST = EXTENSION / "package.json"


def wanted() -> dict[str, Any]:
    """The package.json fields pyproject.toml decides."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    repository = project["urls"]["Repository"].rstrip("/")
    return {
        "version": project["version"],
        "publisher": pyproject["tool"]["errata-release"]["vscode-publisher"],
        "repository": {"type": "git", "url": f"{repository}.git"},
        "homepage": f"{repository}#readme",
        "bugs": {"url": f"{repository}/issues"},
    }


def problems(manifest: dict[str, Any], want: dict[str, Any]) -> list[str]:
    out = [f"package.json {key} is {manifest.get(key)!r}, pyproject.toml says {value!r}"
           for key, value in want.items() if manifest.get(key) != value]
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(want['version'])}\]", changelog, re.MULTILINE):
        out.append(f"CHANGELOG.md has no section `## [{want['version']}]`")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report differences, change nothing")
    parser.add_argument("--tag", action="store_true", help="print the release tag")
    args = parser.parse_args(argv)
    want = wanted()
    if args.tag:
        print(f"v{want['version']}")
        return 0
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    found = problems(manifest, want)
    if args.check:
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    if any(manifest.get(key) != value for key, value in want.items()):
        manifest.update(want)
        tmp = MANIFEST.with_name(MANIFEST.name + ".tmp")
        tmp.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, MANIFEST)
        print("package.json: release settings from pyproject.toml")
    # the Marketplace shows the extension's CHANGELOG.md: the repository's, copied (gitignored)
    shutil.copyfile(REPO / "CHANGELOG.md", EXTENSION / "CHANGELOG.md")
    changelog = [line for line in found if line.startswith("CHANGELOG")]
    for line in changelog:
        print(line, file=sys.stderr)
    return 1 if changelog else 0


if __name__ == "__main__":
    sys.exit(main())
