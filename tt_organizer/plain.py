"""Dataclasses without the ``dataclasses`` module, for the records a deck check builds.

``import dataclasses`` imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``): almost two
bare Python start-ups, and each ``@dataclass`` costs a twentieth more. :func:`record` is the
part of :func:`dataclasses.dataclass` those records use -- ``__init__`` (keyword-only fields,
defaults, default factories, ``__post_init__``), ``__eq__``, ``__repr__``, ``frozen`` (with
``__hash__``) and ``slots`` -- written without inspecting anything. Type checkers see the real
:func:`dataclasses.dataclass` and :func:`dataclasses.field` (so mypy checks these classes as
dataclasses), and the class still is one to the ``dataclasses`` functions and pydantic:
``__dataclass_fields__`` is built, by the real module, the first time something asks for it
(``dataclasses.fields`` / ``replace`` / ``asdict``, pydantic's ``TypeAdapter``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported: it costs a bare start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FrozenInstanceError", "field", "record", "record_fields", "replace"]

_MISSING: Any = object()


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (as :class:`dataclasses.FrozenInstanceError`)."""


class _Field:
    """A field's default (``default`` or ``default_factory``), as :func:`field` declares it,
    and its annotation (as written: text under ``from __future__ import annotations``)."""

    __slots__ = ("annotation", "default", "default_factory")

    def __init__(self, default: Any = _MISSING, default_factory: Any = _MISSING) -> None:
        self.default = default
        self.default_factory = default_factory
        self.annotation: Any = "object"


def _field(*, default: Any = _MISSING, default_factory: Any = _MISSING) -> Any:
    """A field with a default factory (or a default), as :func:`dataclasses.field`."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory)


def record_fields(cls: type) -> dict[str, _Field]:
    """Field name -> its default, in declaration order (base records first)."""
    fields: dict[str, _Field] = cls.__record_fields__  # type: ignore[attr-defined]
    return fields


def _replace(obj: Any, /, **changes: Any) -> Any:
    """A copy of record ``obj`` with ``changes``, as :func:`dataclasses.replace`."""
    fields = record_fields(type(obj))
    unknown = set(changes) - set(fields)
    if unknown:
        raise TypeError(f"{type(obj).__qualname__} has no field {', '.join(sorted(unknown))}")
    return type(obj)(**{n: changes[n] if n in changes else getattr(obj, n) for n in fields})


def _is_classvar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _own_fields(cls: type) -> dict[str, _Field]:
    """The fields ``cls`` declares itself; its class attributes that were defaults go."""
    out: dict[str, _Field] = {}
    # inspect.get_annotations is what this module avoids importing
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
        if _is_classvar(annotation):
            continue
        value = cls.__dict__.get(name, _MISSING)
        out[name] = value if isinstance(value, _Field) else _Field(value)
        out[name].annotation = annotation
    return out


def _init_source(fields: dict[str, _Field], kw_only: bool, frozen: bool, post_init: bool
                 ) -> tuple[str, dict[str, Any]]:
    """The source of ``__init__`` and the names it refers to."""
    params: list[str] = []
    body: list[str] = []
    names: dict[str, Any] = {"_MISSING": _MISSING, "_setattr": object.__setattr__}
    for name, spec in fields.items():
        if spec.default_factory is not _MISSING:
            names[f"_factory_{name}"] = spec.default_factory
            params.append(f"{name}=_MISSING")
            value = f"_factory_{name}() if {name} is _MISSING else {name}"
        elif spec.default is not _MISSING:
            names[f"_default_{name}"] = spec.default
            params.append(f"{name}=_default_{name}")
            value = name
        else:
            params.append(name)
            value = name
        body.append(f"_setattr(self, {name!r}, {value})" if frozen
                     else f"self.{name} = {value}")
    if post_init:
        body.append("self.__post_init__()")
    star = ["*"] if kw_only and params else []
    source = (f"def __init__(self, {', '.join([*star, *params])}):\n"
              + "".join(f"    {line}\n" for line in body or ["pass"]))
    return source, names


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, n) == getattr(other, n) for n in self.__record_fields__)


def _repr(self: Any) -> str:
    args = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_fields__)
    return f"{self.__class__.__qualname__}({args})"


def _hash(self: Any) -> int:
    return hash(tuple(getattr(self, n) for n in self.__record_fields__))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _slots_getstate(self: Any) -> list[Any]:
    return [getattr(self, n) for n in self.__record_fields__]


def _slots_setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__record_fields__, state, strict=True):
        object.__setattr__(self, name, value)  # frozen or not


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


class _DataclassFields:
    """``__dataclass_fields__`` / ``__dataclass_params__`` of a record, made by the real
    ``dataclasses`` module (from a twin class with the same fields) on first use."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, obj: Any, owner: type) -> Any:
        import dataclasses

        params = owner.__record_params__  # type: ignore[attr-defined]
        fields = owner.__record_fields__  # type: ignore[attr-defined]
        namespace: dict[str, Any] = {
            "__module__": owner.__module__, "__qualname__": owner.__qualname__,
            "__annotations__": {n: _evaluated(f.annotation, owner) for n, f in fields.items()}}
        for name, spec in fields.items():
            if spec.default_factory is not _MISSING:
                namespace[name] = dataclasses.field(default_factory=spec.default_factory)
            elif spec.default is not _MISSING:
                namespace[name] = spec.default
        twin: type = dataclasses.dataclass(init=False, repr=False, eq=False, **params)(
            type(owner.__name__, (), namespace))
        for attribute in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(owner, attribute, getattr(twin, attribute))
        return getattr(owner, self.attribute)


