"""Which Lightning the user's code runs with, found in real virtual environments (made here with
`python -m venv`, a stub `*.dist-info` added, nothing installed) and in lockfiles and pins, from each
source in turn; and proof that nothing in those environments was ever run or imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp import environment
from errata_lsp.environment import LibraryVersion, detect, with_environment
from errata_lsp.settings import Settings, SettingsError, settings_for

UNKNOWN = LibraryVersion("lightning", None, "no environment, lockfile or pin found")


def make_venv(where: Path, **versions: str) -> Path:
    """A real virtual environment with stub distributions (`lightning="2.1.0"`, `torch_xla=...`), and
    traps: its interpreters, a `.pth` file and a `lightning` package all write `where/EXECUTED` if
    anything runs them or imports from this environment."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120)
    (site,) = where.glob("lib/python3*/site-packages")
    for name, version in versions.items():
        info = site / f"{name}-{version}.dist-info"
        info.mkdir()
        dist = name.replace("_", "-")
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n\nA stub.\n")
    marker = where / "EXECUTED"
    for exe in (where / "bin").iterdir():
        if exe.name.startswith("python"):
            exe.unlink()
            exe.write_text(f"#!/bin/sh\necho ran >> '{marker}'\n")
            exe.chmod(0o755)
    (site / "lightning").mkdir()
    (site / "lightning" / "__init__.py").write_text(f"open({str(marker)!r}, 'a').write('imported')\n")
    (site / "errata_trap.pth").write_text(f"import os; open({str(marker)!r}, 'a').write('site')\n")
    return where


def untouched(*venvs: Path) -> bool:
    return not any((venv / "EXECUTED").exists() for venv in venvs)


@pytest.fixture(autouse=True)
def fresh_cache():
    environment.clear_cache()
    yield
    environment.clear_cache()


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    (root / "src" / "train.py").write_text("import lightning\n")
    return root


def names(found) -> dict[str, tuple[str | None, str]]:
    return {lib.name: (lib.version, lib.source) for lib in found.libraries}


# --- each source ---------------------------------------------------------------------------------
def test_the_editors_interpreter(workspace, tmp_path):
    venv = make_venv(tmp_path / "envs" / "tpu", lightning="2.1.0", torch="2.1.0", torch_xla="2.1.0")
    python = str(venv / "bin" / "python")
    found = detect(workspace / "src" / "train.py", interpreter=python, environ={})
    assert found.lightning == LibraryVersion("lightning", "2.1.0", f"from the editor's interpreter {python}")
    assert names(found) == {
        "lightning": ("2.1.0", f"from the editor's interpreter {python}"),
        "torch": ("2.1.0", f"from the editor's interpreter {python}"),
        "torch-xla": ("2.1.0", f"from the editor's interpreter {python}"),
    }
    # the same through the setting an editor sends
    settings = Settings().merged({"python": {"interpreter": python}})
    assert settings.python_interpreter == python
    assert with_environment(settings, workspace / "src" / "train.py").environment == found
    assert untouched(venv)


def test_virtual_env(workspace, tmp_path):
    venv = make_venv(tmp_path / "active", pytorch_lightning="2.2.5", torch="2.2.2")
    found = detect(workspace / "src" / "train.py", environ={"VIRTUAL_ENV": str(venv)})
    assert found.lightning == LibraryVersion("pytorch-lightning", "2.2.5", f"from VIRTUAL_ENV ({venv})")
    assert found.get("torch") == LibraryVersion("torch", "2.2.2", f"from VIRTUAL_ENV ({venv})")
    assert found.get("torch_xla") is None
    assert untouched(venv)


@pytest.mark.parametrize("name", [".venv", "venv"])
def test_venv_in_the_workspace(workspace, name):
    venv = make_venv(workspace / name, lightning_fabric="2.3.3")
    found = detect(workspace / "src" / "train.py", environ={})
    assert found.lightning == LibraryVersion("lightning-fabric", "2.3.3", f"from {name}")
    assert untouched(venv)


