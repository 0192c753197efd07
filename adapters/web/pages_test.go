package web_test

import (
	"bufio"
	"context"
	pngpkg "image/png"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// Names a player may choose that would be markup if shown raw.
const (
	evilAlice = `<script>alert(1)</script>`
	evilBob   = `bob"><img src=x onerror=alert(2)>`
)

// secrets are the hidden numbers; a spectator sees neither while the game
// runs.
var secrets = regexp.MustCompile(`(^|[^0-9])(87|64)([^0-9]|$)`)

// site is a bot with an archive, a web server on loopback showing it, and
// a way to talk to the bot.
type site struct {
	b    *hosttest.Host
	base string
}

func newSite(t *testing.T) *site {
	t.Helper()
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	t.Cleanup(b.Close)
	base := serve(t, web.Config{Store: st, Games: gamesOf(b), PollEvery: 10 * time.Millisecond})
	return &site{b: b, base: base}
}

func (s *site) say(user, name, channel, text string) []bot.Reply {
	private := channel == ""
	return s.b.Handle(context.Background(), bot.Message{Network: "irc", Channel: channel, UserID: "id-" + user, Name: name, Text: text, Private: private, Addressed: private})
}

// playHidden opens a Guess game at #web between two players with markup
// for names, both numbers hidden and ready, and returns its id.
func (s *site) playHidden(t *testing.T) string {
	t.Helper()
	s.say("alice", evilAlice, "#web", "!guess top 99")
	s.say("alice", evilAlice, "#web", "!guess start")
	s.say("bob", evilBob, "#web", "!join")
	s.say("alice", evilAlice, "", "#web hide 87")
	s.say("bob", evilBob, "", "#web hide 64")
	s.say("alice", evilAlice, "#web", "!ready")
	s.say("bob", evilBob, "#web", "!ready")
	games, err := s.b.RunningGames(context.Background(), 10)
	if err != nil || len(games) != 1 {
		t.Fatalf("running games: got %d (%v); want 1", len(games), err)
	}
	return games[0].ID
}

// stream reads a live page's events.
type stream struct {
	res *http.Response
	r   *bufio.Reader
}

func openStream(t *testing.T, url string) *stream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET %s: got %d %s; want 200 text/event-stream", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	return &stream{res: res, r: bufio.NewReader(res.Body)}
}

// next returns the next event's name and data.
func (s *stream) next(t *testing.T) (string, string) {
	t.Helper()
	var event string
	var data []string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the stream: %v (event %q so far)", err, event)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			return event, strings.Join(data, "\n")
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		}
	}
}

// TestNoHiddenInformationOnAnyRoute: while a hidden game runs, no route
// shows a hidden number, and every name a player chose is escaped.
func TestNoHiddenInformationOnAnyRoute(t *testing.T) {
	s := newSite(t)
	id := s.playHidden(t)
	s.say("alice", evilAlice, "#web", "!guess 1")
	s.say("bob", evilBob, "#web", "!guess 2")
	routes := []string{"/", "/games/" + id, "/games/" + id + "/events", "/games/" + id + "/export", "/top/guess", "/static/live.js", "/healthz", "/games/zzz", "/nowhere",
		"/tournaments", "/tournaments/tzzz", "/tournaments/tzzz/events"}
	for _, route := range routes {
		t.Run(route, func(t *testing.T) {
			var body string
			if strings.HasSuffix(route, "/events") && !strings.HasPrefix(route, "/tournaments/tzzz") {
				_, body = openStream(t, s.base+route).next(t)
			} else {
				_, body = get(t, s.base, route)
			}
			if m := secrets.FindString(body); m != "" {
				t.Errorf("a hidden number shows: %q in\n%s", m, body)
			}
			for _, raw := range []string{"<script>alert", "<img src=x", `bob">`} {
				if strings.Contains(body, raw) {
					t.Errorf("a player's name shows unescaped (%q):\n%s", raw, body)
				}
			}
		})
	}
	_, page := get(t, s.base, "/games/"+id)
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "bob&#34;&gt;&lt;img src=x onerror=alert(2)&gt;", "East", "West", "<pre class=\"board-text\">", "data-events=\"/games/" + id + "/events\""} {
		if !strings.Contains(page, want) {
			t.Errorf("the game page lacks %q:\n%s", want, page)
		}
	}
}

