/* The pack half of klotski.h: a pack file (schema/pack.md) read whole and answered by
 * core/pack/'s reader, inflated by zlib; no SQLite.  A handle is one thread's at a time
 * (the reader caches the blocks it inflated). */
#include "lib/klotski.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pack/file.h"
#include "lib/handle.h"
#include "lib/internal.h"

_Static_assert(KLOTSKI_GROUP_NAME_SIZE >= KL_PACK_GROUP_NAME_SIZE, "group name size");
_Static_assert(KLOTSKI_NULL == KL_PACK_NONE, "the reader's none is the library's NULL");

struct klotski_pack {
    struct kl_pack_file file;  /* file.pack is NULL when the open failed */
    char path[PATH_MAX];
    struct lib_handle handle;  /* the last call's result and message */
};

/* The library's result code for a reader's status, with the message kept. */
static int reader_failure(klotski_pack *pack, enum kl_pack_status status, const char *detail)
{
    switch (status) {
    case KL_PACK_OK:
        return lib_succeed(&pack->handle);
    case KL_PACK_INVALID:
        return lib_fail(&pack->handle, KLOTSKI_INVALID, NULL, "%s", detail);
    case KL_PACK_UNSOLVABLE:
        return lib_fail(&pack->handle, KLOTSKI_UNSOLVABLE, NULL, "%s", detail);
    case KL_PACK_CANTOPEN:
        return lib_fail(&pack->handle, KLOTSKI_CANTOPEN, pack->path, "cannot open the pack: %s", detail);
    case KL_PACK_NOT_A_PACK:
    case KL_PACK_VERSION:
        return lib_fail(&pack->handle, KLOTSKI_NOTADB, pack->path, "%s; write one with `klotski pack`", detail);
    case KL_PACK_NO_MEMORY:
        return lib_fail(&pack->handle, KLOTSKI_NOMEM, NULL, "out of memory");
    case KL_PACK_MISSING: /* the library asks in steps only, which every pack holds */
    case KL_PACK_LISTS_MISSING: /* and never of the lists part */
    case KL_PACK_CORRUPT:
        break;
    }
    return lib_fail(&pack->handle, KLOTSKI_ERROR, pack->path,
                    "the pack is corrupt: %s; write it again with `klotski pack`", detail);
}

/* A failure of a call on an open pack: its message is the reader's. */
static int call_failure(klotski_pack *pack, enum kl_pack_status status)
{
    return reader_failure(pack, status, kl_pack_message(pack->file.pack));
}

/* The check of a call on the pack (lib_usable): the handle, open, and the pointers it
 * needs (`missing` names the first NULL one, or is NULL).  KLOTSKI_OK or KLOTSKI_MISUSE. */
static int usable(klotski_pack *pack, const char *call, const char *missing)
{
    return pack ? lib_usable(&pack->handle, call, pack->file.pack, pack->path, "the pack", "klotski_pack_open",
                             missing)
                : KLOTSKI_MISUSE;
}

/* usable, then KLOTSKI_OK for a legal code, else KLOTSKI_INVALID with klotski_check's
 * message. */
static int check_code(klotski_pack *pack, const char *call, const char *missing, klotski_code code)
{
    int result = usable(pack, call, missing);
    return result == KLOTSKI_OK ? lib_legal(&pack->handle, code) : result;
}

int klotski_pack_open(const char *path, klotski_pack **out)
{
    if (!path || !out) {
        if (out)
            *out = NULL;
        return KLOTSKI_MISUSE;
    }
    klotski_pack *pack = calloc(1, sizeof *pack);
    *out = pack;
    if (!pack)
        return KLOTSKI_NOMEM;
    snprintf(pack->path, sizeof pack->path, "%s", path ? path : "");
    char detail[KL_PACK_MESSAGE_SIZE];
    enum kl_pack_status status = kl_pack_file_open(pack->path, &pack->file, detail);
    return reader_failure(pack, status, detail);
}

int klotski_pack_close(klotski_pack *pack)
{
    if (pack) {
        kl_pack_file_close(&pack->file);
        free(pack);
    }
    return KLOTSKI_OK;
}

const char *klotski_pack_errmsg(const klotski_pack *pack) { return pack ? pack->handle.message : "out of memory"; }

int klotski_pack_errcode(const klotski_pack *pack) { return pack ? pack->handle.result : KLOTSKI_NOMEM; }

int klotski_pack_min_steps(klotski_pack *pack, klotski_code code, int *min_steps)
{
    int result = check_code(pack, "klotski_pack_min_steps", min_steps ? NULL : "min_steps", code);
    if (result != KLOTSKI_OK)
        return result;
    enum kl_pack_status status = kl_pack_min_steps(pack->file.pack, code, min_steps);
    return status == KL_PACK_OK ? lib_succeed(&pack->handle) : call_failure(pack, status);
}

int klotski_pack_solve(klotski_pack *pack, klotski_code code, klotski_code **route, int *count)
{
    int result = check_code(pack, "klotski_pack_solve", !route ? "route" : !count ? "count" : NULL, code);
    if (result != KLOTSKI_OK)
        return result;
    struct kl_pack_facts facts;
    kl_pack_facts(pack->file.pack, &facts);
    kl_code *codes = malloc(((size_t)facts.max_min_steps + 1) * sizeof *codes);
    if (!codes)
        return lib_fail(&pack->handle, KLOTSKI_NOMEM, NULL, "out of memory");
    enum kl_pack_status status = kl_pack_solve(pack->file.pack, code, codes, count);
    if (status == KL_PACK_UNSOLVABLE) {
        free(codes);
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(code, hex);
        return lib_fail(&pack->handle, KLOTSKI_UNSOLVABLE, hex, "unsolvable: its group holds no solved layout");
    }
    if (status != KL_PACK_OK) {
        free(codes);
        return call_failure(pack, status);
    }
    *route = codes;
    return lib_succeed(&pack->handle);
}

