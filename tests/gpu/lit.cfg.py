# The NVIDIA GPU tests: Glass's own target tests, built by GCC's
# NVIDIA offload compiler, run on a real GPU and checked with the same
# FileCheck lines as on a host device. A suite of its own because its programs
# are built on one machine and may run on another: the development machine
# has the offload compiler and no GPU, the GPU machine the reverse.
#
#   here, where gcc can offload to nvptx and a GPU is present: lit builds and runs
#   elsewhere: tests/gpu/build.sh OUT builds every test's program into OUT
#              (scripts/gpu-check.sh prepare), and on the GPU machine
#              lit --param gpu_prebuilt=OUT --param build_dir=... runs them
#
# Without a GPU (or without libcuda.so.1), or without a way to build, every
# test is reported as unsupported and lit prints why.
import ctypes
import os
import shutil
import subprocess
import tempfile
import lit.formats

config.name = "glass-gpu"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
srcroot = os.path.dirname(os.path.dirname(config.test_source_root))

build_dir = lit_config.params.get("build_dir") or os.environ.get("GLASS_BUILD_DIR") or os.path.join(srcroot, "build")
build_dir = os.path.abspath(build_dir)
lib_dir = lit_config.params.get("lib_dir") or os.path.join(build_dir, "lib")
compiler = lit_config.params.get("compiler", "gcc")
config.test_exec_root = os.path.join(build_dir, "tests-gpu")
os.makedirs(config.test_exec_root, exist_ok=True)  # lit keeps its test times there
prebuilt = lit_config.params.get("gpu_prebuilt")

# Keep the user's OpenMP settings out of the tests.
for name in list(os.environ):
    if name.startswith(("OMP_", "GOMP_", "KMP_", "GLASS_")):
        config.environment.pop(name, None)
config.environment["GLASS_TEST"] = "1"


def gpu_missing():
    """Why no NVIDIA GPU can run the tests, or None: the driver library is
    asked directly, as Glass's NVIDIA device does (src/device/nvptx/cuda_driver.c)."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return "libcuda.so.1 (the NVIDIA driver) is not installed"
    if cuda.cuInit(0) != 0:
        return "the NVIDIA driver found no usable GPU (cuInit failed)"
    count = ctypes.c_int(0)
    if cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return "the NVIDIA driver reports no GPU"
    return None


def build_missing():
    """Why the test programs cannot be had, or None."""
    if prebuilt:
        return None if os.path.isdir(prebuilt) else "--param gpu_prebuilt=%s is not a folder" % prebuilt
    if compiler != "gcc":
        return "the GPU tests are GCC offload programs (this run is --param compiler=%s)" % compiler
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w") as f:
            f.write("int main(void) { int x = 0;\n#pragma omp target map(tofrom: x)\n x = 1;\n return !x; }\n")
        probe = subprocess.run([os.path.join(config.test_source_root, "gpu-cc"), src, "-o", os.path.join(tmp, "p")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if probe.returncode != 0:
            return "gcc cannot build NVIDIA offload code here (Debian: gcc-12-offload-nvptx; gpu-cc said: %s)" % \
                (probe.stdout.strip().splitlines() or ["?"])[-1]
    return None


reason = gpu_missing() or build_missing()
if reason is None:
    config.available_features.add("nvidia-gpu")
elif lit_config.params.get("gpu_required"):
    lit_config.fatal("GPU tests: " + reason)
else:
    lit_config.note("GPU tests skipped: " + reason)

filecheck = lit_config.params.get("filecheck") or shutil.which("FileCheck") or "/usr/lib/llvm-14/bin/FileCheck"
if prebuilt:
    build = os.path.join(config.test_source_root, "prebuilt") + " " + os.path.abspath(prebuilt)
else:
    build = "env GLASS_LIB_DIR=%s %s" % (lib_dir, os.path.join(config.test_source_root, "gpu-cc"))
config.substitutions.append(("%gpu-build", build))
config.substitutions.append(("%srcroot", srcroot))
# Every program must offload: a run that fell back to the host would prove nothing.
config.substitutions.append(("%run", "env LD_LIBRARY_PATH=" + lib_dir + " OMP_TARGET_OFFLOAD=mandatory"))
config.substitutions.append(("FileCheck", filecheck))
