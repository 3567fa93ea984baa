/* The pack's reader (schema/pack.md): a layout's exact min_steps (and, from the pack's
 * metrics part, its min_straight_moves and min_unit_moves), its moves with their
 * outcomes, a minimal solution, its group and the group's facts, and the classic
 * names, from a pack held in memory.
 *
 * It needs the C library and core/ only, not zlib: the caller inflates each chunk
 * through a kl_pack_inflate of its own (zlib's uncompress natively, see
 * core/pack/file.h; the engine's own site/inflate.c in the web page), so that the
 * same C compiles to WebAssembly (clang --target=wasm32-wasi).
 *
 * Thread safety: a struct kl_pack caches the blocks it inflated; use one from one thread
 * at a time (one pack per thread, or a lock of the caller's).  Distinct packs are
 * independent. */
#ifndef KLOTSKI_CORE_PACK_PACK_H
#define KLOTSKI_CORE_PACK_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/code.h"
#include "core/move_outcomes.h"
#include "core/moves.h"

/* What a call came to. */
enum kl_pack_status {
    KL_PACK_OK = 0,
    KL_PACK_INVALID,      /* the code is no legal layout; no group has that name */
    KL_PACK_UNSOLVABLE,   /* a solution was asked of a layout whose group has no solved layout */
    KL_PACK_NOT_A_PACK,   /* too short, or no pack's magic */
    KL_PACK_VERSION,      /* a pack of another format version */
    KL_PACK_CORRUPT,      /* a checksum, an index, a block or a value is wrong */
    KL_PACK_NO_MEMORY,
    KL_PACK_CANTOPEN,     /* the file cannot be read (core/pack/file.h) */
    KL_PACK_MISSING,      /* straight or unit moves asked of a pack opened without its
                             metrics part, not attached since (kl_pack_attach_metrics) */
    KL_PACK_LISTS_MISSING /* a group's layers or lists asked of a pack opened without its
                             lists part, not attached since (kl_pack_attach_lists) */
};

/* Inflates one zlib stream (RFC 1950): `deflated` holds `deflated_size` bytes; the plain
 * bytes must be exactly `plain_size`, written into `plain`.  Returns KL_PACK_OK when they
 * are (the stream inflates, its Adler-32 matches, it ends there), KL_PACK_NO_MEMORY when
 * the inflater ran out of memory (a pack read on a full machine is not corrupt), else
 * KL_PACK_CORRUPT.  context: the one given to kl_pack_open, passed through. */
typedef enum kl_pack_status (*kl_pack_inflate)(void *context, const unsigned char *deflated, size_t deflated_size,
                                               unsigned char *plain, size_t plain_size);

/* Returns a short English description of a status ("the pack is corrupt"), static. */
const char *kl_pack_status_text(enum kl_pack_status status);

#define KL_PACK_MESSAGE_SIZE 160
#define KL_PACK_NONE (-1)          /* an integer fact the pack does not hold (below) */
#define KL_PACK_GROUP_NAME_SIZE 32 /* "jiang-bing-style-group_num" and a NUL */

struct kl_pack;

/* Opens a pack held in memory: checks its header, its checksums and its index, and reads
 * its groups and names (schema/pack.md, "Checks a reader makes").
 * bytes, size: the whole file, or its steps part alone (its first metrics_offset bytes,
 * schema/pack.md: what a page downloads first), whose straight and unit moves are then
 * KL_PACK_MISSING until kl_pack_attach_metrics; the caller keeps them unchanged until
 * kl_pack_close.
 * inflate, context: how to inflate a chunk (above).
 * On KL_PACK_OK *pack receives the handle (close it with kl_pack_close); otherwise *pack
 * is NULL and, when message is not NULL (KL_PACK_MESSAGE_SIZE bytes), it receives what is
 * wrong ("content checksum 1234ABCD, expected 89ABCDEF").
 * Returns KL_PACK_OK, KL_PACK_NOT_A_PACK, KL_PACK_VERSION, KL_PACK_CORRUPT or
 * KL_PACK_NO_MEMORY. */
enum kl_pack_status kl_pack_open(const unsigned char *bytes, size_t size, kl_pack_inflate inflate, void *context,
                                 struct kl_pack **pack, char *message);

/* One chunk of a pack (schema/pack.md): where its deflated bytes are in the file, and how
 * many plain bytes they inflate to. */
struct kl_pack_chunk {
    uint32_t offset;
    uint32_t deflated_size;
    uint32_t plain_size;
};

