#!/usr/bin/env bash
# Build the image and answer a hand check through it, run as the Deployment runs it:
# its numeric non-root user, a read-only root, an empty /tmp, the manifest's environment.
#
#   make image-test                    podman (Debian's podman, runc, debootstrap)
#   make image-test ENGINE=docker      docker, e.g. on a CI runner
#
# With podman and no BASE given, the Python base is built here: debootstrap makes a
# Debian bookworm root with Python 3.11, a venv in it comes first on PATH, and
# `podman import` turns it into localhost/muggins-base (the public python:3.11-slim
# cannot be pulled on the machines this was built on). BASE=python:3.11-slim uses it.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=${ENGINE:-podman}
PYTHON=${PYTHON:-.venv/bin/python}
PORT=${IMAGE_PORT:-18180}
TAG=localhost/muggins:image-test
NAME=muggins-image-test-$$
ENGINE_OPTS=()

if [ "$ENGINE" = podman ]; then
    # runc, and no default ulimits (the sandbox refuses to raise them).
    export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/deploy/image/containers.conf}
    ENGINE_OPTS=(--runtime runc)
    if [ -z "${BASE:-}" ]; then
        BASE=localhost/muggins-base:bookworm
        if ! podman image exists "$BASE"; then
            root=$(mktemp -d /var/tmp/muggins-base.XXXXXX)
            trap 'rm -rf "$root"' EXIT
            debootstrap --variant=minbase --include=python3,python3-venv bookworm "$root" >/dev/null
            # Debian's python3 refuses system-wide installs: a venv, first on PATH.
            chroot "$root" python3 -m venv /opt/venv
            tar -C "$root" -c . | podman import \
                --change 'ENV PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
                - "$BASE" >/dev/null
            rm -rf "$root"
            trap - EXIT
        fi
    fi
fi

# The host's certificate authorities (pip's, if it has its own) are lent to the build
# as a secret, for machines behind a proxy with its own: they are not kept in the image.
CA=${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}
SECRET=()
if [ -f "$CA" ]; then SECRET=(--secret "id=ca-certificates,src=$CA"); fi
"$ENGINE" build "${ENGINE_OPTS[@]}" --network=host ${BASE:+--build-arg "BASE=$BASE"} \
    "${SECRET[@]}" -t "$TAG" .

# The muggins container's environment in deploy/deployment.yaml, but for the port.
mapfile -t env_args < <("$PYTHON" - "$PORT" <<'PY'
import sys, yaml
pod = yaml.safe_load(open("deploy/deployment.yaml"))["spec"]["template"]["spec"]
muggins = next(c for c in pod["containers"] if c["name"] == "muggins")
for e in muggins["env"]:
    value = f"127.0.0.1:{sys.argv[1]}" if e["name"] == "BIND" else e["value"]
    print(f"--env={e['name']}={value}")
print(f"--user={pod['securityContext']['runAsUser']}:{pod['securityContext']['runAsGroup']}")
PY
)

"$ENGINE" run "${ENGINE_OPTS[@]}" -d --name "$NAME" --network=host --read-only \
    --tmpfs /tmp:rw,mode=1777 "${env_args[@]}" "$TAG" >/dev/null
cleanup() { "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT

answer=""
for _ in $(seq 120); do
    if answer=$("$PYTHON" - "$PORT" <<'PY' 2>/dev/null
import json, sys, urllib.request
url = f"http://127.0.0.1:{sys.argv[1]}/v1/hands/check"
body = json.dumps({"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 29}).encode()
request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
print(json.load(urllib.request.urlopen(request, timeout=5))["total"])
PY
    ); then break; fi
    sleep 0.5
done
logs=$("$ENGINE" logs "$NAME" 2>&1)
user=$("$ENGINE" exec "$NAME" id -u)
echo "image $TAG: hand check answered ${answer:-nothing}; running as uid $user"
if [ "$answer" != 29 ] || [ "$user" != 10001 ] \
        || grep -q -E 'Traceback|Control server error|Permission denied' <<<"$logs"; then
    echo "$logs" >&2
    echo "image-test: FAIL" >&2
    exit 1
fi
echo "image-test: pass"
