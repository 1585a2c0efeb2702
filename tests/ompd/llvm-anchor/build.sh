#!/usr/bin/env bash
# Builds LLVM's own OpenMP runtime (libomp), of the version Debian ships, with
# OMPD support and its symbols left in .symtab, into DIR. Debian's libomp.so.5
# is built with OMPD but stripped, so Debian's libompd.so cannot find the
# runtime's ompd_* symbols in it; this rebuilt copy is the "LLVM anchor" that
# shows gdb/glass-ompd.py driving a third-party OMPD library.
#   usage: build.sh DIR      (prints DIR/lib/libomp.so.5 when done)
# The tarball and the build are cached in DIR: a second run is instant.
set -eu
dir=${1:?usage: build.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
lib=$dir/lib/libomp.so.5
if [ -f "$lib" ]; then echo "$lib"; exit 0; fi

# Upstream version of the installed libomp-14-dev (e.g. 1:14.0.6-12 -> 14.0.6).
version=$(dpkg-query -W -f '${Version}' libomp-14-dev 2>/dev/null | sed -e 's/^[0-9]*://' -e 's/-[^-]*$//' -e 's/~.*//')
[ -n "$version" ] || { echo "build.sh: libomp-14-dev is not installed" >&2; exit 1; }
tarball=llvm-toolchain-14_$version.orig.tar.xz
url=http://deb.debian.org/debian/pool/main/l/llvm-toolchain-14/$tarball
top=llvm-toolchain-14_$version

if [ ! -f "$dir/$tarball" ]; then
  if command -v curl >/dev/null; then
    curl -sSfL -o "$dir/$tarball.part" "$url"
  else
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$url" "$dir/$tarball.part"
  fi
  mv "$dir/$tarball.part" "$dir/$tarball"
fi
if [ ! -d "$dir/$top/openmp" ]; then
  # Only the openmp runtime and LLVM's shared cmake modules are needed.
  tar -C "$dir" -xJf "$dir/$tarball" --wildcards "$top/openmp/*" "$top/cmake/*"
fi

# RelWithDebInfo and no strip: the runtime's ompd_* variables stay in .symtab
# (the export map makes them local, which gdb's minimal symbols still see).
# Debian builds its libomp with clang; any C++ compiler will do.
cc=gcc cxx=g++
if command -v clang-14 >/dev/null && command -v clang++-14 >/dev/null; then cc=clang-14 cxx=clang++-14; fi
cmake -S "$dir/$top/openmp" -B "$dir/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=$cc -DCMAKE_CXX_COMPILER=$cxx \
  -DLIBOMP_OMPD_SUPPORT=ON -DLIBOMP_OMPT_SUPPORT=ON -DOPENMP_ENABLE_LIBOMPTARGET=OFF \
  -DLIBOMP_USE_HWLOC=OFF -DOPENMP_STANDALONE_BUILD=ON -DOPENMP_ENABLE_TESTING=OFF >"$dir/cmake.log" 2>&1 \
  || { tail -20 "$dir/cmake.log" >&2; exit 1; }
cmake --build "$dir/build" --target omp -j2 >"$dir/build.log" 2>&1 || { tail -20 "$dir/build.log" >&2; exit 1; }
mkdir -p "$dir/lib"
built=$(find "$dir/build" -name 'libomp.so' | head -1)
cp "$built" "$lib.tmp"
mv "$lib.tmp" "$lib"
echo "$lib"
