"""The lab's failures: a run it could not start, or could not finish, said in plain words.

A command turns them into its message and exit status: a :class:`LabUsageError`
(options the lab cannot follow) is bad input, any other :class:`LabError` a
failure of the run::

    >>> from tabletop.lab import open_lab
    >>> open_lab("abacus")
    Traceback (most recent call last):
    tabletop.lab.errors.LabUsageError: no backend 'abacus' (backends: processes, ray)
"""


class LabError(Exception):
    """A run the lab could not start or finish: a worker lost, a cluster out of reach."""


class LabUsageError(LabError):
    """Options the lab cannot follow: no such backend, an address that is none, Ray not installed."""
