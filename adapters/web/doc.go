// Package web is the bot's HTTP side for operators and spectators: a
// health check (/healthz), Prometheus metrics (/metrics), and a read-only
// view of the games (running games at /, a game at /games/ID with live
// updates, leaderboards at /top/KIND) and of the tournaments (the running
// ones at /tournaments, one at /tournaments/ID with live updates).
//
// A tour:
//
//   - Server serves one address until its context ends, then shuts down
//     gracefully. It only reads: nothing it serves changes a game.
//   - /healthz asks the store for a key nobody writes, with a short
//     timeout: an answer (even "not found") is 200 "ok", a failure or
//     a timeout 503, each one line.
//   - Metrics is a metrics.Observer (bot/metrics) that counts into a registry the wiring
//     owns (cmd/ataxxbot makes it: no default registry, no globals).
//     Its label values are bounded: a kind not hosted, a network not
//     served, or an ending past the first few are "other"; an empty one
//     is "none". Gauges read the IRC outbox and the Discord gateway
//     through functions (GaugeFuncs), so the adapters know no metrics.
//   - A live page (a game's, a tournament's) holds an element whose id
//     names the events it takes ("game", "tournament"); assets/live.js
//     puts each event's data, the re-rendered part, in its place. The
//     stream reads the store every PollEvery, sends only what changed,
//     ends when the game or tournament does, at shutdown, and is one of
//     at most MaxStreams open.
//   - The pages show what a spectator sees (bot.Spectator views): no
//     hidden piece, no private reply; every string a user chose (names)
//     goes through html/template's escaping.
package web
