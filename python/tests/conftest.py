"""Fixtures: the variants and table sizes, and a real tarock-server for the gRPC tests.

The server is ``$TAROCK_SERVER_BIN`` or the workspace's ``target/release/tarock-server``; when
neither exists it is built with ``cargo build --release -p tarock-service`` (minutes on a
small machine). It listens on a free loopback port and is stopped with SIGTERM at the end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

import tarock

REPO = Path(__file__).resolve().parents[2]

VARIANT_TABLES = [(v["id"], n) for v in tarock.variants() for n in v["seats"]]


def pytest_generate_tests(metafunc):
    if "variant_table" in metafunc.fixturenames:
        metafunc.parametrize(
            "variant_table", VARIANT_TABLES, ids=[f"{v}-{n}" for v, n in VARIANT_TABLES]
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_binary() -> Path:
    given = os.environ.get("TAROCK_SERVER_BIN")
    if given:
        path = Path(given)
        if not path.is_file():
            pytest.fail(f"TAROCK_SERVER_BIN={given} is not a file", pytrace=False)
        return path
    path = REPO / "target" / "release" / "tarock-server"
    if not path.is_file():
        print(f"\n{path} is missing: building it (cargo build --release -p tarock-service)")
        r = subprocess.run(["cargo", "build", "--release", "-p", "tarock-service"], cwd=REPO)
        if r.returncode != 0 or not path.is_file():
            pytest.fail("could not build tarock-server (cargo build --release -p tarock-service)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def server():
    """The address of a running tarock-server that serves the Play stream."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from tarock.v1 import engine_pb2 as pb
    from tarock.v1 import engine_pb2_grpc as pb_grpc

    binary = server_binary()
    target = f"127.0.0.1:{free_port()}"
    env = dict(os.environ, TAROCK_DRAIN_DELAY_SECS="0")
    proc = subprocess.Popen(
        [str(binary), "--listen", target], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    channel = grpc.insecure_channel(target)
    try:
        health = health_pb2_grpc.HealthStub(channel)
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"{binary} exited with {proc.returncode} before serving: {proc.stderr.read().decode()[-2000:]}",
                    pytrace=False,
                )
            try:
                r = health.Check(health_pb2.HealthCheckRequest(), timeout=1)
                if r.status == health_pb2.HealthCheckResponse.SERVING:
                    break
            except grpc.RpcError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{binary} did not report SERVING within 30 s", pytrace=False)
            time.sleep(0.1)
        stub = pb_grpc.EngineServiceStub(channel)
        try:
            stub.DescribeEncodings(pb.DescribeEncodingsRequest(variant="hungarian-illustrated"), timeout=5)
        except grpc.RpcError as e:
            pytest.fail(
                f"{binary} does not serve DescribeEncodings/Play ({e.code().name}): build tarock-server "
                "from a tree with the Play stream, or point TAROCK_SERVER_BIN at one",
                pytrace=False,
            )
        yield target
    finally:
        channel.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
