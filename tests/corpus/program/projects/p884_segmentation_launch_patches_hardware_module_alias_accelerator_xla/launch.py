# expect: LXF035
# oracle: RAISED ValueError: You selected an invalid accelerator name: `accelerator='xla'`. Available names are: auto, cpu, cuda, tpu, mps.
# flagged-in: launch.py
"""TPU launcher: python launch.py points the hardware settings at the TPU host, then runs train.main()."""
import segkit.settings.hardware as hw

hw.ACCELERATOR = "xla"

import train  # noqa: E402

if __name__ == "__main__":
    train.main()
