// Package congo implements the rules of Congo, the chess variant of the
// project's user guide: the board, moves, the guide's notations and texts,
// and a fast move generator.
//
// A tour:
//
//   - Square, Color, Kind, Piece and Move are small typed values with
//     String methods. A Move is a whole turn: a piece's step, leap or
//     slide, or a monkey's multi-capture as one path ("b1-d3-f5-d7").
//   - Position holds the 7×7 board as bitboards (a1 = bit 0, g7 = bit 48)
//     beside a mailbox, the side to move, the origin of an unfinished
//     monkey jump and a Zobrist hash. ParseFEN and Position.FEN read and
//     write Congo FEN exactly as the guide writes it
//     ("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1").
//   - Position.GenerateMoves fills a caller's MoveList without allocating,
//     for search; Position.LegalMoves returns a sorted slice, for
//     everyone else. CountMoves counts without generating.
//   - Position.MakeMove and Position.UnmakeMove move forward and back
//     exactly; Position.Play checks legality first.
//   - Position.ParseMove reads whole turns ("a2 a3", "a2-a3", "b1-d3-f5");
//     Position.ParseStep reads them as the guide's program does, a
//     monkey's jump at a time, the turn staying with the monkey until it
//     stops ("d3 d3") or cannot jump again.
//   - BoardText, PlayersText, MovesText, TransitionText, Help and Banner
//     are the guide's texts, for front ends to print.
//   - Perft counts leaf nodes ("turn perft", as the project's vectors
//     define it).
//
// # Rules
//
// Pieces move as the guide says: the lion as a king inside its castle,
// and onto the enemy lion along a clear file or diagonal; the zebra as a
// knight; the elephant one or two squares straight, jumping; the giraffe
// one square any way without capturing, or two squares straight or
// diagonally, jumping and capturing; the crocodile as a king, and as a
// rook straight towards the river (into it at most) or along it; the pawn
// one square forward, straight or diagonally, and beyond the river one or
// two squares straight back without capturing or jumping; a pawn reaching
// the last rank becomes a superpawn, which also moves and captures one
// square sideways and goes back one or two squares straight or
// diagonally, never capturing or jumping, wherever it stands; the monkey
// steps as a king without capturing, and captures by jumping over an
// enemy piece to the empty square beyond, as many times as it likes, each
// jumped piece vanishing at once. Taking a lion ends the game at once,
// also in the middle of a monkey's jumps. There is no check; a side with
// no move at all loses.
//
// # Drowning, turn by turn
//
// A piece other than a crocodile that ends its owner's turn on the river
// and is still there at the end of that owner's next turn drowns. So at
// the end of each turn the mover's river pieces drown, except the piece
// that has just come into the river from land. A monkey's whole
// multi-capture is one turn, which starts where its first jump started: a
// monkey that starts on the river and ends on it drowns, the captures
// before standing; one that starts on land survives. Drowning is applied
// once, when the turn ends. The guide's reference program (zhukovdm/Congo)
// instead drowns the mover's own river pieces after every single jump,
// which lets a monkey land, later in the same turn, on a square such a
// piece stood on; we follow the guide's wording, turn by turn, so that
// square stays blocked for the whole turn.
//
// The perft figures of the project's vectors (start, depth 5: 9,404,326)
// are reproduced by the tests.
package congo
