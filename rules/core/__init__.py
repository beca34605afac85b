"""The vocabulary every rule is written in: the table (who sits where) and names."""

from rules.core.names import BARE_NAME, InvalidNameError, quote_name, read_name
from rules.core.table import InvalidTableError, Side, Table

__all__ = [
    "BARE_NAME",
    "InvalidNameError",
    "InvalidTableError",
    "Side",
    "Table",
    "quote_name",
    "read_name",
]
