// Typed wrappers around libedit's variadic el_set/el_get/history, which Swift cannot call.
#ifndef SQLIVE_CEDITLINE_SHIM_H
#define SQLIVE_CEDITLINE_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/* glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's importer doesn't define. */
int wcwidth(wchar_t c);

typedef char *(*sqlive_prompt_fn)(EditLine *);
typedef int (*sqlive_getc_fn)(EditLine *, wchar_t *);
typedef unsigned char (*sqlive_command_fn)(EditLine *, int);

static inline int sqlive_el_set_prompt(EditLine *el, sqlive_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int sqlive_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int sqlive_el_set_signal(EditLine *el, int flag) {
    return el_set(el, EL_SIGNAL, flag);
}
static inline int sqlive_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int sqlive_el_set_getcfn(EditLine *el, sqlive_getc_fn fn) {
    return el_wset(el, EL_GETCFN, fn);
}
static inline int sqlive_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *sqlive_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int sqlive_el_add_function(EditLine *el, const char *name, const char *help,
                                         sqlive_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int sqlive_el_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}
/* One `settty` setting, e.g. ("-x", "-echoctl"): the terminal mode used outside el_gets. */
static inline int sqlive_el_settty(EditLine *el, const char *mode, const char *setting) {
    return el_set(el, EL_SETTY, mode, setting, NULL);
}
/* Puts the terminal in libedit's editing mode now (1) or back in its normal mode (0). */
static inline int sqlive_el_prepare_terminal(EditLine *el, int flag) {
    return el_set(el, EL_PREP_TERM, flag);
}
static inline int sqlive_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}
/* The terminal's width as libedit knows it (after el_resize). */
static inline int sqlive_el_columns(EditLine *el) {
    int columns = 0;
    if (el_get(el, EL_GETTC, "co", &columns, NULL) != 0) return 0;
    return columns;
}

static inline History *sqlive_history_init(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent ev;
    history(h, &ev, H_SETSIZE, size);
    history(h, &ev, H_SETUNIQUE, 1);
    return h;
}
static inline int sqlive_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int sqlive_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
/* Writes the history to an open stream (a temporary file we create with mode 0600). */
static inline int sqlive_history_save_fp(History *h, FILE *file) {
    HistEvent ev;
    return history(h, &ev, H_SAVE_FP, file);
}

#endif
