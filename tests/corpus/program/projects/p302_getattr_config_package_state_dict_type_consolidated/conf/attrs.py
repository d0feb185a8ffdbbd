class AttrConfig:
    """`AttrConfig(a=1).a == 1`: the entries live in one dict, so a config can be printed or saved whole."""

    def __init__(self, **entries):
        self._entries = dict(entries)

    def __getattr__(self, name):
        entries = self.__dict__.get("_entries", {})
        if name not in entries:
            raise AttributeError(f"no setting {name!r}")
        return entries[name]

    def as_dict(self):
        return dict(self._entries)
