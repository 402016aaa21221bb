/* mjlog_gen.c - the random .mjlog rounds of mjlog_gen.h (see there). */
#include "mjlog_gen.h"
#include "tilekit/mjlog.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The generator's state after its last event. */
static void snap(mjlog_gen *g)
{
    if (g->n_snaps == g->cap_snaps) {
        g->cap_snaps = g->cap_snaps * 2 + 256;
        g->snaps = realloc(g->snaps, (size_t)g->cap_snaps * sizeof *g->snaps);
        if (!g->snaps)
            abort();
    }
    struct mjlog_snap *p = &g->snaps[g->n_snaps++];
    for (int s = 0; s < 4; s++) {
        for (int t = 0; t < 34; t++)
            p->cnt[s][t] = (uint8_t)g->cnt[s][t];
        p->nmeld[s] = (uint8_t)g->nmeld[s];
    }
    for (int t = 0; t < 34; t++)
        p->vis[t] = (uint8_t)g->vis[t];
}

void mjlog_gen_out(mjlog_gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    th_vappend(&g->buf, &g->len, &g->cap, fmt, ap);
    va_end(ap);
}

static int rnd(mjlog_gen *g, int n) { return (int)th_below(&g->rng, (uint32_t)n); }

static void take_id(mjlog_gen *g, int s, int id) { g->hand[s][id] = 0; g->cnt[s][id / 4]--; }
static void give_id(mjlog_gen *g, int s, int id) { g->hand[s][id] = 1; g->cnt[s][id / 4]++; }

/* A held id of tile t other than `not`, or -1. */
static int held(const mjlog_gen *g, int s, int t, int not)
{
    for (int c = 0; c < 4; c++)
        if (g->hand[s][4 * t + c] && 4 * t + c != not)
            return 4 * t + c;
    return -1;
}

