package players

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// maxExportText is the longest export shown inline; a longer one is
// described (adapters may attach files later).
const maxExportText = 1800

// historyPage is how many games one history reply lists.
const historyPage = 10

// errNoArchive is the plain answer of the archive commands without one.
var errNoArchive = fmt.Errorf("%w: this bot keeps no archive of games", bot.ErrBadCommand)

// gameIDArg reads a game id as players write it: any case, and with a
// "#" before it ("#12").
func gameIDArg(s string) string { return strings.ToLower(strings.TrimPrefix(s, "#")) }

// commands are the commands about finished games, ratings and players. A
// kind may declare a command of one of their names: said after the
// kind's name, the kind's wins.
func (p *Players) commands() []bot.HostCommand {
	return []bot.HostCommand{
		{CommandSpec: bot.CommandSpec{Name: "history", Use: bot.Look, Usage: "history [@user] [KIND] [page N]", Summary: "finished games, newest first, 10 a page"},
			Alone: p.archived(func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
				return p.history(ctx, a, c.Message, c.Kind, c.Args)
			}), Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "game", Use: bot.Look, Usage: "game ID", Summary: "a game: finished, its players, result and final board; running, where, its status and board as a spectator sees them"},
			Alone: p.archived(p.gameCommand), Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "export", Use: bot.Look, Usage: "export [ID]", Summary: "a game in its own file format (the one its players' programs read): an archived one, or without ID this table's (a hidden game that runs: to its players only)"},
			Alone: p.exportCommand, Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "rating", Use: bot.Look, Usage: "rating [@user] [KIND]", Summary: "Glicko-2 rating ±RD per game; ? is provisional"},
			Alone: p.archived(func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
				return p.ratingReply(ctx, a, c.Message, c.Kind, c.Args)
			}), Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "top", Use: bot.Look, Usage: "top KIND", Summary: "the leaderboard of a game"},
			Alone: p.archived(p.topCommand), Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "link", Use: bot.Look, Usage: "link [CODE | list]", Summary: "join your identities on several networks into one player: link tells you a one-time code privately, link CODE on your other network uses it; link list shows them",
			Args: []bot.Arg{{Name: "code", Desc: "the code from your other network, or list"}}},
			Alone: p.archived(func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
				return p.linkCommand(ctx, a, c.Message, c.Args)
			}), Yields: true},
		{CommandSpec: bot.CommandSpec{Name: "unlink", Use: bot.Look, Usage: "unlink [IDENTITY]", Summary: "undo a link: this identity leaves its player, or (with an identity from link list) your player lets go of that one; games until now stay the player's"},
			Alone: p.archived(func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
				return p.unlinkCommand(ctx, a, c.Message, c.Args)
			}), Yields: true},
	}
}

// archived runs a command that reads the archive; without one it says
// this bot keeps none.
func (p *Players) archived(run func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error)) func(context.Context, *bot.Call) ([]bot.Reply, error) {
	return func(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
		a := p.core.Archive()
		if a == nil {
			return nil, errNoArchive
		}
		return run(ctx, a, c)
	}
}

// exportCommand answers export: without an id the table's game (no
// archive needed), else an archived game.
func (p *Players) exportCommand(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
	if len(c.Args) == 0 {
		return p.exportTable(ctx, c)
	}
	return p.archived(func(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
		g, err := p.gameOf(ctx, a, c)
		if err != nil {
			return nil, err
		}
		return p.exportReplies(g, c.Message)
	})(ctx, c)
}

// gameCommand answers game ID: an archived game, else the running one as
// a spectator sees it.
func (p *Players) gameCommand(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
	if len(c.Args) == 1 {
		id := gameIDArg(c.Args[0])
		if _, err := a.ArchivedGame(ctx, id); errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
			// Not finished yet: the running game, as a spectator sees it.
			t, rerr := p.core.RunningTable(ctx, id)
			if rerr != nil {
				return nil, rerr
			}
			if t != nil {
				return p.core.SpectatorReplies(t), nil
			}
		}
	}
	g, err := p.gameOf(ctx, a, c)
	if err != nil {
		return nil, err
	}
	me, err := playerOf(ctx, a, bot.Identity(c.Network, c.UserID))
	if err != nil {
		return nil, err
	}
	return p.gameReplies(g, c.Message, me)
}

// gameOf reads the archived game the command's one word names.
func (p *Players) gameOf(ctx context.Context, a bot.Archive, c *bot.Call) (bot.ArchivedGame, error) {
	if len(c.Args) != 1 {
		return bot.ArchivedGame{}, fmt.Errorf("%w: say %s%s ID", bot.ErrBadCommand, p.core.Prefix(), c.Verb)
	}
	g, err := a.ArchivedGame(ctx, gameIDArg(c.Args[0]))
	if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
		return g, fmt.Errorf("%w: no game %q, finished or running", bot.ErrBadCommand, cut(c.Args[0], 20))
	}
	if err != nil {
		return g, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return g, nil
}

