#include "core/database/names.h"

#include <stdlib.h>
#include <string.h>

/* Lines "CODE<TAB>NAME<TAB>SECTION", made from data/classic_names.tsv by the Makefile. */
static const char classic_tsv[] =
#include "data/classic_names.tsv.inc"
    ;

const char *kl_db_names_start(void) { return classic_tsv; }

bool kl_db_names_next(const char **cursor, struct kl_db_name *entry)
{
    while (**cursor) {
        const char *line = *cursor;
        size_t length = strcspn(line, "\n");
        *cursor = line + length + (line[length] == '\n');
        const char *name = memchr(line, '\t', length);
        if (!name)
            continue;
        name++;
        const char *end = line + length, *tab = memchr(name, '\t', (size_t)(end - name));
        entry->code = strtoull(line, NULL, 16);
        entry->name = name;
        entry->name_length = (size_t)((tab ? tab : end) - name);
        entry->section = tab ? tab + 1 : end;
        entry->section_length = (size_t)(end - entry->section);
        return true;
    }
    return false;
}
