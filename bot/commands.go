package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// exec runs cmd against the loaded channel t.
func (b *Bot) exec(ctx context.Context, t *tx, m Message, cmd Command, loud bool) error {
	switch cmd.Verb {
	case "start":
		return b.start(t, m, cmd.Args)
	case "new", "clear":
		return b.newGame(t, m)
	case "join":
		return b.join(t, m)
	case "color", "colour":
		return b.color(t, m, cmd.Args)
	case "auto":
		return b.auto(t, m, cmd.Args)
	case "manual":
		return b.manual(t, m, cmd.Args)
	case "seed":
		return b.seed(t, m, cmd.Args)
	case "resign":
		return b.resign(t, m)
	case "undo":
		return b.undo(t, m)
	case "verbose", "quiet":
		t.rec.Verbose = cmd.Verb == "verbose"
		t.changed = true
		switch {
		case b.cfg.CS61B:
		case t.rec.Verbose:
			t.say("Verbose: the board follows every move.")
		default:
			t.say("Quiet: no board after moves.")
		}
		return nil
	case "status":
		t.say(b.status(t))
		return nil
	case "help", "?":
		t.replies = append(t.replies, Reply{Text: b.help(cmd.Args), Mono: true})
		return nil
	}
	switch b.game.Classify(cmd) {
	case View:
		r, err := t.st.View(cmd, t.rec.seatOf(m.UserID, t.st.ToMove()))
		if err != nil {
			return fmt.Errorf("%w: %w", ErrBadCommand, err)
		}
		t.replies = append(t.replies, r)
		return nil
	case Setup:
		if err := b.canSetup(t, m); err != nil {
			return err
		}
		text, err := t.st.Setup(cmd)
		if err != nil {
			return err
		}
		t.changed = true
		if text != "" && !b.cfg.CS61B {
			t.say(text)
		}
		return nil
	case Move:
		return b.move(t, m, cmd)
	}
	if loud {
		return fmt.Errorf("%w: unknown command %q; say help for the list", ErrBadCommand, cut(cmd.Verb, 20))
	}
	return nil
}

