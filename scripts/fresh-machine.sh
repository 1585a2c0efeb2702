#!/usr/bin/env bash
# The README's two commands on a fresh Debian 12 machine, as a new user runs
# them: a debootstrap chroot with only git (and what debootstrap itself
# brings), a clone of this repository, then ./scripts/demo.sh and
# ./scripts/test.sh as written, with one difference: the test command runs
# with GLASS_RELIABILITY=short, so in the chroot every stage runs (the build,
# the lit suites, GCC's libgomp tests, and each reliability stage: ASan+UBSan,
# TSan, valgrind, libFuzzer) but the sanitizer stages on a few tests and the
# fuzzers for seconds. Passes when the demo's profile names heat.c's
# functions by line and the tests end with 0 failed.
#
#   scripts/fresh-machine.sh [WORKDIR]    (root; needs network for the packages)
#
# CI runs it after the suite (.ci/run), so the set-up cannot silently break:
# a package a stage needs that scripts/deps.sh does not install fails here.
# Why the short form: .ci/run has just run the full reliability stages on the
# CI host, and a second full run (about 35 minutes) would not fit CI's
# 90-minute limit; the short form still builds each stage and runs it.
# GLASS_FRESH_RELIABILITY (default: short) is passed on as GLASS_RELIABILITY
# to the test command in the chroot (on, for a run by hand that wants them
# whole).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/var/tmp/glass-fresh}
# The Debian archive this machine's apt already uses (the first source
# offering bookworm's main), unless GLASS_FRESH_MIRROR names one.
host_mirror() {
  { grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '$3 == "bookworm" {print $2}'
    awk '/^URIs:/ {uri = $2} /^Suites:/ && / bookworm( |$)/ {print uri}' /etc/apt/sources.list.d/*.sources 2>/dev/null
  } | head -1
}
mirror=${GLASS_FRESH_MIRROR:-$(host_mirror)}
[ -n "$mirror" ] || { echo "fresh-machine.sh: no bookworm source in this machine's apt configuration; set GLASS_FRESH_MIRROR" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-machine.sh: needs root (debootstrap and chroot)" >&2
  exit 1
fi
"$root/scripts/deps.sh" fresh

chroot_dir=$work/root
cleanup() {
  for mount in dev/pts dev/shm dev proc sys; do
    mountpoint -q "$chroot_dir/$mount" 2>/dev/null && umount -l "$chroot_dir/$mount"
  done
  return 0
}
trap cleanup EXIT
cleanup
rm -rf "$work"
mkdir -p "$work"

echo "== debootstrap bookworm (minbase + git) into $chroot_dir"
debootstrap --variant=minbase --include=git,ca-certificates bookworm "$chroot_dir" "$mirror" \
  > "$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; exit 1; }

# What a machine has that a chroot does not: the kernel's file systems and a
# resolver (the README's commands download packages).
mount -t proc proc "$chroot_dir/proc"
mount -t sysfs sysfs "$chroot_dir/sys"
mount --bind /dev "$chroot_dir/dev"
mount -t devpts devpts "$chroot_dir/dev/pts" 2>/dev/null || true
mount -t tmpfs tmpfs "$chroot_dir/dev/shm"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"

# The clone a user would make: committed files only (HEAD of this checkout).
git clone -q --no-local "$root" "$chroot_dir/home/glass"

run_in_chroot() {
  chroot "$chroot_dir" /usr/bin/env -i HOME=/root TERM=dumb PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    GLASS_RELIABILITY="${GLASS_FRESH_RELIABILITY:-short}" /bin/bash -c "cd /home/glass && $1"
}

status=0
echo "== ./scripts/demo.sh (in the chroot)"
run_in_chroot ./scripts/demo.sh > "$work/demo.log" 2>&1 || status=1
tail -40 "$work/demo.log"
if [ $status -ne 0 ]; then
  echo "FAIL: the demo command failed on a fresh machine"
elif ! grep -qE '#1 heat\.c:[0-9]+ \(' "$work/demo.log"; then
  echo "FAIL: the demo's profile does not name heat.c lines"
  status=1
fi

echo "== ./scripts/test.sh (in the chroot)"
run_in_chroot ./scripts/test.sh > "$work/test.log" 2>&1 || true
tail -40 "$work/test.log"
summary=$(tail -1 "$work/test.log")
if ! echo "$summary" | grep -qE '^[1-9][0-9]* passed, 0 failed'; then
  echo "FAIL: the test command on a fresh machine ended with: $summary"
  grep '^failed: ' "$work/test.log"
  status=1
fi
# A passing run's chroot (about 5 GB) goes, its logs stay; a failing one's
# stays for a look (GLASS_FRESH_KEEP=1 keeps it either way).
if [ $status -eq 0 ]; then
  echo "fresh machine: both README commands succeeded"
  if [ -z "${GLASS_FRESH_KEEP:-}" ]; then
    cleanup
    # Only with nothing mounted under it any more (the host's /dev is bound there).
    if ! grep -q " $chroot_dir/" /proc/mounts; then
      rm -rf --one-file-system "$chroot_dir"
    fi
  fi
fi
exit $status
