package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSession drives the protocol through run, with scripts and the lines
// they must produce (regular expressions, anchored, one per line).
func TestSession(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"handshake", "uai\nisready\nquit\n", []string{
			`id name ataxxbot`, `id author .+`, `uaiok`, `readyok`}},
		{"perft from start", "position startpos\nperft 3\n", []string{
			`info depth 1 nodes 16 time \d+ nps \d+`,
			`info depth 2 nodes 256 time \d+ nps \d+`,
			`info depth 3 nodes 6460 time \d+ nps \d+`}},
		{"position fen with moves then d", "position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1 moves b6 g7f5\nd\n", []string{
			`   a b c d e f g`,
			`7  r - - - - - -  7`,
			`6  - r - - - - -  6`,
			`5  - - X - X b -  5`,
			`4  - - - - - - -  4`,
			`3  - - X - X - -  3`,
			`2  - - - - - - -  2`,
			`1  b - - - - - r  1`,
			`   a b c d e f g`,
			`Red \(r\) 3, Blue \(b\) 2\. Red to move\.`,
			`Fen: x6/1x5/2-1-o1/7/2-1-2/7/o5x x 1 2`,
			`Key: [0-9a-f]{16}`}},
		{"illegal move keeps the moves before it", "position startpos moves b6 d4 f6\nd\n", []string{
			`info string move d4: illegal move: d4 has no Blue piece next to it`,
			`(?s).*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`,
			`Fen: x5o/1x5/7/7/7/7/o5x o 0 1`, `Key: .*`}},
		{"unknown command carries on", "hello world\nisready\n", []string{
			`info string unknown command "hello"`, `readyok`}},
		{"bad fen keeps position", "position fen x5o/7 x 0 1\nperft 1\n", []string{
			`info string invalid FEN: .*`, `info depth 1 nodes 16 .*`}},
		{"perft without depth", "perft\nperft 99\n", []string{
			`info string perft needs a depth from 1 to 12`, `info string perft needs a depth from 1 to 12`}},
		{"uainewgame resets", "position startpos moves b6\nuainewgame\nperft 1\n", []string{
			`info depth 1 nodes 16 .*`}},
		{"game over has no moves", "position fen x5o/7/7/7/7/7/o5x x 100 1\nperft 2\n", []string{
			`info depth 1 nodes 0 .*`, `info depth 2 nodes 0 .*`}},
		{"quit stops reading", "quit\nisready\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := run(strings.NewReader(tt.input), &out); err != nil {
				t.Fatalf("run: %v", err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d lines:\n%s\nwant %d lines matching %q", len(got), out.String(), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !regexp.MustCompile(`^` + w + `$`).MatchString(got[i]) {
					t.Errorf("line %d: got %q; want match for %q", i+1, got[i], w)
				}
			}
		})
	}
}

// TestBinary builds the real program and talks to it through pipes, as a
// GUI does.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "ataxx-uai")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uai\nposition startpos\nperft 4\nquit\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s: %v", bin, err)
	}
	if !strings.Contains(string(out), "uaiok\n") || !regexp.MustCompile(`info depth 4 nodes 155888 time \d+ nps \d+\n`).Match(out) {
		t.Errorf("got output:\n%s\nwant uaiok and perft 4 = 155888", out)
	}
}
