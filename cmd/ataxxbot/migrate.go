package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/backup"
	bolterrors "go.etcd.io/bbolt/errors"
)

// migrateUsage is the help of the migrate subcommand.
const migrateUsage = `Usage: ataxxbot migrate -from STORE -to STORE

Copies everything a store holds into another: running tables (they play
on from the next move), owed work, the archive of finished games, ratings
and leaderboards, linked identities, windows and hosted ids, tournaments,
mailboxes, and the game id counter (raised in the target, never lowered,
so no id is given twice). Leases and one-time link codes are not copied:
the bots take new leases, and a player asks for a new code.

Stop the bots on both stores first. It writes only through the target's
own compare-and-set, never deletes from it, and reads everything back at
the end. Run it again and it changes nothing. Where the target already
holds something else under the same name, the source's copy is written
only when its content says it is the later one (a table's last change, a
tournament's progress, a rating's games); otherwise the target's is kept
and the report names it.

STORE is one of:
  bolt:PATH                 a bbolt file (a source must exist)
  redis://[USER:PASS@]HOST:PORT/DB   one Redis server (rediss:// for TLS)
  cluster:HOST:PORT[,HOST:PORT...]   a Redis Cluster, by any of its nodes
  config:FILE               the store of a bot's config file (prefix,
                            Sentinel, password and every other option)
  file:PATH                 a backup file (ataxxbot backup), as -from only
A Redis password may also come from ATAXXBOT_REDIS_PASSWORD.

Exit status: 0 when the target holds everything of the source; 3 when
something was kept (newer in the target) or could not be copied (damaged
in the source), as the report says; 1 on any other failure, or when what
was written does not read back.

Flags:
`

// backupUsage is the help of the backup subcommand.
const backupUsage = `Usage: ataxxbot backup [-store STORE | -config FILE] -o FILE

Writes everything the store holds to one file, whole or not at all (the
file appears only when complete), readable by the players' data's owner
alone (mode 0600). ataxxbot migrate -from file:FILE -to STORE restores it.
Leases and one-time link codes are not kept. A bolt file is locked by its
running bot: stop the bot (or back up a copy of the file).

The file is gzip-compressed JSON lines: a header
  {"format":"ataxxbot-backup","schema":1,"created":TIME,"source":STORE}
then one item a line ({"type":"record","key":...,"data":BASE64},
{"type":"game","game":{...}}, rating, rank, link, owed, mail, counter),
then a trailer {"end":true,"items":N}. A file without its trailer is
refused whole. STORE is as for migrate (ataxxbot migrate -h).

Flags:
`

// exitKept is the exit status of a migrate that kept some of the
// target's items or could not copy some of the source's.
const exitKept = 3

// runMigrate is "ataxxbot migrate".
func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ataxxbot migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	from := fs.String("from", "", "the store to copy from (bolt:PATH, redis://..., cluster:ADDRS, config:FILE, file:BACKUP)")
	to := fs.String("to", "", "the store to copy into (bolt:PATH, redis://..., cluster:ADDRS, config:FILE)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		printUsage(fs, migrateUsage, stdout)
		return 0
	} else if err != nil {
		printUsage(fs, migrateUsage, stderr)
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "ataxxbot migrate: give -from STORE and -to STORE, and nothing else")
		printUsage(fs, migrateUsage, stderr)
		return 2
	}
	if *from == *to {
		fmt.Fprintln(stderr, "ataxxbot migrate: -from and -to are the same store")
		return 2
	}
	if strings.HasPrefix(*to, "file:") {
		fmt.Fprintln(stderr, "ataxxbot migrate: -to file:... is what ataxxbot backup writes; say ataxxbot backup -store STORE -o FILE")
		return 2
	}
	src, closeSrc, err := openDumper(ctx, *from)
	if err != nil {
		fmt.Fprintf(stderr, "ataxxbot migrate: -from %s: %v\n", *from, err)
		return 1
	}
	defer closeSrc()
	dst, closeDst, err := openTarget(ctx, *to, false)
	if err != nil {
		fmt.Fprintf(stderr, "ataxxbot migrate: -to %s: %v\n", *to, err)
		return 1
	}
	defer closeDst()
	start := time.Now()
	r, err := migrate.Migrate(ctx, src, dst)
	fmt.Fprint(stdout, r)
	fmt.Fprintf(stdout, "took %s\n", time.Since(start).Round(time.Millisecond))
	switch {
	case errors.Is(err, migrate.ErrVerify) || err != nil && !errors.Is(err, migrate.ErrKeptTarget):
		fmt.Fprintln(stderr, "ataxxbot migrate:", err)
		return 1
	case err != nil || len(r.Skipped) > 0:
		fmt.Fprintf(stderr, "ataxxbot migrate: %d items kept in the target, %d not copied (see above)\n", len(r.Refused), len(r.Skipped))
		return exitKept
	}
	return 0
}

