# lit configuration for Glass. Tests are compiled against the system compilers'
# own headers (as users' programs are) and run with the library path pointing at
# the Glass build, so libgomp.so.1 and libomp.so.5 resolve to Glass.
import os
import shutil
import lit.formats

config.name = "glass"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp", ".f90", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

build_dir = lit_config.params.get("build_dir") or os.environ.get("GLASS_BUILD_DIR")
if not build_dir:
    build_dir = os.path.join(os.path.dirname(config.test_source_root), "build")
build_dir = os.path.abspath(build_dir)
lib_dir = os.path.join(build_dir, "lib")

# Which compiler builds the runtime tests: gcc (the default), clang (Debian
# 12's default clang, 14) or clang-19 (clang-19 and clang++-19, the newest
# clang Debian 12 ships, with --param compiler=clang-19). Each gets its own
# exec root so that the runs can share a build directory. Tests that only
# make sense with GCC (they call GOMP_* directly, use gfortran or GCC-only
# syntax) say "REQUIRES: gcc"; tests of the Clang ABI say "REQUIRES: clang",
# which both clang runs have; "clang-19" marks the clang-19 run alone (tests
# of what only clang 19 emits, or version-aware expectations).
compiler = lit_config.params.get("compiler", "gcc")
if compiler not in ("gcc", "clang", "clang-19"):
    lit_config.fatal("compiler must be gcc, clang or clang-19, not %r" % compiler)
if compiler == "clang-19" and not shutil.which("clang-19"):
    lit_config.fatal("--param compiler=clang-19: clang-19 is not installed (Debian: apt-get install clang-19 libomp-19-dev)")
config.name = "glass-" + compiler
config.test_exec_root = os.path.join(build_dir, {"gcc": "tests", "clang": "tests-clang",
                                                 "clang-19": "tests-clang-19"}[compiler])
# --param under_check=DIR (tests/check/ompt-under-check.test): every %run
# goes through glass check beside the program's own tool, each report into
# DIR (tests/check/under-check.sh); its own exec root keeps it apart from the
# ordinary run.
under_check = lit_config.params.get("under_check")
if under_check:
    config.name += "-under-check"
    config.test_exec_root += "-under-check"
    config.available_features.add("under-check")
config.available_features.add(compiler)
if compiler == "clang-19":
    config.available_features.add("clang")

llvm_bin = os.popen("llvm-config-14 --bindir").read().strip() or "/usr/lib/llvm-14/bin"
filecheck = os.path.join(llvm_bin, "FileCheck")

# Keep the user's OMP_* / GOMP_* settings out of the tests.
for name in list(os.environ):
    if name.startswith(("OMP_", "GOMP_", "KMP_")):
        config.environment.pop(name, None)
config.environment["GLASS_TEST"] = "1"
# --param barrier=tree[:FANOUT]: the whole run with the tree-shaped fork,
# barriers and join (GLASS_BARRIER, src/core/sync/barrier.h), e.g. tree:2 for the
# deepest trees at small team sizes.
barrier = lit_config.params.get("barrier")
if barrier:
    shape, _, fanout = barrier.partition(":")
    config.environment["GLASS_BARRIER"] = shape
    if fanout:
        config.environment["GLASS_BARRIER_FANOUT"] = fanout
config.environment["ASAN_OPTIONS"] = "detect_leaks=0"

flags = "-fopenmp -O2 -g -Wall"

# Sanitizer runs (reliability, scripts/sanitize.sh): --param extra_cflags="..."
# compiles every test program with the sanitizers the runtime was built with
# (%extra-cflags, used by tests/ompt too), and the caller's ASAN_OPTIONS,
# UBSAN_OPTIONS and TSAN_OPTIONS reach the tests, appended after the
# defaults above (the last setting of an option wins).
extra_cflags = lit_config.params.get("extra_cflags", "")
if extra_cflags:
    flags += " " + extra_cflags
config.substitutions.append(("%extra-cflags", extra_cflags))
# --param preload=LIB: the sanitizer runtime, for the programs a test builds
# without the flags (it must be the first library loaded).
if lit_config.params.get("preload"):
    config.environment["LD_PRELOAD"] = lit_config.params["preload"]
# ARCHER_OPTIONS too: the TSan stage keeps LLVM's Archer, which Glass loads
# into programs built with -fsanitize=thread (src/ompt/archer.c), out of
# the suites it runs (enable=0).
for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "ARCHER_OPTIONS"):
    if os.environ.get(name):
        config.environment[name] = ":".join(filter(None, [config.environment.get(name), os.environ[name]]))

