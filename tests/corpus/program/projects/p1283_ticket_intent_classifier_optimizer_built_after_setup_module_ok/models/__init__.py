from models.classifier import EncoderLayer, TicketClassifier

__all__ = ["EncoderLayer", "TicketClassifier"]
