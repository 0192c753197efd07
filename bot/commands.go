package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// newCall is the host command p as its handler reads it. Made only for
// a host command, so a kind's own (a move) allocates none.
func newCall(sp speaker, p parsed) *Call {
	return &Call{Message: sp.Message, Verb: p.cmd.Verb, Args: p.cmd.Args, Kind: p.kind, sp: sp}
}

// exec runs the command p at the loaded table t for the speaker sp: a
// host command from the command table, else the table's kind's.
func (b *Bot) exec(ctx context.Context, t *tx, sp speaker, p parsed) error {
	cmd := p.cmd
	hc, host := b.commands.lookup(cmd.Verb)
	if host && hc.AtTable == nil {
		host = false // answered before any table is loaded
	}
	if t.damaged != nil {
		switch {
		case host && hc.Replaces:
			if err := t.mayReplaceDamaged(sp); err != nil {
				return err
			}
			t.damaged = nil // a fresh game replaces the damaged record
		case host && hc.AnyGame:
			t.damaged = nil
		default:
			return fmt.Errorf("%w: the game stored here cannot be read; say %snew to start again", ErrDamaged, b.cfg.Prefix)
		}
	}
	if p.kind != "" && !strings.EqualFold(p.kind, t.spec.Name) {
		// A command for another kind than the table's: only opening a
		// game of that kind (or its help) makes sense.
		switch {
		case host && hc.Opens:
			if err := t.notAtWindow(sp); err != nil {
				return err
			}
			if t.rec.Phase == PhasePlaying && !t.empty() {
				return fmt.Errorf("%w: a game of %s is running here (%s); finish it or say %snew first",
					ErrBadCommand, t.spec.Title, t.seatList(), b.cfg.Prefix)
			}
			return t.switchKind(hc, newCall(sp, p))
		case host && hc.AnyGame:
			return hc.AtTable(t, newCall(sp, p))
		}
		if t.empty() {
			if c, ok := b.specs[p.kind].Command(cmd.Verb); ok && c.Use == Configure {
				// Setting up a game of that kind where none is: the
				// table becomes one ("!abalone load ..." at a new table).
				if err := t.reset(t.rec, p.kind, sp.Message); err != nil {
					return err
				}
				t.rec.Seats = freshSeats(len(t.spec.Seats))
				return b.exec(ctx, t, sp, parsed{kind: p.kind, cmd: cmd, loud: true})
			}
			return fmt.Errorf("%w: no game of %s here; say %s%s start to open one", ErrBadCommand,
				b.specs[p.kind].Title, b.cfg.Prefix, p.kind)
		}
		return fmt.Errorf("%w: the game here is %s; say %s%s start to play %s instead", ErrBadCommand,
			t.spec.Title, b.cfg.Prefix, p.kind, b.specs[p.kind].Title)
	}
	if host {
		call := newCall(sp, p)
		if err := hc.permitted(call, sp.admin); err != nil {
			return err
		}
		return hc.AtTable(t, call)
	}
	c, ok := t.spec.Command(cmd.Verb)
	if !ok && t.spec.BareMove != nil && t.spec.BareMove(cmd.Verb) {
		c, ok = CommandSpec{Name: cmd.Verb, Use: Act}, true
	}
	if !ok {
		if p.loud {
			return fmt.Errorf("%w: unknown command %q; say %shelp for the list", ErrBadCommand, cut(cmd.Verb, 20), b.cfg.Prefix)
		}
		return nil // another kind's command: not for this table
	}
	if c.Private && !sp.Private {
		// Hidden information said in a channel: refused before anything
		// changes, and the refusal does not repeat it.
		return fmt.Errorf("%w: %s is secret: say it privately, in a private message to the bot (like /msg), not in the channel",
			ErrBadCommand, strings.ToLower(c.Name))
	}
	cmd.Verb = strings.ToLower(c.Name)
	if c.Name != p.cmd.Verb && c.Use == Act && t.spec.BareMove != nil && t.spec.BareMove(p.cmd.Verb) {
		cmd.Verb = p.cmd.Verb // a bare move keeps its text
	}
	if err := checkArgs(c, cmd); err != nil {
		return err
	}
	switch c.Use {
	case Look:
		r, err := t.st.View(cmd, t.viewer(sp))
		if err != nil {
			return fmt.Errorf("%w: %w", ErrBadCommand, err)
		}
		t.reply(sp, r)
		return nil
	case Configure:
		if err := t.canConfigure(sp); err != nil {
			return err
		}
		text, err := t.st.Configure(cmd)
		if err != nil {
			return err
		}
		t.changed = true
		if text != "" {
			t.chat(text)
		}
		return nil
	}
	return t.move(sp, cmd)
}

// checkArgs refuses a command with too few or too many words.
func checkArgs(c CommandSpec, cmd Command) error {
	min, max := 0, 0
	for _, a := range c.Args {
		if a.Required {
			min++
		}
		if a.Type == ArgRest {
			max = 1 << 20
		} else {
			max++
		}
	}
	if len(c.Args) == 0 && c.Use == Act {
		return nil // a bare move: the kind reads it
	}
	if len(cmd.Args) < min || len(cmd.Args) > max {
		return fmt.Errorf("%w: say %s", ErrBadCommand, c.UsageText())
	}
	return nil
}

func noArgs(cmd Command) error {
	if len(cmd.Args) > 0 {
		return fmt.Errorf("%w: %s takes no arguments", ErrBadCommand, cmd.Verb)
	}
	return nil
}

// reply answers the speaker: in the channel, or privately when what they
// see is theirs alone (a seated player of a hidden kind) or they asked
// privately.
func (t *tx) reply(sp speaker, r Reply) {
	if t.spec.Hidden && sp.seated() && t.rec.Phase != PhaseOver {
		t.tell(sp.user(), r)
		return
	}
	t.answer(sp, r)
}

// answer answers the speaker where they asked: a question asked in a
// private message (that reached a channel's table) is answered privately.
func (t *tx) answer(sp speaker, r Reply) {
	if sp.Private {
		t.tell(sp.user(), r)
		return
	}
	t.replies = append(t.replies, r)
}

// viewer is what the speaker may see: their seat, or a spectator's view.
func (t *tx) viewer(sp speaker) int {
	if len(sp.seats) == 0 {
		return Spectator
	}
	return sp.seat(t.st.Pending())
}

// who names a seat for replies: "Red (alice)", "Blue (AI level 3)".
func (t *tx) who(seat int) string {
	name := t.spec.SeatName(seat)
	if seat < 0 || seat >= len(t.rec.Seats) {
		return name
	}
	s := t.rec.Seats[seat]
	switch s.Kind {
	case SeatHuman:
		return fmt.Sprintf("%s (%s)", name, shown(s.Name))
	case SeatAI:
		if s.Engine != "" {
			return fmt.Sprintf("%s (AI %s)", name, s.Engine)
		}
		return fmt.Sprintf("%s (AI level %d)", name, s.Level)
	case SeatInvited:
		return fmt.Sprintf("%s (waiting for %s)", name, shown(s.Name))
	}
	return name + " (open)"
}

