/* The move generators of SPEC.md under its three metrics ("Other ways to count"): a step
 * (one piece slides, through empty cells and possibly round corners, to any position it
 * can reach; every other piece stays put), a straight move (a step that keeps to one
 * direction) and a unit move (a step of one cell). */
#ifndef KLOTSKI_CORE_MOVES_H
#define KLOTSKI_CORE_MOVES_H

#include "core/code.h"
#include "core/piece.h"

#define KL_MAX_STEPS 68 /* most steps any legal layout has (SPEC.md) */

struct kl_step {
    uint8_t kind;     /* enum kl_piece of the moved piece */
    uint8_t from;     /* its top-left address before the step */
    uint8_t to;       /* and after */
    uint8_t distance; /* fewest one-cell slides that carry it there */
};

/* The ways of counting moves.  Every unit move is a straight move and every straight move
 * a step, so the three move graphs have the same groups and the distances only grow from
 * one metric to the next. */
enum kl_metric {
    KL_METRIC_STEP,     /* a piece moved anywhere it can reach, round corners included */
    KL_METRIC_STRAIGHT, /* a piece moved one or more cells in one direction */
    KL_METRIC_UNIT      /* a piece moved one cell */
};
#define KL_METRIC_COUNT 3
#define KL_METRIC_NAMES "step, straight or unit" /* every name, for messages */

/* Returns the metric's name as users write it: "step", "straight" or "unit". */
const char *kl_metric_name(enum kl_metric metric);

/* Returns the metric's unit as people read it after a count: "step" or "steps",
 * "straight move" or "straight moves", "unit move" or "unit moves" (singular for a count
 * of 1 or -1). */
const char *kl_metric_unit(enum kl_metric metric, long long count);

/* Parses a metric's name (exactly as kl_metric_name writes it).  Returns true and stores
 * it in *out; false (leaving *out untouched) when text names none. */
bool kl_metric_parse(const char *text, enum kl_metric *out);

/* Lists every step of a legal raw layout into out (room for KL_MAX_STEPS), each
 * resulting layout once.  Returns how many.  Thread-safe. */
int kl_steps(kl_raw raw, struct kl_step out[KL_MAX_STEPS]);

/* Lists the steps of kl_steps for a legal raw layout by the strictest metric each is a
 * move in: out[KL_METRIC_UNIT] the unit moves, out[KL_METRIC_STRAIGHT] the other straight
 * moves, out[KL_METRIC_STEP] the other steps (every unit move is a straight move, so the
 * moves under metric m are the lists from KL_METRIC_UNIT down to m).  Sets count[m] to
 * the length of out[m]; returns the count of steps.  Thread-safe. */
int kl_steps_by_metric(kl_raw raw, struct kl_step out[KL_METRIC_COUNT][KL_MAX_STEPS],
                       int count[KL_METRIC_COUNT]);

/* True when `step` (made by kl_steps) is also a move under `metric`: a straight move
 * when it keeps to one row or one column over its whole distance (a shortest slide
 * between two anchors of one line that turned would be longer than their gap), a unit
 * move when it is one cell long. */
static inline bool kl_step_counts_in(struct kl_step step, enum kl_metric metric)
{
    switch (metric) {
    case KL_METRIC_UNIT:
        return step.distance == 1;
    case KL_METRIC_STRAIGHT: {
        int gap = step.to > step.from ? step.to - step.from : step.from - step.to;
        if (step.to / KL_COLS == step.from / KL_COLS)
            return step.distance == gap;
        return step.to % KL_COLS == step.from % KL_COLS && step.distance * KL_COLS == gap;
    }
    default:
        return true;
    }
}

/* Lists every move under `metric` of a legal raw layout into out (room for KL_MAX_STEPS),
 * each resulting layout once: the steps of kl_steps that count in the metric, in the
 * same order.  Returns how many.  Thread-safe. */
int kl_moves(kl_raw raw, enum kl_metric metric, struct kl_step out[KL_MAX_STEPS]);

/* Returns the layout after `step` (one made by kl_steps for this raw). */
static inline kl_raw kl_step_apply(kl_raw raw, struct kl_step step)
{
    return raw ^ kl_piece_pattern((enum kl_piece)step.kind, step.from) ^
           kl_piece_pattern((enum kl_piece)step.kind, step.to);
}

/* Bit mask (bit = address) of the empty cells of a raw layout. */
uint32_t kl_raw_empty_cells(kl_raw raw);

#endif
