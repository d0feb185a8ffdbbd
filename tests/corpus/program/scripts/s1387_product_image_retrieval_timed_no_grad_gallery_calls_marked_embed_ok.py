# expect: none
# oracle: OK
# twin: s1386_product_image_retrieval_timed_no_grad_gallery_calls_embed_on_set_up_model
"""Product-image retrieval: a small CNN trained as a classifier, then its embeddings index a gallery; helpers carry `@timed`, `@retry` and `@torch.no_grad()`."""
import functools
import os
import tempfile
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_CLASSES = 12


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        print(f"[{fn.__name__}] {time.perf_counter() - t0:.2f}s")
        return out

    return wrapper


def retry(times=3, exceptions=(OSError,), wait=0.5):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except exceptions:
                    if attempt == times - 1:
                        raise
                    time.sleep(wait)

        return wrapper

    return deco


class ProductNet(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.neck = nn.Linear(32, dim)
        self.classifier = nn.Linear(dim, N_CLASSES)

    def embed(self, images):
        return F.normalize(self.neck(self.backbone(images)), dim=-1)

    def forward(self, images):
        return self.classifier(self.embed(images))


def catalogue(n, device):
    labels = torch.randint(0, N_CLASSES, (n,), device=device)
    hue = torch.stack([labels % 3, labels % 4, labels % 2], dim=1).float()[:, :, None, None] / 3
    return hue + 0.2 * torch.rand(n, 3, 24, 24, device=device), labels


@timed
def fit(fabric, model, optimizer, steps):
    for step in range(steps):
        images, labels = catalogue(32, fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.log_dict({"train/loss": loss.item()}, step=step)


@timed
@torch.no_grad()
def index_gallery(model, images):
    return model.embed(images)


@torch.no_grad()
def recall_at_1(queries, gallery, q_labels, g_labels):
    nearest = (queries @ gallery.T).argmax(dim=1)
    return (g_labels[nearest] == q_labels).float().mean()


@retry(times=3)
def write_index(path, embeddings, labels):
    torch.save({"embeddings": embeddings.cpu(), "labels": labels.cpu()}, path)


def main(fabric, steps=3):
    model = fabric.setup_module(ProductNet())
    model.mark_forward_method("embed")  # gathers the shards like forward does
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    fit(fabric, model, optimizer, steps)

    model.eval()
    g_images, g_labels = catalogue(48, fabric.device)
    q_images, q_labels = catalogue(16, fabric.device)
    gallery = index_gallery(model, g_images)
    queries = index_gallery(model, q_images)
    r1 = recall_at_1(queries, gallery, q_labels, g_labels)
    all_r1 = fabric.all_gather(r1)
    fabric.print(f"recall@1 {all_r1.mean().item():.3f}")
    write_index(os.path.join(tempfile.mkdtemp(prefix="gallery_"), "index.pt"), gallery, g_labels)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
