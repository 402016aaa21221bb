/* danger_model.c - the fitted parameters of the danger model
 * (tilekit/mjdanger.h, model steps 3 and 4).
 *
 * Made by tools/mkdanger.c on the training rounds of the logs named in
 * doc/mahjong-defence.md (its "Fitting" section has the exact command);
 * the feature order is that of mj_danger_feature_name().  Regenerate with
 * that command and paste its output here. */
#include "tilekit/mjdanger.h"

static const mj_danger_model MODEL = {
    .theta = {
          0.97484,   /* kind-ryanmen */
          0.10935,   /* kind-kanchan */
          0.15989,   /* kind-penchan */
         -0.85359,   /* kind-shanpon-number */
          0.64542,   /* kind-shanpon-value */
          0.23870,   /* kind-shanpon-other */
         -1.03296,   /* kind-tanki-number */
          0.07444,   /* kind-tanki-value */
         -0.31169,   /* kind-tanki-other */
         -6.00440,   /* kind-kokushi */
          0.58132,   /* log-live */
         -0.67407,   /* held-early */
         -0.04532,   /* held-late */
         -0.29524,   /* held-tsumogiri */
         -0.21663,   /* decl-near1 */
          0.21427,   /* decl-near2 */
          0.01183,   /* last-hand-near */
         -0.14720,   /* suji-trap */
          0.23359,   /* dora-held */
          0.41112,   /* dora-wait */
          0.24249,   /* suit-share */
          0.21943,   /* wait-terminal */
          0.26808,   /* wait-28 */
          0.27690,   /* ryanmen-outer */
          0.16648,   /* wait-live */
          0.64187,   /* late-ryanmen */
         -0.50584,   /* near-early */
    },
    .tenpai = { -5.22519, 1.75583, 0.21136 },
    .value = { 5529, 8087, 3640 },
};

const mj_danger_model *mj_danger_default_model(void) { return &MODEL; }
