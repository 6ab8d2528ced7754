"""Sub-commands of the ``tabletop`` program, one module each."""
