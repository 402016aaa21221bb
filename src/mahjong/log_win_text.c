/* log_win_text.c - the text of a win in a tenhou.net/6 log: its points
 * ("30符1飜1000点", "満貫2000-4000点") and its yaku ("立直(1飜)").
 *
 * Tenhou writes Japanese names; logs converted from Mahjong Soul write that
 * game's Japanese names (a seat or round wind without the wind: "役牌:自風牌")
 * or its English ones ("Riichi(1飜)", "Mangan 8000点", "30Fu1Han1000点").
 * A name is looked up in one table of (name, yaku) pairs, English names
 * without regard to case; a wind named without its wind takes the winner's
 * seat or the round's wind. */
#include "log_internal.h"

#include <string.h>

enum { SEAT_WIND = 1000, ROUND_WIND };   /* yaku named without their wind */

typedef struct yname { const char *name; int id; } yname;

static const yname Y[] = {
    /* Tenhou */
    { "門前清自摸和", MJ_Y_MENZEN_TSUMO }, { "立直", MJ_Y_RIICHI }, { "一発", MJ_Y_IPPATSU },
    { "槍槓", MJ_Y_CHANKAN }, { "嶺上開花", MJ_Y_RINSHAN }, { "海底摸月", MJ_Y_HAITEI },
    { "河底撈魚", MJ_Y_HOUTEI }, { "平和", MJ_Y_PINFU }, { "断幺九", MJ_Y_TANYAO }, { "一盃口", MJ_Y_IIPEIKO },
    { "自風 東", MJ_Y_SEAT_E }, { "自風 南", MJ_Y_SEAT_S }, { "自風 西", MJ_Y_SEAT_W }, { "自風 北", MJ_Y_SEAT_N },
    { "場風 東", MJ_Y_ROUND_E }, { "場風 南", MJ_Y_ROUND_S }, { "場風 西", MJ_Y_ROUND_W },
    { "場風 北", MJ_Y_ROUND_N }, { "役牌 白", MJ_Y_HAKU }, { "役牌 發", MJ_Y_HATSU }, { "役牌 中", MJ_Y_CHUN },
    { "両立直", MJ_Y_DOUBLE_RIICHI }, { "七対子", MJ_Y_CHIITOI }, { "混全帯幺九", MJ_Y_CHANTA },
    { "一気通貫", MJ_Y_ITTSU }, { "三色同順", MJ_Y_SANSHOKU }, { "三色同刻", MJ_Y_DOUKOU },
    { "三槓子", MJ_Y_SANKANTSU }, { "対々和", MJ_Y_TOITOI }, { "三暗刻", MJ_Y_SANANKOU },
    { "小三元", MJ_Y_SHOUSANGEN }, { "混老頭", MJ_Y_HONROUTOU }, { "二盃口", MJ_Y_RYANPEIKOU },
    { "純全帯幺九", MJ_Y_JUNCHAN }, { "混一色", MJ_Y_HONITSU }, { "清一色", MJ_Y_CHINITSU },
    { "天和", MJ_Y_TENHOU }, { "地和", MJ_Y_CHIIHOU }, { "大三元", MJ_Y_DAISANGEN },
    { "四暗刻", MJ_Y_SUUANKOU }, { "四暗刻単騎", MJ_Y_SUUANKOU_TANKI }, { "字一色", MJ_Y_TSUUIISOU },
    { "緑一色", MJ_Y_RYUUIISOU }, { "清老頭", MJ_Y_CHINROUTOU }, { "九蓮宝燈", MJ_Y_CHUUREN },
    { "純正九蓮宝燈", MJ_Y_CHUUREN9 }, { "国士無双", MJ_Y_KOKUSHI }, { "国士無双１３面", MJ_Y_KOKUSHI13 },
    { "国士無双13面", MJ_Y_KOKUSHI13 }, { "大四喜", MJ_Y_DAISUUSHII }, { "小四喜", MJ_Y_SHOUSUUSHII },
    { "四槓子", MJ_Y_SUUKANTSU }, { "ドラ", MJ_Y_DORA }, { "裏ドラ", MJ_Y_URA }, { "赤ドラ", MJ_Y_AKA },
    { "役牌:白", MJ_Y_HAKU }, { "役牌:發", MJ_Y_HATSU }, { "役牌:中", MJ_Y_CHUN },
    { "断么九", MJ_Y_TANYAO },
    /* Mahjong Soul, Japanese names that differ from Tenhou's */
    { "ダブル立直", MJ_Y_DOUBLE_RIICHI }, { "役牌:自風牌", SEAT_WIND }, { "役牌:場風牌", ROUND_WIND },
    { "国士無双十三面待ち", MJ_Y_KOKUSHI13 },
    /* Mahjong Soul, English names */
    { "Fully Concealed Hand", MJ_Y_MENZEN_TSUMO }, { "Riichi", MJ_Y_RIICHI }, { "Ippatsu", MJ_Y_IPPATSU },
    { "Robbing a Kan", MJ_Y_CHANKAN }, { "After a Kan", MJ_Y_RINSHAN }, { "Under the Sea", MJ_Y_HAITEI },
    { "Under the River", MJ_Y_HOUTEI }, { "Pinfu", MJ_Y_PINFU }, { "All Simples", MJ_Y_TANYAO },
    { "Pure Double Sequence", MJ_Y_IIPEIKO }, { "Seat Wind", SEAT_WIND }, { "Prevalent Wind", ROUND_WIND },
    { "White Dragon", MJ_Y_HAKU }, { "Green Dragon", MJ_Y_HATSU }, { "Red Dragon", MJ_Y_CHUN },
    { "Double Riichi", MJ_Y_DOUBLE_RIICHI }, { "Seven Pairs", MJ_Y_CHIITOI }, { "Half Outside Hand", MJ_Y_CHANTA },
    { "Pure Straight", MJ_Y_ITTSU }, { "Mixed Triple Sequence", MJ_Y_SANSHOKU },
    { "Triple Triplets", MJ_Y_DOUKOU }, { "Three Quads", MJ_Y_SANKANTSU }, { "All Triplets", MJ_Y_TOITOI },
    { "Three Concealed Triplets", MJ_Y_SANANKOU }, { "Little Three Dragons", MJ_Y_SHOUSANGEN },
    { "All Terminals and Honors", MJ_Y_HONROUTOU }, { "Twice Pure Double Sequence", MJ_Y_RYANPEIKOU },
    { "Fully Outside Hand", MJ_Y_JUNCHAN }, { "Half Flush", MJ_Y_HONITSU }, { "Full Flush", MJ_Y_CHINITSU },
    { "Blessing of Heaven", MJ_Y_TENHOU }, { "Blessing of Earth", MJ_Y_CHIIHOU },
    { "Big Three Dragons", MJ_Y_DAISANGEN }, { "Four Concealed Triplets", MJ_Y_SUUANKOU },
    { "Single-wait Four Concealed Triplets", MJ_Y_SUUANKOU_TANKI }, { "All Honors", MJ_Y_TSUUIISOU },
    { "All Green", MJ_Y_RYUUIISOU }, { "All Terminals", MJ_Y_CHINROUTOU }, { "Nine Gates", MJ_Y_CHUUREN },
    { "True Nine Gates", MJ_Y_CHUUREN9 }, { "Thirteen Orphans", MJ_Y_KOKUSHI },
    { "Thirteen-wait Thirteen Orphans", MJ_Y_KOKUSHI13 }, { "Four Big Winds", MJ_Y_DAISUUSHII },
    { "Four Little Winds", MJ_Y_SHOUSUUSHII }, { "Four Quads", MJ_Y_SUUKANTSU }, { "Dora", MJ_Y_DORA },
    { "Ura Dora", MJ_Y_URA }, { "Red Five", MJ_Y_AKA },
};

