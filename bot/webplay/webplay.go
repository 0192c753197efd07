// Package webplay lets a seated player play their table's game in a
// browser. The command web (/game web on Discord) answers them privately
// with a link that stands for them at that table: signed with the host's
// key, bound to their identity and the table, expiring. The play page
// (adapters/web) shows the table as they see it (PlayView) and says what
// they click or type through the host exactly as if they had said it in
// chat (Say): the same rules, refusals and limits, the same record, and
// the same announcements in the channel.
//
// A link carries no secret of the game; it is a bearer pass, so it is
// sent privately and expires (Config.TTL). Links sign with Config.Secret;
// without one the process makes a key of its own, so its links end when
// it stops and another process does not read them.
package webplay

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Core is what the feature needs of the host's core (*bot.Bot).
type Core interface {
	Register(cs ...bot.HostCommand) error
	TableOf(ctx context.Context, c *bot.Call) (*bot.Tx, error)
	PlayerView(ctx context.Context, table bot.Table, user bot.User) (bot.PlayView, error)
	Handle(ctx context.Context, m bot.Message) []bot.Reply
	Now() time.Time
	Prefix() string
	Logger() *slog.Logger
}

var _ Core = (*bot.Bot)(nil)

// Config is the feature's part of the configuration.
type Config struct {
	// BaseURL is where players reach the pages ("https://games.example.org");
	// it is asked when a link is made, so a server that picks its port
	// can say it once it listens. nil or "": no links (web says so).
	BaseURL func() string
	// Secret signs the links; at least 32 bytes. Empty: a random key of
	// this process's own.
	Secret []byte
	// TTL is how long a link works; default 12 hours.
	TTL time.Duration
	// Send delivers the replies a page's command makes for others (the
	// channel, the opponent): the program's router. nil: they are
	// dropped (a test that reads them from Say).
	Send func(ctx context.Context, replies []bot.Reply) error
}

// DefaultTTL is how long a link works when Config.TTL is not set.
const DefaultTTL = 12 * time.Hour

// maxToken bounds a link's token: a longer one is not read.
const maxToken = 512

// Errors of the links.
var (
	// ErrNoSeat: the speaker holds no seat at the table's game.
	ErrNoSeat = errors.New("no seat here")
	// ErrNoPages: the host serves no pages (no address to link to).
	ErrNoPages = errors.New("no web pages here")
)

// Web makes and reads the play links, and runs a page's commands.
type Web struct {
	core Core
	cfg  Config
	key  []byte
	log  *slog.Logger
}

// Attach registers the web command with core.
func Attach(core Core, cfg Config) (*Web, error) {
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	w := &Web{core: core, cfg: cfg, key: cfg.Secret, log: core.Logger()}
	if len(w.key) == 0 {
		w.key = make([]byte, 32)
		rand.Read(w.key)
	} else if len(w.key) < 32 {
		return nil, fmt.Errorf("%w: the link secret has %d bytes; give at least 32", bot.ErrBadCommand, len(w.key))
	}
	err := core.Register(bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "web", Use: bot.Look, Usage: "web",
		Summary: "a private link to play this table's game in your browser (for you alone; it expires)"},
		Alone: w.linkCommand, Yields: true})
	if err != nil {
		return nil, err
	}
	return w, nil
}

// pass is what a link stands for: who speaks, where from, and which
// table's game they see.
type pass struct {
	V       int    `json:"v"`
	Network string `json:"n"` // the network the player speaks from
	Channel string `json:"c"` // the channel they speak in
	UserID  string `json:"u"`
	Name    string `json:"m"`
	Table   string `json:"t"` // the game's table key
	Expires int64  `json:"e"` // Unix seconds
}

// linkCommand answers web: a seated player gets their link privately; a
// spectator is told where to watch.
func (w *Web) linkCommand(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
	base := ""
	if w.cfg.BaseURL != nil {
		base = strings.TrimRight(w.cfg.BaseURL(), "/")
	}
	if base == "" {
		return nil, fmt.Errorf("%w: this bot serves no web pages; ask its operator to set http.listen", ErrNoPages)
	}
	t, err := w.core.TableOf(ctx, c)
	if err != nil {
		return nil, err
	}
	if !t.HasGame() {
		return nil, fmt.Errorf("%w: no game here to play; say %sstart first", bot.ErrNotFound, w.core.Prefix())
	}
	rec := t.Record()
	seats := rec.SeatsOf(c.UserID)
	if len(seats) == 0 {
		if rec.ID != "" {
			return []bot.Reply{{Text: fmt.Sprintf("You hold no seat in this game; watch it at %s/games/%s", base, url.PathEscape(rec.ID))}}, nil
		}
		return nil, fmt.Errorf("%w: you hold no seat in this game; join it first", ErrNoSeat)
	}
	p := pass{V: 1, Network: c.Network, Channel: c.Channel, UserID: c.UserID, Name: c.Name, Table: t.Table().Key(),
		Expires: w.core.Now().Add(w.cfg.TTL).Unix()}
	if c.Private || c.Channel == "" {
		p.Channel = t.Table().Channel
		if home, err := bot.ParseTable(rec.Seats[seats[0]].Table); err == nil {
			p.Network, p.Channel = home.Network, home.Channel // they play from another network's channel
		} else {
			p.Network = t.Table().Network
		}
	}
	token, err := w.sign(p)
	if err != nil {
		return nil, err
	}
	what := t.Spec().Title
	if rec.ID != "" {
		what += " game " + rec.ID
	}
	text := fmt.Sprintf("Your link to play %s in your browser, for you alone (do not share it; it works for %s): %s/play/%s",
		what, ttlText(w.cfg.TTL), base, token)
	return []bot.Reply{{Text: text, Private: true, User: bot.User{ID: c.UserID, Name: c.Name}}}, nil
}

