#!/usr/bin/env bash
# Lints proto/ with buf at the STANDARD and COMMENTS levels (buf.yaml at the repository root),
# and checks that it breaks nothing a client compiled against the published API relies on:
# `buf breaking` against the API as of proto/BASELINE (a commit of main). Change the baseline
# only for a deliberate breaking change, in the commit that makes it.
set -euo pipefail
source "$(dirname "$0")/tools.sh"
cd "$ROOT"

step "proto lint"
ci_python_tools
note "buf $(buf --version)"
buf lint
note "buf lint: no findings"
baseline="$(tr -d '[:space:]' < proto/BASELINE)"
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "error: proto/BASELINE names $baseline, which this clone does not have" >&2
    exit 1
fi
buf breaking --against ".git#ref=$baseline,subdir=proto"
note "buf breaking: nothing broken since $baseline"
