"""The documentation site's build-time helpers (mkdocs.yml's ``hooks``): not installed."""
