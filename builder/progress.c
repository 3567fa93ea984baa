#include "builder/progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define REDRAW_SECONDS 0.2

static bool enabled;
static const char *phase_name;
static const char *phase_unit;
static uint64_t phase_total;
static double phase_start;
static atomic_uint_fast64_t phase_done;
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
    atomic_store(&phase_done, 0);
    atomic_store(&next_redraw, phase_start);
}

static void draw(uint64_t done, double now)
{
    double elapsed = now - phase_start;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    double percent = phase_total ? 100.0 * (double)done / (double)phase_total : 100.0;
    double left = rate > 0 && done < phase_total ? (double)(phase_total - done) / rate : 0;
    fprintf(stderr, "\r\033[K%-10s %5.1f%%  %llu/%llu %s  %.2fM/s  %.0fs left", phase_name,
            percent, (unsigned long long)done, (unsigned long long)phase_total, phase_unit,
            rate / 1e6, left);
    fflush(stderr);
}

void progress_add(uint64_t done)
{
    uint64_t total = atomic_fetch_add(&phase_done, done) + done;
    if (!enabled)
        return;
    double now = progress_now();
    if (now < atomic_load(&next_redraw) || pthread_mutex_trylock(&draw_lock) != 0)
        return;
    if (now >= atomic_load(&next_redraw)) {
        atomic_store(&next_redraw, now + REDRAW_SECONDS);
        draw(total, now);
    }
    pthread_mutex_unlock(&draw_lock);
}

double progress_end(void)
{
    if (enabled) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    return progress_now() - phase_start;
}
