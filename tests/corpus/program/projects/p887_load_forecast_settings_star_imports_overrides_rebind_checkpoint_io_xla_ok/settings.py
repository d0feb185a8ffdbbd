"""The settings a run sees: the defaults, then this site's overrides on top."""
from defaults import *  # noqa: F401,F403
from overrides import *  # noqa: F401,F403
