package ataxxgame_test

import (
	"bytes"
	"context"
	"fmt"
	pngpkg "image/png"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// crashEngine is a program that dies on every move, as the UAI player
// reports a process that exited.
type crashEngine struct{}

func (crashEngine) ChooseMove(context.Context, ataxx.Position, int, int64) (ataxx.Move, error) {
	return ataxx.NoMove, fmt.Errorf("engine failed: crasher exited")
}

// illegalEngine is a program that answers a move the rules forbid: a
// jump from a square it does not hold.
type illegalEngine struct{}

func (illegalEngine) ChooseMove(_ context.Context, pos ataxx.Position, _ int, _ int64) (ataxx.Move, error) {
	for _, text := range []string{"d4-d6", "d5-d7", "c3-e5"} {
		m, err := ataxx.ParseMove(text)
		if err == nil && pos.Legal(m) != nil {
			return m, nil
		}
	}
	return ataxx.NoMove, fmt.Errorf("no illegal move found")
}

// hangEngine is a program that never answers: the UAI player gives up at
// its move's deadline.
type hangEngine struct{}

func (hangEngine) ChooseMove(ctx context.Context, _ ataxx.Position, _ int, _ int64) (ataxx.Move, error) {
	ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	<-ctx.Done()
	return ataxx.NoMove, fmt.Errorf("engine failed: hanger: %w", ctx.Err())
}

// tourInbox collects what the bot says on its own, per channel, and never
// blocks the bot.
type tourInbox struct {
	mu  sync.Mutex
	got map[string][]string
	new chan struct{}
}

func newTourInbox() *tourInbox {
	return &tourInbox{got: map[string][]string{}, new: make(chan struct{}, 1)}
}

func (in *tourInbox) Send(_ context.Context, rs []bot.Reply) error {
	in.mu.Lock()
	for _, r := range rs {
		in.got[r.To.Channel] = append(in.got[r.To.Channel], r.Text)
	}
	in.mu.Unlock()
	select {
	case in.new <- struct{}{}:
	default:
	}
	return nil
}

// wait returns everything said at channel once a line matches want.
func (in *tourInbox) wait(t *testing.T, channel string, want *regexp.Regexp, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		in.mu.Lock()
		got := strings.Join(in.got[channel], "\n")
		in.mu.Unlock()
		if want.MatchString(got) {
			return got
		}
		select {
		case <-in.new:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("%s: nothing matches %q; got:\n%s", channel, want, got)
		}
	}
}

// channels lists the channels the bot said anything at.
func (in *tourInbox) channels() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []string
	for c := range in.got {
		out = append(out, c)
	}
	return out
}

func newTourBot(t *testing.T, st bot.Store, cfg bot.Config, opts ...hosttest.Option) (*hosttest.Host, *tourInbox) {
	t.Helper()
	cfg.Archive = true
	k := ataxxgame.New(ataxxgame.Greedy{}, ataxxgame.Options{Engines: map[string]ataxxgame.Engine{
		"crasher": crashEngine{}, "cheat": illegalEngine{}, "hanger": hangEngine{},
	}})
	b := hosttest.Must(hosttest.New(cfg, st, nil, []bot.Kind{k}, nil, opts...))
	in := newTourInbox()
	b.Async(in)
	t.Cleanup(b.Close)
	return b, in
}

var (
	tourIDPattern = regexp.MustCompile(`Tournament (t[0-9a-z]+)`)
	overPattern   = regexp.MustCompile(`Tournament t[0-9a-z]+ is over\.`)
)

