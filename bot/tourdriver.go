package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// tourRun is a tournament this process drives. Its maps are the driver
// goroutine's, but for games, which the game goroutines share (b.mu).
type tourRun struct {
	cancel context.CancelFunc
	wake   chan struct{}
	games  map[int]time.Time // games played here now -> since when (b.mu)
	told   map[int]bool      // games whose wait for the table was said
}

// poke wakes the driver at once.
func (r *tourRun) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// waiting says once that game i of tr waits for the channel's table.
func (r *tourRun) waiting(tr *tournament, i int) []Reply {
	if r.told[i] {
		return nil
	}
	r.told[i] = true
	return []Reply{{Text: fmt.Sprintf("Tournament %s: %s waits for the game at this table to end.", tr.ID, tr.gameName(&tr.Games[i]))}}
}

// driveTournament starts this process's driver of tournament id, unless
// one runs.
func (b *Bot) driveTournament(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil {
		return
	}
	if r, ok := b.tours[id]; ok {
		r.poke()
		return
	}
	ctx, cancel := context.WithCancel(b.ctx)
	r := &tourRun{cancel: cancel, wake: make(chan struct{}, 1), games: map[int]time.Time{}, told: map[int]bool{}}
	b.tours[id] = r
	b.workers.Add(1)
	go func() {
		defer b.workers.Done()
		defer func() {
			b.mu.Lock()
			if b.tours[id] == r {
				delete(b.tours, id)
			}
			b.mu.Unlock()
			cancel()
		}()
		b.tourDriver(ctx, id, r)
	}()
}

// stopRun stops this process's driver of tournament id and its games.
func (b *Bot) stopRun(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r, ok := b.tours[id]; ok {
		r.cancel()
		delete(b.tours, id)
	}
}

// tourDriver steps the tournament until it ends or the bot stops.
func (b *Bot) tourDriver(ctx context.Context, id string, r *tourRun) {
	for {
		done, again := b.tourStep(ctx, id, r)
		if done || ctx.Err() != nil {
			return
		}
		if again {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		case <-time.After(tourTick):
		}
	}
}

// gameStatus is what a tournament's game is at its table.
type gameStatus int

const (
	statusUnknown gameStatus = iota // the store could not say
	statusAbsent                    // not made yet (or lost)
	statusPlaying
	statusOver
)

// tourGameResult is a finished game's outcome, or how far a running
// game is.
type tourGameResult struct {
	winner  int // seat, -1 for none
	ending  Ending
	plies   int       // a running game's actions so far
	updated time.Time // when a running game was last saved
}

// void reports whether the game ended with no result to count.
func (o tourGameResult) void() bool { return o.ending == EndAborted || o.ending == EndAbandoned }

// score is the first seat's points.
func (o tourGameResult) score() float64 {
	switch o.winner {
	case 0:
		return 1
	case 1:
		return 0
	}
	return 0.5
}

// tourGameStatus reads game g at its table or, when a later game took the
// table, in the archive.
func (b *Bot) tourGameStatus(ctx context.Context, g *tourGame) (gameStatus, tourGameResult) {
	table, err := ParseTable(g.Table)
	if err != nil {
		return statusAbsent, tourGameResult{}
	}
	data, _, err := b.store.Load(ctx, table.Key())
	switch {
	case err == nil:
		if rec, err := UnmarshalRecord(data); err == nil && rec.ID == g.GameID && rec.Link == "" {
			if rec.Phase != PhaseOver {
				return statusPlaying, tourGameResult{plies: rec.Plies, updated: rec.Updated}
			}
			res := tourGameResult{winner: -1, ending: rec.Ending}
			if rec.Winner != nil {
				res.winner = *rec.Winner
			}
			return statusOver, res
		}
	case !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrDamaged):
		return statusUnknown, tourGameResult{}
	}
	if a := b.archive(); a != nil {
		ag, err := a.ArchivedGame(ctx, g.GameID)
		switch {
		case err == nil:
			return statusOver, tourGameResult{winner: ag.Winner, ending: ag.Ending}
		case !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrDamaged):
			return statusUnknown, tourGameResult{}
		}
	}
	return statusAbsent, tourGameResult{}
}

// personGame reports whether a person plays in game g.
func (tr *tournament) personGame(g *tourGame) bool {
	return tr.Entrants[g.First].person() || g.Second != tourney.Bye && tr.Entrants[g.Second].person()
}

