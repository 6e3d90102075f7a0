"""The pure rules engine: no pygame, no clock, no I/O beyond reading rule profiles."""
