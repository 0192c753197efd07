package bot

import (
	"fmt"
	"strings"
)

// Table is where a game is shown: a channel (or a private query) of a
// network. Tables are made and split here only.
type Table struct {
	Network string // "console", "irc", "discord"
	Channel string // "#games", a Discord channel id, "query:<user>"
}

// Key is the table's store key: "network:channel".
func (t Table) Key() string { return t.Network + ":" + t.Channel }

func (t Table) String() string { return t.Key() }

// ParseTable reads a key that Key wrote.
func ParseTable(key string) (Table, error) {
	net, ch, ok := strings.Cut(key, ":")
	if !ok || net == "" || ch == "" {
		return Table{}, fmt.Errorf("%w: table key %q", ErrBadCommand, key)
	}
	return Table{Network: net, Channel: ch}, nil
}

// QueryTable is the table of a private conversation with user on network.
func QueryTable(network, userID string) Table {
	return Table{Network: network, Channel: "query:" + userID}
}

// IsQuery reports whether the table is a private conversation.
func (t Table) IsQuery() bool { return strings.HasPrefix(t.Channel, "query:") }

// Caps are what a network can show, as its adapter declares them.
type Caps struct {
	// MaxLines is the most lines a reply may take in a channel; a longer
	// listing (help) goes to the asker privately. 0: no limit.
	MaxLines int
	// TypeAhead: lines may be typed before their turn (a console, a
	// script): a move refused as out of turn while the AI thinks at the
	// table waits for the AI's move and is tried again. Chat keeps the
	// refusal.
	TypeAhead bool
}

// Message is one line of chat as an adapter hands it to the bot.
type Message struct {
	Network   string // "console", "irc", "discord"
	Channel   string // the channel it was said in ("" for a private message)
	UserID    string // stable identity: an account, a Discord id
	Name      string // display name, for showing and for addressing on IRC
	Text      string // what was said, without the adapter's addressing ("bot: ")
	Addressed bool   // said to the bot: a private message, a mention, the console
	Private   bool   // a private message: answers go back privately
	Mentions  []User // users the adapter resolved in Text, in order
	Caps      Caps   // what the network can show
}

// Table is the table the message was said at: its channel, or the
// speaker's private query.
func (m Message) Table() Table {
	if m.Private || m.Channel == "" {
		return QueryTable(m.Network, m.UserID)
	}
	return Table{Network: m.Network, Channel: m.Channel}
}

// User is a chat identity.
type User struct {
	ID   string
	Name string
}

// Reply is something the bot says. Its audience is either a table's
// channel (To) or one user privately (Private, User): every adapter
// honours both on every path, and never shows a private reply to anyone
// else.
type Reply struct {
	Text string // one line, or a block when Mono
	Mono bool   // a board: show in a monospaced block, lines kept
	// To is the table whose channel hears a public reply; the zero Table
	// means where the message was said.
	To Table
	// Private sends the reply to User alone: a private message, an IRC
	// query, a Discord DM or ephemeral answer.
	Private bool
	User    User   // who a private reply is for (ID, and Name to address them)
	Error   bool   // a refusal
	Mention string // the user id this reply may ping (a challenge), or ""
	// Actions are the commands that fit the moment, for networks that
	// offer buttons: pressing one says its Command as the presser.
	Actions []Action
	// Picture, when set, draws the board this Mono reply shows as a PNG,
	// for the same viewer and the same moment as Text. It is lazy, so a
	// network that shows only text (IRC, the console) pays nothing; a
	// network that shows pictures (Discord) calls it once and falls back
	// to Text when it fails. It does not travel by mail; Shot does.
	Picture func() ([]byte, error) `json:"-"`
	// Shot is what Picture draws from, so that a process that gets the
	// reply by mail (another process's game shown at its table) can draw
	// it too: Bot.PictureOf.
	Shot *Shot `json:",omitempty"`
	// Note is what a network that shows Picture in place of Text says
	// beside it: the lines of Text the picture does not carry (an
	// instruction, a setup to copy). Empty: the picture says it all.
	Note string
	// File is the file Text names when it is too long to show (an
	// export): a network that can keep files (the console, which writes
	// it to its working directory) delivers it in place of Text; the
	// others show Text.
	File *File `json:",omitempty"`
}

// File is a named file a reply carries.
type File struct {
	Name string // a base name, as the bot names it ("stratego-20261127-ann-bob.log")
	Data []byte
}

// Action is a command offered as a button.
type Action struct {
	Label   string // "Join", "Pass"
	Command string // "join", "pass": said as the user who presses it
}

// Shot is what a board's picture is drawn from: the game's kind, its state
// as Encode wrote it when the reply was made (a hidden kind's includes
// every secret, so a Shot goes only where its reply goes), the viewer
// and the caption.
type Shot struct {
	Kind    string
	State   []byte
	Viewer  int
	Caption string
	// Ended is how the host ended the game when its state cannot say it
	// (a resignation: bot.Ender), to tell the decoded state again; nil
	// while the game runs.
	Ended *Result `json:",omitempty"`
}
