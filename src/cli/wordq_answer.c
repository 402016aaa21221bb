/* wordq_answer.c - one wordq query, answered into the record's buffers.
 *
 * A query arrives either as a line of standard input written like the
 * command line ("-a AEINST?", "--pattern C?T*", "-c QI ZA") or as a
 * command-line query (kind and arguments already split by the shell).  It
 * is parsed by the library (wq_parse: errors carry the byte where they are),
 * searched with the thread's wq_searcher, its answers collected in the
 * thread's store (reused from query to query), filtered (--min/--max),
 * ordered (--sort: the search already gives alphabetical order), cut
 * (--limit; with alphabetical order the search stops there) and written as
 * text or as one JSON object.
 */
#include "cli/wordq_int.h"
#include "cli/cli_json.h"

#include <stdlib.h>
#include <string.h>

typedef struct wstate {
    const wordq_opts *o;
    wq_searcher *s;
    wq_answers ans;        /* the answers held (ans.max: CLI_ANSWERS_MAX) */
    size_t total;          /* answers found (more than na when --limit stopped storing) */
    int union_mode;        /* letter sets: several searches, never stop at --limit */
    int oom;
    int too_many;          /* more than CLI_ANSWERS_MAX answers to hold */
    size_t counted;        /* --count: answers counted, not held */
    char *line;            /* a copy of the query line, cut into tokens */
    size_t line_cap;
    cli_buf tmp;
    cli_buf qtext;         /* the query as written */
} wstate;

void *wordq_state_new(void *opts)
{
    wordq_opts *o = opts;
    wstate *st = calloc(1, sizeof *st);
    tk_error err;
    if (!st)
        return NULL;
    st->o = o;
    st->ans.max = (size_t)CLI_ANSWERS_MAX;
    if (wq_searcher_create(&st->s, o->dict, &err) != TK_OK) {
        free(st);
        return NULL;
    }
    return st;
}

void wordq_state_free(void *opts, void *state)
{
    (void)opts;
    wstate *st = state;
    if (!st)
        return;
    wq_searcher_destroy(st->s);
    wq_answers_free(&st->ans);
    free(st->line);
    cli_buf_free(&st->tmp);
    cli_buf_free(&st->qtext);
    free(st);
}

int wordq_kind_of(const char *opt)
{
    static const struct { const char *s, *l; int kind; } k[] = {
        {"-a", "--anagram", WQ_ANAGRAM}, {"-b", "--build", WQ_BUILD}, {"-p", "--pattern", WQ_PATTERN},
        {"-k", "--hooks", WQ_HOOKS},     {"-c", "--check", WQ_CHECK},
    };
    for (size_t i = 0; i < sizeof k / sizeof *k; i++)
        if (strcmp(opt, k[i].s) == 0 || strcmp(opt, k[i].l) == 0)
            return k[i].kind;
    return 0;
}

/* ---- collecting ---------------------------------------------------------- */

static int add_answer(wstate *st, const uint8_t *letters, int n, uint64_t wild)
{
    int rc = wq_answers_add(&st->ans, letters, n, wild);
    if (rc == TK_ELIMIT)
        st->too_many = 1;
    else if (rc)
        st->oom = 1;
    return rc ? -1 : 0;
}

static int collect(void *ctx, const uint8_t *letters, int n, uint64_t wild)
{
    wstate *st = ctx;
    const wordq_opts *o = st->o;
    int cut = o->limit && o->sort == WQ_SORT_ALPHA && !st->union_mode;
    st->total++;
    if (o->count && !st->union_mode) {   /* counted, never held */
        st->counted++;
        return 0;
    }
    if (cut && st->ans.n >= (size_t)o->limit)
        return 0;            /* JSON: only counted, for "count" */
    if (add_answer(st, letters, n, wild))
        return 1;
    /* alphabetical order is the search's order: stop at the limit (JSON
     * goes on counting every match) */
    if (cut && st->ans.n >= (size_t)o->limit && !o->json)
        return 1;
    return 0;
}