// TestTournamentOfLevelsAndFailingPrograms: a round robin of a built-in
// level and three programs that crash, cheat and hang runs in the
// background; each failing program loses the game where it fails, and
// the standings, crosstable and archive say so.
func TestTournamentOfLevelsAndFailingPrograms(t *testing.T) {
	b, in := newTourBot(t, memory.New(), bot.Config{}, hosttest.Tournaments(tournament.Config{Games: 2}))
	out := joined(say(b, "#t", "alice", "!tournament ataxx roundrobin ai:2 ai:crasher ai:cheat ai:hanger rounds 1"))
	for _, want := range []string{"Ataxx round robin, 4 players (ai:2, ai:crasher, ai:cheat, ai:hanger), 1 round, untimed", "0 of 6 games played"} {
		if !strings.Contains(out, want) {
			t.Fatalf("made: got %q; want %q", out, want)
		}
	}
	said := in.wait(t, "#t", overPattern, 60*time.Second)
	endings := map[string]int{}
	for _, m := range regexp.MustCompile(`\(([a-z ]+); game \w+\)`).FindAllStringSubmatch(said, -1) {
		endings[m[1]]++
	}
	if got := endings["program exited"] + endings["illegal move"] + endings["timed out"]; got != 6 || endings["program exited"] == 0 || endings["illegal move"] == 0 || endings["timed out"] == 0 {
		t.Errorf("games lost by a program's failure: got %v; want 6 (every game has a failing program), of each way to fail\n%s", endings, said)
	}
	rs := say(b, "#t", "carol", "!tournament status")
	status := joined(rs)
	if len(rs) != 2 || !rs[1].Mono || rs[1].Picture == nil {
		t.Fatalf("status: got %+v; want a headline and the standings as a monospaced block with a picture", rs)
	}
	if png, err := rs[1].Picture(); err != nil {
		t.Errorf("the standings' picture: %v", err)
	} else if img, err := pngpkg.Decode(bytes.NewReader(png)); err != nil || img.Bounds().Dx() < 200 || img.Bounds().Dy() < 80 {
		t.Errorf("the standings' picture: got %v, %v; want a PNG of the table", img, err)
	}
	// ai:2 beats each program; each program beats none but those that fail
	// before it moves: the first seat fails first.
	if !regexp.MustCompile(`(?m)^ *1 +ai:2 +3 +3 +3-0-0`).MatchString(status) {
		t.Errorf("standings: got\n%s\nwant ai:2 first with 3 points from 3 games", status)
	}
	if !strings.Contains(status, "finished, 6 of 6 games played") {
		t.Errorf("status: got\n%s\nwant it finished", status)
	}
	cross := joined(say(b, "#t", "carol", "!tournament crosstable"))
	if !regexp.MustCompile(`(?m)^\s*1\s+ai:2\s+x\s+1\s+1\s+1\s+3$`).MatchString(cross) {
		t.Errorf("crosstable: got\n%s\nwant ai:2's row: x, a point against each program, 3 in all", cross)
	}
	for _, c := range in.channels() {
		if strings.HasPrefix(c, "tour:") {
			t.Errorf("the bot said something at a tournament game's table %q, which no channel shows", c)
		}
	}
	// Every game is in the archive, with its export.
	ids := regexp.MustCompile(`game ([0-9a-z]+)\)`).FindAllStringSubmatch(said, -1)
	if len(ids) != 6 {
		t.Fatalf("game ids announced: got %d; want 6\n%s", len(ids), said)
	}
	for _, id := range ids {
		if got := joined(say(b, "#t", "carol", "!export "+id[1])); !strings.Contains(got, "[Result") {
			t.Errorf("export of game %s: got %q; want a PGN", id[1], got)
		}
	}
}

