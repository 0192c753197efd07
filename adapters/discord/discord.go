// Package discord is the chat adapter for Discord (github.com/bwmarrin/discordgo):
// slash commands generated from the host's catalog (/game for the host's
// verbs, one command per kind of game), buttons under replies (Join, Pass,
// Undo, Resign, Board), private replies as ephemeral answers or DMs,
// prefix commands and mentions when the MESSAGE_CONTENT intent is granted,
// and direct messages. Boards are shown as PNG pictures (an attachment an
// image embed refers to; Config.Boards: text keeps code blocks), with the
// text board as the fallback. Every message it sends sets allowed
// mentions, so only an intended challenge pings anyone.
package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/bwmarrin/discordgo"
)

// Network is the bot.Message network name of Discord.
const Network = "discord"

// Config is the Discord section of the bot's configuration.
type Config struct {
	Token    string   // the bot token, from the environment
	AppID    string   // the application id
	GuildIDs []string // register the command in these guilds (at once); none: globally
	// PrefixCommands reads "!" commands and mentions in channels; it needs
	// the privileged MESSAGE_CONTENT intent. Off by default: slash
	// commands and buttons need no privileged intent.
	PrefixCommands bool
	ShardID        int
	ShardCount     int
	// Catalog is the commands to register as slash commands.
	Catalog Catalog
	// HTTPClient, if set, carries every REST call (a proxy; tests).
	HTTPClient *http.Client
	// APIBase, if set, sends every REST call to this address instead of
	// Discord's (http://host:port): a stand-in for tests of whole
	// processes. Empty in production.
	APIBase string
	// Boards is how a board is shown: BoardsImage (the default, also
	// when empty) as a PNG in an embed, BoardsText as a monospaced
	// block. board text gives the text board either way.
	Boards string
}

// The ways Config.Boards shows a board.
const (
	BoardsImage = "image"
	BoardsText  = "text"
)

// pictureName is the file name of a board's PNG, which its embed refers
// to as attachment://board.png.
const pictureName = "board.png"

// Handler is the bot as the adapter sees it.
type Handler interface {
	Handle(ctx context.Context, m bot.Message) []bot.Reply
}

// Adapter connects the bot to Discord.
type Adapter struct {
	cfg     Config
	s       *discordgo.Session
	handler Handler
	log     *slog.Logger
	ready   chan struct{}
	once    sync.Once
	// up says the gateway is connected: READY (or RESUMED) came and no
	// disconnect since.
	up atomic.Bool
	// self is the bot's own user id from READY. discordgo writes its
	// State while handlers run on other goroutines, so the id is kept
	// here rather than read from State unlocked.
	self atomic.Pointer[string]
}

var _ bot.Sender = (*Adapter)(nil)

// New checks cfg and makes a session; Run opens it.
func New(cfg Config, handler Handler, log *slog.Logger) (*Adapter, error) {
	if cfg.Token == "" || cfg.AppID == "" {
		return nil, errors.New("discord: a token and an application id are required")
	}
	switch cfg.Boards {
	case "":
		cfg.Boards = BoardsImage
	case BoardsImage, BoardsText:
	default:
		return nil, fmt.Errorf("discord: boards %q: want %s or %s", cfg.Boards, BoardsImage, BoardsText)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	if cfg.HTTPClient == nil && cfg.APIBase != "" {
		u, err := url.Parse(cfg.APIBase)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("discord: api_base %q: want http://host:port", cfg.APIBase)
		}
		cfg.HTTPClient = &http.Client{Transport: redirect{scheme: u.Scheme, host: u.Host}}
	}
	if cfg.HTTPClient != nil {
		s.Client = cfg.HTTPClient
	}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if cfg.PrefixCommands {
		s.Identify.Intents |= discordgo.IntentMessageContent
	}
	if cfg.ShardCount > 1 {
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	}
	s.LogLevel = discordgo.LogError
	a := &Adapter{cfg: cfg, s: s, handler: handler, log: log, ready: make(chan struct{})}
	s.AddHandler(a.onReady)
	s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { a.up.Store(true) })
	s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { a.up.Store(false) })
	s.AddHandler(a.onMessage)
	s.AddHandler(a.onInteraction)
	return a, nil
}

