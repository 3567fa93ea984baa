/* `klotski site DIR`: the page with no server (site/README.md): writes into DIR the
 * explorer page of `klotski serve` (its HTML, CSS and script, the same files), the api.js
 * that answers its questions with the engine compiled to WebAssembly instead of HTTP, the
 * engine (klotski.wasm), the pack of the database (klotski.pack, schema/pack.md), the
 * player page and the service worker that keeps them for use offline.  All but the pack
 * are compiled in (the Makefile's EMBEDDED list and klotski.wasm.inc). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "query/commands/command.h"
#include "query/report.h"
#include "site/loader.h"

static const char index_html[] =
#include "query/serve/assets/index.html.inc"
    ;
static const char app_css[] =
#include "query/serve/assets/app.css.inc"
    ;
static const char app_js[] =
#include "query/serve/assets/app.js.inc"
    ;
static const char api_js[] =
#include "site/assets/api.js.inc"
    ;
static const char sw_js[] =
#include "site/assets/sw.js.inc"
    ;
static const char play_html[] =
#include "site/assets/play.html.inc"
    ;
static const unsigned char klotski_wasm[] = {
#include "site/klotski.wasm.inc"
};

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
    {"klotski.wasm", klotski_wasm, sizeof klotski_wasm},
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

static int run_site(struct db *db, const struct request *req)
{
    if (req->arg_count != 1)
        return report(EXIT_BAD_INPUT, req->arg_count ? req->args[1] : "site",
                      req->arg_count ? "site takes one folder" : "missing the folder to write the site into");
    const char *dir = req->args[0];
    struct stat st;
    if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return report(EXIT_NOT_FOUND, dir, errno == EEXIST ? "not a folder" : "cannot make the folder: %s",
                      strerror(errno));
    char path[4096];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        int status = write_file(path, &files[i]);
        if (status != EXIT_ANSWERED)
            return status;
    }
    /* The pack as `klotski pack DIR/klotski.pack` writes it. */
    snprintf(path, sizeof path, "%s/%s", dir, SITE_PACK_FILE);
    return command_pack.run(db, &(struct request){.options = command_pack.option_defaults, .args = (char *[]){path},
                                                  .arg_count = 1, .db_path = req->db_path});
}

const struct command command_site = {
    .name = "site",
    .synopsis = "site DIR",
    .summary = "write the explorer page as a static site that needs no server",
    .help = "Writes into DIR (made when missing; its files of these names replaced) a static\n"
            "site: the explorer page of `klotski serve` answered in the browser by the\n"
            "engine compiled to WebAssembly (klotski.wasm) from the pack of the database\n"
            "(klotski.pack, as `klotski pack` writes it): any layout in every form, its\n"
            "board, moves best first with their outcomes, a click to play them, undo and\n"
            "redo, the solution played, the group's facts, the classic layouts, English\n"
            "and Chinese, every state an address (index.html?layout=1A9BF0C00).  Any\n"
            "static file server serves it (python3 -m http.server --directory DIR); after\n"
            "the first visit it works offline.  Counts in steps only, and without the\n"
            "farthest and hardest layouts, which the pack does not hold.\n",
    .not_found = "DIR cannot be made or written",
    .run = run_site,
};
