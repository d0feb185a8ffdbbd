"""Fabric plugins this project builds by name."""
