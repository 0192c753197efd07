package web_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// evilInvitee is a person invited to a tournament whose name would be
// markup if shown raw (short enough to be kept whole).
const evilInvitee = `<script>x()</script>`

// quiet is a Sender that drops what the bot says.
type quiet struct{}

func (quiet) Send(context.Context, []bot.Reply) error { return nil }

// newTourSite is a site hosting Ataxx with the greedy AI, its games run
// in the background (Async), so tournaments play by themselves.
func newTourSite(t *testing.T) *site {
	t.Helper()
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{ataxxgame.New(ataxxgame.Greedy{}, ataxxgame.Options{})}, nil))
	b.Async(quiet{})
	t.Cleanup(b.Close)
	base := serve(t, web.Config{Store: st, Games: gamesOf(b), PollEvery: 10 * time.Millisecond})
	return &site{b: b, base: base}
}

var tourID = regexp.MustCompile(`Tournament (t[0-9a-z]+)`)

// tournament makes a tournament at channel with the command's arguments
// and returns its id.
func (s *site) tournament(t *testing.T, channel, args string) string {
	t.Helper()
	var said []string
	for _, r := range s.say("alice", "alice", channel, "!tournament "+args) {
		if m := tourID.FindStringSubmatch(r.Text); m != nil {
			return m[1]
		}
		said = append(said, r.Text)
	}
	t.Fatalf("!tournament %s: got %q; want a tournament made", args, said)
	return ""
}

// finished waits until tournament id is over and returns its view.
func (s *site) finished(t *testing.T, id string) tourney.View {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := s.b.ViewTournament(context.Background(), id)
		if err != nil {
			t.Fatalf("ViewTournament(%s): %v", id, err)
		}
		if !v.Running {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("tournament %s: still %s after 30s (%d of %d played)", id, v.State, v.Played, v.Total)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// section is the part of page from the first "<table class=NAME" to its
// end, or "".
func section(page, class string) string {
	i := strings.Index(page, `<table class="`+class+`"`)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i:], "</table>")
	if j < 0 {
		return ""
	}
	return page[i : i+j]
}

// TestFinishedTournamentPage: a tournament played to its end by the bot
// shows its standings as a table (a row per player, as the bot counts
// them), its crosstable, and links to each game's page, which answers;
// it is no longer live, nor listed as running.
func TestFinishedTournamentPage(t *testing.T) {
	s := newTourSite(t)
	id := s.tournament(t, "#t", "ataxx roundrobin ai:2 ai:3 rounds 1")
	v := s.finished(t, id)
	if v.State != "finished" || v.Played != v.Total || v.Total == 0 || len(v.Rows) != 2 {
		t.Fatalf("the tournament: got %s, %d of %d played, %d rows; want finished, all played, 2 rows", v.State, v.Played, v.Total, len(v.Rows))
	}
	status, page := get(t, s.base, "/tournaments/"+id)
	if status != http.StatusOK {
		t.Fatalf("GET /tournaments/%s: got %d; want 200:\n%s", id, status, page)
	}
	table := section(page, "standings")
	for _, row := range v.Rows {
		want := fmt.Sprintf("<tr><td>%d</td><td>%s</td><td>%s</td><td>%d</td><td>%d-%d-%d</td>",
			row.Rank, row.Name, row.Points, row.Games, row.Wins, row.Draws, row.Losses)
		if !strings.Contains(table, want) {
			t.Errorf("the standings lack %q:\n%s", want, table)
		}
	}
	for _, want := range []string{
		"Tournament " + id + ": Ataxx round robin",
		fmt.Sprintf(`<span class="played">%d of %d</span>`, v.Played, v.Total),
		`<pre class="crosstable">`,
		"finished",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "data-events") || strings.Contains(page, "live.js") {
		t.Errorf("the finished tournament's page is live:\n%s", page)
	}
	games := section(page, "games")
	for _, g := range v.Games {
		if g.GameID == "" || g.Result == "" {
			t.Errorf("game %s vs %s: got id %q, result %q; want both once the tournament is over", g.First, g.Second, g.GameID, g.Result)
			continue
		}
		if link := `<a href="/games/` + g.GameID + `">`; !strings.Contains(games, link) {
			t.Errorf("the games lack %s:\n%s", link, games)
		}
		if status, game := get(t, s.base, "/games/"+g.GameID); status != http.StatusOK || !strings.Contains(game, "AI level") {
			t.Errorf("/games/%s: got %d; want the game's page:\n%s", g.GameID, status, game)
		}
	}
	// Over, it is no longer running: the front page lists it no more,
	// and /tournaments lists it among those finished lately.
	if _, list := get(t, s.base, "/"); strings.Contains(list, `href="/tournaments/`+id+`"`) || !strings.Contains(list, "No tournament is running.") {
		t.Errorf("/ after the tournament: want it not listed:\n%s", list)
	}
	_, list := get(t, s.base, "/tournaments")
	running, finished, _ := strings.Cut(list, "<h2>Finished lately</h2>")
	if strings.Contains(running, `href="/tournaments/`+id+`"`) || !strings.Contains(running, "No tournament is running.") {
		t.Errorf("/tournaments after the tournament: got it among the running; want it not there:\n%s", running)
	}
	if want := `<a href="/tournaments/` + id + `">` + id + `</a>`; !strings.Contains(finished, want) || !strings.Contains(finished, "finished") {
		t.Errorf("/tournaments after the tournament: got finished section\n%s\nwant it to list %s as finished", finished, id)
	}
}

