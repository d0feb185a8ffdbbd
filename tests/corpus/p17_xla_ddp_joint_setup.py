# expect: none
# findings: none
"""The data-parallel XLA strategy (`strategy="xla"`), not XLA FSDP: there the model and optimizer
must be set up together, `fabric.setup(model, optimizer)`, clipping by value works and
`fabric.load(path)` returns the whole checkpoint. Nothing here is an XLA FSDP rule's business."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from torchvision.models import resnet34


@torch.no_grad()
def evaluate(fabric, model, batches=20):
    model.eval()
    correct = sum((model(torch.randn(64, 3, 64, 64, device=fabric.device)).argmax(-1) == 0).sum() for _ in range(batches))
    model.train()
    return (fabric.all_reduce(correct, reduce_op="sum") / (64 * batches * fabric.world_size)).item()


def train(fabric, epochs=30, resume=None):
    model = resnet34(num_classes=200)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9, weight_decay=1e-4)
    model, optimizer = fabric.setup(model, optimizer)
    start = 0
    if resume:
        checkpoint = fabric.load(resume)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        start = checkpoint["epoch"] + 1
    for epoch in range(start, epochs):
        for _ in range(100):
            images = torch.randn(64, 3, 64, 64, device=fabric.device)
            labels = torch.randint(0, 200, (64,), device=fabric.device)
            loss = nn.functional.cross_entropy(model(images), labels)
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, clip_val=2.0)
            optimizer.step()
            optimizer.zero_grad()
        mean_loss = fabric.all_reduce(loss.detach(), reduce_op="mean")
        fabric.print(f"epoch {epoch}: loss {mean_loss.item():.3f}, top-1 {evaluate(fabric, model):.3f}")
        fabric.save("tiny-imagenet.ckpt", {"model": model, "optimizer": optimizer, "epoch": epoch})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy="xla", precision="bf16-true")
    fabric.launch(train)