// topCommand answers top KIND.
func (p *Players) topCommand(ctx context.Context, a bot.Archive, c *bot.Call) ([]bot.Reply, error) {
	kind, args := c.Kind, c.Args
	if len(args) > 0 {
		if p.hosted(strings.ToLower(args[0])) && kind == "" {
			kind, args = strings.ToLower(args[0]), args[1:]
		}
	}
	if kind == "" || len(args) > 0 {
		return nil, fmt.Errorf("%w: say %stop KIND (%s)", bot.ErrBadCommand, p.core.Prefix(), strings.Join(p.order, ", "))
	}
	return p.topReply(ctx, a, kind)
}

// whoAndKind reads [@user] [KIND] from args: the player (the speaker's
// own when none is named; a mention's when the network gives one, else the
// one of the name as an identity on the speaker's network), the name to
// show, the kind, and the words left.
func (p *Players) whoAndKind(ctx context.Context, a bot.Archive, m bot.Message, kind string, args []string) (player, name, k string, rest []string, err error) {
	user, name, k := m.UserID, m.Name, kind
	defer func() {
		if err == nil {
			player, err = playerOf(ctx, a, bot.Identity(m.Network, user))
		}
	}()
	for len(args) > 0 {
		w := args[0]
		switch {
		case strings.HasPrefix(w, "@") && len(w) > 1:
			name = strings.TrimPrefix(w, "@")
			if len(name) > 64 || !printable(name) {
				return "", "", "", nil, fmt.Errorf("%w: not a user: %q", bot.ErrBadCommand, cut(name, 20))
			}
			user = name
			for _, u := range m.Mentions {
				if u.ID != "" {
					user, name = u.ID, u.Name
					break
				}
			}
		case p.hosted(strings.ToLower(w)) && k == "":
			k = strings.ToLower(w)
		default:
			return "", name, k, args, nil
		}
		args = args[1:]
	}
	return "", name, k, nil, nil
}

