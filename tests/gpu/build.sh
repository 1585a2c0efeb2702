#!/usr/bin/env bash
# Builds the program of every GPU test (tests/gpu/*.test, their
# "%gpu-build ..." RUN lines) into OUT, for a GPU machine that has no offload
# compiler: there, lit --param gpu_prebuilt=OUT takes them instead of building
# (tests/gpu/prebuilt). Each program is OUT/<test file name>.tmp<suffix>, the
# name lit's %t<suffix> has. The substitutions the build lines may use:
# %srcroot, %s, %S, %t.
# Usage: tests/gpu/build.sh OUT   (GLASS_LIB_DIR: Glass's library folder to
# link against, default build/lib)
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcroot=$(cd "$here/../.." && pwd)
out=${1:?usage: tests/gpu/build.sh OUT}
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 2
export GLASS_LIB_DIR=${GLASS_LIB_DIR:-$srcroot/build/lib}
status=0 built=0
for test in "$here"/*.test; do
  name=$(basename "$test")
  while IFS= read -r line; do
    args=${line#*%gpu-build }
    args=${args//%srcroot/$srcroot}; args=${args//%S/$here}; args=${args//%s/$test}; args=${args//%t/$out/$name.tmp}
    case $args in
      *%*) echo "build.sh: $name: a substitution build.sh does not know in: $args" >&2; status=1; continue ;;
    esac
    # The arguments split as lit's shell would split them.
    # shellcheck disable=SC2086
    if "$here/gpu-cc" $args >"$out/$name.log" 2>&1; then
      built=$((built + 1))
    else
      echo "build.sh: $name: the build failed ($out/$name.log):" >&2; tail -3 "$out/$name.log" >&2; status=1
    fi
  done < <(grep -E '^(#|//) RUN: %gpu-build ' "$test")
done
echo "build.sh: $built programs in $out"
exit $status
