package irc

import (
	"context"
	"strings"
	"time"

	"github.com/lrstanley/girc"
)

// The bot's nick: when Nick is taken as the bot connects, it registers as
// Nick_ (Nick__, ...), and takes Nick back when it frees up: at once when
// it sees the holder quit or change nick in a shared channel, else when
// the server answers an ISON (asked every RegainEvery) without it. With a
// NickServ password it first asks NickServ to GHOST the holder (and
// REGAIN, for services that have it).

// collide is the nick to try when the server says ours is in use: the
// next fallback while registering; once registered (a regain that lost a
// race), none: the bot keeps the nick it has.
func (a *Adapter) collide(old string) string {
	if a.registered.Load() {
		return ""
	}
	return old + "_"
}

// trackNick registers the handlers that take Nick back.
func (a *Adapter) trackNick() {
	a.client.Handlers.Add(girc.CONNECTED, func(c *girc.Client, e girc.Event) {
		a.registered.Store(true)
		a.regain(c)
	})
	freed := func(c *girc.Client, e girc.Event) {
		if e.Source != nil && strings.EqualFold(e.Source.Name, a.cfg.Nick) && !a.hasNick(c) {
			a.out.command("NICK " + a.cfg.Nick)
		}
	}
	a.client.Handlers.Add(girc.QUIT, freed)
	a.client.Handlers.Add(girc.NICK, freed)
	a.client.Handlers.Add(girc.RPL_ISON, func(c *girc.Client, e girc.Event) {
		if a.hasNick(c) {
			return
		}
		for _, n := range strings.Fields(e.Last()) {
			if strings.EqualFold(n, a.cfg.Nick) {
				a.ghost() // still held: by our own ghost, maybe
				return
			}
		}
		a.out.command("NICK " + a.cfg.Nick)
	})
}

// hasNick reports whether the bot goes by its configured nick.
func (a *Adapter) hasNick(c *girc.Client) bool { return strings.EqualFold(c.GetNick(), a.cfg.Nick) }

// regain asks the server whether Nick is in use, when the bot is
// without it; the answer (RPL_ISON) takes it or asks NickServ.
func (a *Adapter) regain(c *girc.Client) {
	if !a.registered.Load() || a.hasNick(c) {
		return
	}
	a.out.command("ISON " + a.cfg.Nick)
}

// ghost asks NickServ to disconnect whoever holds Nick (GHOST, Anope and
// Atheme) or to hand it over (REGAIN, Atheme), where a password is set;
// the holder's QUIT, or the next ISON, then lets the bot take it.
func (a *Adapter) ghost() {
	if a.cfg.NickServPassword == "" {
		return
	}
	a.out.command("PRIVMSG NickServ :GHOST "+a.cfg.Nick+" "+a.cfg.NickServPassword,
		"PRIVMSG NickServ :REGAIN "+a.cfg.Nick+" "+a.cfg.NickServPassword)
}

// regainLoop calls regain every RegainEvery until ctx is done.
func (a *Adapter) regainLoop(ctx context.Context) {
	t := time.NewTicker(a.cfg.RegainEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if a.client.IsConnected() {
				a.regain(a.client)
			}
		}
	}
}
