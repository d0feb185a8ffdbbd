"""Hyper-parameters for a ViT-Tiny run on a TPU v4-8 (replaces the --config YAML of timm's train.py)."""

ARGS = dict(
    model="vit_tiny_patch4",
    num_classes=10,
    img_size=32,
    batch_size=8,
    epochs=1,
    steps_per_epoch=2,
    opt="adamw",
    lr=5e-4,
    weight_decay=0.05,
    clip_grad=1.0,
    clip_mode="norm",
    smoothing=0.1,
)
