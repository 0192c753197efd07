package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx/pgn"
)

// buildCmd builds the command cmd/name for the tests and returns its path.
func buildCmd(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, "../"+name).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// buildUAI builds cmd/ataxx-uai, the Ataxx engine.
func buildUAI(t *testing.T) string { return buildCmd(t, "ataxx-uai") }

var (
	gameLine  = regexp.MustCompile(`(?m)^Game (\d+)/(\d+): (.*) \(Red\) vs (.*) \(Blue\): (Red wins|Blue wins|Draw)\. .*$`)
	scoreLine = regexp.MustCompile(`(?m)^Score of (.*) vs (.*): (\d+) - (\d+) - (\d+)  \[([0-9.]+)\] (\d+)$`)
)

// readLog reads a match's PGN log and returns its games by round (from 1).
func readLog(t *testing.T, path string) map[int]pgn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pgn.Read(f)
	if err != nil {
		t.Fatalf("pgn.Read of the log: %v", err)
	}
	byRound := map[int]pgn.Game{}
	for _, g := range games {
		s, _ := g.Tag("Round")
		round, err := strconv.Atoi(s)
		if err != nil || byRound[round].Result != "" {
			t.Fatalf("log: round %q is not a number, or is there twice", s)
		}
		byRound[round] = g
	}
	return byRound
}

// TestMatchConcurrency plays the same match one game at a time and two at
// once (fixed depths and a random mover seeded by the position: every
// game is the same whichever process plays it). Two at a time, every
// game is played once, with the opening and colours its index gives it;
// the log holds every game whole and the same games; the summary adds up
// the lines and is the same.
func TestMatchConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs engines")
	}
	bin := buildUAI(t)
	const games, seed = 8, 5
	var outs [2]string
	var logs [2]map[int]pgn.Game
	for i, n := range []int{1, 2} {
		var out bytes.Buffer
		pgnPath := filepath.Join(t.TempDir(), "games.pgn")
		err := run(context.Background(), []string{"-e1", bin, "-e2", bin, "-o1", "Level=2", "-o2", "Level=3",
			"-games", strconv.Itoa(games), "-tc", "depth=2", "-seed", strconv.Itoa(seed), "-pgn", pgnPath,
			"-concurrency", strconv.Itoa(n)}, &out)
		if err != nil {
			t.Fatalf("concurrency %d: run: %v\n%s", n, err, out.String())
		}
		outs[i], logs[i] = out.String(), readLog(t, pgnPath)
	}
	out, log := outs[1], logs[1]

	score := scoreLine.FindStringSubmatch(out)
	if score == nil {
		t.Fatalf("no score line in:\n%s", out)
	}
	names := [2]string{score[1], score[2]}
	played := map[int]bool{}
	var wins, losses, draws int
	for _, m := range gameLine.FindAllStringSubmatch(out, -1) {
		g, _ := strconv.Atoi(m[1])
		if m[2] != strconv.Itoa(games) || g < 1 || g > games || played[g] {
			t.Errorf("game line %q: not one of %d games, or a game played twice", m[0], games)
			continue
		}
		played[g] = true
		first := (g - 1) % 2 // the engine that plays Red
		if m[3] != names[first] || m[4] != names[1-first] {
			t.Errorf("game %d: %s (Red) vs %s (Blue); want %s vs %s", g, m[3], m[4], names[first], names[1-first])
		}
		switch {
		case m[5] == "Draw":
			draws++
		case (m[5] == "Red wins") == (first == 0):
			wins++
		default:
			losses++
		}

		start := opening(seed, (g-1)/2)
		want := start.FEN()
		lg, ok := log[g]
		if !ok {
			t.Errorf("game %d is not in the log", g)
			continue
		}
		fen, _ := lg.Tag("FEN")
		black, _ := lg.Tag("Black")
		result := map[string]string{"Red wins": pgn.BlackWins, "Blue wins": pgn.WhiteWins, "Draw": pgn.Draw}[m[5]]
		if fen != want || black != names[first] || lg.Result != result {
			t.Errorf("game %d logged from %s, Black %s, %s; want %s, %s, %s", g, fen, black, lg.Result, want, names[first], result)
		}
		one := logs[0][g]
		if !slices.Equal(lg.Moves, one.Moves) || lg.Result != one.Result {
			t.Errorf("game %d: %v %s two at a time; %v %s one at a time", g, lg.Moves, lg.Result, one.Moves, one.Result)
		}
	}
	if len(played) != games || len(log) != games {
		t.Errorf("%d games printed and %d logged; want %d\n%s", len(played), len(log), games, out)
	}
	want := fmt.Sprintf("%d - %d - %d  [%.3f] %d", wins, losses, draws, (float64(wins)+float64(draws)/2)/games, games)
	if !strings.HasSuffix(score[0], want) || !strings.Contains(out, "Lost on time: 0 (1), 0 (2)") {
		t.Errorf("summary %q, no time losses; the lines add up to %q", score[0], want)
	}
	summary := func(s string) string { return s[strings.Index(s, "Score of"):] }
	if summary(out) != summary(outs[0]) {
		t.Errorf("summary two at a time:\n%s\none at a time:\n%s", summary(out), summary(outs[0]))
	}
}

