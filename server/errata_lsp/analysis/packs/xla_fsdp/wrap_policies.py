"""The wrap policies torch and torch_xla ship, by qualified name, with the parameters each takes.

torch_xla's FSDP calls an `auto_wrap_policy` by keyword, `policy(module=..., recurse=..., unwrapped_params=...)`
(torch_xla 2.9.0 `distributed/fsdp/wrap.py` l.190, l.210). torch's FSDP passes `nonwrapped_numel` instead, and
the policies of `torch.distributed.fsdp.wrap` (torch 2.9.0) name their third parameter so: given to
`XLAFSDPStrategy` they raise `TypeError: <name>() got an unexpected keyword argument 'unwrapped_params'` in the
worker. The signatures below are read from the installed torch 2.9.0 and torch_xla 2.9.0 sources.

`ModuleWrapPolicy(...)` instances run under torch_xla (their `__call__(module, recurse, *args, **kwargs)` takes
any keyword); a `CustomPolicy(...)` has no `__call__` and raises "'CustomPolicy' object is not callable", a
mistake of its own that is not in this table.
"""

from __future__ import annotations

from dataclasses import dataclass

TORCH_WRAP = "torch.distributed.fsdp.wrap"
XLA_WRAP = "torch_xla.distributed.fsdp.wrap"


@dataclass(frozen=True)
class LibraryPolicy:
    """A library function made to be an FSDP wrap policy."""

    name: str  # as a TypeError names it
    module: str  # where it is defined
    parameters: tuple[str, ...]  # positional-or-keyword, in order (none of them is positional-only)
    any_keyword: bool = False  # it has `**kwargs`
    xla_counterpart: bool = False  # torch_xla's wrap module has one of the same name, parameters and behaviour
                                   # but with `unwrapped_params`

    @property
    def qualified(self) -> str:
        return f"{self.module}.{self.name}"

    def accepts(self, keyword: str) -> bool:
        return self.any_keyword or keyword in self.parameters


_POLICIES = (
    # torch 2.9.0, torch/distributed/fsdp/wrap.py
    LibraryPolicy("always_wrap_policy", TORCH_WRAP, (), any_keyword=True),  # (*args, **kwargs)
    LibraryPolicy("lambda_auto_wrap_policy", TORCH_WRAP, ("module", "recurse", "nonwrapped_numel", "lambda_fn"),
                  xla_counterpart=True),
    LibraryPolicy("transformer_auto_wrap_policy", TORCH_WRAP,
                  ("module", "recurse", "nonwrapped_numel", "transformer_layer_cls"), xla_counterpart=True),
    LibraryPolicy("size_based_auto_wrap_policy", TORCH_WRAP,
                  ("module", "recurse", "nonwrapped_numel", "min_num_params", "force_leaf_modules",
                   "exclude_wrap_modules"), xla_counterpart=True),
    LibraryPolicy("_or_policy", TORCH_WRAP, ("module", "recurse", "nonwrapped_numel", "policies")),
    LibraryPolicy("_module_wrap_policy", TORCH_WRAP, ("module", "recurse", "nonwrapped_numel", "module_classes")),
    LibraryPolicy("_wrap_module_cls_individually", TORCH_WRAP, ("module", "module_classes", "recurse"),
                  any_keyword=True),  # (module, module_classes, recurse, *args, **kwargs)
    # torch_xla 2.9.0, torch_xla/distributed/fsdp/wrap.py
    LibraryPolicy("always_wrap_policy", XLA_WRAP, (), any_keyword=True),
    LibraryPolicy("lambda_auto_wrap_policy", XLA_WRAP, ("module", "recurse", "unwrapped_params", "lambda_fn")),
    LibraryPolicy("transformer_auto_wrap_policy", XLA_WRAP,
                  ("module", "recurse", "unwrapped_params", "transformer_layer_cls")),
    LibraryPolicy("size_based_auto_wrap_policy", XLA_WRAP,
                  ("module", "recurse", "unwrapped_params", "min_num_params", "force_leaf_modules",
                   "exclude_wrap_modules")),
)

LIBRARY_POLICIES: dict[str, LibraryPolicy] = {p.qualified: p for p in _POLICIES}
