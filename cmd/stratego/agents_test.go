package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// The test binary doubles as every agent program the tests need: run
// through a link whose name says which (see linkAgents), with
// STRATEGO_TEST_AGENT set, TestMain plays that agent instead of testing.
func TestMain(m *testing.M) {
	if os.Getenv("STRATEGO_TEST_AGENT") != "" {
		os.Exit(testAgent(filepath.Base(os.Args[0])))
	}
	os.Exit(m.Run())
}

const sample = "FB8sB479B8/BB31555583/6724898974/967B669999"

func testAgent(name string) int {
	rec := os.Getenv("STRATEGO_RECORD_DIR")
	if rec != "" {
		os.WriteFile(filepath.Join(rec, name+".pid"), []byte(fmt.Sprint(os.Getpid())), 0o644)
	}
	in := bufio.NewScanner(os.Stdin)
	read := func() (string, bool) {
		if !in.Scan() {
			return "", false
		}
		return in.Text(), true
	}
	setup := func() stratego.Colour {
		q, _ := read()
		c := stratego.Red
		if strings.HasPrefix(q, "BLUE") {
			c = stratego.Blue
		}
		s, _ := stratego.Formation("progcomp")
		for _, l := range s.Lines(c) {
			fmt.Println(l)
		}
		return c
	}
	waitBoard := func() bool {
		for {
			l, ok := read()
			if !ok {
				return false
			}
			if len(l) == 10 && !strings.Contains(l, " ") {
				for i := 0; i < 9; i++ {
					read()
				}
				return true
			}
		}
	}
	switch name {
	case "basic_cpp", "asmodeus":
		return standIn(name, read)
	case "random": // STRATEGO_RANDOM_SEED makes its game repeatable
		seed := uint64(time.Now().UnixNano())
		if n, err := strconv.ParseUint(os.Getenv("STRATEGO_RANDOM_SEED"), 10, 64); err == nil {
			seed = n
		}
		agent.Serve(os.Stdin, os.Stdout, &randomBrain{rng: rand.New(rand.NewPCG(seed, 1))})
		return 0
	case "crasher": // exits when asked to move
		setup()
		waitBoard()
		return 3
	case "garbage":
		setup()
		waitBoard()
		fmt.Println("what is this game")
		waitBoard()
	case "longline":
		setup()
		waitBoard()
		fmt.Println(strings.Repeat("x", 10000))
		waitBoard()
	case "illegal": // tries to move its flag, over and over
		c := setup()
		for waitBoard() {
			if c == stratego.Red {
				fmt.Println("0 0 DOWN")
			} else {
				fmt.Println("0 9 UP")
			}
		}
	case "baddir": // a bad direction word, over and over
		setup()
		for waitBoard() {
			fmt.Println("0 3 SIDEWAYS")
		}
	case "badsetup": // nine scouts, no spy
		read()
		fmt.Println("FB89B479B8\nBB31555583\n6724898974\n967B669999")
		waitBoard()
	case "shortsetup": // a line of nine letters
		read()
		fmt.Println("FB8sB479B\nBB31555583\n6724898974\n967B669999")
		waitBoard()
	case "surrender":
		setup()
		waitBoard()
		fmt.Println("SURRENDER")
		waitBoard()
	}
	return 0
}

// standIn answers as the tapped agent did: it walks its transcript,
// reading a line for each ">>" and writing each "<<", and records every
// line it reads (to the end of its input) for the test to compare.
func standIn(name string, read func() (string, bool)) int {
	tape, err := os.ReadFile(os.Getenv("STRATEGO_TAPE_" + name))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	got, err := os.Create(filepath.Join(os.Getenv("STRATEGO_RECORD_DIR"), name+".got"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer got.Close()
	for _, l := range strings.Split(strings.TrimRight(string(tape), "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, ">> "):
			line, ok := read()
			if !ok {
				return 0
			}
			fmt.Fprintln(got, line)
		case strings.HasPrefix(l, "<< "):
			fmt.Println(l[3:])
		}
	}
	for {
		line, ok := read()
		if !ok {
			return 0
		}
		fmt.Fprintln(got, line)
	}
}

// randomBrain moves a random piece at random.
type randomBrain struct {
	rng    *rand.Rand
	colour stratego.Colour
}

func (b *randomBrain) Setup(c stratego.Colour, _ string) stratego.Setup {
	b.colour = c
	return stratego.RandomSetup(b.rng)
}

func (b *randomBrain) Observe(agent.Confirmation) {}

func (b *randomBrain) Move(board [stratego.Height]string) stratego.Move {
	v, err := agent.ParseBoard(b.colour, board)
	if err != nil {
		return stratego.NoMove
	}
	moves := v.LegalMoves()
	if len(moves) == 0 {
		return stratego.NoMove
	}
	return moves[b.rng.IntN(len(moves))]
}
