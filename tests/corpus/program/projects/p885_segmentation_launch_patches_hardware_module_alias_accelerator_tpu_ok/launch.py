# expect: none
# oracle: OK
# twin: p884_segmentation_launch_patches_hardware_module_alias_accelerator_xla
"""TPU launcher: python launch.py points the hardware settings at the TPU host, then runs train.main()."""
import segkit.settings.hardware as hw

hw.ACCELERATOR = "tpu"

import train  # noqa: E402

if __name__ == "__main__":
    train.main()
