package ataxxai

import (
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestKernelsAreVEXEncoded: every instruction of the vector kernels that
// names a vector register is a VEX one (V...). A legacy SSE instruction
// among AVX ones makes Intel cores switch state at a cost of hundreds of
// cycles a call: one MOVD once made the output layer eleven times slower
// on an Intel Xeon, and the whole search 40 % slower.
func TestKernelsAreVEXEncoded(t *testing.T) {
	src, err := os.ReadFile("nnue_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	vector := regexp.MustCompile(`\b[XYZ][0-9]+\b`)
	checked := 0
	for i, line := range strings.Split(string(src), "\n") {
		code, _, _ := strings.Cut(line, "//")
		fields := strings.Fields(code)
		if len(fields) < 2 || strings.HasSuffix(fields[0], ":") || !vector.MatchString(code) {
			continue
		}
		checked++
		if !strings.HasPrefix(fields[0], "V") {
			t.Errorf("nnue_amd64.s:%d: got %s, a legacy SSE instruction on a vector register; want its VEX form (V%s)", i+1, fields[0], fields[0])
		}
	}
	if checked < 20 {
		t.Errorf("vector instructions checked: got %d; want the kernels' (at least 20)", checked)
	}
}

// TestVectorKernelsAtWidths: the vector kernels add and weigh the units
// as the portable code does at the widths a build may compile (128 and
// 256 units, and the most, 1024, and an odd number of blocks past a
// multiple of eight), on units reaching past both ends of the clip and
// output weights at both ends of their bound, with no rows to take (as
// the refresh) and up to every window's.
func TestVectorKernelsAtWidths(t *testing.T) {
	if !haveSIMD() {
		t.Skip("no vector kernels on this machine")
	}
	rng := rand.New(rand.NewPCG(8, 8))
	random := func(n, lo, hi int) []int16 {
		s := make([]int16, n)
		for i := range s {
			s[i] = int16(lo + rng.IntN(hi-lo+1))
		}
		return s
	}
	for _, width := range []int{NetHidden, 128, 256, netMaxWidth, 16 * 11} {
		const tableRows = 50
		table := random(tableRows*width, -300, 300)
		offsets := func(n int) []uint32 {
			s := make([]uint32, n, n+1)
			for j := range s {
				s[j] = uint32(rng.IntN(tableRows) * width * 2)
			}
			return s
		}
		for i := range 300 {
			src, dst := random(width, -600, 600), random(width, -600, 600)
			plus, minus := offsets(rng.IntN(NetWindows+1)), offsets(rng.IntN(NetWindows+1))
			if i%3 == 0 {
				minus = minus[:0]
			}
			want := slices.Clone(src)
			for _, o := range plus {
				for j, x := range table[o/2 : o/2+uint32(width)] {
					want[j] += x
				}
			}
			for _, o := range minus {
				for j, x := range table[o/2 : o/2+uint32(width)] {
					want[j] -= x
				}
			}
			rowsAVX2(&dst[0], &src[0], &table[0], first(plus), len(plus), first(minus), len(minus), width/16)
			if !slices.Equal(dst, want) {
				t.Fatalf("width %d, case %d (%d rows added, %d taken): rows: got %v; want %v", width, i, len(plus), len(minus), dst, want)
			}
			units, w := random(width, -100, NetQA+100), random(width, -maxOut, maxOut)
			if i == 0 { // the largest sum: every unit saturated, every weight at the bound
				for j := range units {
					units[j], w[j] = NetQA, maxOut
				}
			}
			var sums [8]int32
			dotAVX2(&units[0], &w[0], width/16, &sums)
			got := 0
			for _, s := range sums {
				got += int(s)
			}
			if want := dot(units, w); got != want {
				t.Fatalf("width %d, case %d: dot: got %d; want %d", width, i, got, want)
			}
		}
	}
}
