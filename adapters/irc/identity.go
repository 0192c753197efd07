package irc

import (
	"strings"
	"sync"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/lrstanley/girc"
)

// Identity on IRC must be something a client cannot choose: a nick is
// taken by whoever asks first, and the ident (the USER name) is whatever
// the client says unless the server checked it with an ident lookup. So a
// speaker's id is, in order:
//
//  1. "account:NAME", the services account, where the server tells it
//     (IRCv3 account-tag, extended-join, account-notify, WHOX, all
//     tracked by girc). Only the server can set these.
//  2. "host:IDENT@HOST", when the ident was verified by the server's ident
//     lookup. Servers mark an unverified ident with "~"; the adapter
//     trusts an ident without one only when it has seen that this server
//     marks them (its own ident came back with "~"), because a server
//     that does no lookups at all passes the client's word on unmarked.
//  3. "nick:NICK@HOST", the nick bound to the host, held by the
//     connection that first spoke with it: a nick change (seen in a
//     shared channel) carries the id to the new nick, and while that
//     connection is on, another client that takes the old nick, from the
//     same host or with the same ident, is not given the id (it gets a
//     "guest:" id that no seat holds). Bindings end when the user quits
//     or the bot reconnects.
//
// What 3 cannot prevent: once the holder has left, a client on the same
// host (a shared shell, a bouncer, a NAT) that takes the nick is the
// same player; and a nick change the bot did not see (no shared channel)
// loses the id. Networks with services should set RequireAccount, which
// refuses commands from users without an account.

// who is the identity of a message's sender.
type who struct {
	id      string
	account bool // id is a services account
}

// speaker is what the server says of a message's sender.
type speaker struct {
	nick, ident, host, account string
}

// maxBindings bounds the nick bindings kept; past it, one is forgotten
// for each new one (its holder then speaks as a newcomer would).
const maxBindings = 10000

// identities binds nicks to the ids of the connections using them, for
// rule 3 above.
type identities struct {
	mu     sync.Mutex
	byNick map[string]binding // lower-cased nick -> binding
	holder map[string]string  // id -> lower-cased nick holding it
}

// binding is the id a nick carries and the ident@host of the connection
// that holds it, which a nick change keeps.
type binding struct {
	id, userhost string
}

func newIdentities() *identities {
	return &identities{byNick: map[string]binding{}, holder: map[string]string{}}
}

// identify returns the id of s. identVerified says the server verified
// s.ident.
func (ids *identities) identify(s speaker, identVerified bool) who {
	if s.account != "" && s.account != "*" {
		return who{id: "account:" + strings.ToLower(s.account), account: true}
	}
	host := strings.ToLower(s.host)
	if identVerified {
		return who{id: "host:" + s.ident + "@" + host}
	}
	nick, userhost := strings.ToLower(s.nick), s.ident+"@"+host
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if b, ok := ids.byNick[nick]; ok {
		if b.userhost == userhost {
			return who{id: b.id}
		}
		ids.forget(nick) // the nick changed hands unseen
	}
	id := "nick:" + nick + "@" + host
	if other, held := ids.holder[id]; held && other != nick {
		// The connection that first spoke as nick is still on, under
		// another nick: this is someone else.
		return who{id: "guest:" + nick + "!" + userhost}
	}
	if len(ids.byNick) >= maxBindings {
		for n := range ids.byNick {
			ids.forget(n)
			break
		}
	}
	ids.byNick[nick] = binding{id: id, userhost: userhost}
	ids.holder[id] = nick
	return who{id: id}
}

// forget drops nick's binding; ids.mu is held.
func (ids *identities) forget(nick string) {
	if b, ok := ids.byNick[nick]; ok {
		delete(ids.byNick, nick)
		if ids.holder[b.id] == nick {
			delete(ids.holder, b.id)
		}
	}
}

// renamed moves the binding of old to new: the same connection.
func (ids *identities) renamed(old, new string) {
	old, new = strings.ToLower(old), strings.ToLower(new)
	if old == new {
		return
	}
	ids.mu.Lock()
	defer ids.mu.Unlock()
	b, ok := ids.byNick[old]
	if !ok {
		return
	}
	ids.forget(new) // a stale binding of the nick it takes
	delete(ids.byNick, old)
	ids.byNick[new] = b
	ids.holder[b.id] = new
}

// quit drops the binding of a user who left the network.
func (ids *identities) quit(nick string) {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	ids.forget(strings.ToLower(nick))
}

// reset drops every binding: after a reconnect, nicks may have changed
// hands unseen.
func (ids *identities) reset() {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	clear(ids.byNick)
	clear(ids.holder)
}

