// Command congo is the program of the Congo user guide: a game in the
// terminal between people and the guide's advisers, with the guide's
// banner, prompt and commands.
//
//	congo --place=local --board=standard|FEN --white=hi/negamax --black=ai/random
//
// --white and --black say who plays each side, a person (hi) or the
// computer (ai), and the algorithm that advises its moves (random or
// negamax); the computer plays the advice. The commands are the guide's:
// allow, advise, help [COMMAND], show [board|players|moves|game],
// move FROM TO, exit. A monkey's jumps may be given as one path
// ("move b1 d3 f5") or a jump at a time, the turn staying with the monkey
// until "stop" (see bot/congogame).
//
// It is a thin front: the game is the bot's Congo kind (in the guide's
// voice), played through the console adapter on a memory store. When the
// input is not a terminal, each line read is echoed after the prompt, so
// that a transcript reads as the guide's sample session.
//
// The console adapter's own words (load FILE, a "<nick>" before a line)
// work here too.
//
// --place=network plays the guide's network game over a shared store
// (Redis): the guide's game server is the store, and the guide's --host
// and --port name its server (or --store gives its whole address, with a
// password or a database; not both).
//
//	congo --place=network --host=HOST --port=PORT --board=standard|FEN --white=hi/negamax
//	congo --place=network --host=HOST --port=PORT --board=ID
//	congo --place=network --store redis://HOST:PORT/0 --board=ID
//
// The first opens a game, plays the side given as hi (the other side is
// for the player who joins) and prints the game's id; the second, from any
// other process or machine sharing the store, joins game ID and plays the
// other side. Each side types only its own colour's moves; each sees every
// move (the bot's host and join, users' guide of Ataxx IV.A.2.f-g).
package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/clock"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
	"github.com/ataxxbot/ataxxbot/bot/players"
	"github.com/ataxxbot/ataxxbot/engine/congo"
	"github.com/ataxxbot/ataxxbot/store/memory"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, !isTerminal(os.Stdin))
	stop()
	os.Exit(code)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// player is one side as --white or --black gives it: "hi/negamax".
type player struct {
	ai      bool
	adviser string // congogame.EngineRandom or congogame.EngineNegamax
}

var errUsage = errors.New("usage")

func parsePlayer(flagName, v string) (player, error) {
	who, algo, ok := strings.Cut(strings.ToLower(v), "/")
	if !ok || (who != "hi" && who != "ai") || (algo != congogame.EngineRandom && algo != congogame.EngineNegamax) {
		return player{}, fmt.Errorf("%w: --%s=%q: want hi/random, hi/negamax, ai/random or ai/negamax", errUsage, flagName, v)
	}
	return player{ai: who == "ai", adviser: algo}, nil
}

// options are the command line's settings.
type options struct {
	board         string // a Congo FEN
	white, black  player
	seed          int64
	depth         int
	echo          bool
	user, channel string
	network       bool   // --place=network
	store         string // redis://... (network)
	join          string // the id of the game to join (network), or ""
	hostPort      bool   // the store was given as --host/--port
}

// synopsis heads the usage: the guide's two ways to start the program.
const synopsis = `Usage:
  congo --place=local --board=standard|FEN --white=hi|ai/random|negamax --black=hi|ai/random|negamax
  congo --place=network --host=HOST --port=PORT --board=standard|FEN|ID --white=hi/... (or --black=hi/...)
  congo --place=network --store=redis://HOST:PORT/DB ...

The network game's server is a shared store (Redis): --host and --port
name it (port 6379 unless given, host localhost unless given), or --store
gives its whole address; not both.

Flags:
`