// TestPagesAnswer: each route's status, and the headers every answer
// carries; the server only reads (other methods are refused).
func TestPagesAnswer(t *testing.T) {
	s := newSite(t)
	id := s.playHidden(t)
	cases := []struct {
		name, method, path string
		want               int
		contains           string
	}{
		{"the running games", "GET", "/", 200, `href="/games/` + id + `"`},
		{"a running game", "GET", "/games/" + id, 200, "Game " + id},
		{"a leaderboard", "GET", "/top/guess", 200, "No rated Guess games yet."},
		{"a leaderboard in capitals", "GET", "/top/GUESS", 200, "Guess leaderboard"},
		{"a kind not hosted", "GET", "/top/chess", 404, "No such game here."},
		{"a game that never was", "GET", "/games/zzzz", 404, "No such game here."},
		{"an id that is not one", "GET", "/games/..%2f..%2fetc", 404, "No such game here."},
		{"a long id", "GET", "/games/" + strings.Repeat("a", 40), 404, "No such game here."},
		{"the tournaments", "GET", "/tournaments", 200, "No tournament is running."},
		{"a tournament that never was", "GET", "/tournaments/tzzz", 404, "No such tournament here."},
		{"a tournament's stream that never was", "GET", "/tournaments/tzzz/events", 404, "no such tournament"},
		{"the index's tournaments", "GET", "/", 200, `<a href="/tournaments">Tournaments</a>`},
		{"the script", "GET", "/static/live.js", 200, "EventSource"},
		{"no page", "GET", "/admin", 404, ""},
		{"a write", "POST", "/games/" + id, 405, ""},
		{"a delete", "DELETE", "/", 405, ""},
		{"a write to the tournaments", "POST", "/tournaments", 405, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, s.base+c.path, nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var sb strings.Builder
			bufio.NewReader(res.Body).WriteTo(&sb)
			if res.StatusCode != c.want || !strings.Contains(sb.String(), c.contains) {
				t.Errorf("%s %s: got %d %q; want %d containing %q", c.method, c.path, res.StatusCode, sb.String(), c.want, c.contains)
			}
			for h, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"} {
				if got := res.Header.Get(h); got != want {
					t.Errorf("%s: got %q; want %q", h, got, want)
				}
			}
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
				t.Errorf("Content-Security-Policy: got %q; want scripts from this site only", csp)
			}
		})
	}
}

// TestLivePageFollowsTheGame: the event stream sends the game's part of
// the page, again when a move is made (by any process: it reads the
// store), and ends when the game does; the finished game's page comes
// from the archive, with its result and its leaderboard.
func TestLivePageFollowsTheGame(t *testing.T) {
	s := newSite(t)
	id := s.playHidden(t)
	st := openStream(t, s.base+"/games/"+id+"/events")
	event, first := st.next(t)
	if event != "game" || !strings.Contains(first, "No guesses yet.") {
		t.Fatalf("first event: got %q %q; want the game with no guesses", event, first)
	}
	s.say("alice", evilAlice, "#web", "!guess 50")
	event, second := st.next(t)
	if event != "game" || !strings.Contains(second, "East 50 (higher)") {
		t.Errorf("after a guess: got %q %q; want the guess shown", event, second)
	}
	s.say("bob", evilBob, "#web", "!guess 50")
	st.next(t)
	s.say("alice", evilAlice, "#web", "!resign")
	var events []string
	for {
		event, data := st.next(t)
		events = append(events, event)
		if event == "end" {
			break
		}
		if !strings.Contains(data, "East resigns") {
			t.Errorf("the last view: got %q; want the resignation", data)
		}
	}
	if got := strings.Join(events, ","); got != "game,end" {
		t.Errorf("events after the end: got %s; want game,end", got)
	}
	_, page := get(t, s.base, "/games/"+id)
	if strings.Contains(page, "data-events") || !strings.Contains(page, "East resigns") {
		t.Errorf("the finished game's page: want its result and no live stream:\n%s", page)
	}
	_, index := get(t, s.base, "/")
	if !strings.Contains(index, "No game is running.") || !strings.Contains(index, `href="/games/`+id+`"`) {
		t.Errorf("the index after the end: want no running game and the finished one:\n%s", index)
	}
	_, top := get(t, s.base, "/top/guess")
	if !strings.Contains(top, "&lt;script&gt;") || !strings.Contains(top, "<td>1</td>") {
		t.Errorf("the leaderboard after a rated game: want both players, escaped:\n%s", top)
	}
}

