package web_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// hiddenLooks are a hidden kind's pieces: red's own rank, blue's hidden,
// and blue's true rank, which only the finished game's replay shows.
var hiddenLooks = map[string]bot.PieceLook{
	"r4": {Label: "red sergeant", Side: 0, Glyph: "4"},
	"b?": {Label: "hidden blue piece", Side: 1, Glyph: "?"},
	"b9": {Label: "blue " + secret, Side: 1, Glyph: "9"},
}

// hiddenSurface is a 2×1 board: red's sergeant, and blue's piece as
// shows (piece "b?" or, unhidden after the game, "b9").
func hiddenSurface(blue string) bot.Surface {
	looks := map[string]bot.PieceLook{"r4": hiddenLooks["r4"], blue: hiddenLooks[blue]}
	return bot.Surface{Shape: "square", Width: 2, Height: 1, Pieces: looks, Turn: 0,
		Cells: []bot.Cell{{Name: "a1", X: 0.5, Y: 0.5, Piece: "r4"}, {Name: "b1", X: 1.5, Y: 0.5, Piece: blue, Class: "water"}}}
}

// playSite is a server with the fake games and the fake Play.
type playSite struct {
	base  string
	games *fakeGames
	play  *fakePlay
}

func newPlaySite(t *testing.T) *playSite {
	t.Helper()
	g := &fakeGames{
		kinds: []bot.Spec{{Name: "fake", Title: "Fake", Seats: []string{"red", "blue"}},
			{Name: "hid", Title: "Hid", Seats: []string{"red", "blue"}, Hidden: true}},
		games:   map[string]bot.GameView{"7": spectated()},
		replays: map[string]replay{},
	}
	// Game 8: the hidden kind's, running; game 9 the same, finished.
	spect := hiddenSurface("b?")
	running := bot.GameView{ID: "8", Kind: "hid", Title: "Hid", Running: true, Surface: &spect, Status: "Red to move",
		Players: []bot.PlayerView{{Seat: "Red", Name: "alice"}, {Seat: "Blue", Name: "bob"}}}
	done := running
	done.ID, done.Running, done.Replayable, done.Result = "9", false, true, "Red wins."
	final := hiddenSurface("b9")
	done.Surface = &final
	done.Moves = []string{"a1-b1"}
	g.games["8"], g.games["9"] = running, done
	frames := func(hide []bool) []bot.Frame {
		blue := "b9"
		if len(hide) > 1 && hide[1] {
			blue = "b?"
		}
		return []bot.Frame{{Pieces: []string{"r4", blue}}, {Pieces: []string{"", "r4"}, Last: []string{"a1", "b1"}, Move: "a1-b1"}}
	}
	g.replays["8"] = replay{final, frames} // asked while it runs: refused
	g.replays["9"] = replay{final, frames}
	p := &fakePlay{view: playing(), replies: []bot.Reply{{Text: "Red plays a1-a2."}, {Text: "Your army is set.", Private: true}}}
	base := serve(t, web.Config{Store: memory.New(), Games: g, Play: p, PollEvery: 10 * time.Millisecond})
	return &playSite{base: base, games: g, play: p}
}

// post sends a say request as a page would, with the changes the case
// makes; it returns the status and the decoded answer.
func (s *playSite) post(t *testing.T, token string, body []byte, edit func(*http.Request)) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.base+"/play/"+token+"/say", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Play-Token", token)
	if edit != nil {
		edit(req)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("POST say: got %d %q; want a JSON answer (%v)", res.StatusCode, raw, err)
	}
	return res.StatusCode, out, res.Header
}

func sayBody(line string, private bool) []byte {
	b, _ := json.Marshal(map[string]any{"line": line, "private": private})
	return b
}

