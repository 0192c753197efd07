// Package store holds the implementations of bot.Store: memory (a full
// in-process store), bolt (embedded, on disk, the bot's default) and the
// contract suite storetest that every implementation passes.
//
// The errors of the contract are the bot's: ErrNotFound and ErrConflict
// here are the same values as bot.ErrNotFound and bot.ErrConflict.
package store

import "github.com/ataxxbot/ataxxbot/bot"

// The contract's errors, named where stores are.
var (
	ErrNotFound = bot.ErrNotFound
	ErrConflict = bot.ErrConflict
)