// redirect sends every request to another host (APIBase).
type redirect struct{ scheme, host string }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host, req.Host = r.scheme, r.host, r.host
	return http.DefaultTransport.RoundTrip(req)
}

// Run connects, registers the slash command, and serves until ctx is
// done. discordgo reconnects by itself.
func (a *Adapter) Run(ctx context.Context) error {
	if err := a.s.Open(); err != nil {
		return fmt.Errorf("discord: open: %w", err)
	}
	defer a.s.Close()
	guilds := a.cfg.GuildIDs
	if len(guilds) == 0 {
		guilds = []string{""} // global
	}
	for _, g := range guilds {
		if _, err := a.s.ApplicationCommandBulkOverwrite(a.cfg.AppID, g, Commands(a.cfg.Catalog)); err != nil {
			return fmt.Errorf("discord: register commands (guild %q): %w", g, err)
		}
	}
	a.log.Info("discord connected", "guilds", a.cfg.GuildIDs)
	<-ctx.Done()
	return nil
}

func (a *Adapter) onReady(s *discordgo.Session, r *discordgo.Ready) {
	if r.User != nil {
		id := r.User.ID
		a.self.Store(&id)
	}
	a.up.Store(true)
	a.once.Do(func() { close(a.ready) })
}

// Connected reports whether the gateway is connected now: an operator's
// gauge. Safe from any goroutine.
func (a *Adapter) Connected() bool { return a.up.Load() }

// botID is the bot's own user id, once READY has come.
func (a *Adapter) botID() string {
	if id := a.self.Load(); id != nil {
		return *id
	}
	if st := a.s.State; st != nil {
		st.RLock()
		defer st.RUnlock()
		if st.User != nil {
			return st.User.ID
		}
	}
	return ""
}