// tourStep looks at the tournament's games once: records the results of
// those that ended, starts those that may start, and saves. done: the
// tournament needs this driver no more; again: step again at once (a
// save lost a race).
func (b *Bot) tourStep(ctx context.Context, id string, r *tourRun) (done, again bool) {
	tr, version, err := b.loadTournament(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged):
		b.log.Error("tournament cannot be read; its driver stops", "tournament", id, "err", err)
		if err := b.store.SetOwed(ctx, tournamentKey(id), false); err != nil {
			b.log.Warn("clearing a tournament's mark", "tournament", id, "err", err)
		}
		return true, false
	case err != nil:
		b.log.Warn("reading a tournament", "tournament", id, "err", err)
		return false, false
	}
	if tr.State != tourRunning {
		return true, false
	}
	home, err := ParseTable(tr.Table)
	if err != nil {
		b.log.Error("tournament names no table", "tournament", id, "table", tr.Table)
		return true, false
	}
	var says []Reply
	changed := false
	busy := map[int]bool{} // entrants who are people in a running game
	channelBusy := false
	var resumed []int // running games between programs nobody here plays
	for i := range tr.Games {
		g := &tr.Games[i]
		if g.State != gameRunning {
			continue
		}
		status, res := b.tourGameStatus(ctx, g)
		if status == statusOver {
			changed = true
			g.Ending = res.ending
			switch {
			case res.void() && g.Tries < tourReplays:
				g.State, g.GameID, g.Table = gamePending, "", ""
				says = append(says, Reply{Text: fmt.Sprintf("Tournament %s: %s ended with no result (%s); it is played again.",
					tr.ID, tr.gameName(g), res.ending)})
			case res.void():
				g.State = gameVoid
				says = append(says, Reply{Text: fmt.Sprintf("Tournament %s: %s ended with no result (%s) %d times; it counts nothing.",
					tr.ID, tr.gameName(g), res.ending, g.Tries)})
			default:
				g.State, g.Score = gameDone, res.score()
				says = append(says, Reply{Text: b.resultLine(tr, g)})
			}
			continue
		}
		if status == statusPlaying && tr.MaxPlies > 0 && res.plies >= tr.MaxPlies {
			b.adjudicate(ctx, tr, g) // its result is read at the next step
		}
		if tr.personGame(g) {
			channelBusy = true
			busy[g.First], busy[g.Second] = tr.Entrants[g.First].person(), tr.Entrants[g.Second].person()
			if status == statusAbsent {
				says = append(says, b.makePersonGame(ctx, tr, g, i, r)...)
			}
			continue
		}
		quiet := status != statusPlaying || b.clock.Now().Sub(res.updated) >= tourQuiet
		if status != statusUnknown && quiet && !b.playsHere(r, i) {
			// Nobody here plays it, and its table has been quiet long
			// enough that nobody elsewhere does either (a process that
			// stopped): take it over.
			resumed = append(resumed, i)
		}
	}
	if tr.Format == tourney.Swiss && tr.allPlayed() && tr.round() < tr.Rounds {
		tr.addSwissRound()
		changed = true
		says = append(says, Reply{Text: tr.pairingsLine(tr.round())})
	}
	var started []int
	var personStart []int
	for i := range tr.Games {
		g := &tr.Games[i]
		if g.State != gamePending {
			continue
		}
		if tr.personGame(g) {
			if channelBusy || busy[g.First] || busy[g.Second] {
				continue
			}
			if !b.tableFree(ctx, home) {
				says = append(says, r.waiting(tr, i)...)
				continue
			}
			channelBusy, busy[g.First], busy[g.Second] = true, tr.Entrants[g.First].person(), tr.Entrants[g.Second].person()
			g.Table = tr.Table
			personStart = append(personStart, i)
		} else {
			if !b.takeTourSlot() {
				continue
			}
			g.Table = tourGameTable(home.Network, tr.ID, i).Key()
			started = append(started, i)
		}
		gid, err := nextGameID(ctx, b.archive())
		if err != nil {
			b.log.Warn("tournament game id", "tournament", id, "err", err)
			g.Table = ""
			if !tr.personGame(g) {
				b.giveTourSlot()
			}
			started = slices.DeleteFunc(started, func(x int) bool { return x == i })
			personStart = slices.DeleteFunc(personStart, func(x int) bool { return x == i })
			break
		}
		g.State, g.GameID, g.Tries = gameRunning, gid, g.Tries+1
		changed = true
	}
	finished := false
	if tr.allPlayed() && (tr.Format != tourney.Swiss || tr.round() >= tr.Rounds) {
		tr.State, tr.Ended, changed, finished = tourFinished, b.clock.Now().UTC(), true, true
	}
	if changed {
		if _, err := b.saveTournament(ctx, tr, version); err != nil {
			for range started {
				b.giveTourSlot()
			}
			if errors.Is(err, ErrConflict) {
				return false, true
			}
			b.log.Warn("saving a tournament", "tournament", id, "err", err)
			return false, false
		}
	}
	for _, i := range started {
		b.playTourGame(ctx, tr, i, r) // its slot is taken
	}
	for _, i := range resumed {
		if b.takeTourSlot() {
			b.playTourGame(ctx, tr, i, r)
		}
	}
	for _, i := range personStart {
		says = append(says, b.makePersonGame(ctx, tr, &tr.Games[i], i, r)...)
	}
	if finished {
		says = append(says, Reply{Text: fmt.Sprintf("Tournament %s is over.", tr.ID)}, b.standingsReply(tr))
		if err := b.store.SetOwed(ctx, tournamentKey(id), false); err != nil {
			b.log.Warn("clearing a tournament's mark", "tournament", id, "err", err)
		}
		b.noteFinishedTournament(ctx, id)
		b.log.Info("tournament finished", "tournament", id)
	}
	b.tourSay(ctx, home, says)
	return finished, false
}