LOCKS = {
    "uv.lock": 'version = 1\n\n[[package]]\nname = "lightning"\nversion = "2.1.2"\nsource = { registry = "https://pypi.org/simple" }\n\n'
               '[[package]]\nname = "torch"\nversion = "2.1.2"\n',
    "poetry.lock": '[[package]]\nname = "torch"\nversion = "2.1.2"\ndescription = "Tensors"\n\n'
                   '[[package]]\nname = "Lightning"\nversion = "2.1.2"\ndescription = "Deep learning"\n',
    "pdm.lock": '[metadata]\ngroups = ["default"]\n\n[[package]]\nname = "lightning"\nversion = "2.1.2"\n\n'
                '[[package]]\nname = "torch"\nversion = "2.1.2"\n',
}


@pytest.mark.parametrize("lockfile", sorted(LOCKS))
def test_lockfile_only(workspace, lockfile):
    (workspace / lockfile).write_text(LOCKS[lockfile])
    found = detect(workspace / "src" / "train.py", environ={})
    assert names(found) == {"lightning": ("2.1.2", f"from {lockfile}"), "torch": ("2.1.2", f"from {lockfile}")}


def test_requirements_pin(workspace):
    (workspace / "requirements.txt").write_text("# training\nnumpy\nlightning[extra]==2.2.1  # pinned\ntorch>=2.2\n")
    found = detect(workspace / "src" / "train.py", environ={})
    assert found.lightning == LibraryVersion("lightning", "2.2.1", "from requirements.txt")
    assert found.get("torch") is None  # a range of torch names no version errata could pick


def test_requirements_range_takes_the_newest_covered_release_it_allows(workspace):
    (workspace / "requirements-tpu.txt").write_text("-r requirements.txt\nlightning>=2.2,<2.4\n")
    found = detect(workspace / "src" / "train.py", environ={})
    assert found.lightning == LibraryVersion(
        "lightning", "2.3.3", "from requirements-tpu.txt: lightning<2.4,>=2.2, the newest covered release it allows")


def test_project_dependencies(workspace):
    (workspace / "pyproject.toml").write_text(
        "[project]\nname = 'trainer'\ndependencies = ['pytorch-lightning==2.4.0', 'torch==2.4.0']\n")
    found = detect(workspace / "src" / "train.py", environ={})
    assert names(found) == {"pytorch-lightning": ("2.4.0", "from pyproject.toml"),
                            "torch": ("2.4.0", "from pyproject.toml")}


def test_pyproject_override_beats_what_was_found(workspace):
    venv = make_venv(workspace / ".venv", lightning="2.4.0", torch="2.4.0")
    (workspace / "pyproject.toml").write_text("[tool.errata]\nlightning-version = \"2.1.0\"\n")
    settings = with_environment(settings_for(workspace / "src" / "train.py"), workspace / "src" / "train.py")
    assert settings.lightning_version == "2.1.0"
    assert settings.environment.lightning == LibraryVersion("lightning", "2.1.0", "from [tool.errata] lightning-version")
    assert settings.environment.get("torch") == LibraryVersion("torch", "2.4.0", "from .venv")
    # a specifier stands for the newest covered release it allows
    (workspace / "pyproject.toml").write_text("[tool.errata]\nlightning-version = \"~=2.2.0\"\n")
    settings = with_environment(settings_for(workspace / "src" / "train.py"), workspace / "src" / "train.py")
    assert settings.environment.lightning == LibraryVersion("lightning", "2.2.5", "from [tool.errata] lightning-version")
    assert untouched(venv)


def test_a_bad_override_is_one_clear_message(workspace):
    (workspace / "pyproject.toml").write_text("[tool.errata]\nlightning-version = \"two point one\"\n")
    with pytest.raises(SettingsError) as caught:
        settings_for(workspace / "src" / "train.py")
    assert str(caught.value).endswith("[tool.errata] `lightning-version` must be a version such as \"2.4.0\" "
                                      "or a specifier such as \"~=2.2.0\", found 'two point one'")


def test_nothing_found_is_unknown(workspace):
    found = detect(workspace / "src" / "train.py", environ={})
    assert found.lightning == UNKNOWN
    assert found.libraries == ()


