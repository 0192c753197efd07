// Package bot is the game host: the command language players type in
// chat, one game per channel kept in a store, seats and turns, challenges,
// undo and resignation, and the replies the adapters send back.
//
// A tour:
//
//   - Message comes in from an adapter (console, IRC, Discord); Reply goes
//     back. Adapters only translate these.
//   - Bot.Handle parses a message, loads the channel's Record from the
//     Store, applies the command, saves with compare-and-set (retrying on
//     a conflict, so a command is applied once or refused), and returns
//     the replies. When an AI holds the side to move it plays at once.
//   - Game and State are the small interface a game kind implements
//     (package ataxxgame for Ataxx): its own commands, notation and
//     rendering. Seats, turns, challenges, undo consent, resignation and
//     the record are generic here.
//   - Store, Clock and the AI a game uses are interfaces declared by their
//     consumers; store/memory and store/bolt implement Store.
package bot
