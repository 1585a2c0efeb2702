#!/usr/bin/env bash
# The one list of what Glass needs from Debian 12, and the step that installs
# what is missing. Used by the README's two commands (scripts/demo.sh: demo,
# scripts/test.sh: test) and by .ci/run, so there is one list to keep.
#
#   scripts/deps.sh demo|test     install what that command needs, if missing
#   scripts/deps.sh fresh         what scripts/fresh-machine.sh needs
#   scripts/deps.sh --list KIND   print the packages, one line
#
# Missing packages are installed with apt-get as root, or through sudo. With
# neither, it prints the one command to run and exits 1. GLASS_SKIP_DEPS=1
# skips the step (for machines set up another way); on a system without dpkg
# it only says what it would need.
set -eu

# Building the runtime and `glass`, and profiling the bundled example with
# source lines (libdw: file and line; without it functions only).
demo_packages="cmake make gcc libc6-dev libdw-dev"

# The test suite: both compilers and gfortran, lit and FileCheck, gdb for
# OMPD, valgrind, OTF2 for glass trace's archives, MPI for the per-rank
# traces, LLVM's libomp for the ABI comparison, clang's offload helpers
# (clang-tools) for the -fopenmp-targets programs run through libomptarget,
# Chromium for the HTML profile, dpkg-dev for the Debian package's
# dependency scan, clang's sanitizer runtimes (TSan and libFuzzer for the
# reliability stages, TSan for tests/archer with clang 14 and clang-19; gcc's
# libtsan comes with gcc, each Archer with its libomp-N-dev) and llvm-19 (its
# symbolizer, which Archer 19's reports need), python3-psutil (lit's time
# limit per test, scripts/lit.sh).
test_packages="$demo_packages g++ gfortran clang clang-14 llvm-14 llvm-14-tools libomp-14-dev
  gdb python3 binutils pkg-config ca-certificates valgrind
  libopen-trace-format2-dev libotf2-trace-dev otf2-tools openmpi-bin libopenmpi-dev
  chromium dpkg-dev file xz-utils clang-19 clang-tools-14 clang-tools-19
  libclang-rt-14-dev libclang-rt-19-dev llvm-19 python3-psutil"

# scripts/fresh-machine.sh: the README's commands in a fresh Debian chroot.
fresh_packages="debootstrap git"

packages_for() {
  case "$1" in
    demo) echo $demo_packages ;;
    test) echo $test_packages ;;
    fresh) echo $fresh_packages ;;
    *) echo "deps.sh: unknown set '$1' (expected demo, test or fresh)" >&2; exit 2 ;;
  esac
}

# clang 19 needs LLVM 19's omp.h and libomp.so.5 (the tests also compare
# Glass's exports with them), but Debian's libomp-19-dev and libomp5-19
# conflict with the libomp-14 packages the clang 14 run needs. So their files
# under /usr/lib/llvm-19 (clang-19's own tree; nothing there belongs to the 14
# packages) are taken from the downloaded packages instead of installing them.
libomp19_files() {
  command -v clang-19 >/dev/null || return 0
  [ -f /usr/lib/llvm-19/lib/clang/19/include/omp.h ] && [ -f /usr/lib/llvm-19/lib/libomp.so.5 ] && return 0
  local as_root="" work
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "note: clang-19 has no omp.h; as root: apt-get download libomp-19-dev libomp5-19, then copy their usr/lib/llvm-19 into /usr/lib/llvm-19" >&2; return 0; }
    as_root=sudo
  fi
  work=$(mktemp -d)
  if (cd "$work" && apt-get download -qq libomp-19-dev libomp5-19 >/dev/null 2>&1); then
    for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done
    $as_root cp -an "$work/root/usr/lib/llvm-19/." /usr/lib/llvm-19/
    echo "installed LLVM 19's omp.h and libomp.so.5 under /usr/lib/llvm-19 (from libomp-19-dev, libomp5-19)" >&2
  else
    echo "note: could not download libomp-19-dev: the clang-19 tests will fail to compile" >&2
  fi
  rm -rf "$work"
}

if [ "${1:-}" = --list ]; then
  packages_for "${2:?deps.sh --list needs demo or test}"
  exit 0
fi
kind=${1:?usage: scripts/deps.sh demo|test|fresh}
wanted=$(packages_for "$kind")

[ "${GLASS_SKIP_DEPS:-0}" = 1 ] && exit 0

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
  echo "note: not a Debian system; make sure these (Debian names) are installed: $wanted" >&2
  exit 0
fi

missing=""
for package in $wanted; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  case "$status" in
    *" installed") ;;
    *) missing="$missing $package" ;;
  esac
done
[ -z "$missing" ] && { [ "$kind" = test ] && libomp19_files; exit 0; }

command="apt-get update && apt-get install -y --no-install-recommends$missing"
echo "Glass needs these Debian packages, not installed here:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null; then
  # sudo's env_reset drops DEBIAN_FRONTEND; env passes it to apt-get.
  as_root="sudo env DEBIAN_FRONTEND=noninteractive"
  echo "installing them through sudo (it may ask for your password)" >&2
else
  echo "run this as root, then run this command again:" >&2
  echo "  $command" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! { $as_root apt-get update -qq && $as_root apt-get install -y -qq --no-install-recommends $missing; } >&2; then
  echo "could not install them; run this as root, then run this command again:" >&2
  echo "  $command" >&2
  exit 1
fi
echo "installed:$missing" >&2
[ "$kind" = test ] && libomp19_files
exit 0
