import os
import tempfile

# a full (consolidated) checkpoint, as the conversion script writes it
STATE_DICT_TYPE = "full"
PRETRAINED = os.path.join(tempfile.mkdtemp(prefix="blocknet-"), "lit_model.pth")
