#!/usr/bin/env python3
"""Validates manifests rendered by `helm template` and checks what the chart promises.

Every resource is validated, strictly (unknown fields are errors), against the Kubernetes
OpenAPI schemas that kubernetes-validate ships for --kube-version. The ServiceMonitor, a
prometheus-operator custom resource that those schemas do not cover, is checked against the
schema below of the fields the chart sets. A resource of any other kind without a schema fails.

Then the chart's promises are checked: the Deployment's native gRPC probes, non-root fixed uid,
read-only root filesystem, dropped capabilities, RuntimeDefault seccomp, no service-account token,
resources and topology spread; the Services; and, by --expect, which optional resources and
sealing settings are present.
"""

from __future__ import annotations

import argparse
import sys

import jsonschema
import kubernetes_validate
import yaml

DURATION = {"type": "string", "pattern": r"^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$"}
LABELS = {"type": "object", "additionalProperties": {"type": "string"}}
SERVICE_MONITOR = {
    "type": "object",
    "additionalProperties": False,
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "monitoring.coreos.com/v1"},
        "kind": {"const": "ServiceMonitor"},
        "metadata": {
            "type": "object",
            "required": ["name"],
            "properties": {"name": {"type": "string"}, "namespace": {"type": "string"}, "labels": LABELS},
        },
        "spec": {
            "type": "object",
            "additionalProperties": False,
            "required": ["selector", "endpoints"],
            "properties": {
                "namespaceSelector": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"any": {"type": "boolean"}, "matchNames": {"type": "array", "items": {"type": "string"}}},
                },
                "selector": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "matchLabels": LABELS,
                        "matchExpressions": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["key", "operator"],
                                "properties": {
                                    "key": {"type": "string"},
                                    "operator": {"enum": ["In", "NotIn", "Exists", "DoesNotExist"]},
                                    "values": {"type": "array", "items": {"type": "string"}},
                                },
                            },
                        },
                    },
                },
                "endpoints": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "port": {"type": "string"},
                            "path": {"type": "string"},
                            "scheme": {"enum": ["http", "https", "HTTP", "HTTPS"]},
                            "interval": DURATION,
                            "scrapeTimeout": DURATION,
                        },
                    },
                },
            },
        },
    },
}

STANDARD_LABELS = [
    "app.kubernetes.io/name",
    "app.kubernetes.io/instance",
    "app.kubernetes.io/version",
    "app.kubernetes.io/component",
    "app.kubernetes.io/part-of",
    "app.kubernetes.io/managed-by",
    "helm.sh/chart",
]


class Checks:
    def __init__(self) -> None:
        self.failures: list[str] = []

    def __call__(self, cond: bool, what: str) -> None:
        if not cond:
            self.failures.append(what)


def validate(docs: list[dict], version: str, check: Checks) -> None:
    for doc in docs:
        name = f"{doc.get('kind')}/{doc.get('metadata', {}).get('name')}"
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.SchemaNotFoundError:
            if doc.get("apiVersion") == "monitoring.coreos.com/v1" and doc.get("kind") == "ServiceMonitor":
                errors = list(jsonschema.Draft7Validator(SERVICE_MONITOR).iter_errors(doc))
                for e in errors:
                    check(False, f"{name}: {'/'.join(map(str, e.absolute_path))}: {e.message}")
            else:
                check(False, f"{name}: no schema for {doc.get('apiVersion')} {doc.get('kind')} in Kubernetes {version}")
        except kubernetes_validate.ValidationError as e:
            check(False, f"{name}: {'/'.join(map(str, e.path))}: {e.message}")


