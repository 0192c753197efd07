package record

// Ending is how a game ended.
type Ending string

// Endings the host itself gives; kinds add their own ("flag captured",
// "lion taken", "six marbles off", "jump limit").
const (
	EndResigned  Ending = "resigned"
	EndAbandoned Ending = "abandoned"
	EndAgreed    Ending = "agreed draw" // both players agreed to a draw
	EndAborted   Ending = "aborted"     // ended before each side moved: no result
	EndTime      Ending = "time"        // the side to move ran out of time
	EndMoveLimit Ending = "move limit"  // a tournament drew a game that went on too long
)

// Result is the end of a game.
type Result struct {
	Over   bool
	Winner int    // seat, or -1 for a draw
	Ending Ending // how it ended
	Score  string // "Red 30, Blue 19."
}
