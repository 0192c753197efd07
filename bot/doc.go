// Package bot is the game host: the command language players type in
// chat, tables (one game per channel or private query) kept in a store,
// seats and turns, challenges, undo and resignation, who hears what, and
// the replies the adapters send.
//
// A tour:
//
//   - Message comes in from an adapter (console, IRC, Discord); Reply goes
//     back. A Reply names its audience: a table's channel (Reply.To), or
//     one user privately (Reply.Private, Reply.User). Adapters only
//     translate, and honour the audience on every path.
//   - Bot.Handle decides from the text alone whether a message is a
//     command (another bot's "!weather" touches no storage; a line said
//     to the bot that names no command is refused from its text), holds
//     the speaker to their command rate (Config.Limits, limits.go), finds
//     its table (a private message goes to the table where the speaker holds
//     a seat), loads the table's Record, resolves the speaker once (seats,
//     admin), runs the command, saves with compare-and-set (retrying on a
//     conflict, so a command is applied once or refused), and returns the
//     replies. AI seats act off the message path (Async) or at once (the
//     tests' synchronous mode).
//   - Kind is a kind of game: it declares itself in a Spec (seats, its
//     commands by use, bare moves, hidden information, undo, rule sets)
//     and makes the State of a table. State takes the seat: the seats that
//     owe an action now (several during a simultaneous setup), an action
//     for a seat, the board and summary a viewer may see, a typed Result,
//     undo to a seat's last turn, and an AI action that sees only its
//     seat's view. For a hidden kind the host shows each player their own
//     view privately after every action and refuses privately; a command
//     that carries a secret (CommandSpec.Private: an army) is taken only in
//     a private message; a seat that has acted (Seat.Acted) goes back only
//     to the person who held it last (Seat.Was), never to anyone else.
//   - Seats, turns owed, challenges, idle tables, undo consent (takeback),
//     resignation, draws by agreement, abort, rematch and the record are
//     generic here: the package names no game. package kindtest is the contract every kind passes;
//     package guessgame, a toy kind with a hidden simultaneous setup, is
//     what the host's own tests play.
//   - With Config.Archive and a store that is an Archive, each game that
//     begins gets an id (Record.ID); the save that ends it is followed by
//     ArchiveGame (retried, idempotently, when the next game replaces it)
//     and, for a rated game, both players' Glicko-2 ratings (bot/rating,
//     compare-and-set). history, game, export, rating and top read them;
//     a kind that is an Exporter writes its own file format, and a State
//     that is a RuleSetter names its rules for the archive.
//   - A player is their network identity (Identity: "irc:account:bob");
//     the archive indexes and rates players. link (link.go) joins an
//     identity to another's player with a one-time code kept by the
//     Archive (PutLinkCode, TakeLinkCode, LinkIdentity).
//   - Game clocks (timecontrol.go): start takes a TimeControl (Fischer
//     "10m+5s", correspondence "1d"), Config.Clock is the default; the
//     Record keeps a GameClock as timestamps (time left at the last turn
//     change, when the running turn began), so time runs while no process
//     is up. Every command's load claims a fallen flag first (EndTime), and
//     a bot with a Sender keeps a timer per clocked table, found again
//     after a restart through the owed marks. A State that is a
//     SetupPhaser is untimed during its setup; the AI's AIPlayer.Budget is
//     a share of its clock.
//   - Subscribe (events.go) tells features what happened: games begun,
//     moved, ended, replaced, every saved change; each command answered
//     (CommandDone: network, kind, and its verb as declared: a bare move
//     is VerbMove, anything undeclared VerbOther, never what a user typed)
//     and each AI action's think time (AIThought).
//   - Spectators' views (spectate.go): an index of running games kept in
//     the store (index:running, compare-and-set, channels only, never a
//     private conversation), RunningGames, ViewGame (live from its table,
//     else from the archive), RecentGames and Leaderboard; every view is
//     the Spectator's, so a hidden kind shows nothing secret.
//   - A State that is a Picturer draws its board (package bot/picture
//     is the kinds' drawing kit); Bot.BoardPNG gives the PNG of a board
//     as a viewer may see it, under a caption, from a cache of recent
//     positions (picture.go); LiveGame gives a table's game with the
//     host's caption for it.
//     Every reply that shows a board carries Reply.Picture, lazy, for the
//     viewer and the moment of its text (boardreply.go): a network that
//     shows pictures (Discord) calls it, the others pay only an Encode.
//     Its Shot travels by mail and Router.Pictures draws it again;
//     Reply.Note is what a picture shown in the text's place leaves out.
//   - Store, Clock and Sender are interfaces declared by their consumers;
//     store/memory, store/bolt and store/redis implement Store.
package bot
