package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// A position of the network's training data, as written by nnue-data:
// Red's and Blue's pieces, the search's score for the side to move (in
// hundredths of a piece, a won or lost game at ±mateLabel), and one byte:
// bit 0 Blue to move, bits 1-2 the game's result for the side to move
// (0 lost, 1 drawn, 2 won).
const recordSize = 8 + 8 + 2 + 1

// mateLabel is the score a record gives a position the search found won.
const mateLabel = 3000

type record struct {
	red, blue ataxx.Bitboard
	score     int16
	blue2move bool
	result    uint8 // 0 lost, 1 drawn, 2 won, for the side to move
}

func (r record) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(r.red))
	b = binary.LittleEndian.AppendUint64(b, uint64(r.blue))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.score))
	flags := r.result << 1
	if r.blue2move {
		flags |= 1
	}
	return append(b, flags)
}

func parseRecord(b []byte) record {
	return record{
		red: ataxx.Bitboard(binary.LittleEndian.Uint64(b)), blue: ataxx.Bitboard(binary.LittleEndian.Uint64(b[8:])),
		score: int16(binary.LittleEndian.Uint16(b[16:])), blue2move: b[18]&1 != 0, result: b[18] >> 1 & 3,
	}
}

// errData reports a data file that is not whole records.
var errData = errors.New("not a file of training records")

// dataConfig is what nnue-data plays.
type dataConfig struct {
	games, nodes, workers int
	minRandom, maxRandom  int
	seed                  uint64
	net                   *ataxxai.Net // evaluate with this network
	linear                bool         // evaluate with the linear evaluation instead
}

// dataUsage heads the usage of nnue-data -h.
const dataUsage = `Usage: ataxx-train nnue-data -out FILE [flags]

Plays self-play games, each from a few random plies, searching every move
to -nodes nodes, and appends each position with the search's score and the
game's result to FILE.

Flags:
`

// runData plays self-play games and appends their positions to a file.
func runData(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-train nnue-data", flag.ContinueOnError)
	var c dataConfig
	fs.IntVar(&c.games, "games", 1000, "self-play games")
	fs.IntVar(&c.nodes, "nodes", 3000, "nodes searched for each move")
	fs.IntVar(&c.workers, "workers", 2, "games played at once")
	fs.IntVar(&c.minRandom, "random-min", 2, "fewest random plies at the start of a game")
	fs.IntVar(&c.maxRandom, "random-max", 8, "most random plies at the start of a game")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	dest := fs.String("out", "", "append the positions to this file")
	netFile := fs.String("net", "embedded", "play with this network file's evaluation; embedded: the networks the AI ships, each for its boards; linear: the linear evaluation")
	if help, err := parseFlags(fs, args, dataUsage, out); help || err != nil {
		return err
	}
	switch *netFile {
	case "linear":
		c.linear = true
	case "embedded": // the shipped pair, each for its boards (c.net stays nil)
	default:
		b, err := os.ReadFile(*netFile)
		if err != nil {
			return err
		}
		if c.net, err = ataxxai.LoadNet(b); err != nil {
			return fmt.Errorf("%s: %w", *netFile, err)
		}
	}
	if *dest == "" || c.games < 1 || c.nodes < 1 || c.workers < 1 || c.minRandom < 0 || c.maxRandom < c.minRandom {
		return fmt.Errorf("nnue-data needs -out, and positive -games, -nodes, -workers and 0 <= -random-min <= -random-max")
	}
	f, err := os.OpenFile(*dest, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	games := make(chan []record)
	next := make(chan int)
	var wg sync.WaitGroup
	for range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := ataxxai.NewSearcher(16)
			s.Tuning.NNUE, s.Tuning.Net = !c.linear, c.net
			for g := range next {
				games <- dataGame(s, c, g)
			}
		}()
	}
	go func() {
		for g := range c.games {
			next <- g
		}
		close(next)
		wg.Wait()
		close(games)
	}()
	start, positions, done := time.Now(), 0, 0
	var buf []byte
	for recs := range games {
		buf = buf[:0]
		for _, r := range recs {
			buf = r.append(buf)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		positions += len(recs)
		if done++; done%500 == 0 {
			fmt.Fprintf(out, "%d games, %d positions, %s\n", done, positions, time.Since(start).Round(time.Second))
		}
	}
	fmt.Fprintf(out, "%d games, %d positions, %s\n", done, positions, time.Since(start).Round(time.Second))
	return w.Flush()
}

// dataGame plays game g from a few random plies and labels its positions
// with the search's score and the result.
func dataGame(s *ataxxai.Searcher, c dataConfig, g int) []record {
	rng := rand.New(rand.NewPCG(c.seed, uint64(g)))
	pos, _ := ataxx.ParseFEN(starts[rng.IntN(len(starts))])
	pos.SetRules(ataxx.RulesUAI)
	s.Clear()
	random := c.minRandom + rng.IntN(c.maxRandom-c.minRandom+1)
	var recs []record
	for ply := 0; ply < 600 && pos.Outcome() == ataxx.Ongoing; ply++ {
		if ply < random {
			moves := pos.LegalMoves()
			pos.MakeMove(moves[rng.IntN(len(moves))])
			continue
		}
		r := s.Search(context.Background(), pos, search.Limits{Nodes: uint64(c.nodes)}, search.Options{}, nil)
		score := r.Info.Score
		switch {
		case r.Info.Mate > 0:
			score = mateLabel
		case r.Info.Mate < 0:
			score = -mateLabel
		}
		score = max(-mateLabel, min(mateLabel, score))
		recs = append(recs, record{red: pos.Pieces(ataxx.Red), blue: pos.Pieces(ataxx.Blue), score: int16(score), blue2move: pos.Turn() == ataxx.Blue})
		pos.MakeMove(r.Move)
	}
	w, won := pos.Outcome().Winner()
	for i := range recs {
		side := ataxx.Red
		if recs[i].blue2move {
			side = ataxx.Blue
		}
		switch {
		case !won:
			recs[i].result = 1
		case side == w:
			recs[i].result = 2
		}
	}
	return recs
}
