"""Helpers shared by the finetuning and pretraining scripts."""
import torch


def xla_fsdp_kwargs(block_cls, activation_checkpointing=False, auto_wrapper_callable=None, **kwargs):
    """Every XLAFSDPStrategy argument the scripts set, in one place."""
    return dict(
        auto_wrap_policy={block_cls},
        activation_checkpointing_policy={block_cls} if activation_checkpointing else None,
        auto_wrapper_callable=auto_wrapper_callable,
        **kwargs,
    )


def lm_loss(logits, targets):
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
