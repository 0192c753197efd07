// Package abalonegame is Abalone for the bot: the game of engine/abalone
// as a bot.Kind, with the AI of ai/abaloneai on its AI seats, or UGI
// programs named in its options.
//
// A tour, as players see it (prefix "!"):
//
//   - !abalone start [ai[:LEVEL] | @user] [standard|belgian|german]
//     [amalone] opens a game; the layout and notation words are the kind's
//     layout and write settings, which the host applies. Black moves first.
//   - Moves in either notation, with move or typed alone: !move a1b2,
//     !c6c7d6 (standard: the trailing marble's from and to; a broadside's
//     two ends and where the first goes) or !1B0-GG, !3A0-F0l (aMalone's).
//     The reply says what moved, what was pushed and what went off the
//     board, and whose turn it is; the end says who won and how ("six
//     marbles off"). A refused move is explained with the engine's
//     reason, the cells named in the table's notation (refusal.go).
//   - !abalone notation standard|amalone, on one's turn, changes how the
//     bot writes moves and labels the board at this table for the rest
//     of the game: it is an Act, because the host lets only Acts change a
//     game in play. Before play, write standard|amalone (a Configure
//     command, so also a word of start) sets it. Both notations are always
//     read.
//   - Before start, aMalone's set-up: put black|white CELL..., remove
//     CELL..., empty, turn black|white (who begins), lost black|white N,
//     layout NAME, load TEXT (a game that save printed, or a position in
//     any form engine/abalone reads). Cells are named in the table's
//     notation.
//   - save [NOTATION] prints the game as text that load replays; show
//     [NOTATION] the board; position the position text and marble list.
//   - Undo follows the host's rules: back to before the asker's last move.
//   - !abalone start ai:NAME plays a UGI program that Options.Engines
//     names (cmd/ugi -game abalone is one): one process a move, told the
//     start and the moves since in standard notation. A program that
//     times out, exits, answers nonsense or moves illegally loses the
//     game (bot.ProgramError).
//
// On the web's play page (surface.go) the board is the hexagon of 61
// cells named in the table's notation; a move is clicked as its marbles,
// then the cell ahead of an in-line move or a cell a broadside's marble
// goes to; a setup is clicked with aMalone's buttons (left: the marble of
// the side that begins, right: the other's). A finished game replays
// from where play began (Frames).
//
// The stored state is JSON: the start (a layout name or a position text),
// the moves in standard notation, how many were made before play began,
// and the table's notation. Decode replays and checks every move.
package abalonegame
