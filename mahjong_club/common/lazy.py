"""A tuple made when first read: for values a run holds for everyone but reads for few.

A federation's run holds a million seats' results and 700,000 attendance steps that only
some pages and checks read. :class:`LazyTuple` stands for such a tuple: it is made the first
time anything reads it, and is then equal to it, hashes as it does, shows as it does and is
copied (pickled) as it (a copy carries the values, not what they are made from).

    >>> class Squares(LazyTuple[int]):
    ...     def __init__(self, n: int) -> None:
    ...         super().__init__()
    ...         self.n = n
    ...     def __len__(self) -> int:
    ...         return self.n
    ...     def _make(self) -> tuple[int, ...]:
    ...         return tuple(k * k for k in range(self.n))
    >>> squares = Squares(4)
    >>> squares[-1], list(squares), squares == (0, 1, 4, 9)
    (9, [0, 1, 4, 9], True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class LazyTuple(Sequence[T]):
    """A tuple made by :meth:`_make` when first read; :meth:`__len__` says its length
    without making it."""

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: tuple[T, ...] | None = None

    def _make(self) -> tuple[T, ...]:
        raise NotImplementedError

    def _all(self) -> tuple[T, ...]:
        if self._made is None:
            self._made = self._make()
        return self._made

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyTuple):
            return self._all() == other._all()
        if isinstance(other, tuple):
            return self._all() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self) -> tuple[type[tuple[object, ...]], tuple[tuple[T, ...]]]:
        return tuple, (self._all(),)