// seatArg reads a seat name such as "red".
func seatArg(spec Spec, s string) (int, error) {
	for i, n := range spec.Seats {
		if strings.EqualFold(s, n) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%w: no seat %q; seats are %s", ErrBadCommand, cut(s, 20), strings.Join(spec.Seats, ", "))
}

// canConfigure allows configuring to admins, to seated players, and to
// anyone while no person holds a seat, before play (or, for a Live kind,
// before the first action).
func (t *tx) canConfigure(sp speaker) error {
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	if t.rec.Phase == PhasePlaying && !(t.spec.Live && t.rec.Plies == 0) {
		return fmt.Errorf("%w: the game has begun; setup commands work before start", ErrBadCommand)
	}
	return t.guard(sp, "set up this game")
}

// guard lets admins, seated players, and anyone while no person holds a
// seat, do what.
func (t *tx) guard(sp speaker, what string) error {
	if sp.admin || !t.rec.HasHuman() || sp.seated() || t.idle() {
		return nil
	}
	return fmt.Errorf("%w: only the players (%s) can %s", ErrNotSeated, t.seatList(), what)
}

// idle reports whether nobody has acted at the table for the idle time:
// then anyone may abandon the game or take a silent player's seat.
func (t *tx) idle() bool {
	return t.b.cfg.IdleAfter > 0 && !t.empty() && t.rec.Phase != PhaseOver &&
		!t.rec.Updated.IsZero() && t.b.clock.Now().Sub(t.rec.Updated) >= t.b.cfg.IdleAfter
}

// level reads an AI level, "" giving the default.
func (e *env) level(s string) (int, error) {
	if s == "" {
		return e.cfg.DefaultLevel, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > e.cfg.MaxLevel {
		return 0, fmt.Errorf("%w: AI level must be a number from 1 to %d", ErrBadCommand, e.cfg.MaxLevel)
	}
	return n, nil
}

// switchKind opens a game of another kind at the table and runs the
// command that opens it (start, new, host) there.
func (t *tx) switchKind(hc *HostCommand, c *Call) error {
	if !t.empty() && t.rec.Phase == PhaseSetup {
		if err := t.guard(c.sp, "replace this game"); err != nil {
			return err
		}
	}
	old := t.rec
	if err := t.reset(old, c.Kind, c.Message); err != nil {
		return err
	}
	t.rec.Seats = freshSeats(len(t.spec.Seats))
	c.sp.seats = nil // seated as at a fresh table: the old game's seats are gone
	return hc.AtTable(t, c)
}

// cmdStart answers start: it opens a game against the AI, a named user or
// anyone (with a clock and a setting of the game), or begins one in setup.
func cmdStart(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if t.spec.Live && t.rec.Phase == PhasePlaying && t.rec.Plies == 0 && len(args) == 0 {
		return nil // live from the first command
	}
	args, settings, err := startSettings(t.spec, args)
	if err != nil {
		return err
	}
	args, open, err := t.b.opening(aiLevels(args))
	if err != nil {
		return err
	}
	if len(args) > 1 {
		return fmt.Errorf("%w: start takes one opponent: ai, ai:LEVEL or @user (and a clock, like 10m+5s)", ErrBadCommand)
	}
	switch t.rec.Phase {
	case PhasePlaying:
		return fmt.Errorf("%w: a game is running here (%s); new abandons it", ErrBadCommand, t.st.Summary(t.viewer(sp)))
	case PhaseOver:
		if err := t.reset(t.rec, strings.ToLower(t.spec.Name), sp.Message); err != nil {
			return err
		}
		t.rec.Seats = freshSeats(len(t.rec.Seats))
		sp.seats = nil
	case PhaseSetup:
		if err := t.guard(sp, "start this game"); err != nil {
			return err
		}
	}
	open(t)
	for _, c := range settings {
		text, err := t.st.Configure(c)
		if err != nil {
			return err
		}
		if text != "" {
			t.chat(text)
		}
	}
	t.expireInvites()
	me := sp.seat(nil)
	if me < 0 {
		me = t.rec.FirstOpen()
		switch {
		case me >= 0:
			t.rec.Seats[me] = humanSeat(sp.Message)
		case len(args) == 0 && t.rec.Filled():
			// Every seat has a player (the AI on each, say): begin.
			t.changed, t.rec.Waiting = true, true
			return t.begin()
		default:
			return fmt.Errorf("%w: every seat is taken (%s)", ErrBadCommand, t.seatList())
		}
	}
	if len(args) == 0 && t.b.cfg.StartAgainstAI {
		// The users' guide's console: start plays the opponent, the AI.
		for i, s := range t.rec.Seats {
			if s.Kind == SeatOpen {
				t.rec.Seats[i] = Seat{Kind: SeatAI, Level: t.b.cfg.DefaultLevel}
			}
		}
	}
	if len(args) == 1 {
		other := -1
		for i, s := range t.rec.Seats {
			if i != me && s.Kind != SeatHuman {
				other = i
				break
			}
		}
		if other < 0 {
			return fmt.Errorf("%w: every seat already has a player (%s); say start alone", ErrBadCommand, t.seatList())
		}
		opp, err := t.opponent(sp.Message, args[0])
		if err != nil {
			return err
		}
		if opp.Kind == SeatHuman && opp.UserID == sp.UserID {
			opp = Seat{Kind: SeatOpen}
		}
		t.rec.Seats[other] = opp
	}
	t.changed = true
	t.rec.Waiting = true
	if t.rec.Filled() {
		return t.begin()
	}
	name := strings.ToLower(t.spec.Name)
	for i, s := range t.rec.Seats {
		switch s.Kind {
		case SeatInvited:
			t.replies = append(t.replies, Reply{
				Text: fmt.Sprintf("%s, %s you to %s%s as %s: say %s%s join within %s.", shown(s.Name), subject(sp.Name, "challenges"),
					t.spec.Title, t.b.aside(t, NoteOpened), t.spec.SeatName(i), t.b.cfg.Prefix, name, t.b.cfg.ChallengeTTL),
				Mention: s.UserID, To: t.table,
			})
		case SeatOpen:
			t.chat(fmt.Sprintf("%s opened a game of %s%s. %s is open: say %s%s join to play, or %s%s start ai for the bot.",
				shown(sp.Name), t.spec.Title, t.b.aside(t, NoteOpened), t.spec.SeatName(i), t.b.cfg.Prefix, name, t.b.cfg.Prefix, name))
		}
	}
	return nil
}

// aiLevels reads "ai N" among start's words as ai:N, so the level is
// not taken for another word of start.
func aiLevels(args []string) (rest []string) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		if strings.EqualFold(w, "ai") && i+1 < len(args) && isDigits(args[i+1]) {
			rest = append(rest, "ai:"+args[i+1])
			i++
			continue
		}
		rest = append(rest, w)
	}
	return rest
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != "" && len(s) <= 3
}

// startSettings takes from start's words those that are a choice of one of
// the kind's configure commands ("!abalone start ai german": the layout),
// as that command; the rest name the opponent.
func startSettings(spec Spec, args []string) (rest []string, settings []Command, err error) {
	for _, w := range args {
		found := false
		for _, c := range spec.Commands {
			if c.Use != Configure || len(c.Args) != 1 || c.Args[0].Type != ArgChoice {
				continue
			}
			if slices.ContainsFunc(c.Args[0].Choices, func(ch string) bool { return strings.EqualFold(ch, w) }) {
				settings = append(settings, Command{Verb: strings.ToLower(c.Name), Args: []string{strings.ToLower(w)}})
				found = true
				break
			}
		}
		if !found {
			rest = append(rest, w)
		}
	}
	return rest, settings, nil
}

