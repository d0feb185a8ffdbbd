"""What `python train.py` does with no arguments is the run's: `sys.argv[1] if len(sys.argv) > 1 else "v4"`
holds "v4" then, and an argument of the command line is another run's pick (a table entry it may select, a
comprehension over that entry), never a value that decides a finding by itself."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.project import WORKSPACE

BOTH = ("accelerator set through both strategy class and accelerator flag, choose one: `Fabric(...)` raises "
        "ValueError because the strategy already has `XLAAccelerator()` and the flag is `'tpu'` (only \"auto\" is "
        "allowed then)")

HEAD = ("import sys\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.accelerators import XLAAccelerator\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n\n"
        "PROFILES = {\n"
        "    'v4': {'flatten_parameters': True, 'accelerator': XLAAccelerator()},\n"
        "    'debug': {'flatten_parameters': True},\n"
        "}\n\n\n")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def profiles(pick: str, kwargs: str, default: str) -> str:
    return HEAD + (f"def make_strategy(profile):\n    kwargs = {kwargs}\n    return XLAFSDPStrategy(**kwargs)\n\n\n"
                   f"profile = {pick.format(default=default)}\n"
                   "fabric = Fabric(accelerator='tpu', strategy=make_strategy(profile))\n")


PICKS = ["sys.argv[1] if len(sys.argv) > 1 else {default!r}",
         "{default!r} if len(sys.argv) < 2 else sys.argv[1]",
         "sys.argv[1] if sys.argv[1:] else {default!r}"]
KWARGS = ["PROFILES[profile]", "{k: v for k, v in PROFILES[profile].items() if v is not None}",
          "dict(PROFILES[profile])", "{**PROFILES[profile], 'flatten_parameters': False}"]


@pytest.mark.parametrize("kwargs", KWARGS)
@pytest.mark.parametrize("pick", PICKS)
def test_the_default_profile_of_the_command_line_is_the_run_s(pick, kwargs):
    assert found(profiles(pick, kwargs, "v4")) == [("LXF011", "error", BOTH, 18, 16)]
    assert found(profiles(pick, kwargs, "debug")) == []


@pytest.mark.parametrize("kwargs", KWARGS)
def test_a_profile_the_command_line_must_give_decides_nothing(kwargs):
    assert found(HEAD + f"def make_strategy(profile):\n    kwargs = {kwargs}\n    return XLAFSDPStrategy(**kwargs)\n\n\n"
                 "fabric = Fabric(accelerator='tpu', strategy=make_strategy(sys.argv[1]))\n") == []


def test_an_argument_s_default_given_to_the_flag_is_the_run_s():
    body = ("flag = sys.argv[1] if len(sys.argv) > 1 else {!r}\n"
            "Fabric(accelerator=flag, strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n")
    assert [f[:2] for f in found(HEAD + body.format("tpu"))] == [("LXF011", "error")]
    assert found(HEAD + body.format("auto")) == []


# `main(**vars(args))`: the function's parameters are the options' defaults; a test on an option's default decides
# as the plain run takes it
XLA = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
       "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")

OPTIONS = ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
           "def main(precision='32-true', steps=10):\n"
           "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision=precision)\n\n\n"
           "if __name__ == '__main__':\n"
           "    parser = argparse.ArgumentParser()\n"
           "{options}"
           "    parser.add_argument('--steps', type=int, default=10)\n"
           "{call}")


@pytest.mark.parametrize("call", ["    args = parser.parse_args()\n    main(**vars(args))\n",
                                  "    main(**vars(parser.parse_args()))\n",
                                  "    options = vars(parser.parse_args())\n    main(**options)\n"])
def test_vars_of_the_namespace_gives_the_options_defaults_to_the_parameters(call):
    bad = OPTIONS.format(options="    parser.add_argument('--precision', default='bf16-mixed')\n", call=call)
    assert found(bad) == [("LXF007", "error", XLA + " (from `--precision`, line 12)", 7, 68)]
    assert found(bad.replace("default='bf16-mixed'", "default='bf16-true'")) == []


def test_a_parameter_no_option_names_keeps_its_default():
    text = OPTIONS.format(options="    parser.add_argument('--lr', type=float, default=1.0)\n",
                          call="    main(**vars(parser.parse_args()))\n").replace("precision='32-true'",
                                                                                 "precision='bf16-mixed'")
    assert found(text) == [("LXF007", "error", XLA + " (from `precision`, line 6)", 7, 68)]
    assert found(text.replace("precision='bf16-mixed'", "precision='bf16-true'")) == []
    # options another function may add: the namespace's keys are not all known
    more = text.replace("    main(**vars", "    add_options(parser)\n    main(**vars")
    assert found(more) == []


DEVICES = ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
           "def setup(devices=4, precision='32-true'):\n"
           "    precision = 'bf16-mixed' if devices > 4 else precision\n"
           "    Fabric(accelerator='tpu', devices=devices, strategy=XLAFSDPStrategy(), precision=precision)\n\n\n"
           "parser = argparse.ArgumentParser()\n"
           "parser.add_argument('--devices', type=int{default})\n"
           "{call}")
BY_ITS_DEFAULT = "setup(**vars(parser.parse_args()))\n"
BY_AN_ATTRIBUTE = ("\n\ndef main(args):\n    setup(precision='bf16-mixed' if args.devices > 4 else 'bf16-true')\n\n\n"
                   "main(parser.parse_args())\n")


@pytest.mark.parametrize("call", [BY_ITS_DEFAULT, BY_AN_ATTRIBUTE])
def test_a_test_on_an_option_is_decided_by_its_default_as_the_plain_run_takes_it(call):
    assert [f[:2] for f in found(DEVICES.format(default=", default=8", call=call))] == [("LXF007", "error")]
    assert found(DEVICES.format(default=", default=4", call=call)) == []


def test_an_option_with_no_default_decides_nothing():
    text = DEVICES.format(default="", call=BY_ITS_DEFAULT)
    assert found(text) == [("LXF007", "warning", XLA + " (from `precision`, line 7); when devices > 4", 8, 85)]
    text = DEVICES.format(default="", call=BY_AN_ATTRIBUTE)
    assert found(text) == [("LXF007", "warning", XLA + " (from `precision`, line 16); when args.devices > 4", 8, 85)]


@pytest.mark.parametrize("option", ["'--mixed', action='store_true'", "'--mixed', default=None", "'--mixed', default=0"])
def test_an_option_off_by_default_is_one_a_run_turns_on_and_decides_nothing(option):
    text = DEVICES.format(default="", call="").replace("'--devices', type=int", option) + (
        "args = parser.parse_args()\n\n\ndef main(args):\n    setup(precision='bf16-mixed' if args.mixed else 'bf16-true')\n\n\n"
        "main(args)\n")
    assert [f[:2] for f in found(text)] == [("LXF007", "warning")]
    assert [f[:2] for f in found(text.replace(option, "'--mixed', default='yes'"))] == [("LXF007", "error")]


MODULE = ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
          "parser = argparse.ArgumentParser()\nparser.add_argument('--devices', type=int{default})\n"
          "args = parser.parse_args()\n{pick}"
          "Fabric(accelerator='tpu', devices=args.devices, strategy=strategy, precision='bf16-mixed')\n")
PICKS_STRATEGY = ["if args.devices > 1:\n    strategy = XLAFSDPStrategy()\nelse:\n    strategy = 'auto'\n",
                  "strategy = XLAFSDPStrategy() if args.devices > 1 else 'auto'\n"]
XLA_HERE = XLA.replace("`XLAPrecision(...)`", "`XLAPrecision(...)`; when args.devices > 1")


@pytest.mark.parametrize("pick", PICKS_STRATEGY)
def test_a_module_s_test_on_an_option_takes_the_plain_run_s_path(pick):
    text = MODULE.format(default=", default=8", pick=pick)
    line = text.count("\n")
    assert found(text) == [("LXF007", "error", XLA, line, 77)]
    assert found(MODULE.format(default=", default=1", pick=pick)) == []
    assert found(MODULE.format(default="", pick=pick)) == [("LXF007", "warning", XLA_HERE, line, 77)]


def test_a_name_bound_to_an_option_decides_a_module_s_test_as_the_option_does():
    text = MODULE.format(default=", default=8", pick="many = args.devices > 1\nwide = args.devices\n"
                         "strategy = XLAFSDPStrategy() if wide > 1 else 'auto'\n")
    line = text.count("\n")
    assert found(text) == [("LXF007", "error", XLA, line, 77)]
    assert found(text.replace("default=8", "default=1")) == []
    bare = MODULE.format(default="", pick="wide = args.devices\nstrategy = XLAFSDPStrategy() if wide else 'auto'\n")
    assert [f[:2] for f in found(bare)] == [("LXF007", "warning")]  # no default: a run that gives it decides


def test_a_namespace_a_function_of_the_file_parses_decides_a_module_s_test():
    text = ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            "def parse_args():\n    parser = argparse.ArgumentParser()\n"
            "    parser.add_argument('--amp', action=argparse.BooleanOptionalAction, default=True)\n"
            "    return parser.parse_args()\n\n\n"
            "args = parse_args()\nprecision = 'bf16-mixed' if args.amp else 'bf16-true'\n"
            "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision=precision)\n")
    line = text.count("\n")
    assert found(text) == [("LXF007", "error", XLA + " (from `precision`, line 13)", line, 64)]
    assert found(text.replace("default=True", "default=False")) == [
        ("LXF007", "warning", XLA + " (from `precision`, line 13); when args.amp", line, 64)]


def test_a_module_s_test_on_an_option_of_a_computed_default_decides_nothing():
    text = MODULE.format(default=", default=DEVICES", pick=PICKS_STRATEGY[0]).replace("parser = ", "DEVICES = 8\nparser = ")
    assert [f[:2] for f in found(text)] == [("LXF007", "warning")]


def test_the_namespace_s_dict_is_vars_of_it():
    text = OPTIONS.format(options="    parser.add_argument('--precision', default='bf16-mixed')\n",
                          call="    args = parser.parse_args()\n    main(**args.__dict__)\n")
    assert found(text) == [("LXF007", "error", XLA + " (from `--precision`, line 12)", 7, 68)]
    assert found(text.replace("    main(**args", "    args.precision = 'bf16-true'\n    main(**args")) == []


def test_the_namespace_of_another_module_s_parser_gives_its_defaults(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "cli.py").write_text("import argparse\n\n\ndef parse():\n    parser = argparse.ArgumentParser()\n"
                                     "    parser.add_argument('--precision', default='bf16-mixed')\n"
                                     "    return parser.parse_args()\n")
    train = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
             "from cli import parse\n\n\ndef main(precision='32-true'):\n"
             "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision=precision)\n\n\n"
             "main(**vars(parse()))\n")
    (tmp_path / "train.py").write_text(train)
    bad = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in bad] == [("LXF007", "error", 7)]
    assert bad[0].elsewhere is not None and bad[0].elsewhere.span.start.line + 1 == 6  # at the option's default
    (tmp_path / "cli.py").write_text((tmp_path / "cli.py").read_text().replace("bf16-mixed", "bf16-true"))
    assert check_source(train, str(tmp_path / "train.py")).findings == []


# `main(sys.argv[1:])`: the parameter holds the command line's arguments, and a part of it (`argv[0]`) is another
# run's pick as `sys.argv[1]` is; the branch the plain run takes (`argv` empty) holds the run's value
CLI = ("import sys\n\nimport lightning as L\n\nimport tasks\n\n\n"
       "def main(argv):\n"
       "    {pick}\n"
       "    fabric = L.Fabric(accelerator='tpu', strategy='xla_fsdp')\n"
       "    fabric.launch(getattr(tasks, name), *args)\n\n\n"
       "if __name__ == '__main__':\n"
       "    main({given})\n")
TASKS = ("def finetune(fabric, out_dir=None):\n    fabric.load('ckpt', fabric.setup_module(Net()))\n\n\n"
         "def evaluate(fabric, out_dir=None):\n    pass\n")
PLAIN_RUN_PICKS = [("sys.argv[1:]", "name, args = (argv[0], argv[1:]) if argv else ({default!r}, [])"),
                   ("sys.argv[1:]", "name = argv[0] if len(argv) > 0 else {default!r}; args = argv[1:]"),
                   ("sys.argv", "name, args = (argv[1], argv[2:]) if len(argv) > 1 else ({default!r}, ())")]


def checked(tmp_path, files: dict[str, str], path: str) -> list[tuple[str, str, int, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        WORKSPACE.changed(str(tmp_path / name))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source((tmp_path / path).read_text(), str(tmp_path / path)).findings]


@pytest.mark.parametrize(("given", "pick"), PLAIN_RUN_PICKS)
def test_the_command_a_main_given_the_command_line_runs_by_default_is_the_run_s(tmp_path, given, pick):
    cli = CLI.format(given=given, pick=pick.format(default="finetune"))
    assert checked(tmp_path, {"tasks.py": TASKS, "cli.py": cli}, "cli.py") == [("LXF022", "error", 11, 4)]
    cli = CLI.format(given=given, pick=pick.format(default="evaluate"))
    assert checked(tmp_path, {"tasks.py": TASKS, "cli.py": cli}, "cli.py") == []


def test_a_command_the_command_line_must_name_decides_nothing(tmp_path):
    cli = CLI.format(given="sys.argv[1:]", pick="name, args = argv[0], argv[1:]")
    assert checked(tmp_path, {"tasks.py": TASKS, "cli.py": cli}, "cli.py") == []


# options of a parser another module builds, read by a helper of a third module: the plain run takes each option's
# default (explicit, or the one its action implies: `store_false` is True until `--no-remat` is given)
OPTIONS_MODULE = ("import argparse\n\n\ndef build_parser():\n    parser = argparse.ArgumentParser()\n"
                  "    parser.add_argument('--wrap', choices=['plain', 'checkpointed'], default={wrap!r})\n"
                  "    parser.add_argument('--no-remat', dest='remat', action={action!r})\n"
                  "    return parser\n")
SHARDING = ("from lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            "def wrapper(module, *args, **kwargs):\n    return module\n\n\n"
            "def make_strategy(opts):\n    kwargs = {'auto_wrap_policy': {int}}\n"
            "    if opts.wrap == 'checkpointed':\n        kwargs['auto_wrapper_callable'] = wrapper\n"
            "    if opts.remat:\n        kwargs['activation_checkpointing_policy'] = {int}\n"
            "    return XLAFSDPStrategy(**kwargs)\n")
MAIN = ("from lightning.fabric import Fabric\n\nfrom options import build_parser\nfrom sharding import make_strategy\n\n"
        "opts = build_parser().parse_args()\nfabric = Fabric(accelerator='tpu', strategy=make_strategy(opts))\n")
BOTH_WRAPPERS = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
                 "ValueError at setup (the policy is turned into its own auto wrapper)")


def sharded(tmp_path, wrap: str, action: str) -> list[tuple[str, str, str, int, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    files = {"options.py": OPTIONS_MODULE.format(wrap=wrap, action=action), "sharding.py": SHARDING, "main.py": MAIN}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        WORKSPACE.changed(str(tmp_path / name))
    out = []
    for f in check_source(MAIN, str(tmp_path / "main.py")).findings:
        out.append((f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column))
    for f in check_source(SHARDING, str(tmp_path / "sharding.py")).findings:
        where = f.elsewhere.span if f.elsewhere is not None else f.span
        out.append((f.code, f.severity.value, f.message, where.start.line + 1, where.start.column))
    return out


def test_a_helper_s_tests_on_another_module_s_options_take_the_plain_run_s_defaults(tmp_path):
    assert sharded(tmp_path, "checkpointed", "store_false") == [
        ("LXF002", "error", BOTH_WRAPPERS, 6, 7)]  # at the namespace the helper is given
    assert sharded(tmp_path, "plain", "store_false") == []  # `--wrap plain`, the default: no auto wrapper callable


def test_a_flag_off_by_default_still_leaves_the_branch_a_run_turns_on(tmp_path):
    # `--wrap` is decided by its default; `--remat` (off) is one a run turns on
    assert sharded(tmp_path, "checkpointed", "store_true") == [("LXF002", "warning", BOTH_WRAPPERS + "; when opts.remat", 11, 42)]


@pytest.mark.parametrize("spelling", ["'--no-remat', dest='remat', action='store_false'",
                                      "'--remat', action='store_false'"])
def test_a_store_false_flag_is_on_in_the_plain_run(spelling):
    text = ("import argparse\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            "def wrapper(module, *args, **kwargs):\n    return module\n\n\n"
            "def make_strategy(args):\n    kwargs = {'auto_wrapper_callable': wrapper}\n    if args.remat:\n"
            "        kwargs['activation_checkpointing_policy'] = {int}\n    return XLAFSDPStrategy(**kwargs)\n\n\n"
            f"parser = argparse.ArgumentParser()\nparser.add_argument({spelling})\n"
            "make_strategy(parser.parse_args())\n")
    assert [f[:2] for f in found(text)] == [("LXF002", "error")]
    assert [f[:2] for f in found(text.replace("store_false", "store_true"))] == [("LXF002", "warning")]


# --- an option with `choices`: the default is the plain run's pick, the choices other runs' --------------------
SIZES = '''\
"""Fabric settings per model size."""
TABLE = {
    "tiny": {},
    "large": {"precision": "16-mixed"},
}


def fabric_kwargs(size):
    return {"accelerator": "tpu", "devices": "auto", **TABLE[size]}
'''

SIZED_MAIN = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from sizes import fabric_kwargs

parser = argparse.ArgumentParser()
parser.add_argument("--size", {option}choices=("tiny", "large"))
args = parser.parse_args()
fabric = Fabric(strategy=XLAFSDPStrategy(), **fabric_kwargs(args.size))
'''

PRECISION_MESSAGE = ("`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
                     "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")


def _sized(tmp_path, option: str) -> list[tuple[str, str, int, int, str | None]]:
    (tmp_path / "sizes.py").write_text(SIZES)
    main = tmp_path / "main.py"
    main.write_text(SIZED_MAIN.format(option=option))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column,
             f.elsewhere and f"{f.elsewhere.path.rsplit('/', 1)[-1]}:{f.elsewhere.span.start.line + 1}:{f.elsewhere.span.start.column}")
            for f in check_source(main.read_text(), str(main)).findings]


def test_a_helper_s_table_entry_an_option_s_default_picks_past_its_choices_is_the_run_s(tmp_path):
    assert _sized(tmp_path, 'default="large", ') == [("LXF007", "error", 11, 46, "sizes.py:4:27")]


@pytest.mark.parametrize("option", ['default="tiny", ', ""], ids=["a default that runs", "no default"])
def test_a_table_entry_only_a_choice_picks_is_not_the_run_s(tmp_path, option):
    assert _sized(tmp_path, option) == []


PICKED_HERE = ('import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n'
               'PRECISIONS = {{"tiny": "32-true", "large": "16-mixed"}}\n'
               'parser = argparse.ArgumentParser()\nparser.add_argument("--size", {option}choices=["tiny", "large"])\n'
               'args = parser.parse_args()\n'
               'fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISIONS[args.size])\n')


def test_a_value_an_option_s_default_picks_is_an_error_whatever_its_choices():
    assert found(PICKED_HERE.format(option='default="large", ')) == [
        ("LXF007", "error", PRECISION_MESSAGE + " (from `PRECISIONS['large']`, line 5)", 9, 73)]


def test_a_value_only_a_choice_picks_is_a_warning_that_names_the_choice():
    assert found(PICKED_HERE.format(option='default="tiny", ')) == [
        ("LXF007", "warning", PRECISION_MESSAGE + " (from `PRECISIONS['large']`, line 5); when with --size \"large\"", 9, 73)]


def test_the_largest_of_an_option_s_default_and_a_constant_is_the_plain_run_s():
    text = ("import argparse\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
            "parser = argparse.ArgumentParser()\nparser.add_argument('--devices', type=int, default=1)\n"
            "args = parser.parse_args()\n"
            "Fabric(accelerator='tpu', devices=max(args.devices, 1), strategy=XLAFSDPStrategy())\n")
    assert found(text) == [(
        "LXF041", "error",
        "The XLAFSDPStrategy does not support running on a single device with the PjRT runtime: `devices=1` (from "
        "`--devices`, line 6) is one device, so `fabric.launch` raises NotImplementedError before your function "
        "runs. Use every device of the TPU (`devices=\"auto\"`, the default), or `SingleDeviceXLAStrategy` to run on "
        "one", 8, 26)]
    assert found(text.replace("default=1)", "default=8)")) == []
    assert found(text.replace("default=1)", "default=None)")) == []  # `max(None, 1)` raises TypeError first
