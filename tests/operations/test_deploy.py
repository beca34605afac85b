"""The Kubernetes manifests and the Dockerfile agree with the service they run."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def load(name: str) -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", ["deployment.yaml", "service.yaml", "hpa.yaml"])
def test_valid_kubernetes(name: str) -> None:
    kubernetes_validate.validate(load(name), "1.30", strict=True)


def test_kustomization_lists_every_manifest() -> None:
    kustomization = load("kustomization.yaml")
    assert set(kustomization["resources"]) == {"deployment.yaml", "service.yaml", "hpa.yaml"}
    # The front's config map is generated from the template `make stack` uses.
    generated = {g["name"]: g["files"] for g in kustomization["configMapGenerator"]}
    volumes = load("deployment.yaml")["spec"]["template"]["spec"]["volumes"]
    maps = {v["configMap"]["name"] for v in volumes if "configMap" in v}
    assert maps == set(generated)
    for files in generated.values():
        for entry in files:
            key, _, path = entry.partition("=")
            assert key.endswith(".template") and (DEPLOY / path).is_file()


def _containers() -> dict[str, dict[str, Any]]:
    pod = load("deployment.yaml")["spec"]["template"]["spec"]
    return {c["name"]: c for c in pod["containers"]}


def test_the_front_is_configured_from_the_manifest() -> None:
    """Every variable the template needs is set on the front container, and the
    front's upstream is where gunicorn listens."""
    template = (DEPLOY / "front" / "muggins.conf.template").read_text(encoding="utf-8")
    needed = set(re.findall(r"\$\{(MUGGINS_[A-Z_]+)\}", template))
    containers = _containers()
    front = {e["name"]: e["value"] for e in containers["front"]["env"]}
    app = {e["name"]: e["value"] for e in containers["muggins"]["env"]}
    assert needed == set(front)
    assert front["MUGGINS_UPSTREAM"] == app["BIND"]
    # The front lets the app's browser apps read its own answers (a 429) too.
    assert front["MUGGINS_CORS_ORIGINS"] == app["CORS_ORIGINS"]
    assert app["BIND"].startswith("127.0.0.1:")  # only the front reaches gunicorn
    ports = {p["name"]: p["containerPort"] for p in containers["front"]["ports"]}
    assert front["MUGGINS_LISTEN"] == str(ports["http"])
    assert front["MUGGINS_OPS_LISTEN"] == str(ports["ops"])
    pod = load("deployment.yaml")["spec"]["template"]
    assert pod["metadata"]["annotations"]["prometheus.io/port"] == str(ports["ops"])
    assert "ports" not in containers["muggins"]


def test_gunicorn_boots_with_the_manifests_environment_and_mounts(tmp_path: Path) -> None:
    """The muggins container as the Deployment declares it: its env, a read-only root,
    and an empty /tmp (the emptyDir). Run in a private mount namespace (root only)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        reason = "needs root and unshare for a private mount namespace"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    container = _containers()["muggins"]
    env = {e["name"]: e["value"] for e in container["env"]}
    assert all(m["mountPath"] == "/tmp" for m in container["volumeMounts"])
    port = _free_port()
    # The one change: a free port instead of the pod's fixed 8001.
    env.update(BIND=f"127.0.0.1:{port}", PATH=os.environ.get("PATH", "/usr/bin:/bin"))
    script = ("mount -t tmpfs -o mode=1777 tmpfs /tmp && mount --bind / / && "
              "mount -o remount,bind,ro / && exec \"$0\" -m gunicorn --config gunicorn.conf.py "
              "'service:create_app()'")
    if ROOT.resolve().is_relative_to("/tmp"):
        # A checkout that itself lives under /tmp (a CI clone may) is carried over the
        # empty /tmp, or the container would have no code to run.
        where = shlex.quote(str(ROOT.resolve()))
        script = (f"mount --bind {where} /mnt && mount -t tmpfs -o mode=1777 tmpfs /tmp && "
                  f"mkdir -p {where} && mount --bind /mnt {where} && "
                  + script.removeprefix("mount -t tmpfs -o mode=1777 tmpfs /tmp && "))
    server = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                               script, sys.executable], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        answered = None
        for _ in range(300):
            if server.poll() is not None:
                break
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as r:
                    answered = r.status
                    break
            except OSError:
                time.sleep(0.05)
        assert server.poll() is None, server.communicate()[0].decode()
        assert answered == 200
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0].decode()
    assert server.returncode == 0, output
    assert "Traceback" not in output and "Control server error" not in output, output


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_probes_point_at_real_endpoints(client: FlaskClient) -> None:
    container = _containers()["muggins"]
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        path = container[probe]["httpGet"]["path"]
        assert client.get(path).status_code == 200, probe
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["resources"]["limits"]["cpu"] and container["resources"]["limits"]["memory"]


def test_the_pieces_fit_together() -> None:
    deployment, service, hpa = load("deployment.yaml"), load("service.yaml"), load("hpa.yaml")
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    container = _containers()["muggins"]
    env = {e["name"]: e["value"] for e in container["env"]}
    # The Service reaches the front, never gunicorn.
    front = _containers()["front"]
    assert service["spec"]["ports"][0]["targetPort"] == "http"
    assert "http" in {p["name"] for p in front["ports"]}
    assert front["securityContext"]["readOnlyRootFilesystem"] is True
    # The same non-root user as the image.
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    user = re.search(r"^USER (\d+):(\d+)$", dockerfile, re.MULTILINE)
    assert user is not None
    assert pod["spec"]["securityContext"]["runAsUser"] == int(user.group(1))
    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    # A read-only root needs somewhere for the metrics files.
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert env["PROMETHEUS_MULTIPROC_DIR"].startswith(tuple(mounts))
    # Drain, then stop: the preStop hook creates the very file the pod watches, somewhere
    # writable, and the grace period covers its pause plus gunicorn's graceful timeout.
    drain = env["MUGGINS_DRAIN_FILE"]
    assert drain.startswith(tuple(mounts))
    hook = " ".join(container["lifecycle"]["preStop"]["exec"]["command"])
    assert f"open('{drain}', 'w')" in hook
    pause = float(re.search(r"sleep\((\d+)\)", hook).group(1))  # type: ignore[union-attr]
    conf = (ROOT / "gunicorn.conf.py").read_text(encoding="utf-8")
    graceful = int(re.search(r"^graceful_timeout = (\d+)$", conf, re.MULTILINE).group(1))  # type: ignore[union-attr]
    readiness = container["readinessProbe"]
    assert pause > readiness["periodSeconds"] * readiness["failureThreshold"]
    assert pod["spec"]["terminationGracePeriodSeconds"] >= pause + graceful
