package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// human is a person at the terminal: moves and setups are typed on
// stdin (shared by two humans), prompts and the board as the player sees
// it are written to out. Typing mistakes and illegal moves are refused
// and asked again (a person is not a program to be ruled out for a
// typo); SURRENDER gives up.
type human struct {
	name   string
	colour stratego.Colour
	in     *bufio.Reader
	out    io.Writer
}

func (h *human) Name() string { return h.name }

func (h *human) readLine() (string, error) {
	l, err := h.in.ReadString('\n')
	if err != nil && (l == "" || err != io.EOF) {
		return "", fmt.Errorf("human: %v: %w", err, agent.ErrExited)
	}
	return strings.TrimSpace(l), nil
}

func (h *human) Setup(c stratego.Colour, opponent string) ([]string, error) {
	h.colour = c
	for {
		fmt.Fprintf(h.out, "%v against %s: your setup? 4 rows of 10 letters (1-9 s B F) in board order (%s),\n"+
			"all on one line separated by '/', or a formation (%s), or \"random\"\n> ",
			c, opponent, order(c), strings.Join(stratego.Formations(), ", "))
		l, err := h.readLine()
		if err != nil {
			return nil, err
		}
		s, err := stratego.ParseSetup(c, l, nil)
		if err != nil {
			fmt.Fprintf(h.out, "not a setup: %v\n", err)
			continue
		}
		lines := s.Lines(c)
		return lines[:], nil
	}
}

func order(c stratego.Colour) string {
	if c == stratego.Blue {
		return "front row first"
	}
	return "back row first"
}

func (h *human) Move(news []string, v *stratego.View) (string, error) {
	for _, n := range news {
		if n != "START" {
			fmt.Fprintln(h.out, n)
		}
	}
	fmt.Fprint(h.out, v.Render(h.colour))
	for {
		fmt.Fprintf(h.out, "%v, turn %d: your move (b4-b6, or X Y DIR [N], or SURRENDER)\n> ", h.colour, v.Turn)
		l, err := h.readLine()
		if err != nil {
			return "", err
		}
		if l == "SURRENDER" {
			return l, nil
		}
		m, err := stratego.ParseMove(l)
		if err != nil {
			fmt.Fprintf(h.out, "%v\n", err)
			continue
		}
		ok := false
		for _, lm := range v.LegalMoves() {
			ok = ok || lm == m
		}
		if !ok {
			fmt.Fprintf(h.out, "%v is not a legal move\n", m)
			continue
		}
		return m.Protocol(), nil
	}
}

func (h *human) Quit(news []string, result string) {
	for _, n := range news {
		fmt.Fprintln(h.out, n)
	}
	fmt.Fprintln(h.out, "QUIT "+result)
}

func (h *human) Close() {}
