package bot

import (
	"fmt"
	"strings"
	"time"
)

// cmdDraw offers a draw to the other player, or accepts their standing offer:
// the game ends drawn by agreement. The AI declines: it plays on.
func cmdDraw(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	seat, err := t.playerSeat(sp, "draw", "offer a draw", args)
	if err != nil {
		return err
	}
	if len(t.rec.Seats) != 2 {
		return fmt.Errorf("%w: a draw is agreed between two players", ErrBadCommand)
	}
	other := 1 - seat
	if t.rec.HoldsAll(sp.UserID) {
		return fmt.Errorf("%w: you play both sides: there is nobody to agree with", ErrBadCommand)
	}
	if t.rec.Seats[other].Kind != SeatHuman {
		return fmt.Errorf("%w: the AI declines a draw and plays on", ErrBadCommand)
	}
	now := t.b.clock.Now()
	standing := t.rec.DrawBy != 0 && now.Sub(t.rec.DrawAt) <= t.b.cfg.DrawWindow
	switch {
	case standing && t.rec.DrawBy-1 == seat:
		return fmt.Errorf("%w: you have offered a draw already; %s may accept with %sdraw", ErrBadCommand, t.who(other), t.b.cfg.Prefix)
	case standing:
		t.rec.DrawBy, t.rec.DrawAt = 0, time.Time{}
		t.end(Result{Over: true, Winner: -1, Ending: EndAgreed},
			fmt.Sprintf("%s accepts the draw: the game is drawn by agreement.", t.spec.SeatName(seat)))
		return nil
	}
	t.rec.DrawBy, t.rec.DrawAt, t.changed = seat+1, now.UTC(), true
	t.chat(fmt.Sprintf("%s offers a draw: %s, say %sdraw within %s to accept.",
		t.spec.SeatName(seat), t.spec.SeatName(other), t.b.cfg.Prefix, t.b.cfg.DrawWindow))
	return nil
}

// cmdAbort ends a game before each side has moved, with no result: unrated
// and not archived.
func cmdAbort(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if _, err := t.playerSeat(sp, "abort", "abort", args); err != nil {
		return err
	}
	all := uint64(1)<<uint(min(len(t.rec.Seats), 63)) - 1
	if t.rec.Movers&all == all {
		return fmt.Errorf("%w: both sides have moved: resign or offer a draw", ErrBadCommand)
	}
	t.rec.DrawBy, t.rec.DrawAt = 0, time.Time{}
	t.end(Result{Over: true, Winner: -1, Ending: EndAborted}, "Game aborted.")
	return nil
}

// cmdRematch asks for the finished game again with the colours swapped; it
// begins when the other player asks too (at once against the AI). A state
// that is a Rematcher starts the new game from the old one's start
// settings; another starts from the kind's New.
func cmdRematch(t *tx, c *Call) error {
	sp, args := c.sp, c.Args
	if len(args) > 0 {
		return fmt.Errorf("%w: rematch takes no arguments", ErrBadCommand)
	}
	if t.rec.Phase != PhaseOver || t.empty() {
		return fmt.Errorf("%w: rematch works after a game is over", ErrBadCommand)
	}
	if t.rec.Ending == EndAborted {
		return fmt.Errorf("%w: that game was aborted; say %sstart for another", ErrBadCommand, t.b.cfg.Prefix)
	}
	if len(t.rec.SeatsOf(sp.UserID)) == 0 {
		return fmt.Errorf("%w: only a player of that game can ask for a rematch", ErrNotSeated)
	}
	waitFor := ""
	for _, s := range t.rec.Seats {
		if s.Kind == SeatHuman && s.UserID != sp.UserID && s.UserID != t.rec.RematchBy {
			waitFor = s.UserID
			if s.Name != "" {
				waitFor = s.Name
			}
		}
		if s.Kind != SeatHuman && s.Kind != SeatAI {
			return fmt.Errorf("%w: a seat of that game is empty; say %sstart", ErrBadCommand, t.b.cfg.Prefix)
		}
	}
	if waitFor != "" {
		if t.rec.RematchBy == sp.UserID {
			return fmt.Errorf("%w: you asked already; waiting for %s to say %srematch", ErrBadCommand, shown(waitFor), t.b.cfg.Prefix)
		}
		t.rec.RematchBy, t.changed = sp.UserID, true
		t.chat(fmt.Sprintf("%s asks for a rematch, colours swapped: %s, say %srematch to play.", shown(sp.Name), shown(waitFor), t.b.cfg.Prefix))
		return nil
	}
	old, played := *t.rec, t.st
	if err := t.reset(&old, strings.ToLower(t.spec.Name), sp.Message); err != nil {
		return err
	}
	if r, ok := played.(Rematcher); ok {
		// The same game again: the start settings the players chose
		// (position, blocks, rules, limits), not the configuration's.
		st, err := r.Rematch()
		if err != nil {
			return fmt.Errorf("rematch: %w", err)
		}
		t.st = st
	}
	seats := make([]Seat, len(old.Seats))
	copy(seats, old.Seats)
	if len(seats) == 2 {
		seats[0], seats[1] = seats[1], seats[0]
	}
	for i := range seats {
		seats[i].Was, seats[i].Acted, seats[i].Expires = "", false, time.Time{}
	}
	if len(seats) == len(t.rec.Seats) {
		t.rec.Seats = seats
	}
	t.rec.Waiting = true
	if old.Clock != nil { // a rematch keeps the clock
		t.rec.Clock = &GameClock{Control: old.Clock.Control} // set running when play begins
	}
	t.chat("Rematch, colours swapped.")
	return t.begin()
}
