"""Placeholder until the muses plugin lands."""
