// Command ataxx-uai is an Ataxx engine that speaks UAI, the Ataxx dialect
// of the UCI protocol, on standard input and output, for GUIs and
// tournament managers.
//
// Commands: uai, isready, uainewgame, position startpos|fen FEN [moves ...],
// d (show the board), perft DEPTH, quit. An unknown command or an illegal
// move is reported on an "info string" line and the engine carries on.
// Positions use the UAI rule set (100 plies without a clone is a draw).
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

const (
	engineName   = "ataxxbot"
	engineAuthor = "the ataxxbot developers"
	maxPerft     = 12
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ataxx-uai:", err)
		os.Exit(1)
	}
}

// session is one UAI conversation: the current position and where to
// write answers.
type session struct {
	out *bufio.Writer
	pos ataxx.Position
}

// run reads commands from in until quit or end of input, answering on out.
func run(in io.Reader, out io.Writer) error {
	s := &session{out: bufio.NewWriter(out)}
	s.newGame()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		quit := s.handle(sc.Text())
		if err := s.out.Flush(); err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
	return sc.Err()
}

func (s *session) newGame() {
	s.pos = ataxx.NewPosition()
	s.pos.SetRules(ataxx.RulesUAI)
}

func (s *session) println(a ...any) { fmt.Fprintln(s.out, a...) }

func (s *session) info(format string, a ...any) {
	fmt.Fprintf(s.out, "info string "+format+"\n", a...)
}

// handle answers one command line and reports whether it was quit.
func (s *session) handle(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch cmd, args := fields[0], fields[1:]; cmd {
	case "uai":
		s.println("id name", engineName)
		s.println("id author", engineAuthor)
		s.println("uaiok")
	case "isready":
		s.println("readyok")
	case "uainewgame":
		s.newGame()
	case "position":
		s.position(args)
	case "d":
		fmt.Fprint(s.out, s.pos.Pretty())
		s.println("Fen:", s.pos.FEN())
		fmt.Fprintf(s.out, "Key: %016x\n", s.pos.Hash())
	case "perft":
		s.perft(args)
	case "quit":
		return true
	default:
		s.info("unknown command %q", cmd)
	}
	return false
}

// position handles "position startpos|fen FEN [moves m1 m2 ...]". A bad
// FEN leaves the position unchanged; an illegal move stops the list there,
// keeping the moves before it.
func (s *session) position(args []string) {
	if len(args) == 0 {
		s.info("position needs startpos or fen")
		return
	}
	var fenFields, moves []string
	switch args[0] {
	case "startpos":
		fenFields = []string{"startpos"}
		args = args[1:]
	case "fen":
		args = args[1:]
		for len(args) > 0 && args[0] != "moves" {
			fenFields = append(fenFields, args[0])
			args = args[1:]
		}
	default:
		s.info("position needs startpos or fen, got %q", args[0])
		return
	}
	if len(args) > 0 {
		if args[0] != "moves" {
			s.info("expected moves, got %q", args[0])
			return
		}
		moves = args[1:]
	}
	pos, err := ataxx.ParseFEN(strings.Join(fenFields, " "))
	if err != nil {
		s.info("%v", err)
		return
	}
	pos.SetRules(ataxx.RulesUAI)
	for _, text := range moves {
		m, err := ataxx.ParseMove(text)
		if err == nil {
			_, _, err = pos.Play(m)
		}
		if err != nil {
			s.info("move %s: %v", text, err)
			break
		}
	}
	s.pos = pos
}

// perft prints one info line for each depth from 1 to the one asked.
func (s *session) perft(args []string) {
	depth := 0
	if len(args) == 1 {
		depth, _ = strconv.Atoi(args[0])
	}
	if depth < 1 || depth > maxPerft {
		s.info("perft needs a depth from 1 to %d", maxPerft)
		return
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		nodes := ataxx.Perft(&s.pos, d)
		elapsed := time.Since(start)
		nps := uint64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
		fmt.Fprintf(s.out, "info depth %d nodes %d time %d nps %d\n", d, nodes, elapsed.Milliseconds(), nps)
		s.out.Flush()
	}
}
