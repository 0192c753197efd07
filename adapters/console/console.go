// Package console is the chat adapter for a terminal: each input line is a
// message addressed to the bot, each reply is printed. A line "<nick> text"
// is said by nick (IRC log style); any other line by the console's own
// user. "quit", "exit" or the end of input (the same: after the AI has
// answered) ends the session, printing Farewell if set (cmd/ataxxbot sets
// the Congo user guide's "The program is terminated..."; in the CS61B
// dialect, where the end of input equals quit, nothing). "load FILE" reads the
// commands in FILE as if typed (users' guide IV.A.1.e). Every line typed
// while the AI is to move (quit, dump, board, a move) waits for the AI's
// move and then runs, in order, as the guide's and CS61B's programs read
// their next line only then; a move still refused as out of turn waits
// again (bot.Caps.TypeAhead).
//
// A loaded file must be text: a NUL byte, a line over 64 KiB, a file that
// loads itself (directly or in a cycle, by resolved path) or files nested
// over 8 deep end every load in progress with one error line, and the
// session goes on with the next typed line.
//
// In a file read by load, a line that starts with a space or a tab goes on
// the line before it, so a long command (a saved game: "abalone load
// standard" and its moves on indented lines) can span lines.
//
// The console speaks several channels and private messages as an IRC user
// types them: "/join #name" makes #name the channel of the lines that
// follow (names compare as on IRC: FoldChannel), "<alice> /msg TEXT" is alice saying TEXT to the bot privately.
// A reply for another channel is printed with "[#name] " before each of
// its lines, a private reply with "[private alice] ".
package console

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	// Dir is where files the bot hands over (an export too long to
	// print) are written; "" is the working directory.
	Dir string
	// Greeting is printed when the session starts; "" prints nothing.
	Greeting string
	// Farewell is printed when the session ends by quit, exit or the end
	// of input; "" prints nothing.
	Farewell string

	mu   sync.Mutex // one writer at a time: Run and Send
	w    *bufio.Writer
	seen map[string]bool // the channels this console has been in
	// handling says a line is being handled: what the bot sends on its
	// own meanwhile (an AI that answers at once, set off by that line)
	// waits in queued until the line's own replies are printed.
	handling bool
	queued   []bot.Reply
}

// Serves reports whether the replies of table t are this console's to
// print: a channel it has been in, or a private conversation.
func (c *Console) Serves(t bot.Table) bool {
	if t.Network != Network {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return t.IsQuery() || t.Channel == c.current() || c.seen[t.Channel]
}

// Tables lists the channels this console has been in.
func (c *Console) Tables() []bot.Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := []bot.Table{{Network: Network, Channel: c.current()}}
	for ch := range c.seen {
		if ch != c.current() {
			out = append(out, bot.Table{Network: Network, Channel: ch})
		}
	}
	return out
}

var _ bot.Sender = (*Console)(nil)

// Network is the bot.Message network name of the console.
const Network = "console"

// Send prints replies the bot sends on its own (AI moves, work resumed
// after a restart). While a line is handled they wait, never blocking the
// sender, and follow that line's own replies: the AI answers a move
// after the move is shown.
func (c *Console) Send(ctx context.Context, replies []bot.Reply) error {
	c.mu.Lock()
	if c.handling {
		c.queued = append(c.queued, replies...)
		c.mu.Unlock()
		return nil
	}
	c.mu.Unlock()
	return c.print(replies)
}

// handle has the bot handle m and prints its replies, then what the bot
// sent on its own meanwhile, in the order sent.
func (c *Console) handle(ctx context.Context, m bot.Message) error {
	c.mu.Lock()
	c.handling = true
	c.mu.Unlock()
	err := c.print(c.Handler.Handle(ctx, m))
	for {
		c.mu.Lock()
		q := c.queued
		c.queued = nil
		if len(q) == 0 || err != nil {
			c.handling = false
			c.mu.Unlock()
			return err
		}
		c.mu.Unlock()
		err = c.print(q)
	}
}

// channel is the current channel.
func (c *Console) channel() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.current()
}

// current is the current channel; c.mu must be held.
func (c *Console) current() string {
	if c.Channel == "" {
		return "console"
	}
	return FoldChannel(c.Channel)
}

// FoldChannel is a channel name as IRC compares it (RFC 1459 case
// mapping: A-Z are a-z, and [ ] \ ~ are { } | ^), so "#tA" given with
// -channel and "/join #ta" are one table, as they are one channel on IRC.
func FoldChannel(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'A' && r <= 'Z':
			return r + ('a' - 'A')
		case r == '[':
			return '{'
		case r == ']':
			return '}'
		case r == '\\':
			return '|'
		case r == '~':
			return '^'
		}
		return r
	}, name)
}

// writer returns the buffered output; c.mu must be held.
func (c *Console) writer() *bufio.Writer {
	if c.w == nil {
		c.w = bufio.NewWriter(c.Out)
	}
	return c.w
}

// maxLoadDepth bounds files loading one another.
const maxLoadDepth = 8