func freshSeats(n int) []Seat {
	s := make([]Seat, n)
	for i := range s {
		s[i] = Seat{Kind: SeatOpen}
	}
	return s
}

// opponent reads start's argument: ai, ai:LEVEL, ai:NAME, @user or user.
func (t *tx) opponent(m Message, arg string) (Seat, error) {
	if seat, ok, err := t.b.aiSeatOf(t.spec, arg); ok {
		return seat, err
	}
	name := strings.TrimPrefix(arg, "@")
	if name == "" || len(name) > 64 || !printable(name) {
		return Seat{}, fmt.Errorf("%w: start takes ai, ai:LEVEL or @user", ErrBadCommand)
	}
	invite := Seat{Kind: SeatInvited, Name: name, Expires: t.b.clock.Now().Add(t.b.cfg.ChallengeTTL).UTC()}
	for _, u := range m.Mentions {
		if u.ID != "" {
			invite.UserID, invite.Name = u.ID, u.Name
			break
		}
	}
	if invite.UserID == m.UserID || (invite.UserID == "" && strings.EqualFold(name, m.Name)) {
		return Seat{Kind: SeatHuman, UserID: m.UserID}, nil
	}
	return invite, nil
}

// aiSeatOf reads ai, ai:LEVEL or ai:NAME (a program of spec's): ok is
// false when w names no AI at all.
func (e *env) aiSeatOf(spec Spec, w string) (seat Seat, ok bool, err error) {
	lower := strings.ToLower(w)
	if lower != "ai" && !strings.HasPrefix(lower, "ai:") {
		return Seat{}, false, nil
	}
	what := strings.TrimPrefix(lower[2:], ":")
	for _, engine := range spec.Engines {
		if what != "" && strings.EqualFold(what, engine) {
			return Seat{Kind: SeatAI, Level: e.cfg.DefaultLevel, Engine: engine}, true, nil
		}
	}
	if strings.Trim(what, "-+0123456789") != "" {
		// A name, not a level: a program this kind has not configured.
		if len(spec.Engines) == 0 {
			return Seat{}, true, fmt.Errorf("%w: no AI program named %q is configured for %s (none is); say ai or ai:LEVEL, a level from 1 to %d",
				ErrBadCommand, cut(what, 20), spec.Title, e.cfg.MaxLevel)
		}
		return Seat{}, true, fmt.Errorf("%w: no AI program named %q is configured for %s; the configured ones are %s (or ai:LEVEL, a level from 1 to %d)",
			ErrBadCommand, cut(what, 20), spec.Title, strings.Join(spec.Engines, ", "), e.cfg.MaxLevel)
	}
	lvl, err := e.level(what)
	if err != nil {
		if len(spec.Engines) > 0 {
			return Seat{}, true, fmt.Errorf("%w; or an AI program: %s", err, strings.Join(spec.Engines, ", "))
		}
		return Seat{}, true, err
	}
	return Seat{Kind: SeatAI, Level: lvl}, true, nil
}

// printable reports whether s has no control characters.
func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return false
		}
	}
	return true
}

// expireInvites opens the seats of challenges nobody answered in time.
func (t *tx) expireInvites() {
	now := t.b.clock.Now()
	for i, s := range t.rec.Seats {
		if s.Kind == SeatInvited && now.After(s.Expires) {
			t.rec.Seats[i] = Seat{Kind: SeatOpen}
			t.changed = true
			t.chat(fmt.Sprintf("The challenge to %s expired; %s is open.", shown(s.Name), t.spec.SeatName(i)))
		}
	}
}

// begin starts play with the seats as they are.
func (t *tx) begin() error {
	t.begun = true // saved only if it succeeds
	if err := t.st.Begin(); err != nil {
		return err
	}
	t.rec.Phase, t.rec.Waiting, t.rec.Plies, t.changed = PhasePlaying, false, 0, true
	t.rec.Moves, t.rec.Movers, t.rec.Began = nil, 0, time.Time{}
	t.b.began(t)
	if t.b.archive() != nil {
		t.rec.Began = t.b.clock.Now().UTC()
	}
	if err := t.assignID(); err != nil {
		return err
	}
	var names []string
	for i := range t.rec.Seats {
		names = append(names, t.who(i))
	}
	on := strings.TrimSpace(fmt.Sprintf("Game on: %s. %s", strings.Join(names, " vs "), t.owed()))
	if t.rec.ID != "" {
		on += " (" + t.b.gameRef(t.rec.ID) + ")" // as its end says it
	}
	on += t.b.sentence(t, NoteBegan)
	t.chat(on)
	t.showBoards(nil)
	t.checkOver()
	return nil
}

// owed says who is to act: "Red (alice) to move." or "Waiting for ...".
func (t *tx) owed() string {
	pending := t.st.Pending()
	switch len(pending) {
	case 0:
		return ""
	case 1:
		return t.who(pending[0]) + " to move."
	}
	var names []string
	for _, s := range pending {
		names = append(names, t.who(s))
	}
	return "Waiting for " + strings.Join(names, " and ") + "."
}

// cmdNew answers new (clear): a fresh game in setup replaces the table's.
func cmdNew(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if err := t.notAtWindow(sp); err != nil {
		return err
	}
	if len(args) > 0 {
		return fmt.Errorf("%w: new takes no arguments; say %sKIND new for another game", ErrBadCommand, t.b.cfg.Prefix)
	}
	if !t.empty() && t.rec.Phase != PhaseOver && !t.spec.Live {
		if err := t.guard(sp, "abandon this game"); err != nil {
			return err
		}
	}
	running := t.rec.Phase == PhasePlaying && !t.empty()
	if running && !t.spec.Live && sp.seated() && t.againstAPerson(sp) {
		// Leaving a game against a person is resigning it: the record
		// keeps the result, and the next new opens a fresh game.
		t.resignSeat(sp.seat(t.st.Pending()),
			fmt.Sprintf(" (%s left the game; say %snew again for a fresh one.)", shown(sp.Name), t.b.cfg.Prefix))
		return nil
	}
	wasIdle := t.idle() && !sp.seated() && !sp.admin
	old := *t.rec
	t.dropped = running // the subscribers and the running index hear of it
	if running && old.ID != "" && old.Movers != 0 {
		// The game left behind is archived as abandoned (unrated) once
		// the fresh one is saved, as a finished game it replaced is.
		gone := old
		gone.Phase, gone.Ending, gone.Winner, gone.Result = PhaseOver, EndAbandoned, nil, "Game abandoned."
		gone.Updated = t.b.clock.Now().UTC()
		t.over = &gone
	}
	if err := t.reset(&old, strings.ToLower(t.spec.Name), sp.Message); err != nil {
		return err
	}
	if t.spec.Live {
		return nil
	}
	if sp.seated() || sp.admin || ownsAuto(old.Seats, sp.UserID) {
		t.rec.Seats = old.Seats // a rematch keeps the players
		for i, s := range t.rec.Seats {
			switch {
			case s.Kind == SeatInvited:
				t.rec.Seats[i] = Seat{Kind: SeatOpen}
			case s.Kind == SeatAI && s.UserID != "":
				// auto handed this seat to the AI; clear gives it back
				// (the users' guide's auto and clear).
				t.rec.Seats[i] = Seat{Kind: SeatHuman, UserID: s.UserID, Name: s.Name}
			}
			t.rec.Seats[i].Was, t.rec.Seats[i].Acted = "", false // a fresh game has no secrets yet
		}
		if len(t.rec.Seats) != len(t.spec.Seats) {
			t.rec.Seats = freshSeats(len(t.spec.Seats))
			t.rec.Seats[0] = humanSeat(sp.Message)
		}
	} else {
		t.rec.Seats[0] = humanSeat(sp.Message)
	}
	msg := "New game of " + t.spec.Title + " in setup."
	switch {
	case wasIdle:
		msg = fmt.Sprintf("Game abandoned: nobody acted for %s. %s", t.b.cfg.IdleAfter, msg)
	case running:
		msg = "Game abandoned. " + msg
	}
	t.chat(fmt.Sprintf("%s %s. Say start to begin.", msg, t.seatList()))
	return nil
}