/* ---- output -------------------------------------------------------------- */

/* Append a word as answers show it (wq_format, straight into the buffer). */
static void put_word(cli_buf *b, const alpha_table *a, const uint8_t *w, int n, uint64_t wild)
{
    size_t room = (size_t)n * (ALPHA_LETTER_MAX + 2) + 1;
    if (cli_buf_reserve(b, room))
        return;
    b->len += wq_format(a, w, n, wild, b->p + b->len, room);
}

static size_t shown(const wstate *st)
{
    size_t n = st->ans.n + st->counted;
    if (st->o->limit && n > (size_t)st->o->limit)
        n = (size_t)st->o->limit;
    return n;
}

/* The answer list: text lines, or "count" and "words" of a JSON object. */
static void put_list(wstate *st, cli_buf *out, cli_json *j)
{
    const wordq_opts *o = st->o;
    size_t n = shown(st);
    if (j) {
        /* count: every match; shown: the words listed (with --limit) */
        cli_json_kint(j, "count", (long long)(st->total > st->ans.n ? st->total : st->ans.n));
        if (o->limit)
            cli_json_kint(j, "shown", (long long)n);
        if (o->count)
            return;
        cli_json_key(j, "words");
        cli_json_array(j);
        for (size_t i = 0; i < n; i++) {
            char tmp[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 3) + 1];
            wq_format(o->alpha, wq_answer_letters(&st->ans, i), st->ans.a[i].n, st->ans.a[i].wild, tmp, sizeof tmp);
            cli_json_str(j, tmp);
        }
        cli_json_close(j);
        return;
    }
    if (o->count)
        return;
    if (o->single) {          /* one byte a letter: as wq_format writes it, without its checks */
        size_t need = 0;
        for (size_t i = 0; i < n; i++)
            need += (size_t)st->ans.a[i].n + 1;
        if (cli_buf_reserve(out, need))
            return;
        char *p = out->p + out->len;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *w = wq_answer_letters(&st->ans, i);
            uint64_t wild = st->ans.a[i].wild;
            for (int k = 0; k < st->ans.a[i].n; k++)
                *p++ = (wild >> k & 1) ? o->lo1[w[k]] : o->up1[w[k]];
            *p++ = '\n';
        }
        out->len += need;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        put_word(out, o->alpha, wq_answer_letters(&st->ans, i), st->ans.a[i].n, st->ans.a[i].wild);
        cli_buf_putc(out, '\n');
    }
}

/* Letters of a set, lower case, each multi-letter tile in brackets. */
static void put_set(cli_buf *b, const alpha_table *a, alpha_set s)
{
    for (int l = 1; l <= a->size; l++)
        if (s & ALPHA_BIT(l)) {
            uint8_t x = (uint8_t)l;
            put_word(b, a, &x, 1, 1);
        }
}

/* ---- one query ----------------------------------------------------------- */

typedef struct qctx {
    const char *text;      /* the query as written, for messages and JSON */
    const char *file;      /* NULL for the command line */
    long line;
    long no;
    long col0;             /* column of each argument's first byte in the line (0: unknown) */
    const long *argcol;
} qctx;

static int bad_query(wstate *st, const qctx *q, int kind, long col, const char *msg, cli_buf *out, cli_buf *err)
{
    char where[64] = "";
    if (col > 0)
        snprintf(where, sizeof where, " (column %ld)", col);
    if (q->file)
        cli_buf_error(err, q->file, q->line, "%s: %s%s", q->text, msg, where);
    else
        cli_buf_error(err, NULL, 0, "query %ld '%s': %s%s", q->no, q->text, msg, where);
    if (st->o->json) {
        cli_json j;
        cli_json_begin(&j, out);
        cli_json_kstr(&j, "query", q->text);
        if (kind)
            cli_json_kstr(&j, "kind", wq_kind_name(kind));
        if (q->file)
            cli_json_kint(&j, "line", q->line);
        st->tmp.len = 0;
        cli_buf_printf(&st->tmp, "%s%s", msg, where);
        cli_json_kstr(&j, "error", st->tmp.p);
        cli_json_end(&j);
    } else if (st->o->count) {
        cli_buf_puts(out, "error\n");
    }
    return CLI_EXIT_DATA;
}

