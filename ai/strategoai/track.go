package strategoai

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// enemy is what the player knows of one enemy piece: where it is and
// what it might be. Everything here is public: moves, combat, counts.
type enemy struct {
	sq    stratego.Square
	alive bool
	rank  stratego.Rank // known rank, NoRank if unknown
	moved bool          // not a Bomb or the Flag
	home  int           // row from its own back row where it started (0–3)
	// approached is the strongest rank of ours, seen in combat, that the
	// piece stepped beside of its own accord (NoRank if none): a player
	// walks up to a known piece with one that beats it, or with the Spy
	// when it is the Marshal.
	approached stratego.Rank
}

// tracker follows a game from one seat: its own army exactly, every enemy
// piece by identity as it moves, and the ranks combat showed.
type tracker struct {
	me      stratego.Colour
	rules   stratego.Rules
	own     [stratego.NumSquares]stratego.Piece // own pieces with marks; Lake on lakes
	at      [stratego.NumSquares]int8           // enemy index+1 on a square, 0 none
	enemies []enemy
	dead    [stratego.NumRanks]int // enemy ranks destroyed
	lastOwn stratego.Move          // our last move, to discourage undoing it
	// resynced is set once sync rebuilt the enemies from a board: their
	// order no longer follows the squares they started on.
	resynced bool
}

func newTracker(me stratego.Colour, own stratego.Setup, rules stratego.Rules) *tracker {
	t := &tracker{me: me, rules: rules}
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		if s.IsLake() {
			t.own[s] = stratego.Lake
		}
	}
	for i, row := range own.Rows {
		for x, r := range row {
			t.own[ownSquare(me, i, x)] = stratego.NewPiece(me, r)
		}
	}
	for i := 0; i < 4; i++ {
		for x := 0; x < stratego.Width; x++ {
			s := ownSquare(me.Other(), i, x)
			t.enemies = append(t.enemies, enemy{sq: s, alive: true, home: i})
			t.at[s] = int8(len(t.enemies))
		}
	}
	return t
}

func ownSquare(c stratego.Colour, row, x int) stratego.Square {
	if c == stratego.Blue {
		return stratego.SquareAt(x, stratego.Height-1-row)
	}
	return stratego.SquareAt(x, row)
}

// observe applies a move's public result. The mover is whoever stands on
// its origin.
func (t *tracker) observe(r stratego.Result) error {
	from, to := r.Move.From(), r.Move.To()
	if !r.Move.Straight() {
		return fmt.Errorf("observe %v: not a move", r.Move)
	}
	ours := t.own[from].IsPiece()
	if !ours && t.at[from] == 0 {
		return fmt.Errorf("observe %v: nobody on %v", r.Move, from)
	}
	if ours {
		t.lastOwn = r.Move
		a := t.own[from].WithMoved()
		t.own[from] = stratego.Empty
		switch r.Outcome {
		case stratego.Moved:
			t.own[to] = a
		case stratego.Kills, stratego.CapturesFlag:
			t.killEnemy(to, r.Defender)
			t.own[to] = a.WithRevealed()
		case stratego.Dies:
			t.reveal(to, r.Defender)
		case stratego.BothDie:
			t.killEnemy(to, r.Defender)
		}
		return nil
	}
	i := t.at[from] - 1
	e := &t.enemies[i]
	e.moved = true
	if r.Move.Distance() > 1 {
		e.rank = stratego.Scout // only a Scout moves further
	}
	t.at[from] = 0
	switch r.Outcome {
	case stratego.Moved:
		e.sq, t.at[to] = to, i+1
		t.noteApproach(e)
	case stratego.Kills, stratego.CapturesFlag:
		t.own[to] = stratego.Empty
		e.rank, e.sq, t.at[to] = r.Attacker, to, i+1
	case stratego.Dies:
		e.rank, e.alive = r.Attacker, false
		t.dead[r.Attacker]++
		t.own[to] = t.own[to].WithRevealed()
	case stratego.BothDie:
		e.rank, e.alive = r.Attacker, false
		t.dead[r.Attacker]++
		t.own[to] = stratego.Empty
	}
	return nil
}

// noteApproach records the strongest seen piece of ours beside the
// square e just stepped to.
func (t *tracker) noteApproach(e *enemy) {
	for d := stratego.Up; d <= stratego.Right; d++ {
		n := e.sq.Step(d, 1)
		if n == stratego.NoSquare {
			continue
		}
		pc := t.own[n]
		if !pc.IsPiece() || !pc.Revealed() || !pc.Rank().Movable() {
			continue
		}
		if r := pc.Rank(); e.approached == stratego.NoRank || r < e.approached {
			e.approached = r
		}
	}
}

func (t *tracker) killEnemy(s stratego.Square, r stratego.Rank) {
	if i := t.at[s] - 1; i >= 0 {
		t.enemies[i].alive, t.enemies[i].rank = false, r
		t.at[s] = 0
		t.dead[r]++
	}
}

func (t *tracker) reveal(s stratego.Square, r stratego.Rank) {
	if i := t.at[s] - 1; i >= 0 {
		t.enemies[i].rank = r
		t.enemies[i].moved = t.enemies[i].moved || r.Movable()
	}
}

// pool returns how many unknown enemy pieces of each rank remain.
func (t *tracker) pool() (n [stratego.NumRanks]int) {
	for r := stratego.Marshal; r < stratego.NumRanks; r++ {
		n[r] = stratego.ArmyCounts[r] - t.dead[r]
	}
	for _, e := range t.enemies {
		if e.alive && e.rank != stratego.NoRank {
			n[e.rank]--
		}
	}
	for r := range n {
		n[r] = max(0, n[r])
	}
	return n
}

// sync checks the tracker against the board the manager sent and, if
// they disagree (a confirmation missed), rebuilds what it can: its own
// army from the board, enemies by square with what was known of them.
func (t *tracker) sync(v *stratego.View) bool {
	ok := true
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		pc := v.Board[s]
		mine := pc.IsPiece() && pc.Colour() == t.me
		theirs := pc.IsPiece() && pc.Colour() != t.me
		if mine != t.own[s].IsPiece() || (mine && pc.Rank() != t.own[s].Rank()) || theirs != (t.at[s] != 0) {
			ok = false
			break
		}
	}
	if ok {
		return true
	}
	old := t.enemies
	oldAt := t.at
	t.enemies, t.at = nil, [stratego.NumSquares]int8{}
	t.resynced = true
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		pc := v.Board[s]
		switch {
		case pc == stratego.Lake:
			t.own[s] = stratego.Lake
		case pc.IsPiece() && pc.Colour() == t.me:
			if !t.own[s].IsPiece() || t.own[s].Rank() != pc.Rank() {
				t.own[s] = pc.WithMoved()
			}
		case pc.IsPiece():
			t.own[s] = stratego.Empty
			e := enemy{sq: s, alive: true, moved: true}
			if j := oldAt[s] - 1; j >= 0 {
				e = old[j]
			}
			t.enemies = append(t.enemies, e)
			t.at[s] = int8(len(t.enemies))
		default:
			t.own[s] = stratego.Empty
		}
	}
	return false
}
