package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestMigrateAndBackupArguments: -h is the usage on standard output
// with code 0; what cannot be done is refused with a line and code 2 (a
// usage error) or 1, before any store is written.
func TestMigrateAndBackupArguments(t *testing.T) {
	db := filepath.Join(t.TempDir(), "none.db")
	for _, c := range []struct {
		name     string
		args     []string
		code     int
		out, err string
	}{
		{"migrate help", []string{"migrate", "-h"}, 0, "Usage: ataxxbot migrate -from STORE -to STORE", ""},
		{"backup help", []string{"backup", "-h"}, 0, "Usage: ataxxbot backup", ""},
		{"the main help names both", []string{"-h"}, 0, "\n  migrate ", ""},
		{"no -to", []string{"migrate", "-from", "bolt:" + db}, 2, "", "give -from STORE and -to STORE"},
		{"one store twice", []string{"migrate", "-from", "bolt:" + db, "-to", "bolt:" + db}, 2, "", "the same store"},
		{"a missing bolt source", []string{"migrate", "-from", "bolt:" + db, "-to", "bolt:" + db + "2"}, 1, "", "no such file"},
		{"mem", []string{"migrate", "-from", "mem", "-to", "bolt:" + db}, 1, "", "mem keeps nothing"},
		{"a file as the target", []string{"migrate", "-from", "bolt:" + db, "-to", "file:x.jsonl.gz"}, 2, "", "ataxxbot backup"},
		{"a cut-short cluster address", []string{"migrate", "-from", "cluster:localhost", "-to", "bolt:" + db}, 1, "", "want HOST:PORT"},
		{"backup without -o", []string{"backup", "-store", "bolt:" + db}, 2, "", "give -o FILE"},
		{"backup of a missing bolt file", []string{"backup", "-store", "bolt:" + db, "-o", db + ".gz"}, 1, "", "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(t.Context(), c.args, strings.NewReader(""), &out, &errOut)
			if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(errOut.String(), c.err) {
				t.Errorf("run(%q): got code %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, out.String(), errOut.String(), c.code, c.out, c.err)
			}
		})
	}
}

// runCode runs the binary and returns its standard output and its exit
// status.
func runCode(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return string(out) + stderr.String(), exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return string(out) + stderr.String(), 0
}

// quitProc ends a console process as a user does, and waits for it.
func quitProc(t *testing.T, p *proc) {
	t.Helper()
	p.send(t, "quit")
	p.expect(t, "The program is terminated", procTimeout)
	p.stdin.Close()
	p.cmd.Wait()
}

