package discord

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/bwmarrin/discordgo"
)

// Discord's limits on application commands.
const (
	maxSubcommands = 25
	maxDescription = 100
	maxChoices     = 25
	// HostCommand is the name of the host's own slash command.
	HostCommand = "game"
)

// Catalog is what the adapter needs to know of the commands: the host's
// verbs and each kind's spec.
type Catalog struct {
	Host  []bot.CommandSpec
	Kinds []bot.Spec
}

// validName is Discord's rule for command and option names.
var validName = regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)

// Commands generates the application commands from the catalog: /game with
// the host's verbs (start names the kind), and one command per kind with
// its own commands plus start and help. Each stays within Discord's limits;
// commands past them are reachable by typing.
func Commands(c Catalog) []*discordgo.ApplicationCommand {
	var kindNames []string
	for _, k := range c.Kinds {
		kindNames = append(kindNames, strings.ToLower(k.Name))
	}
	host := &discordgo.ApplicationCommand{Name: HostCommand, Description: "Games in this channel: start, join, resign, undo, board, status, help"}
	for _, h := range c.Host {
		sub := subcommand(h)
		if sub == nil {
			continue
		}
		if h.Name == "start" {
			sub.Options = append([]*discordgo.ApplicationCommandOption{choice("game", "which game", false, kindNames)}, startOptions()...)
		}
		addSub(host, sub)
	}
	out := []*discordgo.ApplicationCommand{host}
	for _, k := range c.Kinds {
		name := strings.ToLower(k.Name)
		if !validName.MatchString(name) || name == HostCommand {
			continue
		}
		cmd := &discordgo.ApplicationCommand{Name: name, Description: desc("Play " + k.Title + " in this channel")}
		addSub(cmd, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "start",
			Description: desc("Open a game of " + k.Title + " against a user, the AI, or anyone"), Options: startOptions()})
		for _, kc := range k.Commands {
			if sub := subcommand(kc); sub != nil {
				addSub(cmd, sub)
			}
		}
		addSub(cmd, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "help",
			Description: desc("The commands of " + k.Title)})
		out = append(out, cmd)
	}
	return out
}

func addSub(cmd *discordgo.ApplicationCommand, sub *discordgo.ApplicationCommandOption) {
	for _, o := range cmd.Options {
		if o.Name == sub.Name {
			return
		}
	}
	if len(cmd.Options) < maxSubcommands {
		cmd.Options = append(cmd.Options, sub)
	}
}

func desc(s string) string {
	if s == "" {
		return "-"
	}
	if len(s) > maxDescription {
		s = s[:maxDescription-3]
		for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
			s = s[:len(s)-1]
		}
		s += "..."
	}
	return s
}

// subcommand turns a command spec into a subcommand, or nil when its name
// cannot be one.
func subcommand(c bot.CommandSpec) *discordgo.ApplicationCommandOption {
	name := strings.ToLower(c.Name)
	if !validName.MatchString(name) {
		return nil
	}
	sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc(c.Summary)}
	required := true
	for _, a := range c.Args {
		an := strings.ToLower(a.Name)
		if !validName.MatchString(an) {
			return nil
		}
		req := a.Required && required // Discord wants required options first
		if !a.Required {
			required = false
		}
		var o *discordgo.ApplicationCommandOption
		switch a.Type {
		case bot.ArgNumber:
			o = &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: an, Description: desc(a.Desc), Required: req}
			if a.Max > a.Min {
				lo := float64(a.Min)
				o.MinValue, o.MaxValue = &lo, float64(a.Max)
			}
		case bot.ArgChoice:
			o = choice(an, a.Desc, req, a.Choices)
		default:
			o = &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: an, Description: desc(a.Desc), Required: req}
		}
		sub.Options = append(sub.Options, o)
	}
	return sub
}

func choice(name, description string, required bool, choices []string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc(description), Required: required}
	for i, c := range choices {
		if i == maxChoices {
			break
		}
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
	}
	return o
}

func startOptions() []*discordgo.ApplicationCommandOption {
	minLevel, maxLevel := 1.0, 10.0
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "challenge this user"},
		{Type: discordgo.ApplicationCommandOptionBoolean, Name: "ai", Description: "play the AI"},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "level", Description: "AI level, 1 (random) to 10 (full strength)", MinValue: &minLevel, MaxValue: maxLevel},
		{Type: discordgo.ApplicationCommandOptionString, Name: "engine", Description: "an AI program named by the operator"},
	}
}

// commandText turns /COMMAND SUB [options] into the command language, with
// the users it names: /game SUB is the host's verb, /KIND SUB is said as
// "KIND SUB".
func commandText(d discordgo.ApplicationCommandInteractionData) (string, []bot.User) {
	if len(d.Options) == 0 {
		return "help", nil
	}
	sub := d.Options[0]
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	kind := ""
	if d.Name != HostCommand {
		kind = d.Name + " "
	}
	if sub.Name == "start" {
		if o := opts["game"]; o != nil && kind == "" {
			kind = fmt.Sprint(o.Value) + " "
		}
		switch {
		case opts["opponent"] != nil:
			id := fmt.Sprint(opts["opponent"].Value)
			name := id
			if d.Resolved != nil && d.Resolved.Users[id] != nil {
				name = displayName(d.Resolved.Users[id], nil)
			}
			return kind + "start @" + strings.ReplaceAll(name, " ", "_"), []bot.User{{ID: id, Name: name}}
		case opts["engine"] != nil:
			return kind + "start ai:" + fmt.Sprint(opts["engine"].Value), nil
		case opts["level"] != nil:
			return fmt.Sprintf("%sstart ai:%v", kind, opts["level"].Value), nil
		case opts["ai"] != nil && opts["ai"].BoolValue():
			return kind + "start ai", nil
		}
		return kind + "start", nil
	}
	words := []string{sub.Name}
	for _, o := range sub.Options { // in the order the command declares
		words = append(words, fmt.Sprint(o.Value))
	}
	return kind + strings.Join(words, " "), nil
}
