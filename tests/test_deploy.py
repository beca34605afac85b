"""The Kubernetes manifests and the Dockerfile agree with the service they run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def load(name: str) -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", ["deployment.yaml", "service.yaml", "hpa.yaml"])
def test_valid_kubernetes(name: str) -> None:
    kubernetes_validate.validate(load(name), "1.30", strict=True)


def test_kustomization_lists_every_manifest() -> None:
    listed = set(load("kustomization.yaml")["resources"])
    assert listed == {"deployment.yaml", "service.yaml", "hpa.yaml"}


def test_probes_point_at_real_endpoints(client: FlaskClient) -> None:
    container = load("deployment.yaml")["spec"]["template"]["spec"]["containers"][0]
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
    container = pod["spec"]["containers"][0]
    env = {e["name"]: e["value"] for e in container["env"]}
    port = container["ports"][0]["containerPort"]
    assert env["BIND"].endswith(f":{port}")
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