// newFlags declares the command line's flags; it prints nothing (run
// prints the usage once, see usage).
func newFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("congo", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.String("place", "local", "where the game is played: local, or network (over a shared store)")
	fs.String("board", "standard", "standard, or a Congo FEN; with --place=network, the id of a game to join")
	fs.String("host", "", "network games: the host of the shared store's server (Redis)")
	fs.Int("port", 0, "network games: the port of the shared store's server (default 6379)")
	fs.String("store", "", "network games: the shared store, redis://HOST:PORT/DB (instead of --host/--port)")
	fs.String("white", "hi/negamax", "white's player and adviser: hi|ai / random|negamax")
	fs.String("black", "ai/negamax", "black's player and adviser: hi|ai / random|negamax")
	fs.Int64("seed", 0, "seed of the random adviser (0: from the clock)")
	fs.Int("depth", 3, "depth, in turns, of the negamax adviser")
	return fs
}

// usage writes the synopsis and the flags to w.
func usage(w io.Writer) {
	fs := newFlags()
	fs.SetOutput(w)
	io.WriteString(w, synopsis)
	fs.PrintDefaults()
}

// defaultRedisPort is the port --host names without --port: Redis's own.
const defaultRedisPort = 6379

func parseArgs(args []string) (options, error) {
	fs := newFlags()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, fmt.Errorf("%w: %w", errUsage, err)
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	get := func(name string) string { return fs.Lookup(name).Value.String() }
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	o := options{board: get("board"), user: "you", channel: "congo", store: get("store")}
	var err error
	if o.seed, err = strconv.ParseInt(get("seed"), 10, 64); err != nil {
		return options{}, fmt.Errorf("%w: --seed: %w", errUsage, err)
	}
	if o.depth, err = strconv.Atoi(get("depth")); err != nil {
		return options{}, fmt.Errorf("%w: --depth: %w", errUsage, err)
	}
	address := given["host"] || given["port"]
	switch place := get("place"); place {
	case "local":
		if address || given["store"] {
			return options{}, fmt.Errorf("%w: --host and --port are for --place=network (as is --store)", errUsage)
		}
	case "network":
		if address && given["store"] {
			return options{}, fmt.Errorf("%w: the shared store is given by --store or --host/--port, not both", errUsage)
		}
		if address {
			if o.store, err = storeAddress(get("host"), get("port")); err != nil {
				return options{}, err
			}
			o.hostPort = true
		}
		if !strings.HasPrefix(o.store, "redis://") && !strings.HasPrefix(o.store, "rediss://") {
			return options{}, fmt.Errorf("%w: --place=network plays over a shared store: give its server as --host=HOST --port=PORT, or --store redis://HOST:PORT/DB", errUsage)
		}
		o.network = true
	default:
		return options{}, fmt.Errorf("%w: --place=%q: want local or network", errUsage, place)
	}
	if strings.EqualFold(o.board, "standard") {
		o.board = congo.StartFEN
	}
	pos, err := congo.ParseFEN(o.board)
	if err != nil && o.network && validID(o.board) {
		o.join, pos, err = strings.ToLower(o.board), congo.NewPosition(), nil
	}
	if err != nil {
		return options{}, fmt.Errorf("%w: --board: %w", errUsage, err)
	}
	if pos.Pieces(congo.White, congo.Lion) == 0 && pos.Pieces(congo.Black, congo.Lion) == 0 {
		return options{}, fmt.Errorf("%w: --board: no lion on the board: nothing to play for", errUsage)
	}
	if o.white, err = parsePlayer("white", get("white")); err != nil {
		return options{}, err
	}
	if o.black, err = parsePlayer("black", get("black")); err != nil {
		return options{}, err
	}
	if o.depth < 1 || o.depth > 8 {
		return options{}, fmt.Errorf("%w: --depth=%d: want 1 to 8", errUsage, o.depth)
	}
	if o.network && o.join == "" && o.white.ai == o.black.ai {
		return options{}, fmt.Errorf("%w: --place=network: one side is yours (hi), the other the joining player's; say which with --white=hi/... or --black=hi/...", errUsage)
	}
	if o.seed == 0 {
		o.seed = time.Now().UnixNano()
	}
	return o, nil
}

