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
//     the line to the gates added (AddGate), finds
//     its table (a private message goes to the table where the speaker holds
//     a seat), loads the table's Record, resolves the speaker once (seats,
//     admin), runs the command (weighed by the checks added, AddCheck,
//     before it runs and before its save), saves with compare-and-set (retrying on a
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
//     begins gets an id (Record.ID). The Archive interface and its
//     ArchivedGame are declared here, for stores to implement; keeping
//     finished games, rating them and the commands that read them
//     (history, game, export, rating, top, link) are a feature beside the
//     core that subscribes to its events (GameEnded, GameReplaced). A kind
//     that is an Exporter writes its own file format, and a State that is
//     a RuleSetter names its rules for the archive.
//   - A player is their network identity (Identity: "irc:account:bob");
//     the archive indexes and rates players. link (link.go) joins an
//     identity to another's player with a one-time code kept by the
//     Archive (PutLinkCode, TakeLinkCode, LinkIdentity).
//   - Referees (for_clock.go): a Referee attached with AddReferee is told
//     of each table's moments (before a command or an action, after an
//     action, when play begins, before and after a save), may end a game
//     then, adds words to the host's lines, takes words of start, gives
//     the AI a time budget (AIPlayer.Budget) and keeps a table marked as
//     owing work; Revisit lets the referees judge a table without a
//     command.
//   - The record keeps a game's clock (bot/record): its TimeControl
//     (Fischer "10m+5s", correspondence "1d") and a GameClock of
//     timestamps; the rules that run it are a feature's, a Referee. A
//     State that is a SetupPhaser is untimed during its setup.
//   - Observe (observe.go) tells an Observer what happens, for an
//     operator's metrics: each command (network, kind, and its verb as
//     declared: a bare move is "move", anything undeclared "other"),
//     games started and finished, AI think time, store failures. Labels
//     never carry what a user typed.
//   - Spectators' views are kept beside the core (for_spectate.go):
//     GameView is a game as a page shows it, Spectated a table's game as
//     a spectator sees it there, so a hidden kind shows nothing secret;
//     a Locator (AddLocator) tells RunningTable where a game runs.
//   - A State that is a Picturer draws its board (package bot/picture
//     is the kinds' drawing kit); Bot.BoardPNG gives the PNG of a board
//     as a viewer may see it, under a caption, from a cache of recent
//     positions (picture.go); LiveGame gives a table's game with the
//     host's caption for it.
//     Every reply that shows a board carries Reply.Picture, lazy, for the
//     viewer and the moment of its text (boardreply.go): a network that
//     shows pictures (Discord) calls it, the others pay only an Encode.
//     Its Shot travels by mail and deliver.Router.Pictures draws it again;
//     Reply.Note is what a picture shown in the text's place leaves out.
//   - Store, Clock and Sender are interfaces declared by their consumers;
//     store/memory, store/bolt and store/redis implement Store.
package bot
