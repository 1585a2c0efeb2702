#!/bin/sh
# deb-clashes.sh PACKAGE.deb: checks that installing the package cannot disturb
# the system. Prints one line per problem and exits 1, or prints one "ok" line:
#  - no file or link of the package is owned by another installed Debian package
#    (dpkg would refuse to install it, or one would overwrite the other), also
#    under the merged-/usr aliases (/lib, /bin, /sbin are /usr/...); an earlier
#    version of the same package owning them is an upgrade, not a clash;
#  - no OpenMP runtime name (libgomp*, libomp*, libiomp*) lies in a directory the
#    dynamic linker searches by default (ldconfig's list, /lib and /usr/lib), where
#    it would replace the system's runtime for every program.
set -u
deb=${1:?usage: deb-clashes.sh PACKAGE.deb}
[ -f "$deb" ] || { echo "deb-clashes.sh: $deb: no such file"; exit 2; }

# The linker's directories, as real paths (/lib is /usr/lib on merged /usr).
search_dirs=$( { ldconfig -v -N -X 2>/dev/null | sed -n 's/^\(\/[^:]*\):.*/\1/p'; echo /lib; echo /usr/lib; } |
  while read -r dir; do realpath -m "$dir"; done | sort -u)

package=$(dpkg-deb -f "$deb" Package)
problems=0
count=0
# dpkg-deb -c: "perms owner size date time ./path [-> target]"; directories are
# shared between packages by design, so only files and links are checked.
paths=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }')
[ -n "$paths" ] || { echo "deb-clashes.sh: $deb holds no files"; exit 2; }
for path in $paths; do
  count=$((count + 1))
  for candidate in "$path" $(echo "$path" | sed -n 's,^/usr\(/\(lib[^/]*\|bin\|sbin\)/.*\),\1,p'); do
    # dpkg -S: "pkg[:arch][, pkg...]: path"
    owners=$(dpkg -S "$candidate" 2>/dev/null | sed 's/: \/.*//' | tr ',' '\n' | sed 's/^ *//; s/:.*//' |
      grep -vx "$package" | tr '\n' ' ')
    if [ -n "$owners" ]; then
      echo "clash: $path is owned by an installed package (${owners% })"
      problems=$((problems + 1))
    fi
  done
  name=${path##*/}
  case $name in
    libgomp* | libomp* | libiomp*)
      dir=$(realpath -m "${path%/*}")
      if echo "$search_dirs" | grep -qx "$dir"; then
        echo "shadows: $path is in $dir, which the dynamic linker searches for every program"
        problems=$((problems + 1))
      fi ;;
  esac
done
if [ "$problems" -ne 0 ]; then
  exit 1
fi
echo "ok: $count files and links, none owned by an installed package, no OpenMP runtime name where the dynamic linker looks by default"