static int same_name(const char *a, const char *s, size_t n)
{
    if (strlen(a) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)s[i];
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return 1;
}

/* The yaku named by s[0..n), or -1; a wind named without its wind is the
 * winner's seat wind or the round's wind (0 East .. 3 North). */
static int yaku_by_name(const char *s, size_t n, int seat_wind, int round_wind)
{
    for (size_t i = 0; i < sizeof Y / sizeof Y[0]; i++)
        if (same_name(Y[i].name, s, n))
            return Y[i].id == SEAT_WIND ? MJ_Y_SEAT_E + seat_wind
                 : Y[i].id == ROUND_WIND ? MJ_Y_ROUND_E + round_wind : Y[i].id;
    return -1;
}

static long leading_num(const char *s, const char **end)
{
    long v = 0;
    while (*s >= '0' && *s <= '9') {
        if (v < 10000000) v = v * 10 + (*s - '0');
        s++;
    }
    *end = s;
    return v;
}

/* s at one of the words (a word, or its English form), then past it; else NULL. */
static const char *skip_word(const char *s, const char *jp, const char *en)
{
    size_t n = strlen(jp);
    if (strncmp(s, jp, n) == 0)
        return s + n;
    n = strlen(en);
    return same_name(en, s, n) ? s + n : NULL;
}

