# expect: none
# oracle: OK
# twin: p1022_water_level_config_class_dotted_overrides_debug_accelerator_cpu
"""python train.py: a debugging run of the water-level regressor, the debug overrides applied over the defaults."""
import torch
import torch.nn.functional as F

from config import Config
from model import LevelRegressor, StationEncoder, gauge_batch
from overrides import DEBUG, EXPERIMENT
from utils.dist import make_fabric


def train(fabric, model_cfg, optim):
    model = fabric.setup_module(LevelRegressor(**model_cfg))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=optim["lr"]))
    for step in range(optim["steps"]):
        upstream, level = gauge_batch(optim["batch"], model_cfg["stations"], model_cfg["horizon"], seed=step)
        loss = F.smooth_l1_loss(model(upstream.to(fabric.device)), level.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = Config.from_dict().override(EXPERIMENT).override(DEBUG)
    fabric = make_fabric(cfg.section("trainer"), [StationEncoder])
    fabric.launch(train, cfg.section("model"), cfg.section("optim"))
