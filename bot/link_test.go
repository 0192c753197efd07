package bot_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/players"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// person is one identity: a user on one network.
type person struct {
	h        *harness
	net, id  string
	name     string
	identity string
}

func (h *harness) person(net, id, name string) person {
	return person{h: h, net: net, id: id, name: name, identity: bot.Identity(net, id)}
}

// in says text at channel on the person's network.
func (p person) in(channel, text string) []bot.Reply {
	return p.h.bot.Handle(context.Background(), bot.Message{Network: p.net, Channel: channel, UserID: p.id, Name: p.name, Text: text})
}

// dm says text privately to the bot.
func (p person) dm(text string) []bot.Reply {
	return p.h.bot.Handle(context.Background(), bot.Message{Network: p.net, UserID: p.id, Name: p.name, Text: text, Addressed: true, Private: true})
}

// aud is the audience of a private reply to p.
func (p person) aud() string { return "private:" + p.id }

var codeRE = regexp.MustCompile(`[0-9A-Z]{5}-[0-9A-Z]{5}`)

// code asks for a link code at channel ("" privately) and returns it,
// failing when it reached anyone but p.
func (p person) code(channel string) string {
	p.h.t.Helper()
	var rs []bot.Reply
	if channel == "" {
		rs = p.dm("link")
	} else {
		rs = p.in(channel, "!link")
		want(p.h.t, rs, channel, p.name+": I have told you a link code privately.")
	}
	code := ""
	for _, r := range rs {
		c := codeRE.FindString(r.Text)
		if c == "" {
			continue
		}
		if audience(r) != p.aud() {
			p.h.t.Fatalf("a link code reached %s; want only %s:\n%s", audience(r), p.aud(), text(rs))
		}
		code = c
	}
	if code == "" {
		p.h.t.Fatalf("link: got:\n%s\nwant a code to %s", text(rs), p.aud())
	}
	return code
}

// guessGame plays a Guess game at channel between a (East, hides 4) and
// b (West, hides 6) on their network; a wins when aWins.
func guessGame(t *testing.T, channel string, a, b person, aWins bool) {
	t.Helper()
	a.in(channel, "!guess start @"+b.name)
	b.in(channel, "!join")
	a.dm("hide 4")
	b.dm("hide 6")
	a.dm("ready")
	b.dm("ready")
	a.in(channel, "!guess guess 1")
	var rs []bot.Reply
	if aWins {
		b.in(channel, "!guess guess 1")
		rs = a.in(channel, "!guess guess 6")
	} else {
		rs = b.in(channel, "!guess guess 4")
	}
	if !strings.Contains(text(rs), "wins") {
		t.Fatalf("the game at %s did not end: got:\n%s", channel, text(rs))
	}
}

// TestLinkAcrossNetworks: alice asks for a code on IRC and says it on
// Discord; from then on her games on both networks are one player's: one
// rating, one history.
func TestLinkAcrossNetworks(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	ctx := context.Background()
	aliceIRC := h.person("irc", "account:alice", "alice")
	aliceDiscord := h.person("discord", "1001", "Alice")
	bob := h.person("irc", "account:bob", "bob")
	carol := h.person("discord", "1003", "carol")

	guessGame(t, "#irc", aliceIRC, bob, true) // before the link
	code := aliceIRC.code("#irc")
	rs := aliceDiscord.dm("link " + strings.ToLower(code))
	want(t, rs, aliceDiscord.aud(), "Linked: you are now the player irc:account:alice here too")
	if p, err := st.PlayerOf(ctx, "discord:1001"); err != nil || p != "irc:account:alice" {
		t.Fatalf("PlayerOf discord:1001: got %q, %v; want irc:account:alice", p, err)
	}

	guessGame(t, "#discord", aliceDiscord, carol, true)
	guessGame(t, "#irc", bob, aliceIRC, true) // alice loses on IRC

	for _, who := range []person{aliceIRC, aliceDiscord} {
		rs := who.in("#"+who.net, "!rating guess")
		want(t, rs, "#"+who.net, who.name+": Guess ")
		want(t, rs, "#"+who.net, "(3 games).")
		rs = who.in("#"+who.net, "!history")
		for _, g := range []string{"\n1 ", "\n2 ", "\n3 "} {
			want(t, rs, "#"+who.net, g)
		}
		want(t, who.dm("link list"), who.aud(), "You are the player irc:account:alice, also known as discord:1001.")
	}
	if data, _, err := st.Rating(ctx, "guess", "discord:1001"); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("a rating of the linked identity itself: got %s, %v; want none", data, err)
	}
	g, err := st.ArchivedGame(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Players[0]; p.UserID != "1001" || p.Network != "discord" || p.Player != "irc:account:alice" {
		t.Errorf("game 2's East: got %+v; want 1001 on discord, the player irc:account:alice", p)
	}
	if p := g.Players[1]; p.Player != "discord:1003" {
		t.Errorf("game 2's West: got %+v; want the player discord:1003", p)
	}
	// @name on a network is that network's identity of the name.
	rs = bob.in("#irc", "!rating @account:alice guess")
	want(t, rs, "#irc", "(3 games).")
	rs = h.bot.Handle(ctx, bot.Message{Network: "discord", Channel: "#d", UserID: "1003", Name: "carol", Text: "!history @Alice",
		Mentions: []bot.User{{ID: "1001", Name: "Alice"}}})
	want(t, rs, "#d", "Games of Alice, newest first")
	want(t, rs, "#d", "\n1 ")
}

