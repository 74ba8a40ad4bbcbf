"""Waits until every tarock-server given reports grpc.health.v1 SERVING, or fails when one
exits first or takes over 30 s. Arguments: PORT:PID, one per server (named A, B, ... in
messages when there are several). Needs grpcio and grpcio-health-checking."""
import os
import string
import sys
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

deadline = time.monotonic() + 30
servers = sys.argv[1:]
for i, arg in enumerate(servers):
    name = f"tarock-server {string.ascii_uppercase[i]}" if len(servers) > 1 else "tarock-server"
    port, pid = (int(x) for x in arg.split(":"))
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while True:
            try:
                request = health_pb2.HealthCheckRequest()
                if health.Check(request, timeout=1).status == health_pb2.HealthCheckResponse.SERVING:
                    break
            except grpc.RpcError:
                pass
            try:
                os.kill(pid, 0)
            except OSError:
                sys.exit(f"{name} exited before it was SERVING")
            if time.monotonic() > deadline:
                sys.exit(f"{name} did not report SERVING within 30 s")
            time.sleep(0.1)