def _evaluated(annotation: Any, owner: type) -> Any:
    """The type an annotation's text names, in its module with ``typing``'s names (which the
    module imports for type checkers alone) -- for pydantic, which reads the annotations."""
    if not isinstance(annotation, str):
        return annotation
    import sys
    import typing

    try:
        return eval(annotation, {**vars(typing), **vars(sys.modules[owner.__module__])})
    except Exception:
        return annotation


def _record(cls: Any = None, /, *, frozen: bool = False, slots: bool = False,
            kw_only: bool = False) -> Any:
    """Make ``cls`` a record: the ``dataclasses.dataclass`` options ``frozen``, ``slots``
    and ``kw_only`` (with ``eq`` and ``repr`` as the defaults have them)."""

    def wrap(cls: type) -> type:
        fields: dict[str, _Field] = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(base.__dict__.get("__record_fields__", {}))
        own = _own_fields(cls)
        fields.update(own)
        if not kw_only:
            _check_order(cls, fields)
        source, names = _init_source(fields, kw_only, frozen, hasattr(cls, "__post_init__"))
        exec(source, names)  # our own source, as dataclasses does
        init = names["__init__"]
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        added: dict[str, Any] = {
            "__init__": init, "__record_fields__": fields,
            "__record_params__": {"frozen": frozen, "kw_only": kw_only},
            "__dataclass_fields__": _DataclassFields("__dataclass_fields__"),
            "__dataclass_params__": _DataclassFields("__dataclass_params__"),
            "__match_args__": () if kw_only else tuple(fields),
        }
        for name, method in (("__repr__", _repr), ("__eq__", _eq)):
            if name not in cls.__dict__:
                added[name] = method
        if frozen:
            added.update(__setattr__=_frozen_setattr, __delattr__=_frozen_delattr)
            if "__hash__" not in cls.__dict__:
                added["__hash__"] = _hash
        elif "__eq__" not in cls.__dict__ and "__hash__" not in cls.__dict__:
            added["__hash__"] = None  # unhashable, as a mutable dataclass
        if not slots:  # a dataclass keeps plain defaults as class attributes
            for name, spec in own.items():
                if spec.default is _MISSING:
                    if name in cls.__dict__:
                        delattr(cls, name)
                else:
                    added[name] = spec.default
            for name, value in added.items():
                setattr(cls, name, value)
            return cls
        namespace = {k: v for k, v in cls.__dict__.items()
                     if k not in own and k not in ("__dict__", "__weakref__")}
        namespace.update(added, __slots__=tuple(own), __qualname__=cls.__qualname__)
        if frozen:  # pickling sets the fields past __setattr__, as dataclasses does
            namespace.update(__getstate__=_slots_getstate, __setstate__=_slots_setstate)
        return type(cls)(cls.__name__, cls.__bases__, namespace)

    return wrap if cls is None else wrap(cls)


def _check_order(cls: type, fields: dict[str, _Field]) -> None:
    seen_default = ""
    for name, spec in fields.items():
        has_default = spec.default is not _MISSING or spec.default_factory is not _MISSING
        if has_default:
            seen_default = name
        elif seen_default:
            raise TypeError(f"non-default argument {name!r} follows default argument "
                            f"in {cls.__qualname__}")


if TYPE_CHECKING:
    from dataclasses import dataclass as record
    from dataclasses import field, replace
else:
    record = _record
    field = _field
    replace = _replace
