# expect: LXF014
# findings: LXF014 error 42
"""Speech model (Conformer) on TPU with gradient clipping by value, kept from a GPU recipe.

XLAFSDPStrategy only clips by norm: `fabric.clip_gradients(..., clip_val=...)` raises
NotImplementedError on the first step.
"""
import yaml
import torch
import torchaudio
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


CONFIG = yaml.safe_load("""
lr: 0.0005
epochs: 40
clip: 0.5
batch_size: 32
""")


def model_and_loss():
    model = torchaudio.models.Conformer(input_dim=80, num_heads=4, ffn_dim=1024, num_layers=16,
                                       depthwise_conv_kernel_size=31)
    return model, torch.nn.CTCLoss(blank=0, zero_infinity=True)


def loop(fabric: Fabric):
    model, ctc = model_and_loss()
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=CONFIG["lr"], betas=(0.9, 0.98)))
    for epoch in range(CONFIG["epochs"]):
        for _ in range(500):
            features = torch.randn(CONFIG["batch_size"], 400, 80, device=fabric.device)
            lengths = torch.full((CONFIG["batch_size"],), 400, device=fabric.device)
            out, out_lengths = model(features, lengths)
            targets = torch.randint(1, 80, (CONFIG["batch_size"], 60), device=fabric.device)
            loss = ctc(out.log_softmax(-1).transpose(0, 1), targets, out_lengths,
                       torch.full((CONFIG["batch_size"],), 60, device=fabric.device))
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, clip_val=CONFIG["clip"])
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"epoch {epoch} loss {loss.item():.3f}")


def main():
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy())
    fabric.launch(loop)


if __name__ == "__main__":
    main()
