#!/usr/bin/env bash
# Builds Glass and profiles the bundled example (examples/heat.c, a 2D heat
# simulation) on it: `glass profile` runs it on Glass and prints where each
# parallel region's time goes when it exits.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD_DIR:-$root/build}
# What is missing (cmake, gcc, libdw for source lines) is installed first.
"$root/scripts/deps.sh" demo || exit 1
cmake -S "$root" -B "$build" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
mkdir -p "$build/examples"
gcc -fopenmp -O2 -g "$root/examples/heat.c" -o "$build/examples/heat" -lm
echo "\$ glass profile examples/heat"
"$build/bin/glass" profile "$build/examples/heat"
