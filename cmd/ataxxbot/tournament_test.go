package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// writeProgram writes an executable shell script.
func writeProgram(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// Stand-ins for the misbehaving programs of a progcomp competition: both
// send a good army (the manager's sample agents' one), then the crasher
// dies at its first move and the babbler answers it with a greeting.
const (
	armies = `read colour rest
if [ "$colour" = RED ]; then
  printf 'FB8sB479B8\nBB31555583\n6724898974\n967B669999\n'
else
  printf '967B669999\n6724898974\nBB31555583\nFB8sB479B8\n'
fi
`
	crasher = "#!/bin/sh\n" + armies + "read line\nexit 3\n"
	babbler = "#!/bin/sh\n" + armies + "while read line; do echo 'good morning, manager'; done\n"
)

// TestStrategoRoundRobinOfPrograms: a channel runs a round robin of our
// Stratego agent and two misbehaving stand-ins; each misbehaving program
// loses the game it misbehaves in, the standings and crosstable say so,
// every game is in the archive with its export, and no program's process is
// left behind.
func TestStrategoRoundRobinOfPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	agent := pipetest.Build(t, "stratego-agent")
	crash := writeProgram(t, "crasher", crasher)
	babble := writeProgram(t, "babbler", babbler)
	bin := buildBot(t)
	cfg := writeConfig(t, "games:\n  stratego:\n    engines:\n"+
		"      - {name: agent, path: "+agent+", move_time: 2s}\n"+
		"      - {name: crasher, path: "+crash+", move_time: 2s}\n"+
		"      - {name: babbler, path: "+babble+", move_time: 2s}\n"+
		"tournament:\n  games: 2\n")
	p := startProc(t, bin, "bot", nil, "-config", cfg, "-store", "bolt:"+filepath.Join(t.TempDir(), "games.db"))
	p.send(t, "tournament stratego roundrobin ai:agent ai:crasher ai:babbler")
	p.expect(t, "Stratego round robin, 3 players (ai:agent, ai:crasher, ai:babbler), 2 rounds", 10*time.Second)
	said := strings.Join(p.expect(t, "is over.", 3*time.Minute), "\n")
	results := regexp.MustCompile(`round \d+: (ai:\w+) (1-0|0-1|½-½) (ai:\w+) \(([^;]+); game (\w+)\)`).FindAllStringSubmatch(said, -1)
	if len(results) != 6 {
		t.Fatalf("results: got %d; want 6\n%s", len(results), said)
	}
	for _, r := range results {
		winner, loser := r[1], r[3]
		if r[2] == "0-1" {
			winner, loser = loser, winner
		}
		switch {
		case r[2] == "½-½":
			t.Errorf("a draw: %s", r[0])
		case winner == "ai:crasher" && loser == "ai:agent", winner == "ai:babbler" && loser == "ai:agent":
			t.Errorf("a misbehaving program beat the agent: %s", r[0])
		case loser == "ai:agent":
			t.Errorf("the agent lost: %s", r[0])
		}
	}
	p.send(t, "tournament status")
	status := strings.Join(p.expect(t, "ai:babbler", 10*time.Second), "\n")
	status += "\n" + strings.Join(p.drain(300*time.Millisecond), "\n")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`finished, 6 of 6 games played`),
		regexp.MustCompile(`(?m)^\s*1\s+ai:agent\s+4\s+4\s+4-0-0`),
		regexp.MustCompile(`(?m)^\s*2\s+ai:(crasher|babbler)\s+1\s+4\s+1-0-3`),
	} {
		if !want.MatchString(status) {
			t.Errorf("status: got\n%s\nwant a match for %q", status, want)
		}
	}
	p.send(t, "tournament crosstable")
	cross := strings.Join(p.expect(t, "Total", 10*time.Second), "\n") + "\n" + strings.Join(p.drain(300*time.Millisecond), "\n")
	if !regexp.MustCompile(`(?m)^\s*1\s+ai:agent\s+x\s+2\s+2\s+4`).MatchString(cross) {
		t.Errorf("crosstable: got\n%s\nwant the agent's row: x 2 2, total 4", cross)
	}
	p.send(t, "export "+results[0][5]) // the manager's log of the game
	p.expect(t, " SETUP", 10*time.Second)
	if kids := pipetest.Children(t, p.cmd.Process.Pid); len(kids) > 0 {
		t.Errorf("programs left running under the bot: %v", kids)
	}
}