// TestPlayRoutesRefuseStrangers: a token that cannot be one, a forged
// one and an expired one open nothing: 403 with the link's message, no
// part of the player's view, and Say never asked.
func TestPlayRoutesRefuseStrangers(t *testing.T) {
	s := newPlaySite(t)
	tokens := []struct{ name, token string }{
		{"forged", "c2VhdDA.forged.sig"},
		{"expired", expiredToken},
		{"too long", strings.Repeat("A", 513)},
		{"not base64url", "abc%24def"},
		{"markup", "%3Cscript%3E"},
		{"a path", "..%2F..%2Fgames"},
		{"a space", "abc%20def"},
	}
	for _, tk := range tokens {
		t.Run(tk.name, func(t *testing.T) {
			for _, route := range []string{"/play/" + tk.token, "/play/" + tk.token + "/events"} {
				res, err := http.Get(s.base + route)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "This link does not work any more") {
					t.Errorf("GET %s: got %d %q; want 403 saying the link does not work", route, res.StatusCode, body)
				}
				if res.Header.Get("Cache-Control") != "no-store" {
					t.Errorf("GET %s: Cache-Control %q; want no-store", route, res.Header.Get("Cache-Control"))
				}
				for _, leak := range []string{"Red (alice) to move", "a1-a2", "data-square", "play-data"} {
					if strings.Contains(string(body), leak) {
						t.Errorf("GET %s: the answer shows %q of the view:\n%s", route, leak, body)
					}
				}
			}
			status, out, _ := s.post(t, tk.token, sayBody("a1-a2", false), func(r *http.Request) {
				r.Header.Set("X-Play-Token", tk.token) // as the path has it, even a bad one
			})
			if status != http.StatusForbidden || out["error"] == nil || out["replies"] != nil {
				t.Errorf("POST say: got %d %v; want 403 with an error and no replies", status, out)
			}
		})
	}
	for _, sd := range s.play.said() {
		if sd.token != expiredToken && sd.token != "c2VhdDA.forged.sig" {
			t.Errorf("Say was asked with a token that cannot be one: %q", sd.token)
		}
	}
}

// TestPlayPage: the player's page draws the board as SVG (a cell per
// square, each a button read out with its piece), offers the table's
// buttons and menu, the typed line and the messages, carries the moves
// in its JSON block, and is never cached.
func TestPlayPage(t *testing.T) {
	s := newPlaySite(t)
	res, err := http.Get(s.base + "/play/" + goodToken)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	page := string(raw)
	if res.StatusCode != 200 {
		t.Fatalf("GET the play page: got %d; want 200:\n%s", res.StatusCode, page)
	}
	for h, want := range map[string]string{"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s: got %q; want %q", h, got, want)
		}
	}
	sf := square3()
	if got := strings.Count(page, "data-square="); got != len(sf.Cells) {
		t.Errorf("cells drawn: got %d data-square; want %d", got, len(sf.Cells))
	}
	for _, want := range []string{
		`<svg class="board playable" id="board" data-shape="square" viewBox="0 0 3 3"`,
		`data-square="a1" transform="translate(0.5 2.5)" role="button" tabindex="0" aria-label="a1, red piece"`,
		`data-square="c3" transform="translate(2.5 0.5)" role="button" tabindex="0" aria-label="c3, blue piece, last move"`,
		`<g class="cell block" data-square="c2"`, `aria-label="c2, block"`, `aria-label="b2, empty"`,
		`data-piece="r"`, `data-piece="b"`, `class="piece side-0 c-red"`,
		`<button type="button" class="command" data-command="pass">Pass</button>`,
		`<button type="button" class="command" data-command="setup random" data-private="true">Random army</button>`,
		`<form id="say-form"`, `<input id="say-line"`, `id="messages" class="messages" aria-live="polite"`,
		`<form class="menu-command" data-verb="setup" data-private="true">`, `<input type="file" data-file-for="army"`,
		`<input type="number" name="n" data-arg min="1" max="9" required>`, `<select name="side" data-arg><option value=""></option><option>red</option>`,
		`data-left-ms="303000" data-running="true"`, `<span class="clock-time">5:03</span>`, `data-left-ms="240000" data-running="false"`,
		`<meta name="robots" content="noindex, nofollow">`, `<script src="/static/play.js"></script>`,
		`data-token="` + goodToken + `"`, `data-events="/play/` + goodToken + `/events"`, `you play Red`,
		`<pre class="board-text">r . b`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the play page lacks %q:\n%s", want, page)
		}
	}
	var data struct {
		Moves        []bot.ClickMove `json:"moves"`
		PrivateVerbs []string        `json:"privateVerbs"`
	}
	block := regexp.MustCompile(`(?s)<script type="application/json" id="play-data">(.*?)</script>`).FindStringSubmatch(page)
	if block == nil {
		t.Fatalf("the play page has no JSON block:\n%s", page)
	}
	if err := json.Unmarshal([]byte(block[1]), &data); err != nil {
		t.Fatalf("the JSON block %q: %v", block[1], err)
	}
	if fmt.Sprint(data.Moves) != fmt.Sprint(sf.Moves) || fmt.Sprint(data.PrivateVerbs) != "[setup army]" {
		t.Errorf("the JSON block: got moves %v, private verbs %v; want %v and [setup army]", data.Moves, data.PrivateVerbs, sf.Moves)
	}
	if strings.Contains(page, "<script>") || regexp.MustCompile(`<script(?: [^>]*)?>[^<]`).MatchString(strings.ReplaceAll(page, `<script type="application/json" id="play-data">`, "")) {
		t.Errorf("the play page has an inline script:\n%s", page)
	}
}

