package search

import (
	"fmt"
	"strings"
	"time"
)

// Bench parses each of positions with parse and searches it with run,
// and returns the nodes and time of all the searches and the moves
// chosen, joined by spaces: a game's bench signature, which at a fixed
// depth is the same in every run and changes only when the search's
// behaviour does.
func Bench[P any, M fmt.Stringer](positions []string, parse func(text string) (P, error), run func(pos P) Result[M]) (nodes uint64, elapsed time.Duration, moves string, err error) {
	var chosen []string
	for _, text := range positions {
		pos, err := parse(text)
		if err != nil {
			return nodes, elapsed, strings.Join(chosen, " "), err
		}
		r := run(pos)
		nodes += r.Info.Nodes
		elapsed += r.Info.Time
		chosen = append(chosen, r.Move.String())
	}
	return nodes, elapsed, strings.Join(chosen, " "), nil
}
