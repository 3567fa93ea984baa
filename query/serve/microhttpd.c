#include "query/serve/microhttpd.h"

#include <dlfcn.h>
#include <stddef.h>

#include "answer/report.h"

struct microhttpd microhttpd;

/* Each function's name in the library, and where its address goes. */
#define FUNCTION(field) {"MHD_" #field, (void **)&microhttpd.field}
static const struct {
    const char *name;
    void **address;
} functions[] = {
    FUNCTION(start_daemon),
    FUNCTION(stop_daemon),
    FUNCTION(get_daemon_info),
    FUNCTION(get_connection_values),
    FUNCTION(get_connection_info),
    FUNCTION(lookup_connection_value),
    FUNCTION(suspend_connection),
    FUNCTION(resume_connection),
    FUNCTION(create_response_from_buffer),
    FUNCTION(add_response_header),
    FUNCTION(queue_response),
    FUNCTION(destroy_response),
};

bool microhttpd_load(void)
{
    void *library = dlopen(KLOTSKI_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        report(EXIT_NOT_FOUND, KLOTSKI_MHD_SONAME, "cannot load it (Debian package libmicrohttpd12): %s", dlerror());
        return false;
    }
    for (size_t i = 0; i < sizeof functions / sizeof *functions; i++) {
        *functions[i].address = dlsym(library, functions[i].name);
        if (!*functions[i].address) {
            report(EXIT_NOT_FOUND, functions[i].name, "not in " KLOTSKI_MHD_SONAME);
            return false;
        }
    }
    return true;
}