# --- order and cache -----------------------------------------------------------------------------
def test_sources_in_order(workspace, tmp_path):
    editor = make_venv(tmp_path / "editor", lightning="2.1.0")
    active = make_venv(tmp_path / "active", lightning="2.2.0")
    local = make_venv(workspace / ".venv", lightning="2.3.0")
    (workspace / "uv.lock").write_text('[[package]]\nname = "lightning"\nversion = "2.4.0"\n')
    (workspace / "requirements.txt").write_text("lightning==2.5.0\n")
    start = workspace / "src" / "train.py"
    env = {"VIRTUAL_ENV": str(active)}
    seen = [detect(start, interpreter=str(editor / "bin" / "python3"), environ=env).lightning.version,
            detect(start, environ=env).lightning.version, detect(start, environ={}).lightning.version]
    (workspace / ".venv").rename(tmp_path / "moved")
    seen.append(detect(start, environ={}).lightning.version)
    (workspace / "uv.lock").unlink()
    seen.append(detect(start, environ={}).lightning.version)
    assert seen == ["2.1.0", "2.2.0", "2.3.0", "2.4.0", "2.5.0"]
    # an interpreter without Lightning gives way to the next source
    bare = make_venv(tmp_path / "bare")
    assert detect(start, interpreter=str(bare / "bin" / "python"), environ=env).lightning.version == "2.2.0"
    assert untouched(editor, active, local, bare, tmp_path / "moved")


def test_cache_follows_the_files_it_came_from(workspace):
    venv = make_venv(workspace / ".venv", lightning="2.1.0")
    start = workspace / "src" / "train.py"
    assert detect(start, environ={}).lightning.version == "2.1.0"
    (site,) = venv.glob("lib/python3*/site-packages")
    (site / "lightning-2.1.0.dist-info").rename(site / "lightning-2.5.1.dist-info")
    (site / "lightning-2.5.1.dist-info" / "METADATA").write_text("Name: lightning\nVersion: 2.5.1\n\n")
    assert detect(start, environ={}).lightning.version == "2.5.1"
    import shutil

    shutil.rmtree(venv)
    (workspace / "poetry.lock").write_text('[[package]]\nname = "lightning"\nversion = "2.2.2"\n')
    assert detect(start, environ={}).lightning == LibraryVersion("lightning", "2.2.2", "from poetry.lock")


def test_metadata_version_wins_over_the_folder_name(workspace):
    venv = make_venv(workspace / ".venv")
    (site,) = venv.glob("lib/python3*/site-packages")
    (site / "lightning-2.0.0.dist-info").mkdir()
    (site / "lightning-2.0.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: lightning\nVersion: 2.4.0\n\n")
    assert detect(workspace / "src" / "train.py", environ={}).lightning.version == "2.4.0"


# --- the command line, and proof that nothing ran -----------------------------------------------------
SCRIPT = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "\n"
    "\n"
    "class Block:\n"
    "    pass\n"
    "\n"
    "\n"
    "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
    "fabric = Fabric(accelerator=\"tpu\", strategy=strategy)\n"
    "fabric.launch()\n"
)
LXF001 = "train.py:9:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block]"
NEWEST_LXF016 = ("train.py:11:1: LXF016 To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be "
                 "called with a function that contains the code to launch in processes: Fabric raises TypeError. Move "
                 "the training code into `def train(fabric): ...` and call `fabric.launch(train)`")
# lightning 2.1.0-2.1.2 words the launch error otherwise (fabric.py, `launch`): the finding quotes its words
OLD_LXF016 = NEWEST_LXF016.replace("To spawn processes with the", "To use the")


def check(folder: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--show-versions", *args, "train.py"],
                          cwd=folder, capture_output=True, text=True, timeout=120, env={**clean, **(env or {})},
                          check=False)


