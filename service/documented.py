"""What openapi.yaml says of the service's marshmallow schemas beyond their fields: each
schema's name and words there, and the contract's named types (tools/openapi writes the
document from them). Nothing here changes what a schema loads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple, ParamSpec, TypeVar

from marshmallow import fields

__all__ = ["COMPONENTS", "Documented", "Shape", "component"]

_P = ParamSpec("_P")
_F = TypeVar("_F", bound=fields.Field)  # type: ignore[type-arg]

COMPONENTS: dict[str, Callable[[], fields.Field]] = {}  # type: ignore[type-arg]
"""The contract's named types (openapi.yaml's ``components/schemas`` that are not
objects), by name: each is the field its factory makes with no arguments. A field a
factory made carries the name in its ``metadata``, so openapi.yaml refers to the type
(tools/openapi), with what the field says differently beside the reference."""


def component(name: str, **doc: Any) -> Callable[[Callable[_P, _F]], Callable[_P, _F]]:
    """A factory of the contract's type ``name``, described by ``doc`` (``description``,
    ``examples``: openapi.yaml's words for it, which a field's own metadata overrides)."""

    def register(factory: Callable[_P, _F]) -> Callable[_P, _F]:
        def made(*args: _P.args, **kwargs: _P.kwargs) -> _F:
            field = factory(*args, **kwargs)
            field.metadata = {**doc, **field.metadata, "component": name}
            return field

        made.__doc__ = factory.__doc__
        COMPONENTS[name] = made
        return made

    return register


class Shape(NamedTuple):
    """One of the shapes a schema's objects take, as openapi.yaml names it apart."""

    description: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()


class Documented:
    """What openapi.yaml says of a schema as a whole (tools/openapi writes it)."""

    component: ClassVar[str | None] = None
    """The schema's name among openapi.yaml's ``components/schemas``; without one it is
    written out where it is used."""
    description: ClassVar[str | None] = None
    type_name: ClassVar[str | None] = None
    """The name of a schema written out where it is used (no component), for the types
    the clients generate from the contract (muggins/schema.py, schema.ts)."""
    required_too: ClassVar[tuple[str, ...]] = ()
    """Fields the library requires (of a finished record, say), which the contract lists
    as required though the schema leaves them to it."""
    shapes: ClassVar[Mapping[str, Shape]] = {}
    """Named shapes, each a subset of the fields: the contract says an object is any
    one of them (``anyOf``), where the schema reads every field and rules out the rest."""