func displayName(u *discordgo.User, member *discordgo.Member) string {
	switch {
	case member != nil && member.Nick != "":
		return member.Nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

// onMessage turns prefix commands, mentions and direct messages into bot
// messages.
func (a *Adapter) onMessage(s *discordgo.Session, m *discordgo.MessageCreate) {
	if m.Author == nil || m.Author.Bot || m.Author.ID == a.botID() {
		return
	}
	msg := bot.Message{Network: Network, Channel: m.ChannelID, UserID: m.Author.ID,
		Name: displayName(m.Author, m.Member), Text: m.Content}
	if m.GuildID == "" {
		msg.Channel, msg.Addressed, msg.Private = "", true, true
	}
	id := a.botID()
	for _, mention := range []string{"<@" + id + ">", "<@!" + id + ">"} {
		if id != "" && strings.HasPrefix(strings.TrimSpace(msg.Text), mention) {
			msg.Text, msg.Addressed = strings.TrimSpace(strings.TrimSpace(msg.Text)[len(mention):]), true
		}
	}
	if !msg.Addressed && !a.cfg.PrefixCommands {
		return
	}
	for _, u := range m.Mentions {
		if u.ID != id {
			msg.Mentions = append(msg.Mentions, bot.User{ID: u.ID, Name: displayName(u, nil)})
		}
	}
	// Posted before the AI's reply to them can be (bot.Answer).
	bot.Answer(context.Background(), a.handler, msg, func(replies []bot.Reply) {
		for _, out := range a.compose(replies) {
			a.post(m.ChannelID, out)
		}
	})
}

// dmChannel is the direct-message channel with a user.
func (a *Adapter) dmChannel(userID string) (string, error) {
	ch, err := a.s.UserChannelCreate(userID)
	if err != nil {
		return "", err
	}
	return ch.ID, nil
}

// merge joins consecutive plain replies of the same kind into one message
// (boards stay apart); the buttons of the last one stay.
func merge(replies []bot.Reply) []bot.Reply {
	var out []bot.Reply
	for _, r := range replies {
		if n := len(out); n > 0 && !r.Mono && !out[n-1].Mono && r.Error == out[n-1].Error &&
			r.Private == out[n-1].Private && r.To == out[n-1].To && r.User == out[n-1].User &&
			(r.Mention == "" || out[n-1].Mention == "") {
			prev := &out[n-1]
			prev.Text += "\n" + r.Text
			prev.Actions = r.Actions
			if prev.Mention == "" {
				prev.Mention = r.Mention
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// Send posts replies the bot sends on its own (AI moves, expiries).
func (a *Adapter) Send(ctx context.Context, replies []bot.Reply) error {
	var errs []error
	for _, out := range a.compose(replies) {
		errs = append(errs, a.post("", out))
	}
	return errors.Join(errs...)
}

// outgoing is a reply as Discord messages: its contents, and a board's
// picture, which goes with the last content.
type outgoing struct {
	bot.Reply
	contents []string
	png      []byte
	text     []string // with a picture: the contents that show it as text
}

// asText is out with its board as text, for a picture Discord refused.
func (out outgoing) asText() outgoing {
	return outgoing{Reply: out.Reply, contents: out.text}
}

// refused reports whether Discord turned a message down (a 4xx other than
// a rate limit, which discordgo waits out): nothing was posted, so the
// text board may be sent instead without showing the board twice.
func refused(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return false
	}
	code := rest.Response.StatusCode
	return code >= 400 && code < 500 && code != http.StatusTooManyRequests
}

// compose turns replies into messages: plain replies merged, and, when
// boards are pictures, a board's picture in place of its text block,
// with the plain lines said just before it to the same audience (the
// move, the score) and the board's Note as its content. A picture that cannot be drawn falls
// back to the text block. Replies for other networks are left out.
func (a *Adapter) compose(replies []bot.Reply) []outgoing {
	var out []outgoing
	for _, r := range merge(replies) {
		if r.To.Network != "" && r.To.Network != Network {
			continue
		}
		png := a.picture(r)
		if png == nil {
			out = append(out, outgoing{Reply: r, contents: render(r)})
			continue
		}
		o := outgoing{Reply: r, png: png, contents: []string{""}, text: render(r)}
		if n := len(out); n > 0 && leads(out[n-1], r) {
			prev := &out[n-1]
			o.contents[0] = prev.contents[len(prev.contents)-1]
			o.text = append([]string{o.contents[0]}, o.text...)
			if len(o.Actions) == 0 {
				o.Actions = prev.Actions
			}
			if prev.contents = prev.contents[:len(prev.contents)-1]; len(prev.contents) == 0 {
				out = out[:n-1]
			}
		}
		if r.Note != "" {
			c := strings.TrimPrefix(o.contents[0]+"\n"+strings.ReplaceAll(r.Note, "```", "'''"), "\n")
			if len(c) > maxContent { // a note is a line or two: too long for one message, show the text
				out = append(out, outgoing{Reply: r, contents: o.text})
				continue
			}
			o.contents[0] = c
		}
		out = append(out, o)
	}
	return out
}

// picture is the PNG to show for r, or nil when r is shown as text: not
// a board, a kind that does not draw, boards shown as text, or a picture
// that failed (logged).
func (a *Adapter) picture(r bot.Reply) []byte {
	if !r.Mono || r.Picture == nil || a.cfg.Boards != BoardsImage {
		return nil
	}
	png, err := r.Picture()
	if err != nil || len(png) == 0 {
		a.log.Warn("discord board picture failed; showing the text board", "err", err)
		return nil
	}
	return png
}

// leads reports whether prev, a message of plain lines, may be the
// content of board's picture: the same audience, no ping, no refusal.
func leads(prev outgoing, board bot.Reply) bool {
	return prev.png == nil && !prev.Mono && !prev.Error && !board.Error && prev.Mention == "" && board.Mention == "" &&
		prev.Private == board.Private && prev.To == board.To && prev.User == board.User
}

// attach is the file and embed that show a board's picture.
func attach(png []byte) ([]*discordgo.File, []*discordgo.MessageEmbed) {
	if png == nil {
		return nil, nil
	}
	return []*discordgo.File{{Name: pictureName, ContentType: "image/png", Reader: bytes.NewReader(png)}},
		[]*discordgo.MessageEmbed{{Type: discordgo.EmbedTypeImage, Image: &discordgo.MessageEmbedImage{URL: "attachment://" + pictureName}}}
}

// post sends one reply as messages: a private one to its user's DMs, a
// public one to its table's channel (channel when it names none).
func (a *Adapter) post(channel string, out outgoing) error {
	r := out.Reply
	if r.To.Network != "" && r.To.Network != Network {
		return nil
	}
	switch {
	case r.Private:
		dm, err := a.dmChannel(r.User.ID)
		if err != nil {
			a.log.Warn("discord DM", "user", r.User.ID, "err", err)
			return err
		}
		channel = dm
	case r.To.Channel != "":
		channel = r.To.Channel
	}
	if channel == "" {
		return nil
	}
	contents := out.contents
	for i, content := range contents {
		msg := &discordgo.MessageSend{Content: content, AllowedMentions: allowed(r)}
		if i == len(contents)-1 {
			msg.Components = buttons(r.Actions)
			msg.Files, msg.Embeds = attach(out.png)
		}
		if _, err := a.s.ChannelMessageSendComplex(channel, msg); err != nil {
			if out.png != nil && refused(err) {
				a.log.Warn("discord refused a board picture; sending the text board", "channel", channel, "err", err)
				return a.post(channel, out.asText())
			}
			a.log.Warn("discord send", "channel", channel, "err", err)
			return err
		}
	}
	return nil
}

// maxContent is Discord's limit on a message's content.
const maxContent = 2000

// Render turns a reply into message contents of at most 2,000 characters:
// a board in a code block, a challenge with its mention.
func Render(r bot.Reply) []string { return render(r) }

func render(r bot.Reply) []string {
	text := strings.ReplaceAll(r.Text, "```", "'''")
	if r.Mention != "" && !strings.Contains(text, "<@"+r.Mention+">") {
		text = "<@" + r.Mention + "> " + text
	}
	if !r.Mono {
		return chunks(text, maxContent)
	}
	var out []string
	for _, c := range chunks(text, maxContent-8) {
		out = append(out, "```\n"+c+"\n```")
	}
	return out
}

// chunks splits s into pieces of at most n bytes, at line ends where it
// can, never inside a UTF-8 sequence.
func chunks(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := strings.LastIndexByte(s[:n], '\n')
		if cut <= 0 {
			cut = n
			for cut > 0 && s[cut]&0xC0 == 0x80 {
				cut--
			}
		}
		out = append(out, s[:cut])
		s = strings.TrimPrefix(s[cut:], "\n")
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// allowed lets a message ping only the challenged user, if any: never
// @everyone, @here or a role, whatever the text says.
func allowed(r bot.Reply) *discordgo.MessageAllowedMentions {
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	if r.Mention != "" {
		am.Users = []string{r.Mention}
	}
	return am
}

// buttonPrefix starts the custom id of a button; the rest is the command.
const buttonPrefix = "cmd:"

func buttons(acts []bot.Action) []discordgo.MessageComponent {
	if len(acts) == 0 {
		return nil
	}
	var row discordgo.ActionsRow
	for _, act := range acts {
		style := discordgo.SecondaryButton
		switch act.Command {
		case "join", "pass":
			style = discordgo.PrimaryButton
		case "resign":
			style = discordgo.DangerButton
		}
		row.Components = append(row.Components, discordgo.Button{Label: act.Label, Style: style, CustomID: buttonPrefix + act.Command})
		if len(row.Components) == 5 {
			break
		}
	}
	return []discordgo.MessageComponent{row}
}

// interactionTimeout is how long the adapter waits for the bot before it
// defers an interaction (Discord allows 3 s for the first answer).
const interactionTimeout = 2 * time.Second

// onInteraction runs slash commands and button presses through the same
// command language as typed commands.
func (a *Adapter) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	user := i.User
	if i.Member != nil && i.Member.User != nil {
		user = i.Member.User
	}
	if user == nil {
		return
	}
	var text string
	var mentions []bot.User
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		text, mentions = commandText(i.ApplicationCommandData())
	case discordgo.InteractionMessageComponent:
		cmd, ok := strings.CutPrefix(i.MessageComponentData().CustomID, buttonPrefix)
		if !ok {
			return
		}
		text = cmd
	default:
		return
	}
	msg := bot.Message{Network: Network, Channel: i.ChannelID, UserID: user.ID, Name: displayName(user, i.Member),
		Text: text, Addressed: true, Private: i.GuildID == "", Mentions: mentions}
	if msg.Private {
		msg.Channel = ""
	}
	done := make(chan []bot.Reply, 1)
	answered := make(chan struct{}) // the AI's reply waits until the interaction is answered
	defer close(answered)
	go bot.Answer(context.Background(), a.handler, msg, func(replies []bot.Reply) {
		done <- replies
		<-answered
	})
	var replies []bot.Reply
	deferred := false
	select {
	case replies = <-done:
	case <-time.After(interactionTimeout):
		deferred = true
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
			a.log.Warn("discord defer", "err", err)
		}
		replies = <-done
	}
	a.answer(i.Interaction, user.ID, replies, deferred)
}

// answer sends the replies to an interaction: those for its channel or
// for the presser alone as its response and follow-ups (ephemeral when
// private or an error), the others (another channel, another user's
// private view) as messages of their own.
func (a *Adapter) answer(in *discordgo.Interaction, presser string, replies []bot.Reply, deferred bool) {
	var here []outgoing
	for _, out := range a.compose(replies) {
		switch r := out.Reply; {
		case r.Private && r.User.ID != presser,
			!r.Private && r.To.Channel != "" && r.To.Channel != in.ChannelID:
			a.post(in.ChannelID, out)
		default:
			here = append(here, out)
		}
	}
	if len(here) == 0 {
		done := bot.Reply{Text: "Done.", Private: true}
		here = []outgoing{{Reply: done, contents: render(done)}}
	}
	first := true
	var send func(out outgoing)
	send = func(out outgoing) {
		r, contents := out.Reply, out.contents
		for k, content := range contents {
			var comps []discordgo.MessageComponent
			var files []*discordgo.File
			var embeds []*discordgo.MessageEmbed
			if k == len(contents)-1 {
				comps = buttons(r.Actions)
				files, embeds = attach(out.png)
			}
			var flags discordgo.MessageFlags
			if r.Error || r.Private {
				flags = discordgo.MessageFlagsEphemeral
			}
			var err error
			switch {
			case first && !deferred:
				err = a.s.InteractionRespond(in, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: allowed(r), Components: comps, Flags: flags,
						Files: files, Embeds: embeds},
				})
			default:
				_, err = a.s.FollowupMessageCreate(in, true, &discordgo.WebhookParams{
					Content: content, AllowedMentions: allowed(r), Components: comps, Flags: flags,
					Files: files, Embeds: embeds,
				})
			}
			if err != nil && out.png != nil && refused(err) {
				a.log.Warn("discord refused a board picture; sending the text board", "err", err)
				send(out.asText())
				return
			}
			if err != nil {
				a.log.Warn("discord interaction answer", "err", err)
			}
			first = false
		}
	}
	for _, out := range here {
		send(out)
	}
}
