"""Checks one bench result against its --series line: as many measurements
as --outer asked, their mean is mean_us, their median overhead_us, their
extremes min_us and max_us (within the printed rounding: every figure is
printed to 4 decimals, so a mean or a median of two differs from its printed
value by at most 1e-4; an absolute bound, since figures near zero or of mixed
sign are common on a busy machine)."""
import statistics
import sys

lines = sys.stdin.read().splitlines()
result = next(line for line in lines if line.startswith("construct="))
series_line = next(line for line in lines if line.startswith("series_us="))
fields = dict(kv.split("=", 1) for kv in result.partition(" runtime_lib=")[0].split())
series = [float(v) for v in series_line.split("=", 1)[1].split(",")]
outer = int(sys.argv[1])


def close(a, b):
    return abs(a - b) <= 1.5e-4


problems = []
if len(series) != outer or int(fields["outer"]) != outer:
    problems.append(f"{len(series)} measurements in the series, outer={fields['outer']}, asked {outer}")
for key, value in (("mean_us", statistics.fmean(series)), ("overhead_us", statistics.median(series)),
                   ("min_us", min(series)), ("max_us", max(series))):
    if not close(float(fields[key]), value):
        problems.append(f"{key}={fields[key]}, the series gives {value:.4f}")
print("\n".join(problems) if problems else f"series of {len(series)} agrees with the summary")
