package congo

// Undo holds what MakeMove needs to take a move back.
type Undo struct {
	hash     uint64
	captured [MaxJumps]Piece // by jump; [0] also for an ordinary capture
	drowned  Bitboard
	drownedP [7]Piece // the drowned pieces, by file
	moved    Piece    // the moving piece before any promotion
	turn     Color
	jumpFrom Square
	jumper   Square
}

// MakeMove plays m, which must be a legal move of the position (from
// GenerateMoves, or checked by Play), and returns what UnmakeMove needs.
//
// The turn's order of events: the piece moves (a monkey's jumped pieces
// vanish as it passes); a pawn reaching the last rank becomes a
// superpawn; if a lion was taken the game is over and nothing else
// happens. Otherwise, at the end of the turn, the mover's pieces on the
// river drown, crocodiles excepted, unless it is the piece that has just
// come into the river from land. A monkey's turn starts where its first
// jump started, so a multi-capture from the river back into the river
// drowns it. An open move (Move.Open) keeps the turn with the monkey when
// it can jump again: drowning waits for the end of its turn.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{hash: p.hash, turn: p.turn, jumpFrom: p.jumpFrom, jumper: p.jumper}
	us := p.turn
	from, to, n := m.From(), m.To(), m.Jumps()
	pc := p.board[from]
	u.moved = pc
	lionTaken := false
	switch {
	case n > 0:
		p.remove(from, pc)
		cur := from
		for i := range n {
			d := m.JumpDir(i)
			mid := jumpMid[cur][d]
			if c := p.board[mid]; c != NoPiece {
				u.captured[i] = c
				p.remove(mid, c)
				lionTaken = lionTaken || c.Kind() == Lion
			}
			cur = jumpLand[cur][d]
		}
		p.place(to, pc)
	case from != to:
		if c := p.board[to]; c != NoPiece {
			u.captured[0] = c
			p.remove(to, c)
			lionTaken = c.Kind() == Lion
		}
		p.remove(from, pc)
		if pc.Kind() == Pawn && to.Rank() == 3+3*forward(us) {
			pc = NewPiece(us, Superpawn)
		}
		p.place(to, pc)
	}
	start := from
	if p.jumpFrom != NoSquare {
		p.hash ^= zobristJump[p.jumpFrom]
		start = p.jumpFrom
	}
	p.jumpFrom, p.jumper = NoSquare, NoSquare
	if lionTaken {
		p.turn ^= 1
		p.hash ^= zobristBlack
		return u
	}
	if m.IsOpen() && n > 0 && p.hasJump(to) {
		p.jumpFrom, p.jumper = start, to
		p.hash ^= zobristJump[start]
		return u
	}
	drown := p.colors[us] & River &^ p.kinds[Crocodile]
	if !start.IsRiver() {
		drown &^= to.Bit()
	}
	u.drowned = drown
	for b := drown; b != 0; b &= b - 1 {
		s := b.First()
		u.drownedP[s.File()] = p.board[s]
		p.remove(s, p.board[s])
	}
	p.turn ^= 1
	p.hash ^= zobristBlack
	return u
}

// UnmakeMove takes back m, which MakeMove played and answered with u.
func (p *Position) UnmakeMove(m Move, u Undo) {
	for b := u.drowned; b != 0; b &= b - 1 {
		s := b.First()
		p.place(s, u.drownedP[s.File()])
	}
	from, to, n := m.From(), m.To(), m.Jumps()
	switch {
	case n > 0:
		p.remove(to, p.board[to])
		cur := from
		for i := range n {
			d := m.JumpDir(i)
			if c := u.captured[i]; c != NoPiece {
				p.place(jumpMid[cur][d], c)
			}
			cur = jumpLand[cur][d]
		}
		p.place(from, u.moved)
	case from != to:
		p.remove(to, p.board[to])
		if c := u.captured[0]; c != NoPiece {
			p.place(to, c)
		}
		p.place(from, u.moved)
	}
	p.turn, p.jumpFrom, p.jumper, p.hash = u.turn, u.jumpFrom, u.jumper, u.hash
}
