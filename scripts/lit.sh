#!/usr/bin/env bash
# Runs LLVM's lit with a time limit per test, so that a test that hangs fails
# on its own (TIMEOUT) instead of holding up the whole run. lit needs psutil to
# stop a test's processes (scripts/deps.sh installs Debian's python3-psutil),
# so lit runs under the first python3 that has it; without one it runs
# unlimited and says so. GLASS_TEST_TIMEOUT sets the limit (seconds, default
# 900: the slowest tests take about 2 minutes alone, more under TSan on a
# loaded machine).
# Usage: scripts/lit.sh [lit arguments...]
lit="$(llvm-config-14 --prefix)/build/utils/lit/lit.py"
limit=${GLASS_TEST_TIMEOUT:-900}
for py in python3 /usr/bin/python3; do
  if command -v "$py" >/dev/null && "$py" -c 'import psutil' 2>/dev/null; then
    exec "$py" "$lit" --timeout "$limit" "$@"
  fi
done
echo "note: no python3 with psutil: tests run without a time limit" >&2
exec python3 "$lit" "$@"
