package main

import (
	"context"
	"fmt"
	"io"
	"sync"
)

// finished is one game as the match records it.
type finished struct {
	score float64 // the first engine's: 1, 0.5 or 0
	late  bool    // the loser lost on time
	line  string  // "Game g/total: ...", printed when the game ends
	// log writes the game to the log (-pgn); it runs under the match's
	// lock, so one game's text is never interleaved with another's.
	log func(io.Writer) error
}

// tables returns how many games the match plays at once: -concurrency,
// but no more than there are games (an idle worker would start engines
// for nothing) and at least one, whose engines name the players.
func (c config) tables() int {
	return max(1, min(c.concurrency, c.games))
}

// playAll plays games 0 to c.games-1 on n tables, one worker per table.
// Game indices are handed out in order from a channel, and a game's
// opening and colours depend on its index only, so which table plays a
// game changes nothing but when it ends. play(ctx, t, g) plays game g on
// table t. Each game is recorded in r, printed and logged as it ends,
// under one lock; the first error (a log that cannot be written) stops
// every worker and is returned once they have all stopped, and so does a
// sequential test's verdict (-sprt), without an error.
func playAll(ctx context.Context, c config, r *result, out io.Writer, n int, play func(ctx context.Context, table, g int) finished) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	go func() {
		defer close(next)
		for g := range c.games {
			select {
			case next <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for t := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				// The feeder may hand out one more index after a
				// cancel (select picks at random among ready cases).
				if ctx.Err() != nil {
					return
				}
				f := play(ctx, t, g)
				mu.Lock()
				if firstErr == nil && !r.decided {
					if err := r.record(out, c.log, g, f); err != nil {
						firstErr = fmt.Errorf("game %d: pgn: %w", g+1, err)
						cancel()
					}
					if r.decided {
						// The test is over: games under way are
						// abandoned and not counted.
						cancel()
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// record adds finished game g to the result, prints its line and logs it;
// with a sequential test, it notes when the test has decided.
func (r *result) record(out, log io.Writer, g int, f finished) error {
	r.add(f.score)
	if r.sprt != nil {
		r.sprt.add(g, f.score)
		r.decided = r.sprt.verdict() != 0
	}
	if f.late {
		loser := 1
		if f.score == 0 {
			loser = 0
		}
		r.timeLosses[loser]++
	}
	fmt.Fprintln(out, f.line)
	if log == nil || f.log == nil {
		return nil
	}
	return f.log(log)
}
