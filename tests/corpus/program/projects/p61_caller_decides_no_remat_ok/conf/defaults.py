from model import Block

WRAP = {Block}
REMAT = [Block]
