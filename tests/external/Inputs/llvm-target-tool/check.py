#!/usr/bin/env python3
"""Checks what LLVM's OMPT target test tool (offload/test/ompt/callbacks.h)
printed for tests/external/Inputs/llvm-target-tool/program.c on a Glass host device.

usage: check.py FORM OUTPUT
  FORM: plain (register_non_emi.h), emi (register_emi.h), both
  (register_both.h: one form per family), no-init (register_no_device_init.h).

The program runs, in order: target, target teams, target data (an
enter-data construct, then an update and a target inside, then an exit-data
construct), enter data, target, exit data, then omp_target_alloc, two
omp_target_memcpy and omp_target_free; every array is 4000 bytes. Device 0
is the host device, the host is device 1. Prints one line per problem and
exits 1 if there is any."""
import re
import sys

EXPECTED_KINDS = [1, 1, 2, 4, 1, 3, 2, 1, 3]  # target, enter, exit, update
HOST, DEVICE, BYTES = 1, 0, 4000
ALLOC, TO, FROM, DELETE = 1, 2, 3, 4

problems = []


def problem(text):
    problems.append(text)


def fields(line):
    """name=value and name:value pairs of a tool line; a '(0x..)' after a
    pointer is its ompt_data_t's value, kept as NAME.value."""
    out = {}
    for m in re.finditer(r"(\w+)[=:](\S+)(?: \((0x[0-9a-f]+)\))?", line):
        out[m.group(1)] = m.group(2)
        if m.group(3):
            out[m.group(1) + ".value"] = int(m.group(3), 16)
    return out


def nonnull(value):
    return value not in (None, "(nil)", "0x0", "")