// TestAtaxxGauntletSurvivesKill9: an Ataxx gauntlet of an external UAI
// engine (our ataxx-uai) against the built-in levels 1 to 3, on a 2s+20ms
// clock; the bot is killed with SIGKILL mid-tournament, and right after its
// restart the standings hold every game finished before; the restarted bot
// finishes the tournament, each game counted once.
func TestAtaxxGauntletSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	uai := pipetest.Build(t, "ataxx-uai")
	bin := buildBot(t)
	cfg := writeConfig(t, "engines:\n  - {name: uai, path: "+uai+", options: {Hash: \"8\"}, move_time: 100ms}\n"+
		"tournament:\n  games: 2\n")
	db := filepath.Join(t.TempDir(), "games.db")
	p := startProc(t, bin, "bot", nil, "-config", cfg, "-store", "bolt:"+db)
	p.send(t, "tournament ataxx gauntlet ai:uai ai:1 ai:2 ai:3 rounds 2 tc 2s+20ms")
	p.expect(t, "Ataxx gauntlet, 4 players (ai:uai, ai:1, ai:2, ai:3), 2 rounds, clock 2s+20ms: 0 of 6 games played", 10*time.Second)
	first := strings.Join(p.expect(t, "1 of 6 games played", 2*time.Minute), "\n")
	if err := p.cmd.Process.Kill(); err != nil { // SIGKILL: no goodbye
		t.Fatal(err)
	}
	p.cmd.Wait()
	done := regexp.MustCompile(`round \d+: (ai:\w+) (1-0|0-1|½-½) (ai:\w+)`).FindAllStringSubmatch(first, -1)
	if len(done) != 1 {
		t.Fatalf("before the kill: got %d results; want 1\n%s", len(done), first)
	}

	q := startProc(t, bin, "bot2", nil, "-config", cfg, "-store", "bolt:"+db)
	q.send(t, "tournament status")
	status := strings.Join(q.expect(t, "Tournament t", 10*time.Second), "\n") + "\n" + strings.Join(q.drain(500*time.Millisecond), "\n")
	played := regexp.MustCompile(`: (\d) of 6 games played`).FindStringSubmatch(status)
	if played == nil || played[1] == "0" {
		t.Fatalf("status right after the restart: got\n%s\nwant the game finished before the kill", status)
	}
	// The game that ended before the kill is in the standings: its
	// winner has a point.
	winner := done[0][1]
	if done[0][2] == "0-1" {
		winner = done[0][3]
	}
	if done[0][2] != "½-½" && !regexp.MustCompile(`(?m)^\s*\d\s+`+regexp.QuoteMeta(winner)+`\s+[1-9]`).MatchString(status) {
		t.Errorf("standings right after the restart: got\n%s\nwant %s with a point", status, winner)
	}
	q.expect(t, "is over.", 3*time.Minute)
	q.send(t, "tournament games")
	games := strings.Join(q.expect(t, "R2", 10*time.Second), "\n") + "\n" + strings.Join(q.drain(500*time.Millisecond), "\n")
	if n := len(regexp.MustCompile(`: (1-0|0-1|½-½) \(game \w+\)`).FindAllString(games, -1)); n != 6 {
		t.Errorf("games with a result after the restart: got %d; want 6\n%s", n, games)
	}
	q.send(t, "tournament status")
	final := strings.Join(q.expect(t, "Tournament t", 10*time.Second), "\n") + "\n" + strings.Join(q.drain(500*time.Millisecond), "\n")
	if !strings.Contains(final, "finished, 6 of 6 games played") || !regexp.MustCompile(`(?m)^\s*1\s+ai:`).MatchString(final) {
		t.Errorf("final status: got\n%s", final)
	}
	// The operator reads the tournament as stored.
	id := regexp.MustCompile(`Tournament (t\w+)`).FindStringSubmatch(final)
	q.cmd.Process.Kill()
	q.cmd.Wait()
	if id == nil {
		t.Fatalf("no tournament id in %q", final)
	}
	stored := runBot(t, bin, "", "record", "-store", "bolt:"+db, "-key", "tournament:"+id[1])
	if !strings.Contains(stored, `"state": "finished"`) || strings.Count(stored, `"state": "done"`) != 6 {
		t.Errorf("ataxxbot record -key tournament:%s: got\n%s\nwant it finished with 6 games done", id[1], stored)
	}
}