// adjudicate ends game g, running at its table, drawn: it reached the
// tournament's move limit (a game without a draw rule, Congo's or
// Abalone's, could otherwise go on for ever). Its players are told where
// it is played.
func (b *Bot) adjudicate(ctx context.Context, tr *tournament, g *tourGame) {
	table, err := ParseTable(g.Table)
	if err != nil {
		return
	}
	none := Message{Network: table.Network, Channel: table.Channel}
	t, err := b.update(ctx, table, none, func(t *tx) error {
		t.replies = nil
		if t.empty() || t.damaged != nil || t.rec.ID != g.GameID || t.rec.Phase != PhasePlaying {
			return nil
		}
		t.rec.DrawBy, t.rec.DrawAt, t.rec.UndoBy = 0, time.Time{}, -1
		b.end(t, Result{Over: true, Winner: -1, Ending: EndMoveLimit},
			fmt.Sprintf("Drawn: the game reached tournament %s's move limit (%d plies).", tr.ID, tr.MaxPlies))
		return nil
	})
	if err != nil {
		b.log.Warn("adjudicating a tournament game", "tournament", tr.ID, "table", g.Table, "err", err)
		return
	}
	b.log.Info("tournament game adjudicated", "tournament", tr.ID, "game", g.GameID, "plies", tr.MaxPlies)
	if len(t.replies) > 0 && b.sender != nil {
		if err := b.sender.Send(ctx, b.finish(none, table, t.replies)); err != nil {
			b.log.Warn("telling an adjudication", "table", g.Table, "err", err)
		}
	}
}

// allPlayed reports whether every game has its result (or none for good).
func (tr *tournament) allPlayed() bool {
	return !slices.ContainsFunc(tr.Games, func(g tourGame) bool { return g.State == gamePending || g.State == gameRunning })
}

// pairingsLine announces a Swiss round: "Tournament t5, round 2: bob vs
// ai:3, ai:5 vs ai:2; ai:1 has a bye."
func (tr *tournament) pairingsLine(round int) string {
	var games []string
	bye := ""
	for _, g := range tr.Games {
		switch {
		case g.Round != round:
		case g.Second == tourney.Bye:
			bye = fmt.Sprintf("; %s has a bye", shown(tr.Entrants[g.First].Name))
		default:
			games = append(games, shown(tr.Entrants[g.First].Name)+" vs "+shown(tr.Entrants[g.Second].Name))
		}
	}
	return fmt.Sprintf("Tournament %s, round %d: %s%s.", tr.ID, round, strings.Join(games, ", "), bye)
}

