#!/bin/sh
# Lists every place in the repository's files that names a download host: a
# URL (http, https, ftp, rsync, git) or a git hosting site. The one URL
# allowed is SVG's namespace name, which no program fetches. Prints each
# place, then "download hosts: N".
root=$1
cd "$root" || exit 2
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files)
else
  files=$(find . -type f ! -path './build*' ! -path './.git/*')
fi
found=$(printf '%s\n' "$files" | tr '\n' '\0' |
  xargs -0 grep -nIE '(https?|ftp|rsync|git)://|github\.com|gitlab\.|sourceforge\.net|bitbucket\.org|debian\.org|git@' 2>/dev/null |
  grep -v 'xmlns=\\"http://www\.w3\.org/2000/svg\\"' | grep -v '^tests/tools/Inputs/download-hosts\.sh:')
[ -n "$found" ] && printf '%s\n' "$found"
printf 'download hosts: %s\n' "$(printf '%s' "$found" | grep -c .)"
