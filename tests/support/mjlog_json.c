/* mjlog_json.c - parsed games as tenhou.net/6 JSON (see mjlog_json.h).
 *
 * Each seat's three lists are filled by one pass over the round's events;
 * a call is written as a string whose letter stands before the called
 * tile, at the place that names the seat it came from (first: the left
 * seat, second: across, last: the right seat). */
#include "mjlog_json.h"
#include "harness.h"
#include "tilekit/mjlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jbuf { char *s; size_t len, cap; } jbuf;

#define out(b, ...) th_append(&(b)->s, &(b)->len, &(b)->cap, __VA_ARGS__)

/* Tenhou's number of a tile: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51-53 red fives. */
static int code(int tile, int red)
{
    if (red)
        return 51 + tile / 9;
    return tile < 27 ? (tile / 9 + 1) * 10 + tile % 9 + 1 : 41 + tile - 27;
}

/* The items of one list, each a number or a quoted string. */
typedef struct list { char item[160][24]; int n; } list;

static void add_num(list *l, int v) { snprintf(l->item[l->n++], sizeof l->item[0], "%d", v); }

/* A call: own tiles and the called tile, the letter before the called one
 * at the place of the seat it came from (rel 3 left, 2 across, 1 right). */
static void add_call(list *l, char letter, int called, const int *own, int n_own, int rel)
{
    int at = rel == 3 ? 0 : rel == 2 ? 1 : n_own;   /* the called tile's place among n_own + 1 */
    char t[20];
    int k = 0;
    for (int i = 0, o = 0; i <= n_own; i++)
        k += i == at ? sprintf(t + k, "%c%02d", letter, called) : sprintf(t + k, "%02d", own[o++]);
    snprintf(l->item[l->n++], sizeof l->item[0], "\"%s\"", t);
}

typedef struct pon { int tile, own[2], called, rel; } pon;

typedef struct seat_lists {
    list take, give;
    pon pons[4];
    int n_pons;
} seat_lists;

static void own_codes(const mj_log_event *e, int *own)
{
    for (int i = 0; i < e->n_own; i++)
        own[i] = code(e->own[i], e->own_red >> i & 1);
}

static void kakan(seat_lists *sl, const mj_log_event *e)
{
    for (int i = 0; i < sl->n_pons; i++)
        if (sl->pons[i].tile == e->tile) {
            const pon *p = &sl->pons[i];
            /* the pon's string with "k" and the added tile before the called one */
            int own[3] = { p->own[0], p->own[1], 0 };
            int at = p->rel == 3 ? 0 : p->rel == 2 ? 1 : 2;
            char *s = sl->give.item[sl->give.n++];
            int k = sprintf(s, "\"");
            for (int j = 0, o = 0; j < 3; j++) {
                if (j == at)
                    k += sprintf(s + k, "k%02d%02d", code(e->tile, e->red), p->called);
                else
                    k += sprintf(s + k, "%02d", own[o++]);
            }
            sprintf(s + k, "\"");
            return;
        }
    abort();   /* an added kan without its pon: the generator's log is wrong */
}

static void event(seat_lists *L, const mj_log_event *e, int riichi)
{
    seat_lists *sl = &L[e->seat];
    int own[4], rel = (e->from - e->seat) & 3;
    own_codes(e, own);
    switch (e->kind) {
    case MJ_EV_DRAW: add_num(&sl->take, code(e->tile, e->red)); break;
    case MJ_EV_DISCARD:
        if (riichi)
            snprintf(sl->give.item[sl->give.n++], sizeof sl->give.item[0], "\"r%02d\"", e->flag ? 60 : code(e->tile, e->red));
        else
            add_num(&sl->give, e->flag ? 60 : code(e->tile, e->red));
        break;
    case MJ_EV_CHI: add_call(&sl->take, 'c', code(e->tile, e->red), own, 2, 3); break;
    case MJ_EV_PON:
        add_call(&sl->take, 'p', code(e->tile, e->red), own, 2, rel);
        sl->pons[sl->n_pons++] = (pon){ e->tile, { own[0], own[1] }, code(e->tile, e->red), rel };
        break;
    case MJ_EV_DAIMINKAN:
        add_call(&sl->take, 'm', code(e->tile, e->red), own, 3, rel);
        add_num(&sl->give, 0);
        break;
    case MJ_EV_ANKAN: add_call(&sl->give, 'a', own[3], own, 3, 1); break;
    case MJ_EV_KAKAN: kakan(sl, e); break;
    default: break;
    }
}

static void write_list(jbuf *b, const list *l)
{
    out(b, "[");
    for (int i = 0; i < l->n; i++)
        out(b, "%s%s", i ? "," : "", l->item[i]);
    out(b, "]");
}

static void write_round(jbuf *b, const mj_log_round *r)
{
    seat_lists L[4];
    memset(L, 0, sizeof L);
    list dora = { .n = 0 };
    add_num(&dora, code(r->dora0, r->dora0_red));
    for (int k = 0; k < r->n_events; k++) {
        const mj_log_event *e = &r->events[k];
        if (e->kind == MJ_EV_DORA)
            add_num(&dora, code(e->tile, e->red));
        else
            event(L, e, k > 0 && e->kind == MJ_EV_DISCARD && r->events[k - 1].kind == MJ_EV_RIICHI);
    }
    out(b, "[[%d,%d,%d],[%d,%d,%d,%d],", r->kyoku, r->honba, r->sticks, r->scores[0], r->scores[1], r->scores[2],
        r->scores[3]);
    write_list(b, &dora);
    out(b, ",[]");
    for (int s = 0; s < 4; s++) {
        out(b, ",[");
        for (int i = 0; i < 13; i++)
            out(b, "%s%d", i ? "," : "", code(r->deal[s][i], r->deal_red[s] >> i & 1));
        out(b, "],");
        write_list(b, &L[s].take);
        out(b, ",");
        write_list(b, &L[s].give);
    }
    out(b, ",[\"流局\",[0,0,0,0]]]");
}

char *mjlog_json_write(const mj_log *log)
{
    jbuf b = { 0 };
    out(&b, "{\"title\":[\"\",\"\"],\"name\":[\"%s\",\"%s\",\"%s\",\"%s\"],\"rule\":{\"disp\":\"般南喰赤\",\"aka\":1},\"log\":[",
        log->names[0], log->names[1], log->names[2], log->names[3]);
    for (int i = 0; i < log->n_rounds; i++) {
        out(&b, "%s", i ? "," : "");
        write_round(&b, &log->rounds[i]);
    }
    out(&b, "]}");
    return b.s;
}
