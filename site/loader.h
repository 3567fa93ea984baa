/* The pack (schema/pack.md) as the page with no server holds it: its bytes handed over by
 * the JavaScript side (assets/api.js), opened with core/pack/'s reader, each chunk
 * inflated when a call first reaches it by the engine's own inflater (inflate.h).  The
 * metrics and lists parts come later, when a call first needs them: the call fails, the
 * JavaScript side hands the part over and makes the call again (site_pack_wants_metrics,
 * site_pack_wants_lists).  One thread (the worker's, or the page's). */
#ifndef KLOTSKI_SITE_LOADER_H
#define KLOTSKI_SITE_LOADER_H

#include "answer/site_files.h"
#include "core/pack/pack.h"

/* The open pack, or NULL with the reason in message (KL_PACK_MESSAGE_SIZE bytes) when
 * none is open yet. */
struct kl_pack *site_pack(char *message);

/* Tells the page that a call came to KL_PACK_MISSING: it downloads the pack's metrics
 * part (the straight and unit residues, schema/pack.md), hands it over through
 * site_metrics_bytes and site_metrics_attach, and makes the call again; a page with no
 * metrics part to give answers the call's error as it is. */
void site_pack_wants_metrics(void);

/* The same for KL_PACK_LISTS_MISSING and the pack's lists part (the groups' layers and
 * lists): site_lists_bytes and site_lists_attach. */
void site_pack_wants_lists(void);

#endif
