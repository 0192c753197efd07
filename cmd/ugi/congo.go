package main

import (
	"context"

	"github.com/ataxxbot/ataxxbot/ai/congoai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// congoGame plays Congo (engine/congo, ai/congoai). Player 1 is White.
// Moves are whole turns: "a2-a3", a monkey's path "b1-d3-f5-d7".
type congoGame struct {
	pos      congo.Position
	searcher *congoai.Searcher
	hashMB   int
}

func newCongo() game {
	return &congoGame{pos: congo.NewPosition(), hashMB: defaultHashMB}
}

func (g *congoGame) reset() {
	g.pos = congo.NewPosition()
	if g.searcher != nil {
		g.searcher.Clear()
	}
}

func (g *congoGame) setStart() { g.pos = congo.NewPosition() }

func (g *congoGame) setFEN(fen string) error {
	p, err := congo.ParseFEN(fen)
	if err != nil {
		return err
	}
	g.pos = p
	return nil
}

func (g *congoGame) play(move string) error {
	m, err := g.pos.ParseMove(move)
	if err != nil {
		return err
	}
	g.pos.MakeMove(m)
	return nil
}

func (g *congoGame) gameOver() bool       { return g.pos.GameOver() }
func (g *congoGame) legalMoves() []string { return moveNames(g.pos.LegalMoves()) }
func (g *congoGame) p1Turn() bool         { return g.pos.Turn() == congo.White }

func (g *congoGame) result() string {
	switch g.pos.Outcome() {
	case congo.WhiteWins:
		return "p1win"
	case congo.BlackWins:
		return "p2win"
	case congo.NoLions:
		return "draw"
	}
	return "none"
}

func (g *congoGame) perft(depth int) uint64 { return congo.Perft(&g.pos, depth) }

func (g *congoGame) display() string {
	return congo.BoardText(&g.pos) + "\n" + congo.PlayersText(&g.pos) + "\nfen " + g.pos.FEN() + "\n"
}

func (g *congoGame) setHash(mb int) {
	g.hashMB = mb
	g.searcher = nil // made again, at the new size, by the next search
}

func (g *congoGame) search(lim limits) func(context.Context, func(searchInfo)) string {
	if g.searcher == nil {
		g.searcher = congoai.NewSearcher(g.hashMB)
	}
	s, pos := g.searcher, g.pos
	cl := search.Limits{Depth: lim.depth, Nodes: lim.nodes, MoveTime: lim.moveTime, Time: lim.time, Inc: lim.inc}
	return func(ctx context.Context, info func(searchInfo)) string {
		res := s.Search(ctx, pos, cl, search.Options{}, func(i search.Info[congo.Move]) {
			pv := make([]string, len(i.PV))
			for k, m := range i.PV {
				pv[k] = m.String()
			}
			info(searchInfo{depth: i.Depth, score: i.Score, mate: i.Mate, nodes: i.Nodes, time: i.Time, pv: pv})
		})
		if res.Move == congo.NoMove {
			return ""
		}
		return res.Move.String()
	}
}
