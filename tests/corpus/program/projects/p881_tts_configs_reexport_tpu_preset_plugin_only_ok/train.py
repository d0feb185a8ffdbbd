# expect: none
# oracle: OK
# twin: p880_tts_configs_reexport_tpu_preset_precision_flag_and_plugin
"""Text-to-speech acoustic model (phonemes -> mel frames) on a TPU host, with the default hardware preset of configs/."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import DEFAULT, make_strategy
from model import MelPredictor

STEPS = 3


def synthetic_utterances(batch, length, device):
    ids = torch.randint(0, 48, (batch, length), device=device)
    # a fake "mel" target that depends on the phoneme id, so the loss can go down
    mel = torch.sin(ids.unsqueeze(-1).float() * torch.linspace(0.1, 2.0, 20, device=device))
    return ids, mel


def train(fabric):
    model = fabric.setup_module(MelPredictor())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(STEPS):
        ids, mel = synthetic_utterances(8, 16, fabric.device)
        loss = F.l1_loss(model(ids).float(), mel)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: l1 {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator=DEFAULT.accelerator, devices=DEFAULT.devices, precision=DEFAULT.precision,
                    plugins=list(DEFAULT.plugins), strategy=make_strategy())
    fabric.launch(train)
