# Sourced by gomp-target.sh and gomp-host.sh: reading a GCC libgomp test's
# dg directives, building it and running it. The functions use the caller's
# settings (test_dir, results, cc, timeout_s, OFFLOAD_FLAGS) and add to its
# tallies (not_run, not_run_list, built, compile_failed, compile_list).

# Values of a dg directive in a file, one per line: the text between the
# directive's name and the closing "}" (braces and quotes left as written).
dg_values() {
  sed -n "s/.*{ *$2 \(.*\) *}.*/\1/p" "$1" | sed 's/ *$//'
}

# First quoted or braced argument of a directive's text, and its selector
# ("{ target X }") if any, as "ARG|SELECTOR".
split_arg() {
  local text=$1 arg rest
  case $text in
    \"*) arg=${text#\"}; rest=${arg#*\"}; arg=${arg%%\"*} ;;
    \{*) arg=${text#\{}; rest=${arg#*\}}; arg=${arg%%\}*} ;;
    *) arg=${text%% *}; rest=${text#"$arg"} ;;
  esac
  local sel=""
  case $rest in
    *"{ target "*) sel=${rest#*\{ target }; sel=${sel%\}*} ;;  # to its last brace: selectors nest
  esac
  printf '%s|%s\n' "$arg" "$(echo "$sel" | xargs)"
}

# Whether a "{ target ... }" selector holds for a C build on x86_64 with LTO.
# offload_target_nvptx holds when the build offloads to nvptx ($OFFLOAD_FLAGS):
# such tests add what the nvptx link needs (libatomic, for instance).
selector_holds() {
  local sel=$1
  [ -z "$sel" ] && return 0
  # A 32-bit x86 build only ("{ i?86-*-* x86_64-*-* } && ia32"): not ours.
  case " ${sel//[\{\}]/ } " in *" ia32 "*|*" ilp32 "*) return 1 ;; esac
  for word in ${sel//[\{\}]/ }; do
    case $word in
      c|lto|x86_64-*-*|'i?86-*-*'|'*-*-linux*'|'*-*-gnu*') return 0 ;;
      offload_target_nvptx) [[ ${OFFLOAD_FLAGS:-} == *nvptx* ]] && return 0 ;;
      *) effective_target_holds "$word" && return 0 ;;
    esac
  done
  return 1
}

# Whether an effective target (dg-require-effective-target) holds for a C
# build on x86_64 GNU/Linux with gcc: the facts of that platform, and AVX
# where this machine's processor has it.
effective_target_holds() {
  case $1 in
    sync_int_long|tls_runtime|size32plus|lp64|pthread|fopenmp|fstack_protector|__float128) return 0 ;;
    avx_runtime) grep -qw avx /proc/cpuinfo ;;
    *) return 1 ;;
  esac
}

# Run one configuration; prints pass, FAIL(rc=N) or TIMEOUT.
run_one() {
  local exe=$1 log=$2 shouldfail=$3; shift 3
  (cd "$(dirname "$exe")" && env "$@" timeout -k 5 "$timeout_s" "$exe") >"$log" 2>&1
  local rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo TIMEOUT; return; fi
  if [ "$shouldfail" = yes ]; then
    if [ $rc -ne 0 ]; then echo pass; else echo "FAIL(exit 0, expected failure)"; fi
  elif [ $rc -eq 0 ]; then echo pass
  else echo "FAIL(rc=$rc)"
  fi
}

# Reads a test's dg directives into rel, name, opts, extra_srcs, test_env,
# shouldfail and nonshared. Returns 1 for a file that is not a test to run
# (an auxiliary source, or one listed as not run).
read_test() {
  local src=$1 dir line arg sel req do_kind unsupported var val
  rel=${src#"$test_dir"/}
  name=${rel%.c}; name=${name//\//__}
  dir=$(dirname "$src")
  if grep -q 'dg-skip-if "" { \*-\*-\* }' "$src"; then return 1; fi  # an auxiliary source
  do_kind=$(dg_values "$src" dg-do | head -n1)
  case $do_kind in
    ""|run|*run*) ;;
    *) not_run=$((not_run + 1)); not_run_list+=("$rel (dg-do $do_kind)"); return 1 ;;
  esac
  # dg-do run { target SELECTOR }: a run test only where the selector holds.
  case $do_kind in
    *"{ target "*)
      sel=${do_kind#*\{ target }; sel=${sel%\}}
      selector_holds "$sel" || { not_run=$((not_run + 1)); not_run_list+=("$rel (dg-do $do_kind)"); return 1; } ;;
  esac
  nonshared=no
  case "$do_kind $(dg_values "$src" dg-require-effective-target | tr '\n' ' ')" in
    *offload_device_nonshared_as*) nonshared=yes ;;
  esac
  unsupported=""
  while IFS= read -r req; do
    case $req in
      ""|offload_device_nonshared_as*) ;;
      *) effective_target_holds "$req" && continue
         unsupported="dg-require-effective-target $req" ;;
    esac
  done < <(dg_values "$src" dg-require-effective-target)
  if [ -n "$unsupported" ]; then
    not_run=$((not_run + 1)); not_run_list+=("$rel ($unsupported)"); return 1
  fi

  opts="-O2"
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    selector_holds "$sel" && opts=$arg
  done < <(dg_values "$src" dg-options)
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    selector_holds "$sel" && opts="$opts $arg"
  done < <(dg_values "$src" dg-additional-options)
  extra_srcs=()
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    for s in $arg; do extra_srcs+=("$dir/$s"); done
  done < <(dg_values "$src" dg-additional-sources)
  test_env=()
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    var=${line%% *}; val=${line#"$var" }; val=${val#\"}; val=${val%%\"*}
    test_env+=("$var=$val")
  done < <(dg_values "$src" dg-set-target-env-var)
  shouldfail=no
  grep -q 'dg-shouldfail' "$src" && shouldfail=yes
  # dg-xfail-if "REASON" { SELECTOR }: a failure the test expects where the
  # selector holds (on nvptx: what GCC cannot compile for it yet).
  xfail=""
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    sel=${line#\"$arg\"}
    [ -n "${sel// /}" ] && selector_holds "$sel" && xfail=$arg
  done < <(dg_values "$src" dg-xfail-if)
  return 0
}

# Builds the test read_test read into $results/$name.exe. A test that
# expects to fail here (dg-xfail-if) and does not build is listed as not run.
compile_test() {
  exe=$results/$name.exe
  # shellcheck disable=SC2086
  if ! $cc -fopenmp $opts ${OFFLOAD_FLAGS:-} -I"$(dirname "$src")" "$src" "${extra_srcs[@]}" -lm -o "$exe" \
       >"$results/$name.compile.log" 2>&1; then
    if [ -n "$xfail" ]; then
      not_run=$((not_run + 1)); not_run_list+=("$rel (does not build, as its dg-xfail-if expects: $xfail)")
      printf '%-52s not built, as expected (%s)\n' "$rel" "$xfail"
      return 2
    fi
    compile_failed=$((compile_failed + 1)); compile_list+=("$rel")
    printf '%-52s compile FAILED (%s)\n' "$rel" "$results/$name.compile.log"
    return 1
  fi
  built=$((built + 1))
}

