#!/usr/bin/env bash
# Foreign clients against the real server: builds tarock-server (release), starts it on a free
# loopback port, waits for grpc.health.v1 SERVING, runs the Python client (grpcio) and the Node
# client (@grpc/grpc-js), each playing DEALS deals of every variant, then stops the server with
# SIGTERM and requires a clean exit.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

DEALS="${DEALS:-200}"

step "client dependencies"
install_python "$TOOLS/python-clients" tests/clients/python/requirements.txt
need_npm
node_dir=tests/clients/node
want="$({ node --version; cat "$node_dir/package-lock.json"; } | sha256sum | cut -d' ' -f1)"
if [[ ! -f "$node_dir/node_modules/.ci-stamp" || "$(cat "$node_dir/node_modules/.ci-stamp")" != "$want" ]]; then
    note "installing the Node client's packages (npm ci)"
    npm ci --prefix "$node_dir" --no-audit --no-fund --loglevel=error >/dev/null
    echo "$want" >"$node_dir/node_modules/.ci-stamp"
fi
note "python $(python3 -c 'import sys, grpc; print(sys.version.split()[0], "grpcio", grpc.__version__)'), node $(node --version) @grpc/grpc-js $(node -p "require('./$node_dir/node_modules/@grpc/grpc-js/package.json').version")"

step "tarock-server (release build)"
cargo build --release -p tarock-service
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
server_bin="$target_dir/release/tarock-server"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
log="$(mktemp)"
"$server_bin" --listen "127.0.0.1:$port" >"$log" 2>&1 &
server_pid=$!
on_exit() {
    local rc=$?
    if kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    if [[ $rc -ne 0 ]]; then
        echo "error: clients failed; the end of the server's log:" >&2
        tail -n 50 "$log" >&2
    fi
    rm -f "$log"
}
trap on_exit EXIT
# Wait for grpc.health.v1 SERVING (or the server's early exit).
python3 "$ROOT/.ci/wait_serving.py" "$port:$server_pid"
note "tarock-server pid $server_pid SERVING on 127.0.0.1:$port"

status=0
step "python client ($DEALS deals per variant)"
python3 tests/clients/python/client.py --target "127.0.0.1:$port" --deals "$DEALS" || status=1

step "node client ($DEALS deals per variant)"
node tests/clients/node/client.js --target "127.0.0.1:$port" --deals "$DEALS" || status=1

step "tarock-server shutdown (SIGTERM: NOT_SERVING, drain delay, stop)"
kill -TERM "$server_pid"
server_status=0
wait "$server_pid" || server_status=$?
if [[ $server_status -ne 0 ]]; then
    echo "error: tarock-server exited with status $server_status after SIGTERM" >&2
    status=1
else
    note "tarock-server stopped cleanly"
fi
exit "$status"
