#include "site/loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer/report.h"
#include "site/inflate.h"

#define EXPORT(name) __attribute__((export_name(#name))) name

/* Notes that a call needs the metrics part (assets/engine.js). */
__attribute__((import_module("site"), import_name("metrics"))) void site_metrics(void);

/* Notes that a call needs the lists part (assets/engine.js). */
__attribute__((import_module("site"), import_name("lists"))) void site_lists(void);

/* A part of the pack handed over after it opened: its bytes, kept while the pack points
 * into them. */
struct part {
    unsigned char *bytes;
    size_t size;
};

static unsigned char *bytes;
static size_t size;
static struct part metrics, lists;
static struct kl_pack *pack;
static char failure[KL_PACK_MESSAGE_SIZE] = "no pack is loaded";

/* Room for the pack's `length` bytes, which the page writes there before site_pack_open. */
unsigned char *EXPORT(site_pack_bytes)(size_t length)
{
    kl_pack_close(pack);
    pack = NULL;
    free(bytes);
    free(metrics.bytes);
    free(lists.bytes);
    metrics = lists = (struct part){NULL, 0};
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

/* Room for a part's `length` bytes, unless it is attached already (`attached`): NULL. */
static unsigned char *part_bytes(struct part *part, bool attached, size_t length)
{
    if (attached)
        return NULL; /* kept, since the pack points into them */
    free(part->bytes);
    part->bytes = xmalloc(length);
    part->size = length;
    return part->bytes;
}

/* Attaches a part written at its bytes by `attach`: 0, or 2 with the reason at
 * site_pack_failure. */
static int part_attach(const struct part *part,
                       enum kl_pack_status (*attach)(struct kl_pack *, const unsigned char *, size_t))
{
    if (!pack)
        return EXIT_BAD_INPUT;
    if (attach(pack, part->bytes, part->size) == KL_PACK_OK)
        return EXIT_ANSWERED;
    snprintf(failure, sizeof failure, "%s", kl_pack_message(pack));
    return EXIT_BAD_INPUT;
}

/* Room for the metrics part's `length` bytes, which the page writes there before
 * site_metrics_attach. */
unsigned char *EXPORT(site_metrics_bytes)(size_t length)
{
    return part_bytes(&metrics, pack && kl_pack_has_metrics(pack), length);
}

/* Attaches the metrics part written at site_metrics_bytes to the open pack.  Returns 0,
 * or 2 with the reason at site_pack_failure. */
int EXPORT(site_metrics_attach)(void) { return part_attach(&metrics, kl_pack_attach_metrics); }

/* The same two for the lists part (the groups' layers and lists). */
unsigned char *EXPORT(site_lists_bytes)(size_t length)
{
    return part_bytes(&lists, pack && kl_pack_has_lists(pack), length);
}

int EXPORT(site_lists_attach)(void) { return part_attach(&lists, kl_pack_attach_lists); }

void site_pack_wants_metrics(void) { site_metrics(); }

void site_pack_wants_lists(void) { site_lists(); }

struct kl_pack *site_pack(char *message)
{
    if (!pack)
        snprintf(message, KL_PACK_MESSAGE_SIZE, "%s", failure);
    return pack;
}
