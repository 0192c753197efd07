package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// Exporter is implemented by a kind whose finished games leave the bot in
// the file format of the programs its players use (PGN, a replay log).
type Exporter interface {
	// Export writes st, decoded from an archived game's Record, as a
	// file: its name and contents.
	Export(st State, meta ExportMeta) (filename string, data []byte, err error)
}

// RuleSetter is implemented by a State that can name its rule set (the
// archive keeps it): "manual", "progcomp".
type RuleSetter interface {
	RuleSet() string
}

// ExportMeta is what the archive knows of a game and its state does not.
type ExportMeta struct {
	Players []string  // the seats' players' names, in seat order
	Date    time.Time // when play began
	Result  Result    // the host's result (a resignation the state may not know)
	// Seat is the asker's seat, or Spectator: a hidden kind's running
	// game is exported only to its own players (the host exports only
	// finished games, so Spectator is what it gives).
	Seat int
}

// maxExportText is the longest export shown inline; a longer one is
// described (adapters may attach files later).
const maxExportText = 1800

// historyPage is how many games one history reply lists.
const historyPage = 10

// archive returns the store's Archive when the archive is on, or nil.
func (b *Bot) archive() Archive {
	if !b.cfg.Archive {
		return nil
	}
	a, _ := b.store.(Archive)
	return a
}

// errNoArchive is the plain answer of the archive commands without one.
var errNoArchive = fmt.Errorf("%w: this bot keeps no archive of games", ErrBadCommand)

