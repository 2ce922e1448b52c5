// Opens libedit when the prompt first needs it; see include/shim.h for why it is not linked.
#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct sqlive_editline_functions sqlive_editline;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char failure[512] = "libedit was not loaded";

static int find(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(failure, sizeof failure, "libedit.so.2 has no %s", name);
        return -1;
    }
    return 0;
}

static void load(void) {
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "cannot open libedit.so.2");
        return;
    }
    struct sqlive_editline_functions *f = &sqlive_editline;
    if (find(library, "el_init", (void **)&f->el_init) || find(library, "el_end", (void **)&f->el_end)
        || find(library, "el_gets", (void **)&f->el_gets) || find(library, "el_line", (void **)&f->el_line)
        || find(library, "el_wline", (void **)&f->el_wline)
        || find(library, "el_insertstr", (void **)&f->el_insertstr)
        || find(library, "el_deletestr", (void **)&f->el_deletestr)
        || find(library, "el_source", (void **)&f->el_source) || find(library, "el_resize", (void **)&f->el_resize)
        || find(library, "el_set", (void **)&f->el_set) || find(library, "el_wset", (void **)&f->el_wset)
        || find(library, "el_get", (void **)&f->el_get) || find(library, "history_init", (void **)&f->history_init)
        || find(library, "history_end", (void **)&f->history_end) || find(library, "history", (void **)&f->history)) {
        return;
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
