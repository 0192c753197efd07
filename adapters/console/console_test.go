package console

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	// a.txt and b.txt load each other, b.txt through a symbolic link.
	cycleA := filepath.Join(dir, "a.txt")
	cycleB := filepath.Join(dir, "b.txt")
	os.WriteFile(cycleA, []byte("<carol> dump\nload "+filepath.Join(dir, "link-b.txt")+"\n<carol> never\n"), 0o644)
	os.WriteFile(cycleB, []byte("load "+cycleA+"\n"), 0o644)
	os.Symlink(cycleB, filepath.Join(dir, "link-b.txt"))
	long := filepath.Join(dir, "long.bin")
	os.WriteFile(long, []byte(strings.Repeat("x", 1<<20)), 0o644)
	nested := filepath.Join(dir, "nested.txt")
	os.WriteFile(nested, []byte("dump\nload /dev/zero\ndump\n"), 0o644)
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
		{"a file loading itself stops at once", "load " + self + "\ndump\n", []string{"load " + self + ": the file loads itself (through " + self + " -> " + self + ")", "you: dump"}},
		{"files loading each other stop at once", "load " + cycleA + "\ndump\n", []string{"carol: dump", "load " + cycleA + ": the file loads itself (through " + cycleA + " -> " + cycleB + " -> " + cycleA + ")", "you: dump"}},
		{"load /dev/zero ends with one error", "load /dev/zero\ndump\n", []string{"load /dev/zero: not a text file (a NUL byte)", "you: dump"}},
		{"load of /dev/zero from a file ends every load", "load " + nested + "\ndump\n", []string{"you: dump", "load /dev/zero: not a text file (a NUL byte)", "you: dump"}},
		{"a loaded line over 64 KiB ends the load", "load " + long + "\ndump\n", []string{"load " + long + ": a line over 64 KiB (not a text file?)", "you: dump"}},
		{"a line over 1 MiB is skipped, the session goes on", strings.Repeat("x", 2<<20) + "\ndump\n", []string{"That line is over 64 KiB; it was ignored.", "you: dump"}},
		{"load of a directory says so, the session goes on", "load " + dir + "\ndump\n", []string{"load " + dir + ": read " + dir + ": is a directory", "you: dump"}},
		{"a last line without a newline", "dump", []string{"you: dump"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			rec := &recorder{}
			c := &Console{In: strings.NewReader(tt.in), Out: &out, Handler: rec}
			done := make(chan error, 1)
			go func() { done <- c.Run(context.Background()) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second): // a safety bound: it ends in milliseconds
				t.Fatalf("input %q: the console did not end", tt.in)
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

// TestFarewell: quit, exit and the end of input end the session with the
// Farewell (cmd/ataxxbot's: the Congo guide's "The program is
// terminated..."); with none (the CS61B dialect, whose expected output has
// none, and cmd/congo, which prints its own) they say nothing.
func TestFarewell(t *testing.T) {
	file := filepath.Join(t.TempDir(), "quit.txt")
	os.WriteFile(file, []byte("start\nquit\nnever\n"), 0o644)
	for _, tt := range []struct {
		name, in, farewell, want string
	}{
		{"quit", "dump\nquit\ndump\n", GuideFarewell, "you: dump\nThe program is terminated...\n"},
		{"exit", "exit\ndump\n", GuideFarewell, "The program is terminated...\n"},
		{"quit in a loaded file", "load " + file + "\ndump\n", GuideFarewell, "you: start\nThe program is terminated...\n"},
		{"the end of input, as quit (CS61B)", "dump\n", GuideFarewell, "you: dump\nThe program is terminated...\n"},
		{"no farewell: quit", "dump\nquit\n", "", "you: dump\n"},
		{"no farewell: end of input", "dump\n", "", "you: dump\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			c := &Console{In: strings.NewReader(tt.in), Out: &out, Handler: &recorder{}, Farewell: tt.farewell}
			if err := c.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// FuzzLoad: any file content, loaded, ends (no wait for a newline that
// never comes), never panics, and hands on only text lines of at most
// maxLine bytes, with at most one error line for the file.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{"start\na7-b6\n", "\x00\x00\x00", "dump\n\x00\n", strings.Repeat("x", maxLine+1), "<bob> join\r\nquit\n", "\xff\xfe\n"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.Contains(bytes.ToLower(data), []byte("load")) {
			return // would read other files
		}
		file := filepath.Join(dir, "f.txt")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		var out bytes.Buffer
		c := &Console{In: strings.NewReader("load " + file + "\n"), Out: &out, Handler: rec}
		if err := c.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		for _, m := range rec.got {
			if strings.ContainsRune(m.Text, 0) || len(m.Text) > maxLine {
				t.Fatalf("%q gave a message of %d bytes with a NUL or over the limit", data, len(m.Text))
			}
		}
		if n := strings.Count(out.String(), "load "+file+":"); n > 1 {
			t.Fatalf("%q gave %d error lines; want at most one:\n%s", data, n, out.String())
		}
	})
}

// TestChannelNamesFoldAsOnIRC: a channel given with -channel (Channel) and
// one typed with /join are one table when IRC would take them for one
// channel: RFC 1459 case mapping, where A-Z are a-z and [ ] \ ~ are
// { } | ^.
func TestChannelNamesFoldAsOnIRC(t *testing.T) {
	tests := []struct {
		name, channel, in string
		want              []string // the channel of each message
	}{
		{"-channel #tA, then /join #ta", "#tA", "dump\n/join #ta\ndump\n", []string{"#ta", "#ta"}},
		{"-channel #ta, then /join #TA", "#ta", "dump\n/join #TA\ndump\n", []string{"#ta", "#ta"}},
		{"brackets, backslash and tilde fold", "#A[b]\\~", "dump\n/join #a{B}|^\ndump\n", []string{"#a{b}|^", "#a{b}|^"}},
		{"other names stay apart", "#tA", "dump\n/join #tB\ndump\n", []string{"#ta", "#tb"}},
		{"the default channel", "", "dump\n/join CONSOLE\ndump\n", []string{"console", "console"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			c := &Console{In: strings.NewReader(tt.in), Out: &bytes.Buffer{}, Handler: rec, Channel: tt.channel}
			if err := c.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range rec.got {
				got = append(got, m.Channel)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got channels %q; want %q", got, tt.want)
			}
		})
	}
}

// filer answers every line with a reply carrying a file named by the line.
type filer struct{}

func (filer) Handle(_ context.Context, m bot.Message) []bot.Reply {
	return []bot.Reply{{Text: m.Text + " is too long to show here.", File: &bot.File{Name: m.Text, Data: []byte("data of " + m.Text + "\n")}}}
}

// TestFilesAreWrittenNotPrinted: a file the bot hands over (an export too
// long to print) is written into the console's directory under its own
// base name, never over an existing file (-2, -3 before the extension),
// and the console says where; a name that tries to leave the directory
// stays in it.
func TestFilesAreWrittenNotPrinted(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old.log"), []byte("keep me"), 0o644)
	tests := []struct {
		name, in string
		want     string // the line printed, with DIR for the directory and SIZE the file's size
		file     string // the file written, in DIR
	}{
		{"a new file", "game.log", "game.log is SIZE bytes: written to DIR/game.log", "game.log"},
		{"a second export of it", "game.log", "game-2.log is SIZE bytes: written to DIR/game-2.log", "game-2.log"},
		{"an existing file is kept", "old.log", "old-2.log is SIZE bytes: written to DIR/old-2.log", "old-2.log"},
		{"a path stays in the directory", "../../escape.log", "escape.log is SIZE bytes: written to DIR/escape.log", "escape.log"},
		{"no name", "..", "export.txt is SIZE bytes: written to DIR/export.txt", "export.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			c := &Console{In: strings.NewReader(tt.in + "\n"), Out: &out, Handler: filer{}, Dir: dir}
			if err := c.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			size := fmt.Sprint(len("data of " + tt.in + "\n"))
			if got, want := strings.TrimSuffix(out.String(), "\n"), strings.NewReplacer("DIR", dir, "SIZE", size).Replace(tt.want); got != want {
				t.Errorf("got %q; want %q", got, want)
			}
			data, err := os.ReadFile(filepath.Join(dir, tt.file))
			if got, want := string(data), "data of "+tt.in+"\n"; err != nil || got != want {
				t.Errorf("%s: got %q (%v); want %q", tt.file, got, err, want)
			}
		})
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "old.log")); string(data) != "keep me" {
		t.Errorf("old.log: got %q; want it untouched", data)
	}
}

// eager is a Handler whose every line sets off an answer the bot sends on
// its own (an AI that is ready at once), sent and done before Handle
// returns.
type eager struct{ c *Console }

func (e eager) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.c.Send(ctx, []bot.Reply{{Text: "the AI answers " + m.Text}})
	}()
	<-done
	return []bot.Reply{{Text: "you said " + m.Text}}
}

// TestALinesRepliesComeBeforeWhatTheyStart: what the bot sends on its own
// while a line is handled is printed after that line's own replies, in
// the order sent, however quick the sender.
func TestALinesRepliesComeBeforeWhatTheyStart(t *testing.T) {
	var out bytes.Buffer
	c := &Console{In: strings.NewReader("one\ntwo\n"), Out: &out}
	c.Handler = eager{c}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := "you said one\nthe AI answers one\nyou said two\nthe AI answers two\n"
	if got := out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
