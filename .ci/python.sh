#!/usr/bin/env bash
# The Python package (python/): installs its pinned requirements into a virtual environment under
# .ci/tools/, checks that the committed gRPC stubs match the proto, builds the native module with
# maturin (release) and installs the package, builds tarock-server (release; or takes
# $TAROCK_SERVER_BIN), and runs pytest, whose fixture starts the server on a free loopback port.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

VENV="$TOOLS/python-pkg"

step "python package dependencies"
need_pip
want="$({ "$PYTHON" --version; cat python/requirements.txt; } | sha256sum | cut -d' ' -f1)"
if [[ ! -f "$VENV/.stamp" || "$(cat "$VENV/.stamp")" != "$want" ]]; then
    note "creating ${VENV#"$ROOT"/} and installing python/requirements.txt"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 "$VENV/bin/python" -m pip install --quiet \
        -r python/requirements.txt
    echo "$want" >"$VENV/.stamp"
fi
py="$VENV/bin/python"
note "$("$py" -c 'import sys, numpy, grpc; print("python", sys.version.split()[0], "numpy", numpy.__version__, "grpcio", grpc.__version__)')"

step "gRPC stubs match proto/tarock/v1/engine.proto"
"$py" python/tools/gen_proto.py --check

step "the tarock package (maturin, release)"
rm -rf python/dist
"$VENV/bin/maturin" build --release --manifest-path python/Cargo.toml --out python/dist --interpreter "$py" --quiet
"$py" -m pip install --quiet --force-reinstall --no-deps python/dist/tarock-*.whl

if [[ -z "${TAROCK_SERVER_BIN:-}" ]]; then
    step "tarock-server (release build)"
    cargo build --release -p tarock-service
    target_dir="$(cargo metadata --format-version 1 --no-deps | "$py" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
    export TAROCK_SERVER_BIN="$target_dir/release/tarock-server"
fi
note "server: $TAROCK_SERVER_BIN"

step "pytest (python/tests)"
# From the tests' directory, so that `import tarock` is the installed package, not the source.
cd python/tests
"$py" -m pytest -q -p no:cacheprovider .
