package tournament

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// tourRun is a tournament this process drives. Its maps are the driver
// goroutine's, but for games, which the game goroutines share (d.mu).
type tourRun struct {
	cancel context.CancelFunc
	wake   chan struct{}
	games  map[int]time.Time // games played here now -> since when (d.mu)
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
func (r *tourRun) waiting(tr *tournament, i int) []bot.Reply {
	if r.told[i] {
		return nil
	}
	r.told[i] = true
	return []bot.Reply{{Text: fmt.Sprintf("Tournament %s: %s waits for the game at this table to end.", tr.ID, tr.gameName(&tr.Games[i]))}}
}

// driveTournament starts this process's driver of tournament id, unless
// one runs.
func (d *Director) driveTournament(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.runs[id]; ok {
		r.poke()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &tourRun{cancel: cancel, wake: make(chan struct{}, 1), games: map[int]time.Time{}, told: map[int]bool{}}
	started := d.host.Go(func(host context.Context) {
		defer context.AfterFunc(host, cancel)() // the host's Close stops it
		defer func() {
			d.mu.Lock()
			if d.runs[id] == r {
				delete(d.runs, id)
			}
			d.mu.Unlock()
			cancel()
		}()
		d.tourDriver(ctx, id, r)
	})
	if !started {
		cancel()
		return
	}
	d.runs[id] = r
}

// stopRun stops this process's driver of tournament id and its games.
func (d *Director) stopRun(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.runs[id]; ok {
		r.cancel()
		delete(d.runs, id)
	}
}

// tourDriver steps the tournament until it ends or the bot stops.
func (d *Director) tourDriver(ctx context.Context, id string, r *tourRun) {
	for {
		done, again := d.tourStep(ctx, id, r)
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
	statusFiling // over at its table, not yet in the archive
	statusOver
)

// tourGameResult is a finished game's outcome, or how far a running
// game is.
type tourGameResult struct {
	winner  int // seat, -1 for none
	ending  bot.Ending
	plies   int       // a running game's actions so far
	updated time.Time // when a running game was last saved
}

// void reports whether the game ended with no result to count.
func (o tourGameResult) void() bool {
	return o.ending == bot.EndAborted || o.ending == bot.EndAbandoned
}

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
func (d *Director) tourGameStatus(ctx context.Context, g *tourGame) (gameStatus, tourGameResult) {
	table, err := bot.ParseTable(g.Table)
	if err != nil {
		return statusAbsent, tourGameResult{}
	}
	data, _, err := d.host.Store().Load(ctx, table.Key())
	switch {
	case err == nil:
		if rec, err := bot.UnmarshalRecord(data); err == nil && rec.ID == g.GameID && rec.Link == "" {
			if rec.Phase != bot.PhaseOver {
				return statusPlaying, tourGameResult{plies: rec.Plies, updated: rec.Updated}
			}
			res := tourGameResult{winner: -1, ending: rec.Ending}
			if rec.Winner != nil {
				res.winner = *rec.Winner
			}
			if d.filing(ctx, rec, res) {
				return statusFiling, tourGameResult{}
			}
			return statusOver, res
		}
	case !errors.Is(err, bot.ErrNotFound) && !errors.Is(err, bot.ErrDamaged):
		return statusUnknown, tourGameResult{}
	}
	if a := d.host.Archive(); a != nil {
		ag, err := a.ArchivedGame(ctx, g.GameID)
		switch {
		case err == nil:
			return statusOver, tourGameResult{winner: ag.Winner, ending: ag.Ending}
		case !errors.Is(err, bot.ErrNotFound) && !errors.Is(err, bot.ErrDamaged):
			return statusUnknown, tourGameResult{}
		}
	}
	return statusAbsent, tourGameResult{}
}

// filing reports whether the finished game rec, with result res, is
// still on its way into the archive: its save is told to the archive
// after the save, so a result line would otherwise give an id that the
// archive's commands cannot find yet. A game the archive never keeps
// (one with no result) is not waited for, nor one whose archiving failed:
// after tourQuiet its result counts without it.
func (d *Director) filing(ctx context.Context, rec *bot.Record, res tourGameResult) bool {
	a := d.host.Archive()
	if a == nil || res.void() || d.host.Clock().Now().Sub(rec.Updated) >= tourQuiet {
		return false
	}
	_, err := a.ArchivedGame(ctx, rec.ID)
	return errors.Is(err, bot.ErrNotFound)
}

// personGame reports whether a person plays in game g.
func (tr *tournament) personGame(g *tourGame) bool {
	return tr.Entrants[g.First].person() || g.Second != tourney.Bye && tr.Entrants[g.Second].person()
}

// tourStep looks at the tournament's games once: records the results of
// those that ended, starts those that may start, and saves. done: the
// tournament needs this driver no more; again: step again at once (a
// save lost a race).
func (d *Director) tourStep(ctx context.Context, id string, r *tourRun) (done, again bool) {
	tr, version, err := d.loadTournament(ctx, id)
	switch {
	case errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged):
		d.log.Error("tournament cannot be read; its driver stops", "tournament", id, "err", err)
		if err := d.host.Store().SetOwed(ctx, tournamentKey(id), false); err != nil {
			d.log.Warn("clearing a tournament's mark", "tournament", id, "err", err)
		}
		return true, false
	case err != nil:
		d.log.Warn("reading a tournament", "tournament", id, "err", err)
		return false, false
	}
	if tr.State != tourRunning {
		return true, false
	}
	home, err := bot.ParseTable(tr.Table)
	if err != nil {
		d.log.Error("tournament names no table", "tournament", id, "table", tr.Table)
		return true, false
	}
	var says []bot.Reply
	changed := false
	opened := false        // a game with a person was made at the channel's table
	busy := map[int]bool{} // entrants who are people in a running game
	channelBusy := false
	var resumed []int // running games between programs nobody here plays
	for i := range tr.Games {
		g := &tr.Games[i]
		if g.State != gameRunning {
			continue
		}
		status, res := d.tourGameStatus(ctx, g)
		if status == statusOver {
			changed = true
			g.Ending = res.ending
			switch {
			case res.void() && g.Tries < tourReplays:
				g.State, g.GameID, g.Table = gamePending, "", ""
				says = append(says, bot.Reply{Text: fmt.Sprintf("Tournament %s: %s ended with no result (%s); it is played again.",
					tr.ID, tr.gameName(g), res.ending)})
			case res.void():
				g.State = gameVoid
				says = append(says, bot.Reply{Text: fmt.Sprintf("Tournament %s: %s ended with no result (%s) %d times; it counts nothing.",
					tr.ID, tr.gameName(g), res.ending, g.Tries)})
			default:
				g.State, g.Score = gameDone, res.score()
				says = append(says, bot.Reply{Text: d.resultLine(tr, g)})
			}
			continue
		}
		if status == statusPlaying && tr.MaxPlies > 0 && res.plies >= tr.MaxPlies {
			d.adjudicate(ctx, tr, g) // its result is read at the next step
		}
		if tr.personGame(g) {
			channelBusy = true
			busy[g.First], busy[g.Second] = tr.Entrants[g.First].person(), tr.Entrants[g.Second].person()
			if status == statusAbsent {
				said, made := d.makePersonGame(ctx, tr, g, i, r)
				says = append(says, said...)
				opened = opened || made
			}
			continue
		}
		if status == statusFiling {
			continue // over: counted at a later step, once the archive has it
		}
		quiet := status != statusPlaying || d.host.Clock().Now().Sub(res.updated) >= tourQuiet
		if status != statusUnknown && quiet && !d.playsHere(r, i) {
			// Nobody here plays it, and its table has been quiet long
			// enough that nobody elsewhere does either (a process that
			// stopped): take it over.
			resumed = append(resumed, i)
		}
	}
	if tr.Format == tourney.Swiss && tr.allPlayed() && tr.round() < tr.Rounds {
		tr.addSwissRound()
		changed = true
		says = append(says, bot.Reply{Text: tr.pairingsLine(tr.round())})
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
			if !d.tableFree(ctx, home) {
				says = append(says, r.waiting(tr, i)...)
				continue
			}
			channelBusy, busy[g.First], busy[g.Second] = true, tr.Entrants[g.First].person(), tr.Entrants[g.Second].person()
			g.Table = tr.Table
			personStart = append(personStart, i)
		} else {
			if !d.takeTourSlot() {
				continue
			}
			g.Table = tourGameTable(home.Network, tr.ID, i).Key()
			started = append(started, i)
		}
		gid, err := d.host.NewGameID(ctx)
		if err != nil {
			d.log.Warn("tournament game id", "tournament", id, "err", err)
			g.Table = ""
			if !tr.personGame(g) {
				d.giveTourSlot()
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
		tr.State, tr.Ended, changed, finished = tourFinished, d.host.Clock().Now().UTC(), true, true
	}
	if changed {
		if _, err := d.saveTournament(ctx, tr, version); err != nil {
			for range started {
				d.giveTourSlot()
			}
			if errors.Is(err, bot.ErrConflict) {
				return false, true
			}
			d.log.Warn("saving a tournament", "tournament", id, "err", err)
			return false, false
		}
	}
	for _, i := range started {
		d.playTourGame(ctx, tr, i, r) // its slot is taken
	}
	for _, i := range resumed {
		if d.takeTourSlot() {
			d.playTourGame(ctx, tr, i, r)
		}
	}
	for _, i := range personStart {
		said, made := d.makePersonGame(ctx, tr, &tr.Games[i], i, r)
		says = append(says, said...)
		opened = opened || made
	}
	if finished {
		says = append(says, bot.Reply{Text: fmt.Sprintf("Tournament %s is over.", tr.ID)}, d.standingsReply(tr))
		if err := d.host.Store().SetOwed(ctx, tournamentKey(id), false); err != nil {
			d.log.Warn("clearing a tournament's mark", "tournament", id, "err", err)
		}
		d.noteFinishedTournament(ctx, id)
		d.log.Info("tournament finished", "tournament", id)
	}
	d.tourSay(ctx, home, says)
	if opened {
		// After the channel has heard "Game on": an AI that moves
		// first speaks after it.
		if err := d.host.StartAI(ctx, home); err != nil {
			d.log.Warn("starting a tournament game's AI", "tournament", id, "err", err)
		}
	}
	return finished, false
}

// adjudicate ends game g, running at its table, drawn: it reached the
// tournament's move limit (a game without a draw rule, Congo's or
// Abalone's, could otherwise go on for ever). Its players are told where
// it is played.
func (d *Director) adjudicate(ctx context.Context, tr *tournament, g *tourGame) {
	table, err := bot.ParseTable(g.Table)
	if err != nil {
		return
	}
	says, err := d.host.EndGame(ctx, table, g.GameID, bot.Result{Over: true, Winner: -1, Ending: bot.EndMoveLimit},
		fmt.Sprintf("Drawn: the game reached tournament %s's move limit (%d plies).", tr.ID, tr.MaxPlies))
	if err != nil {
		d.log.Warn("adjudicating a tournament game", "tournament", tr.ID, "table", g.Table, "err", err)
		return
	}
	d.log.Info("tournament game adjudicated", "tournament", tr.ID, "game", g.GameID, "plies", tr.MaxPlies)
	if err := d.host.Say(ctx, table, says); err != nil {
		d.log.Warn("telling an adjudication", "table", g.Table, "err", err)
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
			bye = fmt.Sprintf("; %s has a bye", bot.Shown(tr.Entrants[g.First].Name))
		default:
			games = append(games, bot.Shown(tr.Entrants[g.First].Name)+" vs "+bot.Shown(tr.Entrants[g.Second].Name))
		}
	}
	return fmt.Sprintf("Tournament %s, round %d: %s%s.", tr.ID, round, strings.Join(games, ", "), bye)
}

// gameName is "round 2, bob vs ai:3".
func (tr *tournament) gameName(g *tourGame) string {
	return fmt.Sprintf("round %d, %s vs %s", g.Round, tr.Entrants[g.First].Name, tr.Entrants[g.Second].Name)
}

// resultLine announces a game's result.
func (d *Director) resultLine(tr *tournament, g *tourGame) string {
	played, _, total := tr.counts()
	line := fmt.Sprintf("Tournament %s, round %d: %s %s %s", tr.ID, g.Round, bot.Shown(tr.Entrants[g.First].Name),
		tourney.ScoreText(g.Score), bot.Shown(tr.Entrants[g.Second].Name))
	var notes []string
	if g.Ending != "" {
		notes = append(notes, string(g.Ending))
	}
	if g.GameID != "" {
		notes = append(notes, d.host.GameRef(g.GameID))
	}
	if len(notes) > 0 {
		line += " (" + strings.Join(notes, "; ") + ")"
	}
	return fmt.Sprintf("%s. %d of %d games played.", line, played, total)
}

// tourSay says replies at the tournament's channel.
func (d *Director) tourSay(ctx context.Context, home bot.Table, says []bot.Reply) {
	if err := d.host.Say(ctx, home, says); err != nil {
		d.log.Warn("telling a tournament's channel", "table", home.Key(), "err", err)
	}
}

// tableFree reports whether the channel's table may take a new game: it
// holds none, or a finished one.
func (d *Director) tableFree(ctx context.Context, table bot.Table) bool {
	data, _, err := d.host.Store().Load(ctx, table.Key())
	if errors.Is(err, bot.ErrNotFound) {
		return true
	}
	if err != nil {
		return false
	}
	rec, err := bot.UnmarshalRecord(data)
	return err == nil && rec.Vacant()
}

// takeTourSlot takes one of this process's places for a tournament game
// between programs, if one is free.
func (d *Director) takeTourSlot() bool {
	select {
	case d.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

func (d *Director) giveTourSlot() { <-d.slots }

// playsHere reports whether this process plays game i now.
func (d *Director) playsHere(r *tourRun, i int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := r.games[i]
	return ok
}

// playTourGame plays game i between programs in the background, on the
// slot the caller took: makes it at its table if it is not there, then
// plays every move, each saved, so a restart goes on from the last.
func (d *Director) playTourGame(ctx context.Context, tr *tournament, i int, r *tourRun) {
	g := tr.Games[i]
	table, err := bot.ParseTable(g.Table)
	if err != nil {
		d.giveTourSlot()
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := r.games[i]; ok {
		d.giveTourSlot()
		return
	}
	first, second := tr.Entrants[g.First], tr.Entrants[g.Second]
	started := d.host.Go(func(context.Context) {
		defer r.poke()
		defer func() {
			d.mu.Lock()
			delete(r.games, i)
			d.mu.Unlock()
		}()
		defer d.giveTourSlot()
		if _, err := d.makeTourGame(ctx, tr, &g, first, second); err != nil {
			if ctx.Err() == nil {
				d.log.Warn("making a tournament game", "tournament", tr.ID, "table", g.Table, "err", err)
				sleepCtx(ctx, 2*time.Second)
			}
			return
		}
		if !d.host.Claim(table) {
			return
		}
		defer d.host.Release(table)
		if !d.playTourMoves(ctx, tr, &g, table) && ctx.Err() == nil {
			sleepCtx(ctx, 2*time.Second) // the AI failed: the driver tries again shortly, not at once
		}
	})
	if !started {
		d.giveTourSlot()
		return
	}
	r.games[i] = time.Now()
}

// playTourMoves plays the AI's moves at a tournament game's table, each
// saved, until the game ends (true) or a move fails (false); a game that
// reaches the tournament's move limit is drawn there and then.
func (d *Director) playTourMoves(ctx context.Context, tr *tournament, g *tourGame, table bot.Table) bool {
	for {
		_, more, err := d.host.PlayAITurn(ctx, table)
		if err != nil {
			if ctx.Err() == nil {
				d.log.Error("tournament AI move failed", "tournament", tr.ID, "table", table.Key(), "err", err)
			}
			return false
		}
		rec, owes, err := d.host.TableRecord(ctx, table)
		if err != nil {
			return false
		}
		live := rec != nil && rec.ID == g.GameID && rec.Phase == bot.PhasePlaying
		if live && tr.MaxPlies > 0 && rec.Plies >= tr.MaxPlies {
			d.adjudicate(ctx, tr, g)
			live = false
		}
		if !more || !live {
			if !live || !owes {
				if err := d.host.Store().SetOwed(ctx, table.Key(), false); err != nil {
					d.log.Warn("clearing owed work", "table", table.Key(), "err", err)
				}
			}
			return !live
		}
	}
}

// sweepTourGame clears the owed mark of a tournament game's table whose
// game is over or gone (a process stopped between the game's last save
// and clearing it); a running one is its driver's.
func (d *Director) sweepTourGame(ctx context.Context, table bot.Table) {
	data, _, err := d.host.Store().Load(ctx, table.Key())
	if err == nil {
		if rec, err := bot.UnmarshalRecord(data); err == nil && rec.Phase == bot.PhasePlaying {
			return
		}
	} else if !errors.Is(err, bot.ErrNotFound) && !errors.Is(err, bot.ErrDamaged) {
		return
	}
	if err := d.host.Store().SetOwed(ctx, table.Key(), false); err != nil {
		d.log.Warn("clearing a tournament game's mark", "table", table.Key(), "err", err)
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
// already; bot.ErrTableBusy when another game holds the table. It returns
// what the table is told (nothing when it was there already).
func (d *Director) makeTourGame(ctx context.Context, tr *tournament, g *tourGame, first, second entrant) ([]bot.Reply, error) {
	table, err := bot.ParseTable(g.Table)
	if err != nil {
		return nil, err
	}
	return d.host.OpenGame(ctx, table, bot.Opening{Kind: tr.Kind, Seats: []bot.Seat{first.seat(), second.seat()}, Clock: tr.Clock, ID: g.GameID})
}

// makePersonGame makes a game with a person at the tournament's channel
// and returns what the channel is told, and whether it made the game: its
// AI, if it moves first, is started (StartAI) once the channel has been
// told.
func (d *Director) makePersonGame(ctx context.Context, tr *tournament, g *tourGame, i int, r *tourRun) ([]bot.Reply, bool) {
	first, second := tr.Entrants[g.First], tr.Entrants[g.Second]
	says, err := d.makeTourGame(ctx, tr, g, first, second)
	if errors.Is(err, bot.ErrTableBusy) {
		return r.waiting(tr, i), false
	}
	if err != nil {
		d.log.Warn("making a tournament game", "tournament", tr.ID, "err", err)
		return nil, false
	}
	if len(says) == 0 {
		return nil, false // it was there already
	}
	var pings []bot.Reply
	for _, e := range []entrant{first, second} {
		if e.person() {
			pings = append(pings, bot.Reply{Text: fmt.Sprintf("%s, your tournament game is on here (%s).", bot.Shown(e.Name), tr.gameName(g)), Mention: e.UserID})
		}
	}
	return append(pings, says...), true
}
