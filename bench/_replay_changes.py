"""What ``python -m bench.replay compare`` compares (bench/replay.py): the differences
between two recorded answers to one request, each a :class:`Change` with a JSON pointer,
grouped into classes by endpoint and pointer; and the allow file, whose lines name the
classes of difference that are expected (:class:`Allow`).
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Change:
    kind: str  # added, removed, changed, order, status, header, missing
    pointer: str  # a JSON pointer; for a header, its name; for a status, "FROM>TO"
    before: Any = None
    after: Any = None


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def json_changes(before: Any, after: Any, pointer: str = "") -> Iterator[Change]:
    if isinstance(before, dict) and isinstance(after, dict):
        for key, value in before.items():
            here = f"{pointer}/{escape(key)}"
            if key not in after:
                yield Change("removed", here, value, None)
            else:
                yield from json_changes(value, after[key], here)
        for key, value in after.items():
            if key not in before:
                yield Change("added", f"{pointer}/{escape(key)}", None, value)
        if list(before) != list(after) and set(before) == set(after):
            yield Change("order", pointer or "/", list(before), list(after))
    elif isinstance(before, list) and isinstance(after, list):
        for i, (old, new) in enumerate(zip(before, after, strict=False)):
            yield from json_changes(old, new, f"{pointer}/{i}")
        for i in range(len(after), len(before)):
            yield Change("removed", f"{pointer}/{i}", before[i], None)
        for i in range(len(before), len(after)):
            yield Change("added", f"{pointer}/{i}", None, after[i])
    elif before != after or type(before) is not type(after):
        yield Change("changed", pointer, before, after)


def parse_body(row: dict[str, Any]) -> tuple[bool, Any]:
    text = row.get("body")
    if text is None:
        return False, row.get("body_b64")
    try:
        return True, json.loads(text)
    except ValueError:
        return False, text


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[Change]:
    found: list[Change] = []
    if before["status"] != after["status"]:
        found.append(Change("status", f"{before['status']}>{after['status']}"))
    for name in sorted(set(before["headers"]) | set(after["headers"])):
        old, new = before["headers"].get(name), after["headers"].get(name)
        if old != new:
            found.append(Change("header", name, old, new))
    if before.get("body") == after.get("body") and before.get("body_b64") == after.get(
            "body_b64"):
        return found
    old_json, old = parse_body(before)
    new_json, new = parse_body(after)
    if old_json and new_json:
        body = list(json_changes(old, new))
        if not body:  # the same document written otherwise (spacing, escapes)
            body = [Change("order", "/", "the same JSON", "written differently")]
        found += body
    else:
        found.append(Change("changed", "", old, new))
    return found


def general(pointer: str) -> str:
    """A pointer as a class: array indices become ``*``."""
    return "/".join("*" if part.isdigit() else part for part in pointer.split("/"))


def endpoint(row: dict[str, Any]) -> str:
    request = row["request"]
    return f"{request['method']} {request['path']}"


@dataclass(frozen=True)
class Allow:
    text: str
    kind: str  # any, added, removed, changed, order, status, header, request
    pattern: str
    method: str | None = None
    path: str | None = None

    @classmethod
    def parse(cls, line: str) -> Allow:
        words = line.split()
        scope_method = scope_path = None
        if "on" in words:
            at = words.index("on")
            scope = words[at + 1:]
            words = words[:at]
            if len(scope) == 2:
                scope_method, scope_path = scope
            elif len(scope) == 1:
                scope_path = scope[0]
            else:
                raise ValueError(f"allow: {line!r}: 'on' takes [METHOD] PATH")
        kinds = ("any", "added", "removed", "changed", "order", "status", "header", "request")
        kind = words[0] if words and words[0] in kinds else "any"
        rest = words[1:] if words and words[0] in kinds else words
        if len(rest) != 1:
            raise ValueError(f"allow: {line!r}: expected [KIND] PATTERN [on [METHOD] PATH]")
        return cls(line, kind, rest[0], scope_method, scope_path)

    def covers(self, change: Change, row: dict[str, Any]) -> bool:
        request = row["request"]
        if self.method and self.method.upper() != request["method"]:
            return False
        if self.path and not fnmatch.fnmatchcase(request["path"], self.path):
            return False
        if self.kind == "request":
            return (fnmatch.fnmatchcase(row["id"], self.pattern)
                    or fnmatch.fnmatchcase(row["tag"], self.pattern))
        if self.kind in ("status", "header"):
            return change.kind == self.kind and fnmatch.fnmatchcase(change.pointer,
                                                                    self.pattern)
        if change.kind in ("status", "header", "missing"):
            return False
        if self.kind != "any" and self.kind != change.kind:
            return False
        return pointer_matches(self.pattern, change.pointer)


def pointer_matches(pattern: str, pointer: str) -> bool:
    """``*`` one segment, ``**`` any number; the pattern covers everything below it."""
    want = [] if pattern in ("", "/") else pattern.split("/")[1:]
    have = [] if pointer in ("", "/") else pointer.split("/")[1:]
    if pattern == "**":
        return True

    def match(i: int, j: int) -> bool:
        if i == len(want):
            return True  # everything below the pattern
        if want[i] == "**":
            return any(match(i + 1, k) for k in range(j, len(have) + 1))
        return j < len(have) and fnmatch.fnmatchcase(have[j], want[i]) and match(i + 1, j + 1)

    return match(0, 0)


def read_allow(path: Path | None) -> list[Allow]:
    if path is None:
        return []
    allows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            allows.append(Allow.parse(line))
    return allows