// GuideFarewell is the Congo user guide's last line, at exit.
const GuideFarewell = "The program is terminated..."

// Run reads until quit, end of input or ctx is done.
func (c *Console) Run(ctx context.Context) error {
	c.mu.Lock()
	c.Channel = c.current()
	if c.User == "" {
		c.User = "you"
	}
	c.mu.Unlock()
	if c.Greeting != "" {
		if err := c.say(c.Greeting); err != nil {
			return err
		}
	}
	_, err := c.read(ctx, c.In, nil)
	if s, ok := c.Handler.(settler); ok && err == nil {
		// quit, exit or the end of the input: let the AI answer first.
		err = s.Settle(ctx)
	}
	if err == nil && c.Farewell != "" {
		err = c.say(c.Farewell)
	}
	return err
}

// settler is a handler that can wait for the AI's pending answers.
type settler interface {
	Settle(ctx context.Context) error
}

// awaiter is a handler that can wait for the AI's answer at one table.
type awaiter interface {
	AwaitAI(ctx context.Context, table bot.Table) error
}

// await waits until the AI has answered at table: the console reads a
// line only when the guide's program would, once the AI has moved.
func (c *Console) await(ctx context.Context, table bot.Table) error {
	if a, ok := c.Handler.(awaiter); ok {
		return a.AwaitAI(ctx, table)
	}
	return nil
}