// TestTournamentWithAPerson: a person named in a tournament joins it,
// plays their game in the channel when paired, and their result counts.
func TestTournamentWithAPerson(t *testing.T) {
	b, in := newTourBot(t, memory.New(), bot.Config{})
	out := joined(b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#t", UserID: "id-alice", Name: "alice",
		Text: "!tournament ataxx roundrobin ai:2 @bob rounds 1", Mentions: []bot.User{{ID: "id-bob", Name: "bob"}}}))
	if !strings.Contains(out, "bob (invited)") || !strings.Contains(out, "bob, you are invited") {
		t.Fatalf("made: got %q; want bob invited", out)
	}
	if ts, err := b.RunningTournaments(context.Background()); err != nil || len(ts) != 1 || ts[0].State != "waiting" || ts[0].Total != 1 {
		t.Errorf("tournaments listed while it waits: got %+v, %v; want it, waiting, with its 1 game to play", ts, err)
	}
	if got := joined(say(b, "#t", "mallory", "!tournament stop")); !strings.Contains(got, "only who made") {
		t.Errorf("a stranger's stop: got %q; want a refusal", got)
	}
	if got := joined(say(b, "#t", "bob", "!tournament join")); !strings.Contains(got, "bob joins tournament") || !strings.Contains(got, "0 of 1 games played") {
		t.Fatalf("join: got %q", got)
	}
	said := in.wait(t, "#t", regexp.MustCompile(`bob, your tournament game is on here`), 10*time.Second)
	first := strings.Contains(said, "Red (bob) vs Blue (AI level 2)")
	if first {
		say(b, "#t", "bob", "!a7-b6")
	} else {
		in.wait(t, "#t", regexp.MustCompile(`Red \(AI level 2\) plays`), 10*time.Second)
		say(b, "#t", "bob", "!g7-f6")
	}
	if got := joined(say(b, "#t", "bob", "!resign")); !strings.Contains(got, "resigns") {
		t.Fatalf("resign: got %q", got)
	}
	in.wait(t, "#t", overPattern, 10*time.Second)
	status := joined(say(b, "#t", "bob", "!tournament"))
	if !regexp.MustCompile(`(?m)^ *1 +ai:2 +1 +1 +1-0-0`).MatchString(status) || !regexp.MustCompile(`(?m)^ *2 +bob +0 +1 +0-0-1`).MatchString(status) {
		t.Errorf("standings: got\n%s\nwant ai:2 1-0-0 over bob 0-0-1", status)
	}
}

// TestTournamentSurvivesARestart: a bot stops mid-tournament; another on
// the same store resumes it from the owed work and finishes it, each game
// counted once.
func TestTournamentSurvivesARestart(t *testing.T) {
	st := memory.New()
	b1, in1 := newTourBot(t, st, bot.Config{})
	say(b1, "#t", "alice", "!tournament ataxx gauntlet ai:3 ai:2 ai:4 rounds 2")
	in1.wait(t, "#t", regexp.MustCompile(`1 of 4 games played`), 30*time.Second)
	b1.Close()
	b2, in2 := newTourBot(t, st, bot.Config{})
	before := joined(say(b2, "#t", "alice", "!tournament status"))
	if !strings.Contains(before, "running") {
		t.Fatalf("after the stop: got %q; want it running", before)
	}
	if err := b2.Resume(context.Background(), "test", in2); err != nil {
		t.Fatal(err)
	}
	in2.wait(t, "#t", overPattern, 60*time.Second)
	status := joined(say(b2, "#t", "alice", "!tournament status"))
	if !strings.Contains(status, "finished, 4 of 4 games played") {
		t.Errorf("status after the restart: got\n%s", status)
	}
	games := joined(say(b2, "#t", "alice", "!tournament games"))
	if n := len(regexp.MustCompile(`: (1-0|0-1|½-½) \(game`).FindAllString(games, -1)); n != 4 {
		t.Errorf("games with a result: got %d; want 4\n%s", n, games)
	}
	if err := b2.Resume(context.Background(), "test", in2); err != nil {
		t.Fatal(err)
	}
	if owed, err := st.Owed(context.Background()); err != nil || len(owed) != 0 {
		t.Errorf("owed work after the tournament: got %v, %v; want none", owed, err)
	}
}

