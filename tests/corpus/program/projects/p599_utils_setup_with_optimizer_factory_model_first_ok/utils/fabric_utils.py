"""Set-up helpers shared by the pretraining and fine-tuning scripts."""


def setup_model(fabric, model, optimizer_factory=None):
    """The set-up model, and its set-up optimizer when a factory (params -> optimizer) is given."""
    model = fabric.setup(model)
    if optimizer_factory is None:
        return model
    optimizer = optimizer_factory(model.parameters())
    return model, fabric.setup_optimizers(optimizer)
