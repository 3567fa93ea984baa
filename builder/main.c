/* klotski-build: enumerates every legal layout, finds classes, groups and depth layers,
 * and writes the database (schema/) into a temporary file that replaces PATH only when
 * complete and checked.  With --farthest it completes an existing database instead
 * (builder/farthest/phase.h).  main is the list of phases; each phase is one function. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder/base/analysis.h"
#include "builder/catalog.h"
#include "builder/farthest/phase.h"
#include "builder/progress.h"
#include "builder/base/store.h"
#include "core/database/format.h"

#define EXIT_FAILED 1
#define EXIT_USAGE 2

/* The file the database is written into before it replaces --db; empty once renamed
 * into place, or when it is not ours to remove. */
static char temp_path[4096];

static void remove_temp_and_exit(int sig)
{
    if (temp_path[0])
        unlink(temp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: klotski-build [--db PATH] [--threads N] [--quiet]\n"
            "       klotski-build --farthest [--max-group N] [--commit-every SECONDS] [--db PATH]\n"
            "                            [--device auto|gpu|cpu] [--threads N] [--quiet]\n"
            "Builds the Klotski database: all 29,334,498 layouts with their class, group,\n"
            "index in the group and minimum steps to a solved layout, and the diameter,\n"
            "radius, peripheral and central layouts of the groups where they are cheap\n"
            "to find (most groups; --farthest finds the rest).\n"
            "  --db PATH     where to write it (default " KL_DB_DEFAULT_PATH "); an existing file\n"
            "                is replaced only once the new one is complete and checked;\n"
            "                anything there but a regular file is refused (exit 2)\n"
            "  --farthest    instead, complete the database at PATH with every layout's\n"
            "                farthest steps and count and solution count, and every group's\n"
            "                diameter, radius, peripheral and central layouts; long, but a\n"
            "                stopped run continues where it stopped, and the database stays\n"
            "                usable meanwhile\n"
            "  --max-group N with --farthest: only the groups of at most N layouts\n"
            "  --commit-every SECONDS\n"
            "                with --farthest: write the groups done at least this often\n"
            "                (default 120; 0: after every class), the most work a stopped\n"
            "                run loses besides the classes under way\n"
            "  --device auto|gpu|cpu\n"
            "                with --farthest: search on an NVIDIA GPU beside the CPU threads\n"
            "                when this build has CUDA and a GPU is present (auto, the\n"
            "                default), only so (gpu: exit 1 without one), or on the CPU alone\n"
            "  --threads N   worker threads (default: the number of processors)\n"
            "  --quiet       no progress and no summary\n"
            "  --help, --version\n"
            "Exit status: 0 built, 1 failed (nothing replaced; with --farthest, what was\n"
            "done stays), 2 bad usage.\n");
}

struct options {
    const char *db;
    int threads;
    bool quiet;
    bool farthest;
    long max_group; /* 0: not given */
    long commit_every; /* seconds; -1: not given */
    int device; /* enum farthest_device; -1: not given */
};

/* Reads the value `text` of --`option` into *value: a whole decimal number from min to
 * max.  Returns true, or false after saying on stderr that it is not "a `what` from min to
 * max". */
