package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// genUsage heads the usage of datagen -h.
const genUsage = `Usage: ataxx-train datagen -out FILE [flags]

Plays self-play games for training the neural evaluation and appends them
to FILE (a games file: every move and the search's score of each searched
position). Game g is fully determined by the flags and g: its openings, its
blocks and its random plies come from its own generator seeded by (-seed,
g), and each move searches exactly -nodes nodes with the game's own
searcher, new at the game's start, whose table carries from move to move.
So the games are the same whatever -workers, and a run that is stopped (or
crashes) is resumed by running the same command again: it keeps the whole
games the file holds and plays only the missing ones.

Flags:
`

// genRun is one run of datagen: what it plays, and how.
type genRun struct {
	genConfig
	games    int
	workers  int
	linear   bool
	net      *ataxxai.Net
	progress time.Duration
	log      io.Writer // progress lines
}

// runGen plays the games of a games file that it lacks.
func runGen(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-train datagen", flag.ContinueOnError)
	var r genRun
	var openMin, openMax, mid, share, maxBlocks, hashMB, balance int
	var nodes uint
	rules := ataxx.RulesUAI.String()
	fs.IntVar(&r.games, "games", 100000, "games in the file (game indexes 0 to games-1); raise it to add more")
	fs.UintVar(&nodes, "nodes", 1000, "nodes searched for each move")
	fs.IntVar(&r.workers, "workers", runtime.NumCPU(), "games played at once (does not change the games)")
	fs.IntVar(&openMin, "open-min", 2, "fewest random plies at the start of a game")
	fs.IntVar(&openMax, "open-max", 8, "most random plies at the start of a game")
	fs.IntVar(&mid, "mid-random", 2, "most random plies later in a game (each game 0 to this many, in its first 60 searched plies)")
	fs.IntVar(&share, "blocks", 50, "percent of games played from a layout of blocks")
	fs.IntVar(&maxBlocks, "max-blocks", 4, "most squares of a layout, each with its reflections, as the bot's blocks command places them")
	fs.IntVar(&balance, "balance", 0, "draw an opening again while its searched score is further from level than this many hundredths of a piece (0: play any opening)")
	fs.IntVar(&hashMB, "hash", 4, "megabytes of each search's transposition table")
	fs.StringVar(&rules, "rules", rules, "the rules the games are played by: uai, manual or cs61b")
	fs.Uint64Var(&r.Seed, "seed", 1, "seed of the games")
	fs.DurationVar(&r.progress, "progress", 30*time.Second, "how often to report progress on standard error (0: never)")
	dest := fs.String("out", "", "the games file to append to (created if missing)")
	netFile := fs.String("net", "embedded", "play with this network file's evaluation; embedded: the networks the AI ships, each for its boards; linear: the linear evaluation")
	if help, err := parseFlags(fs, args, genUsage, out); help || err != nil {
		return err
	}
	if *dest == "" || r.games < 1 || nodes < 1 || nodes > 1<<31 || r.workers < 1 || openMin < 0 || openMax < openMin || openMax > 100 ||
		mid < 0 || mid > 20 || share < 0 || share > 100 || maxBlocks < 1 || maxBlocks > 15 || hashMB < 1 || hashMB > 4096 || balance < 0 || balance > 30000 {
		return fmt.Errorf("datagen needs -out, positive -games, -nodes, -workers and -hash, 0 <= -open-min <= -open-max <= 100, -mid-random at most 20, -blocks a percent, -max-blocks 1 to 15 and -balance 0 to 30000")
	}
	rs, err := ataxx.ParseRules(rules)
	if err != nil {
		return err
	}
	r.Nodes, r.HashMB, r.Rules = uint32(nodes), uint16(hashMB), uint8(rs)
	r.OpenMin, r.OpenMax, r.MidRandom, r.BlockShare, r.MaxBlocks = uint8(openMin), uint8(openMax), uint8(mid), uint8(share), uint8(maxBlocks)
	r.Balance = uint16(balance)
	var netBytes []byte
	switch *netFile {
	case "linear":
		r.linear = true
	case "embedded":
		// The shipped pair, each for its boards (r.net stays nil).
		netBytes = append(ataxxai.MarshalNet(&ataxxai.DefaultNet().NetWeights), ataxxai.MarshalNet(&ataxxai.BlocksNet().NetWeights)...)
	default:
		if netBytes, err = os.ReadFile(*netFile); err != nil {
			return err
		}
		if r.net, err = ataxxai.LoadNet(netBytes); err != nil {
			return fmt.Errorf("%s: %w", *netFile, err)
		}
	}
	if !r.linear {
		h := fnv.New64a()
		h.Write(netBytes)
		r.Net = h.Sum64()
	}
	r.log = os.Stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return r.run(ctx, *dest, out)
}

