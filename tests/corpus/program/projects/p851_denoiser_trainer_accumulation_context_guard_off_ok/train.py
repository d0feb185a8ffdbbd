# expect: none
# oracle: OK
# twin: p850_denoiser_trainer_accumulation_context_gets_raw_model
"""Image denoiser on TPU with gradient accumulation; the accumulation window comes from the nested `OptimConfig` the entry point builds."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import OptimConfig, TrainConfig
from denoiser import Denoiser, DownUp
from engine import Trainer


def run(fabric, cfg):
    Trainer(fabric, cfg).fit(Denoiser())


if __name__ == "__main__":
    cfg = TrainConfig(optim=OptimConfig(lr=2e-3, grad_accum=1), micro_steps=4)
    fabric = Fabric(accelerator="tpu", precision=cfg.precision, strategy=XLAFSDPStrategy(auto_wrap_policy={DownUp}))
    fabric.launch(run, cfg)
