// Package strategogame is Stratego as a kind of game for the chat host
// (package bot): two hidden armies, set up privately and at once, then
// moves in chat coordinates, every combat announced in the channel.
//
// A tour:
//
//   - Kind (New, Options) declares the game: seats red and blue (Red
//     moves first), rule sets "progcomp" (the 2012 manager's program: a
//     Bomb survives anything but a Miner; the default) and "manual" (its
//     manual: both die), no undo, a bare move ("!b4-b6").
//   - Setup is the first phase, an Act both seats owe at once: "setup
//     ROW ROW ROW ROW" (the protocol's letters, in board order as the
//     protocol writes them: Red back row first, Blue front row first,
//     columns a to j), "setup NAME" (a named formation) or "setup
//     random", changeable until "ready", and "swap A B" to exchange two
//     of its pieces in the seat's own rows. The army comes back privately;
//     the channel hears only "Red is ready.".
//   - Surface (bot.Surfacer) is the board a play page draws, exactly the
//     board Board prints for that viewer: 10x10 cells named as the chat
//     names squares (a1 bottom left, Blue's army at the top, so Blue's
//     surface is Flip), the lakes "water", another army's unrevealed
//     pieces as its hidden mark, and a Pieces map of only the looks on the
//     board. The side to move gets its legal moves as clicks ("attack"
//     onto an enemy piece); a seat in the setup with an army and not ready
//     gets the Swap tool; before it sends one it sees its rows empty, with
//     the Random army and Fortress buttons (Actions). Frames
//     (bot.Replayer) is a finished game's positions from both armies
//     placed, a seat's army hidden as its opponent saw it on request.
//   - Play: "move b4-b6", "!b4-b6", or the protocol's "move 1 3 UP 2".
//     Columns are a–j and rows 1–10 from Red's side. Each combat is
//     announced (both ranks, who died). Board(seat) shows the seat its own
//     army and every enemy piece combat revealed, Board(Spectator) only
//     what combat revealed; after the game everyone sees everything.
//   - The record (Encode) is JSON: the rules, the turn limit, both setups
//     as protocol rows ("" until given), readiness, the moves in chat
//     notation and a forfeit if an AI program failed. Decode replays it;
//     views are derived from the position, never stored.
//   - AIAct plays a seat with ai/strategoai, fed only that seat's army and
//     the public result of every move; or with an AI program the operator
//     named (Options.Programs), started for each action, brought to the
//     position by replaying the game to it (agent.Seat.Replay), asked
//     once, then stopped and reaped. Because nothing of the program lives
//     between actions, a game against a program survives a bot restart
//     unchanged: the next action starts a fresh process and replays the
//     record to it, the record winning wherever the program would now
//     answer differently. A program that crashes, hangs, writes garbage,
//     surrenders, sets up badly or moves illegally loses the game by the
//     manual's rules (the manager ends the game for such a side); one
//     that is not configured or cannot be started is an error the host
//     reports, and the game waits for the operator. The replay costs the
//     program's thinking time for each of its recorded moves, so an
//     action late in a long game takes longer (BenchmarkProgramAct).
//   - Export writes the game as the 2012 manager's -o log, which
//     cmd/stratego -f replays to the same result line; endings the
//     manager lacks are mapped to its nearest (a resignation is the
//     resigner's SURRENDER; see Export). A running game is exported only
//     to its players, the opponent's army written as #.
//
// A resignation, an agreed draw, an abort or a flag is the host's: it
// tells the State through End (bot.Ender), and from then on, as after
// every other ending, everyone sees both armies.
package strategogame
