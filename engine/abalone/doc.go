// Package abalone implements the rules of Abalone as the Amiga program
// aMalone (1994) states them: the board, moves, both notations players
// write, positions set up by hand, saved games and a fast move generator.
//
// A tour:
//
//   - Cell, Direction, Color, Piece and Move are small typed values with
//     String methods. A Cell is written in standard coordinates ("A1" ..
//     "I9": rows A..I from Black's edge, diagonals 1..9) or by its aMalone
//     name ("A0" .. "F9", "GG"): see ParseCell, ParseCellIn, Cell.AMalone.
//   - Position holds the 61 cells as two bitboards, the marbles each side
//     has lost, the side to move and a Zobrist hash. NewPosition sets up a
//     Layout (standard, Belgian daisy, German daisy); Put, Remove, Toggle,
//     SetTurn and SetLost set one up by hand as aMalone's editor does.
//   - ParsePosition reads a layout name, the marble list
//     ("black=A1,A2;white=I5;turn=white") or the position text, this
//     package's FEN-like form ("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb
//     b 0 0": rows I..A, side to move, marbles lost by Black and White);
//     Position.Text and Position.MarbleList write them.
//   - Position.GenerateMoves fills a caller's MoveList without allocating,
//     for search; Position.LegalMoves returns a slice, for everyone else;
//     CountMoves counts them. Position.MakeMove and UnmakeMove move forward
//     and back exactly; Position.Play checks legality first and reports
//     what was pushed off (Effect).
//   - Position.ParseMove reads a move in either notation and checks it;
//     Position.FormatMove writes it in the Notation asked for: Standard
//     ("a1b2" in line, "c6c7d6" broadside) or AMalone ("1B0-GG",
//     "3A0-F0l", "2GG-D0r", "3E2-E4+"). Move.String is the standard form.
//   - Position.Render draws the hexagon for a monospaced chat block, with
//     the coordinates of either notation and the marbles lost.
//   - FormatGame and ParseGame save a game as text (start and moves) and
//     replay it; Perft and Divide count the legal move tree.
//
// aMalone's notation "<n><s1>-<s2><x>", worked out from its manual's four
// examples: s1 is the top marble of the row of n, which is the one in front
// in the direction of the move (for a broadside the row leans 60° from the
// move, so one end is ahead), and s2 is where it goes. x is "l" or "r" for
// a broadside, as the move turns left or right of the row's direction from
// its tail to its top; "+" for an in-line move that pushes a marble off;
// nothing otherwise. With that reading every legal move has exactly one
// form and the four examples of the manual come out as written.
//
// Where the manual is silent: a side to move that has no legal move (only
// possible in a position set up by hand) loses; a hand-set position
// counts lost marbles from zero unless told otherwise.
package abalone