// TestLiveStreamsEndAtShutdown: an open live page does not hold the
// server's shutdown: its stream ends, and Serve returns.
func TestLiveStreamsEndAtShutdown(t *testing.T) {
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
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
	id := s.playHidden(t)
	stream := openStream(t, s.base+"/games/"+id+"/events")
	stream.next(t)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve with a live page open: got %v; want nil", err)
	}
}

// BenchmarkGamePage is one /games/ID page of a running game: the store
// read, the spectator's view and the template.
func BenchmarkGamePage(b *testing.B) {
	st := memory.New()
	bt := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer bt.Close()
	srv, err := web.New(web.Config{Addr: "127.0.0.1:0", Store: st, Games: gamesOf(bt)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, m := range []bot.Message{
		{Network: "irc", Channel: "#b", UserID: "a", Name: "a", Text: "!guess start"},
		{Network: "irc", Channel: "#b", UserID: "b", Name: "b", Text: "!join"},
	} {
		bt.Handle(ctx, m)
	}
	h := srv.Handler()
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/games/1", nil))
		if w.Code != 200 {
			b.Fatalf("got %d; want 200", w.Code)
		}
	}
}

// ranks matches a piece's rank as a seat sees its own army ("r4", "bB")
// where a page would carry it: a board's cell (data-piece), the text
// board's rows (after the rank's number), a piece's words; a spectator
// sees "r#" until combat reveals a piece. A square's name ("b9") is not a
// rank.
var ranks = regexp.MustCompile(`data-piece="[rb][1-9sBF]"|(?m)^\s*\d+(\s+(\.\.|~~|[rb]#))*\s+[rb][1-9sBF]\b|(red|blue) (marshal|general|colonel|major|captain|lieutenant|sergeant|miner|scout|spy|bomb|flag)`)

// TestNoHiddenStrategoRanksOnAnyRoute: a real hidden kind: while a game
// of Stratego runs, no route shows an unrevealed rank, though each
// player's own board (sent them privately) is full of them.
func TestNoHiddenStrategoRanksOnAnyRoute(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{k}, nil))
	defer b.Close()
	s := &site{b: b, base: serve(t, web.Config{Store: st, Games: gamesOf(b)})}
	s.say("alice", "alice", "#s", "!stratego start")
	s.say("bob", "bob", "#s", "!join")
	s.say("alice", "alice", "", "#s setup fortress")
	s.say("bob", "bob", "", "#s setup fortress")
	s.say("alice", "alice", "#s", "!ready")
	own := false
	for _, r := range s.say("bob", "bob", "#s", "!ready") {
		own = own || r.Private && ranks.MatchString(r.Text)
	}
	if !own {
		t.Fatal("the players' own boards show no ranks: the test would prove nothing")
	}
	// A second game, the same players with other armies: a spectator's
	// picture of it must be the first one's, byte for byte.
	s.say("alice", "alice", "#t", "!stratego start")
	s.say("bob", "bob", "#t", "!join")
	s.say("alice", "alice", "", "#t setup lakeside")
	s.say("bob", "bob", "", "#t setup corner")
	s.say("alice", "alice", "#t", "!ready")
	s.say("bob", "bob", "#t", "!ready")
	games := mustRunning(t, b)
	if len(games) != 2 {
		t.Fatalf("running: got %d; want 2", len(games))
	}
	id := games[len(games)-1].ID
	var pictures []string
	for _, g := range games {
		status, png := get(t, s.base, "/games/"+g.ID+"/board.png")
		if _, err := pngpkg.Decode(strings.NewReader(png)); status != 200 || err != nil {
			t.Fatalf("/games/%s/board.png: got %d, %v; want 200 and a PNG", g.ID, status, err)
		}
		pictures = append(pictures, png)
	}
	if pictures[0] != pictures[1] {
		t.Error("/games/ID/board.png differs between two games that differ only in their hidden armies")
	}
	for _, route := range []string{"/", "/games/" + id, "/games/" + id + "/events", "/games/" + id + "/export", "/top/stratego"} {
		var body string
		if strings.HasSuffix(route, "/events") {
			_, body = openStream(t, s.base+route).next(t)
		} else {
			_, body = get(t, s.base, route)
		}
		if m := ranks.FindString(body); m != "" {
			t.Errorf("%s: an unrevealed rank shows: %q in\n%s", route, m, body)
		}
	}
}
