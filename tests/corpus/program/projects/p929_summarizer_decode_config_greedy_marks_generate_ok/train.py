# expect: none
# oracle: OK
# twin: p928_summarizer_decode_config_beam_width_marks_missing_beam_search
"""Train a toy summarizer on TPU with XLA FSDP and print a preview summary after training."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import Experiment
from summarizer.model import Block, TinySummarizer
from utils.decoding import enable_decoding


def documents(cfg, batch, length, device):
    start = torch.randint(0, cfg.vocab, (batch, 1))
    idx = (start + torch.arange(length) * 3) % cfg.vocab
    return idx.to(device)


def train(fabric, cfg):
    model = fabric.setup_module(TinySummarizer(cfg.vocab, cfg.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    method = enable_decoding(model, beam_width=cfg.decode.beam_width, sample=cfg.decode.sample)
    for step in range(cfg.steps):
        idx = documents(cfg, 8, 16, fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
    prompt = documents(cfg, 1, 4, fabric.device)
    preview = getattr(model, method)(prompt, max_new_tokens=cfg.decode.max_new_tokens)
    fabric.print(f"preview ({method}): {preview.tolist()}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, Experiment())