static bool parse_number(const char *option, const char *text, long min, long max,
                         const char *what, long *value)
{
    char *end;
    errno = 0;
    *value = strtol(text, &end, 10);
    if (!*text || *end || errno || *value < min || *value > max) {
        fprintf(stderr, "klotski-build: --%s %s: not a %s from %ld to %ld\n", option, text,
                what, min, max);
        return false;
    }
    return true;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    static const struct option longs[] = {
        {"db", required_argument, NULL, 'd'},   {"threads", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},      {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'v'},    {"farthest", no_argument, NULL, 'f'},
        {"max-group", required_argument, NULL, 'm'},
        {"commit-every", required_argument, NULL, 'c'},
        {"device", required_argument, NULL, 'g'},       {NULL, 0, NULL, 0}};
    static const char *const devices[] = {[DEVICE_AUTO] = "auto", [DEVICE_GPU] = "gpu",
                                          [DEVICE_CPU] = "cpu"};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (struct options){KL_DB_DEFAULT_PATH, cpus > 0 ? (int)cpus : 1, false, false, 0, -1, -1};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        long number;
        switch (c) {
        case 'd': o->db = optarg; break;
        case 't':
            if (!parse_number("threads", optarg, 1, 256, "number", &number))
                return EXIT_USAGE;
            o->threads = (int)number;
            break;
        case 'q': o->quiet = true; break;
        case 'f': o->farthest = true; break;
        case 'm':
            if (!parse_number("max-group", optarg, 1, KL_LAYOUT_COUNT, "number", &o->max_group))
                return EXIT_USAGE;
            break;
        case 'c':
            if (!parse_number("commit-every", optarg, 0, 86400, "number of seconds",
                              &o->commit_every))
                return EXIT_USAGE;
            break;
        case 'g':
            for (int d = 0; d < (int)(sizeof devices / sizeof *devices); d++)
                if (strcmp(optarg, devices[d]) == 0)
                    o->device = d;
            if (o->device < 0) {
                fprintf(stderr, "klotski-build: --device %s: not auto, gpu or cpu\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'h': usage(stdout); exit(0);
        case 'v': printf("klotski-build, database format %d\n", KL_DB_FORMAT_VERSION); exit(0);
        default:
            fprintf(stderr, "klotski-build: %s: unknown option or missing value (see --help)\n",
                    argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "klotski-build: %s: unexpected argument (see --help)\n", argv[optind]);
        return EXIT_USAGE;
    }
    if (!*o->db) {
        fprintf(stderr, "klotski-build: --db: empty path\n");
        return EXIT_USAGE;
    }
    if (o->max_group && !o->farthest) {
        fprintf(stderr, "klotski-build: --max-group: only with --farthest\n");
        return EXIT_USAGE;
    }
    if (o->commit_every >= 0 && !o->farthest) {
        fprintf(stderr, "klotski-build: --commit-every: only with --farthest\n");
        return EXIT_USAGE;
    }
    if (o->device >= 0 && !o->farthest) {
        fprintf(stderr, "klotski-build: --device: only with --farthest\n");
        return EXIT_USAGE;
    }
    return 0;
}

/* One base build: what its phases make, and how long each took. */
struct build {
    const struct options *o;
    struct catalog cat;
    struct analysis analysis;
    double seconds_enumerate, seconds_analyse, seconds_store;
};

/* Removes the temporary files (PATH.tmp-PID, and SQLite's PATH.tmp-PID-journal) that
 * builds killed beyond catching (SIGKILL, a crash, a power cut) left beside PATH: those
 * whose process is gone.  A file of a build still running is left alone. */
static void remove_stale_temp_files(const char *db)
{
    char folder[4096];
    const char *slash = strrchr(db, '/'), *base = slash ? slash + 1 : db;
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - db) + 1 : 1, slash ? db : ".");
    char prefix[4096];
    snprintf(prefix, sizeof prefix, "%s.tmp-", base);
    size_t prefix_len = strlen(prefix);
    DIR *dir = opendir(folder);
    if (!dir)
        return;
    for (struct dirent *e; (e = readdir(dir));) {
        char *end;
        if (strncmp(e->d_name, prefix, prefix_len) != 0)
            continue;
        long pid = strtol(e->d_name + prefix_len, &end, 10);
        if (end == e->d_name + prefix_len || (*end && strcmp(end, "-journal") != 0) ||
            pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
        unlink(path);
    }
    closedir(dir);
}

/* Whether the build may put its database at `db`: nothing there yet, or a regular file.
 * The finished build is renamed over it, and a rename over a device would replace the
 * device itself (--db /dev/null once left the machine a regular file there).  Reports why
 * not on stderr. */
static bool replaceable(const char *db)
{
    struct stat st;
    if (stat(db, &st) != 0 || S_ISREG(st.st_mode))
        return true;
    fprintf(stderr, "klotski-build: %s: not a regular file; --db names the database file to write\n",
            db);
    return false;
}

/* Claims the temporary file first, so that an unwritable place fails at once, and has it
 * removed when the build is stopped by a signal; first removes what killed builds left. */
static int claim_temp_file(const char *db)
{
    remove_stale_temp_files(db);
    snprintf(temp_path, sizeof temp_path, "%s.tmp-%ld", db, (long)getpid());
    signal(SIGINT, remove_temp_and_exit);
    signal(SIGTERM, remove_temp_and_exit);
    signal(SIGHUP, remove_temp_and_exit);
    int fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        fprintf(stderr, "klotski-build: %s: cannot create %s: %s\n", db, temp_path,
                strerror(errno));
        temp_path[0] = '\0';
        return -1;
    }
    close(fd);
    return 0;
}

static int enumerate(struct build *b)
{
    double start = progress_now();
    if (catalog_build(&b->cat, b->o->threads) != 0) {
        fprintf(stderr, "klotski-build: out of memory while enumerating layouts\n");
        return -1;
    }
    b->seconds_enumerate = progress_now() - start;
    return 0;
}

static int analyse(struct build *b)
{
    double start = progress_now();
    if (analysis_run(&b->analysis, &b->cat, b->o->threads, true) != 0) {
        fprintf(stderr, "klotski-build: out of memory while analysing classes\n");
        return -1;
    }
    b->seconds_analyse = progress_now() - start;
    return 0;
}