// trackIdentities registers the handlers that keep nick bindings. They
// run in girc's event loop, in order with the messages (see receive).
func (a *Adapter) trackIdentities() {
	a.client.Handlers.Add(girc.NICK, func(c *girc.Client, e girc.Event) {
		if e.Source != nil && len(e.Params) > 0 {
			a.ids.renamed(e.Source.Name, e.Last())
		}
	})
	a.client.Handlers.Add(girc.QUIT, func(c *girc.Client, e girc.Event) {
		if e.Source != nil {
			a.ids.quit(e.Source.Name)
		}
	})
}

// identify is the identity of the sender of e.
func (a *Adapter) identify(c *girc.Client, e girc.Event) who {
	s := speaker{nick: e.Source.Name, ident: e.Source.Ident, host: e.Source.Host}
	if acct, ok := e.Tags.Get("account"); ok && acct != "" && acct != "*" {
		s.account = acct
	} else if u := a.lookupUser(e.Source.Name); u != nil {
		s.account = u.Extras.Account
	}
	// The server marks unverified idents with "~" if the bot's own ident,
	// as the server relayed it, has one.
	verified := s.ident != "" && !strings.HasPrefix(s.ident, "~") && strings.HasPrefix(c.GetIdent(), "~")
	return a.ids.identify(s, verified)
}

// receive takes a PRIVMSG in girc's event loop: the sender's identity is
// read there, in order with the NICK and QUIT that change it, and the
// message is then handled in its own goroutine.
func (a *Adapter) receive(c *girc.Client, e girc.Event) {
	if e.Source == nil || len(e.Params) < 2 || strings.EqualFold(e.Source.Name, c.GetNick()) {
		return
	}
	if ok, _ := e.IsCTCP(); ok {
		return // CTCP VERSION and the like: girc answers those
	}
	w := a.identify(c, e)
	if a.cfg.RequireAccount && !w.account {
		if reply, ok := a.refuseWithoutAccount(c, e); ok {
			target := e.Source.Name
			if e.IsFromChannel() {
				target = e.Params[0]
			}
			a.out.add(target, Lines(reply), false)
		}
		return
	}
	go a.onPrivmsg(c, e, w)
}

// refuseWithoutAccount is the one-line answer to a command from a user
// without a services account, where RequireAccount is set; ok is false
// for channel talk that is not for the bot.
func (a *Adapter) refuseWithoutAccount(c *girc.Client, e girc.Event) (bot.Reply, bool) {
	text := strings.TrimSpace(stripFormatting(e.Last()))
	if e.IsFromChannel() {
		if _, addr := addressed(text, c.GetNick()); !addr && !strings.HasPrefix(text, a.cfg.Prefix) {
			return bot.Reply{}, false
		}
	}
	return bot.Reply{Text: e.Source.Name + ": log in to a services account (NickServ) to play here; this bot takes commands only from registered users."}, true
}

// holder is the nick to send a private reply for id to: the connection
// that holds id now, as the server has shown it to the bot (girc tracks
// the users of the channels the bot is in, through NICK, QUIT, PART,
// KICK and its own reconnects), or "" when none does. It never answers
// with a nick alone:
//
//   - "account:NAME": a user logged in to NAME.
//   - "host:IDENT@HOST": a user with that verified ident and host.
//   - "nick:NICK@HOST": the connection bound to the id (identify), under
//     the nick it has now, if it is still there with the same ident@host.
//
// A reply to what id said from nick (fallback) reaches them there even
// when the bot shares no channel with them (it then cannot see them
// leave), unless the server has shown the bot another connection
// holding that nick.
func (a *Adapter) holder(id, fallback string) string {
	found := a.resolve(id)
	if found == "" && fallback != "" && a.lookupUser(fallback) == nil {
		found = fallback // a private query from someone in none of our channels
	}
	if !validNick(found) {
		return ""
	}
	return found
}

// resolve is holder without the speaker's case.
func (a *Adapter) resolve(id string) string {
	kind, rest, _ := strings.Cut(id, ":")
	switch kind {
	case "account":
		for _, u := range a.users() {
			if strings.EqualFold(u.Extras.Account, rest) {
				return u.Nick
			}
		}
	case "host":
		for _, u := range a.users() {
			if u.Ident+"@"+strings.ToLower(u.Host) == rest {
				return u.Nick
			}
		}
	case "nick":
		nick, userhost, ok := a.ids.holderOf(id)
		if !ok {
			return ""
		}
		if u := a.lookupUser(nick); u != nil && u.Ident+"@"+strings.ToLower(u.Host) == userhost {
			return u.Nick
		}
	}
	return "" // "guest:" ids hold no seat
}

// holderOf is the nick bound to id now and the ident@host of the
// connection using it.
func (ids *identities) holderOf(id string) (nick, userhost string, ok bool) {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	nick, ok = ids.holder[id]
	if !ok {
		return "", "", false
	}
	return nick, ids.byNick[nick].userhost, true
}
