""" Model / state_dict utils

Hacked together by / Copyright 2020 Ross Wightman
"""


def unwrap_model(model):
    if hasattr(model, 'module'):
        return unwrap_model(model.module)
    elif hasattr(model, '_orig_mod'):
        return unwrap_model(model._orig_mod)
    else:
        return model


def get_state_dict(model, unwrap_fn=unwrap_model):
    return unwrap_fn(model).state_dict()