// storeAddress is the Redis URL of the server --host and --port name.
func storeAddress(host, port string) (string, error) {
	if host == "" {
		host = "localhost"
	}
	if strings.ContainsAny(host, "/@?#[] ") {
		return "", fmt.Errorf("%w: --host=%q: want a host name or IP address", errUsage, host)
	}
	p := defaultRedisPort
	if port != "0" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("%w: --port=%s: want 1 to 65535", errUsage, port)
		}
		p = n
	}
	return "redis://" + net.JoinHostPort(host, strconv.Itoa(p)) + "/0", nil
}

// validID is what a network game's id looks like.
func validID(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// run is main with its surroundings passed in; it returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, echo bool) int {
	o, err := parseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "congo:", strings.TrimPrefix(err.Error(), errUsage.Error()+": "))
		usage(stderr)
		return 2
	}
	o.echo = echo
	game := play
	if o.network {
		game = playNetwork
	}
	if err := game(ctx, o, stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "congo:", err)
		return 1
	}
	return 0
}

// play runs one game: it seats the players, greets, and hands the
// terminal to the console adapter until exit or the end of input.
func play(ctx context.Context, o options, stdin io.Reader, stdout io.Writer) error {
	kind := congogame.New(nil, congogame.Options{Guide: true, AdviseDepth: o.depth})
	st := memory.New()
	b, err := bot.New(bot.Config{}, st, nil, []bot.Kind{kind}, nil)
	if err != nil {
		return err
	}
	clock.Attach(b, clock.Config{}, nil)
	defer b.Close()
	if _, err := players.New(b, nil); err != nil { // export: the game in its file
		return err
	}
	table := bot.Table{Network: console.Network, Channel: o.channel}
	if err := seat(ctx, st, kind, table, o); err != nil {
		return err
	}
	f := &front{bot: b, players: [2]player{o.white, o.black}, user: o.user, channel: o.channel}
	out := stdout
	con := &console.Console{In: &promptReader{r: bufio.NewReader(stdin), out: out, echo: o.echo}, Out: out,
		Handler: f, Channel: o.channel, User: o.user}
	fmt.Fprint(out, congo.Banner)
	// The greeting: the board and the players, one blank line between.
	greet := f.Handle(ctx, f.message("show board"))
	players := f.Handle(ctx, f.message("show players"))
	for i := range players {
		players[i].Text = strings.TrimPrefix(players[i].Text, "\n")
	}
	if err := con.Send(ctx, append(greet, players...)); err != nil {
		return err
	}
	// A computer playing white moves first, as soon as the game is shown.
	if err := b.Resume(ctx, console.Network, con); err != nil {
		return err
	}
	if err := con.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	_, err = fmt.Fprint(out, congo.ExitText)
	return err
}

