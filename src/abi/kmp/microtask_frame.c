/* The exit frame of a Clang implicit task (OpenMP 5.1, 4.4.4.28): the frame
 * pointer of the runtime function that calls the outlined region, which is
 * glass_invoke_microtask (src/platform/microtask.c), itself in assembly. That
 * function starts with "push %rbp; mov %rsp, %rbp", so when it is entered
 * with %rsp = R its frame pointer is R - 8: this trampoline stores that into
 * the task's exit frame slot and jumps to it with %rsp unchanged. The
 * outlined function's __builtin_frame_address(1) is then the exit frame. */
#include "microtask_frame.h"

#if !defined(__x86_64__)
#error "kmp_invoke_microtask_framed is written for x86-64 only"
#endif

__asm__(
    "    .text\n"
    "    .globl kmp_invoke_microtask_framed\n"
    "    .hidden kmp_invoke_microtask_framed\n"
    "    .type kmp_invoke_microtask_framed, @function\n"
    "    .p2align 4\n"
    "kmp_invoke_microtask_framed:\n"
    "    .cfi_startproc\n"
    "    leaq -8(%rsp), %rax\n"
    "    movq %rax, (%rdi)\n"
    /* Shift the invoker's five arguments down one register. */
    "    movq %rsi, %rdi\n"
    "    movq %rdx, %rsi\n"
    "    movq %rcx, %rdx\n"
    "    movq %r8, %rcx\n"
    "    movq %r9, %r8\n"
    "    jmp glass_invoke_microtask\n"
    "    .cfi_endproc\n"
    "    .size kmp_invoke_microtask_framed, .-kmp_invoke_microtask_framed\n");
