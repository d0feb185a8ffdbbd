"""A model registry in timm's style (`@register_model`, `create_model(name, **kwargs)`)."""
import torch.nn as nn
import torch.nn.functional as F

_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def list_models():
    return sorted(_model_entrypoints)


def create_model(model_name, pretrained=False, **kwargs):
    if model_name not in _model_entrypoints:
        raise RuntimeError(f"Unknown model ({model_name})")
    return _model_entrypoints[model_name](pretrained=pretrained, **kwargs)


class ConvBnAct(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class TinyNet(nn.Module):
    def __init__(self, num_classes=1000, widths=(8, 16), drop_rate=0.0):
        super().__init__()
        layers, cin = [], 3
        for w in widths:
            layers.append(ConvBnAct(cin, w, stride=2))
            cin = w
        self.stages = nn.Sequential(*layers)
        self.drop_rate = drop_rate
        self.head = nn.Linear(cin, num_classes)

    def forward_features(self, x):
        return self.stages(x)

    def forward(self, x):
        x = self.forward_features(x).mean((2, 3))
        return self.head(F.dropout(x, self.drop_rate, self.training))


@register_model
def tinynet_a(pretrained=False, **kwargs):
    return TinyNet(widths=(8, 16), **kwargs)


@register_model
def tinynet_b(pretrained=False, **kwargs):
    return TinyNet(widths=(16, 32), **kwargs)