// playNetwork plays one side of a game over a shared store: it opens the
// game (hosting it under a new id, printed) or joins the one --board
// names; the other side's moves arrive through the store's mailbox.
func playNetwork(ctx context.Context, o options, stdin io.Reader, stdout io.Writer) error {
	st, err := redisstore.Open(redisstore.Options{URL: o.store})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Ping(ctx); err != nil {
		return fmt.Errorf("the store does not answer: %w", err)
	}
	kind := congogame.New(nil, congogame.Options{Guide: true, AdviseDepth: o.depth})
	b, err := bot.New(bot.Config{}, st, nil, []bot.Kind{kind}, nil)
	if err != nil {
		return err
	}
	clock.Attach(b, clock.Config{}, nil)
	defer b.Close()
	if _, err := players.New(b, nil); err != nil { // export: the game in its file
		return err
	}
	tag := newID()
	o.channel = "congo-" + tag
	mine := 0 // the colour this process plays, when it opens the game
	if o.white.ai {
		mine = 1
	}
	o.user = fmt.Sprintf("%s (%s)", []string{"white", "black"}[mine], tag)
	if o.join != "" {
		o.user = "joiner (" + tag + ")"
	}
	out := stdout
	con := &console.Console{In: &promptReader{r: bufio.NewReader(stdin), out: out, echo: o.echo}, Out: out,
		Channel: o.channel, User: o.user}
	rt := &deliver.Router{Local: map[string]bot.Sender{console.Network: con}, Serves: con.Serves, Box: st, Log: slog.New(slog.DiscardHandler)}
	routed := rt.Handler(b)
	f := &front{bot: routed, players: [2]player{o.white, o.black}, user: o.user, channel: o.channel}
	con.Handler = f
	fmt.Fprint(out, congo.Banner)
	table := bot.Table{Network: console.Network, Channel: o.channel}
	var said []bot.Reply
	if o.join == "" {
		if err := seatHost(ctx, st, kind, table, o, mine); err != nil {
			return err
		}
		said = routed.Handle(ctx, f.message("host "+tag))
		fmt.Fprintf(out, " You play %s. The game's id is %s: the other side says\n congo --place=network %s --board=%s\n",
			[]string{"white", "black"}[mine], tag, o.storeFlags(), tag)
	} else {
		said = routed.Handle(ctx, f.message("join "+o.join))
		for _, r := range said {
			if r.Error {
				return fmt.Errorf("join %s: %s", o.join, strings.TrimSpace(r.Text))
			}
		}
		fmt.Fprintf(out, " You joined game %s.\n", o.join)
	}
	if err := con.Send(ctx, said); err != nil {
		return err
	}
	greet := f.Handle(ctx, f.message("show board"))
	if err := con.Send(ctx, greet); err != nil {
		return err
	}
	pollCtx, stop := context.WithCancel(ctx)
	defer stop()
	go rt.PollMail(pollCtx, func() []string { return rt.Boxes(con.Tables()) }, con)
	if err := con.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	_, err = fmt.Fprint(out, congo.ExitText)
	return err
}

// newID is a short random id for a network game.
func newID() string {
	const letters = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 6)
	rand.Read(b)
	for i := range b {
		b[i] = letters[int(b[i])%len(letters)]
	}
	return string(b)
}

// storeFlags are the flags that name the shared store, as the user gave
// them, for the other side to type (a password hidden).
func (o options) storeFlags() string {
	if o.hostPort {
		u, err := url.Parse(o.store)
		if err == nil {
			return fmt.Sprintf("--host=%s --port=%s", u.Hostname(), u.Port())
		}
	}
	return "--store " + redactStore(o.store)
}

// redactStore hides a password in a store address.
func redactStore(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(the store)"
	}
	return u.Redacted()
}

// seatHost stores a game to host: the position, this process's user in
// its colour, the other seat open for the player who joins.
func seatHost(ctx context.Context, st bot.Store, kind *congogame.Game, table bot.Table, o options, mine int) error {
	game, err := kind.New("")
	if err != nil {
		return err
	}
	if _, err := game.Configure(bot.Command{Verb: "position", Args: []string{o.board}}); err != nil {
		return err
	}
	state, err := game.Encode()
	if err != nil {
		return err
	}
	rec := &bot.Record{Schema: bot.SchemaVersion, Game: kind.Spec().Name, Phase: bot.PhaseSetup, Seed: o.seed,
		Verbose: true, UndoBy: -1, State: state, Seats: []bot.Seat{{Kind: bot.SeatOpen}, {Kind: bot.SeatOpen}}}
	rec.Seats[mine] = bot.Seat{Kind: bot.SeatHuman, UserID: o.user, Name: o.user}
	data, err := bot.MarshalRecord(rec)
	if err != nil {
		return err
	}
	_, err = st.Save(ctx, table.Key(), data, 0, true)
	return err
}

