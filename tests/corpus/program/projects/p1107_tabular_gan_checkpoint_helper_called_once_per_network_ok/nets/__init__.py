from nets.critic import Critic
from nets.generator import Generator, ResBlock

__all__ = ["Critic", "Generator", "ResBlock"]
