from .checkpoint_saver import CheckpointSaver
from .metrics import AverageMeter, accuracy
from .model import get_state_dict, unwrap_model
