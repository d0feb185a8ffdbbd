from .clip_grad import dispatch_clip_grad
from .models import create_model
from .optim_factory import create_optimizer_v2

__all__ = ["create_model", "create_optimizer_v2", "dispatch_clip_grad"]
