package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

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

// ExportName is the name of a game's export file, in one style for every
// kind: KIND-DATE-PLAYER-PLAYER.EXT ("congo-20261123-alice-bob.txt"). The
// date is when play began ("undated" without one); each player's name is
// kept to letters, digits, - and _ so that it is safe as a file name
// anywhere, and a seat without a name (players[i]) is called by the
// seat's (seats[i]).
func ExportName(kind, ext string, began time.Time, players, seats []string) string {
	date := "undated"
	if !began.IsZero() {
		date = began.UTC().Format("20060102")
	}
	parts := []string{strings.ToLower(kind), date}
	for i, seat := range seats {
		name := ""
		if i < len(players) {
			name = players[i]
		}
		if len(name) > 60 {
			name = name[:60]
		}
		w := strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
				return r
			}
			return '_'
		}, name)
		if strings.Trim(w, "_") == "" {
			w = seat
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, "-") + "." + ext
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
	id, err := nextGameID(t.ctx, a)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	t.rec.ID = id
	return nil
}

// nextGameID returns a new game id: the archive's counter in decimal,
// "12", which reads as an id in a sentence ("game 12"), where base 36
// read as a word ("game a"). The stores count in base 36
// (Archive.NextGameID); the decimal form of the counter never spells an
// id the same store gave before in base 36, as a string of digits is
// worth no less in base 36 than in decimal and the counter only grows: an
// old id names its old game still.
func nextGameID(ctx context.Context, a Archive) (string, error) {
	id, err := a.NextGameID(ctx)
	if err != nil {
		return "", err
	}
	if n, err := strconv.ParseUint(id, 36, 64); err == nil {
		return strconv.FormatUint(n, 10), nil
	}
	return id, nil
}

