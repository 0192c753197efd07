package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// Games is what the pages read: the host's spectator views (the core's
// and its features', together: the program composes them).
type Games interface {
	Kinds() []bot.Spec
	RunningGames(ctx context.Context, n int) ([]bot.GameView, error)
	ViewGame(ctx context.Context, id string) (bot.GameView, error)
	RecentGames(ctx context.Context, kind string, n int) ([]bot.GameView, error)
	Leaderboard(ctx context.Context, kind string, n int) ([]bot.Ranking, error)
	ExportGame(ctx context.Context, id string) (name string, data []byte, err error)
	// ReplayGame is a finished game's positions, frame 0 before the
	// first move, drawn on the Surface's cells; hide[s] true draws seat
	// s's pieces as the opponent saw them. Its errors wrap
	// bot.ErrNotFound (no such game, or a kind without a replay) or
	// bot.ErrNotSeated (the game still runs).
	ReplayGame(ctx context.Context, id string, hide []bool) (bot.Surface, []bot.Frame, error)
	GamePicture(ctx context.Context, id string) ([]byte, error)
	ViewTournament(ctx context.Context, id string) (tourney.View, error)
	RunningTournaments(ctx context.Context) ([]tourney.View, error)
	FinishedTournaments(ctx context.Context, n int) ([]tourney.View, error)
}

// Page sizes.
const (
	listRunning = 100
	listRecent  = 20
	listTop     = 50
	listTours   = 20 // tournaments that ended lately
)

//go:embed assets
var assets embed.FS

// pages are the parsed templates and the static files.
type pages struct {
	t      *template.Template
	static http.Handler
}

func newPages() (*pages, error) {
	t, err := template.New("").Funcs(template.FuncMap{
		"when": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
		"join": func(names []string) string { return strings.Join(names, ", ") },
		"seat": seatName,
	}).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, fmt.Errorf("web: assets: %w", err)
	}
	return &pages{t: t, static: http.StripPrefix("/static/", http.FileServerFS(sub))}, nil
}

// kindLink is a hosted kind as the header links it.
type kindLink struct{ Name, Title string }

func (s *Server) kinds() []kindLink {
	var out []kindLink
	for _, k := range s.cfg.Games.Kinds() {
		out = append(out, kindLink{Name: strings.ToLower(k.Name), Title: k.Title})
	}
	return out
}

// render writes template name with data, or a plain 500 when it fails
// (nothing half written: it renders into a buffer first).
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := s.pages.t.ExecuteTemplate(&buf, name, data); err != nil {
		s.cfg.Log.Error("web: rendering", "template", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// fail answers a page that cannot be shown, in plain words; the detail
// goes to the log.
func (s *Server) fail(w http.ResponseWriter, err error, what string) {
	status, msg := http.StatusServiceUnavailable, "Storage unavailable, try again in a moment."
	if errors.Is(err, bot.ErrNotFound) {
		status, msg = http.StatusNotFound, "No such "+what+" here."
	} else {
		s.cfg.Log.Warn("web: page", "what", what, "err", err)
	}
	s.render(w, status, "error", map[string]any{"Title": http.StatusText(status), "Message": msg, "Kinds": s.kinds()})
}

// index lists the running games, the running tournaments and the last
// finished games.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		s.fail(w, bot.ErrNotFound, "page")
		return
	}
	running, err := s.cfg.Games.RunningGames(r.Context(), listRunning)
	if err != nil {
		s.fail(w, err, "page")
		return
	}
	tours, err := s.cfg.Games.RunningTournaments(r.Context())
	if err != nil {
		s.fail(w, err, "page")
		return
	}
	recent, err := s.cfg.Games.RecentGames(r.Context(), "", listRecent)
	if err != nil {
		s.fail(w, err, "page")
		return
	}
	s.render(w, http.StatusOK, "index", map[string]any{"Title": "Games", "Running": running, "Tournaments": tours,
		"Recent": recent, "Kinds": s.kinds()})
}

// validID says whether id can be a game id (digits, or base 36 as ids
// were once written; short): anything else is not looked up.
func validID(id string) bool {
	if id == "" || len(id) > 16 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// game is a game's page: live while it runs.
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, bot.ErrNotFound, "game")
		return
	}
	g, err := s.cfg.Games.ViewGame(r.Context(), id)
	if err != nil {
		s.fail(w, err, "game")
		return
	}
	s.render(w, http.StatusOK, "game", map[string]any{"Title": "Game " + g.ID, "Game": g, "Part": s.gamePart(g), "Kinds": s.kinds()})
}

// gamePart is the live part of a game's page.
type gamePart struct {
	Game  bot.GameView
	Board *boardView // nil: the kind draws no Surface
	// Replay says the page steps through the finished game's positions.
	Replay bool
	// HideSeats are the seats whose army a finished hidden game's replay
	// may hide again, as their players saw each other's.
	HideSeats []hideSeat
}

// hideSeat is one "Hide <seat>" toggle of a replay.
type hideSeat struct {
	Index int
	Name  string
}

func (s *Server) gamePart(g bot.GameView) gamePart {
	p := gamePart{Game: g, Replay: g.Replayable && !g.Running}
	if g.Surface != nil && len(g.Surface.Cells) > 0 {
		b := drawBoard(*g.Surface, false)
		p.Board = &b
	}
	if !p.Replay {
		return p
	}
	for _, k := range s.cfg.Games.Kinds() {
		if strings.EqualFold(k.Name, g.Kind) && k.Hidden {
			for i := range g.Players {
				p.HideSeats = append(p.HideSeats, hideSeat{Index: i, Name: seatName(g, i)})
			}
		}
	}
	return p
}

