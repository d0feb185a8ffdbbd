"""What the hover lists at a position when no finding is there: the Lightning API the word under the
cursor stands for (its known errors are looked up by these names). Positions are LSP's: 0-based
line and column."""

from __future__ import annotations

import pytest

from errata_lsp.analysis.findings import Position
from errata_lsp.analysis.symbols import symbols_at

SCRIPT = """\
import lightning as L
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block})
fabric = Fabric(strategy=strategy)
model = fabric.setup(Net())
with fabric.strategy.no_backward_sync(model):
    pass
with strategy._backward_sync_control.no_backward_sync(model, False):
    pass
other = L.fabric.strategies.XLAFSDPStrategy()
helper.setup(model)
fabric.launch(main, devices=8)
"""

STRATEGY_KEYWORD = ["XLAFSDPStrategy.activation_checkpointing_policy", "activation_checkpointing_policy"]
STRATEGY_METHOD = ["XLAFSDPStrategy.no_backward_sync", "no_backward_sync"]

AT = [
    (3, 11, ["XLAFSDPStrategy"]),                  # inside the class name
    (3, 26, ["XLAFSDPStrategy"]),                  # just after it, where a cursor ends a word
    (3, 10, []),                                   # the space before it
    (3, 27, STRATEGY_KEYWORD),                     # a keyword of the class
    (4, 9, ["Fabric"]),
    (4, 16, ["Fabric.strategy", "strategy"]),      # Fabric's keyword
    (5, 15, ["Fabric.setup", "setup"]),            # a method of a Fabric
    (5, 20, ["Fabric.setup", "setup"]),
    (5, 8, []),                                    # the variable `fabric` itself
    (6, 25, STRATEGY_METHOD),                      # `fabric.strategy.no_backward_sync`
    (8, 40, STRATEGY_METHOD),                      # `strategy._backward_sync_control.no_backward_sync`
    (10, 30, ["XLAFSDPStrategy"]),                 # spelled through `import lightning as L`
    (10, 8, []),                                   # `L` of that spelling
    (10, 11, []),                                  # `fabric` of that spelling: the module, not a Fabric
    (3, 60, []),                                   # `Block`, inside the keyword's value
    (4, 26, ["Fabric.strategy", "strategy"]),      # the keyword's value, spelled as the keyword
    (11, 8, []),                                   # `setup` of something that is not a Fabric
    (12, 9, ["Fabric.launch", "launch"]),
    (12, 22, ["Fabric.launch.devices", "devices"]),
    (7, 2, []),                                    # `pass`
    (13, 0, []),                                   # the empty last line
    (40, 0, []),                                   # past the end of the document
]


@pytest.mark.parametrize(("line", "column", "expected"), AT, ids=[f"{line}:{column}" for line, column, _ in AT])
def test_the_hover_names_the_lightning_api_under_the_cursor(line, column, expected):
    assert symbols_at(SCRIPT, Position(line, column)) == expected


def test_a_word_nothing_is_known_about_is_not_looked_up():
    asked = []
    assert symbols_at(SCRIPT, Position(5, 15), lambda word: asked.append(word) or False) == []
    assert asked == ["setup"]
    assert symbols_at(SCRIPT, Position(5, 15), lambda word: word == "setup") == ["Fabric.setup", "setup"]


def test_a_keyword_of_a_class_statement_and_of_a_dotted_class_call():
    script = ("import lightning as L\n"
              "class Net(Base, metaclass=Meta):\n"
              "    pass\n"
              "s = L.fabric.strategies.XLAFSDPStrategy(activation_checkpointing_policy={Block})\n")
    assert symbols_at(script, Position(1, 18)) == []  # `metaclass`: no call owns it
    assert symbols_at(script, Position(3, 45)) == STRATEGY_KEYWORD