// gameIDArg reads a game id as players write it: any case, and with a
// "#" before it ("#12").
func gameIDArg(s string) string { return strings.ToLower(strings.TrimPrefix(s, "#")) }

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
		// Archived and rated again: both are idempotent, and the process
		// may have stopped between the game's save and either.
		if g, err := b.archivedGame(ctx, a, t.over, t.table); err == nil {
			if err := a.ArchiveGame(ctx, g); err != nil {
				b.log.Warn("archiving a finished game", "game", g.ID, "err", err)
			} else if kept, err := a.ArchivedGame(ctx, g.ID); err == nil {
				// Rated as first archived: its players as they were
				// then, not as links resolve now.
				b.rate(ctx, a, kept, t.over)
			}
		}
	}
	if !t.ended || t.rec.ID == "" {
		return
	}
	g, err := b.archivedGame(ctx, a, t.rec, t.table)
	if errors.Is(err, ErrUnavailable) {
		b.log.Warn("archiving a finished game", "game", t.rec.ID, "err", err)
		return
	}
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
// keeps it: each person with their network and the player their identity
// belongs to now.
func (b *Bot) archivedGame(ctx context.Context, a Archive, r *Record, table Table) (ArchivedGame, error) {
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
			p.UserID, p.Network = s.UserID, table.Network
			if s.Table != "" {
				addNet(s.Table)
				if tb, err := ParseTable(s.Table); err == nil {
					p.Network = tb.Network
				}
			}
			var err error
			if p.Player, err = playerOf(ctx, a, Identity(p.Network, p.UserID)); err != nil {
				return ArchivedGame{}, err
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

// ratedPlayer is the rating identity of a seat: the person's player (its
// user id in a game archived before links), or "ai:N" for the built-in AI
// at level N; "" when the seat is not rated (an AI program, an empty
// seat).
func ratedPlayer(p ArchivedPlayer) string {
	switch {
	case p.Player != "":
		return p.Player
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
	// pre are the ratings before this game; done says a player's rating
	// has it already (a retry after a crash between the two saves, or
	// after the game's save and its rating).
	var pre [2]rating.Rating
	var done [2]bool
	for i, id := range ids {
		rec, _, err := b.loadRating(ctx, a, kind, id)
		if err != nil {
			b.log.Warn("reading a rating", "player", id, "err", err)
			return
		}
		pre[i] = rec.Rating
		if before, ok := rec.rated(g.ID); ok {
			pre[i], done[i] = before, true
		}
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
		if done[i] {
			continue
		}
		for attempt := 0; attempt < maxAttempts; attempt++ {
			// Read again on each attempt: a conflict is another game
			// (or another process rating this one) that saved first.
			cur, version, err := b.loadRating(ctx, a, kind, id)
			if err != nil {
				b.log.Warn("reading a rating", "player", id, "err", err)
				break
			}
			if _, ok := cur.rated(g.ID); ok {
				break // another process rated this game meanwhile
			}
			var next rating.Rating
			if i == 0 {
				next, _ = rating.Game(cur.Rating, pre[1], score, g.Ended, params)
			} else {
				_, next = rating.Game(pre[0], cur.Rating, score, g.Ended, params)
			}
			next.Games = cur.Games + 1
			rec := ratingRecord{Rating: next, Name: cur.Name,
				Recent: append([]ratedGame{{ID: g.ID, Before: cur.Rating}}, cur.Recent[:min(len(cur.Recent), maxRecent-1)]...)}
			if g.Players[i].AI == 0 {
				rec.Name = g.Players[i].Name
			}
			data, _ := json.Marshal(rec)
			_, err = a.SaveRating(ctx, kind, id, data, version)
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

// maxRecent is how many of a player's last rated games their rating
// remembers, so a game is never rated twice: a retry (the next game at
// the table, after a crash) comes well within that many games.
const maxRecent = 32

// ratingRecord is a player's rating in one kind as the archive keeps it,
// with the name they had in their last rated game, for the leaderboard (a
// player is an identity, not a name), and their last rated games.
type ratingRecord struct {
	rating.Rating
	Name   string      `json:"name,omitempty"`
	Recent []ratedGame `json:"recent,omitempty"`
}

// ratedGame is a game a rating has taken in, and the rating before it.
type ratedGame struct {
	ID     string        `json:"id"`
	Before rating.Rating `json:"before"`
}

// rated reports whether the rating has taken in game id, and the rating
// before it.
func (r ratingRecord) rated(id string) (rating.Rating, bool) {
	for _, g := range r.Recent {
		if g.ID == id {
			return g.Before, true
		}
	}
	return rating.Rating{}, false
}

// loadRating reads a player's rating in kind: a new player's when there is
// none or it cannot be read (a damaged one is then replaced).
func (b *Bot) loadRating(ctx context.Context, a Archive, kind, player string) (ratingRecord, uint64, error) {
	data, version, err := a.Rating(ctx, kind, player)
	fresh := ratingRecord{Rating: rating.Defaults().New()}
	switch {
	case errors.Is(err, ErrNotFound):
		return fresh, 0, nil
	case errors.Is(err, ErrDamaged):
		b.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return fresh, version, nil
	case err != nil:
		return ratingRecord{}, 0, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var rt ratingRecord
	if err := json.Unmarshal(data, &rt); err != nil {
		b.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return fresh, version, nil
	}
	return rt, version, nil
}

// archiveCommands are the commands about finished games, ratings and
// players. A kind may declare a command of one of their names: said after
// the kind's name, the kind's wins.
func (b *Bot) archiveCommands() []HostCommand {
	run := func(ctx context.Context, c *Call) ([]Reply, error) {
		return b.archiveCommand(ctx, c.Message, parsed{kind: c.Kind, cmd: Command{Verb: c.Verb, Args: c.Args}})
	}
	return []HostCommand{
		{CommandSpec: CommandSpec{Name: "history", Use: Look, Usage: "history [@user] [KIND] [page N]", Summary: "finished games, newest first, 10 a page"}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "game", Use: Look, Usage: "game ID", Summary: "a game: finished, its players, result and final board; running, where, its status and board as a spectator sees them"}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "export", Use: Look, Usage: "export [ID]", Summary: "a game in its own file format (the one its players' programs read): an archived one, or without ID this table's (a hidden game that runs: to its players only)"}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "rating", Use: Look, Usage: "rating [@user] [KIND]", Summary: "Glicko-2 rating ±RD per game; ? is provisional"}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "top", Use: Look, Usage: "top KIND", Summary: "the leaderboard of a game"}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "link", Use: Look, Usage: "link [CODE | list]", Summary: "join your identities on several networks into one player: link tells you a one-time code privately, link CODE on your other network uses it; link list shows them",
			Args: []Arg{{Name: "code", Desc: "the code from your other network, or list"}}}, Alone: run, Yields: true},
		{CommandSpec: CommandSpec{Name: "unlink", Use: Look, Usage: "unlink [IDENTITY]", Summary: "undo a link: this identity leaves its player, or (with an identity from link list) your player lets go of that one; games until now stay the player's"}, Alone: run, Yields: true},
	}
}

// archiveCommand answers history, game, export, rating, top, link and
// unlink.
func (b *Bot) archiveCommand(ctx context.Context, m Message, p parsed) ([]Reply, error) {
	if p.cmd.Verb == "export" && len(p.cmd.Args) == 0 {
		return b.exportTable(ctx, m, p) // the table's game: no archive needed
	}
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
		id := gameIDArg(args[0])
		g, err := a.ArchivedGame(ctx, id)
		if (errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged)) && p.cmd.Verb == "game" {
			// Not finished yet: the running game, as a spectator sees it.
			t, rerr := b.runningTx(ctx, id)
			if rerr != nil {
				return nil, rerr
			}
			if t != nil {
				return b.runningGameReplies(t), nil
			}
		}
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged) {
			return nil, fmt.Errorf("%w: no game %q, finished or running", ErrBadCommand, cut(args[0], 20))
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		if p.cmd.Verb == "game" {
			me, err := playerOf(ctx, a, Identity(m.Network, m.UserID))
			if err != nil {
				return nil, err
			}
			return b.gameReplies(g, m, me)
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
	case "link":
		return b.linkCommand(ctx, a, m, args)
	case "unlink":
		return b.unlinkCommand(ctx, a, m, args)
	}
	return nil, fmt.Errorf("%w: unknown command", ErrBadCommand)
}

// whoAndKind reads [@user] [KIND] from args: the player (the speaker's
// own when none is named; a mention's when the network gives one, else the
// one of the name as an identity on the speaker's network), the name to
// show, the kind, and the words left.
func (b *Bot) whoAndKind(ctx context.Context, a Archive, m Message, kind string, args []string) (player, name, k string, rest []string, err error) {
	user, name, k := m.UserID, m.Name, kind
	defer func() {
		if err == nil {
			player, err = playerOf(ctx, a, Identity(m.Network, user))
		}
	}()
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
			return "", name, k, args, nil
		}
		args = args[1:]
	}
	return "", name, k, nil, nil
}

