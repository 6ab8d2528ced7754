"""Turn-start values in two sorted numpy arrays, readable as a dict: the memo of the fast solver.

>>> import numpy as np
>>> memo = ArrayMemo(np.array([3, 8], np.int64), np.array([0.5, 0.25]))
>>> memo[8], 4 in memo, len(memo)
(0.25, False, 2)
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    IntArray = NDArray[np.int64]
    FloatArray = NDArray[np.float64]


def _numpy() -> Any:
    import numpy

    return numpy


class ArrayMemo(MutableMapping[int, float]):
    """Turn-start values keyed as in :attr:`Solver.memo`, held in two sorted numpy arrays.

    Values added later (a position no layer held) go to a small dict beside them.
    """

    def __init__(self, keys: IntArray | None = None, values: FloatArray | None = None) -> None:
        np = _numpy()
        self.keys_array: IntArray = np.zeros(0, np.int64) if keys is None else keys
        self.values_array: FloatArray = np.zeros(0, np.float64) if values is None else values
        self.extra: dict[int, float] = {}

    def _find(self, key: int) -> int:
        keys = self.keys_array
        i = int(keys.searchsorted(key))
        return i if i < len(keys) and int(keys[i]) == key else -1

    def __getitem__(self, key: int) -> float:
        found = self.extra.get(key)
        if found is not None:
            return found
        i = self._find(key)
        if i < 0:
            raise KeyError(key)
        return float(self.values_array[i])

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, int):
            return False
        return key in self.extra or self._find(key) >= 0

    def __setitem__(self, key: int, value: float) -> None:
        i = self._find(key)
        if i >= 0:
            self.values_array[i] = value
        else:
            self.extra[key] = value

    def __delitem__(self, key: int) -> None:
        if key in self.extra:
            del self.extra[key]
            return
        i = self._find(key)
        if i < 0:
            raise KeyError(key)
        np = _numpy()
        self.keys_array = np.delete(self.keys_array, i)
        self.values_array = np.delete(self.values_array, i)

    def __iter__(self) -> Iterator[int]:
        yield from (int(k) for k in self.keys_array)
        yield from self.extra

    def __len__(self) -> int:
        return len(self.keys_array) + len(self.extra)

    def replace(self, keys: IntArray, values: FloatArray) -> None:
        """Hold these sorted keys and values; additions not among them are kept."""
        extra = self.extra
        self.keys_array, self.values_array, self.extra = keys, values, {}
        for key, value in extra.items():
            if self._find(key) < 0:
                self.extra[key] = value

    def arrays(self) -> tuple[IntArray, FloatArray]:
        """Every key and value as two arrays, sorted by key (the dict's additions merged in)."""
        np = _numpy()
        if not self.extra:
            return self.keys_array, self.values_array
        keys = np.concatenate([self.keys_array, np.fromiter(self.extra.keys(), np.int64, len(self.extra))])
        values = np.concatenate([self.values_array, np.fromiter(self.extra.values(), np.float64, len(self.extra))])
        order = np.argsort(keys, kind="stable")
        return keys[order], values[order]
