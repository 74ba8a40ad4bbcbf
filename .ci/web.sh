#!/usr/bin/env bash
# The browser app (web/) against real servers: installs Debian's Chromium (and a font, so that
# screenshots show text), installs the app's packages from its lockfile (npm ci) and builds it,
# builds tarock-server (release; or takes $TAROCK_SERVER_BIN), and starts three servers on free
# loopback ports:
#   A  serves web/dist (--web-dir) and seals games (--keys-dir, one generated key);
#   B  allows the page's origin for gRPC-Web (--cors-origins http://127.0.0.1:<A's port>);
#   C  refuses it (--cors-origins http://refused.invalid).
# Then web/test/browser.mjs drives /usr/bin/chromium (playwright-core) against them, writing
# its screenshots to .ci/artifacts/web/.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

WEB="$ROOT/web"
ARTIFACTS="$ROOT/.ci/artifacts/web"
CHROMIUM=/usr/bin/chromium

took() { note "(took $((SECONDS - $1)) s)"; }

step "chromium and node"
t=$SECONDS
font_installed() {
    [[ "$(dpkg-query -W -f='${Status}' fonts-dejavu-core 2>/dev/null)" == "install ok installed" ]]
}
if [[ ! -x "$CHROMIUM" ]] || ! font_installed; then
    # Without recommends Debian's chromium brings no font of its own.
    apt_install chromium fonts-dejavu-core
fi
need_npm
# Debian's launcher script may print a shell warning about /dev/shm on stderr.
note "$("$CHROMIUM" --version 2>/dev/null), node $(node --version), npm $(npm --version)"
took "$t"

step "the app's packages (npm ci) and build"
t=$SECONDS
want="$({ node --version; npm --version; cat "$WEB/package-lock.json"; } | sha256sum | cut -d' ' -f1)"
if [[ ! -f "$WEB/node_modules/.ci-stamp" || "$(cat "$WEB/node_modules/.ci-stamp")" != "$want" ]]; then
    note "installing web/'s packages (npm ci)"
    npm ci --prefix "$WEB" --no-audit --no-fund --loglevel=error >/dev/null
    echo "$want" >"$WEB/node_modules/.ci-stamp"
else
    note "web/node_modules is up to date with web/package-lock.json"
fi
note "playwright-core $(node -p "require('$WEB/node_modules/playwright-core/package.json').version")"
rm -rf "$WEB/dist"
if ! npm run --silent --prefix "$WEB" build; then
    echo "error: npm run build failed in web/" >&2
    exit 1
fi
if [[ ! -f "$WEB/dist/index.html" ]]; then
    echo "error: npm run build wrote no web/dist/index.html" >&2
    exit 1
fi
took "$t"

# The health wait below uses grpcio, as .ci/clients.sh does (the same packages and stamp).
install_python "$TOOLS/python-clients" tests/clients/python/requirements.txt

if [[ -z "${TAROCK_SERVER_BIN:-}" ]]; then
    step "tarock-server (release build)"
    t=$SECONDS
    cargo build --release -p tarock-service
    target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
    TAROCK_SERVER_BIN="$target_dir/release/tarock-server"
    took "$t"
fi
note "server: $TAROCK_SERVER_BIN"

step "three servers: A serves the page, B allows its origin, C refuses it"
t=$SECONDS
tmp="$(mktemp -d)"
pids=()
names=()
browser_ran=
on_exit() {
    local rc=$?
    local i
    for i in "${!pids[@]}"; do
        kill -TERM "${pids[$i]}" 2>/dev/null || true
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" 2>/dev/null || true
    done
    if [[ $rc -ne 0 ]]; then
        echo "error: .ci/web.sh failed (status $rc)" >&2
        for i in "${!names[@]}"; do
            echo "--- the end of server ${names[$i]}'s log:" >&2
            tail -n 40 "$tmp/${names[$i]}.log" >&2 || true
        done
        if [[ -n "$browser_ran" ]]; then
            echo "screenshots and logs of the browser test: ${ARTIFACTS#"$ROOT"/}/" >&2
        fi
    fi
    rm -rf "$tmp"
}
trap on_exit EXIT

mkdir "$tmp/keys"
python3 -c 'import secrets; print(secrets.token_hex(32))' >"$tmp/keys/ci.key"

# Three distinct free ports, held together while they are chosen.
ports="$(python3 -c '
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))
')"
read -r port_a port_b port_c <<<"$ports"
origin="http://127.0.0.1:$port_a"

# start NAME PORT ARGS...: starts tarock-server on 127.0.0.1:PORT, its log in $tmp/NAME.log.
start() {
    local name="$1" port="$2"
    shift 2
    "$TAROCK_SERVER_BIN" --listen "127.0.0.1:$port" --drain-delay-secs 0 --shutdown-grace-secs 1 \
        "$@" >"$tmp/$name.log" 2>&1 &
    pids+=($!)
    names+=("$name")
}
start A "$port_a" --web-dir "$WEB/dist" --keys-dir "$tmp/keys"
start B "$port_b" --cors-origins "$origin"
start C "$port_c" --cors-origins http://refused.invalid

# Wait for grpc.health.v1 SERVING on each (or a server's early exit).
python3 "$ROOT/.ci/wait_serving.py" "$port_a:${pids[0]}" "$port_b:${pids[1]}" "$port_c:${pids[2]}"
# A must answer the page itself over plain HTTP.
python3 - "$origin/" <<'EOF'
import sys, urllib.request

with urllib.request.urlopen(sys.argv[1], timeout=10) as r:
    body = r.read()
    if r.status != 200 or b"<" not in body:
        sys.exit(f"{sys.argv[1]} answered {r.status} with {len(body)} bytes, not the page")
EOF
note "A pid ${pids[0]} on 127.0.0.1:$port_a (web/dist, sealing with one key)"
note "B pid ${pids[1]} on 127.0.0.1:$port_b (CORS: $origin)"
note "C pid ${pids[2]} on 127.0.0.1:$port_c (CORS: http://refused.invalid)"
took "$t"

step "browser test (web/test/browser.mjs in headless chromium)"
t=$SECONDS
rm -rf "$ARTIFACTS"
mkdir -p "$ARTIFACTS"
browser_ran=1
CHROMIUM="$CHROMIUM" timeout --kill-after=10 900 \
    node "$WEB/test/browser.mjs" \
    --page "http://127.0.0.1:$port_a/" \
    --cross-server "http://127.0.0.1:$port_b" \
    --refusing-server "http://127.0.0.1:$port_c" \
    --out "$ARTIFACTS"
took "$t"
note "screenshots in ${ARTIFACTS#"$ROOT"/}/:"
find "$ARTIFACTS" -type f -name '*.png' | sort | while read -r f; do note "  ${f#"$ARTIFACTS"/}"; done
