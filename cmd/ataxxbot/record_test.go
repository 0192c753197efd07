package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/store/bolt"
)

// TestTableKey: what an operator types names the table the bot keys.
func TestTableKey(t *testing.T) {
	ircOnly := Config{IRC: &IRCConfig{}}
	discordOnly := Config{Discord: &DiscordConfig{}}
	both := Config{IRC: &IRCConfig{}, Discord: &DiscordConfig{}}
	tests := []struct {
		name, arg string
		cfg       Config
		want      string // "" for an error
	}{
		{"key as logged", "irc:#ataxx", Config{}, "irc:#ataxx"},
		{"IRC channels in lower case", "irc:#Ataxx", Config{}, "irc:#ataxx"},
		{"IRC query kept", "irc:query:Bob", Config{}, "irc:query:Bob"},
		{"channel on the one network, IRC", "#Ataxx", ircOnly, "irc:#ataxx"},
		{"query on the one network, IRC", "query:Bob", ircOnly, "irc:query:Bob"},
		{"channel on the one network, Discord", "123456789012345678", discordOnly, "discord:123456789012345678"},
		{"discord key", "discord:42", both, "discord:42"},
		{"console channel", "console", Config{}, "console:console"},
		{"console key", "console:#games", ircOnly, "console:#games"},
		{"two networks need one named", "#ataxx", both, ""},
		{"no channel", "irc:", Config{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tableKey(tt.arg, tt.cfg)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("tableKey(%q): got %q; want an error", tt.arg, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("tableKey(%q): got %q, %v; want %q", tt.arg, got, err, tt.want)
			}
		})
	}
}

// TestRecordCommandArguments: help, and the refusals before any store
// is opened or made.
func TestRecordCommandArguments(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{"help", []string{"record", "-h"}, 0, "Usage: ataxxbot record [flags] CHANNEL", ""},
		{"no channel", []string{"record"}, 2, "", "give one CHANNEL or -key KEY"},
		{"two channels", []string{"record", "#a", "#b"}, 2, "", "give one CHANNEL or -key KEY"},
		{"channel and key", []string{"record", "#a", "-key", "irc:#a"}, 2, "", "give one CHANNEL or -key KEY"},
		{"the mem store", []string{"record", "#a"}, 1, "", "console:#a: the store is mem"},
		{"no bolt file", []string{"record", "-store", "bolt:" + filepath.Join(dir, "none.db"), "#a"}, 1, "", "no such file"},
		{"bad store", []string{"record", "-store", "sql:x", "#a"}, 1, "", "unknown store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(t.Context(), tt.args, strings.NewReader(""), &out, &errOut)
			if code != tt.wantCode || !strings.Contains(out.String(), tt.wantOut) || !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("run(%q): got code %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out.String(), errOut.String(), tt.wantCode, tt.wantOut, tt.wantErr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Errorf("record made the bolt file it was to read")
	}
	var out strings.Builder
	run(t.Context(), []string{"-h"}, strings.NewReader(""), &out, &out)
	if !strings.Contains(out.String(), "\n  record ") {
		t.Errorf("ataxxbot -h lacks the record subcommand:\n%s", out.String())
	}
}

// TestRecordCommand: a game played in the real binary's console on the
// default bolt store (ataxxbot.db where it runs) is stored in binary, and
// ataxxbot record prints it as JSON, by channel and by key, from the flag
// or the config; a table with no game is one line saying so.
func TestRecordCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	inDir := func(input string, args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(input)
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("%v: %v", args, err)
			}
			code = ee.ExitCode()
		}
		return out.String(), errOut.String(), code
	}
	if out, errOut, code := inDir("start ai 10m+5s\na7-b6\nquit\n", "-store", "bolt:"); code != 0 || !strings.Contains(out, "Red (you) plays a7-b6.") {
		t.Fatalf("the game: got code %d\n%s%s", code, out, errOut)
	}
	st, err := bolt.Open(filepath.Join(dir, "ataxxbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	data, _, err := st.Load(context.Background(), "console:console")
	st.Close()
	if err != nil || len(data) == 0 || data[0] != 0x01 {
		t.Fatalf("stored: got %q, %v; want the binary record", data, err)
	}
	os.WriteFile(filepath.Join(dir, "bolt.yaml"), []byte("store:\n  kind: bolt\n"), 0o644)
	var first string
	for _, args := range [][]string{
		{"record", "-store", "bolt:", "console"},
		{"record", "console", "-store", "bolt:ataxxbot.db"},
		{"record", "-key", "console:console", "-config", "bolt.yaml"},
		{"record", "-config", "bolt.yaml", "console:console"},
	} {
		out, errOut, code := inDir("", args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%q: got code %d, stderr %q; want 0 and nothing", args, code, errOut)
		}
		var rec struct {
			Schema int             `json:"schema"`
			Phase  string          `json:"phase"`
			Moves  []string        `json:"moves"`
			Clock  json.RawMessage `json:"clock"`
			State  struct {
				Moves string `json:"moves"`
			} `json:"state"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%q: the output is not JSON: %v\n%s", args, err, out)
		}
		if rec.Schema != 1 || rec.Phase != "playing" || len(rec.Moves) == 0 || rec.Moves[0] != "a7-b6" || rec.State.Moves == "" || !strings.Contains(string(rec.Clock), `"10m+5s"`) {
			t.Errorf("%q: got %+v; want the game played, with its clock and state", args, rec)
		}
		if !strings.Contains(out, "{\n \"schema\": 1,\n \"game\": \"ataxx\",") {
			t.Errorf("%q: got\n%s\nwant indented JSON", args, out)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("%q: got\n%s\nwant the same as the first\n%s", args, out, first)
		}
	}
	out, errOut, code := inDir("", "record", "-store", "bolt:", "#elsewhere")
	if code != 1 || out != "" || errOut != "ataxxbot record: console:#elsewhere: not found: no game is stored for that table\n" {
		t.Errorf("a table with no game: got code %d, stdout %q, stderr %q; want 1 and one line", code, out, errOut)
	}
}
