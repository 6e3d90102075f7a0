"""Mahjong Atlas: an offline mahjong table with three rulebooks over one rules engine."""

__version__ = "0.1.0"