// run appends to the file at path the games it lacks, game by game, until
// it has them all or ctx is done, and says what it did on out.
func (r *genRun) run(ctx context.Context, path string, out io.Writer) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	have, err := r.resume(f, path)
	if err != nil {
		return err
	}
	var missing []int
	for g := range r.games {
		if !have[uint64(g)] {
			missing = append(missing, g)
		}
	}
	fmt.Fprintf(out, "%s: %d of %d games there, %d to play\n", path, r.games-len(missing), r.games, len(missing))
	if len(missing) == 0 {
		return nil
	}
	next := make(chan int)
	done := make(chan *gameRecord)
	var wg sync.WaitGroup
	for range min(r.workers, len(missing)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				if rec := r.play(ctx, g); rec != nil {
					done <- rec
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for _, g := range missing {
			select {
			case next <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	start, last := time.Now(), time.Now()
	games, positions := 0, 0
	report := func(w io.Writer) {
		el := time.Since(start)
		rate := float64(positions) / max(el.Seconds(), 1e-9)
		fmt.Fprintf(w, "%d games (%d of %d in the file), %d positions, %.0f positions/s (%.0f a worker), %s\n",
			games, r.games-len(missing)+games, r.games, positions, rate, rate/float64(min(r.workers, len(missing))), el.Round(time.Second))
	}
	var buf []byte
	var werr error
	for rec := range done {
		if werr != nil {
			continue // drain the workers
		}
		buf = rec.appendFrame(buf[:0])
		if _, err := f.Write(buf); err != nil {
			werr = err
			continue
		}
		games++
		for _, p := range rec.plies {
			if !p.random {
				positions++
			}
		}
		if r.progress > 0 && time.Since(last) >= r.progress {
			last = time.Now()
			report(r.log)
		}
	}
	if werr != nil {
		return werr
	}
	report(out)
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("stopped: %w (run the same command again to go on)", err)
	}
	return f.Sync()
}

// resume reads the games file f (empty, or a header cut short: new) and
// returns the indexes of the games it has, leaving f at its end, after the
// last whole game (a frame cut short is truncated), or after the header it
// writes into a new file.
func (r *genRun) resume(f *os.File, path string) (map[uint64]bool, error) {
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	have := map[uint64]bool{}
	if header := appendGamesHeader(nil, r.genConfig); len(b) < len(header) && bytes.HasPrefix(header, b) {
		// A new file, or one whose header a crash cut short.
		if err := f.Truncate(0); err != nil {
			return nil, err
		}
		_, err := f.WriteAt(header, 0)
		if err == nil {
			_, err = f.Seek(int64(len(header)), io.SeekStart)
		}
		return have, err
	}
	gf, err := readGames(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if gf.config != r.genConfig {
		return nil, fmt.Errorf("%s: %w: %+v, asked for %+v", path, errOtherFlags, gf.config, r.genConfig)
	}
	if gf.whole < len(b) {
		if err := f.Truncate(int64(gf.whole)); err != nil {
			return nil, err
		}
	}
	if _, err := f.Seek(int64(gf.whole), io.SeekStart); err != nil {
		return nil, err
	}
	for _, g := range gf.games {
		have[g.index] = true
	}
	return have, nil
}

// errBlocked is a layout that leaves a side no move at the start.
var errBlocked = errors.New("a layout that blocks a side in")

// openingLayout draws game's blocks: none, or with the share BlockShare
// a layout as the bot's blocks command makes one, 1 to MaxBlocks squares of
// the board's top-left quarter (no corner), each with its reflections
// across the centre row and column; a layout that leaves a side no move is
// drawn again.
func (c genConfig) openingLayout(rng *rand.Rand) ataxx.Bitboard {
	if rng.IntN(100) >= int(c.BlockShare) {
		return 0
	}
	var quarter []ataxx.Square
	for f := range 4 {
		for r := 3; r < 7; r++ {
			if f != 0 || r != 6 {
				quarter = append(quarter, ataxx.NewSquare(f, r))
			}
		}
	}
	for {
		var b ataxx.Bitboard
		for range 1 + rng.IntN(int(c.MaxBlocks)) {
			b |= ataxx.Reflections(quarter[rng.IntN(len(quarter))])
		}
		if _, err := c.layoutStart(b); err == nil {
			return b
		}
	}
}

// layoutStart is the start with blocks b, or errBlocked.
func (c genConfig) layoutStart(b ataxx.Bitboard) (ataxx.Position, error) {
	pos, err := startPosition(ataxx.Rules(c.Rules), b)
	if err != nil {
		return pos, err
	}
	if !pos.HasMoves(ataxx.Red) || !pos.HasMoves(ataxx.Blue) {
		return pos, errBlocked
	}
	return pos, nil
}

// play plays game g, or returns nil if ctx is done first. The game depends
// on the flags and g only.
func (r *genRun) play(ctx context.Context, g int) *gameRecord {
	rng := rand.New(rand.NewPCG(r.Seed, uint64(g)))
	rec := &gameRecord{index: uint64(g), blocks: r.openingLayout(rng)}
	start, _ := r.layoutStart(rec.blocks)
	open := int(r.OpenMin) + rng.IntN(int(r.OpenMax-r.OpenMin)+1)
	// Random plies later in the game: at searched plies 4 to 63.
	midAt := map[int]bool{}
	for range rng.IntN(int(r.MidRandom) + 1) {
		midAt[open+4+rng.IntN(60)] = true
	}
	lim := search.Limits{Nodes: uint64(r.Nodes)}
	s := r.searcher()
	pos := r.opening(rng, s, lim, start, open, rec)
	for n := len(rec.plies); pos.Outcome() == ataxx.Ongoing; n++ {
		if ctx.Err() != nil {
			return nil
		}
		if n == maxPlies {
			rec.outcome, rec.adjudicated = byCount(&pos), true
			return rec
		}
		if midAt[n] {
			moves := pos.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			rec.plies = append(rec.plies, ply{move: m, random: true})
			pos.MakeMove(m)
			continue
		}
		res := s.Search(context.Background(), pos, lim, search.Options{}, nil)
		score := max(-32767, min(32767, res.Info.Score))
		rec.plies = append(rec.plies, ply{move: res.Move, score: int16(score)})
		if res.Info.Mate != 0 || score > provenScore || score < -provenScore {
			// The search proved the end: the game is decided.
			winner := pos.Turn()
			if res.Info.Mate < 0 || score < -provenScore {
				winner = winner.Other()
			}
			rec.outcome, rec.adjudicated = ataxx.WinFor(winner), true
			return rec
		}
		pos.MakeMove(res.Move)
	}
	rec.outcome = pos.Outcome()
	return rec
}

// searcher returns a new searcher, as each game starts with.
func (r *genRun) searcher() *ataxxai.Searcher {
	s := ataxxai.NewSearcher(int(r.HashMB))
	s.Tuning.NNUE, s.Tuning.Net = !r.linear, r.net
	return s
}

// maxOpeningDraws bounds how often an unbalanced opening is drawn again;
// the last one drawn is played whatever its score.
const maxOpeningDraws = 50

// opening plays open random plies from start into rec and returns the
// position they reach. With a Balance bound, an opening that ends the
// game, or whose score (searched to lim by s, whose table is cleared
// after, so the game's first search is a fresh searcher's) is further from
// level than the bound, is drawn again: so games start from many
// different positions either side may still win.
func (r *genRun) opening(rng *rand.Rand, s *ataxxai.Searcher, lim search.Limits, start ataxx.Position, open int, rec *gameRecord) ataxx.Position {
	for draw := 1; ; draw++ {
		pos := start
		rec.plies = rec.plies[:0]
		for range open {
			if pos.Outcome() != ataxx.Ongoing {
				break
			}
			moves := pos.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			rec.plies = append(rec.plies, ply{move: m, random: true})
			pos.MakeMove(m)
		}
		if r.Balance == 0 || draw == maxOpeningDraws {
			return pos
		}
		if pos.Outcome() != ataxx.Ongoing {
			continue
		}
		res := s.Search(context.Background(), pos, lim, search.Options{}, nil)
		s.Clear()
		if res.Info.Mate == 0 && max(res.Info.Score, -res.Info.Score) <= int(r.Balance) {
			return pos
		}
	}
}

// byCount scores a game stopped by the ply cap: more pieces win.
func byCount(p *ataxx.Position) ataxx.Outcome {
	r, b := p.Count(ataxx.Red), p.Count(ataxx.Blue)
	switch {
	case r > b:
		return ataxx.RedWins
	case b > r:
		return ataxx.BlueWins
	}
	return ataxx.Draw
}
