package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runBot runs the real binary with input and returns its standard output.
func runBot(t *testing.T, bin, input string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(input)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, stderr.String())
	}
	return string(out)
}

// TestBoltKeepsTheGameAcrossRuns: with bolt the channel's game is there on
// the next run; with mem it is gone, as the users' guide says of quit.
func TestBoltKeepsTheGameAcrossRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildBot(t)
	db := filepath.Join(t.TempDir(), "games.db")
	first := runBot(t, bin, "start ai\na7-b6\nquit\n", "-store", "bolt:"+db)
	if !strings.Contains(first, "Red (you) plays a7-b6.") {
		t.Fatalf("first run:\n%s", first)
	}
	second := runBot(t, bin, "status\nfen\n", "-store", "bolt:"+db)
	if !strings.Contains(second, "Red (you), Blue (AI level 3).") || strings.Contains(second, "x5o/7/7/7/7/7/o5x x 0 1") {
		t.Fatalf("second run with bolt: got\n%s\nwant the game of the first run", second)
	}
	mem := runBot(t, bin, "status\n")
	if !strings.Contains(mem, "No game here") {
		t.Fatalf("run with mem: got\n%s\nwant no game", mem)
	}
}

func TestFlagsAndConfig(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	os.WriteFile(good, []byte("prefix: \"?\"\nrules: cs61b\nai:\n  default_level: 2\nconsole:\n  user: ann\n"), 0o644)
	discordNoToken := filepath.Join(dir, "discord.yaml")
	os.WriteFile(discordNoToken, []byte("discord:\n  app_id: \"1\"\n"), 0o644)
	t.Setenv("ATAXXBOT_DISCORD_TOKEN", "")
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("prefx: \"?\"\n"), 0o644)
	tests := []struct {
		name     string
		args     []string
		input    string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{"console by default", nil, "start ai\n", 0, "Game on: Red (you) vs Blue (AI level 3).", ""},
		{"console word accepted", []string{"console"}, "dump\n", 0, "  r - - - - - b", ""},
		{"config sets level, rules and user", []string{"-config", good}, "start ai\nstatus\n", 0, "Red (ann) vs Blue (AI level 2)", ""},
		{"unknown config key is an error", []string{"-config", bad}, "", 1, "", "field prefx not found"},
		{"missing config file", []string{"-config", filepath.Join(dir, "none.yaml")}, "", 1, "", "no such file"},
		{"unknown store", []string{"-store", "redis-ish"}, "", 1, "", `unknown store "redis-ish"`},
		{"stray argument", []string{"play"}, "", 2, "", `unexpected argument "play"`},
		{"discord without a token", []string{"-config", discordNoToken}, "", 1, "", "discord: a token and an application id are required"},
		{"bad flag", []string{"-frob"}, "", 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(context.Background(), tt.args, strings.NewReader(tt.input), &out, &errOut)
			if code != tt.wantCode || !strings.Contains(out.String(), tt.wantOut) || !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("run(%q): got code %d, out %q, err %q; want %d, %q, %q", tt.args, code, out.String(), errOut.String(), tt.wantCode, tt.wantOut, tt.wantErr)
			}
		})
	}
}