/* The limit named at *p ("満貫", "Mangan "), *p moved past it. */
static int points_limit(const char **p)
{
    static const struct { const char *name; int limit; } L[] = {
        { "数え役満", MJ_LIMIT_YAKUMAN }, { "三倍満", MJ_LIMIT_SANBAIMAN }, { "倍満", MJ_LIMIT_BAIMAN },
        { "跳満", MJ_LIMIT_HANEMAN }, { "満貫", MJ_LIMIT_MANGAN }, { "役満", MJ_LIMIT_YAKUMAN },
        { "切り上げ満貫", MJ_LIMIT_MANGAN },
        { "Kazoe Yakuman ", MJ_LIMIT_YAKUMAN }, { "Counted Yakuman ", MJ_LIMIT_YAKUMAN },
        { "Sanbaiman ", MJ_LIMIT_SANBAIMAN }, { "Baiman ", MJ_LIMIT_BAIMAN }, { "Haneman ", MJ_LIMIT_HANEMAN },
        { "Mangan ", MJ_LIMIT_MANGAN }, { "Yakuman ", MJ_LIMIT_YAKUMAN },
        { "Kiriage Mangan ", MJ_LIMIT_MANGAN }, { "Rounded Mangan ", MJ_LIMIT_MANGAN },
    };
    for (size_t i = 0; i < sizeof L / sizeof L[0]; i++) {
        size_t n = strlen(L[i].name);
        if (same_name(L[i].name, *p, n)) {   /* stops at the end of *p */
            *p += n;
            return L[i].limit;
        }
    }
    return MJ_LIMIT_NONE;
}

int tki_log_win_points(const char *s, mj_log_win *w)
{
    const char *p = s, *e;
    w->fu = 0;
    long fu = leading_num(s, &e);
    const char *after = e != s ? skip_word(e, "符", "Fu") : NULL;
    if (after) {
        w->fu = (int)fu;
        leading_num(after, &e);
        if (e == after || !(p = skip_word(e, "飜", "Han")))
            return -1;
    }
    w->limit = points_limit(&p);
    long a = leading_num(p, &e);
    if (e == p) return -1;
    if (*e == '-') {
        const char *q = e + 1;
        long b = leading_num(q, &e);
        if (e == q) return -1;
        w->points = (int)(2 * a + b);   /* "500-1000": each non-dealer 500, the dealer 1000 */
    } else if (strstr(e, "∀")) {
        w->points = (int)(3 * a);
    } else {
        w->points = (int)a;
    }
    return strncmp(e, "点", strlen("点")) == 0 ? 0 : -1;
}

int tki_log_win_yaku(const char *s, int seat_wind, int round_wind, mj_log_win *w)
{
    const char *open = strchr(s, '(');
    if (!open) open = strstr(s, "（");
    if (!open) return -1;
    int id = yaku_by_name(s, (size_t)(open - s), seat_wind, round_wind);
    if (id < 0) return -1;
    const char *q = open + (*open == '(' ? 1 : strlen("（")), *e;
    int han;
    if (strncmp(q, "役満", strlen("役満")) == 0) {
        han = 13;
        w->yakuman++;
    } else {
        han = (int)leading_num(q, &e);
        if (e == q || !skip_word(e, "飜", "Han")) return -1;
    }
    if (han == 0)
        return 0;
    if (w->n_yaku >= MJ_MAX_YAKU) return -1;
    w->yaku[w->n_yaku].id = (uint8_t)id;
    w->yaku[w->n_yaku].han = (uint8_t)(han > 255 ? 255 : han);
    w->n_yaku++;
    w->han += han;
    return 0;
}
