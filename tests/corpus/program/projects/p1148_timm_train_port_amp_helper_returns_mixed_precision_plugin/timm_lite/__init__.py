"""The slice of timm the training script uses: the model registry, the optimizer factory and the AMP helper."""
from timm_lite.amp import resolve_precision_plugin
from timm_lite.models import create_model, list_models, register_model
from timm_lite.optim import create_optimizer_v2