// assignID gives the game that begins at t an archive id, when the store
// keeps an archive.
func (b *Bot) assignID(t *tx) error {
	a := b.archive()
	if a == nil || t.rec.ID != "" || t.ctx == nil {
		return nil
	}
	id, err := a.NextGameID(t.ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	t.rec.ID = id
	return nil
}

// archiveSaved archives what a saved transaction finished: the game it
// ended, and (idempotently, in case the process stopped between that
// save and its archiving) the finished game a fresh one replaced. A
// failure is logged: the game was saved, and its record keeps it until
// the next game replaces it, which archives it again.
func (b *Bot) archiveSaved(ctx context.Context, t *tx) {
	a := b.archive()
	if a == nil {
		return
	}
	if t.over != nil && t.over.ID != t.rec.ID {
		if g, err := b.archivedGame(t.over, t.table); err == nil {
			if err := a.ArchiveGame(ctx, g); err != nil {
				b.log.Warn("archiving a finished game", "game", g.ID, "err", err)
			}
		}
	}
	if !t.ended || t.rec.ID == "" {
		return
	}
	g, err := b.archivedGame(t.rec, t.table)
	if err != nil {
		b.log.Error("archiving a finished game", "game", t.rec.ID, "err", err)
		return
	}
	if err := a.ArchiveGame(ctx, g); err != nil {
		b.log.Warn("archiving a finished game", "game", g.ID, "err", err)
		return
	}
	t.ended = false // a retry of this transaction's save archives nothing twice
	b.rate(ctx, a, g, t.rec)
}

// archivedGame is the finished record r, played at table, as the archive
// keeps it.
func (b *Bot) archivedGame(r *Record, table Table) (ArchivedGame, error) {
	name := strings.ToLower(r.Game)
	spec, ok := b.specs[name]
	if !ok {
		return ArchivedGame{}, fmt.Errorf("%w: kind %q is not hosted", ErrDamaged, r.Game)
	}
	st, err := b.kinds[name].Decode(r.State)
	if err != nil {
		return ArchivedGame{}, fmt.Errorf("%w: %w", ErrDamaged, err)
	}
	rules := ""
	if rs, ok := st.(RuleSetter); ok {
		rules = rs.RuleSet()
	}
	g := ArchivedGame{ID: r.ID, Kind: spec.Name, Rules: rules, Moves: r.Moves,
		Winner: -1, Ending: r.Ending, Score: r.Result, Began: r.Began, Ended: r.Updated, Record: r.State}
	if r.Winner != nil {
		g.Winner = *r.Winner
	}
	if g.Ended.IsZero() {
		g.Ended = b.clock.Now().UTC()
	}
	nets := map[string]bool{}
	addNet := func(key string) {
		if tb, err := ParseTable(key); err == nil && !nets[tb.Network] {
			nets[tb.Network] = true
			g.Networks = append(g.Networks, tb.Network)
		}
	}
	addNet(table.Key())
	for i, s := range r.Seats {
		p := ArchivedPlayer{Seat: spec.Seats[min(i, len(spec.Seats)-1)], Name: s.Name}
		switch s.Kind {
		case SeatHuman:
			p.UserID = s.UserID
			if s.Table != "" {
				addNet(s.Table)
			}
		case SeatAI:
			p.AI = s.Level
			if s.Engine != "" {
				p.AI, p.Name = 0, "AI "+s.Engine
			} else {
				p.Name = fmt.Sprintf("AI level %d", s.Level)
			}
		}
		g.Players = append(g.Players, p)
	}
	for _, w := range r.Windows {
		addNet(w)
	}
	return g, nil
}

// ratedPlayer is the rating identity of a seat: the person's user id, or
// "ai:N" for the built-in AI at level N; "" when the seat is not rated (an
// AI program, an empty seat).
func ratedPlayer(p ArchivedPlayer) string {
	switch {
	case p.UserID != "":
		return p.UserID
	case p.AI > 0:
		return "ai:" + strconv.Itoa(p.AI)
	}
	return ""
}

// rate updates both players' Glicko-2 ratings for a finished two-seat game
// in which each seat moved, no seat changed hands and the players differ; each is written with
// compare-and-set, retried on conflict against the other's rating as it
// was before the game.
func (b *Bot) rate(ctx context.Context, a Archive, g ArchivedGame, r *Record) {
	if len(g.Players) != 2 || g.Ending == EndAbandoned || r.Movers&3 != 3 {
		return
	}
	for _, s := range r.Seats {
		if s.Kind == SeatAI && s.UserID != "" || s.Was != "" && s.Was != s.UserID {
			return // a seat changed hands (auto, a takeover): whose game was it?
		}
	}
	ids := [2]string{ratedPlayer(g.Players[0]), ratedPlayer(g.Players[1])}
	if ids[0] == "" || ids[1] == "" || ids[0] == ids[1] {
		return
	}
	kind := strings.ToLower(g.Kind)
	var pre [2]rating.Rating
	var versions [2]uint64
	for i, id := range ids {
		rt, version, err := b.loadRating(ctx, a, kind, id)
		if err != nil {
			b.log.Warn("reading a rating", "player", id, "err", err)
			return
		}
		pre[i], versions[i] = rt, version
	}
	score := 0.5
	switch g.Winner {
	case 0:
		score = 1
	case 1:
		score = 0
	}
	params := rating.Defaults()
	for i, id := range ids {
		cur, version := pre[i], versions[i]
		for attempt := 0; attempt < maxAttempts; attempt++ {
			if attempt > 0 { // a conflict: another game rated this player meanwhile
				var err error
				if cur, version, err = b.loadRating(ctx, a, kind, id); err != nil {
					b.log.Warn("reading a rating", "player", id, "err", err)
					break
				}
			}
			var next rating.Rating
			if i == 0 {
				next, _ = rating.Game(cur, pre[1], score, g.Ended, params)
			} else {
				_, next = rating.Game(pre[0], cur, score, g.Ended, params)
			}
			next.Games = cur.Games + 1
			data, _ := json.Marshal(next)
			_, err := a.SaveRating(ctx, kind, id, data, version)
			if errors.Is(err, ErrConflict) {
				continue
			}
			if err == nil {
				err = a.SetRank(ctx, kind, id, next.R)
			}
			if err != nil {
				b.log.Warn("saving a rating", "player", id, "err", err)
			}
			break
		}
	}
}

// loadRating reads a player's rating in kind: a new player's when there is
// none or it cannot be read (a damaged one is then replaced).
func (b *Bot) loadRating(ctx context.Context, a Archive, kind, player string) (rating.Rating, uint64, error) {
	data, version, err := a.Rating(ctx, kind, player)
	switch {
	case errors.Is(err, ErrNotFound):
		return rating.Defaults().New(), 0, nil
	case errors.Is(err, ErrDamaged):
		b.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return rating.Defaults().New(), version, nil
	case err != nil:
		return rating.Rating{}, 0, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var rt rating.Rating
	if err := json.Unmarshal(data, &rt); err != nil {
		b.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return rating.Defaults().New(), version, nil
	}
	return rt, version, nil
}

// archiveVerbs are the host's commands about finished games and ratings:
// they need no table.
var archiveVerbs = map[string]bool{"history": true, "game": true, "export": true, "rating": true, "top": true}

// isArchiveVerb reports whether p is one of the archive's commands: not
// when the kind it names declares a command of that name itself.
func (b *Bot) isArchiveVerb(p parsed) bool {
	if !archiveVerbs[p.cmd.Verb] {
		return false
	}
	if p.kind != "" {
		if _, own := b.specs[p.kind].Command(p.cmd.Verb); own {
			return false
		}
	}
	return true
}

// archiveCommand answers history, game, export, rating and top.
func (b *Bot) archiveCommand(ctx context.Context, m Message, p parsed) ([]Reply, error) {
	a := b.archive()
	if a == nil {
		return nil, errNoArchive
	}
	args := p.cmd.Args
	kind := p.kind
	switch p.cmd.Verb {
	case "history":
		return b.history(ctx, a, m, kind, args)
	case "game", "export":
		if len(args) != 1 {
			return nil, fmt.Errorf("%w: say %s%s ID", ErrBadCommand, b.cfg.Prefix, p.cmd.Verb)
		}
		g, err := a.ArchivedGame(ctx, strings.ToLower(args[0]))
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged) {
			return nil, fmt.Errorf("%w: no archived game %q", ErrBadCommand, cut(args[0], 20))
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		if p.cmd.Verb == "game" {
			return b.gameReplies(g, m)
		}
		return b.exportReplies(g, m)
	case "rating":
		return b.ratingReply(ctx, a, m, kind, args)
	case "top":
		if len(args) > 0 {
			if _, ok := b.kinds[strings.ToLower(args[0])]; ok && kind == "" {
				kind, args = strings.ToLower(args[0]), args[1:]
			}
		}
		if kind == "" || len(args) > 0 {
			return nil, fmt.Errorf("%w: say %stop KIND (%s)", ErrBadCommand, b.cfg.Prefix, strings.Join(b.order, ", "))
		}
		return b.topReply(ctx, a, kind)
	}
	return nil, fmt.Errorf("%w: unknown command", ErrBadCommand)
}

// whoAndKind reads [@user] [KIND] from args: the user (the speaker's own
// id when none is named; a mention's id when the network gives one), the
// kind, and the words left.
func (b *Bot) whoAndKind(m Message, kind string, args []string) (user, name, k string, rest []string, err error) {
	user, name, k = m.UserID, m.Name, kind
	for len(args) > 0 {
		w := args[0]
		switch {
		case strings.HasPrefix(w, "@") && len(w) > 1:
			name = strings.TrimPrefix(w, "@")
			if len(name) > 64 || !printable(name) {
				return "", "", "", nil, fmt.Errorf("%w: not a user: %q", ErrBadCommand, cut(name, 20))
			}
			user = name
			for _, u := range m.Mentions {
				if u.ID != "" {
					user, name = u.ID, u.Name
					break
				}
			}
		case b.kinds[strings.ToLower(w)] != nil && k == "":
			k = strings.ToLower(w)
		default:
			return user, name, k, args, nil
		}
		args = args[1:]
	}
	return user, name, k, nil, nil
}

// history lists a player's games newest first: history [@user] [KIND]
// [page N]. A page is historyPage games; page N walks the cursors from
// the first (the archive's cursors are sort keys, not offsets).
func (b *Bot) history(ctx context.Context, a Archive, m Message, kind string, args []string) ([]Reply, error) {
	user, name, kind, rest, err := b.whoAndKind(m, kind, args)
	if err != nil {
		return nil, err
	}
	page := 1
	if len(rest) == 2 && strings.EqualFold(rest[0], "page") {
		n, err := strconv.Atoi(rest[1])
		if err != nil || n < 1 || n > 100 {
			return nil, fmt.Errorf("%w: page takes a number from 1 to 100", ErrBadCommand)
		}
		page, rest = n, nil
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("%w: say %shistory [@user] [KIND] [page N]", ErrBadCommand, b.cfg.Prefix)
	}
	var games []ArchivedGame
	cursor := ""
	for p := 1; p <= page; p++ {
		games, cursor, err = a.History(ctx, user, b.kindName(kind), cursor, historyPage)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		if p < page && cursor == "" {
			games = nil
			break
		}
	}
	if len(games) == 0 {
		return []Reply{{Text: fmt.Sprintf("No archived games of %s%s on page %d.", shown(name), b.inKind(kind), page)}}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Games of %s%s, newest first (page %d):", shown(name), b.inKind(kind), page)
	for _, g := range games {
		fmt.Fprintf(&sb, "\n%s %s %s: %s. %s", g.ID, g.Ended.UTC().Format("2006-01-02"), g.Kind, playersText(g), outcomeText(g))
	}
	if cursor != "" {
		fmt.Fprintf(&sb, "\nMore: %shistory ... page %d", b.cfg.Prefix, page+1)
	}
	return []Reply{{Text: sb.String(), Mono: true, User: User{ID: m.UserID, Name: m.Name}}}, nil
}

func (b *Bot) kindName(kind string) string {
	if kind == "" {
		return ""
	}
	return b.specs[kind].Name
}

func (b *Bot) inKind(kind string) string {
	if kind == "" {
		return ""
	}
	return " in " + b.specs[kind].Title
}

func playersText(g ArchivedGame) string {
	var parts []string
	for _, p := range g.Players {
		seat := p.Seat
		if seat != "" {
			seat = strings.ToUpper(seat[:1]) + seat[1:]
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", seat, shown(p.Name)))
	}
	return strings.Join(parts, " vs ")
}

func outcomeText(g ArchivedGame) string {
	if g.Score != "" {
		return g.Score
	}
	if g.Winner >= 0 && g.Winner < len(g.Players) {
		return shown(g.Players[g.Winner].Name) + " won."
	}
	return "Draw."
}

// decodeArchived decodes an archived game's final state with its kind.
func (b *Bot) decodeArchived(g ArchivedGame) (Kind, Spec, State, error) {
	name := strings.ToLower(g.Kind)
	k, ok := b.kinds[name]
	if !ok {
		return nil, Spec{}, nil, fmt.Errorf("%w: game %s is of %s, which this bot does not host", ErrBadCommand, g.ID, cut(g.Kind, 20))
	}
	st, err := k.Decode(g.Record)
	if err != nil {
		b.log.Error("archived game cannot be decoded", "game", g.ID, "err", err)
		return nil, Spec{}, nil, fmt.Errorf("%w: game %s cannot be read", ErrDamaged, g.ID)
	}
	return k, b.specs[name], st, nil
}

// viewerSeat is the asker's seat in g, or Spectator.
func viewerSeat(g ArchivedGame, m Message) int {
	for i, p := range g.Players {
		if p.UserID != "" && p.UserID == m.UserID {
			return i
		}
	}
	return Spectator
}

// gameReplies answers game ID: the summary and the final board as the
// asker may see it. A finished game is over, so a hidden kind shows what
// its state shows when over (Stratego: both armies).
func (b *Bot) gameReplies(g ArchivedGame, m Message) ([]Reply, error) {
	_, _, st, err := b.decodeArchived(g)
	if err != nil {
		return nil, err
	}
	if e, ok := st.(Ender); ok && !st.Result().Over {
		e.End(Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	}
	head := fmt.Sprintf("Game %s, %s, %s to %s: %s. %s %d moves.", g.ID, g.Kind,
		g.Began.UTC().Format("2006-01-02 15:04"), g.Ended.UTC().Format("2006-01-02 15:04"), playersText(g), outcomeText(g), len(g.Moves))
	board := st.Board(viewerSeat(g, m))
	return []Reply{{Text: head}, board}, nil
}

// exportReplies answers export ID: the kind's file as a monospaced block
// when it is short, else its name and size.
func (b *Bot) exportReplies(g ArchivedGame, m Message) ([]Reply, error) {
	k, _, st, err := b.decodeArchived(g)
	if err != nil {
		return nil, err
	}
	ex, ok := k.(Exporter)
	if !ok {
		return nil, fmt.Errorf("%w: %s games have no export format here", ErrBadCommand, g.Kind)
	}
	meta := ExportMeta{Date: g.Began, Result: Result{Over: true, Winner: g.Winner, Ending: g.Ending}, Seat: Spectator}
	for _, p := range g.Players {
		meta.Players = append(meta.Players, p.Name)
	}
	name, data, err := ex.Export(st, meta)
	if err != nil {
		b.log.Warn("export failed", "game", g.ID, "err", err)
		return nil, fmt.Errorf("%w: game %s cannot be exported: %w", ErrBadCommand, g.ID, err)
	}
	if len(data) > maxExportText {
		return []Reply{{Text: fmt.Sprintf("%s is %d bytes: too long to show here.", name, len(data))}}, nil
	}
	return []Reply{{Text: name + ":\n" + strings.TrimRight(string(data), "\n"), Mono: true, User: User{ID: m.UserID, Name: m.Name}}}, nil
}

// ratingReply answers rating [@user] [KIND]: one kind, or every hosted
// kind the player has a rating in.
func (b *Bot) ratingReply(ctx context.Context, a Archive, m Message, kind string, args []string) ([]Reply, error) {
	user, name, kind, rest, err := b.whoAndKind(m, kind, args)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("%w: say %srating [@user] [KIND]", ErrBadCommand, b.cfg.Prefix)
	}
	kinds := b.order
	if kind != "" {
		kinds = []string{kind}
	}
	now := b.clock.Now()
	var parts []string
	for _, k := range kinds {
		rt, version, err := b.loadRating(ctx, a, k, user)
		if err != nil {
			return nil, err
		}
		if version == 0 && kind == "" {
			continue // no rating in k (version 0: none stored)
		}
		rt = rating.Decay(rt, now, rating.Defaults())
		parts = append(parts, fmt.Sprintf("%s %s (%d games)", b.specs[k].Title, rt, rt.Games))
	}
	if len(parts) == 0 {
		return []Reply{{Text: fmt.Sprintf("%s has no rated games yet (a new player is 1500? ±350).", shown(name))}}, nil
	}
	return []Reply{{Text: fmt.Sprintf("%s: %s.", shown(name), strings.Join(parts, "; "))}}, nil
}

// topReply is kind's leaderboard, by rating; provisional ratings are
// marked "?".
func (b *Bot) topReply(ctx context.Context, a Archive, kind string) ([]Reply, error) {
	top, err := a.Top(ctx, kind, 10)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	title := b.specs[kind].Title
	if len(top) == 0 {
		return []Reply{{Text: fmt.Sprintf("No rated %s games yet.", title)}}, nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s leaderboard (rating ±RD; ? provisional):", title)
	now := b.clock.Now()
	for i, r := range top {
		rt, _, err := b.loadRating(ctx, a, kind, r.Player)
		if err != nil {
			return nil, err
		}
		rt = rating.Decay(rt, now, rating.Defaults())
		fmt.Fprintf(&sb, "\n%2d. %s %s", i+1, shown(r.Player), rt)
	}
	return []Reply{{Text: sb.String(), Mono: true}}, nil
}