// TestNetworksDoNotCollide: the same user id on two networks is two
// players.
func TestNetworksDoNotCollide(t *testing.T) {
	h := archiving(t, nil)
	a1, b1 := h.person("irc", "u1", "one"), h.person("irc", "u2", "two")
	a2 := h.person("discord", "u1", "uno")
	guessGame(t, "#x", a1, b1, true)
	want(t, a1.in("#x", "!rating guess"), "#x", "(1 game)")
	want(t, a2.in("#y", "!rating guess"), "#y", "(0 games)")
	want(t, a2.in("#y", "!history"), "#y", "No archived games of uno")
}

// TestLinkRefusals: what link refuses, with one line, changing nothing;
// a refusal for the speaker's own reasons leaves the code usable.
func TestLinkRefusals(t *testing.T) {
	cases := []struct {
		name string
		// run refuses something and returns whether the code still works
		run       func(t *testing.T, h *harness, owner person, code string) []bot.Reply
		codeAfter bool
	}{
		{"not a code", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			return h.person("discord", "9", "x").dm("link hello")
		}, true},
		{"a wrong code", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			return h.person("discord", "9", "x").dm("link ZZZZZ-ZZZZZ")
		}, true},
		{"a code for someone else", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			return h.person("discord", "9", "mallory").in("#d", "!link @carol "+code)
		}, true},
		{"expired", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			h.clock.Advance(players.LinkTTL)
			return h.person("discord", "9", "x").dm("link " + code)
		}, false},
		{"used twice", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			want(t, h.person("discord", "8", "y").dm("link "+code), "private:8", "Linked")
			return h.person("discord", "9", "x").dm("link " + code)
		}, false},
		{"one's own code", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			return owner.dm("link " + code)
		}, false},
		{"already linked", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			x := h.person("discord", "9", "x")
			other := h.person("irc", "account:zed", "zed").code("")
			want(t, x.dm("link "+other), x.aud(), "Linked")
			return x.dm("link " + code)
		}, true},
		{"a player others are linked to", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			zed := h.person("irc", "account:zed", "zed")
			want(t, h.person("discord", "8", "y").dm("link "+zed.code("")), "private:8", "Linked")
			return zed.dm("link " + code)
		}, true},
		{"an identity with games", func(t *testing.T, h *harness, owner person, code string) []bot.Reply {
			x, y := h.person("discord", "9", "x"), h.person("discord", "8", "y")
			guessGame(t, "#d", x, y, true)
			return x.dm("link " + code)
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := memory.New()
			h := archiving(t, st)
			owner := h.person("irc", "account:alice", "alice")
			code := owner.code("")
			rs := c.run(t, h, owner, code)
			refused(t, rs, c.name)
			if strings.Contains(rs[0].Text, "\n") {
				t.Errorf("refusal: got %q; want one line", rs[0].Text)
			}
			if p, err := st.PlayerOf(context.Background(), "discord:9"); c.name != "already linked" && !errors.Is(err, bot.ErrNotFound) {
				t.Errorf("discord:9 after the refusal: got player %q, %v; want none", p, err)
			}
			fresh := h.person("console", "newcomer", "newcomer")
			rs = fresh.dm("link " + code)
			if got := strings.Contains(text(rs), "Linked"); got != c.codeAfter {
				t.Errorf("the code after the refusal: got:\n%s\nwant it working %v", text(rs), c.codeAfter)
			}
		})
	}
}

