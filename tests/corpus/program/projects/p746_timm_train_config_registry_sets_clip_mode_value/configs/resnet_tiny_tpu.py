"""Hyper-parameters for a small conv net on a TPU v4-8."""

ARGS = dict(
    model="convnet_tiny",
    num_classes=10,
    img_size=32,
    batch_size=16,
    epochs=1,
    steps_per_epoch=2,
    opt="sgd",
    lr=0.1,
    momentum=0.9,
    weight_decay=1e-4,
    clip_grad=None,
)