// TestUGIMatchConcurrency: two UGI games at a time, each table with its
// own referee, play every game once with the right colours.
func TestUGIMatchConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engines")
	}
	ugiBin := buildUGI(t)
	var out bytes.Buffer
	err := run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin + " -game congo", "-e2", ugiBin + " -game congo",
		"-games", "6", "-tc", "depth=2", "-start", "3l3/7/7/7/7/7/3L3/w/-1", "-concurrency", "2"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	lines := regexp.MustCompile(`(?m)^Game (\d)/6: .* \((\d)\) \(player 1\) vs .* \((\d)\) \(player 2\): player 1 wins $`).FindAllStringSubmatch(got, -1)
	played := map[string]bool{}
	for _, m := range lines {
		g, _ := strconv.Atoi(m[1])
		want := [2]string{"1", "2"}
		if g%2 == 0 {
			want = [2]string{"2", "1"}
		}
		if played[m[1]] || [2]string{m[2], m[3]} != want {
			t.Errorf("%q: played twice, or player 1 is not engine %s", m[0], want[0])
		}
		played[m[1]] = true
	}
	if len(played) != 6 || !strings.Contains(got, "3 - 3 - 0  [0.500] 6") {
		t.Errorf("six lion-takes-lion games two at a time: got\n%s", got)
	}
}

// cancelAfterGame is the match's output; it cancels the match once a game
// has ended.
type cancelAfterGame struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelAfterGame) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.HasPrefix(p, []byte("Game ")) {
		w.cancel()
	}
	return w.buf.Write(p)
}

// TestMatchConcurrencyCancel: canceling the match (Ctrl-C) while two
// games are under way stops both workers; run returns soon with the
// summary of the games it recorded, and every engine process it started
// has exited and been reaped.
func TestMatchConcurrencyCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs engines")
	}
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("needs /proc to see the engine processes")
	}
	bin := buildUAI(t)
	// The wrapper notes its process id, which exec hands to the engine.
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	wrapper := filepath.Join(dir, "engine")
	script := fmt.Sprintf("#!/bin/sh\necho $$ >> %s\nexec %s \"$@\"\n", pids, bin)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelAfterGame{cancel: cancel}
	began := time.Now()
	// A random mover against the full engine at level 2 ends a game in a
	// few plies; the other game, 20 ms a move, is under way at the cancel.
	err := run(ctx, []string{"-e1", wrapper, "-e2", wrapper, "-o1", "Level=1", "-games", "400", "-tc", "movetime=20",
		"-concurrency", "2"}, out)
	took := time.Since(began)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.buf.String())
	}
	if took > 20*time.Second {
		t.Errorf("run took %v after the cancel", took)
	}
	got := out.buf.String()
	t.Logf("canceled after %v:\n%s", took, got)
	m := scoreLine.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("no summary after the cancel:\n%s", got)
	}
	n := len(regexp.MustCompile(`(?m)^Game `).FindAllString(got, -1))
	if m[7] != strconv.Itoa(n) || n >= 400 {
		t.Errorf("summary counts %s games; %d lines printed, of 400\n%s", m[7], n, got)
	}
	data, err := os.ReadFile(pids)
	if err != nil {
		t.Fatal(err)
	}
	started := strings.Fields(string(data))
	if len(started) != 4 {
		t.Errorf("%d engine processes started; want 4 (2 tables of 2)", len(started))
	}
	for _, pid := range started {
		// A process that has exited but not been waited for is still in
		// /proc, a zombie.
		if _, err := os.Stat("/proc/" + pid); err == nil {
			state, _ := os.ReadFile("/proc/" + pid + "/stat")
			t.Errorf("engine process %s is still there after run: %s", pid, state)
		}
	}
}
