"""
Poor Man's Configurator, as nanoGPT has it. Run as
$ python train.py config/override_file.py --batch_size=32
it execs the config file, then applies each --key=value to train.py's globals. This port reads
config/train_tpu.py when no config file is named. It is exec'd by train.py, not imported:
    exec(open(os.path.join(HERE, 'configurator.py')).read())
"""
import os
import sys
from ast import literal_eval

args = [arg for arg in sys.argv[1:] if arg.startswith("--")]
config_files = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or [os.path.join(HERE, "config", "train_tpu.py")]
for config_file in config_files:
    print(f"Overriding config with {config_file}:")
    with open(config_file) as f:
        exec(f.read())
for arg in args:
    key, val = arg[2:].split("=", 1)
    if key in globals():
        try:
            attempt = literal_eval(val)
        except (SyntaxError, ValueError):
            attempt = val
        assert type(attempt) == type(globals()[key])
        print(f"Overriding: {key} = {attempt}")
        globals()[key] = attempt
    else:
        raise ValueError(f"Unknown config key: {key}")
