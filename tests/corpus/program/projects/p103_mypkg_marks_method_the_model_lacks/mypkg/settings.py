VOCAB = 64
# the method fabric must route through the sharded forward when decoding
DECODE_METHOD = "generate"
