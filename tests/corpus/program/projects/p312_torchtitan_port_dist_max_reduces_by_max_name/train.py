# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: MAX
# flagged-in: titan/distributed/utils.py
"""python train.py [--training.steps N]: torchtitan's Trainer (llama3 debugmodel) ported from FSDP2 device meshes to Fabric with XLA FSDP on a TPU pod."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from titan.components.metrics import MetricsProcessor
from titan.config.job_config import JobConfig
from titan.config.manager import ConfigManager
from titan.distributed import utils as dist_utils
from titan.models.llama import Transformer, TransformerBlock, llama3_configs

PRECISION = {"float32": "32-true", "bfloat16": "bf16-true"}


class Trainer:
    def __init__(self, fabric: Fabric, job_config: JobConfig):
        self.fabric = fabric
        self.job_config = job_config
        self.step = 0

        model_args = llama3_configs[job_config.model.flavor]
        self.model = fabric.setup_module(Transformer(model_args))
        self.optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(self.model.parameters(), lr=job_config.optimizer.lr, eps=job_config.optimizer.eps)
        )
        self.vocab_size = model_args.vocab_size
        self.metrics_processor = MetricsProcessor(fabric, job_config.metrics.log_freq)

    def batch_generator(self):
        cfg = self.job_config.training
        while True:
            tokens = torch.randint(0, self.vocab_size, (cfg.local_batch_size, cfg.seq_len + 1))
            yield tokens[:, :-1], tokens[:, 1:]

    def forward_backward_step(self, inputs, labels) -> torch.Tensor:
        pred = self.model(inputs)
        loss = F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1))
        self.fabric.backward(loss)
        return loss

    def train_step(self, data_iterator):
        self.optimizer.zero_grad()
        inputs, labels = (self.fabric.to_device(t) for t in next(data_iterator))
        loss = self.forward_backward_step(inputs, labels)
        grad_norm = self.fabric.clip_gradients(self.model, self.optimizer, max_norm=self.job_config.training.max_norm)
        self.optimizer.step()

        if not self.metrics_processor.should_log(self.step):
            return
        loss = loss.detach()
        global_avg_loss, global_max_loss = (
            dist_utils.dist_mean(loss, self.fabric),
            dist_utils.dist_max(loss, self.fabric),
        )
        self.metrics_processor.log(self.step, global_avg_loss, global_max_loss, grad_norm.item())

    def train(self):
        data_iterator = self.batch_generator()
        while self.step < self.job_config.training.steps:
            self.step += 1
            self.train_step(data_iterator)
        self.fabric.print("Training completed")


def main(fabric, job_config):
    trainer = Trainer(fabric, job_config)
    trainer.train()


if __name__ == "__main__":
    config = ConfigManager().parse_args()
    fabric = Fabric(
        accelerator="tpu",
        precision=PRECISION[config.training.mixed_precision_param],
        strategy=XLAFSDPStrategy(auto_wrap_policy={TransformerBlock}),
    )
    fabric.launch(main, config)
