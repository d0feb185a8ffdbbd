"""A timm-style model registry: `@register_model(...)` records an entry point and how FSDP should wrap it."""
_model_entrypoints = {}
_model_fsdp_wrap = {}


def register_model(fsdp_wrap=None):
    def decorate(fn):
        _model_entrypoints[fn.__name__] = fn
        _model_fsdp_wrap[fn.__name__] = fsdp_wrap
        return fn
    return decorate


def list_models():
    return sorted(_model_entrypoints)


def create_model(model_name, **kwargs):
    return _model_entrypoints[model_name](**kwargs)


def get_fsdp_wrap_policy(model_name):
    return _model_fsdp_wrap[model_name]
