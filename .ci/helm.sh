#!/usr/bin/env bash
# Checks the chart: helm lint --strict, and helm template with the default values and with every
# optional feature on (helm/tarock/ci/all-features-values.yaml), each rendering validated against
# the Kubernetes schemas of KUBE_VERSION and checked for what the chart promises. Also checks
# that values.schema.json refuses an unknown key and that the chart refuses settings that cannot
# work.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

KUBE_VERSION=1.37.0
CHART=helm/tarock
ALL="$CHART/ci/all-features-values.yaml"

step "helm chart"
ci_python_tools
install_helm
note "helm $("$HELM" version --template '{{.Version}}'), kubernetes-validate $(python3 -c 'import kubernetes_validate.version as v; print(v.__version__)'), Kubernetes $KUBE_VERSION"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

"$HELM" lint --strict --quiet "$CHART"
"$HELM" lint --strict --quiet "$CHART" -f "$ALL"
note "helm lint --strict: default values and all features"

"$HELM" template tarock "$CHART" --namespace games --kube-version "$KUBE_VERSION" >"$out/default.yaml"
"$HELM" template tarock "$CHART" --namespace games --kube-version "$KUBE_VERSION" -f "$ALL" >"$out/all.yaml"
python3 .ci/check-manifests.py --kube-version "$KUBE_VERSION" --expect default "$out/default.yaml"
python3 .ci/check-manifests.py --kube-version "$KUBE_VERSION" --expect all "$out/all.yaml"

# Settings the chart must refuse: an unknown key (values.schema.json), a wrong type, and
# combinations the schema cannot express.
refuse() {
    local why="$1" expect="$2"
    shift 2
    if "$HELM" template tarock "$CHART" "$@" >/dev/null 2>"$out/err"; then
        echo "error: the chart accepted $why ($*)" >&2
        return 1
    fi
    if ! grep -q -- "$expect" "$out/err"; then
        echo "error: the chart refused $why ($*), but not with '$expect':" >&2
        cat "$out/err" >&2
        return 1
    fi
}
refuse "an unknown top-level key" "additional properties 'unknownKey' not allowed" --set unknownKey=1
refuse "an unknown nested key" "additional properties 'unknownKey' not allowed" --set server.unknownKey=1
refuse "a port of the wrong type" "/server/port" --set server.port=grpc
refuse "refuseOpenRecords without a key ring" "needs sealing.existingSecret" --set sealing.refuseOpenRecords=true
refuse "a grace period shorter than drain plus grace" "must exceed" --set terminationGracePeriodSeconds=10
refuse "an idle timeout within the keepalive interval" "must exceed server.keepaliveSecs" \
    --set server.idleTimeoutSecs=30
refuse "a ServiceMonitor without metrics" "needs metrics.enabled" \
    --set metrics.enabled=false --set metrics.serviceMonitor.enabled=true
note "values refused: unknown keys, wrong types, impossible combinations"
