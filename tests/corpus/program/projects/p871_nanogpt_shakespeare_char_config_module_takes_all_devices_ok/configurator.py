"""
Poor Man's Configurator, without exec(). Probably a terrible idea. Example usage:
$ python train.py config/override_file.py --batch_size=32
this will first load the globals of config/override_file.py (imported as a module), then override batch_size to 32

The code in this file will be run as follows from e.g. train.py:
>>> globals().update(configure(config, sys.argv[1:]))

So it's not a Python module, it's just shuttling this code away from train.py
The code in this script then overrides the globals()

I know people are not going to love this, I just really dislike configuration
complexity and having to prepend config. to every single variable. If someone
comes up with a better simple Python solution I am all ears.
"""

import importlib
import os
from ast import literal_eval


def configure(config, argv):
    """Returns `config` (a dict of the defaults) updated from config files and --key=value arguments."""
    config = dict(config)
    for arg in argv:
        if '=' not in arg:
            # assume it's the name of a config file
            assert not arg.startswith('--')
            module_name = os.path.splitext(os.path.normpath(arg))[0].replace(os.sep, '.')
            print(f"Overriding config with {arg}:")
            module = importlib.import_module(module_name)
            overrides = {k: v for k, v in vars(module).items() if not k.startswith('_')}
            print(overrides)
            config.update(overrides)
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
    return config
