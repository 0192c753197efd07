package players

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// A player is their network identity (Identity: "irc:account:bob") until
// link joins another identity to them. link, said on one network, tells
// the speaker privately a one-time code; link CODE, said by another
// identity, makes that identity one of the code owner's player: its games
// from then on are indexed and rated as theirs.
//
// What a link may join, so that no games or ratings are lost or merged:
// the identity that says the code must be its own player, with no
// archived games and no identities linked to it; an identity is linked at
// most once (to link it elsewhere is refused). The identity with the
// games asks for the code; the fresh one uses it.

// LinkTTL is how long a link code is valid.
const LinkTTL = 10 * time.Minute

// linkCodeLen is a code's length in characters of linkAlphabet: 50 bits,
// so that guessing is hopeless without a rate limit. Even a million
// guesses a second for a code's ten minutes, against ten thousand live
// codes, succeed with odds of about one in two hundred.
const linkCodeLen = 10

// linkAlphabet is Crockford's base 32: digits and capitals without I, L,
// O and U, which are read as 1, 1 and 0 (U is refused).
const linkAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// errNotLinkCode says what link takes.
var errNotLinkCode = errors.New("not a link code")

// newLinkCode draws a code from crypto/rand.
func newLinkCode() (string, error) {
	var buf [linkCodeLen]byte
	if _, err := rand.Read(buf[:]); err != nil {
		return "", err
	}
	for i, c := range buf {
		buf[i] = linkAlphabet[c%32] // 256 is a multiple of 32: no bias
	}
	return string(buf[:]), nil
}

// showLinkCode is a code as players are shown it: two groups of five.
func showLinkCode(code string) string {
	if len(code) != linkCodeLen {
		return code
	}
	return code[:5] + "-" + code[5:]
}

// ParseLinkCode reads a code as a player may type it: any case, with
// dashes or spaces between its characters, I and L for 1 and O for 0.
func ParseLinkCode(s string) (string, error) {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r == '-' || r == ' ':
			continue
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		}
		switch r {
		case 'I', 'L':
			r = '1'
		case 'O':
			r = '0'
		}
		if r > 0x7f || !strings.ContainsRune(linkAlphabet, r) || sb.Len() >= linkCodeLen {
			return "", errNotLinkCode
		}
		sb.WriteRune(r)
	}
	if sb.Len() != linkCodeLen {
		return "", errNotLinkCode
	}
	return sb.String(), nil
}

