/* The pack (schema/pack.md) as the page with no server holds it: its bytes handed over by
 * the JavaScript side (assets/api.js), opened with core/pack/'s reader, each chunk
 * inflated by the browser (the import site.inflate, DecompressionStream('deflate')
 * beforehand, since the browser inflates asynchronously and the reader asks
 * synchronously: a chunk not yet inflated fails the call, which api.js repeats once it
 * has inflated the chunks the call asked for).  The metrics and lists parts come later,
 * when a call first needs them, in the same way (site_pack_wants_metrics,
 * site_pack_wants_lists).  One thread (the
 * page's). */
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
