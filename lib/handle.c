/* The error state of the library's handles (handle.h): one result code and message per
 * handle, for the database's calls and the pack's alike. */
#include "lib/handle.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/internal.h"

int lib_fail(struct lib_handle *handle, int result, const char *subject, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lib_vmessage(handle->message, subject, format, args);
    va_end(args);
    handle->result = result;
    return result;
}

int lib_succeed(struct lib_handle *handle)
{
    snprintf(handle->message, sizeof handle->message, "not an error");
    handle->result = KLOTSKI_OK;
    return KLOTSKI_OK;
}

int lib_usable(struct lib_handle *handle, const char *call, bool open, const char *path, const char *name,
               const char *opener, const char *missing)
{
    if (!open)
        return lib_fail(handle, KLOTSKI_MISUSE, path, "%s: %s is not open (%s failed)", call, name, opener);
    if (missing)
        return lib_fail(handle, KLOTSKI_MISUSE, NULL, "%s: %s is NULL", call, missing);
    return KLOTSKI_OK;
}

int lib_legal(struct lib_handle *handle, klotski_code code)
{
    handle->result = klotski_check(code, handle->message);
    return handle->result;
}

int lib_sized(struct lib_handle *handle, const char *call, const char *type, const void *out, size_t first_end)
{
    if (!out)
        return KLOTSKI_OK;
    size_t size;
    memcpy(&size, out, sizeof size);
    if (size >= first_end)
        return KLOTSKI_OK;
    return lib_fail(handle, KLOTSKI_MISUSE, NULL, "%s: struct %s: size %zu is below its first version's, %zu", call,
                    type, size, first_end);
}

void lib_write_sized(void *out, const void *full, size_t full_size)
{
    size_t size;
    memcpy(&size, out, sizeof size);
    memcpy((char *)out + sizeof size, (const char *)full + sizeof size,
           (size < full_size ? size : full_size) - sizeof size);
}