// TestTournamentRefusals: what cannot be a tournament is refused in one
// line, and nothing is made.
func TestTournamentRefusals(t *testing.T) {
	b, _ := newTourBot(t, memory.New(), bot.Config{})
	for _, c := range []struct{ name, text, want string }{
		{"no such game", "!tournament chess roundrobin ai:1 ai:2", "no game"},
		{"no such format", "!tournament ataxx knockout ai:1 ai:2", "knockout"},
		{"one player", "!tournament ataxx swiss ai:1", "2 to 32 players"},
		{"a player twice", "!tournament ataxx roundrobin ai:1 ai:1", "named twice"},
		{"no such program", "!tournament ataxx roundrobin ai:1 ai:deepblue", "AI program"},
		{"bad rounds", "!tournament ataxx roundrobin ai:1 ai:2 rounds 99", "rounds is a number"},
		{"bad clock", "!tournament ataxx roundrobin ai:1 ai:2 tc fast", "clock"},
		{"nothing to show", "!tournament crosstable", "no tournament here"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := say(b, "#r", "alice", c.text)
			if len(rs) != 1 || !rs[0].Error || !strings.Contains(rs[0].Text, c.want) || strings.Contains(rs[0].Text, "\n") {
				t.Fatalf("got %q; want one refusal line with %q", joined(rs), c.want)
			}
		})
	}
	if got := joined(say(b, "#r", "alice", "!tournament")); !strings.Contains(got, "No tournament here yet") {
		t.Errorf("status with none: got %q", got)
	}
}

// TestTournamentStop: its maker stops a running tournament; its games
// between programs end with no result, and it says where it stood.
func TestTournamentStop(t *testing.T) {
	g := newGate() // the AI thinks until the stop cancels it: no game ends before
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil, hosttest.Tournaments(tournament.Config{Games: 2})))
	in := newTourInbox()
	b.Async(in)
	defer b.Close()
	out := joined(say(b, "#s", "alice", "!tournament ataxx swiss ai:2 ai:3 ai:4 ai:5 ai:6 rounds 3"))
	if !regexp.MustCompile(`round 1: ai:\d vs ai:\d, ai:\d vs ai:\d; ai:\d has a bye\.`).MatchString(out) {
		t.Errorf("made: got %q; want the first round's pairings", out)
	}
	id := tourIDPattern.FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("made: got %q", out)
	}
	expectStart(t, g) // two games are being thought
	expectStart(t, g)
	if got := joined(say(b, "#s", "bob", "!tournament stop")); !strings.Contains(got, "only who made") {
		t.Errorf("bob's stop: got %q; want a refusal", got)
	}
	if got := joined(say(b, "#s", "alice", "!tournament stop")); !strings.Contains(got, "Tournament "+id[1]+" is stopped") {
		t.Fatalf("stop: got %q", got)
	}
	if owed, err := st.Owed(context.Background()); err != nil || len(owed) != 0 {
		t.Errorf("owed work after the stop: got %v, %v; want none (its games aborted)", owed, err)
	}
	if running, err := b.RunningGames(context.Background(), 10); err != nil || len(running) != 0 {
		t.Errorf("running games after the stop: got %d, %v; want none", len(running), err)
	}
	if got := joined(say(b, "#s", "alice", "!tournament stop")); !strings.Contains(got, "stopped already") {
		t.Errorf("stop again: got %q", got)
	}
	if got := joined(say(b, "#s", "alice", "!tournament status")); !strings.Contains(got, ": stopped,") {
		t.Errorf("status: got %q", got)
	}
	for _, c := range []struct{ name, channel, text, want string }{
		{"by id elsewhere", "#elsewhere", "!tournament status " + id[1], "Tournament " + id[1] + ": Ataxx Swiss"},
		{"games by id", "#elsewhere", "!tournament games " + strings.ToUpper(id[1]), "Tournament " + id[1] + " games"},
		{"named with its kind", "#s", "!ataxx tournament status", ": stopped,"},
		{"no such id", "#s", "!tournament status t999", "no tournament t999"},
		{"not an id", "#s", "!tournament status x<y", "say !tournament status [ID]"},
		{"stop takes no id", "#elsewhere", "!tournament stop " + id[1], "say !tournament stop"},
	} {
		if got := joined(say(b, c.channel, "carol", c.text)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q: got %q; want %q", c.name, c.text, got, c.want)
		}
	}
	games := joined(say(b, "#s", "alice", "!tournament games"))
	if n := strings.Count(games, ": stopped (game"); n != 2 {
		t.Errorf("games of the stopped tournament: got\n%s\nwant the two it was playing, stopped", games)
	}
	if got := joined(say(b, "#s", "alice", "!tournament ataxx roundrobin ai:1 ai:2")); !strings.Contains(got, "0 of 2 games played") {
		t.Errorf("a new tournament after the stop: got %q", got)
	}
}

