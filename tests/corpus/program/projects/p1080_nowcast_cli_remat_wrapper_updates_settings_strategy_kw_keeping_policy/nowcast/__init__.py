"""Precipitation nowcasting on radar tiles, reduced to a tiny token mixer."""