static void json_head(cli_json *j, cli_buf *out, const qctx *q, int kind)
{
    cli_json_begin(j, out);
    cli_json_kstr(j, "query", q->text);
    cli_json_kstr(j, "kind", wq_kind_name(kind));
    if (q->file)
        cli_json_kint(j, "line", q->line);
}

/* The collected answers, ordered, as text or JSON. */
static void emit_answers(wstate *st, int kind, const qctx *q, cli_buf *out)
{
    const wordq_opts *o = st->o;
    wq_answers_sort(&st->ans, o->sort, o->bag);
    if (o->json) {
        cli_json j;
        json_head(&j, out, q, kind);
        put_list(st, out, &j);
        cli_json_end(&j);
    } else if (o->count) {
        cli_buf_printf(out, "%zu\n", shown(st));
    } else {
        put_list(st, out, NULL);
    }
}

static int do_search(wstate *st, const wq_query *wq, const qctx *q, cli_buf *out, cli_buf *err)
{
    const wordq_opts *o = st->o;
    int rc = wq_search(st->s, wq, o->min, o->max, collect, st);
    if (st->too_many)
        return bad_query(st, q, wq->kind, 0,
                         "more than " CLI_ANSWERS_MAX_TEXT " answers (the limit held in memory; "
                         "--count counts them all, --limit N keeps the first N)", out, err);
    if (st->oom || rc < 0)
        return bad_query(st, q, wq->kind, 0, "out of memory", out, err);
    emit_answers(st, wq->kind, q, out);
    return 0;
}

/* ---- letter sets in a rack (Zyzzyva: -a 'Z[AEIOU][AEIOU]'): wq_sets -------- */

typedef struct note_ctx {
    const qctx *q;
    cli_buf *err;
} note_ctx;

/* A bracket read as one tile that could have been meant as a set: said on stderr. */
static void note_tile(void *ctx, const char *inside, size_t len)
{
    const note_ctx *n = ctx;
    cli_buf_error(n->err, n->q->file, n->q->line, "%s: [%.*s] read as the tile %.*s of the alphabet, not as a set "
                  "of letters (for the set, write its letters in another order)", n->q->text, (int)len, inside,
                  (int)len, inside);
}

/* 1 if the query was answered here (letter sets), 0 to parse it as usual
 * (no set, or something wq_parse reports better), or an exit status via *rc:
 * the union of the searches of every choice, each word once, in letter order. */
static int rack_sets(wstate *st, int kind, const char *text, const qctx *q, cli_buf *out, cli_buf *err, int *rc)
{
    const alpha_table *a = st->o->alpha;
    wq_sets ws;
    tk_error e = {0};
    note_ctx nc = {q, err};
    int found = wq_sets_parse(&ws, a, text, strlen(text), note_tile, &nc, &e);
    if (found == 0)
        return 0;
    if (found < 0) {
        *rc = bad_query(st, q, kind, e.col, e.msg, out, err);
        return 1;
    }
    st->union_mode = 1;
    wq_query wq;
    while ((found = wq_sets_next(&ws, a, kind, &wq, &e)) > 0) {
        if (wq_search(st->s, &wq, st->o->min, st->o->max, collect, st) < 0 || st->oom || st->too_many) {
            *rc = bad_query(st, q, kind, 0, st->too_many ? "more than " CLI_ANSWERS_MAX_TEXT " answers (the limit "
                            "held in memory)" : "out of memory", out, err);
            wq_sets_free(&ws);
            return 1;
        }
    }
    wq_sets_free(&ws);
    if (found < 0) {
        *rc = bad_query(st, q, kind, 0, e.msg, out, err);
        return 1;
    }
    wq_answers_union(&st->ans);
    st->total = st->ans.n;
    emit_answers(st, kind, q, out);
    *rc = 0;
    return 1;
}

