package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ugi"
)

// matchUGI plays engines that speak UGI, of any game: the runner knows no
// rules, so the first engine referees (it is told every position and asked
// whether the game is over, whose turn it is and the result), a move it
// reports as wrong loses, and so does a move past the clock.
func matchUGI(ctx context.Context, c config, out io.Writer) (*result, error) {
	// Every table has its own two players and its own referee (a
	// referee follows one game's position); all are closed, and so
	// reaped, when the match ends.
	type table struct {
		players [2]*ugi.Engine
		referee *ugi.Engine
	}
	tables := make([]table, c.tables())
	for t := range tables {
		for i := range tables[t].players {
			e, err := ugi.Start(ctx, c.cmds[i][0], c.cmds[i][1:], c.opts[i])
			if err != nil {
				return nil, err
			}
			defer e.Close()
			tables[t].players[i] = e
		}
		referee, err := ugi.Start(ctx, c.cmds[0][0], c.cmds[0][1:], nil)
		if err != nil {
			return nil, err
		}
		defer referee.Close()
		tables[t].referee = referee
	}
	names := tables[0].players
	r := &result{names: [2]string{names[0].Name + " (1)", names[1].Name + " (2)"}, sprt: c.sprt}
	err := playAll(ctx, c, r, out, len(tables), func(ctx context.Context, t, g int) finished {
		engines := tables[t].players
		first := g % 2 // which engine is player 1
		winner, why, late, moves := playUGI(ctx, c, g, tables[t].referee, [2]*ugi.Engine{engines[first], engines[1-first]})
		score := 0.5
		if winner >= 0 {
			score = 0
			if (winner == 0) == (first == 0) {
				score = 1
			}
		}
		outcome := "draw"
		if winner >= 0 {
			outcome = fmt.Sprintf("player %d wins", winner+1)
		}
		return finished{
			score: score,
			late:  late,
			line:  fmt.Sprintf("Game %d/%d: %s (player 1) vs %s (player 2): %s %s", g+1, c.games, r.names[first], r.names[1-first], outcome, why),
			log: func(w io.Writer) error {
				// As before concurrency, a failed write does not stop
				// the match.
				fmt.Fprintf(w, "[Game %d] %s vs %s: %s %s\n%s\n\n", g+1, r.names[first], r.names[1-first], outcome, why, strings.Join(moves, " "))
				return nil
			},
		}
	})
	return r, err
}

// readOpenings reads a file of UGI openings: a line each, moves from the
// start separated by spaces (as ugi -openings prints them); blank lines
// and lines that begin with # are skipped.
func readOpenings(name string) ([][]string, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var lines [][]string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines = append(lines, strings.Fields(l))
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return lines, nil
}

// playUGI plays game g from c.start, after its opening's moves (see
// config.lines); players[0] is player 1. It returns the winner (0, 1, or
// -1 for a draw).
func playUGI(ctx context.Context, c config, g int, referee *ugi.Engine, players [2]*ugi.Engine) (winner int, why string, late bool, moves []string) {
	if len(c.lines) > 0 {
		moves = slices.Clone(c.lines[g/2%len(c.lines)])
	}
	for _, e := range append(players[:], referee) {
		if err := e.NewGame(ctx); err != nil {
			return -1, "(engine failed: " + err.Error() + ")", false, nil
		}
	}
	start := c.start
	clocks := [2]time.Duration{c.tc.base, c.tc.base}
	for ply := 0; ply < c.maxPlies; ply++ {
		qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		if ply == 0 && len(moves) > 0 {
			// The referee checks the opening as it checks every move.
			complaint, err := referee.SetPosition(qctx, start, moves)
			if err != nil || complaint != "" {
				cancel()
				return -1, fmt.Sprintf("(the opening %q: %v %s)", strings.Join(moves, " "), err, complaint), false, moves
			}
		}
		over, err := referee.Query(qctx, "gameover")
		turn, err2 := referee.Query(qctx, "p1turn")
		cancel()
		if err != nil || err2 != nil {
			return -1, fmt.Sprintf("(the referee failed: %v %v)", err, err2), false, moves
		}
		if over == "true" {
			qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			res, err := referee.Query(qctx, "result")
			cancel()
			switch {
			case err != nil:
				return -1, "(the referee failed: " + err.Error() + ")", false, moves
			case res == "p1win":
				return 0, "", false, moves
			case res == "p2win":
				return 1, "", false, moves
			}
			return -1, "", false, moves
		}
		side := 1
		if turn == "true" {
			side = 0
		}
		var goArgs string
		var limit time.Duration
		switch {
		case c.tc.depth > 0:
			goArgs, limit = fmt.Sprintf("depth %d", c.tc.depth), time.Minute
		case c.tc.nodes > 0:
			goArgs, limit = fmt.Sprintf("nodes %d", c.tc.nodes), time.Minute
		case c.tc.moveTime > 0:
			goArgs, limit = fmt.Sprintf("movetime %d", c.tc.moveTime.Milliseconds()), c.tc.moveTime
		default:
			goArgs = fmt.Sprintf("p1time %d p2time %d p1inc %d p2inc %d", clocks[0].Milliseconds(), clocks[1].Milliseconds(), c.tc.inc.Milliseconds(), c.tc.inc.Milliseconds())
			limit = clocks[side]
		}
		began := time.Now()
		mctx, cancel := context.WithTimeout(ctx, limit+time.Second)
		m, err := players[side].Go(mctx, start, moves, goArgs)
		cancel()
		spent := time.Since(began)
		if err != nil {
			return 1 - side, fmt.Sprintf("(player %d failed: %v)", side+1, err), false, moves
		}
		if c.tc.base > 0 {
			if spent > clocks[side] {
				return 1 - side, fmt.Sprintf("(player %d lost on time)", side+1), true, moves
			}
			clocks[side] += c.tc.inc - spent
		} else if c.tc.moveTime > 0 && spent > c.tc.moveTime+500*time.Millisecond {
			return 1 - side, fmt.Sprintf("(player %d took %v)", side+1, spent.Round(time.Millisecond)), true, moves
		}
		qctx, cancel = context.WithTimeout(ctx, 10*time.Second)
		complaint, err := referee.SetPosition(qctx, start, append(moves, m))
		cancel()
		if err != nil {
			return -1, "(the referee failed: " + err.Error() + ")", false, moves
		}
		if complaint != "" {
			return 1 - side, fmt.Sprintf("(player %d played %s: %s)", side+1, m, complaint), false, moves
		}
		moves = append(moves, m)
	}
	return -1, fmt.Sprintf("(%d plies)", c.maxPlies), false, moves
}
