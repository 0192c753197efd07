// Command ataxxbot is the chat-bot game host. With no arguments it runs
// the console: chat on standard input and output, one channel "console".
// With a config file that has chat networks (irc:), it serves them until
// it is stopped (SIGINT, SIGTERM); "console" forces the console.
//
//	ataxxbot [console] [-cs61b] [-store mem|bolt:PATH|redis://...] [-config FILE] [-channel NAME]
//	ataxxbot record [-store bolt:PATH|redis://...] [-config FILE] CHANNEL|-key KEY
//	ataxxbot migrate -from STORE -to STORE
//	ataxxbot backup [-store STORE | -config FILE] -o FILE
//
// ataxxbot -h lists the subcommand and every flag.
//
// The console store defaults to mem (the game is gone at quit, as the
// users' guide says); -store bolt:PATH keeps it for the next run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/congoai"
	"github.com/ataxxbot/ataxxbot/ai/uai"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	"github.com/ataxxbot/ataxxbot/store/memory"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/prometheus/client_golang/prometheus"
	goredis "github.com/redis/go-redis/v9"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main with its surroundings passed in; it returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "record" {
		return runRecord(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "migrate" {
		return runMigrate(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "backup" {
		return runBackup(ctx, args[1:], stdout, stderr)
	}
	forceConsole := len(args) > 0 && args[0] == "console"
	if forceConsole {
		args = args[1:]
	}
	fs, opt := newFlags(stderr)
	cs61b, storeSpec, configPath, channel := opt.cs61b, opt.store, opt.config, opt.channel
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		usage(fs, stdout) // asked for: the answer, not an error
		return 0
	} else if err != nil {
		usage(fs, stderr) // after the flag package's one line saying what is wrong
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ataxxbot: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var cfg Config
	if *configPath != "" {
		var err error
		if cfg, err = loadConfig(*configPath); err != nil {
			fmt.Fprintln(stderr, "ataxxbot:", err)
			return 1
		}
	}
	if err := cfg.check(); err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	log := newLogger(stderr, cfg.LogLevel)
	goredis.SetLogger(redisLogger{log}) // go-redis's own messages go to our log, as debug
	if *storeSpec != "" {
		spec, err := parseStoreSpec(*storeSpec)
		if err != nil {
			fmt.Fprintln(stderr, "ataxxbot:", err)
			return 1
		}
		cfg.Store = spec
	}
	st, closeStore, err := openStore(ctx, cfg.Store, log)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	defer closeStore()

	// Engines named in the config think within the game's clock.
	var _ ataxxgame.BudgetEngine = uai.Player{}
	externals := map[string]ataxxgame.Engine{}
	for _, e := range cfg.Games["ataxx"].Engines {
		externals[e.Name] = uai.Player{Path: e.Path, Args: e.Args, Options: e.Options, MoveTime: e.MoveTime}
	}
	botCfg := bot.Config{
		DefaultKind:  cfg.DefaultGame,
		IdleAfter:    cfg.IdleAfter,
		Archive:      cfg.Archive == nil || *cfg.Archive,
		Searchers:    cfg.AI.Searchers,
		Prefix:       cfg.Prefix,
		Admins:       cfg.Admins,
		DefaultLevel: cfg.AI.DefaultLevel,
		MaxLevel:     cfg.AI.MaxLevel,
		ChallengeTTL: cfg.Challenge.Timeout,
		UndoWindow:   cfg.Challenge.UndoWindow,
		DrawWindow:   cfg.Challenge.DrawWindow,
		PublicURL:    cfg.HTTP.PublicURL,
		RecordCache:  cfg.RecordCache,
	}
	if *cs61b {
		if botCfg.DefaultLevel == 0 {
			// Depth 8: a win within 4 of its own moves is always found.
			botCfg.DefaultLevel = 8
		}
	}
	searchers := cfg.AI.Searchers
	if searchers <= 0 {
		searchers = runtime.NumCPU()
	}
	var engine ataxxgame.Engine = ataxxai.NewPool(searchers, cfg.AI.HashMB, cfg.AI.MoveTime)
	if cfg.AI.MinThink > 0 {
		engine = ataxxgame.Paced{Engine: engine, Min: cfg.AI.MinThink}
	}
	inConsole := (cfg.IRC == nil && cfg.Discord == nil) || forceConsole || *cs61b
	botCfg.StartAgainstAI = inConsole // the users' guide: start plays the opponent
	lim := cfg.Limits.bot(inConsole)
	kinds := []bot.Kind{
		ataxxgame.New(engine, ataxxgame.Options{Rules: cfg.Games["ataxx"].Rules, Engines: externals, CS61B: *cs61b}),
		congogame.New(congoai.NewPool(searchers, cfg.AI.HashMB, cfg.AI.MoveTime), congogame.Options{Engines: ugiPlayers(cfg.Games["congo"].Engines)}),
		abalonegame.New(abalonegame.Options{Budget: cfg.AI.MoveTime, Searchers: searchers, Engines: ugiPlayers(cfg.Games["abalone"].Engines)}),
	}
	programs := map[string]strategogame.ProgramConfig{}
	for _, e := range cfg.Games["stratego"].Engines {
		programs[e.Name] = strategogame.ProgramConfig{Path: e.Path, Args: e.Args, Timeout: e.MoveTime}
	}
	strat, err := strategogame.New(strategogame.Options{Programs: programs})
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot: config: games.stratego:", err)
		return 1
	}
	kinds = append(kinds, strat)
	botCfg.Rules = map[string]string{}
	for name, g := range cfg.Games {
		botCfg.Rules[name] = g.Rules
	}
	if err := checkGames(cfg, kinds); err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	networked := (cfg.IRC != nil || cfg.Discord != nil) && !forceConsole && !*cs61b
	if *opt.http != "" {
		cfg.HTTP.Listen = *opt.http
	}
	reg, obs, err := opsMetrics(cfg, networked, kinds)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	// The bot's store tells the metrics of its failures; the adapters
	// and the web view read the store itself.
	b, err := bot.New(botCfg, metrics.Store(st, obs), bot.SystemClock{}, kinds, log)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	defer b.Close()
	h, err := attach(b, cfg, lim, obs, log)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	ops, err := startHTTP(ctx, cfg, reg, h, st, log)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	defer ops.stop()
	if networked {
		if err := serveNetworks(ctx, cfg, h, st, log, ops.reg); err != nil {
			fmt.Fprintln(stderr, "ataxxbot:", err)
			return 1
		}
		return 0
	}
	con := &console.Console{In: stdin, Out: stdout, Channel: cfg.Console.Channel, User: cfg.Console.User}
	if !*cs61b { // CS61B's expected output begins and ends with nothing
		con.Greeting = greeting(b.Kinds(), cfg.DefaultGame)
		con.Farewell = console.GuideFarewell
	}
	if *channel != "" {
		con.Channel = *channel
	}
	mail, _ := st.(bot.Mailbox)
	// Discord's mail goes to its one box whichever process posts it.
	rt := &deliver.Router{Local: map[string]bot.Sender{console.Network: con}, Serves: con.Serves, Box: mail, Log: log,
		WholeNetworks: map[string]bool{discord.Network: true}, Pictures: b.PictureOf}
	con.Handler = rt.Handler(b)
	h.routeVia(rt)
	b.Async(rt) // your move at once, the AI's when it comes
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	go resumeLoop(runCtx, b, console.Network, rt, log)
	go rt.PollMail(runCtx, func() []string { return rt.Boxes(con.Tables()) }, con)
	if err := con.Run(runCtx); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	return 0
}

// greeting is the console's first line: the games it hosts and how to
// begin, so a newcomer facing a silent terminal knows what to type.
func greeting(games []bot.Spec, defaultGame string) string {
	if len(games) == 0 {
		return "Type help for the commands, quit to leave."
	}
	titles := make([]string, len(games))
	def, other := games[0], games[0]
	for i, g := range games {
		titles[i] = g.Title
		if strings.EqualFold(g.Name, defaultGame) {
			def = g
		}
	}
	for _, g := range games {
		if g.Name != def.Name {
			other = g
			break
		}
	}
	line := "Games here: " + strings.Join(titles, ", ") + ". Type help for the commands, start to play " + def.Title + " against the AI"
	if other.Name != def.Name {
		line += " (" + strings.ToLower(other.Name) + " start for " + other.Title + ")"
	}
	return line + ", quit to leave."
}

// usageText is the help before the flags' list.
const usageText = `Usage: ataxxbot [console] [flags]

The chat-bot game host: Ataxx, Congo, Abalone and Stratego. With no config
file, or one without chat networks, it runs the console: chat on standard
input and output, in channel "console". With a config file that has irc:
or discord:, it serves those networks until it is stopped (SIGINT, SIGTERM).

Subcommands:
  console   run the console even when the config has chat networks. Every
            line is said to the bot (help lists the commands); "<bob> join"
            is said by bob; /join #name and /msg TEXT as on IRC; load FILE
            runs the lines of FILE; a line typed while the AI is to
            move waits for the AI's move, then runs. quit, exit or the end of input ends it with
            "The program is terminated..." (with -cs61b: quietly).
  record    print a channel's stored record as JSON: ataxxbot record
            [-store S] [-config F] CHANNEL (irc:#ataxx, or #ataxx on the
            config's one network) or -key KEY; ataxxbot record -h says more.
  migrate   copy a whole store into another (bolt to Redis or a Redis
            Cluster and back, or a backup file into a store): ataxxbot
            migrate -from STORE -to STORE, with STORE bolt:PATH,
            redis://HOST:PORT/DB, cluster:HOST:PORT,..., config:FILE or
            file:BACKUP; running games play on in the target. Idempotent;
            keeps newer data in the target; reads it all back.
            ataxxbot migrate -h says more.
  backup    write a whole store to one file that migrate -from file:FILE
            reads: ataxxbot backup -store STORE -o FILE (or -config F).

Flags:
`

// usage prints the help, with every flag of fs, to w.
func usage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprint(w, usageText)
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// flags are the command line's settings.
type flags struct {
	cs61b                  *bool
	store, config, channel *string
	http                   *string
}

// newFlags defines the command line; errors and usage go to w.
func newFlags(w io.Writer) (*flag.FlagSet, flags) {
	fs := flag.NewFlagSet("ataxxbot", flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {} // run prints it once, where it belongs
	return fs, flags{
		cs61b:   fs.Bool("cs61b", false, "the CS61B dialect: live game at once, you play Red, the AI Blue, 25-jump rule"),
		store:   fs.String("store", "", "where games are kept: mem, bolt:PATH, redis://HOST:PORT/DB or cluster:HOST:PORT,... (default mem, or the config's store)"),
		config:  fs.String("config", "", "YAML configuration file (see config.example.yaml)"),
		channel: fs.String("channel", "", "console channel name (default console; case folds as on IRC: #tA is #ta)"),
		http:    fs.String("http", "", "serve /healthz, /metrics and the games' pages on ADDR (host:port; default the config's http.listen, else off)"),
	}
}

// checkGames refuses settings for a game the bot does not host, and rule
// set names a game does not have.
func checkGames(cfg Config, kinds []bot.Kind) error {
	specs := map[string]bot.Spec{}
	var names []string
	for _, k := range kinds {
		specs[k.Spec().Name] = k.Spec()
		names = append(names, k.Spec().Name)
	}
	for name, g := range cfg.Games {
		spec, ok := specs[name]
		if !ok {
			return fmt.Errorf("config: games.%s: no such game; this bot hosts %s", name, strings.Join(names, ", "))
		}
		if g.Rules != "" && !slices.Contains(spec.Rules, g.Rules) {
			return fmt.Errorf("config: games.%s.rules %q: want one of %s", name, g.Rules, strings.Join(spec.Rules, ", "))
		}
	}
	if cfg.DefaultGame != "" {
		if _, ok := specs[cfg.DefaultGame]; !ok {
			return fmt.Errorf("config: default_game %q: this bot hosts %s", cfg.DefaultGame, strings.Join(names, ", "))
		}
	}
	return nil
}

// ugiPlayers are a game's UGI engine entries (Congo's, Abalone's) by
// name, each playing one process a move.
func ugiPlayers(engines []EngineConfig) map[string]ugi.Player {
	players := make(map[string]ugi.Player, len(engines))
	for _, e := range engines {
		players[e.Name] = ugi.Player{Path: e.Path, Args: e.Args, Options: e.Options, MoveTime: e.MoveTime}
	}
	return players
}

// network is a chat adapter the bot serves.
type network interface {
	bot.Sender
	Run(ctx context.Context) error
}

// serveNetworks runs the bot on every configured chat network until ctx
// is done (or one of them fails).
func serveNetworks(ctx context.Context, cfg Config, h *host, st bot.Store, log *slog.Logger, reg *prometheus.Registry) error {
	b := h.Bot
	nets := map[string]network{}
	leases := map[string]string{} // network -> the name of its lease
	mail, _ := st.(bot.Mailbox)
	var mu sync.Mutex
	serving := map[string]bool{} // the networks this process serves now
	var ircChannels []string
	rt := &deliver.Router{Local: map[string]bot.Sender{}, Box: mail, Log: log, WholeNetworks: map[string]bool{discord.Network: true}, Pictures: b.PictureOf}
	rt.Serves = func(t bot.Table) bool {
		mu.Lock()
		on := serving[t.Network]
		mu.Unlock()
		switch {
		case !on:
			return false
		case t.Network == irc.Network:
			return t.IsQuery() || slices.Contains(ircChannels, strings.ToLower(t.Channel))
		}
		return true
	}
	if c := cfg.IRC; c != nil {
		if c.SASLPassword == "" {
			c.SASLPassword = os.Getenv("ATAXXBOT_IRC_SASL_PASSWORD")
		}
		a, err := irc.New(ircConfig(c, b.Prefix()), rt.Handler(b), log)
		if err != nil {
			return err
		}
		nets[irc.Network] = a
		if err := registerGauges(reg, a.OutboxDepth, nil); err != nil {
			return err
		}
		// One connection per server and nick: two bots with their own
		// nicks (serving their own channels) both connect.
		leases[irc.Network] = fmt.Sprintf("irc:%s:%d:%s", c.Server, c.Port, strings.ToLower(c.Nick))
		for _, ch := range c.Channels {
			ircChannels = append(ircChannels, strings.ToLower(ch))
		}
	}
	if c := cfg.Discord; c != nil {
		if c.Token == "" {
			c.Token = os.Getenv("ATAXXBOT_DISCORD_TOKEN")
		}
		a, err := discord.New(discord.Config{
			Token: c.Token, AppID: c.AppID, GuildIDs: c.GuildIDs, PrefixCommands: c.PrefixCommands,
			ShardID: c.ShardID, ShardCount: c.ShardCount, APIBase: c.APIBase, Boards: c.Boards,
			Catalog: discord.Catalog{Host: b.HostCommands(), Kinds: b.Kinds()},
		}, rt.Handler(b), log)
		if err != nil {
			return err
		}
		nets[discord.Network] = a
		if err := registerGauges(reg, nil, a.Connected); err != nil {
			return err
		}
		leases[discord.Network] = fmt.Sprintf("discord:%s:%d", c.AppID, c.ShardID)
	}
	for name, n := range nets {
		rt.Local[name] = n
	}
	h.routeVia(rt)
	b.Async(rt)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, len(nets))
	l, _ := st.(leaser)
	holder := holderID()
	for name, n := range nets {
		boxes := func() []string {
			if name == discord.Network {
				return []string{rt.BoxOf(bot.Table{Network: name})}
			}
			var out []string
			for _, ch := range ircChannels {
				out = append(out, rt.BoxOf(bot.Table{Network: name, Channel: ch}))
			}
			return out
		}
		serve := func(ctx context.Context) error {
			log.Info("serving", "network", name)
			mu.Lock()
			serving[name] = true
			mu.Unlock()
			defer func() {
				mu.Lock()
				serving[name] = false
				mu.Unlock()
			}()
			go resumeLoop(ctx, b, name, rt, log)
			go rt.PollMail(ctx, boxes, n)
			return n.Run(ctx) // adapters name themselves in their errors
		}
		go func() {
			if l == nil {
				errs <- serve(ctx)
				return
			}
			errs <- serveLeased(ctx, l, leases[name], holder, cfg.LeaseTTL, log, serve)
		}()
	}
	var first error
	for range nets {
		if err := <-errs; err != nil && first == nil {
			first = err
			cancel() // one network failing stops the bot, so its supervisor restarts it
		}
	}
	return first
}

// resumeInterval is how often a running bot looks for owed work: AI moves
// that failed or were left by a crashed process, challenges to expire.
const resumeInterval = 10 * time.Second

// resumeLoop finishes network's owed work now and then every
// resumeInterval.
func resumeLoop(ctx context.Context, b *bot.Bot, network string, send bot.Sender, log *slog.Logger) {
	t := time.NewTicker(resumeInterval)
	defer t.Stop()
	for {
		if err := b.Resume(ctx, network, send); err != nil && ctx.Err() == nil {
			log.Warn("resuming owed work", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// openStore opens the configured store. A Redis password comes from
// ATAXXBOT_REDIS_PASSWORD when the config has none.
func openStore(ctx context.Context, c StoreConfig, log *slog.Logger) (bot.Store, func(), error) {
	switch c.Kind {
	case "", "mem", "memory":
		return memory.New(), func() {}, nil
	case "bolt":
		if c.Path == "" {
			c.Path = "ataxxbot.db"
		}
		s, err := bolt.Open(c.Path)
		if errors.Is(err, bolt.ErrCorrupt) {
			return nil, nil, fmt.Errorf("%w (move the file aside to start with an empty store, or restore a backup)", err)
		}
		if err != nil {
			return nil, nil, err
		}
		return s, func() { s.Close() }, nil
	case "redis":
		if c.Password == "" {
			c.Password = os.Getenv("ATAXXBOT_REDIS_PASSWORD")
		}
		s, err := redisstore.Open(redisstore.Options{
			URL: c.URL, Addrs: c.Addrs, MasterName: c.MasterName, Cluster: c.Cluster, Username: c.Username,
			Password: c.Password, DB: c.DB, Prefix: c.Prefix, DoneTTL: c.DoneTTL, Timeout: c.Timeout,
			Log: log,
		})
		if err != nil {
			return nil, nil, err
		}
		if err := s.Ping(ctx); err != nil {
			log.Warn("redis is not answering yet; commands will say storage unavailable until it does", "err", err)
		}
		return s, func() { s.Close() }, nil
	}
	return nil, nil, fmt.Errorf("unknown store kind %q: want mem, bolt or redis", c.Kind)
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil || level == "" {
		l = slog.LevelWarn
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

// redisLogger passes go-redis's internal messages (pool redials and the
// like) to slog at debug level: the bot reports outages itself, once.
type redisLogger struct{ log *slog.Logger }

func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
}

// ircConfig is the IRC adapter's configuration from the config file's irc
// section (secrets from the file or the environment).
func ircConfig(c *IRCConfig, prefix string) irc.Config {
	return irc.Config{
		Server: c.Server, Port: c.Port, TLS: c.TLS, Nick: c.Nick, User: c.User, RealName: c.RealName,
		SASL: c.SASL, SASLUser: c.SASLUser, SASLPassword: c.SASLPassword, CertFile: c.CertFile, KeyFile: c.KeyFile,
		Channels: c.Channels, MaxQueue: c.MaxQueue, RequireAccount: c.RequireAccount, Prefix: prefix,
		RegainEvery: c.RegainEvery, NickServPassword: c.nickServPassword(),
	}
}
