package main

import (
	"context"

	"github.com/ataxxbot/ataxxbot/ai/abaloneai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// abaloneGame plays Abalone (engine/abalone, ai/abaloneai). Player 1 is
// Black. Moves are in the standard notation ("a1b2", broadside "c6c7d6");
// positions are the engine's position text, a layout name or a marble
// list ("black=A1,...;white=...;turn=black").
type abaloneGame struct {
	pos      abalone.Position
	searcher *abaloneai.Searcher
	hashMB   int
}

func newAbalone() game {
	return &abaloneGame{pos: abalone.StartPosition(), hashMB: defaultHashMB}
}

func (g *abaloneGame) reset() {
	g.pos = abalone.StartPosition()
	if g.searcher != nil {
		g.searcher.Clear()
	}
}

func (g *abaloneGame) setStart() { g.pos = abalone.StartPosition() }

func (g *abaloneGame) setFEN(fen string) error {
	p, err := abalone.ParsePosition(fen)
	if err != nil {
		return err
	}
	g.pos = p
	return nil
}

func (g *abaloneGame) play(move string) error {
	m, err := g.pos.ParseMoveIn(move, abalone.Standard)
	if err != nil {
		return err
	}
	_, _, err = g.pos.Play(m)
	return err
}

func (g *abaloneGame) gameOver() bool       { return g.pos.IsOver() }
func (g *abaloneGame) legalMoves() []string { return moveNames(g.pos.LegalMoves()) }
func (g *abaloneGame) p1Turn() bool         { return g.pos.Turn() == abalone.Black }

func (g *abaloneGame) result() string {
	switch g.pos.Outcome() {
	case abalone.BlackWins:
		return "p1win"
	case abalone.WhiteWins:
		return "p2win"
	}
	return "none"
}

func (g *abaloneGame) perft(depth int) uint64 { return abalone.Perft(&g.pos, depth) }

func (g *abaloneGame) display() string {
	return g.pos.Render(abalone.Standard) + "\nfen " + g.pos.Text() + "\n"
}

func (g *abaloneGame) setHash(mb int) {
	g.hashMB = mb
	g.searcher = nil // made again, at the new size, by the next search
}

func (g *abaloneGame) search(lim limits) func(context.Context, func(searchInfo)) string {
	if g.searcher == nil {
		g.searcher = abaloneai.NewSearcher(g.hashMB)
	}
	s, pos := g.searcher, g.pos
	al := search.Limits{Depth: lim.depth, Nodes: lim.nodes, MoveTime: lim.moveTime, Time: lim.time, Inc: lim.inc}
	return func(ctx context.Context, info func(searchInfo)) string {
		res := s.Search(ctx, pos, al, search.Options{}, func(i search.Info[abalone.Move]) {
			pv := make([]string, len(i.PV))
			for k, m := range i.PV {
				pv[k] = m.String()
			}
			info(searchInfo{depth: i.Depth, score: i.Score, mate: i.Mate, nodes: i.Nodes, time: i.Time, pv: pv})
		})
		if res.Move == abalone.NoMove {
			return ""
		}
		return res.Move.String()
	}
}
