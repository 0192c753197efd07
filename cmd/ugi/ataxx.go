package main

import (
	"context"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// ataxxGame plays Ataxx (engine/ataxx, package ataxxai) under the modern
// engines' rules (100 plies without a clone is a draw), as UAI engines
// do. Player 1 is Red, x in FEN. Moves are UAI's: "b6", "a7c5", "0000".
type ataxxGame struct {
	pos      ataxx.Position
	searcher *ataxxai.Searcher
	hashMB   int
}

func newAtaxx() game {
	g := &ataxxGame{hashMB: defaultHashMB}
	g.setStart()
	return g
}

func (g *ataxxGame) reset() {
	g.setStart()
	g.searcher = nil // a fresh table; package ataxxai is used only through NewSearcher and Search
}

func (g *ataxxGame) setStart() {
	g.pos = ataxx.NewPosition()
	g.pos.SetRules(ataxx.RulesUAI)
}

func (g *ataxxGame) setFEN(fen string) error {
	p, err := ataxx.ParseFEN(fen)
	if err != nil {
		return err
	}
	p.SetRules(ataxx.RulesUAI)
	g.pos = p
	return nil
}

func (g *ataxxGame) play(move string) error {
	m, err := ataxx.ParseMove(move)
	if err != nil {
		return err
	}
	_, _, err = g.pos.Play(m)
	return err
}

func (g *ataxxGame) gameOver() bool       { return g.pos.IsOver() }
func (g *ataxxGame) legalMoves() []string { return moveNames(g.pos.LegalMoves()) }
func (g *ataxxGame) p1Turn() bool         { return g.pos.Turn() == ataxx.Red }

func (g *ataxxGame) result() string {
	switch g.pos.Outcome() {
	case ataxx.RedWins:
		return "p1win"
	case ataxx.BlueWins:
		return "p2win"
	case ataxx.Draw:
		return "draw"
	}
	return "none"
}

func (g *ataxxGame) perft(depth int) uint64 { return ataxx.Perft(&g.pos, depth) }

func (g *ataxxGame) display() string { return g.pos.Pretty() + "\nfen " + g.pos.FEN() + "\n" }

func (g *ataxxGame) setHash(mb int) {
	g.hashMB = mb
	g.searcher = nil
}

func (g *ataxxGame) search(lim limits) func(context.Context, func(searchInfo)) string {
	if g.searcher == nil {
		g.searcher = ataxxai.NewSearcher(g.hashMB)
	}
	s, pos := g.searcher, g.pos
	al := search.Limits{Depth: lim.depth, Nodes: lim.nodes, MoveTime: lim.moveTime, Time: lim.time, Inc: lim.inc}
	return func(ctx context.Context, info func(searchInfo)) string {
		res := s.Search(ctx, pos, al, search.Options{}, func(i search.Info[ataxx.Move]) {
			pv := make([]string, len(i.PV))
			for k, m := range i.PV {
				pv[k] = m.String()
			}
			info(searchInfo{depth: i.Depth, score: i.Score, mate: i.Mate, nodes: i.Nodes, time: i.Time, pv: pv})
		})
		if res.Move == ataxx.NoMove {
			return ""
		}
		return res.Move.String()
	}
}
