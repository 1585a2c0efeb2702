/* User API: omp_target_memcpy_async and omp_target_memcpy_rect_async
 * (OpenMP 5.1, 3.8.7 and 3.8.8). Each copy is a deferrable target task whose
 * dependences are those of the depobj list, as if the routine were a task
 * construct with depend(depobj: ...) clauses: the routine returns once the
 * task exists, and the copy happens when the task runs, after its
 * predecessors and before the next taskwait, taskgroup end or barrier that
 * waits for it. Arguments are checked before the task is made, so a bad one
 * is the routine's EINVAL, never a copy that fails later unseen.
 *
 * Tools see the task (task_create with ompt_task_target, its dependences)
 * and, inside it, the copy's data operations with the synchronous kinds
 * (ompt_target_data_transfer_to_device ...): the task does each transfer
 * from its begin to its end, so the end callback is the transfer's
 * completion. The _async kinds of 5.1 (4.4.4.14) mean an operation that is
 * still in flight at its end callback, which no Glass operation is.
 *
 * The depobj list holds the program's omp_depend_t objects, in its
 * compiler's encoding: the ABIs decode them (core/tasks/depobj.h). */
#include <errno.h>
#include <limits.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tasks/depobj.h"
#include "../core/tasks/tasking.h"
#include "api.h"
#include "target_copy.h"

/* A copy waiting in its task: the routine's arguments; a rectangle's five
 * arrays follow it (volume, dst_offsets, src_offsets, dst_dimensions,
 * src_dimensions, num_dims each). */
struct copy_job {
    bool rect;
    void *dst;
    const void *src;
    size_t length, dst_offset, src_offset; /* a flat copy */
    size_t element_size;                   /* a rectangle */
    int num_dims;
    int dst_device_num, src_device_num;
    const void *codeptr;
    size_t dims[];
};

static void run_copy(void *arg)
{
    struct copy_job *job = arg;
    /* Checked when the task was made; nothing that could fail then is left
     * to fail now but the device itself, which the data-op events show. */
    if (!job->rect) {
        glass_target_memcpy(job->dst, job->src, job->length, job->dst_offset, job->src_offset,
                            job->dst_device_num, job->src_device_num, job->codeptr);
        return;
    }
    size_t n = (size_t)job->num_dims;
    glass_target_memcpy_rect(job->dst, job->src, job->element_size, job->num_dims, job->dims, job->dims + n,
                             job->dims + 2 * n, job->dims + 3 * n, job->dims + 4 * n, job->dst_device_num,
                             job->src_device_num, job->codeptr);
}

/* Makes the task that runs `job` (job_size bytes) after the dependences of
 * the depobj list: 0, or EINVAL for a bad list (nothing made), ECANCELED
 * when the taskgroup or region is cancelled (no task is made then). */
static int submit_copy(const struct copy_job *job, size_t job_size, int depobj_count, omp_depend_t *depobj_list)
{
    struct glass_depend *deps;
    size_t ndeps;
    int status = glass_depobj_list_decode(depobj_list, depobj_count, &deps, &ndeps);
    if (!status) {
        struct glass_thread *self = glass_self();
        struct glass_task_options opts = {
            .fn = run_copy,
            .arg_size = job_size,
            .arg_align = alignof(struct copy_job),
            .ndepend = ndeps,
            .untied = true,
            .target = true,
            .copy_args = true,
            .codeptr = job->codeptr,
        };
        struct glass_task *task = glass_task_new(self, &opts, NULL);
        if (task) {
            memcpy(glass_task_args(task), job, job_size);
            glass_task_submit(self, task, deps, ndeps);
        } else {
            status = ECANCELED;
        }
    }
    free(deps);
    return status;
}

GLASS_EXPORT int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset,
                                         size_t src_offset, int dst_device_num, int src_device_num,
                                         int depobj_count, omp_depend_t *depobj_list)
{
    if (!glass_target_device_valid(dst_device_num) || !glass_target_device_valid(src_device_num) ||
        (length && (!dst || !src)))
        return EINVAL;
    struct copy_job job = {
        .dst = dst,
        .src = src,
        .length = length,
        .dst_offset = dst_offset,
        .src_offset = src_offset,
        .dst_device_num = dst_device_num,
        .src_device_num = src_device_num,
        .codeptr = __builtin_return_address(0),
    };
    return submit_copy(&job, sizeof job, depobj_count, depobj_list);
}

GLASS_EXPORT int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size, int num_dims,
                                              const size_t *volume, const size_t *dst_offsets,
                                              const size_t *src_offsets, const size_t *dst_dimensions,
                                              const size_t *src_dimensions, int dst_device_num,
                                              int src_device_num, int depobj_count, omp_depend_t *depobj_list)
{
    if (!dst && !src)
        return INT_MAX; /* the dimensions supported, as omp_target_memcpy_rect */
    if (!dst || !src || num_dims < 1 || element_size == 0 || !volume || !dst_offsets || !src_offsets ||
        !dst_dimensions || !src_dimensions || !glass_target_device_valid(dst_device_num) ||
        !glass_target_device_valid(src_device_num))
        return EINVAL;
    size_t n = (size_t)num_dims;
    size_t size = sizeof(struct copy_job) + 5 * n * sizeof(size_t);
    struct copy_job *job = malloc(size);
    if (!job)
        return ENOMEM;
    *job = (struct copy_job){
        .rect = true,
        .dst = dst,
        .src = src,
        .element_size = element_size,
        .num_dims = num_dims,
        .dst_device_num = dst_device_num,
        .src_device_num = src_device_num,
        .codeptr = __builtin_return_address(0),
    };
    /* The caller's arrays may be gone when the task runs: the task keeps
     * copies. */
    const size_t *arrays[5] = {volume, dst_offsets, src_offsets, dst_dimensions, src_dimensions};
    for (size_t i = 0; i < 5; i++)
        memcpy(job->dims + i * n, arrays[i], n * sizeof(size_t));
    int status = submit_copy(job, size, depobj_count, depobj_list);
    free(job);
    return status;
}
