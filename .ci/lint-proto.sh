#!/usr/bin/env bash
# Lints proto/ with buf at the STANDARD and COMMENTS levels (buf.yaml at the repository root).
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

step "proto lint"
ci_python_tools
note "buf $(buf --version)"
buf lint
note "buf lint: no findings"
