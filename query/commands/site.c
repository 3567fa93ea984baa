/* `klotski site DIR`: the page with no server (site/README.md): writes into DIR the
 * explorer page of `klotski serve` (its HTML, CSS and script, the same files), the api.js
 * that answers its questions with the engine compiled to WebAssembly instead of HTTP, the
 * engine (klotski.wasm), the pack of the database (schema/pack.md) in three files, its
 * steps part (klotski.pack, what the first answer needs), its metrics part
 * (klotski-metrics.pack, the straight and unit moves) and its lists part
 * (klotski-lists.pack, the groups' layers and lists), each of the last two downloaded
 * when first needed, the player page and the service worker that keeps them for use
 * offline.  All but the pack are compiled in (the Makefile's EMBEDDED list and
 * klotski.wasm.inc).
 * `klotski site --single-file FILE.html` writes the same page as one file instead: the
 * style sheet and scripts inline, the engine and the pack's steps part (with --metrics
 * and --lists, those parts too) inside in base64, so that it works opened from disk
 * (browsers let a page opened from disk fetch nothing). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/pack/format.h"
#include "query/commands/command.h"
#include "query/commands/pack_write.h"
#include "answer/report.h"
#include "answer/site_files.h"

static const char index_html[] =
#include "query/serve/assets/index.html.inc"
    ;
static const char app_css[] =
#include "query/serve/assets/app.css.inc"
    ;
static const char app_js[] =
#include "query/serve/assets/app.js.inc"
    ;
/* The site's api.js: the engine's driver (engine.js, shared with the npm module) and
 * what the page adds. */
static const char api_js[] =
#include "site/assets/engine.js.inc"
#include "site/assets/api.js.inc"
    ;
static const char sw_js[] =
#include "site/assets/sw.js.inc"
    ;
static const char play_html[] =
#include "site/assets/play.html.inc"
    ;
/* The engine's bytes, none when make found no WebAssembly toolchain (the Makefile's
 * WASM_NEEDS), and a last byte that is not the engine's: C has no empty array. */
static const unsigned char klotski_wasm[] = {
#include "site/klotski.wasm.inc"
    0};
#define KLOTSKI_WASM_SIZE (sizeof klotski_wasm - 1)

/* The pack's metrics and lists parts in the site (site/assets/api.js's METRICS_FILE and
 * LISTS_FILE). */
#define SITE_METRICS_FILE "klotski-metrics.pack"
#define SITE_LISTS_FILE "klotski-lists.pack"

/* One file of the site: its name in DIR and its bytes. */
struct site_file {
    const char *name;
    const void *bytes;
    size_t size;
};

#define TEXT_FILE(name, text) {name, text, sizeof text - 1}
static const struct site_file files[] = {
    TEXT_FILE("index.html", index_html), TEXT_FILE("app.css", app_css), TEXT_FILE("app.js", app_js),
    TEXT_FILE("api.js", api_js),         TEXT_FILE("sw.js", sw_js),     TEXT_FILE("play.html", play_html),
    {"klotski.wasm", klotski_wasm, KLOTSKI_WASM_SIZE},
};

static int write_file(const char *path, const struct site_file *file)
{
    FILE *out = fopen(path, "wb");
    if (!out)
        return report(EXIT_NOT_FOUND, path, "cannot write: %s", strerror(errno));
    size_t written = fwrite(file->bytes, 1, file->size, out);
    int error = ferror(out) ? errno : 0;
    if (fclose(out) != 0 && !error)
        error = errno;
    if (written != file->size || error)
        return report(EXIT_NOT_FOUND, path, "cannot write: %s", strerror(error ? error : EIO));
    return EXIT_ANSWERED;
}

struct site_options {
    bool single_file;
    bool metrics;
    bool lists;
};

static const struct site_options option_defaults;

static const struct command_option site_option_table[] = {
    {.name = "single-file", .kind = OPTION_FLAG, .offset = offsetof(struct site_options, single_file),
     .help = "write the page as the one HTML file FILE.html (the engine and the pack's\n"
             "steps part inside), which works opened from disk, with no server"},
    {.name = "metrics", .kind = OPTION_FLAG, .offset = offsetof(struct site_options, metrics),
     .help = "with --single-file, the pack's metrics part inside too, so that the page\n"
             "counts in straight and unit moves as well (about 20 MB in all)"},
    {.name = "lists", .kind = OPTION_FLAG, .offset = offsetof(struct site_options, lists),
     .help = "with --single-file, the pack's lists part inside too (0.6 MB), so that the\n"
             "page answers a group's depths, hardest, farthest and statistics as well"},
    {NULL},
};

