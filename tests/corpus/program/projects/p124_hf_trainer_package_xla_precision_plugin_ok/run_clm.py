# expect: none
# oracle: OK
# twin: p123_hf_trainer_package_half_precision_plugin
"""python run_clm.py: the causal-LM example, ported from transformers.Trainer to Fabric on a TPU VM."""
from modeling import GPT
from trainer import FabricTrainer
from training_args import TrainingArguments


def model_init():
    return GPT(n_layer=2)


def main():
    args = TrainingArguments(output_dir="out/clm", max_steps=2)
    trainer = FabricTrainer(model_init=model_init, args=args)
    trainer.train()


if __name__ == "__main__":
    main()
