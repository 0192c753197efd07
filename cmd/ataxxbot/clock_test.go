package main

import (
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestClockAcrossKill: a clocked game on the real binary and its own
// redis-server; the bot is killed (-9) while Blue is on move and started
// again; the flag still falls when Blue's turn began plus Blue's time, not
// when the new process began plus Blue's time.
func TestClockAcrossKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	const clock = 6 * time.Second
	url := redistest.Start(t).URL
	bin := buildBot(t)
	p := startProc(t, bin, "bot", nil, "-store", url)
	p.send(t, "<alice> start @bob 6s")
	p.expect(t, "(clock 6s each)", procTimeout)
	p.send(t, "<bob> join")
	if seen := p.expect(t, "Clock: 6s each.", procTimeout); !strings.HasPrefix(seen[len(seen)-1], "Game on: Red (alice) vs Blue (bob). Red (alice) to move.") {
		t.Fatalf("got %q; want the game's beginning to name its clock", seen[len(seen)-1])
	}
	p.send(t, "<alice> a7-b6")
	p.expect(t, "plays a7-b6", procTimeout)
	var rec *bot.Record
	for deadline := time.Now().Add(procTimeout); ; time.Sleep(20 * time.Millisecond) {
		if rec, _ = loadGame(t, url); rec.Clock != nil && rec.Clock.Turn == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Blue's turn was never stored")
		}
	}
	began := rec.Clock.Since
	flag := began.Add(time.Duration(rec.Clock.LeftMS[1]) * time.Millisecond)
	if got := flag.Sub(rec.Clock.Since); got != clock {
		t.Fatalf("Blue's time: got %v; want %v", got, clock)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
	time.Sleep(2 * time.Second) // down for a while: the clock runs on
	restarted := time.Now()
	if !restarted.Before(flag) {
		t.Fatalf("restarted %v after Blue's deadline; want before it (the test proves nothing otherwise)", restarted.Sub(flag))
	}
	p = startProc(t, bin, "restarted bot", nil, "-store", url)
	p.expect(t, "Blue loses on time. Red wins.", procTimeout)
	rec, _ = loadGame(t, url)
	if rec.Phase != bot.PhaseOver || rec.Ending != bot.EndTime || rec.Winner == nil || *rec.Winner != 0 {
		t.Fatalf("after the flag: got phase %s, ending %q, winner %v; want over on time, Red the winner", rec.Phase, rec.Ending, rec.Winner)
	}
	const tolerance = 1500 * time.Millisecond
	if off := rec.Updated.Sub(flag); off < 0 || off > tolerance {
		t.Fatalf("flag fell at %v: got %v after Blue's deadline %v; want within %v (the restart was at %v: restart + time left is %v)",
			rec.Updated.Format(time.StampMilli), off, flag.Format(time.StampMilli), tolerance, restarted.Format(time.StampMilli), restarted.Add(clock).Format(time.StampMilli))
	}
	t.Logf("deadline %v, flag claimed %v later; the restart was %v after the turn began",
		flag.Format(time.StampMilli), rec.Updated.Sub(flag), restarted.Sub(began))
}

// TestDefaultClockFromTheConfig: clock.default reaches the host (a start
// without a clock gets it; "none" asks for no clock), and a value the
// host cannot read stops the bot with a one-line error.
func TestDefaultClockFromTheConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildBot(t)
	good := writeConfig(t, "clock:\n  default: 5m+2s\n")
	out := runBot(t, bin, "<alice> start @bob\n<bob> join\n<alice> status\n", "console", "-store", "mem", "-config", good)
	for _, want := range []string{"bob, alice challenges you to Ataxx (clock 5m + 2s a move) as Blue",
		"Clock (5m + 2s a move): Red 5:00 (to move), Blue 5:00."} {
		if !strings.Contains(out, want) {
			t.Errorf("default clock: got\n%s\nwant a line with %q", out, want)
		}
	}
	out = runBot(t, bin, "<alice> start @bob none\n<bob> join\n<alice> status\n", "console", "-store", "mem", "-config", good)
	if strings.Contains(out, "lock") {
		t.Errorf("start none: got\n%s\nwant no clock", out)
	}
	bad := writeConfig(t, "clock:\n  default: 0s\n")
	cmd := exec.Command(bin, "-store", "mem", "-config", bad)
	cmd.Stdin = strings.NewReader("")
	msg, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(msg), "clock.default") || strings.Count(strings.TrimSpace(string(msg)), "\n") > 0 {
		t.Errorf("clock.default 0s: got %v, %q; want exit with one line naming clock.default", err, msg)
	}
}