// TestPlayPageFlipped: a Surface with Flip is drawn turned 180°: each
// cell at (W-X, H-Y), its name kept.
func TestPlayPageFlipped(t *testing.T) {
	s := newPlaySite(t)
	s.play.set(func(v *bot.PlayView) { v.Surface.Flip = true })
	_, page := get(t, s.base, "/play/"+goodToken)
	for _, want := range []string{`data-flip="true"`, `data-square="a1" transform="translate(2.5 0.5)"`, `data-square="c3" transform="translate(0.5 2.5)"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the flipped page lacks %q:\n%s", want, page)
		}
	}
}

// TestSpectatorPage: a game's page draws the spectator's Surface (cells
// that are pictures, not buttons), keeps the text board one click away,
// and carries no play control and no token.
func TestSpectatorPage(t *testing.T) {
	s := newPlaySite(t)
	_, page := get(t, s.base, "/games/7")
	if got := strings.Count(page, "data-square="); got != 9 {
		t.Errorf("cells drawn: got %d; want 9", got)
	}
	for _, want := range []string{`<svg class="board" id="board"`, `role="img" aria-label="a1, red piece"`, `<details class="text-board"><summary>The board as text</summary>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the game page lacks %q:\n%s", want, page)
		}
	}
	if got := strings.Count(page, `class="board-text"`); got != 1 {
		t.Errorf("text boards: got %d; want 1", got)
	}
	for _, not := range []string{goodToken, "/play/", "play-data", "say-form", `role="button"`, "tabindex", "/static/play.js", "command", "replay-controls", `id="replay"`} {
		if strings.Contains(page, not) {
			t.Errorf("the spectator's page carries %q:\n%s", not, page)
		}
	}
}

// TestSayIsGuarded: a say request is taken only as JSON, with its token
// in X-Play-Token, small, and one line; anything else is refused with a
// JSON error and Say is not asked.
func TestSayIsGuarded(t *testing.T) {
	cases := []struct {
		name string
		body []byte
		edit func(*http.Request)
		want int
	}{
		{"no token header", sayBody("a1-a2", false), func(r *http.Request) { r.Header.Del("X-Play-Token") }, 403},
		{"another token in the header", sayBody("a1-a2", false), func(r *http.Request) { r.Header.Set("X-Play-Token", expiredToken) }, 403},
		{"a cookie for a header", sayBody("a1-a2", false), func(r *http.Request) {
			r.Header.Del("X-Play-Token")
			r.AddCookie(&http.Cookie{Name: "X-Play-Token", Value: goodToken})
		}, 403},
		{"a form", []byte("line=a1-a2"), func(r *http.Request) { r.Header.Set("Content-Type", "application/x-www-form-urlencoded") }, 415},
		{"plain text", sayBody("a1-a2", false), func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") }, 415},
		{"no content type", sayBody("a1-a2", false), func(r *http.Request) { r.Header.Del("Content-Type") }, 415},
		{"a body over 64 KiB", sayBody(strings.Repeat("x", 70<<10), false), nil, 413},
		{"a line over 2000 bytes", sayBody(strings.Repeat("x", 2001), false), nil, 413},
		{"two lines", sayBody("a1-a2\npass", false), nil, 400},
		{"a carriage return", sayBody("a1-a2\rpass", false), nil, 400},
		{"a control character", sayBody("a1\x00a2", false), nil, 400},
		{"a line separator", sayBody("a1-a2\u2028pass", false), nil, 400},
		{"blank", sayBody("   ", false), nil, 400},
		{"not JSON", []byte("a1-a2"), nil, 400},
		{"an unknown field", []byte(`{"line":"a1-a2","private":false,"as":"bob"}`), nil, 400},
		{"two objects", []byte(`{"line":"a1-a2"}{"line":"pass"}`), nil, 400},
		{"a line that is not a string", []byte(`{"line":5}`), nil, 400},
	}
	s := newPlaySite(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, out, h := s.post(t, goodToken, c.body, c.edit)
			if status != c.want || out["error"] == nil || out["replies"] != nil {
				t.Errorf("got %d %v; want %d with an error", status, out, c.want)
			}
			if h.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control: got %q; want no-store", h.Get("Cache-Control"))
			}
		})
	}
	if got := s.play.said(); len(got) != 0 {
		t.Errorf("Say was asked %v; want never", got)
	}
	for _, method := range []string{"GET", "PUT", "OPTIONS"} {
		req, _ := http.NewRequest(method, s.base+"/play/"+goodToken+"/say", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s say: got %d; want 405", method, res.StatusCode)
		}
	}
}