static int do_hooks(wstate *st, const wq_query *wq, const qctx *q, cli_buf *out)
{
    const wordq_opts *o = st->o;
    const alpha_table *a = o->alpha;
    alpha_set front, back;
    int valid, n = wq->ntiles;
    wq_hook_words(wq_dict_dawg(o->dict), wq->word, n, o->min, o->max, &st->ans, &front, &back, &valid);
    wq_answers_sort(&st->ans, o->sort, o->bag);
    st->tmp.len = 0;
    put_set(&st->tmp, a, front);
    put_word(&st->tmp, a, wq->word, n, 0);
    put_set(&st->tmp, a, back);
    if (o->json) {
        cli_json j;
        json_head(&j, out, q, WQ_HOOKS);
        cli_json_kstr(&j, "hooks", st->tmp.p);
        cli_json_kbool(&j, "valid", valid);
        put_list(st, out, &j);
        cli_json_end(&j);
    } else if (o->count) {
        cli_buf_printf(out, "%zu\n", shown(st));
    } else {
        cli_buf_printf(out, "%s %s\n", st->tmp.p, valid ? "VALID" : "INVALID");
        put_list(st, out, NULL);
    }
    return 0;
}

/* -c WORD...: the word judge.  Returns 1 if some word is not valid. */
static int do_check(wstate *st, char **args, int nargs, const qctx *q, cli_buf *out, cli_buf *err)
{
    const wordq_opts *o = st->o;
    const dawg_graph *d = wq_dict_dawg(o->dict);
    wq_query wq;
    tk_error e;
    uint64_t valid = 0;
    int all = 1;
    if (nargs > 64)
        return bad_query(st, q, WQ_CHECK, 0, "more than 64 words in one play", out, err);
    for (int i = 0; i < nargs; i++) {
        memset(&e, 0, sizeof e);
        if (wq_parse(&wq, o->alpha, WQ_CHECK, args[i], strlen(args[i]), &e) != TK_OK) {
            long col = e.col > 0 && q->argcol ? q->argcol[i] + e.col - 1 : e.col;
            return bad_query(st, q, WQ_CHECK, col, e.msg, out, err);
        }
        if (dawg_contains(d, wq.word, wq.ntiles)) {
            valid |= (uint64_t)1 << i;
            add_answer(st, wq.word, wq.ntiles, 0);
        } else {
            all = 0;
        }
    }
    if (o->json) {
        cli_json j;
        json_head(&j, out, q, WQ_CHECK);
        cli_json_kstr(&j, "play", all ? "VALID" : "INVALID");
        cli_json_key(&j, "checked");
        cli_json_array(&j);
        for (int i = 0; i < nargs; i++) {
            wq_parse(&wq, o->alpha, WQ_CHECK, args[i], strlen(args[i]), &e);
            st->tmp.len = 0;
            put_word(&st->tmp, o->alpha, wq.word, wq.ntiles, 0);
            cli_json_str(&j, st->tmp.p);
        }
        cli_json_close(&j);
        cli_json_key(&j, "valid");
        cli_json_array(&j);
        for (int i = 0; i < nargs; i++)
            cli_json_bool(&j, (int)((valid >> i) & 1));
        cli_json_close(&j);
        cli_json_kint(&j, "count", (long long)st->ans.n);
        if (!o->count) {
            cli_json_key(&j, "words");
            cli_json_array(&j);
            for (size_t i = 0; i < st->ans.n; i++) {
                st->tmp.len = 0;
                put_word(&st->tmp, o->alpha, wq_answer_letters(&st->ans, i), st->ans.a[i].n, 0);
                cli_json_str(&j, st->tmp.p);
            }
            cli_json_close(&j);
        }
        cli_json_end(&j);
    } else if (o->count) {
        cli_buf_printf(out, "%zu\n", st->ans.n);
    } else if (o->judge) {
        cli_buf_puts(out, all ? "VALID\n" : "INVALID\n");   /* the play, nothing else */
    } else {
        for (int i = 0; i < nargs; i++) {
            wq_parse(&wq, o->alpha, WQ_CHECK, args[i], strlen(args[i]), &e);
            put_word(out, o->alpha, wq.word, wq.ntiles, 0);
            cli_buf_puts(out, (valid >> i) & 1 ? " is VALID\n" : " is INVALID\n");
        }
        if (nargs > 1)
            cli_buf_printf(out, "play is %s\n", all ? "VALID" : "INVALID");
    }
    return all ? 0 : CLI_EXIT_DATA;
}

