package search

import (
	"strings"
	"time"
)

// BenchRun is what one search of a bench signature found.
type BenchRun struct {
	Nodes uint64
	Time  time.Duration
	Move  string
}

// Bench searches each of positions with run and returns the nodes and
// time of all the searches and the moves chosen, joined by spaces: a
// game's bench signature, which at a fixed depth is the same in every
// run and changes only when the search's behaviour does.
func Bench(positions []string, run func(text string) (BenchRun, error)) (nodes uint64, elapsed time.Duration, moves string, err error) {
	var chosen []string
	for _, text := range positions {
		r, err := run(text)
		if err != nil {
			return nodes, elapsed, strings.Join(chosen, " "), err
		}
		nodes += r.Nodes
		elapsed += r.Time
		chosen = append(chosen, r.Move)
	}
	return nodes, elapsed, strings.Join(chosen, " "), nil
}