/* Attaches the metrics part of a pack opened from its steps part alone: bytes, size: the
 * file's bytes from metrics_offset to its end, kept unchanged by the caller until
 * kl_pack_close.  Checks their size and checksum.  Returns KL_PACK_OK, or
 * KL_PACK_CORRUPT with kl_pack_message saying what is wrong (nothing attached). */
enum kl_pack_status kl_pack_attach_metrics(struct kl_pack *pack, const unsigned char *bytes, size_t size);

/* True when the pack answers straight and unit moves: opened whole, or its metrics part
 * attached. */
bool kl_pack_has_metrics(const struct kl_pack *pack);

/* Attaches the lists part (schema/pack.md: every group's layer sizes under each metric,
 * its hardest, peripheral and central layouts) of a pack opened without it: bytes, size:
 * the file's bytes from lists_offset to its end, kept unchanged by the caller until
 * kl_pack_close.  Checks their size and checksum; their chunks are inflated and checked
 * when a question first needs them.  Returns KL_PACK_OK, or KL_PACK_CORRUPT with
 * kl_pack_message saying what is wrong (nothing attached). */
enum kl_pack_status kl_pack_attach_lists(struct kl_pack *pack, const unsigned char *bytes, size_t size);

/* True when the pack answers a group's layers and lists: opened whole, or its lists part
 * attached. */
bool kl_pack_has_lists(const struct kl_pack *pack);

/* Lists the chunks of the pack held in `bytes` (size bytes), for a caller whose inflater
 * cannot run inside kl_pack_open's calls: a web page, where DecompressionStream is
 * asynchronous, inflates every chunk ahead and then hands the plain bytes over through
 * a kl_pack_inflate that copies them (the chunk is the one at `deflated - bytes`).
 * Checks the header, the index and the content checksum as kl_pack_open does.
 * On KL_PACK_OK *chunks receives a malloc'd array (free it) and *count its length, in
 * the format's order: the residue blocks, the group blocks, the groups chunk, the names
 * chunk, then, when `bytes` holds the metrics part, its residue blocks, and when it
 * holds the whole file, the lists part's two chunks (offsets in the whole file).  Otherwise *chunks is NULL and message (NULL or KL_PACK_MESSAGE_SIZE bytes)
 * says what is wrong.  Returns KL_PACK_OK, KL_PACK_NOT_A_PACK, KL_PACK_VERSION,
 * KL_PACK_CORRUPT or KL_PACK_NO_MEMORY.  Thread-safe. */
enum kl_pack_status kl_pack_chunks(const unsigned char *bytes, size_t size, struct kl_pack_chunk **chunks,
                                   uint32_t *count, char *message);

/* Frees the handle and its cached blocks (not the caller's bytes); NULL is allowed. */
void kl_pack_close(struct kl_pack *pack);

/* The message of the pack's last failure ("residue block 17 does not inflate"), "" when
 * there was none; owned by the pack, valid until its next call. */
const char *kl_pack_message(const struct kl_pack *pack);

/* The header's facts. */
struct kl_pack_facts {
    uint32_t format_version;
    uint32_t layout_count;  /* KL_LAYOUT_COUNT */
    uint32_t group_count;
    uint32_t name_count;
    int max_min_steps;      /* a route from kl_pack_solve holds at most this + 1 layouts */
    int max_min_moves[KL_METRIC_COUNT]; /* per metric, the largest min moves (steps:
                                           max_min_steps); a route of kl_pack_solve_in
                                           holds at most this + 1 layouts */
    uint32_t source_crc32;  /* layouts_crc32 of the database it was written from */
    uint32_t content_crc32;
};

/* The header's facts into *facts. */
void kl_pack_facts(const struct kl_pack *pack, struct kl_pack_facts *facts);

/* The stored value of the layout with id `id` (below KL_LAYOUT_COUNT): its residue,
 * min_steps mod 3, or KL_PACK_RESIDUE_UNSOLVABLE (core/pack/format.h), into *residue.
 * Returns KL_PACK_OK, or KL_PACK_CORRUPT when its block does not inflate. */
enum kl_pack_status kl_pack_residue(struct kl_pack *pack, uint32_t id, int *residue);

/* The stored group of the layout with id `id` (below KL_LAYOUT_COUNT): its group_num
 * within its class (the code's class, core/classes.h), into *group_num.  Returns
 * KL_PACK_OK, or KL_PACK_CORRUPT when its block does not inflate. */
