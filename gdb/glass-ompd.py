# glass-ompd.py: an OMPD client for gdb (OpenMP 5.1 chapter 5).
#
# Loads an OMPD library (Glass's libompd.so, or any other runtime's), gives it
# the callbacks of 5.4 implemented with gdb's Python API, and adds the commands
#   ompd init [LIBRARY]   ompd threads   ompd parallel   ompd tasks
#   ompd icvs             ompd bt        ompd auto on|off
# for live processes and core files. Load with `source glass-ompd.py` (or
# `glass debug PROGRAM [CORE]`). Only the public OMPD API is used.

import ctypes
import os
import sys

import gdb

# --- OMPD types (5.3) -------------------------------------------------------

ompd_size_t = ctypes.c_uint64
ompd_wait_id_t = ctypes.c_uint64
ompd_addr_t = ctypes.c_uint64
ompd_word_t = ctypes.c_int64
ompd_seg_t = ctypes.c_uint64
ompd_thread_id_t = ctypes.c_uint64
ompd_icv_id_t = ctypes.c_uint64
ompd_rc_t = ctypes.c_int
ompd_scope_t = ctypes.c_int
c_void_pp = ctypes.POINTER(ctypes.c_void_p)


class ompd_address_t(ctypes.Structure):
    _fields_ = [("segment", ompd_seg_t), ("address", ompd_addr_t)]


class ompd_frame_info_t(ctypes.Structure):
    _fields_ = [("frame_address", ompd_address_t), ("frame_flag", ompd_word_t)]


class ompd_device_type_sizes_t(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint8) for name in
                ("sizeof_char", "sizeof_short", "sizeof_int", "sizeof_long",
                 "sizeof_long_long", "sizeof_pointer")]


RC_NAMES = ["ompd_rc_ok", "ompd_rc_unavailable", "ompd_rc_stale_handle", "ompd_rc_bad_input",
            "ompd_rc_error", "ompd_rc_unsupported", "ompd_rc_needs_state_tracking",
            "ompd_rc_incompatible", "ompd_rc_device_read_error", "ompd_rc_device_write_error",
            "ompd_rc_nomem", "ompd_rc_incomplete", "ompd_rc_callback_error"]
RC_OK, RC_UNAVAILABLE, RC_STALE, RC_BAD_INPUT, RC_ERROR, RC_UNSUPPORTED, RC_NEEDS_STATE, \
    RC_INCOMPATIBLE, RC_READ_ERROR, RC_WRITE_ERROR, RC_NOMEM, RC_INCOMPLETE, RC_CALLBACK_ERROR = range(13)

SCOPE_NAMES = {1: "global", 2: "address space", 3: "thread", 4: "parallel",
               5: "implicit task", 6: "task"}
SCOPE_GLOBAL, SCOPE_ASPACE, SCOPE_THREAD, SCOPE_PARALLEL, SCOPE_IMPLICIT_TASK, SCOPE_TASK = range(1, 7)

# Native thread id kinds: the values recommended by the OpenMP ompd-types.h.
THREAD_ID_PTHREAD = 0
THREAD_ID_LWP = 1

OMPT_STATE_UNDEFINED = 0x102   # 4.4.4.27: where ompd_enumerate_states starts
OMPD_ICV_UNDEFINED = 0         # 5.3.9: where ompd_enumerate_icvs starts

# ompt_frame_flag_t (4.4.4.29)
FRAME_CFA, FRAME_FRAMEPOINTER, FRAME_STACKADDRESS = 0x10, 0x20, 0x30

CB = ctypes.CFUNCTYPE
alloc_fn = CB(ompd_rc_t, ompd_size_t, c_void_pp)
free_fn = CB(ompd_rc_t, ctypes.c_void_p)
thread_context_fn = CB(ompd_rc_t, ctypes.c_void_p, ompd_thread_id_t, ompd_size_t, ctypes.c_void_p, c_void_pp)
sizeof_fn = CB(ompd_rc_t, ctypes.c_void_p, ctypes.POINTER(ompd_device_type_sizes_t))
symbol_fn = CB(ompd_rc_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p,
               ctypes.POINTER(ompd_address_t), ctypes.c_char_p)
read_fn = CB(ompd_rc_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ompd_address_t),
             ompd_size_t, ctypes.c_void_p)
write_fn = CB(ompd_rc_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ompd_address_t),
              ompd_size_t, ctypes.c_void_p)
convert_fn = CB(ompd_rc_t, ctypes.c_void_p, ctypes.c_void_p, ompd_size_t, ompd_size_t, ctypes.c_void_p)
print_fn = CB(ompd_rc_t, ctypes.c_char_p, ctypes.c_int)


class ompd_callbacks_t(ctypes.Structure):
    # Field order of 5.4.1.
    _fields_ = [("alloc_memory", alloc_fn), ("free_memory", free_fn), ("print_string", print_fn),
                ("sizeof_type", sizeof_fn), ("symbol_addr_lookup", symbol_fn),
                ("read_memory", read_fn), ("write_memory", write_fn), ("read_string", read_fn),
                ("device_to_host", convert_fn), ("host_to_device", convert_fn),
                ("get_thread_context_for_thread_id", thread_context_fn)]


class OmpdError(Exception):
    """A failure worth one line to the user (never a traceback)."""


_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_libc.free.argtypes = [ctypes.c_void_p]


def _runtime_libraries():
    return ("libglass", "libgomp", "libomp", "libiomp")


# --- The session: one OMPD library bound to one inferior ---------------------

class Session:
    def __init__(self, path, lib):
        self.path = path
        self.lib = lib
        self.inferior = gdb.selected_inferior()
        self.key = _inferior_key()
        self.aspace = ctypes.c_void_p()
        # Contexts are opaque to the library: small buffers whose addresses we hand out.
        self.aspace_context = ctypes.create_string_buffer(8)
        self.thread_contexts = {}          # gdb thread ptid -> buffer
        self.thread_of_context = {}        # buffer address -> gdb ptid
        self.last_read_failure = None
        self.states = None
        self.icvs = None

    def thread_context(self, thread):
        buf = self.thread_contexts.get(thread.ptid)
        if buf is None:
            buf = ctypes.create_string_buffer(8)
            self.thread_contexts[thread.ptid] = buf
            self.thread_of_context[ctypes.addressof(buf)] = thread.ptid
        return ctypes.addressof(buf)