// TestMigrateBoltToClusterAndBack: the real program on a bolt file plays
// a finished rated game, leaves a game running against the AI and runs
// a tournament to its end; ataxxbot migrate moves it all to a real Redis
// Cluster (a second run changes nothing), where the bot plays on: the
// running game takes its next move and the AI answers, a move typed in
// a hosted game's window reaches it, the rating, the archived game and
// the tournament read back, and a new game gets the next id. Then back to a new bolt file, where it plays on again; a
// backup of that file restores into a third; and the cluster's older
// copy is refused over the newer bolt file, with exit status 3.
func TestMigrateBoltToClusterAndBack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary and a Redis Cluster")
	}
	cluster := redistest.StartCluster(t)
	bin := buildBot(t)
	dir := t.TempDir()
	first, second, third := filepath.Join(dir, "first.db"), filepath.Join(dir, "second.db"), filepath.Join(dir, "third.db")
	common := "archive: true\nconsole:\n  user: alice\ntournament:\n  max_plies: 30\n"
	boltCfg := writeConfig(t, common)
	clusterSpec := "cluster:" + strings.Join(cluster.Addrs, ",")
	clusterCfg := writeConfig(t, common+"store:\n  kind: redis\n  cluster: true\n  addrs: ["+strings.Join(cluster.Addrs, ", ")+"]\n")

	// On the bolt file: a finished rated game, a running one, a tournament.
	p := startProc(t, bin, "bot on bolt", nil, "-store", "bolt:"+first, "-config", boltCfg)
	p.send(t, "start @bob")
	p.send(t, "<bob> join")
	p.send(t, "a7-b6")
	p.send(t, "<bob> g7-f6")
	p.send(t, "resign")
	gameID := regexp.MustCompile(`\bgame (\w+)\)`) // "(game 1)", "(no pieces left; game 5)"
	used := map[string]bool{}                      // every game id given on the bolt file
	lines := p.expect(t, "Blue wins.", procTimeout)
	finished := gameID.FindStringSubmatch(lines[len(lines)-1])
	if finished == nil {
		t.Fatalf("no game id in %q", lines[len(lines)-1])
	}
	p.send(t, "rating")
	ratingLine := p.expect(t, "alice: Ataxx", procTimeout)
	rating := ratingLine[len(ratingLine)-1]
	p.send(t, "/join #run")
	p.send(t, "start ai")
	p.send(t, "a7-b6")
	lines = append(lines, p.expect(t, "Blue (AI level 3) plays", procTimeout)...)
	p.send(t, "/join #host") // a hosted game, joined from another channel's window
	p.send(t, "host g1")
	p.send(t, "/join #window")
	p.send(t, "<bob> join g1")
	p.send(t, "/join #host")
	p.send(t, "a7-b6")
	lines = append(lines, p.expect(t, "[#window] Red (alice) plays a7-b6.", procTimeout)...)
	p.send(t, "/join #tour")
	p.send(t, "tournament ataxx roundrobin ai:1 ai:2 tc 1m")
	lines = append(lines, p.expect(t, " is over.", time.Minute)...)
	tour := regexp.MustCompile(`Tournament (\S+) is over\.`).FindStringSubmatch(lines[len(lines)-1])
	for _, l := range lines {
		if m := gameID.FindStringSubmatch(l); m != nil {
			used[m[1]] = true
		}
	}
	quitProc(t, p)
	if tour == nil || len(used) < 5 {
		t.Fatalf("on bolt: got tournament %q and game ids %v; want a tournament and 5 games", tour, used)
	}

	// To the Cluster, twice.
	out, code := runCode(t, bin, "migrate", "-from", "bolt:"+first, "-to", clusterSpec)
	if code != 0 || !strings.Contains(out, "copied: ") || !regexp.MustCompile(`verified: \d+ items`).MatchString(out) {
		t.Fatalf("migrate to the cluster: got code %d:\n%s\nwant 0, copied and verified", code, out)
	}
	t.Logf("bolt -> cluster:\n%s", out)
	out, code = runCode(t, bin, "migrate", "-from", "bolt:"+first, "-to", clusterSpec)
	if code != 0 || !strings.Contains(out, "nothing to change") {
		t.Fatalf("migrate to the cluster again: got code %d:\n%s\nwant 0 and nothing to change", code, out)
	}

	// On the Cluster the bot plays on.
	playsOn := func(name string, args []string, move, windowMove, hostStatus string) {
		t.Helper()
		q := startProc(t, bin, name, nil, args...)
		q.send(t, "/join #window") // a move typed in the window reaches the hosted game
		q.send(t, windowMove)
		q.expect(t, " plays "+windowMove[strings.Index(windowMove, ">")+2:]+".", procTimeout)
		q.send(t, "/join #host") // where the hosted game is: the move is there
		q.send(t, "status")
		q.expect(t, hostStatus, procTimeout)
		q.send(t, "/join #run")
		q.send(t, move)
		q.expect(t, "Red (alice) plays "+move+".", procTimeout)
		q.expect(t, "Blue (AI level 3) plays", procTimeout) // the AI answers, as owed
		q.send(t, "rating")
		if got := q.expect(t, "alice: Ataxx", procTimeout); got[len(got)-1] != rating {
			t.Errorf("%s: rating: got %q; want %q", name, got[len(got)-1], rating)
		}
		q.send(t, "game "+finished[1])
		q.expect(t, "Red resigns. Blue wins.", procTimeout)
		q.send(t, "/join #tour")
		q.send(t, "tournament status")
		status := strings.Join(q.expect(t, "Tournament "+tour[1], procTimeout), "\n") + strings.Join(q.drain(300*time.Millisecond), "\n")
		if !strings.Contains(status, "finished, 2 of 2 games played") {
			t.Errorf("%s: tournament status: got\n%s\nwant %s finished", name, status, tour[1])
		}
		q.send(t, "/join #new")
		q.send(t, "new")
		q.send(t, "start ai")
		on := q.expect(t, "Game on:", procTimeout)
		m := gameID.FindStringSubmatch(on[len(on)-1])
		if m == nil || used[m[1]] {
			t.Errorf("%s: a new game: got %q; want an id never given before (%v)", name, on[len(on)-1], used)
		} else {
			used[m[1]] = true
		}
		quitProc(t, q)
	}
	playsOn("bot on the cluster", []string{"-config", clusterCfg}, "a7-a6", "<bob> g7-f6", "Red 3, Blue 3. Red (alice) to move.")

	// Back to a new bolt file, where it plays on again.
	out, code = runCode(t, bin, "migrate", "-from", clusterSpec, "-to", "bolt:"+second)
	if code != 0 || !strings.Contains(out, "copied: ") {
		t.Fatalf("migrate back to bolt: got code %d:\n%s", code, out)
	}
	t.Logf("cluster -> bolt:\n%s", out)
	playsOn("bot on bolt again", []string{"-store", "bolt:" + second, "-config", boltCfg}, "g1-g2", "<alice> b6-c5", "Red 4, Blue 3. Blue (bob) to move.")

	// A backup of it restores into a third file, whole.
	backupFile := filepath.Join(dir, "second.jsonl.gz")
	if out, code := runCode(t, bin, "backup", "-store", "bolt:"+second, "-o", backupFile); code != 0 || !strings.Contains(out, "wrote ") {
		t.Fatalf("backup: got code %d:\n%s", code, out)
	}
	if out, code := runCode(t, bin, "migrate", "-from", "file:"+backupFile, "-to", "bolt:"+third); code != 0 {
		t.Fatalf("migrate from the backup: got code %d:\n%s", code, out)
	}
	if out, code := runCode(t, bin, "migrate", "-from", "bolt:"+second, "-to", "bolt:"+third); code != 0 || !strings.Contains(out, "nothing to change") {
		t.Fatalf("the restored file against its original: got code %d:\n%s\nwant nothing to change", code, out)
	}

	// The cluster's copy of #run is older than the bolt file's now: it is
	// refused, and said.
	out, code = runCode(t, bin, "migrate", "-from", clusterSpec, "-to", "bolt:"+second)
	if code != exitKept || !strings.Contains(out, "refused: record console:#run: the target's record is newer") {
		t.Fatalf("migrate the older cluster over the newer bolt file: got code %d:\n%s\nwant %d and the refusal named", code, out, exitKept)
	}
}
