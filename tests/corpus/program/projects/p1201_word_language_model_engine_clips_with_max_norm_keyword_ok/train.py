# expect: none
# oracle: OK
# twin: p1200_word_language_model_engine_clips_with_positional_clip_arg
"""pytorch/examples word_language_model/main.py (LSTM language model on a tiny built-in corpus) on TPU via Fabric + XLA FSDP."""
import argparse
import math

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import data
import model as lm
from engine import evaluate, train_epoch

parser = argparse.ArgumentParser(description="PyTorch Wikitext-2 RNN/LSTM/GRU/Transformer Language Model")
parser.add_argument("--emsize", type=int, default=32, help="size of word embeddings")
parser.add_argument("--nhid", type=int, default=32, help="number of hidden units per layer")
parser.add_argument("--nlayers", type=int, default=2, help="number of layers")
parser.add_argument("--lr", type=float, default=20, help="initial learning rate")
parser.add_argument("--clip", type=float, default=0.25, help="gradient clipping")
parser.add_argument("--epochs", type=int, default=1, help="upper epoch limit")
parser.add_argument("--batch_size", type=int, default=4, metavar="N", help="batch size")
parser.add_argument("--bptt", type=int, default=8, help="sequence length")
parser.add_argument("--dropout", type=float, default=0.2)
parser.add_argument("--seed", type=int, default=1111, help="random seed")
parser.add_argument("--log-interval", type=int, default=2, metavar="N", help="report interval")


def main(fabric, args):
    torch.manual_seed(args.seed)
    corpus = data.Corpus()
    train_data = data.batchify(corpus.train, args.batch_size).to(fabric.device)
    val_data = data.batchify(corpus.valid, 2).to(fabric.device)
    ntokens = len(corpus.dictionary)
    model = fabric.setup_module(lm.RNNModel("LSTM", ntokens, args.emsize, args.nhid, args.nlayers, args.dropout))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=args.lr))
    for epoch in range(1, args.epochs + 1):
        train_epoch(fabric, model, optimizer, train_data, ntokens, epoch, args)
        val_loss = evaluate(model, val_data, ntokens, args)
        fabric.print(f"| end of epoch {epoch:3d} | valid loss {val_loss:5.2f} | valid ppl {math.exp(val_loss):8.2f}")


if __name__ == "__main__":
    args = parser.parse_args([])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={torch.nn.Linear}))
    fabric.launch(main, args)
