# syntax=docker/dockerfile:1
# The tarock-server image: a release build without debug information (the `dist` profile) in
# the Rust image, copied onto distroless cc (glibc, libgcc, CA certificates; no shell, no
# package manager), running as the image's nonroot user (uid and gid 65532, the chart's
# runAsUser).
#
#   docker build -t tarock-server:0.1.0 .
#   docker run --rm -p 50051:50051 tarock-server:0.1.0

# Bookworm, to match the glibc of distroless debian12.
ARG RUST_VERSION=1.95
FROM rust:${RUST_VERSION}-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --profile dist -p tarock-service --locked \
    && cp target/dist/tarock-server /usr/local/bin/tarock-server

FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /usr/local/bin/tarock-server /usr/local/bin/tarock-server
USER 65532:65532
# gRPC (also gRPC-Web, grpc.health.v1 and reflection) and, with --metrics-listen, Prometheus.
EXPOSE 50051 9090
ENTRYPOINT ["/usr/local/bin/tarock-server"]
CMD ["--listen", "0.0.0.0:50051"]
