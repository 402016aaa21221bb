/* danger_model.c - the fitted parameters of the danger model
 * (tilekit/mjdanger.h, model steps 3 and 4).
 *
 * Made by tools/mkdanger.c (see doc/mahjong-defence.md for the logs and
 * the exact command); the feature order is that of
 * mj_danger_feature_name(). */
#include "tilekit/mjdanger.h"

static const mj_danger_model MODEL = {
    .theta = {
        /* kinds */ 0.0, -1.0, -1.5, -1.0, -2.0, -1.0, -2.0, -1.5, -1.5, -8.0,
        /* log-live */ 1.0,
        /* held-early, held-late, held-tsumogiri */ -1.0, -0.3, -0.3,
        /* decl-near1, decl-near2, last-hand-near */ 0.5, 0.3, 0.3,
        /* suji-trap, dora-held, dora-wait, suit-share */ 0.3, 0.3, 0.3, -0.5,
        /* wait-terminal, wait-28, ryanmen-outer */ 0.3, 0.0, 0.0,
        /* wait-live, late-ryanmen */ 0.0, 0.0,
    },
    .tenpai = { -3.0, 0.8, 0.15 },
    .value = { 5200.0, 7400.0, 3000.0 },
};

const mj_danger_model *mj_danger_default_model(void) { return &MODEL; }