// ownsAuto reports whether user handed a seat to the AI with auto.
func ownsAuto(seats []Seat, user string) bool {
	return slices.ContainsFunc(seats, func(s Seat) bool { return s.Kind == SeatAI && s.UserID == user && user != "" })
}

func (t *tx) seatList() string {
	var parts []string
	for i := range t.rec.Seats {
		parts = append(parts, t.who(i))
	}
	return strings.Join(parts, ", ")
}

// cmdJoin answers join: the speaker takes the open seat, or the one they
// were challenged to.
func cmdJoin(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) > 0 {
		return fmt.Errorf("%w: join takes no arguments here", ErrBadCommand)
	}
	switch {
	case t.rec.Phase == PhasePlaying && t.idle() && !sp.seated():
		for _, seat := range t.st.Pending() {
			if seat < 0 || seat >= len(t.rec.Seats) {
				continue
			}
			if s := t.rec.Seats[seat]; s.Kind == SeatHuman {
				if t.spec.Hidden && s.Acted {
					// The seat's secrets would go with it: refused; the
					// idle game may be abandoned instead.
					return fmt.Errorf("%w: %s holds hidden pieces that only %s may see, so it cannot change hands; say %snew to abandon the idle game",
						ErrNotSeated, t.spec.SeatName(seat), shown(s.Name), t.b.cfg.Prefix)
				}
				t.rec.Seats[seat] = s.HandedTo(humanSeat(sp.Message))
				t.changed = true
				t.chat(fmt.Sprintf("%s from %s, who has not acted for %s. %s", subject(sp.Name, "takes "+t.spec.SeatName(seat)), shown(s.Name), t.b.cfg.IdleAfter, t.owed()))
				return nil
			}
		}
		return fmt.Errorf("%w: the game has begun (%s)", ErrBadCommand, t.seatList())
	case t.rec.Phase == PhasePlaying:
		return fmt.Errorf("%w: the game has begun (%s)", ErrBadCommand, t.seatList())
	case t.rec.Phase == PhaseOver || t.empty():
		return fmt.Errorf("%w: no open game here; say %sstart to open one", ErrBadCommand, t.b.cfg.Prefix)
	}
	if sp.seated() {
		return fmt.Errorf("%w: you already play %s", ErrBadCommand, t.spec.SeatName(sp.seats[0]))
	}
	t.expireInvites()
	seat := -1
	for i, s := range t.rec.Seats {
		if s.Kind == SeatInvited && (s.UserID == sp.UserID || s.UserID == "" && strings.EqualFold(s.Name, sp.Name)) {
			seat = i
			break
		}
	}
	if seat < 0 {
		seat = t.rec.FirstOpen()
	}
	if seat < 0 {
		return fmt.Errorf("%w: no open seat (%s)", ErrBadCommand, t.seatList())
	}
	t.rec.Seats[seat] = humanSeat(sp.Message)
	t.changed = true
	t.chat(fmt.Sprintf("%s is taken by %s.", t.spec.SeatName(seat), shown(sp.Name)))
	return t.maybeBegin()
}

// takeable reports whether the speaker may put someone else in seat:
// it is not held by another person (admins may).
func (t *tx) takeable(sp speaker, seat int) error {
	s := t.rec.Seats[seat]
	if s.Kind == SeatHuman && s.UserID != sp.UserID && !sp.admin && !t.spec.Live {
		return fmt.Errorf("%w: %s is played by %s", ErrNotSeated, t.spec.SeatName(seat), shown(s.Name))
	}
	if s.Kind == SeatInvited && s.UserID != sp.UserID && t.b.clock.Now().Before(s.Expires) && !sp.admin && !sp.seated() {
		return fmt.Errorf("%w: %s is kept for %s until the challenge expires", ErrNotSeated, t.spec.SeatName(seat), shown(s.Name))
	}
	return nil
}

// cmdColor answers color: the speaker takes that seat before the game
// begins.
func cmdColor(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) != 1 {
		return fmt.Errorf("%w: say color %s", ErrBadCommand, strings.Join(t.spec.Seats, "|"))
	}
	if t.rec.Phase != PhaseSetup {
		return fmt.Errorf("%w: seats are chosen before the game begins", ErrBadCommand)
	}
	seat, err := seatArg(t.spec, args[0])
	if err != nil {
		return err
	}
	if t.rec.Seats[seat].Holds(sp.UserID) {
		t.chat(fmt.Sprintf("%s is already played by %s.", t.spec.SeatName(seat), shown(sp.Name)))
		return nil
	}
	if err := t.takeable(sp, seat); err != nil {
		return err
	}
	if err := t.hiddenSeat(sp, seat); err != nil {
		return err
	}
	if err := t.guard(sp, "change the seats"); err != nil {
		return err
	}
	displaced := t.rec.Seats[seat]
	t.rec.Seats[seat] = displaced.HandedTo(humanSeat(sp.Message))
	if sp.seated() {
		mine := t.rec.Seats[sp.seats[0]]
		t.rec.Seats[sp.seats[0]] = mine.HandedTo(displaced) // swap, as the manual's color does
	}
	t.changed = true
	t.chat(fmt.Sprintf("%s is now played by %s. %s", t.spec.SeatName(seat), shown(sp.Name), t.seatList()))
	return t.maybeBegin()
}

func (t *tx) maybeBegin() error {
	if t.rec.Phase == PhaseSetup && t.rec.Waiting && t.rec.Filled() {
		return t.begin()
	}
	return nil
}

