// Package discord is the chat adapter for Discord (github.com/bwmarrin/discordgo):
// slash commands generated from the host's catalog (/game for the host's
// verbs, one command per kind of game), buttons under replies (Join, Pass,
// Undo, Resign, Board), private replies as ephemeral answers or DMs,
// prefix commands and mentions when the MESSAGE_CONTENT intent is granted,
// and direct messages. Every message it sends sets allowed mentions, so
// only an intended challenge pings anyone.
package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
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
}

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
}

var _ bot.Sender = (*Adapter)(nil)

// New checks cfg and makes a session; Run opens it.
func New(cfg Config, handler Handler, log *slog.Logger) (*Adapter, error) {
	if cfg.Token == "" || cfg.AppID == "" {
		return nil, errors.New("discord: a token and an application id are required")
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
	a.once.Do(func() { close(a.ready) })
}

// botID is the bot's own user id, once READY has come.
func (a *Adapter) botID() string {
	if a.s.State != nil && a.s.State.User != nil {
		return a.s.State.User.ID
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
	for _, r := range merge(a.handler.Handle(context.Background(), msg)) {
		a.post(m.ChannelID, r)
	}
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
	for _, r := range merge(replies) {
		errs = append(errs, a.post("", r))
	}
	return errors.Join(errs...)
}

// post sends one reply as messages: a private one to its user's DMs, a
// public one to its table's channel (channel when it names none).
func (a *Adapter) post(channel string, r bot.Reply) error {
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
	contents := render(r)
	for i, content := range contents {
		msg := &discordgo.MessageSend{Content: content, AllowedMentions: allowed(r)}
		if i == len(contents)-1 {
			msg.Components = buttons(r.Actions)
		}
		if _, err := a.s.ChannelMessageSendComplex(channel, msg); err != nil {
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
	go func() { done <- a.handler.Handle(context.Background(), msg) }()
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
	var here []bot.Reply
	for _, r := range merge(replies) {
		switch {
		case r.To.Network != "" && r.To.Network != Network:
		case r.Private && r.User.ID != presser,
			!r.Private && r.To.Channel != "" && r.To.Channel != in.ChannelID:
			a.post(in.ChannelID, r)
		default:
			here = append(here, r)
		}
	}
	if len(here) == 0 {
		here = []bot.Reply{{Text: "Done.", Private: true}}
	}
	first := true
	for _, r := range here {
		contents := render(r)
		for k, content := range contents {
			var comps []discordgo.MessageComponent
			if k == len(contents)-1 {
				comps = buttons(r.Actions)
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
					Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: allowed(r), Components: comps, Flags: flags},
				})
			default:
				_, err = a.s.FollowupMessageCreate(in, true, &discordgo.WebhookParams{
					Content: content, AllowedMentions: allowed(r), Components: comps, Flags: flags,
				})
			}
			if err != nil {
				a.log.Warn("discord interaction answer", "err", err)
			}
			first = false
		}
	}
}