session = None


def _inferior_key():
    inf = gdb.selected_inferior()
    return (inf.num, inf.pid, gdb.current_progspace().filename)


_exited_since_init = False


def _require():
    if session is None and _exited_since_init:
        raise OmpdError("the process OMPD was initialized for has exited: run it again, then 'ompd init'")
    if session is None:
        raise OmpdError("OMPD is not initialized: run 'ompd init' first")
    if _inferior_key() != session.key or not gdb.selected_inferior().threads():
        raise OmpdError("OMPD was initialized for another process (or it exited): run 'ompd init' again")
    return session


def _thread_by_ptid(ptid):
    for t in gdb.selected_inferior().threads():
        if t.ptid == ptid:
            return t
    return None


class _SelectedThread:
    """Selects a gdb thread for the duration of a block (TLS lookups, unwinding)."""

    def __init__(self, thread):
        self.thread = thread

    def __enter__(self):
        self.saved = gdb.selected_thread()
        try:
            self.frame = gdb.selected_frame()
        except gdb.error:
            self.frame = None
        if self.thread is not None and self.thread != self.saved:
            self.thread.switch()
        return self

    def __exit__(self, *exc):
        if self.saved is not None and self.saved.is_valid():
            self.saved.switch()
            if self.frame is not None and self.frame.is_valid():
                self.frame.select()
        return False


# --- Callbacks (5.4) ---------------------------------------------------------
# Each returns an ompd_rc_t and never lets a Python exception escape into C.

def _guard(default_rc=RC_CALLBACK_ERROR):
    def wrap(f):
        def inner(*args):
            try:
                return f(*args)
            except Exception:  # noqa: B902 -- a C caller cannot take an exception
                return default_rc
        return inner
    return wrap


@_guard(RC_NOMEM)
def cb_alloc(nbytes, ptr):
    p = _libc.malloc(max(int(nbytes), 1))
    if not p:
        return RC_NOMEM
    ptr[0] = p
    return RC_OK


@_guard()
def cb_free(ptr):
    _libc.free(ptr)
    return RC_OK


@_guard()
def cb_print_string(string, category):
    gdb.write(string.decode("utf-8", "replace") if string else "")
    return RC_OK


@_guard()
def cb_sizeof(context, sizes):
    s = sizes[0]

    def size(name, fallback):
        try:
            return gdb.lookup_type(name).sizeof
        except gdb.error:
            return fallback
    s.sizeof_char = size("char", 1)
    s.sizeof_short = size("short", 2)
    s.sizeof_int = size("int", 4)
    s.sizeof_long = size("long", 8)
    s.sizeof_long_long = size("long long", 8)
    s.sizeof_pointer = gdb.lookup_type("void").pointer().sizeof
    return RC_OK


class _CLanguage:
    """Parses expressions as C for the duration of a block: gdb parses in the
    language of the selected frame, and a Fortran frame's parser knows neither
    `&` nor quoted symbol names. The user's setting is restored afterwards."""

    def __enter__(self):
        self.saved = gdb.parameter("language")
        if self.saved != "c":
            gdb.execute("set language c", to_string=True)
        return self

    def __exit__(self, *exc):
        if self.saved != "c":
            gdb.execute("set language %s" % self.saved, to_string=True)
        return False


def _symbol_address(name):
    """Address of a global or static symbol; minimal (non-debug) symbols too."""
    for lookup in (gdb.lookup_global_symbol, gdb.lookup_static_symbol):
        try:
            sym = lookup(name)
        except gdb.error:
            sym = None
        if sym is not None and (sym.is_variable or sym.is_function):
            try:
                v = sym.value()
                return int(v.address) if v.address is not None else int(v)
            except gdb.error:
                pass
    # Minimal symbols: a runtime without debug information (Release) or
    # stripped to its .dynsym, and locals of .symtab. gdb 13 has no Python
    # lookup for them, but an expression names them; `&'name'` is then a
    # pointer to a "<data variable, no debug info>", whose int() is the address
    # (no cast: there is no type to cast through). Thread-locals resolve in the
    # selected thread. Quoting keeps names like "a.b" intact.
    if "'" in name or not name:
        raise gdb.error("not a symbol name: %r" % name)
    with _CLanguage():
        return int(gdb.parse_and_eval("&'%s'" % name))


@_guard()
def cb_symbol_addr(context, thread_context, name, addr, file_name):
    s = session
    name = name.decode()
    thread = None
    if thread_context and s is not None:
        ptid = s.thread_of_context.get(thread_context)
        thread = _thread_by_ptid(ptid) if ptid else None
    try:
        with _SelectedThread(thread):
            a = _symbol_address(name)
    except gdb.error:
        return RC_ERROR
    addr[0].segment = 0
    addr[0].address = a
    return RC_OK


def _read(address, nbytes):
    try:
        return bytes(gdb.selected_inferior().read_memory(address, nbytes))
    except (gdb.MemoryError, gdb.error):
        if session is not None:
            session.last_read_failure = (address, nbytes)
        return None


@_guard()
def cb_read_memory(context, thread_context, addr, nbytes, buffer):
    data = _read(addr[0].address, int(nbytes))
    if data is None:
        return RC_ERROR
    ctypes.memmove(buffer, data, len(data))
    return RC_OK


@_guard()
def cb_read_string(context, thread_context, addr, nbytes, buffer):
    # 5.4.7.1: at most nbytes, NUL included; ompd_rc_incomplete when no NUL fits.
    start, limit, out = addr[0].address, int(nbytes), b""
    while len(out) < limit:
        chunk = _read(start + len(out), min(64, limit - len(out)))
        if chunk is None:        # maybe a page boundary: go byte by byte
            chunk = _read(start + len(out), 1)
            if chunk is None:
                return RC_ERROR
        nul = chunk.find(b"\0")
        if nul >= 0:
            out += chunk[:nul + 1]
            ctypes.memmove(buffer, out, len(out))
            return RC_OK
        out += chunk
    ctypes.memmove(buffer, out, len(out))
    return RC_INCOMPLETE


