// Package irc is the chat adapter for IRC networks (github.com/lrstanley/girc):
// channel and private PRIVMSGs become bot messages, replies become
// PRIVMSGs, one per line, through an outbox that keeps within the
// server's flood limits.
//
// Identity is one a client cannot choose: the services account when the
// server tells it, else an ident the server verified, else the nick bound
// to the host and carried across nick changes (identity.go says why and
// what that cannot prevent). RequireAccount refuses commands from users
// without an account. A private reply is addressed to that identity and
// sent to the nick of the connection holding it when each line goes out
// (identity.go, holder), never to a nick alone.
package irc

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/lrstanley/girc"
)

// Network is the bot.Message network name of IRC.
const Network = "irc"

// Config is the IRC section of the bot's configuration.
type Config struct {
	Server   string
	Port     int   // default 6697 with TLS, 6667 without
	TLS      *bool // default on for port 6697
	Nick     string
	User     string
	RealName string
	// SASL: "plain" (SASLUser and SASLPassword; the password from the
	// environment) or "external" (a client certificate: CertFile, KeyFile).
	SASL         string
	SASLUser     string
	SASLPassword string
	CertFile     string
	KeyFile      string
	Channels     []string
	// MaxQueue is how many lines may wait for one target before older
	// boards are dropped; default 20.
	MaxQueue int
	// RequireAccount refuses commands from users without a services
	// account, with a one-line reply.
	RequireAccount bool
	// RegainEvery is how often the bot, when it runs under a fallback
	// nick (Nick taken when it connected), asks the server whether Nick
	// is free and takes it back; default 30 s. It also takes it back at
	// once when it sees the holder quit or change nick.
	RegainEvery time.Duration
	// NickServPassword, where set, is Nick's services password: the bot
	// then asks NickServ to GHOST (and REGAIN) a holder of Nick before it
	// takes it back. Never logged.
	NickServPassword string
	// Prefix is the bot's command prefix in channels (bot.Config.Prefix),
	// so that RequireAccount answers commands and not talk; default "!".
	Prefix string
}

// Handler is the bot as the adapter sees it.
type Handler interface {
	Handle(ctx context.Context, m bot.Message) []bot.Reply
}

// Adapter connects one IRC network to the bot.
type Adapter struct {
	cfg     Config
	client  *girc.Client
	handler Handler
	log     *slog.Logger
	out     *outbox
	ids     *identities

	registered atomic.Bool // the server welcomed the bot on this connection
	joined     atomic.Bool // the bot asked to join its channels on this connection
	tls        *tls.Config // the connection's TLS (wireDialer), nil for plain TCP

	whoMu     sync.Mutex
	whoWanted map[string]bool // channels the bot joined whose names list has not ended (wire.go)

	// lookMu serializes reads of girc's user state: girc's User.Copy
	// writes the copied channel list into the original's array, so two
	// lookups at once race (harmlessly, but -race says so).
	lookMu sync.Mutex
}

// lookupUser is girc's LookupUser, one at a time.
func (a *Adapter) lookupUser(nick string) *girc.User {
	a.lookMu.Lock()
	defer a.lookMu.Unlock()
	return a.client.LookupUser(nick)
}

// users is girc's Users, one at a time.
func (a *Adapter) users() []*girc.User {
	a.lookMu.Lock()
	defer a.lookMu.Unlock()
	return a.client.Users()
}

var _ bot.Sender = (*Adapter)(nil)

