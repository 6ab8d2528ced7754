"""Placeholder until the muster plugin lands."""
