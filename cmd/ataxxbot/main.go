// Command ataxxbot is the chat-bot game host. With no arguments it runs
// the console: chat on standard input and output, one channel "console".
//
//	ataxxbot [console] [-cs61b] [-store mem|bolt:PATH] [-config FILE]
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
	"strings"
	"syscall"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main with its surroundings passed in; it returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "console" {
		args = args[1:]
	}
	fs := flag.NewFlagSet("ataxxbot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cs61b      = fs.Bool("cs61b", false, "the CS61B dialect: live game at once, you play Red, the AI Blue, 25-jump rule")
		storeSpec  = fs.String("store", "", "where games are kept: mem, or bolt:PATH (default mem, or the config's store)")
		configPath = fs.String("config", "", "YAML configuration file (see config.example.yaml)")
		channel    = fs.String("channel", "", "console channel name (default console)")
	)
	if err := fs.Parse(args); err != nil {
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
	log := newLogger(stderr, cfg.LogLevel)
	if *storeSpec == "" {
		*storeSpec = cfg.Store
	}
	st, closeStore, err := openStore(*storeSpec)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	defer closeStore()

	botCfg := bot.Config{
		Prefix:       cfg.Prefix,
		Admins:       cfg.Admins,
		DefaultLevel: cfg.AI.DefaultLevel,
		MaxLevel:     cfg.AI.MaxLevel,
		ChallengeTTL: cfg.Challenge.Timeout,
		UndoWindow:   cfg.Challenge.UndoWindow,
		Rules:        cfg.Rules,
		CS61B:        *cs61b,
	}
	if *cs61b {
		botCfg.Rules = "cs61b"
	}
	b := bot.New(botCfg, st, bot.SystemClock{}, ataxxgame.New(nil), log)
	con := &console.Console{In: stdin, Out: stdout, Handler: b, Channel: cfg.Console.Channel, User: cfg.Console.User}
	if *channel != "" {
		con.Channel = *channel
	}
	if err := con.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "ataxxbot:", err)
		return 1
	}
	return 0
}

// openStore opens the store named by spec: "mem" (or "") or "bolt:PATH".
func openStore(spec string) (bot.Store, func(), error) {
	switch {
	case spec == "" || spec == "mem" || spec == "memory":
		return memory.New(), func() {}, nil
	case strings.HasPrefix(spec, "bolt:"):
		s, err := bolt.Open(strings.TrimPrefix(spec, "bolt:"))
		if err != nil {
			return nil, nil, err
		}
		return s, func() { s.Close() }, nil
	}
	return nil, nil, fmt.Errorf("unknown store %q: want mem or bolt:PATH", spec)
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil || level == "" {
		l = slog.LevelWarn
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