// New checks cfg and returns an adapter; Run connects it.
func New(cfg Config, handler Handler, log *slog.Logger) (*Adapter, error) {
	if cfg.Server == "" || cfg.Nick == "" {
		return nil, errors.New("irc: server and nick are required")
	}
	useTLS := cfg.Port == 0 || cfg.Port == 6697
	if cfg.TLS != nil {
		useTLS = *cfg.TLS
	}
	if cfg.Port == 0 {
		cfg.Port = 6667
		if useTLS {
			cfg.Port = 6697
		}
	}
	if cfg.User == "" {
		cfg.User = cfg.Nick
	}
	if cfg.RealName == "" {
		cfg.RealName = "ataxxbot, a board game host"
	}
	if cfg.MaxQueue <= 0 {
		cfg.MaxQueue = 20
	}
	if cfg.RegainEvery <= 0 {
		cfg.RegainEvery = 30 * time.Second
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "!"
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	gc := girc.Config{
		Server: cfg.Server, Port: cfg.Port, Nick: cfg.Nick, User: cfg.User, Name: cfg.RealName,
		// TLS is the dialer's (wireDialer), under the connection that
		// holds back girc's own queries (wire.go).
		TLSConfig: &tls.Config{ServerName: cfg.Server, MinVersion: tls.VersionTLS12},
		Version:   "ataxxbot",
		PingDelay: 30 * time.Second,
		// The outbox paces every PRIVMSG (outbox.go); girc's own limiter
		// on top of it slept again in the outbox's goroutine, about
		// doubling the time of every line once a burst had used the
		// budget.
		AllowFlood:  true,
		RecoverFunc: func(c *girc.Client, e *girc.HandlerError) { log.Error("irc handler panic", "err", e.Error()) },
	}
	// girc, not seeing the TLS under wireConn, would take a server's STS
	// policy (upgrade to TLS) for a plain connection's and wrap TLS in
	// TLS on the next connect: the connection is TLS already.
	gc.DisableSTS = useTLS
	var a *Adapter
	gc.HandleNickCollide = func(old string) string { return a.collide(old) }
	switch strings.ToLower(cfg.SASL) {
	case "":
	case "plain":
		if cfg.SASLUser == "" || cfg.SASLPassword == "" {
			return nil, errors.New("irc: SASL PLAIN needs a user and a password")
		}
		gc.SASL = &girc.SASLPlain{User: cfg.SASLUser, Pass: cfg.SASLPassword}
	case "external":
		cert, err := tls.LoadX509KeyPair(cfg.CertFile, cfg.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("irc: SASL EXTERNAL certificate: %w", err)
		}
		gc.TLSConfig.Certificates = []tls.Certificate{cert}
		gc.SASL = &girc.SASLExternal{}
	default:
		return nil, fmt.Errorf("irc: unknown SASL mechanism %q: want plain or external", cfg.SASL)
	}
	for _, ch := range cfg.Channels {
		if !validTarget(ch) {
			return nil, fmt.Errorf("irc: channel %q: want one name without spaces, commas or control characters", ch)
		}
	}
	a = &Adapter{cfg: cfg, client: girc.New(gc), handler: handler, log: log, ids: newIdentities(), whoWanted: map[string]bool{}}
	if useTLS {
		a.tls = gc.TLSConfig
	}
	a.out = newOutbox(cfg.MaxQueue, a.client.Cmd.Message)
	a.out.sendCommand = func(line string) {
		if ev := girc.ParseEvent(line); ev != nil {
			a.client.Send(ev)
		}
	}
	a.out.resolve = a.holder
	a.out.skipped = func(id string) {
		a.log.Info("irc: private line not sent: its user left the network", "user", id)
	}
	// The channels are joined when the server has finished its welcome
	// (the end of the MOTD, or none), not two seconds later when girc
	// says it is connected; then, if the server sent neither.
	a.client.Handlers.Add(girc.RPL_ENDOFMOTD, a.joinChannels)
	a.client.Handlers.Add(girc.ERR_NOMOTD, a.joinChannels)
	a.client.Handlers.AddBg(girc.CONNECTED, a.onConnected)
	a.client.Handlers.Add(girc.JOIN, a.selfJoined)
	a.client.Handlers.Add(girc.RPL_ENDOFNAMES, a.namesEnded)
	a.client.Handlers.Add(girc.PRIVMSG, a.receive) // identity in order, then onPrivmsg in the background
	a.trackIdentities()
	a.trackNick()
	return a, nil
}

// onConnected logs the connection, and joins the channels if the
// server's welcome had no end of MOTD.
func (a *Adapter) onConnected(c *girc.Client, e girc.Event) {
	a.log.Info("irc connected", "server", a.cfg.Server, "nick", c.GetNick())
	a.joinChannels(c, e)
}

// joinChannels, once a connection, marks the bot as a bot where the
// server has a bot mode (ISUPPORT BOT=B) and joins the channels, in as
// few lines as the line limit allows, through the outbox's pacer.
func (a *Adapter) joinChannels(c *girc.Client, _ girc.Event) {
	if !a.joined.CompareAndSwap(false, true) {
		return
	}
	if mode, ok := c.GetServerOption("BOT"); ok && mode != "" && validNick(c.GetNick()) && validTarget(mode) {
		a.out.command("MODE " + c.GetNick() + " +" + mode)
	}
	a.out.command(joinLines(a.cfg.Channels)...)
}

// Run connects and stays connected until ctx is done, reconnecting with a
// growing pause (1 s to 1 min) and rejoining the channels.
func (a *Adapter) Run(ctx context.Context) error {
	go a.out.run(ctx)
	go a.regainLoop(ctx)
	go func() {
		<-ctx.Done()
		a.client.Close()
	}()
	pause := time.Second
	for {
		start := time.Now()
		a.registered.Store(false)
		a.joined.Store(false)
		a.ids.reset() // before the first JOIN: nicks may have changed hands unseen
		a.whoMu.Lock()
		clear(a.whoWanted)
		a.whoMu.Unlock()
		err := a.client.DialerConnect(wireDialer{tls: a.tls, held: a.heldBack})
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			pause = time.Second // it was up for a while: start over
		}
		a.log.Warn("irc disconnected; reconnecting", "server", a.cfg.Server, "err", err, "in", pause)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(pause):
		}
		pause = min(pause*2, time.Minute)
	}
}

