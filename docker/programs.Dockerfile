# The programs image: the project's programs compiled from this tree
# (Release, no tests), with the list of Debian packages they load, under
# /install. docker/Dockerfile takes its binaries from here, so the runtime
# images never hold a compiler. scripts/build-images builds it, or packs into
# an image of the same shape the binaries of a tree already built and tested
# on this machine (--programs-from DIR).
ARG BASE=debian:bookworm-slim
FROM ${BASE}
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends \
      g++ cmake ninja-build pkg-config libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler \
      libssl-dev libsodium-dev libabsl-dev prometheus-cpp-dev libsqlite3-dev libcli11-dev libcpp-httplib-dev git >/dev/null
COPY . /src
RUN cmake -S /src -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release -DJUDKINS_TESTS=OFF >/dev/null \
 && cmake --build /build --parallel "$(nproc)" --target judkins-coordinator judkins judkins-worker judkins-engine \
 && /src/docker/install-programs /build /src /install
