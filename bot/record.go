package bot

// The core's side of the stored record (bot/record): the seat a speaker
// takes, who a seat's player is, and a state told how the host ended it.

// humanSeat is the seat of the message's speaker.
func humanSeat(m Message) Seat { return Seat{Kind: SeatHuman, UserID: m.UserID, Name: m.Name} }

// seatUser is who holds a human seat, to address them privately.
func seatUser(s Seat) User { return User{ID: s.UserID, Name: s.Name} }

// endState tells a state that does not know its game is over (a
// resignation, an agreed draw, the flag) how the host ended it, so that
// its board and summary say so; the record keeps the ending, so a state
// decoded from it is told again.
func endState(st State, res Result) {
	if e, ok := st.(Ender); ok && !st.Result().Over {
		e.End(res)
	}
}

// SetupPhaser is implemented by a State whose play begins with a setup
// inside the playing phase (hidden armies, hidden numbers): no clock runs
// while InSetup reports true.
type SetupPhaser interface {
	InSetup() bool
}