func (a *Adapter) onPrivmsg(c *girc.Client, e girc.Event, w who) {
	if e.Source == nil || len(e.Params) < 2 || strings.EqualFold(e.Source.Name, c.GetNick()) {
		return
	}
	if ok, _ := e.IsCTCP(); ok {
		return // CTCP VERSION and the like: girc answers those
	}
	// Formatting codes are not part of what was typed.
	m := bot.Message{Network: Network, UserID: w.id, Name: e.Source.Name, Text: stripFormatting(e.Last()), Caps: caps}
	target := e.Params[0]
	if e.IsFromChannel() {
		m.Channel = strings.ToLower(target)
		if rest, ok := addressed(m.Text, c.GetNick()); ok {
			m.Text, m.Addressed = rest, true
		}
	} else {
		// A private query: the bot routes it to the speaker's table.
		m.Addressed, m.Private = true, true
		target = e.Source.Name
	}
	// Queued before the AI's reply to them can be (bot.Answer).
	bot.Answer(context.Background(), a.handler, m, func(replies []bot.Reply) {
		a.deliver(target, m.UserID, e.Source.Name, replies)
	})
}

// addressed strips "nick: " or "nick, " from the start of text.
func addressed(text, nick string) (string, bool) {
	if len(text) <= len(nick) || !strings.EqualFold(text[:len(nick)], nick) {
		return text, false
	}
	rest := text[len(nick):]
	if rest[0] != ':' && rest[0] != ',' {
		return text, false
	}
	return strings.TrimSpace(rest[1:]), true
}

// caps are what an IRC channel shows well: a reply of more lines than a
// board goes to the asker privately.
var caps = bot.Caps{MaxLines: 11}

// deliver queues replies: a public one for its table's channel (target
// when it names none), a private one for the nick of the connection that
// holds its user's identity now (see holder); nick is the speaker's.
func (a *Adapter) deliver(target, speakerID, nick string, replies []bot.Reply) {
	for _, r := range replies {
		if r.To.Network != "" && r.To.Network != Network {
			continue
		}
		if r.To.IsQuery() && !r.Private {
			// A query table's public reply is its owner's alone.
			r.Private, r.User = true, bot.User{ID: strings.TrimPrefix(r.To.Channel, "query:")}
		}
		if r.Private {
			fallback := ""
			if r.User.ID == speakerID && nick != "" && a.lookupUser(nick) == nil {
				// A speaker in none of the bot's channels: the bot cannot
				// follow them, so it answers the nick they spoke from. A
				// speaker it can see is followed (and is gone once they
				// quit, whoever takes the nick).
				fallback = nick
			}
			if a.holder(r.User.ID, fallback) == "" {
				// Not on the network as far as the bot can tell: the
				// reply waits for them to ask (board) when back.
				a.log.Info("irc: private reply not sent: its user is not on the network", "user", r.User.ID)
				continue
			}
			a.out.addPrivate(r.User.ID, fallback, Lines(r), r.Mono)
			continue
		}
		to := target
		if r.To.Channel != "" {
			to = r.To.Channel
		}
		if !validTarget(to) {
			continue
		}
		a.out.add(to, Lines(r), r.Mono)
	}
}

// validNick reports whether n can be a private message's target.
func validNick(n string) bool { return validTarget(n) && !strings.ContainsAny(n, "*?!@#:") }

// validTarget reports whether t can be a PRIVMSG's target: one word, no
// list, no control character (nothing that could end the line).
func validTarget(t string) bool {
	return t != "" && len(t) <= 64 && clean(t) == t && !strings.ContainsAny(t, " ,")
}

// OutboxDepth is how many lines wait in the outbox for the flood limit:
// an operator's gauge. Safe from any goroutine.
func (a *Adapter) OutboxDepth() int { return a.out.depth() }

// Send delivers replies the bot sends on its own (AI moves, expiries).
func (a *Adapter) Send(ctx context.Context, replies []bot.Reply) error {
	a.deliver("", "", "", replies)
	return nil
}

// Lines turns a reply into the lines to send, each free of CR, LF and
// every other control character, none empty. A board keeps its lines
// (leading spaces kept, as the dump format wants); other text is one line.
func Lines(r bot.Reply) []string {
	var raw []string
	if r.Mono {
		raw = strings.Split(r.Text, "\n")
	} else {
		raw = []string{strings.Join(strings.Fields(strings.ReplaceAll(r.Text, "\n", " ")), " ")}
	}
	var out []string
	for _, l := range raw {
		if l = clean(l); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// clean drops control characters (IRC colours and formatting included)
// and invalid UTF-8.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || r == '\ufffd' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}