// cmdAuto answers auto: the AI plays that seat (bare: the speaker's).
func cmdAuto(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	seat, lvlArg := -1, ""
	for _, a := range args {
		if s, err := seatArg(t.spec, a); err == nil && seat < 0 {
			seat = s
			continue
		}
		if lvlArg != "" {
			return fmt.Errorf("%w: say auto [%s] [LEVEL]", ErrBadCommand, strings.Join(t.spec.Seats, "|"))
		}
		lvlArg = a
	}
	lvl, err := t.b.level(lvlArg)
	if err != nil {
		return err
	}
	if seat < 0 {
		if seat = sp.seat(t.st.Pending()); seat < 0 {
			return fmt.Errorf("%w: you hold no seat; say auto %s", ErrBadCommand, strings.Join(t.spec.Seats, "|"))
		}
	}
	if err := t.takeable(sp, seat); err != nil {
		return err
	}
	if !t.spec.Live {
		if err := t.guard(sp, "hand a seat to the AI"); err != nil {
			return err
		}
	}
	owner := t.rec.Seats[seat]
	t.rec.Seats[seat] = owner.HandedTo(Seat{Kind: SeatAI, Level: lvl})
	if owner.Kind == SeatHuman {
		t.rec.Seats[seat].UserID, t.rec.Seats[seat].Name = owner.UserID, owner.Name // clear gives it back
	}
	t.changed = true
	t.chat(fmt.Sprintf("%s is played by the AI (level %d).", t.spec.SeatName(seat), lvl))
	return t.maybeBegin()
}

// cmdManual answers manual: the speaker plays that seat by hand.
func cmdManual(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) != 1 {
		return fmt.Errorf("%w: say manual %s", ErrBadCommand, strings.Join(t.spec.Seats, "|"))
	}
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	seat, err := seatArg(t.spec, args[0])
	if err != nil {
		return err
	}
	if err := t.takeable(sp, seat); err != nil {
		return err
	}
	if err := t.hiddenSeat(sp, seat); err != nil {
		return err
	}
	if !t.spec.Live && t.rec.Seats[seat].LastHolder() != sp.UserID { // taking one's own seat back needs no leave
		if err := t.guard(sp, "change the seats"); err != nil {
			return err
		}
	}
	t.rec.Seats[seat] = t.rec.Seats[seat].HandedTo(humanSeat(sp.Message))
	t.changed = true
	t.chat(fmt.Sprintf("%s is played by %s, by hand.", t.spec.SeatName(seat), shown(sp.Name)))
	return t.maybeBegin()
}

// cmdSeed answers seed: it seeds the AI's random choices.
func cmdSeed(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) != 1 {
		return fmt.Errorf("%w: say seed N", ErrBadCommand)
	}
	n, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil {
		return fmt.Errorf("%w: seed must be a whole number", ErrBadCommand)
	}
	if !t.spec.Live {
		if err := t.canConfigure(sp); err != nil {
			return err
		}
	}
	t.rec.Seed, t.changed = n, true
	t.chat(fmt.Sprintf("AI seed set to %d.", n))
	return nil
}

// cmdVerbose answers verbose and quiet: the board after every move, or
// not.
func cmdVerbose(t *tx, c *Call) error {
	sp, cmd := c.sp, Command{Verb: c.Verb, Args: c.Args}
	if err := noArgs(cmd); err != nil {
		return err
	}
	if err := t.guard(sp, "change how this game is shown"); err != nil {
		return err
	}
	t.rec.Verbose = cmd.Verb == "verbose"
	t.changed = true
	if t.rec.Verbose {
		t.chat("Verbose: the board follows every move.")
	} else {
		t.chat("Quiet: no board after moves.")
	}
	return nil
}

// playerSeat is the seat of the speaker, who says verb (which takes no
// arguments) about the running game: what names what only a player can do.
func (t *tx) playerSeat(sp speaker, verb, what string, args []string) (int, error) {
	if len(args) > 0 {
		return -1, fmt.Errorf("%w: %s takes no arguments", ErrBadCommand, verb)
	}
	if t.rec.Phase != PhasePlaying {
		return -1, fmt.Errorf("%w: no game is running", ErrBadCommand)
	}
	seat := sp.seat(t.st.Pending())
	if seat < 0 {
		return -1, fmt.Errorf("%w: only a player can %s (%s)", ErrNotSeated, what, t.seatList())
	}
	return seat, nil
}

// cmdResign answers resign: the speaker's seat gives up the game.
func cmdResign(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	seat, err := t.playerSeat(sp, "resign", "resign", args)
	if err != nil {
		return err
	}
	t.resignSeat(seat, "")
	return nil
}

// resignSeat ends the game as seat's resignation, the next seat winning;
// note follows the announcement.
func (t *tx) resignSeat(seat int, note string) {
	winner := (seat + 1) % len(t.rec.Seats)
	t.end(Result{Over: true, Winner: winner, Ending: EndResigned},
		fmt.Sprintf("%s resigns. %s wins.%s", t.spec.SeatName(seat), t.spec.SeatName(winner), note))
}

// end closes the game with res, announced as text.
func (t *tx) end(res Result, text string) {
	// An aborted game has no result: neither archived nor rated.
	t.rec.Phase, t.changed, t.ended = PhaseOver, true, res.Ending != EndAborted
	if t.rec.ID != "" {
		text += " (" + t.b.gameRef(t.rec.ID) + ")"
	}
	t.rec.Result, t.rec.Ending, t.rec.Winner = text, res.Ending, nil
	if e, ok := t.st.(Ender); ok && !t.st.Result().Over {
		e.End(res)
	}
	if res.Winner >= 0 {
		w := res.Winner
		t.rec.Winner = &w
	}
	t.say(Announcement{Topic: TopicOver, Text: text, Winner: res.Winner})
	if t.spec.Hidden {
		t.replies = append(t.replies, withTo(t.boardReply(Spectator), t.table))
	}
}

func withTo(r Reply, to Table) Reply {
	r.To = to
	return r
}

// cmdUndo answers undo: the speaker's last move is taken back where the
// game allows it (against a person only when both ask within the undo
// window).
func cmdUndo(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) > 0 {
		return fmt.Errorf("%w: undo takes no arguments", ErrBadCommand)
	}
	if !t.spec.Undo {
		return fmt.Errorf("%w: %s has no undo", ErrNoUndo, t.spec.Title)
	}
	if t.rec.Phase != PhasePlaying {
		return fmt.Errorf("%w: undo works during a game", ErrBadCommand)
	}
	seat := sp.seat(t.st.Pending())
	if seat < 0 {
		return fmt.Errorf("%w: only a player can ask to undo", ErrNotSeated)
	}
	if t.rec.Plies == 0 {
		return fmt.Errorf("%w: no move has been made yet", ErrNoUndo)
	}
	opponentHuman := false
	for i, s := range t.rec.Seats {
		if i != seat && s.Kind == SeatHuman && s.UserID != sp.UserID {
			opponentHuman = true
		}
	}
	now := t.b.clock.Now()
	requester := seat
	if opponentHuman {
		pending := t.rec.UndoBy >= 0 && t.rec.UndoBy != seat && now.Sub(t.rec.UndoAt) <= t.b.cfg.UndoWindow
		if !pending {
			if err := canUndo(t, seat); err != nil {
				return err
			}
			t.rec.UndoBy, t.rec.UndoAt, t.changed = seat, now.UTC(), true
			var others []string
			for i, s := range t.rec.Seats {
				if i != seat && s.Kind == SeatHuman {
					others = append(others, t.who(i))
				}
			}
			t.chat(fmt.Sprintf("%s asks to take back a move. %s: say %sundo within %s to agree.",
				t.who(seat), strings.Join(others, ", "), t.b.cfg.Prefix, t.b.cfg.UndoWindow))
			return nil
		}
		requester = t.rec.UndoBy
	}
	if t.rec.HoldsAll(sp.UserID) {
		requester = -1 // one player on every side: just the last move
	}
	n, err := t.st.Undo(requester)
	if err != nil {
		return err
	}
	t.rec.Plies = max(0, t.rec.Plies-n)
	t.rec.Moves = t.rec.Moves[:max(0, len(t.rec.Moves)-n)]
	t.rec.UndoBy, t.rec.UndoAt, t.changed = -1, now.UTC(), true
	t.chat(fmt.Sprintf("Took back %s. %s", plural(n, "move"), t.owed()))
	t.showBoards(nil)
	return nil
}