static int answer(wstate *st, int kind, char **args, int nargs, const qctx *q, cli_buf *out, cli_buf *err)
{
    const wordq_opts *o = st->o;
    wq_answers_clear(&st->ans);
    st->total = 0;
    st->union_mode = 0;
    st->counted = 0;
    st->too_many = 0;
    st->oom = 0;
    if (!o->json && !o->count && q->no > 1 && !(o->judge && kind == WQ_CHECK))
        cli_buf_putc(out, '\n');     /* answers are separated by a blank line */
    if (nargs == 0)
        return bad_query(st, q, kind, 0, kind == WQ_CHECK ? "no word to check" : "empty query", out, err);
    if (kind == WQ_CHECK)
        return do_check(st, args, nargs, q, out, err);
    if (nargs > 1) {
        long col = q->argcol ? q->argcol[1] : 0;
        return bad_query(st, q, kind, col, "one query a line: more than one argument", out, err);
    }
    int src;
    if ((kind == WQ_ANAGRAM || kind == WQ_BUILD) && rack_sets(st, kind, args[0], q, out, err, &src))
        return src;
    wq_query wq;
    tk_error e;
    memset(&e, 0, sizeof e);
    if (wq_parse(&wq, o->alpha, kind, args[0], strlen(args[0]), &e) != TK_OK) {
        long col = e.col > 0 && q->argcol ? q->argcol[0] + e.col - 1 : e.col;
        return bad_query(st, q, kind, col, e.msg, out, err);
    }
    if (kind == WQ_HOOKS)
        return do_hooks(st, &wq, q, out);
    return do_search(st, &wq, q, out, err);
}

/* ---- the two kinds of record --------------------------------------------- */

int wordq_solve_arg(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    wstate *st = state;
    const wordq_opts *o = st->o;
    long i = rec->no - 1;
    int kind = o->kinds[i];
    st->tmp.len = 0;
    static const char *const flag[] = {"", "-a", "-b", "-p", "-k", "-c"};
    cli_buf *text = &st->qtext;
    text->len = 0;
    cli_buf_puts(text, flag[kind]);
    for (int k = 0; k < o->nargs[i]; k++) {
        cli_buf_putc(text, ' ');
        cli_buf_puts(text, o->args[i][k]);
    }
    qctx q = {text->p ? text->p : "", NULL, 0, rec->no, 0, NULL};
    return answer(st, kind, o->args[i], o->nargs[i], &q, out, err);
}

/* The words of a line, split at blanks (NULs written into s): their
 * starts and 1-based columns; -1 (column *bad) for too many words. */
static int split_words(char *s, size_t len, char **tok, long *col, long *bad)
{
    int nt = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= len)
            break;
        if (nt == ALPHA_WORD_MAX + 2) {
            *bad = (long)i + 1;
            return -1;
        }
        tok[nt] = s + i;
        col[nt++] = (long)i + 1;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        if (i < len)
            s[i++] = 0;
    }
    return nt;
}

