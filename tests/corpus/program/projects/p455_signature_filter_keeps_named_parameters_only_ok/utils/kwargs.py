"""Call a class with only the keywords its constructor takes."""
import inspect


def accepted_kwargs(cls, kwargs):
    params = inspect.signature(cls.__init__).parameters
    return {key: value for key, value in kwargs.items() if key in params}