// gameName is "round 2, bob vs ai:3".
func (tr *tournament) gameName(g *tourGame) string {
	return fmt.Sprintf("round %d, %s vs %s", g.Round, tr.Entrants[g.First].Name, tr.Entrants[g.Second].Name)
}

// resultLine announces a game's result.
func (b *Bot) resultLine(tr *tournament, g *tourGame) string {
	played, _, total := tr.counts()
	line := fmt.Sprintf("Tournament %s, round %d: %s %s %s", tr.ID, g.Round, shown(tr.Entrants[g.First].Name),
		tourney.ScoreText(g.Score), shown(tr.Entrants[g.Second].Name))
	var notes []string
	if g.Ending != "" {
		notes = append(notes, string(g.Ending))
	}
	if g.GameID != "" {
		notes = append(notes, b.gameRef(g.GameID))
	}
	if len(notes) > 0 {
		line += " (" + strings.Join(notes, "; ") + ")"
	}
	return fmt.Sprintf("%s. %d of %d games played.", line, played, total)
}

// tourSay says replies at the tournament's channel.
func (b *Bot) tourSay(ctx context.Context, home Table, says []Reply) {
	if len(says) == 0 || b.sender == nil {
		return
	}
	none := Message{Network: home.Network, Channel: home.Channel}
	if err := b.sender.Send(ctx, b.finish(none, home, says)); err != nil {
		b.log.Warn("telling a tournament's channel", "table", home.Key(), "err", err)
	}
}

// tableFree reports whether the channel's table may take a new game: it
// holds none, or a finished one.
func (b *Bot) tableFree(ctx context.Context, table Table) bool {
	data, _, err := b.store.Load(ctx, table.Key())
	if errors.Is(err, ErrNotFound) {
		return true
	}
	if err != nil {
		return false
	}
	rec, err := UnmarshalRecord(data)
	return err == nil && rec.takesTourGame()
}

// takesTourGame reports whether a table holding r may take a tournament's
// game: it holds a finished game, or one in setup that nobody sat down to
// or asked to start.
func (r *Record) takesTourGame() bool {
	return r.Link == "" && (r.Phase == PhaseOver || r.Phase == PhaseSetup && !r.Waiting && !r.hasHuman())
}

// takeTourSlot takes one of this process's places for a tournament game
// between programs, if one is free.
func (b *Bot) takeTourSlot() bool {
	select {
	case b.tourSlots <- struct{}{}:
		return true
	default:
		return false
	}
}

func (b *Bot) giveTourSlot() { <-b.tourSlots }

// playsHere reports whether this process plays game i now.
func (b *Bot) playsHere(r *tourRun, i int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := r.games[i]
	return ok
}

// playTourGame plays game i between programs in the background, on the
// slot the caller took: makes it at its table if it is not there, then
// plays every move, each saved, so a restart goes on from the last.
func (b *Bot) playTourGame(ctx context.Context, tr *tournament, i int, r *tourRun) {
	g := tr.Games[i]
	table, err := ParseTable(g.Table)
	if err != nil {
		b.giveTourSlot()
		return
	}
	b.mu.Lock()
	if _, ok := r.games[i]; ok || b.ctx.Err() != nil {
		b.mu.Unlock()
		b.giveTourSlot()
		return
	}
	r.games[i] = time.Now()
	b.workers.Add(1)
	b.mu.Unlock()
	first, second := tr.Entrants[g.First], tr.Entrants[g.Second]
	go func() {
		defer b.workers.Done()
		defer r.poke()
		defer func() {
			b.mu.Lock()
			delete(r.games, i)
			b.mu.Unlock()
		}()
		defer b.giveTourSlot()
		if _, err := b.makeTourGame(ctx, tr, &g, first, second); err != nil {
			if ctx.Err() == nil {
				b.log.Warn("making a tournament game", "tournament", tr.ID, "table", g.Table, "err", err)
				sleepCtx(ctx, 2*time.Second)
			}
			return
		}
		if !b.claim(table.Key()) {
			return
		}
		defer b.release(table.Key())
		if !b.playTourMoves(ctx, tr, &g, table) && ctx.Err() == nil {
			sleepCtx(ctx, 2*time.Second) // the AI failed: the driver tries again shortly, not at once
		}
	}()
}

