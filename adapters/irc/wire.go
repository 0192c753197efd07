package irc

import (
	"bytes"
	"crypto/tls"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/lrstanley/girc"
)

// girc sends, for each channel the bot joins, a WHO and a MODE of the
// channel, and a WHO of every user who joins after it, at once and
// outside the outbox: twelve channels made 25 lines in a burst, and the
// server's flood limit then held every reply behind them for half a
// minute. The connection under girc (wireConn) holds those lines back;
// the adapter asks, through the outbox's pacer, only the WHOs the
// identity rules need (needWho, channelNeedsWho), as background queries.
// It asks no channel's modes: nothing reads them.

// gircWho is the field list of girc's own WHO queries, and ourWho the
// same fields (WHOX answers them in a fixed order, whatever the order
// asked, with the token girc reads, 1) spelt so that wireConn lets ours
// through.
const (
	gircWho = "%tacuhnr,1"
	ourWho  = "%acuhnrt,1"
)

// wireConn is the bot's connection to the server, under girc. Lines girc
// writes of its own accord to learn a channel's state (see above) are
// held back and handed to held; every other line is written as it is.
type wireConn struct {
	net.Conn
	held func(line string)

	mu      sync.Mutex
	partial []byte // the start of a line not yet ended
}

// Write writes p's whole lines less the held ones, keeping an unended
// line for the next call.
func (w *wireConn) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	buf := append(w.partial, p...)
	var out []byte
	for {
		i := bytes.IndexByte(buf, '\n')
		if i < 0 {
			break
		}
		line := buf[:i+1]
		buf = buf[i+1:]
		if text := strings.TrimRight(string(line), "\r\n"); isGircQuery(text) {
			if w.held != nil {
				w.held(text)
			}
			continue
		}
		out = append(out, line...)
	}
	w.partial = append([]byte(nil), buf...)
	if len(out) > 0 {
		if _, err := w.Conn.Write(out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// isGircQuery reports whether line is one girc sends on its own after a
// JOIN: "WHO target %tacuhnr,1", or "MODE #channel" (a query, no modes).
func isGircQuery(line string) bool {
	f := strings.Fields(line)
	switch {
	case len(f) == 3 && f[0] == girc.WHO && f[2] == gircWho:
		return true
	case len(f) == 2 && f[0] == girc.MODE && girc.IsValidChannel(f[1]):
		return true
	}
	return false
}

// wireDialer dials the server (with TLS where configured: below
// wireConn, so that it reads the lines in the clear) for girc.
type wireDialer struct {
	tls  *tls.Config // nil: plain TCP
	held func(line string)
}

func (d wireDialer) Dial(network, addr string) (net.Conn, error) {
	nd := &net.Dialer{Timeout: 10 * time.Second}
	var c net.Conn
	var err error
	if d.tls != nil {
		c, err = (&tls.Dialer{NetDialer: nd, Config: d.tls}).Dial(network, addr)
	} else {
		c, err = nd.Dial(network, addr)
	}
	if err != nil {
		return nil, err
	}
	return &wireConn{Conn: c, held: d.held}, nil
}

// heldBack takes a line girc wanted to send: a WHO of a user the
// identity rules need is asked in the background; the rest are dropped
// (a channel's WHO is the adapter's to ask: joined, namesEnded).
func (a *Adapter) heldBack(line string) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != girc.WHO || girc.IsValidChannel(f[1]) {
		return
	}
	if a.needWho(false) {
		a.out.query("WHO " + f[1] + " " + ourWho)
	}
}

// selfJoined takes a JOIN: when it is the bot's, the channel's names list
// that follows decides whether to ask the channel's WHO (namesEnded).
// Both run in girc's event loop, in the order the server sent them.
func (a *Adapter) selfJoined(c *girc.Client, e girc.Event) {
	if e.Source == nil || len(e.Params) == 0 || !strings.EqualFold(e.Source.Name, c.GetNick()) {
		return
	}
	a.whoMu.Lock()
	a.whoWanted[strings.ToLower(e.Params[0])] = true
	a.whoMu.Unlock()
}

// namesEnded takes the end of a channel's names list: when the bot just
// joined the channel, its WHO is asked if someone there is one the rules
// need it for.
func (a *Adapter) namesEnded(c *girc.Client, e girc.Event) {
	if len(e.Params) < 2 {
		return
	}
	ch := strings.ToLower(e.Params[1])
	a.whoMu.Lock()
	wanted := a.whoWanted[ch]
	delete(a.whoWanted, ch)
	a.whoMu.Unlock()
	if wanted && a.channelNeedsWho(ch) {
		a.out.query("WHO " + ch + " " + ourWho)
	}
}

// channelNeedsWho reports whether a WHO of channel would tell the
// identity rules something: someone besides the bot is there, and the
// network has accounts or the names list did not show their ident@host.
// The bot alone in a channel (most of its tables, after a restart) needs
// none: whoever joins later is seen joining.
func (a *Adapter) channelNeedsWho(channel string) bool {
	if !a.needWho(true) {
		return false
	}
	a.lookMu.Lock()
	defer a.lookMu.Unlock()
	ch := a.client.LookupChannel(channel)
	if ch == nil {
		return false
	}
	for _, nick := range ch.UserList {
		if strings.EqualFold(nick, a.client.GetNick()) {
			continue
		}
		if a.accounts() {
			return true
		}
		if u := a.client.LookupUser(nick); u == nil || u.Ident == "" || u.Host == "" {
			return true
		}
	}
	return false
}

// accounts reports whether the network has services accounts, as far as
// the capabilities it granted tell.
func (a *Adapter) accounts() bool {
	c := a.client
	return c.HasCapability("account-notify") || c.HasCapability("extended-join") || c.HasCapability("account-tag")
}

// needWho reports whether the identity rules need a WHO of a channel the
// bot joined (channel) or of a user who joined one of its channels.
//
// The rules read a user's ident@host (host: ids, the holder of a nick:
// id) and services account (account: ids). A user's JOIN shows the
// ident@host, and with extended-join the account: a user's WHO is needed
// only on a network with accounts that does not send them on JOIN. The
// names list of a channel the bot joins shows ident@host only with
// userhost-in-names, and accounts never: a channel's WHO is needed
// unless the server gives userhost-in-names and has no accounts.
func (a *Adapter) needWho(channel bool) bool {
	if channel {
		return a.accounts() || !a.client.HasCapability("userhost-in-names")
	}
	return a.accounts() && !a.client.HasCapability("extended-join")
}

// joinLines are the JOIN commands for channels, as few as the line limit
// (512 bytes with CR LF) allows: each joins a comma-separated list.
func joinLines(channels []string) []string {
	const max = 510 // a line without its CR LF
	var lines []string
	cur := ""
	for _, ch := range channels {
		if !validTarget(ch) {
			continue
		}
		switch {
		case cur == "":
			cur = "JOIN " + ch
		case len(cur)+1+len(ch) <= max:
			cur += "," + ch
		default:
			lines = append(lines, cur)
			cur = "JOIN " + ch
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
