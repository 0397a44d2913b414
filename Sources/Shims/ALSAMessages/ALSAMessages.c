/* ALSA's error messages, kept for one line of the app's own (docs/app.md, "Sound").
 *
 * Without a sound card, SDL's ALSA driver makes ALSA write eight lines of its own to
 * stderr before SDL says there is no audio device. libasound's error handler is a
 * variadic C function, which Swift cannot define, hence this file. libasound is loaded
 * with dlopen, as SDL loads it: a machine without it needs nothing here. */
#define _GNU_SOURCE
#include "ALSAMessages.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

typedef void (*alsa_error_handler)(const char *file, int line, const char *function, int error,
                                   const char *format, ...);

static char last_message[256];
static unsigned message_count;

static void keep_message(const char *file, int line, const char *function, int error,
                         const char *format, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)error;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(last_message, sizeof last_message, format, arguments);
    va_end(arguments);
    __atomic_add_fetch(&message_count, 1, __ATOMIC_RELAXED);
}

int cleartouch_alsa_keep_messages(void) {
    /* Kept loaded: SDL's dlopen of it then finds it, handler and all. */
    void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL)
        return 0;
    int (*set_handler)(alsa_error_handler) =
        (int (*)(alsa_error_handler))dlsym(library, "snd_lib_error_set_handler");
    return set_handler != NULL && set_handler(keep_message) == 0;
}

unsigned cleartouch_alsa_message_count(void) {
    return __atomic_load_n(&message_count, __ATOMIC_RELAXED);
}

const char *cleartouch_alsa_last_message(void) { return last_message; }
