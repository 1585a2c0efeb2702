#!/bin/sh
# Builds a program linked (by absolute rpath: LD_LIBRARY_PATH does not reach
# setuid programs) to a private copy of Glass, and runs it as nobody with
# OMP_TOOL_LIBRARIES set: once as a plain program (the tool must load), once
# setuid root (AT_SECURE: secure_getenv hides the variable, no tool). $4:
# extra compiler flags (a sanitizer run's: the loader ignores LD_PRELOAD under
# AT_SECURE, so the sanitizer runtime must be linked in).
set -e
srcdir=$1 libdir=$2 srcroot=$3 cflags=${4:-}
dir=$(mktemp -d /tmp/glass-setuid.XXXXXX)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir"
cp "$libdir/libglass.so" "$dir/"
ln -s libglass.so "$dir/libgomp.so.1"
gcc -shared -fPIC -idirafter "$srcroot/include" "$srcdir/hello-tool.c" -o "$dir/tool.so"
gcc -fopenmp $cflags "$srcdir/secure-target.c" -o "$dir/program" -L"$dir" -Wl,-rpath,"$dir" -Wl,--disable-new-dtags
chmod 755 "$dir/program" "$dir/tool.so"
run_as_nobody() {
  env -i OMP_TOOL_LIBRARIES="$dir/tool.so" OMP_TOOL_VERBOSE_INIT=stdout \
    setpriv --reuid=65534 --regid=65534 --clear-groups "$dir/program"
}
echo "== plain"
run_as_nobody
chmod 4755 "$dir/program"
echo "== setuid"
run_as_nobody
