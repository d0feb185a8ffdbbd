from .session import sharded_session

__all__ = ["sharded_session"]