// playTourMoves plays the AI's moves at a tournament game's table, each
// saved, until the game ends (true) or a move fails (false); a game that
// reaches the tournament's move limit is drawn there and then.
func (b *Bot) playTourMoves(ctx context.Context, tr *tournament, g *tourGame, table Table) bool {
	none := Message{Network: table.Network, Channel: table.Channel}
	for {
		_, more, err := b.aiTurn(ctx, table)
		if err != nil {
			if ctx.Err() == nil {
				b.log.Error("tournament AI move failed", "tournament", tr.ID, "table", table.Key(), "err", err)
			}
			return false
		}
		t, err := b.load(ctx, table, none)
		if err != nil {
			return false
		}
		live := !t.empty() && t.damaged == nil && t.rec.ID == g.GameID && t.rec.Phase == PhasePlaying
		if live && tr.MaxPlies > 0 && t.rec.Plies >= tr.MaxPlies {
			b.adjudicate(ctx, tr, g)
			live = false
		}
		if !more || !live {
			if !live || !b.owesWork(t) {
				if err := b.store.SetOwed(ctx, table.Key(), false); err != nil {
					b.log.Warn("clearing owed work", "table", table.Key(), "err", err)
				}
			}
			return !live
		}
	}
}

// sweepTourGame clears the owed mark of a tournament game's table whose
// game is over or gone (a process stopped between the game's last save
// and clearing it); a running one is its driver's.
func (b *Bot) sweepTourGame(ctx context.Context, table Table) {
	data, _, err := b.store.Load(ctx, table.Key())
	if err == nil {
		if rec, err := UnmarshalRecord(data); err == nil && rec.Phase == PhasePlaying {
			return
		}
	} else if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrDamaged) {
		return
	}
	if err := b.store.SetOwed(ctx, table.Key(), false); err != nil {
		b.log.Warn("clearing a tournament game's mark", "table", table.Key(), "err", err)
	}
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// makeTourGame puts game g at its table and begins it, unless it is there
// already; errTableBusy when another game holds the table. It returns
// what the table is told.
func (b *Bot) makeTourGame(ctx context.Context, tr *tournament, g *tourGame, first, second entrant) (*tx, error) {
	table, err := ParseTable(g.Table)
	if err != nil {
		return nil, err
	}
	m := Message{Network: table.Network, Channel: table.Channel}
	return b.update(ctx, table, m, func(t *tx) error {
		t.replies = nil
		var old *Record
		switch {
		case !t.empty() && t.damaged == nil && t.rec.ID == g.GameID:
			return nil // made already
		case t.damaged != nil && !isTourGame(table):
			return errTableBusy
		case !t.empty() && t.damaged == nil:
			if !t.rec.takesTourGame() {
				return errTableBusy
			}
			old = t.rec
		}
		if err := b.reset(t, old, tr.Kind, m); err != nil {
			return err
		}
		t.rec.Seats = []Seat{first.seat(), second.seat()}
		t.rec.Clock = nil
		if tr.Clock != nil {
			t.rec.Clock = &GameClock{Control: *tr.Clock} // set running when play begins
		}
		t.rec.ID = g.GameID
		return b.begin(t)
	})
}

// makePersonGame makes a game with a person at the tournament's channel
// and returns what the channel is told; the AI's first move, if it has
// it, is scheduled.
func (b *Bot) makePersonGame(ctx context.Context, tr *tournament, g *tourGame, i int, r *tourRun) []Reply {
	first, second := tr.Entrants[g.First], tr.Entrants[g.Second]
	t, err := b.makeTourGame(ctx, tr, g, first, second)
	if errors.Is(err, errTableBusy) {
		return r.waiting(tr, i)
	}
	if err != nil {
		b.log.Warn("making a tournament game", "tournament", tr.ID, "err", err)
		return nil
	}
	if len(t.replies) == 0 {
		return nil // it was there already
	}
	var pings []Reply
	for _, e := range []entrant{first, second} {
		if e.person() {
			pings = append(pings, Reply{Text: fmt.Sprintf("%s, your tournament game is on here (%s).", shown(e.Name), tr.gameName(g)), Mention: e.UserID})
		}
	}
	if aiToAct(t) && b.sender != nil {
		b.scheduleAI(t.table) // without a Sender, the next command at the table plays it
	}
	return append(pings, t.replies...)
}