// TestSayAnswersTheReplies: a line said is passed on as it was typed
// (its spaces about it dropped), privately when asked, and the replies
// come back as their texts.
func TestSayAnswersTheReplies(t *testing.T) {
	s := newPlaySite(t)
	status, out, _ := s.post(t, goodToken, sayBody("  setup random ", true), func(r *http.Request) {
		r.Header.Set("Content-Type", "application/json; charset=utf-8")
	})
	got, _ := json.Marshal(out)
	if status != 200 || string(got) != `{"replies":["Red plays a1-a2.","Your army is set."]}` {
		t.Errorf("got %d %s; want 200 with both replies", status, got)
	}
	if sd := s.play.said(); len(sd) != 1 || sd[0] != (said{goodToken, "setup random", true}) {
		t.Errorf("Say was asked %v; want once, setup random, privately", sd)
	}
}

// TestSayFailures: a link that stops working is a 403 with the link's
// message; the store's trouble a 503.
func TestSayFailures(t *testing.T) {
	cases := []struct {
		name string
		fail error
		want int
		says string
	}{
		{"the link stopped working", fmt.Errorf("%w: left", bot.ErrLink), 403, "This link does not work any more"},
		{"the store is down", fmt.Errorf("%w: redis", bot.ErrUnavailable), 503, "try again"},
		{"the game is gone", fmt.Errorf("%w: game 7", bot.ErrNotFound), 403, "This link does not work any more"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newPlaySite(t)
			s.play.fail = c.fail
			status, out, _ := s.post(t, goodToken, sayBody("pass", false), nil)
			if msg, _ := out["error"].(string); status != c.want || !strings.Contains(msg, c.says) {
				t.Errorf("say: got %d %v; want %d saying %q", status, out, c.want, c.says)
			}
			res, err := http.Get(s.base + "/play/" + goodToken)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.want || !strings.Contains(string(body), c.says) {
				t.Errorf("page: got %d %q; want %d saying %q", res.StatusCode, body, c.want, c.says)
			}
		})
	}
}

// TestPlayStream: the play page's stream sends the player's own view,
// again when it changes, through the game's end and on to the table's
// next game (a rematch); a link that stops working ends it ("gone").
func TestPlayStream(t *testing.T) {
	s := newPlaySite(t)
	st := openStream(t, s.base+"/play/"+goodToken+"/events")
	if cc := st.res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control: got %q; want no-store", cc)
	}
	event, first := st.next(t)
	if event != "play" || !strings.Contains(first, "Red (alice) to move") || !strings.Contains(first, `id="play-data"`) || strings.Contains(first, "<html") {
		t.Fatalf("first event: got %q %q; want the play part", event, first)
	}
	s.play.set(func(v *bot.PlayView) {
		v.Status, v.Version = "Blue (bob) to move", "v2"
		v.Game.Moves = append(v.Game.Moves, "a1-a2")
		v.Surface.Moves = nil
	})
	event, second := st.next(t)
	if event != "play" || !strings.Contains(second, "Blue (bob) to move") || !strings.Contains(second, "<li>a1-a2</li>") || strings.Contains(second, `"Text":"a1-a3"`) {
		t.Errorf("after a move: got %q %q; want the new view without red's moves", event, second)
	}
	s.play.set(func(v *bot.PlayView) {
		v.Phase, v.Status, v.Game.Result, v.Version = "over", "Red wins.", "Red wins.", "v3"
	})
	if event, data := st.next(t); event != "play" || !strings.Contains(data, "Red wins.") {
		t.Errorf("the game over: got %q %q; want the view with the result", event, data)
	}
	// Over, the stream goes on: a rematch at the table shows on the page.
	s.play.set(func(v *bot.PlayView) {
		v.Phase, v.Status, v.Game.Result, v.Version = "playing", "Rematch: Blue (alice) to move", "", "v4"
	})
	if event, data := st.next(t); event != "play" || !strings.Contains(data, "Rematch") {
		t.Errorf("a rematch after the end: got %q %q; want the new game's view", event, data)
	}

	s2 := newPlaySite(t)
	st2 := openStream(t, s2.base+"/play/"+goodToken+"/events")
	st2.next(t)
	s2.play.set(func(*bot.PlayView) { s2.play.gone = true })
	if event, data := st2.next(t); event != "end" || data != "gone" {
		t.Errorf("after the link stops working: got %q %q; want end gone", event, data)
	}
}