// canUndo asks a copy of the game whether seat's last turn can be taken
// back, before anyone is asked to agree.
func canUndo(t *tx, seat int) error {
	data, err := t.st.Encode()
	if err != nil {
		return err
	}
	probe, err := t.kind.Decode(data)
	if err != nil {
		return err
	}
	if t.rec.HoldsAll(t.rec.Seats[seat].UserID) {
		seat = -1
	}
	_, err = probe.Undo(seat)
	return err
}

// move plays an Act command for the speaker's seat that owes one.
func (t *tx) move(sp speaker, cmd Command) error {
	switch t.rec.Phase {
	case PhaseOver:
		return fmt.Errorf("%w: the game is over (%s); say %sstart for another", ErrBadCommand, t.rec.Result, t.b.cfg.Prefix)
	case PhaseSetup:
		// A setup move: the position before play, made by whoever may
		// set the game up, for the side the rules say is to move.
		if t.rec.Waiting {
			return fmt.Errorf("%w: the game has not begun: waiting for %s", ErrBadCommand, t.seatList())
		}
		if err := t.canConfigure(sp); err != nil {
			return err
		}
		pending := t.st.Pending()
		if len(pending) != 1 {
			return fmt.Errorf("%w: the game has not begun (%s); say %sstart", ErrBadCommand, t.seatList(), t.b.cfg.Prefix)
		}
		if _, err := t.st.Act(pending[0], cmd); err != nil {
			return err
		}
		t.changed = true
		t.chat(fmt.Sprintf("Setup move. %s to move; start begins the game.", t.spec.SeatName(t.st.Pending()[0])))
		return nil
	}
	pending := t.st.Pending()
	seat := sp.seat(pending)
	switch {
	case seat < 0:
		return fmt.Errorf("%w: %s", ErrNotSeated, t.seatList())
	case !slices.Contains(pending, seat):
		return fmt.Errorf("%w: %s", ErrNotYourTurn, t.owed())
	}
	return t.act(cmd, seat)
}

// act plays cmd for seat (a person's or the AI's), announces it and ends
// the game if it is over.
func (t *tx) act(cmd Command, seat int) error {
	if t.b.judged(t) {
		// A referee ended the game while the action was chosen (the
		// AI's search): the ending, not the action.
		return nil
	}
	before := t.privateBoards()
	p, err := t.st.Act(seat, cmd)
	if err != nil {
		return err
	}
	t.changed = true
	t.b.acted(t, seat)
	t.rec.UndoBy = -1
	if t.rec.DrawBy != 0 && t.rec.DrawBy-1 != seat {
		t.rec.DrawBy, t.rec.DrawAt = 0, time.Time{} // a move declines the offer
	}
	t.rec.Plies++
	t.moved = append(t.moved, move{seat: seat, ai: t.rec.Seats[seat].Kind == SeatAI})
	if p.Notation != "" { // a move, not a setup's ready
		if t.b.archive() != nil {
			t.rec.Moves = append(t.rec.Moves, p.Notation)
		}
		if seat >= 0 && seat < 64 {
			t.rec.Movers |= 1 << uint(seat) // abort and the ratings read it
		}
	}
	if t.spec.Hidden {
		t.rec.Seats[seat].Acted = true // the seat has secrets from here on
	}
	s := t.rec.Seats[seat]
	ai := s.Kind == SeatAI
	over := t.st.Result().Over
	if p.Notation != "" {
		text := fmt.Sprintf("%s plays %s.", t.who(seat), p.Notation)
		if p.Pass {
			text = t.who(seat) + " passes."
		}
		if p.Public != "" {
			text += " " + p.Public
		}
		if !over {
			text += " " + t.owed() + t.b.sentence(t, NoteMoved)
		}
		t.say(Announcement{Topic: TopicPlayed, Text: strings.TrimSpace(text), Seat: seat, AI: ai, Notation: p.Notation})
	} else if p.Public != "" {
		t.chat(p.Public)
	}
	if p.Private != "" && s.Kind == SeatHuman {
		t.tellSeat(seat, Reply{Text: p.Private})
	}
	t.showBoards(before)
	t.checkOver()
	return nil
}

// privateBoards is what each person sees of a hidden kind's board, to send
// after an action only the views it changed.
func (t *tx) privateBoards() map[int]string {
	if !t.spec.Hidden {
		return nil
	}
	out := map[int]string{}
	for i, s := range t.rec.Seats {
		if s.Kind == SeatHuman {
			out[i] = t.st.Board(i).Text
		}
	}
	return out
}

// showBoards shows the board after an action: for a hidden kind, the
// spectator's view to the channel (when verbose) and each person's own
// view privately, when it differs from before (nil: always); otherwise
// the board to the channel when the table is verbose.
func (t *tx) showBoards(before map[int]string) {
	if !t.spec.Hidden {
		if t.rec.Verbose {
			t.replies = append(t.replies, withTo(t.boardReply(Spectator), t.table))
		}
		return
	}
	if t.st.Result().Over {
		return // the end shows the whole board to everyone
	}
	if t.rec.Verbose {
		t.replies = append(t.replies, withTo(t.boardReply(Spectator), t.table))
	}
	for i, s := range t.rec.Seats {
		if s.Kind != SeatHuman {
			continue
		}
		board := t.st.Board(i)
		if old, ok := before[i]; ok && old == board.Text {
			continue
		}
		t.b.attachPicture(&board, t.spec.Name, t.st, i, t.pictureCaption())
		t.tellSeat(i, t.b.withNotes(t, board))
	}
}

// checkOver ends the game if the rules say it is over.
func (t *tx) checkOver() {
	res := t.st.Result()
	if !res.Over || t.rec.Phase == PhaseOver {
		return
	}
	text := "Draw."
	if res.Winner >= 0 {
		text = t.spec.SeatName(res.Winner) + " wins."
	}
	if res.Ending != "" {
		text += " (" + string(res.Ending) + ")"
	}
	if res.Score != "" {
		text += " " + res.Score
	}
	t.end(res, text)
}

