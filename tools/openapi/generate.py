"""openapi.yaml, written from the code: the marshmallow schemas the service validates
with (and those that describe its answers), the views' docstrings, and overlay.yaml
for what has no home in code (the document's info, its tags, the headers and the
shared problem answers).

A view's docstring is the operation: its first paragraph the summary, the rest up to a
line ``---`` the description, and after it a YAML block: ``operationId``, ``tags``,
``request`` (a schema's component name), ``example``/``examples`` of the request, and
``responses`` by status, each a ``description`` with a ``schema`` (a component name)
or a ``content`` type other than JSON, and perhaps an ``example``. Every operation
answers 429 and 405; one that reads a JSON body also 400, 413, 415 and 422
(overlay.yaml's problem answers).

A field says what the contract says of it in its ``metadata`` (``description``,
``examples``, ``const``...); ``required`` there overrides the schema's own (a field
the notation may stand for is not required: :func:`_required`). A field made by one of
``service.fields.COMPONENTS``' factories is written as a reference to that type, with
whatever it says differently beside it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import marshmallow
import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import Flask

import rules
import service.answers  # noqa: F401  (the answers' schemas, found by their base class)
from service import fields as ours
from service.documented import COMPONENTS, Documented

__all__ = ["OUTPUT", "document"]

HERE = Path(__file__).resolve().parent
OUTPUT = HERE.parent.parent / "openapi.yaml"
OVERLAY = HERE / "overlay.yaml"
REF = "#/components/schemas/"

# Keywords a field's metadata may carry that apispec does not pass on by itself.
_KEYWORDS = ("const", "propertyNames")
# What every operation may answer, and what one that reads a JSON body may answer too.
_EVERY = {"429": "TooMany", "405": "NotAllowed"}
_BODY = {"400": "BadRequest", "413": "TooLarge", "415": "NotJson", "422": "Invalid"}
# The headers of an answer, by its media type (overlay.yaml's x-headers).
_HEADERS_OF = {"text/html": "page", "text/javascript": "worker"}


def _documented_cls(schema: Any) -> type[Documented] | None:
    cls = resolve_schema_cls(schema)
    return cls if isinstance(cls, type) and issubclass(cls, Documented) else None


def _name(schema: Any) -> str | None:
    """A schema's component name, its own (a subclass that names none is written out
    where it is used); None writes it out where it is used."""
    cls = _documented_cls(schema)
    return None if cls is None else vars(cls).get("component")


def _documented() -> Iterator[type[Documented]]:
    stack: list[type[Any]] = [Documented]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if "component" in vars(cls) and cls.component is not None:
            yield cls


class Converter(OpenAPIConverter):
    """apispec's, taught the project's fields and its named types."""

    _making: str | None = None  # the named type being written, not referred to

    def init_attribute_functions(self) -> None:
        super().init_attribute_functions()  # type: ignore[no-untyped-call]
        for function in (_ours, _keywords):
            self.add_attribute_function(function)  # type: ignore[no-untyped-call]

    def field2property(self, field: marshmallow.fields.Field) -> dict[str, Any]:  # type: ignore[type-arg]
        prop: dict[str, Any] = super().field2property(field)
        if isinstance(prop.get("required"), bool):
            del prop["required"]  # metadata: the schema's word (:meth:`schema2jsonschema`)
        if prop.get("additionalProperties") == {}:
            del prop["additionalProperties"]  # an object of anything: apispec's way to say it
        name = field.metadata.get("component")
        if name is None or self._making == name:
            return prop
        made = self.component(name)
        ref: dict[str, Any] = {"$ref": REF + name}
        extras = {key: value for key, value in prop.items() if made.get(key, ...) != value}
        if field.allow_none and extras.get("type") == [made.get("type"), "null"]:
            del extras["type"]  # the type, or null
            ref = {"oneOf": [ref, {"type": "null"}]}
            return {**ref, **extras}
        return {"allOf": [ref], **extras} if extras else ref

    def component(self, name: str) -> dict[str, Any]:
        """A named type's schema, written into the document the first time."""
        schemas = self.spec.components.schemas
        if name not in schemas:
            self._making = name
            try:
                prop = self.field2property(COMPONENTS[name]())
            finally:
                self._making = None
            self.spec.components.schema(name, prop)
        return schemas[name]

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        cls = _documented_cls(schema)
        out = self._schema(cls, schema)
        if cls is not None and cls.type_name:
            out = {"title": cls.type_name, **out}
        return out

    def _schema(self, cls: type[Documented] | None, schema: Any) -> dict[str, Any]:
        if cls is not None and cls.shapes:
            return self._shapes(cls)
        base = _open_base(cls)
        if cls is not None and base is not None:
            return self._extending(cls, base)
        out: dict[str, Any] = super().schema2jsonschema(schema)  # type: ignore[no-untyped-call]
        if cls is not None:
            fields = getattr(schema, "fields", None) or cls().fields  # type: ignore[attr-defined]
            out["required"] = _required(cls, fields)
            if not out["required"]:
                del out["required"]
            if cls.description:
                out = {"description": cls.description, **out}
        return out

    def _extending(self, cls: type[Documented], base: type[Documented]) -> dict[str, Any]:
        """A schema that adds fields to an open, named one: that one, and its own fields."""
        fields = cls().fields  # type: ignore[attr-defined]
        inherited = base().fields  # type: ignore[attr-defined]
        own = {key: field for key, field in fields.items() if key not in inherited}
        added: dict[str, Any] = self.fields2jsonschema(own)  # type: ignore[no-untyped-call]
        added["required"] = [key for key in _required(cls, fields) if key in own]
        if not added["required"]:
            del added["required"]
        out = {"allOf": [self.resolve_nested_schema(base), added]}  # type: ignore[no-untyped-call]
        return {"description": cls.description, **out} if cls.description else out

    def _shapes(self, cls: type[Documented]) -> dict[str, Any]:
        fields = cls().fields  # type: ignore[attr-defined]
        branches = []
        for name, shape in cls.shapes.items():
            names = (*shape.required, *shape.optional)
            self.spec.components.schema(name, {
                "type": "object", "additionalProperties": False,
                "required": list(shape.required), "description": shape.description,
                "properties": {key: self.field2property(fields[key]) for key in names}})
            # The other shapes' fields are never here (false): a client's types rule them
            # out (a card event with `go` is a 422 `card-and-go`). Set once written: apispec
            # would read a bare `false` as the name of a schema.
            self.spec.components.schemas[name]["properties"].update(
                (key, False) for key in fields if key not in names)
            branches.append({"$ref": REF + name})
        return {"description": cls.description, "anyOf": branches}


