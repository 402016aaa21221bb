#!/bin/sh
# danger-vs-helper.sh - the area under the ROC curve of tilekit's danger
# and of mahjong-helper's risk function on the same (discard, riichi
# player) pairs of the same logs (see doc/mahjong-defence.md).
#
#   tools/danger-vs-helper.sh HELPER_CHECKOUT [MKDANGER_OPTIONS] LOG...
#
# HELPER_CHECKOUT is a checkout of EndlessCheng/mahjong-helper.  Nothing is
# fetched or built here but tilekit's own harness tools/mjhelper_risk.go,
# which `go run` compiles against that checkout in GOPATH mode (a
# temporary GOPATH whose src/github.com/EndlessCheng/mahjong-helper is a
# link to the checkout; its util package needs only the standard library).
# build/tools/mkdanger must exist (make build/tools/mkdanger).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 HELPER_CHECKOUT [MKDANGER_OPTIONS] LOG..." >&2; exit 2; }
helper=$(cd "$1" && pwd); shift
top=$(cd "$(dirname "$0")/.." && pwd)
mk=$top/build/tools/mkdanger
[ -x "$mk" ] || { echo "$0: $mk is missing (make build/tools/mkdanger)" >&2; exit 1; }
[ -f "$helper/util/risk_base.go" ] || { echo "$0: $helper is not a mahjong-helper checkout" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/gopath/src/github.com/EndlessCheng"
ln -s "$helper" "$tmp/gopath/src/github.com/EndlessCheng/mahjong-helper"
echo "tilekit:"
"$mk" --auc --helper "$tmp/positions" "$@"
(cd "$tmp" && GOPATH="$tmp/gopath" GO111MODULE=off GOFLAGS= GOCACHE="$tmp/cache" \
    go run "$top/tools/mjhelper_risk.go") <"$tmp/positions" >"$tmp/risk"
echo "mahjong-helper (tables, early outside, points):"
awk '{ print $1, $3 }' "$tmp/risk" | "$mk" --auc-scores -
echo "mahjong-helper without the point correction:"
awk '{ print $2, $3 }' "$tmp/risk" | "$mk" --auc-scores -
