package congo

// targets returns the destinations of the non-monkey piece pc of colour
// us on s: every square it may move to, capturing or not. Monkeys are
// handled apart because their captures are paths.
func (p *Position) targets(s Square, pc Piece, us Color) Bitboard {
	own := p.colors[us]
	occ := own | p.colors[us^1]
	empty := AllSquares &^ occ
	switch pc.Kind() {
	case Pawn:
		t := pawnTargets[us][s] &^ own
		// Beyond the river a pawn may also go one or two squares straight
		// back, neither capturing nor jumping.
		if (us == White && s.Rank() > 3) || (us == Black && s.Rank() < 3) {
			t |= slide(s, 0, -forward(us), 2, empty)
		}
		return t
	case Superpawn:
		back := -forward(us)
		return superTargets[us][s]&^own |
			slide(s, 0, back, 2, empty) |
			slide(s, -1, back, 2, empty) |
			slide(s, 1, back, 2, empty)
	case Elephant:
		return elephantTargets[s] &^ own
	case Giraffe:
		return giraffeFar[s]&^own | kingTargets[s]&empty
	case Zebra:
		return knightTargets[s] &^ own
	case Crocodile:
		return crocLeaps[s]&^own | p.crocSlides(s, own, empty)
	case Lion:
		return lionTargets[us][s]&^own | p.lionJump(s, us, empty)
	}
	return 0
}

// slide returns up to n squares from s in direction (df, dr) while they
// are empty: the backward moves of pawns and superpawns.
func slide(s Square, df, dr, n int, empty Bitboard) Bitboard {
	var t Bitboard
	f, r := s.File(), s.Rank()
	for range n {
		f, r = f+df, r+dr
		if f < 0 || f > 6 || r < 0 || r > 6 {
			break
		}
		b := NewSquare(f, r).Bit()
		if empty&b == 0 {
			break
		}
		t |= b
	}
	return t
}

// crocSlides returns the crocodile's rook moves: on land straight towards
// the river, into it at most; on the river along it. Each ends on an empty
// square or on the first enemy piece.
func (p *Position) crocSlides(s Square, own, empty Bitboard) Bitboard {
	var t Bitboard
	if s.IsRiver() {
		for _, df := range [2]int{-1, 1} {
			for f := s.File() + df; f >= 0 && f < 7; f += df {
				b := NewSquare(f, 3).Bit()
				if own&b != 0 {
					break
				}
				t |= b
				if empty&b == 0 {
					break
				}
			}
		}
		return t
	}
	dr := 1
	if s.Rank() > 3 {
		dr = -1
	}
	for r := s.Rank() + dr; ; r += dr {
		b := NewSquare(s.File(), r).Bit()
		if own&b != 0 {
			break
		}
		t |= b
		if empty&b == 0 || r == 3 {
			break
		}
	}
	return t
}

// lionJump returns the enemy lion's square if the lion on s, in its own
// castle, sees it along a file or a diagonal towards the enemy with
// nothing between: the lion may jump there and capture it.
func (p *Position) lionJump(s Square, us Color, empty Bitboard) Bitboard {
	if !castle(us).Has(s) {
		return 0
	}
	target := p.colors[us^1] & p.kinds[Lion] & castle(us^1)
	if target == 0 {
		return 0
	}
	dr := forward(us)
	for df := -1; df <= 1; df++ {
		f, r := s.File()+df, s.Rank()+dr
		for f >= 0 && f < 7 && r >= 0 && r < 7 {
			b := NewSquare(f, r).Bit()
			if empty&b == 0 {
				if target&b != 0 {
					return b
				}
				break
			}
			f, r = f+df, r+dr
		}
	}
	return 0
}

// GenerateMoves fills l with every legal move of the side to move, each
// whole turn once: a monkey's multi-capture is one move per path, every
// prefix of a path included. While a monkey's jump is unfinished, the
// moves are its stop and its further paths. A finished game has no moves.
// It does not allocate.
func (p *Position) GenerateMoves(l *MoveList) {
	l.Len = 0
	if p.lionsOutcome() != Ongoing {
		return
	}
	p.generate(l)
}

// generate adds the moves the pieces have, whatever the lions say.
func (p *Position) generate(l *MoveList) {
	us := p.turn
	occ := p.colors[0] | p.colors[1]
	enemy := p.colors[us^1]
	if p.jumpFrom != NoSquare {
		s := p.jumper
		l.add(NewMove(s, s))
		p.genJumps(l, moveReal|Move(s), s, 0, occ&^s.Bit(), enemy)
		return
	}
	empty := AllSquares &^ occ
	for b := p.colors[us]; b != 0; b &= b - 1 {
		s := b.First()
		pc := p.board[s]
		if pc.Kind() == Monkey {
			for t := kingTargets[s] & empty; t != 0; t &= t - 1 {
				l.add(NewMove(s, t.First()))
			}
			p.genJumps(l, moveReal|Move(s), s, 0, occ&^s.Bit(), enemy)
			continue
		}
		for t := p.targets(s, pc, us); t != 0; t &= t - 1 {
			l.add(NewMove(s, t.First()))
		}
	}
}