@_guard()
def cb_write_memory(context, thread_context, addr, nbytes, buffer):
    try:
        gdb.selected_inferior().write_memory(addr[0].address, ctypes.string_at(buffer, int(nbytes)))
    except (gdb.MemoryError, gdb.error):
        return RC_ERROR
    return RC_OK


def _target_is_little_endian():
    try:
        return "little" in gdb.execute("show endian", to_string=True)
    except gdb.error:
        return True


@_guard()
def cb_convert(context, inp, unit_size, count, output):
    # Host and target share the address space layout here; only byte order may differ.
    unit, n = int(unit_size), int(count)
    data = ctypes.string_at(inp, unit * n)
    if unit > 1 and _target_is_little_endian() != (sys.byteorder == "little"):
        data = b"".join(data[i:i + unit][::-1] for i in range(0, len(data), unit))
    ctypes.memmove(output, data, len(data))
    return RC_OK


def _pthread_of(thread):
    try:
        h = thread.handle()
    except (gdb.error, AttributeError, RuntimeError):   # no libthread_db (e.g. damaged core)
        return None
    return bytes(h) if h is not None else None


@_guard()
def cb_thread_context(context, kind, size, thread_id, result):
    s = session
    if s is None:
        return RC_ERROR
    raw = ctypes.string_at(thread_id, int(size))
    for t in gdb.selected_inferior().threads():
        if kind == THREAD_ID_LWP:
            match = int.from_bytes(raw, sys.byteorder) == t.ptid[1]
        elif kind == THREAD_ID_PTHREAD:
            match = _pthread_of(t) == raw
        else:
            return RC_UNSUPPORTED
        if match:
            result[0] = s.thread_context(t)
            return RC_OK
    return RC_UNAVAILABLE


def _make_callbacks():
    return ompd_callbacks_t(alloc_fn(cb_alloc), free_fn(cb_free), print_fn(cb_print_string),
                            sizeof_fn(cb_sizeof), symbol_fn(cb_symbol_addr), read_fn(cb_read_memory),
                            write_fn(cb_write_memory), read_fn(cb_read_string), convert_fn(cb_convert),
                            convert_fn(cb_convert), thread_context_fn(cb_thread_context))



# --- Calling the library -----------------------------------------------------


def _rc_name(rc):
    return RC_NAMES[rc] if 0 <= rc < len(RC_NAMES) else "rc %d" % rc


def _fail(what, rc):
    s = session
    if rc == RC_STALE:
        raise OmpdError("%s: the OMPD handle is stale (the process moved on); run the command again" % what)
    if rc in (RC_ERROR, RC_CALLBACK_ERROR, RC_READ_ERROR) and s is not None and s.last_read_failure:
        a, n = s.last_read_failure
        raise OmpdError("%s: cannot read %d bytes of target memory at %#x (%s; truncated core file?)"
                        % (what, n, a, _rc_name(rc)))
    if rc == RC_NEEDS_STATE:
        raise OmpdError("%s: the runtime did not keep OMPD state (%s); run the program with OMP_DEBUG=enabled"
                        % (what, _rc_name(rc)))
    raise OmpdError("%s failed: %s" % (what, _rc_name(rc)))


def call(name, *args, ok=(RC_OK,)):
    """Calls an OMPD function by name; raises OmpdError unless its rc is in ok."""
    s = _require()
    f = getattr(s.lib, name)
    s.last_read_failure = None
    rc = f(*args)
    if rc not in ok:
        _fail(name, rc)
    return rc


_SIGNATURES = {
    "ompd_get_api_version": [ctypes.POINTER(ompd_word_t)],
    "ompd_get_version_string": [ctypes.POINTER(ctypes.c_char_p)],
    "ompd_initialize": [ompd_word_t, ctypes.POINTER(ompd_callbacks_t)],
    "ompd_finalize": [],
    "ompd_process_initialize": [ctypes.c_void_p, c_void_pp],
    "ompd_rel_address_space_handle": [ctypes.c_void_p],
    "ompd_get_omp_version": [ctypes.c_void_p, ctypes.POINTER(ompd_word_t)],
    "ompd_get_omp_version_string": [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p)],
    "ompd_get_thread_handle": [ctypes.c_void_p, ompd_thread_id_t, ompd_size_t, ctypes.c_void_p, c_void_pp],
    "ompd_get_thread_in_parallel": [ctypes.c_void_p, ctypes.c_int, c_void_pp],
    "ompd_get_thread_id": [ctypes.c_void_p, ompd_thread_id_t, ompd_size_t, ctypes.c_void_p],
    "ompd_get_display_control_vars": [ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(ctypes.c_char_p))],
    "ompd_rel_display_control_vars": [ctypes.POINTER(ctypes.POINTER(ctypes.c_char_p))],
    "ompd_get_tool_data": [ctypes.c_void_p, ompd_scope_t, ctypes.POINTER(ompd_word_t),
                           ctypes.POINTER(ompd_address_t)],
    "ompd_rel_thread_handle": [ctypes.c_void_p],
    "ompd_thread_handle_compare": [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)],
    "ompd_get_curr_parallel_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_get_enclosing_parallel_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_get_task_parallel_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_rel_parallel_handle": [ctypes.c_void_p],
    "ompd_parallel_handle_compare": [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)],
    "ompd_get_curr_task_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_get_generating_task_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_get_scheduling_task_handle": [ctypes.c_void_p, c_void_pp],
    "ompd_get_task_in_parallel": [ctypes.c_void_p, ctypes.c_int, c_void_pp],
    "ompd_rel_task_handle": [ctypes.c_void_p],
    "ompd_task_handle_compare": [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)],
    "ompd_get_task_function": [ctypes.c_void_p, ctypes.POINTER(ompd_address_t)],
    "ompd_get_task_frame": [ctypes.c_void_p, ctypes.POINTER(ompd_frame_info_t),
                            ctypes.POINTER(ompd_frame_info_t)],
    "ompd_enumerate_states": [ctypes.c_void_p, ompd_word_t, ctypes.POINTER(ompd_word_t),
                              ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ompd_word_t)],
    "ompd_get_state": [ctypes.c_void_p, ctypes.POINTER(ompd_word_t), ctypes.POINTER(ompd_wait_id_t)],
    "ompd_enumerate_icvs": [ctypes.c_void_p, ompd_icv_id_t, ctypes.POINTER(ompd_icv_id_t),
                            ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ompd_scope_t),
                            ctypes.POINTER(ctypes.c_int)],
    "ompd_get_icv_from_scope": [ctypes.c_void_p, ompd_scope_t, ompd_icv_id_t, ctypes.POINTER(ompd_word_t)],
    "ompd_get_icv_string_from_scope": [ctypes.c_void_p, ompd_scope_t, ompd_icv_id_t,
                                       ctypes.POINTER(ctypes.c_char_p)],
}