// TestLinkCodeSaidInPublic: a code said in a channel still works, the
// answer goes to the speaker alone with a reminder, and the code is then
// used up for anyone who saw it.
func TestLinkCodeSaidInPublic(t *testing.T) {
	h := archiving(t, nil)
	code := h.person("irc", "account:alice", "alice").code("#irc")
	alice2 := h.person("discord", "1001", "Alice")
	rs := alice2.in("#d", "!link "+code)
	want(t, rs, alice2.aud(), "Next time say a code to me privately")
	for _, r := range rs {
		if !r.Private {
			t.Errorf("a public answer to link: %q", r.Text)
		}
	}
	refused(t, h.person("discord", "666", "eve").in("#d", "!link "+code), "the code seen in public")
}

// TestLinkCodesDiffer: codes are drawn at random: many asks give as many
// codes.
func TestLinkCodesDiffer(t *testing.T) {
	h := archiving(t, nil)
	seen := map[string]bool{}
	for i := range 50 {
		c := h.person("irc", "u"+string(rune('a'+i%26))+string(rune('a'+i/26)), "u").code("")
		if seen[c] {
			t.Fatalf("code %s drawn twice", c)
		}
		seen[c] = true
	}
}

// TestLinkWithoutArchive: link needs the archive.
func TestLinkWithoutArchive(t *testing.T) {
	h := newHarness(t, nil)
	rs := h.in("#n", "alice", "!link")
	refused(t, rs, "link without an archive")
	want(t, rs, "#n", "keeps no archive")
}

// TestLinkHelp: help explains link.
func TestLinkHelp(t *testing.T) {
	h := archiving(t, nil)
	want(t, h.in("#n", "alice", "!help link"), "#n", "one-time code privately")
}

// TestUnlink: a linked identity leaves its player with unlink (its next
// games are its own, the earlier stay the player's); the player's own
// identity lets go of one that used a code it should not have had; a
// linked identity cannot unlink the others.
func TestUnlink(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	ctx := context.Background()
	alice := h.person("irc", "account:alice", "alice")
	alice2 := h.person("discord", "1001", "Alice")
	mallory := h.person("discord", "666", "mallory")
	carol := h.person("discord", "1003", "carol")
	want(t, alice2.dm("link "+alice.code("")), alice2.aud(), "Linked")
	want(t, mallory.dm("link "+alice.code("")), mallory.aud(), "Linked") // a code seen over her shoulder

	refused(t, mallory.dm("unlink discord:1001"), "a linked identity unlinking another")
	refused(t, mallory.dm("unlink irc:account:alice"), "unlinking the player itself")
	refused(t, alice.dm("unlink"), "the player unlinking itself")
	refused(t, alice.dm("unlink discord:999"), "unlinking an identity not linked")
	want(t, alice.dm("unlink discord:666"), alice.aud(), "Unlinked: discord:666 is its own player again")
	if p, err := st.PlayerOf(ctx, "discord:666"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("mallory after unlink: got player %q, %v; want none", p, err)
	}

	guessGame(t, "#d", alice2, carol, true) // game 1, alice's
	want(t, alice2.dm("unlink"), alice2.aud(), "Unlinked: discord:1001 is its own player again; its games until now stay irc:account:alice's.")
	want(t, alice.dm("link list"), alice.aud(), "with no other identity linked")
	guessGame(t, "#d", alice2, carol, true) // game 2, discord:1001's own
	want(t, alice.in("#i", "!history"), "#i", "\n1 ")
	if rs := alice.in("#i", "!history"); strings.Contains(text(rs), "\n2 ") {
		t.Errorf("alice's history: got\n%s\nwant no game 2", text(rs))
	}
	want(t, alice2.in("#d", "!rating guess"), "#d", "(1 game)")
	want(t, alice.in("#i", "!rating guess"), "#i", "(1 game)")
}

// TestLinkRedeemedOnce: of several identities saying one code at once,
// exactly one is linked.
func TestLinkRedeemedOnce(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	code := h.person("irc", "account:alice", "alice").code("")
	const n = 8
	results := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = text(h.person("discord", fmt.Sprint(i), "x").dm("link " + code))
		}()
	}
	wg.Wait()
	linked := 0
	for _, r := range results {
		if strings.Contains(r, "Linked") {
			linked++
		}
	}
	if linked != 1 {
		t.Fatalf("got %d identities linked; want exactly 1:\n%s", linked, strings.Join(results, "\n"))
	}
	ids, err := st.Identities(context.Background(), "irc:account:alice")
	if err != nil || len(ids) != 1 {
		t.Fatalf("identities of alice: got %q, %v; want one", ids, err)
	}
}
