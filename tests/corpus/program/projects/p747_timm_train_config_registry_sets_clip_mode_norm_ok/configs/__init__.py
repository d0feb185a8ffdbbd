from . import resnet_tiny_tpu, vit_tiny_tpu

REGISTRY = {
    "vit_tiny_tpu": vit_tiny_tpu.ARGS,
    "resnet_tiny_tpu": resnet_tiny_tpu.ARGS,
}
