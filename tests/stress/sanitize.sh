#!/usr/bin/env bash
# Long mode of the reliability suite: builds Glass with AddressSanitizer and
# UndefinedBehaviorSanitizer into its own build directory and runs the runtime
# and stress tests (compiled by gcc) against it. The test programs are not
# instrumented, so the ASan runtime is preloaded (it must come first);
# UBSan reports abort the test. Not part of scripts/test.sh: it takes several
# times the normal suite. Usage: tests/stress/sanitize.sh [lit args...]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GLASS_SANITIZE_BUILD_DIR:-$root/build-sanitize}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null || exit 1
cmake --build "$build" -j "$(nproc)" >/dev/null || { cmake --build "$build" 2>&1 | tail -30; exit 1; }

lit="$(llvm-config-14 --prefix)/build/utils/lit/lit.py"
export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
python3 "$lit" -sv -j "$(nproc)" --timeout 600 --param build_dir="$build" --param compiler=gcc \
  "$root/tests/runtime" "$root/tests/stress" "$@"