@pytest.mark.parametrize("setup, lines, versions", [
    ("2.1-era venv", [LXF001, OLD_LXF016], ("versions: lightning 2.1.0 (from .venv), torch 2.0.1 (from .venv), "
                                            "torch-xla 2.0 (from .venv)")),
    ("2.6 venv", [LXF001, NEWEST_LXF016], ("versions: lightning 2.6.6 (from .venv), torch 2.9.0 (from .venv), "
                                           "torch-xla 2.9.0 (from .venv)")),
    ("lockfile only", [LXF001, OLD_LXF016], ("versions: lightning 2.1.2 (from uv.lock), torch 2.1.2 (from uv.lock), "
                                             "torch-xla unknown")),
    ("nothing", [LXF001, NEWEST_LXF016], ("versions: lightning unknown (no environment, lockfile or pin found), "
                                          "torch unknown, torch-xla unknown; the newest release covered, 2.6.6, "
                                          "is assumed")),
])
def test_the_same_script_gets_what_each_version_raises(workspace, setup, lines, versions):
    (workspace / "train.py").write_text(SCRIPT)
    venv = None
    if setup == "2.1-era venv":
        venv = make_venv(workspace / ".venv", lightning="2.1.0", torch="2.0.1", torch_xla="2.0")
    elif setup == "2.6 venv":
        venv = make_venv(workspace / ".venv", lightning="2.6.6", torch="2.9.0", torch_xla="2.9.0")
    elif setup == "lockfile only":
        (workspace / "uv.lock").write_text(LOCKS["uv.lock"])
    done = check(workspace)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [*lines, versions, "Found 2 findings: 2 errors (1 fixable with --fix)."]
    assert venv is None or untouched(venv)


def test_json_output_names_the_versions(workspace):
    (workspace / "train.py").write_text(SCRIPT)
    venv = make_venv(workspace / ".venv", lightning="2.1.0", torch="2.0.1")
    done = check(workspace, "--format", "json")
    findings = json.loads(done.stdout)
    assert [f["code"] for f in findings] == ["LXF001", "LXF016"]
    assert findings[1]["message"] == OLD_LXF016.split(" LXF016 ", 1)[1]
    for finding in findings:
        assert finding["versions"] == {
            "lightning": {"distribution": "lightning", "version": "2.1.0", "source": "from .venv",
                          "checkedAs": "2.1.0", "outside": None},
            "torch": {"version": "2.0.1", "source": "from .venv"},
        }
    assert done.stderr == "versions: lightning 2.1.0 (from .venv), torch 2.0.1 (from .venv), torch-xla unknown\n"
    assert untouched(venv)


def test_a_version_outside_the_covered_releases_is_said(workspace):
    (workspace / "train.py").write_text(SCRIPT)
    (workspace / "requirements.txt").write_text("lightning==2.0.9\n")
    done = check(workspace)
    assert done.stdout.splitlines()[1] == OLD_LXF016  # checked as 2.1.0, the nearest covered release
    assert done.stdout.splitlines()[2] == (
        "versions: lightning 2.0.9 (from requirements.txt), torch unknown, torch-xla unknown; outside what errata "
        "covers (older than 2.1.0, the first release covered): checked as 2.1.0")


def test_nothing_in_the_environments_was_run(workspace, tmp_path):
    """Every source at once, through the command line, the editor setting and the explain command:
    the traps stay shut. Then the traps are shown to work, by running one."""
    (workspace / "train.py").write_text(SCRIPT)
    local = make_venv(workspace / ".venv", lightning="2.1.0")
    active = make_venv(tmp_path / "active", lightning="2.2.0")
    editor = make_venv(tmp_path / "editor", lightning="2.3.0")
    assert check(workspace, env={"VIRTUAL_ENV": str(active)}).returncode == 1
    explained = subprocess.run([sys.executable, "-m", "errata_lsp", "explain", "The XLA XRT runtime is not supported anymore."],
                               cwd=workspace, capture_output=True, text=True, timeout=120, check=False)
    assert "**Your environment.** lightning 2.1.0 (from .venv). **lightning 2.1.0 does not raise this error** " \
           "(it is raised by lightning>=2.2.0)." in explained.stdout
    settings = Settings().merged({"python": {"interpreter": str(editor / "bin" / "python")}})
    assert with_environment(settings, workspace / "train.py").environment.lightning.version == "2.3.0"
    assert untouched(local, active, editor)
    subprocess.run([str(editor / "bin" / "python"), "-c", "pass"], timeout=60, check=False)
    assert (editor / "EXECUTED").read_text() == "ran\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_a_file_should_be_does_not_hang(workspace):
    venv = workspace / ".venv"
    (venv / "lib" / "python3.11" / "site-packages" / "lightning-2.4.0.dist-info").mkdir(parents=True)
    os.mkfifo(venv / "pyvenv.cfg")
    os.mkfifo(venv / "lib" / "python3.11" / "site-packages" / "lightning-2.4.0.dist-info" / "METADATA")
    os.mkfifo(workspace / "uv.lock")
    os.mkfifo(workspace / "requirements.txt")
    # the folder name still gives the version; the FIFOs are skipped, never read
    found = detect(workspace / "src" / "train.py", environ={})
    assert found.lightning == LibraryVersion("lightning", "2.4.0", "from .venv")
    (venv / "lib" / "python3.11" / "site-packages" / "lightning-2.4.0.dist-info").rename(venv / "moved")
    assert detect(workspace / "src" / "train.py", environ={}).lightning == UNKNOWN


