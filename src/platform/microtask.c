/* glass_invoke_microtask (microtask.h) for x86-64 System V: the first six
 * integer arguments go in %rdi, %rsi, %rdx, %rcx, %r8, %r9, the rest on the
 * stack in order, %rsp 16-byte aligned at the call. A C switch over the
 * argument count could only cover a bounded number of arguments; pushing
 * them in assembly covers any number. */
#include "microtask.h"

#if !defined(__x86_64__)
#error "glass_invoke_microtask is written for x86-64 only"
#endif

__asm__(
    "    .text\n"
    "    .globl glass_invoke_microtask\n"
    "    .hidden glass_invoke_microtask\n"
    "    .type glass_invoke_microtask, @function\n"
    "    .p2align 4\n"
    "glass_invoke_microtask:\n"
    "    .cfi_startproc\n"
    "    pushq %rbp\n"
    "    .cfi_def_cfa_offset 16\n"
    "    .cfi_offset %rbp, -16\n"
    "    movq %rsp, %rbp\n"
    "    .cfi_def_cfa_register %rbp\n"
    "    movq %rdi, %r10\n"               /* fn */
    "    movq %r8, %r11\n"                /* args */
    "    movl %ecx, %eax\n"               /* nargs, zero-extended */
    /* args[4] .. args[nargs-1] go on the stack, the last pushed first; an
     * odd count gets a pad word so %rsp stays aligned. */
    "    cmpq $4, %rax\n"
    "    jbe 2f\n"
    "    movq %rax, %rcx\n"
    "    subq $4, %rcx\n"
    "    testq $1, %rcx\n"
    "    jz 1f\n"
    "    subq $8, %rsp\n"
    "1:  pushq -8(%r11,%rax,8)\n"
    "    decq %rax\n"
    "    cmpq $4, %rax\n"
    "    ja 1b\n"
    /* gtid and tid, then args[0..3] as far as there are any (%rax is now
     * min(nargs, 4)); %rdx is read before it is overwritten. */
    "2:  movq %rsi, %rdi\n"
    "    movq %rdx, %rsi\n"
    "    cmpq $1, %rax\n"
    "    jb 3f\n"
    "    movq 0(%r11), %rdx\n"
    "    cmpq $2, %rax\n"
    "    jb 3f\n"
    "    movq 8(%r11), %rcx\n"
    "    cmpq $3, %rax\n"
    "    jb 3f\n"
    "    movq 16(%r11), %r8\n"
    "    cmpq $4, %rax\n"
    "    jb 3f\n"
    "    movq 24(%r11), %r9\n"
    /* %al: vector registers used, in case the callee is variadic. */
    "3:  xorl %eax, %eax\n"
    "    call *%r10\n"
    "    leave\n"
    "    .cfi_def_cfa %rsp, 8\n"
    "    ret\n"
    "    .cfi_endproc\n"
    "    .size glass_invoke_microtask, .-glass_invoke_microtask\n");