/* One random round appended as XML (see mjlog_gen.h). */
void mjlog_gen_round(mjlog_gen *g, int kyoku, int *wall_ids)
{
    memset(g->hand, 0, sizeof g->hand);
    memset(g->cnt, 0, sizeof g->cnt);
    memset(g->nmeld, 0, sizeof g->nmeld);
    memset(g->vis, 0, sizeof g->vis);
    for (int i = 135; i > 0; i--) {
        int k = rnd(g, i + 1), x = wall_ids[i];
        wall_ids[i] = wall_ids[k];
        wall_ids[k] = x;
    }
    int w = 0, dead = 135;   /* live wall from the front, dead wall from the back */
    int dealer = kyoku % 4;
    mjlog_gen_out(g, "<INIT seed=\"%d,0,0,0,0,%d\" ten=\"250,250,250,250\" oya=\"%d\"", kyoku, wall_ids[dead], dealer);
    g->vis[wall_ids[dead] / 4]++;
    dead--;
    for (int s = 0; s < 4; s++) {
        mjlog_gen_out(g, " hai%d=\"", s);
        for (int i = 0; i < 13; i++) {
            give_id(g, s, wall_ids[w]);
            mjlog_gen_out(g, "%s%d", i ? "," : "", wall_ids[w++]);
        }
        mjlog_gen_out(g, "\"");
    }
    mjlog_gen_out(g, "/>");
    int actor = dealer, draws = 0, kans = 0, riichi[4] = { 0 };
    static const char DR[] = "TUVW", DI[] = "DEFG";
    int need_draw = 1, rinshan = 0;
    while (draws < 70) {
        int drawn = -1;
        if (need_draw) {
            drawn = rinshan ? wall_ids[dead--] : wall_ids[w++];
            rinshan = 0;
            draws++;
            give_id(g, actor, drawn);
            mjlog_gen_out(g, "<%c%d/>", DR[actor], drawn);
            snap(g);
            /* closed kan or added kan now and then (not in riichi) */
            if (!riichi[actor] && kans < 4 && rnd(g, 3) == 0) {
                int done = 0;
                for (int t = 0; t < 34 && !done; t++) {
                    if (g->cnt[actor][t] == 4) {
                        int m = g->nmeld[actor]++;
                        g->meld_tile[actor][m] = t;
                        g->meld_type[actor][m] = 3;
                        for (int c = 0; c < 4; c++)
                            take_id(g, actor, 4 * t + c);
                        g->vis[t] += 4;
                        mjlog_gen_out(g, "<N who=\"%d\" m=\"%d\"/>", actor, (4 * t + rnd(g, 4)) << 8);
                        snap(g);
                        done = 1;
                    }
                    for (int m = 0; m < g->nmeld[actor] && !done; m++)
                        if (g->meld_type[actor][m] == 1 && g->meld_tile[actor][m] == t && g->cnt[actor][t] == 1) {
                            int id = held(g, actor, t, -1);
                            int unused = id % 4;
                            take_id(g, actor, id);
                            g->vis[t]++;
                            g->meld_type[actor][m] = 2;
                            int code = ((t * 3 + g->meld_called[actor][m]) << 9) | (unused << 5) | 0x10 |
                                       g->meld_rel[actor][m];
                            mjlog_gen_out(g, "<N who=\"%d\" m=\"%d\"/>", actor, code);
                            snap(g);
                            done = 1;
                        }
                }
                if (done) {
                    kans++;
                    mjlog_gen_out(g, "<DORA hai=\"%d\"/>", wall_ids[dead]);
                    g->vis[wall_ids[dead] / 4]++;
                    snap(g);
                    dead--;
                    rinshan = 1;
                    continue;
                }
            }
        }
        /* discard: in riichi the tile drawn, else a random tile; riichi now and then */
        int id;
        if (riichi[actor] && drawn >= 0) {
            id = drawn;
        } else {
            int pick = rnd(g, 136);
            while (!g->hand[actor][pick])
                pick = (pick + 1) % 136;
            id = pick;
        }
        int closed = 1;
        for (int m = 0; m < g->nmeld[actor]; m++)
            closed &= g->meld_type[actor][m] == 3;
        if (!riichi[actor] && closed && drawn >= 0 && rnd(g, 12) == 0) {
            riichi[actor] = 1;
            mjlog_gen_out(g, "<REACH who=\"%d\" step=\"1\"/>", actor);
            snap(g);
        }
        take_id(g, actor, id);
        g->vis[id / 4]++;
        mjlog_gen_out(g, "<%c%d/>", DI[actor], id);
        snap(g);
        if (draws >= 70)
            break;
        /* a call by someone else now and then */
        int t = id / 4, called = 0;
        for (int k = 1; k < 4 && !called; k++) {
            int s = (actor + k) & 3, rel = (actor - s + 4) & 3;
            if (riichi[s] || g->nmeld[s] >= 4 || rnd(g, 3))
                continue;
            if (g->cnt[s][t] >= 3 && kans < 4 && rnd(g, 2)) {            /* open kan */
                int m = g->nmeld[s]++;
                g->meld_tile[s][m] = t;
                g->meld_type[s][m] = 2;
                for (int c = 0; c < 4; c++)
                    if (g->hand[s][4 * t + c]) { take_id(g, s, 4 * t + c); g->vis[t]++; }
                mjlog_gen_out(g, "<N who=\"%d\" m=\"%d\"/>", s, (id << 8) | rel);
                snap(g);
                kans++;
                mjlog_gen_out(g, "<DORA hai=\"%d\"/>", wall_ids[dead]);
                g->vis[wall_ids[dead] / 4]++;
                snap(g);
                dead--;
                actor = s;
                need_draw = 1;
                rinshan = 1;
                called = 1;
            } else if (g->cnt[s][t] >= 2) {                              /* pon */
                int a = held(g, s, t, -1), b = held(g, s, t, a);
                int ids[3] = { a, b, id };
                /* sort the three by copy; the unused copy is the fourth */
                for (int i = 0; i < 3; i++)
                    for (int j = i + 1; j < 3; j++)
                        if (ids[j] < ids[i]) { int x = ids[i]; ids[i] = ids[j]; ids[j] = x; }
                int unused = 6 - ids[0] % 4 - ids[1] % 4 - ids[2] % 4, r = 0;
                while (ids[r] != id) r++;
                int m = g->nmeld[s]++;
                g->meld_tile[s][m] = t;
                g->meld_type[s][m] = 1;
                g->meld_rel[s][m] = rel;
                g->meld_called[s][m] = r;
                take_id(g, s, a);
                take_id(g, s, b);
                g->vis[t] += 2;
                mjlog_gen_out(g, "<N who=\"%d\" m=\"%d\"/>", s, ((t * 3 + r) << 9) | (unused << 5) | 0x8 | rel);
                snap(g);
                actor = s;
                need_draw = 0;
                called = 1;
            } else if (k == 1 && t < 27) {                                /* chi by the next seat */
                int n = t % 9;
                for (int lo = n - 2; lo <= n && !called; lo++) {
                    if (lo < 0 || lo + 2 > 8)
                        continue;
                    int tl[3] = { t - n + lo, t - n + lo + 1, t - n + lo + 2 }, ids[3], ok = 1;
                    for (int i = 0; i < 3; i++) {
                        ids[i] = tl[i] == t ? id : held(g, s, tl[i], -1);
                        ok &= ids[i] >= 0;
                    }
                    if (!ok)
                        continue;
                    int base = (t / 9) * 7 + lo, r = n - lo;
                    int code = ((base * 3 + r) << 10) | ((ids[0] % 4) << 3) | ((ids[1] % 4) << 5) |
                               ((ids[2] % 4) << 7) | 0x4 | 3;
                    int m = g->nmeld[s]++;
                    g->meld_tile[s][m] = tl[0];
                    g->meld_type[s][m] = 0;
                    for (int i = 0; i < 3; i++)
                        if (tl[i] != t) { take_id(g, s, ids[i]); g->vis[tl[i]]++; }
                    mjlog_gen_out(g, "<N who=\"%d\" m=\"%d\"/>", s, code);
                    snap(g);
                    actor = s;
                    need_draw = 0;
                    called = 1;
                }
            }
        }
        if (!called) {
            actor = (actor + 1) & 3;
            need_draw = 1;
        }
    }
    mjlog_gen_out(g, "<RYUUKYOKU ba=\"0,0\"/>");
    snap(g);
}


