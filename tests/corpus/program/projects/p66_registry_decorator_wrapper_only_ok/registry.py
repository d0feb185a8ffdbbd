STRATEGIES = {}


def register(name):
    def decorate(build):
        STRATEGIES[name] = build
        return build
    return decorate
