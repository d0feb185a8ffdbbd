# expect: none
# oracle: OK
# twin: p1280_two_tower_recsys_restore_best_loads_checkpoint_without_state
"""python train.py: train a two-tower retrieval model with in-batch negatives, keep the best epoch by recall@k, restore it."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import RecConfig
from data import Interactions
from model import Tower, TwoTower
from utils.checkpoint import restore, save


def in_batch_softmax_loss(user_emb, item_emb, temperature):
    logits = user_emb @ item_emb.T / temperature
    return F.cross_entropy(logits, torch.arange(len(logits), device=logits.device))


@torch.no_grad()
def recall_at_k(fabric, model, data, cfg):
    users, items = torch.arange(cfg.num_users), torch.arange(cfg.num_items)
    user_emb, item_emb = model(*fabric.to_device((data.user_features(users), data.item_features(items))))
    topk = (user_emb @ item_emb.T).topk(cfg.recall_k, dim=-1).indices.cpu()
    hits = data.relevant(users).gather(1, topk).float().mean()
    return hits.item()


def train(fabric, cfg):
    fabric.seed_everything(17)
    data = Interactions(cfg.num_users, cfg.num_items, cfg.num_clusters)
    model = fabric.setup_module(TwoTower(data.user_vocab, data.item_vocab, cfg.dim, cfg.hidden))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))

    best_recall, best_path = -1.0, None
    for epoch in range(cfg.epochs):
        for _ in range(cfg.steps_per_epoch):
            user_features, item_features = fabric.to_device(data.sample(cfg.batch_size))
            loss = in_batch_softmax_loss(*model(user_features, item_features), cfg.temperature)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
        recall = recall_at_k(fabric, model, data, cfg)
        path = save(fabric, cfg.ckpt_dir, epoch, model, optimizer, recall)
        fabric.print(f"epoch {epoch}: loss {loss.item():.3f} recall@{cfg.recall_k} {recall:.3f}")
        if recall > best_recall:
            best_recall, best_path = recall, path

    best_epoch = restore(fabric, best_path, model, optimizer)
    fabric.print(f"restored epoch {best_epoch}: recall@{cfg.recall_k} {recall_at_k(fabric, model, data, cfg):.3f}")


if __name__ == "__main__":
    cfg = RecConfig(ckpt_dir=tempfile.mkdtemp(prefix="two-tower-"))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Tower}))
    fabric.launch(train, cfg)
