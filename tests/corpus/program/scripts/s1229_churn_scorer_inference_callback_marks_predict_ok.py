# expect: none
# oracle: OK
# twin: s1228_churn_scorer_inference_callback_marks_predict_proba_missing
"""Customer-churn scorer; an `InferenceMethods` callback, given to `Fabric(callbacks=...)`, marks the scoring methods once the model is set up so the evaluation at the end can call them."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FEATURES = 10


class ChurnNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(FEATURES, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
        self.logit = nn.Linear(32, 1)

    def forward(self, x):
        return self.logit(self.body(x)).squeeze(-1)

    def predict(self, x):
        return torch.sigmoid(self.forward(x))


class InferenceMethods:
    def __init__(self, methods=("predict",)):
        self.methods = methods

    def on_after_setup(self, fabric, model):
        for name in self.methods:
            model.mark_forward_method(name)


def run(fabric, steps=3):
    model = fabric.setup_module(ChurnNet())
    fabric.call("on_after_setup", fabric=fabric, model=model)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(32, FEATURES, device=fabric.device)
        churned = (x[:, 0] > 0.5).float()
        loss = F.binary_cross_entropy_with_logits(model(x), churned)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    with torch.no_grad():
        scores = model.predict(torch.randn(8, FEATURES, device=fabric.device))
    fabric.print("churn scores", [round(s, 3) for s in scores.cpu().tolist()])


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[InferenceMethods()])
    fabric.launch(run)
