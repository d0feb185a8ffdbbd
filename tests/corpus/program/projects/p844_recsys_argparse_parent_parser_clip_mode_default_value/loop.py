"""Training loop shared by the recommender entry points."""
import torch
import torch.nn.functional as F

from recsys import TwoTower, implicit_feedback

USERS, ITEMS, DIM = 500, 800, 32


def clip_kwargs(args):
    if args.clip_mode == "value":
        return {"clip_val": args.clip}
    return {"max_norm": args.clip}


def fit(fabric, args):
    model = fabric.setup_module(TwoTower(USERS, ITEMS, DIM))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        user_ids, item_ids, clicked = implicit_feedback(64, USERS, ITEMS, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(user_ids, item_ids), clicked)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **clip_kwargs(args))
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")
