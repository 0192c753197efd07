package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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
	games := filepath.Join(dir, "games.yaml")
	os.WriteFile(games, []byte("games:\n  ataxx:\n    rules: uai\n"), 0o644)
	chess := filepath.Join(dir, "chess.yaml")
	os.WriteFile(chess, []byte("games:\n  chess: {}\n"), 0o644)
	badRules := filepath.Join(dir, "badrules.yaml")
	os.WriteFile(badRules, []byte("games:\n  ataxx: {rules: fide}\n"), 0o644)
	noArchive := filepath.Join(dir, "noarchive.yaml")
	os.WriteFile(noArchive, []byte("archive: false\n"), 0o644)
	both := filepath.Join(dir, "both.yaml")
	os.WriteFile(both, []byte("rules: uai\ngames:\n  ataxx: {rules: uai}\n"), 0o644)
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
		{"the example config loads", []string{"console", "-config", "../../config.example.yaml"}, "status\n", 0, "No game here", ""},
		{"archive on by default", nil, "start ai\nresign\nhistory\n", 0, "Red resigns. Blue wins. (game 1)", ""},
		{"archive off", []string{"-config", noArchive}, "history\n", 0, "this bot keeps no archive", ""},
		{"link on the console", nil, "link\nlink list\n", 0, "Your link code is", ""},
		{"a player is the console's identity", nil, "link list\n", 0, "You are the player console:", ""},
		{"per-game rules", []string{"-config", games}, "start ai\nstatus\n", 0, "Rules uai", ""},
		{"settings of a game not hosted", []string{"-config", chess}, "", 1, "", "games.chess: no such game; this bot hosts ataxx, congo, abalone, stratego"},
		{"a rule set the game lacks", []string{"-config", badRules}, "", 1, "", `games.ataxx.rules "fide": want one of manual, cs61b, uai`},
		{"rules given twice", []string{"-config", both}, "", 1, "", "given both at the top and under games.ataxx"},
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

// TestConsoleAnswersAsItGoes: the player's own move is confirmed at once,
// before the AI, which takes at least 2 s here, has answered; and a game of
// the AI against itself prints its moves as they are made, not all at the
// end.
func TestConsoleAnswersAsItGoes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	cfg := filepath.Join(t.TempDir(), "slow.yaml")
	os.WriteFile(cfg, []byte("ai:\n  min_think: 2s\n"), 0o644)
	p := startProc(t, bin, "console", nil, "-config", cfg)
	p.send(t, "start ai:2")
	p.expect(t, "Game on", procTimeout)
	p.send(t, "a7-b6")
	sent := time.Now()
	p.expect(t, "Red (you) plays a7-b6.", procTimeout)
	own := time.Since(sent)
	p.expect(t, "Blue (AI level 2) plays", procTimeout)
	ai := time.Since(sent)
	if ai-own < time.Second {
		t.Errorf("own move shown after %v, the AI's after %v: the own move waited for the AI", own, ai)
	}
	p.send(t, "new")
	p.send(t, "auto red 2")
	p.send(t, "auto blue 2")
	p.send(t, "start")
	first := time.Now()
	p.expect(t, "Red (AI level 2) plays", procTimeout)
	firstAt := time.Since(first)
	p.expect(t, "Blue (AI level 2) plays", procTimeout)
	p.expect(t, "Red (AI level 2) plays", procTimeout)
	if gap := time.Since(first) - firstAt; gap < 2*time.Second {
		t.Errorf("AI against AI: two more moves came %v after the first; want them as they are made (2 s each)", gap)
	}
}

// TestUsersGuideInTheConsole: the guide's words, read literally: start
// plays the opponent; auto on both sides then start plays the AI against
// itself to the end; after clear the seat auto took is the user's again.
func TestUsersGuideInTheConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	for _, tt := range []struct {
		name, input string
		want        []string
	}{
		{"start plays the opponent", "start\nstatus\n", []string{"Game on: Red (you) vs Blue (AI level 3). Red (you) to move.", "Ataxx: Red (you), Blue (AI level 3)."}},
		{"the AI against itself", "auto red 2\nauto blue 2\nstart\n", []string{"Red is played by the AI (level 2).", "Game on: Red (AI level 2) vs Blue (AI level 2).", "wins. (|Draw. ("}},
		{"clear gives the seat back", "start\nauto\nclear\nstatus\n", []string{"Red is played by the AI (level 3).", "New game of Ataxx in setup. Red (you), Blue (AI level 3)."}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := runBot(t, bin, tt.input)
			for _, w := range tt.want {
				found := false
				for _, alt := range strings.Split(w, "|") {
					found = found || strings.Contains(out, alt)
				}
				if !found {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestAbaloneSaveLoadsFromAFile: what abalone save prints is a file the
// console's load FILE replays.
func TestAbaloneSaveLoadsFromAFile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	out := runBot(t, bin, "abalone start @bob\n<bob> join\na1b2\n<bob> i6h6\nabalone save\n")
	i := strings.Index(out, "abalone load standard")
	if i < 0 {
		t.Fatalf("no saved game in:\n%s", out)
	}
	file := filepath.Join(t.TempDir(), "game.txt")
	os.WriteFile(file, []byte(out[i:]), 0o644)
	got := runBot(t, bin, "load "+file+"\nabalone show\n")
	if !strings.Contains(got, "Loaded: standard start, 2 moves; black to move.") {
		t.Fatalf("load %s:\n%s\ngot:\n%s", file, out[i:], got)
	}
}

// TestLinkAcrossRuns: the real binary on one bolt store: ann asks for a
// link code in one run, bea says it in the next, and bea's history is then
// ann's player's.
func TestLinkAcrossRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	config := func(user string) string {
		p := filepath.Join(dir, user+".yaml")
		if err := os.WriteFile(p, []byte("archive: true\nconsole:\n  user: "+user+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := runBot(t, bin, "start ai\nresign\nlink\nquit\n", "-store", "bolt:"+db, "-config", config("ann"))
	code := regexp.MustCompile(`[0-9A-Z]{5}-[0-9A-Z]{5}`).FindString(first)
	if code == "" || !strings.Contains(first, "(game 1)") {
		t.Fatalf("first run: got\n%s\nwant game 1 and a link code", first)
	}
	second := runBot(t, bin, "history\nlink "+code+"\nhistory\nlink list\n", "-store", "bolt:"+db, "-config", config("bea"))
	for _, want := range []string{"No archived games of bea", "Linked: you are now the player console:ann", "Games of bea, newest first", "also known as console:bea"} {
		if !strings.Contains(second, want) {
			t.Errorf("second run: got\n%s\nwant %q", second, want)
		}
	}
	third := runBot(t, bin, "link "+code+"\n", "-store", "bolt:"+db, "-config", config("cy"))
	if !strings.Contains(third, "no such link code") {
		t.Errorf("the code in a third run: got\n%s\nwant it refused", third)
	}
}