func cut(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// who names a seat for replies: "Red (alice)", "Blue (AI level 3)".
func (b *Bot) who(r *Record, seat int) string {
	name := b.seatName(seat)
	s := r.Seats[seat]
	switch s.Kind {
	case SeatHuman:
		return fmt.Sprintf("%s (%s)", name, s.Name)
	case SeatAI:
		if s.Engine != "" {
			return fmt.Sprintf("%s (AI %s)", name, s.Engine)
		}
		return fmt.Sprintf("%s (AI level %d)", name, s.Level)
	case SeatInvited:
		return fmt.Sprintf("%s (waiting for %s)", name, s.Name)
	}
	return name + " (open)"
}

func (b *Bot) seatName(seat int) string {
	n := b.game.Seats()[seat]
	return strings.ToUpper(n[:1]) + n[1:]
}

// seatIndex reads a seat name such as "red".
func (b *Bot) seatIndex(s string) (int, error) {
	for i, n := range b.game.Seats() {
		if strings.EqualFold(s, n) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%w: no seat %q; seats are %s", ErrBadCommand, cut(s, 20), strings.Join(b.game.Seats(), ", "))
}

func (b *Bot) isAdmin(m Message) bool {
	for _, a := range b.cfg.Admins {
		if a == m.UserID || a == m.Network+":"+m.UserID {
			return true
		}
	}
	return false
}

// canSetup allows setup to admins, to seated players, and to anyone while
// no person holds a seat.
func (b *Bot) canSetup(t *tx, m Message) error {
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	if t.rec.Phase == PhasePlaying && !(b.cfg.CS61B && t.st.Plies() == 0) {
		return fmt.Errorf("%w: the game has begun; setup commands work before start", ErrBadCommand)
	}
	if b.isAdmin(m) || !t.rec.hasHuman() || t.rec.seatOf(m.UserID, -1) >= 0 {
		return nil
	}
	return fmt.Errorf("%w: only the players can set up this game", ErrNotSeated)
}

// level reads an AI level, "" giving the default.
func (b *Bot) level(s string) (int, error) {
	if s == "" {
		return b.cfg.DefaultLevel, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > b.cfg.MaxLevel {
		return 0, fmt.Errorf("%w: AI level must be a number from 1 to %d", ErrBadCommand, b.cfg.MaxLevel)
	}
	return n, nil
}

// reset replaces the channel's game with a fresh one in setup.
func (b *Bot) reset(t *tx, m Message) error {
	rec, st, err := b.fresh(t.rec, m)
	if err != nil {
		return err
	}
	t.rec, t.st, t.changed = rec, st, true
	return nil
}

func (b *Bot) start(t *tx, m Message, args []string) error {
	if b.cfg.CS61B {
		return nil // live from the first command
	}
	if len(args) > 1 {
		return fmt.Errorf("%w: start takes one opponent: ai, ai:LEVEL or @user", ErrBadCommand)
	}
	switch t.rec.Phase {
	case PhasePlaying:
		return fmt.Errorf("%w: a game is running here (%s); new abandons it", ErrBadCommand, t.st.Summary())
	case PhaseOver:
		if err := b.reset(t, m); err != nil {
			return err
		}
		t.rec.Seats = freshSeats(len(t.rec.Seats))
	}
	b.expireInvites(t)
	me := t.rec.seatOf(m.UserID, -1)
	if me < 0 {
		if me = t.rec.firstOpen(); me < 0 {
			return fmt.Errorf("%w: every seat is taken (%s)", ErrBadCommand, b.seatList(t.rec))
		}
		t.rec.Seats[me] = humanSeat(m)
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
			return fmt.Errorf("%w: both seats already have players (%s); say start alone", ErrBadCommand, b.seatList(t.rec))
		}
		opp, err := b.opponent(m, args[0])
		if err != nil {
			return err
		}
		if opp.Kind == SeatHuman && opp.UserID == m.UserID {
			opp = Seat{Kind: SeatOpen}
		}
		t.rec.Seats[other] = opp
	}
	t.changed = true
	t.rec.Waiting = true
	if t.rec.filled() {
		return b.begin(t)
	}
	for i, s := range t.rec.Seats {
		switch s.Kind {
		case SeatInvited:
			t.replies = append(t.replies, Reply{
				Text:    fmt.Sprintf("%s, %s challenges you to %s as %s: say %s%s join within %s.", s.Name, m.Name, b.game.Name(), b.seatName(i), b.cfg.Prefix, b.game.Name(), b.cfg.ChallengeTTL),
				Mention: s.UserID,
			})
		case SeatOpen:
			t.say(fmt.Sprintf("%s opened a game of %s. %s is open: say %s%s join to play, or %s%s start ai for the bot.", m.Name, b.game.Name(), b.seatName(i), b.cfg.Prefix, b.game.Name(), b.cfg.Prefix, b.game.Name()))
		}
	}
	return nil
}

func freshSeats(n int) []Seat {
	s := make([]Seat, n)
	for i := range s {
		s[i] = Seat{Kind: SeatOpen}
	}
	return s
}

// opponent reads start's argument: ai, ai:LEVEL, @user or user.
func (b *Bot) opponent(m Message, arg string) (Seat, error) {
	lower := strings.ToLower(arg)
	if lower == "ai" || strings.HasPrefix(lower, "ai:") {
		what := strings.TrimPrefix(lower[2:], ":")
		for _, e := range b.cfg.Engines {
			if what != "" && strings.EqualFold(what, e) {
				return Seat{Kind: SeatAI, Level: b.cfg.DefaultLevel, Engine: e}, nil
			}
		}
		lvl, err := b.level(what)
		if err != nil {
			if len(b.cfg.Engines) > 0 {
				return Seat{}, fmt.Errorf("%w; or an engine: %s", err, strings.Join(b.cfg.Engines, ", "))
			}
			return Seat{}, err
		}
		return Seat{Kind: SeatAI, Level: lvl}, nil
	}
	name := strings.TrimPrefix(arg, "@")
	if name == "" || len(name) > 64 {
		return Seat{}, fmt.Errorf("%w: start takes ai, ai:LEVEL or @user", ErrBadCommand)
	}
	invite := Seat{Kind: SeatInvited, Name: name, Expires: b.clock.Now().Add(b.cfg.ChallengeTTL).UTC()}
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

// expireInvites opens the seats of challenges nobody answered in time.
func (b *Bot) expireInvites(t *tx) {
	now := b.clock.Now()
	for i, s := range t.rec.Seats {
		if s.Kind == SeatInvited && now.After(s.Expires) {
			t.rec.Seats[i] = Seat{Kind: SeatOpen}
			t.changed = true
			t.say(fmt.Sprintf("The challenge to %s expired; %s is open.", s.Name, b.seatName(i)))
		}
	}
}

// begin starts play with the seats as they are.
func (b *Bot) begin(t *tx) error {
	t.st.Begin()
	t.rec.Phase, t.rec.Waiting, t.changed = PhasePlaying, false, true
	var names []string
	for i := range t.rec.Seats {
		names = append(names, b.who(t.rec, i))
	}
	t.say(fmt.Sprintf("Game on: %s. %s to move.", strings.Join(names, " vs "), b.seatName(t.st.ToMove())))
	if t.rec.Verbose {
		b.showBoard(t)
	}
	b.checkOver(t)
	return nil
}

func (b *Bot) newGame(t *tx, m Message) error {
	seated := t.rec.seatOf(m.UserID, -1) >= 0
	if t.rec.Phase == PhasePlaying && !seated && !b.isAdmin(m) && !b.cfg.CS61B {
		return fmt.Errorf("%w: only the players (%s) or an admin can abandon this game", ErrNotSeated, b.seatList(t.rec))
	}
	running := t.rec.Phase == PhasePlaying && t.version != 0
	old := *t.rec
	if err := b.reset(t, m); err != nil {
		return err
	}
	if !b.cfg.CS61B {
		if seated || b.isAdmin(m) {
			t.rec.Seats = old.Seats // a rematch keeps the players
			for i, s := range t.rec.Seats {
				if s.Kind == SeatInvited {
					t.rec.Seats[i] = Seat{Kind: SeatOpen}
				}
			}
		} else {
			t.rec.Seats[0] = humanSeat(m)
		}
		msg := "New game in setup."
		if running {
			msg = "Game abandoned. New game in setup."
		}
		t.say(fmt.Sprintf("%s %s. Set blocks or moves, then say start.", msg, b.seatList(t.rec)))
	}
	return nil
}

func (b *Bot) seatList(r *Record) string {
	var parts []string
	for i := range r.Seats {
		parts = append(parts, b.who(r, i))
	}
	return strings.Join(parts, ", ")
}

func (b *Bot) join(t *tx, m Message) error {
	switch {
	case t.rec.Phase == PhasePlaying:
		return fmt.Errorf("%w: the game has begun (%s)", ErrBadCommand, b.seatList(t.rec))
	case t.rec.Phase == PhaseOver || t.version == 0:
		return fmt.Errorf("%w: no open game here; say %s%s start to open one", ErrBadCommand, b.cfg.Prefix, b.game.Name())
	}
	if s := t.rec.seatOf(m.UserID, -1); s >= 0 {
		return fmt.Errorf("%w: you already play %s", ErrBadCommand, b.seatName(s))
	}
	b.expireInvites(t)
	seat := -1
	for i, s := range t.rec.Seats {
		if s.Kind == SeatInvited && (s.UserID == m.UserID || s.UserID == "" && strings.EqualFold(s.Name, m.Name)) {
			seat = i
			break
		}
	}
	if seat < 0 {
		seat = t.rec.firstOpen()
	}
	if seat < 0 {
		return fmt.Errorf("%w: no open seat (%s)", ErrBadCommand, b.seatList(t.rec))
	}
	t.rec.Seats[seat] = humanSeat(m)
	t.changed = true
	t.say(fmt.Sprintf("%s joins as %s.", m.Name, b.seatName(seat)))
	return b.maybeBegin(t)
}

// takeable reports whether the speaker may put someone else in seat:
// it is not held by another person (admins may).
func (b *Bot) takeable(t *tx, m Message, seat int) error {
	s := t.rec.Seats[seat]
	if s.Kind == SeatHuman && s.UserID != m.UserID && !b.isAdmin(m) && !b.cfg.CS61B {
		return fmt.Errorf("%w: %s is played by %s", ErrNotSeated, b.seatName(seat), s.Name)
	}
	challenger := t.rec.seatOf(m.UserID, -1) >= 0
	if s.Kind == SeatInvited && s.UserID != m.UserID && b.clock.Now().Before(s.Expires) && !b.isAdmin(m) && !challenger {
		return fmt.Errorf("%w: %s is kept for %s until the challenge expires", ErrNotSeated, b.seatName(seat), s.Name)
	}
	return nil
}

func (b *Bot) color(t *tx, m Message, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: say color %s", ErrBadCommand, strings.Join(b.game.Seats(), "|"))
	}
	if t.rec.Phase != PhaseSetup {
		return fmt.Errorf("%w: colors are chosen before the game begins", ErrBadCommand)
	}
	seat, err := b.seatIndex(args[0])
	if err != nil {
		return err
	}
	if t.rec.Seats[seat].holds(m.UserID) {
		t.say(fmt.Sprintf("%s plays %s.", m.Name, b.seatName(seat)))
		return nil
	}
	if err := b.takeable(t, m, seat); err != nil {
		return err
	}
	mine := t.rec.seatOf(m.UserID, -1)
	displaced := t.rec.Seats[seat]
	t.rec.Seats[seat] = humanSeat(m)
	if mine >= 0 {
		t.rec.Seats[mine] = displaced // swap, as the manual's color does
	}
	t.changed = true
	t.say(fmt.Sprintf("%s plays %s. %s", m.Name, b.seatName(seat), b.seatList(t.rec)))
	return b.maybeBegin(t)
}

func (b *Bot) maybeBegin(t *tx) error {
	if t.rec.Phase == PhaseSetup && t.rec.Waiting && t.rec.filled() {
		return b.begin(t)
	}
	return nil
}

func (b *Bot) auto(t *tx, m Message, args []string) error {
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	seat, lvlArg := -1, ""
	for _, a := range args {
		if s, err := b.seatIndex(a); err == nil && seat < 0 {
			seat = s
			continue
		}
		if lvlArg != "" {
			return fmt.Errorf("%w: say auto [%s] [LEVEL]", ErrBadCommand, strings.Join(b.game.Seats(), "|"))
		}
		lvlArg = a
	}
	lvl, err := b.level(lvlArg)
	if err != nil {
		return err
	}
	if seat < 0 {
		if seat = t.rec.seatOf(m.UserID, t.st.ToMove()); seat < 0 {
			return fmt.Errorf("%w: you hold no seat; say auto %s", ErrBadCommand, strings.Join(b.game.Seats(), "|"))
		}
	}
	if err := b.takeable(t, m, seat); err != nil {
		return err
	}
	if t.rec.Phase == PhasePlaying && t.rec.hasHuman() && t.rec.seatOf(m.UserID, -1) < 0 && !b.isAdmin(m) && !b.cfg.CS61B {
		return fmt.Errorf("%w: only the players can hand a seat to the AI", ErrNotSeated)
	}
	t.rec.Seats[seat] = Seat{Kind: SeatAI, Level: lvl}
	t.changed = true
	if !b.cfg.CS61B {
		t.say(fmt.Sprintf("The AI (level %d) plays %s.", lvl, b.seatName(seat)))
	}
	return b.maybeBegin(t)
}

func (b *Bot) manual(t *tx, m Message, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: say manual %s", ErrBadCommand, strings.Join(b.game.Seats(), "|"))
	}
	if t.rec.Phase == PhaseOver {
		return fmt.Errorf("%w: the game is over; new opens a fresh one", ErrBadCommand)
	}
	seat, err := b.seatIndex(args[0])
	if err != nil {
		return err
	}
	if err := b.takeable(t, m, seat); err != nil {
		return err
	}
	if t.rec.Phase == PhasePlaying && !b.cfg.CS61B && t.rec.seatOf(m.UserID, -1) < 0 && t.rec.hasHuman() && !b.isAdmin(m) {
		return fmt.Errorf("%w: only the players can change seats during the game", ErrNotSeated)
	}
	t.rec.Seats[seat] = humanSeat(m)
	t.changed = true
	if !b.cfg.CS61B {
		t.say(fmt.Sprintf("%s plays %s by hand.", m.Name, b.seatName(seat)))
	}
	return b.maybeBegin(t)
}

func (b *Bot) seed(t *tx, m Message, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: say seed N", ErrBadCommand)
	}
	n, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil {
		return fmt.Errorf("%w: seed must be a whole number", ErrBadCommand)
	}
	if !b.cfg.CS61B {
		if err := b.canSetup(t, m); err != nil {
			return err
		}
	}
	t.rec.Seed, t.changed = n, true
	if !b.cfg.CS61B {
		t.say(fmt.Sprintf("AI seed set to %d.", n))
	}
	return nil
}

