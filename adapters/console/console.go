// Package console is the chat adapter for a terminal: each input line is a
// message addressed to the bot, each reply is printed. A line "<nick> text"
// is said by nick (IRC log style); any other line by the console's own
// user. "quit" or the end of input ends the session; "load FILE" reads the
// commands in FILE as if typed (users' guide IV.A.1.e).
package console

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Handler is the bot as the console sees it.
type Handler interface {
	Handle(ctx context.Context, m bot.Message) []bot.Reply
}

// Console reads lines from In and writes replies to Out.
type Console struct {
	In      io.Reader
	Out     io.Writer
	Handler Handler
	Channel string // default "console"
	User    string // who says lines without "<nick>"; default "you"
}

// maxLoadDepth stops a file that loads itself.
const maxLoadDepth = 8

// Run reads until quit, end of input or ctx is done.
func (c *Console) Run(ctx context.Context) error {
	if c.Channel == "" {
		c.Channel = "console"
	}
	if c.User == "" {
		c.User = "you"
	}
	w := bufio.NewWriter(c.Out)
	defer w.Flush()
	_, err := c.read(ctx, c.In, w, 0)
	return err
}

// read handles the lines of r; quit reports that "quit" was read.
func (c *Console) read(ctx context.Context, r io.Reader, w *bufio.Writer, depth int) (quit bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return true, err
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		user, text := c.User, line
		if strings.HasPrefix(line, "<") {
			if nick, rest, ok := strings.Cut(line[1:], ">"); ok && nick != "" && !strings.ContainsAny(nick, " \t") {
				user, text = nick, strings.TrimSpace(rest)
			}
		}
		switch verb, arg, _ := strings.Cut(text, " "); strings.ToLower(verb) {
		case "quit", "exit":
			return true, nil
		case "load":
			if quit, err := c.load(ctx, strings.TrimSpace(arg), w, depth); quit || err != nil {
				return quit, err
			}
			continue
		}
		for _, r := range c.Handler.Handle(ctx, bot.Message{
			Network: "console", Channel: c.Channel, UserID: user, Name: user,
			Text: text, Addressed: true,
		}) {
			fmt.Fprintln(w, r.Text)
		}
		if err := w.Flush(); err != nil {
			return true, err
		}
	}
	return false, sc.Err()
}

func (c *Console) load(ctx context.Context, path string, w *bufio.Writer, depth int) (bool, error) {
	if depth >= maxLoadDepth {
		fmt.Fprintf(w, "load %s: files load each other too deeply\n", path)
		return false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(w, "load: %v\n", err)
		return false, nil
	}
	defer f.Close()
	return c.read(ctx, f, w, depth+1)
}
