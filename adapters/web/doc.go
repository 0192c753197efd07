// Package web is the bot's HTTP side for operators, spectators and
// players: a health check (/healthz), Prometheus metrics (/metrics), a
// read-only view of the games (running games at /, a game at /games/ID
// with live updates and, once over, its replay; leaderboards at
// /top/KIND) and of the tournaments (the running ones at /tournaments,
// one at /tournaments/ID with live updates), and a seated player's play
// page (/play/TOKEN), opened by the private link !web gives.
//
// A tour:
//
//   - Server serves one address until its context ends, then shuts down
//     gracefully. Only a play page's say acts, as its link's holder, and
//     only through Play (Config.Play; nil: no play pages): everything
//     else reads.
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
//   - Boards are drawn from a bot.Surface as inline SVG (board.go,
//     template "board"): every cell an element with data-square and an
//     aria-label ("a7, red piece"), its piece one with data-piece; a
//     flipped Surface is turned 180° here, names kept. The text board is
//     one click away (a details element), the PNG a link beside it.
//   - A finished game whose kind gives its positions (GameView.Replayable)
//     gets a replay: assets/replay.js asks /games/ID/replay.json
//     (Games.ReplayGame; ?hide=0,1 hides a hidden kind's armies again, as
//     their players saw them) and steps #board through the frames. A
//     running game's replay is refused (403): it would show its secrets.
//   - A play page (/play/TOKEN) is the link's holder's own view
//     (Play.PlayView): their board to play by clicks (assets/play.js:
//     the Surface's moves and tools, read from the JSON block
//     #play-data), the table's buttons, a menu of its commands (a file's
//     text may fill a command's last argument, its lines made one), a
//     line to type in, and what the bot answers. Its stream
//     (/play/TOKEN/events) sends the player's view as it changes and
//     ends when the game is over or the link stops working. A token that
//     cannot be one (over 512 bytes, not base64url and dots) is refused
//     before Play is asked; a link that does not open (bot.ErrLink) is a
//     403 that says only so. Play pages are never cached nor indexed,
//     and send no referrer: the token is in the address.
//   - POST /play/TOKEN/say takes {"line", "private"} as JSON (the
//     Content-Type says so) with the token repeated in X-Play-Token, so
//     that a form on another site, a followed link or a cookie cannot
//     act; the body is at most 64 KiB, the line one line of at most 2000
//     bytes (the bot's own limit, which a saved game fits). It answers
//     {"replies": [text...]}, what the player may read, or {"error":
//     "one line"} with a 4xx (5xx for the store).
package web