config.substitutions.append(("%libdir", lib_dir))
config.substitutions.append(("%builddir", build_dir))
config.substitutions.append(("%srcroot", os.path.dirname(config.test_source_root)))
cc, cxx = {"gcc": ("gcc", "g++"), "clang": ("clang", "clang++"), "clang-19": ("clang-19", "clang++-19")}[compiler]
config.substitutions.append(("%omp-cc", cc + " " + flags))
config.substitutions.append(("%omp-cxx", cxx + " " + flags))
config.substitutions.append(("%gcc-omp", "gcc " + flags))
config.substitutions.append(("%gxx-omp", "g++ " + flags))
config.substitutions.append(("%gfortran-omp", "gfortran " + flags))
if under_check:
    config.substitutions.append(("%run", "env LD_LIBRARY_PATH=" + lib_dir + " GLASS_UNDER_CHECK_REPORTS=" +
                                 os.path.abspath(under_check) + " GLASS_UNDER_CHECK_GLASS=" +
                                 os.path.join(build_dir, "bin", "glass") + " sh " +
                                 os.path.join(os.path.dirname(config.test_source_root), "tests", "check",
                                              "under-check.sh")))
else:
    config.substitutions.append(("%run", "env LD_LIBRARY_PATH=" + lib_dir))
config.substitutions.append(("%threads", "1 2 4 8"))
config.substitutions.append(("%FileCheck", filecheck))
config.substitutions.append(("%not", os.path.join(llvm_bin, "not")))
config.substitutions.append(("FileCheck", filecheck))
config.substitutions.append(("%system-libgomp", os.popen("gcc -print-file-name=libgomp.so.1").read().strip()))
# LLVM's own libomp: the reference for the Clang ABI's symbols, and what the
# clang driver links against.
llvm_lib = os.popen("llvm-config-14 --libdir").read().strip() or "/usr/lib/llvm-14/lib"
config.substitutions.append(("%libomp5", os.path.join(llvm_lib, "libomp.so.5")))
# LLVM 19's libomp (Debian's libomp-19-dev), the reference for the entry
# points clang 19 and its libomp add: "libomp-19" when it is installed.
llvm19_lib = os.popen("llvm-config-19 --libdir 2>/dev/null").read().strip() or "/usr/lib/llvm-19/lib"
if os.path.exists(os.path.join(llvm19_lib, "libomp.so.5")):
    config.available_features.add("libomp-19")
config.substitutions.append(("%libomp19", os.path.join(llvm19_lib, "libomp.so.5")))

# LLVM's offload library for the clang runs' -fopenmp-targets programs
# (tests/runtime/c/clang-offload-*.c): "libomptarget" when the run's LLVM has
# it, with its x86_64 host plugin (a file of its own in LLVM 14, built in
# from LLVM 19 on). %llvm-omp-libdir is that LLVM's library folder (its
# libomp, the reference); %offload-run runs on Glass with libomptarget found
# there (the clang-19 driver sets no run path for it).
llvm_omp_dir = {"clang": llvm_lib, "clang-19": llvm19_lib}.get(compiler, llvm_lib)
offload_lib = os.path.join(llvm_omp_dir, "libomptarget.so")
host_plugin = os.path.join(llvm_omp_dir, "libomptarget.rtl.x86_64.so")
# The driver also needs its offload linker helper (Debian's clang-tools-N):
# clang 14 wraps the device image with clang-offload-wrapper, clang 19
# packages it with clang-offload-packager.
offload_helper = os.path.join(os.path.dirname(llvm_omp_dir), "bin",
                              "clang-offload-packager" if compiler == "clang-19" else "clang-offload-wrapper")
if compiler != "gcc" and os.path.exists(offload_lib) and os.path.exists(offload_helper) \
        and (compiler == "clang-19" or os.path.exists(host_plugin)):
    config.available_features.add("libomptarget")
config.substitutions.append(("%llvm-omp-libdir", llvm_omp_dir))
config.substitutions.append(("%offload-run", "env LD_LIBRARY_PATH=" + lib_dir + ":" + llvm_omp_dir))

# "ompt": the runtime was built with its OMPT event points (GLASS_OMPT, ON
# unless the build was configured with -DGLASS_OMPT=OFF).
ompt_built = True
build_type = ""
try:
    with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
        for line in cache:
            if line.startswith("GLASS_OMPT:"):
                ompt_built = line.split("=", 1)[1].strip().upper() not in ("OFF", "0", "FALSE", "NO", "N")
            elif line.startswith("CMAKE_BUILD_TYPE:"):
                build_type = line.split("=", 1)[1].strip()
except OSError:
    pass
# "callgrind-counts": instruction counts of the runtime mean something
# (tests/ompt/watched-cost.test): valgrind is installed, the runtime is an
# optimized build, and no sanitizer instruments the programs.
if shutil.which("valgrind") and build_type in ("Release", "RelWithDebInfo") and not extra_cflags \
        and not lit_config.params.get("preload"):
    config.available_features.add("callgrind-counts")
