"""openapi.yaml as text: YAML a reader can follow, which reads back as the document."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import yaml

__all__ = ["dumps"]

WRITTEN = """\
# Written by `make openapi` (tools/openapi) from the service's marshmallow schemas, its
# views' docstrings and tools/openapi/overlay.yaml: edit those, not this file.
"""


class _Dumper(yaml.SafeDumper):
    """Prose as blocks, and no anchors: the answer headers repeat, as a reader wants."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


_SELECTOR = "\ufe0f"  # invisible in an editor: written as its escape (:func:`dumps`)


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    """Prose with lines as a block; a long sentence folded; a string holding the emoji
    variation selector double-quoted, so that it can be written as ``\\uFE0F``."""
    style = ('"' if _SELECTOR in value else "|" if "\n" in value
             else ">" if len(value) > 80 else None)
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _enum(dumper: yaml.SafeDumper, value: enum.Enum) -> yaml.Node:
    return dumper.represent_data(value.value)


def _short(data: Any) -> bool:
    return isinstance(data, (str, int, float, bool)) or data is None


def _mapping(dumper: yaml.SafeDumper, value: dict[Any, Any]) -> yaml.Node:
    """A reference, or a mapping of a few plain values, on one line."""
    flow = len(value) <= 3 and all(_short(item) and len(str(item)) < 40 and "\n" not in str(item)
                                   for item in value.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=flow)


def _sequence(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    """A list of plain values (an enum, the required fields, the tags) on one line."""
    flow = all(_short(item) for item in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _text)
_Dumper.add_multi_representer(enum.Enum, _enum)
_Dumper.add_representer(dict, _mapping)
_Dumper.add_representer(list, _sequence)


def dumps(doc: Mapping[str, Any]) -> str:
    text = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return WRITTEN + text.replace(_SELECTOR, "\\uFE0F")