def _bind(lib, path):
    for name, argtypes in _SIGNATURES.items():
        try:
            f = getattr(lib, name)
        except AttributeError:
            raise OmpdError("%s is not an OMPD library: it has no %s" % (path, name))
        f.restype = ompd_rc_t
        f.argtypes = argtypes


# --- Handles: acquired per command and released at its end -------------------

class Handles:
    """Collects handles made during one command so that all are released after it."""

    def __init__(self):
        self.items = []

    def keep(self, kind, h):
        if h:
            self.items.append((kind, h))
        return h

    def release(self):
        if session is None:
            return
        for kind, h in reversed(self.items):
            try:
                getattr(session.lib, "ompd_rel_%s_handle" % kind)(h)
            except Exception:  # noqa: B902 -- releasing is best effort
                pass
        self.items = []

    def out(self, name, *args, kind, ok_missing=(RC_UNAVAILABLE, RC_UNSUPPORTED)):
        """Calls a function returning a handle; None when the rc is in ok_missing."""
        h = ctypes.c_void_p()
        rc = call(name, *args, ctypes.byref(h), ok=(RC_OK,) + tuple(ok_missing))
        if rc != RC_OK:
            return None
        return self.keep(kind, h.value)


def _compare(kind, a, b):
    cmp = ctypes.c_int()
    call("ompd_%s_handle_compare" % kind, a, b, ctypes.byref(cmp))
    return cmp.value


def thread_handle(hs, thread):
    """The OMPD thread handle of a gdb thread, or None if it is not an OpenMP thread."""
    s = _require()
    tries = []
    raw = _pthread_of(thread)
    if raw:
        tries.append((THREAD_ID_PTHREAD, raw))
    tries.append((THREAD_ID_LWP, thread.ptid[1].to_bytes(8, sys.byteorder)))
    for kind, ident in tries:
        buf = ctypes.create_string_buffer(ident, len(ident))
        h = ctypes.c_void_p()
        s.last_read_failure = None
        rc = s.lib.ompd_get_thread_handle(s.aspace, kind, len(ident), buf, ctypes.byref(h))
        if rc == RC_OK:
            return hs.keep("thread", h.value)
        if rc in (RC_UNSUPPORTED, RC_BAD_INPUT):
            continue           # try the other id kind
        if rc == RC_UNAVAILABLE:
            return None
        _fail("ompd_get_thread_handle", rc)
    return None


def state_names():
    s = _require()
    if s.states is None:
        names, cur = {}, OMPT_STATE_UNDEFINED
        nxt, name, more = ompd_word_t(), ctypes.c_char_p(), ompd_word_t()
        for _ in range(256):
            call("ompd_enumerate_states", s.aspace, cur, ctypes.byref(nxt), ctypes.byref(name),
                 ctypes.byref(more))
            names[nxt.value] = name.value.decode() if name.value else "?"
            if not more.value:
                break
            cur = nxt.value
        s.states = names
    return s.states


def icv_list():
    s = _require()
    if s.icvs is None:
        icvs, cur = [], OMPD_ICV_UNDEFINED
        nxt, name, scope, more = ompd_icv_id_t(), ctypes.c_char_p(), ompd_scope_t(), ctypes.c_int()
        for _ in range(512):
            call("ompd_enumerate_icvs", s.aspace, cur, ctypes.byref(nxt), ctypes.byref(name),
                 ctypes.byref(scope), ctypes.byref(more))
            icvs.append((nxt.value, name.value.decode() if name.value else "?", scope.value))
            # The name was allocated with our alloc_memory callback: ours to free (5.5.9.1).
            _libc.free(ctypes.cast(name, ctypes.c_void_p))
            if not more.value:
                break
            cur = nxt.value
        s.icvs = icvs
    return s.icvs


def icv_value(handle, scope, icv_id):
    """An ICV's value as text, or None when unavailable in that scope."""
    v = ompd_word_t()
    rc = call("ompd_get_icv_from_scope", handle, scope, icv_id, ctypes.byref(v),
              ok=(RC_OK, RC_INCOMPLETE, RC_INCOMPATIBLE, RC_UNAVAILABLE, RC_UNSUPPORTED, RC_BAD_INPUT))
    if rc == RC_OK:
        return str(v.value)
    # RC_INCOMPLETE: a list ICV's first element only (5.5.9.2); the string has them all.
    text = ctypes.c_char_p()
    rc = call("ompd_get_icv_string_from_scope", handle, scope, icv_id, ctypes.byref(text),
              ok=(RC_OK, RC_INCOMPATIBLE, RC_UNAVAILABLE, RC_UNSUPPORTED, RC_BAD_INPUT))
    if rc == RC_OK:
        value = text.value.decode("utf-8", "replace") if text.value else ""
        # The string is allocated with our alloc_memory callback: ours to free.
        _libc.free(ctypes.cast(text, ctypes.c_void_p))
        return '"%s"' % value
    return None


def icv_by_name(handle, scope, *names):
    for icv_id, name, icv_scope in icv_list():
        if icv_scope == scope and name in names:
            v = icv_value(handle, scope, icv_id)
            if v is not None:
                return v
    return None


