/* json.h - the tests' one JSON reader: a strict RFC 8259 parser into a small
 * tree, for the shared vectors (*.jsonl) and for checking what the tools
 * write.  Strict: no trailing commas, no comments, no leading zeros, no
 * control characters or invalid UTF-8 inside strings, \u escapes (surrogate
 * pairs joined) decoded to UTF-8, nothing but white space after the value.
 *
 *     char err[128];
 *     tj_value *v = tj_parse(line, strlen(line), err, sizeof err);
 *     const char *id = tj_str(v, "id");              // NULL if absent
 *     long long n = tj_int(v, "count", -1);          // -1 if absent
 *     const tj_value *words = tj_get(v, "words");    // an array: words->n, words->items[i]
 *     tj_free(v);
 */
#ifndef TILEKIT_TEST_JSON_H
#define TILEKIT_TEST_JSON_H

#include <stddef.h>

typedef enum { TJ_NULL, TJ_BOOL, TJ_NUMBER, TJ_STRING, TJ_ARRAY, TJ_OBJECT } tj_type;

typedef struct tj_value {
    tj_type type;
    int boolean;
    double number;
    char *str;                 /* TJ_STRING: UTF-8, NUL-terminated (len bytes, may hold NUL) */
    size_t len;
    struct tj_value *items;    /* TJ_ARRAY / TJ_OBJECT: n values */
    char **keys;               /* TJ_OBJECT: n keys */
    size_t n;
} tj_value;

/* Parse text[0..len); NULL on error (message in err, with the byte offset). */
tj_value *tj_parse(const char *text, size_t len, char *err, size_t errcap);
void tj_free(tj_value *v);

/* Member `key` of an object (NULL if v is not an object or has no such key). */
const tj_value *tj_get(const tj_value *v, const char *key);
/* Its string, or NULL if absent or not a string. */
const char *tj_str(const tj_value *v, const char *key);
/* Its value as an integer, or dflt if absent or not a number. */
long long tj_int(const tj_value *v, const char *key, long long dflt);

#endif