// playerOf is the player an identity belongs to: the one it was linked
// to, else itself.
func playerOf(ctx context.Context, a bot.Archive, identity string) (string, error) {
	p, err := a.PlayerOf(ctx, identity)
	switch {
	case errors.Is(err, bot.ErrNotFound):
		return identity, nil
	case err != nil:
		return "", fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return p, nil
}

// identitiesOf lists the identities linked to player: those of
// Identities that PlayerOf confirms (a store may list one whose unlinking
// was cut short).
func identitiesOf(ctx context.Context, a bot.Archive, player string) ([]string, error) {
	ids, err := a.Identities(ctx, player)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	out := ids[:0]
	for _, id := range ids {
		p, err := a.PlayerOf(ctx, id)
		switch {
		case err == nil && p == player:
			out = append(out, id)
		case err != nil && !errors.Is(err, bot.ErrNotFound):
			return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
	}
	return out, nil
}

// linkCommand answers link (a new code), link CODE (use one) and link
// list (the speaker's player and its identities). Its answers go to the
// speaker alone: a code, and which identities are one player, are theirs.
func (p *Players) linkCommand(ctx context.Context, a bot.Archive, m bot.Message, args []string) ([]bot.Reply, error) {
	if m.UserID == "" {
		return nil, fmt.Errorf("%w: this network gives no identity to link", bot.ErrBadCommand)
	}
	me := bot.Identity(m.Network, m.UserID)
	private := func(format string, v ...any) bot.Reply {
		return bot.Reply{Text: fmt.Sprintf(format, v...), Private: true, User: bot.User{ID: m.UserID, Name: m.Name}}
	}
	switch {
	case len(args) == 0:
		return p.newLink(ctx, a, m, me, private)
	case len(args) == 1 && strings.EqualFold(args[0], "list"):
		player, err := playerOf(ctx, a, me)
		if err != nil {
			return nil, err
		}
		ids, err := identitiesOf(ctx, a, player)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			return []bot.Reply{private("You are the player %s, with no other identity linked. Say %slink for a code to link one.", player, p.core.Prefix())}, nil
		}
		return []bot.Reply{private("You are the player %s, also known as %s.", player, strings.Join(ids, ", "))}, nil
	}
	code, err := ParseLinkCode(strings.Join(args, ""))
	if err != nil {
		return nil, fmt.Errorf("%w: %q is not a link code: say %slink for a code, then %slink CODE on your other network",
			bot.ErrBadCommand, cut(strings.Join(args, " "), 20), p.core.Prefix(), p.core.Prefix())
	}
	return p.useLink(ctx, a, m, me, code, private)
}

// newLink draws a code for the speaker's player, keeps it for LinkTTL and
// tells it to the speaker privately.
func (p *Players) newLink(ctx context.Context, a bot.Archive, m bot.Message, me string, private func(string, ...any) bot.Reply) ([]bot.Reply, error) {
	player, err := playerOf(ctx, a, me)
	if err != nil {
		return nil, err
	}
	now := p.core.Now()
	for range maxAttempts {
		code, err := newLinkCode()
		if err != nil {
			return nil, fmt.Errorf("%w: drawing a link code: %w", bot.ErrUnavailable, err)
		}
		err = a.PutLinkCode(ctx, code, player, now, now.Add(LinkTTL))
		if errors.Is(err, bot.ErrConflict) {
			continue // a live code drew the same characters
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
		rs := []bot.Reply{private("Your link code is %s, good once for %d minutes. On your other network (or identity) say %slink %s to me, privately is best: "+
			"that identity then plays as you, with your games and ratings.", showLinkCode(code), int(LinkTTL/time.Minute), p.core.Prefix(), showLinkCode(code))}
		if !m.Private {
			rs = append(rs, bot.Reply{Text: fmt.Sprintf("%s: I have told you a link code privately.", bot.Shown(m.Name))})
		}
		return rs, nil
	}
	return nil, fmt.Errorf("%w: no free link code after %d draws", bot.ErrUnavailable, maxAttempts)
}

// useLink joins the speaker's identity to the player of code. What it
// refuses for the speaker's own reasons it refuses before taking the
// code, which then still works.
func (p *Players) useLink(ctx context.Context, a bot.Archive, m bot.Message, me, code string, private func(string, ...any) bot.Reply) ([]bot.Reply, error) {
	if other, err := a.PlayerOf(ctx, me); err == nil {
		return nil, fmt.Errorf("%w: you are already linked (to %s); an identity is linked once", bot.ErrBadCommand, other)
	} else if !errors.Is(err, bot.ErrNotFound) {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	ids, err := identitiesOf(ctx, a, me)
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		return nil, fmt.Errorf("%w: other identities are linked to you; say %slink here and use that code there instead", bot.ErrBadCommand, p.core.Prefix())
	}
	games, _, err := a.History(ctx, me, "", "", 1)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	if len(games) > 0 {
		return nil, fmt.Errorf("%w: you have games of your own here, which a link would not move; say %slink here and use that code on the identity without games", bot.ErrBadCommand, p.core.Prefix())
	}
	player, err := a.TakeLinkCode(ctx, code, p.core.Now())
	if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
		return nil, fmt.Errorf("%w: no such link code (wrong, used or older than %d minutes): say %slink on your other network for a new one",
			bot.ErrBadCommand, int(LinkTTL/time.Minute), p.core.Prefix())
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	// The code's owner may have been linked to a player since it asked.
	if player, err = playerOf(ctx, a, player); err != nil {
		return nil, err
	}
	if player == me {
		return nil, fmt.Errorf("%w: that is your own code (now used up): say %slink here, and the new code on your other network", bot.ErrBadCommand, p.core.Prefix())
	}
	if err := a.LinkIdentity(ctx, me, player); errors.Is(err, bot.ErrConflict) {
		return nil, fmt.Errorf("%w: you were linked meanwhile; an identity is linked once", bot.ErrBadCommand)
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	p.log.Info("identity linked", "identity", me, "player", player)
	r := private("Linked: you are now the player %s here too; your games and ratings from now on are theirs. %slink list shows who you are.", player, p.core.Prefix())
	if !m.Private {
		r.Text += " (Next time say a code to me privately.)"
	}
	return []bot.Reply{r}, nil
}

// unlinkCommand answers unlink (the speaker's identity leaves the player
// it was linked to) and unlink IDENTITY (the player's own identity, the
// one whose codes linked the others, lets go of one of them: one that
// used a code it should not have had, say). The games
// archived meanwhile stay the player's; the identity's next ones are its
// own.
func (p *Players) unlinkCommand(ctx context.Context, a bot.Archive, m bot.Message, args []string) ([]bot.Reply, error) {
	if m.UserID == "" {
		return nil, fmt.Errorf("%w: this network gives no identity to unlink", bot.ErrBadCommand)
	}
	me := bot.Identity(m.Network, m.UserID)
	player, err := playerOf(ctx, a, me)
	if err != nil {
		return nil, err
	}
	target := me
	switch {
	case len(args) == 1:
		target = args[0]
		if len(target) > 200 || !printable(target) {
			return nil, fmt.Errorf("%w: say %sunlink [IDENTITY] (%slink list shows them)", bot.ErrBadCommand, p.core.Prefix(), p.core.Prefix())
		}
	case len(args) > 1:
		return nil, fmt.Errorf("%w: say %sunlink [IDENTITY] (%slink list shows them)", bot.ErrBadCommand, p.core.Prefix(), p.core.Prefix())
	}
	switch {
	case len(args) == 0 && me == player:
		return nil, fmt.Errorf("%w: you are linked to no other player; to let go of an identity linked to you, say %sunlink IDENTITY (%slink list shows them)",
			bot.ErrBadCommand, p.core.Prefix(), p.core.Prefix())
	case target == player:
		return nil, fmt.Errorf("%w: %s is the player itself, not a linked identity", bot.ErrBadCommand, cut(target, 40))
	case target != me && me != player:
		return nil, fmt.Errorf("%w: only %s, whose codes linked the others, can unlink another identity; say %sunlink to unlink yourself",
			bot.ErrBadCommand, player, p.core.Prefix())
	}
	err = a.UnlinkIdentity(ctx, target, player)
	if errors.Is(err, bot.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s is not linked to you (%slink list shows who is)", bot.ErrBadCommand, cut(target, 40), p.core.Prefix())
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	p.log.Info("identity unlinked", "identity", target, "player", player, "by", me)
	return []bot.Reply{{Text: fmt.Sprintf("Unlinked: %s is its own player again; its games until now stay %s's.", target, player),
		Private: true, User: bot.User{ID: m.UserID, Name: m.Name}}}, nil
}