// seat stores the game at the console's table as the options say: the
// position, each side a person (the console's user) or the computer
// playing its adviser, the board shown after every move.
func seat(ctx context.Context, st bot.Store, kind *congogame.Game, table bot.Table, o options) error {
	game, err := kind.New("")
	if err != nil {
		return err
	}
	if _, err := game.Configure(bot.Command{Verb: "position", Args: []string{o.board}}); err != nil {
		return err
	}
	if err := game.Begin(); err != nil {
		return err
	}
	state, err := game.Encode()
	if err != nil {
		return err
	}
	rec := &bot.Record{Schema: bot.SchemaVersion, Game: kind.Spec().Name, Phase: bot.PhasePlaying, Seed: o.seed,
		Verbose: true, UndoBy: -1, State: state}
	for _, p := range []player{o.white, o.black} {
		s := bot.Seat{Kind: bot.SeatHuman, UserID: o.user, Name: o.user}
		if p.ai {
			s = bot.Seat{Kind: bot.SeatAI, Level: 1, Engine: p.adviser}
		}
		rec.Seats = append(rec.Seats, s)
	}
	if game.Result().Over {
		rec.Phase = bot.PhaseOver
	}
	data, err := bot.MarshalRecord(rec)
	if err != nil {
		return err
	}
	if _, err := st.Save(ctx, table.Key(), data, 0, false); err != nil {
		return err
	}
	if pending := game.Pending(); len(pending) == 1 && rec.Seats[pending[0]].Kind == bot.SeatAI {
		return st.SetOwed(ctx, table.Key(), true)
	}
	return nil
}

// front turns the guide's command line into the kind's commands: help is
// the guide's manual (the kind's guide), advise asks the adviser of the
// side to move, and a command the guide does not know is answered as the
// guide does.
type front struct {
	bot     deliver.Handler
	players [2]player
	user    string
	channel string
}

// known are the commands the program takes: the guide's, and stop for a
// monkey's jumps taken one at a time. exit never reaches the front: the
// console ends there.
var known = map[string]bool{"allow": true, "advise": true, "help": true, "show": true, "move": true, "stop": true}

func (f *front) message(text string) bot.Message {
	return bot.Message{Network: console.Network, Channel: f.channel, UserID: f.user, Name: f.user, Text: text, Addressed: true}
}

// Handle rewrites the guide's commands for the kind and passes them on.
func (f *front) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	fields := strings.Fields(m.Text)
	if len(fields) == 0 {
		return nil
	}
	verb := strings.ToLower(fields[0])
	switch {
	case !known[verb] && !congogame.BareMove(verb):
		return []bot.Reply{{Text: strings.TrimRight(congo.UnsupportedText(fields[0]), "\n")}}
	case verb == "help":
		m.Text = strings.Join(append([]string{"guide"}, fields[1:]...), " ")
		if len(fields) == 1 {
			m.Text = "guide help"
		}
	case verb == "advise" && len(fields) == 1:
		m.Text = "advise " + f.players[f.turn(ctx)].adviser
	}
	rs := f.bot.Handle(ctx, m)
	if len(rs) > 0 && strings.HasPrefix(rs[0].Text, " transition") {
		rs[0].Text = "\n" + rs[0].Text // the guide's blank line after the command
	}
	return rs
}

// turn asks the game whose turn it is.
func (f *front) turn(ctx context.Context) int {
	for _, r := range f.bot.Handle(ctx, f.message("fen")) {
		if p, err := congo.ParseFEN(r.Text); err == nil {
			return int(p.Turn())
		}
	}
	return 0
}

// promptReader prints the guide's prompt each time the console wants a
// line, and hands it one line at a time; with echo, it writes the line
// after the prompt, as a terminal would show it typed.
type promptReader struct {
	r    *bufio.Reader
	out  io.Writer
	echo bool
	rest []byte
}

func (p *promptReader) Read(b []byte) (int, error) {
	if len(p.rest) == 0 {
		if _, err := io.WriteString(p.out, congo.Prompt); err != nil {
			return 0, err
		}
		line, err := p.r.ReadString('\n')
		if line == "" {
			if err == nil {
				err = io.EOF
			}
			if err == io.EOF {
				io.WriteString(p.out, "\n") // end the prompt's line
			}
			return 0, err
		}
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		if p.echo {
			if _, err := io.WriteString(p.out, line); err != nil {
				return 0, err
			}
		}
		p.rest = []byte(line)
	}
	n := copy(b, p.rest)
	p.rest = p.rest[n:]
	return n, nil
}