def symbolize(address):
    if not address:
        return "(none)"
    # The innermost function block that starts at its function's own entry (not
    # an inlined callee; GCC nests outlined bodies inside their parent's
    # scope). It keeps the clone suffix (main._omp_fn.1) `info symbol` drops.
    try:
        block = gdb.block_for_pc(address)
        while block is not None:
            fn = block.function
            if fn is not None:
                try:
                    if int(fn.value().address) == block.start:
                        return fn.name
                except (gdb.error, TypeError):
                    pass
            block = block.superblock
    except (gdb.error, RuntimeError):
        pass
    try:
        with _CLanguage():        # the address is a C literal
            text = gdb.execute("info symbol %#x" % address, to_string=True).strip()
    except gdb.error:
        text = ""
    if not text or text.startswith("No symbol"):
        return "%#x" % address
    name = text.split(" in section ")[0]
    if name.endswith(" + 0"):
        name = name[:-4]
    return name


def task_function(task):
    a = ompd_address_t()
    rc = call("ompd_get_task_function", task, ctypes.byref(a), ok=(RC_OK, RC_UNAVAILABLE))
    # Only the initial task runs no task function (5.1 section 1.2.5).
    return symbolize(a.address) if rc == RC_OK else "(initial)"


def task_kind(task, hs=None):
    implicit = icv_by_name(task, SCOPE_TASK, "implicit-task-var", "ompd-implicit-var", "implicit-var")
    if implicit is not None:
        return "implicit" if implicit not in ("0", '"false"') else "explicit"
    # Without that ICV: a task is implicit iff it is the implicit task of one of
    # the threads of its parallel region (ompd_get_task_in_parallel, 5.5.7.4).
    hs = hs or Handles()
    try:
        par = hs.out("ompd_get_task_parallel_handle", task, kind="parallel")
        if not par:
            return "implicit"     # the initial task has no enclosing region here
        for n in range(team_size(hs, par)):
            t = hs.out("ompd_get_task_in_parallel", par, n, kind="task",
                       ok_missing=(RC_UNAVAILABLE, RC_UNSUPPORTED, RC_BAD_INPUT))
            if t and _compare("task", t, task) == 0:
                return "implicit"
        return "explicit"
    finally:
        hs.release()


def team_size(hs, parallel):
    v = icv_by_name(parallel, SCOPE_PARALLEL, "team-size-var", "ompd-team-size-var")
    if v is not None:
        return int(v)
    n = 0
    while n < 4096:
        h = ctypes.c_void_p()
        rc = call("ompd_get_thread_in_parallel", parallel, n, ctypes.byref(h),
                  ok=(RC_OK, RC_BAD_INPUT, RC_UNAVAILABLE))
        if rc != RC_OK:
            break
        hs.keep("thread", h.value)
        n += 1
    return n


def parallel_level(hs, parallel):
    """levels-var of a region (2.4.1) if the library exposes it, else its nesting depth."""
    v = icv_by_name(parallel, SCOPE_PARALLEL, "levels-var", "ompd-level-var")
    return v if v is not None else str(len(parallel_chain(hs, parallel)))


def thread_num(hs, thread, parallel):
    """The OpenMP thread number of a thread in a parallel region (5.1: position in the team)."""
    v = icv_by_name(thread, SCOPE_THREAD, "thread-num-var", "ompd-thread-num-var")
    if v is not None:
        return int(v)
    for n in range(team_size(hs, parallel) if parallel else 0):
        h = hs.out("ompd_get_thread_in_parallel", parallel, n, kind="thread",
                   ok_missing=(RC_UNAVAILABLE, RC_BAD_INPUT))
        if h and _compare("thread", h, thread) == 0:
            return n
    return None


def parallel_chain(hs, parallel):
    """[parallel, enclosing, enclosing of that, ...]."""
    chain = []
    while parallel and len(chain) < 256:
        chain.append(parallel)
        parallel = hs.out("ompd_get_enclosing_parallel_handle", parallel, kind="parallel")
    return chain


def openmp_threads(hs):
    """[(gdb thread, thread handle)] for every OpenMP thread, in gdb's order."""
    out = []
    for t in sorted(gdb.selected_inferior().threads(), key=lambda t: t.num):
        h = thread_handle(hs, t)
        if h:
            out.append((t, h))
    if not out:
        raise OmpdError("no OpenMP thread found in this process (has the runtime started?)")
    return out


# --- Commands -----------------------------------------------------------------

def ompd_init(arg):
    global session
    candidates = [arg] if arg else dll_locations()
    errors = []
    for path in candidates:
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append("%s (%s)" % (path, str(e).split(":")[-1].strip()))
            continue
        _bind(lib, path)
        break
    else:
        raise OmpdError("cannot load an OMPD library: " + "; ".join(errors))
    if session is not None:
        _release_session()
    new = Session(path, lib)
    version = _initialize_library(lib)
    global _exited_since_init
    _exited_since_init = False
    session = new
    rc = lib.ompd_process_initialize(ctypes.addressof(new.aspace_context), ctypes.byref(new.aspace))
    if rc != RC_OK:
        session = None
        hint = ""
        if rc in (RC_INCOMPATIBLE, RC_UNAVAILABLE, RC_NEEDS_STATE, RC_ERROR):
            hint = " (is this an OpenMP program whose runtime matches %s, run with OMP_DEBUG=enabled?)" % path
        if new.last_read_failure:
            a, n = new.last_read_failure
            hint = " (cannot read target memory at %#x: truncated core file?)" % a
        raise OmpdError("ompd_process_initialize failed: %s%s" % (_rc_name(rc), hint))
    text = ctypes.c_char_p()
    lib.ompd_get_version_string(ctypes.byref(text))
    gdb.write("OMPD: loaded %s\n" % path)
    gdb.write("OMPD: version %d, %s\n" % (version.value, text.value.decode() if text.value else "?"))
    omp = ompd_word_t()
    if lib.ompd_get_omp_version(new.aspace, ctypes.byref(omp)) == RC_OK:
        gdb.write("OMPD: the runtime implements OpenMP %d\n" % omp.value)
    try:
        if icv_by_name(new.aspace, SCOPE_ASPACE, "debug-var") == "0":
            gdb.write("OMPD: warning: the runtime runs with OMP_DEBUG disabled (debug-var 0): task frames "
                      "and some state are not kept; run the program with OMP_DEBUG=enabled\n")
    except OmpdError:
        pass


