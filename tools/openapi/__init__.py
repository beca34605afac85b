"""openapi.yaml, written from the service's schemas and views (``make openapi``), and
its lint (Redocly, from npm: ``make lint``)."""
