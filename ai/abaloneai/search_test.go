package abaloneai

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

func mustPosition(t testing.TB, s string) abalone.Position {
	t.Helper()
	p, err := abalone.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randomPositions returns positions from random games of every layout.
func randomPositions(n int, seed uint64) []abalone.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	start := func(i int) abalone.Position { return abalone.NewPosition(abalone.AllLayouts()[i%3]) }
	return searchtest.RandomPositions(rng, n, 80, start, (*abalone.Position).LegalMoves, play, (*abalone.Position).IsOver)
}

// play makes a move, for searchtest.RandomGame.
func play(p *abalone.Position, m abalone.Move) { p.MakeMove(m) }

func TestEveryLevelPlaysLegalMoves(t *testing.T) {
	s := NewSearcher(4)
	for i, p := range randomPositions(8, 1) {
		for level := 1; level <= search.MaxLevel; level++ {
			m, err := s.ChooseMove(context.Background(), p, level, 20*time.Millisecond, int64(i))
			if err != nil || !p.IsLegal(m) {
				t.Fatalf("level %d in %v: %v, %v; want a legal move", level, p.Text(), m, err)
			}
		}
		if m := Greedy(p); !p.IsLegal(m) {
			t.Fatalf("Greedy in %v: %v is not legal", p.Text(), m)
		}
	}
}

func TestGameOverHasNoMove(t *testing.T) {
	p := mustPosition(t, "black=A1,A2,B2;white=I5,I6;lost=0,6")
	s := NewSearcher(1)
	if _, err := s.ChooseMove(context.Background(), p, search.MaxLevel, time.Second, 1); !errors.Is(err, abalone.ErrGameOver) {
		t.Errorf("ChooseMove after the end: %v; want ErrGameOver", err)
	}
	if m := Greedy(p); m != abalone.NoMove {
		t.Errorf("Greedy after the end = %v; want NoMove", m)
	}
	if _, err := ladder.Random(p, 1); !errors.Is(err, abalone.ErrGameOver) {
		t.Errorf("RandomMove after the end: %v; want ErrGameOver", err)
	}
}

// TestTakesTheWin: Black has pushed five off and can push the sixth;
// every searching level and Greedy must see it.
func TestTakesTheWin(t *testing.T) {
	p := mustPosition(t, "black=E7,F8,A1,A2;white=G9,I5,I6;lost=0,5")
	win, err := p.ParseMove("e7f8")
	if err != nil || !p.Effect(win).Ejected {
		t.Fatalf("e7f8 should push G9 off: %v, %+v", err, p.Effect(win))
	}
	s := NewSearcher(4)
	for level := 5; level <= search.MaxLevel; level++ {
		if m, err := s.ChooseMove(context.Background(), p, level, 200*time.Millisecond, 1); err != nil || m != win {
			t.Errorf("level %d chose %v, %v; want %v", level, m, err, win)
		}
	}
	if m := Greedy(p); m != win {
		t.Errorf("Greedy chose %v; want %v", m, win)
	}
}

// TestAvoidsTheLoss: Black has lost five, and White's C3, B2 threaten to
// push A1 off; Black must step out of it.
func TestAvoidsTheLoss(t *testing.T) {
	p := mustPosition(t, "black=A1,E5,E6,E4;white=C3,B2,I9,I8;turn=black;lost=5,0")
	threat := abalone.InLine(abalone.NewCell(2, 2), abalone.SouthWest, 2)
	q := p
	q.SetTurn(abalone.White)
	if !q.IsLegal(threat) || !q.Effect(threat).Ejected {
		t.Fatalf("the test position has no threat:\n%v", q.Render(abalone.Standard))
	}
	res := NewSearcher(4).Search(context.Background(), p, search.Limits{Depth: 4}, search.Options{}, nil)
	after := p
	after.MakeMove(res.Move)
	if n := after.Ejections(abalone.White); n > 0 || res.Info.Score <= -winBound {
		t.Errorf("search chose %v (score %d), after which White has %d pushes off; want none", res.Move, res.Info.Score, n)
	}
}

func TestStopsOnCancel(t *testing.T) {
	s := NewSearcher(16)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result[abalone.Move])
	go func() {
		done <- s.Search(ctx, abalone.NewPosition(abalone.GermanDaisy), search.Limits{}, search.Options{}, nil)
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		p := abalone.NewPosition(abalone.GermanDaisy)
		if !p.IsLegal(res.Move) {
			t.Errorf("cancelled search returned %v; want a legal move", res.Move)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("search did not stop within 5s of its context being cancelled")
	}
}