// TestTournamentOfPeople: a tournament of two people, made by a third
// who does not play: both join, their game is played in the channel, each
// moves for their own seat only, and the result counts.
func TestTournamentOfPeople(t *testing.T) {
	b, in := newTourBot(t, memory.New(), bot.Config{})
	out := joined(b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#p", UserID: "id-alice", Name: "alice",
		Text: "!tournament ataxx roundrobin @bob @carol rounds 1", Mentions: []bot.User{{ID: "id-bob", Name: "bob"}, {ID: "id-carol", Name: "carol"}}}))
	if !strings.Contains(out, "bob (invited), carol (invited)") {
		t.Fatalf("made: got %q", out)
	}
	if got := joined(say(b, "#p", "carol", "!tournament join")); strings.Contains(got, "0 of 1 games played") {
		t.Fatalf("began with bob still invited: %q", got)
	}
	say(b, "#p", "bob", "!tournament join")
	said := in.wait(t, "#p", regexp.MustCompile(`Game on: Red \((bob|carol)\) vs Blue \((bob|carol)\)`), 10*time.Second)
	red, blue := "bob", "carol"
	if strings.Contains(said, "Game on: Red (carol)") {
		red, blue = blue, red
	}
	if got := joined(say(b, "#p", blue, "!a7-b6")); !strings.Contains(got, "not your turn") && !strings.Contains(got, "not a player") && !strings.Contains(got, "not allowed") {
		t.Errorf("%s moved for %s: %q", blue, red, got)
	}
	if got := joined(say(b, "#p", "alice", "!a7-b6")); strings.Contains(got, "plays a7-b6") {
		t.Errorf("alice, who made the tournament, moved for %s: %q", red, got)
	}
	say(b, "#p", red, "!a7-b6")
	say(b, "#p", blue, "!g7-f6")
	say(b, "#p", red, "!resign")
	in.wait(t, "#p", overPattern, 10*time.Second)
	status := joined(say(b, "#p", "alice", "!tournament status"))
	if !regexp.MustCompile(`(?m)^ *1 +` + blue + ` +1 +1 +1-0-0`).MatchString(status) {
		t.Errorf("standings: got\n%s\nwant %s 1-0-0 first", status, blue)
	}
}

// TestTournamentMoveLimit: a tournament game that reaches the move limit
// is drawn there ("move limit"), counted as a draw, and archived.
func TestTournamentMoveLimit(t *testing.T) {
	b, in := newTourBot(t, memory.New(), bot.Config{}, hosttest.Tournaments(tournament.Config{MaxPlies: 8, Games: 2}))
	say(b, "#m", "alice", "!tournament ataxx roundrobin ai:2 ai:3 ai:4 rounds 1")
	said := in.wait(t, "#m", overPattern, 30*time.Second)
	if n := len(regexp.MustCompile(`½-½ ai:\d \(move limit; game \w+\)`).FindAllString(said, -1)); n != 3 {
		t.Errorf("games drawn by the move limit: got %d; want 3\n%s", n, said)
	}
	status := joined(say(b, "#m", "alice", "!tournament status"))
	if n := len(regexp.MustCompile(`(?m)^ *1 +ai:\d +1 +2 +0-2-0`).FindAllString(status, -1)); n != 3 {
		t.Errorf("standings: got\n%s\nwant three players level at 0-2-0", status)
	}
	id := regexp.MustCompile(`game (\w+)\)`).FindStringSubmatch(said)
	if got := joined(say(b, "#m", "alice", "!game "+id[1])); !strings.Contains(got, "move limit") {
		t.Errorf("the archived game: got %q; want it drawn by the move limit", got)
	}
}