// genJumps adds every jump path of the monkey that is on cur after n
// jumps of the path base (origin and directions so far). occ and enemy
// already lack the pieces jumped, which vanish at once, and the monkey
// itself, which may land where it started.
func (p *Position) genJumps(l *MoveList, base Move, cur Square, n int, occ, enemy Bitboard) {
	lions := p.kinds[Lion]
	for d := range 8 {
		mid, land := jumpMid[cur][d], jumpLand[cur][d]
		if mid == NoSquare || enemy&mid.Bit() == 0 || occ&land.Bit() != 0 {
			continue
		}
		if l.Len >= MaxMoves {
			return // a board built to multiply paths: keep the first ones
		}
		path := base | Move(d)<<(dirShift+3*n)
		l.add(path | Move(n+1)<<jumpShift | Move(land)<<6)
		// Taking the lion ends the turn and the game.
		if lions&mid.Bit() == 0 && n+1 < MaxJumps {
			p.genJumps(l, path, land, n+1, occ&^mid.Bit(), enemy&^mid.Bit())
		}
	}
}

// countJumps returns how many moves genJumps would add, counting no
// further than limit so that no board can make it walk for long.
func (p *Position) countJumps(cur Square, n int, occ, enemy Bitboard, limit int) int {
	lions := p.kinds[Lion]
	c := 0
	for d := range 8 {
		mid, land := jumpMid[cur][d], jumpLand[cur][d]
		if mid == NoSquare || enemy&mid.Bit() == 0 || occ&land.Bit() != 0 {
			continue
		}
		if c >= limit {
			return c
		}
		c++
		if lions&mid.Bit() == 0 && n+1 < MaxJumps {
			c += p.countJumps(land, n+1, occ&^mid.Bit(), enemy&^mid.Bit(), limit-c)
		}
	}
	return c
}

// CountMoves returns the number of moves GenerateMoves would make, without
// making them: the leaf count of a perft of depth 1. Like a MoveList it
// stops at MaxMoves, which no real position reaches.
func (p *Position) CountMoves() int {
	if p.lionsOutcome() != Ongoing {
		return 0
	}
	us := p.turn
	occ := p.colors[0] | p.colors[1]
	enemy := p.colors[us^1]
	if p.jumpFrom != NoSquare {
		return 1 + p.countJumps(p.jumper, 0, occ&^p.jumper.Bit(), enemy, MaxMoves-1)
	}
	empty := AllSquares &^ occ
	n := 0
	for b := p.colors[us]; b != 0; b &= b - 1 {
		s := b.First()
		pc := p.board[s]
		if pc.Kind() == Monkey {
			n += (kingTargets[s] & empty).Count()
			n += p.countJumps(s, 0, occ&^s.Bit(), enemy, max(MaxMoves-n, 0))
			continue
		}
		n += p.targets(s, pc, us).Count()
	}
	return min(n, MaxMoves)
}

// hasJump reports whether the monkey on s could jump again.
func (p *Position) hasJump(s Square) bool {
	occ := p.colors[0] | p.colors[1]
	enemy := p.colors[p.board[s].Color()^1]
	for d := range 8 {
		mid, land := jumpMid[s][d], jumpLand[s][d]
		if mid != NoSquare && enemy&mid.Bit() != 0 && occ&land.Bit() == 0 {
			return true
		}
	}
	return false
}

// CanTakeLion reports whether the side to move has a move that captures
// the enemy lion: the lion is "in danger" in the guide's program's words.
// It does not allocate.
func (p *Position) CanTakeLion() bool {
	if p.lionsOutcome() != Ongoing {
		return false
	}
	us := p.turn
	lion := p.colors[us^1] & p.kinds[Lion]
	occ := p.colors[0] | p.colors[1]
	enemy := p.colors[us^1]
	if p.jumpFrom != NoSquare {
		budget := MaxMoves
		return p.jumpTakes(p.jumper, 0, occ&^p.jumper.Bit(), enemy, lion, &budget)
	}
	for b := p.colors[us]; b != 0; b &= b - 1 {
		s := b.First()
		pc := p.board[s]
		if pc.Kind() == Monkey {
			budget := MaxMoves
			if p.jumpTakes(s, 0, occ&^s.Bit(), enemy, lion, &budget) {
				return true
			}
			continue
		}
		if p.targets(s, pc, us)&lion != 0 {
			return true
		}
	}
	return false
}

// jumpTakes reports whether a monkey path from cur jumps over target,
// visiting at most *budget paths.
func (p *Position) jumpTakes(cur Square, n int, occ, enemy, target Bitboard, budget *int) bool {
	for d := range 8 {
		mid, land := jumpMid[cur][d], jumpLand[cur][d]
		if mid == NoSquare || enemy&mid.Bit() == 0 || occ&land.Bit() != 0 {
			continue
		}
		if target&mid.Bit() != 0 {
			return true
		}
		if *budget--; *budget <= 0 {
			return false
		}
		if n+1 < MaxJumps && p.jumpTakes(land, n+1, occ&^mid.Bit(), enemy&^mid.Bit(), target, budget) {
			return true
		}
	}
	return false
}
