package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// recorder is a Handler that writes back who said what.
type recorder struct{ got []bot.Message }

func (r *recorder) Handle(_ context.Context, m bot.Message) []bot.Reply {
	r.got = append(r.got, m)
	return []bot.Reply{{Text: m.UserID + ": " + m.Text}}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	inner := filepath.Join(dir, "inner.txt")
	outer := filepath.Join(dir, "outer.txt")
	self := filepath.Join(dir, "self.txt")
	os.WriteFile(inner, []byte("# a comment\nblocks 3gh\n<carol> dump\n"), 0o644)
	os.WriteFile(outer, []byte("load "+inner+"\nstart\n"), 0o644)
	os.WriteFile(self, []byte("load "+self+"\n"), 0o644)
	tests := []struct {
		name, in string
		want     []string
	}{
		{"plain lines are the console user's", "start\na7-b6\n", []string{"you: start", "you: a7-b6"}},
		{"irc log style names the speaker", "<bob> join\n<bob>   b6\n", []string{"bob: join", "bob: b6"}},
		{"not a nick", "<no nick> x\n<> y\n", []string{"you: <no nick> x", "you: <> y"}},
		{"quit ends the session", "start\nquit\ndump\n", []string{"you: start"}},
		{"blank lines and comments skipped", "\n   \n# hi\ndump\n", []string{"you: dump"}},
		{"load runs a file, nested", "load " + outer + "\ndump\n", []string{"you: blocks 3gh", "carol: dump", "you: start", "you: dump"}},
		{"load of a missing file says so", "load /nonexistent/file\ndump\n", []string{"load: open /nonexistent/file: no such file or directory", "you: dump"}},
		{"a file loading itself stops", "load " + self + "\ndump\n", []string{"load " + self + ": files load each other too deeply", "you: dump"}},
		{"a line over 1 MiB is skipped, the session goes on", strings.Repeat("x", 2<<20) + "\ndump\n", []string{"That line is over 64 KiB; it was ignored.", "you: dump"}},
		{"load of a directory says so, the session goes on", "load " + dir + "\ndump\n", []string{"load " + dir + ": read " + dir + ": is a directory", "you: dump"}},
		{"a last line without a newline", "dump", []string{"you: dump"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			rec := &recorder{}
			c := &Console{In: strings.NewReader(tt.in), Out: &out, Handler: rec}
			if err := c.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q; want %q", got, tt.want)
			}
			for _, m := range rec.got {
				if m.Network != "console" || m.Channel != "console" || !m.Addressed || !m.Caps.TypeAhead {
					t.Errorf("message %+v: want network and channel console, addressed, typed ahead", m)
				}
			}
		})
	}
}

// FuzzLine: any input line yields at most one message, said by a nick
// with no spaces, with the text it came with, and never panics.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"start", "<bob> join", "<no nick> x", "<> y", "<bob>", "# comment", "load", "quit", "<a>b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\r\n") {
			return // one line at a time
		}
		if verb, _, _ := strings.Cut(strings.TrimSpace(line), " "); strings.EqualFold(verb, "load") {
			return // reads files
		}
		rec := &recorder{}
		var out bytes.Buffer
		c := &Console{In: strings.NewReader(line + "\n"), Out: &out, Handler: rec}
		if err := c.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(rec.got) > 1 {
			t.Fatalf("%q gave %d messages", line, len(rec.got))
		}
		trimmed := strings.TrimSpace(line)
		for _, m := range rec.got {
			if m.UserID == "" || strings.ContainsAny(m.UserID, " \t") {
				t.Fatalf("%q gave a message from %q", line, m.UserID)
			}
			if !strings.HasPrefix(trimmed, "<") && (m.UserID != "you" || m.Text != trimmed) {
				t.Fatalf("plain line %q gave %+v; want it said by you, unchanged", line, m)
			}
		}
	})
}

// TestLoadFoldsIndentedLines: in a loaded file a line that starts with a
// space goes on the line before; typed lines are never held back.
func TestLoadFoldsIndentedLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "saved.txt")
	os.WriteFile(file, []byte("abalone load standard\n  1. a1b2 i5h5\n\t2. a2b3\n\nstatus\n  \n"), 0o644)
	var out bytes.Buffer
	rec := &recorder{}
	c := &Console{In: strings.NewReader("load " + file + "\n  indented typed line\n"), Out: &out, Handler: rec}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range rec.got {
		got = append(got, m.Text)
	}
	want := []string{"abalone load standard 1. a1b2 i5h5 2. a2b3", "status", "indented typed line"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q; want %q", got, want)
	}
}