// TestTournamentGameIsWatchable: a game between programs of a running
// tournament is listed among the running games as the tournament's, and
// its spectator view is there while its AI thinks.
func TestTournamentGameIsWatchable(t *testing.T) {
	g := newGate()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(newTourInbox())
	defer b.Close()
	out := joined(say(b, "#w", "alice", "!tournament ataxx roundrobin ai:1 ai:2 rounds 1"))
	id := tourIDPattern.FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("made: got %q", out)
	}
	expectStart(t, g) // the first move is being thought
	games, err := b.RunningGames(context.Background(), 10)
	if err != nil || len(games) != 1 {
		t.Fatalf("running games: got %+v, %v; want the tournament's one", games, err)
	}
	if want := "tournament " + id[1]; games[0].Channel != want || games[0].Board == "" {
		t.Errorf("the game listed: channel %q, board %q; want channel %q and the board", games[0].Channel, games[0].Board, want)
	}
}

// TestTournamentWaitsForTheTable: a person's tournament game waits while
// another game runs at the channel's table (said once), and begins there
// when that game ends.
func TestTournamentWaitsForTheTable(t *testing.T) {
	b, in := newTourBot(t, memory.New(), bot.Config{})
	if got := joined(say(b, "#q", "bob", "!ataxx start ai:2")); !strings.Contains(got, "Game on") {
		t.Fatalf("bob's game: got %q", got)
	}
	say(b, "#q", "alice", "!tournament ataxx roundrobin ai:3 @alice rounds 1")
	in.wait(t, "#q", regexp.MustCompile(`round 1, .* waits for the game at this table to end\.`), 10*time.Second)
	say(b, "#q", "bob", "!resign")
	said := in.wait(t, "#q", regexp.MustCompile(`alice, your tournament game is on here`), 10*time.Second)
	if n := strings.Count(said, "waits for the game at this table"); n != 1 {
		t.Errorf("the wait was said %d times; want once\n%s", n, said)
	}
}

// TestTournamentStoppedByAnAdmin: an admin (network:id in the config) may
// stop and begin another's tournament; anyone else may not.
func TestTournamentStoppedByAnAdmin(t *testing.T) {
	b, _ := newTourBot(t, memory.New(), bot.Config{Admins: []string{"test:id-root"}})
	say(b, "#a", "alice", "!tournament ataxx roundrobin ai:2 @bob rounds 1")
	for _, who := range []string{"mallory", "bob"} {
		if got := joined(say(b, "#a", who, "!tournament begin")); !strings.Contains(got, "only who made") {
			t.Errorf("%s's begin: got %q; want a refusal", who, got)
		}
	}
	if got := joined(say(b, "#a", "root", "!tournament stop")); !strings.Contains(got, "is stopped") {
		t.Errorf("the admin's stop: got %q", got)
	}
}

// slowArchive is a store whose archive takes its time to keep a game, as
// a loaded Redis may: the game's record is saved at once, its archiving
// follows later.
type slowArchive struct {
	*memory.Store
	delay time.Duration
}

func (s slowArchive) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.Store.ArchiveGame(ctx, g)
}

// TestTournamentResultNamesAnArchivedGame: a tournament's result line
// gives its game's id once the archive has the game, so the id can be
// looked up at once, however slowly the archive keeps it.
func TestTournamentResultNamesAnArchivedGame(t *testing.T) {
	st := slowArchive{Store: memory.New(), delay: 2500 * time.Millisecond}
	b, in := newTourBot(t, st, bot.Config{}, hosttest.Tournaments(tournament.Config{Games: 2}))
	say(b, "#t", "alice", "!tournament ataxx roundrobin ai:2 ai:crasher rounds 1")
	said := in.wait(t, "#t", overPattern, 60*time.Second)
	ids := regexp.MustCompile(`game ([0-9a-z]+)\)`).FindAllStringSubmatch(said, -1)
	if len(ids) != 1 {
		t.Fatalf("game ids announced: got %d; want 1\n%s", len(ids), said)
	}
	if got := joined(say(b, "#t", "carol", "!export "+ids[0][1])); !strings.Contains(got, "[Result") {
		t.Errorf("export of game %s, said as soon as its result: got %q; want a PGN", ids[0][1], got)
	}
}
