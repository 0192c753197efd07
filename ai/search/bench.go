package search

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Bench parses each of positions with parse and searches it to depth
// with s, cleared first so that each search stands alone, and returns
// the nodes and time of all the searches and the moves chosen, joined by
// spaces: a game's bench signature, which at a fixed depth is the same
// in every run and changes only when the search's behaviour does.
func Bench[P any, M fmt.Stringer](positions []string, parse func(text string) (P, error), depth int, s Searcher[P, M]) (nodes uint64, elapsed time.Duration, moves string, err error) {
	var chosen []string
	for _, text := range positions {
		pos, err := parse(text)
		if err != nil {
			return nodes, elapsed, strings.Join(chosen, " "), err
		}
		s.Clear()
		r := s.Search(context.Background(), pos, Limits{Depth: depth}, Options{}, nil)
		nodes += r.Info.Nodes
		elapsed += r.Info.Time
		chosen = append(chosen, r.Move.String())
	}
	return nodes, elapsed, strings.Join(chosen, " "), nil
}