# Libraries already given their callbacks (ompd_initialize, 5.5.1.1), by dlopen
# handle -> (API version, callback table). A library is initialized once per
# gdb session and finalized when gdb exits; re-running `ompd init` (a new
# process, a core file) only makes a new address space handle.
_libraries = {}


def _initialize_library(lib):
    known = _libraries.get(lib._handle)
    if known is not None:
        return known[0]
    version = ompd_word_t()
    rc = lib.ompd_get_api_version(ctypes.byref(version))
    if rc != RC_OK:
        raise OmpdError("ompd_get_api_version failed: %s" % _rc_name(rc))
    table = _make_callbacks()      # kept alive in _libraries as long as the library
    rc = lib.ompd_initialize(version.value, ctypes.byref(table))
    if rc != RC_OK:
        raise OmpdError("ompd_initialize(%d) failed: %s" % (version.value, _rc_name(rc)))
    _libraries[lib._handle] = (version, table, lib)
    return version


def _release_session():
    """Drops the address space handle of the current session (the process is gone or replaced)."""
    global session
    s, session = session, None
    if s is not None and s.aspace:
        try:
            s.lib.ompd_rel_address_space_handle(s.aspace)
        except Exception:  # noqa: B902 -- best effort
            pass


def _finalize_libraries(event=None):
    """ompd_finalize (5.5.1.4) for every initialized library, when gdb exits."""
    _release_session()
    for version, table, lib in list(_libraries.values()):
        try:
            lib.ompd_finalize()
        except Exception:  # noqa: B902 -- gdb is exiting anyway
            pass
    _libraries.clear()


def dll_locations():
    """The strings of the inferior's ompd_dll_locations (5.2.2), in order."""
    if not gdb.selected_inferior().threads():
        raise OmpdError("no process or core file: start the program (or load a core) first")
    try:
        array = _symbol_address("ompd_dll_locations")
    except gdb.error:
        runtimes = [o.filename for o in gdb.objfiles()
                    if os.path.basename(o.filename or "").startswith(_runtime_libraries())]
        if runtimes:
            raise OmpdError("the OpenMP runtime %s is not OMPD-capable (no ompd_dll_locations); "
                            "use 'ompd init LIBRARY' if you have its OMPD library"
                            % os.path.basename(runtimes[0]))
        raise OmpdError("no OpenMP runtime is loaded (not an OpenMP program, the runtime is not loaded yet, "
                        "or a truncated core file lost the library list)")
    ptr = gdb.lookup_type("char").pointer()
    data = _read(array, ptr.sizeof)
    if data is None:
        raise OmpdError("cannot read ompd_dll_locations at %#x (truncated core file?)" % array)
    table = int.from_bytes(data, sys.byteorder)
    if not table:
        raise OmpdError("the runtime has OMPD disabled (ompd_dll_locations is NULL): "
                        "run the program with OMP_DEBUG=enabled")
    paths = []
    for i in range(64):
        data = _read(table + i * ptr.sizeof, ptr.sizeof)
        if data is None:
            raise OmpdError("cannot read ompd_dll_locations[%d] (truncated core file?)" % i)
        p = int.from_bytes(data, sys.byteorder)
        if not p:
            break
        try:
            paths.append(gdb.Value(p).cast(ptr).string())
        except (gdb.error, gdb.MemoryError):
            raise OmpdError("cannot read the string ompd_dll_locations[%d] (truncated core file?)" % i)
    if not paths:
        raise OmpdError("ompd_dll_locations is empty: the runtime names no OMPD library")
    return paths


def ompd_threads(arg):
    hs = Handles()
    try:
        names = state_names()
        gdb.write("%-7s %-8s %-6s %-34s %-24s %-34s %s\n" % (
            "Thread", "LWP", "OMP#", "State", "Wait id", "Current task", "Parallel region"))
        regions = []
        for t, th in openmp_threads(hs):
            try:
                _thread_row(hs, t, th, names, regions)
            except OmpdError as e:
                gdb.write("%-7s %-8d ompd: %s\n" % (t.num, t.ptid[1], e))
    finally:
        hs.release()


def _thread_row(hs, t, th, names, regions):
    state, wait = ompd_word_t(), ompd_wait_id_t()
    call("ompd_get_state", th, ctypes.byref(state), ctypes.byref(wait))
    par = hs.out("ompd_get_curr_parallel_handle", th, kind="parallel")
    num = thread_num(hs, th, par)
    task = hs.out("ompd_get_curr_task_handle", th, kind="task")
    region = "-"
    if par:
        rid = _region_id(regions, par)
        region = "#%d (level %s, %d threads)" % (rid, parallel_level(hs, par), team_size(hs, par))
    gdb.write("%-7s %-8d %-6s %-34s %-24s %-34s %s\n" % (
        t.num, t.ptid[1], "-" if num is None else num,
        names.get(state.value, "state %#x" % state.value),
        _wait_id(wait.value),
        "%s (%s)" % (task_function(task), task_kind(task)) if task else "-", region))


def _wait_id(value):
    if not value:
        return "-"
    name = symbolize(value)
    return "%#x" % value if name.startswith("0x") else "%#x <%s>" % (value, name)


def _region_id(regions, par):
    for i, r in enumerate(regions):
        if _compare("parallel", r, par) == 0:
            return i + 1
    regions.append(par)
    return len(regions)


def ompd_parallel(arg):
    hs = Handles()
    try:
        regions, members, parent = [], {}, {}
        for t, th in openmp_threads(hs):
            par = hs.out("ompd_get_curr_parallel_handle", th, kind="parallel")
            chain = parallel_chain(hs, par)
            ids = [_region_id(regions, p) for p in chain]
            if ids:
                members.setdefault(ids[0], []).append(t.num)
            for inner, outer in zip(ids, ids[1:]):
                parent[inner] = outer
        children = {}
        for rid in range(1, len(regions) + 1):
            children.setdefault(parent.get(rid), []).append(rid)

        def show(rid, depth):
            par = regions[rid - 1]
            gdb.write("%sparallel region #%d: level %s, team size %d, enclosing %s, innermost for gdb threads %s\n"
                      % ("  " * depth, rid, parallel_level(hs, par),
                         team_size(hs, par), "#%d" % parent[rid] if rid in parent else "none",
                         ",".join(map(str, members.get(rid, []))) or "-"))
            for c in children.get(rid, []):
                show(c, depth + 1)
        for root in children.get(None, []):
            show(root, 0)
    finally:
        hs.release()