class _Plugin(MarshmallowPlugin):
    Converter = Converter


def _open_base(cls: type[Documented] | None) -> type[Documented] | None:
    """The named schema a schema extends, where that one is open to more fields."""
    for base in (cls.__mro__[1:] if cls is not None else ()):
        if (issubclass(base, Documented) and vars(base).get("component")
                and base.opts.unknown == marshmallow.EXCLUDE):  # type: ignore[attr-defined]
            return base
    return None


def _required(cls: type[Documented], fields: Mapping[str, Any]) -> list[str]:
    """The fields the contract lists as required: the schema's, and its ``required_too``,
    less those a ``notation`` sent instead stands for; a field's own ``required``
    metadata has the last word."""
    notation = fields.get("notation")
    stands_for = set(notation.metadata.get("stands_for", ())) if notation else set()
    names = []
    for key, field in fields.items():
        said = field.metadata.get("required")
        required = (field.required or key in cls.required_too) and key not in stands_for
        if said if isinstance(said, bool) else required:
            names.append(field.data_key or key)
    return names


def _ours(self: Converter, field: marshmallow.fields.Field, **kwargs: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """What the project's own fields and validators say."""
    out: dict[str, Any] = {}
    if isinstance(field, ours.CardField):
        out["type"] = "string"
    elif isinstance(field, ours.Cards):
        out.update(type="array", items=self.field2property(ours.card_field()),
                   maxItems=field.max_cards)
    elif isinstance(field, marshmallow.fields.Enum):
        values = [member.value for member in field.enum]
        if all(isinstance(value, str) for value in values):
            out["type"] = "string"
    if isinstance(field, ours.Seats):
        out["maxProperties"] = ours.MAX_SEATS
    if isinstance(field, marshmallow.fields.Dict) and field.key_field is not None:
        names = _sizes(field.key_field, ("minLength", "maxLength"))
        if names:
            out["propertyNames"] = names
    if isinstance(field, marshmallow.fields.Dict):
        out.update(_sizes(field, ("minProperties", "maxProperties")))
    elif isinstance(field, (marshmallow.fields.List, ours.Cards)):
        out.update(_sizes(field, ("minItems", "maxItems")))
    else:
        out.update(_sizes(field, ("minLength", "maxLength")))
    for validator in field.validators:
        if isinstance(validator, ours.Between):
            out.update(minimum=validator.low, maximum=validator.high)
    if field.allow_none and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    for key in ("description", "examples", "minItems", "maxItems", "minimum", "maximum",
                "enum", "default", "type", "properties", "additionalProperties",
                "maxProperties"):
        if key in field.metadata:  # the metadata has the last word
            out[key] = field.metadata[key]
    return out


def _sizes(field: marshmallow.fields.Field, words: tuple[str, str]) -> dict[str, int]:  # type: ignore[type-arg]
    """What a field's :class:`~service.fields.Size` says, in the words for its kind (no
    lower bound where it is 0)."""
    out = {}
    for validator in field.validators:
        if isinstance(validator, ours.Size):
            out = {words[0]: validator.low, words[1]: validator.high}
            if not validator.low:
                del out[words[0]]
    return out


def _keywords(self: Converter, field: marshmallow.fields.Field, **kwargs: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    return {key: field.metadata[key] for key in _KEYWORDS if key in field.metadata}


def _view_doc(view: Callable[..., Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A view's docstring, as its summary and description, and the YAML after ``---``."""
    text = inspect.getdoc(view) or ""
    head, _, tail = text.partition("\n---\n")
    summary, _, description = head.strip().partition("\n\n")
    words = {"summary": " ".join(summary.split())}
    if description.strip():
        words["description"] = description.strip() + "\n"
    return words, yaml.safe_load(tail) or {}


def _operation(spec: APISpec, overlay: Mapping[str, Any], method: str,
               view: Callable[..., Any]) -> dict[str, Any]:
    words, said = _view_doc(view)
    operation: dict[str, Any] = {"tags": said["tags"], "operationId": said["operationId"],
                                 **words}
    headers = overlay["x-headers"]
    problems: dict[str, Any] = dict(_EVERY)
    if "request" in said:
        body: dict[str, Any] = {"schema": {"$ref": REF + _schema(spec, said["request"])}}
        for key in ("example", "examples"):
            if key in said:
                body[key] = said[key]
        operation["requestBody"] = {"required": True, "content": {"application/json": body}}
        problems = {**_BODY, **problems}
    responses: dict[str, Any] = {}
    for status, answer in said["responses"].items():
        media = answer.get("content", "application/json")
        out: dict[str, Any] = {"description": answer["description"],
                               "headers": answer.get("headers",
                                                     headers[_HEADERS_OF.get(media, "answer")])}
        if "schema" in answer:
            content: dict[str, Any] = {"schema": {"$ref": REF + _schema(spec, answer["schema"])}}
        else:
            content = {"schema": {"type": "string"}}
        if "example" in answer:
            content["example"] = answer["example"]
        out["content"] = {media: content}
        responses[str(status)] = out
    for status, name in problems.items():
        responses[status] = {"$ref": f"#/components/responses/{name}"}
    operation["responses"] = responses
    return operation


def _schema(spec: APISpec, name: str) -> str:
    """A schema's name, its schema written into the document the first time."""
    if name not in spec.components.schemas:
        classes = {cls.component: cls for cls in _documented()}
        if name in classes:
            spec.components.schema(name, schema=classes[name])
        else:
            spec.plugins[0].converter.component(name)  # type: ignore[attr-defined]
    return name


def _referenced(*parts: Any) -> Iterator[str]:
    for part in parts:
        if isinstance(part, dict):
            ref = part.get("$ref")
            if isinstance(ref, str) and ref.startswith(REF):
                yield ref.removeprefix(REF)
            yield from _referenced(*part.values())
        elif isinstance(part, list):
            yield from _referenced(*part)


def _routes(app: Flask) -> Iterator[tuple[str, str, Callable[..., Any]]]:
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.rule.startswith("/docs"):
            continue  # Flask's own files, and Swagger UI's (overlay.yaml has /docs)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield rule.rule, method.lower(), app.view_functions[rule.endpoint]


@cache
def _app() -> Flask:
    from service import create_app

    return create_app()


def document() -> dict[str, Any]:
    """The contract, as a document."""
    overlay = yaml.safe_load(OVERLAY.read_text(encoding="utf-8"))
    said = dict(overlay["info"])
    # The one source of the version (an editable install's metadata keeps the one it
    # was installed with).
    info = {"title": said.pop("title"), "version": rules.__version__, **said}
    spec = APISpec(title=info["title"], version=info["version"], openapi_version="3.1.0",
                   plugins=[_Plugin(schema_name_resolver=_name)])  # type: ignore[arg-type]
    paths: dict[str, dict[str, Any]] = {}
    for path, method, view in _routes(_app()):
        paths.setdefault(path, {})[method] = _operation(spec, overlay, method, view)
    paths.update(overlay["paths"])
    # Schemas named only by reference (the overlay's problem answers name Problem).
    while missing := {name for name in _referenced(paths, overlay, spec.to_dict())
                      if name not in spec.components.schemas}:
        for name in sorted(missing):
            _schema(spec, name)
    made = spec.to_dict()
    return {"openapi": made["openapi"], "info": info, "servers": overlay["servers"],
            "tags": overlay["tags"], "paths": paths,
            "components": {"responses": overlay["components"]["responses"],
                           "headers": overlay["components"]["headers"],
                           "schemas": made["components"]["schemas"]}}
