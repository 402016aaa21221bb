/* test_fmt.c - the formatting wing's kit (tilekit/fmt.h, tilekit/html.h):
 * the growable buffer (appends, numbers, a failed allocation remembered),
 * thousandths and widths, the JSON writer's escaping and commas, the HTML
 * escaping of hostile text (markup, quotes, bad UTF-8, control bytes), the
 * page's security policy, and the line chart's geometry (every value at
 * its place on a y axis that starts at 0 and ends at a round value above
 * the largest). */
#include "support/harness.h"
#include "tilekit/fmt.h"
#include "tilekit/html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_buf(void)
{
    fmt_buf b = {0};
    CHECK(strcmp(fmt_buf_str(&b), "") == 0);
    for (int i = 0; i < 1000; i++)
        fmt_buf_printf(&b, "%d,", i);
    fmt_buf_putint(&b, -12345);
    fmt_buf_putuint(&b, 18446744073709551615ull);
    fmt_buf_putc(&b, '!');
    CHECK(!b.oom && b.len == strlen(b.p));
    CHECK(strncmp(b.p, "0,1,2,", 6) == 0 && strstr(b.p, "998,999,-1234518446744073709551615!") != NULL);
    fmt_buf_reset(&b);
    CHECK(b.len == 0 && strcmp(b.p, "") == 0);
    fmt_buf_put(&b, "a\0b", 3);
    CHECK(b.len == 3 && b.p[1] == 0 && b.p[3] == 0);
    CHECK(fmt_buf_reserve(&b, (size_t)-1 / 2) != 0 && b.oom);
    fmt_buf_puts(&b, "dropped");
    CHECK(b.len == 3);
    fmt_buf_reset(&b);
    fmt_buf_puts(&b, "ok");
    CHECK(!b.oom && strcmp(b.p, "ok") == 0);
    fmt_buf_free(&b);
    CHECK(b.p == NULL && b.len == 0);
}

