// Opens libedit when the prompt first needs it; see include/shim.h for why it is not linked.
#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct sqlive_editline_functions sqlive_editline;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char failure[512] = "libedit was not loaded";

/* Each function sqlive calls, by the name libedit exports it under, and where it goes. */
#define SLOT(name) { #name, (void **)&sqlive_editline.name }
static const struct { const char *name; void **slot; } slots[] = {
    SLOT(el_init), SLOT(el_end), SLOT(el_gets), SLOT(el_line), SLOT(el_wline), SLOT(el_insertstr),
    SLOT(el_deletestr), SLOT(el_source), SLOT(el_resize), SLOT(el_set), SLOT(el_wset), SLOT(el_get),
    SLOT(history_init), SLOT(history_end), SLOT(history),
};
#undef SLOT

static void load(void) {
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "cannot open libedit.so.2");
        return;
    }
    for (size_t index = 0; index < sizeof slots / sizeof slots[0]; index++) {
        *slots[index].slot = dlsym(library, slots[index].name);
        if (*slots[index].slot == NULL) {
            snprintf(failure, sizeof failure, "libedit.so.2 has no %s", slots[index].name);
            return;
        }
    }
    loaded = 0;
}

int sqlive_editline_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *sqlive_editline_error(void) {
    return failure;
}
