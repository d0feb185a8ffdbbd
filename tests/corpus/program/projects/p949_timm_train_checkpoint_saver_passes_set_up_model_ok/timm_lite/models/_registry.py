""" Model Registry
Hacked together by / Copyright 2020 Ross Wightman
"""
import fnmatch
import sys
from collections import defaultdict
from typing import Callable, Dict, List, Optional, Union

__all__ = ['list_models', 'is_model', 'model_entrypoint', 'register_model']

_module_to_models: Dict[str, set] = defaultdict(set)  # dict of sets to check membership of model in module
_model_to_module: Dict[str, str] = {}  # mapping of model names to module names
_model_entrypoints: Dict[str, Callable] = {}  # mapping of model names to architecture entrypoint fns


def register_model(fn: Callable) -> Callable:
    # lookup containing module
    mod = sys.modules[fn.__module__]
    module_name_split = fn.__module__.split('.')
    module_name = module_name_split[-1] if len(module_name_split) else ''

    # add model to __all__ in module
    model_name = fn.__name__
    if hasattr(mod, '__all__'):
        mod.__all__.append(model_name)
    else:
        mod.__all__ = [model_name]  # type: ignore

    # add entries to registry dict/sets
    _model_entrypoints[model_name] = fn
    _model_to_module[model_name] = module_name
    _module_to_models[module_name].add(model_name)
    return fn


def list_models(filter: Union[str, List[str]] = '', module: str = '') -> List[str]:
    all_models = set(_module_to_models[module] if module else _model_entrypoints.keys())
    if filter:
        include_filters = filter if isinstance(filter, (tuple, list)) else [filter]
        models = set()
        for f in include_filters:
            models = models.union(fnmatch.filter(all_models, f))
        all_models = models
    return sorted(all_models)


def is_model(model_name: str) -> bool:
    return model_name in _model_entrypoints


def model_entrypoint(model_name: str, module_filter: Optional[str] = None) -> Callable:
    if module_filter and model_name not in _module_to_models.get(module_filter, {}):
        raise RuntimeError(f'Model ({model_name} not found in module {module_filter}.')
    return _model_entrypoints[model_name]
