"""Seismic event picking: is there a P-wave arrival in a window of a 3-channel trace?"""
