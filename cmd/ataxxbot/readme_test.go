package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README's transcripts are fenced blocks right after a line
//
//	<!-- transcript: ataxxbot ARGS -->
//
// In a block, a line "> TEXT" is typed; every other line is what the
// program prints, in order; "  # ..." after two spaces or more is a
// comment on either. Each block runs in a fresh process, all of its input
// at once (a line typed ahead waits for the AI, so the order is fixed),
// after a hidden "seed" line that fixes the AI's choices; the seed's own
// answer is left out.

// transcriptSeed is the AI seed every README transcript is played with.
const transcriptSeed = 1

// updateREADME rewrites the README's transcripts with what the program
// prints (after a change of wording): go test ./cmd/ataxxbot -run
// TestREADMETranscripts -update-readme. Read the diff before committing.
var updateREADME = flag.Bool("update-readme", false, "rewrite the README's transcripts with what the program prints")

var (
	transcriptMark = regexp.MustCompile(`^<!-- transcript: ataxxbot(.*?) -->$`)
	trailingNote   = regexp.MustCompile(`\s{2,}#.*$`)
)

// transcript is one marked block of the README.
type transcript struct {
	line  int      // the README line of the marker
	args  []string // the program's arguments
	input []string // the lines typed
	typed []string // the README's lines of input, comments and all
	want  []string // what the program prints
	at    []int    // the README line of each of want
}

func readTranscripts(t *testing.T, path string) []transcript {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []transcript
	var cur *transcript
	inBlock := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil:
			if m := transcriptMark.FindStringSubmatch(line); m != nil {
				cur = &transcript{line: n, args: strings.Fields(m[1])}
			}
		case !inBlock:
			if !strings.HasPrefix(line, "```") {
				t.Fatalf("%s:%d: a transcript marker not followed by a fenced block", path, cur.line)
			}
			inBlock = true
		case strings.HasPrefix(line, "```"):
			out = append(out, *cur)
			cur, inBlock = nil, false
		case strings.HasPrefix(line, "> "):
			cur.input = append(cur.input, trailingNote.ReplaceAllString(line[2:], ""))
			cur.typed = append(cur.typed, line)
		default:
			cur.want = append(cur.want, trailingNote.ReplaceAllString(line, ""))
			cur.at = append(cur.at, n)
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a transcript not closed", path, cur.line)
	}
	return out
}

// TestREADMETranscripts runs every marked transcript of the README through
// the built program and compares what it prints, line by line.
func TestREADMETranscripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	readme := filepath.Join("..", "..", "README.md")
	ts := readTranscripts(t, readme)
	if len(ts) == 0 {
		t.Fatalf("%s: no transcripts marked", readme)
	}
	bin := buildBot(t)
	if *updateREADME {
		rewriteTranscripts(t, bin, readme, ts)
		return
	}
	for _, tr := range ts {
		t.Run(fmt.Sprintf("README.md:%d", tr.line), func(t *testing.T) {
			t.Parallel()
			got := playTranscript(t, bin, tr.args, tr.input)
			for i := range max(len(got), len(tr.want)) {
				switch {
				case i >= len(tr.want):
					t.Fatalf("README.md:%d: the program prints more: got %q; want the transcript's end", tr.line, got[i])
				case i >= len(got):
					t.Fatalf("README.md:%d: got the program's end; want %q", tr.at[i], tr.want[i])
				case got[i] != tr.want[i]:
					t.Fatalf("README.md:%d: got %q; want %q\nthe program printed:\n%s", tr.at[i], got[i], tr.want[i], strings.Join(got, "\n"))
				}
			}
		})
	}
}

// playTranscript runs the program with args, the hidden seed line and
// input, and returns what it prints but the seed's answer.
func playTranscript(t *testing.T, bin string, args, input []string) []string {
	t.Helper()
	out := runBot(t, bin, fmt.Sprintf("seed %d\n%s\n", transcriptSeed, strings.Join(input, "\n")), args...)
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range got {
		if line == fmt.Sprintf("AI seed set to %d.", transcriptSeed) {
			return append(got[:i:i], got[i+1:]...)
		}
	}
	return got
}

// rewriteTranscripts puts what the program prints into the README's
// transcripts, each answer under the line that caused it: a separator
// line ("help" of a word nobody types) before each typed line tells the
// answers apart.
func rewriteTranscripts(t *testing.T, bin, readme string, ts []transcript) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	// From the last block up, so the line numbers above stay good.
	for k := len(ts) - 1; k >= 0; k-- {
		tr := ts[k]
		// Short: a refusal quotes 20 characters of an unknown word.
		sep := func(i int) string { return fmt.Sprintf("tsep%dx", i) }
		var input []string
		for i, in := range tr.input {
			input = append(input, "help "+sep(i), in)
		}
		var block []string
		next := 0 // the typed line whose separator comes next
		for _, line := range playTranscript(t, bin, tr.args, input) {
			if next < len(tr.typed) && strings.Contains(line, sep(next)) {
				block = append(block, tr.typed[next])
				next++
				continue
			}
			block = append(block, line)
		}
		if next != len(tr.typed) {
			t.Fatalf("README.md:%d: %d of %d separators came back: rewrite this block by hand", tr.line, next, len(tr.typed))
		}
		start := tr.line + 1 // 0-based: the line after the opening fence
		end := start
		for !strings.HasPrefix(lines[end], "```") {
			end++
		}
		lines = append(lines[:start:start], append(block, lines[end:]...)...)
	}
	if err := os.WriteFile(readme, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
