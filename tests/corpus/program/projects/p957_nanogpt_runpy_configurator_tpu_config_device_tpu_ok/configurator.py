"""
Poor Man's Configurator. Probably a terrible idea. Example usage:
$ python train.py config/override_file.py --batch_size=32
this will first run config/override_file.py, then override batch_size to 32

nanoGPT's configurator.py, turned into a function: train.py calls
>>> override(globals(), sys.argv[1:])
instead of exec'ing this file, and the config file is run with runpy (its globals, minus the _private ones, are
copied over). Same effect: the globals() of train.py are overridden.
"""

import runpy
from ast import literal_eval


def override(config, argv):
    for arg in argv:
        if '=' not in arg:
            # assume it's the name of a config file
            assert not arg.startswith('--')
            config_file = arg
            print(f"Overriding config with {config_file}:")
            with open(config_file) as f:
                print(f.read())
            for key, val in runpy.run_path(config_file).items():
                if not key.startswith('_'):
                    config[key] = val
        else:
            # assume it's a --key=value argument
            assert arg.startswith('--')
            key, val = arg.split('=')
            key = key[2:]
            if key in config:
                try:
                    # attempt to eval it it (e.g. if bool, number, or etc)
                    attempt = literal_eval(val)
                except (SyntaxError, ValueError):
                    # if that goes wrong, just use the string
                    attempt = val
                # ensure the types match ok
                assert type(attempt) == type(config[key])
                # cross fingers
                print(f"Overriding: {key} = {attempt}")
                config[key] = attempt
            else:
                raise ValueError(f"Unknown config key: {key}")
