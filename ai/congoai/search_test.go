package congoai

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// randomPositions returns positions reached by random play from the
// standard start and the guide's "plenty of moves" board.
func randomPositions(n int, seed uint64) []congo.Position {
	start := searchtest.Starts(congo.ParseFEN, congo.StartFEN, "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1")
	return searchtest.RandomPositions(rand.New(rand.NewPCG(seed, 1)), n, 40, start, (*congo.Position).LegalMoves, play, (*congo.Position).GameOver)
}

// play makes a move, for searchtest.RandomGame.
func play(p *congo.Position, m congo.Move) { p.MakeMove(m) }

func TestNeverAnIllegalMove(t *testing.T) {
	s := NewSearcher(4)
	for i, p := range randomPositions(12, 5) {
		res := s.Search(context.Background(), p, search.Limits{Depth: 3}, search.Options{}, nil)
		if !slices.Contains(p.LegalMoves(), res.Move) {
			t.Errorf("position %d %s: move %v is not legal", i, p.FEN(), res.Move)
		}
		for _, adv := range []func() (congo.Move, error){
			func() (congo.Move, error) { return Random(p, int64(i)) },
			func() (congo.Move, error) { return Negamax(p, 3) },
		} {
			m, err := adv()
			if err != nil || !slices.Contains(p.LegalMoves(), m) {
				t.Errorf("position %d %s: adviser move %v, %v is not legal", i, p.FEN(), m, err)
			}
		}
	}
}

// In the middle of a monkey's jumps (the guide's program's way) the
// answer is the stop or a further path.
func TestMoveWhileJumping(t *testing.T) {
	p, err := congo.ParseFEN("7/4l2/7/4c2/3M3/7/3L3/w/43")
	if err != nil {
		t.Fatal(err)
	}
	res := NewSearcher(1).Search(context.Background(), p, search.Limits{Depth: 3}, search.Options{}, nil)
	if got, want := res.Move.String(), "d3-f5-d7"; got != want {
		t.Errorf("move = %s; want %s, which takes the lion", got, want)
	}
	if m, err := Negamax(p, 3); err != nil || m.String() != "d3-f5-d7" {
		t.Errorf("Negamax = %v, %v; want d3-f5-d7", m, err)
	}
}

func TestGameOverHasNoMove(t *testing.T) {
	p, err := congo.ParseFEN("7/7/7/7/7/7/3L3/b/-1")
	if err != nil {
		t.Fatal(err)
	}
	if res := NewSearcher(1).Search(context.Background(), p, search.Limits{Depth: 2}, search.Options{}, nil); res.Move != congo.NoMove {
		t.Errorf("Search in a finished game = %v; want NoMove", res.Move)
	}
	if _, err := Random(p, 1); !errors.Is(err, congo.ErrGameOver) {
		t.Errorf("Random error = %v; want %v", err, congo.ErrGameOver)
	}
	if _, err := Negamax(p, 2); !errors.Is(err, congo.ErrGameOver) {
		t.Errorf("Negamax error = %v; want %v", err, congo.ErrGameOver)
	}
	if _, err := ChooseMove(context.Background(), p, 10, time.Second, 1); !errors.Is(err, congo.ErrGameOver) {
		t.Errorf("ChooseMove error = %v; want %v", err, congo.ErrGameOver)
	}
}

func TestFindsTheLion(t *testing.T) {
	tests := []struct {
		name, fen string
		want      string
		mate      int
	}{
		// The guide's three-jump win.
		{"monkey's three jumps", "7/4l2/7/4c2/7/2p4/1M1L3/w/-1", "b1-d3-f5-d7", 1},
		{"lion to lion", "3l3/7/7/7/7/7/3L3/w/-1", "d1-d7", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := congo.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			res := NewSearcher(4).Search(context.Background(), p, search.Limits{Depth: 4}, search.Options{}, nil)
			if tt.want != "" && res.Move.String() != tt.want {
				t.Errorf("move = %v; want %s", res.Move, tt.want)
			}
			if res.Info.Mate != tt.mate {
				t.Errorf("mate = %d; want %d (score %d, pv %v)", res.Info.Mate, tt.mate, res.Info.Score, res.Info.PV)
			}
		})
	}
}

