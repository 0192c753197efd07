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
	"sync"

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

	mu sync.Mutex // one writer at a time: Run and Send
	w  *bufio.Writer
}

var _ bot.Sender = (*Console)(nil)

// Send prints replies the bot sends on its own (work resumed after a
// restart) when they are for this console's channel.
func (c *Console) Send(ctx context.Context, network, channel string, replies []bot.Reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if network != "console" || channel != c.channel() {
		return nil
	}
	w := c.writer()
	for _, r := range replies {
		fmt.Fprintln(w, r.Text)
	}
	return w.Flush()
}

func (c *Console) channel() string {
	if c.Channel == "" {
		return "console"
	}
	return c.Channel
}

// writer returns the buffered output; c.mu must be held.
func (c *Console) writer() *bufio.Writer {
	if c.w == nil {
		c.w = bufio.NewWriter(c.Out)
	}
	return c.w
}

// maxLoadDepth stops a file that loads itself.
const maxLoadDepth = 8

// Run reads until quit, end of input or ctx is done.
func (c *Console) Run(ctx context.Context) error {
	c.mu.Lock()
	c.Channel = c.channel()
	if c.User == "" {
		c.User = "you"
	}
	c.mu.Unlock()
	_, err := c.read(ctx, c.In, 0)
	return err
}

// read handles the lines of r; quit reports that "quit" was read.
func (c *Console) read(ctx context.Context, r io.Reader, depth int) (quit bool, err error) {
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
			if quit, err := c.load(ctx, strings.TrimSpace(arg), depth); quit || err != nil {
				return quit, err
			}
			continue
		}
		replies := c.Handler.Handle(ctx, bot.Message{
			Network: "console", Channel: c.Channel, UserID: user, Name: user,
			Text: text, Addressed: true,
		})
		if err := c.print(replies); err != nil {
			return true, err
		}
	}
	return false, sc.Err()
}

func (c *Console) print(replies []bot.Reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.writer()
	for _, r := range replies {
		fmt.Fprintln(w, r.Text)
	}
	return w.Flush()
}

func (c *Console) say(text string) error { return c.print([]bot.Reply{{Text: text}}) }

func (c *Console) load(ctx context.Context, path string, depth int) (bool, error) {
	if depth >= maxLoadDepth {
		return false, c.say(fmt.Sprintf("load %s: files load each other too deeply", path))
	}
	f, err := os.Open(path)
	if err != nil {
		return false, c.say(fmt.Sprintf("load: %v", err))
	}
	defer f.Close()
	return c.read(ctx, f, depth+1)
}