// TestRunningTournamentsListed: a running tournament (its maker plays,
// so its first game waits for a person's moves) is listed at
// /tournaments and on the index, and its page is live; a player's name
// that is markup (the maker's, an invited person's) comes out escaped on
// every route that shows it.
func TestRunningTournamentsListed(t *testing.T) {
	s := newTourSite(t)
	var id string
	for _, r := range s.say("eve", evilInvitee, "#t", "!tournament ataxx roundrobin ai:2 @"+evilInvitee+" rounds 1") {
		if m := tourID.FindStringSubmatch(r.Text); m != nil {
			id = m[1]
		}
	}
	v, err := s.b.ViewTournament(context.Background(), id)
	if err != nil || v.State != "running" {
		t.Fatalf("tournament %q: got %q, %v; want it running", id, v.State, err)
	}
	waiting := s.tournament(t, "#u", "ataxx roundrobin ai:3 @"+evilInvitee)
	escaped := "&lt;script&gt;x()&lt;/script&gt;"
	for _, c := range []struct {
		name, route string
		want        []string
	}{
		{"the list", "/tournaments", []string{`<a href="/tournaments/` + id + `">` + id + "</a>", "round robin", "ai:2, " + escaped, "0/1", "running"}},
		{"the index", "/", []string{"<h2>Tournaments</h2>", `href="/tournaments/` + id + `"`, escaped}},
		{"the page", "/tournaments/" + id, []string{`data-events="/tournaments/` + id + `/events"`, "<td>" + escaped + "</td>",
			"Players: ai:2, " + escaped, "<td>ai:2 vs " + escaped + "</td><td>running</td>"}},
		{"a waiting one's page", "/tournaments/" + waiting, []string{`data-events="/tournaments/` + waiting + `/events"`,
			"<td>" + escaped + "</td>", "Players: ai:3, " + escaped, `<span class="state">waiting</span>`}},
		{"the header", "/top/ataxx", []string{`<a href="/tournaments">Tournaments</a>`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, page := get(t, s.base, c.route)
			if status != http.StatusOK {
				t.Fatalf("GET %s: got %d; want 200", c.route, status)
			}
			for _, want := range c.want {
				if !strings.Contains(page, want) {
					t.Errorf("GET %s lacks %q:\n%s", c.route, want, page)
				}
			}
			if strings.Contains(page, "<script>x") {
				t.Errorf("GET %s shows a player's name unescaped:\n%s", c.route, page)
			}
		})
	}
	for _, tid := range []string{id, waiting} {
		_, first := openStream(t, s.base+"/tournaments/"+tid+"/events").next(t)
		if strings.Contains(first, "<script>x") || !strings.Contains(first, escaped) {
			t.Errorf("the live part of %s: want the player's name escaped:\n%s", tid, first)
		}
	}
}

