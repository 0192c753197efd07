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
//   - SetupQuery, ParseAnswer, Confirm, ParseConfirmation and Result are
//     the protocol's lines; a host that runs an agent for a chat game uses
//     them with Program directly.
//   - Serve is the agent's side: it drives a Brain (our AI, a random
//     mover, a test agent) over stdin/stdout.
//
// The package imports only the engine and the standard library, so the
// bot can run AI programs as opponents with it.
package agent
