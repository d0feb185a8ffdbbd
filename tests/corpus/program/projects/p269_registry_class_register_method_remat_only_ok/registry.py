"""A name -> factory table: `@REGISTRY.register("name")` adds a factory, `REGISTRY.build("name")` calls it."""


class Registry:
    def __init__(self, kind):
        self.kind = kind
        self._factories = {}

    def register(self, name):
        def decorator(factory):
            if name in self._factories:
                raise KeyError(f"{self.kind} {name!r} is registered twice")
            self._factories[name] = factory
            return factory

        return decorator

    def build(self, name, **kwargs):
        try:
            factory = self._factories[name]
        except KeyError:
            raise KeyError(f"unknown {self.kind} {name!r}; known: {sorted(self._factories)}") from None
        return factory(**kwargs)


STRATEGIES = Registry("strategy")
