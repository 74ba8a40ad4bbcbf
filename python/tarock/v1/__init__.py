"""The tarock.v1 protobuf messages and gRPC stubs, generated from proto/tarock/v1/engine.proto
by tools/gen_proto.py."""
