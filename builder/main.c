/* klotski-build: enumerates every legal layout, finds classes, groups and depth layers,
 * and writes the database (schema/) into a temporary file that replaces PATH only when
 * complete and checked.  With --farthest it completes an existing database instead
 * (builder/farthest_phase.h). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
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
            "       klotski-build --farthest [--max-group N] [--db PATH] [--threads N] [--quiet]\n"
            "Builds the Klotski database: all 29,334,498 layouts with their class, group,\n"
            "index in the group and minimum steps to a solved layout.\n"
            "  --db PATH     where to write it (default " KL_DB_DEFAULT_PATH "); an existing file\n"
            "                is replaced only once the new one is complete and checked\n"
            "  --farthest    instead, complete the database at PATH with every layout's\n"
            "                farthest steps and count and every group's diameter, radius and\n"
            "                peripheral layouts; long, but a stopped run continues where it\n"
            "                stopped, and the database stays usable meanwhile\n"
            "  --max-group N with --farthest: only the groups of at most N layouts\n"
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
};

static int parse_options(int argc, char **argv, struct options *o)
{
    static const struct option longs[] = {
        {"db", required_argument, NULL, 'd'},   {"threads", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},      {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'v'},    {"farthest", no_argument, NULL, 'f'},
        {"max-group", required_argument, NULL, 'm'}, {NULL, 0, NULL, 0}};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (struct options){KL_DB_DEFAULT_PATH, cpus > 0 ? (int)cpus : 1, false, false, 0};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'd': o->db = optarg; break;
        case 't':
            o->threads = (int)strtol(optarg, &end, 10);
            if (*end || o->threads < 1 || o->threads > 256) {
                fprintf(stderr, "klotski-build: --threads %s: not a number from 1 to 256\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': o->quiet = true; break;
        case 'f': o->farthest = true; break;
        case 'm':
            o->max_group = strtol(optarg, &end, 10);
            if (*end || o->max_group < 1 || o->max_group > (long)KL_LAYOUT_COUNT) {
                fprintf(stderr, "klotski-build: --max-group %s: not a number from 1 to %u\n",
                        optarg, KL_LAYOUT_COUNT);
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
    return 0;
}

static void print_summary(const struct options *o, const struct analysis *a, double t_enum,
                          double t_analyse, double t_store)
{
    struct stat st;
    double mb = stat(o->db, &st) == 0 ? (double)st.st_size / 1e6 : 0;
    struct analysis_totals t = analysis_totals(a);
    printf("klotski-build: wrote %s (%.1f MB) in %.1f s\n", o->db, mb, t_enum + t_analyse + t_store);
    printf("  layouts %u, classes %d, groups %u, solved %llu, solvable %llu, step pairs %llu\n",
           KL_LAYOUT_COUNT, KL_CLASS_COUNT, t.groups, (unsigned long long)t.solved,
           (unsigned long long)t.solvable, (unsigned long long)a->edges);
    printf("  enumerate %.2f s | analyse %.2f s wall on %d threads (CPU: graph %.2f s, groups "
           "%.2f s, layers %.2f s) | store %.2f s\n",
           t_enum, t_analyse, o->threads, a->graph_cpu, a->groups_cpu, a->layers_cpu, t_store);
}

static int complete_farthest(const struct options *o)
{
    struct farthest_options fo = {o->db, o->threads, o->quiet,
                                  o->max_group ? (uint32_t)o->max_group : KL_LAYOUT_COUNT};
    char err[512];
    if (farthest_phase_run(&fo, err, sizeof err) != 0) {
        fprintf(stderr, "klotski-build: %s: %s\n", o->db, err);
        return EXIT_FAILED;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (o.farthest)
        return complete_farthest(&o);
    progress_enable(!o.quiet);

    snprintf(temp_path, sizeof temp_path, "%s.tmp-%ld", o.db, (long)getpid());
    signal(SIGINT, remove_temp_and_exit);
    signal(SIGTERM, remove_temp_and_exit);
    signal(SIGHUP, remove_temp_and_exit);

    /* Claim the temporary file first, so an unwritable place fails at once. */
    int fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        fprintf(stderr, "klotski-build: %s: cannot create %s: %s\n", o.db, temp_path,
                strerror(errno));
        return EXIT_FAILED;
    }
    close(fd);

    struct catalog cat;
    struct analysis a;
    double t0 = progress_now();
    if (catalog_build(&cat) != 0) {
        fprintf(stderr, "klotski-build: out of memory while enumerating layouts\n");
        unlink(temp_path);
        return EXIT_FAILED;
    }
    double t1 = progress_now();
    if (analysis_run(&a, &cat, o.threads) != 0) {
        fprintf(stderr, "klotski-build: out of memory while analysing classes\n");
        unlink(temp_path);
        catalog_free(&cat);
        return EXIT_FAILED;
    }
    double t2 = progress_now();
    char err[512];
    struct build_facts facts = {t2 - t0, o.threads};
    if (store_write(temp_path, &cat, &a, &facts, err, sizeof err) != 0 ||
        (rename(temp_path, o.db) != 0 &&
         snprintf(err, sizeof err, "cannot rename %s into place", temp_path) > 0)) {
        fprintf(stderr, "klotski-build: %s: %s\n", o.db, err);
        unlink(temp_path);
        rc = EXIT_FAILED;
    } else {
        temp_path[0] = '\0';
        if (!o.quiet)
            print_summary(&o, &a, t1 - t0, t2 - t1, progress_now() - t2);
    }
    analysis_free(&a);
    catalog_free(&cat);
    return rc;
}