/* Writes `size` bytes as base64 (RFC 4648, padded). */
static void write_base64(FILE *out, const unsigned char *bytes, size_t size)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < size; i += 3) {
        uint32_t group = (uint32_t)bytes[i] << 16 | (i + 1 < size ? (uint32_t)bytes[i + 1] << 8 : 0) |
                         (i + 2 < size ? bytes[i + 2] : 0);
        char quad[4] = {digits[group >> 18], digits[group >> 12 & 63], i + 1 < size ? digits[group >> 6 & 63] : '=',
                        i + 2 < size ? digits[group & 63] : '='};
        fwrite(quad, 1, 4, out);
    }
}

/* The lines of index.html that load the style sheet and the scripts, which the one file
 * replaces by their content. */
#define STYLE_LINK "<link rel=\"stylesheet\" href=\"app.css\">\n"
#define SCRIPT_LINKS "<script src=\"api.js\"></script>\n<script src=\"app.js\"></script>\n"

/* Writes `size` bytes as the base64 text of <script type="application/base64" id="NAME">. */
static void write_embedded(FILE *out, const char *name, const unsigned char *bytes, size_t size)
{
    fprintf(out, "<script type=\"application/base64\" id=\"%s\">", name);
    write_base64(out, bytes, size);
    fputs("</script>\n", out);
}

/* A part of the pack: its bytes in the whole pack's. */
struct pack_part {
    const unsigned char *bytes;
    size_t size;
};

/* The one-file page at `path`: index.html with app.css, api.js and app.js inline, the
 * engine, the pack's steps part and the metrics and lists parts whose size is not 0, in
 * base64, and app.js's text before api.js, which reads them there and starts app.js. */
static int write_single_file(const char *path, struct pack_part steps, struct pack_part metrics,
                             struct pack_part lists)
{
    const char *style = strstr(index_html, STYLE_LINK), *scripts = strstr(index_html, SCRIPT_LINKS);
    if (!style || !scripts || scripts < style)
        return report(EXIT_NOT_FOUND, "index.html", "no lines that load app.css, api.js and app.js");
    FILE *out = fopen(path, "wb");
    if (!out)
        return report(EXIT_NOT_FOUND, path, "cannot write: %s", strerror(errno));
    fwrite(index_html, 1, (size_t)(style - index_html), out);
    fprintf(out, "<style>\n%s</style>\n", app_css);
    fwrite(style + strlen(STYLE_LINK), 1, (size_t)(scripts - style - strlen(STYLE_LINK)), out);
    write_embedded(out, "klotski.wasm", klotski_wasm, KLOTSKI_WASM_SIZE);
    write_embedded(out, SITE_PACK_FILE, steps.bytes, steps.size);
    if (metrics.size)
        write_embedded(out, SITE_METRICS_FILE, metrics.bytes, metrics.size);
    if (lists.size)
        write_embedded(out, SITE_LISTS_FILE, lists.bytes, lists.size);
    fprintf(out, "<script type=\"text/plain\" id=\"app.js\">\n%s</script>\n<script>\n%s</script>\n", app_js, api_js);
    fputs(scripts + strlen(SCRIPT_LINKS), out);
    int error = ferror(out) ? (errno ? errno : EIO) : 0;
    if (fclose(out) != 0 && !error)
        error = errno;
    if (error)
        return report(EXIT_NOT_FOUND, path, "cannot write: %s", strerror(error));
    return EXIT_ANSWERED;
}

/* The pack of the database (*pack, malloc'd) cut into its three parts (schema/pack.md). */
static int site_pack(struct db *db, unsigned char **pack, struct pack_part parts[3])
{
    size_t size;
    int status = pack_of_database(db, pack, &size);
    if (status != EXIT_ANSWERED)
        return status;
    size_t metrics_at = kl_pack_get(*pack + KL_PACK_AT_METRICS_OFFSET, 4),
           lists_at = kl_pack_get(*pack + KL_PACK_AT_LISTS_OFFSET, 4);
    parts[0] = (struct pack_part){*pack, metrics_at};
    parts[1] = (struct pack_part){*pack + metrics_at, lists_at - metrics_at};
    parts[2] = (struct pack_part){*pack + lists_at, size - lists_at};
    return status;
}

