#!/usr/bin/env python3
"""Generates tarock/v1/engine_pb2.py and engine_pb2_grpc.py from proto/tarock/v1/engine.proto.

The generated modules are committed (the package installs without grpcio-tools); .ci/python.sh
runs this with --check, which fails when they differ from what the proto generates.

    python python/tools/gen_proto.py [--proto-root DIR] [--check]
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "tarock"
PROTO_FILE = "tarock/v1/engine.proto"
GENERATED = ("engine_pb2.py", "engine_pb2_grpc.py")


def generate(proto_root: Path, out: Path) -> None:
    import grpc_tools
    from grpc_tools import protoc

    include = Path(grpc_tools.__file__).parent / "_proto"
    rc = protoc.main(
        [
            "grpc_tools.protoc",
            f"-I{proto_root}",
            f"-I{include}",
            f"--python_out={out}",
            f"--grpc_python_out={out}",
            PROTO_FILE,
        ]
    )
    if rc != 0:
        raise SystemExit(f"protoc failed with exit code {rc}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--proto-root", type=Path, default=HERE.parents[1] / "proto")
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        generate(args.proto_root, Path(tmp))
        stale = []
        for name in GENERATED:
            new = Path(tmp) / "tarock" / "v1" / name
            old = PACKAGE / "v1" / name
            if not old.exists() or not filecmp.cmp(new, old, shallow=False):
                stale.append(name)
                if not args.check:
                    shutil.copyfile(new, old)
    if args.check and stale:
        print(
            f"error: python/tarock/v1/{', '.join(stale)} differ from what {PROTO_FILE} generates; "
            "run python python/tools/gen_proto.py",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