func (t *tx) status(sp speaker) string {
	v := t.viewer(sp)
	switch {
	case t.empty():
		return fmt.Sprintf("No game here. Say %sstart to open one (%sgames lists them).", t.b.cfg.Prefix, t.b.cfg.Prefix)
	case t.rec.Phase == PhaseOver:
		over := strings.TrimPrefix(OverText(t.spec.Seats, t.rec.Outcome()), "Game over: ")
		text := fmt.Sprintf("%s: game over: %s %s.", t.spec.Title, over, t.seatList())
		if score := t.st.Result().Score; score != "" {
			text += " " + score
		}
		if t.rec.ID != "" {
			text += " (" + t.b.gameRef(t.rec.ID) + ")"
		}
		text += t.b.sentence(t, NoteStatus)
		return text
	case t.rec.Phase == PhaseSetup && t.rec.Waiting:
		return fmt.Sprintf("%s: waiting for players: %s.", t.spec.Title, t.seatList())
	case t.rec.Phase == PhaseSetup:
		return fmt.Sprintf("%s in setup: %s. %s", t.spec.Title, t.seatList(), t.st.Summary(v))
	}
	text := fmt.Sprintf("%s: %s. %s %s", t.spec.Title, t.seatList(), t.st.Summary(v), t.owed())
	if t.rec.DrawBy > 0 && t.rec.DrawBy <= len(t.rec.Seats) && t.b.clock.Now().Sub(t.rec.DrawAt) <= t.b.cfg.DrawWindow {
		text += fmt.Sprintf(" %s offers a draw.", t.spec.SeatName(t.rec.DrawBy-1))
	}
	text += t.b.sentence(t, NoteStatus)
	return text
}

// coreCommands are the core's own commands, which every table has: each
// runs as a feature's does, a handler of the table's transaction.
func (b *Bot) coreCommands() []HostCommand {
	seat := Arg{Name: "seat", Desc: "a seat name", Required: true}
	return []HostCommand{
		{CommandSpec: CommandSpec{Name: "start", Use: Configure, Usage: "start [ai[:LEVEL|:NAME] | @user] [CLOCK] [SETTING]", Summary: "open a game against the AI, a named user, or anyone (and a setting of the game, like a layout); CLOCK is 10m+5s (Fischer), 5m, 1d (a day a move) or none; in setup, begin",
			Args: []Arg{{Name: "opponent", Desc: "ai, ai:LEVEL, ai:NAME or @user"}}},
			AtTable: cmdStart, Opens: true, Replaces: true},
		{CommandSpec: CommandSpec{Name: "join", Use: Configure, Usage: "join [ID[@WHERE]]", Summary: "take the open seat (or the one you were challenged to); join ID plays a game hosted anywhere",
			Args: []Arg{{Name: "id", Desc: "the id of a hosted game"}}},
			AtTable: cmdJoin},
		{CommandSpec: CommandSpec{Name: "host", Use: Configure, Usage: "host ID", Summary: "open this game under ID, for a player in another channel or network to join",
			Args: []Arg{{Name: "id", Desc: "letters, digits, -, _ or .", Required: true}}},
			AtTable: cmdHost, Opens: true},
		{CommandSpec: CommandSpec{Name: "new", Aliases: []string{"clear"}, Use: Configure, Summary: "open a fresh game in setup (players or admins); in a running game against a person, resign first"},
			AtTable: cmdNew, Opens: true, Replaces: true},
		{CommandSpec: CommandSpec{Name: "color", Aliases: []string{"colour"}, Use: Configure, Summary: "take that seat before the game begins", Args: []Arg{seat}},
			AtTable: cmdColor},
		{CommandSpec: CommandSpec{Name: "auto", Use: Configure, Usage: "auto [SEAT] [LEVEL]", Summary: "the AI plays that seat (bare: your own)",
			Args: []Arg{{Name: "seat", Desc: "a seat name"}, {Name: "level", Desc: "AI level", Type: ArgNumber, Min: 1, Max: b.cfg.MaxLevel}}},
			AtTable: cmdAuto},
		{CommandSpec: CommandSpec{Name: "manual", Use: Configure, Summary: "play that seat by hand yourself", Args: []Arg{seat}},
			AtTable: cmdManual},
		{CommandSpec: CommandSpec{Name: "seed", Use: Configure, Summary: "seed the AI's random choices", Args: []Arg{{Name: "n", Desc: "a whole number", Type: ArgNumber, Required: true}}},
			AtTable: cmdSeed},
		{CommandSpec: CommandSpec{Name: "undo", Aliases: []string{"takeback"}, Use: Act, Summary: "take back your last move, where the game allows it (against a person only by consent: both must ask within the undo window)"},
			AtTable: cmdUndo},
		{CommandSpec: CommandSpec{Name: "resign", Use: Act, Summary: "give up the game"},
			AtTable: cmdResign},
		{CommandSpec: CommandSpec{Name: "draw", Use: Act, Summary: "offer a draw to the other player; their draw within the draw window accepts (the AI plays on)"},
			AtTable: cmdDraw},
		{CommandSpec: CommandSpec{Name: "abort", Use: Act, Summary: "end the game with no result before each side has moved (unrated)"},
			AtTable: cmdAbort},
		{CommandSpec: CommandSpec{Name: "rematch", Use: Configure, Summary: "after a game: the same game again, colours swapped, once the other player says rematch too"},
			AtTable: cmdRematch},
		{CommandSpec: CommandSpec{Name: "board", Use: Look, Usage: "board [text]", Summary: "the board as you may see it (a picture on Discord; board text: the text board)",
			Args: []Arg{{Name: "as", Desc: "text: the text board, not a picture", Choices: []string{"text"}}}},
			AtTable: cmdBoard},
		{CommandSpec: CommandSpec{Name: "status", Use: Look, Summary: "the game, the seats, the score and whose turn"},
			AtTable: func(t *Tx, c *Call) error {
				if err := noArgs(Command{Verb: c.Verb, Args: c.Args}); err != nil {
					return err
				}
				t.reply(c.sp, Reply{Text: t.status(c.sp)})
				return nil
			}},
		{CommandSpec: CommandSpec{Name: "verbose", Use: Configure, Summary: "show the board after every move"}, AtTable: cmdVerbose},
		{CommandSpec: CommandSpec{Name: "quiet", Use: Configure, Summary: "stop showing the board after every move"}, AtTable: cmdVerbose},
		{CommandSpec: CommandSpec{Name: "games", Use: Look, Summary: "the games this bot hosts"},
			Alone: func(context.Context, *Call) ([]Reply, error) { return []Reply{{Text: b.gamesText()}}, nil }},
		{CommandSpec: CommandSpec{Name: "help", Aliases: []string{"?"}, Use: Look, Usage: "help [TOPIC]", Summary: "an index of the commands; help TOPIC explains one", Args: []Arg{{Name: "topic", Desc: "a command name"}}},
			AtTable: cmdHelp, AnyGame: true},
	}
}

// cmdBoard answers board: the board as the speaker may see it; board text:
// the text board where a network would show a picture (Discord), for
// copying or a screen reader.
func cmdBoard(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	switch {
	case len(args) == 0:
		t.reply(sp, t.boardReply(t.viewer(sp)))
	case len(args) == 1 && strings.EqualFold(args[0], "text"):
		t.reply(sp, t.b.withNotes(t, t.st.Board(t.viewer(sp))))
	default:
		return fmt.Errorf("%w: say board, or board text for the text board", ErrBadCommand)
	}
	return nil
}

