"""Tests of the framework: core, registry, conformance kit and the example plugin."""