// TestHardDeadline: a search with a move time stops by it, with a wide
// margin for a loaded machine; this checks the deadline is obeyed, not
// speed.
func TestHardDeadline(t *testing.T) {
	s := NewSearcher(16)
	for _, p := range randomPositions(3, 2) {
		t0 := time.Now()
		res := s.Search(context.Background(), p, search.Limits{MoveTime: 100 * time.Millisecond}, search.Options{}, nil)
		if el := time.Since(t0); el > 2*time.Second {
			t.Errorf("search with a 100ms move time took %v", el)
		}
		if !p.IsLegal(res.Move) {
			t.Errorf("search returned %v; want a legal move", res.Move)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	s.Search(ctx, abalone.StartPosition(), search.Limits{}, search.Options{}, nil)
	if el := time.Since(t0); el > 2*time.Second {
		t.Errorf("search with a 50ms context deadline took %v", el)
	}
}

func TestDeterministic(t *testing.T) {
	n1, _, _, err := Bench(4)
	if err != nil {
		t.Fatal(err)
	}
	n2, _, _, _ := Bench(4)
	if n1 != n2 || n1 == 0 {
		t.Errorf("bench nodes %d then %d; want the same, non-zero", n1, n2)
	}
	p := abalone.NewPosition(abalone.BelgianDaisy)
	a, _ := NewSearcher(4).ChooseMove(context.Background(), p, 3, time.Minute, 42)
	b, _ := NewSearcher(4).ChooseMove(context.Background(), p, 3, time.Minute, 42)
	if a != b {
		t.Errorf("level 3 with one seed chose %v then %v", a, b)
	}
}

func TestPool(t *testing.T) {
	pool := NewPool(2, 4, 20*time.Millisecond)
	p := abalone.StartPosition()
	done := make(chan error, 4)
	for i := range 4 {
		go func() {
			m, err := pool.ChooseMove(context.Background(), p, 2+i, int64(i))
			if err == nil && !p.IsLegal(m) {
				err = errors.New("illegal move " + m.String())
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	// A pool whose one searcher is lent out gives up when ctx is done.
	busy := NewPool(1, 1, time.Second)
	lent, _ := busy.Searchers().Lend(context.Background())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := busy.ChooseMove(ctx, p, 5, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("ChooseMove on a busy pool with a done context: %v; want context.Canceled", err)
	}
	busy.Searchers().Return(lent)
}

func BenchmarkSearch(b *testing.B) {
	var nodes uint64
	var searching time.Duration // without making and clearing the tables
	for b.Loop() {
		n, el, _, err := Bench(5)
		if err != nil {
			b.Fatal(err)
		}
		nodes += n
		searching += el
	}
	b.ReportMetric(float64(nodes)/searching.Seconds()/1e6, "Mnodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestBudget: a move time is the hard stop with two fifths of it the
// soft one; a clock gives a thirtieth of what is left plus three quarters
// of the increment, at most a quarter of what is left, as cmd/ugi gave;
// a cap lowers the hard stop to it and the soft one to half of it.
func TestBudget(t *testing.T) {
	tests := []struct {
		name       string
		lim        search.Limits
		hard, soft time.Duration
	}{
		{"none", search.Limits{}, 0, 0},
		{"move time", search.Limits{MoveTime: time.Second}, time.Second, 400 * time.Millisecond},
		{"clock", search.Limits{Time: 30 * time.Second, Inc: time.Second}, 1750 * time.Millisecond, 700 * time.Millisecond},
		{"short clock", search.Limits{Time: 20 * time.Millisecond, Inc: time.Second}, 5 * time.Millisecond, 2 * time.Millisecond},
		{"move time over the clock", search.Limits{MoveTime: time.Second, Time: time.Minute}, time.Second, 400 * time.Millisecond},
		{"capped", search.Limits{MoveTime: time.Second, Cap: 500 * time.Millisecond}, 500 * time.Millisecond, 250 * time.Millisecond},
	}
	for _, tt := range tests {
		if hard, soft := budget(tt.lim); hard != tt.hard || soft != tt.soft {
			t.Errorf("%s: budget = %v, %v; want %v, %v", tt.name, hard, soft, tt.hard, tt.soft)
		}
	}
}