// ttlText says a duration as people do: "12 hours", "30 minutes".
func ttlText(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		if d == time.Hour {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", d/time.Hour)
	case d >= time.Minute:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return d.String()
}

// sign writes p as a token: its JSON in base64url, a dot, and its
// HMAC-SHA256 in base64url.
func (w *Web) sign(p pass) (string, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("webplay: %w", err)
	}
	body := base64.RawURLEncoding.EncodeToString(data)
	token := body + "." + base64.RawURLEncoding.EncodeToString(w.mac(body))
	if len(token) > maxToken {
		return "", fmt.Errorf("%w: the names here are too long for a link", bot.ErrBadCommand)
	}
	return token, nil
}

func (w *Web) mac(body string) []byte {
	m := hmac.New(sha256.New, w.key)
	m.Write([]byte("ataxxbot play link\x00"))
	m.Write([]byte(body))
	return m.Sum(nil)
}

// open reads a token: the pass it carries when its signature is ours and
// it has not expired; otherwise an error wrapping bot.ErrLink.
func (w *Web) open(token string) (pass, bot.Table, error) {
	var p pass
	if len(token) > maxToken {
		return p, bot.Table{}, fmt.Errorf("%w: too long", bot.ErrLink)
	}
	body, sig, ok := strings.Cut(token, ".")
	if !ok {
		return p, bot.Table{}, fmt.Errorf("%w: no signature", bot.ErrLink)
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, w.mac(body)) {
		return p, bot.Table{}, fmt.Errorf("%w: bad signature", bot.ErrLink)
	}
	data, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return p, bot.Table{}, fmt.Errorf("%w: %w", bot.ErrLink, err)
	}
	if err := json.Unmarshal(data, &p); err != nil || p.V != 1 || p.UserID == "" || p.Network == "" {
		return p, bot.Table{}, fmt.Errorf("%w: unreadable", bot.ErrLink)
	}
	if !w.core.Now().Before(time.Unix(p.Expires, 0)) {
		return p, bot.Table{}, fmt.Errorf("%w: expired", bot.ErrLink)
	}
	table, err := bot.ParseTable(p.Table)
	if err != nil {
		return p, bot.Table{}, fmt.Errorf("%w: %w", bot.ErrLink, err)
	}
	return p, table, nil
}

// PlayView is the table's game as the link's player sees it.
func (w *Web) PlayView(ctx context.Context, token string) (bot.PlayView, error) {
	p, table, err := w.open(token)
	if err != nil {
		return bot.PlayView{}, err
	}
	return w.core.PlayerView(ctx, table, bot.User{ID: p.UserID, Name: p.Name})
}

// maxLine bounds a line a page says (a file loaded by upload included).
const maxLine = 16 << 10

// Say runs line as said by the link's player where they play from: in
// the channel, or privately (a secret, as a Stratego army). The replies
// for others are delivered as chat's are; those for the player (their
// private answers, and refusals) are returned for the page to show.
func (w *Web) Say(ctx context.Context, token, line string, private bool) ([]bot.Reply, error) {
	p, table, err := w.open(token)
	if err != nil {
		return nil, err
	}
	if strings.ContainsAny(line, "\r\n\x00") {
		return nil, fmt.Errorf("%w: say one line", bot.ErrBadCommand)
	}
	line = strings.TrimSpace(line)
	if line == "" || len(line) > maxLine {
		return nil, fmt.Errorf("%w: say one line", bot.ErrBadCommand)
	}
	prefix := w.core.Prefix()
	text := prefix + strings.TrimPrefix(line, prefix)
	m := bot.Message{Network: p.Network, Channel: p.Channel, UserID: p.UserID, Name: p.Name, Text: text, Addressed: true}
	if private {
		m.Channel, m.Private = "", true
		if ref := channelRef(table); ref != "" {
			m.Text = prefix + ref + " " + strings.TrimPrefix(line, prefix) // the table, as chat names it first
		}
	}
	replies := w.core.Handle(ctx, m)
	var mine, others []bot.Reply
	for _, r := range replies {
		switch {
		case r.Private && r.User.ID == p.UserID:
			mine = append(mine, r)
		case r.Error:
			mine = append(mine, r)
			others = append(others, r) // refused in the channel, as in chat
		default:
			others = append(others, r)
		}
	}
	if w.cfg.Send != nil && len(others) > 0 {
		if err := w.cfg.Send(ctx, others); err != nil {
			w.log.Warn("web: delivering a page's replies", "table", table.Key(), "err", err)
		}
	}
	return mine, nil
}

// channelRef names table's channel as a private message names it first
// ("#games", Discord's "<#123>"), or "" when it has no such name.
func channelRef(t bot.Table) string {
	switch {
	case strings.HasPrefix(t.Channel, "#"):
		return t.Channel
	case t.Channel != "" && strings.Trim(t.Channel, "0123456789") == "":
		return "<#" + t.Channel + ">"
	}
	return ""
}
