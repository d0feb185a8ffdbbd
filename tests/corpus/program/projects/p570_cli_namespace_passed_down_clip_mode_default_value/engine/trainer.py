"""The training loop; every knob comes from the command line namespace."""
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, fabric, args):
        self.fabric = fabric
        self.args = args

    def clip_kwargs(self):
        if self.args.clip_mode == "value":
            return {"clip_val": self.args.grad_clip}
        return {"max_norm": self.args.grad_clip}

    def fit(self, model):
        fabric = self.fabric
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.args.lr))
        for _ in range(self.args.steps):
            x = torch.randn(8, 32, device=fabric.device)
            y = torch.randint(0, 4, (8,), device=fabric.device)
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, **self.clip_kwargs())
            optimizer.step()
            optimizer.zero_grad()
