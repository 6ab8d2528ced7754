"""Pig, the dice game for two: the example plugin whose code is only its rules, its computer player and its board."""
