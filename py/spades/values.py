"""Small immutable values with named fields: ``Rules``, ``View``, ``Reason``, the table's settings.

``Value`` gives a class what ``@dataclass(frozen=True)`` gave these: equality by type and fields,
a hash of the fields, a ``repr`` that could be pasted back, no assignment after construction, and
the named tuple's helpers ``_fields``, ``_replace`` and ``_asdict``. A class lists its fields in
``__slots__`` (annotated beside it, for the reader and mypy) and writes its own ``__init__``, which
checks its arguments and hands the values, in that order, to ``Value.__init__``.

Why not ``dataclasses``: a dataclass writes the source of its methods and compiles it when the
class is created: 2–7 ms a class under Pyodide in Node.js, 3–37 ms in a cold start in Chromium,
where a first visit has no memory snapshot (docs/site.md, "Less work before ready"). Here nothing is
generated: creating the class costs what any class costs (about 0.1 ms). The computer players' and the coach's values,
imported after the page is ready, stay dataclasses.
"""

from __future__ import annotations

from typing import Any, NoReturn, Self


class Value:
    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__slots__", ())
        if isinstance(own, str) or tuple(cls.__dict__.get("__annotations__", {})) != tuple(own):
            raise TypeError(f"{cls.__qualname__}: __slots__ must name the annotated fields, in order")
        cls._fields = cls._fields + tuple(own)

    def __init__(self, *values: Any) -> None:
        if len(values) != len(self._fields):
            raise TypeError(f"{type(self).__qualname__} has {len(self._fields)} fields, given {len(values)}")
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__qualname__} is immutable: use _replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__qualname__} is immutable")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self) -> tuple[type[Self], tuple[object, ...]]:
        # copies and pickles through the class's own __init__
        return type(self), self._values()

    def _asdict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed, checked by the class's ``__init__`` like a new value."""
        return type(self)(**{**self._asdict(), **changes})


class Frozen(dict[str, object]):
    """A dict that cannot change once made, and so has a hash: a ``Value``'s field of named
    parameters (``Reason.params``), which a plain dict would leave unhashable. Reads, ``**``,
    ``dict(...)``, JSON and equality with a dict work as for a dict."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]  # a dict has none: this one cannot change
        return hash(frozenset(self.items()))

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"{type(self).__qualname__} is immutable")

    def __setitem__(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def __delitem__(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def __ior__(self, *args: Any, **kwargs: Any) -> NoReturn:  # type: ignore[misc]
        self._refuse()

    def clear(self) -> NoReturn:
        self._refuse()

    def pop(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def popitem(self) -> NoReturn:
        self._refuse()

    def setdefault(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def __reduce__(self) -> tuple[type[Self], tuple[dict[str, object]]]:
        # copies and pickles as a new Frozen of the same items
        return type(self), (dict(self),)


__all__ = ["Frozen", "Value"]