// TestTournamentFailsOver: two bot processes share one Redis; one makes a
// tournament and is killed with SIGKILL after its first result; the other,
// which found the tournament in the store's owed work, drives it to the
// end, every game counted once.
func TestTournamentFailsOver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	url := redistest.Start(t).URL
	uai := pipetest.Build(t, "ataxx-uai")
	bin := buildBot(t)
	cfg := writeConfig(t, "engines:\n  - {name: uai, path: "+uai+", options: {Hash: \"8\"}, move_time: 100ms}\n")
	a := startProc(t, bin, "first bot", nil, "-config", cfg, "-store", url)
	b := startProc(t, bin, "second bot", nil, "-config", cfg, "-store", url)
	a.send(t, "tournament ataxx gauntlet ai:uai ai:1 ai:2 ai:3 rounds 2 tc 2s+20ms")
	a.expect(t, "0 of 6 games played", 10*time.Second)
	a.expect(t, "1 of 6 games played", 2*time.Minute)
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.cmd.Wait()
	b.expect(t, "is over.", 3*time.Minute)
	b.send(t, "tournament games")
	games := strings.Join(b.expect(t, "R2", 10*time.Second), "\n") + "\n" + strings.Join(b.drain(500*time.Millisecond), "\n")
	if n := len(regexp.MustCompile(`: (1-0|0-1|½-½) \(game \w+\)`).FindAllString(games, -1)); n != 6 {
		t.Errorf("games with a result: got %d; want 6\n%s", n, games)
	}
	b.send(t, "tournament status")
	status := strings.Join(b.expect(t, "Tournament t", 10*time.Second), "\n") + "\n" + strings.Join(b.drain(500*time.Millisecond), "\n")
	if !strings.Contains(status, "finished, 6 of 6 games played") {
		t.Errorf("status: got\n%s", status)
	}
	if m := regexp.MustCompile(`(?m)^\s*\d\s+ai:\w+\s+[\d.]+\s+(\d)\s`).FindAllStringSubmatch(status, -1); len(m) != 4 {
		t.Errorf("standings rows: got %d; want 4\n%s", len(m), status)
	} else {
		sum := 0
		for _, r := range m {
			n, _ := strconv.Atoi(r[1])
			sum += n
		}
		if sum != 12 { // 6 games, two players each
			t.Errorf("games counted in the standings: got %d; want 12 (each game once)\n%s", sum, status)
		}
	}
}

// A UAI engine's handshake, for the misbehaving stand-ins below.
const uaiHandshake = `#!/bin/sh
while read line; do
  case "$line" in
    uai) echo "id name stand-in"; echo uaiok;;
    isready) echo readyok;;
    quit) exit 0;;
`

