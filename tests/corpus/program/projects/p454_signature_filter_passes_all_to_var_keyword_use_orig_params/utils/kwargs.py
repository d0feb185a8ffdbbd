"""Call a class with only the keywords its constructor takes."""
import inspect


def accepted_kwargs(cls, kwargs):
    params = inspect.signature(cls.__init__).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(kwargs)  # it takes anything
    return {key: value for key, value in kwargs.items() if key in params}
