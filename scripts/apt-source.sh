#!/usr/bin/env bash
# Downloads a Debian source package (apt-get source --download-only) into
# DEST, from the archive this machine's apt already uses. Where the apt
# sources have no deb-src entry (the usual case), a private apt
# configuration holding the deb-src twins of the machine's Debian entries
# is used instead: its own lists and cache in a temporary folder, so the
# machine's apt state is untouched and no root is needed.
#   usage: scripts/apt-source.sh PACKAGE[=VERSION] DEST
# Exit status 0 with the files in DEST; otherwise one line on stderr says why.
set -u
spec=${1:?usage: apt-source.sh PACKAGE[=VERSION] DEST}
dest=${2:?usage: apt-source.sh PACKAGE[=VERSION] DEST}
command -v apt-get >/dev/null || { echo "apt-source.sh: no apt-get here" >&2; exit 1; }
mkdir -p "$dest" || exit 1
if (cd "$dest" && apt-get -qq source --download-only "$spec") >/dev/null 2>&1; then
  exit 0
fi
private=$(mktemp -d) || exit 1
trap 'rm -rf "$private"' EXIT
mkdir -p "$private/lists/partial" "$private/cache/archives/partial" "$private/parts"
# One-line entries ("deb URI SUITE COMPONENTS") and deb822 stanzas alike.
{ grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | sed 's/^deb /deb-src /'
  awk '/^URIs:/ {uri = $2} /^Suites:/ {$1 = ""; suites = $0} /^Components:/ {$1 = ""; parts = $0}
       /^$/ {if (uri) print "deb-src " uri suites parts; uri = ""}
       END {if (uri) print "deb-src " uri suites parts}' /etc/apt/sources.list.d/*.sources 2>/dev/null
} | grep -i debian >"$private/sources.list"
[ -s "$private/sources.list" ] || { echo "apt-source.sh: no Debian archive in this machine's apt sources" >&2; exit 1; }
options=(-o Dir::Etc::SourceList="$private/sources.list" -o Dir::Etc::SourceParts="$private/parts"
         -o Dir::State::Lists="$private/lists" -o Dir::Cache="$private/cache" -o Debug::NoLocking=1)
if ! why=$(apt-get "${options[@]}" -qq update 2>&1); then
  echo "apt-source.sh: apt-get update of the deb-src entries failed: $(printf '%s' "$why" | tail -1)" >&2
  exit 1
fi
if ! why=$(cd "$dest" && apt-get "${options[@]}" -qq source --download-only "$spec" 2>&1); then
  echo "apt-source.sh: apt-get source $spec failed: $(printf '%s' "$why" | grep -v '^W:' | tail -1)" >&2
  exit 1
fi
