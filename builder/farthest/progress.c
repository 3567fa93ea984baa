#include "builder/farthest/progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#include "builder/progress.h"

#define REDRAW_SECONDS 0.5

static bool shown;
static uint32_t groups_total;
static uint64_t layouts_total;
static double work_total, started;
static _Atomic double work_done;
static atomic_uint groups_done;
static atomic_uint_fast64_t layouts_done;
static double next_draw;
static pthread_mutex_t draw_lock = PTHREAD_MUTEX_INITIALIZER;

void farthest_progress_begin(bool enabled, uint32_t groups, uint64_t layouts, double work)
{
    shown = enabled && isatty(STDERR_FILENO);
    groups_total = groups;
    layouts_total = layouts;
    work_total = work;
    started = progress_now();
    next_draw = started;
    atomic_store(&work_done, 0.0);
    atomic_store(&groups_done, 0);
    atomic_store(&layouts_done, 0);
}

static void draw(void)
{
    if (!shown || pthread_mutex_trylock(&draw_lock) != 0)
        return;
    double now = progress_now();
    if (now < next_draw) {
        pthread_mutex_unlock(&draw_lock);
        return;
    }
    next_draw = now + REDRAW_SECONDS;
    double elapsed = now - started, work = atomic_load(&work_done);
    uint64_t layouts = atomic_load(&layouts_done);
    double fraction = work_total > 0 ? work / work_total : 1.0;
    double left = fraction > 0 && fraction < 1 ? elapsed * (1 - fraction) / fraction : 0;
    fprintf(stderr,
            "\r\033[Kfarthest %5.1f%%  groups %u/%u  layouts %llu/%llu  %.0f layouts/s  "
            "%dm%02ds left",
            100.0 * fraction, atomic_load(&groups_done), groups_total,
            (unsigned long long)layouts, (unsigned long long)layouts_total,
            elapsed > 0 ? (double)layouts / elapsed : 0.0, (int)left / 60, (int)left % 60);
    fflush(stderr);
    pthread_mutex_unlock(&draw_lock);
}

void farthest_progress_work(double work)
{
    double seen = atomic_load(&work_done);
    while (!atomic_compare_exchange_weak(&work_done, &seen, seen + work))
        ;
    draw();
}

void farthest_progress_groups(uint32_t groups, uint64_t layouts)
{
    atomic_fetch_add(&groups_done, groups);
    atomic_fetch_add(&layouts_done, layouts);
    draw();
}

double farthest_progress_end(void)
{
    if (shown) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    return progress_now() - started;
}
