# expect: none
# oracle: OK
# twin: p1144_litgpt_pretrain_port_setup_plugin_branch_plus_strategy_precision
"""Entry point of the TPU port of litgpt's pretrain recipe: `python train.py --precision=bf16-true`."""
from litgpt_tpu.pretrain import CLI, setup

if __name__ == "__main__":
    CLI(setup)