static void test_numbers(void)
{
    static const struct { long long v; const char *s; } cases[] = {
        { 0, "0.0" }, { 1500, "1.5" }, { -12500, "-12.5" }, { 3000, "3.0" }, { 1, "0.001" }, { -10, "-0.01" },
        { 123456789, "123456.789" }, { INT64_MIN, "-9223372036854775.808" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char t[40];
        fmt_milli(t, sizeof t, cases[i].v);
        CHECKF(strcmp(t, cases[i].s) == 0, "%lld: %s, want %s", cases[i].v, t, cases[i].s);
    }
    CHECK(fmt_width("Zoë Ångström") == 12 && fmt_width("") == 0);
    fmt_buf b = {0};
    fmt_pad(&b, "Zoë", 5, 0);
    fmt_pad(&b, "x", 3, 1);
    CHECK(strcmp(fmt_buf_str(&b), "Zoë    x") == 0);
    fmt_buf_free(&b);
}

static void test_json(void)
{
    fmt_buf b = {0};
    fmt_json j;
    fmt_json_begin(&j, &b);
    fmt_json_kstr(&j, "s", "a\"b\\c\n\x01\x7f");
    fmt_json_key(&j, "bad");
    fmt_json_strn(&j, "x\xff\xc3y", 4);
    fmt_json_key(&j, "v");
    fmt_json_array(&j);
    fmt_json_int(&j, -1);
    fmt_json_bool(&j, 1);
    fmt_json_null(&j);
    fmt_json_object(&j);
    fmt_json_kmilli(&j, "m", 2500);
    fmt_json_kfixed(&j, "f", "%.3f", 1.0 / 3);
    fmt_json_close(&j);
    fmt_json_close(&j);
    fmt_json_end(&j);
    const char *want = "{\"s\":\"a\\\"b\\\\c\\u000a\\u0001\\u007f\",\"bad\":\"x\\ufffd\\ufffdy\","
                       "\"v\":[-1,true,null,{\"m\":2.5,\"f\":0.333}]}\n";
    CHECKF(strcmp(fmt_buf_str(&b), want) == 0, "got %s", fmt_buf_str(&b));
    fmt_buf_free(&b);
}

static void test_escape(void)
{
    fmt_buf b = {0};
    html_puts(&b, "<script>alert(1)</script> & \"q\" 'a' Zoë \xff\x01\tok\n");
    const char *want = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; Zoë "
                       "\xEF\xBF\xBD\xEF\xBF\xBD\tok\n";
    CHECKF(strcmp(fmt_buf_str(&b), want) == 0, "got %s", fmt_buf_str(&b));
    /* no byte of markup survives, whatever the input */
    th_rng rng = { 45 };
    for (int k = 0; k < 2000; k++) {
        char in[64];
        int n = (int)th_below(&rng, 64);
        for (int i = 0; i < n; i++)
            in[i] = (char)th_below(&rng, 256);
        fmt_buf_reset(&b);
        html_text(&b, in, (size_t)n);
        CHECK(!strchr(fmt_buf_str(&b), '<') && !strchr(fmt_buf_str(&b), '>') && !strchr(fmt_buf_str(&b), '"') &&
              !strchr(fmt_buf_str(&b), '\''));
        for (size_t i = 0; i < b.len; i++)
            CHECK((unsigned char)b.p[i] >= 0x20 || b.p[i] == '\n' || b.p[i] == '\t');
    }
    fmt_buf_reset(&b);
    html_href(&b, "my game (1).html");
    CHECK(strcmp(fmt_buf_str(&b), "my%20game%20%281%29.html") == 0);
    fmt_buf_free(&b);
}

static void test_page(void)
{
    fmt_buf b = {0};
    html_page_begin(&b, "<b>title</b>", "p{}");
    html_page_end(&b);
    const char *s = fmt_buf_str(&b);
    CHECK(strncmp(s, "<!DOCTYPE html>", 15) == 0 && strstr(s, "<meta charset=\"utf-8\">"));
    CHECK(strstr(s, "http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'"));
    CHECK(strstr(s, "<title>&lt;b&gt;title&lt;/b&gt;</title>") && strstr(s, "p{}</style>"));
    CHECK(!strstr(s, "http:") && !strstr(s, "https:") && !strstr(s, "<script") && !strstr(s, "<link"));
    fmt_buf_free(&b);
}

/* The numbers after `key="` in s, comma-separated. */
static int numbers_of(const char *s, const char *key, double *v, int max)
{
    const char *p = strstr(s, key);
    if (!p)
        return -1;
    p += strlen(key);
    int n = 0;
    while (n < max && *p != '"') {
        char *end;
        v[n++] = strtod(p, &end);
        p = *end == ',' || *end == ' ' ? end + 1 : end;
    }
    return n;
}

static void test_chart(void)
{
    const double a[5] = { 0, 3.5, 3.5, 12.25, 40 }, c[3] = { 1, NAN, 7 };
    html_series s[2] = { { "Ann <A>", "#c00", a, 5 }, { "Ben", "#00c", c, 3 } };
    html_chart ch = { 600, 300, "loss", "turn", "points", s, 2 };
    fmt_buf b = {0};
    html_svg_chart(&b, &ch);
    const char *t = fmt_buf_str(&b);
    CHECK(strstr(t, "data-series=\"Ann &lt;A&gt;\"") && strstr(t, "data-values=\"0.00,3.50,3.50,12.25,40.00\""));
    CHECK(strstr(t, "data-values=\"1.00,0.00,7.00\""));
    /* the points: x from 1 to 5 across the plot, y from the axis (0) up to 40, the top of a 0..40 axis */
    double p[10];
    int n = numbers_of(t, "points=\"", p, 10);
    CHECKF(n == 10, "%d numbers", n);
    if (n == 10) {
        double step = p[2] - p[0], base = p[1], top = p[9];
        CHECK(step > 0 && fabs(p[4] - p[0] - 2 * step) < 0.2 && fabs(p[8] - p[0] - 4 * step) < 0.2);
        CHECK(base > top && fabs(p[3] - p[5]) < 0.01);
        CHECK(fabs((base - p[7]) / (base - top) - 12.25 / 40) < 0.01);   /* 40 is the axis' top */
    }
    CHECK(strstr(t, ">40</text>") && strstr(t, ">0</text>") && !strstr(t, ">50</text>"));
    fmt_buf_free(&b);
}

static const th_test tests[] = {
    { "buf", test_buf }, { "numbers", test_numbers }, { "json", test_json },
    { "escape", test_escape }, { "page", test_page }, { "chart", test_chart }, { 0, 0 },
};

int main(int argc, char **argv) { return th_main("fmt", tests, argc, argv); }
