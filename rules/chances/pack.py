"""The chance table as bytes: the shipped data file's format (docs/chances.md#the-file).

A short first line names the format; then the length of a JSON header, the header
(the provenance, and the variant and target), and the arrays, compressed. The header is
written with sorted keys and the arrays little-endian, so the same table always gives
the same bytes.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from rules.chances.strategy import Part
from rules.chances.table import ChanceTable
from rules.chances.tally import Tally
from rules.core.variants import Variant

__all__ = ["FORMAT", "TableFileError", "from_bytes", "to_bytes"]

FORMAT = b"muggins-chances 1\n"
_DTYPES = ("<i8", "<i8", "<i8", "<u4", "<u4")
"""Counts as 64-bit integers; probabilities, at most :data:`rules.chances.table.SCALE`,
in 32 bits."""


class TableFileError(ValueError):
    """A chance table file that cannot be read: the wrong format, or damaged."""


def to_bytes(table: ChanceTable) -> bytes:
    tally = table.tally
    header = {
        "variant": str(tally.variant),
        "target": tally.target,
        "deals": tally.deals,
        "provenance": dict(table.provenance),
    }
    arrays = b"".join(array.astype(dtype).tobytes() for array, dtype in zip(
        (tally.counts, tally.points, tally.squares, table.values, table.half_width),
        _DTYPES, strict=True))
    head = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    return FORMAT + len(head).to_bytes(4, "big") + head + zlib.compress(arrays, 9)


def from_bytes(data: bytes) -> ChanceTable:
    if not data.startswith(FORMAT):
        raise TableFileError("not a chance table (the first line is not "
                             f"{FORMAT.decode().strip()!r})")
    at = len(FORMAT)
    size = int.from_bytes(data[at:at + 4], "big")
    try:
        header: Mapping[str, Any] = json.loads(data[at + 4:at + 4 + size])
        variant = Variant(header["variant"])
        target, deals = int(header["target"]), int(header["deals"])
        raw = zlib.decompress(data[at + 4 + size:])
    except (ValueError, KeyError, TypeError, zlib.error) as error:
        raise TableFileError(f"a damaged chance table: {error}") from error
    side = target + 1
    shapes = ((len(Part), 3, side, side), (len(Part), 2), (2,), (target, target, 6),
              (target, target))
    sizes = [int(np.prod(shape)) * np.dtype(dtype).itemsize
             for shape, dtype in zip(shapes, _DTYPES, strict=True)]
    expected = sum(sizes)
    if len(raw) != expected:
        raise TableFileError(f"a damaged chance table: {len(raw)} bytes of arrays, "
                             f"not {expected}")
    arrays = []
    offset = 0
    for shape, dtype, size in zip(shapes, _DTYPES, sizes, strict=True):
        count = int(np.prod(shape))
        arrays.append(np.frombuffer(raw, dtype, count, offset).reshape(shape).astype(np.int64))
        offset += size
    counts, points, squares, values, half_width = arrays
    tally = Tally(variant, target, deals, counts, points, squares)
    return ChanceTable(tally, values, half_width, header["provenance"])
