"""A small stand-in for `torchvision.models.get_model`: the reference script builds its network by name."""
import torch.nn as nn

_MODELS = {}


def register_model(fn):
    _MODELS[fn.__name__] = fn
    return fn


def list_models():
    return sorted(_MODELS)


def get_model(name: str, weights=None, **config) -> nn.Module:
    if weights is not None:
        raise ValueError("no pretrained weights in this stand-in")
    return _MODELS[name](**config)


class BasicBlock(nn.Module):
    def __init__(self, inplanes, planes, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = None
        if stride != 1 or inplanes != planes:
            self.downsample = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes))

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class ResNet(nn.Module):
    def __init__(self, widths=(8, 16), num_classes=1000):
        super().__init__()
        self.conv1 = nn.Conv2d(3, widths[0], 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(widths[0])
        self.relu = nn.ReLU(inplace=True)
        layers, inplanes = [], widths[0]
        for i, width in enumerate(widths):
            layers.append(BasicBlock(inplanes, width, stride=1 if i == 0 else 2))
            inplanes = width
        self.layers = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(inplanes, num_classes)

    def forward(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layers(x)
        return self.fc(self.avgpool(x).flatten(1))


@register_model
def resnet_tiny(num_classes=1000):
    return ResNet((8, 16), num_classes=num_classes)
