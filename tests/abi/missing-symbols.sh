#!/usr/bin/env bash
# Lists every symbol@version that a reference runtime exports and Glass does not.
# usage: missing-symbols.sh REFERENCE_LIB GLASS_LIB [EXCLUDE_REGEX]
# Prints "missing: sym@VERSION" lines, then "total: N missing of M".
set -eu
reference=$1 glass=$2 exclude=${3:-'^$'}

exported() {
  # Defined functions and objects with their version; "(VER)" marks a non-default
  # version, which counts the same for binding purposes.
  objdump -T "$1" | awk '($3 == "DF" || $3 == "DO" || $2 ~ /D[FO]/) && $0 !~ /\*UND\*/ {print $NF "@" $(NF-1)}' \
    | tr -d '()' | awk -F@ '$1 != $2' | sort -u
}

want=$(exported "$reference" | grep -vE "$exclude" || true)
have=$(exported "$glass")
missing=$(comm -23 <(echo "$want") <(echo "$have"))
for m in $missing; do echo "missing: $m"; done
echo "total: $(echo -n "$missing" | grep -c . || true) missing of $(echo "$want" | grep -c .)"
