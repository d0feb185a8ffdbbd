from ._factory import create_model
from ._registry import is_model, list_models, model_entrypoint, register_model
from .vision_transformer import *