def chart_promises(docs: list[dict], expect: str, check: Checks) -> None:
    by_kind: dict[str, list[dict]] = {}
    for doc in docs:
        by_kind.setdefault(doc["kind"], []).append(doc)
        labels = doc["metadata"].get("labels", {})
        for key in STANDARD_LABELS:
            check(key in labels, f"{doc['kind']}/{doc['metadata']['name']}: label {key}")

    always = {"Deployment", "Service", "ServiceAccount", "HorizontalPodAutoscaler", "PodDisruptionBudget"}
    optional = {"NetworkPolicy", "ServiceMonitor"}
    kinds = set(by_kind)
    check(always <= kinds, f"missing kinds: {sorted(always - kinds)}")
    if expect == "all":
        check(optional <= kinds, f"missing optional kinds: {sorted(optional - kinds)}")
    else:
        check(not (optional & kinds), f"optional kinds rendered by default: {sorted(optional & kinds)}")
    check(kinds <= always | optional, f"unexpected kinds: {sorted(kinds - always - optional)}")

    services = by_kind.get("Service", [])
    check(len(services) == 2, f"{len(services)} Services, expected the balanced and the headless one")
    headless = [s for s in services if s["spec"].get("clusterIP") == "None"]
    check(len(headless) == 1, "one headless Service")
    check(all(s["spec"].get("type", "ClusterIP") == "ClusterIP" for s in services), "Services are ClusterIP")

    (dep,) = by_kind["Deployment"]
    pod = dep["spec"]["template"]["spec"]
    (c,) = pod["containers"]
    psc, csc = pod.get("securityContext", {}), c.get("securityContext", {})
    check(pod.get("automountServiceAccountToken") is False, "no service-account token")
    check(psc.get("runAsNonRoot") is True and isinstance(psc.get("runAsUser"), int) and psc["runAsUser"] > 0, "pod runs as a fixed non-root uid")
    check(psc.get("seccompProfile", {}).get("type") == "RuntimeDefault", "seccomp RuntimeDefault")
    check(csc.get("readOnlyRootFilesystem") is True, "read-only root filesystem")
    check(csc.get("allowPrivilegeEscalation") is False, "no privilege escalation")
    check(csc.get("capabilities", {}).get("drop") == ["ALL"], "all capabilities dropped")
    check(bool(c.get("resources", {}).get("requests")) and bool(c.get("resources", {}).get("limits")), "resources set")
    check(len(pod.get("topologySpreadConstraints", [])) > 0, "topology spread")
    grpc_port = next(p["containerPort"] for p in c["ports"] if p["name"] == "grpc")
    for probe in ("livenessProbe", "readinessProbe"):
        check(c.get(probe, {}).get("grpc", {}).get("port") == grpc_port, f"{probe} is a native gRPC probe on the gRPC port")
    check(f"--listen=0.0.0.0:{grpc_port}" in c.get("args", []), "listens on all addresses at the gRPC port")
    pdb = by_kind["PodDisruptionBudget"][0]["spec"]
    hpa = by_kind["HorizontalPodAutoscaler"][0]
    check(hpa["apiVersion"] == "autoscaling/v2", "HPA is autoscaling/v2")
    check(hpa["spec"]["scaleTargetRef"]["name"] == dep["metadata"]["name"], "HPA scales the Deployment")
    check(pdb["selector"]["matchLabels"] == dep["spec"]["selector"]["matchLabels"], "PDB selects the Deployment's pods")

    env = {e["name"]: e.get("value") for e in c.get("env", [])}
    annotations = dep["spec"]["template"]["metadata"].get("annotations", {})
    if expect == "all":
        check(env.get("TAROCK_KEYS_DIR") == "/etc/tarock/keys", "TAROCK_KEYS_DIR with a sealing secret")
        check(env.get("TAROCK_REFUSE_OPEN_RECORDS") == "true", "TAROCK_REFUSE_OPEN_RECORDS when asked")
        check(len(annotations.get("checksum/sealing-keys", "")) > 0, "checksum/sealing-keys annotation")
        mounts = {m["name"]: m for m in c.get("volumeMounts", [])}
        keys = mounts.get("sealing-keys", {})
        check(keys.get("mountPath") == "/etc/tarock/keys" and keys.get("readOnly") is True, "keys mounted read-only at /etc/tarock/keys")
        vols = {v["name"]: v for v in pod.get("volumes", [])}
        check("secret" in vols.get("sealing-keys", {}), "keys volume from a Secret")
        check(bool(env.get("OTEL_EXPORTER_OTLP_ENDPOINT")), "OTLP endpoint from values")
        (sm,) = by_kind["ServiceMonitor"]
        check(sm["spec"]["endpoints"][0]["port"] == "metrics", "ServiceMonitor scrapes the metrics port")
    else:
        check("TAROCK_KEYS_DIR" not in env and "TAROCK_REFUSE_OPEN_RECORDS" not in env, "no key ring by default")
        check("checksum/sealing-keys" not in annotations, "no key checksum by default")
        check(not pod.get("volumes"), "no volumes by default")
        check("OTEL_EXPORTER_OTLP_ENDPOINT" not in env, "no OTLP export by default")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kube-version", required=True)
    ap.add_argument("--expect", choices=["default", "all"], required=True)
    ap.add_argument("manifests")
    args = ap.parse_args()
    with open(args.manifests) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    check = Checks()
    check(len(docs) > 0, "no manifests")
    validate(docs, args.kube_version, check)
    chart_promises(docs, args.expect, check)
    for failure in check.failures:
        print(f"    FAIL {args.manifests}: {failure}", file=sys.stderr)
    if check.failures:
        print(f"    {args.manifests}: {len(check.failures)} problems", file=sys.stderr)
        return 1
    kinds = ", ".join(sorted(f"{d['kind']}/{d['metadata']['name']}" for d in docs))
    print(f"    {len(docs)} resources valid against Kubernetes {args.kube_version} (strict) and as promised: {kinds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