def ompd_tasks(arg):
    hs = Handles()
    try:
        for t, th in openmp_threads(hs):
            gdb.write("thread %d (LWP %d):\n" % (t.num, t.ptid[1]))
            try:
                _thread_tasks(hs, th)
            except OmpdError as e:
                gdb.write("  ompd: %s\n" % e)
    finally:
        hs.release()


def _thread_tasks(hs, th):
    task = hs.out("ompd_get_curr_task_handle", th, kind="task")
    status = "running"
    seen = 0
    while task and seen < 64:
        gen = hs.out("ompd_get_generating_task_handle", task, kind="task")
        gdb.write("  %-10s %-9s %-34s parent %s\n" % (
            status, task_kind(task), task_function(task),
            "%s (%s)" % (task_function(gen), task_kind(gen)) if gen else "none"))
        task = hs.out("ompd_get_scheduling_task_handle", task, kind="task")
        status, seen = "suspended", seen + 1


def ompd_icvs(arg):
    hs = Handles()
    try:
        s = _require()
        thread = gdb.selected_thread()
        th = thread_handle(hs, thread)
        par = hs.out("ompd_get_curr_parallel_handle", th, kind="parallel") if th else None
        task = hs.out("ompd_get_curr_task_handle", th, kind="task") if th else None
        handles = {SCOPE_GLOBAL: s.aspace, SCOPE_ASPACE: s.aspace, SCOPE_THREAD: th,
                   SCOPE_PARALLEL: par, SCOPE_IMPLICIT_TASK: task, SCOPE_TASK: task}
        gdb.write("ICVs seen from gdb thread %d%s:\n" % (thread.num, "" if th else " (not an OpenMP thread)"))
        for icv_id, name, scope in icv_list():
            h = handles.get(scope)
            value = icv_value(h, scope, icv_id) if h else None
            gdb.write("  %-28s %-14s %s\n" % (name, SCOPE_NAMES.get(scope, str(scope)),
                                               "unavailable" if value is None else value))
    finally:
        hs.release()


class _Frame:
    """What `ompd bt` needs of a gdb frame, taken while its thread is selected
    (gdb frame objects die when another thread is selected)."""

    def __init__(self, index, frame, sp, cfa):
        self.sp, self.cfa = sp, cfa
        self.runtime = _is_runtime(frame)
        self.text = _describe(index, frame)


def _frames(thread):
    """[_Frame] of a thread's stack, newest first. A frame spans [sp, cfa):
    its CFA is its caller's stack pointer, so a frame without a caller has no
    known end (cfa None) and holds no task frame address."""
    out = []
    with _SelectedThread(thread):
        try:
            f = gdb.newest_frame()
        except gdb.error:
            return out
        while f is not None and len(out) < 256:
            try:
                sp = int(f.read_register("sp"))
                older = f.older()
                caller = older if older is not None else _caller_past_main(f)
                cfa = int(caller.read_register("sp")) if caller is not None else None
            except gdb.error:
                older, cfa = None, None
            out.append(_Frame(len(out), f, sp, cfa))
            f = older
    return out


def _caller_past_main(frame):
    """The caller gdb hides when it stops a backtrace at main ('set backtrace
    past-main'): it gives main's frame its end, so that the initial task's
    enter frame, an address inside main, is found there and nowhere else."""
    if gdb.parameter("backtrace past-main"):
        return None            # gdb found no caller even past main
    gdb.execute("set backtrace past-main on", to_string=True)
    try:
        return frame.older()
    except gdb.error:
        return None
    finally:
        gdb.execute("set backtrace past-main off", to_string=True)


def _frame_index(frames, info):
    """Which frame a task frame address (5.3.5, ompt_frame_flag_t) designates."""
    a, flag = info.frame_address.address, info.frame_flag & 0xf0
    if not a:
        return None
    if flag != FRAME_FRAMEPOINTER:
        for i, f in enumerate(frames):
            if f.cfa == a:
                return i
    # Only a frame with a known end can hold the address: the threads' stacks
    # lie one above another, so an open-ended outermost frame (a worker's
    # clone3) would claim every address of the stacks above it.
    for i, f in enumerate(frames):
        if f.cfa is not None and f.sp <= a < f.cfa:
            # Functions inlined into that frame share its stack pointer.
            while i > 0 and frames[i - 1].sp == f.sp and frames[i - 1].runtime == f.runtime:
                i -= 1
            return i
    return None


def _is_runtime(frame):
    lib = gdb.solib_name(frame.pc()) or ""
    return any(os.path.basename(lib).startswith(n) for n in _runtime_libraries())


def _describe(i, frame):
    sal = frame.find_sal()
    where = ""
    if sal.symtab is not None:
        where = " at %s:%d" % (os.path.basename(sal.symtab.filename), sal.line)
    elif gdb.solib_name(frame.pc()):
        where = " from %s" % os.path.basename(gdb.solib_name(frame.pc()))
    return "#%-3d %#018x in %s%s" % (i, frame.pc(), frame.name() or "??", where)


def _task_frames(task):
    exit_f, enter_f = ompd_frame_info_t(), ompd_frame_info_t()
    rc = call("ompd_get_task_frame", task, ctypes.byref(exit_f), ctypes.byref(enter_f),
              ok=(RC_OK, RC_UNAVAILABLE))
    return (exit_f, enter_f) if rc == RC_OK else (None, None)


