/* The symmetries of the 4x5 board: the left-right mirror, the up-down flip and the half
 * turn (the two flips one after the other).  Each maps the step graph onto itself, so a
 * layout and its images share min_steps, farthest_steps and farthest_num; each is its own
 * inverse.  Every function here is pure and thread-safe (the row tables are filled once,
 * under pthread_once). */
#ifndef KLOTSKI_CORE_SYMMETRY_H
#define KLOTSKI_CORE_SYMMETRY_H

#include "core/code.h"

/* Returns the left-right mirror image of a legal raw layout: each piece keeps its row,
 * its column counts from the other side. */
kl_raw kl_raw_mirror(kl_raw raw);

/* Returns the code of the left-right mirror image of a legal code. */
kl_code kl_code_mirror(kl_code code);

/* Returns the up-down image of a legal raw layout: each piece keeps its column, its row
 * counts from the bottom. */
kl_raw kl_raw_flip_up_down(kl_raw raw);

/* Returns the code of the up-down image of a legal code. */
kl_code kl_code_flip_up_down(kl_code code);

/* Returns a legal raw layout turned by half a turn (mirrored and flipped up-down). */
kl_raw kl_raw_turn_half(kl_raw raw);

/* Returns the code of a legal code's layout turned by half a turn. */
kl_code kl_code_turn_half(kl_code code);

#endif