enum kl_pack_status kl_pack_group_number(struct kl_pack *pack, uint32_t id, int *group_num);

/* The stored value under `metric` of the layout with id `id` (below KL_LAYOUT_COUNT): its
 * min moves in that metric mod 3, or KL_PACK_RESIDUE_UNSOLVABLE, into *residue.  Returns
 * KL_PACK_OK, KL_PACK_MISSING (straight or unit, the metrics part absent) or
 * KL_PACK_CORRUPT when its block does not inflate. */
enum kl_pack_status kl_pack_metric_residue(struct kl_pack *pack, enum kl_metric metric, uint32_t id, int *residue);

/* The layout's exact min_steps, by the walk of schema/pack.md, into *min_steps, or
 * KL_PACK_NONE when it is unsolvable.  Returns KL_PACK_OK, KL_PACK_INVALID (an illegal
 * code) or KL_PACK_CORRUPT (a block does not inflate, or the walk goes astray). */
enum kl_pack_status kl_pack_min_steps(struct kl_pack *pack, kl_code code, int *min_steps);

/* The same under `metric` (core/moves.h): min_steps, min_straight_moves or min_unit_moves
 * by the walk over that metric's residues, into *min_moves, or KL_PACK_NONE when the
 * layout is unsolvable.  Returns as kl_pack_min_steps, or KL_PACK_MISSING (straight or
 * unit, the metrics part absent). */
enum kl_pack_status kl_pack_min_moves(struct kl_pack *pack, kl_code code, enum kl_metric metric, int *min_moves);

/* One step of that walk: the first step (in kl_steps order, core/moves.h) from `code`, a
 * legal layout of residue `residue` (0 to 2) that is not solved, to a layout of residue
 * one less (mod 3), whose code goes into *next and id into *next_id.  Returns KL_PACK_OK,
 * or KL_PACK_CORRUPT when no step leads there or a block does not inflate.
 * kl_pack_min_steps and kl_pack_solve repeat it; `klotski pack --check` runs it once from
 * every layout. */
enum kl_pack_status kl_pack_step_closer(struct kl_pack *pack, kl_code code, int residue, kl_code *next,
                                        uint32_t *next_id);

/* The same under `metric`: the first move of kl_moves(raw, metric) order one closer in
 * that metric's residues.  Returns as kl_pack_step_closer, or KL_PACK_MISSING. */
enum kl_pack_status kl_pack_move_closer(struct kl_pack *pack, enum kl_metric metric, kl_code code, int residue,
                                        kl_code *next, uint32_t *next_id);

/* A minimal-step solution: route (room for max_min_steps + 1 codes, kl_pack_facts)
 * receives min_steps + 1 codes, route[0] = code, each one step from the one before,
 * the last solved; the same route as the database's (core/descent.h).  *count receives
 * how many.  Returns KL_PACK_OK, KL_PACK_INVALID, KL_PACK_UNSOLVABLE or KL_PACK_CORRUPT
 * (route then partly written). */
enum kl_pack_status kl_pack_solve(struct kl_pack *pack, kl_code code, kl_code *route, int *count);

/* The same under `metric`: a minimal solution in that metric's moves (route: room for
 * max_min_moves[metric] + 1 codes), the database's own (core/descent.h).  Returns as
 * kl_pack_solve, or KL_PACK_MISSING. */
enum kl_pack_status kl_pack_solve_in(struct kl_pack *pack, kl_code code, enum kl_metric metric, kl_code *route,
                                     int *count);

/* Every step from the layout with its outcome into out (room for KL_MAX_STEPS), best
 * first as kl_moves_ranked orders them (core/move_outcomes.h: change ascending, ties by
 * the resulting code, as `klotski moves` lists them): each resulting layout's min_steps
 * from the layout's own (one walk) and the neighbour's residue; farthest_steps and
 * farthest_num KL_PACK_NONE (the pack has none).  *count receives how many, *min_steps
 * the layout's own (KL_PACK_NONE: unsolvable).
 * Returns KL_PACK_OK, KL_PACK_INVALID or KL_PACK_CORRUPT. */
enum kl_pack_status kl_pack_moves(struct kl_pack *pack, kl_code code, struct kl_move_outcome out[KL_MAX_STEPS],
                                  int *count, int *min_steps);

/* The same under `metric`: the layout's moves in that metric, each min_steps field the
 * resulting layout's min moves in it, *min_moves the layout's own, as `klotski moves
 * --metric METRIC` lists them.  Returns as kl_pack_moves, or KL_PACK_MISSING. */