/* Writes the database into the temporary file and renames it into place. */
static int store(struct build *b)
{
    double start = progress_now();
    struct build_facts facts = {b->seconds_enumerate + b->seconds_analyse, b->o->threads};
    char err[512];
    if (store_write(temp_path, &b->cat, &b->analysis, &facts, err, sizeof err) != 0 ||
        (rename(temp_path, b->o->db) != 0 &&
         snprintf(err, sizeof err, "cannot rename %s into place", temp_path) > 0)) {
        fprintf(stderr, "klotski-build: %s: %s\n", b->o->db, err);
        return -1;
    }
    temp_path[0] = '\0';
    b->seconds_store = progress_now() - start;
    return 0;
}

static void print_summary(const struct build *b)
{
    const struct analysis *a = &b->analysis;
    struct stat st;
    double mb = stat(b->o->db, &st) == 0 ? (double)st.st_size / 1e6 : 0;
    struct analysis_totals t = analysis_totals(a);
    printf("klotski-build: wrote %s (%.1f MB) in %.1f s\n", b->o->db, mb,
           b->seconds_enumerate + b->seconds_analyse + b->seconds_store);
    printf("  layouts %u, classes %d, groups %u, solved %llu, solvable %llu, step pairs %llu\n",
           KL_LAYOUT_COUNT, KL_CLASS_COUNT, t.groups, (unsigned long long)t.solved,
           (unsigned long long)t.solvable, (unsigned long long)a->edges);
    printf("  group extremes of %u groups (%llu layouts); %u groups searched, %.1f searches "
           "and passes each on average, at most %u\n",
           t.settled_groups, (unsigned long long)t.settled_layouts, t.searched_groups,
           t.searched_groups ? (double)t.searches / t.searched_groups : 0.0, t.most_searches);
    printf("  enumerate %.2f s | analyse %.2f s wall on %d threads (CPU: graph %.2f s, groups "
           "%.2f s, layers %.2f s, straight and unit moves %.2f s, extremes %.2f s, results "
           "out by id %.2f s) | store %.2f s\n",
           b->seconds_enumerate, b->seconds_analyse, b->o->threads, a->graph_cpu,
           a->groups_cpu, a->layers_cpu, a->metrics_cpu, a->extremes_cpu, a->results_cpu,
           b->seconds_store);
}

/* Removes the temporary file unless it took its place, and frees what the phases made. */
static void release(struct build *b)
{
    if (temp_path[0])
        unlink(temp_path);
    analysis_free(&b->analysis);
    catalog_free(&b->cat);
}

static int complete_farthest(const struct options *o)
{
    struct farthest_options fo = {o->db, o->threads, o->quiet,
                                  o->max_group ? (uint32_t)o->max_group : KL_LAYOUT_COUNT,
                                  o->commit_every >= 0 ? (double)o->commit_every
                                                       : FARTHEST_COMMIT_SECONDS,
                                  o->device >= 0 ? (enum farthest_device)o->device : DEVICE_AUTO};
    char err[512];
    if (farthest_phase_run(&fo, err, sizeof err) != 0) {
        fprintf(stderr, "klotski-build: %s: %s\n", o->db, err);
        return EXIT_FAILED;
    }
    return 0;
}

/* The base build allocates every class's arrays, tens of megabytes each, and frees them
 * again.  glibc serves blocks that large from fresh mappings and unmaps them when freed,
 * so each class took its pages from the kernel zeroed, one fault a page: 0.4 s of system
 * time, 0.25 s of it in the class graphs.  One heap that keeps what is freed serves the
 * next class from the same pages, for 70 MB more peak memory.  Set before any thread
 * starts, so that the threads share that heap; a sanitizer's allocator ignores it.  (The
 * farthest phase keeps glibc's way: not measured on its largest groups.) */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
    (void)mallopt(M_ARENA_MAX, 1);
    (void)mallopt(M_MMAP_MAX, 0);
    (void)mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

int main(int argc, char **argv)
{
    struct options o;
    int rc = parse_options(argc, argv, &o);
    if (rc != 0)
        return rc;
    progress_enable(!o.quiet);
    if (o.farthest)
        return complete_farthest(&o);
    keep_freed_memory();

    if (!replaceable(o.db))
        return EXIT_USAGE;
    struct build b = {.o = &o};
    rc = claim_temp_file(o.db);
    if (rc == 0)
        rc = enumerate(&b);
    if (rc == 0)
        rc = analyse(&b);
    if (rc == 0)
        rc = store(&b);
    if (rc == 0 && !o.quiet)
        print_summary(&b);
    release(&b);
    return rc == 0 ? 0 : EXIT_FAILED;
}