func (b *Bot) resign(t *tx, m Message) error {
	if t.rec.Phase != PhasePlaying {
		return fmt.Errorf("%w: no game is running", ErrBadCommand)
	}
	seat := t.rec.seatOf(m.UserID, t.st.ToMove())
	if seat < 0 {
		return fmt.Errorf("%w: only a player can resign (%s)", ErrNotSeated, b.seatList(t.rec))
	}
	winner := (seat + 1) % len(t.rec.Seats)
	t.rec.Phase, t.changed = PhaseOver, true
	t.rec.Result = fmt.Sprintf("%s resigns. %s wins.", b.seatName(seat), b.seatName(winner))
	t.say(t.rec.Result)
	return nil
}

func (b *Bot) undo(t *tx, m Message) error {
	if t.rec.Phase != PhasePlaying {
		return fmt.Errorf("%w: undo works during a game", ErrBadCommand)
	}
	toMove := t.st.ToMove()
	seat := t.rec.seatOf(m.UserID, toMove)
	if seat < 0 {
		return fmt.Errorf("%w: only a player can ask to undo", ErrNotSeated)
	}
	opponentHuman := false
	for i, s := range t.rec.Seats {
		if i != seat && s.Kind == SeatHuman && s.UserID != m.UserID {
			opponentHuman = true
		}
	}
	now := b.clock.Now()
	requester := seat
	if opponentHuman && !b.cfg.CS61B {
		pending := t.rec.UndoBy >= 0 && t.rec.UndoBy != seat && now.Sub(t.rec.UndoAt) <= b.cfg.UndoWindow
		if !pending {
			t.rec.UndoBy, t.rec.UndoAt, t.changed = seat, now.UTC(), true
			other := (seat + 1) % len(t.rec.Seats)
			t.say(fmt.Sprintf("%s asks to take back a move. %s: say %sundo within %s to agree.", b.who(t.rec, seat), b.who(t.rec, other), b.cfg.Prefix, b.cfg.UndoWindow))
			return nil
		}
		requester = t.rec.UndoBy
	}
	// Take back moves until the requester is to move again.
	plies := 1
	if toMove == requester {
		plies = 2
	}
	if t.rec.holdsAll(m.UserID) {
		plies = 1 // one player on every side: just the last move
	}
	if t.st.Plies() < plies {
		return fmt.Errorf("%w: no move of yours to take back", ErrBadCommand)
	}
	if err := t.st.Undo(plies); err != nil {
		return err
	}
	t.rec.UndoBy, t.rec.UndoAt, t.changed = -1, now.UTC(), true
	if !b.cfg.CS61B {
		t.say(fmt.Sprintf("Took back %d move(s). %s to move.", plies, b.who(t.rec, t.st.ToMove())))
		if t.rec.Verbose {
			b.showBoard(t)
		}
	}
	return nil
}

