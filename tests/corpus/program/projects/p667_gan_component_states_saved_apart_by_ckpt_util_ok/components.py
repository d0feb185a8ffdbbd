"""Each trainable part of the GAN: a set-up module with its own optimizer."""
import torch


def build_component(fabric, name, module, lr):
    module = fabric.setup_module(module)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(module.parameters(), lr=lr, betas=(0.5, 0.999)))
    return name, module, optimizer


def component_state(name, module, optimizer):
    return {name: module, f"{name}_optimizer": optimizer}
