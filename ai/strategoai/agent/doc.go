// Package agent speaks the line protocol of the UCC Programming
// Competition 2012 Stratego manager, on both sides, and runs its games.
//
// A tour:
//
//   - Process runs an agent program as a child process (no arguments,
//     stdin/stdout pipes, its own process group): Send, ReadLine with a
//     timeout, Pause/Resume (SIGSTOP/SIGCONT), Kill and Close, which
//     always reap it. A crash, a hang or garbage come back as ErrExited,
//     ErrTimeout or ErrGarbage, never as a panic or a stuck caller.
//   - Program is such a process as a Player; Player is one side of a
//     managed game (a program, a person, a recorded game).
//   - Run manages a game between two Players exactly as the program does
//     (see stratego-protocol.md): which lines each side reads and when,
//     -i, the turn limit, SURRENDER, bad setups, and the Result line.
//   - Judge is the manager's ruling on one answer (the heart of Run);
//     Seat keeps what a player has yet to be told. A host that runs a game
//     itself (a chat game against an agent program) seats the Program,
//     Tells it every confirmation, Asks it on its turn and Judges the
//     answer, so the program reads exactly what the manager would send.
//     After a host restart, Seat.Replay brings a fresh process to the
//     recorded position (the record wins where the program answers
//     differently).
//   - SetupQuery, ParseAnswer, Confirm, ParseConfirmation, ParseBoard and
//     Result are the protocol's lines.
//   - Serve is the agent's side: it drives a Brain (our AI, a random
//     mover, a test agent) over stdin/stdout.
//
// The package imports only the engine and the standard library, so the
// bot can run AI programs as opponents with it.
package agent