// history lists a player's games newest first: history [@user] [KIND]
// [page N]. A page is historyPage games; page N walks the cursors from
// the first (the archive's cursors are sort keys, not offsets).
func (b *Bot) history(ctx context.Context, a Archive, m Message, kind string, args []string) ([]Reply, error) {
	user, name, kind, rest, err := b.whoAndKind(ctx, a, m, kind, args)
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
		return withoutRef(g.Score, g.ID)
	}
	if g.Winner >= 0 && g.Winner < len(g.Players) {
		return shown(g.Players[g.Winner].Name) + " won."
	}
	return "Draw."
}

// withoutRef is the announced end of game id without the reference to
// the game that closes it (" (game 12)", " (game 12, https://...)"): a
// summary that names the game already does not name it twice.
func withoutRef(text, id string) string {
	i := strings.LastIndex(text, " (game "+id)
	if i < 0 || !strings.HasSuffix(text, ")") {
		return text
	}
	if rest := text[i+len(" (game "+id):]; rest != ")" && !strings.HasPrefix(rest, ", ") {
		return text // another game whose id begins the same
	}
	return text[:i]
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

// viewerSeat is the asker's seat in g, or Spectator: the seat of their
// identity, or of their player (an identity of theirs on another network).
func viewerSeat(g ArchivedGame, m Message, player string) int {
	for i, p := range g.Players {
		switch {
		case p.UserID == "":
		case p.Network == "" && p.UserID == m.UserID, // archived before links
			p.Network == m.Network && p.UserID == m.UserID,
			p.Player != "" && p.Player == player:
			return i
		}
	}
	return Spectator
}

// gameReplies answers game ID: the summary and the final board as the
// asker may see it. A finished game is over, so a hidden kind shows what
// its state shows when over (Stratego: both armies).
func (b *Bot) gameReplies(g ArchivedGame, m Message, player string) ([]Reply, error) {
	_, spec, st, err := b.decodeArchived(g)
	if err != nil {
		return nil, err
	}
	endState(st, Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	head := fmt.Sprintf("Game %s, %s, %s to %s: %s. %s %s.", g.ID, g.Kind,
		g.Began.UTC().Format("2006-01-02 15:04"), g.Ended.UTC().Format("2006-01-02 15:04"), playersText(g), outcomeText(g), plural(len(g.Moves), "move"))
	viewer := viewerSeat(g, m, player)
	board := st.Board(viewer)
	b.attachPicture(&board, spec.Name, st, viewer, archivedCaption(g))
	return []Reply{{Text: head}, board}, nil
}

// runningGameReplies answers game ID for a game that runs (or has just
// ended and is not archived yet): where it is played, its status and its
// board as a spectator sees them, so a hidden kind shows no hidden piece.
func (b *Bot) runningGameReplies(t *tx) []Reply {
	where := GameView{Network: t.table.Network, Channel: t.table.Channel}
	if _, owned := b.OwnedTableName(t.table); owned {
		where.Channel = "" // a table no channel shows
	}
	head := fmt.Sprintf("Game %s, %s, at %s", t.rec.ID, strings.ToLower(t.spec.Name), where.Where())
	if !t.rec.Began.IsZero() {
		head += ", since " + t.rec.Began.UTC().Format("2006-01-02 15:04")
	}
	head += ": " + b.status(t, speaker{}) // nobody's seat: a spectator
	board := b.withNotes(t, t.st.Board(Spectator))
	b.attachPicture(&board, t.spec.Name, t.st, Spectator, b.pictureCaption(t))
	return []Reply{{Text: head}, board}
}

// exportReplies answers export ID: the kind's file as a monospaced block
// when it is short, else its name and size.
func (b *Bot) exportReplies(g ArchivedGame, m Message) ([]Reply, error) {
	name, data, err := b.archivedExport(g)
	if err != nil {
		return nil, err
	}
	return []Reply{exportReply(name, data, m)}, nil
}

// archivedExport is a finished game from the archive in its kind's file
// format: over, so a hidden kind shows everything.
func (b *Bot) archivedExport(g ArchivedGame) (string, []byte, error) {
	k, _, st, err := b.decodeArchived(g)
	if err != nil {
		return "", nil, err
	}
	ex, ok := k.(Exporter)
	if !ok {
		return "", nil, fmt.Errorf("%w: %s games have no export format here", ErrBadCommand, g.Kind)
	}
	meta := ExportMeta{Date: g.Began, Result: Result{Over: true, Winner: g.Winner, Ending: g.Ending}, Seat: Spectator}
	for _, p := range g.Players {
		meta.Players = append(meta.Players, p.Name)
	}
	name, data, err := ex.Export(st, meta)
	if err != nil {
		b.log.Warn("export failed", "game", g.ID, "err", err)
		return "", nil, fmt.Errorf("%w: game %s cannot be exported: %w", ErrBadCommand, g.ID, err)
	}
	return name, data, nil
}

// ratingReply answers rating [@user] [KIND]: one kind, or every hosted
// kind the player has a rating in.
func (b *Bot) ratingReply(ctx context.Context, a Archive, m Message, kind string, args []string) ([]Reply, error) {
	user, name, kind, rest, err := b.whoAndKind(ctx, a, m, kind, args)
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
		r := rating.Decay(rt.Rating, now, rating.Defaults())
		parts = append(parts, fmt.Sprintf("%s %s (%s)", b.specs[k].Title, r, plural(r.Games, "game")))
	}
	if len(parts) == 0 {
		// Worded so that any name reads right, the console's "you" too.
		return []Reply{{Text: fmt.Sprintf("No rated games yet for %s (a new player is 1500? ±350).", shown(name))}}, nil
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
		who := r.Player
		if rt.Name != "" {
			who = rt.Name
		}
		fmt.Fprintf(&sb, "\n%2d. %s %s", i+1, shown(who), rating.Decay(rt.Rating, now, rating.Defaults()))
	}
	return []Reply{{Text: sb.String(), Mono: true}}, nil
}

// plural is n and noun, with an s unless n is 1: "1 game", "3 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// gameRef names game id as the begin and end lines do: "game 3k", and its
// page when the operator gave the web view's public address.
func (b *Bot) gameRef(id string) string {
	if b.cfg.PublicURL == "" {
		return "game " + id
	}
	return "game " + id + ", " + strings.TrimRight(b.cfg.PublicURL, "/") + "/games/" + url.PathEscape(id)
}
