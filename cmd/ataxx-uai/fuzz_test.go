package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzSession feeds arbitrary command lines to a session: it must neither
// panic nor hang, and whatever it writes is whole lines. Searches are kept
// short (a depth cap is added to every go) and perft shallow, so that an
// input cannot ask for hours of work.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"uai\nisready\n",
		"position startpos moves b6 f2\ngo depth 2\n",
		"position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1 moves g1f3\nd\n",
		"go btime 100 wtime 100 binc 10 winc 10 movestogo 3 depth 2\nisready\nstop\n",
		"go infinite\nd\nsetoption name Level value 3\nstop\ngo depth 3\n",
		"setoption name Hash value 1\nsetoption name MoveOverhead value 7\nuainewgame\n",
		"position fen x6/7/7/7/7/7/7 o 0 1\ngo movetime 5\n",
		"go wtime x\nposition\nperft 2\nquit\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var lines []string
		for _, l := range strings.Split(input, "\n") {
			fields := strings.Fields(l)
			switch {
			case len(fields) > 0 && fields[0] == "perft":
				l = "perft 2"
			case len(fields) > 0 && fields[0] == "go":
				l += " depth 2"
			case len(fields) > 2 && fields[0] == "setoption" && strings.Contains(strings.ToLower(l), "hash"):
				l = "setoption name Hash value 1" // not gigabytes per input
			}
			lines = append(lines, l)
		}
		var out bytes.Buffer
		if err := run(strings.NewReader(strings.Join(lines, "\n")), &out); err != nil {
			t.Fatalf("run: %v", err)
		}
		if out.Len() > 0 && !bytes.HasSuffix(out.Bytes(), []byte("\n")) {
			t.Errorf("output does not end a line: %q", out.String())
		}
	})
}
