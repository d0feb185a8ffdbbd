"""A test of the version a library runs at (`Version(lightning.__version__) < Version("3.0")`, a version shim)
is decided by the version the checked code runs with: the environment's (a `.venv`, a lockfile, a pin), and for
Lightning, when none is found, the newest release the knowledge base covers (2.6.6), as the rules assume. The
branch the run takes is the only one: a list policy on it is an error, one on the branch not taken is nothing.
A version errata does not know (torch with no environment) decides nothing: the finding names the test."""

from __future__ import annotations

import subprocess
import sys

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.environment import Environment, LibraryVersion
from errata_lsp.settings import Settings

HEAD = '''import importlib.metadata
import lightning
import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy
from packaging import version
from packaging.version import Version
from torch import nn


class Block(nn.Module):
    pass

'''
MESSAGE = "`activation_checkpointing_policy` must be a set, found [Block] (from `{name}`, line {line})"


def found(body: str, settings: Settings | None = None) -> list[tuple[str, str, int, str]]:
    source = HEAD + body
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.message)
            for f in check_source(source, "/tmp/shim.py", settings).findings]


def strategy_of(name: str) -> str:
    return f"\nstrategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy={name})\n"


def environment(**versions: str) -> Settings:
    libraries = tuple(LibraryVersion(name.replace("_", "-"), v, "from .venv") for name, v in versions.items())
    return Settings(environment=Environment(libraries, ".venv"))


SHIM_IN_HELPER = '''
LEGACY_POLICY = Version(lightning.__version__) < Version("{bound}")


def layer_policy():
    if LEGACY_POLICY:
        return [Block]
    return {{Block}}


policy = layer_policy()
'''


def shim(bound: str) -> str:
    return SHIM_IN_HELPER.format(bound=bound) + strategy_of("policy")


def test_a_shim_taken_by_the_newest_covered_release_is_an_error():
    # no environment: lightning 2.6.6 is assumed, which is below 3.0: the list is the only value
    assert found(shim("3.0")) == [
        ("LXF001", "error", 26, MESSAGE.format(name="policy", line=20))]


def test_a_shim_the_run_does_not_take_says_nothing():
    assert found(shim("2.0")) == []


def test_the_environments_lightning_decides_the_shim():
    # lightning 2.5.0 is below 2.6, 2.6.6 (no environment) is not
    assert found(shim("2.6")) == []
    assert found(shim("2.6"), environment(lightning="2.5.0")) == [
        ("LXF001", "error", 26, MESSAGE.format(name="policy", line=20))]


def test_a_version_errata_does_not_know_decides_nothing():
    body = '''
if version.parse(torch.__version__) >= version.parse("2.1"):
    REMAT = [Block]
else:
    REMAT = {Block}
''' + strategy_of("REMAT")
    assert found(body) == [("LXF001", "warning", 20, MESSAGE.format(name="REMAT", line=16)
                            + '; when version.parse(torch.__version__) >= version.parse("2.1")')]
    assert found(body, environment(torch="2.0.1")) == []
    assert found(body, environment(torch="2.9.0")) == [("LXF001", "error", 20, MESSAGE.format(name="REMAT", line=16))]


def test_torch_version_string_compares_as_a_version():
    # torch's `__version__` is a TorchVersion: "2.9.0" >= "2.10" is False for it (it is True for two strings)
    body = '''
NEW_TORCH = torch.__version__ >= "2.10"
policy = [Block] if NEW_TORCH else {Block}
''' + strategy_of("policy")
    assert found(body, environment(torch="2.9.0")) == []
    assert found(body, environment(torch="2.10.0")) == [("LXF001", "error", 18, MESSAGE.format(name="policy", line=16))]


def test_lightning_version_string_compares_as_strings_do():
    # lightning's `__version__` is a plain str: "2.6.6" < "2.10" is False for two strings (True for versions), and
    # Python runs it so: the set is the value, where `Version(...)` of both sides gives the list
    body = '''
policy = [Block] if lightning.__version__ < "2.10" else {Block}
''' + strategy_of("policy")
    assert found(body) == []
    assert found(body.replace('lightning.__version__ < "2.10"', 'Version(lightning.__version__) < Version("2.10")')) == [
        ("LXF001", "error", 17, MESSAGE.format(name="policy", line=15))]