# --- a condition on torch's version, not Lightning's ----------------------------------------------
PATH_SCRIPT = (
    "from pathlib import Path\n"
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "\n"
    "def train(fabric):\n"
    "    model = fabric.setup_module(Net())\n"
    "    fabric.save(Path('checkpoints') / 'step-1', {'model': model})\n"
    "\n"
    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"
)
LXF029 = ("train.py:7:17: LXF029 Under XLAFSDP, `fabric.save` broadcasts the path to every process and reads it back "
          "with `torch.load`, whose `weights_only` default (True from torch 2.6) refuses a `pathlib` path: "
          "_pickle.UnpicklingError: Weights only load failed ... GLOBAL pathlib.PosixPath was not an allowed global "
          "by default. Pass `str(Path('checkpoints') / 'step-1')`")


@pytest.mark.parametrize("torch, lines", [
    ("2.5.1", ["versions: lightning 2.6.6 (from .venv), torch 2.5.1 (from .venv), torch-xla 2.5.1 (from .venv)",
               "All checks passed."]),
    ("2.6.0", [LXF029, "versions: lightning 2.6.6 (from .venv), torch 2.6.0 (from .venv), torch-xla 2.6.0 (from .venv)",
               "Found 1 finding: 1 error (1 fixable with --fix)."]),
    ("2.9.0+cu128", [LXF029, "versions: lightning 2.6.6 (from .venv), torch 2.9.0+cu128 (from .venv), "
                             "torch-xla 2.9.0+cu128 (from .venv)", "Found 1 finding: 1 error (1 fixable with --fix)."]),
])
def test_a_pathlib_checkpoint_path_is_flagged_only_where_the_venvs_torch_refuses_it(workspace, torch, lines):
    """The same Lightning, two torches read from their `*.dist-info`: torch 2.5's `torch.load` still reads
    a pickled `PosixPath` (no finding), 2.6 and newer refuse it (the run raised it with torch 2.9.0)."""
    (workspace / "train.py").write_text(PATH_SCRIPT)
    venv = make_venv(workspace / ".venv", lightning="2.6.6", torch=torch, torch_xla=torch)
    done = check(workspace)
    assert done.returncode == (1 if len(lines) == 3 else 0), done.stderr
    assert done.stdout.splitlines() == lines
    assert untouched(venv)


def test_the_card_says_which_torch_the_user_has_and_whether_it_raises(workspace):
    venv = make_venv(workspace / ".venv", lightning="2.6.6", torch="2.5.1")
    message = "_pickle.UnpicklingError: Weights only load failed. WeightsUnpickler error: Unsupported global: " \
              "GLOBAL pathlib.PosixPath was not an allowed global by default."
    clean = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "explain", message], cwd=workspace,
                          capture_output=True, text=True, timeout=120, env=clean, check=False)
    assert done.returncode == 0, done.stderr
    assert ("**Needs torch>=2.6.** `torch.load` reads with `weights_only=True` by default from torch 2.6, and refuses "
            "a `pathlib` path. Your torch: 2.5.1 (from .venv): **torch 2.5.1 does not raise this error.**"
            ) in done.stdout.split("\n\n")
    (venv / "lib").rename(venv / "gone")  # no site-packages: the torch of the environment is unknown
    environment.clear_cache()
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "explain", message], cwd=workspace,
                          capture_output=True, text=True, timeout=120, env=clean, check=False)
    assert ("**Needs torch>=2.6.** `torch.load` reads with `weights_only=True` by default from torch 2.6, and refuses "
            "a `pathlib` path. Your torch: unknown; a release that raises it is assumed.") in done.stdout.split("\n\n")
    assert untouched(venv)
