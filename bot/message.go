package bot

// Message is one line of chat as an adapter hands it to the bot.
type Message struct {
	Network   string // "console", "irc", "discord"
	Channel   string // the channel (or private query) it was said in
	UserID    string // stable identity: account, nick!user@host, Discord id
	Name      string // display name, for showing only
	Text      string // what was said, without the adapter's addressing ("bot: ")
	Addressed bool   // said to the bot: a private query, a mention, the console
	Private   bool   // a private query: replies go back privately
	Mentions  []User // users the adapter resolved in Text, in order
}

// User is a chat identity.
type User struct {
	ID   string
	Name string
}

// Reply is something the bot says back.
type Reply struct {
	Text    string // one line, or a block when Mono
	Mono    bool   // a board: show in a monospaced block, lines kept
	Private bool   // say it only to UserID
	UserID  string // who a private reply (or an error) is for
	Error   bool   // a refusal: adapters may show it only to UserID
	Mention string // the user id this reply may ping (a challenge), or ""
	// Actions are the commands that fit the moment, for networks that
	// offer buttons: pressing one says its Command as the presser.
	Actions []Action
}

// Action is a command offered as a button.
type Action struct {
	Label   string // "Join", "Pass"
	Command string // "join", "pass": said as the user who presses it
}