// move plays a Move command: a setup move before the game begins, the
// speaker's turn during it.
func (b *Bot) move(t *tx, m Message, cmd Command) error {
	switch t.rec.Phase {
	case PhaseOver:
		return fmt.Errorf("%w: the game is over (%s); new or start for another", ErrBadCommand, t.rec.Result)
	case PhaseSetup:
		if t.rec.Waiting {
			return fmt.Errorf("%w: the game has not begun: waiting for %s", ErrBadCommand, b.seatList(t.rec))
		}
		if err := b.canSetup(t, m); err != nil {
			return err
		}
		if _, err := t.st.Move(cmd); err != nil {
			return err
		}
		t.changed = true
		t.say(fmt.Sprintf("Setup move. %s to move; start begins the game.", b.seatName(t.st.ToMove())))
		return nil
	}
	seat := t.st.ToMove()
	if !t.rec.Seats[seat].holds(m.UserID) {
		if mine := t.rec.seatOf(m.UserID, -1); mine >= 0 {
			return fmt.Errorf("%w: %s is to move", ErrNotYourTurn, b.who(t.rec, seat))
		}
		return fmt.Errorf("%w: %s", ErrNotSeated, b.seatList(t.rec))
	}
	return b.play(t, cmd, seat)
}

// play makes a move for seat (a person's or the AI's), announces it and
// ends the game if it is over.
func (b *Bot) play(t *tx, cmd Command, seat int) error {
	p, err := t.st.Move(cmd)
	if err != nil {
		return err
	}
	t.changed = true
	t.rec.UndoBy = -1
	ai := t.rec.Seats[seat].Kind == SeatAI
	switch {
	case b.cfg.CS61B && ai:
		t.say(fmt.Sprintf("* %s moves %s.", b.seatName(seat), p.Notation))
	case b.cfg.CS61B:
	default:
		next := ""
		if !t.st.Result().Over {
			next = fmt.Sprintf(" %s to move.", b.who(t.rec, t.st.ToMove()))
		}
		t.say(fmt.Sprintf("%s plays %s.%s", b.who(t.rec, seat), p.Notation, next))
	}
	if t.rec.Verbose {
		b.showBoard(t)
	}
	b.checkOver(t)
	return nil
}