enum kl_pack_status kl_pack_moves_in(struct kl_pack *pack, kl_code code, enum kl_metric metric,
                                     struct kl_move_outcome out[KL_MAX_STEPS], int *count, int *min_moves);

/* A group's facts, as the database's groups table holds them (schema/tables.sql). */
struct kl_pack_group {
    uint32_t group_id;      /* in class_id, then group_num order, as the database's */
    char name[KL_PACK_GROUP_NAME_SIZE]; /* "5-4-1-1" */
    int class_id;           /* core/classes.h */
    int group_num;          /* within the class */
    uint32_t size;
    kl_code min_code;       /* its smallest member */
    uint32_t solved;        /* solved members; 0: an unsolvable group */
    int max_min_steps;      /* KL_PACK_NONE when unsolvable */
    int64_t hardest_count;  /* members at max_min_steps; KL_PACK_NONE when unsolvable */
    int diameter, radius;   /* KL_PACK_NONE: not found by the build the pack came from */
    int64_t peripheral_count, central_count; /* KL_PACK_NONE likewise */
    int max_min_straight_moves, max_min_unit_moves; /* KL_PACK_NONE when unsolvable */
};

/* The group of the layout `code` into *group.  Returns KL_PACK_OK, KL_PACK_INVALID or
 * KL_PACK_CORRUPT (its block does not inflate, or holds a group_num its class has not). */
enum kl_pack_status kl_pack_group_of(struct kl_pack *pack, kl_code code, struct kl_pack_group *group);

/* The group numbered group_id (below group_count), or named `name` ("5-4-1-1"), into
 * *group.  Returns KL_PACK_OK or KL_PACK_INVALID (no such group). */
enum kl_pack_status kl_pack_group_at(const struct kl_pack *pack, uint32_t group_id, struct kl_pack_group *group);
enum kl_pack_status kl_pack_group_named(const struct kl_pack *pack, const char *name, struct kl_pack_group *group);

/* The sizes of the layers of the group numbered group_id (below group_count) under
 * `metric`, as the database's layers and move_layers tables hold them: *sizes receives
 * an array (owned by the pack, valid until kl_pack_close) whose element d is how many
 * members have min moves d in that metric, *count its length (max_min_moves + 1; 0 for
 * an unsolvable group, whose one layer, of no depth, is all its members).  The first
 * call inflates and checks the lists part's chunks (each group's sizes sum to its size,
 * its depth 0 holds its solved members, its last depth its hardest count).
 * Returns KL_PACK_OK, KL_PACK_INVALID (no such group), KL_PACK_LISTS_MISSING (the lists
 * part absent), KL_PACK_CORRUPT (kl_pack_message says what) or KL_PACK_NO_MEMORY. */
enum kl_pack_status kl_pack_group_layers(struct kl_pack *pack, uint32_t group_id, enum kl_metric metric,
                                         const uint32_t **sizes, int *count);

/* The lists a group's entry in the lists part holds. */
enum kl_pack_list {
    KL_PACK_LIST_HARDEST,          /* + metric: the members at the group's largest min moves
                                      in that metric (the database's hardest, hardest_moves) */
    KL_PACK_LIST_PERIPHERAL = KL_METRIC_COUNT, /* the members whose farthest_steps is the diameter */
    KL_PACK_LIST_CENTRAL,          /* those whose farthest_steps is the radius */
    KL_PACK_LIST_COUNT
};

/* The list `list` of the group numbered group_id: *ids receives its members' ids,
 * ascending (owned by the pack, valid until kl_pack_close), *count how many (0 for the
 * hardest of an unsolvable group, and for the peripheral and central layouts of a group
 * whose extremes the database had not found: kl_pack_group's peripheral_count is then
 * KL_PACK_NONE).  Returns as kl_pack_group_layers. */
enum kl_pack_status kl_pack_group_list(struct kl_pack *pack, uint32_t group_id, enum kl_pack_list list,
                                       const uint32_t **ids, size_t *count);

/* A classic name: its strings NUL-terminated, owned by the pack until it is closed. */
struct kl_pack_name {
    kl_code code;
    const char *name;    /* "横刀立马" */
    const char *section; /* the source list it comes from; may be "" */
};

/* The classic name number `index` (below name_count, in the order of
 * data/classic_names.tsv) into *name.  Returns false when there is no such index. */
bool kl_pack_name_at(const struct kl_pack *pack, uint32_t index, struct kl_pack_name *name);

#endif
