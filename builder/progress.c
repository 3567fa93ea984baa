#include "builder/progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define REDRAW_SECONDS 0.2

static bool enabled;

/* The phase begun: set by the main thread between phases, read by every thread. */
static const char *phase_name;
static const char *phase_unit;
static uint64_t phase_total;
static double phase_start;
static bool weighed;              /* whether the percent follows the work, not the units */
static double work_total;
static const char *count_name;    /* NULL: no secondary count */
static uint64_t count_total;

static atomic_uint_fast64_t units_done;
static _Atomic double work_done;
static atomic_uint_fast64_t count_done;
static _Atomic double next_redraw;
static pthread_mutex_t draw_lock = PTHREAD_MUTEX_INITIALIZER;

double progress_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void progress_enable(bool wanted)
{
    enabled = wanted && isatty(STDERR_FILENO);
}

void progress_begin(const char *name, uint64_t total, const char *unit)
{
    phase_name = name;
    phase_unit = unit;
    phase_total = total;
    phase_start = progress_now();
    weighed = false;
    work_total = 0;
    count_name = NULL;
    count_total = 0;
    atomic_store(&units_done, 0);
    atomic_store(&work_done, 0.0);
    atomic_store(&count_done, 0);
    atomic_store(&next_redraw, phase_start);
}

void progress_weigh(double total_work)
{
    weighed = true;
    work_total = total_work;
}

void progress_count(const char *name, uint64_t total)
{
    count_name = name;
    count_total = total;
}

/* Writes `seconds` as "42s" or "35m07s". */
static void format_duration(double seconds, char *out, size_t size)
{
    int whole = (int)seconds;
    if (whole < 60)
        snprintf(out, size, "%ds", whole);
    else
        snprintf(out, size, "%dm%02ds", whole / 60, whole % 60);
}

static void draw(double now)
{
    uint64_t done = atomic_load(&units_done);
    double elapsed = now - phase_start;
    double fraction;
    if (weighed)
        fraction = work_total > 0 ? atomic_load(&work_done) / work_total : 1.0;
    else
        fraction = phase_total ? (double)done / (double)phase_total : 1.0;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char count[64] = "", rate_text[32], left[32];
    if (count_name)
        snprintf(count, sizeof count, "%s %llu/%llu  ", count_name,
                 (unsigned long long)atomic_load(&count_done), (unsigned long long)count_total);
    if (rate >= 1e6)
        snprintf(rate_text, sizeof rate_text, "%.2fM/s", rate / 1e6);
    else if (rate >= 1e3)
        snprintf(rate_text, sizeof rate_text, "%.1fk/s", rate / 1e3);
    else
        snprintf(rate_text, sizeof rate_text, "%.0f/s", rate);
    format_duration(fraction > 0 && fraction < 1 ? elapsed * (1 - fraction) / fraction : 0,
                    left, sizeof left);
    fprintf(stderr, "\r\033[K%-10s %5.1f%%  %s%llu/%llu %s  %s  %s left", phase_name,
            100.0 * fraction, count, (unsigned long long)done, (unsigned long long)phase_total,
            phase_unit, rate_text, left);
    fflush(stderr);
}

/* Redraws the line when REDRAW_SECONDS have passed, unless another thread is at it. */
static void draw_when_due(void)
{
    if (!enabled)
        return;
    double now = progress_now();
    if (now < atomic_load(&next_redraw) || pthread_mutex_trylock(&draw_lock) != 0)
        return;
    if (now >= atomic_load(&next_redraw)) {
        atomic_store(&next_redraw, now + REDRAW_SECONDS);
        draw(now);
    }
    pthread_mutex_unlock(&draw_lock);
}

void progress_add(uint64_t units)
{
    atomic_fetch_add(&units_done, units);
    draw_when_due();
}

void progress_add_work(double work)
{
    double seen = atomic_load(&work_done);
    while (!atomic_compare_exchange_weak(&work_done, &seen, seen + work))
        ;
    draw_when_due();
}

void progress_add_count(uint64_t count)
{
    atomic_fetch_add(&count_done, count);
    draw_when_due();
}

double progress_end(void)
{
    if (enabled) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    return progress_now() - phase_start;
}
