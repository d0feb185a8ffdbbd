"""The bits of timm (pytorch-image-models) that train.py uses, vendored: the model registry and factory, one
ViT, and the train utils (CheckpointSaver, unwrap_model, AverageMeter, accuracy)."""
from .models import create_model, list_models, register_model