// TestAtaxxProgramsThatMisbehaveLose: real UAI processes that answer
// nonsense, move illegally, never answer, or exit when asked for a move
// each lose the game where they do, in plain words, against the built-in
// AI; and no process is left behind.
func TestAtaxxProgramsThatMisbehaveLose(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	programs := map[string]string{
		"garbler": uaiHandshake + "    go*) echo 'bestmove nonsense';;\n  esac\ndone\n",
		"cheater": uaiHandshake + "    go*) echo 'bestmove d4d6';;\n  esac\ndone\n",
		"sleeper": uaiHandshake + "  esac\ndone\n",
		"quitter": uaiHandshake + "    go*) exit 4;;\n  esac\ndone\n",
	}
	conf := "engines:\n"
	for name, text := range programs {
		conf += "  - {name: " + name + ", path: " + writeProgram(t, name, text) + ", move_time: 100ms}\n"
	}
	bin := buildBot(t)
	p := startProc(t, bin, "bot", nil, "-config", writeConfig(t, conf+"log_level: error\ntournament:\n  games: 2\n"))
	p.send(t, "tournament ataxx roundrobin ai:1 ai:garbler ai:cheater ai:sleeper ai:quitter rounds 1")
	said := strings.Join(p.expect(t, "is over.", 2*time.Minute), "\n")
	endings := map[string]int{}
	for _, m := range regexp.MustCompile(`\(([a-z ]+); game \w+\)`).FindAllStringSubmatch(said, -1) {
		endings[m[1]]++
	}
	for _, want := range []string{"bad response", "illegal move", "timed out", "program exited"} {
		if endings[want] == 0 {
			t.Errorf("no program lost by %q: endings %v\n%s", want, endings, said)
		}
	}
	if n := endings["bad response"] + endings["illegal move"] + endings["timed out"] + endings["program exited"]; n != 10 {
		t.Errorf("games lost by a misbehaving program: got %d; want 10 (each game has one)\n%s", n, said)
	}
	p.send(t, "tournament status")
	status := strings.Join(p.expect(t, "ai:quitter", 10*time.Second), "\n")
	if !regexp.MustCompile(`(?m)^\s*1\s+ai:1\s+4\s+4\s+4-0-0`).MatchString(status) {
		t.Errorf("standings: got\n%s\nwant ai:1 first, 4-0-0", status)
	}
	if kids := pipetest.Children(t, p.cmd.Process.Pid); len(kids) > 0 {
		t.Errorf("programs left running under the bot: %v", kids)
	}
}

