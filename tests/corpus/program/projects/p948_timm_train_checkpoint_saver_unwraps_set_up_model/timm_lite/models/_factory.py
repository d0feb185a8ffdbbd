from typing import Any, Optional

from ._registry import is_model, model_entrypoint

__all__ = ['create_model']


def create_model(
        model_name: str,
        pretrained: bool = False,
        drop_rate: Optional[float] = None,
        drop_path_rate: Optional[float] = None,
        **kwargs: Any,
):
    """Create a model: look `model_name` up in the registry and call its entrypoint."""
    # Parameters that aren't supported by all models or are intended to only override model defaults if set
    # should default to None in command line args/cfg. Remove them if they are present and not set so that
    # non-supporting models don't break and default args remain in effect.
    if drop_rate is not None:
        kwargs['drop_rate'] = drop_rate
    if drop_path_rate is not None:
        kwargs['drop_path_rate'] = drop_path_rate
    kwargs = {k: v for k, v in kwargs.items() if v is not None}

    if not is_model(model_name):
        raise RuntimeError('Unknown model (%s)' % model_name)

    create_fn = model_entrypoint(model_name)
    model = create_fn(pretrained=pretrained, **kwargs)
    return model