// runBackup is "ataxxbot backup".
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ataxxbot backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	storeSpec := fs.String("store", "", "the store to back up (bolt:PATH, redis://..., cluster:ADDRS; default the config's store)")
	configPath := fs.String("config", "", "YAML configuration file whose store to back up")
	out := fs.String("o", "", "the backup file to write (for example ataxxbot-2026-11-27.jsonl.gz)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		printUsage(fs, backupUsage, stdout)
		return 0
	} else if err != nil {
		printUsage(fs, backupUsage, stderr)
		return 2
	}
	if *out == "" || fs.NArg() > 0 || (*storeSpec == "") == (*configPath == "") {
		fmt.Fprintln(stderr, "ataxxbot backup: give -o FILE and one of -store STORE or -config FILE")
		printUsage(fs, backupUsage, stderr)
		return 2
	}
	spec := *storeSpec
	if spec == "" {
		spec = "config:" + *configPath
	}
	src, closeSrc, err := openTarget(ctx, spec, true)
	if err != nil {
		fmt.Fprintf(stderr, "ataxxbot backup: %s: %v\n", spec, err)
		return 1
	}
	defer closeSrc()
	var skipped []string
	counted := skipCounter{Dumper: src, skipped: &skipped}
	n, err := backup.WriteFile(ctx, *out, counted, redactSpec(spec), time.Now())
	if err != nil {
		fmt.Fprintln(stderr, "ataxxbot backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d items to %s\n", n, *out)
	for _, s := range skipped {
		fmt.Fprintf(stdout, "not kept: %s\n", s)
	}
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "ataxxbot backup: %d items the store holds could not be read (see above)\n", len(skipped))
		return exitKept
	}
	return 0
}

// skipCounter notes the skipped items a Dumper gives.
type skipCounter struct {
	migrate.Dumper
	skipped *[]string
}

func (s skipCounter) Dump(ctx context.Context, each func(migrate.Item) error) error {
	return s.Dumper.Dump(ctx, func(it migrate.Item) error {
		if it.Type == migrate.ItemSkipped {
			*s.skipped = append(*s.skipped, it.String())
		}
		return each(it)
	})
}

// storeConfigOf reads a STORE of migrate and backup (all but file:).
func storeConfigOf(spec string) (StoreConfig, error) {
	if path, ok := strings.CutPrefix(spec, "config:"); ok {
		cfg, err := loadConfig(path)
		if err != nil {
			return StoreConfig{}, err
		}
		if cfg.Store.Kind == "" || cfg.Store.Kind == "mem" || cfg.Store.Kind == "memory" {
			return StoreConfig{}, errors.New("the config's store is mem, which keeps nothing")
		}
		return cfg.Store, nil
	}
	c, err := parseStoreSpec(spec)
	if err != nil {
		return c, err
	}
	if c.Kind == "mem" {
		return c, errors.New("mem keeps nothing between runs: name a bolt file or a Redis")
	}
	return c, nil
}

// target is what migrate writes into: every store the bot has is one.
type target interface {
	migrate.Target
}

// openTarget opens a store for migrate or backup. A bolt source must
// exist (opening would make an empty one).
func openTarget(ctx context.Context, spec string, source bool) (target, func(), error) {
	c, err := storeConfigOf(spec)
	if err != nil {
		return nil, nil, err
	}
	if source && c.Kind == "bolt" {
		path := c.Path
		if path == "" {
			path = "ataxxbot.db"
		}
		if _, err := os.Stat(path); err != nil {
			return nil, nil, fmt.Errorf("bolt store: %w", err)
		}
	}
	st, closeStore, err := openStore(ctx, c, newLogger(io.Discard, ""))
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, nil, fmt.Errorf("%w (a running bot holds the bolt file: stop it first)", err)
	}
	if err != nil {
		return nil, nil, err
	}
	t, ok := st.(target)
	if !ok {
		closeStore()
		return nil, nil, fmt.Errorf("the %s store cannot be dumped", c.Kind)
	}
	if p, ok := st.(interface{ Ping(context.Context) error }); ok {
		if err := p.Ping(ctx); err != nil {
			closeStore()
			return nil, nil, fmt.Errorf("not answering: %w", err)
		}
	}
	return t, closeStore, nil
}

// openDumper opens migrate's source: a store, or a backup file.
func openDumper(ctx context.Context, spec string) (migrate.Dumper, func(), error) {
	if path, ok := strings.CutPrefix(spec, "file:"); ok {
		f, err := backup.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return f, func() {}, nil
	}
	return openTarget(ctx, spec, true)
}

// redactSpec is a STORE without a password, for a backup's header.
func redactSpec(spec string) string {
	if strings.HasPrefix(spec, "redis") {
		if u, err := url.Parse(spec); err == nil {
			return u.Redacted()
		}
		return "redis (unparsable url)"
	}
	return spec
}
