"""Developer tools that are not part of the package (docs/chances.md for tools.chances)."""