// board sends a game's board as a spectator sees it, as a PNG.
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, bot.ErrNotFound, "game")
		return
	}
	png, err := s.cfg.Games.GamePicture(r.Context(), id)
	if errors.Is(err, bot.ErrNoPicture) {
		s.render(w, http.StatusNotFound, "error", map[string]any{"Title": "No picture",
			"Message": "Games of this kind are not drawn.", "Kinds": s.kinds()})
		return
	}
	if err != nil {
		s.fail(w, err, "game")
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache") // a running game's board changes; the page asks by version
	w.Write(png)
}

// export sends a game in its kind's file format, as a download.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, bot.ErrNotFound, "game")
		return
	}
	name, data, err := s.cfg.Games.ExportGame(r.Context(), id)
	switch {
	case errors.Is(err, bot.ErrNotSeated):
		s.render(w, http.StatusForbidden, "error", map[string]any{"Title": "Hidden while it runs",
			"Message": "This game hides its players' secrets while it runs: its export comes when it is over.", "Kinds": s.kinds()})
		return
	case errors.Is(err, bot.ErrBadCommand):
		s.render(w, http.StatusNotFound, "error", map[string]any{"Title": "No export",
			"Message": "Games of this kind have no file format here.", "Kinds": s.kinds()})
		return
	case err != nil:
		s.fail(w, err, "game")
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(name, id)+`"`)
	w.Write(data)
}

// fileName is name with only safe characters (letters, digits, "._-"),
// for a header; "game-ID.txt" when nothing is left.
func fileName(name, id string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	out := strings.TrimLeft(b.String(), ".")
	if out == "" || len(out) > 100 {
		return "game-" + id + ".txt"
	}
	return out
}

// top is a kind's leaderboard.
func (s *Server) top(w http.ResponseWriter, r *http.Request) {
	name := strings.ToLower(r.PathValue("kind"))
	var kind *kindLink
	for _, k := range s.kinds() {
		if k.Name == name {
			kind = &k
		}
	}
	if kind == nil {
		s.fail(w, bot.ErrNotFound, "game")
		return
	}
	top, err := s.cfg.Games.Leaderboard(r.Context(), name, listTop)
	if err != nil {
		s.fail(w, err, "leaderboard")
		return
	}
	s.render(w, http.StatusOK, "top-page", map[string]any{"Title": kind.Title + " leaderboard", "Kind": kind, "Top": top, "Kinds": s.kinds()})
}

// events streams a game's part of the page (server-sent events) each
// time it changes, reading the store every PollEvery: any process's
// moves show. The stream ends ("end") when the game is over, and when the
// server stops.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		http.Error(w, "no such game", http.StatusNotFound)
		return
	}
	s.follow(w, r, "game", id, func(ctx context.Context) (any, bool, error) {
		g, err := s.cfg.Games.ViewGame(ctx, id)
		if err != nil {
			return nil, false, err
		}
		return s.gamePart(g), g.Running, nil
	})
}

// follow streams part of a live page: the template "NAME-body" of what
// view returns, as the event NAME (the page's element of that id takes
// it), each time it changes, reading view every PollEvery. The stream
// ends ("end") once view says it no longer runs, and when the server
// stops; a storage failure keeps the last part and tries again. An
// unknown id is a plain 404 before anything is streamed (the caller
// checks its syntax first), a play link that does not open a plain 403;
// a link that stops working while it streams ends the stream ("end",
// "gone"). id names the stream in the log ("" for a secret).
func (s *Server) follow(w http.ResponseWriter, r *http.Request, name, id string, view func(context.Context) (any, bool, error)) {
	client := clientOf(r, s.cfg.ClientHeader)
	if !s.clients.take(client) {
		http.Error(w, "too many live pages open from your address; close one", http.StatusTooManyRequests)
		return
	}
	defer s.clients.give(client)
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		http.Error(w, "too many live pages open; reload later", http.StatusServiceUnavailable)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ctx := r.Context()
	v, running, err := view(ctx)
	switch {
	case errors.Is(err, bot.ErrLink):
		http.Error(w, linkGone, http.StatusForbidden)
		return
	case errors.Is(err, bot.ErrNotFound):
		http.Error(w, "no such "+name, http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy must not hold the stream back
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(s.cfg.PollEvery)
	defer tick.Stop()
	tmpl := name + "-body"
	last := ""
	for {
		if errors.Is(err, bot.ErrLink) {
			writeEvent(w, "end", "gone")
			flusher.Flush()
			return
		}
		if err == nil {
			var buf bytes.Buffer
			if err := s.pages.t.ExecuteTemplate(&buf, tmpl, v); err != nil {
				s.cfg.Log.Error("web: rendering", "template", tmpl, "err", err)
				return
			}
			if body := buf.String(); body != last {
				last = body
				writeEvent(w, name, body)
			}
			if !running {
				writeEvent(w, "end", "over")
				flusher.Flush()
				return
			}
		} else {
			// Storage trouble: keep the last view and try again.
			s.cfg.Log.Debug("web: live page", name, id, "err", err)
		}
		flusher.Flush()
		select {
		case <-ctx.Done():
			return
		case <-s.stop.Done():
			return
		case <-tick.C:
		}
		v, running, err = view(ctx)
	}
}

// writeEvent writes one server-sent event; each line of data is its own
// "data:" field, as the format wants.
func writeEvent(w http.ResponseWriter, event, data string) {
	var b strings.Builder
	b.WriteString("event: " + event + "\n")
	for _, line := range strings.Split(strings.ReplaceAll(data, "\r", ""), "\n") {
		b.WriteString("data: " + line + "\n")
	}
	b.WriteString("\n")
	w.Write([]byte(b.String()))
}