def check(form, lines):
    emi = form == "emi"
    tag = " EMI" if emi else ""
    inits = [l for l in lines if l.startswith("Callback Init:")]
    loads = [l for l in lines if l.startswith("Callback Load:")]
    finis = [l for l in lines if l.startswith("Callback Fini:")]
    if "Success" not in lines:
        problem("the program did not print Success")
    if form == "both":
        # The tool registers both forms of target and data-op (a restriction
        # of OpenMP 5.1 on tools). Glass refuses the second registration of
        # a pair (ompt_set_error; LLVM instead keeps both and prefers EMI):
        # each family must come in one form only, every construct once.
        for family in ("Target", "DataOp", "Submit"):
            plain = any(re.match(r"\s*Callback %s:" % family, l) for l in lines)
            emi_form = any(re.match(r"\s*Callback %s EMI:" % family, l) for l in lines)
            if plain == emi_form:
                problem("%s: %s" % (family, "both forms dispatched" if plain else "no callback"))
        if "Success" not in lines:
            problem("the program did not print Success")
        return
    if form == "no-init":
        if inits or finis:
            problem("device_initialize/finalize dispatched although not registered")
    else:
        if len(inits) != 1:
            problem("expected one device_initialize, got %d" % len(inits))
        else:
            f = fields(inits[0])
            if f.get("device_num") != str(DEVICE) or not f.get("type") or not nonnull(f.get("lookup")):
                problem("device_initialize: bad arguments: " + inits[0])
        if len(finis) != 1 or fields(finis[0]).get("device_num") != str(DEVICE):
            problem("expected one device_finalize for device 0, got: %r" % finis)
        elif lines.index(finis[0]) < max(i for i, l in enumerate(lines) if "Callback" in l and "Fini" not in l):
            problem("device_finalize is not the last callback")
    if len(loads) != 1 or fields(loads[0]).get("device_num") != str(DEVICE) or not fields(loads[0]).get("filename"):
        problem("expected one device_load of device 0 with the program's file name, got: %r" % loads)
    elif inits and lines.index(loads[0]) < lines.index(inits[0]):
        problem("device_load before device_initialize")

    # Constructs: begin/end pairs, nested, in the program's order.
    stack, kinds, allocated, host_ops = [], [], {}, set()
    pending = {}  # EMI begin lines waiting for their end, by host_op_id pointer
    submits = {}
    for line in lines:
        f = fields(line)
        if line.startswith("Callback Target%s:" % tag):
            endpoint = int(f["endpoint"])
            ident = f["target_data.value"] if emi else f["target_id"]
            if f.get("device_num") != str(DEVICE) or not nonnull(f.get("code")):
                problem("target: bad device or code: " + line)
            if emi and not (nonnull(f.get("task_data")) and nonnull(f.get("target_task_data"))):
                problem("target EMI: NULL task or target task data: " + line)
            if endpoint == 1:
                stack.append((ident, int(f["kind"]), f.get("code"), f.get("target_data")))
                kinds.append(int(f["kind"]))
                submits[ident] = 0
            elif not stack or stack[-1][0] != ident or stack[-1][1] != int(f["kind"]) or stack[-1][2] != f.get("code"):
                problem("target end without its begin: " + line)
            else:
                top = stack.pop()
                if emi and top[3] != f.get("target_data"):
                    problem("target EMI: begin and end have different target_data: " + line)
                if top[1] == 1 and submits[ident] != 1:
                    problem("target region %s: %d submissions, expected 1" % (ident, submits[ident]))
        elif re.match(r"\s*Callback DataOp%s:" % tag, line):
            optype = int(f["optype"])
            if emi:
                key = f["host_op_id"]
                if int(f["endpoint"]) == 1:
                    pending[key] = f
                    continue
                begin = pending.pop(key, None)
                if not begin or begin["host_op_id.value"] != f["host_op_id.value"] or begin["optype"] != f["optype"]:
                    problem("data op EMI: end without its begin: " + line)
                ident, op_id = f["target_data.value"], f["host_op_id.value"]
                inside = stack and stack[-1][3] == f["target_data"]
            else:
                ident, op_id = f["target_id"], f["host_op_id"]
                inside = stack and stack[-1][0] == ident
            if op_id in host_ops:
                problem("data op: host_op_id reused: " + line)
            host_ops.add(op_id)
            if not nonnull(f.get("code")):
                problem("data op without code address: " + line)
            if not inside and (stack or (not emi and ident != "0")):
                problem("data op outside its construct: " + line)
            src, dst = int(f["src_device_num"]), int(f["dest_device_num"])
            direction = {ALLOC: (HOST, DEVICE), TO: (HOST, DEVICE), DELETE: (HOST, DEVICE), FROM: (DEVICE, HOST)}
            if optype in direction and (src, dst) != direction[optype] and not (optype == FROM and src == dst == DEVICE):
                problem("data op: devices %d -> %d for optype %d: %s" % (src, dst, optype, line))
            if optype in (ALLOC, TO, FROM) and int(f["bytes"]) != BYTES:
                problem("data op: %s bytes, expected %d: %s" % (f["bytes"], BYTES, line))
            if optype == ALLOC:
                allocated[f["dest"]] = line
            elif optype == DELETE and allocated.pop(f["dest"], None) is None:
                problem("delete of storage never allocated: " + line)
            elif optype == TO and f["dest"] not in allocated:
                problem("transfer to storage not allocated: " + line)
        elif re.match(r"\s*Callback Submit%s:" % tag, line):
            if emi:
                ident = f["target_data.value"]
                if int(f["endpoint"]) == 2:
                    continue
            else:
                ident = f["target_id"]
            if not stack or stack[-1][0] != ident or stack[-1][1] != 1:
                problem("submission outside its target region: " + line)
            else:
                submits[ident] += 1
    if stack:
        problem("constructs never ended: %r" % stack)
    if pending:
        problem("EMI data operations never ended: %r" % list(pending))
    if allocated:
        problem("allocations never deleted: %r" % list(allocated.values()))
    if kinds != EXPECTED_KINDS:
        problem("construct kinds %r, expected %r" % (kinds, EXPECTED_KINDS))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("plain", "emi", "both", "no-init"):
        sys.exit(__doc__)
    with open(sys.argv[2]) as out:
        lines = [l.rstrip("\n") for l in out]
    check(sys.argv[1], lines)
    for p in problems:
        print("  " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
