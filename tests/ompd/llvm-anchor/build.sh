#!/usr/bin/env bash
# Builds LLVM's own OpenMP runtime (libomp), of the version Debian ships, into
# DIR/lib/libomp.so.5. Two flavours:
#
# - default: RelWithDebInfo with OMPD support and its symbols left in .symtab.
#   Debian's libomp.so.5 is built with OMPD but stripped, so Debian's
#   libompd.so cannot find the runtime's ompd_* symbols in it; this rebuilt
#   copy is the "LLVM anchor" that shows gdb/glass-ompd.py driving a
#   third-party OMPD library.
# - --release: Release (-O3 -DNDEBUG, hence no KMP_DEBUG tracing), OMPT on,
#   OMPD off, assertions off, as an LLVM release build configures it: the
#   fast libomp bench/run compares Glass with. RelWithDebInfo, which Debian
#   uses, compiles libomp's KA_TRACE/KF_TRACE debug tracing in.
#
#   usage: build.sh [--release] DIR [CACHE_DIR...]
#          (prints DIR/lib/libomp.so.5 when done)
# The sources come from fetch.sh (CACHE_DIRs: other DIRs whose tarball or
# extracted tree it reuses instead of downloading). The build is cached in
# DIR: a second run is instant. cmake's output goes to DIR/cmake.log and
# DIR/build.log; on failure their last lines go to stderr.
set -eu
release=false
if [ "${1:-}" = --release ]; then release=true; shift; fi
dir=${1:?usage: build.sh [--release] DIR [CACHE_DIR...]}
shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
lib=$dir/lib/libomp.so.5
if [ -f "$lib" ]; then echo "$lib"; exit 0; fi

tree=$("$(dirname "$0")/fetch.sh" "$dir" "$@")

if $release; then
  flavour=(-DCMAKE_BUILD_TYPE=Release -DLIBOMP_OMPD_SUPPORT=OFF -DLIBOMP_ENABLE_ASSERTIONS=OFF)
else
  # RelWithDebInfo and no strip: the runtime's ompd_* variables stay in .symtab
  # (the export map makes them local, which gdb's minimal symbols still see).
  flavour=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DLIBOMP_OMPD_SUPPORT=ON)
fi
# Debian builds its libomp with clang; any C++ compiler will do.
cc=gcc cxx=g++
if command -v clang-14 >/dev/null && command -v clang++-14 >/dev/null; then cc=clang-14 cxx=clang++-14; fi
cmake -S "$tree/openmp" -B "$dir/build" "${flavour[@]}" \
  -DCMAKE_C_COMPILER=$cc -DCMAKE_CXX_COMPILER=$cxx \
  -DLIBOMP_OMPT_SUPPORT=ON -DOPENMP_ENABLE_LIBOMPTARGET=OFF \
  -DLIBOMP_USE_HWLOC=OFF -DOPENMP_STANDALONE_BUILD=ON -DOPENMP_ENABLE_TESTING=OFF >"$dir/cmake.log" 2>&1 \
  || { tail -20 "$dir/cmake.log" >&2; exit 1; }
cmake --build "$dir/build" --target omp -j2 >"$dir/build.log" 2>&1 || { tail -20 "$dir/build.log" >&2; exit 1; }
mkdir -p "$dir/lib"
built=$(find "$dir/build" -name 'libomp.so' | head -1)
cp "$built" "$lib.tmp"
mv "$lib.tmp" "$lib"
echo "$lib"
