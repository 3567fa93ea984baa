#include "site/loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pack/format.h"
#include "answer/report.h"
#include "site/inflate.h"

#define EXPORT(name) __attribute__((export_name(#name))) name

/* Notes that a call needs the metrics part (assets/engine.js). */
__attribute__((import_module("site"), import_name("metrics"))) void site_metrics(void);

static unsigned char *bytes;
static size_t size;
static unsigned char *metrics; /* the metrics part, once handed over */
static size_t metrics_size;
static struct kl_pack *pack;
static char failure[KL_PACK_MESSAGE_SIZE] = "no pack is loaded";

/* Room for the pack's `length` bytes, which the page writes there before site_pack_open. */
unsigned char *EXPORT(site_pack_bytes)(size_t length)
{
    kl_pack_close(pack);
    pack = NULL;
    free(bytes);
    free(metrics);
    metrics = NULL;
    bytes = xmalloc(length);
    size = length;
    return bytes;
}

/* Opens the pack written at site_pack_bytes.  Returns 0, or 2 with the reason at
 * site_pack_failure. */
int EXPORT(site_pack_open)(void)
{
    kl_pack_close(pack);
    enum kl_pack_status status = kl_pack_open(bytes, size, site_inflate, NULL, &pack, failure);
    return status == KL_PACK_OK ? EXIT_ANSWERED : EXIT_BAD_INPUT;
}

const char *EXPORT(site_pack_failure)(void) { return failure; }

/* Room for the metrics part's `length` bytes, which the page writes there before
 * site_metrics_attach. */
unsigned char *EXPORT(site_metrics_bytes)(size_t length)
{
    if (pack && kl_pack_has_metrics(pack))
        return NULL; /* attached already: kept, since the pack points into them */
    free(metrics);
    metrics = xmalloc(length);
    metrics_size = length;
    return metrics;
}

/* Attaches the metrics part written at site_metrics_bytes to the open pack.  Returns 0,
 * or 2 with the reason at site_pack_failure. */
int EXPORT(site_metrics_attach)(void)
{
    if (!pack)
        return EXIT_BAD_INPUT;
    if (kl_pack_attach_metrics(pack, metrics, metrics_size) == KL_PACK_OK)
        return EXIT_ANSWERED;
    snprintf(failure, sizeof failure, "%s", kl_pack_message(pack));
    return EXIT_BAD_INPUT;
}

void site_pack_wants_metrics(void) { site_metrics(); }

struct kl_pack *site_pack(char *message)
{
    if (!pack)
        snprintf(message, KL_PACK_MESSAGE_SIZE, "%s", failure);
    return pack;
}
