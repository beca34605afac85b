"""Building the chance tables (docs/chances.md): needs the ``build`` extra (Dask)."""
