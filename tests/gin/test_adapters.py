"""Gin Rummy through the research adapters: PettingZoo's API test and OpenSpiel's random simulation test."""

from __future__ import annotations

import warnings

import pytest


def test_pettingzoo_api() -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is the library this adapter serves")
    from pettingzoo.test import api_test

    from tabletop.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # its observation is a dict holding the arrays
        api_test(env("gin", target="0"), num_cycles=100)


def test_openspiel_random_simulation() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the library this adapter serves")
    from tabletop.adapters.openspiel import load_game

    pyspiel.random_sim_test(load_game("gin", target="0"), num_sims=2, serialize=False, verbose=False)
