// Package ataxx implements the rules of Ataxx: the board, moves, the
// notations players and engines use, and a fast move generator.
//
// A tour:
//
//   - Square, Color, Piece and Move are small typed values with String
//     methods. ParseSquare and ParseMove read the manual's notation
//     ("a7-b6", "-") and the UAI one ("b6", "a7c5", "0000").
//   - Position holds a 7×7 board as bitboards (one bit per square,
//     a1 = bit 0, g7 = bit 48), the side to move, the clocks, a Zobrist
//     hash and the Rules in force. ParseFEN and Position.FEN read and
//     write the standard Ataxx FEN.
//   - Position.GenerateMoves fills a caller's MoveList without allocating,
//     for search; Position.LegalMoves returns a slice, for everyone else.
//   - Position.MakeMove and Position.UnmakeMove move forward and back
//     exactly; Position.Play checks legality first and explains refusals.
//   - Position.Dump prints the users' guide dump format; Position.Pretty a
//     friendlier board with coordinates and the score.
//   - Perft counts leaf nodes, the standard proof of a move generator.
//
// The rules follow the Ataxx users' guide (clone or jump, convert the
// neighbours of the destination, pass only when no move exists, blocks are
// neutral) with three rule sets for the end of the game: see Rules.
package ataxx