if ompt_built:
    config.available_features.add("ompt")

# "mock-device-kind": the build has the test copy of the runtime with a mock
# device kind (CMakeLists.txt, GLASS_MOCK_DEVICE_KIND); %mock-kind-run runs a
# program on it.
mock_kind_dir = os.path.join(build_dir, "test-lib", "mock-device-kind")
if os.path.exists(os.path.join(mock_kind_dir, "libglass.so")):
    config.available_features.add("mock-device-kind")
config.substitutions.append(("%mock-kind-run", "env LD_LIBRARY_PATH=" + mock_kind_dir))

if shutil.which("gfortran"):
    config.available_features.add("gfortran")
# "clang-available": clang is installed (tests that run it explicitly, in
# either run); the "clang" feature says the run compiles with it.
if shutil.which("clang"):
    config.available_features.add("clang-available")

# glass trace: "otf2-built" when libglass-trace was built with the OTF2
# library (GLASS_TRACE_HAS_OTF2 in the CMake cache, set by tools/trace);
# "otf2" when it was and otf2-print can read its archives; "mpi" when mpicc
# and mpirun are installed (hybrid MPI+OpenMP trace tests).
otf2_built = False
try:
    with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
        for line in cache:
            if line.startswith("GLASS_TRACE_HAS_OTF2:"):
                otf2_built = line.split("=", 1)[1].strip().upper() in ("ON", "1", "TRUE", "YES", "Y")
except OSError:
    pass
# The library itself must be there too: the sanitizer builds
# (tests/stress/sanitize.sh) build the runtime alone.
trace_tool_built = os.path.exists(os.path.join(lib_dir, "libglass-trace.so"))
if otf2_built and trace_tool_built:
    config.available_features.add("otf2-built")
    if shutil.which("otf2-print"):
        config.available_features.add("otf2")
if shutil.which("mpicc") and shutil.which("mpirun"):
    config.available_features.add("mpi")

# "chromium": a headless browser for tests that load the pages the tools write
# (tests/tools/profile-html-browser.test drives it over the DevTools protocol).
if shutil.which("chromium") or shutil.which("chromium-browser"):
    config.available_features.add("chromium")

# "libompd": the build has Glass's libompd.so (the sanitizer stages build the
# runtime alone).
if os.path.exists(os.path.join(lib_dir, "libompd.so")):
    config.available_features.add("libompd")

# OMPD gdb extension: "gdb" when gdb is installed (tests/ompd/*.test
# drive it in batch mode with gdb/glass-ompd.py); "ompd-llvm-anchor" when
# scripts/test.sh built LLVM's own libomp with its OMPD symbols
# (tests/ompd/llvm-anchor/build.sh), the runtime Debian's libompd.so can read.
if shutil.which("gdb"):
    config.available_features.add("gdb")
config.substitutions.append(("%ompd-gdb", "gdb -q -nx -batch -x " + os.path.join(
    os.path.dirname(config.test_source_root), "gdb", "glass-ompd.py")))
# LLVM 19's gdb OMPD plugin (Debian's llvm-19 package installs it under
# share/gdb/python/ompd): "llvm-19-ompd-plugin" when its loader and its
# compiled module are there; %ompd-plugin is the file gdb loads with -x.
# "clang-19-available": clang-19 is installed, whichever compiler the run uses
# (tests that compile with it explicitly).
llvm19_prefix = os.popen("llvm-config-19 --prefix 2>/dev/null").read().strip() or "/usr/lib/llvm-19"
ompd_plugin_dir = os.path.join(llvm19_prefix, "share", "gdb", "python", "ompd")
if os.path.exists(os.path.join(ompd_plugin_dir, "__init__.py")) and \
        any(name.startswith("ompdModule") for name in os.listdir(ompd_plugin_dir)):
    config.available_features.add("llvm-19-ompd-plugin")
config.substitutions.append(("%ompd-plugin", os.path.join(ompd_plugin_dir, "__init__.py")))
if shutil.which("clang-19"):
    config.available_features.add("clang-19-available")
llvm_anchor = os.environ.get("GLASS_LLVM_ANCHOR_DIR") or os.path.join(build_dir, "llvm-anchor")
if os.path.exists(os.path.join(llvm_anchor, "lib", "libomp.so.5")):
    config.available_features.add("ompd-llvm-anchor")
config.substitutions.append(("%llvm-anchor-lib", os.path.join(llvm_anchor, "lib")))
config.substitutions.append(("%llvm-libompd", os.path.join(llvm_lib, "libompd.so")))
if "GLASS_LLVM_ANCHOR_DIR" in os.environ:
    config.environment["GLASS_LLVM_ANCHOR_DIR"] = os.environ["GLASS_LLVM_ANCHOR_DIR"]
