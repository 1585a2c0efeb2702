#!/usr/bin/env bash
# Builds Glass and runs a bundled OpenMP example on it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
mkdir -p "$build/examples"
gcc -fopenmp -O2 "$root/examples/hello.c" -o "$build/examples/hello"
LD_LIBRARY_PATH="$build/lib" "$build/examples/hello"
