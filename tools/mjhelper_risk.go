// mjhelper_risk.go - feeds the positions written by `mkdanger --auc
// --helper FILE` to mahjong-helper's own risk function and prints, per
// position, the risk of the discarded tile with and without its point
// correction, and the label: "risk risk-without-points label".
//
// It calls util.CalculateRiskTiles34(...).FixWithEarlyOutside(...)
// .FixWithPoint(...) with the inputs its game loop (core.go,
// analysisTilesRisk) gives it: the riichi player's discard count as the
// turn, its river and the tiles passed since its riichi and its kan tiles
// as safe tiles, the copies the discarder cannot see, the dora (from the
// indicators), the round and seat winds, the outside tiles of the riichi
// player's first five discards before its riichi, and the ron point of a
// riichi (ippatsu or not, x1.5 for the dealer).
//
// It is tilekit's code, built against a checkout of mahjong-helper that
// tools/danger-vs-helper.sh points GOPATH at; nothing is fetched.
//
//go:build ignore
// +build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/EndlessCheng/mahjong-helper/util"
	"github.com/EndlessCheng/mahjong-helper/util/model"
)

func ints(s string) []int {
	if s == "-" {
		return nil
	}
	var out []int
	for _, x := range strings.Split(s, ",") {
		v, err := strconv.Atoi(x)
		if err != nil {
			panic(err)
		}
		out = append(out, v)
	}
	return out
}

func atoi(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return v
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) != 11 {
			fmt.Fprintln(os.Stderr, "mjhelper_risk: a line without 11 fields")
			os.Exit(1)
		}
		label, tile, turns := atoi(f[0]), atoi(f[1]), atoi(f[2])
		roundWind, selfWind, ippatsu, dealer := atoi(f[3]), atoi(f[4]), atoi(f[5]), atoi(f[6])
		safe := make([]bool, 34)
		left := make([]int, 34)
		for i := 0; i < 34; i++ {
			safe[i] = f[7][i] == '1'
			left[i] = int(f[8][i] - '0')
		}
		doraList := model.DoraList(ints(f[9]), false)
		var early []int
		for _, t := range ints(f[10]) {
			early = append(early, util.OutsideTiles(t)...)
		}
		if turns > util.MaxTurns {
			turns = util.MaxTurns
		}
		if turns == 0 {
			turns = 1
		}
		ronPoint := util.RonPointRiichiHiIppatsu
		if ippatsu == 1 {
			ronPoint = util.RonPointRiichiIppatsu
		}
		if dealer == 1 {
			ronPoint *= 1.5
		}
		risk := util.CalculateRiskTiles34(turns, safe, left, doraList, roundWind, selfWind).FixWithEarlyOutside(early)
		plain := risk[tile]
		risk = risk.FixWithPoint(ronPoint)
		fmt.Fprintf(out, "%.9g %.9g %d\n", risk[tile], plain, label)
	}
}
