// Package stratego implements the rules of Stratego as the UCC
// Programming Competition 2012 manager plays them: the board, the armies
// and their setups, combat, the end of the game, the notations people and
// programs use, and views that hide each army from the other side.
//
// A tour:
//
//   - Colour, Rank, Piece, Square, Direction and Move are small typed
//     values with String methods. Ranks are the manual's numbers (1
//     Marshal … 9 Scout, 10 Spy, then Bomb and Flag) and print as the
//     protocol's letters with Token.
//   - Squares count as the protocol does, x 0–9 left to right and y 0–9
//     from Red's back row; in chat they are named a–j and 1–10 from Red's
//     side ("b4" is x 1, y 3). ParseMove reads both "b4-b6" and the
//     protocol's "1 3 DOWN 2"; Move.String and Move.Protocol write them.
//   - Setup is one side's 40 pieces; ParseSetupLines reads the 4 lines an
//     agent answers the setup query with, ParseSetup also takes a named
//     Formation or "random"; Validate checks the manual's counts.
//   - Position is the full-information state: pieces with their public
//     marks (moved, revealed by combat), side to move, the manager's turn
//     counter and limit, the Rules (Progcomp: a Bomb survives a non-Miner;
//     Manual: both die). GenerateMoves fills a MoveList without
//     allocating; MakeMove/UnmakeMove go forward and back exactly; Legal
//     and Play explain refusals; Status says who won and why; Perft counts
//     leaves.
//   - Position.View(seat) derives what a seat sees: its own pieces, every
//     piece combat revealed, the rest as owner-only pieces. View's
//     ProtocolLines is the manager's board message; Render a board for
//     people with chat coordinates from either side.
//   - Position.MarshalText / ParsePosition write and read the full
//     position as text (see text.go for the format); Game keeps a game's
//     start, moves and resignation and writes them as text too.
package stratego