// The zebra on e5 attacks Black's lion: the search must move it to a
// square nothing attacks.
func TestSavesTheLion(t *testing.T) {
	p, err := congo.ParseFEN("3l3/7/4Z2/3P3/7/7/3L3/b/-1")
	if err != nil {
		t.Fatal(err)
	}
	res := NewSearcher(4).Search(context.Background(), p, search.Limits{Depth: 4}, search.Options{}, nil)
	q := p
	if err := q.Play(res.Move); err != nil {
		t.Fatal(err)
	}
	if q.CanTakeLion() {
		t.Errorf("after %v White can take the lion: %s", res.Move, q.FEN())
	}
}

func TestStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := congo.NewPosition()
	res := NewSearcher(4).Search(ctx, p, search.Limits{}, search.Options{}, nil)
	if !slices.Contains(p.LegalMoves(), res.Move) {
		t.Errorf("cancelled search move %v is not legal", res.Move)
	}
	if res.Info.Depth > 1 {
		t.Errorf("cancelled search went to depth %d; want at most 1", res.Info.Depth)
	}
}

// A board built to multiply a monkey's paths (every square between its
// landing squares holds an enemy piece) must not hold the search past
// its budget: it answers with a legal move.
func TestExplodingBoardIsTimeSafe(t *testing.T) {
	p := congo.EmptyPosition()
	for s := range congo.Square(congo.NumSquares) {
		if s.File()%2 == 1 || s.Rank()%2 == 1 {
			p.Put(s, congo.NewPiece(congo.Black, congo.Pawn))
		}
	}
	p.Put(congo.NewSquare(4, 6), congo.NewPiece(congo.Black, congo.Lion)) // e7: no path jumps it
	p.Put(congo.NewSquare(0, 0), congo.NewPiece(congo.White, congo.Monkey))
	p.Put(congo.NewSquare(2, 0), congo.NewPiece(congo.White, congo.Lion))
	p.Put(congo.NewSquare(6, 0), congo.NewPiece(congo.White, congo.Monkey))
	res := NewSearcher(1).Search(context.Background(), p, search.Limits{MoveTime: 20 * time.Millisecond}, search.Options{}, nil)
	if !slices.Contains(p.LegalMoves(), res.Move) {
		t.Errorf("move %v is not legal", res.Move)
	}
}

func TestNodeLimit(t *testing.T) {
	p := congo.NewPosition()
	res := NewSearcher(4).Search(context.Background(), p, search.Limits{Nodes: 5000}, search.Options{}, nil)
	if res.Info.Nodes > 5000+1 {
		t.Errorf("searched %d nodes; want at most 5000", res.Info.Nodes)
	}
}

// benchNodesNow is the bench signature's node count.
func benchNodesNow() uint64 {
	n, _, _, err := Bench(BenchDepth)
	if err != nil {
		panic(err)
	}
	return n
}

func TestBenchIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("searches four positions to depth 6 twice")
	}
	a, b := benchNodesNow(), benchNodesNow()
	if a != b {
		t.Errorf("bench nodes %d then %d; want the same", a, b)
	}
	t.Logf("Bench: %d nodes", a)
}

func BenchmarkSearch(b *testing.B) {
	var nodes uint64
	for b.Loop() {
		nodes += benchNodesNow()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(benchNodesNow()), "bench-nodes")
}

func TestLevels(t *testing.T) {
	p := congo.NewPosition()
	fixed, timed := NewPool(1, 1, 10*time.Second), NewPool(1, 1, 50*time.Millisecond)
	for level := 1; level <= search.MaxLevel; level++ {
		pool := fixed
		if level >= 9 {
			pool = timed
		}
		m, err := pool.ChooseMove(context.Background(), p, level, 7)
		if err != nil || !slices.Contains(p.LegalMoves(), m) {
			t.Errorf("level %d: %v, %v; want a legal move", level, m, err)
		}
		if level >= 9 {
			continue // thinks for a time: the move may differ
		}
		again, _ := pool.ChooseMove(context.Background(), p, level, 7)
		if again != m {
			t.Errorf("level %d with the same seed chose %v then %v", level, m, again)
		}
	}
}
