# The two sanitizer builds, configured and built in one place for
# scripts/run-tests and scripts/run-fuzzers:
#   build-asan/  clang, AddressSanitizer + UBSan, Debug at -O1 (asserts on),
#                every library instrumented for libFuzzer: the tests and the
#                fuzz targets from one build
#   build-tsan/  gcc, ThreadSanitizer, Debug at -O1
# Line tables only (-g1): reports keep file and line, the build saves a
# quarter of its time against full debug information. Unity builds (each
# target's sources compiled eight to a translation unit): the headers of
# gRPC, protobuf, Abseil and GoogleTest are parsed once per eight files, not
# once per file, for a third less of the build's compile and link time; the
# Release build stays one file per unit, so both ways are compiled. No
# benchmarks.
#   source scripts/lib/sanitizer-builds.sh
#   build_asan [TARGETS...]; build_tsan [TARGETS...]   (no target: all)

# sanitizer_build DIR COMPILER SANITIZERS FUZZ [TARGETS...]
sanitizer_build() {
  local dir=$1 compiler=$2 sanitizers=$3 fuzz=$4
  shift 4
  cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" \
    -DJUDKINS_SANITIZE="$sanitizers" -DJUDKINS_FUZZ="$fuzz" -DJUDKINS_BENCHMARKS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
  if [ $# -gt 0 ]; then
    cmake --build "$dir" --parallel "$(nproc)" --target "$@"
  else
    cmake --build "$dir" --parallel "$(nproc)"
  fi
}
build_asan() { sanitizer_build build-asan clang++ address,undefined ON "$@"; }
build_tsan() { sanitizer_build build-tsan g++ thread OFF "$@"; }
