// libedit, loaded when the prompt first needs it (shim.c), and typed wrappers around its
// variadic el_set/el_get/history, which Swift cannot call.
//
// libedit is opened with dlopen, not linked: linked, it and the three libraries it needs
// (libtinfo, libbsd, libmd) were loaded and relocated at every start, a script's and `-c`'s
// too, which never edit a line (0.4 MiB and 450 symbol look-ups). Swift calls only the
// sqlive_ functions below; libedit's own names are left to this file.
#ifndef SQLIVE_CEDITLINE_SHIM_H
#define SQLIVE_CEDITLINE_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/* glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's importer doesn't define. */
int wcwidth(wchar_t c);

/* libedit's functions, filled by sqlive_editline_load (shim.c). */
struct sqlive_editline_functions {
    EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
    void (*el_end)(EditLine *);
    const char *(*el_gets)(EditLine *, int *);
    const LineInfo *(*el_line)(EditLine *);
    const LineInfoW *(*el_wline)(EditLine *);
    int (*el_insertstr)(EditLine *, const char *);
    void (*el_deletestr)(EditLine *, int);
    int (*el_source)(EditLine *, const char *);
    void (*el_resize)(EditLine *);
    int (*el_set)(EditLine *, int, ...);
    int (*el_wset)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
};
extern struct sqlive_editline_functions sqlive_editline;

/* Opens libedit once (later calls return the first result): 0 when every function was found,
   -1 otherwise, and then sqlive_editline_error says why. Safe to call from any thread. */
int sqlive_editline_load(void);
const char *sqlive_editline_error(void);

/* The two ways in: each loads libedit first and returns NULL when it can't. Every other
   function takes what one of them returned. */
static inline EditLine *sqlive_el_init(const char *program, FILE *in, FILE *out, FILE *err) {
    if (sqlive_editline_load() != 0) return NULL;
    return sqlive_editline.el_init(program, in, out, err);
}
static inline void sqlive_el_end(EditLine *el) { sqlive_editline.el_end(el); }
static inline const char *sqlive_el_gets(EditLine *el, int *count) { return sqlive_editline.el_gets(el, count); }
static inline const LineInfo *sqlive_el_line(EditLine *el) { return sqlive_editline.el_line(el); }
static inline const LineInfoW *sqlive_el_wline(EditLine *el) { return sqlive_editline.el_wline(el); }
static inline int sqlive_el_insertstr(EditLine *el, const char *text) { return sqlive_editline.el_insertstr(el, text); }
static inline void sqlive_el_deletestr(EditLine *el, int count) { sqlive_editline.el_deletestr(el, count); }
static inline int sqlive_el_source(EditLine *el, const char *path) { return sqlive_editline.el_source(el, path); }
static inline void sqlive_el_resize(EditLine *el) { sqlive_editline.el_resize(el); }

typedef char *(*sqlive_prompt_fn)(EditLine *);
typedef int (*sqlive_getc_fn)(EditLine *, wchar_t *);
typedef unsigned char (*sqlive_command_fn)(EditLine *, int);

static inline int sqlive_el_set_prompt(EditLine *el, sqlive_prompt_fn fn) {
    return sqlive_editline.el_set(el, EL_PROMPT, fn);
}
static inline int sqlive_el_set_editor(EditLine *el, const char *mode) {
    return sqlive_editline.el_set(el, EL_EDITOR, mode);
}
static inline int sqlive_el_set_signal(EditLine *el, int flag) {
    return sqlive_editline.el_set(el, EL_SIGNAL, flag);
}
static inline int sqlive_el_set_history(EditLine *el, History *h) {
    return sqlive_editline.el_set(el, EL_HIST, sqlive_editline.history, h);
}
static inline int sqlive_el_set_getcfn(EditLine *el, sqlive_getc_fn fn) {
    return sqlive_editline.el_wset(el, EL_GETCFN, fn);
}
static inline int sqlive_el_set_clientdata(EditLine *el, void *data) {
    return sqlive_editline.el_set(el, EL_CLIENTDATA, data);
}
static inline void *sqlive_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    sqlive_editline.el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int sqlive_el_add_function(EditLine *el, const char *name, const char *help,
                                         sqlive_command_fn fn) {
    return sqlive_editline.el_set(el, EL_ADDFN, name, help, fn);
}
static inline int sqlive_el_bind(EditLine *el, const char *key, const char *name) {
    return sqlive_editline.el_set(el, EL_BIND, key, name, NULL);
}
/* One `settty` setting, e.g. ("-x", "-echoctl"): the terminal mode used outside el_gets. */
static inline int sqlive_el_settty(EditLine *el, const char *mode, const char *setting) {
    return sqlive_editline.el_set(el, EL_SETTY, mode, setting, NULL);
}
/* Puts the terminal in libedit's editing mode now (1) or back in its normal mode (0). */
static inline int sqlive_el_prepare_terminal(EditLine *el, int flag) {
    return sqlive_editline.el_set(el, EL_PREP_TERM, flag);
}
static inline int sqlive_el_refresh(EditLine *el) {
    return sqlive_editline.el_set(el, EL_REFRESH);
}
/* The terminal's width as libedit knows it (after el_resize). */
static inline int sqlive_el_columns(EditLine *el) {
    int columns = 0;
    if (sqlive_editline.el_get(el, EL_GETTC, "co", &columns, NULL) != 0) return 0;
    return columns;
}

static inline History *sqlive_history_init(int size) {
    if (sqlive_editline_load() != 0) return NULL;
    History *h = sqlive_editline.history_init();
    if (h == NULL) return NULL;
    HistEvent ev;
    sqlive_editline.history(h, &ev, H_SETSIZE, size);
    sqlive_editline.history(h, &ev, H_SETUNIQUE, 1);
    return h;
}
static inline void sqlive_history_end(History *h) { sqlive_editline.history_end(h); }
static inline int sqlive_history_enter(History *h, const char *line) {
    HistEvent ev;
    return sqlive_editline.history(h, &ev, H_ENTER, line);
}
static inline int sqlive_history_load(History *h, const char *path) {
    HistEvent ev;
    return sqlive_editline.history(h, &ev, H_LOAD, path);
}
/* Writes the history to an open stream (a temporary file we create with mode 0600). */
static inline int sqlive_history_save_fp(History *h, FILE *file) {
    HistEvent ev;
    return sqlive_editline.history(h, &ev, H_SAVE_FP, file);
}

#endif