// read handles the lines of r, typed (files empty) or loaded from the
// last of files (the resolved paths of the loads in progress); quit
// reports that "quit" was read. In a loaded file, a *loadError ends
// every load in progress.
func (c *Console) read(ctx context.Context, r io.Reader, files []string) (quit bool, err error) {
	loaded := len(files) > 0
	lr := &lineReader{r: bufio.NewReader(r), fold: loaded, strict: loaded}
	for {
		raw, tooLong, err := lr.next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return true, err
		}
		if tooLong {
			if err := c.say(fmt.Sprintf("That line is over %d KiB; it was ignored.", maxLine/1024)); err != nil {
				return true, err
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return true, err
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		user, text := c.User, line
		if strings.HasPrefix(line, "<") {
			if nick, rest, ok := strings.Cut(line[1:], ">"); ok && nick != "" && !strings.ContainsAny(nick, " \t") {
				user, text = nick, strings.TrimSpace(rest)
			}
		}
		// Every line typed ahead waits for the AI's move, in order.
		if err := c.await(ctx, bot.Table{Network: Network, Channel: c.channel()}); err != nil {
			return true, err
		}
		private := false
		switch verb, arg, _ := strings.Cut(text, " "); strings.ToLower(verb) {
		case "quit", "exit":
			return true, nil
		case "load":
			quit, err := c.load(ctx, strings.TrimSpace(arg), files)
			var le *loadError
			if errors.As(err, &le) && !loaded {
				err = c.say(le.Error()) // the loads end; the session goes on
			}
			if quit || err != nil {
				return quit, err
			}
			continue
		case "/join":
			name := strings.TrimSpace(arg)
			if name == "" || strings.ContainsAny(name, " \t") {
				if err := c.say("/join takes one channel name, like /join #games"); err != nil {
					return true, err
				}
				continue
			}
			c.mu.Lock()
			if c.seen == nil {
				c.seen = map[string]bool{}
			}
			c.seen[c.current()] = true
			c.Channel = FoldChannel(name)
			c.mu.Unlock()
			continue
		case "/msg":
			text, private = strings.TrimSpace(arg), true
		}
		m := bot.Message{Network: Network, Channel: c.channel(), UserID: user, Name: user, Text: text, Addressed: true,
			Caps: bot.Caps{TypeAhead: true}} // a line typed ahead of the AI waits for its turn
		if private {
			m.Channel, m.Private = "", true
			if err := c.await(ctx, m.Table()); err != nil {
				return true, err
			}
		}
		if err := c.handle(ctx, m); err != nil {
			return true, err
		}
	}
}

// maxLine is the longest input line the console reads; a longer one is
// skipped whole, and the session goes on.
const maxLine = 64 * 1024

// lineReader reads lines of at most maxLine bytes; with fold, a line that
// starts with a space or a tab is joined to the line before.
type lineReader struct {
	r    *bufio.Reader
	fold bool
	// strict: a loaded file, which must be text: a NUL byte or a line
	// over maxLine ends it (errNotText, errLongLine) at once, without
	// reading on to a newline that may never come (/dev/zero).
	strict bool

	ahead   *string // a line read to see whether it continues the last
	aheadTL bool
	aheadE  error
}

// next returns the next line without its end; tooLong reports a line
// that was skipped for its length.
func (l *lineReader) next() (line string, tooLong bool, err error) {
	line, tooLong, err = l.one()
	if err != nil || tooLong || !l.fold {
		return line, tooLong, err
	}
	for {
		more, long, err := l.one()
		if err != nil || long || more == "" || (more[0] != ' ' && more[0] != '\t') || strings.TrimSpace(more) == "" {
			l.ahead, l.aheadTL, l.aheadE = &more, long, err
			return line, false, nil
		}
		line += " " + strings.TrimSpace(more)
		if len(line) > maxLine {
			return "", true, nil
		}
	}
}

// one returns the next physical line (or the one read ahead).
func (l *lineReader) one() (line string, tooLong bool, err error) {
	if l.ahead != nil {
		line, tooLong, err = *l.ahead, l.aheadTL, l.aheadE
		l.ahead = nil
		return line, tooLong, err
	}
	return l.physical()
}

// physical reads one line from r.
func (l *lineReader) physical() (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		switch {
		case l.strict && bytes.IndexByte(chunk, 0) >= 0:
			return "", false, errNotText
		case l.strict && len(buf)+len(chunk) > maxLine:
			return "", false, errLongLine
		}
		if len(buf)+len(chunk) > maxLine {
			tooLong = true
		} else {
			buf = append(buf, chunk...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(buf) == 0 && !tooLong:
			return "", false, io.EOF
		case err != nil && err != io.EOF:
			return "", false, err
		}
		if tooLong {
			return "", true, nil
		}
		return strings.TrimRight(string(buf), "\r\n"), false, nil
	}
}

// print writes replies, each line of one that is not for the current
// channel marked with where it goes.
func (c *Console) print(replies []bot.Reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.writer()
	for _, r := range replies {
		if r.To.Network != "" && r.To.Network != Network {
			continue // another network's audience
		}
		prefix := ""
		switch {
		case r.Private:
			name := r.User.Name
			if name == "" {
				name = r.User.ID
			}
			prefix = "[private " + clean(name) + "] "
		case r.To.Channel != "" && r.To.Channel != c.current():
			prefix = "[" + clean(r.To.Channel) + "] "
		}
		text := r.Text
		if r.File != nil {
			text = c.keep(r.File)
		}
		for _, line := range strings.Split(text, "\n") {
			fmt.Fprintln(w, prefix+clean(line))
		}
	}
	return w.Flush()
}

// keep writes f into c.Dir, as the seed programs write their logs (the
// 2012 Stratego manager's -o FILE): a file hundreds of lines long is
// what a player replays or keeps, and printed it would scroll the game
// off the terminal. An existing file is never overwritten: the name takes
// -2, -3, ... before its extension. keep returns the line that says
// where the file went, or why it could not be written.
func (c *Console) keep(f *bot.File) string {
	name := filepath.Base(clean(f.Name))
	if name == "." || name == ".." || name == string(filepath.Separator) || strings.ContainsAny(name, `/\`) {
		name = "export.txt"
	}
	dir := c.Dir
	if dir == "" {
		dir = "."
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for n := 1; n <= maxKeepTries; n++ {
		try := name
		if n > 1 {
			try = fmt.Sprintf("%s-%d%s", stem, n, ext)
		}
		path := filepath.Join(dir, try)
		fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			_, err = fh.Write(f.Data)
			if cerr := fh.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fmt.Sprintf("%s is %d bytes: it could not be written: %v", name, len(f.Data), err)
		}
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		return fmt.Sprintf("%s is %d bytes: written to %s", try, len(f.Data), path)
	}
	return fmt.Sprintf("%s is %d bytes: it could not be written: %s and %d more like it exist", name, len(f.Data), name, maxKeepTries-1)
}

// maxKeepTries bounds the names keep tries for one file.
const maxKeepTries = 100

// clean drops control characters (escape sequences) from what reaches the
// terminal.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}

func (c *Console) say(text string) error { return c.print([]bot.Reply{{Text: text}}) }

var (
	errNotText  = errors.New("not a text file (a NUL byte)")
	errLongLine = fmt.Errorf("a line over %d KiB (not a text file?)", maxLine/1024)
)

// loadError ends every load in progress; the typed load command prints it.
type loadError struct{ msg string }

func (e *loadError) Error() string { return e.msg }

// load reads the commands of path, loaded from the files in progress.
func (c *Console) load(ctx context.Context, path string, files []string) (bool, error) {
	if path == "" {
		return false, c.say("load takes a file name, like load moves.txt")
	}
	if len(files) >= maxLoadDepth {
		return false, &loadError{fmt.Sprintf("load %s: files load each other too deeply", path)}
	}
	resolved, err := filepath.Abs(path)
	if err == nil {
		if r, err := filepath.EvalSymlinks(resolved); err == nil {
			resolved = r
		}
	}
	if slices.Contains(files, resolved) {
		return false, &loadError{fmt.Sprintf("load %s: the file loads itself (through %s)", path, strings.Join(append(slices.Clip(files), resolved), " -> "))}
	}
	f, err := os.Open(path)
	if err != nil {
		return false, c.say(fmt.Sprintf("load: %v", err))
	}
	defer f.Close()
	quit, err := c.read(ctx, f, append(slices.Clip(files), resolved))
	var le *loadError
	switch {
	case errors.As(err, &le):
		return false, err // already says which file
	case err != nil && ctx.Err() == nil:
		// A directory, binary data: every load in progress ends.
		return false, &loadError{fmt.Sprintf("load %s: %v", path, err)}
	}
	return quit, err
}
