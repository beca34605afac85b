# Muggins: the cribbage referee service (gunicorn; in production behind the nginx front,
# see deploy/). The base is a build argument so that a locally built Python base can
# stand in where the public one cannot be pulled (make image-test).
ARG BASE=python:3.11-slim
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, from the hashed lock (the build backend included), so that this
# layer is reused while only the code changes. Behind a proxy with its own certificate
# authority, pass it as the secret ca-certificates (make image-test does, from PIP_CERT).
COPY requirements.lock ./
RUN --mount=type=secret,id=ca-certificates \
    if [ -f /run/secrets/ca-certificates ]; then export PIP_CERT=/run/secrets/ca-certificates; fi; \
    pip install --no-cache-dir --require-hashes --no-deps -r requirements.lock

COPY pyproject.toml README.md LICENSE openapi.yaml gunicorn.conf.py ./
COPY docs/rules.md ./docs/rules.md
COPY rules ./rules
COPY service ./service
COPY muggins ./muggins
# The project itself with its server extra (the lock above holds what it needs), built
# with the locked setuptools: nothing fetched unhashed. (DL3013 takes ".[server]" for
# a package from the index left unpinned; it is this tree.)
# hadolint ignore=DL3013
RUN pip install --no-cache-dir --no-deps --no-build-isolation ".[server]"

# A numeric non-root user: Kubernetes can verify runAsNonRoot without a passwd lookup.
USER 10001:10001

ENV BIND=0.0.0.0:8000
EXPOSE 8000

# No curl in a slim image: ask the service with the Python that is already there.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]

# python -m service checks the settings gunicorn itself would trip over, then starts it.
ENTRYPOINT ["python", "-m", "service"]