@pytest.mark.parametrize("test, raises", [
    ('L.__version__.startswith("2.")', True),
    ('L.__version__.startswith("1.")', False),
    ('Version(importlib.metadata.version("lightning")).major >= 3', False),
    ('Version(importlib.metadata.version("lightning")).release < (2, 7)', True),
    ('version.parse(lightning.__version__) == version.parse("2.6.6")', True),
    ('not Version(lightning.__version__) >= Version("2.6")', False),
    ('Version(lightning.__version__) < Version("2.6.6")', False),  # the bounds, as PEP 440 orders them
    ('Version(lightning.__version__) <= Version("2.6.6")', True),
    ('Version(lightning.__version__) > Version("2.6.6rc1")', True),
    ('Version(lightning.__version__) != Version("2.6.6.post0")', True),
])
def test_spellings_of_a_version_test(test, raises):
    body = f'''
OLD_API = {test}
if OLD_API:
    policy = [Block]
else:
    policy = {{Block}}
''' + strategy_of("policy")
    assert found(body) == ([("LXF001", "error", 21, MESSAGE.format(name="policy", line=17))] if raises else [])


def test_a_name_bound_otherwise_on_some_path_decides_nothing():
    body = '''
LEGACY = Version(lightning.__version__) < Version("3.0")
if torch.cuda.is_available():
    LEGACY = False


def layer_policy():
    return [Block] if LEGACY else {Block}


policy = layer_policy()
''' + strategy_of("policy")
    assert found(body) == [("LXF001", "warning", 26, MESSAGE.format(name="policy", line=21) + "; when LEGACY")]


def test_a_local_that_shadows_the_library_decides_nothing():
    body = '''
def layer_policy(lightning):
    if Version(lightning.__version__) < Version("3.0"):
        return [Block]
    return {Block}


policy = layer_policy(torch)
''' + strategy_of("policy")
    assert [(code, severity) for code, severity, _, _ in found(body)] == [("LXF001", "warning")]


def test_the_environment_lists_each_lightning_distribution_at_the_users_lightning():
    found_env = Environment((LibraryVersion("pytorch-lightning", "2.2.5", "from .venv"),
                             LibraryVersion("torch", "2.2.2", "from .venv")), ".venv")
    assert found_env.library_versions() == {"pytorch-lightning": "2.2.5", "lightning": "2.2.5",
                                            "lightning-fabric": "2.2.5", "torch": "2.2.2"}


def test_check_reads_the_pinned_lightning(tmp_path):
    """The command line, as a user runs it: a folder that pins lightning 2.5.0 takes the shim's branch."""
    (tmp_path / "requirements.txt").write_text("lightning==2.5.0\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pod'\n")
    script = tmp_path / "train.py"
    script.write_text(HEAD + shim("2.6"))
    run = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", str(script)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert f"{script}:26:86: LXF001 " in run.stdout, run.stdout + run.stderr
    (tmp_path / "requirements.txt").write_text("lightning==2.6.6\n")
    run = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", str(script)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert "LXF001" not in run.stdout, run.stdout


CONFIG = '''import lightning
from packaging.version import Version
from torch import nn


class Block(nn.Module):
    pass


LEGACY = Version(lightning.__version__) < Version("2.6")
REMAT = [Block] if LEGACY else {Block}
'''
TRAIN = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import REMAT, Block

strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT)
Fabric(accelerator="tpu", strategy=strategy).launch(print)
'''


def test_a_shim_in_another_module_is_decided_by_the_version_of_each_check(tmp_path):
    """The project's summaries read config.py for the versions of the check that asks: another version lets
    them go, so the same process says what each environment runs."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pod'\n")
    (tmp_path / "config.py").write_text(CONFIG)
    train = tmp_path / "train.py"
    train.write_text(TRAIN)

    def placed(settings: Settings | None) -> list[tuple[str, str, str, int]]:
        return [(f.code, f.severity.name.lower(), f.elsewhere.path if f.elsewhere else "", f.elsewhere.span.start.line + 1
                 if f.elsewhere else f.span.start.line + 1) for f in check_source(TRAIN, str(train), settings).findings]

    assert placed(None) == []
    assert placed(environment(lightning="2.5.0")) == [("LXF001", "error", str(tmp_path / "config.py"), 11)]
    assert placed(None) == []


def test_a_version_imported_by_name():
    body = '''
from lightning import __version__ as LIGHTNING_VERSION

LEGACY = Version(LIGHTNING_VERSION) < Version("3.0")
policy = [Block] if LEGACY else {Block}
''' + strategy_of("policy")
    assert found(body) == [("LXF001", "error", 20, MESSAGE.format(name="policy", line=18))]


def test_a_file_that_tests_no_version_never_loads_the_release_table():
    """(the release table is read for the newest covered Lightning only when a test of a version asks it)"""
    from errata_lsp.analysis.context import LibraryVersions

    versions = LibraryVersions()
    assert versions._found is None
    assert versions["lightning"] == "2.6.6" and versions._found == {"lightning": "2.6.6"}
    found_env = Environment((LibraryVersion("lightning", "2.4.0", "from .venv"),), ".venv")
    assert dict(LibraryVersions(found_env)) == {"lightning": "2.4.0", "lightning-fabric": "2.4.0",
                                                "pytorch-lightning": "2.4.0"}
