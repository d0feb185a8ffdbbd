"""Turns `settings.precision` into the precision plugin of the accelerator the trainer targets."""
from lightning.fabric.plugins import XLAPrecision


class PrecisionMixin:
    precision_plugin_cls = None

    def configure_plugins(self):
        plugins = super().configure_plugins()
        if self.precision_plugin_cls is not None:
            plugins.append(self.precision_plugin_cls(self.cfg.precision))
        return plugins


class XLAPrecisionMixin(PrecisionMixin):
    precision_plugin_cls = XLAPrecision