/* A query line's kind and arguments: "-aAEI", "--anagram=AEI" and
 * "-a AEI" are all one query, and with --judge a line of words is a play.
 * 0 for an unknown query (its first word is tok[0]). */
static int line_query(char **tok, long *col, int nt, int judge, char ***args, long **argcol, int *nargs)
{
    char opt[16] = "";
    char *first = tok[0];
    int kind = 0;
    *args = tok + 1;
    *argcol = col + 1;
    *nargs = nt - 1;
    if (first[0] == '-' && first[1] == '-' && strchr(first, '=')) {
        size_t k = (size_t)(strchr(first, '=') - first);
        if (k < sizeof opt) {
            memcpy(opt, first, k);
            opt[k] = 0;
            kind = wordq_kind_of(opt);
            tok[0] = first + k + 1;
            col[0] += (long)k + 1;
            *args = tok;
            *argcol = col;
            *nargs = *tok[0] ? nt : nt - 1;
            if (!*tok[0])
                *args = tok + 1, *argcol = col + 1;
        }
    } else if (first[0] == '-' && first[1] && first[1] != '-' && first[2]) {
        opt[0] = '-';
        opt[1] = first[1];
        kind = wordq_kind_of(opt);
        tok[0] = first + 2;
        col[0] += 2;
        *args = tok;
        *argcol = col;
        *nargs = nt;
    } else {
        kind = wordq_kind_of(first);
    }
    if (!kind && judge && first[0] != '-') {
        kind = WQ_CHECK;     /* --judge: a line of words is a play */
        *args = tok;
        *argcol = col;
        *nargs = nt;
    }
    return kind;
}

int wordq_solve_line(void *state, const cli_record *rec, cli_buf *out, cli_buf *err)
{
    wstate *st = state;
    if (rec->len + 1 > st->line_cap) {
        char *p = realloc(st->line, rec->len + 1);
        if (!p)
            return -1;
        st->line = p;
        st->line_cap = rec->len + 1;
    }
    memcpy(st->line, rec->text, rec->len + 1);
    /* the query as written, without surrounding blanks */
    const char *t = rec->text;
    size_t b = 0, e = rec->len;
    while (b < e && (t[b] == ' ' || t[b] == '\t'))
        b++;
    while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\t'))
        e--;
    cli_buf *text = &st->qtext;
    text->len = 0;
    cli_buf_put(text, t + b, e - b);
    qctx q = {text->p ? text->p : "", rec->file, rec->line, rec->no, 0, NULL};
    char *tok[ALPHA_WORD_MAX + 3];
    long col[ALPHA_WORD_MAX + 3], bad = 0;
    int nt = split_words(st->line, rec->len, tok, col, &bad);
    if (nt < 0)
        return bad_query(st, &q, 0, bad, "too many words on one line", out, err);
    if (nt == 0)
        return bad_query(st, &q, 0, 0, "empty query", out, err);
    if (memchr(rec->text, 0, rec->len))
        return bad_query(st, &q, 0, (long)((const char *)memchr(rec->text, 0, rec->len) - rec->text) + 1,
                         "NUL byte in the query", out, err);
    char *first = tok[0];
    char **args;
    long *argcol;
    int nargs, kind = line_query(tok, col, nt, st->o->judge, &args, &argcol, &nargs);
    if (!kind) {
        char m[160];
        char qd[64];
        snprintf(m, sizeof m, "unknown query '%s' (a query starts with -a, -b, -p, -k or -c)",
                 alpha_quote(first, strlen(first), 30, qd, sizeof qd));
        return bad_query(st, &q, 0, col[0], m, out, err);
    }
    q.argcol = argcol;
    return answer(st, kind, args, nargs, &q, out, err);
}