// history lists a player's games newest first: history [@user] [KIND]
// [page N]. A page is historyPage games; page N walks the cursors from
// the first (the archive's cursors are sort keys, not offsets).
func (p *Players) history(ctx context.Context, a bot.Archive, m bot.Message, kind string, args []string) ([]bot.Reply, error) {
	user, name, kind, rest, err := p.whoAndKind(ctx, a, m, kind, args)
	if err != nil {
		return nil, err
	}
	page := 1
	if len(rest) == 2 && strings.EqualFold(rest[0], "page") {
		n, err := strconv.Atoi(rest[1])
		if err != nil || n < 1 || n > 100 {
			return nil, fmt.Errorf("%w: page takes a number from 1 to 100", bot.ErrBadCommand)
		}
		page, rest = n, nil
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("%w: say %shistory [@user] [KIND] [page N]", bot.ErrBadCommand, p.core.Prefix())
	}
	var games []bot.ArchivedGame
	cursor := ""
	for n := 1; n <= page; n++ {
		games, cursor, err = a.History(ctx, user, p.kindName(kind), cursor, historyPage)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
		if n < page && cursor == "" {
			games = nil
			break
		}
	}
	if len(games) == 0 {
		return []bot.Reply{{Text: fmt.Sprintf("No archived games of %s%s on page %d.", bot.Shown(name), p.inKind(kind), page)}}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Games of %s%s, newest first (page %d):", bot.Shown(name), p.inKind(kind), page)
	for _, g := range games {
		fmt.Fprintf(&sb, "\n%s %s %s: %s. %s", g.ID, g.Ended.UTC().Format("2006-01-02"), g.Kind, g.PlayersText(), g.OutcomeText())
	}
	if cursor != "" {
		fmt.Fprintf(&sb, "\nMore: %shistory ... page %d", p.core.Prefix(), page+1)
	}
	return []bot.Reply{{Text: sb.String(), Mono: true, User: bot.User{ID: m.UserID, Name: m.Name}}}, nil
}

// viewerSeat is the asker's seat in g, or Spectator: the seat of their
// identity, or of their player (an identity of theirs on another network).
func viewerSeat(g bot.ArchivedGame, m bot.Message, player string) int {
	for i, ap := range g.Players {
		switch {
		case ap.UserID == "":
		case ap.Network == "" && ap.UserID == m.UserID, // archived before links
			ap.Network == m.Network && ap.UserID == m.UserID,
			ap.Player != "" && ap.Player == player:
			return i
		}
	}
	return bot.Spectator
}

// gameReplies answers game ID: the summary and the final board as the
// asker may see it. A finished game is over, so a hidden kind shows what
// its state shows when over (Stratego: both armies).
func (p *Players) gameReplies(g bot.ArchivedGame, m bot.Message, player string) ([]bot.Reply, error) {
	_, spec, st, err := p.core.DecodeArchived(g)
	if err != nil {
		return nil, err
	}
	bot.EndState(st, bot.Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	head := fmt.Sprintf("Game %s, %s, %s to %s: %s. %s %s.", g.ID, g.Kind,
		g.Began.UTC().Format("2006-01-02 15:04"), g.Ended.UTC().Format("2006-01-02 15:04"), g.PlayersText(), g.OutcomeText(), plural(len(g.Moves), "move"))
	viewer := viewerSeat(g, m, player)
	board := st.Board(viewer)
	p.core.AttachPicture(&board, spec.Name, st, viewer, g.Caption())
	return []bot.Reply{{Text: head}, board}, nil
}

// exportReplies answers export ID: the kind's file as a monospaced block
// when it is short, else its name and size.
func (p *Players) exportReplies(g bot.ArchivedGame, m bot.Message) ([]bot.Reply, error) {
	name, data, err := p.archivedExport(g)
	if err != nil {
		return nil, err
	}
	return []bot.Reply{exportReply(name, data, m)}, nil
}

// archivedExport is a finished game from the archive in its kind's file
// format: over, so a hidden kind shows everything.
func (p *Players) archivedExport(g bot.ArchivedGame) (string, []byte, error) {
	k, _, st, err := p.core.DecodeArchived(g)
	if err != nil {
		return "", nil, err
	}
	ex, ok := k.(bot.Exporter)
	if !ok {
		return "", nil, fmt.Errorf("%w: %s games have no export format here", bot.ErrBadCommand, g.Kind)
	}
	meta := bot.ExportMeta{Date: g.Began, Result: bot.Result{Over: true, Winner: g.Winner, Ending: g.Ending}, Seat: bot.Spectator}
	for _, ap := range g.Players {
		meta.Players = append(meta.Players, ap.Name)
	}
	name, data, err := ex.Export(st, meta)
	if err != nil {
		p.log.Warn("export failed", "game", g.ID, "err", err)
		return "", nil, fmt.Errorf("%w: game %s cannot be exported: %w", bot.ErrBadCommand, g.ID, err)
	}
	return name, data, nil
}

// ratingReply answers rating [@user] [KIND]: one kind, or every hosted
// kind the player has a rating in.
func (p *Players) ratingReply(ctx context.Context, a bot.Archive, m bot.Message, kind string, args []string) ([]bot.Reply, error) {
	user, name, kind, rest, err := p.whoAndKind(ctx, a, m, kind, args)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("%w: say %srating [@user] [KIND]", bot.ErrBadCommand, p.core.Prefix())
	}
	kinds := p.order
	if kind != "" {
		kinds = []string{kind}
	}
	now := p.core.Now()
	var parts []string
	for _, k := range kinds {
		rt, version, err := p.loadRating(ctx, a, k, user)
		if err != nil {
			return nil, err
		}
		if version == 0 && kind == "" {
			continue // no rating in k (version 0: none stored)
		}
		r := rating.Decay(rt.Rating, now, rating.Defaults())
		parts = append(parts, fmt.Sprintf("%s %s (%s)", p.specs[k].Title, r, plural(r.Games, "game")))
	}
	if len(parts) == 0 {
		// Worded so that any name reads right, the console's "you" too.
		return []bot.Reply{{Text: fmt.Sprintf("No rated games yet for %s (a new player is 1500? ±350).", bot.Shown(name))}}, nil
	}
	return []bot.Reply{{Text: fmt.Sprintf("%s: %s.", bot.Shown(name), strings.Join(parts, "; "))}}, nil
}

// topReply is kind's leaderboard, by rating; provisional ratings are
// marked "?".
func (p *Players) topReply(ctx context.Context, a bot.Archive, kind string) ([]bot.Reply, error) {
	top, err := a.Top(ctx, kind, 10)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	title := p.specs[kind].Title
	if len(top) == 0 {
		return []bot.Reply{{Text: fmt.Sprintf("No rated %s games yet.", title)}}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s leaderboard (rating ±RD; ? provisional):", title)
	now := p.core.Now()
	for i, r := range top {
		rt, _, err := p.loadRating(ctx, a, kind, r.Player)
		if err != nil {
			return nil, err
		}
		who := r.Player
		if rt.Name != "" {
			who = rt.Name
		}
		fmt.Fprintf(&sb, "\n%2d. %s %s", i+1, bot.Shown(who), rating.Decay(rt.Rating, now, rating.Defaults()))
	}
	return []bot.Reply{{Text: sb.String(), Mono: true}}, nil
}