func (b *Bot) showBoard(t *tx) {
	if r, err := t.st.View(Command{Verb: "board"}, -1); err == nil {
		t.replies = append(t.replies, r)
	}
}

// checkOver ends the game if the rules say it is over.
func (b *Bot) checkOver(t *tx) {
	res := t.st.Result()
	if !res.Over {
		return
	}
	t.rec.Phase = PhaseOver
	text := "Draw."
	if res.Winner >= 0 {
		text = b.seatName(res.Winner) + " wins."
	}
	t.rec.Result = text + " " + res.Score
	if b.cfg.CS61B {
		t.say("* " + text)
		return
	}
	t.say(t.rec.Result)
}

func (b *Bot) status(t *tx) string {
	switch {
	case t.version == 0:
		return fmt.Sprintf("No game here. Say %s%s start to open one.", b.cfg.Prefix, b.game.Name())
	case t.rec.Phase == PhaseOver:
		return fmt.Sprintf("Game over: %s %s.", t.rec.Result, b.seatList(t.rec))
	case t.rec.Phase == PhaseSetup && t.rec.Waiting:
		return fmt.Sprintf("Waiting for players: %s.", b.seatList(t.rec))
	case t.rec.Phase == PhaseSetup:
		return fmt.Sprintf("In setup: %s. %s", b.seatList(t.rec), t.st.Summary())
	}
	return fmt.Sprintf("%s. %s", b.seatList(t.rec), t.st.Summary())
}

