// Package bot is the core of the game host: the table engine. It keeps
// the command language players type in chat, tables (one game per
// channel or private query) kept in a store, seats and turns, challenges,
// undo, resignation, draws, abort and rematch, the transaction that loads
// a table, runs a command and saves it with compare-and-set, who hears
// what, and the AI's turns. It names no game and no feature.
//
// The core and what stands beside it:
//
//	 adapters/console  irc  discord  web         (translate, nothing more)
//	        │ Message                ▲ Reply
//	        ▼                        │
//	┌─────────────────────────────────────────────────────────────────┐
//	│ bot: the core                                                   │
//	│   command table  ◄── Register(HostCommand{verb, help, where,     │
//	│                        who, AtTable | Alone})                   │
//	│   Handle → parse → look the verb up → transaction → replies     │
//	│   hooks          ◄── AddGate, AddCheck, AddReferee, AddLocator, │
//	│                        OwnOwed, OwnTables                       │
//	│   events         ──► Subscribe: GameBegan, Moved, GameEnded,    │
//	│                        GameReplaced, TableChanged, CommandDone, │
//	│                        AIThought                                │
//	│   contracts      ◄── Kind/State (games), Store/Archive (stores) │
//	│ bot/record: the stored record, its codec and versions           │
//	│ bot/deliver: replies across processes (mailboxes)               │
//	└─────────────────────────────────────────────────────────────────┘
//	      ▲ each feature registers commands, adds hooks, subscribes
//	features: bot/players (archive, history, game, export, ratings,
//	          leaderboards, links)  bot/clock (time controls, flags)
//	          bot/tournament (driver, commands, views)  bot/spectate
//	          (running games, views for the web)  bot/metrics (the
//	          observer)  bot/pictures  bot/limits (per identity)
//	kits:     bot/rating  bot/tourney  bot/picture  bot/program
//	          bot/migrate (libraries with no commands)
//	games:    bot/ataxxgame  bot/congogame  bot/abalonegame
//	          bot/strategogame  bot/guessgame (Kinds)
//
// A feature imports the core and kits, never another feature or a game;
// the core imports no feature; only cmd/ataxxbot wires them (its host.go;
// bot/hosttest does the same for tests). bot/layers_test.go reads the
// import graph and fails otherwise. A feature declares the small
// interface it needs of the core (a tournament: "open a game at this
// table with these seats", "end it", "its record").
//
// The path of one command, "!resign" said in #games:
//
//  1. The IRC adapter turns the line into a Message and calls Respond
//     (through Answer; Handle returns the replies instead).
//  2. parse reads the text alone: the prefix, a kind named first
//     ("!ataxx resign"), the verb. A line that names no command of ours
//     (another bot's "!weather") touches no storage; one said to the bot
//     is refused from its text. Each gate (AddGate: the limits' command
//     rate) may drop it, with one notice.
//  3. The verb is looked up in the command table (registry.go). A
//     command about no table (Alone: history, tournament, games) runs at
//     once; its replies go where it was said. Where and Who are checked
//     first: a refusal is one line and runs nothing.
//  4. route finds the table: the channel, or for a private message the
//     table where the speaker holds a seat (the seat index).
//  5. update runs the transaction: load the record (the record cache, else
//     the store), let the referees judge what fell due first (a flag), resolve
//     the speaker once (seats, admin), let the checks weigh it (AddCheck:
//     games and challenges per identity), run its AtTable — resign, a
//     handler in commands.go; a kind's own command goes to its State —
//     and save with compare-and-set. A conflict loads again and runs it
//     again, so a command is applied once or refused.
//  6. After the save the core publishes what happened: GameEnded (the
//     resignation), then TableChanged. The archive files and rates the
//     game, spectate drops it from the running games, metrics count it.
//     A subscriber's error or panic is logged; it never fails or repeats
//     the command. Work that must survive a crash keeps an owed mark in
//     the store (an AI to move, a challenge to expire, a running clock, a
//     tournament's next game) that Resume finds.
//  7. The replies are addressed (a table's channel, one user privately; a
//     hidden kind's refusals are private; a long listing goes to the
//     asker) and handed to Respond's deliver; CommandDone is published.
//     An AI seat that owes a move is then played by a worker (Async)
//     whose replies go through the Sender, so a channel reads a move
//     before the AI's answer to it; or at once (the console's
//     synchronous mode).
//
// Kinds: a Kind declares a game in a Spec (seats, its commands by use,
// bare moves, hidden information, undo, rule sets) and makes the State of
// a table. State takes the seat: the seats that owe an action now
// (several during a simultaneous setup), an action for a seat, the board
// and summary a viewer may see, a typed Result, undo to a seat's last
// turn, and an AI action that sees only its seat's view. For a hidden
// kind the host shows each player their own view privately after every
// action and refuses privately; a command that carries a secret
// (CommandSpec.Private: an army) is taken only in a private message; a
// seat that has acted (Seat.Acted) goes back only to the person who held
// it last (Seat.Was). package kindtest is the contract every kind passes;
// package guessgame, a toy kind with a hidden simultaneous setup, is what
// the core's own tests play.
//
// Every reply that shows a board carries Reply.Picture, lazy, for the
// viewer and the moment of its text (boardreply.go): a network that shows
// pictures (Discord) calls it, the others pay only an Encode. Its Shot
// travels by mail and deliver.Router.Pictures draws it again.
//
// Store, Archive, Mailbox, Clock and Sender are interfaces declared by
// their consumer; store/memory, store/bolt and store/redis implement them.
package bot
