/* The files of a site that `klotski site` writes (query/commands/site.c) and the page
 * with no server reads (site/), named once for both. */
#ifndef KLOTSKI_ANSWER_SITE_FILES_H
#define KLOTSKI_ANSWER_SITE_FILES_H

#define SITE_PACK_FILE "klotski.pack" /* the pack's name in the site, as errors name it */

#endif