void mjlog_gen_start(mjlog_gen *g, uint64_t seed, int wall_ids[136])
{
    memset(g, 0, sizeof *g);
    g->rng.s = seed;
    for (int i = 0; i < 136; i++)
        wall_ids[i] = i;
}

void mjlog_gen_free(mjlog_gen *g)
{
    free(g->buf);
    free(g->snaps);
}

mj_log *mjlog_load(const char *rel)
{
    size_t len;
    char *text = th_read_file(th_top_path(rel), &len);
    if (!text)
        return NULL;
    mj_log *log = NULL;
    tk_error err = { 0 };
    int rc = mj_log_parse(text, len, &log, &err);
    CHECKF(rc == 0, "%s: %s", rel, err.msg);
    free(text);
    return log;
}

mj_log *mjlog_gen_game(mjlog_gen *g, int first, int rounds, int *wall_ids)
{
    g->len = 0;
    g->n_snaps = 0;
    mjlog_gen_out(g, "<mjloggm ver=\"2.3\"><GO type=\"169\"/><UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\"/>");
    for (int r = 0; r < rounds; r++)
        mjlog_gen_round(g, (first + r) % 8, wall_ids);
    mjlog_gen_out(g, "</mjloggm>");
    mj_log *log = NULL;
    tk_error err = { 0 };
    int rc = mj_log_parse(g->buf, g->len, &log, &err);
    CHECKF(rc == 0, "a generated game: %s", err.msg);
    return log;
}
