// Package clock times the host's games: Fischer ("10m+5s") and
// correspondence ("1d") clocks, kept in each game's record
// (bot.Record.Clock, a bot.GameClock) as timestamps, so time runs while no
// process is up and any process reads the same deadline from the store.
//
// A tour:
//   - keeper.go: Keeper, the feature attached to a bot (Attach); it is a
//     bot.Referee, told of each table's moments: start's CLOCK word and
//     the default time control (Config.Default), the clock set running
//     when play begins and after each action, the flag claimed before a
//     command or an action when the side to move has run out of time
//     (EndTime), the clock lines of the host's messages, the AI's time
//     budget (bot.AIPlayer.Budget).
//   - gameclock.go: the clock's arithmetic on a bot.GameClock.
//   - timer.go: a bot that delivers through a Sender (bot.Async) keeps a
//     timer per clocked table and claims a fallen flag on time; a table
//     with a running clock stays marked as owing work, so any process
//     that starts (bot.Resume) keeps its timer.
//
// A kind whose play begins with a setup (bot.SetupPhaser) is untimed
// during it.
package clock
