#!/usr/bin/env bash
# Fuzz the engine's file readers with libFuzzer under ASan+UBSan (preset "fuzz", clang-14).
# usage: scripts/fuzz.sh TARGET|all [SECONDS]
#   TARGET: scenario (also takes) | controls | hull | vehicle (descriptions) | problem (OCP files)
#   SECONDS per target (default 3600). Seeds: tests/fuzz/TARGET/ (read only), dictionary
#   tests/fuzz/TARGET.dict if present; inputs the fuzzer
#   finds go to build-fuzz/corpus/TARGET/, crashing inputs to build-fuzz/artifacts/TARGET/.
# Exits non-zero when a target crashes, times out (25 s per input: ASan+UBSan at -O1 is up
# to ~60x slower than the release build, e.g. a 51-subdivision box hull 5 s) or exceeds 2 GB.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET|all [SECONDS]}
seconds=${2:-3600}
targets=()
if [ "$target" = all ]; then
  for d in tests/fuzz/*/; do targets+=("$(basename "$d")"); done
else
  [ -f "tests/fuzz/fuzz_$target.cpp" ] || { echo "fuzz.sh: no target '$target' (tests/fuzz/fuzz_$target.cpp)" >&2; exit 2; }
  targets=("$target")
fi
[ -f build-fuzz/build.ninja ] || cmake --preset fuzz >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]/#/fuzz_}"
for t in "${targets[@]}"; do
  echo "== fuzz_$t for ${seconds} s"
  mkdir -p "build-fuzz/corpus/$t" "build-fuzz/artifacts/$t"
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "build-fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$t/" "${dict[@]}" \
    "build-fuzz/corpus/$t" "tests/fuzz/$t"
done
