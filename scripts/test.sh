#!/usr/bin/env bash
# Install dependencies, build, and run every test: the release preset, then one ASan+UBSan
# build (clang, preset fuzz) for the engine's unit tests and each libFuzzer target for a short
# fixed budget (scripts/fuzz.sh for long runs). The app's threading tests also run under
# ThreadSanitizer in the release build (LIERIDE_TSAN_THREADS: the threading core instrumented,
# linked to the release engine). Presets asan and tsan build the unit tests and the threading
# tests with everything instrumented, for local use.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)

echo "== release build and tests (at ${SECONDS} s)"
cmake --preset release -DLIERIDE_TSAN_THREADS=ON >/dev/null
cmake --build --preset release -j "$jobs"
# The Khronos glTF validator for the export test (skipped without node/npm or the registry).
if command -v npm >/dev/null 2>&1 && [ ! -d build/node/node_modules/gltf-validator ]; then
  npm install --prefix build/node --no-audit --no-fund gltf-validator@2.0.0-dev.3.10 >/dev/null 2>&1 ||
    echo "gltf-validator not installed (npm failed): the validator test is skipped"
fi
ctest --preset release -j "$jobs" --timeout 600

echo "== asan+ubsan build (clang-14, preset fuzz): the engine's tests and the libFuzzer targets (at ${SECONDS} s)"
# One sanitizer build of the engine serves both: the unit tests of the engine areas and the
# fuzz targets of tests/fuzz (the engine compiled once, with libFuzzer's coverage
# instrumentation, which the tests do not mind). The suppressions also while building: test
# discovery runs the binaries (tests/lsan.supp).
cmake --preset fuzz >/dev/null
export ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0" UBSAN_OPTIONS=print_stacktrace=1
cmake --build --preset fuzz -j "$jobs" --target test_core test_se3 test_planar test_boat test_ocp test_sim fuzz_all
# Three long-horizon property tests (10^5-step energy and scene sweeps, 20-30 s in the release
# build, 6x that under ASan with libFuzzer's instrumentation) run in the release stage only;
# their code paths run here in the shorter tests of the same areas.
long='energy of every variational integrator is bounded with no drift|the boat scenes run with every integrator'
long+='|the CSV energy of a variational integrator is the O.h.2. oscillation'
ctest --preset fuzz -j "$jobs" --timeout 900 -L "core|se3|planar|boat|ocp|sim" -E "$long"
unset ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS
echo "== libFuzzer targets of tests/fuzz, 10 s each; a crash fails (at ${SECONDS} s)"
for f in tests/fuzz/fuzz_*.cpp; do
  t=$(basename "$f" .cpp); t=${t#fuzz_}
  if ! scripts/fuzz.sh "$t" 10 >"build-fuzz/fuzz_$t.log" 2>&1; then
    tail -n 60 "build-fuzz/fuzz_$t.log"
    echo "fuzz target $t failed: the input is in build-fuzz/artifacts/$t/" >&2
    exit 1
  fi
  grep -E "^(stat::number_of_executed_units|Done)" "build-fuzz/fuzz_$t.log" || true
done

echo "== all tests passed (at ${SECONDS} s)"