def ompd_bt(arg):
    hs = Handles()
    try:
        thread = gdb.selected_thread()
        th = thread_handle(hs, thread)
        if not th:
            raise OmpdError("gdb thread %d is not an OpenMP thread: use 'bt'" % thread.num)
        frames = _frames(thread)
        # The thread's task stack: its current task, then the tasks it suspended.
        owner = {}
        task = hs.out("ompd_get_curr_task_handle", th, kind="task")
        chain = []
        while task and len(chain) < 64:
            chain.append(task)
            task = hs.out("ompd_get_scheduling_task_handle", task, kind="task")
        for task in chain:
            exit_f, enter_f = _task_frames(task)
            if exit_f is None:
                continue
            lo = _frame_index(frames, enter_f)
            hi = _frame_index(frames, exit_f)
            if lo is None:
                if task is not chain[0]:
                    continue           # a suspended task must have entered the runtime
                lo = 0                 # the running task: its code is at the top
            label = "%s task %s" % (task_kind(task), task_function(task))
            i = lo
            while i < len(frames) and frames[i].runtime:
                i += 1                 # the enter frame may be the runtime's entry point
            # Without an exit frame, the task's code ends at the next runtime frame.
            while i < len(frames) and (i <= hi if hi is not None else not frames[i].runtime):
                if i not in owner and not frames[i].runtime:
                    owner[i] = label
                i += 1
        for i, f in enumerate(frames):
            tag = "  [runtime]" if f.runtime else "  [%s]" % owner[i] if i in owner else ""
            gdb.write("%s%s\n" % (f.text, tag))
        # Continue into the user frames that created the current task, which may
        # live on another thread's stack (5.5.8: the generating task's enter frame).
        if chain:
            _creators(hs, chain[0], thread)
    finally:
        hs.release()


def _creators(hs, task, thread):
    others = [t for t in sorted(gdb.selected_inferior().threads(), key=lambda t: t.num)]
    depth = 0
    while task is not None and depth < 16:
        gen = hs.out("ompd_get_generating_task_handle", task, kind="task")
        if not gen:
            return
        exit_f, enter_f = _task_frames(gen)
        found = False
        if enter_f is not None and enter_f.frame_address.address:
            for t in others:
                frames = _frames(t)
                i = _frame_index(frames, enter_f)
                if i is None:
                    continue
                hi = _frame_index(frames, exit_f) if exit_f is not None else None
                hi = len(frames) - 1 if hi is None else hi
                gdb.write("--- %s created by %s task %s, in gdb thread %d:\n" % (
                    task_function(task), task_kind(gen), task_function(gen), t.num))
                shown = 0
                for j in range(i, hi + 1):
                    if not frames[j].runtime:
                        gdb.write("%s  [%s task %s]\n" % (frames[j].text, task_kind(gen), task_function(gen)))
                        shown += 1
                if not shown:
                    gdb.write("    (none of its own frames remain: it called the runtime as a tail call, "
                              "or was inlined)\n")
                found = True
                break
        if not found:
            gdb.write("--- %s created by %s task %s (its frames are not on any stack)\n" % (
                task_function(task), task_kind(gen), task_function(gen)))
        task, depth = gen, depth + 1


# --- gdb command plumbing -----------------------------------------------------

def _run(body, arg):
    try:
        body(arg.strip())
    except OmpdError as e:
        gdb.write("ompd: %s\n" % e)
    except gdb.MemoryError as e:
        gdb.write("ompd: cannot read target memory (%s)\n" % e)
    except gdb.error as e:
        gdb.write("ompd: %s\n" % e)
    except Exception as e:  # noqa: B902 -- one line, never a traceback
        gdb.write("ompd: internal error: %s: %s\n" % (type(e).__name__, e))


class OmpdPrefix(gdb.Command):
    """OpenMP debugging through OMPD: ompd init|threads|parallel|tasks|icvs|bt."""

    def __init__(self):
        super().__init__("ompd", gdb.COMMAND_DATA, gdb.COMPLETE_NONE, True)


class OmpdSub(gdb.Command):
    def __init__(self, name, body, doc):
        self.__doc__ = doc
        super().__init__("ompd " + name, gdb.COMMAND_DATA)
        self.body = body

    def invoke(self, arg, from_tty):
        if self.body not in (ompd_init, ompd_auto):
            _run(lambda a: _require(), "")   # the one-line "not initialized" message
            if session is None:
                return
        _run(self.body, arg)


OmpdPrefix()
OmpdSub("init", ompd_init, "ompd init [LIBRARY]: load the OMPD library (default: the runtime's "
        "ompd_dll_locations) and attach it to this process or core file.")
auto_init = False


def ompd_auto(arg):
    global auto_init
    if arg not in ("on", "off"):
        raise OmpdError("usage: ompd auto on|off (now %s)" % ("on" if auto_init else "off"))
    auto_init = arg == "on"
    gdb.write("OMPD: initialize on every stop once the runtime is loaded: %s\n" % arg)


def _on_stop(event):
    # Auto-init: on a stop, (re)attach when there is no session for this process.
    if not auto_init or (session is not None and session.key == _inferior_key()):
        return
    try:
        dll_locations()
    except (OmpdError, gdb.error):
        return                      # no runtime (yet), or OMPD off: stay quiet
    _run(ompd_init, "")


OmpdSub("auto", ompd_auto, "ompd auto on|off: run 'ompd init' by itself at stops once an "
        "OMPD-capable runtime is loaded (off by default).")
OmpdSub("threads", ompd_threads, "ompd threads: every OpenMP thread with its number, state, wait id, "
        "current task and parallel region.")
OmpdSub("parallel", ompd_parallel, "ompd parallel: the tree of active parallel regions.")
OmpdSub("tasks", ompd_tasks, "ompd tasks: per thread, the running task and the tasks it suspended.")
OmpdSub("icvs", ompd_icvs, "ompd icvs: every ICV in every scope, seen from the selected thread.")
OmpdSub("bt", ompd_bt, "ompd bt: backtrace of the selected thread with runtime frames and tasks marked, "
        "continued into the frames that created the current task.")


def _on_exit(event):
    global _exited_since_init
    _exited_since_init = session is not None
    _release_session()


gdb.events.exited.connect(_on_exit)
if hasattr(gdb.events, "gdb_exiting"):
    gdb.events.gdb_exiting.connect(_finalize_libraries)
gdb.events.stop.connect(_on_stop)
