# gdb command `check-task-frames`, run after LLVM's OMPD plugin (`ompd init`):
# for the selected thread, walks the task it runs and the tasks it suspended
# (ompd_get_scheduling_task_handle) and checks each task's frames
# (ompd_get_task_frame) against the frames gdb unwinds:
# - an exit frame must be flagged a CFA and be the canonical frame address of
#   a runtime frame whose callee is user code (the runtime called the task);
# - an enter frame must lie in a user frame whose callee is a runtime frame
#   (the task called the runtime), flagged an application frame.
# It prints what each address designates, then a summary line.
import os

import gdb
import ompd
import ompdModule

RUNTIME_LIBRARIES = ("libglass", "libgomp", "libomp", "libiomp")
FRAME_APPLICATION, FRAME_CFA, FRAME_STACKADDRESS, FRAME_KIND = 0x01, 0x10, 0x30, 0xF0


def frame_cfa(frame):
    # The frame id's stack address, the same number the plugin compares.
    return int(str(frame).split(",")[0].split("=")[1], 16)


def is_runtime(frame):
    lib = gdb.solib_name(frame.pc()) or ""
    return os.path.basename(lib).startswith(RUNTIME_LIBRARIES)


def unwind():
    frames, f = [], gdb.newest_frame()
    while f is not None:
        frames.append((f, frame_cfa(f), int(f.read_register("sp")), is_runtime(f)))
        f = f.older()
    return frames


def name(frames, i):
    return "#%d %s" % (i, frames[i][0].name() or "??")


class CheckTaskFrames(gdb.Command):
    def __init__(self):
        super().__init__("check-task-frames", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        frames = unwind()
        task = ompd.addr_space.get_curr_thread().get_current_task()
        implicit_id = ompd.addr_space.icv_map["implicit-task-var"]
        checked, bad, n = 0, 0, 0
        while task is not None and task.task_handle is not None and n < 32:
            enter, enter_flag, exit_, exit_flag = ompdModule.call_ompd_get_task_frame(task.task_handle)
            implicit = ompdModule.call_ompd_get_icv_from_scope(task.task_handle, implicit_id[1], implicit_id[0])
            kind = "implicit" if implicit else "explicit"
            if exit_:
                hits = [i for i, fr in enumerate(frames) if fr[1] == exit_]
                # Inlined frames share their caller's CFA: the youngest of them made the call.
                if exit_flag & FRAME_KIND != FRAME_CFA or not hits:
                    print("MISMATCH task %d (%s): exit frame %#x (flag %#x) is no frame's CFA" % (n, kind, exit_, exit_flag))
                    bad += 1
                elif not frames[hits[0]][3] or hits[0] == 0 or frames[hits[0] - 1][3]:
                    print("MISMATCH task %d (%s): exit frame is the CFA of %s, not of a runtime frame calling user code"
                          % (n, kind, name(frames, hits[0])))
                    bad += 1
                else:
                    print("task %d (%s): exit frame = CFA of runtime frame %s, which called %s"
                          % (n, kind, name(frames, hits[0]), name(frames, hits[0] - 1)))
            if enter:
                hits = [i for i, fr in enumerate(frames) if fr[2] <= enter < fr[1]]
                if not enter_flag & FRAME_APPLICATION or not hits:
                    print("MISMATCH task %d (%s): enter frame %#x (flag %#x) is in no frame" % (n, kind, enter, enter_flag))
                    bad += 1
                elif frames[hits[0]][3] or hits[0] == 0 or not frames[hits[0] - 1][3]:
                    print("MISMATCH task %d (%s): enter frame lies in %s, not in a user frame calling the runtime"
                          % (n, kind, name(frames, hits[0])))
                    bad += 1
                else:
                    print("task %d (%s): enter frame inside user frame %s, which called %s"
                          % (n, kind, name(frames, hits[0]), name(frames, hits[0] - 1)))
            checked += 1
            if ompdModule.call_ompd_get_scheduling_task_handle(task.task_handle) is None:
                break
            task, n = task.get_scheduling_task(), n + 1
        print("task frames: %d tasks checked, %d mismatches" % (checked, bad))


CheckTaskFrames()