static int run_single_file(struct db *db, const char *path, bool metrics, bool lists)
{
    unsigned char *pack;
    struct pack_part parts[3];
    int status = site_pack(db, &pack, parts);
    if (status != EXIT_ANSWERED)
        return status;
    struct pack_part none = {NULL, 0};
    status = write_single_file(path, parts[0], metrics ? parts[1] : none, lists ? parts[2] : none);
    free(pack);
    if (status == EXIT_ANSWERED)
        printf("%s: the page as one file, with the engine and the pack's steps part%s%s (%zu bytes) inside\n", path,
               metrics ? ", metrics part" : "", lists ? ", lists part" : "",
               parts[0].size + (metrics ? parts[1].size : 0) + (lists ? parts[2].size : 0));
    return status;
}

static int run_site(struct db *db, const struct request *req)
{
    if (req->arg_count != 1)
        return report(EXIT_BAD_INPUT, req->arg_count ? req->args[1] : "site",
                      req->arg_count ? "site takes one folder or, with --single-file, one file"
                                     : "missing the folder to write the site into");
    if (KLOTSKI_WASM_SIZE == 0)
        return report(EXIT_NOT_FOUND, "site",
                      "this klotski was built without the WebAssembly toolchain; install clang, lld and "
                      "wasi-libc (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32), "
                      "then run make again");
    const struct site_options *options = req->options;
    if ((options->metrics || options->lists) && !options->single_file)
        return report(EXIT_BAD_INPUT, options->metrics ? "--metrics" : "--lists",
                      "goes with --single-file (a site's folder holds every part of the pack anyway)");
    if (options->single_file)
        return run_single_file(db, req->args[0], options->metrics, options->lists);
    const char *dir = req->args[0];
    struct stat st;
    if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return report(EXIT_NOT_FOUND, dir, errno == EEXIST ? "not a folder" : "cannot make the folder: %s",
                      strerror(errno));
    unsigned char *pack;
    struct pack_part parts[3];
    int status = site_pack(db, &pack, parts);
    if (status != EXIT_ANSWERED)
        return status;
    /* The pack as `klotski pack` writes it, cut where its metrics and lists parts begin. */
    const struct site_file pack_files[] = {{SITE_PACK_FILE, parts[0].bytes, parts[0].size},
                                           {SITE_METRICS_FILE, parts[1].bytes, parts[1].size},
                                           {SITE_LISTS_FILE, parts[2].bytes, parts[2].size}};
    enum { PACK_FILES = sizeof pack_files / sizeof *pack_files };
    char path[4096];
    for (size_t i = 0; status == EXIT_ANSWERED && i < sizeof files / sizeof *files + PACK_FILES; i++) {
        const struct site_file *file = i < sizeof files / sizeof *files ? &files[i] : &pack_files[i - sizeof files / sizeof *files];
        snprintf(path, sizeof path, "%s/%s", dir, file->name);
        status = write_file(path, file);
    }
    free(pack);
    if (status == EXIT_ANSWERED)
        printf("%s: %zu files; the pack's steps part (%s) %zu bytes, its metrics part (%s) %zu, its lists part (%s) %zu\n",
               dir, sizeof files / sizeof *files + PACK_FILES, SITE_PACK_FILE, parts[0].size, SITE_METRICS_FILE,
               parts[1].size, SITE_LISTS_FILE, parts[2].size);
    return status;
}

const struct command command_site = {
    .name = "site",
    .synopsis = "site DIR | site --single-file FILE.html",
    .summary = "write the explorer page as a static site that needs no server",
    .help = "Writes into DIR (made when missing; its files of these names replaced) a static\n"
            "site: the explorer page of `klotski serve` answered in the browser by the\n"
            "engine compiled to WebAssembly (klotski.wasm) from the pack of the database\n"
            "(klotski.pack, as `klotski pack` writes it): any layout in every form, its\n"
            "board, moves best first with their outcomes, a click to play them, undo and\n"
            "redo, the solution played, the group's facts, the classic layouts, English\n"
            "and Chinese, every state an address (index.html?layout=1A9BF0C00).  Any\n"
            "static file server serves it (python3 -m http.server --directory DIR); after\n"
            "the first visit it works offline.  Counts in steps, straight and unit moves\n"
            "(the pack's metrics part, klotski-metrics.pack, downloaded when first\n"
            "needed); a group's depths, hardest and farthest layouts and the statistics\n"
            "come from its lists part (klotski-lists.pack, likewise).\n"
            "With --single-file, writes the same page as the one file FILE.html instead,\n"
            "the engine and the pack's steps part inside (about 7.4 MB; with --metrics and\n"
            "--lists its other parts too, about 20 MB): it works opened from disk\n"
            "(double-clicked, sent by mail), offline, with no server.\n",
    .options = site_option_table,
    .option_defaults = &option_defaults,
    .options_size = sizeof option_defaults,
    .not_found = "DIR or FILE.html cannot be made or written",
    .run = run_site,
};
