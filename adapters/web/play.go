package web

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Play is what the play pages ask: a seated player's view of their
// table, and what they say there, both by the token of their link. Errors
// wrapping bot.ErrLink are a link that does not open (forged, expired, or
// for a seat its holder left); bot.ErrUnavailable is the store's trouble.
type Play interface {
	PlayView(ctx context.Context, token string) (bot.PlayView, error)
	// Say says line at the link's table as its holder, privately to the
	// bot when private is set, and returns the replies the holder may
	// read.
	Say(ctx context.Context, token, line string, private bool) ([]bot.Reply, error)
}

// Limits of what a play page sends.
const (
	maxToken    = 512      // a link's token
	maxSayBody  = 64 << 10 // a say request's body
	maxSayLine  = 2000     // a line said: the bot's own limit, which a saved game fits
	maxHideSeat = 8        // the seats replay.json may hide: 0 to 7
)

// linkGone is what a stranger with a link that does not open reads.
const linkGone = "This link does not work any more: ask for a new one with !web in the channel."

// playHeader is the header a say request repeats its token in: a form
// from another site, or a cookie, cannot set it.
const playHeader = "X-Play-Token"

// validToken says whether token can be a play link's: short, base64url
// and dots. Anything else is refused before Play is asked.
func validToken(token string) bool {
	if token == "" || len(token) > maxToken {
		return false
	}
	for i := 0; i < len(token); i++ {
		c := token[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// playPart is the live part of a play page: what its stream sends.
type playPart struct {
	View     bot.PlayView
	Board    *boardView
	Commands []commandButton
	Clocks   []clockView
	Data     playData
	Over     bool
}

// commandButton is one of PlayView.Commands as a button.
type commandButton struct {
	Label, Command string
	Private        bool
}

// clockView is a seat's clock as the page ticks it.
type clockView struct {
	Seat    string // the seat's name
	Left    string // "4:59", as at the view's making
	LeftMS  int64
	Running bool
}

// playData is what play.js reads from the page (a JSON block): the moves
// by clicks, the setup tools, and which verbs are said privately.
type playData struct {
	Moves        []bot.ClickMove `json:"moves"`
	Tools        []bot.Tool      `json:"tools"`
	PrivateVerbs []string        `json:"privateVerbs"`
	Version      string          `json:"version"`
}

// menuCommand is one of PlayView.Menu as a form.
type menuCommand struct {
	Name, Usage, Summary string
	Private              bool
	Args                 []menuArg
}

// menuArg is one argument's input.
type menuArg struct {
	Name, Desc string
	Input      string // "select", "number", "text"
	Required   bool
	Choices    []string
	Min, Max   string // a number's bounds, "" when none
	File       bool   // the rest of the line: a file's text may fill it
}

// privateVerbs are the names and aliases of the Menu's private commands.
func privateVerbs(menu []bot.CommandSpec) []string {
	var out []string
	for _, c := range menu {
		if c.Private {
			for _, n := range c.Names() {
				out = append(out, strings.ToLower(n))
			}
		}
	}
	return out
}

// isPrivate says whether line's verb is one of verbs (privateVerbs).
func isPrivate(line string, verbs []string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && slices.Contains(verbs, strings.ToLower(strings.TrimPrefix(f[0], "!")))
}

// clockText writes a clock's time left: "4:59", "1:02:03", "0:00".
func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// seatName is seat i's name in g, or "Seat N+1".
func seatName(g bot.GameView, i int) string {
	if i >= 0 && i < len(g.Players) && g.Players[i].Seat != "" {
		return g.Players[i].Seat
	}
	return "Seat " + strconv.Itoa(i+1)
}

// newPlayPart makes a play page's live part from the player's view.
func newPlayPart(v bot.PlayView) playPart {
	p := playPart{View: v, Over: v.Phase == "over" || v.Phase == ""}
	if len(v.Surface.Cells) > 0 {
		b := drawBoard(v.Surface, true)
		p.Board = &b
	}
	private := privateVerbs(v.Menu)
	for _, a := range v.Commands {
		p.Commands = append(p.Commands, commandButton{Label: a.Label, Command: a.Command, Private: isPrivate(a.Command, private)})
	}
	for _, c := range v.Clocks {
		p.Clocks = append(p.Clocks, clockView{Seat: seatName(v.Game, c.Seat), Left: clockText(c.Left), LeftMS: c.Left.Milliseconds(), Running: c.Running && !p.Over})
	}
	p.Data = playData{Moves: v.Surface.Moves, Tools: v.Surface.Tools, PrivateVerbs: private, Version: v.Version}
	if p.Data.Moves == nil {
		p.Data.Moves = []bot.ClickMove{}
	}
	if p.Data.Tools == nil {
		p.Data.Tools = []bot.Tool{}
	}
	if p.Data.PrivateVerbs == nil {
		p.Data.PrivateVerbs = []string{}
	}
	return p
}

// newMenu makes the menu's forms from the table's commands.
func newMenu(menu []bot.CommandSpec) []menuCommand {
	var out []menuCommand
	for _, c := range menu {
		m := menuCommand{Name: c.Name, Usage: c.UsageText(), Summary: c.Summary, Private: c.Private}
		for _, a := range c.Args {
			ma := menuArg{Name: a.Name, Desc: a.Desc, Required: a.Required, Input: "text"}
			switch {
			case a.Type == bot.ArgChoice || len(a.Choices) > 0:
				ma.Input, ma.Choices = "select", a.Choices
			case a.Type == bot.ArgNumber:
				ma.Input = "number"
				if a.Max > a.Min {
					ma.Min, ma.Max = strconv.Itoa(a.Min), strconv.Itoa(a.Max)
				}
			case a.Type == bot.ArgRest:
				ma.File = true
			}
			m.Args = append(m.Args, ma)
		}
		out = append(out, m)
	}
	return out
}

// playFail answers a play page that cannot be shown: a link that does
// not open (or a token that cannot be one) is a 403 that says only so.
func (s *Server) playFail(w http.ResponseWriter, err error) {
	w.Header().Set("Cache-Control", "no-store")
	if errors.Is(err, bot.ErrLink) || errors.Is(err, bot.ErrNotFound) {
		s.render(w, http.StatusForbidden, "error", map[string]any{"Title": "Link expired", "Message": linkGone, "Kinds": s.kinds(), "NoIndex": true})
		return
	}
	s.cfg.Log.Warn("web: play page", "err", err)
	s.render(w, http.StatusServiceUnavailable, "error", map[string]any{"Title": http.StatusText(http.StatusServiceUnavailable),
		"Message": "Storage unavailable, try again in a moment.", "Kinds": s.kinds(), "NoIndex": true})
}

// playPage is a player's page: their board to play by clicks, their
// buttons, the menu, a line to type commands in, and what the bot answers.
func (s *Server) playPage(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	if !validToken(token) {
		s.playFail(w, bot.ErrLink)
		return
	}
	v, err := s.cfg.Play.PlayView(r.Context(), token)
	if err != nil {
		s.playFail(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	title := v.Game.Title
	if title == "" {
		title = "Play"
	}
	s.render(w, http.StatusOK, "play", map[string]any{"Title": title, "Kinds": s.kinds(), "NoIndex": true,
		"Token": token, "Part": newPlayPart(v), "Menu": newMenu(v.Menu)})
}

// playEvents streams a play page's live part (the player's own view)
// each time it changes. A link is its player's at a table, not at one
// game: the stream goes on after a game ends, so a rematch or a new game
// there shows on the page; it ends ("gone") when the link stops working,
// and when the page is closed or the server stops.
func (s *Server) playEvents(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	w.Header().Set("Cache-Control", "no-store")
	if !validToken(token) {
		http.Error(w, linkGone, http.StatusForbidden)
		return
	}
	s.follow(w, r, "play", "", func(ctx context.Context) (any, bool, error) {
		v, err := s.cfg.Play.PlayView(ctx, token)
		if errors.Is(err, bot.ErrNotFound) {
			err = fmt.Errorf("%w: %w", bot.ErrLink, err) // its game is gone: the link with it
		}
		if err != nil {
			return nil, false, err
		}
		return newPlayPart(v), true, nil
	})
}

// sayRequest is a say request's body.
type sayRequest struct {
	Line    string `json:"line"`
	Private bool   `json:"private"`
}

// errSay is a say request refused; its text is the answer's error.
type errSay struct {
	status int
	msg    string
}

func (e errSay) Error() string { return e.msg }

// parseSay reads a say request's body: a JSON object with line and
// private, nothing else, nothing after it. The line is one line of text
// (no line break or other control character), not blank, at most
// maxSayLine bytes; spaces about it are dropped. A file's text that a
// menu command sends (a saved game to load, an army) is sent by the page
// as one line, its line breaks made spaces (every command that takes one
// reads words), so it has the same limit as the bot's own.
func parseSay(body []byte) (string, bool, error) {
	var req sayRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return "", false, errSay{http.StatusBadRequest, "the request is not a JSON object with line and private"}
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", false, errSay{http.StatusBadRequest, "the request has something after its JSON object"}
	}
	line := strings.TrimSpace(req.Line)
	switch {
	case line == "":
		return "", false, errSay{http.StatusBadRequest, "nothing to say"}
	case len(line) > maxSayLine:
		return "", false, errSay{http.StatusRequestEntityTooLarge, fmt.Sprintf("too long: a line is at most %d bytes", maxSayLine)}
	case !utf8.ValidString(line):
		return "", false, errSay{http.StatusBadRequest, "the line is not text"}
	}
	for _, c := range line {
		if unicode.IsControl(c) || c == '\u2028' || c == '\u2029' || c == '\ufeff' {
			return "", false, errSay{http.StatusBadRequest, "say one line at a time"}
		}
	}
	return line, req.Private, nil
}

// sayJSON writes a say answer.
func sayJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// sayError answers a say request refused: {"error": "one line"}.
func sayError(w http.ResponseWriter, status int, msg string) {
	sayJSON(w, status, map[string]string{"error": msg})
}

// playSay says a line from a play page as the link's holder and answers
// the replies they may read: {"replies": [text...]}. It takes only JSON
// with the token repeated in X-Play-Token, so that a form on another
// site, or a link followed, cannot act; Play is asked nothing before
// every check passes.
func (s *Server) playSay(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	if !validToken(token) {
		sayError(w, http.StatusForbidden, linkGone)
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		sayError(w, http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json)")
		return
	}
	if h := r.Header.Get(playHeader); subtle.ConstantTimeCompare([]byte(h), []byte(token)) != 1 {
		sayError(w, http.StatusForbidden, "the request does not carry its link's token")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxSayBody))
	if err != nil {
		sayError(w, http.StatusRequestEntityTooLarge, "the request is too large")
		return
	}
	line, private, err := parseSay(body)
	if err != nil {
		var e errSay
		errors.As(err, &e)
		sayError(w, e.status, e.msg)
		return
	}
	replies, err := s.cfg.Play.Say(r.Context(), token, line, private)
	switch {
	case errors.Is(err, bot.ErrLink), errors.Is(err, bot.ErrNotFound):
		sayError(w, http.StatusForbidden, linkGone)
		return
	case errors.Is(err, bot.ErrBadCommand):
		sayError(w, http.StatusBadRequest, "The bot did not take that line.")
		return
	case err != nil:
		s.cfg.Log.Warn("web: play: say", "err", err)
		sayError(w, http.StatusServiceUnavailable, "Storage unavailable, try again in a moment.")
		return
	}
	texts := []string{}
	for _, rp := range replies {
		if rp.Text != "" {
			texts = append(texts, rp.Text)
		}
	}
	sayJSON(w, http.StatusOK, map[string][]string{"replies": texts})
}

// parseHide reads replay.json's hide parameter: a comma list of seat
// indices ("0", "0,1"; "" none) as Frames' hide.
func parseHide(s string) ([]bool, error) {
	if s == "" {
		return nil, nil
	}
	var hide []bool
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n >= maxHideSeat || len(f) > 1 {
			return nil, fmt.Errorf("hide takes seat numbers from 0 to %d, separated by commas", maxHideSeat-1)
		}
		for len(hide) <= n {
			hide = append(hide, false)
		}
		hide[n] = true
	}
	return hide, nil
}

// replay sends a finished game's positions for the page's replay:
// {"surface": Surface, "frames": [Frame...]}. A running game's are
// refused (403): they would show what its players hide.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		sayError(w, http.StatusNotFound, "no such game")
		return
	}
	hide, err := parseHide(r.URL.Query().Get("hide"))
	if err != nil {
		sayError(w, http.StatusBadRequest, err.Error())
		return
	}
	sf, frames, err := s.cfg.Games.ReplayGame(r.Context(), id, hide)
	switch {
	case errors.Is(err, bot.ErrNotSeated):
		sayError(w, http.StatusForbidden, "this game is still running: its replay comes when it is over")
		return
	case errors.Is(err, bot.ErrNotFound):
		sayError(w, http.StatusNotFound, "no replay of this game")
		return
	case err != nil:
		s.cfg.Log.Warn("web: replay", "id", id, "err", err)
		sayError(w, http.StatusServiceUnavailable, "Storage unavailable, try again in a moment.")
		return
	}
	if frames == nil {
		frames = []bot.Frame{}
	}
	sayJSON(w, http.StatusOK, map[string]any{"surface": sf, "frames": frames})
}
