/* danger_model.c - the fitted parameters of the danger model
 * (tilekit/mjdanger.h, model steps 3 to 5).
 *
 * Made by tools/mkdanger.c on the training rounds of the logs named in
 * doc/mahjong-defence.md (its "Data and fitting" section has the exact
 * commands: --fit, then --calibrate);
 * the feature order is that of mj_danger_feature_name().  Regenerate with
 * that command and paste its output here. */
#include "tilekit/mjdanger.h"

static const mj_danger_model MODEL = {
    .theta = {
          0.91848,   /* kind-ryanmen */
          0.00750,   /* kind-kanchan */
          0.29554,   /* kind-penchan */
         -1.16052,   /* kind-shanpon-number */
          0.77683,   /* kind-shanpon-value */
          0.65433,   /* kind-shanpon-other */
         -1.40172,   /* kind-tanki-number */
          0.07323,   /* kind-tanki-value */
         -0.10441,   /* kind-tanki-other */
         -6.05927,   /* kind-kokushi */
          0.63786,   /* log-live */
         -0.74726,   /* held-early */
         -0.43167,   /* held-late */
         -0.49803,   /* held-tsumogiri */
         -0.08615,   /* decl-near1 */
          0.30007,   /* decl-near2 */
         -0.04840,   /* last-hand-near */
         -0.00994,   /* suji-trap */
          0.32657,   /* dora-held */
          0.33430,   /* dora-wait */
          0.23744,   /* suit-share */
          0.91555,   /* wait-terminal */
          0.62179,   /* wait-28 */
          0.23663,   /* ryanmen-outer */
          0.16408,   /* wait-live */
          0.77911,   /* late-ryanmen */
         -0.41293,   /* near-early */
    },
    .tenpai = { -5.20868, 1.60202, 0.22098 },
    .value = { 5239, 7663, 3259 },
    .calib = { 1.28443, 0.91268, 0.19703, 0.50198, -0.06967, 0.09702, 0.23205, 0.16804, -1.58352, -0.41746 },
};

const mj_danger_model *mj_danger_default_model(void) { return &MODEL; }