// TestHiddenPiecesStayHidden: a hidden kind's running game: the player's
// page, stream and answers carry only what their PlayView gives, the
// spectator's page the spectator's; neither carries the rank the game
// hides, and replay.json refuses the running game. Once over, its replay
// shows the army, or hides it again when asked.
func TestHiddenPiecesStayHidden(t *testing.T) {
	s := newPlaySite(t)
	own := hiddenSurface("b?")
	own.Moves = []bot.ClickMove{{Select: []string{"a1"}, Path: []string{"b1"}, Text: "a1-b1", Mark: "attack"}}
	s.play.set(func(v *bot.PlayView) {
		v.Game = s.games.games["8"]
		v.Surface, v.Board, v.Status = own, "r4 b?", "Red to move"
	})
	s.play.replies = []bot.Reply{{Text: "Red attacks b1."}}
	var bodies []string
	_, page := get(t, s.base, "/play/"+goodToken)
	bodies = append(bodies, page)
	_, ev := openStream(t, s.base+"/play/"+goodToken+"/events").next(t)
	bodies = append(bodies, ev)
	_, out, _ := s.post(t, goodToken, sayBody("a1-b1", false), nil)
	said, _ := json.Marshal(out)
	bodies = append(bodies, string(said))
	_, spect := get(t, s.base, "/games/8")
	bodies = append(bodies, spect)
	status, replayRunning := get(t, s.base, "/games/8/replay.json")
	bodies = append(bodies, replayRunning)
	if status != http.StatusForbidden {
		t.Errorf("replay.json of the running game: got %d %q; want 403", status, replayRunning)
	}
	for i, b := range bodies {
		if strings.Contains(b, secret) || strings.Contains(b, `"b9"`) || strings.Contains(b, `data-piece="b9"`) {
			t.Errorf("answer %d shows the hidden rank:\n%s", i, b)
		}
	}
	if !strings.Contains(page, `aria-label="b1, hidden blue piece"`) || !strings.Contains(page, `data-piece="b?"`) || !strings.Contains(page, `aria-label="a1, red sergeant"`) {
		t.Errorf("the player's page does not show their view:\n%s", page)
	}
	if strings.Contains(spect, `id="replay"`) || strings.Contains(spect, "replay.json") || strings.Contains(spect, "Hide Red") {
		t.Errorf("the running game's page offers a replay:\n%s", spect)
	}

	_, done := get(t, s.base, "/games/9")
	for _, want := range []string{`<div id="replay" class="replay" data-replay="/games/9/replay.json" hidden>`, `id="replay-first"`, `id="replay-back"`,
		`id="replay-play"`, `id="replay-forward"`, `id="replay-last"`, `<select id="replay-delay">`, `id="replay-ply"`,
		`<input type="checkbox" class="replay-hide" data-seat="0"> Hide Red`, `<input type="checkbox" class="replay-hide" data-seat="1"> Hide Blue`,
		`<script src="/static/replay.js"></script>`, `<ol class="moves" id="moves"><li>a1-b1</li></ol>`} {
		if !strings.Contains(done, want) {
			t.Errorf("the finished game's page lacks %q:\n%s", want, done)
		}
	}
	var replay struct {
		Surface bot.Surface `json:"surface"`
		Frames  []bot.Frame `json:"frames"`
	}
	for _, c := range []struct{ hide, blue string }{{"", "b9"}, {"1", "b?"}, {"0,1", "b?"}, {"0", "b9"}} {
		status, body := get(t, s.base, "/games/9/replay.json?hide="+c.hide)
		if err := json.Unmarshal([]byte(body), &replay); status != 200 || err != nil {
			t.Fatalf("replay.json?hide=%s: got %d %q (%v); want 200 JSON", c.hide, status, body, err)
		}
		if len(replay.Frames) != 2 || replay.Frames[0].Pieces[1] != c.blue || replay.Frames[1].Move != "a1-b1" || len(replay.Surface.Cells) != 2 {
			t.Errorf("replay.json?hide=%s: got %+v; want 2 frames, blue's piece %s first", c.hide, replay, c.blue)
		}
	}
	if got := fmt.Sprint(s.games.hides); got != "[[] [false true] [true true] [true]]" {
		t.Errorf("hide asked: got %s; want [[] [false true] [true true] [true]]", got)
	}
}