// genericHelp documents the commands every game shares.
func genericHelp() []HelpLine {
	return []HelpLine{
		{"start", "start [ai[:LEVEL] | @user]", "open a game as Red against the AI, a named user, or anyone; in setup, begin"},
		{"join", "join", "take the open seat (or the one you were challenged to)"},
		{"new", "new | clear", "abandon the game and open a fresh one in setup (players or admins)"},
		{"color", "color red|blue", "take that seat before the game begins"},
		{"auto", "auto [red|blue] [LEVEL]", "the AI plays that seat (bare: your own)"},
		{"manual", "manual red|blue", "play that seat by hand yourself"},
		{"seed", "seed N", "seed the AI's random choices"},
		{"undo", "undo", "take back your last move (against a person, both must ask within a minute)"},
		{"resign", "resign", "give up the game"},
		{"status", "status", "seats, score and whose turn"},
		{"verbose", "verbose | quiet", "show the board after every move, or not"},
		{"help", "help [command]", "this list, or one command"},
	}
}

func (b *Bot) help(args []string) string {
	lines := append(append([]HelpLine(nil), b.game.Help()...), genericHelp()...)
	if len(args) > 0 {
		want := strings.ToLower(args[0])
		for _, h := range lines {
			if h.Name == want {
				return fmt.Sprintf("%s%s - %s", b.cfg.Prefix, h.Usage, h.Summary)
			}
		}
		return fmt.Sprintf("No command %q. Say %shelp for the list.", cut(want, 20), b.cfg.Prefix)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s commands (prefix %s, or %s%s COMMAND):\n", b.game.Name(), b.cfg.Prefix, b.cfg.Prefix, b.game.Name())
	for _, h := range lines {
		fmt.Fprintf(&sb, "  %-26s %s\n", h.Usage, h.Summary)
	}
	return strings.TrimSuffix(sb.String(), "\n")
}
