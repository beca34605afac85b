# Muggins: the cribbage referee service.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

COPY pyproject.toml constraints.txt README.md openapi.yaml gunicorn.conf.py ./
COPY rules ./rules
COPY service ./service
COPY muggins ./muggins

# Versions are pinned by constraints.txt, which CI uses too.
# hadolint ignore=DL3013
RUN pip install --no-cache-dir -c constraints.txt .

# A numeric non-root user: Kubernetes can verify runAsNonRoot without a passwd lookup.
USER 10001:10001

ENV BIND=0.0.0.0:8000
EXPOSE 8000

# No curl in a slim image: ask the service with the Python that is already there.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]

ENTRYPOINT ["gunicorn", "--config", "gunicorn.conf.py", "service:create_app()"]
