"""Which methods of the set-up model run like `forward` (Fabric unshards the parameters for them)."""


def forward_methods(settings):
    names = settings.get("forward_methods", ())
    return (names,) if isinstance(names, str) else tuple(names)


def register_forward_methods(model, settings):
    for name in forward_methods(settings):
        model.mark_forward_method(name)
