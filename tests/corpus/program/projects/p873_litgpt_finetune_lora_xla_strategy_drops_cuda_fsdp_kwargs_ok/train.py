# expect: none
# oracle: OK
# twin: p872_litgpt_finetune_lora_xla_strategy_keeps_cuda_fsdp_kwargs
"""`litgpt finetune_lora` on a TPU VM (XLA FSDP across the host's 8 cores), a short smoke-test run by default."""
import sys
import tempfile

from litgpt.args import EvalArgs, TrainArgs
from litgpt.finetune import lora

if __name__ == "__main__":
    if len(sys.argv) > 1:
        lora.setup(model_name=sys.argv[1])
    else:
        lora.setup(
            model_name="tiny-llama-debug",
            out_dir=tempfile.mkdtemp(prefix="lora_"),
            train=TrainArgs(log_interval=1, global_batch_size=4, micro_batch_size=2, lr_warmup_steps=1, epochs=1, max_steps=2),
            eval=EvalArgs(interval=100, max_iters=1),
        )