int klotski_pack_moves(klotski_pack *pack, klotski_code code, struct klotski_move out[KLOTSKI_MAX_STEPS], int *count)
{
    int result = check_code(pack, "klotski_pack_moves", !out ? "out" : !count ? "count" : NULL, code);
    if (result != KLOTSKI_OK)
        return result;
    struct kl_move_outcome moves[KL_MAX_STEPS];
    int n, min_steps;
    enum kl_pack_status status = kl_pack_moves(pack->file.pack, code, moves, &n, &min_steps);
    if (status != KL_PACK_OK)
        return call_failure(pack, status);
    kl_raw raw;
    lib_raw(code, &raw);
    for (int i = 0; i < n; i++) {
        out[i].step = lib_step(raw, moves[i].step);
        out[i].min_steps = moves[i].min_steps;
        out[i].change = moves[i].change;
        out[i].farthest_steps = KLOTSKI_NULL;
        out[i].farthest_num = KLOTSKI_NULL;
    }
    *count = n;
    return lib_succeed(&pack->handle);
}

/* A group of the reader as klotski.h's record. */
static void group_record(const struct kl_pack_group *g, struct klotski_group *out)
{
    out->group_id = g->group_id;
    snprintf(out->name, sizeof out->name, "%s", g->name);
    snprintf(out->class_name, sizeof out->class_name, "%.*s", (int)(strrchr(g->name, '-') - g->name), g->name);
    out->class_id = g->class_id;
    out->size = g->size;
    out->min_code = g->min_code;
    out->solved = g->solved;
    out->max_min_steps = g->max_min_steps;
    out->hardest_count = g->hardest_count;
    out->diameter = g->diameter;
    out->radius = g->radius;
    out->peripheral_count = g->peripheral_count;
    out->central_count = g->central_count;
}

/* The group's largest distances in the other metrics into the caller's sized struct
 * (klotski.h, "Stability"): only as far as its size reaches. */
static void group_metrics_record(const struct kl_pack_group *g, struct klotski_group_metrics *out)
{
    struct klotski_group_metrics full = {
        .size = sizeof full,
        .max_min_straight_moves = g->max_min_straight_moves,
        .max_min_unit_moves = g->max_min_unit_moves,
    };
    lib_write_sized(out, &full, sizeof full);
}

int klotski_pack_group(klotski_pack *pack, klotski_code code, struct klotski_group *group,
                       struct klotski_group_metrics *metrics)
{
    const char *call = "klotski_pack_group";
    int result = check_code(pack, call, group ? NULL : "group", code);
    if (result == KLOTSKI_OK)
        result = lib_sized(&pack->handle, call, "klotski_group_metrics", metrics, LIB_GROUP_METRICS_FIRST_END);
    if (result != KLOTSKI_OK)
        return result;
    struct kl_pack_group g;
    enum kl_pack_status status = kl_pack_group_of(pack->file.pack, code, &g);
    if (status != KL_PACK_OK)
        return call_failure(pack, status);
    group_record(&g, group);
    if (metrics)
        group_metrics_record(&g, metrics);
    return lib_succeed(&pack->handle);
}

int klotski_pack_layout(klotski_pack *pack, klotski_code code, struct klotski_layout *layout,
                        struct klotski_group *group, struct klotski_group_metrics *group_metrics)
{
    const char *call = "klotski_pack_layout";
    int result = check_code(pack, call, layout ? NULL : "layout", code);
    if (result == KLOTSKI_OK)
        result = lib_sized(&pack->handle, call, "klotski_group_metrics", group_metrics,
                                  LIB_GROUP_METRICS_FIRST_END);
    if (result != KLOTSKI_OK)
        return result;
    int min_steps;
    struct kl_pack_group g;
    enum kl_pack_status status = kl_pack_min_steps(pack->file.pack, code, &min_steps);
    if (status == KL_PACK_OK)
        status = kl_pack_group_of(pack->file.pack, code, &g);
    if (status != KL_PACK_OK)
        return call_failure(pack, status);
    *layout = (struct klotski_layout){
        .code = code,
        .group_id = g.group_id,
        .group_index = KLOTSKI_NULL,
        .min_steps = min_steps,
        .min_solution_num = KLOTSKI_NULL,
        .farthest_steps = KLOTSKI_NULL,
        .farthest_num = KLOTSKI_NULL,
        .solution_num = KLOTSKI_NULL,
    };
    if (group)
        group_record(&g, group);
    if (group_metrics)
        group_metrics_record(&g, group_metrics);
    return lib_succeed(&pack->handle);
}

int klotski_pack_group_named(klotski_pack *pack, const char *name, struct klotski_group *group,
                             struct klotski_group_metrics *metrics)
{
    const char *call = "klotski_pack_group_named";
    int result = usable(pack, call, !name ? "name" : !group ? "group" : NULL);
    if (result == KLOTSKI_OK)
        result = lib_sized(&pack->handle, call, "klotski_group_metrics", metrics, LIB_GROUP_METRICS_FIRST_END);
    if (result != KLOTSKI_OK)
        return result;
    struct kl_pack_group g;
    if (kl_pack_group_named(pack->file.pack, name, &g) != KL_PACK_OK)
        return lib_fail(&pack->handle, KLOTSKI_NOTFOUND, name, "no such group");
    group_record(&g, group);
    if (metrics)
        group_metrics_record(&g, metrics);
    return lib_succeed(&pack->handle);
}