// cmdHelp answers help: the index goes to the asker privately on a
// network that limits a reply's lines (IRC: the channel is not held up by
// one person's index), elsewhere where they asked; help TOPIC is one line,
// answered where asked.
func cmdHelp(t *tx, c *Call) error {
	sp, spec, args := c.sp, t.spec, c.Args
	if c.Kind != "" {
		spec = t.b.specs[c.Kind] // help about another kind's game
	}
	r := Reply{Text: t.b.help(spec, args), Mono: true, User: sp.user()}
	if len(args) == 0 && sp.Caps.MaxLines > 0 {
		t.tell(sp.user(), r)
		return nil
	}
	t.answer(sp, r)
	return nil
}

// help is a short index of the commands of spec and of the host (three
// lines: IRC sends private lines slowly), or, with args, one command's
// usage and summary (the kind's command, else the host's verb).
func (b *Bot) help(spec Spec, args []string) string {
	host := b.HostCommands()
	names := func(cs []CommandSpec) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return strings.Join(out, ", ")
	}
	if len(args) > 0 {
		want := strings.ToLower(args[0])
		for _, h := range append(slices.Clone(spec.Commands), host...) {
			if slices.ContainsFunc(h.Names(), func(n string) bool { return strings.EqualFold(n, want) }) {
				return fmt.Sprintf("%s%s - %s", b.cfg.Prefix, h.UsageText(), h.Summary)
			}
		}
		// Another kind's command: say whose, and what this game has.
		var owners []string
		first := ""
		for _, k := range b.order {
			other := b.specs[k]
			if _, ok := other.Command(want); ok && !strings.EqualFold(other.Name, spec.Name) {
				owners = append(owners, other.Title)
				if first == "" {
					first = strings.ToLower(other.Name)
				}
			}
		}
		if len(owners) > 0 {
			here := ""
			if len(spec.Commands) > 0 {
				here = fmt.Sprintf(" %s's commands here: %s.", spec.Title, names(spec.Commands))
			}
			return fmt.Sprintf("%s is a %s command (%s%s help %s).%s Say %shelp for the list.", cut(want, 20), strings.Join(owners, " and "),
				b.cfg.Prefix, first, cut(want, 20), here, b.cfg.Prefix)
		}
		return fmt.Sprintf("No command %q. Say %shelp for the list.", cut(want, 20), b.cfg.Prefix)
	}
	var sb strings.Builder
	if len(spec.Commands) > 0 {
		fmt.Fprintf(&sb, "%s commands: %s (or %s%s COMMAND).\n", spec.Title, names(spec.Commands), b.cfg.Prefix, strings.ToLower(spec.Name))
	}
	fmt.Fprintf(&sb, "Any game: %s.\n", names(host))
	example := "start"
	if len(spec.Commands) > 0 {
		example = spec.Commands[0].Name
	}
	fmt.Fprintf(&sb, "Say %shelp TOPIC for one command, like %shelp %s.", b.cfg.Prefix, b.cfg.Prefix, example)
	return sb.String()
}

// gamesText lists the hosted kinds.
func (e *env) gamesText() string {
	var parts []string
	for _, s := range e.Kinds() {
		parts = append(parts, fmt.Sprintf("%s (%s%s start)", s.Title, e.cfg.Prefix, strings.ToLower(s.Name)))
	}
	return "Games here: " + strings.Join(parts, ", ") + "."
}

// notAtWindow refuses to abandon or replace a hosted game from a window
// on it (another table that joined it): only its own table may.
func (t *tx) notAtWindow(sp speaker) error {
	if sp.Private || t.empty() || t.rec.Phase == PhaseOver || sp.Message.Table() == t.table {
		return nil
	}
	return fmt.Errorf("%w: this channel shows the game hosted as %s at %s; new and clear work there, or say %sresign to leave it",
		ErrBadCommand, t.rec.HostID, t.table.Channel, t.b.cfg.Prefix)
}

// againstAPerson reports whether another person than the speaker holds a
// seat.
func (t *tx) againstAPerson(sp speaker) bool {
	for _, s := range t.rec.Seats {
		if s.Kind == SeatHuman && s.UserID != sp.UserID {
			return true
		}
	}
	return false
}

// hiddenSeat refuses to hand the speaker a seat of a hidden kind whose
// secrets exist (it has acted), unless they held it last: the AI's army,
// or another player's, never changes hands (admins included).
func (t *tx) hiddenSeat(sp speaker, seat int) error {
	s := t.rec.Seats[seat]
	if !t.spec.Hidden || t.rec.Phase == PhaseOver || !s.Acted || s.Holds(sp.UserID) {
		return nil
	}
	if last := s.LastHolder(); last != "" && last == sp.UserID {
		return nil
	}
	if s.LastHolder() == "" {
		return fmt.Errorf("%w: %s holds hidden pieces the AI chose; nobody else may take it over now", ErrNotSeated, t.spec.SeatName(seat))
	}
	return fmt.Errorf("%w: %s holds hidden pieces; only the player who held it may take it back", ErrNotSeated, t.spec.SeatName(seat))
}

// mayReplaceDamaged lets a fresh game replace a damaged record when the
// speaker held a seat in it, is an admin, or nobody acted for the idle
// time; a record whose seats cannot be read (or that has no person
// seated) anyone may replace.
func (t *tx) mayReplaceDamaged(sp speaker) error {
	rec := t.wreck
	if sp.admin || rec == nil || !rec.HasHuman() || len(rec.SeatsOf(sp.UserID)) > 0 {
		return nil
	}
	if t.b.cfg.IdleAfter > 0 && !rec.Updated.IsZero() && t.b.clock.Now().Sub(rec.Updated) >= t.b.cfg.IdleAfter {
		return nil
	}
	var names []string
	for _, s := range rec.Seats {
		if s.Kind == SeatHuman {
			names = append(names, shown(s.Name))
		}
	}
	return fmt.Errorf("%w: the game stored here cannot be read; only its players (%s) can replace it, or anyone after %s without a move",
		ErrDamaged, strings.Join(names, ", "), t.b.cfg.IdleAfter)
}

// forfeitProgram ends the game: the AI program playing seat failed (err
// wraps ErrProgram) and loses. The channel hears plain words; the log
// keeps the program's failure.
func (t *tx) forfeitProgram(seat int, err error) {
	t.b.log.Warn("AI program failed: its seat loses", "table", t.table.Key(), "seat", seat, "engine", t.rec.Seats[seat].Engine, "err", err)
	ending := EndProgram
	if pe, ok := errors.AsType[*ProgramError](err); ok && pe.Reason != "" {
		ending = pe.Reason
	}
	winner := -1
	text := fmt.Sprintf("%s's program failed (%s) and loses.", t.who(seat), ending)
	if n := len(t.rec.Seats); n > 1 {
		winner = (seat + 1) % n
		text += fmt.Sprintf(" %s wins.", t.spec.SeatName(winner))
	}
	t.rec.DrawBy, t.rec.DrawAt, t.rec.UndoBy = 0, time.Time{}, -1
	t.end(Result{Over: true, Winner: winner, Ending: ending}, text)
}