// TestLiveTournamentPage: the event stream of a waiting tournament sends
// its part of the page, again as it begins and its games are played, and
// ends with the tournament.
func TestLiveTournamentPage(t *testing.T) {
	s := newTourSite(t)
	id := s.tournament(t, "#t", "ataxx roundrobin ai:2 ai:3 @bob rounds 1")
	st := openStream(t, s.base+"/tournaments/"+id+"/events")
	event, first := st.next(t)
	if event != "tournament" || !strings.Contains(first, `<span class="state">waiting</span>`) || !strings.Contains(first, "bob") {
		t.Fatalf("first event: got %q:\n%s\nwant the waiting tournament with bob", event, first)
	}
	s.say("alice", "alice", "#t", "!tournament begin")
	var last string
	events := 0
	for {
		event, data := st.next(t)
		if event == "end" {
			break
		}
		if event != "tournament" {
			t.Fatalf("event: got %q; want tournament or end", event)
		}
		events++
		last = data
	}
	v := s.finished(t, id)
	if events == 0 || !strings.Contains(last, `<span class="state">finished</span>`) ||
		!strings.Contains(last, fmt.Sprintf(`<span class="played">%d of %d</span>`, v.Total, v.Total)) || strings.Contains(last, "bob") {
		t.Errorf("after begin: got %d events, the last:\n%s\nwant the finished tournament, every game played, without bob", events, last)
	}
	if strings.Contains(last, "Live:") {
		t.Errorf("the last part still says it is live:\n%s", last)
	}
}

// TestTournamentPagesAnswer: ids that are no tournament's are 404 on the
// page and its stream, in the games' style.
func TestTournamentPagesAnswer(t *testing.T) {
	s := newTourSite(t)
	cases := []struct {
		name, path string
		want       int
		contains   string
	}{
		{"none running", "/tournaments", 200, "No tournament is running."},
		{"a tournament that never was", "/tournaments/tzzz", 404, "No such tournament here."},
		{"a game's id", "/tournaments/1", 404, "No such tournament here."},
		{"capitals", "/tournaments/T1", 404, "No such tournament here."},
		{"an id that is not one", "/tournaments/..%2f..%2fetc", 404, "No such tournament here."},
		{"a long id", "/tournaments/t" + strings.Repeat("a", 40), 404, "No such tournament here."},
		{"the stream of none", "/tournaments/tzzz/events", 404, "no such tournament"},
		{"the stream of no id", "/tournaments/T%20/events", 404, "no such tournament"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := get(t, s.base, c.path)
			if status != c.want || !strings.Contains(body, c.contains) {
				t.Errorf("GET %s: got %d %q; want %d containing %q", c.path, status, body, c.want, c.contains)
			}
		})
	}
}

// TestTournamentStreamsEndAtShutdown: a tournament's open live page does
// not hold the server's shutdown.
func TestTournamentStreamsEndAtShutdown(t *testing.T) {
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{ataxxgame.New(ataxxgame.Greedy{}, ataxxgame.Options{})}, nil))
	b.Async(quiet{})
	defer b.Close()
	srv, err := web.New(web.Config{Addr: "127.0.0.1:0", Store: st, Games: gamesOf(b), PollEvery: 10 * time.Millisecond, ShutdownGrace: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	s := &site{b: b, base: "http://" + srv.Addr()}
	id := s.tournament(t, "#t", "ataxx roundrobin ai:2 @bob")
	openStream(t, s.base+"/tournaments/"+id+"/events").next(t)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve with a tournament's live page open: got %v; want nil", err)
	}
}

// TestLiveStreamsBounded: games' and tournaments' live pages share
// MaxStreams; one more stream is refused (503) while the pages
// themselves still answer.
func TestLiveStreamsBounded(t *testing.T) {
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{ataxxgame.New(ataxxgame.Greedy{}, ataxxgame.Options{})}, nil))
	b.Async(quiet{})
	t.Cleanup(b.Close)
	s := &site{b: b, base: serve(t, web.Config{Store: st, Games: gamesOf(b), PollEvery: 10 * time.Millisecond, MaxStreams: 1})}
	id := s.tournament(t, "#t", "ataxx roundrobin ai:2 @bob")
	s.say("alice", "alice", "#g", "!ataxx start")
	s.say("bob", "bob", "#g", "!join")
	games := mustRunning(t, b)
	if len(games) != 1 {
		t.Fatalf("running games: got %d; want 1", len(games))
	}
	openStream(t, s.base+"/tournaments/"+id+"/events").next(t)
	for _, route := range []string{"/tournaments/" + id + "/events", "/games/" + games[0].ID + "/events"} {
		if status, body := get(t, s.base, route); status != http.StatusServiceUnavailable || !strings.Contains(body, "too many live pages") {
			t.Errorf("GET %s with the one stream open: got %d %q; want 503, too many live pages", route, status, body)
		}
	}
	if status, _ := get(t, s.base, "/tournaments/"+id); status != http.StatusOK {
		t.Errorf("GET /tournaments/%s with the one stream open: got %d; want 200", id, status)
	}
}
