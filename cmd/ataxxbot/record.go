package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/bot"
	bolterrors "go.etcd.io/bbolt/errors"
)

// recordUsage is the help of the record subcommand.
const recordUsage = `Usage: ataxxbot record [flags] CHANNEL
       ataxxbot record [flags] -key KEY

Prints the stored record of a channel's table as indented JSON: its game,
seats, clock and the game's own state. The store is opened as the bot
opens it, from -config and -store; the mem store keeps nothing between
runs, so give the store the bot uses. A bolt file is locked while a bot
has it open: stop the bot first, or read a copy of the file.

CHANNEL is a table key as the logs show it, network:channel (irc:#ataxx,
discord:123456789012345678, console:console, irc:query:NICK for a private
query), or a channel alone (#ataxx), which is on the one chat network
the config serves (console when it serves none). -key KEY takes the store
key exactly as it is: -key tournament:t1k prints tournament t1k (its
players, games and results) as it is stored.

Flags:
`

// runRecord is "ataxxbot record": it prints the record of one table.
func runRecord(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ataxxbot record", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	storeSpec := fs.String("store", "", "where games are kept: bolt:PATH, redis://HOST:PORT/DB or cluster:HOST:PORT,... (default the config's store)")
	configPath := fs.String("config", "", "YAML configuration file (see config.example.yaml)")
	key := fs.String("key", "", "the store key, exactly (instead of CHANNEL)")
	// Flags may follow the channel: ataxxbot record '#ataxx' -store bolt:x.
	var words []string
	for rest := args; ; rest = fs.Args()[1:] {
		err := fs.Parse(rest)
		if errors.Is(err, flag.ErrHelp) {
			printUsage(fs, recordUsage, stdout)
			return 0
		}
		if err != nil {
			printUsage(fs, recordUsage, stderr)
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
	}
	if *key == "" && len(words) != 1 || *key != "" && len(words) != 0 {
		fmt.Fprintln(stderr, "ataxxbot record: give one CHANNEL or -key KEY")
		printUsage(fs, recordUsage, stderr)
		return 2
	}
	var cfg Config
	if *configPath != "" {
		var err error
		if cfg, err = loadConfig(*configPath); err != nil {
			fmt.Fprintln(stderr, "ataxxbot record:", err)
			return 1
		}
	}
	if *storeSpec != "" {
		spec, err := parseStoreSpec(*storeSpec)
		if err != nil {
			fmt.Fprintln(stderr, "ataxxbot record:", err)
			return 1
		}
		cfg.Store = spec
	}
	if *key == "" {
		var err error
		if *key, err = tableKey(words[0], cfg); err != nil {
			fmt.Fprintln(stderr, "ataxxbot record:", err)
			return 2
		}
	}
	text, err := storedRecord(ctx, cfg, *key)
	if err != nil {
		fmt.Fprintf(stderr, "ataxxbot record: %s: %v\n", *key, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", text)
	return 0
}

// printUsage prints usage text then fs's flags to w.
func printUsage(fs *flag.FlagSet, text string, w io.Writer) {
	fmt.Fprint(w, text)
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// tableKey is the store key of the table an operator names: a key as the
// logs show it (network:channel), or a channel of the one network the
// config serves. IRC channels are keyed in lower case, as the IRC adapter
// keys them.
func tableKey(arg string, cfg Config) (string, error) {
	network, channel := "", arg
	if n, ch, ok := strings.Cut(arg, ":"); ok && (n == console.Network || n == irc.Network || n == discord.Network) {
		network, channel = n, ch
	} else {
		switch {
		case cfg.IRC != nil && cfg.Discord != nil:
			return "", fmt.Errorf("the config serves irc and discord: say irc:%s or discord:%s", arg, arg)
		case cfg.IRC != nil:
			network = irc.Network
		case cfg.Discord != nil:
			network = discord.Network
		default:
			network = console.Network
		}
	}
	if channel == "" {
		return "", fmt.Errorf("%q names no channel", arg)
	}
	if network == irc.Network && !strings.HasPrefix(channel, "query:") {
		channel = strings.ToLower(channel)
	}
	return bot.Table{Network: network, Channel: channel}.Key(), nil
}

// storedRecord opens the store as the bot does and returns the record at
// key as indented JSON.
func storedRecord(ctx context.Context, cfg Config, key string) ([]byte, error) {
	switch cfg.Store.Kind {
	case "", "mem", "memory":
		return nil, errors.New("the store is mem, which keeps nothing between runs: give -store bolt:PATH or redis://..., or the bot's -config")
	case "bolt":
		path := cfg.Store.Path
		if path == "" {
			path = "ataxxbot.db" // as openStore
		}
		if _, err := os.Stat(path); err != nil { // bolt would make an empty store
			return nil, fmt.Errorf("bolt store: %w", err)
		}
	}
	st, closeStore, err := openStore(ctx, cfg.Store, newLogger(io.Discard, ""))
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%w (a running bot holds the bolt file: stop it, or read a copy of the file)", err)
	}
	if err != nil {
		return nil, err
	}
	defer closeStore()
	data, _, err := st.Load(ctx, key)
	if errors.Is(err, bot.ErrNotFound) {
		return nil, errors.New("not found: no game is stored for that table")
	}
	if err != nil {
		return nil, err
	}
	text, err := bot.RecordJSON(data)
	var buf bytes.Buffer
	if err != nil && !strings.HasPrefix(key, "index:") && json.Indent(&buf, data, "", "  ") == nil {
		return buf.Bytes(), nil // a record of JSON that is not a table's: a tournament (-key tournament:t1k)
	}
	return text, err
}