// TestReplayJSON: the replay route's answers.
func TestReplayJSON(t *testing.T) {
	s := newPlaySite(t)
	cases := []struct {
		name, path string
		want       int
	}{
		{"a finished game", "/games/9/replay.json", 200},
		{"a running game", "/games/8/replay.json", 403},
		{"another running game", "/games/7/replay.json", 403},
		{"no such game", "/games/404/replay.json", 404},
		{"an id that cannot be one", "/games/A..B/replay.json", 404},
		{"a seat past the last", "/games/9/replay.json?hide=8", 400},
		{"a word", "/games/9/replay.json?hide=red", 400},
		{"a negative seat", "/games/9/replay.json?hide=-1", 400},
		{"an empty item", "/games/9/replay.json?hide=0,,1", 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := http.Get(s.base + c.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var out map[string]any
			if res.StatusCode != c.want || json.Unmarshal(body, &out) != nil || res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("got %d %s %q; want %d JSON", res.StatusCode, res.Header.Get("Content-Type"), body, c.want)
			}
			if (c.want == 200) != (out["error"] == nil) {
				t.Errorf("got %v; want an error exactly when refused", out)
			}
		})
	}
}

// TestNoPlayRoutesWithoutPlay: a server without Play has no play pages.
func TestNoPlayRoutesWithoutPlay(t *testing.T) {
	base := serve(t, web.Config{Store: memory.New(), Games: &fakeGames{games: map[string]bot.GameView{}}})
	for _, route := range []string{"/play/" + goodToken, "/play/" + goodToken + "/events"} {
		if status, _ := get(t, base, route); status != http.StatusNotFound {
			t.Errorf("GET %s: got %d; want 404", route, status)
		}
	}
	if _, err := web.New(web.Config{Addr: "127.0.0.1:0", Store: memory.New(), Play: &fakePlay{}}); !errors.Is(err, web.ErrConfig) {
		t.Errorf("Play without Games: got %v; want ErrConfig", err)
	}
}

// TestBoardLabelsAreEscaped: what a kind names its pieces and squares
// goes through the templates' escaping, in the SVG and its JSON block.
func TestBoardLabelsAreEscaped(t *testing.T) {
	s := newPlaySite(t)
	evil := `"><script>alert(1)</script>`
	s.play.set(func(v *bot.PlayView) {
		v.Surface.Pieces = map[string]bot.PieceLook{"r": {Label: evil, Side: 0, Glyph: evil}, "b": looks["b"]}
		v.Surface.Moves = append(v.Surface.Moves, bot.ClickMove{Select: []string{"a1"}, Path: []string{"b2"}, Text: "</script>" + evil})
	})
	_, page := get(t, s.base, "/play/"+goodToken)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "</script>\"") {
		t.Errorf("a label shows unescaped:\n%s", page)
	}
	if !strings.Contains(page, html.EscapeString("a1, "+evil)) && !strings.Contains(page, "a1, &#34;&gt;&lt;script&gt;") {
		t.Errorf("the label is not read out escaped:\n%s", page)
	}
}

// TestPlayPageWithoutASurface: a kind that draws no Surface: no board to
// click, the text board shown as it is, the buttons and the typed line
// still there.
func TestPlayPageWithoutASurface(t *testing.T) {
	s := newPlaySite(t)
	s.play.set(func(v *bot.PlayView) { v.Surface = bot.Surface{} })
	_, page := get(t, s.base, "/play/"+goodToken)
	if strings.Contains(page, "<svg") || strings.Contains(page, "<details class=\"text-board\"") {
		t.Errorf("a play page without a Surface draws a board or hides the text one:\n%s", page)
	}
	for _, want := range []string{`<pre class="board-text">r . b`, `data-command="pass"`, `<input id="say-line"`, `"moves":[]`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}

// TestSayRefused: a line the bot does not take, as an error, is a 400
// that does not repeat the error's detail.
func TestSayRefused(t *testing.T) {
	s := newPlaySite(t)
	s.play.sayFail = fmt.Errorf("%w: internal detail", bot.ErrBadCommand)
	status, out, _ := s.post(t, goodToken, sayBody("frobnicate", false), nil)
	if msg, _ := out["error"].(string); status != 400 || msg == "" || strings.Contains(msg, "internal detail") {
		t.Errorf("got %d %v; want 400 with a plain error", status, out)
	}
}