// TestTournamentOnIRC: on a real IRC server, a channel runs a round robin
// of built-in levels (its results and standings said in the channel),
// then one where the speaker plays: pinged when paired, they play their
// game in the channel and their resignation counts.
func TestTournamentOnIRC(t *testing.T) {
	t.Parallel() // its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd and the bot")
	}
	srv := ircdtest.Start(t)
	bin := buildBot(t)
	cfg := writeConfig(t, fmt.Sprintf("store: bolt:%s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#comp\"]\n",
		filepath.Join(t.TempDir(), "games.db"), srv.Port))
	startProc(t, bin, "bot", nil, "-config", cfg)
	p := ircdtest.Connect(t, srv, "zoe", "zoe")
	p.JoinWith("#comp", "ataxxbot", 30*time.Second)
	p.Say("#comp", "!tournament ataxx roundrobin ai:2 ai:3 ai:4 rounds 1")
	p.Expect(`PRIVMSG #comp :Tournament t\w+: Ataxx round robin, 3 players`, 30*time.Second)
	said := strings.Join(p.Expect(`PRIVMSG #comp :Tournament t\w+ is over\.`, time.Minute), "\n")
	results := regexp.MustCompile(`PRIVMSG #comp :Tournament t\w+, round \d+: (ai:\d) (1-0|0-1|½-½) (ai:\d)`).FindAllStringSubmatch(said, -1)
	if len(results) != 3 {
		t.Errorf("results said in the channel: got %d; want 3\n%s", len(results), said)
	}
	points := map[string]float64{} // each level's points by the results said
	for _, r := range results {
		first := map[string]float64{"1-0": 1, "0-1": 0, "½-½": 0.5}[r[2]]
		points[r[1]] += first
		points[r[3]] += 1 - first
	}
	p.Expect(`PRIVMSG #comp :#\s+Player\s+Pts`, 30*time.Second)
	checkRoundRobinStandings(t, p, points)
	p.Say("#comp", "!tournament crosstable")
	p.Expect(`PRIVMSG #comp :\s+1\s+2\s+3\s+Total`, 30*time.Second)

	p.Say("#comp", "!tournament ataxx roundrobin ai:2 @zoe rounds 1")
	p.Expect(`PRIVMSG #comp :zoe, your tournament game is on here`, 30*time.Second)
	seen := p.Expect(`PRIVMSG #comp :Game on: Red \(.+?\) vs Blue \(.+?\)`, 30*time.Second)
	if strings.Contains(seen[len(seen)-1], "Red (zoe)") {
		p.Say("#comp", "!a7-b6")
	} else {
		p.Expect(`PRIVMSG #comp :Red \(AI level 2\) plays`, 30*time.Second)
		p.Say("#comp", "!g7-f6")
	}
	p.Expect(`PRIVMSG #comp :(Red|Blue) \(zoe\) plays`, 30*time.Second)
	p.Say("#comp", "!resign")
	p.Expect(`PRIVMSG #comp :Tournament t\w+, round 1: .*(1-0|0-1)`, 30*time.Second)
	p.Say("#comp", "!tournament")
	p.Expect(`PRIVMSG #comp :2\s+zoe\s+0\s+1\s+0-0-1`, 30*time.Second)
}

// checkRoundRobinStandings reads the standings rows of a finished single
// round robin of the levels 2, 3 and 4 from the channel: whoever won, each
// level is listed once, played 2 games, has as many points as its wins and
// half its draws and as many as the results said give it (points), and the
// rows hold the 3 games' 3 points, best first.
func checkRoundRobinStandings(t *testing.T, p *ircdtest.Player, points map[string]float64) {
	t.Helper()
	row := regexp.MustCompile(`PRIVMSG #comp :(\d)\s+(ai:\d)\s+([\d.]+)\s+(\d)\s+(\d)-(\d)-(\d)`)
	seen := map[string]bool{}
	total, last := 0.0, 3.0
	for range 3 {
		lines := p.Expect(row.String(), 30*time.Second)
		m := row.FindStringSubmatch(lines[len(lines)-1])
		pts, _ := strconv.ParseFloat(m[3], 64)
		games, _ := strconv.Atoi(m[4])
		w, _ := strconv.Atoi(m[5])
		d, _ := strconv.Atoi(m[6])
		l, _ := strconv.Atoi(m[7])
		if seen[m[2]] {
			t.Errorf("standings: %s listed twice", m[2])
		}
		seen[m[2]] = true
		if games != 2 || w+d+l != 2 {
			t.Errorf("standings row %q: got %d games, %d-%d-%d; want 2 games", m[0], games, w, d, l)
		}
		if pts != float64(w)+float64(d)/2 {
			t.Errorf("standings row %q: got %v points; want %v (a win 1, a draw ½)", m[0], pts, float64(w)+float64(d)/2)
		}
		if pts != points[m[2]] {
			t.Errorf("standings row %q: got %v points; want %v, as the results said", m[0], pts, points[m[2]])
		}
		if pts > last {
			t.Errorf("standings row %q: %v points below a row with %v", m[0], pts, last)
		}
		last = pts
		total += pts
	}
	if total != 3 {
		t.Errorf("points in the standings: got %v; want 3 (3 games, a point each)", total)
	}
	for _, lv := range []string{"ai:2", "ai:3", "ai:4"} {
		if !seen[lv] {
			t.Errorf("standings: no row for %s; got %v", lv, seen)
		}
	}
}
