/* What the files of lib/ share and do not export. */
#ifndef KLOTSKI_LIB_INTERNAL_H
#define KLOTSKI_LIB_INTERNAL_H

#include <stdbool.h>

#include "core/code.h"
#include "core/moves.h"
#include "lib/klotski.h"

/* True and the raw layout in *raw when `code` is a legal layout (36 bits, legal). */
bool lib_raw(klotski_code code, kl_raw *raw);

/* A step of the engine as klotski.h describes it, from the raw layout it starts from. */
struct klotski_step lib_step(kl_raw raw, struct kl_step step);

#endif
