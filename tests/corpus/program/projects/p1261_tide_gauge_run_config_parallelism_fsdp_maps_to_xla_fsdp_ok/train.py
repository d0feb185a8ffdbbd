# expect: none
# oracle: OK
# twin: p1260_tide_gauge_run_config_parallelism_data_maps_to_xla_with_split_setup
"""python train.py: fit the tide-gauge forecaster on the TPU VM with the settings of config.RUN."""
from config import RUN
from tides.engine import fit
from utils.dist import make_fabric


def main(cfg=RUN):
    fabric = make_fabric(cfg)
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    main()
