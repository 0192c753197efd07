package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// With STRATEGO_AGENT_TEST set the test binary is the agent program, at
// the level its link's name ends with ("level2").
func TestMain(m *testing.M) {
	if os.Getenv("STRATEGO_AGENT_TEST") != "" {
		name := filepath.Base(os.Args[0])
		os.Setenv("STRATEGO_AGENT_LEVEL", strings.TrimPrefix(name, "level"))
		os.Args = os.Args[:1]
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Our agent plays whole games through the manager's Run against a
// random mover (level 0) without a protocol fault, and wins: a VICTORY,
// or the random mover's SURRENDER when it has no move left.
func TestAgentThroughManager(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, n := range []string{"level0", "level1"} {
		if err := os.Symlink(exe, filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("STRATEGO_AGENT_TEST", "1")
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	// One game each way; level 1 (two worlds, one ply) keeps it quick
	// under -race.
	for i, pair := range [][2]string{{"level1", "level0"}, {"level0", "level1"}} {
		t.Setenv("STRATEGO_AGENT_SEED", string(rune('1'+i)))
		var ps [2]agent.Player
		for c, n := range pair {
			p, err := agent.StartProgram(filepath.Join(dir, n), 5*time.Second, os.Stderr)
			if err != nil {
				t.Fatal(err)
			}
			ps[c] = p
		}
		r := agent.Run(ps[0], ps[1], agent.Config{Options: stratego.Options{TurnLimit: 1000}})
		ours := "RED"
		if pair[1] == "level1" {
			ours = "BLUE"
		}
		won := (r.Outcome == agent.Victory && r.Colour == ours) || (r.Outcome == agent.Surrender && r.Colour != ours)
		if !won {
			t.Errorf("game %d (%s vs %s): %v; want a VICTORY for %s or the other's SURRENDER", i, pair[0], pair[1], r, ours)
		}
	}
}
